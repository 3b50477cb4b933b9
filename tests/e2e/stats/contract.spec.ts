/**
 * The statistics wire contract over real HTTP (issue 4; spec §7; docs/stats.md "Collector"): the spec's
 * payloads to the lean collector, admin-ajax and REST, and the bad input the issue names — each refused with a
 * clear 4xx and nothing stored.
 */

/**
 * External dependencies
 */
import {
	request as playwrightRequest,
	type APIRequestContext,
} from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect, WP_BASE_URL } from '../speed/support';
import {
	AJAX,
	COLLECT,
	DEMO_PATH,
	ensureDemo,
	printedConfig,
	viewsOf,
	type PrintedConfig,
} from './support';

const UA =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let http: APIRequestContext;
let config: PrintedConfig;

/**
 * A form POST.
 *
 * @param url  Address (relative to the site).
 * @param form Fields.
 */
async function post(
	url: string,
	form: Record< string, string | number >
): Promise< { status: number; body: unknown } > {
	const response = await http.post( url, { form } );
	return {
		status: response.status(),
		body: await response.json().catch( () => null ),
	};
}

/**
 * A hit as the tracker sends it, with changes.
 *
 * @param uri     page_uri (decoded).
 * @param changes Fields to change or add.
 */
function hit(
	uri: string,
	changes: Record< string, string | number > = {}
): Record< string, string | number > {
	return {
		...config.hitParams,
		referred: encodeURIComponent( 'https://www.example.org/from' ),
		page_uri: encodeURIComponent( uri ),
		...changes,
	};
}

test.describe( 'statistics wire contract', { tag: '@visitor' }, () => {
	test.beforeAll( async () => {
		ensureDemo();
		http = await playwrightRequest.newContext( {
			baseURL: WP_BASE_URL,
			// A visitor: not the suite's logged-in administrator (excluded, and no nonce needed).
			storageState: { cookies: [], origins: [] },
			extraHTTPHeaders: { 'User-Agent': UA },
		} );
		config = await printedConfig( http, DEMO_PATH );
	} );

	test.afterAll( async () => {
		await http.dispose();
	} );

	test( 'a hit, an online ping, a custom event and a link event with the spec fields are answered { status: true }', async ( {
		requestUtils,
	} ) => {
		const uri = `${ DEMO_PATH }?contract=${ Date.now() }`;
		for ( const url of [
			`${ COLLECT }?endpoint=hit`,
			`${ AJAX }?action=tessera_stats_hit`,
		] ) {
			const answer = await post( url, {
				...hit( uri ),
				action: 'tessera_stats_hit',
			} );
			expect( answer ).toEqual( { status: 200, body: { status: true } } );
		}
		await expect.poll( () => viewsOf( requestUtils, uri ) ).toBe( 2 );

		expect(
			await post( `${ COLLECT }?endpoint=online`, {
				...config.onlineParams,
				referred: '',
				page_uri: encodeURIComponent( uri ),
			} )
		).toEqual( { status: 200, body: { status: true } } );

		expect(
			await post( `${ AJAX }?action=tessera_stats_custom_event`, {
				event_name: 'contract_event',
				event_data: JSON.stringify( {
					plan: 'pro',
					timestamp: Date.now(),
					resource_id: config.hitParams.source_id,
				} ),
			} )
		).toEqual( { status: 200, body: { status: true } } );

		// The spec's 14 link/download fields, and the tracker's 8.
		const full = {
			en: 'file_download',
			et: Date.now(),
			eid: 'dl',
			ec: 'button',
			ev: 'Get the report',
			mb: 0,
			fn: 'report',
			fx: 'pdf',
			m: 'download',
			tu: 'https://files.example.org/report.pdf?download_file=7&key=abc',
			pid: config.hitParams.source_id,
			wcdl: 1,
			df: '7',
			dk: 'abc',
		};
		expect(
			await post( `${ AJAX }?action=tessera_stats_event`, full )
		).toEqual( { status: 200, body: { status: true } } );
		const { en, et, eid, ec, ev, mb, tu, pid } = full;
		expect(
			await post( `${ AJAX }?action=tessera_stats_event`, {
				en: 'click',
				et,
				eid,
				ec,
				ev,
				mb,
				tu,
				pid,
			} )
		).toEqual( { status: 200, body: { status: true } } );
		expect( en ).toBe( 'file_download' );
	} );

	test( 'bad input gets a clear 4xx and stores nothing', async ( {
		requestUtils,
	} ) => {
		const uri = `${ DEMO_PATH }?bad=${ Date.now() }`;
		const cases: Array< [ string, Record< string, string | number > ] > = [
			[
				'a forged source_id',
				hit( uri, {
					source_id: Number( config.hitParams.source_id ) + 1,
				} ),
			],
			[ 'no signature', hit( uri, { signature: '' } ) ],
			[ 'no source_type', hit( uri, { source_type: '' } ) ],
			[
				'an unknown source_type',
				hit( uri, { source_type: 'x<script>' } ),
			],
			[ 'a page_uri that is not a path', hit( 'javascript:alert(1)' ) ],
			[ 'an oversized page_uri', hit( `/${ 'a'.repeat( 3000 ) }` ) ],
			[
				'a referrer that is not http(s)',
				hit( uri, {
					referred: encodeURIComponent( 'javascript:alert(1)' ),
				} ),
			],
			[ 'SQL in source_id', hit( uri, { source_id: "1' OR '1'='1" } ) ],
			// Issue 20, item 15: markup is refused, not stored to be escaped forever.
			[ 'markup in page_uri', hit( `${ uri }&q=<script>1</script>` ) ],
			[ 'a quote in page_uri', hit( `${ uri }&q="onfocus="x` ) ],
			[
				'a referrer whose host is markup',
				hit( uri, {
					referred: encodeURIComponent(
						'https://"><svg onload=alert(1)>.example/'
					),
				} ),
			],
		];
		for ( const [ what, form ] of cases ) {
			const answer = await post( `${ COLLECT }?endpoint=hit`, form );
			expect( answer.status, what ).toBeGreaterThanOrEqual( 400 );
			expect( answer.status, what ).toBeLessThan( 500 );
			expect( answer.body, what ).toMatchObject( {
				status: false,
				message: expect.any( String ),
			} );
		}
		const unknown = await post( `${ COLLECT }?endpoint=nope`, hit( uri ) );
		expect( unknown.status ).toBe( 400 );
		const get = await http.get( `${ COLLECT }?endpoint=hit` );
		expect( get.status() ).toBe( 405 );

		const badEvents: Array< Record< string, string | number > > = [
			{ en: 'hover', tu: 'https://example.org/' },
			{ en: 'click', tu: 'javascript:alert(1)' },
			{ en: 'click' },
			{ en: 'click', tu: 'https://"><svg onload=alert(1)>.example/' },
			{ en: 'click', tu: 'https://example.org/<script>' },
		];
		for ( const form of badEvents ) {
			const answer = await post(
				`${ AJAX }?action=tessera_stats_event`,
				form
			);
			expect( answer.status ).toBe( 400 );
		}
		for ( const name of [ '', '<img src=x onerror=alert(1)>' ] ) {
			const badCustom = await post(
				`${ AJAX }?action=tessera_stats_custom_event`,
				{ event_name: name, event_data: '{}' }
			);
			expect( badCustom.status, name ).toBe( 400 );
		}

		expect( await viewsOf( requestUtils, uri ) ).toBe( 0 );
	} );
} );
