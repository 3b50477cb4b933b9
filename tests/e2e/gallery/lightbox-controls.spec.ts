/**
 * The lightbox's controls as a visitor uses them (docs/lightbox.md; issue 7): a thumbnail of every view opens its
 * image; zoom by its button, the wheel, the + and - keys and a real two-finger pinch shows the largest picture;
 * a swipe steps; maximize and full screen (Escape leaves full screen first); the slideshow plays on open, stops
 * at the end without loop, goes round with it, and Space and the button play and pause it; the download, full-size
 * and share links follow the image shown.
 */

/**
 * External dependencies
 */
import {
	expect,
	test,
	type BrowserContext,
	type Locator,
	type Page,
} from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, ensureDemo } from '../stats/support';
import {
	DEMO,
	imageAddresses,
	keepLightboxOptions,
	setLightboxOptions,
} from './support';

/** The addresses that open each of the first gallery's 40 images by its hash, in order: read once per worker. */
let addresses: string[] = [];

/**
 * Opens an image of the first gallery by its hash, on load, and waits for it.
 *
 * @param page  The page.
 * @param index 0-based position of the image in the gallery (of 40).
 * @return The dialog and its status line.
 */
async function openByHash(
	page: Page,
	index: number
): Promise< { dialog: Locator; status: Locator } > {
	if ( ! addresses.length ) {
		addresses = await imageAddresses( page );
	}
	// On the demo page already, going to a hash is no load: the page is loaded again with it.
	const onDemo = new URL( page.url(), 'http://x' ).pathname === DEMO;
	await page.goto( addresses[ index ] as string, { waitUntil: 'load' } );
	if ( onDemo ) {
		await page.reload( { waitUntil: 'load' } );
	}
	const dialog = page.getByRole( 'dialog', { name: /image viewer$/ } );
	const status = dialog.locator( '.tessera-lightbox__status' );
	await expect( status ).toHaveText(
		new RegExp( `^${ index + 1 } of 40: ` )
	);
	return { dialog, status };
}

/**
 * The stage's zoom: the picture, its size and where it is aimed.
 *
 * @param dialog The dialog.
 */
function zoomOf( dialog: Locator ) {
	return dialog.locator( '.tessera-lightbox__stage' ).evaluate( ( stage ) => {
		const image = stage.querySelector(
			'.tessera-lightbox__image'
		) as HTMLImageElement;
		const { width, height } = stage.getBoundingClientRect();
		const fit = Math.min(
			width / image.naturalWidth,
			height / image.naturalHeight
		);
		return {
			image: ( stage as HTMLElement ).style.backgroundImage,
			width: parseFloat( ( stage as HTMLElement ).style.backgroundSize ),
			shownWidth: image.naturalWidth * fit,
			position: ( stage as HTMLElement ).style.backgroundPosition,
			hidden: getComputedStyle( image ).visibility === 'hidden',
		};
	} );
}

/**
 * The widest candidate of the shown image's srcset.
 *
 * @param dialog The dialog.
 */
function largest( dialog: Locator ): Promise< string > {
	return dialog.locator( '.tessera-lightbox__image' ).evaluate(
		( image ) =>
			( image.getAttribute( 'srcset' ) || '' )
				.split( ', ' )
				.map( ( candidate ) => candidate.trim().split( ' ' ) )
				.sort(
					( a, b ) =>
						parseInt( b[ 1 ] ?? '' ) - parseInt( a[ 1 ] ?? '' )
				)
				.map( ( [ url ] ) => url ?? '' )[ 0 ] ?? ''
	);
}

/**
 * Touches the page (CDP: real touch input, which Chromium turns into pointer events).
 *
 * @param context The browser context.
 * @param page    The page.
 * @param moves   Each step's touch points (an empty list ends the touch).
 */
async function touch(
	context: BrowserContext,
	page: Page,
	moves: Array< Array< { x: number; y: number } > >
): Promise< void > {
	const cdp = await context.newCDPSession( page );
	for ( const [ at, points ] of moves.entries() ) {
		let type: 'touchStart' | 'touchMove' | 'touchEnd' = 'touchMove';
		if ( at === 0 ) {
			type = 'touchStart';
		} else if ( points.length === 0 ) {
			type = 'touchEnd';
		}
		await cdp.send( 'Input.dispatchTouchEvent', {
			type,
			touchPoints: points.map( ( point, id ) => ( { ...point, id } ) ),
		} );
	}
	await cdp.detach();
}

