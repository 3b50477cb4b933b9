/**
 * In-place navigation with front-end AJAX on, and load more (docs/gallery.md, "Navigation — wire"; spec §7 "Gallery
 * paging and navigation", §8): the gallery's links and search form POST the spec's fields to the container's AJAX
 * URL and the answer replaces the container (load more appends); a failure keeps the content and says so; the call
 * itself over HTTP refuses what it did not sign and checks every field.
 */

/**
 * External dependencies
 */
import {
	expect,
	test,
	type APIRequestContext,
	type Page,
} from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, ensureDemo } from '../stats/support';
import { DEMO, shown } from './support';

const MESSAGE = 'Sorry, there was an error loading the next page.';

/** Every field of the call (spec §7) for widget number 3, in the spec's words. */
const SPEC_FIELDS = [
	'bwg-preview-type',
	'gallery_type',
	'gallery_id',
	'tag',
	'album_id',
	'theme_id',
	'shortcode_id',
	'bwg',
	'current_url',
	'page_number_3',
	'bwg_load_more_3',
	'album_gallery_id_3',
	'type_3',
	'title_3',
	'description_3',
	'sortImagesByValue_3',
	'bwg_random_seed_3',
	'bwg_search_3',
	'bwg_album_breadcrumb_3',
	'action_3',
	'bwg_tag_id_bwg_container1_3',
];

/**
 * Marks the page's window, so that a full reload (which would lose the mark) shows.
 *
 * @param page The page.
 */
async function mark( page: Page ): Promise< void > {
	await page.evaluate( () => {
		( window as unknown as { tesseraMark: boolean } ).tesseraMark = true;
	} );
}

/**
 * Whether the window is still the marked one.
 *
 * @param page The page.
 */
async function sameWindow( page: Page ): Promise< boolean > {
	return page.evaluate(
		() =>
			( window as unknown as { tesseraMark?: boolean } ).tesseraMark ===
			true
	);
}

/**
 * The container's signed settings and the call's address, read from the demo page.
 *
 * @param request A request context.
 * @param number  Widget number.
 */
