/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import { parseConsentConfig } from '../../../src/runtime/consent/config';
import {
	acceptAll,
	closeBanner,
	initialState,
	isBlocked,
	randomConsentID,
	rejectAll,
	saveChoices,
} from '../../../src/runtime/consent/state';
import type {
	ConsentLaw,
	ConsentState,
} from '../../../src/runtime/consent/types';
import { RAW_CONFIG } from './fixtures';

const { categories } = parseConsentConfig( RAW_CONFIG )!;

const blockedSlugs = ( state: ConsentState, law: ConsentLaw ): string[] =>
	categories
		.filter( ( category ) => isBlocked( state, category, law ) )
		.map( ( { slug } ) => slug );

const ALL_YES = {
	necessary: true,
	functional: true,
	analytics: true,
	advertisement: true,
};

describe( 'consent id', () => {
	it( 'is 32 random letters and digits', () => {
		const ids = new Set(
			Array.from( { length: 50 }, () => randomConsentID() )
		);
		expect( ids.size ).toBe( 50 );
		for ( const id of ids ) {
			expect( id ).toMatch( /^[A-Za-z0-9]{32}$/ );
		}
	} );
} );

describe( 'GDPR consent state', () => {
	const first = initialState( categories, 'gdpr' );

	it( 'starts with consent no, no action and the GDPR defaults', () => {
		expect( first ).toEqual( {
			consentID: expect.stringMatching( /^[A-Za-z0-9]{32}$/ ),
			consent: 'no',
			action: false,
			categories: {
				necessary: true,
				functional: false,
				analytics: false,
				advertisement: false,
			},
		} );
	} );

	it( 'keeps necessary categories yes even when their default is off', () => {
		const odd = categories.map( ( c ) => ( {
			...c,
			defaultConsent: { gdpr: false, ccpa: false },
		} ) );
		expect( initialState( odd, 'gdpr' ).categories.necessary ).toBe( true );
		expect( rejectAll( first, odd, 'gdpr' ).categories.necessary ).toBe(
			true
		);
	} );

	it( 'blocks non-necessary categories that default off until consent', () => {
		expect( blockedSlugs( first, 'gdpr' ) ).toEqual( [
			'functional',
			'analytics',
			'advertisement',
		] );
		const withDefaultOn = categories.map( ( c ) =>
			c.slug === 'functional'
				? { ...c, defaultConsent: { gdpr: true, ccpa: true } }
				: c
		);
		const state = initialState( withDefaultOn, 'gdpr' );
		expect(
			withDefaultOn
				.filter( ( c ) => isBlocked( state, c, 'gdpr' ) )
				.map( ( c ) => c.slug )
		).toEqual( [ 'analytics', 'advertisement' ] );
	} );

	it( 'accept all: consent yes, action yes, every category yes, id kept', () => {
		const next = acceptAll( first, categories );
		expect( next ).toEqual( {
			consentID: first.consentID,
			consent: 'yes',
			action: true,
			categories: ALL_YES,
		} );
		expect( blockedSlugs( next, 'gdpr' ) ).toEqual( [] );
	} );

	it( 'reject all: consent no, action yes, only necessary yes', () => {
		const next = rejectAll(
			acceptAll( first, categories ),
			categories,
			'gdpr'
		);
		expect( next ).toEqual( {
			consentID: first.consentID,
			consent: 'no',
			action: true,
			categories: {
				...ALL_YES,
				functional: false,
				analytics: false,
				advertisement: false,
			},
		} );
		expect( blockedSlugs( next, 'gdpr' ) ).toEqual( [
			'functional',
			'analytics',
			'advertisement',
		] );
	} );

	it( 'save custom: the chosen categories, consent yes when one is accepted', () => {
		const next = saveChoices( first, categories, 'gdpr', {
			analytics: true,
			necessary: false,
			marketing: true,
			advertisement: 'yes',
		} );
		expect( next ).toEqual( {
			consentID: first.consentID,
			consent: 'yes',
			action: true,
			categories: {
				necessary: true,
				functional: false,
				analytics: true,
				advertisement: false,
			},
		} );
		expect( blockedSlugs( next, 'gdpr' ) ).toEqual( [
			'functional',
			'advertisement',
		] );
	} );

	it( 'save custom: consent no when only necessary is kept', () => {
		const next = saveChoices(
			acceptAll( first, categories ),
			categories,
			'gdpr',
			{
				functional: false,
				analytics: false,
				advertisement: false,
			}
		);
		expect( next.consent ).toBe( 'no' );
		expect( next.action ).toBe( true );
	} );

	it( 'save custom: slugs not given keep their current value', () => {
		const accepted = acceptAll( first, categories );
		expect(
			saveChoices( accepted, categories, 'gdpr', { analytics: false } )
				.categories
		).toEqual( { ...ALL_YES, analytics: false } );
	} );

	it( 'close: action yes, consent and categories unchanged', () => {
		expect( closeBanner( first ) ).toEqual( { ...first, action: true } );
		expect( blockedSlugs( closeBanner( first ), 'gdpr' ) ).toEqual(
			blockedSlugs( first, 'gdpr' )
		);
	} );

	it( 'with GPC honoured, starts refused but not acted', () => {
		const gpc = initialState(
			categories.map( ( c ) => ( {
				...c,
				defaultConsent: { gdpr: true, ccpa: true },
			} ) ),
			'gdpr',
			true
		);
		expect( gpc.action ).toBe( false );
		expect( gpc.categories ).toEqual( {
			necessary: true,
			functional: false,
			analytics: false,
			advertisement: false,
		} );
	} );
} );

