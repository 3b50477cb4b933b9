/**
 * The lightbox's transition effects in a real browser (spec §4 "Transition effects"; docs/lightbox.md "Effects";
 * issue 7): for every effect of the lightbox setting, a change plays it between two layers over the stage (the
 * piece effects lay their pieces too), the new image is announced once it is over, and nothing of the effect stays;
 * `none` and reduced motion change at once, with no layer at all.
 */

/**
 * External dependencies
 */
import { expect, test, type Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, ensureDemo } from '../stats/support';
import { DEMO, keepLightboxOptions, setLightboxOptions } from './support';
// Every effect name, from the lightbox itself (the server's Settings::EFFECTS holds the same list).
import { EFFECTS } from '../../../blocks/gallery/lightbox/effects';

/** The piece effects: temporary pieces over the stage. */
const PIECES = new Set( [
	'slice_horizontal',
	'slice_vertical',
	'block_scale',
	'kaleidoscope',
	'blind_horizontal',
	'blind_vertical',
] );

/** Motion allowed (the suite's contexts prefer reduced motion, @wordpress/scripts' Playwright configuration). */
const MOTION = { reducedMotion: 'no-preference' } as const;

/** Effect duration in these tests, ms. */
const DURATION = 300;

/**
 * Sets the lightbox's effect (the site-wide lightbox option).
 *
 * @param effect Effect name.
 */
function setEffect( effect: string ): void {
	setLightboxOptions( {
		bwg_image_effect: effect,
		slideshow_effect_duration: DURATION,
		slideshow_interval: 5,
	} );
}

/**
 * Opens the demo gallery's first image by its hash, and starts recording what happens on the stage: the most
 * layers and pieces seen at once, and the animations that ran.
 *
 * @param page The page.
 */
async function openFirst( page: Page ): Promise< void > {
	await page.goto( DEMO, { waitUntil: 'load' } );
	const gallery = page.locator( '#bwg_container1_0' );
	const galleryId = await gallery.getAttribute( 'data-gallery-id' );
	const imageId = await gallery
		.locator( '.tessera-gallery__item' )
		.first()
		.getAttribute( 'data-image-id' );
	await page.goto( `${ DEMO }#bwg${ galleryId }/${ imageId }`, {
		waitUntil: 'load',
	} );
	// A hash on load: the island opens the image.
	await page.reload( { waitUntil: 'load' } );
	const status = page.locator( '.tessera-lightbox__status' );
	await expect( status ).toHaveText( /^1 of \d+: / );
	await expect( page.locator( '.tessera-lightbox__image' ) ).toHaveJSProperty(
		'complete',
		true
	);
	await page.evaluate( () => {
		const stage = document.querySelector(
			'.tessera-lightbox__stage'
		) as HTMLElement;
		const seen = { layers: 0, pieces: 0, animations: 0 };
		( window as unknown as { seen: typeof seen } ).seen = seen;
		const record = () => {
			const children = Array.from( stage.children );
			seen.layers = Math.max(
				seen.layers,
				children.filter( ( c ) =>
					c.classList.contains( 'tessera-lightbox__layer' )
				).length
			);
			seen.pieces = Math.max(
				seen.pieces,
				children.filter(
					( c ) =>
						! c.classList.contains( 'tessera-lightbox__layer' ) &&
						! c.classList.contains( 'tessera-lightbox__image' )
				).length
			);
			seen.animations = Math.max(
				seen.animations,
				document.getAnimations().length
			);
		};
		// Nodes as they come and go; animations, which no mutation announces, at every frame.
		new MutationObserver( record ).observe( stage, {
			childList: true,
			subtree: true,
		} );
		const frame = () => {
			record();
			requestAnimationFrame( frame );
		};
		requestAnimationFrame( frame );
	} );
}

/**
 * What the recording saw.
 *
 * @param page The page.
 */
function recorded( page: Page ) {
	return page.evaluate(
		() => ( window as unknown as { seen: Record< string, number > } ).seen
	);
}

/**
 * What is left on the stage: its children but the popup's own image, its classes, running animations.
 *
 * @param page The page.
 */
function left( page: Page ) {
	return page.evaluate( () => {
		const stage = document.querySelector(
			'.tessera-lightbox__stage'
		) as HTMLElement;
		return {
			children: stage.children.length,
			changing: stage.classList.contains( 'is-changing' ),
			animations: document.getAnimations().length,
			hiddenImage:
				getComputedStyle(
					stage.querySelector(
						':scope > .tessera-lightbox__image'
					) as Element
				).visibility === 'hidden',
		};
	} );
}

