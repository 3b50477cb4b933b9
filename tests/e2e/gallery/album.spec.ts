/**
 * The album block as a visitor and an editor use it (docs/gallery.md, "Blocks"; spec §2 album back, §3 album
 * breadcrumb): on /demo-gallery/ the album "An album of albums" is widget 8. A visitor opens a sub-album, then a
 * gallery inside it, pages in it, goes back to the top with the breadcrumb, and with Back: through history after
 * a page of the site, or to the address trimmed before the album type marker when there is no such referrer.
 * Columns follow the width; nothing shifts. An editor builds an album of two galleries and reorders them.
 */

/**
 * External dependencies
 */
import type { Locator, Page } from '@playwright/test';

/**
 * WordPress dependencies
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { withoutWebFonts } from '../consent/support';
import { consentingVisitor, ensureDemo } from '../stats/support';
import { DEMO, shown } from './support';

/** The album's container on the demo page. */
const ALBUM = '#bwg_container1_8';

/**
 * The cards an album level shows, by title.
 *
 * @param album The album's container.
 */
async function cards( album: Locator ): Promise< string[] > {
	return album.locator( '.tessera-album__title' ).allTextContents();
}

/**
 * A parameter of the page's address.
 *
 * @param page The page.
 * @param name The parameter.
 */
function param( page: Page, name: string ): string | null {
	return new URL( page.url() ).searchParams.get( name );
}

/** A 1 x 1 GIF. */
const PIXEL = Buffer.from(
	'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
	'base64'
);

/**
 * Serves every upload of the page as one tiny picture: the navigation tests do not wait for the demo's many
 * images to load (the layout test loads the real ones).
 *
 * @param page The page.
 */
async function tinyImages( page: Page ): Promise< void > {
	await page.route( /\/wp-content\/uploads\//, ( route ) =>
		route.fulfill( { contentType: 'image/gif', body: PIXEL } )
	);
}

/**
 * How many columns the album's grid lays out.
 *
 * @param album The album's container.
 */
async function columns( album: Locator ): Promise< number > {
	return album
		.locator( '.tessera-album__grid' )
		.evaluate(
			( grid ) =>
				getComputedStyle( grid )
					.gridTemplateColumns.split( ' ' )
					.filter( Boolean ).length
		);
}

