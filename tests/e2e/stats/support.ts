/**
 * Shared helpers for the visitor statistics specs (docs/stats.md): the statistics settings and report over
 * REST, the demo page, a visitor whose consent allows analytics, and the tracker's requests.
 */

/**
 * External dependencies
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type {
	APIRequestContext,
	Browser,
	BrowserContext,
	Page,
	Request as PwRequest,
} from '@playwright/test';

/**
 * WordPress dependencies
 */
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { expect, FAKE_PSI_URL, WP_BASE_URL } from '../speed/support';
import { ensureDemo as ensureAllDemos, visitor } from '../consent/support';

export { visitor };

export const SETTINGS_ROUTE = '/tessera/v1/stats/settings';
export const REPORT_ROUTE = '/tessera/v1/stats/report';
export const DEMO_PATH = '/demo-stats/';
export const COLLECT = '/wp-content/plugins/tessera/collect.php';
export const AJAX = '/wp-admin/admin-ajax.php';

/**
 * Runs PHP inside the test site (`bin/site php test`; the environment says which site), e.g. to store a row no
 * collector would accept or to compute a signature.
 *
 * @param code PHP code.
 * @return What it printed, trimmed.
 */
export function sitePhp( code: string ): string {
	return execFileSync(
		'bash',
		[ path.join( __dirname, '../../../bin/site' ), 'php', 'test', code ],
		{
			encoding: 'utf8',
			env: {
				...process.env,
				FAKE_PSI_PORT: new URL( FAKE_PSI_URL ).port,
			},
			stdio: 'pipe',
		}
	).trim();
}

/**
 * Makes sure the demo pages exist, and raises the collector's flood limit (60 requests a minute per address,
 * read by collect.php from its option): every browser of the suite comes from 127.0.0.1.
 */
export function ensureDemo(): void {
	ensureAllDemos();
	sitePhp( "update_option( 'tessera_stats_rate_limit', 100000 );" );
}

/** The part of a page's printed tracker configuration the specs send. */
export interface PrintedConfig {
	hitParams: Record< string, string | number >;
	onlineParams: Record< string, string | number >;
}

/**
 * The tracker configuration a page prints (`#tessera-tracker-config`), as a visitor's request gets it.
 *
 * @param http     A visitor's request context (not the logged-in administrator: excluded).
 * @param pagePath The page.
 */
export async function printedConfig(
	http: APIRequestContext,
	pagePath: string
): Promise< PrintedConfig > {
	const html = await ( await http.get( pagePath ) ).text();
	const json =
		/<script type="application\/json" id="tessera-tracker-config">([\s\S]*?)<\/script>/.exec(
			html
		);
	expect(
		json,
		`${ pagePath } prints the tracker configuration`
	).not.toBeNull();
	return JSON.parse( json![ 1 ]! ) as PrintedConfig;
}

/** The statistics settings (docs/stats.md; only what the specs read). */
export type StatsSettings = Record< string, unknown >;

/** One page row of the report. */
export interface PageRow {
	source_type: string;
	source_id: number;
	page_uri: string;
	views: number;
	visitors: number;
}

/** One event row of the report. */
export interface EventRow {
	name: string;
	target: string;
	count: number;
}

/** The report as REST answers it (only what the specs read). */
export interface StatsReport {
	totals: { visitors: number; views: number };
	online: { count: number };
	pages: PageRow[];
	events: EventRow[];
	clicks: EventRow[];
	downloads: EventRow[];
}

/**
 * The stored settings.
 *
 * @param requestUtils Admin request utilities.
 */
export function getStatsSettings(
	requestUtils: RequestUtils
): Promise< StatsSettings > {
	return requestUtils.rest< StatsSettings >( { path: SETTINGS_ROUTE } );
}

/**
 * Saves settings (the given keys change, the others stay).
 *
 * @param requestUtils Admin request utilities.
 * @param changes      Settings to change.
 */
export function saveStatsSettings(
	requestUtils: RequestUtils,
	changes: StatsSettings
): Promise< StatsSettings > {
	return requestUtils.rest< StatsSettings >( {
		method: 'POST',
		path: SETTINGS_ROUTE,
		data: changes,
	} );
}

/**
 * Y-m-d of a UTC day `offset` days from today.
 * @param offset
 */
const day = ( offset: number ): string =>
	new Date( Date.now() + offset * 864e5 ).toISOString().slice( 0, 10 );

/**
 * The report around today (yesterday to tomorrow in UTC, whatever the site's time zone), 100 rows a list.
 *
 * @param requestUtils Admin request utilities.
 */
