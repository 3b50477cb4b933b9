/**
 * Building a gallery in the block editor (docs/gallery.md, "Blocks"): the gallery block creates a reusable
 * `tessera_gallery` post from images chosen in the media library's gallery frame, shows the server render,
 * takes the view's settings from the sidebar, and a visitor gets the thumbnails linked to the full images.
 */

/**
 * External dependencies
 */
import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Internal dependencies
 */
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

test.describe( 'gallery block in the editor', () => {
	const images: Uploaded[] = [];
	const galleries: number[] = [];

	test.afterAll( async ( { requestUtils } ) => {
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
			name: 'Block: Gallery',
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
} );
