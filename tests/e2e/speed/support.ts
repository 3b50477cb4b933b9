/**
 * Shared helpers for the page-speed suite: the browser specs' `test`, the fake PageSpeed Insights
 * server, the admin-ajax contract of docs/speed.md, post meta read back over REST, and users
 * logged in over HTTP.
 */

/**
 * External dependencies
 */
import {
	request as playwrightRequest,
	type APIRequestContext,
	type APIResponse,
} from '@playwright/test';

/**
 * WordPress dependencies
 */
import {
	test as base,
	expect,
	type RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import type { DeviceMetrics, SpeedConfig } from '../../../src/lib/speed/types';

export type { DeviceMetrics, SpeedConfig };
export { expect };

export const WP_BASE_URL = (
	process.env.WP_BASE_URL || 'http://127.0.0.1:8890'
).replace( /\/$/, '' );
export const FAKE_PSI_URL = (
	process.env.FAKE_PSI_URL || 'http://127.0.0.1:8891'
).replace( /\/$/, '' );
export const AJAX_URL = `${ WP_BASE_URL }/wp-admin/admin-ajax.php`;

/** The messages of the contract (docs/speed.md), English. */
export const MESSAGES = {
	nonce: 'Your session has expired. Reload the page and try again.',
	capability: 'You are not allowed to check page speed.',
	invalidPost: 'Choose a valid post to check.',
	notPublished: 'Only published posts can be checked.',
	running: 'Another speed check is running. Try again when it has finished.',
	unreachable: 'PageSpeed Insights could not be reached.',
	httpError: ( code: number ) =>
		`PageSpeed Insights answered with an error (HTTP ${ code }).`,
	unreadable: 'PageSpeed Insights returned an answer that could not be read.',
} as const;

/** One request the fake PSI server received. */
export interface FakeRequest {
	path: string;
	query: Record< string, string | string[] >;
	receivedAt: number;
	strategy: string | null;
	url: string | null;
	key: string | null;
}

/** The stored `_tessera_speed` meta. */
export interface StoredSpeed {
	checked_at: string;
	desktop: DeviceMetrics;
	mobile: DeviceMetrics;
}

/** An admin-ajax answer: status, raw text and (when it is JSON) the parsed body. */
export interface AjaxAnswer {
	status: number;
	text: string;
	json: unknown;
}

/** Forget what the fake received. */
export async function resetFake(): Promise< void > {
	const ctx = await playwrightRequest.newContext();
	try {
		const res = await ctx.post( `${ FAKE_PSI_URL }/__reset` );
		expect( res.ok(), 'fake PSI server answers /__reset' ).toBe( true );
	} finally {
		await ctx.dispose();
	}
}

/** What the fake received since the last reset. */
export async function fakeRequests(): Promise< FakeRequest[] > {
	const ctx = await playwrightRequest.newContext();
	try {
		const res = await ctx.get( `${ FAKE_PSI_URL }/__requests` );
		expect( res.ok(), 'fake PSI server answers /__requests' ).toBe( true );
		return ( await res.json() ) as FakeRequest[];
	} finally {
		await ctx.dispose();
	}
}

/**
 * Wait until the fake has received at least `count` requests.
 *
 * @param count How many.
 * @return The requests.
 */
export async function waitForFakeRequests(
	count: number
): Promise< FakeRequest[] > {
	let seen: FakeRequest[] = [];
	await expect
		.poll(
			async () => {
				seen = await fakeRequests();
				return seen.length;
			},
			{
				message: `fake PSI received ${ count } requests`,
				timeout: 15_000,
			}
		)
		.toBeGreaterThanOrEqual( count );
	return seen;
}

/**
 * Read `window.tesseraSpeed` from a page's HTML.
 *
 * @param html The page.
 * @return The configuration, or null when the page has none.
 */
export function parseSpeedConfig( html: string ): SpeedConfig | null {
	const match = /tesseraSpeed\s*=\s*(\{[^<]*?\})\s*;/.exec( html );
	if ( ! match ) {
		return null;
	}
	return JSON.parse( match[ 1 ] ) as SpeedConfig;
}

/**
 * The speed configuration (and so a `twb_speed` nonce) of the user of `request`, from an admin page.
 *
 * @param request A logged-in request context.
 * @param path    Page to read it from.
 * @return The configuration.
 */
export async function speedConfig(
	request: APIRequestContext,
	path = '/wp-admin/edit.php'
): Promise< SpeedConfig > {
	const res = await request.get( `${ WP_BASE_URL }${ path }` );
	expect( res.status(), `GET ${ path }` ).toBe( 200 );
	const config = parseSpeedConfig( await res.text() );
	expect( config, `window.tesseraSpeed printed on ${ path }` ).not.toBeNull();
	expect( config!.nonce ).toMatch( /^[0-9a-f]{10}$/ );
	return config!;
}

/**
 * An admin-ajax response as an answer.
 *
 * @param res The response.
 * @return Status, raw text and, when the text is JSON, the parsed body.
 */
async function answerOf( res: APIResponse ): Promise< AjaxAnswer > {
	const text = await res.text();
	let json: unknown;
	try {
		json = JSON.parse( text );
	} catch {
		json = undefined;
	}
	return { status: res.status(), text, json };
}

/**
 * POST to admin-ajax.
 *
 * @param request A request context (logged in or not).
 * @param form    Form fields, `action` included.
 * @return The answer.
 */
export async function ajax(
	request: APIRequestContext,
	form: Record< string, string >
): Promise< AjaxAnswer > {
	return answerOf(
		await request.post( AJAX_URL, { form, timeout: 90_000 } )
	);
}

/**
 * POST a raw form body to admin-ajax (for fields that a plain form cannot express, e.g. arrays).
 *
 * @param request A request context.
 * @param body    The url-encoded body.
 * @return The answer.
 */
export async function ajaxRaw(
	request: APIRequestContext,
	body: string
): Promise< AjaxAnswer > {
	return answerOf(
		await request.post( AJAX_URL, {
			data: body,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		} )
	);
}

/**
 * `twb_check_score` as the spec posts it.
 *
 * @param request A request context.
 * @param postId  The `post_id` field, sent as given.
 * @param nonce   The `twb_nonce` field; left out when undefined.
 * @return The answer.
 */
export function checkScore(
	request: APIRequestContext,
	postId: string | number,
	nonce: string | undefined
): Promise< AjaxAnswer > {
	const form: Record< string, string > = {
		action: 'twb_check_score',
		post_id: String( postId ),
	};
	if ( nonce !== undefined ) {
		form.twb_nonce = nonce;
	}
	return ajax( request, form );
}

/**
 * `twb_notif_check`.
 *
 * @param request A request context.
 * @param nonce   The `twb_nonce` field.
 * @return The answer.
 */
export function notifCheck(
	request: APIRequestContext,
	nonce: string
): Promise< AjaxAnswer > {
	return ajax( request, { action: 'twb_notif_check', twb_nonce: nonce } );
}

/**
 * The speed meta of a post or page, read over REST with `context=edit`.
 *
 * @param requestUtils Admin request utilities.
 * @param id           Post ID.
 * @param type         REST base: posts or pages.
 * @return `_tessera_speed` and `_tessera_speed_error` as REST shows them.
 */
export async function speedMeta(
	requestUtils: RequestUtils,
	id: number,
	type: 'posts' | 'pages' = 'posts'
): Promise< { speed: unknown; error: unknown } > {
	const post = await requestUtils.rest< {
		meta: Record< string, unknown >;
	} >( {
		path: `/wp/v2/${ type }/${ id }`,
		params: { context: 'edit' },
	} );
	expect(
		Object.keys( post.meta ),
		'_tessera_speed is registered for REST'
	).toContain( '_tessera_speed' );
	expect(
		Object.keys( post.meta ),
		'_tessera_speed_error is registered for REST'
	).toContain( '_tessera_speed_error' );
	return {
		speed: post.meta._tessera_speed,
		error: post.meta._tessera_speed_error,
	};
}

/**
 * True when a meta value read over REST holds nothing.
 *
 * @param value REST meta value.
 */
export function isEmptyMeta( value: unknown ): boolean {
	return (
		value === null ||
		value === undefined ||
		value === '' ||
		( Array.isArray( value ) && value.length === 0 ) ||
		( typeof value === 'object' && Object.keys( value ).length === 0 )
	);
}

/**
 * Create a post or page with a slug that steers the fake PSI server.
 *
 * @param requestUtils   Admin request utilities.
 * @param slug           Post slug (the permalink path).
 * @param options        Title, status, REST base.
 * @param options.title
 * @param options.status
 * @param options.type
 * @return ID and permalink.
 */
export async function createSpeedPost(
	requestUtils: RequestUtils,
	slug: string,
	{
		title = `Speed ${ slug }`,
		status = 'publish',
		type = 'posts',
	}: {
		title?: string;
		status?: 'publish' | 'draft' | 'private' | 'pending';
		type?: 'posts' | 'pages';
	} = {}
): Promise< { id: number; link: string } > {
	// WordPress 6.6 core logs "Undefined property: stdClass::$id" (WP_REST_Posts_Controller) when
	// a draft is created over REST with a slug, so a draft gets none (its link is ?p=ID anyway).
	const data: Record< string, string > = {
		title,
		status,
		content: `<!-- wp:paragraph --><p>${ title }</p><!-- /wp:paragraph -->`,
	};
	if ( status === 'publish' ) {
		data.slug = slug;
	}
	const post = await requestUtils.rest< {
		id: number;
		link: string;
		slug: string;
	} >( {
		method: 'POST',
		path: `/wp/v2/${ type }`,
		data,
	} );
	expect( post.slug, 'slug kept as given (no leftover post with it)' ).toBe(
		data.slug ?? post.slug
	);
	return { id: post.id, link: post.link };
}

/**
 * Change a post's slug (so the fake answers differently for it).
 *
 * @param requestUtils Admin request utilities.
 * @param id           Post ID.
 * @param slug         New slug.
 * @param type         REST base.
 * @return The new permalink.
 */
export async function setSlug(
	requestUtils: RequestUtils,
	id: number,
	slug: string,
	type: 'posts' | 'pages' = 'posts'
): Promise< string > {
	const post = await requestUtils.rest< { link: string; slug: string } >( {
		method: 'POST',
		path: `/wp/v2/${ type }/${ id }`,
		data: { slug },
	} );
	expect( post.slug ).toBe( slug );
	return post.link;
}

/**
 * Delete every post and page (all statuses).
 * @param requestUtils
 */
export async function deleteAllContent(
	requestUtils: RequestUtils
): Promise< void > {
	await requestUtils.deleteAllPosts();
	await requestUtils.deleteAllPages();
}

/**
 * The `test` of the browser specs: before each test the fake PSI server forgets what it received, and a test that
 * uses the admin's `page` fails if that page threw an uncaught script error. A test that opens only its own
 * visitors' pages (which check their own errors) or none at all never makes the admin's page: a new page in a new
 * context costs about a second of processor time on two cores (docs/testing.md).
 */
export const test = base.extend< { fakeReset: void } >( {
	fakeReset: [
		async ( {}, use ) => {
			await resetFake();
			await use();
		},
		{ auto: true },
	],
	page: async ( { page }, run ) => {
		const pageErrors: string[] = [];
		page.on( 'pageerror', ( error ) => pageErrors.push( error.message ) );
		await run( page );
		expect( pageErrors, 'no uncaught script errors' ).toEqual( [] );
	},
} );

/** A `beforeAll` / `afterAll` hook that needs only the admin request utilities. */
type ContentHook = ( fixtures: {
	requestUtils: RequestUtils;
} ) => Promise< void >;

/**
 * Start and end the enclosing `describe` with no post or page at all. Call it inside the block.
 *
 * @param suite           The `test` the block is declared with.
 * @param suite.beforeAll
 * @param suite.afterAll
 * @param steps           The block's own set-up and clean-up.
 * @param steps.before    Runs in `beforeAll`, once the content is gone.
 * @param steps.after     Runs in `afterAll`, before the content goes.
 */
export function withNoContent(
	suite: {
		beforeAll: ( hook: ContentHook ) => void;
		afterAll: ( hook: ContentHook ) => void;
	},
	{
		before,
		after,
	}: {
		before?: ( requestUtils: RequestUtils ) => Promise< void >;
		after?: ( requestUtils: RequestUtils ) => Promise< void >;
	} = {}
): void {
	suite.beforeAll( async ( { requestUtils } ) => {
		await deleteAllContent( requestUtils );
		await before?.( requestUtils );
	} );
	suite.afterAll( async ( { requestUtils } ) => {
		await after?.( requestUtils );
		await deleteAllContent( requestUtils );
	} );
}

/**
 * A request context logged in as another user, through wp-login.php.
 *
 * @param username User login.
 * @param password Password.
 * @return The context (dispose it).
 */
export async function loggedInContext(
	username: string,
	password: string
): Promise< APIRequestContext > {
	const ctx = await playwrightRequest.newContext( {
		baseURL: `${ WP_BASE_URL }/`,
		storageState: { cookies: [], origins: [] },
	} );
	const res = await ctx.post( `${ WP_BASE_URL }/wp-login.php`, {
		form: { log: username, pwd: password },
		maxRedirects: 0,
	} );
	expect(
		res.status(),
		`wp-login.php accepts ${ username } (redirect)`
	).toBe( 302 );
	const cookies = ( await ctx.storageState() ).cookies.map( ( c ) => c.name );
	expect(
		cookies.some( ( n ) => n.startsWith( 'wordpress_logged_in_' ) )
	).toBe( true );
	return ctx;
}

/** A request context with no cookies at all. */
export function anonymousContext(): Promise< APIRequestContext > {
	return playwrightRequest.newContext( {
		baseURL: `${ WP_BASE_URL }/`,
		storageState: { cookies: [], origins: [] },
	} );
}

/**
 * Wait until no check runs any more (the lock is free): `twb_notif_check` answers
 * `changeLogo: true` or non-empty html.
 *
 * @param request Admin request context.
 * @param nonce   Admin nonce.
 */
export async function waitUntilIdle(
	request: APIRequestContext,
	nonce: string
): Promise< void > {
	await expect
		.poll(
			async () => {
				const answer = await notifCheck( request, nonce );
				const body = answer.json as
					{ changeLogo?: unknown } | undefined;
				return body?.changeLogo === true;
			},
			{ message: 'no speed check running', timeout: 20_000 }
		)
		.toBe( true );
}
