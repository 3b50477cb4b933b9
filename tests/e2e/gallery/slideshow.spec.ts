/**
 * The slideshow and carousel views as a visitor uses them (docs/gallery.md, "Views"; spec §2, §4 "Play state",
 * "Changing image", §9): on /demo-gallery/ (gallery 4 a slideshow, 5 a carousel) previous / next by button and by
 * key, the announcement, the filmstrip, play / pause with truthful names, nothing shifting; on a page of their own
 * with a 1 s interval, autoplay advancing, held on an image, paused and resumed; reduced motion; no JavaScript.
 */

/**
 * External dependencies
 */
import type { Browser, Locator, Page } from '@playwright/test';

/**
 * WordPress dependencies
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { withoutWebFonts } from '../consent/support';
import { consentingVisitor, ensureDemo } from '../stats/support';
import { DEMO } from './support';

const SLIDESHOW = '#bwg_container1_4';
const CAROUSEL = '#bwg_container1_5';

/**
 * The name of the slide that shows (the last one coming in, during an effect).
 *
 * @param slideshow The gallery's container.
 */
const current = ( slideshow: Locator ) =>
	slideshow
		.locator( '.tessera-slide:not([hidden])' )
		.last()
		.getAttribute( 'aria-label' );

/**
 * Counts the layout shifts whose sources are inside the slideshow or the carousel, from the start of the page.
 *
 * @param page The page (before it loads).
 */
async function watchShifts( page: Page ): Promise< void > {
	await page.addInitScript( () => {
		( window as unknown as { shift: number } ).shift = 0;
		new PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() as Array<
				PerformanceEntry & {
					value: number;
					sources?: Array< { node?: Node | null } >;
				}
			> ) {
				const ours = ( entry.sources || [] ).some(
					( source ) =>
						source.node instanceof Element &&
						source.node.closest( '[data-player]' )
				);
				if ( ours ) {
					( window as unknown as { shift: number } ).shift +=
						entry.value;
				}
			}
		} ).observe( { type: 'layout-shift', buffered: true } );
	} );
}

/**
 * A visitor with a motion preference (this browser reports reduced motion by default).
 *
 * @param browser The browser.
 * @param motion  The motion preference.
 * @param height  The window's height.
 */
const visitorWith = (
	browser: Browser,
	motion: 'reduce' | 'no-preference' = 'no-preference',
	height = 800
) =>
	consentingVisitor( browser, {
		reducedMotion: motion,
		viewport: { width: 1280, height },
	} );

