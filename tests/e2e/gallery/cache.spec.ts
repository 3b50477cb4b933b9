/**
 * Galleries, albums and the lightbox behind a page cache (issue 19; docs/gallery.md and docs/lightbox.md, "Behind a
 * page cache and on several nodes"), over HTTP, no browser: every anonymous visitor gets the same bytes of the demo
 * page in each of its states and of the public calls, and every public call says how long it may be kept.
 */

/**
 * External dependencies
 */
import type { APIRequestContext } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import { ensureDemo } from '../stats/support';
import { anonymous, expectSameBytes, getAs, VISITORS } from '../visitors';
import { DEMO } from './support';

/** What the first gallery with in-place navigation on the page names for its calls. */
interface NavCall {
	number: string;
	ajaxUrl: string;
	signed: string;
}

/**
 * An attribute value as the browser reads it (WordPress writes `&` in addresses as `&#038;`).
 *
 * @param value Attribute text.
 */
const decode = ( value: string ): string =>
	value.replace( /&#0?38;|&amp;/g, '&' ).replace( /&quot;/g, '"' );

/**
 * The first in-place navigation container of a page.
 *
 * @param html The page.
 */
function navCall( html: string ): NavCall {
	const match =
		/id="bwg_container1_(\d+)"[^>]*data-ajax-url="([^"]+)" data-shortcode-id="([^"]+)"/.exec(
			html
		);
	expect(
		match,
		'the demo page has a gallery that navigates in place'
	).not.toBeNull();
	return {
		number: match![ 1 ]!,
		ajaxUrl: decode( match![ 2 ]! ),
		signed: decode( match![ 3 ]! ),
	};
}

/**
 * The lightbox call of the page's first gallery, for its first image.
 *
 * @param html The page.
 */
function lightboxCall( html: string ): string {
	const url = /id="bwg_container1_0"[^>]*data-lightbox-url="([^"]+)"/.exec(
		html
	);
	const image = /data-image-id="(\d+)"/.exec( html );
	expect( url, 'the first gallery opens the lightbox' ).not.toBeNull();
	expect( image ).not.toBeNull();
	return `${ decode( url![ 1 ]! ) }&image_id=${ image![ 1 ] }`;
}

test.describe(
	'galleries and the lightbox behind a page cache',
	{ tag: '@visitor' },
	() => {
		let http: APIRequestContext;
		let html: string;

		test.beforeAll( async () => {
			ensureDemo();
			http = await anonymous();
			html = await ( await http.get( DEMO ) ).text();
		} );

		test.afterAll( async () => {
			await http.dispose();
		} );

		test( 'every visitor gets the same bytes: the demo page, its states, an album item, the lightbox and a page call', async () => {
			await expectSameBytes( http, DEMO );
			// A random order made without a seed in the address: the seed is the day's, not drawn per render.
			const random = await expectSameBytes(
				http,
				`${ DEMO }?sort_by_0=random`
			);
			expect( random ).toMatch( /bwg_random_seed_0=\d+/ );
			await expectSameBytes(
				http,
				`${ DEMO }?page_number_0=2&bwg_search_0=demo&sort_by_1=title`
			);
			// An album's gallery, opened by its card's address.
			const item = /href="([^"]*type_\d+=gallery[^"]*)"/.exec( html );
			expect( item, 'the album shows a gallery card' ).not.toBeNull();
			await expectSameBytes(
				http,
				decode( item![ 1 ]! ).replace( /#.*$/, '' )
			);

			await expectSameBytes( http, lightboxCall( html ) );

			const nav = navCall( html );
			await expectSameBytes( http, nav.ajaxUrl, ( visitor ) =>
				http.post( nav.ajaxUrl, {
					headers: visitor.cookie ? { Cookie: visitor.cookie } : {},
					form: {
						bwg: nav.number,
						shortcode_id: nav.signed,
						current_url: DEMO,
						[ `page_number_${ nav.number }` ]: '2',
					},
				} )
			);
		} );

		test( 'every call says how long it may be kept: the lightbox 5 minutes, the rest never', async () => {
			const visitor = VISITORS[ 1 ]!;
			const lightbox = lightboxCall( html );
			const ok = await getAs( http, lightbox, visitor );
			expect( ok.status() ).toBe( 200 );
			expect( ok.headers()[ 'cache-control' ] ).toBe(
				'public, max-age=300'
			);
			expect( ok.headers().expires ).toBeUndefined();
			const notModified = await http.get( lightbox, {
				headers: { 'If-None-Match': ok.headers().etag ?? '' },
			} );
			expect( notModified.status() ).toBe( 304 );
			expect( notModified.headers()[ 'cache-control' ] ).toBe(
				'public, max-age=300'
			);
			const missing = await getAs(
				http,
				lightbox.replace( /image_id=\d+/, 'image_id=999999999' ),
				visitor
			);
			expect( missing.status() ).toBe( 404 );
			expect( missing.headers()[ 'cache-control' ] ).toBe( 'no-store' );
			const post = await http.post( lightbox );
			expect( post.status() ).toBe( 405 );
			expect( post.headers()[ 'cache-control' ] ).toBe( 'no-store' );

			// The page call is a POST (spec §7): never kept, its refusals neither, nor a GET to its address.
			const nav = navCall( html );
			const fields = {
				bwg: nav.number,
				shortcode_id: nav.signed,
				current_url: DEMO,
			};
			const page = await http.post( nav.ajaxUrl, { form: fields } );
			expect( page.status() ).toBe( 200 );
			expect( page.headers()[ 'cache-control' ] ).toBe( 'no-store' );
			expect( page.headers().expires ).toBeUndefined();
			const forged = await http.post( nav.ajaxUrl, {
				form: { ...fields, shortcode_id: `${ nav.signed }x` },
			} );
			expect( forged.status() ).toBe( 400 );
			expect( forged.headers()[ 'cache-control' ] ).toBe( 'no-store' );
			const get = await http.get( nav.ajaxUrl );
			expect( get.status() ).toBe( 400 );
			expect( get.headers()[ 'cache-control' ] ).toBe( 'no-store' );
		} );
	}
);