/**
 * Opens the first image, steps to the second and back, waiting each time until the new image is announced and the
 * stage holds only the popup's own image, visible, with no animation left.
 *
 * @param page The page.
 * @return What the recording saw during the first change.
 */
async function changeAndBack( page: Page ) {
	await openFirst( page );
	const status = page.locator( '.tessera-lightbox__status' );
	const clean = {
		children: 1,
		changing: false,
		animations: 0,
		hiddenImage: false,
	};
	await page.keyboard.press( 'ArrowRight' );
	await expect( status ).toHaveText( /^2 of \d+: / );
	await expect.poll( () => left( page ) ).toEqual( clean );
	const saw = await recorded( page );
	// Back: the other direction plays as well.
	await page.keyboard.press( 'ArrowLeft' );
	await expect( status ).toHaveText( /^1 of \d+: / );
	await expect.poll( () => left( page ) ).toEqual( clean );
	return saw;
}

/** What each effect shows: two layers (none for `none`), pieces for the piece effects, animations. */
const EXPECTED = Object.fromEntries(
	EFFECTS.map( ( effect ) => [
		effect,
		{
			layers: effect === 'none' ? 0 : 2,
			pieces: PIECES.has( effect ),
			animated: effect !== 'none',
		},
	] )
) as Record<
	( typeof EFFECTS )[ number ],
	{ layers: number; pieces: boolean; animated: boolean }
>;

test.describe( 'gallery: lightbox effects', () => {
	let restore = () => undefined as void;

	test.beforeAll( () => {
		ensureDemo();
		restore = keepLightboxOptions();
	} );

	test.afterAll( () => restore() );

	for ( const effect of EFFECTS.filter( ( name ) => name !== 'random' ) ) {
		test( `${ effect }: plays, then leaves only the new image, both ways`, async ( {
			browser,
		} ) => {
			setEffect( effect );
			const { context, page, errors } = await consentingVisitor(
				browser,
				MOTION
			);
			const saw = await changeAndBack( page );
			expect( {
				layers: saw.layers,
				pieces: saw.pieces >= 8,
				animated: saw.animations > 0,
			} ).toEqual( EXPECTED[ effect ] );
			expect( errors ).toEqual( [] );
			await context.close();
		} );
	}

	test( 'random: draws an effect at each change, never none', async ( {
		browser,
	} ) => {
		setEffect( 'random' );
		const { context, page, errors } = await consentingVisitor(
			browser,
			MOTION
		);
		const saw = await changeAndBack( page );
		expect( saw.layers ).toBe( 2 );
		expect( saw.animations ).toBeGreaterThan( 0 );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'under reduced motion a change is instant: no layer, no animation', async ( {
		browser,
	} ) => {
		setEffect( 'cube_horizontal' );
		const { context, page, errors } = await consentingVisitor( browser, {
			reducedMotion: 'reduce',
		} );
		await openFirst( page );
		const status = page.locator( '.tessera-lightbox__status' );
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^2 of \d+: / );
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^3 of \d+: / );
		expect( await recorded( page ) ).toEqual( {
			layers: 0,
			pieces: 0,
			animations: 0,
		} );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'changes asked during an effect play after it, in order', async ( {
		browser,
	} ) => {
		setEffect( 'slide_horizontal' );
		const { context, page, errors } = await consentingVisitor(
			browser,
			MOTION
		);
		await openFirst( page );
		const status = page.locator( '.tessera-lightbox__status' );
		// Every status the dialog announces, in order (one may last a single effect: the page records them).
		await page.evaluate( () => {
			const line = document.querySelector(
				'.tessera-lightbox__status'
			) as HTMLElement;
			const said: string[] = [];
			( window as unknown as { said: string[] } ).said = said;
			new MutationObserver( () => {
				const at = ( line.textContent || '' ).split( ' ' )[ 0 ] ?? '';
				if ( said[ said.length - 1 ] !== at ) {
					said.push( at );
				}
			} ).observe( line, {
				childList: true,
				characterData: true,
				subtree: true,
			} );
		} );
		const started = Date.now();
		await page.keyboard.press( 'ArrowRight' );
		await page.keyboard.press( 'ArrowRight' );
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^4 of \d+: / );
		const elapsed = Date.now() - started;
		// Each change announces its image when it is over: 2, then 3, then 4, one effect after the other.
		expect(
			await page.evaluate(
				() => ( window as unknown as { said: string[] } ).said
			)
		).toEqual( [ '2', '3', '4' ] );
		expect( elapsed ).toBeGreaterThanOrEqual( 2 * DURATION );
		await expect
			.poll( () => left( page ) )
			.toMatchObject( {
				children: 1,
				changing: false,
			} );
		expect( errors ).toEqual( [] );
		await context.close();
	} );
} );