test.describe( 'gallery: slideshow and carousel', () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test( 'slideshow: previous and next by button and key, the filmstrip, play and pause, announced, nothing shifting', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await visitorWith( browser );
		await withoutWebFonts( page, DEMO );
		await watchShifts( page );
		await page.goto( DEMO );
		const slideshow = page.locator( SLIDESHOW );
		await slideshow.scrollIntoViewIfNeeded();
		const region = slideshow.getByRole( 'region', {
			name: 'A few favourites: slideshow',
		} );
		await expect( region ).toHaveAttribute( 'data-ready', '1' );
		const live = slideshow.locator( '[aria-live="polite"]' );

		// Autoplay is on: the button says what a press does.
		const pause = slideshow.getByRole( 'button', {
			name: 'Pause slideshow',
		} );
		await expect( pause ).toBeVisible();
		await pause.click();
		const play = slideshow.getByRole( 'button', {
			name: 'Play slideshow',
		} );
		await expect( play ).toBeVisible();
		// From the first slide (autoplay may have moved on; the shown one does nothing).
		await slideshow.locator( '.tessera-player__thumbs a' ).first().click();
		await expect.poll( () => current( slideshow ) ).toMatch( /^1 of 8: / );

		await slideshow.getByRole( 'button', { name: 'Next image' } ).click();
		await expect.poll( () => current( slideshow ) ).toMatch( /^2 of 8: / );
		await expect( live ).toHaveText( /^2 of 8: / );
		await expect(
			slideshow.locator( '.tessera-slide:not([hidden])' )
		).toHaveCount( 1 );

		await page.keyboard.press( 'ArrowRight' );
		await expect.poll( () => current( slideshow ) ).toMatch( /^3 of 8: / );
		await page.keyboard.press( 'ArrowLeft' );
		await page.keyboard.press( 'ArrowLeft' );
		await expect( live ).toHaveText( /^1 of 8: / );
		await expect(
			slideshow.locator( '.tessera-slide:not([hidden])' )
		).toHaveCount( 1 );
		expect( await current( slideshow ) ).toMatch( /^1 of 8: / );
		// Round from the first to the last by the visitor's own move.
		await slideshow
			.getByRole( 'button', { name: 'Previous image' } )
			.click();
		await expect( live ).toHaveText( /^8 of 8: / );

		// A thumbnail shows its slide instead of opening the file.
		const thumbs = slideshow.locator( '.tessera-player__thumbs a' );
		await thumbs.nth( 4 ).click();
		await expect( live ).toHaveText( /^5 of 8: / );
		await expect( thumbs.nth( 4 ) ).toHaveAttribute(
			'aria-current',
			'true'
		);
		await expect( slideshow.locator( '[aria-current]' ) ).toHaveCount( 1 );
		expect( page.url() ).not.toMatch( /\.jpg$/ );
		await expect.poll( () => current( slideshow ) ).toMatch( /^5 of 8: / );

		// The filmstrip's scroll buttons: back disabled at the start, forward scrolls.
		const strip = slideshow.locator( '.tessera-player__thumbs' );
		await strip.evaluate( ( list ) => list.scrollTo( 0, 0 ) );
		// Disabled, it is hidden too (it would cover the first thumbnail).
		const back = slideshow.locator( '[data-act=scroll][data-by="-1"]' );
		await expect( back ).toHaveAttribute( 'aria-disabled', 'true' );
		await expect( back ).toBeHidden();
		await slideshow
			.getByRole( 'button', { name: 'Scroll thumbnails forward' } )
			.click();
		await expect
			.poll( () => strip.evaluate( ( list ) => list.scrollLeft ) )
			.toBeGreaterThan( 0 );
		await expect( back ).toHaveAttribute( 'aria-disabled', 'false' );
		await expect( back ).toHaveAccessibleName( 'Scroll thumbnails back' );

		// The watermark: over the images, not read out, not clickable.
		const mark = slideshow.locator( '.tessera-player__mark' );
		await expect( mark ).toHaveText( 'Tessera demo' );
		await expect( mark ).toHaveAttribute( 'aria-hidden', 'true' );
		expect(
			await mark.evaluate(
				( node ) => getComputedStyle( node ).pointerEvents
			)
		).toBe( 'none' );

		expect(
			await page.evaluate(
				() => ( window as unknown as { shift: number } ).shift
			)
		).toBe( 0 );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'carousel: a row of three that moves by one, round at the ends, by button and key', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await visitorWith( browser );
		await watchShifts( page );
		await page.goto( DEMO );
		const carousel = page.locator( CAROUSEL );
		await carousel.scrollIntoViewIfNeeded();
		const row = carousel.locator( '.tessera-carousel__row' );
		// Where the row is scrolled to, in images.
		const at = () =>
			row.evaluate( ( list ) =>
				Math.round(
					list.scrollLeft /
						(
							list.firstElementChild as HTMLElement
						 ).getBoundingClientRect().width
				)
			);
		const visible = await row.evaluate( ( list ) =>
			Math.round(
				list.clientWidth /
					(
						list.firstElementChild as HTMLElement
					 ).getBoundingClientRect().width
			)
		);
		expect( visible ).toBe( 3 );
		await carousel
			.getByRole( 'button', { name: 'Pause carousel' } )
			.click();
		await expect(
			carousel.getByRole( 'button', { name: 'Play carousel' } )
		).toBeVisible();
		await row.evaluate( ( list ) => list.scrollTo( 0, 0 ) );
		await carousel.getByRole( 'button', { name: 'Next image' } ).click();
		await expect.poll( at ).toBe( 1 );
		await page.keyboard.press( 'ArrowRight' );
		await expect.poll( at ).toBe( 2 );
		await page.keyboard.press( 'ArrowLeft' );
		await expect.poll( at ).toBe( 1 );
		await carousel
			.getByRole( 'button', { name: 'Previous image' } )
			.click();
		await expect.poll( at ).toBe( 0 );
		// Round to the end (8 images, 3 in view) and back to the start.
		await carousel
			.getByRole( 'button', { name: 'Previous image' } )
			.click();
		await expect.poll( at ).toBe( 5 );
		await carousel.getByRole( 'button', { name: 'Next image' } ).click();
		await expect.poll( at ).toBe( 0 );
		expect(
			await page.evaluate(
				() => ( window as unknown as { shift: number } ).shift
			)
		).toBe( 0 );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test.describe( 'on a page with a 1 s interval', () => {
		let pageId = 0;

		test.beforeAll( async ( { requestUtils } ) => {
			const demo = await requestUtils.rest<
				Array< { content: { raw: string } } >
			>( {
				path: '/wp/v2/pages',
				params: { slug: 'demo-gallery', context: 'edit' },
			} );
			const galleryId = Number(
				/"galleryId":(\d+),"view":"slideshow"/.exec(
					demo[ 0 ]?.content.raw || ''
				)?.[ 1 ]
			);
			expect( galleryId ).toBeGreaterThan( 0 );
			const block = ( attributes: Record< string, unknown > ) =>
				`<!-- wp:tessera/gallery ${ JSON.stringify( {
					galleryId,
					imagesPerPage: 0,
					pagination: 'none',
					interval: 1,
					...attributes,
				} ) } /-->`;
			const created = await requestUtils.rest< { id: number } >( {
				path: '/wp/v2/pages',
				method: 'POST',
				data: {
					title: 'Slideshow e2e',
					status: 'publish',
					content:
						block( { view: 'slideshow', effectDuration: 200 } ) +
						block( { view: 'carousel', loop: false } ),
				},
			} );
			pageId = created.id;
		} );

		test.afterAll( async ( { requestUtils } ) => {
			if ( pageId ) {
				await requestUtils.rest( {
					path: `/wp/v2/pages/${ pageId }`,
					method: 'DELETE',
					params: { force: true },
				} );
			}
		} );

		test( 'autoplay advances every interval, holds on an image, pauses and resumes; the carousel stops at its end', async ( {
			browser,
		} ) => {
			// Tall enough for both in view: the carousel plays meanwhile.
			const { context, page, errors } = await visitorWith(
				browser,
				'no-preference',
				1800
			);
			// The players' intervals run on the page's clock, stopped before the page loads: an image moves on
			// only when the test lets an interval pass, however busy the machine is.
			await page.clock.install();
			await page.clock.pauseAt( Date.now() + 60_000 );
			await page.goto( `/?page_id=${ pageId }` );
			const slideshow = page.locator( '#bwg_container1_0' );
			const carousel = page.locator( '#bwg_container1_1' );
			await expect( slideshow.locator( '[data-ready]' ) ).toHaveCount(
				1
			);
			await page.mouse.move( 0, 0 );
			const position = async () =>
				Number(
					/^(\d+) of 8: /.exec(
						( await current( slideshow ) ) ?? ''
					)?.[ 1 ]
				);
			// One interval, one image on.
			const start = await position();
			await page.clock.runFor( 1000 );
			await expect.poll( position ).toBe( ( start % 8 ) + 1 );
			await page.clock.runFor( 1000 );
			await expect.poll( position ).toBe( ( ( start + 1 ) % 8 ) + 1 );
			// Autoplay is not announced.
			await expect( slideshow.locator( '[aria-live]' ) ).toHaveText( '' );

			// The pointer on the image holds it; away, it goes on.
			await slideshow
				.locator( '.tessera-slide:not([hidden]) img' )
				.last()
				.hover();
			const held = await current( slideshow );
			await page.clock.runFor( 3000 );
			expect( await current( slideshow ) ).toBe( held );
			await page.mouse.move( 0, 0 );
			await page.clock.runFor( 1000 );
			await expect.poll( () => current( slideshow ) ).not.toBe( held );

			// Pause: it stays; Play: it goes on.
			await slideshow
				.getByRole( 'button', { name: 'Pause slideshow' } )
				.click();
			await expect(
				slideshow.locator( '.tessera-slide:not([hidden])' )
			).toHaveCount( 1 );
			const paused = await current( slideshow );
			await page.clock.runFor( 3000 );
			expect( await current( slideshow ) ).toBe( paused );
			await slideshow
				.getByRole( 'button', { name: 'Play slideshow' } )
				.click();
			await page.clock.runFor( 1000 );
			await expect.poll( () => current( slideshow ) ).not.toBe( paused );

			// The carousel without loop: one image an interval, then it stops at its end by itself.
			const playCarousel = carousel.getByRole( 'button', {
				name: 'Play carousel',
			} );
			await expect
				.poll(
					async () => {
						await page.clock.runFor( 1000 );
						return playCarousel.isVisible();
					},
					{ intervals: [ 100 ] }
				)
				.toBe( true );
			expect(
				await carousel
					.locator( 'ul' )
					.evaluate(
						( list ) =>
							list.scrollLeft + list.clientWidth >=
							list.scrollWidth - 2
					)
			).toBe( true );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'under reduced motion autoplay does not start, and a change is instant', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await visitorWith(
				browser,
				'reduce'
			);
			// Three intervals pass on the page's clock: nothing moves.
			await page.clock.install();
			await page.goto( `/?page_id=${ pageId }` );
			const slideshow = page.locator( '#bwg_container1_0' );
			await expect(
				slideshow.getByRole( 'button', { name: 'Play slideshow' } )
			).toBeVisible();
			await page.clock.runFor( 3000 );
			expect( await current( slideshow ) ).toMatch( /^1 of 8: / );
			await slideshow
				.getByRole( 'button', { name: 'Next image' } )
				.click();
			// At once: no slide coming in, one slide showing.
			expect(
				await slideshow
					.locator( '.tessera-slide:not([hidden])' )
					.evaluateAll( ( slides ) =>
						slides.map( ( slide ) => slide.className )
					)
			).toEqual( [ 'tessera-slide' ] );
			expect( await current( slideshow ) ).toMatch( /^2 of 8: / );
			expect( errors ).toEqual( [] );
			await context.close();
		} );
	} );

	test( 'without JavaScript: the first slide, thumbnails linked to the files, a carousel that scrolls', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		await page.goto( DEMO );
		const slideshow = page.locator( SLIDESHOW );
		await expect(
			slideshow.locator( '.tessera-slide:visible' )
		).toHaveCount( 1 );
		expect( await current( slideshow ) ).toMatch( /^1 of 8: / );
		const href = await slideshow
			.locator( '.tessera-player__thumbs a' )
			.nth( 2 )
			.getAttribute( 'href' );
		expect( href ).toMatch( /\.jpg$/ );
		expect(
			( await page.request.get( href || '' ) ).headers()[ 'content-type' ]
		).toContain( 'image/jpeg' );
		// The buttons need the script: not shown, not reachable.
		await expect( slideshow.getByRole( 'button' ) ).toHaveCount( 0 );
		const row = page.locator( `${ CAROUSEL } .tessera-carousel__row` );
		expect(
			await row.evaluate(
				( list ) =>
					list.scrollWidth > list.clientWidth &&
					getComputedStyle( list ).overflowX === 'auto'
			)
		).toBe( true );
		await context.close();
	} );
} );