export function report( requestUtils: RequestUtils ): Promise< StatsReport > {
	return requestUtils.rest< StatsReport >( {
		path: REPORT_ROUTE,
		params: { from: day( -1 ), to: day( 1 ), limit: 100 },
	} );
}

/**
 * Views recorded for a page URI (path and query) around today.
 *
 * @param requestUtils Admin request utilities.
 * @param uri          Page URI.
 */
export async function viewsOf(
	requestUtils: RequestUtils,
	uri: string
): Promise< number > {
	const rows = ( await report( requestUtils ) ).pages.filter(
		( row ) => row.page_uri === uri
	);
	return rows.reduce( ( sum, row ) => sum + Number( row.views ), 0 );
}

/**
 * A visitor whose consent cookie allows every category (a returning visitor who accepted all), so that the
 * tracker is printed ready to run.
 *
 * @param browser The browser.
 * @param options Extra context options.
 */
export async function consentingVisitor(
	browser: Browser,
	options: Parameters< Browser[ 'newContext' ] >[ 0 ] = {}
): Promise< { context: BrowserContext; page: Page; errors: string[] } > {
	const v = await visitor( browser, options );
	await v.context.addCookies( [
		{
			name: 'cookieyes-consent',
			value:
				'consentid:' +
				'e2estats'.padEnd( 32, '0' ) +
				',consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes',
			url: WP_BASE_URL,
		},
	] );
	return v;
}

/**
 * The form fields of a tracker request.
 * @param request
 */
export const fields = ( request: PwRequest ): Record< string, string > =>
	Object.fromEntries( new URLSearchParams( request.postData() || '' ) );

/**
 * Whether a request is a hit (collector or admin-ajax under bypass).
 *
 * @param request The request.
 */
export const isHit = ( request: PwRequest ): boolean =>
	request.method() === 'POST' &&
	( request.url().includes( `${ COLLECT }?endpoint=hit` ) ||
		( request.url().includes( AJAX ) &&
			fields( request ).action === 'tessera_stats_hit' ) );

/**
 * Whether a request is an online ping.
 *
 * @param request The request.
 */
export const isPing = ( request: PwRequest ): boolean =>
	request.method() === 'POST' &&
	( request.url().includes( `${ COLLECT }?endpoint=online` ) ||
		( request.url().includes( AJAX ) &&
			fields( request ).action === 'tessera_stats_online' ) );

/**
 * Records the tracker's requests of a page (hits, pings, events), in order.
 *
 * @param page The page.
 */
export function recordRequests( page: Page ): PwRequest[] {
	const seen: PwRequest[] = [];
	page.on( 'request', ( request ) => {
		if (
			request.method() === 'POST' &&
			( request.url().includes( COLLECT ) ||
				request.url().includes( AJAX ) )
		) {
			seen.push( request );
		}
	} );
	return seen;
}

let settledMarks = 0;

/**
 * Resolves once every request the page made before this call has reached the test's `request` listeners: the page
 * fetches a marker address (answered by the test, not the site) and this waits for it, as Chromium reports a page's
 * requests in the order it makes them. So "nothing was sent" is proven by a later event, not by waiting.
 *
 * @param page The page.
 */
export async function requestsSettled( page: Page ): Promise< void > {
	const marker = `${ WP_BASE_URL }/tessera-requests-settled-${ ++settledMarks }`;
	await page.route( marker, ( route ) =>
		route.fulfill( { status: 204, body: '' } )
	);
	const seen = page.waitForRequest( marker );
	// Answered before the route goes: otherwise it would reach the site (a 404 in the console).
	await page.evaluate( async ( url ) => {
		await fetch( url ).catch( () => undefined );
	}, marker );
	await seen;
	await page.unroute( marker );
}

/**
 * Whether the consent gate has put the tracker itself into the page (its address is in the configuration).
 *
 * @param page The page.
 */
export function trackerInserted( page: Page ): Promise< boolean > {
	return page.evaluate( () => {
		const config = document.getElementById( 'tessera-tracker-config' );
		const url = JSON.parse( config?.textContent || '{}' ).trackerUrl;
		return Array.from( document.scripts ).some(
			( script ) => !! url && script.src === url
		);
	} );
}

/**
 * The tracker's console messages of a page.
 *
 * @param page The page.
 */
export function trackerMessages( page: Page ): string[] {
	const messages: string[] = [];
	page.on( 'console', ( message ) => {
		if ( message.text().startsWith( 'Tessera stats: ' ) ) {
			messages.push( message.text() );
		}
	} );
	return messages;
}
