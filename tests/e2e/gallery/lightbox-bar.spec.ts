/**
 * The lightbox's control bar as a visitor sees it (issue 20, item 5): every share link draws its icon; every control
 * shows its name (the same text as its accessible name) as a tooltip on keyboard focus, on the screen; on a phone
 * (390 and 320 px) the bar is one row, and every control reached by the keyboard is in view.
 */

/**
 * External dependencies
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, ensureDemo } from '../stats/support';
import {
	imageAddresses,
	keepLightboxOptions,
	setLightboxOptions,
} from './support';

/** The address that opens the first gallery's first image by its hash: read once per worker. */
let address = '';

/**
 * Opens the first image of the demo's first gallery by its hash and waits for the popup.
 *
 * @param page The page.
 * @return The dialog.
 */
async function open( page: Page ): Promise< Locator > {
	if ( ! address ) {
		address = ( await imageAddresses( page ) )[ 0 ] as string;
		await page.goto( '/' );
	}
	await page.goto( address, { waitUntil: 'load' } );
	const dialog = page.getByRole( 'dialog', { name: /image viewer$/ } );
	await expect( dialog.locator( '.tessera-lightbox__status' ) ).toHaveText(
		/^1 of 40: /
	);
	return dialog;
}

/** What a control shows as its tooltip: the text, whether it is shown, and its box on the screen. */
type Tip = {
	name: string;
	text: string;
	shown: boolean;
	box: { left: number; top: number; right: number; bottom: number };
};

/**
 * The tooltip of the focused element (its ::after, absolutely positioned): its text, whether it is painted, and its
 * box, worked out from its containing block (the nearest positioned ancestor, or the element itself).
 *
 * @param page The page.
 */
function focusedTip( page: Page ): Promise< Tip > {
	return page.evaluate( () => {
		// eslint-disable-next-line @wordpress/no-global-active-element -- the page's focus, read in the page.
		const element = document.activeElement as HTMLElement;
		const style = getComputedStyle( element, '::after' );
		let block: Element | null = element;
		while ( block && getComputedStyle( block ).position === 'static' ) {
			block = block.parentElement;
		}
		const anchor = ( block ?? document.body ).getBoundingClientRect();
		const blockStyle = getComputedStyle( block ?? document.body );
		const px = ( value: string ) => parseFloat( value ) || 0;
		const left =
			anchor.left +
			px( blockStyle.borderLeftWidth ) +
			px( style.left ) +
			px( style.marginLeft );
		const top =
			anchor.top +
			px( blockStyle.borderTopWidth ) +
			px( style.top ) +
			px( style.marginTop );
		// "attr(aria-label)" as computed: the text painted is the attribute's.
		const content = style.content;
		const text =
			content === 'attr(aria-label)'
				? ( element.getAttribute( 'aria-label' ) ?? '' )
				: content.replace( /^"|"$/g, '' );
		return {
			name: element.getAttribute( 'aria-label' ) ?? '',
			text: style.position === 'absolute' ? text : '',
			shown:
				style.visibility === 'visible' &&
				parseFloat( style.opacity ) > 0.9 &&
				style.display !== 'none',
			box: {
				left,
				top,
				right: left + px( style.width ),
				bottom: top + px( style.height ),
			},
		};
	} );
}

/**
 * Tabs through the popup's controls (the arrows, the bar and the close button; not the thumbnails) until one comes
 * round again, checking that each is in view and 44 px, and that its tooltip is shown on the screen.
 *
 * @param page  The page.
 * @param width The viewport's width.
 * @return The names of the controls reached, in order, with their tooltips.
 */
async function tabThrough( page: Page, width: number ): Promise< Tip[] > {
	const tips: Tip[] = [];
	const height = page.viewportSize()?.height ?? 0;
	for ( let step = 0; step < 80; step++ ) {
		await page.keyboard.press( 'Tab' );
		const inBar = await page.evaluate( () =>
			Boolean(
				// eslint-disable-next-line @wordpress/no-global-active-element -- the page's focus, read in the page.
				document.activeElement?.closest(
					'.tessera-lightbox__bar, .tessera-lightbox__main'
				)
			)
		);
		if ( ! inBar ) {
			continue;
		}
		// Its tooltip fades in (0.15 s) as soon as the control has the focus.
		await expect
			.poll( async () => ( await focusedTip( page ) ).shown, {
				timeout: 2000,
			} )
			.toBe( true );
		const tip = await focusedTip( page );
		if ( tips.some( ( seen ) => seen.name === tip.name ) ) {
			break;
		}
		tips.push( tip );
		// The control itself is in view once focused (the bar scrolls it in).
		const box = await page.evaluate( () =>
			// eslint-disable-next-line @wordpress/no-global-active-element -- the page's focus, read in the page.
			( document.activeElement as HTMLElement ).getBoundingClientRect()
		);
		expect( box.left, tip.name ).toBeGreaterThanOrEqual( 0 );
		expect( box.right, tip.name ).toBeLessThanOrEqual( width );
		expect( box.width, tip.name ).toBeGreaterThanOrEqual( 44 );
		expect( box.height, tip.name ).toBeGreaterThanOrEqual( 44 );
		expect( tip.box.top, tip.name ).toBeGreaterThanOrEqual( 0 );
		expect( tip.box.bottom, tip.name ).toBeLessThanOrEqual( height );
	}
	return tips;
}

