/**
 * Shared helpers of the stack's own specs (docs/stack.md): the six kinds of anonymous visitor, fetching a page as
 * one of them from the uncached origin (the load balancer) or through the page cache, emptying the cache, and the
 * demo pages. These specs run in the `stack` project only (`bin/stack start test`, then
 * `npx playwright test --project=stack` with `bin/stack env`'s variables), never against the bare test site.
 */

/**
 * External dependencies
 */
import { request as playwrightRequest } from '@playwright/test';

/**
 * Internal dependencies
 */
import { expect, WP_BASE_URL } from '../speed/support';
import { sitePhp } from '../stats/support';

/** The page cache (Varnish): the site's own address on the stack. */
export const CACHE_URL = WP_BASE_URL;
/** The load balancer behind it: every request reaches PHP, with the visitor's cookies. */
export const ORIGIN_URL = (
	process.env.TESSERA_STACK_ORIGIN_URL || 'http://127.0.0.1:8871'
).replace( /\/$/, '' );

const ID = 'e2estack'.padEnd( 32, '0' );
const pairs = ( choices: string ) => `consentid:${ ID },${ choices }`;

/**
 * The `cookieyes-consent` cookie of each kind of visitor the issue names (docs/consent.md, "The cookie"), null
 * for a first visit. Each is what the runtime writes for that choice with the default categories.
 */
export const VISITORS = {
	'accepted all': pairs(
		'consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes'
	),
	'no cookie': null,
	'rejected all': pairs(
		'consent:no,action:yes,necessary:yes,functional:no,analytics:no,performance:no,advertisement:no'
	),
	'a custom choice': pairs(
		'consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,performance:no,advertisement:no'
	),
	// What CCPA's "Do Not Sell or Share" opt-out writes: `reject`, the categories off by default under CCPA off.
	'CCPA opted out': pairs(
		'consent:reject,action:yes,necessary:yes,functional:yes,analytics:no,performance:no,advertisement:no'
	),
	// Not 32 characters of id, an unknown consent value, a pair without a colon: no consent at all.
	'a malformed cookie': 'consentid:short,consent:maybe,action:yes,garbage',
} as const satisfies Record< string, string | null >;

export type VisitorKind = keyof typeof VISITORS;

/** What one fetch answered. */
export interface Fetched {
	status: number;
	body: Buffer;
	/** Varnish's X-Cache (HIT, MISS, PASS); undefined from the origin. */
	cache: string | undefined;
	/** The PHP node that rendered it (nginx's X-Upstream). */
	node: string | undefined;
}

/**
 * Fetches a page as one kind of visitor: no stored cookies, only their `cookieyes-consent` (if any).
 *
 * @param base     CACHE_URL or ORIGIN_URL.
 * @param pathname The page's path.
 * @param kind     The visitor.
 */
export async function fetchAs(
	base: string,
	pathname: string,
	kind: VisitorKind
): Promise< Fetched > {
	const ctx = await playwrightRequest.newContext( {
		storageState: { cookies: [], origins: [] },
	} );
	try {
		const cookie = VISITORS[ kind ];
		const res = await ctx.get( `${ base }${ pathname }`, {
			headers: cookie ? { cookie: `cookieyes-consent=${ cookie }` } : {},
			maxRedirects: 0,
		} );
		return {
			status: res.status(),
			body: await res.body(),
			cache: res.headers()[ 'x-cache' ],
			node: res.headers()[ 'x-upstream' ],
		};
	} finally {
		await ctx.dispose();
	}
}

/** Empties the page cache, as the stack's purge mu-plugin does when content changes (a `BAN` request). */
export async function purgeCache(): Promise< void > {
	const ctx = await playwrightRequest.newContext();
	try {
		const res = await ctx.fetch( `${ CACHE_URL }/`, { method: 'BAN' } );
		expect( res.status(), 'the page cache was emptied' ).toBe( 200 );
	} finally {
		await ctx.dispose();
	}
}

/**
 * Empties the cache, then has it store the page as rendered for one visitor: what every later anonymous
 * visitor of that page is served.
 *
 * @param pathname The page's path.
 * @param kind     The visitor it is rendered for.
 */
export async function cacheRenderedFor(
	pathname: string,
	kind: VisitorKind
): Promise< Fetched > {
	await purgeCache();
	const first = await fetchAs( CACHE_URL, pathname, kind );
	expect( first.status ).toBe( 200 );
	expect( first.cache, `${ pathname } rendered for "${ kind }"` ).toBe(
		'MISS'
	);
	return first;
}

/**
 * The paths of the demo pages: every published post, page or other public post type that a demo script of
 * bin/demo/ made (they carry the meta `_tessera_demo`), and the front page.
 */
export function demoPages(): string[] {
	const out = sitePhp(
		`$ids = get_posts( array( 'post_type' => 'any', 'post_status' => 'publish', 'numberposts' => -1, 'fields' => 'ids', 'meta_key' => '_tessera_demo', 'orderby' => 'ID', 'order' => 'ASC' ) );
		echo wp_json_encode( array_map( static fn ( $id ) => wp_make_link_relative( get_permalink( $id ) ), $ids ) );`
	);
	const paths = JSON.parse( out.split( '\n' ).pop() || '[]' ) as string[];
	return [ '/', ...paths ];
}

/**
 * Where two answers first differ, with some text of each around it: what a failure shows.
 *
 * @param a One body.
 * @param b The other.
 */
export function firstDifference( a: Buffer, b: Buffer ): string {
	let i = 0;
	while ( i < a.length && i < b.length && a[ i ] === b[ i ] ) {
		i++;
	}
	const around = ( x: Buffer ) =>
		JSON.stringify(
			x.subarray( Math.max( 0, i - 60 ), i + 100 ).toString( 'utf8' )
		);
	return `byte ${ i } (of ${ a.length } / ${ b.length }): ${ around(
		a
	) } vs ${ around( b ) }`;
}
