/**
 * Consent gate of the tracker (`gate.ts`, docs/stats.md, Consent): for WP
 * Consent API and Real Cookie Banner it inserts the tracker script once
 * tracking may start. The tracker itself is not loaded here: the tests look at
 * the inserted `<script src>` only.
 */

/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import { gate } from '../../../src/runtime/tracker/gate';
import {
	TRACKER_URL,
	consent,
	flush,
	insertedScripts,
	loadGateEntry,
	printConfig,
	sent,
	setUp,
	tearDown,
	withConfig,
	type Overrides,
} from './harness';

const NO_CONSENT = 'Tessera stats: no consent';

beforeEach( setUp );
afterEach( tearDown );

/**
 * Prints a configuration and runs the gate.
 *
 * @param o Overrides.
 */
const runGate = ( o: Overrides = {} ): void => {
	printConfig( withConfig( o ) );
	gate();
};

/**
 * The addresses of the scripts the gate inserted into `<head>`.
 *
 * @return Their `src`.
 */
const loaded = (): string[] => insertedScripts().map( ( s ) => s.src );

const wpConsentChange = ( detail: Record< string, string > ) =>
	document.dispatchEvent(
		new CustomEvent( 'wp_listen_for_consent_change', { detail } )
	);

describe( 'consent gate', () => {
	it.each( [ 'none', 'borlabs_cookie', 'tessera' ] )(
		'loads the tracker at once with %s',
		async ( name ) => {
			runGate( consent( name ) );
			await flush();
			expect( loaded() ).toEqual( [ TRACKER_URL ] );
			// The gate sends nothing itself.
			expect( sent ).toHaveLength( 0 );
		}
	);

	it( 'loads the tracker at once without consentIntegration', async () => {
		runGate( { option: { consentIntegration: undefined } } );
		await flush();
		expect( loaded() ).toEqual( [ TRACKER_URL ] );
	} );

	it( 'inserts nothing and logs nothing without a configuration', async () => {
		gate();
		await flush();
		expect( insertedScripts() ).toHaveLength( 0 );
		expect( console ).not.toHaveWarned();
	} );

	it( 'inserts nothing from an unparsable configuration (the tracker is not loaded to say so)', async () => {
		printConfig( '{ not json' );
		gate();
		await flush();
		expect( insertedScripts() ).toHaveLength( 0 );
	} );

	it( 'inserts nothing without trackerUrl', async () => {
		runGate( { trackerUrl: undefined } );
		await flush();
		expect( insertedScripts() ).toHaveLength( 0 );
	} );

	it( 'runs when its entry is imported', async () => {
		printConfig( withConfig() );
		loadGateEntry();
		await flush();
		expect( loaded() ).toEqual( [ TRACKER_URL ] );
	} );

	describe( 'wp_consent_api', () => {
		it( 'loads at once when tracking anonymously', async () => {
			runGate(
				consent( 'wp_consent_api', {
					consent_level: 'statistics',
					track_anonymously: true,
				} )
			);
			await flush();
			expect( loaded() ).toEqual( [ TRACKER_URL ] );
		} );

		it( 'loads at once when the consent level is disabled', async () => {
			window.wp_has_consent = () => false;
			runGate(
				consent( 'wp_consent_api', { consent_level: 'disabled' } )
			);
			await flush();
			expect( loaded() ).toEqual( [ TRACKER_URL ] );
		} );

		it( 'loads at once when wp_has_consent( level ) allows it', async () => {
			const has = jest.fn(
				( level: string ) => level === 'statistics-anonymous'
			);
			window.wp_has_consent = has;
			runGate(
				consent( 'wp_consent_api', {
					consent_level: 'statistics-anonymous',
				} )
			);
			await flush();
			expect( has ).toHaveBeenCalledWith( 'statistics-anonymous' );
			expect( loaded() ).toEqual( [ TRACKER_URL ] );
		} );

		it( 'asks for statistics when no level is printed', async () => {
			const has = jest.fn( ( level: string ) => level === 'statistics' );
			window.wp_has_consent = has;
			runGate( consent( 'wp_consent_api', {} ) );
			await flush();
			expect( has ).toHaveBeenCalledWith( 'statistics' );
			expect( loaded() ).toEqual( [ TRACKER_URL ] );
		} );

		it( 'waits for the consent change event of its level, then loads once', async () => {
			window.wp_has_consent = () => false;
			runGate( consent( 'wp_consent_api' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( insertedScripts() ).toHaveLength( 0 );
			wpConsentChange( { marketing: 'allow', statistics: 'deny' } );
			await flush();
			expect( insertedScripts() ).toHaveLength( 0 );
			wpConsentChange( { statistics: 'allow' } );
			wpConsentChange( { statistics: 'allow' } );
			await flush();
			expect( loaded() ).toEqual( [ TRACKER_URL ] );
		} );

		it( 'ignores a consent change event without detail', async () => {
			runGate( consent( 'wp_consent_api' ) );
			document.dispatchEvent(
				new CustomEvent( 'wp_listen_for_consent_change' )
			);
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( insertedScripts() ).toHaveLength( 0 );
		} );

		it( 'does not load without consent (no WP Consent API at all)', async () => {
			runGate( consent( 'wp_consent_api' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( insertedScripts() ).toHaveLength( 0 );
		} );

		it( 'ignores the events of the other integrations', async () => {
			window.wp_has_consent = () => false;
			runGate( consent( 'wp_consent_api' ) );
			document.dispatchEvent(
				new CustomEvent( 'tessera-consent-change', {
					detail: {
						activeLaw: 'gdpr',
						categories: { necessary: true, analytics: true },
					},
				} )
			);
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( insertedScripts() ).toHaveLength( 0 );
		} );
	} );

	describe( 'real_cookie_banner', () => {
		it( 'loads once consentApi.consent( "tessera-stats" ) resolves', async () => {
			let allow: ( v: unknown ) => void = () => {};
			const api = jest.fn< ( id: string ) => Promise< unknown > >(
				() => new Promise( ( resolve ) => ( allow = resolve ) )
			);
			window.consentApi = { consent: api };
			runGate( consent( 'real_cookie_banner' ) );
			await flush();
			expect( api ).toHaveBeenCalledWith( 'tessera-stats' );
			expect( api ).toHaveBeenCalledTimes( 1 );
			expect( insertedScripts() ).toHaveLength( 0 );
			allow( undefined );
			await flush();
			expect( loaded() ).toEqual( [ TRACKER_URL ] );
			expect( console ).not.toHaveWarned();
		} );

		it( 'does not load when the consent is refused', async () => {
			window.consentApi = {
				consent: () => Promise.reject( new Error( 'refused' ) ),
			};
			runGate( consent( 'real_cookie_banner' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( insertedScripts() ).toHaveLength( 0 );
		} );

		it( 'does not load without consentApi', async () => {
			runGate( consent( 'real_cookie_banner' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( insertedScripts() ).toHaveLength( 0 );
		} );

		it( 'ignores the WP Consent API and its events', async () => {
			window.wp_has_consent = () => true;
			runGate( consent( 'real_cookie_banner' ) );
			wpConsentChange( { statistics: 'allow' } );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( insertedScripts() ).toHaveLength( 0 );
		} );
	} );
} );
