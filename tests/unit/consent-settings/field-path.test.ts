/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	controlId,
	controlIdCandidates,
	errorId,
} from '../../../src/admin/consent-settings/field-path';

describe( 'field path → control id', () => {
	it.each( [
		[ 'activeLaw', 'tessera-consent-activeLaw' ],
		[ 'texts.acceptAll', 'tessera-consent-texts-acceptAll' ],
		[ 'providers[2].re', 'tessera-consent-providers-2-re' ],
		[
			'categories[2].cookies[0].domain',
			'tessera-consent-categories-2-cookies-0-domain',
		],
		[
			'categories[1].defaultConsent.gdpr',
			'tessera-consent-categories-1-defaultConsent-gdpr',
		],
	] )( '%s → %s', ( path, id ) => {
		expect( controlId( path ) ).toBe( id );
	} );

	it( 'names the message element after the control', () => {
		expect( errorId( 'tessera-consent-providers-2-re' ) ).toBe(
			'tessera-consent-providers-2-re-error'
		);
	} );

	it( 'tries the control itself first, then the enclosing objects', () => {
		expect( controlIdCandidates( 'providers[2].re' ) ).toEqual( [
			'tessera-consent-providers-2-re',
			'tessera-consent-providers-2',
			'tessera-consent-providers',
		] );
		expect(
			controlIdCandidates( 'categories[2].cookies[0].domain' )
		).toEqual( [
			'tessera-consent-categories-2-cookies-0-domain',
			'tessera-consent-categories-2-cookies-0',
			'tessera-consent-categories-2-cookies-0-cookieID',
			'tessera-consent-categories-2-cookies',
			'tessera-consent-categories-2',
			'tessera-consent-categories-2-slug',
			'tessera-consent-categories',
		] );
	} );

	it( 'sends an error about a whole object to its first control', () => {
		expect( controlIdCandidates( 'categories[1]' ).slice( 0, 2 ) ).toEqual(
			[
				'tessera-consent-categories-1',
				'tessera-consent-categories-1-slug',
			]
		);
		expect( controlIdCandidates( 'providers[0]' )[ 1 ] ).toBe(
			'tessera-consent-providers-0-re'
		);
		expect(
			controlIdCandidates( 'categories[3].defaultConsent' )[ 1 ]
		).toBe( 'tessera-consent-categories-3-defaultConsent-gdpr' );
		expect( controlIdCandidates( 'categories[0].cookies[4]' )[ 1 ] ).toBe(
			'tessera-consent-categories-0-cookies-4-cookieID'
		);
	} );

	it( 'sends an error about one category of a provider to its group of checkboxes', () => {
		expect( controlIdCandidates( 'providers[1].categories[0]' )[ 0 ] ).toBe(
			'tessera-consent-providers-1-categories'
		);
		expect( controlIdCandidates( 'providers[1].categories' )[ 0 ] ).toBe(
			'tessera-consent-providers-1-categories'
		);
	} );

	it( 'has no control for an error without a field', () => {
		expect( controlIdCandidates( '' ) ).toEqual( [] );
		expect( controlIdCandidates( 'categories' ) ).toEqual( [
			'tessera-consent-categories',
		] );
	} );
} );
