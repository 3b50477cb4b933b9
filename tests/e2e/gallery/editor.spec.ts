/**
 * Building a gallery in the block editor (docs/gallery.md, "Blocks"): the gallery block creates a reusable
 * `tessera_gallery` post from images chosen in the media library's gallery frame, shows the server render,
 * takes the view's settings from the sidebar, and a visitor gets the thumbnails linked to the full images; each
 * view shows its own settings; the image list of the sidebar edits titles, captions and descriptions in place and reorders;
 * the gallery's admin screen shows the same list, and the list of galleries its preview and image count.
 */

/**
 * External dependencies
 */
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Internal dependencies
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../speed/support';
import { visitor } from '../consent/support';

/**
 * One PNG chunk.
 *
 * @param type The chunk type.
 * @param data The chunk data.
 */
function chunk( type: string, data: Buffer ): Buffer {
	const length = Buffer.alloc( 4 );
	length.writeUInt32BE( data.length );
	const body = Buffer.concat( [ Buffer.from( type, 'ascii' ), data ] );
	const crc = Buffer.alloc( 4 );
	crc.writeUInt32BE( crc32( body ) );
	return Buffer.concat( [ length, body, crc ] );
}

/**
 * A small PNG of one colour (RGB, 8 bits).
 *
 * @param width  Width in pixels.
 * @param height Height in pixels.
 * @param rgb    The colour.
 */
function png(
	width: number,
	height: number,
	rgb: [ number, number, number ]
): Buffer {
	const header = Buffer.alloc( 13 );
	header.writeUInt32BE( width, 0 );
	header.writeUInt32BE( height, 4 );
	header.writeUInt8( 8, 8 ); // Bit depth.
	header.writeUInt8( 2, 9 ); // Colour type: RGB.
	const row = Buffer.alloc( 1 + width * 3 ); // Filter byte 0, then pixels.
	for ( let x = 0; x < width; x++ ) {
		row.set( rgb, 1 + x * 3 );
	}
	const pixels = Buffer.concat( Array.from( { length: height }, () => row ) );
	return Buffer.concat( [
		Buffer.from( [ 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a ] ),
		chunk( 'IHDR', header ),
		chunk( 'IDAT', deflateSync( pixels ) ),
		chunk( 'IEND', Buffer.alloc( 0 ) ),
	] );
}

/** An uploaded image. */
interface Uploaded {
	id: number;
	title: string;
	url: string;
}

/** A gallery post as REST answers it in the edit context. */
interface GalleryRecord {
	id: number;
	status: string;
	title: { raw: string };
	meta: { _tessera_gallery_images: number[] };
}

/** A media record as REST answers it in the edit context. */
interface MediaRecord {
	id: number;
	title: { raw: string };
	caption: { raw: string };
}

/** The request utilities of the fixtures. */
type RequestUtils = Parameters<
	Parameters< typeof test >[ 2 ]
>[ 0 ][ 'requestUtils' ];

/**
 * Whether a request is a REST call to a route (pretty or `?rest_route=` addresses).
 *
 * @param url   The request's address.
 * @param route A pattern of the route (`/wp/v2/media/12`).
 */
function isRoute( url: string, route: RegExp ): boolean {
	const address = new URL( url );
	const path =
		address.searchParams.get( 'rest_route' ) ??
		address.pathname.replace( /^.*\/wp-json/, '' );
	return route.test( path );
}

/**
 * The settings sidebar of the editor.
 *
 * @param page The page.
 */
function sidebar( page: Page ): Locator {
	return page.getByRole( 'region', { name: 'Editor settings' } );
}

/**
 * One image of an image list, by its position.
 *
 * @param scope    Where the list is.
 * @param position 1-based position.
 */
function imageRow( scope: Locator, position: number ): Locator {
	return scope.getByRole( 'group', {
		name: new RegExp( `^Image ${ position } of \\d+:` ),
	} );
}

