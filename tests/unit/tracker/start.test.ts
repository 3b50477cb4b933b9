/**
 * Tracker: starts at once when imported, SPA restarts, skips, no consent code
 * (docs/stats.md, The tracker, points 1, 2, 3 and 8).
 */

/**
 * External dependencies
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	consent,
	flush,
	goTo,
	hits,
	load,
	printConfig,
	run,
	sent,
	setProp,
	setUp,
	tearDown,
	withConfig,
} from './harness';

beforeEach( setUp );
afterEach( tearDown );

describe( 'tracker start', () => {
	it( 'sends one hit at once', async () => {
		run();
		await flush();
		expect( hits() ).toHaveLength( 1 );
		expect( hits()[ 0 ]!.url ).toBe(
			'https://example.test/wp-content/plugins/tessera/collect.php?endpoint=hit'
		);
	} );

	it( 'sends the hit synchronously, when the module is imported', () => {
		run();
		expect( hits() ).toHaveLength( 1 );
	} );

	// The page decides (consent runtime, consent gate, or printed at once):
	// the tracker has no consent code, even when no consent API is present.
	it.each( [
		'none',
		'borlabs_cookie',
		'wp_consent_api',
		'real_cookie_banner',
		'tessera',
		'something_else',
	] )( 'starts with consentIntegration %s', async ( name ) => {
		run( consent( name ) );
		await flush();
		expect( hits() ).toHaveLength( 1 );
	} );

	it( 'starts without consentIntegration', async () => {
		run( { option: { consentIntegration: undefined } } );
		await flush();
		expect( hits() ).toHaveLength( 1 );
	} );

	it.each( [ 'pushState', 'replaceState' ] as const )(
		'starts again after history.%s, re-reading the configuration',
		async ( method ) => {
			run();
			await flush();
			printConfig(
				withConfig( {
					hitParams: {
						endpoint: 'hit',
						source_type: 'page',
						source_id: 34,
						signature: 'fedcba9876543210',
					},
				} )
			);
			history[ method ]( null, '', '/second/?p=2' );
			expect( location.pathname ).toBe( '/second/' );
			await flush();
			expect( hits() ).toHaveLength( 2 );
			expect( hits()[ 1 ]!.fields ).toMatchObject( {
				source_type: 'page',
				source_id: '34',
				page_uri: encodeURIComponent( '/second/?p=2' ),
			} );
		}
	);

	// A lightbox sets `#bwg{gallery}/{image}` on each image with replaceState,
	// and clears it on close: the same page, not a new view of it.
	it.each( [ 'pushState', 'replaceState' ] as const )(
		'does not count the page again after history.%s changes the hash only',
		async ( method ) => {
			run();
			await flush();
			history[ method ]( null, '', '#bwg1/2' );
			history[ method ]( null, '', '#bwg1/3' );
			history[ method ]( null, '', location.pathname + location.search );
			window.dispatchEvent( new PopStateEvent( 'popstate' ) );
			await flush();
			expect( hits() ).toHaveLength( 1 );
			// Another page after that is counted.
			history[ method ]( null, '', '/other/#bwg1/2' );
			await flush();
			expect( hits() ).toHaveLength( 2 );
			expect( hits()[ 1 ]!.fields.page_uri ).toBe(
				encodeURIComponent( '/other/' )
			);
		}
	);

	it( 'starts again on popstate', async () => {
		run();
		await flush();
		goTo( '/back/' );
		window.dispatchEvent( new PopStateEvent( 'popstate' ) );
		await flush();
		expect( hits() ).toHaveLength( 2 );
		expect( hits()[ 1 ]!.fields.page_uri ).toBe(
			encodeURIComponent( '/back/' )
		);
	} );

	it( 'logs a missing configuration and sends nothing', async () => {
		load();
		await flush();
		expect( console ).toHaveWarnedWith( 'Tessera stats: no configuration' );
		expect( sent ).toHaveLength( 0 );
	} );

	it.each( [ '{ not json', '' ] )(
		'logs an unparsable configuration (%p) and sends nothing',
		async ( raw ) => {
			printConfig( raw );
			expect( () => load() ).not.toThrow();
			await flush();
			expect( console ).toHaveWarnedWith(
				'Tessera stats: no configuration'
			);
			expect( sent ).toHaveLength( 0 );
		}
	);

	// JSON that parses but is not a configuration object.
	it.each( [ 'null', '{}' ] )(
		'logs a configuration that is not an object with option (%p) and sends nothing',
		async ( raw ) => {
			printConfig( raw );
			expect( () => load() ).not.toThrow();
			await flush();
			expect( console ).toHaveWarnedWith(
				'Tessera stats: no configuration'
			);
			expect( sent ).toHaveLength( 0 );
		}
	);

	it( 'sends nothing and logs nothing on a preview', async () => {
		run( { option: { isPreview: true } } );
		await flush();
		expect( sent ).toHaveLength( 0 );
		expect( console ).not.toHaveWarned();
	} );

	it( 'respects Do Not Track when the option is on', async () => {
		setProp( navigator, 'doNotTrack', '1' );
		run();
		await flush();
		expect( console ).toHaveWarnedWith( 'Tessera stats: Do Not Track' );
		expect( sent ).toHaveLength( 0 );
	} );

	it( 'ignores Do Not Track when the option is off', async () => {
		setProp( navigator, 'doNotTrack', '1' );
		run( { option: { dntEnabled: false } } );
		await flush();
		expect( hits() ).toHaveLength( 1 );
	} );

	it( 'sends when the option is on but the browser does not ask', async () => {
		setProp( navigator, 'doNotTrack', '0' );
		run();
		await flush();
		expect( hits() ).toHaveLength( 1 );
	} );

	it( 'a skipped navigation does not send the previous configuration', async () => {
		run();
		await flush();
		printConfig( withConfig( { option: { isPreview: true } } ) );
		history.pushState( null, '', '/preview/' );
		await flush();
		expect( hits() ).toHaveLength( 1 );
	} );
} );
