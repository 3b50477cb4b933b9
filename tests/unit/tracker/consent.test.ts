/**
 * Tracker: the consent gate (docs/stats.md, The tracker, point 3): each
 * integration allowed at start, allowed later by its event, never allowed.
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
import type { ConsentApi } from '../../../src/runtime/consent/types';
import { consent, flush, hits, run, sent, setUp, tearDown } from './harness';

const NO_CONSENT = 'Tessera stats: consent from the cookie banner not given';

beforeEach( setUp );
afterEach( tearDown );

/**
 * Puts a consent runtime object on `window.tessera`.
 *
 * @param activeLaw Law.
 * @param analytics Whether `analytics` is allowed.
 */
const tesseraConsent = ( activeLaw: 'gdpr' | 'ccpa', analytics: boolean ) => {
	window.tessera = {
		consent: {
			activeLaw,
			categories: { necessary: true, analytics },
		} as unknown as ConsentApi,
	};
};

const consentChange = ( activeLaw: string, analytics: boolean ) =>
	document.dispatchEvent(
		new CustomEvent( 'tessera-consent-change', {
			detail: { activeLaw, categories: { necessary: true, analytics } },
		} )
	);

const wpConsentChange = ( detail: Record< string, string > ) =>
	document.dispatchEvent(
		new CustomEvent( 'wp_listen_for_consent_change', { detail } )
	);

describe( 'consent gate', () => {
	it.each( [ 'none', 'borlabs_cookie', undefined ] )(
		'starts at once with %s',
		async ( name ) => {
			run(
				name
					? consent( name )
					: { option: { consentIntegration: undefined } }
			);
			await flush();
			expect( hits() ).toHaveLength( 1 );
		}
	);

	describe( 'wp_consent_api', () => {
		it( 'starts when tracking anonymously', async () => {
			run(
				consent( 'wp_consent_api', {
					consent_level: 'statistics',
					track_anonymously: true,
				} )
			);
			await flush();
			expect( hits() ).toHaveLength( 1 );
		} );

		it( 'starts when the consent level is disabled', async () => {
			run( consent( 'wp_consent_api', { consent_level: 'disabled' } ) );
			await flush();
			expect( hits() ).toHaveLength( 1 );
		} );

		it( 'starts when wp_has_consent( level ) allows it', async () => {
			const has = jest.fn( ( level: string ) => level === 'statistics' );
			window.wp_has_consent = has;
			run( consent( 'wp_consent_api' ) );
			await flush();
			expect( has ).toHaveBeenCalledWith( 'statistics' );
			expect( hits() ).toHaveLength( 1 );
		} );

		it( 'waits for the consent change event of its level', async () => {
			window.wp_has_consent = () => false;
			run( consent( 'wp_consent_api' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( sent ).toHaveLength( 0 );
			wpConsentChange( { marketing: 'allow', statistics: 'deny' } );
			await flush();
			expect( sent ).toHaveLength( 0 );
			wpConsentChange( { statistics: 'allow' } );
			wpConsentChange( { statistics: 'allow' } );
			await flush();
			expect( hits() ).toHaveLength( 1 );
		} );

		it( 'never starts without consent (no WP Consent API at all)', async () => {
			run( consent( 'wp_consent_api' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( sent ).toHaveLength( 0 );
		} );
	} );

	describe( 'real_cookie_banner', () => {
		it( 'starts once consentApi.consent( "tessera-stats" ) resolves', async () => {
			let allow: ( v: unknown ) => void = () => {};
			const api = jest.fn< ( id: string ) => Promise< unknown > >(
				() => new Promise( ( resolve ) => ( allow = resolve ) )
			);
			window.consentApi = { consent: api };
			run( consent( 'real_cookie_banner' ) );
			await flush();
			expect( api ).toHaveBeenCalledWith( 'tessera-stats' );
			expect( sent ).toHaveLength( 0 );
			allow( undefined );
			await flush();
			expect( hits() ).toHaveLength( 1 );
		} );

		it( 'does not start when the consent is refused', async () => {
			window.consentApi = {
				consent: () => Promise.reject( new Error( 'refused' ) ),
			};
			run( consent( 'real_cookie_banner' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( sent ).toHaveLength( 0 );
		} );

		it( 'does not start without consentApi', async () => {
			run( consent( 'real_cookie_banner' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( sent ).toHaveLength( 0 );
		} );
	} );

	describe( 'tessera', () => {
		it( 'starts when analytics is allowed', async () => {
			tesseraConsent( 'gdpr', true );
			run( consent( 'tessera' ) );
			await flush();
			expect( hits() ).toHaveLength( 1 );
		} );

		it( 'starts under CCPA without an opt-out', async () => {
			tesseraConsent( 'ccpa', false );
			run( consent( 'tessera' ) );
			await flush();
			expect( hits() ).toHaveLength( 1 );
		} );

		it( 'does not start under CCPA after an opt-out', async () => {
			document.cookie =
				'cookieyes-consent=consentid:x,consent:reject,action:yes,analytics:no;path=/';
			tesseraConsent( 'ccpa', false );
			run( consent( 'tessera' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( sent ).toHaveLength( 0 );
		} );

		it( 'waits for the tessera-consent-change event that allows analytics', async () => {
			tesseraConsent( 'gdpr', false );
			run( consent( 'tessera' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( sent ).toHaveLength( 0 );
			consentChange( 'gdpr', false );
			await flush();
			expect( sent ).toHaveLength( 0 );
			consentChange( 'gdpr', true );
			consentChange( 'gdpr', true );
			await flush();
			expect( hits() ).toHaveLength( 1 );
		} );

		it( 'keeps the other runtimes of window.tessera', async () => {
			tesseraConsent( 'gdpr', true );
			const api = window.tessera!.consent;
			run( consent( 'tessera' ) );
			await flush();
			expect( window.tessera!.consent ).toBe( api );
		} );

		it( 'never starts without the consent runtime', async () => {
			run( consent( 'tessera' ) );
			await flush();
			expect( console ).toHaveWarnedWith( NO_CONSENT );
			expect( sent ).toHaveLength( 0 );
		} );
	} );

	it( 'ignores the events of the other integrations', async () => {
		window.wp_has_consent = () => false;
		run( consent( 'wp_consent_api' ) );
		await flush();
		expect( console ).toHaveWarnedWith( NO_CONSENT );
		consentChange( 'gdpr', true );
		await flush();
		expect( sent ).toHaveLength( 0 );
	} );
} );
