/**
 * The Statistics screen (issue 4: admin dashboard): an administrator sees the numbers recorded by this test's own
 * hits (posted to the real collector), changes the period, downloads a CSV, saves a setting that survives a
 * reload (a refused value is tied to its field and kept as typed); stored script is shown as text; an editor is
 * refused; axe finds nothing.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';
import {
	request as playwrightRequest,
	type APIRequestContext,
	type Page,
} from '@playwright/test';

/**
 * WordPress dependencies
 */
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { test, expect, loggedInContext, WP_BASE_URL } from '../speed/support';
import {
	AJAX,
	COLLECT,
	DEMO_PATH,
	REPORT_ROUTE,
	SETTINGS_ROUTE,
	ensureDemo,
	getStatsSettings,
	printedConfig,
	saveStatsSettings,
	sitePhp,
	type StatsSettings,
} from './support';

const SCREEN = '/wp-admin/admin.php?page=tessera-stats';
const ROOT = '#tessera-stats-dashboard';
const HOSTILE_URI =
	'/e2e-dashboard/<img src=x onerror="window.__tesseraXss=1">';
const EVENT_NAME = 'dashboard_e2e_signup';
const AGENTS = [
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
	'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
];

/** The report totals as REST answers them. */
interface Totals {
	visitors: number;
	views: number;
}

/** Console errors of the current test's page. */
const consoleErrors: string[] = [];

/**
 * Y-m-d `offset` days from a Y-m-d day.
 *
 * @param day    The day.
 * @param offset Days to add.
 * @return The day.
 */
const shift = ( day: string, offset: number ): string =>
	new Date( Date.parse( `${ day }T00:00:00Z` ) + offset * 864e5 )
		.toISOString()
		.slice( 0, 10 );

/**
 * The totals of a period over REST.
 *
 * @param requestUtils Admin request utilities.
 * @param from         First day.
 * @param to           Last day.
 * @return The totals.
 */
async function totals(
	requestUtils: RequestUtils,
	from: string,
	to: string
): Promise< Totals > {
	const body = await requestUtils.rest< { totals: Totals } >( {
		path: REPORT_ROUTE,
		params: { from, to },
	} );
	return body.totals;
}

/**
 * A number shown in a totals box, as digits.
 *
 * @param page The page.
 * @param name visitors | views | online.
 * @return The number.
 */
async function shownTotal( page: Page, name: string ): Promise< number > {
	const text = await page
		.locator( `${ ROOT } [data-total="${ name }"]` )
		.innerText();
	return Number( text.replace( /\D/g, '' ) );
}

/**
 * Axe violations inside the screen.
 *
 * @param page The page.
 * @return Rule ids and the offending nodes.
 */
async function violations(
	page: Page
): Promise< Array< { id: string; nodes: string[] } > > {
	const results = await new AxeBuilder( { page } ).include( ROOT ).analyze();
	return results.violations.map( ( v ) => ( {
		id: v.id,
		nodes: v.nodes.map( ( n ) => n.html ),
	} ) );
}

/**
 * Opens the screen and waits for the totals.
 *
 * @param page The page.
 * @param hash Address fragment (a tab).
 */
async function openScreen( page: Page, hash = '' ): Promise< void > {
	await page.goto( SCREEN + hash );
	if ( hash === '' ) {
		await expect(
			page.locator( `${ ROOT } [data-total="views"]` )
		).toBeVisible();
	}
}

