/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	COOKIE_NAME,
	encodeConsent,
	parseConsent,
	readCookie,
} from '../../../src/runtime/consent/codec';
import { parseConsentConfig } from '../../../src/runtime/consent/config';
import type { ConsentState } from '../../../src/runtime/consent/types';
import { RAW_CONFIG } from './fixtures';

const { categories } = parseConsentConfig( RAW_CONFIG )!;
const ID = 'Ab3dEfGh1jKlMn0pQrStUvWxYz012345';
const VALID = `consentid:${ ID },consent:yes,action:yes,necessary:yes,functional:no,analytics:yes,advertisement:no`;

const state: ConsentState = {
	consentID: ID,
	consent: 'yes',
	action: true,
	categories: {
		necessary: true,
		functional: false,
		analytics: true,
		advertisement: false,
	},
};

describe( 'consent cookie codec', () => {
	it( 'uses the spec cookie name', () => {
		expect( COOKIE_NAME ).toBe( 'cookieyes-consent' );
	} );

	it( 'encodes the exact key:value string in contract order', () => {
		expect( encodeConsent( state, categories ) ).toBe( VALID );
	} );

	it( 'writes an empty action before the visitor acts', () => {
		expect(
			encodeConsent(
				{ ...state, consent: 'no', action: false },
				categories
			)
		).toBe(
			`consentid:${ ID },consent:no,action:,necessary:yes,functional:no,analytics:yes,advertisement:no`
		);
	} );

	it( 'round-trips every consent value', () => {
		for ( const consent of [ 'yes', 'no', 'reject' ] as const ) {
			const value = { ...state, consent };
			expect(
				parseConsent( encodeConsent( value, categories ), categories )
			).toEqual( value );
		}
		const notActed = { ...state, action: false };
		expect(
			parseConsent( encodeConsent( notActed, categories ), categories )
		).toEqual( notActed );
	} );

	it( 'decodes URI-encoded values', () => {
		expect(
			parseConsent(
				VALID.replace( 'consent:yes', 'consent:%79es' ),
				categories
			)?.consent
		).toBe( 'yes' );
	} );

	it( 'ignores unknown keys and unknown category slugs', () => {
		const parsed = parseConsent(
			`${ VALID },marketing:yes,__proto__:yes,extra:1`,
			categories
		);
		expect( parsed ).toEqual( state );
		expect( parsed?.categories ).not.toHaveProperty( 'marketing' );
	} );

	it( 'forces necessary categories to yes', () => {
		expect(
			parseConsent(
				VALID.replace( 'necessary:yes', 'necessary:no' ),
				categories
			)?.categories.necessary
		).toBe( true );
	} );

	it.each( [
		[ 'not a string', undefined ],
		[ 'empty', '' ],
		[ 'garbage', 'garbage' ],
		[ 'truncated in a pair', VALID.slice( 0, -5 ) ],
		[
			'truncated before a category',
			VALID.replace( /,advertisement:no$/, '' ),
		],
		[ 'truncated id', VALID.replace( ID, ID.slice( 0, 31 ) ) ],
		[ 'id too long', VALID.replace( ID, ID + 'x' ) ],
		[ 'id with symbols', VALID.replace( ID, ID.slice( 0, 31 ) + '!' ) ],
		[ 'no id', VALID.replace( `consentid:${ ID },`, '' ) ],
		[
			'unknown consent value',
			VALID.replace( 'consent:yes', 'consent:maybe' ),
		],
		[ 'missing consent', VALID.replace( 'consent:yes,', '' ) ],
		[ 'tampered action', VALID.replace( 'action:yes', 'action:true' ) ],
		[ 'missing action', VALID.replace( 'action:yes,', '' ) ],
		[
			'category not yes/no',
			VALID.replace( 'analytics:yes', 'analytics:1' ),
		],
		[ 'duplicate key', `${ VALID },analytics:no` ],
		[ 'duplicate id', `consentid:${ ID },${ VALID }` ],
		[ 'pair without colon', `${ VALID },analytics` ],
		[ 'broken escape', VALID.replace( 'consent:yes', 'consent:%E0%A4%A' ) ],
		[ 'whole value encoded', encodeURIComponent( VALID ) ],
	] )( 'treats a cookie that is %s as no consent', ( _label, value ) => {
		expect( () => parseConsent( value, categories ) ).not.toThrow();
		expect( parseConsent( value, categories ) ).toBeNull();
	} );

	it( 'reads the first matching cookie from document.cookie', () => {
		expect(
			readCookie(
				`a=1; ${ COOKIE_NAME }=${ VALID }; x${ COOKIE_NAME }=no; ${ COOKIE_NAME }=second`,
				COOKIE_NAME
			)
		).toBe( VALID );
		expect( readCookie( `x${ COOKIE_NAME }=no`, COOKIE_NAME ) ).toBeNull();
		expect( readCookie( '', COOKIE_NAME ) ).toBeNull();
	} );
} );
