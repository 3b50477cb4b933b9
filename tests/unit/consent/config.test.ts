/**
 * External dependencies
 */
import { afterEach, describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	compilePattern,
	parseConsentConfig,
	readConsentConfig,
} from '../../../src/runtime/consent/config';
import { printConfig, RAW_CONFIG } from './fixtures';

describe( 'consent configuration guard', () => {
	afterEach( () => {
		document.head.innerHTML = '';
	} );

	it( 'parses the configuration PHP prints', () => {
		const config = parseConsentConfig( RAW_CONFIG );
		expect( config ).toMatchObject( {
			activeLaw: 'gdpr',
			expiryDays: 365,
			reloadOnAccept: false,
			respectDnt: false,
			honourGpc: false,
			languageCode: 'en',
		} );
		expect( config?.categories.map( ( c ) => c.slug ) ).toEqual( [
			'necessary',
			'functional',
			'analytics',
			'advertisement',
		] );
		expect( config?.categories[ 2 ] ).toEqual( {
			slug: 'analytics',
			isNecessary: false,
			defaultConsent: { gdpr: false, ccpa: true },
			cookies: [
				{ cookieID: '_ga', domain: '.example.test' },
				{ cookieID: '_ga_*', domain: 'example.test' },
			],
		} );
		expect( config?.providers ).toHaveLength( 3 );
		expect(
			config?.providers[ 0 ]?.test( 'www.googletagmanager.com/gtag/js' )
		).toBe( true );
	} );

	it( 'reads the JSON element of the page', () => {
		printConfig( { activeLaw: 'ccpa', expiryDays: 30 } );
		expect( readConsentConfig( document ) ).toMatchObject( {
			activeLaw: 'ccpa',
			expiryDays: 30,
		} );
	} );

	it( 'gives null for a missing, unreadable or empty configuration', () => {
		expect( readConsentConfig( document ) ).toBeNull();
		printConfig();
		document.getElementById( 'tessera-consent-config' )!.textContent =
			'{"activeLaw":';
		expect( readConsentConfig( document ) ).toBeNull();
		expect( parseConsentConfig( null ) ).toBeNull();
		expect( parseConsentConfig( 'gdpr' ) ).toBeNull();
		expect( parseConsentConfig( { categories: [] } ) ).toBeNull();
	} );

	it( 'ignores an invalid provider pattern without throwing', () => {
		expect( compilePattern( '(' ) ).toBeNull();
		expect( compilePattern( '[a-' ) ).toBeNull();
		expect( compilePattern( '' ) ).toBeNull();
		expect( compilePattern( 42 ) ).toBeNull();
		const config = parseConsentConfig( {
			...RAW_CONFIG,
			providers: [
				{ re: '(unclosed', categories: [ 'analytics' ] },
				{ re: 'ok\\.test', categories: [ 'analytics' ] },
			],
		} );
		expect( config?.providers ).toHaveLength( 1 );
		expect( config?.providers[ 0 ]?.test( 'ok.test/x.js' ) ).toBe( true );
	} );

	it( 'drops unknown category slugs from providers, and providers left without one', () => {
		const config = parseConsentConfig( {
			...RAW_CONFIG,
			providers: [
				{ re: 'a\\.test', categories: [ 'marketing' ] },
				{ re: 'b\\.test', categories: [ 'marketing', 'analytics', 7 ] },
				{ re: 'c\\.test' },
				'd.test',
			],
		} );
		expect( config?.providers ).toHaveLength( 1 );
		expect( config?.providers[ 0 ]?.categories ).toEqual( [ 'analytics' ] );
	} );

	it( 'drops categories with an invalid or duplicate slug', () => {
		const config = parseConsentConfig( {
			...RAW_CONFIG,
			categories: [
				...RAW_CONFIG.categories,
				{ slug: 'analytics', isNecessary: true },
				{ slug: 'bad,slug' },
				{ slug: 'bad:slug' },
				{ slug: '' },
				{ slug: 3 },
				null,
			],
		} );
		expect( config?.categories.map( ( c ) => c.slug ) ).toEqual( [
			'necessary',
			'functional',
			'analytics',
			'advertisement',
		] );
		expect( config?.categories[ 2 ]?.isNecessary ).toBe( false );
	} );

	it( 'falls back to safe defaults for wrong field types', () => {
		const config = parseConsentConfig( {
			activeLaw: 'lgpd',
			categories: [
				{
					slug: 'x',
					isNecessary: 'yes',
					defaultConsent: { gdpr: 1 },
					cookies: [ { cookieID: 5 }, { cookieID: 'keep' } ],
				},
			],
			providers: 'none',
			expiryDays: -3,
			reloadOnAccept: 'true',
			respectDnt: 1,
			languageCode: [],
		} );
		expect( config ).toMatchObject( {
			activeLaw: 'gdpr',
			providers: [],
			expiryDays: 365,
			reloadOnAccept: false,
			respectDnt: false,
			honourGpc: false,
			languageCode: '',
		} );
		expect( config?.categories[ 0 ] ).toEqual( {
			slug: 'x',
			isNecessary: false,
			defaultConsent: { gdpr: false, ccpa: false },
			cookies: [ { cookieID: 'keep', domain: '' } ],
		} );
		expect(
			parseConsentConfig( { ...RAW_CONFIG, expiryDays: 1.5 } )?.expiryDays
		).toBe( 365 );
	} );
} );
