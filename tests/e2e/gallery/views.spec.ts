/**
 * The masonry, mosaic, image browser and blog style views as a visitor sees them (docs/gallery.md, "Views"; spec
 * §2, §4, §9): laid out by HTML and CSS alone (JavaScript off), images never overlapping nor wider than their
 * gallery, masonry columns by the gallery's width and rows of one height, mosaic rows filling the width and scaled
 * at the 1920 / 640 px breakpoints, nothing shifting while images load, the image browser paged by address, and
 * the blog style's "More" / "Less" by keyboard on long descriptions only.
 *
 * On /demo-gallery/: 2 masonry (vertical), 3 mosaic, 6 image browser, 7 blog style. A page made for the spec holds
 * a horizontal masonry (widget 0) and a blog style gallery with a long description (widget 1).
 */

/**
 * External dependencies
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';

/**
 * Internal dependencies
 */
import { withoutWebFonts } from '../consent/support';
import { consentingVisitor, ensureDemo, sitePhp } from '../stats/support';
import { DEMO, shown, layoutShift, observeLayoutShift } from './support';

/** A tile of a gallery as laid out: its item's image id and its link's (the image's frame) box. */
interface Tile {
	id: string;
	x: number;
	y: number;
	width: number;
	height: number;
}

/** A gallery's list and tiles as laid out. */
interface Layout {
	list: { x: number; width: number };
	tiles: Tile[];
}

/** What the spec's own page holds (made in beforeAll, deleted in afterAll). */
interface Made {
	path: string;
	page: number;
	gallery: number;
	image: number;
}

/**
 * Where a gallery's tiles are.
 *
 * @param gallery The gallery's container.
 */
function layout( gallery: Locator ): Promise< Layout > {
	return gallery.evaluate( ( container ) => {
		const list = container.querySelector( '.tessera-gallery__items' );
		const box = list ? list.getBoundingClientRect() : { x: 0, width: 0 };
		return {
			list: { x: box.x, width: box.width },
			tiles: Array.from(
				container.querySelectorAll( '.tessera-gallery__item' )
			).map( ( item ) => {
				const frame = item.querySelector( '.tessera-gallery__link' );
				const rect = ( frame || item ).getBoundingClientRect();
				return {
					id: item.getAttribute( 'data-image-id' ) || '',
					x: rect.x,
					y: rect.y + window.scrollY,
					width: rect.width,
					height: rect.height,
				};
			} ),
		};
	} );
}

/**
 * Checks that no two tiles overlap and none is wider than the list, and returns the layout.
 *
 * @param gallery The gallery's container.
 * @param label   What the assertions name.
 */
async function laidOut( gallery: Locator, label: string ): Promise< Layout > {
	const { list, tiles } = await layout( gallery );
	expect( tiles.length, label ).toBeGreaterThan( 0 );
	for ( const [ i, a ] of tiles.entries() ) {
		expect( a.width, `${ label }: ${ a.id } has a size` ).toBeGreaterThan(
			10
		);
		expect( a.height, `${ label }: ${ a.id } has a size` ).toBeGreaterThan(
			10
		);
		expect( a.x, `${ label }: ${ a.id } starts inside` ).toBeGreaterThan(
			list.x - 0.5
		);
		expect(
			a.x + a.width,
			`${ label }: ${ a.id } is not wider than the gallery`
		).toBeLessThan( list.x + list.width + 0.5 );
		for ( const b of tiles.slice( i + 1 ) ) {
			const across =
				Math.min( a.x + a.width, b.x + b.width ) - Math.max( a.x, b.x );
			const down =
				Math.min( a.y + a.height, b.y + b.height ) -
				Math.max( a.y, b.y );
			expect(
				across > 0.5 && down > 0.5,
				`${ label }: ${ a.id } and ${ b.id } overlap`
			).toBe( false );
		}
	}
	return { list, tiles };
}

/**
 * The tiles by row (tops within a pixel), top to bottom.
 *
 * @param tiles Tiles.
 */
