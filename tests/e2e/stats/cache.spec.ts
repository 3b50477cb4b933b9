/**
 * Visitor statistics behind a page cache (issue 19; docs/stats.md, "Behind a page cache and on several nodes"), over
 * HTTP, no browser: the demo page with the view counter and the popular posts is the same bytes for every anonymous
 * visitor, and every answer of the collector (collect.php, admin-ajax, REST) and of the dashboard's routes says
 * `no-store`, whatever the method.
 */

/**
 * External dependencies
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import { anonymous, expectSameBytes, VISITORS } from '../visitors';
import {
	AJAX,
	COLLECT,
	DEMO_PATH,
	ensureDemo,
	printedConfig,
	REPORT_ROUTE,
	SETTINGS_ROUTE,
	type PrintedConfig,
} from './support';

/**
 * What a test checks of an answer: its status, `Cache-Control` and whether it has `Expires` beside it.
 *
 * @param answer The answer.
 */
const caching = ( answer: APIResponse ) => ( {
	status: answer.status(),
	cacheControl: answer.headers()[ 'cache-control' ],
	expires: answer.headers().expires,
} );

/**
 * The summary of a `no-store` answer of a status.
 *
 * @param status Its status.
 */
const noStore = ( status: number ) => ( {
	status,
	cacheControl: 'no-store',
	expires: undefined,
} );

test.describe( 'statistics behind a page cache', { tag: '@visitor' }, () => {
	let http: APIRequestContext;
	let config: PrintedConfig;

	test.beforeAll( async () => {
		ensureDemo();
		http = await anonymous();
		config = await printedConfig( http, DEMO_PATH );
	} );

	test.afterAll( async () => {
		await http.dispose();
	} );

	test( 'every visitor gets the same bytes of the page with the view counter and the popular posts', async () => {
		const body = await expectSameBytes( http, DEMO_PATH );
		expect( body ).toContain( 'wp-block-tessera-view-counter' );
		expect( body ).toContain( 'wp-block-tessera-popular-posts' );
	} );

	test( "the collector's answers are never kept, whatever the method and the outcome", async () => {
		const uri = encodeURIComponent(
			`${ DEMO_PATH }?cache=${ Date.now() }`
		);
		const hit = { ...config.hitParams, referred: '', page_uri: uri };
		const cookie = { Cookie: VISITORS[ 1 ]!.cookie };
		expect(
			caching(
				await http.post( `${ COLLECT }?endpoint=hit`, {
					form: hit,
					headers: cookie,
				} )
			),
			'collect.php: a hit'
		).toEqual( noStore( 200 ) );
		expect(
			caching(
				await http.post( `${ COLLECT }?endpoint=hit`, {
					form: { ...hit, signature: 'forged' },
				} )
			),
			'collect.php: a forged hit'
		).toEqual( noStore( 403 ) );
		expect(
			caching( await http.get( `${ COLLECT }?endpoint=hit` ) ),
			'collect.php: a GET'
		).toEqual( noStore( 405 ) );
		expect(
			caching(
				await http.post( `${ AJAX }?action=tessera_stats_hit`, {
					form: { ...hit, action: 'tessera_stats_hit' },
				} )
			),
			'admin-ajax: a hit'
		).toEqual( noStore( 200 ) );
		expect(
			caching(
				await http.get( `${ AJAX }?action=tessera_stats_online` )
			),
			'admin-ajax: a GET with nothing'
		).toEqual( noStore( 400 ) );
		expect(
			caching(
				await http.post( '/?rest_route=/tessera/v1/stats/online', {
					form: {
						...config.onlineParams,
						referred: '',
						page_uri: uri,
					},
				} )
			),
			'REST: an online ping'
		).toEqual( noStore( 200 ) );
	} );
} );

// The administrator's routes: not a visitor flow (the stack's tagged run does not log in).
test.describe( 'statistics dashboard routes', () => {
	test( "the dashboard's routes are never kept", async ( {
		requestUtils,
	} ) => {
		// The suite's administrator: their own report and settings.
		await requestUtils.setupRest();
		const today = new Date().toISOString().slice( 0, 10 );
		for ( const path of [ REPORT_ROUTE, SETTINGS_ROUTE ] ) {
			const answer = await requestUtils.request.get(
				`${ requestUtils.storageState!.rootURL }${ path.slice( 1 ) }`,
				{
					headers: { 'X-WP-Nonce': requestUtils.storageState!.nonce },
					params:
						path === REPORT_ROUTE ? { from: today, to: today } : {},
				}
			);
			expect( answer.status(), path ).toBe( 200 );
			// Ours is `no-store`; for a logged-in user the REST server sends its own no-cache set last.
			expect( answer.headers()[ 'cache-control' ], path ).toContain(
				'no-store'
			);
		}
	} );
} );