test.describe( 'Statistics screen', () => {
	let original: StatsSettings;
	let today: string;
	let uri: string;

	test.beforeAll( async ( { requestUtils } ) => {
		ensureDemo();
		original = await getStatsSettings( requestUtils );
		today = sitePhp( 'echo wp_date( "Y-m-d" );' );
		expect( today ).toMatch( /^\d{4}-\d{2}-\d{2}$/ );
		const before = await totals( requestUtils, shift( today, -29 ), today );

		// Three hits of two visitors and a custom event, sent as the tracker sends them.
		uri = `${ DEMO_PATH }?dashboard=${ Date.now() }`;
		for ( const [ index, agent ] of [
			AGENTS[ 0 ]!,
			AGENTS[ 0 ]!,
			AGENTS[ 1 ]!,
		].entries() ) {
			const http: APIRequestContext = await playwrightRequest.newContext(
				{
					baseURL: WP_BASE_URL,
					storageState: { cookies: [], origins: [] },
					extraHTTPHeaders: { 'User-Agent': agent },
				}
			);
			const config = await printedConfig( http, DEMO_PATH );
			const hit = await http.post( `${ COLLECT }?endpoint=hit`, {
				form: {
					...config.hitParams,
					referred: encodeURIComponent(
						'https://news.example/story'
					),
					page_uri: encodeURIComponent( uri ),
				},
			} );
			expect( await hit.json() ).toEqual( { status: true } );
			if ( index === 0 ) {
				const event = await http.post(
					`${ AJAX }?action=tessera_stats_custom_event`,
					{
						form: {
							event_name: EVENT_NAME,
							event_data: JSON.stringify( {
								plan: 'pro',
								timestamp: Date.now(),
								resource_id: config.hitParams.source_id,
							} ),
						},
					}
				);
				expect( event.status() ).toBe( 200 );
			}
			await http.dispose();
		}
		await expect
			.poll(
				async () =>
					( await totals( requestUtils, shift( today, -29 ), today ) )
						.views
			)
			.toBeGreaterThanOrEqual( before.views + 3 );

		// A stored row whose address carries script (the collector refuses such input; older data may hold it),
		// written directly: the rollups are rebuilt as the importer does.
		sitePhp(
			`global $wpdb; $wpdb->replace( \\Tessera\\Stats\\Schema::table( 'pages' ), array( 'day' => wp_date( 'Y-m-d' ), 'source_type' => 'home', 'source_id' => 0, 'uri_hash' => md5( ${ JSON.stringify(
				HOSTILE_URI
			) } ), 'page_uri' => ${ JSON.stringify(
				HOSTILE_URI
			) }, 'views' => 100000, 'visitors' => 0 ) ); \\Tessera\\Stats\\Rollup::rebuild( wp_date( 'Y-m-d' ), wp_date( 'Y-m-d' ) );`
		);
	} );

	test.beforeEach( ( { page } ) => {
		page.on( 'console', ( message ) => {
			if (
				message.type() === 'error' &&
				! message
					.text()
					.startsWith(
						'Failed to load resource: the server responded with a status of 400'
					)
			) {
				consoleErrors.push( message.text() );
			}
		} );
	} );

	test.afterEach( () => {
		expect( consoleErrors.splice( 0 ), 'no console errors' ).toEqual( [] );
	} );

	test.afterAll( async ( { requestUtils } ) => {
		sitePhp(
			`global $wpdb; $wpdb->delete( \\Tessera\\Stats\\Schema::table( 'pages' ), array( 'uri_hash' => md5( ${ JSON.stringify(
				HOSTILE_URI
			) } ) ) ); \\Tessera\\Stats\\Rollup::rebuild( wp_date( 'Y-m-d' ), wp_date( 'Y-m-d' ) );`
		);
		await saveStatsSettings( requestUtils, original );
		await requestUtils.deleteAllUsers();
	} );

	test( 'an administrator opens Statistics and sees the recorded numbers, escaped, and axe finds nothing', async ( {
		page,
		requestUtils,
	} ) => {
		await page.goto( '/wp-admin/' );
		const link = page.locator(
			'#adminmenu a[href="admin.php?page=tessera-stats"]'
		);
		await expect( link ).toContainText( 'Statistics' );
		await link.click();
		await expect( page ).toHaveURL( /page=tessera-stats/ );
		await expect(
			page.locator( `${ ROOT } [data-total="views"]` )
		).toBeVisible();

		const expected = await totals(
			requestUtils,
			shift( today, -29 ),
			today
		);
		expect( await shownTotal( page, 'views' ) ).toBe( expected.views );
		expect( await shownTotal( page, 'visitors' ) ).toBe(
			expected.visitors
		);
		expect( expected.views ).toBeGreaterThanOrEqual( 100003 );

		await expect(
			page.getByRole( 'combobox', { name: 'Period' } )
		).toHaveValue( '30d' );

		// The hostile address is text, its link stays on the site, and nothing ran.
		const pages = page.getByRole( 'region', { name: 'Top pages' } );
		const hostile = pages.getByRole( 'link', { name: HOSTILE_URI } );
		await expect( hostile ).toBeVisible();
		expect( await hostile.getAttribute( 'href' ) ).toMatch(
			new RegExp(
				`^${ WP_BASE_URL.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' ) }/`
			)
		);
		expect(
			await page.evaluate(
				() =>
					( window as unknown as { __tesseraXss?: number } )
						.__tesseraXss
			)
		).toBeUndefined();
		await expect( pages.locator( 'img' ) ).toHaveCount( 0 );

		const referrers = page.getByRole( 'region', { name: 'Referrers' } );
		await expect(
			referrers.getByRole( 'rowheader', { name: 'news.example' } )
		).toBeVisible();
		const events = page.getByRole( 'region', { name: 'Events' } );
		await expect(
			events.getByRole( 'rowheader', { name: EVENT_NAME } )
		).toBeVisible();
		const devices = page.getByRole( 'region', {
			name: 'Browsers, systems and devices',
		} );
		await expect(
			devices.getByRole( 'rowheader', { name: 'Firefox' } )
		).toBeVisible();

		// The chart is drawn, and its data is a table (read by screen readers, shown on request).
		await expect(
			page.locator( `${ ROOT } .tessera-stats__plot canvas` )
		).toHaveCount( 1 );
		const dayTable = page.getByRole( 'table', {
			name: /Visitors and views per day/,
		} );
		await expect( dayTable.locator( 'tbody tr' ) ).toHaveCount( 30 );
		await page.getByRole( 'button', { name: 'Show as table' } ).click();
		await expect( dayTable ).toBeVisible();
		await expect(
			page.getByRole( 'button', { name: 'Hide the table' } )
		).toBeFocused();

		// The CSV of the pages.
		const downloadPromise = page.waitForEvent( 'download' );
		await pages
			.getByRole( 'link', { name: 'Download pages as CSV' } )
			.click();
		const download = await downloadPromise;
		expect( download.suggestedFilename() ).toBe(
			`tessera-stats-pages-${ shift( today, -29 ) }-${ today }.csv`
		);
		const csv = await ( async () => {
			const stream = await download.createReadStream();
			const chunks: Buffer[] = [];
			for await ( const chunk of stream ) {
				chunks.push( chunk as Buffer );
			}
			return Buffer.concat( chunks ).toString( 'utf8' );
		} )();
		expect( csv.split( '\n' )[ 0 ] ).toBe(
			'source_type,source_id,page_uri,views,visitors'
		);
		expect( csv ).toContain( uri );

		expect( await violations( page ) ).toEqual( [] );
	} );

	test( 'the period changes: presets, a refused custom period, and an empty period', async ( {
		page,
		requestUtils,
	} ) => {
		await openScreen( page );
		const period = page.getByRole( 'combobox', { name: 'Period' } );

		await period.selectOption( '7d' );
		await expect( page ).toHaveURL(
			new RegExp( `from=${ shift( today, -6 ) }&to=${ today }` )
		);
		const week = await totals( requestUtils, shift( today, -6 ), today );
		await expect
			.poll( () => shownTotal( page, 'views' ) )
			.toBe( week.views );
		await expect(
			page
				.getByRole( 'table', { name: /Visitors and views per day/ } )
				.locator( 'tbody tr' )
		).toHaveCount( 7 );

		await period.selectOption( 'custom' );
		const first = page.getByLabel( 'First day' );
		const last = page.getByLabel( 'Last day' );
		await first.fill( '2001-01-31' );
		await last.fill( '2001-01-01' );
		await page.getByRole( 'button', { name: 'Apply' } ).click();
		await expect( last ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect(
			page.locator( '#tessera-stats-range-to-error' )
		).toHaveText( 'The last day cannot be before the first day.' );
		await expect( last ).toHaveAccessibleDescription(
			'The last day cannot be before the first day.'
		);

		await first.fill( '2001-01-01' );
		await last.fill( '2001-01-31' );
		await page.getByRole( 'button', { name: 'Apply' } ).click();
		await expect( last ).not.toHaveAttribute( 'aria-invalid', 'true' );
		await expect( page.locator( ROOT ) ).toContainText(
			'No visits yet in this period.'
		);
		expect( await shownTotal( page, 'views' ) ).toBe( 0 );
		await expect( page ).toHaveURL( /from=2001-01-01&to=2001-01-31/ );

		// The period is kept in the address: a reload shows it again.
		await page.reload();
		await expect( page.locator( ROOT ) ).toContainText(
			'No visits yet in this period.'
		);
		await expect( period ).toHaveValue( 'custom' );
		expect( await violations( page ) ).toEqual( [] );
	} );

	test( 'a setting is saved and kept after a reload; a refused value is tied to its field and kept as typed', async ( {
		page,
		requestUtils,
	} ) => {
		await openScreen( page );
		await page.getByRole( 'tab', { name: 'Settings' } ).click();
		const interval = page.getByLabel( 'Online check interval (seconds)' );
		await expect( interval ).toHaveValue(
			String( original.onlineInterval )
		);

		await interval.fill( '5' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();
		await expect( interval ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( interval ).toBeFocused();
		await expect( interval ).toHaveValue( '5' );
		await expect(
			page.locator( '#tessera-stats-setting-onlineInterval-error' )
		).toContainText( 'Online check interval' );
		expect(
			( await getStatsSettings( requestUtils ) ).onlineInterval
		).toBe( original.onlineInterval );
		expect( await violations( page ) ).toEqual( [] );

		await interval.fill( '45' );
		await page
			.getByLabel( 'Do not count visits from these IP addresses' )
			.fill( '192.0.2.10\n10.0.0.0/8' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();
		await expect( page.locator( ROOT ) ).toContainText( 'Settings saved.' );
		await expect( interval ).not.toHaveAttribute( 'aria-invalid', 'true' );
		const saved = await getStatsSettings( requestUtils );
		expect( saved.onlineInterval ).toBe( 45 );
		expect( saved.excludedIps ).toEqual( [ '192.0.2.10', '10.0.0.0/8' ] );

		await page.reload();
		await expect(
			page.getByRole( 'tab', { name: 'Settings', selected: true } )
		).toBeVisible();
		await expect(
			page.getByLabel( 'Online check interval (seconds)' )
		).toHaveValue( '45' );
		await expect(
			page.getByLabel( 'Do not count visits from these IP addresses' )
		).toHaveValue( '192.0.2.10\n10.0.0.0/8' );
	} );

	test( 'an editor has no menu item and is refused the screen and the routes', async ( {
		requestUtils,
	} ) => {
		const username = `stats-editor-${ Date.now() }`;
		const password = 'stats-e2e-password';
		await requestUtils.createUser( {
			username,
			email: `${ username }@example.com`,
			password,
			roles: [ 'editor' ],
		} );
		const ctx = await loggedInContext( username, password );
		try {
			const dashboard = await ctx.get( '/wp-admin/' );
			expect( dashboard.status() ).toBe( 200 );
			const html = await dashboard.text();
			expect( html ).toContain( 'id="adminmenu"' );
			expect( html ).not.toContain( 'page=tessera-stats' );

			const screen = await ctx.get( SCREEN.slice( 1 ) );
			expect( screen.status() ).toBe( 403 );
			const body = await screen.text();
			expect( body ).toContain(
				'Sorry, you are not allowed to access this page.'
			);
			expect( body ).not.toContain( 'id="tessera-stats-dashboard"' );

			// With the editor's own REST nonce: 403 on every route.
			const nonce = (
				await (
					await ctx.get(
						'/wp-admin/admin-ajax.php?action=rest-nonce'
					)
				).text()
			).trim();
			expect( nonce ).toMatch( /^[0-9a-f]{10}$/ );
			const headers = { 'X-WP-Nonce': nonce };
			const query = `from=${ shift( today, -6 ) }&to=${ today }`;
			for ( const route of [
				`${ REPORT_ROUTE }?${ query }`,
				`/tessera/v1/stats/export?${ query }&table=pages`,
				SETTINGS_ROUTE,
			] ) {
				const answer = await ctx.get(
					`/?rest_route=${ route.replace( '?', '&' ) }`,
					{
						headers,
					}
				);
				expect( answer.status(), route ).toBe( 403 );
			}
			const post = await ctx.post( `/?rest_route=${ SETTINGS_ROUTE }`, {
				headers,
				data: { onlineInterval: 30 },
			} );
			expect( post.status() ).toBe( 403 );
		} finally {
			await ctx.dispose();
		}
	} );
} );
