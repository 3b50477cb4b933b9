/**
 * Tracker: start once per load, SPA restarts, skips (docs/stats.md, The
 * tracker, points 1, 2 and 8).
 */

/**
 * External dependencies
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
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
	it( 'sends one hit at once when the document is already parsed', async () => {
		run();
		await flush();
		expect( hits() ).toHaveLength( 1 );
		expect( hits()[ 0 ]!.url ).toBe(
			'https://example.test/wp-content/plugins/tessera/collect.php?endpoint=hit'
		);
	} );

	it( 'waits for DOMContentLoaded while the document is loading', async () => {
		setProp( document, 'readyState', 'loading' );
		run();
		await flush();
		expect( sent ).toHaveLength( 0 );
		document.dispatchEvent( new Event( 'DOMContentLoaded' ) );
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
		expect( console ).toHaveWarnedWith(
			'Tessera stats: configuration missing'
		);
		expect( sent ).toHaveLength( 0 );
	} );

	it.each( [ '{ not json', 'null', '{}' ] )(
		'logs an unparsable configuration (%s) and sends nothing',
		async ( raw ) => {
			printConfig( raw );
			expect( () => load() ).not.toThrow();
			await flush();
			expect( console ).toHaveWarnedWith(
				'Tessera stats: error parsing the configuration'
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
		expect( console ).toHaveWarnedWith(
			'Tessera stats: Do Not Track is enabled: the hit is not sent'
		);
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
