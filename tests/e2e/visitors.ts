/**
 * Anonymous visitors who carry different cookies, and the check that a page (or a public call) answers them
 * the same bytes (GUIDE §2.1: a full-page cache keeps one copy of a page for everyone who is not logged in,
 * usually without looking at cookies). Used by the gallery, lightbox, statistics and page-speed cache specs.
 *
 * The consent states (accepted, rejected, a custom choice, CCPA opt-out) are the consent feature's visitors; the
 * production-shaped stack's cache test fetches every demo page as those too.
 */

/**
 * External dependencies
 */
import {
	expect,
	request as playwrightRequest,
	type APIRequestContext,
	type APIResponse,
} from '@playwright/test';

/**
 * Internal dependencies
 */
import { WP_BASE_URL } from './speed/support';

/** A visitor: a name for the messages and the `Cookie` header their browser sends ('' for none). */
export interface Visitor {
	name: string;
	cookie: string;
}

/**
 * Logged-out visitors whose cookies a page must not depend on: none at all; a returning commenter (WordPress
 * prefills the comment form from these); what a logged-out WordPress leaves behind, with a logged-in cookie that
 * no longer verifies; a password-protected post's cookie; an analytics cookie; a consent cookie that records no
 * choice (malformed: a first visit).
 */
export const VISITORS: readonly Visitor[] = [
	{ name: 'no cookie', cookie: '' },
	{
		name: 'a returning commenter',
		cookie: 'comment_author_0a1b2c=Alice; comment_author_email_0a1b2c=alice%40example.org; comment_author_url_0a1b2c=https%3A%2F%2Fexample.org',
	},
	{
		name: 'a logged-out user (stale auth cookie, settings, test cookie)',
		cookie: 'wordpress_test_cookie=WP%20Cookie%20check; wp-settings-1=libraryContent%3Dbrowse; wp-settings-time-1=1700000000; wordpress_logged_in_0a1b2c=admin%7C1700000000%7Cforged%7Cforged',
	},
	{
		name: 'a visitor who opened a password-protected post',
		cookie: 'wp-postpass_0a1b2c=%24P%24Bforgedforgedforgedforged',
	},
	{
		name: 'an analytics visitor',
		cookie: '_ga=GA1.1.123456789.1700000000; _gid=GA1.1.987654321.1700000000',
	},
	{ name: 'a malformed consent cookie', cookie: 'cookieyes-consent=%%%' },
];

/**
 * A request context with no cookies of its own (each request names its visitor's).
 *
 * @return The context (dispose it).
 */
export function anonymous(): Promise< APIRequestContext > {
	return playwrightRequest.newContext( {
		baseURL: WP_BASE_URL,
		storageState: { cookies: [], origins: [] },
	} );
}

/**
 * A GET as a visitor.
 *
 * @param http    A cookie-less context (anonymous()).
 * @param url     Address.
 * @param visitor Whose cookies.
 * @return The answer.
 */
export function getAs(
	http: APIRequestContext,
	url: string,
	visitor: Visitor
): Promise< APIResponse > {
	return http.get( url, {
		headers: visitor.cookie ? { Cookie: visitor.cookie } : {},
		maxRedirects: 0,
	} );
}

/**
 * Fetches an address as every visitor and expects one status and byte-identical bodies (nothing excluded).
 *
 * @param http  A cookie-less context (anonymous()).
 * @param url   Address.
 * @param fetch How each visitor asks (a GET by default).
 * @return The body every visitor got.
 */
export async function expectSameBytes(
	http: APIRequestContext,
	url: string,
	fetch: ( visitor: Visitor ) => Promise< APIResponse > = ( visitor ) =>
		getAs( http, url, visitor )
): Promise< string > {
	const first = await fetch( VISITORS[ 0 ]! );
	expect( first.status(), `${ url }: answered` ).toBe( 200 );
	const body = await first.text();
	for ( const visitor of VISITORS.slice( 1 ) ) {
		const answer = await fetch( visitor );
		expect( answer.status(), `${ url } as ${ visitor.name }` ).toBe( 200 );
		const other = await answer.text();
		// A diff-sized message: the first line that differs, not two pages of HTML.
		const a = body.split( '\n' );
		const b = other.split( '\n' );
		const line = a.findIndex( ( text, i ) => text !== b[ i ] );
		const excerpt = ( text = '' ): string => text.slice( 0, 400 );
		expect(
			other === body
				? ''
				: `line ${ line + 1 }: ${ excerpt( b[ line ] ) }`,
			`${ url } as ${ visitor.name }: the same bytes as with no cookie (${ excerpt( a[ line ] ) })`
		).toBe( '' );
	}
	return body;
}