test.describe( 'gallery: lightbox control bar', () => {
	let restore = () => undefined as void;

	test.beforeAll( () => {
		ensureDemo();
		restore = keepLightboxOptions();
		setLightboxOptions( { bwg_image_effect: 'none' } );
	} );

	test.afterAll( () => restore() );

	test( 'each share link draws its icon; each control shows its accessible name as a tooltip on focus and hover', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const dialog = await open( page );
		const links = dialog.locator( '.tessera-lightbox__share-link' );
		await expect( links ).toHaveCount( 4 );
		for ( const link of await links.all() ) {
			const icon = await link.evaluate( ( element ) => {
				const svg = element.querySelector( 'svg' );
				const path = svg?.querySelector( 'path' );
				const box = svg?.getBoundingClientRect();
				const frame = element.getBoundingClientRect();
				return {
					width: box?.width ?? 0,
					height: box?.height ?? 0,
					// The icon alone in the middle of the button (nothing else drawn beside it).
					offset: box
						? Math.abs(
								box.x +
									box.width / 2 -
									frame.x -
									frame.width / 2
							) +
							Math.abs(
								box.y +
									box.height / 2 -
									frame.y -
									frame.height / 2
							)
						: Infinity,
					fill: path ? getComputedStyle( path ).fill : 'none',
					background: getComputedStyle( element ).backgroundColor,
				};
			} );
			expect( icon.width ).toBeGreaterThan( 0 );
			expect( icon.height ).toBeGreaterThan( 0 );
			expect( icon.offset ).toBeLessThan( 1 );
			// A painted colour, opaque, and not the button's own background.
			expect( icon.fill ).toMatch( /^rgb\(/ );
			expect( icon.fill ).not.toBe( icon.background );
		}

		const tips = await tabThrough( page, 1280 );
		const names = tips.map( ( tip ) => tip.name );
		for ( const name of [
			'Previous image',
			'Next image',
			'Controls',
			'Play the slideshow',
			'Zoom',
			'Download the image',
			'Share on Facebook (opens in a new tab)',
			'Share on Tumblr (opens in a new tab)',
			'Close',
		] ) {
			expect( names ).toContain( name );
		}
		for ( const tip of tips ) {
			expect( tip.shown, tip.name ).toBe( true );
			expect( tip.text ).toBe( tip.name );
			expect( tip.box.left, tip.name ).toBeGreaterThanOrEqual( 0 );
			expect( tip.box.right, tip.name ).toBeLessThanOrEqual( 1280 );
		}

		// Hover shows it too; a control neither hovered nor focused shows none.
		const close = dialog.getByRole( 'button', { name: 'Close' } );
		const play = dialog.getByRole( 'button', {
			name: 'Play the slideshow',
		} );
		await play.hover();
		await expect
			.poll( () =>
				play.evaluate(
					( element ) =>
						getComputedStyle( element, '::after' ).opacity
				)
			)
			.toBe( '1' );
		expect(
			await close.evaluate(
				( element ) => getComputedStyle( element, '::after' ).visibility
			)
		).toBe( 'hidden' );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	for ( const width of [ 390, 320 ] ) {
		test( `at ${ width } px the bar is one row and every control is reachable, in view, with its tooltip on screen`, async ( {
			browser,
		} ) => {
			const { context, page, errors } = await consentingVisitor(
				browser,
				{
					viewport: { width, height: 760 },
				}
			);
			const dialog = await open( page );
			const bar = dialog.locator( '.tessera-lightbox__bar' );
			const tops = await bar.evaluate( ( element ) =>
				Array.from(
					element.querySelectorAll< HTMLElement >(
						':scope > button:not(.tessera-lightbox__close), .tessera-lightbox__controls button:not([hidden]), .tessera-lightbox__controls a'
					)
				).map( ( control ) =>
					Math.round( control.getBoundingClientRect().top )
				)
			);
			expect( tops.length ).toBeGreaterThanOrEqual( 10 );
			expect( new Set( tops ).size ).toBe( 1 );
			const barBox = await bar.boundingBox();
			expect( barBox?.x ).toBeGreaterThanOrEqual( 0 );
			expect(
				( barBox?.x ?? 0 ) + ( barBox?.width ?? 0 )
			).toBeLessThanOrEqual( width );
			// Every control reached by the keyboard is scrolled into view, its tooltip on the screen.
			const tips = await tabThrough( page, width );
			expect( tips.map( ( tip ) => tip.name ) ).toEqual(
				expect.arrayContaining( [
					'Controls',
					'Share on Facebook (opens in a new tab)',
					'Share on Tumblr (opens in a new tab)',
					'Close',
				] )
			);
			for ( const tip of tips ) {
				expect( tip.shown, tip.name ).toBe( true );
				expect( tip.box.left, tip.name ).toBeGreaterThanOrEqual( 0 );
				expect( tip.box.right, tip.name ).toBeLessThanOrEqual( width );
			}
			expect( errors ).toEqual( [] );
			await context.close();
		} );
	}
} );
