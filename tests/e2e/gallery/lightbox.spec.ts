/**
 * The lightbox as a visitor uses it (docs/lightbox.md; issue 7, first increments): nothing of it before intent,
 * a thumbnail opens it by click or keyboard, the hash names the image (and opens it on load), arrows, keys and
 * the filmstrip step, Escape closes and gives the focus back, the focus stays in the dialog, axe finds nothing,
 * and the call refuses bad input over HTTP.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, ensureDemo } from '../stats/support';
import { DEMO } from './support';

/** The first thumbnails gallery of the demo page. */
const GALLERY = '#bwg_container1_0';

/**
 * The island's files requested so far.
 *
 * @param page The page.
 */
function islandRequests( page: Page ): string[] {
	return ( page as unknown as { islandUrls: string[] } ).islandUrls;
}

/**
 * Records the island's requests of a page.
 *
 * @param page The page.
 */
function watchIsland( page: Page ): void {
	const urls: string[] = [];
	( page as unknown as { islandUrls: string[] } ).islandUrls = urls;
	page.on( 'request', ( request ) => {
		if (
			/\/build\/blocks\/gallery\/island\.(js|css)|action=tessera_lightbox/.test(
				request.url()
			)
		) {
			urls.push( request.url() );
		}
	} );
}

/**
 * Waits until the page's scripts have run and the browser is idle (the view script acts at once on load).
 *
 * @param page The page.
 */
async function idle( page: Page ): Promise< void > {
	await page.evaluate(
		() =>
			new Promise( ( resolve ) =>
				requestIdleCallback( () => resolve( null ), { timeout: 2000 } )
			)
	);
}

