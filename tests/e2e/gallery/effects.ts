/**
 * What the lightbox effect specs share (`lightbox-effects.spec.ts`, the whole-image effects;
 * `lightbox-effects-pieces.spec.ts`, the piece effects, random, reduced motion and changes in a queue): the demo
 * gallery's first image opened by its hash, and a recording of what the stage shows during a change.
 */

/**
 * External dependencies
 */
import { expect, type Browser, type Page, type test } from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, ensureDemo } from '../stats/support';
import {
	imageAddresses,
	keepLightboxOptions,
	setLightboxOptions,
} from './support';
// Every effect name, from the lightbox itself (the server's Settings::EFFECTS holds the same list).
import { EFFECTS } from '../../../blocks/gallery/lightbox/effects';

export { EFFECTS };

/** The piece effects: temporary pieces over the stage. */
export const PIECES = new Set< ( typeof EFFECTS )[ number ] >( [
	'slice_horizontal',
	'slice_vertical',
	'block_scale',
	'kaleidoscope',
	'blind_horizontal',
	'blind_vertical',
] );

/** Motion allowed (the suite's contexts prefer reduced motion, @wordpress/scripts' Playwright configuration). */
export const MOTION = { reducedMotion: 'no-preference' } as const;

/** Effect duration in these tests, ms. */
export const DURATION = 300;

/**
 * Sets the lightbox's effect (the site-wide lightbox option).
 *
 * @param effect Effect name.
 */
export function setEffect( effect: string ): void {
	setLightboxOptions( {
		bwg_image_effect: effect,
		slideshow_effect_duration: DURATION,
		slideshow_interval: 5,
	} );
}

/**
 * The address that opens the demo gallery's first image (its hash), read once from the page.
 *
 * @param browser The browser.
 * @return The demo page's address with the hash.
 */
export async function firstImageAddress( browser: Browser ): Promise< string > {
	const { context, page } = await consentingVisitor( browser );
	const [ first ] = await imageAddresses( page );
	await context.close();
	return first as string;
}

/**
 * Opens the demo gallery's first image by its hash (a hash on load: the island opens the image), and starts
 * recording what happens on the stage: the most layers and pieces seen at once, and the animations that ran.
 *
 * @param page    The page.
 * @param address The address with the hash (firstImageAddress()).
 */
export async function openFirst(
	page: Page,
	address: string
): Promise< void > {
	await page.goto( address, { waitUntil: 'load' } );
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
export function recorded( page: Page ) {
	return page.evaluate(
		() => ( window as unknown as { seen: Record< string, number > } ).seen
	);
}

/**
 * What is left on the stage: its children but the popup's own image, its classes, running animations.
 *
 * @param page The page.
 */
export function left( page: Page ) {
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
 * @param page    The page.
 * @param address The address with the hash (firstImageAddress()).
 * @return What the recording saw during the first change.
 */
export async function changeAndBack( page: Page, address: string ) {
	await openFirst( page, address );
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
export const EXPECTED = Object.fromEntries(
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

/**
 * The set-up both effect specs share, called inside their `describe`: the demo content, the site's lightbox options
 * kept and put back, and the first image's address read once.
 *
 * @param suite The spec's `test`.
 * @return The first image's address, once the `beforeAll` has run.
 */
export function effectSuite( suite: typeof test ): () => string {
	let restore = () => undefined as void;
	let address = '';
	suite.beforeAll( async ( { browser } ) => {
		ensureDemo();
		restore = keepLightboxOptions();
		address = await firstImageAddress( browser );
	} );
	suite.afterAll( () => restore() );
	return () => address;
}

/**
 * One test per effect: a change plays it (layers, pieces and animations as EXPECTED says), then leaves only the new
 * image, both ways.
 *
 * @param suite   The spec's `test`.
 * @param effects The effects.
 * @param address The first image's address (effectSuite()).
 */
export function testEffects(
	suite: typeof test,
	effects: Iterable< ( typeof EFFECTS )[ number ] >,
	address: () => string
): void {
	for ( const effect of effects ) {
		suite(
			`${ effect }: plays, then leaves only the new image, both ways`,
			async ( { browser } ) => {
				setEffect( effect );
				const { context, page, errors } = await consentingVisitor(
					browser,
					MOTION
				);
				const saw = await changeAndBack( page, address() );
				expect( {
					layers: saw.layers,
					pieces: saw.pieces >= 8,
					animated: saw.animations > 0,
				} ).toEqual( EXPECTED[ effect ] );
				expect( errors ).toEqual( [] );
				await context.close();
			}
		);
	}
}