describe( 'CCPA consent state', () => {
	const first = initialState( categories, 'ccpa' );

	it( 'starts with consent no and the CCPA defaults, nothing blocked', () => {
		expect( first ).toMatchObject( {
			consent: 'no',
			action: false,
			categories: {
				necessary: true,
				functional: true,
				analytics: true,
				advertisement: false,
			},
		} );
		expect( blockedSlugs( first, 'ccpa' ) ).toEqual( [] );
	} );

	it( 'opting out (reject all): consent reject, categories not on by default blocked', () => {
		const next = rejectAll( first, categories, 'ccpa' );
		expect( next ).toEqual( {
			consentID: first.consentID,
			consent: 'reject',
			action: true,
			categories: {
				necessary: true,
				functional: true,
				analytics: true,
				advertisement: false,
			},
		} );
		expect( blockedSlugs( next, 'ccpa' ) ).toEqual( [ 'advertisement' ] );
	} );

	it( 'opting back in (accept all): consent yes, nothing blocked', () => {
		const next = acceptAll(
			rejectAll( first, categories, 'ccpa' ),
			categories
		);
		expect( next ).toMatchObject( {
			consent: 'yes',
			action: true,
			categories: ALL_YES,
		} );
		expect( blockedSlugs( next, 'ccpa' ) ).toEqual( [] );
	} );

	it( 'save custom: consent reject when a category is refused, else yes', () => {
		const refused = saveChoices( first, categories, 'ccpa', {
			analytics: false,
		} );
		expect( refused.consent ).toBe( 'reject' );
		expect( blockedSlugs( refused, 'ccpa' ) ).toEqual( [
			'analytics',
			'advertisement',
		] );
		const all = saveChoices( first, categories, 'ccpa', {
			advertisement: true,
		} );
		expect( all.consent ).toBe( 'yes' );
		expect( blockedSlugs( all, 'ccpa' ) ).toEqual( [] );
	} );

	it( 'close: action yes, still nothing blocked', () => {
		const next = closeBanner( first );
		expect( next ).toEqual( { ...first, action: true } );
		expect( blockedSlugs( next, 'ccpa' ) ).toEqual( [] );
	} );

	it( 'with GPC honoured, starts opted out but not acted', () => {
		const gpc = initialState( categories, 'ccpa', true );
		expect( gpc ).toMatchObject( { consent: 'reject', action: false } );
		expect( blockedSlugs( gpc, 'ccpa' ) ).toEqual( [ 'advertisement' ] );
	} );
} );