function rows( tiles: Tile[] ): Tile[][] {
	const sorted = [ ...tiles ].sort( ( a, b ) => a.y - b.y || a.x - b.x );
	const result: Tile[][] = [];
	for ( const tile of sorted ) {
		const row = result[ result.length - 1 ];
		if ( row && Math.abs( row[ 0 ]!.y - tile.y ) < 1 ) {
			row.push( tile );
		} else {
			result.push( [ tile ] );
		}
	}
	return result;
}

/**
 * How many columns the tiles stand in (distinct left edges).
 *
 * @param tiles Tiles.
 */
const columns = ( tiles: Tile[] ): number =>
	new Set( tiles.map( ( tile ) => Math.round( tile.x ) ) ).size;

/**
 * Checks that every row but the last fills the list's width (the gap between tiles given), its tiles one height.
 *
 * @param list  The list's box.
 * @param tiles Tiles.
 * @param gap   Gap between tiles.
 * @param label What the assertions name.
 * @return The rows.
 */
function expectFilledRows(
	list: Layout[ 'list' ],
	tiles: Tile[],
	gap: number,
	label: string
): Tile[][] {
	const byRow = rows( tiles );
	expect( byRow.length, `${ label }: several rows` ).toBeGreaterThan( 1 );
	for ( const [ index, row ] of byRow.entries() ) {
		const heights = row.map( ( tile ) => tile.height );
		expect(
			Math.max( ...heights ) - Math.min( ...heights ),
			`${ label }: row ${ index } has one height`
		).toBeLessThan( 1 );
		if ( index === byRow.length - 1 ) {
			break;
		}
		const used =
			row.reduce( ( sum, tile ) => sum + tile.width, 0 ) +
			gap * ( row.length - 1 );
		expect(
			Math.abs( used - list.width ),
			`${ label }: row ${ index } fills the width`
		).toBeLessThan( 1.5 );
	}
	return byRow;
}

/** Width / height of the demo images, by their place in the demo set (1600x1067, 1067x1600, 1400x1400, 2000x900). */
const DEMO_RATIOS = [ 1600 / 1067, 1067 / 1600, 1, 2000 / 900 ];