test.describe( 'gallery block in the editor', () => {
	const images: Uploaded[] = [];
	const galleries: number[] = [];
	const pages: number[] = [];

	/**
	 * Uploads small images (titled `{prefix} 1` …) and keeps them for the clean-up.
	 *
	 * @param requestUtils The request utilities.
	 * @param outputPath   Where the test writes files.
	 * @param prefix       Start of the titles.
	 * @param count        How many.
	 */
	async function upload(
		requestUtils: RequestUtils,
		outputPath: ( name: string ) => string,
		prefix: string,
		count: number
	): Promise< Uploaded[] > {
		const made: Uploaded[] = [];
		for ( let index = 0; index < count; index++ ) {
			const file = outputPath(
				`${ prefix.replace( /\W+/g, '-' ) }-${ index + 1 }.png`
			);
			writeFileSync(
				file,
				png( 80, 60, [ 40 + index * 60, 120, 200 - index * 50 ] )
			);
			const media = await requestUtils.uploadMedia( file );
			const title = `${ prefix } ${ index + 1 }`;
			await requestUtils.rest( {
				method: 'POST',
				path: `/wp/v2/media/${ media.id }`,
				data: { title, alt_text: title },
			} );
			const image = { id: media.id, title, url: media.source_url };
			images.push( image );
			made.push( image );
		}
		return made;
	}

	/**
	 * Creates a published gallery of some images.
	 *
	 * @param requestUtils The request utilities.
	 * @param title        Its title.
	 * @param ids          Its images.
	 */
	async function createGallery(
		requestUtils: RequestUtils,
		title: string,
		ids: number[]
	): Promise< number > {
		const gallery = await requestUtils.rest< GalleryRecord >( {
			method: 'POST',
			path: '/wp/v2/tessera-galleries',
			data: {
				title,
				status: 'publish',
				meta: { _tessera_gallery_images: ids },
			},
		} );
		galleries.push( gallery.id );
		return gallery.id;
	}

	/**
	 * A gallery's saved order.
	 *
	 * @param requestUtils The request utilities.
	 * @param id           The gallery.
	 */
	async function savedOrder(
		requestUtils: RequestUtils,
		id: number
	): Promise< number[] > {
		const gallery = await requestUtils.rest< GalleryRecord >( {
			path: `/wp/v2/tessera-galleries/${ id }`,
			params: { context: 'edit' },
		} );
		return gallery.meta._tessera_gallery_images;
	}

	test.afterAll( async ( { requestUtils } ) => {
		for ( const id of pages ) {
			await requestUtils.rest( {
				method: 'DELETE',
				path: `/wp/v2/pages/${ id }`,
				params: { force: true },
			} );
		}
		for ( const id of galleries ) {
			await requestUtils.rest( {
				method: 'DELETE',
				path: `/wp/v2/tessera-galleries/${ id }`,
				params: { force: true },
			} );
		}
		for ( const image of images ) {
			await requestUtils.deleteMedia( image.id );
		}
	} );

	test( 'create a gallery from the media library, set the columns, publish: the visitor sees it', async ( {
		admin,
		editor,
		page,
		browser,
		requestUtils,
	}, testInfo ) => {
		const stamp = `${ Date.now() }`;
		const title = `Gallery e2e ${ stamp }`;

		// Three small images in the media library (uploading through the modal is slow).
		const colours: Array< [ number, number, number ] > = [
			[ 200, 40, 40 ],
			[ 40, 160, 60 ],
			[ 40, 80, 200 ],
		];
		for ( const [ index, colour ] of colours.entries() ) {
			const file = testInfo.outputPath(
				`tessera-gallery-${ stamp }-${ index + 1 }.png`
			);
			writeFileSync( file, png( 120, 90, colour ) );
			const media = await requestUtils.uploadMedia( file );
			const imageTitle = `Gallery image ${ stamp } ${ index + 1 }`;
			await requestUtils.rest( {
				method: 'POST',
				path: `/wp/v2/media/${ media.id }`,
				data: { title: imageTitle, alt_text: imageTitle },
			} );
			images.push( {
				id: media.id,
				title: imageTitle,
				url: media.source_url,
			} );
		}

		await admin.createNewPost( { postType: 'page', title } );
		await editor.insertBlock( { name: 'tessera/gallery' } );
		const block = editor.canvas.getByRole( 'document', {
			name: 'Block: Tessera Gallery',
		} );
		await block.getByLabel( 'New gallery title' ).fill( title );
		await block.getByRole( 'button', { name: 'Create a gallery' } ).click();

		// The media library's gallery frame: choose the three images, then "Create a new gallery".
		// Only the open frame: closed frames may stay in the document, hidden.
		const modal = page.locator( '.media-modal:visible' );
		await expect( modal ).toBeVisible();
		// The frame may open on "Upload files" (the last tab used on this site): the library.
		await modal.getByRole( 'tab', { name: 'Media Library' } ).click();
		await modal.getByLabel( 'Search media' ).fill( stamp );
		for ( const image of images ) {
			await modal
				.getByRole( 'checkbox', { name: image.title, exact: true } )
				.click();
		}
		await modal
			.getByRole( 'button', { name: 'Create a new gallery' } )
			.click();

		// The gallery editor (drag to reorder, captions): insert it as it is.
		await expect(
			modal.getByRole( 'checkbox', { name: images[ 0 ]?.title } )
		).toBeVisible();
		await modal.getByRole( 'button', { name: 'Insert gallery' } ).click();
		await expect( modal ).toBeHidden();

		// The server render of the new gallery, in the canvas.
		await expect(
			block.locator( '.tessera-gallery__item img' )
		).toHaveCount( 3 );

		// The gallery is a post of its own, with the images in the order chosen.
		const found = await requestUtils.rest< GalleryRecord[] >( {
			path: '/wp/v2/tessera-galleries',
			params: { context: 'edit', search: title, status: 'publish' },
		} );
		expect( found ).toHaveLength( 1 );
		const gallery = found[ 0 ] as GalleryRecord;
		galleries.push( gallery.id );
		expect( gallery.title.raw ).toBe( title );
		expect( gallery.meta._tessera_gallery_images ).toEqual(
			images.map( ( image ) => image.id )
		);

		// A setting of the view, in the block's sidebar: the preview follows.
		await editor.openDocumentSettingsSidebar();
		await editor.selectBlocks( block );
		const columns = page
			.getByRole( 'region', { name: 'Editor settings' } )
			.getByRole( 'spinbutton', { name: 'Maximum columns' } );
		await columns.fill( '3' );
		await columns.press( 'Tab' );
		await expect
			.poll( async () => {
				const [ galleryBlock ] = await editor.getBlocks();
				return galleryBlock?.attributes.maxColumns;
			} )
			.toBe( 3 );
		// The column rules the server printed (a <style> has no rendered text: read its source).
		const rules = ( scope: typeof block ) =>
			scope.locator( 'style' ).evaluate( ( style ) => style.textContent );
		// The preview is rendered again with the new setting: columns up to 3, no longer up to 5.
		await expect
			.poll( async () => {
				const css = ( await rules( block ) ) || '';
				return (
					css.includes( '--tessera-cols:3}' ) &&
					! css.includes( '--tessera-cols:4}' )
				);
			} )
			.toBe( true );

		const pageId = await editor.publishPost();
		expect( pageId ).toBeTruthy();
		pages.push( Number( pageId ) );

		// A visitor (no cookies): three thumbnails, each linked to its full image.
		const { context, page: visitorPage } = await visitor( browser );
		await visitorPage.goto( `/?page_id=${ pageId }` );
		const container = visitorPage.locator(
			`.tessera-gallery[data-gallery-id="${ gallery.id }"]`
		);
		const links = container.locator( 'a.tessera-gallery__link' );
		await expect( links ).toHaveCount( 3 );
		await expect( links.locator( 'img' ) ).toHaveCount( 3 );
		expect(
			await links.evaluateAll( ( anchors ) =>
				anchors.map( ( anchor ) => anchor.getAttribute( 'href' ) )
			)
		).toEqual( images.map( ( image ) => image.url ) );
		expect( await rules( container ) ).toContain( '--tessera-cols:3}' );
		for ( const image of images ) {
			const answer = await visitorPage.request.get( image.url );
			expect( answer.status() ).toBe( 200 );
			expect( answer.headers()[ 'content-type' ] ).toContain(
				'image/png'
			);
		}
		await context.close();
	} );

	test( 'each view shows its own settings, and the preview and the block follow', async ( {
		admin,
		editor,
		page,
		requestUtils,
	}, testInfo ) => {
		const stamp = `${ Date.now() }`;
		const made = await upload(
			requestUtils,
			( name ) => testInfo.outputPath( name ),
			`Views ${ stamp }`,
			2
		);
		const galleryId = await createGallery(
			requestUtils,
			`Views ${ stamp }`,
			made.map( ( image ) => image.id )
		);
		await admin.createNewPost( {
			postType: 'page',
			title: `Views ${ stamp }`,
		} );
		await editor.insertBlock( {
			name: 'tessera/gallery',
			attributes: { galleryId },
		} );
		const block = editor.canvas.getByRole( 'document', {
			name: 'Block: Tessera Gallery',
		} );
		await expect(
			block.locator( '.tessera-gallery__item img' )
		).toHaveCount( 2 );
		await editor.openDocumentSettingsSidebar();
		await editor.selectBlocks( block );
		const settings = sidebar( page );
		const view = settings.getByRole( 'combobox', { name: 'View' } );

		// Thumbnails: the grid's settings, none of the slideshow's.
		await expect(
			settings.getByRole( 'spinbutton', { name: 'Maximum columns' } )
		).toBeVisible();
		await expect(
			settings.getByRole( 'combobox', { name: 'Transition effect' } )
		).toHaveCount( 0 );
		await expect( view.locator( 'option' ) ).toHaveText( [
			'Thumbnails',
			'Masonry',
			'Mosaic',
			'Slideshow',
			'Carousel',
			'Image browser',
			'Blog style',
		] );

		// Masonry: its direction and column width; the preview is rendered again as masonry.
		await view.selectOption( 'masonry' );
		await expect(
			settings.getByRole( 'combobox', { name: 'Direction' } )
		).toBeVisible();
		await expect(
			settings.getByRole( 'spinbutton', { name: 'Column width (px)' } )
		).toBeVisible();
		await expect(
			settings.getByRole( 'spinbutton', { name: 'Row height (px)' } )
		).toHaveCount( 0 );
		await expect( block.locator( '.tessera-masonry' ) ).toBeVisible();
		await settings
			.getByRole( 'combobox', { name: 'Direction' } )
			.selectOption( 'horizontal' );
		await expect(
			settings.getByRole( 'spinbutton', { name: 'Row height (px)' } )
		).toBeVisible();
		await expect(
			settings.getByRole( 'spinbutton', { name: 'Maximum columns' } )
		).toHaveCount( 0 );
		await expect(
			block.locator( '.tessera-masonry.tessera-rows' )
		).toBeVisible();

		// Slideshow: playback, filmstrip, music and watermark; no grid settings.
		await view.selectOption( 'slideshow' );
		await expect(
			settings.getByRole( 'combobox', { name: 'Transition effect' } )
		).toBeVisible();
		await expect(
			settings.getByRole( 'spinbutton', { name: 'Seconds per image' } )
		).toBeVisible();
		await expect(
			settings.getByRole( 'checkbox', { name: 'Play automatically' } )
		).toBeChecked();
		await expect(
			settings.getByRole( 'spinbutton', { name: 'Column width (px)' } )
		).toHaveCount( 0 );
		await settings.getByRole( 'button', { name: 'Watermark' } ).click();
		await expect(
			settings.getByRole( 'textbox', { name: 'Watermark text' } )
		).toHaveCount( 0 );
		await settings
			.getByRole( 'combobox', { name: 'Watermark', exact: true } )
			.selectOption( 'text' );
		await settings
			.getByRole( 'textbox', { name: 'Watermark text' } )
			.fill( '© Tessera' );
		await settings.getByRole( 'button', { name: 'Music' } ).click();
		await expect(
			settings.getByRole( 'button', { name: 'Choose music' } )
		).toBeVisible();

		// Paging: numbered pages, in place (a player has no load more: one page of slides at a time).
		await settings
			.getByRole( 'button', { name: 'Paging and order' } )
			.click();
		const pagination = settings.getByRole( 'combobox', {
			name: 'Pagination',
		} );
		await expect(
			pagination.locator( 'option[value="load_more"]' )
		).toHaveCount( 0 );
		await pagination.selectOption( 'numbers' );
		await settings
			.getByRole( 'checkbox', {
				name: 'Load pages in place (no reload)',
			} )
			.check();
		await settings
			.getByRole( 'checkbox', {
				name: 'Scroll to the gallery after navigating',
			} )
			.uncheck();

		// Carousel: its own settings.
		await view.selectOption( 'carousel' );
		await expect(
			settings.getByRole( 'spinbutton', {
				name: 'Images shown at once',
			} )
		).toBeVisible();
		await expect(
			settings.getByRole( 'combobox', { name: 'Transition effect' } )
		).toHaveCount( 0 );
		// Image browser: width and descriptions only.
		await view.selectOption( 'image_browser' );
		await expect(
			settings.getByRole( 'checkbox', { name: 'Show descriptions' } )
		).toBeChecked();
		await expect(
			settings.getByRole( 'spinbutton', { name: 'Seconds per image' } )
		).toHaveCount( 0 );
		await expect(
			pagination.locator( 'option[value="load_more"]' )
		).toHaveCount( 1 );
		await view.selectOption( 'slideshow' );

		// What the page saves: the block's comment.
		const [ saved ] = await editor.getBlocks();
		expect( saved?.attributes ).toMatchObject( {
			galleryId,
			view: 'slideshow',
			masonryDirection: 'horizontal',
			watermarkType: 'text',
			watermarkText: '© Tessera',
			pagination: 'numbers',
			frontendAjax: true,
			scrollToGallery: false,
		} );
		const content = await editor.getEditedPostContent();
		expect( content ).toContain( '"view":"slideshow"' );
		expect( content ).toContain( '"frontendAjax":true' );
	} );

	test( 'edit an image’s title and caption in the sidebar, keep the text when saving fails, reorder', async ( {
		admin,
		editor,
		page,
		requestUtils,
	}, testInfo ) => {
		const stamp = `${ Date.now() }`;
		const made = await upload(
			requestUtils,
			( name ) => testInfo.outputPath( name ),
			`Inline ${ stamp }`,
			3
		);
		const ids = made.map( ( image ) => image.id );
		const galleryId = await createGallery(
			requestUtils,
			`Inline ${ stamp }`,
			ids
		);
		await admin.createNewPost( {
			postType: 'page',
			title: `Inline ${ stamp }`,
		} );
		await editor.insertBlock( {
			name: 'tessera/gallery',
			attributes: { galleryId, showTitles: true },
		} );
		const block = editor.canvas.getByRole( 'document', {
			name: 'Block: Tessera Gallery',
		} );
		await expect(
			block.locator( '.tessera-gallery__item img' )
		).toHaveCount( 3 );
		await editor.openDocumentSettingsSidebar();
		await editor.selectBlocks( block );
		const settings = sidebar( page );
		await settings
			.getByRole( 'button', { name: 'Images', exact: true } )
			.click();
		const list = settings.getByRole( 'list', {
			name: 'Images of the gallery',
		} );
		const first = imageRow( list, 1 );
		await expect( first ).toHaveAccessibleName(
			`Image 1 of 3: Inline ${ stamp } 1`
		);

		// A new title, saved when the field is left; the preview shows it.
		const title = `Renamed ${ stamp }`;
		await first.getByRole( 'textbox', { name: 'Title' } ).fill( title );
		await first.getByRole( 'textbox', { name: 'Title' } ).press( 'Tab' );
		await expect( first.getByText( 'Saved.' ) ).toBeVisible();
		const media = await requestUtils.rest< MediaRecord >( {
			path: `/wp/v2/media/${ ids[ 0 ] }`,
			params: { context: 'edit' },
		} );
		expect( media.title.raw ).toBe( title );
		await expect(
			block.locator( '.tessera-gallery__title', { hasText: title } )
		).toBeVisible();

		// The server refuses the caption: an error, the typed text kept; saved once the server answers.
		await page.route(
			( url ) => isRoute( url.toString(), /^\/wp\/v2\/media\/\d+$/ ),
			( route ) =>
				route.request().method() === 'POST'
					? route.fulfill( {
							status: 500,
							contentType: 'application/json',
							body: JSON.stringify( {
								code: 'broken',
								message: 'The server is down.',
							} ),
						} )
					: route.fallback()
		);
		const caption = first.getByRole( 'textbox', { name: 'Caption' } );
		await caption.fill( `A caption ${ stamp }` );
		await caption.press( 'Tab' );
		await expect(
			first.getByText( /Not saved: The server is down\./ )
		).toBeVisible();
		await expect( caption ).toHaveValue( `A caption ${ stamp }` );
		await page.unrouteAll();
		await first.getByRole( 'button', { name: 'Try again' } ).click();
		await expect( first.getByText( 'Saved.' ) ).toBeVisible();
		await expect( first.getByText( /Not saved/ ) ).toHaveCount( 0 );
		// The description (what the slideshow, image browser and blog style show) in place too.
		const description = first.getByRole( 'textbox', {
			name: 'Description',
		} );
		await description.fill( `A description ${ stamp }` );
		await description.press( 'Tab' );
		await expect( first.getByText( 'Saved.' ) ).toBeVisible();

		// Move the first image down: saved to the gallery at once, the focus stays on the moved image.
		await first.getByRole( 'button', { name: 'Move down' } ).click();
		await expect
			.poll( () => savedOrder( requestUtils, galleryId ) )
			.toEqual( [ ids[ 1 ], ids[ 0 ], ids[ 2 ] ] );
		await expect( imageRow( list, 2 ) ).toHaveAccessibleName(
			`Image 2 of 3: ${ title }`
		);
		await expect(
			imageRow( list, 2 ).getByRole( 'button', { name: 'Move down' } )
		).toBeFocused();
		await expect
			.poll( async () =>
				block
					.locator( '.tessera-gallery__item' )
					.evaluateAll( ( items ) =>
						items.map( ( item ) =>
							Number( item.getAttribute( 'data-image-id' ) )
						)
					)
			)
			.toEqual( [ ids[ 1 ], ids[ 0 ], ids[ 2 ] ] );

		// A fresh page (the gallery's admin screen, the same list): the texts and the order are the saved ones.
		await page.goto( `/wp-admin/post.php?post=${ galleryId }&action=edit` );
		const fresh = page
			.locator( '#tessera-gallery-images' )
			.getByRole( 'list', { name: 'Images of the gallery' } );
		await expect( imageRow( fresh, 1 ) ).toHaveAccessibleName(
			`Image 1 of 3: Inline ${ stamp } 2`
		);
		const moved = imageRow( fresh, 2 );
		await expect(
			moved.getByRole( 'textbox', { name: 'Title' } )
		).toHaveValue( title );
		await expect(
			moved.getByRole( 'textbox', { name: 'Caption' } )
		).toHaveValue( `A caption ${ stamp }` );
		await expect(
			moved.getByRole( 'textbox', { name: 'Description' } )
		).toHaveValue( `A description ${ stamp }` );
	} );

	test( 'the gallery’s admin screen lists its images, and the list of galleries shows preview and count', async ( {
		page,
		requestUtils,
	}, testInfo ) => {
		const stamp = `${ Date.now() }`;
		const made = await upload(
			requestUtils,
			( name ) => testInfo.outputPath( name ),
			`Screen ${ stamp }`,
			3
		);
		const ids = made.map( ( image ) => image.id );
		const galleryId = await createGallery(
			requestUtils,
			`Screen ${ stamp }`,
			ids
		);

		await page.goto( `/wp-admin/post.php?post=${ galleryId }&action=edit` );
		const box = page.locator( '#tessera-gallery-images' );
		await expect(
			box.getByRole( 'heading', { name: 'Images' } )
		).toBeVisible();
		await expect(
			box.getByText( 'This gallery has 3 images.' )
		).toBeVisible();
		await expect(
			box.getByRole( 'button', { name: 'Add or edit images' } )
		).toBeVisible();
		const list = box.getByRole( 'list', { name: 'Images of the gallery' } );
		await expect( imageRow( list, 3 ) ).toHaveAccessibleName(
			`Image 3 of 3: Screen ${ stamp } 3`
		);
		await expect( page.locator( '#tessera-gallery-usage' ) ).toContainText(
			'insert the Tessera Gallery block'
		);

		// Move the last image up, with the keyboard.
		await imageRow( list, 3 )
			.getByRole( 'button', { name: 'Move up' } )
			.focus();
		await page.keyboard.press( 'Enter' );
		await expect
			.poll( () => savedOrder( requestUtils, galleryId ) )
			.toEqual( [ ids[ 0 ], ids[ 2 ], ids[ 1 ] ] );
		await expect(
			imageRow( list, 2 ).getByRole( 'button', { name: 'Move up' } )
		).toBeFocused();

		// The media frame opens on the gallery's images.
		await box.getByRole( 'button', { name: 'Add or edit images' } ).click();
		const modal = page.locator( '.media-modal:visible' );
		await expect(
			modal.getByRole( 'checkbox', { name: `Screen ${ stamp } 2` } )
		).toBeVisible();
		await page.keyboard.press( 'Escape' );
		await expect( modal ).toBeHidden();

		// The list of galleries: the first image as preview, the count.
		await page.goto( '/wp-admin/edit.php?post_type=tessera_gallery' );
		const row = page.locator( `#post-${ galleryId }` );
		await expect(
			page.getByRole( 'columnheader', { name: 'Images' } ).first()
		).toBeVisible();
		await expect( row.locator( 'td.column-tessera_images' ) ).toHaveText(
			'3'
		);
		const preview = row.locator( 'td.column-tessera_preview img' );
		await expect( preview ).toHaveAttribute( 'src', /\.png$/ );
		await expect( preview ).toHaveAttribute( 'width', /\d+/ );
	} );
} );