test.describe( 'gallery: lightbox', () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test(
		'nothing before intent; a click opens the image with its hash; keys and arrows step; Escape closes back to the thumbnail',
		{ tag: '@visitor' },
		async ( { browser } ) => {
			const { context, page, errors } =
				await consentingVisitor( browser );
			watchIsland( page );
			await page.goto( DEMO, { waitUntil: 'load' } );
			await idle( page );
			expect( islandRequests( page ) ).toEqual( [] );

			const gallery = page.locator( GALLERY );
			const galleryId = await gallery.getAttribute( 'data-gallery-id' );
			const thumb = gallery.locator( 'a.tessera-gallery__link' ).nth( 2 );
			const imageId = await gallery
				.locator( '.tessera-gallery__item' )
				.nth( 2 )
				.getAttribute( 'data-image-id' );
			await thumb.hover();
			await expect
				.poll( () => islandRequests( page ).length )
				.toBeGreaterThan( 0 );

			const started = Date.now();
			await thumb.click();
			const dialog = page.getByRole( 'dialog', {
				name: /image viewer$/,
			} );
			await expect( dialog ).toBeVisible();
			await expect(
				dialog.locator( '.tessera-lightbox__image' )
			).toHaveJSProperty( 'complete', true );
			test.info().annotations.push( {
				type: 'click to image shown (island loaded on hover, 1x CPU)',
				description: `${ Date.now() - started } ms`,
			} );
			await expect( page ).toHaveURL(
				new RegExp( `#bwg${ galleryId }/${ imageId }$` )
			);
			const status = dialog.locator( '.tessera-lightbox__status' );
			await expect( status ).toHaveText( /^3 of \d+: / );
			// The page does not scroll under the dialog.
			expect(
				await page.evaluate(
					() => document.documentElement.style.overflow
				)
			).toBe( 'hidden' );

			// Keys: next, previous; the hash follows.
			await page.keyboard.press( 'ArrowRight' );
			await expect( status ).toHaveText( /^4 of \d+: / );
			await expect( page ).not.toHaveURL(
				new RegExp( `/${ imageId }$` )
			);
			await page.keyboard.press( 'ArrowLeft' );
			await page.keyboard.press( 'ArrowLeft' );
			await expect( status ).toHaveText( /^2 of \d+: / );
			// Arrows: real buttons with names.
			await dialog.getByRole( 'button', { name: 'Next image' } ).click();
			await expect( status ).toHaveText( /^3 of \d+: / );
			// The filmstrip: its thumbnails are buttons named by position; the current one says so.
			const fifth = dialog.getByRole( 'button', { name: /^5 of \d+: / } );
			await fifth.click();
			await expect( status ).toHaveText( /^5 of \d+: / );
			await expect( fifth ).toHaveAttribute( 'aria-current', 'true' );
			// Wrapping: previous from the first image is the last.
			await dialog.getByRole( 'button', { name: /^1 of \d+: / } ).click();
			await page.keyboard.press( 'ArrowLeft' );
			// "N of N": the last image (after the change's effect).
			await expect( status ).toHaveText( /^(\d+) of \1: / );

			await page.keyboard.press( 'Escape' );
			await expect( dialog ).toHaveCount( 0 );
			await expect( page ).not.toHaveURL( /#bwg/ );
			await expect( thumb ).toBeFocused();
			expect(
				await page.evaluate(
					() => document.documentElement.style.overflow
				)
			).toBe( '' );
			expect( errors ).toEqual( [] );
			await context.close();
		}
	);

	test( 'closed, the page lets go of the popup: no listener or node stays, the second time neither', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		await page.goto( DEMO, { waitUntil: 'load' } );
		const cdp = await context.newCDPSession( page );
		await cdp.send( 'Performance.enable' );
		// The page's listeners and nodes, alive ones only (after a garbage collection): a closed popup that something
		// still holds keeps its nodes and React's listeners on them.
		const alive = async () => {
			await cdp.send( 'HeapProfiler.collectGarbage' );
			const { metrics } = await cdp.send( 'Performance.getMetrics' );
			const get = ( name: string ) =>
				metrics.find( ( m ) => m.name === name )?.value ?? NaN;
			return {
				listeners: get( 'JSEventListeners' ),
				nodes: get( 'Nodes' ),
			};
		};
		const thumb = page
			.locator( GALLERY )
			.locator( 'a.tessera-gallery__link' )
			.nth( 2 );
		await thumb.hover();
		await page.waitForFunction(
			() => 'tesseraLightbox' in ( window as object )
		);
		await idle( page );
		const before = await alive();
		const dialog = page.getByRole( 'dialog', { name: /image viewer$/ } );
		// Opens the third image, steps to the fourth, closes.
		const openStepClose = async () => {
			await thumb.click();
			const status = dialog.locator( '.tessera-lightbox__status' );
			await expect( status ).toHaveText( /^3 of \d+: / );
			await page.keyboard.press( 'ArrowRight' );
			await expect( status ).toHaveText( /^4 of \d+: / );
			await page.keyboard.press( 'Escape' );
			await expect( dialog ).toHaveCount( 0 );
			await expect( thumb ).toBeFocused();
		};
		// A closed popup may stay alive a moment (an image of it still loading or decoding): each check waits for
		// the page to let go of it, so that only what stays for good (a leak) fails.
		await openStepClose();
		// The page as before the opening (a listener or two of the island's own may come with the first opening).
		let first = before;
		await expect
			.poll( async () => {
				first = await alive();
				return first.listeners - before.listeners;
			} )
			.toBeLessThanOrEqual( 2 );
		// The second time adds no listener and almost no node.
		await openStepClose();
		await expect
			.poll( async () => {
				const now = await alive();
				return {
					listeners: now.listeners - first.listeners <= 0,
					nodes: now.nodes - first.nodes <= 20,
				};
			} )
			.toEqual( { listeners: true, nodes: true } );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'keyboard only: Enter on a thumbnail opens it, the focus stays in the dialog, axe finds no violation', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		await page.goto( DEMO );
		const thumb = page
			.locator( GALLERY )
			.locator( 'a.tessera-gallery__link' )
			.first();
		await thumb.focus();
		await page.keyboard.press( 'Enter' );
		const dialog = page.getByRole( 'dialog', { name: /image viewer$/ } );
		await expect( dialog ).toBeVisible();
		await expect(
			dialog.locator( '.tessera-lightbox__status' )
		).toHaveText( /^1 of \d+: / );
		// Tab through more controls than the dialog has: the focus never leaves it.
		for ( let i = 0; i < 60; i++ ) {
			await page.keyboard.press( 'Tab' );
			expect(
				await page.evaluate(
					() =>
						!! window.document.activeElement?.closest(
							'.tessera-lightbox'
						)
				)
			).toBe( true );
		}
		const results = await new AxeBuilder( { page } )
			.include( '.tessera-lightbox' )
			.analyze();
		expect( results.violations ).toEqual( [] );
		await dialog.getByRole( 'button', { name: 'Close' } ).click();
		await expect( dialog ).toHaveCount( 0 );
		await expect( thumb ).toBeFocused();
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test(
		'the hash opens its image on load; a tampered one opens nothing',
		{ tag: '@visitor' },
		async ( { browser } ) => {
			const { context, page, errors } =
				await consentingVisitor( browser );
			await page.goto( DEMO );
			const gallery = page.locator( GALLERY );
			const galleryId = await gallery.getAttribute( 'data-gallery-id' );
			const imageId = await gallery
				.locator( '.tessera-gallery__item' )
				.nth( 1 )
				.getAttribute( 'data-image-id' );
			await page.goto( `${ DEMO }#bwg${ galleryId }/${ imageId }` );
			await page.reload();
			const dialog = page.getByRole( 'dialog', {
				name: /image viewer$/,
			} );
			await expect( dialog ).toBeVisible();
			await expect(
				dialog.locator( '.tessera-lightbox__status' )
			).toHaveText( /^2 of \d+: / );
			await page.keyboard.press( 'Escape' );
			await expect( dialog ).toHaveCount( 0 );

			// Not a hash of ours: nothing opens, nothing is asked.
			for ( const hash of [ `#bwg${ galleryId }/<script>`, '#bwg0/1' ] ) {
				await page.goto( `${ DEMO }${ hash }` );
				await page.reload( { waitUntil: 'load' } );
				await idle( page );
				await expect(
					page.locator( '.tessera-lightbox-overlay' )
				).toHaveCount( 0 );
			}
			// An image the gallery does not hold: the call refuses it, a clear empty state that Escape closes.
			await page.goto( `${ DEMO }#bwg${ galleryId }/999999999` );
			await page.reload();
			await expect(
				page.locator( '.tessera-lightbox-empty' )
			).toHaveText( 'This image is not available.' );
			await expect( dialog ).toHaveCount( 0 );
			await page.keyboard.press( 'Escape' );
			await expect(
				page.locator( '.tessera-lightbox-overlay' )
			).toHaveCount( 0 );
			expect(
				errors.filter( ( error ) => ! error.includes( '404' ) )
			).toEqual( [] );
			await context.close();
		}
	);

	test(
		'the call over HTTP: the same answer for the same query, 404 for bad input, 405 for POST',
		{ tag: '@visitor' },
		async ( { page, request } ) => {
			await page.goto( DEMO );
			const base = await page
				.locator( GALLERY )
				.getAttribute( 'data-lightbox-url' );
			const imageId = await page
				.locator( `${ GALLERY } .tessera-gallery__item` )
				.first()
				.getAttribute( 'data-image-id' );
			expect( base ).toContain( 'action=tessera_lightbox' );
			const url = `${ base }&image_id=${ imageId }`;
			const first = await request.get( url );
			expect( first.status() ).toBe( 200 );
			expect( first.headers()[ 'cache-control' ] ).toBe(
				'public, max-age=300'
			);
			const second = await request.get( url );
			expect( await second.text() ).toBe( await first.text() );
			const etag = first.headers().etag || '';
			expect(
				(
					await request.get( url, {
						headers: { 'If-None-Match': etag },
					} )
				).status()
			).toBe( 304 );
			for ( const bad of [
				`${ base }&image_id=abc`,
				`${ base }&image_id=99999999999999`,
				`${ base }&image_id=${ imageId }%27%20OR%201=1`,
				`${ base }&image_id=<script>alert(1)</script>`,
				url.replace( /gallery_id=\d+/, 'gallery_id=-1' ),
			] ) {
				const answer = await request.get( bad );
				expect( answer.status(), bad ).toBe( 404 );
				const body = await answer.text();
				expect( body ).toContain( 'tessera-lightbox-empty' );
				expect( body ).not.toContain( '<script>' );
			}
			expect( ( await request.post( url ) ).status() ).toBe( 405 );
		}
	);
} );