async function signed(
	request: APIRequestContext,
	number: number
): Promise< { url: string; id: string } > {
	const html = await ( await request.get( DEMO ) ).text();
	const tag = new RegExp(
		`<div[^>]*id="bwg_container1_${ number }"[^>]*>`
	).exec( html )?.[ 0 ];
	const attribute = ( name: string ) =>
		( new RegExp( `${ name }="([^"]*)"` ).exec( tag || '' )?.[ 1 ] || '' )
			.replace( /&amp;/g, '&' )
			.replace( /&#038;/g, '&' );
	return {
		url: attribute( 'data-ajax-url' ),
		id: attribute( 'data-shortcode-id' ),
	};
}

test.describe( 'gallery: in place with AJAX on', { tag: '@visitor' }, () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	for ( const width of [ 1280, 360 ] ) {
		test( `load more appends in place, then ends (${ width } px)`, async ( {
			browser,
		} ) => {
			const { context, page } = await consentingVisitor( browser, {
				viewport: { width, height: 900 },
			} );
			await page.goto( DEMO );
			await mark( page );
			const gallery = page.locator( '#bwg_container1_2' );
			const first = await shown( gallery );
			expect( first ).toHaveLength( 12 );
			const before = page.url();

			const more = gallery.getByRole( 'link', { name: 'Load more' } );
			await more.click();
			await expect(
				gallery.locator( '.tessera-gallery__item' )
			).toHaveCount( 24 );
			expect( ( await shown( gallery ) ).slice( 0, 12 ) ).toEqual(
				first
			);
			await expect(
				gallery.locator( '.tessera-gallery__count' )
			).toHaveText( 'Showing 24 of 40 images' );
			expect( await sameWindow( page ) ).toBe( true );
			expect( page.url() ).toBe( before );
			// The keyboard continues at the first new image.
			const focused = await gallery.evaluate(
				( element ) =>
					element.ownerDocument.activeElement
						?.closest( '.tessera-gallery__item' )
						?.getAttribute( 'data-image-id' ) || ''
			);
			expect( focused ).toBe( ( await shown( gallery ) )[ 12 ] );

			// The same by keyboard, to the end: all 40, no duplicates, no more link.
			await more.focus();
			await page.keyboard.press( 'Enter' );
			await expect(
				gallery.locator( '.tessera-gallery__item' )
			).toHaveCount( 36 );
			await more.click();
			await expect(
				gallery.locator( '.tessera-gallery__item' )
			).toHaveCount( 40 );
			expect( new Set( await shown( gallery ) ).size ).toBe( 40 );
			await expect( more ).toHaveCount( 0 );
			await expect(
				gallery.locator( '.tessera-gallery__count' )
			).toHaveText( 'Showing 40 of 40 images' );
			await context.close();
		} );
	}

	test( 'paging and sort replace the container with the spec’s fields; the other galleries keep theirs', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser );
		await page.goto( DEMO );
		await mark( page );
		const mosaic = page.locator( '#bwg_container1_3' );
		const masonry = page.locator( '#bwg_container1_2' );
		const masonryFirst = await shown( masonry );
		const pageOne = await shown( mosaic );

		const call = page.waitForRequest(
			( request ) =>
				request.method() === 'POST' &&
				request.url().includes( 'action=tessera_gallery_page' )
		);
		await mosaic.getByRole( 'link', { name: 'Page 2' } ).click();
		const fields = new URLSearchParams( ( await call ).postData() || '' );
		expect( [ ...fields.keys() ].sort() ).toEqual(
			[ ...SPEC_FIELDS ].sort()
		);
		expect( fields.get( 'bwg' ) ).toBe( '3' );
		expect( fields.get( 'page_number_3' ) ).toBe( '2' );
		expect( fields.get( 'bwg_load_more_3' ) ).toBe( '0' );
		expect( fields.get( 'gallery_type' ) ).toBe( 'mosaic' );

		await expect( mosaic.locator( '[aria-current="page"]' ) ).toContainText(
			'2'
		);
		const pageTwo = await shown( mosaic );
		expect( pageTwo ).toHaveLength( 15 );
		expect( pageTwo.filter( ( id ) => pageOne.includes( id ) ) ).toEqual(
			[]
		);
		expect( await sameWindow( page ) ).toBe( true );
		expect( await shown( masonry ) ).toEqual( masonryFirst );

		// What the address would show for page 2 is what came in place.
		const byAddress = await context.newPage();
		await byAddress.goto( `${ DEMO }?page_number_3=2` );
		expect(
			await shown( byAddress.locator( '#bwg_container1_3' ) )
		).toEqual( pageTwo );

		// Sort by title in place: the first page of that order.
		await mosaic.getByLabel( 'Sort by' ).selectOption( 'title' );
		const sorted = page.waitForResponse( ( response ) =>
			response.url().includes( 'action=tessera_gallery_page' )
		);
		await mosaic.getByRole( 'button', { name: 'Show' } ).click();
		expect( ( await sorted ).status() ).toBe( 200 );
		await expect( mosaic.locator( '[aria-current="page"]' ) ).toContainText(
			'1'
		);
		await byAddress.goto( `${ DEMO }?sort_by_3=title` );
		expect( await shown( mosaic ) ).toEqual(
			await shown( byAddress.locator( '#bwg_container1_3' ) )
		);
		expect( await sameWindow( page ) ).toBe( true );
		await context.close();
	} );

	test( 'search and tags in place; a failed call keeps the content and says so', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser );
		await page.goto( DEMO );
		await mark( page );
		const gallery = page.locator( '#bwg_container1_2' );
		const tags = gallery.locator( '.tessera-gallery__tags a' );
		const tag = ( await tags.nth( 1 ).textContent() ) || '';
		await tags.nth( 1 ).click();
		await expect(
			gallery.getByRole( 'link', { name: tag, exact: true } )
		).toHaveAttribute( 'aria-current', 'true' );
		const tagged = await shown( gallery );
		expect( tagged.length ).toBeGreaterThan( 0 );
		expect( tagged.length ).toBeLessThan( 40 );

		await gallery
			.getByRole( 'searchbox', { name: 'Search' } )
			.fill( 'zzzz no such image zzzz' );
		await gallery
			.getByRole( 'searchbox', { name: 'Search' } )
			.press( 'Enter' );
		await expect( gallery.getByText( 'No images match.' ) ).toBeVisible();
		expect( await sameWindow( page ) ).toBe( true );

		// The server fails: the content stays, an alert says what the spec says.
		await page.goto( DEMO );
		await mark( page );
		const kept = await shown( gallery );
		await page.route( /action=tessera_gallery_page/, ( route ) =>
			route.fulfill( { status: 500, body: 'oops' } )
		);
		await gallery.getByRole( 'link', { name: 'Load more' } ).click();
		await expect( gallery.getByRole( 'alert' ) ).toHaveText( MESSAGE );
		expect( await shown( gallery ) ).toEqual( kept );
		expect( await sameWindow( page ) ).toBe( true );
		await context.close();
	} );

	test( 'an album in place: a sub-album, a gallery in it, its pages, Back one level, the breadcrumb', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			viewport: { width: 360, height: 800 },
		} );
		await page.goto( DEMO );
		await mark( page );
		const album = page.locator( '#bwg_container1_9' );
		const titles = () =>
			album.locator( '.tessera-album__title' ).allTextContents();
		expect( await titles() ).toEqual( [
			'Landscapes',
			'Towns and favourites',
			'A few favourites',
		] );
		const call = page.waitForRequest( /action=tessera_gallery_page/ );
		await album.getByRole( 'link', { name: 'Landscapes' } ).click();
		const fields = new URLSearchParams( ( await call ).postData() || '' );
		expect( fields.get( 'type_9' ) ).toBe( 'album' );
		expect( fields.get( 'album_gallery_id_9' ) ).toMatch( /^\d+$/ );
		expect( fields.get( 'album_id' ) ).toMatch( /^\d+$/ );
		await expect
			.poll( titles )
			.toEqual( [ 'By the sea', 'Mountains', 'All demo images' ] );

		await album.getByRole( 'link', { name: 'All demo images' } ).click();
		const crumbs = album.getByRole( 'navigation', { name: /breadcrumb$/ } );
		await expect( crumbs.locator( '[aria-current="page"]' ) ).toHaveText(
			'All demo images'
		);
		const pageOne = await shown( album );
		await album.getByRole( 'link', { name: 'Page 2' } ).click();
		await expect(
			album.locator( '.tessera-gallery__paging [aria-current="page"]' )
		).toContainText( '2' );
		const pageTwo = await shown( album );
		expect( pageTwo.some( ( id ) => pageOne.includes( id ) ) ).toBe(
			false
		);

		// Back: one level up, with the spec's action field.
		const back = page.waitForRequest( /action=tessera_gallery_page/ );
		await album.getByRole( 'link', { name: 'Back' } ).click();
		expect(
			new URLSearchParams( ( await back ).postData() || '' ).get(
				'action_9'
			)
		).toBe( 'back' );
		await expect
			.poll( titles )
			.toEqual( [ 'By the sea', 'Mountains', 'All demo images' ] );
		await crumbs
			.getByRole( 'link', { name: 'An album of albums' } )
			.click();
		await expect
			.poll( titles )
			.toEqual( [
				'Landscapes',
				'Towns and favourites',
				'A few favourites',
			] );
		expect( await sameWindow( page ) ).toBe( true );
		expect( new URL( page.url() ).search ).toBe( '' );
		await context.close();
	} );

	test( 'without the script, load more is an address that shows every page up to it', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		await page.goto( DEMO );
		const gallery = page.locator( '#bwg_container1_2' );
		await gallery.getByRole( 'link', { name: 'Load more' } ).click();
		await expect( page ).toHaveURL( /page_number_2=2/ );
		await expect( gallery.locator( '.tessera-gallery__item' ) ).toHaveCount(
			24
		);
		await expect( gallery.locator( '.tessera-gallery__count' ) ).toHaveText(
			'Showing 24 of 40 images'
		);
		await context.close();
	} );
} );