/**
 * Lets the page's clock (installed by the test) run half a second at a time until the status line says what is
 * expected: the slideshow's steps come from its interval, which only the clock moves.
 *
 * @param page   The page.
 * @param status The lightbox's status line.
 * @param text   What it should come to say.
 */
async function untilShown(
	page: Page,
	status: Locator,
	text: RegExp
): Promise< void > {
	await expect
		.poll(
			async () => {
				await page.clock.runFor( 500 );
				return ( await status.textContent() ) ?? '';
			},
			{ intervals: [ 0 ] }
		)
		.toMatch( text );
}

test.describe( 'gallery: lightbox controls', () => {
	let restore = () => undefined as void;

	test.beforeAll( () => {
		ensureDemo();
		restore = keepLightboxOptions();
		// No effect: each change is instant, so what the tests wait for is the control, not an animation.
		setLightboxOptions( { bwg_image_effect: 'none' } );
	} );

	test.afterAll( () => restore() );

	test( 'a thumbnail of every view opens its own image, and Escape gives the focus back to it', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		await page.goto( DEMO, { waitUntil: 'load' } );
		const views = await page
			.locator( '.tessera-gallery[data-lightbox-url][data-view]' )
			.evaluateAll( ( galleries ) =>
				galleries.map( ( gallery ) => [
					gallery.id,
					gallery.getAttribute( 'data-view' ) || '',
				] )
			);
		expect( new Set( views.map( ( [ , view ] ) => view ) ) ).toEqual(
			new Set( [
				'thumbnails',
				'masonry',
				'mosaic',
				'slideshow',
				'carousel',
				'image_browser',
				'blog_style',
			] )
		);
		const dialog = page.getByRole( 'dialog', { name: /image viewer$/ } );
		for ( const [ id, view ] of views ) {
			const link = page
				.locator( `#${ id } a.tessera-gallery__link:visible` )
				.first();
			const imageId = await link.evaluate( ( a ) =>
				a.closest( '[data-image-id]' )?.getAttribute( 'data-image-id' )
			);
			await link.click();
			await expect( dialog, view ).toBeVisible();
			await expect( dialog, view ).toHaveAttribute(
				'data-image-id',
				imageId ?? ''
			);
			await expect(
				dialog.locator( '.tessera-lightbox__image' ),
				view
			).toHaveJSProperty( 'complete', true );
			await page.keyboard.press( 'Escape' );
			await expect( dialog, view ).toHaveCount( 0 );
			await expect( link, view ).toBeFocused();
		}
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'zoom: the button, the wheel, + and - and a pinch show the largest picture, aimed where the pointer is', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser, {
			hasTouch: true,
		} );
		const { dialog, status } = await openByHash( page, 0 );
		const zoom = dialog.getByRole( 'button', { name: 'Zoom' } );
		const stage = dialog.locator( '.tessera-lightbox__stage' );
		const picture = await largest( dialog );
		expect( picture ).not.toBe( '' );

		// The button: twice the picture as shown, the largest file fetched, the shown image hidden under it.
		const fetched = page.waitForRequest( picture );
		await zoom.click();
		await expect( zoom ).toHaveAttribute( 'aria-pressed', 'true' );
		await fetched;
		let now = await zoomOf( dialog );
		expect( now.image ).toBe( `url("${ picture }")` );
		expect( now.width / now.shownWidth ).toBeCloseTo( 2, 1 );
		expect( now.hidden ).toBe( true );
		await zoom.click();
		await expect( zoom ).toHaveAttribute( 'aria-pressed', 'false' );
		expect( ( await zoomOf( dialog ) ).image ).toBe( '' );

		// The wheel: in where the pointer is, and out again to no zoom; the page does not scroll.
		const box = ( await stage.boundingBox() )!;
		await page.mouse.move(
			box.x + box.width * 0.25,
			box.y + box.height * 0.5
		);
		await page.mouse.wheel( 0, -200 );
		await expect( zoom ).toHaveAttribute( 'aria-pressed', 'true' );
		now = await zoomOf( dialog );
		expect( now.position ).toMatch( /^25% (49\.\d+|50)%$/ );
		// exp(200 x 0.002) = 1.49.
		expect( now.width / now.shownWidth ).toBeGreaterThan( 1.3 );
		expect( now.width / now.shownWidth ).toBeLessThan( 1.7 );
		await page.mouse.wheel( 0, -600 );
		await expect
			.poll( async () => {
				const z = await zoomOf( dialog );
				return z.width / z.shownWidth;
			} )
			.toBeGreaterThan( 2.5 );
		expect( await page.evaluate( () => scrollY ) ).toBe( 0 );
		for ( let notch = 0; notch < 4; notch++ ) {
			await page.mouse.wheel( 0, 300 );
		}
		await expect( zoom ).toHaveAttribute( 'aria-pressed', 'false' );

		// Keys: + (or =) zooms in by a step, - back out to none.
		await page.keyboard.press( 'Equal' );
		await expect( zoom ).toHaveAttribute( 'aria-pressed', 'true' );
		await page.keyboard.press( 'Minus' );
		await expect( zoom ).toHaveAttribute( 'aria-pressed', 'false' );

		// A pinch: two fingers twice as far apart, twice the picture; it steps to no other image.
		const x = box.x + box.width / 2;
		const y = box.y + box.height / 2;
		await touch( context, page, [
			[
				{ x: x - 50, y },
				{ x: x + 50, y },
			],
			[
				{ x: x - 75, y },
				{ x: x + 75, y },
			],
			[
				{ x: x - 100, y },
				{ x: x + 100, y },
			],
			[],
		] );
		await expect( zoom ).toHaveAttribute( 'aria-pressed', 'true' );
		now = await zoomOf( dialog );
		expect( now.width / now.shownWidth ).toBeCloseTo( 2, 1 );
		expect( now.position ).toBe( '50% 50%' );
		await expect( status ).toHaveText( /^1 of 40: / );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'a swipe on touch steps to the next image and back; the hash follows', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser, {
			hasTouch: true,
		} );
		const { dialog, status } = await openByHash( page, 0 );
		const box = ( await dialog
			.locator( '.tessera-lightbox__stage' )
			.boundingBox() )!;
		const y = box.y + box.height / 2;
		const swipe = ( from: number, to: number ) =>
			touch( context, page, [
				[ { x: from, y } ],
				[ { x: ( from + to ) / 2, y } ],
				[ { x: to, y } ],
				[],
			] );
		await swipe( box.x + box.width * 0.7, box.x + box.width * 0.3 );
		await expect( status ).toHaveText( /^2 of 40: / );
		const second = await dialog.getAttribute( 'data-image-id' );
		await expect( page ).toHaveURL( new RegExp( `/${ second }$` ) );
		await swipe( box.x + box.width * 0.3, box.x + box.width * 0.7 );
		await expect( status ).toHaveText( /^1 of 40: / );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'maximize and full screen: buttons with their state; Escape leaves full screen before it closes', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const { dialog } = await openByHash( page, 0 );
		const maximize = dialog.getByRole( 'button', { name: 'Maximize' } );
		const fullscreen = dialog.getByRole( 'button', {
			name: 'Full screen',
		} );
		const stage = dialog.locator( '.tessera-lightbox__stage' );
		const normal = ( await stage.boundingBox() )!;
		await expect( maximize ).toHaveAttribute( 'aria-pressed', 'false' );
		await maximize.click();
		await expect( dialog ).toHaveAttribute( 'data-size', 'maximized' );
		await expect( maximize ).toHaveAttribute( 'aria-pressed', 'true' );
		// The popup's margins go: a larger stage.
		const big = ( await stage.boundingBox() )!;
		expect( big.width * big.height ).toBeGreaterThan(
			normal.width * normal.height
		);

		await fullscreen.click();
		await expect( fullscreen ).toHaveAttribute( 'aria-pressed', 'true' );
		await expect( dialog ).toHaveAttribute( 'data-size', 'fullscreen' );
		// Escape: out of full screen, back to the size it left, still open.
		await page.keyboard.press( 'Escape' );
		await expect( fullscreen ).toHaveAttribute( 'aria-pressed', 'false' );
		await expect( dialog ).toHaveAttribute( 'data-size', 'maximized' );
		expect(
			await page.evaluate( () => document.fullscreenElement === null )
		).toBe( true );
		await maximize.click();
		await expect( dialog ).toHaveAttribute( 'data-size', 'normal' );
		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toHaveCount( 0 );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'the slideshow: plays on open, stops at the end without loop, Space and the button play and pause; with loop it goes round', async ( {
		browser,
	} ) => {
		setLightboxOptions( {
			open_with_autoplay: true,
			enable_loop: false,
			slideshow_interval: 2,
		} );
		const { context, page, errors } = await consentingVisitor( browser );
		try {
			// The slideshow's interval runs on the page's clock, moved by the test: each step comes when the
			// test lets the time pass, however busy the machine is.
			await page.clock.install();
			const { dialog, status } = await openByHash( page, 38 );
			const play = dialog.getByRole( 'button', {
				name: 'Play the slideshow',
			} );
			// Autoplay: it plays from the image opened, and stops at the end by itself.
			await expect( play ).toHaveAttribute( 'aria-pressed', 'true' );
			await untilShown( page, status, /^40 of 40: / );
			await expect( play ).toHaveAttribute( 'aria-pressed', 'false' );
			// At the end without loop, Space cannot start it.
			await dialog.focus();
			await page.keyboard.press( 'Space' );
			await expect( play ).toHaveAttribute( 'aria-pressed', 'false' );
			// One back, Space plays to the end again.
			await page.keyboard.press( 'ArrowLeft' );
			await expect( status ).toHaveText( /^39 of 40: / );
			await page.keyboard.press( 'Space' );
			await expect( play ).toHaveAttribute( 'aria-pressed', 'true' );
			await untilShown( page, status, /^40 of 40: / );
			await expect( play ).toHaveAttribute( 'aria-pressed', 'false' );
			// The button pauses: nothing moves.
			await page.keyboard.press( 'ArrowLeft' );
			await expect( status ).toHaveText( /^39 of 40: / );
			await play.click();
			await expect( play ).toHaveAttribute( 'aria-pressed', 'true' );
			await play.click();
			await expect( play ).toHaveAttribute( 'aria-pressed', 'false' );
			// More than an interval passes: still there.
			await page.clock.runFor( 2500 );
			await expect( status ).toHaveText( /^39 of 40: / );

			// With loop, the last image is followed by the first.
			setLightboxOptions( { enable_loop: true } );
			const looped = await openByHash( page, 39 );
			await untilShown( page, looped.status, /^1 of 40: / );
			expect( errors ).toEqual( [] );
		} finally {
			setLightboxOptions( {
				open_with_autoplay: false,
				enable_loop: true,
				slideshow_interval: 5,
			} );
			await context.close();
		}
	} );

	test( 'the download, full-size and share links are those of the image shown', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const { dialog, status } = await openByHash( page, 0 );
		const check = async () => {
			const id = await dialog.getAttribute( 'data-image-id' );
			const media = await (
				await page.request.get( `/wp-json/wp/v2/media/${ id }` )
			).json();
			const download = dialog.getByRole( 'link', {
				name: 'Download the image',
			} );
			await expect( download ).toHaveAttribute(
				'href',
				media.source_url
			);
			await expect( download ).toHaveAttribute(
				'download',
				media.source_url.split( '/' ).pop()
			);
			await expect(
				dialog.getByRole( 'link', { name: /^Full-size image/ } )
			).toHaveAttribute( 'href', media.source_url );
			const link = encodeURIComponent( media.link );
			await expect(
				dialog.getByRole( 'link', { name: /^Share on Facebook/ } )
			).toHaveAttribute(
				'href',
				`https://www.facebook.com/sharer/sharer.php?u=${ link }`
			);
			await expect(
				dialog.getByRole( 'link', { name: /^Share on X/ } )
			).toHaveAttribute(
				'href',
				`https://twitter.com/intent/tweet?url=${ link }`
			);
			await expect(
				dialog.getByRole( 'link', { name: /^Share on Tumblr/ } )
			).toHaveAttribute(
				'href',
				`https://www.tumblr.com/share/link?url=${ link }`
			);
			await expect(
				dialog.getByRole( 'link', { name: /^Share on Pinterest/ } )
			).toHaveAttribute(
				'href',
				new RegExp(
					`^https://pinterest\\.com/pin/create/button/\\?url=${ link.replace(
						/[.*+?^${}()|[\]\\]/g,
						'\\$&'
					) }&media=`
				)
			);
		};
		await check();
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^2 of 40: / );
		await check();
		expect( errors ).toEqual( [] );
		await context.close();
	} );
} );