test.describe( 'gallery: masonry, mosaic, image browser, blog style', () => {
	let made: Made;

	test.beforeAll( () => {
		ensureDemo();
		const long =
			'The harbour is still asleep; only the gulls are working along the wall, and the boats wait for the tide to turn before anyone goes out. The light is soft and low, the colours still cool, the water flat as glass.\n\nA second paragraph, shown only after More.';
		const out = sitePhp( `
			require_once ABSPATH . 'wp-admin/includes/image.php';
			$stamp = wp_generate_password( 8, false, false );
			$uploads = wp_upload_dir();
			$file = trailingslashit( $uploads['path'] ) . 'tessera-e2e-views-' . $stamp . '.jpg';
			$gd = imagecreatetruecolor( 900, 600 );
			imagefill( $gd, 0, 0, imagecolorallocate( $gd, 200, 120, 40 ) );
			imagejpeg( $gd, $file, 80 );
			$image = wp_insert_attachment( array( 'post_title' => 'Long story', 'post_mime_type' => 'image/jpeg', 'post_status' => 'inherit', 'post_content' => ${ JSON.stringify(
				long
			) } ), $file, 0, true );
			wp_update_attachment_metadata( $image, wp_generate_attachment_metadata( $image, $file ) );
			$all = get_page_by_path( 'demo-all-images', OBJECT, 'tessera_gallery' );
			$few = get_page_by_path( 'demo-a-few', OBJECT, 'tessera_gallery' );
			$ids = array_slice( (array) get_post_meta( $few->ID, '_tessera_gallery_images', true ), 0, 2 );
			$gallery = wp_insert_post( array( 'post_type' => 'tessera_gallery', 'post_status' => 'publish', 'post_title' => 'Views e2e ' . $stamp ), true );
			update_post_meta( $gallery, '_tessera_gallery_images', array_merge( array( $image ), $ids ) );
			$block = static fn ( array $a ): string => '<!-- wp:tessera/gallery ' . wp_json_encode( $a ) . " /-->\\n";
			$content = $block( array( 'galleryId' => $all->ID, 'view' => 'masonry', 'masonryDirection' => 'horizontal', 'thumbHeight' => 150, 'imagesPerPage' => 14 ) )
				. $block( array( 'galleryId' => $gallery, 'view' => 'blog_style', 'imagesPerPage' => 3 ) );
			$page = wp_insert_post( wp_slash( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Views e2e', 'post_name' => 'views-e2e-' . strtolower( $stamp ), 'post_content' => $content ) ), true );
			echo "\\n" . wp_json_encode( array( 'path' => wp_parse_url( get_permalink( $page ), PHP_URL_PATH ), 'page' => $page, 'gallery' => $gallery, 'image' => $image ) );
		` );
		made = JSON.parse( out.split( '\n' ).pop() || '{}' ) as Made;
		expect( made.page ).toBeGreaterThan( 0 );
	} );

	test.afterAll( () => {
		if ( made?.page ) {
			sitePhp(
				`wp_delete_post( ${ made.page }, true ); wp_delete_post( ${ made.gallery }, true ); wp_delete_attachment( ${ made.image }, true );`
			);
		}
	} );

	test( 'without JavaScript: laid out, masonry columns by the gallery’s width, mosaic rows filling it', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
			viewport: { width: 1280, height: 900 },
		} );
		await page.goto( DEMO );
		const masonry = page.locator( '#bwg_container1_2' );
		const mosaic = page.locator( '#bwg_container1_3' );
		const browserView = page.locator( '#bwg_container1_6' );
		const blog = page.locator( '#bwg_container1_7' );
		await expect( masonry.locator( '.tessera-gallery__item' ) ).toHaveCount(
			12
		);
		await expect( mosaic.locator( '.tessera-gallery__item' ) ).toHaveCount(
			15
		);
		await expect(
			browserView.locator( '.tessera-gallery__item' )
		).toHaveCount( 1 );
		await expect( blog.locator( '.tessera-gallery__item' ) ).toHaveCount(
			3
		);
		for ( const gallery of [ masonry, mosaic, browserView, blog ] ) {
			await expect(
				gallery.getByRole( 'list' ).filter( {
					has: page.locator( '.tessera-gallery__item' ),
				} )
			).toHaveCount( 1 );
		}

		// Masonry (vertical): columns at least 250 px wide, each image at its own height.
		const wide = await laidOut( masonry, 'masonry' );
		const width = wide.list.width;
		expect( columns( wide.tiles ) ).toBe(
			Math.min( 5, Math.max( 1, Math.floor( ( width + 8 ) / 258 ) ) )
		);
		expect( columns( wide.tiles ) ).toBeGreaterThan( 1 );
		for ( const [ index, tile ] of wide.tiles.entries() ) {
			expect(
				Math.abs(
					tile.width / tile.height - DEMO_RATIOS[ index % 4 ]!
				),
				`masonry tile ${ index } keeps its image’s proportions`
			).toBeLessThan( 0.02 );
		}

		// Mosaic: no gaps, every row but the last fills the width, each image in its proportions.
		const tiled = await laidOut( mosaic, 'mosaic' );
		expectFilledRows( tiled.list, tiled.tiles, 0, 'mosaic' );
		for ( const [ index, tile ] of tiled.tiles.entries() ) {
			expect(
				Math.abs(
					tile.width / tile.height - DEMO_RATIOS[ index % 4 ]!
				),
				`mosaic tile ${ index } keeps its image’s proportions`
			).toBeLessThan( 0.02 );
		}

		// Image browser and blog style: one under the other, at most 800 px (viewWidth) wide.
		for ( const [ gallery, label ] of [
			[ browserView, 'image browser' ],
			[ blog, 'blog style' ],
		] as const ) {
			const stack = await laidOut( gallery, label );
			expect( columns( stack.tiles ), label ).toBe( 1 );
			for ( const tile of stack.tiles ) {
				expect( tile.width ).toBeLessThanOrEqual( 800 );
			}
		}
		await expect(
			browserView.locator( 'figcaption .tessera-gallery__title' )
		).not.toBeEmpty();
		await expect(
			browserView.locator( 'figcaption .tessera-stack__desc' )
		).not.toBeEmpty();

		// A phone: masonry in one column, still nothing overlapping or too wide.
		await page.setViewportSize( { width: 360, height: 740 } );
		const narrow = await laidOut( masonry, 'masonry at 360 px' );
		expect( columns( narrow.tiles ) ).toBe( 1 );
		const narrowMosaic = await laidOut( mosaic, 'mosaic at 360 px' );
		expectFilledRows(
			narrowMosaic.list,
			narrowMosaic.tiles,
			0,
			'mosaic at 360 px'
		);
		await laidOut( browserView, 'image browser at 360 px' );
		await laidOut( blog, 'blog style at 360 px' );
		await context.close();
	} );

	test( 'mosaic scaled by the window: row height x 1.5 from 1920 px, x 0.5 at 640 px or less', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
			viewport: { width: 1280, height: 900 },
		} );
		await page.goto( DEMO );
		const mosaic = page.locator( '#bwg_container1_3' );
		// The last row keeps the base height (thumbHeight 180), scaled: rows above it only stretch taller.
		for ( const [ width, height ] of [
			[ 1919, 180 ],
			[ 1920, 270 ],
			[ 1280, 180 ],
			[ 641, 180 ],
			[ 640, 90 ],
			[ 360, 90 ],
		] as const ) {
			await page.setViewportSize( { width, height: 900 } );
			const { list, tiles } = await laidOut(
				mosaic,
				`mosaic at ${ width }`
			);
			const byRow = expectFilledRows(
				list,
				tiles,
				0,
				`mosaic at ${ width }`
			);
			const last = byRow[ byRow.length - 1 ]!;
			expect(
				Math.abs( last[ 0 ]!.height - height ),
				`the last row at a ${ width } px window is ${ height } px high`
			).toBeLessThan( 1 );
			for ( const row of byRow.slice( 0, -1 ) ) {
				expect( row[ 0 ]!.height ).toBeGreaterThanOrEqual(
					height - 0.5
				);
			}
		}
		await context.close();
	} );

	test( 'masonry rows (horizontal): one height, thumbHeight, each row but the last filling the width', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
			viewport: { width: 1280, height: 900 },
		} );
		await page.goto( made.path );
		const masonry = page.locator( '#bwg_container1_0' );
		await expect( masonry.locator( '.tessera-gallery__item' ) ).toHaveCount(
			14
		);
		for ( const width of [ 1280, 360 ] ) {
			await page.setViewportSize( { width, height: 900 } );
			const { list, tiles } = await laidOut(
				masonry,
				`rows at ${ width }`
			);
			const byRow = expectFilledRows(
				list,
				tiles,
				8,
				`rows at ${ width }`
			);
			for ( const tile of tiles ) {
				expect( Math.abs( tile.height - 150 ) ).toBeLessThan( 0.5 );
			}
			// The last row is not stretched: each image as wide as its proportions at 150 px.
			const first = await shown( masonry );
			for ( const tile of byRow[ byRow.length - 1 ]! ) {
				const index = first.indexOf( tile.id );
				expect(
					Math.abs( tile.width - 150 * DEMO_RATIOS[ index % 4 ]! ),
					`rows at ${ width }: the last row keeps its widths`
				).toBeLessThan( 1 );
			}
		}
		await context.close();
	} );

	test( 'nothing shifts while the images load, and axe finds no violation in the views', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser, {
			viewport: { width: 1280, height: 900 },
		} );
		// Late web fonts re-wrapping the theme's text would be the theme's shift, not ours (see the thumbnails spec).
		await withoutWebFonts( page, DEMO );
		await observeLayoutShift( page );
		await page.goto( DEMO, { waitUntil: 'load' } );
		// Down the whole page, half a screen at a time, so that every lazy image loads.
		await page.evaluate( async () => {
			for (
				let y = 0;
				y < document.body.scrollHeight;
				y += innerHeight / 2
			) {
				window.scrollTo( 0, y );
				await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
			}
		} );
		await expect
			.poll( () =>
				page.evaluate( () =>
					[ 2, 3, 6, 7 ].every( ( n ) =>
						Array.from(
							document.querySelectorAll< HTMLImageElement >(
								`#bwg_container1_${ n } img`
							)
						).every(
							( img ) => img.complete && img.naturalWidth > 0
						)
					)
				)
			)
			.toBe( true );
		expect( await layoutShift( page ) ).toBeLessThan( 0.001 );
		const results = await new AxeBuilder( { page } )
			.include( '#bwg_container1_2' )
			.include( '#bwg_container1_3' )
			.include( '#bwg_container1_6' )
			.include( '#bwg_container1_7' )
			.analyze();
		expect( results.violations ).toEqual( [] );
		// And a blog style gallery with its "More" toggle.
		await page.goto( made.path );
		const toggles = await new AxeBuilder( { page } )
			.include( '#bwg_container1_1' )
			.analyze();
		expect( toggles.violations ).toEqual( [] );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'a mosaic painted while its list is still arriving: no image moves as its rows fill', async ( {
		browser,
	} ) => {
		// The demo's mosaic as its own page, served in two parts by a server of the test's own: the list's first
		// two items, then (after the browser has painted them) the rest. Those two started a row that the rest
		// fills, which stretches them: painted, they would move.
		const { context: reader, page: source } = await consentingVisitor(
			browser,
			{ javaScriptEnabled: false }
		);
		await source.goto( DEMO );
		const { head, before, after } = await source.evaluate( () => {
			const container = document.getElementById( 'bwg_container1_3' );
			const html = container?.outerHTML || '';
			let cut = 0;
			for ( let i = 0; i < 2; i++ ) {
				cut = html.indexOf( '</li>', cut ) + '</li>'.length;
			}
			return {
				head: document.head.outerHTML,
				before: html.slice( 0, cut ),
				after: html.slice( cut ),
			};
		} );
		await reader.close();
		expect( after ).toContain( 'tessera-gallery__end' );
		// The rest is sent when the test says so: once the browser has painted the first part.
		let sendRest = (): void => undefined;
		const server = createServer( ( request, response ) => {
			if ( request.url !== '/' ) {
				response.writeHead( 404 ).end();
				return;
			}
			response.writeHead( 200, {
				'content-type': 'text/html; charset=utf-8',
			} );
			sendRest = () => response.end( `${ after }</main></body></html>` );
			response.write(
				`<!DOCTYPE html><html lang="en">${ head }<body><main>${ before }`
			);
		} );
		await new Promise< void >( ( resolve ) =>
			server.listen( 0, '127.0.0.1', resolve )
		);
		const { port } = server.address() as AddressInfo;
		const { context, page } = await consentingVisitor( browser, {
			viewport: { width: 1280, height: 900 },
		} );
		await observeLayoutShift( page );
		await page.goto( `http://127.0.0.1:${ port }/`, {
			waitUntil: 'commit',
		} );
		// The page is painted with the half-built list, while the rest of it has not been sent.
		await page.waitForFunction(
			() =>
				performance.getEntriesByName( 'first-contentful-paint' )
					.length > 0
		);
		sendRest();
		await page.waitForLoadState( 'load' );
		await expect(
			page.locator( '#bwg_container1_3 .tessera-gallery__item' )
		).not.toHaveCount( 2 );
		expect( await layoutShift( page ) ).toBe( 0 );
		// Whole, every item is painted again.
		expect(
			await page
				.locator( '#bwg_container1_3 .tessera-gallery__item' )
				.evaluateAll( ( items ) =>
					items.every(
						( item ) =>
							getComputedStyle( item ).visibility === 'visible'
					)
				)
		).toBe( true );
		await context.close();
		server.close();
	} );

	test( 'image browser: one image a page, the second one at page_number_6=2', async ( {
		browser,
	} ) => {
		const order = JSON.parse(
			sitePhp(
				"echo \"\\n\" . wp_json_encode( array_map( 'strval', (array) get_post_meta( get_page_by_path( 'demo-all-images', OBJECT, 'tessera_gallery' )->ID, '_tessera_gallery_images', true ) ) );"
			)
				.split( '\n' )
				.pop() || '[]'
		) as string[];
		expect( order.length ).toBeGreaterThan( 2 );
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		await page.goto( DEMO );
		const gallery = page.locator( '#bwg_container1_6' );
		expect( await shown( gallery ) ).toEqual( [ order[ 0 ] ] );

		await page.goto( `${ DEMO }?page_number_6=2` );
		expect( await shown( gallery ) ).toEqual( [ order[ 1 ] ] );
		const title = sitePhp(
			`echo "\\n" . get_the_title( ${ Number( order[ 1 ] ) } );`
		)
			.split( '\n' )
			.pop();
		await expect(
			gallery.locator( 'figcaption .tessera-gallery__title' )
		).toHaveText( title || '' );
		const nav = gallery.getByRole( 'navigation', { name: /pages$/ } );
		await expect(
			nav.getByRole( 'link', { name: 'Page 2' } )
		).toHaveAttribute( 'aria-current', 'page' );
		// The paging moves on to the third image; other galleries stay on their first page.
		await nav.getByRole( 'link', { name: 'Next' } ).click();
		await expect( page ).toHaveURL( /page_number_6=3#bwg_container1_6$/ );
		expect( await shown( gallery ) ).toEqual( [ order[ 2 ] ] );
		await context.close();
	} );

	test( 'blog style: More and Less by keyboard, on long descriptions only', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		// The demo's descriptions are short: shown whole, no toggle.
		await page.goto( DEMO );
		const demo = page.locator( '#bwg_container1_7' );
		await expect( demo.locator( '.tessera-stack__desc' ) ).toHaveCount( 3 );
		await expect( demo.locator( 'details' ) ).toHaveCount( 0 );
		await expect(
			demo.locator( '.tessera-stack__desc' ).first()
		).toBeVisible();

		await page.goto( made.path );
		const blog = page.locator( '#bwg_container1_1' );
		const item = blog.locator( `[data-image-id="${ made.image }"]` );
		const short = item.locator( '.tessera-more__short' );
		const second = item.getByText(
			'A second paragraph, shown only after More.'
		);
		await expect( short ).toBeVisible();
		await expect( short ).toHaveText( /…$/ );
		await expect( second ).toBeHidden();
		// The other items (short descriptions) have no toggle.
		await expect( blog.locator( 'details' ) ).toHaveCount( 1 );

		// From the image's link, Tab reaches the toggle; Enter opens the full text, Space closes it.
		await item.locator( 'a.tessera-gallery__link' ).focus();
		await page.keyboard.press( 'Tab' );
		const toggle = item.locator( 'summary' );
		await expect( toggle ).toBeFocused();
		await expect( toggle ).toHaveAccessibleName(
			'More description of Long story'
		);
		await expect( toggle ).toHaveText( /^More/ );
		await page.keyboard.press( 'Enter' );
		await expect( second ).toBeVisible();
		await expect(
			item.getByText( /^The harbour is still asleep/ ).last()
		).toBeVisible();
		await expect( short ).toBeHidden();
		await expect( toggle ).toHaveAccessibleName(
			'Less description of Long story'
		);
		await page.keyboard.press( 'Space' );
		await expect( second ).toBeHidden();
		await expect( short ).toBeVisible();
		await expect( toggle ).toHaveAccessibleName(
			'More description of Long story'
		);
		await context.close();
	} );
} );