test.describe(
	'gallery: the navigation call over HTTP',
	{ tag: '@visitor' },
	() => {
		test.beforeAll( () => {
			ensureDemo();
		} );

		test( 'answers only what the site signed, and checks every field', async ( {
			request,
		} ) => {
			const { url, id } = await signed( request, 3 );
			expect( url ).toContain(
				'admin-ajax.php?action=tessera_gallery_page'
			);
			const base = {
				shortcode_id: id,
				bwg: '3',
				current_url: new URL( DEMO, url ).href,
			};
			const post = ( form: Record< string, string > ) =>
				request.post( url, { form } );

			const good = await post( { ...base, page_number_3: '2' } );
			expect( good.status() ).toBe( 200 );
			const html = await good.text();
			expect( html ).toMatch( /^<div[^>]*id="bwg_container1_3"/ );
			expect( html ).toContain( 'aria-current="page"' );

			// Tampered or foreign settings, a bad widget number, another site's page: the message, 400.
			const [ payload, mac ] = id.split( '.' );
			const forged = Buffer.from(
				JSON.stringify( { b: 'tessera/gallery', a: { galleryId: 1 } } )
			).toString( 'base64url' );
			for ( const form of [
				{ ...base, shortcode_id: `${ forged }.${ mac }` },
				{ ...base, shortcode_id: `${ payload }.` },
				{ ...base, shortcode_id: '' },
				{ ...base, bwg: 'abc' },
				{ ...base, bwg: '100' },
				{ ...base, bwg: '-1' },
				{ ...base, current_url: 'https://evil.example/demo-gallery/' },
				{ ...base, current_url: 'javascript:alert(1)' },
			] ) {
				const answer = await post( form );
				expect( answer.status(), JSON.stringify( form ) ).toBe( 400 );
				expect( await answer.text() ).toBe( MESSAGE );
			}

			// Script and SQL in the state: shown as text or ignored, never an error page.
			const payloads = {
				bwg_search_3: "<script>alert(1)</script>' OR 1=1 -- ",
				sortImagesByValue_3: 'title; DROP TABLE wp_posts',
				bwg_tag_id_bwg_container1_3: '1 OR 1=1,<b>',
				page_number_3: '99999999999',
				bwg_random_seed_3: 'x',
			};
			const searchable = await signed( request, 2 );
			const hostile = await post( {
				shortcode_id: searchable.id,
				bwg: '2',
				current_url: base.current_url,
				...Object.fromEntries(
					Object.entries( payloads ).map( ( [ name, value ] ) => [
						name.replace( /_3$/, '_2' ),
						value,
					] )
				),
			} );
			expect( hostile.status() ).toBe( 200 );
			const text = await hostile.text();
			expect( text ).not.toContain( '<script>alert(1)' );
			expect( text ).toContain( 'No images match.' );
			// Tags stripped from the search, what is left shown escaped in the field.
			expect( text ).toContain( 'value="&#039; OR 1=1 --"' );

			// An oversized page number shows the last page.
			const last = await post( {
				...base,
				page_number_3: '99999999999',
			} );
			expect( await last.text() ).toMatch(
				/aria-current="page"[^>]*>(?:<[^>]+>)*Page 3</
			);
		} );
	}
);