test.describe( 'album block', () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test(
		'open a sub-album, a gallery in it, page, breadcrumb to the top; Back through history',
		{ tag: '@visitor' },
		async ( { browser } ) => {
			const { context, page, errors } =
				await consentingVisitor( browser );
			await tinyImages( page );
			await page.goto( DEMO );
			const album = page.locator( ALBUM );
			await expect( album ).toHaveAttribute( 'data-album-id', /^\d+$/ );
			await expect
				.poll( () => cards( album ) )
				.toEqual( [
					'Landscapes',
					'Towns and favourites',
					'A few favourites',
				] );
			await expect(
				album.getByRole( 'navigation', { name: /breadcrumb$/ } )
			).toHaveCount( 0 );

			// A sub-album: its own cards, under a breadcrumb.
			await album.getByRole( 'link', { name: 'Landscapes' } ).click();
			await expect( page ).toHaveURL( /type_8=album/ );
			await expect
				.poll( () => cards( album ) )
				.toEqual( [ 'By the sea', 'Mountains', 'All demo images' ] );
			const crumbs = album.getByRole( 'navigation', {
				name: 'An album of albums: breadcrumb',
			} );
			await expect( crumbs.getByRole( 'link' ) ).toHaveText( [
				'An album of albums',
			] );
			await expect(
				crumbs.locator( '[aria-current="page"]' )
			).toHaveText( 'Landscapes' );

			// A gallery of the sub-album, in the album's container, with its own pages.
			await album
				.getByRole( 'link', { name: 'All demo images' } )
				.click();
			await expect( page ).toHaveURL( /type_8=gallery/ );
			await expect( crumbs.getByRole( 'link' ) ).toHaveText( [
				'An album of albums',
				'Landscapes',
			] );
			await expect(
				crumbs.locator( '[aria-current="page"]' )
			).toHaveText( 'All demo images' );
			const pageOne = await shown( album );
			expect( pageOne.length ).toBeGreaterThan( 0 );
			await album.getByRole( 'link', { name: 'Page 2' } ).click();
			await expect( page ).toHaveURL( /page_number_8=2/ );
			expect( param( page, 'type_8' ) ).toBe( 'gallery' );
			await expect(
				album.locator(
					'.tessera-gallery__paging [aria-current="page"]'
				)
			).toContainText( '2' );
			const pageTwo = await shown( album );
			expect( pageTwo.length ).toBeGreaterThan( 0 );
			expect( pageTwo.some( ( id ) => pageOne.includes( id ) ) ).toBe(
				false
			);
			// The other galleries of the page kept their first page.
			await expect(
				page.locator( '#bwg_container1_0 .tessera-gallery__item' )
			).toHaveCount( 12 );

			// The breadcrumb's middle level, then the top.
			await crumbs.getByRole( 'link', { name: 'Landscapes' } ).click();
			await expect
				.poll( () => cards( album ) )
				.toEqual( [ 'By the sea', 'Mountains', 'All demo images' ] );
			await crumbs
				.getByRole( 'link', { name: 'An album of albums' } )
				.click();
			await expect( page ).not.toHaveURL( /type_8=/ );
			await expect.poll( () => cards( album ) ).toHaveLength( 3 );

			// Back after a page of this site: history, one step (the sub-album, not the top).
			await album.getByRole( 'link', { name: 'Landscapes' } ).click();
			await expect( page ).toHaveURL( /type_8=album/ );
			const subAlbum = page.url();
			await album.getByRole( 'link', { name: 'Mountains' } ).click();
			await expect( page ).toHaveURL( /type_8=gallery/ );
			await album.getByRole( 'link', { name: 'Back' } ).click();
			await expect( page ).toHaveURL( subAlbum );
			await expect
				.poll( () => cards( album ) )
				.toEqual( [ 'By the sea', 'Mountains', 'All demo images' ] );
			expect( errors ).toEqual( [] );
			await context.close();
		}
	);

	test(
		'Back with no referrer reloads the address trimmed before the album type marker',
		{ tag: '@visitor' },
		async ( { browser } ) => {
			// Find the deep address as a visitor would, then open it in a fresh tab with no referrer.
			const first = await consentingVisitor( browser, {
				javaScriptEnabled: false,
			} );
			await tinyImages( first.page );
			await first.page.goto( `${ DEMO }?page_number_0=2` );
			const album = first.page.locator( ALBUM );
			await album.getByRole( 'link', { name: 'Landscapes' } ).click();
			await album.getByRole( 'link', { name: 'Mountains' } ).click();
			const deep = new URL( first.page.url() );
			expect( deep.searchParams.get( 'page_number_0' ) ).toBe( '2' );
			// The album's own parameters are the tail of the address.
			expect( [ ...deep.searchParams.keys() ] ).toEqual( [
				'page_number_0',
				'type_8',
				'album_gallery_id_8',
				'bwg_album_breadcrumb_8',
			] );
			await first.context.close();

			const { context, page, errors } =
				await consentingVisitor( browser );
			await tinyImages( page );
			await page.goto( deep.href );
			expect( await page.evaluate( () => document.referrer ) ).toBe( '' );
			const opened = page.locator( ALBUM );
			await expect(
				opened.locator( '.tessera-gallery__item' )
			).not.toHaveCount( 0 );
			await opened.getByRole( 'link', { name: 'Back' } ).click();
			await expect( page ).not.toHaveURL( /type_8=/ );
			const back = new URL( page.url() );
			expect( back.pathname + back.search ).toBe(
				`${ DEMO }?page_number_0=2`
			);
			expect( back.hash ).toBe( ALBUM );
			await expect.poll( () => cards( opened ) ).toHaveLength( 3 );
			expect( errors ).toEqual( [] );
			await context.close();
		}
	);

	test( 'columns follow the width, narrow and wide, and nothing shifts while the previews load', async ( {
		browser,
	} ) => {
		for ( const width of [ 360, 1280 ] ) {
			const { context, page, errors } = await consentingVisitor(
				browser,
				{
					viewport: { width, height: 800 },
				}
			);
			await withoutWebFonts( page, DEMO );
			await page.addInitScript( () => {
				( window as unknown as { shift: number } ).shift = 0;
				new PerformanceObserver( ( list ) => {
					for ( const entry of list.getEntries() as Array<
						PerformanceEntry & {
							value: number;
							hadRecentInput: boolean;
						}
					> ) {
						// The album's own shifts: the galleries above it have tests of their own.
						const inAlbum = (
							(
								entry as unknown as {
									sources?: Array< { node?: Node | null } >;
								}
							 ).sources || []
						).some( ( source ) =>
							Boolean(
								source.node instanceof Element &&
								source.node.closest( '#bwg_container1_8' )
							)
						);
						if ( ! entry.hadRecentInput && inAlbum ) {
							( window as unknown as { shift: number } ).shift +=
								entry.value;
						}
					}
				} ).observe( { type: 'layout-shift', buffered: true } );
			} );
			await page.goto( DEMO, { waitUntil: 'load' } );
			const album = page.locator( ALBUM );
			await album.scrollIntoViewIfNeeded();
			await expect
				.poll( () =>
					album
						.locator( 'img' )
						.evaluateAll( ( images ) =>
							( images as HTMLImageElement[] ).every(
								( image ) => image.complete
							)
						)
				)
				.toBe( true );
			const inner = await album.evaluate(
				( element ) => element.clientWidth
			);
			expect( await columns( album ), `${ width } px` ).toBe(
				Math.min( 4, Math.floor( inner / 250 ) + 1 )
			);
			// Nothing wider than the album.
			expect(
				await album.evaluate(
					( element ) => element.scrollWidth <= element.clientWidth
				)
			).toBe( true );
			// Each compact card keeps the item's proportions (250 x 180).
			const box = await album
				.locator( '.tessera-album__frame' )
				.first()
				.boundingBox();
			expect(
				Math.abs(
					( box?.width || 0 ) / ( box?.height || 1 ) - 250 / 180
				)
			).toBeLessThan( 0.02 );
			expect(
				await page.evaluate(
					() => ( window as unknown as { shift: number } ).shift
				),
				`${ width } px`
			).toBeLessThan( 0.001 );
			expect( errors ).toEqual( [] );
			await context.close();
		}
	} );

	test( 'an editor creates an album, adds two galleries, reorders them and sees the preview', async ( {
		admin,
		editor,
		page,
		requestUtils,
	} ) => {
		const title = `Album e2e ${ Date.now() }`;
		await admin.createNewPost( { title } );
		await editor.insertBlock( { name: 'tessera/album' } );
		const block = editor.canvas.getByRole( 'document', {
			name: 'Block: Album',
		} );
		await block.getByLabel( 'New album title' ).fill( title );
		await block.getByRole( 'button', { name: 'Create an album' } ).click();
		await expect( block.getByText( 'This album is empty' ) ).toBeVisible();

		const found = await requestUtils.rest< Array< { id: number } > >( {
			path: '/wp/v2/tessera-albums',
			params: { context: 'edit', search: title, status: 'publish' },
		} );
		expect( found ).toHaveLength( 1 );
		const albumId = found[ 0 ]?.id || 0;
		try {
			await editor.openDocumentSettingsSidebar();
			await editor.selectBlocks( block );
			const settings = page.getByRole( 'region', {
				name: 'Editor settings',
			} );
			const add = async ( name: string ) => {
				const box = settings.getByRole( 'combobox', {
					name: 'Add a gallery',
				} );
				await box.fill( name );
				await settings
					.getByRole( 'option', { name, exact: true } )
					.click();
			};
			await add( 'By the sea' );
			await expect(
				settings
					.getByRole( 'listitem' )
					.filter( { hasText: 'Gallery: By the sea' } )
			).toBeVisible();
			await add( 'Mountains' );
			const list = settings.getByRole( 'list', { name: 'Album items' } );
			await expect( list.getByRole( 'listitem' ) ).toHaveText( [
				'Gallery: By the sea',
				'Gallery: Mountains',
			] );

			// The preview: the server render of the album, both galleries in order.
			const preview = block.locator( '.tessera-album__title' );
			await expect( preview ).toHaveText( [ 'By the sea', 'Mountains' ] );

			// Reorder with the keyboard: Mountains up.
			const up = list.getByRole( 'button', {
				name: 'Move up: Gallery: Mountains',
			} );
			await up.focus();
			await page.keyboard.press( 'Enter' );
			await expect( list.getByRole( 'listitem' ) ).toHaveText( [
				'Gallery: Mountains',
				'Gallery: By the sea',
			] );
			await expect( up ).toBeFocused();
			await expect( up ).toHaveAttribute( 'aria-disabled', 'true' );
			await expect( preview ).toHaveText( [ 'Mountains', 'By the sea' ] );

			// Saved to the album itself, in that order.
			await expect
				.poll( async () => {
					const record = await requestUtils.rest< {
						meta: {
							_tessera_album_items: Array< { type: string } >;
						};
						title: { raw: string };
					} >( {
						path: `/wp/v2/tessera-albums/${ albumId }`,
						params: { context: 'edit' },
					} );
					return record.meta._tessera_album_items.length;
				} )
				.toBe( 2 );
			const record = await requestUtils.rest< {
				meta: { _tessera_album_items: Array< { id: number } > };
			} >( {
				path: `/wp/v2/tessera-albums/${ albumId }`,
				params: { context: 'edit' },
			} );
			const ids = await block
				.locator( '.tessera-album__item' )
				.evaluateAll( ( items ) =>
					items.map( ( item ) =>
						Number( item.getAttribute( 'data-item-id' ) )
					)
				);
			expect(
				record.meta._tessera_album_items.map( ( item ) => item.id )
			).toEqual( ids );
		} finally {
			await requestUtils.rest( {
				method: 'DELETE',
				path: `/wp/v2/tessera-albums/${ albumId }`,
				params: { force: true },
			} );
		}
	} );
} );
