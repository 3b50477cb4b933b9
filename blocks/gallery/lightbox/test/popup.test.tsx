/**
 * The lightbox popup after hydration (blocks/gallery/lightbox/popup.tsx through the island's
 * `window.tesseraLightbox.hydrate`), on the server's own markup (tests/fixtures/lightbox): arrows, filmstrip,
 * status, links, panels, sizes, play, zoom, keys, focus, swipe, windows of records, preloading, right-click
 * protection, the injected transition and the controller.
 */

/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';
import { act } from 'react';

/**
 * Internal dependencies
 */
import { dataScriptText, parseLightboxData, type LightboxData } from '../data';
import {
	filmstripRun,
	largestPicture,
	ZOOM_STEP,
	mergeRecords,
	positionLabel,
	preloadIndexes,
	rawUrlEncode,
	shareUrls,
	type Transition,
} from '../popup';
import { ZOOM_MAX } from '../state';
import type { HydrateOptions, LightboxController } from '../../island';
import '../../island';

declare global {
	var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Node's `fs`, as far as the fixtures need it (the project's types hold no Node). */
const { readFileSync } = jest.requireActual< {
	readFileSync: ( path: string, encoding: 'utf8' ) => string;
} >( 'fs' );

declare const __dirname: string;

const DIR = `${ __dirname }/../../../../tests/fixtures/lightbox`;

/**
 * A fixture's HTML.
 *
 * @param name Its name, without `.html`.
 */
const fixture = ( name: string ): string =>
	readFileSync( `${ DIR }/${ name }.html`, 'utf8' );

/**
 * A fixture's data.
 *
 * @param name Its name.
 */
const dataOf = ( name: string ): LightboxData =>
	parseLightboxData(
		dataScriptText( fixture( name ) ) ?? ''
	) as LightboxData;

/** The focused element. */
const focused = (): Element | null => document.body.ownerDocument.activeElement;

/** Lets the changes' promises and React's updates run. */
const settle = () =>
	act( async () => {
		for ( let turn = 0; turn < 20; turn++ ) {
			await Promise.resolve();
		}
	} );

interface Opened {
	root: HTMLElement;
	onClose: jest.Mock;
	controller: LightboxController;
	/**
	 * An element of the popup.
	 *
	 * @param selector Selector.
	 */
	$: ( selector: string ) => HTMLElement;
	/** The status line. */
	status: () => string;
}

/**
 * Puts a fixture in the page and hydrates it.
 *
 * @param name    Fixture name.
 * @param options Options besides onClose.
 */
async function open(
	name: string,
	options: Partial< HydrateOptions > = {}
): Promise< Opened > {
	document.body.innerHTML = `<div class="overlay">${ fixture( name ) }</div>`;
	const root = document.querySelector( '.tessera-lightbox' ) as HTMLElement;
	const onClose = jest.fn();
	let controller: LightboxController | undefined;
	await act( async () => {
		controller = window.tesseraLightbox?.hydrate( root, {
			onClose,
			// Instant changes unless a test gives its own (or undefined: the settings' effect on the stage).
			transition: () => Promise.resolve(),
			...options,
		} );
	} );
	const $ = ( selector: string ) => {
		const element = root.querySelector< HTMLElement >( selector );
		if ( ! element ) {
			throw new Error( `no ${ selector }` );
		}
		return element;
	};
	return {
		root,
		onClose,
		controller: controller as LightboxController,
		$,
		status: () => $( '.tessera-lightbox__status' ).textContent ?? '',
	};
}

/**
 * Clicks an element.
 *
 * @param element The element.
 */
async function click( element: HTMLElement ) {
	await act( async () => element.click() );
	await settle();
}

/**
 * Presses a key.
 *
 * @param key    The key.
 * @param target Where (the focused element when left out).
 * @param init   Modifiers.
 * @return Whether the default action was prevented.
 */
async function press(
	key: string,
	target?: Element | null,
	init: KeyboardEventInit = {}
): Promise< boolean > {
	const event = new KeyboardEvent( 'keydown', {
		key,
		bubbles: true,
		cancelable: true,
		...init,
	} );
	await act( async () => {
		( target ?? focused() ?? document.body ).dispatchEvent( event );
	} );
	await settle();
	return event.defaultPrevented;
}

/**
 * Dispatches a pointer event (jsdom has no PointerEvent).
 *
 * @param target             The element.
 * @param type               Event type.
 * @param init               What it holds.
 * @param init.x             clientX.
 * @param init.y             clientY.
 * @param init.pointerType   Pointer type (touch when left out).
 * @param init.pointerId     Pointer id (1 when left out).
 * @param init.relatedTarget Where the pointer goes (pointerout).
 */
async function pointer(
	target: Element,
	type: string,
	init: {
		x: number;
		y: number;
		pointerType?: string;
		pointerId?: number;
		relatedTarget?: Element;
	}
) {
	const event = new MouseEvent( type, {
		bubbles: true,
		cancelable: true,
		clientX: init.x,
		clientY: init.y,
		relatedTarget: init.relatedTarget ?? null,
	} );
	Object.assign( event, {
		pointerType: init.pointerType ?? 'touch',
		pointerId: init.pointerId ?? 1,
	} );
	await act( async () => {
		target.dispatchEvent( event );
	} );
	await settle();
}

let opened: Opened | null = null;

/**
 * Opens a fixture, closed after the test.
 *
 * @param name    Fixture name.
 * @param options Options.
 */
async function show( name: string, options: Partial< HydrateOptions > = {} ) {
	opened = await open( name, options );
	return opened;
}

afterEach( async () => {
	if ( opened ) {
		const { controller } = opened;
		await act( async () => controller.close() );
		opened = null;
	}
	document.body.innerHTML = '';
	jest.useRealTimers();
} );

describe( 'helpers', () => {
	it( 'name an image as the server does', () => {
		expect( positionLabel( 3, 24, 'Title' ) ).toBe( '3 of 24: Title' );
		expect( positionLabel( 3, 24, '' ) ).toBe( '3 of 24' );
	} );

	it( 'list the filmstrip run of Popup::filmstrip_run()', () => {
		expect( filmstripRun( 0, 40 ) ).toEqual( [ 0, 31 ] );
		expect( filmstripRun( 20, 40 ) ).toEqual( [ 5, 36 ] );
		expect( filmstripRun( 39, 40 ) ).toEqual( [ 9, 40 ] );
		expect( filmstripRun( 2, 8 ) ).toEqual( [ 0, 8 ] );
		expect( filmstripRun( 120, 150 ) ).toEqual( [ 105, 136 ] );
	} );

	it( 'encode as PHP’s rawurlencode() and build the share addresses of Popup::share_urls()', () => {
		expect( rawUrlEncode( "a b!'()*~-_.é/" ) ).toBe(
			'a%20b%21%27%28%29%2A~-_.%C3%A9%2F'
		);
		const record = dataOf( 'single' ).images[ 0 ];
		if ( ! record ) {
			throw new Error( 'no record' );
		}
		const server = new DOMParser().parseFromString(
			fixture( 'single' ),
			'text/html'
		);
		const links = Array.from(
			server.querySelectorAll( '.tessera-lightbox__share-link' ),
			( link ) => link.getAttribute( 'href' )
		);
		expect( shareUrls( record ).map( ( [ , url ] ) => url ) ).toEqual(
			links
		);
	} );

	it( 'find the largest picture and the images to preload', () => {
		const record = dataOf( 'single' ).images[ 0 ];
		expect( record && largestPicture( record ) ).toBe(
			record?.pure_image_url
		);
		expect( record && largestPicture( { ...record, srcset: '' } ) ).toBe(
			record?.image_url
		);
		expect( preloadIndexes( 0, 2, 10, [ 0, 1, 2, 3, 8, 9 ] ) ).toEqual( [
			1, 9, 2, 8,
		] );
		expect( preloadIndexes( 5, 2, 10, [ 4, 5 ] ) ).toEqual( [ 4 ] );
		expect( preloadIndexes( 1, 0, 4, [ 0, 1, 2, 3 ] ) ).toEqual( [
			0, 2, 3,
		] );
		expect( preloadIndexes( 1, 4, 4, [ 0, 1, 2, 3 ] ) ).toEqual( [
			0, 2, 3,
		] );
	} );

	it( 'merge records by their id’s place in the set, keeping those held', () => {
		const { images, ids } = dataOf( 'middle' );
		const some = mergeRecords( images.slice( 0, 2 ), ids );
		expect( [ ...some.keys() ] ).toEqual( [ 0, 1 ] );
		const same = mergeRecords( images.slice( 0, 1 ), ids, some );
		expect( same ).toBe( some );
		const more = mergeRecords(
			[ ...images.slice( 1, 3 ), { ...images[ 5 ]!, id: 999999 } ],
			ids,
			some
		);
		expect( [ ...more.keys() ] ).toEqual( [ 0, 1, 2 ] );
	} );
} );

describe( 'hydration', () => {
	it( 'moves the focus into the dialog and keeps the server’s popup in its container', async () => {
		const { root } = await show( 'first' );
		expect( focused() ).toBe( root );
		expect( root.parentElement?.className ).toBe( 'overlay' );
	} );

	it( 'wraps the popup in a host when its container holds more', async () => {
		document.body.innerHTML = `<div class="overlay"><p>x</p>${ fixture(
			'no-filmstrip'
		) }</div>`;
		const root = document.querySelector(
			'.tessera-lightbox'
		) as HTMLElement;
		let controller: LightboxController | undefined;
		await act( async () => {
			controller = window.tesseraLightbox?.hydrate( root, {
				onClose: () => undefined,
			} );
		} );
		const host = root.parentElement as HTMLElement;
		expect( host.className ).toBe( 'tessera-lightbox-host' );
		expect( host.style.display ).toBe( 'contents' );
		expect( host.parentElement?.className ).toBe( 'overlay' );
		await act( async () => controller?.close() );
		expect( document.querySelector( '.tessera-lightbox-host' ) ).toBeNull();
		expect( document.querySelector( '.overlay p' ) ).not.toBeNull();
	} );

	it( 'refuses a popup without valid data', () => {
		document.body.innerHTML = `<div>${ fixture( 'single' ).replace(
			'"ids":[17]',
			'"ids":[]'
		) }</div>`;
		const root = document.querySelector(
			'.tessera-lightbox'
		) as HTMLElement;
		expect( () =>
			window.tesseraLightbox?.hydrate( root, {
				onClose: () => undefined,
			} )
		).toThrow( 'no valid data' );
	} );
} );

describe( 'navigation', () => {
	it( 'steps with the arrows and updates the image, status, filmstrip, info and links', async () => {
		const { root, $, status } = await show( 'first' );
		const next = dataOf( 'first' ).images[ 1 ]!;
		expect( status() ).toBe( '1 of 40: Harbour at dawn 1' );
		await click( $( '.tessera-lightbox__arrow--next' ) );
		expect( status() ).toBe( `2 of 40: ${ next.alt }` );
		expect(
			$( '.tessera-lightbox__status' ).getAttribute( 'aria-live' )
		).toBe( 'polite' );
		expect( root.dataset.imageId ).toBe( String( next.id ) );
		const image = $( '.tessera-lightbox__image' ) as HTMLImageElement;
		expect( image.getAttribute( 'src' ) ).toBe( next.image_url );
		expect( image.getAttribute( 'srcset' ) ).toBe( next.srcset );
		expect( image.getAttribute( 'alt' ) ).toBe( next.image_alt );
		expect( image.getAttribute( 'width' ) ).toBe(
			String( next.image_width )
		);
		expect( $( '[aria-current="true"]' ).dataset.imageId ).toBe(
			String( next.id )
		);
		expect( root.querySelectorAll( '[aria-current]' ) ).toHaveLength( 1 );
		expect( $( '.tessera-lightbox__title' ).textContent ).toBe( next.alt );
		expect( $( '.tessera-lightbox__description' ).textContent ).toBe(
			next.description
		);
		expect(
			$( '.tessera-lightbox__download' ).getAttribute( 'href' )
		).toBe( next.pure_image_url );
		expect(
			$( '.tessera-lightbox__download' ).getAttribute( 'download' )
		).toBe( next.filename );
		expect(
			$( '.tessera-lightbox__fullsize' ).getAttribute( 'href' )
		).toBe( next.pure_image_url );
		expect(
			$( '.tessera-lightbox__share-link--facebook' ).getAttribute(
				'href'
			)
		).toBe(
			`https://www.facebook.com/sharer/sharer.php?u=${ encodeURIComponent(
				next.share_url
			) }`
		);
		expect(
			$( '.tessera-lightbox__share-link--pinterest' ).getAttribute(
				'href'
			)
		).toContain( `&description=${ encodeURIComponent( next.alt ) }` );
		await click( $( '.tessera-lightbox__arrow--prev' ) );
		expect( status() ).toBe( '1 of 40: Harbour at dawn 1' );
	} );

	it( 'goes round the ends with loop', async () => {
		const { $, status } = await show( 'first' );
		expect( $( '.tessera-lightbox__arrow--prev' ).hidden ).toBe( false );
		await click( $( '.tessera-lightbox__arrow--prev' ) );
		expect( status() ).toMatch( /^40 of 40: / );
		await click( $( '.tessera-lightbox__arrow--next' ) );
		expect( status() ).toMatch( /^1 of 40: / );
	} );

	it( 'hides the arrow at an end without loop, and shows it again off the end', async () => {
		const { $, status } = await show( 'last-no-loop' );
		const next = $( '.tessera-lightbox__arrow--next' );
		expect( next.hidden ).toBe( true );
		await click( next );
		expect( status() ).toMatch( /^40 of 40: / );
		await click( $( '.tessera-lightbox__arrow--prev' ) );
		expect( status() ).toMatch( /^39 of 40: / );
		expect( next.hidden ).toBe( false );
	} );

	it( 'jumps with a filmstrip thumbnail; the current one does nothing', async () => {
		const transition = jest.fn< Transition >( () => Promise.resolve() );
		const { root, $, status } = await show( 'first', { transition } );
		const thumbs = root.querySelectorAll< HTMLElement >(
			'.tessera-lightbox__thumb'
		);
		await click( thumbs[ 0 ] as HTMLElement );
		expect( transition ).not.toHaveBeenCalled();
		await click( thumbs[ 9 ] as HTMLElement );
		expect( status() ).toMatch( /^10 of 40: / );
		expect( thumbs[ 9 ]?.getAttribute( 'aria-current' ) ).toBe( 'true' );
		expect( thumbs[ 0 ]?.hasAttribute( 'aria-current' ) ).toBe( false );
		expect( transition ).toHaveBeenCalledWith( 0, 9, 'right' );
		// The run follows the image: around 10, still from the first image.
		expect(
			$( '.tessera-lightbox__thumbs li' ).getAttribute( 'aria-posinset' )
		).toBe( '1' );
	} );

	it( 'moves the filmstrip run with the image', async () => {
		const { root, $ } = await show( 'middle' );
		expect( $( 'li' ).getAttribute( 'aria-posinset' ) ).toBe( '5' );
		await press( 'ArrowRight' );
		const items = root.querySelectorAll( '.tessera-lightbox__thumbs li' );
		expect( items ).toHaveLength( 31 );
		expect( items[ 0 ]?.getAttribute( 'aria-posinset' ) ).toBe( '6' );
	} );

	it( 'plays the keys pressed before it listened, in order, once mounted', async () => {
		const onReady = jest.fn( () => [
			'ArrowRight',
			'ArrowRight',
			'ArrowLeft',
			'ArrowRight',
		] );
		const { status } = await show( 'middle', { onReady } );
		await settle();
		expect( onReady ).toHaveBeenCalledTimes( 1 );
		expect( status() ).toMatch( /^22 of / );
	} );

	it( 'plays the injected transition before showing the new image, and queues the changes asked meanwhile', async () => {
		const ends: Array< () => void > = [];
		const transition = jest.fn< Transition >(
			() => new Promise< void >( ( resolve ) => ends.push( resolve ) )
		);
		const onChange = jest.fn();
		const { status } = await show( 'middle', { transition, onChange } );
		await press( 'ArrowRight' );
		await press( 'ArrowRight' );
		expect( transition ).toHaveBeenCalledTimes( 1 );
		expect( transition ).toHaveBeenLastCalledWith( 19, 20, 'right' );
		expect( status() ).toMatch( /^20 of 40: / );
		await act( async () => ends.shift()?.() );
		await settle();
		expect( status() ).toMatch( /^21 of 40: / );
		expect( onChange ).toHaveBeenCalledWith(
			dataOf( 'middle' ).ids[ 20 ],
			20
		);
		expect( transition ).toHaveBeenLastCalledWith( 20, 21, 'right' );
		await act( async () => ends.shift()?.() );
		await settle();
		expect( status() ).toMatch( /^22 of 40: / );
		await press( 'ArrowLeft' );
		expect( transition ).toHaveBeenLastCalledWith( 21, 20, 'left' );
		await act( async () => ends.shift()?.() );
		await settle();
		expect( status() ).toMatch( /^21 of 40: / );
		expect( onChange ).toHaveBeenCalledTimes( 3 );
	} );

	it( 'plays the settings’ effect on the stage when the page gives no transition', async () => {
		// `first`: fade, 800 ms. Without element.animate (jsdom) the fade is a CSS transition.
		const { root, status } = await show( 'first', {
			transition: undefined,
		} );
		const stage = root.querySelector(
			'.tessera-lightbox__stage'
		) as HTMLElement;
		await press( 'ArrowRight' );
		await settle();
		const layers = stage.querySelectorAll< HTMLElement >(
			'.tessera-lightbox__layer'
		);
		expect( layers ).toHaveLength( 2 );
		expect( stage.classList.contains( 'is-changing' ) ).toBe( true );
		expect( layers[ 0 ]?.style.transition ).toBe( 'opacity 800ms' );
		// The old image stays announced while the effect plays.
		expect( status() ).toMatch( /^1 of 40: / );
		await act( async () =>
			layers.forEach( ( layer ) =>
				layer.dispatchEvent( new Event( 'transitionend' ) )
			)
		);
		await settle();
		expect( status() ).toMatch( /^2 of 40: / );
	} );

	it( 'still shows the new image when the transition fails', async () => {
		const { status } = await show( 'middle', {
			transition: () => Promise.reject( new Error( 'no' ) ),
		} );
		await press( 'ArrowRight' );
		expect( status() ).toMatch( /^21 of 40: / );
	} );
} );

describe( 'keyboard', () => {
	it( 'steps with ArrowLeft and ArrowRight, round the ends even without loop', async () => {
		const { status } = await show( 'last-no-loop' );
		expect( await press( 'ArrowRight' ) ).toBe( true );
		expect( status() ).toMatch( /^1 of 40: / );
		await press( 'ArrowLeft' );
		expect( status() ).toMatch( /^40 of 40: / );
		await press( 'ArrowLeft' );
		expect( status() ).toMatch( /^39 of 40: / );
	} );

	it( 'closes with Escape', async () => {
		const { onClose } = await show( 'first' );
		expect( await press( 'Escape' ) ).toBe( true );
		expect( onClose ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'toggles play with Space, but leaves Space to a focused button', async () => {
		const { $ } = await show( 'first' );
		const play = $( '.tessera-lightbox__play' );
		expect( await press( ' ' ) ).toBe( true );
		expect( play.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		await press( ' ' );
		expect( play.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		const close = $( '.tessera-lightbox__close' );
		close.focus();
		expect( await press( ' ', close ) ).toBe( false );
		expect( play.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
	} );

	it( 'ignores keys while the visitor types, and keys with a modifier', async () => {
		const { root, onClose, status } = await show( 'first' );
		const fields = document.createElement( 'div' );
		fields.innerHTML =
			'<input><textarea></textarea><select></select><div contenteditable="true"><b>x</b></div>';
		root.querySelector( '.tessera-lightbox__main' )?.append( fields );
		for ( const field of [
			'input',
			'textarea',
			'select',
			'[contenteditable] b',
		] ) {
			const target = fields.querySelector( field );
			await press( 'ArrowRight', target );
			await press( ' ', target );
			await press( 'Escape', target );
		}
		await press( 'ArrowRight', root, { altKey: true } );
		expect( status() ).toMatch( /^1 of 40: / );
		expect( onClose ).not.toHaveBeenCalled();
		fields.remove();
	} );

	it( 'keeps Tab inside the dialog', async () => {
		const { root, $ } = await show( 'last-no-loop' );
		// Tab from the dialog itself: the first reachable control (the previous arrow; next is hidden).
		await press( 'Tab', root );
		expect( focused() ).toBe( $( '.tessera-lightbox__arrow--prev' ) );
		const close = $( '.tessera-lightbox__close' );
		close.focus();
		expect( await press( 'Tab', close ) ).toBe( true );
		expect( focused() ).toBe( $( '.tessera-lightbox__arrow--prev' ) );
		await press( 'Tab', focused(), {
			shiftKey: true,
		} );
		expect( focused() ).toBe( close );
		// Inside, Tab is left to the browser.
		const play = $( '.tessera-lightbox__play' );
		play.focus();
		expect( await press( 'Tab', play ) ).toBe( false );
	} );

	it( 'brings the focus back when it leaves the dialog', async () => {
		const { root } = await show( 'first' );
		const outside = document.createElement( 'button' );
		document.body.append( outside );
		await act( async () => outside.focus() );
		expect( focused() ).toBe( root );
	} );
} );

describe( 'panels and sizes', () => {
	it( 'toggles the info panel', async () => {
		const { $ } = await show( 'first' );
		const toggle = $( '.tessera-lightbox__info-toggle' );
		const panel = $( '#tessera-lightbox-info' );
		expect( panel.hidden ).toBe( true );
		await click( toggle );
		expect( toggle.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect( panel.hidden ).toBe( false );
		await click( toggle );
		expect( toggle.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		expect( panel.hidden ).toBe( true );
	} );

	it( 'opens with the info panel shown when the settings say so', async () => {
		const { $ } = await show( 'info-on' );
		expect( $( '#tessera-lightbox-info' ).hidden ).toBe( false );
		expect(
			$( '.tessera-lightbox__info-toggle' ).getAttribute( 'aria-pressed' )
		).toBe( 'true' );
	} );

	it( 'collapses and opens the control bar', async () => {
		const { $ } = await show( 'first' );
		const toggle = $( '.tessera-lightbox__toggle' );
		await click( toggle );
		expect( toggle.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect( $( '#tessera-lightbox-controls' ).hidden ).toBe( true );
		await click( toggle );
		expect( toggle.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect( $( '#tessera-lightbox-controls' ).hidden ).toBe( false );
	} );

	it( 'maximizes and restores', async () => {
		const { root, $ } = await show( 'first' );
		const button = $( '.tessera-lightbox__maximize' );
		await click( button );
		expect( button.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect( root.dataset.size ).toBe( 'maximized' );
		await click( button );
		expect( button.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		expect( root.dataset.size ).toBe( 'normal' );
	} );

	it( 'goes full screen with the Fullscreen API and follows fullscreenchange; Escape leaves it first', async () => {
		const { root, $, onClose } = await show( 'info-on' );
		let element: Element | null = null;
		Object.defineProperty( document, 'fullscreenElement', {
			configurable: true,
			get: () => element,
		} );
		const change = ( to: Element | null ) => {
			element = to;
			document.dispatchEvent( new Event( 'fullscreenchange' ) );
			return Promise.resolve();
		};
		const request = jest.fn( () => change( root ) );
		const exit = jest.fn( () => change( null ) );
		Object.assign( root, { requestFullscreen: request } );
		Object.assign( document, { exitFullscreen: exit } );
		try {
			const button = $( '.tessera-lightbox__fullscreen' );
			await click( button );
			expect( request ).toHaveBeenCalledTimes( 1 );
			expect( button.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
			expect( root.dataset.size ).toBe( 'fullscreen' );
			// Maximized under full screen (the popup opened maximized).
			expect(
				$( '.tessera-lightbox__maximize' ).getAttribute(
					'aria-pressed'
				)
			).toBe( 'true' );
			await press( 'Escape' );
			expect( exit ).toHaveBeenCalledTimes( 1 );
			expect( onClose ).not.toHaveBeenCalled();
			expect( button.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
			expect( root.dataset.size ).toBe( 'maximized' );
			// The browser leaves full screen by itself (its own Escape).
			await click( button );
			await act( async () => {
				await change( null );
			} );
			expect( button.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
			await press( 'Escape' );
			expect( onClose ).toHaveBeenCalledTimes( 1 );
		} finally {
			delete ( document as { fullscreenElement?: unknown } )
				.fullscreenElement;
			delete ( document as { exitFullscreen?: unknown } ).exitFullscreen;
		}
	} );

	it( 'falls back to a full-screen size without the Fullscreen API, which Escape leaves', async () => {
		const { root, $, onClose } = await show( 'first' );
		const button = $( '.tessera-lightbox__fullscreen' );
		await click( button );
		expect( button.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect( root.dataset.size ).toBe( 'fullscreen' );
		await press( 'Escape' );
		expect( root.dataset.size ).toBe( 'normal' );
		expect( onClose ).not.toHaveBeenCalled();
		await press( 'Escape' );
		expect( onClose ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'play', () => {
	beforeEach( () => {
		jest.useFakeTimers();
	} );

	/**
	 * Lets time pass.
	 *
	 * @param ms Milliseconds.
	 */
	const wait = async ( ms: number ) => {
		await act( async () => {
			jest.advanceTimersByTime( ms );
		} );
		await settle();
	};

	it( 'advances by the interval while playing, and not once paused', async () => {
		const { $, status } = await show( 'first' );
		const play = $( '.tessera-lightbox__play' );
		await wait( 6000 );
		expect( status() ).toMatch( /^1 of 40: / );
		await click( play );
		expect( play.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		await wait( 4999 );
		expect( status() ).toMatch( /^1 of 40: / );
		await wait( 1 );
		expect( status() ).toMatch( /^2 of 40: / );
		await wait( 5000 );
		expect( status() ).toMatch( /^3 of 40: / );
		await click( play );
		await wait( 10000 );
		expect( status() ).toMatch( /^3 of 40: / );
	} );

	it( 'starts on open with autoplay, pauses on blur and resumes on focus', async () => {
		const { $, status } = await show( 'info-on' );
		expect(
			$( '.tessera-lightbox__play' ).getAttribute( 'aria-pressed' )
		).toBe( 'true' );
		await act( async () => {
			window.dispatchEvent( new Event( 'blur' ) );
		} );
		await wait( 12000 );
		expect( status() ).toMatch( /^10 of 40: / );
		await act( async () => {
			window.dispatchEvent( new Event( 'focus' ) );
		} );
		await wait( 5000 );
		expect( status() ).toMatch( /^11 of 40: / );
	} );

	it( 'does not resume on focus when it was paused', async () => {
		const { status } = await show( 'first' );
		await act( async () => {
			window.dispatchEvent( new Event( 'blur' ) );
			window.dispatchEvent( new Event( 'focus' ) );
		} );
		await wait( 12000 );
		expect( status() ).toMatch( /^1 of 40: / );
	} );

	it( 'stops at the end without loop', async () => {
		const { $, status } = await show( 'last-no-loop' );
		const play = $( '.tessera-lightbox__play' );
		await click( play );
		expect( play.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		await click( $( '.tessera-lightbox__arrow--prev' ) );
		await click( play );
		expect( play.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		await wait( 5000 );
		expect( status() ).toMatch( /^40 of 40: / );
		await wait( 5000 );
		expect( play.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		expect( status() ).toMatch( /^40 of 40: / );
	} );

	it( 'pauses while the pointer moves in zoom mode', async () => {
		const { $, status } = await show( 'info-on' );
		await click( $( '.tessera-lightbox__zoom' ) );
		const stage = $( '.tessera-lightbox__stage' );
		await pointer( stage, 'pointermove', {
			x: 10,
			y: 10,
			pointerType: 'mouse',
		} );
		await wait( 6000 );
		expect( status() ).toMatch( /^10 of 40: / );
		// React makes pointerleave from pointerout.
		await pointer( stage, 'pointerout', {
			x: 0,
			y: 0,
			pointerType: 'mouse',
			relatedTarget: document.body,
		} );
		await wait( 5000 );
		expect( status() ).toMatch( /^11 of 40: / );
	} );
} );

describe( 'zoom, swipe and right-click', () => {
	it( 'zooms the largest picture, which follows the pointer', async () => {
		const { $ } = await show( 'first' );
		const record = dataOf( 'first' ).images[ 0 ]!;
		const zoom = $( '.tessera-lightbox__zoom' );
		const stage = $( '.tessera-lightbox__stage' );
		stage.getBoundingClientRect = () =>
			( { left: 100, top: 50, width: 400, height: 200 } ) as DOMRect;
		await click( zoom );
		expect( zoom.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect( stage.style.backgroundImage ).toBe(
			`url("${ largestPicture( record ) }")`
		);
		expect( largestPicture( record ) ).toMatch( /tessera-demo-0001\.jpg$/ );
		expect( $( '.tessera-lightbox__image' ).style.visibility ).toBe(
			'hidden'
		);
		await pointer( stage, 'pointermove', {
			x: 200,
			y: 200,
			pointerType: 'mouse',
		} );
		expect( stage.style.backgroundPosition ).toBe( '25% 75%' );
		await click( zoom );
		expect( zoom.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		expect( stage.style.backgroundImage ).toBe( '' );
		expect( stage.style.backgroundPosition ).toBe( '' );
		expect( $( '.tessera-lightbox__image' ).style.visibility ).toBe( '' );
	} );

	it( 'the wheel, + and - and a pinch zoom the picture as shown, within the bounds; back to 1 is no zoom', async () => {
		const { root, $, status } = await show( 'first' );
		const record = dataOf( 'first' ).images[ 0 ]!;
		const zoom = $( '.tessera-lightbox__zoom' );
		const stage = $( '.tessera-lightbox__stage' );
		stage.getBoundingClientRect = () =>
			( { left: 0, top: 0, width: 1000, height: 500 } ) as DOMRect;
		// The picture as shown: contained in the 1000 x 500 stage.
		const fit = Math.min(
			1000 / record.image_width,
			500 / record.image_height
		);
		const size = ( scale: number ) =>
			`${ Math.round( record.image_width * fit * scale ) }px ${ Math.round(
				record.image_height * fit * scale
			) }px`;
		const wheel = async ( deltaY: number, x = 250, y = 100 ) => {
			const event = new WheelEvent( 'wheel', {
				deltaY,
				clientX: x,
				clientY: y,
				bubbles: true,
				cancelable: true,
			} );
			await act( async () => {
				stage.dispatchEvent( event );
			} );
			await settle();
			return event.defaultPrevented;
		};
		// A notch in: zoom on at exp(0.2), aimed at the pointer; the page does not scroll.
		expect( await wheel( -100 ) ).toBe( true );
		expect( zoom.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect( stage.style.backgroundImage ).toBe(
			`url("${ largestPicture( record ) }")`
		);
		expect( stage.style.backgroundSize ).toBe( size( Math.exp( 0.2 ) ) );
		expect( stage.style.backgroundPosition ).toBe( '25% 20%' );
		// Far in: at most ZOOM_MAX.
		for ( let notch = 0; notch < 10; notch++ ) {
			await wheel( -300 );
		}
		expect( stage.style.backgroundSize ).toBe( size( ZOOM_MAX ) );
		// - and + by ZOOM_STEP.
		await press( '-', root );
		expect( stage.style.backgroundSize ).toBe(
			size( ZOOM_MAX / ZOOM_STEP )
		);
		await press( '+', root );
		expect( stage.style.backgroundSize ).toBe( size( ZOOM_MAX ) );
		// Out to 1: zoom off, the picture back.
		for ( let notch = 0; notch < 10; notch++ ) {
			await wheel( 300 );
		}
		expect( zoom.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
		expect( stage.style.backgroundImage ).toBe( '' );
		expect( stage.style.backgroundSize ).toBe( '' );
		expect( $( '.tessera-lightbox__image' ).style.visibility ).toBe( '' );

		// A pinch: two fingers twice as far apart zoom in by 2, around their middle, and step to no image.
		await pointer( stage, 'pointerdown', { x: 400, y: 200, pointerId: 1 } );
		await pointer( stage, 'pointerdown', { x: 500, y: 200, pointerId: 2 } );
		await pointer( stage, 'pointermove', { x: 350, y: 200, pointerId: 1 } );
		await pointer( stage, 'pointermove', { x: 550, y: 200, pointerId: 2 } );
		expect( zoom.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect( stage.style.backgroundSize ).toBe( size( 2 ) );
		expect( stage.style.backgroundPosition ).toBe( '45% 40%' );
		await pointer( stage, 'pointerup', { x: 350, y: 200, pointerId: 1 } );
		await pointer( stage, 'pointerup', { x: 550, y: 200, pointerId: 2 } );
		expect( status() ).toMatch( /^1 of 40: / );
		// Pinched back together: no zoom.
		await pointer( stage, 'pointerdown', { x: 300, y: 200, pointerId: 3 } );
		await pointer( stage, 'pointerdown', { x: 700, y: 200, pointerId: 4 } );
		await pointer( stage, 'pointermove', { x: 450, y: 200, pointerId: 3 } );
		await pointer( stage, 'pointermove', { x: 550, y: 200, pointerId: 4 } );
		expect( zoom.getAttribute( 'aria-pressed' ) ).toBe( 'false' );
	} );

	it( 'without zoom in the settings, the wheel and + do nothing', async () => {
		const { root, $ } = await show( 'no-filmstrip' );
		const stage = $( '.tessera-lightbox__stage' );
		const event = new WheelEvent( 'wheel', {
			deltaY: -100,
			bubbles: true,
			cancelable: true,
		} );
		stage.dispatchEvent( event );
		expect( event.defaultPrevented ).toBe( false );
		expect( await press( '+', root ) ).toBe( false );
		expect( stage.style.backgroundImage ).toBe( '' );
	} );

	it( 'navigates by swipe on touch: left for the next image, right for the previous', async () => {
		const { $, status } = await show( 'middle' );
		const stage = $( '.tessera-lightbox__stage' );
		const swipe = async (
			from: number,
			to: number,
			dy = 0,
			pointerType = 'touch'
		) => {
			await pointer( stage, 'pointerdown', {
				x: from,
				y: 100,
				pointerType,
			} );
			await pointer( stage, 'pointerup', {
				x: to,
				y: 100 + dy,
				pointerType,
			} );
		};
		await swipe( 300, 200 );
		expect( status() ).toMatch( /^21 of 40: / );
		await swipe( 100, 200 );
		expect( status() ).toMatch( /^20 of 40: / );
		// Too short, more vertical than horizontal, or a mouse: nothing.
		await swipe( 300, 260 );
		await swipe( 300, 200, 150 );
		await swipe( 300, 100, 0, 'mouse' );
		expect( status() ).toMatch( /^20 of 40: / );
	} );

	it( 'prevents the context menu on the stage only when right-click protection is on', async () => {
		const menu = ( stage: HTMLElement ) => {
			const event = new MouseEvent( 'contextmenu', {
				bubbles: true,
				cancelable: true,
			} );
			stage.dispatchEvent( event );
			return event.defaultPrevented;
		};
		const protectedOne = await show( 'info-on' );
		expect( menu( protectedOne.$( '.tessera-lightbox__image' ) ) ).toBe(
			true
		);
		await act( async () => protectedOne.controller.close() );
		const unprotected = await show( 'first' );
		expect( menu( unprotected.$( '.tessera-lightbox__image' ) ) ).toBe(
			false
		);
	} );
} );

describe( 'embeds', () => {
	it( 'shows each embed as its kind says, step by step: players, a picture, nothing, an extension’s box, then the image', async () => {
		const { root, $, status } = await show( 'embed-video', {
			transition: () => Promise.resolve(),
		} );
		const stage = $( '.tessera-lightbox__stage' );
		const zoom = $( '.tessera-lightbox__zoom' );
		const iframe = () =>
			stage.querySelector< HTMLIFrameElement >( 'iframe' );
		// YouTube: its player, 16:9, named by the image's alt text; no zoom for a player.
		expect( iframe()?.getAttribute( 'src' ) ).toBe(
			'https://www.youtube.com/embed/aqz-KE-bpKQ'
		);
		expect( iframe()?.className ).toBe(
			'tessera-lightbox__embed tessera-lightbox__embed--video'
		);
		expect( iframe()?.title ).not.toBe( '' );
		expect( iframe()?.hasAttribute( 'allowfullscreen' ) ).toBe( true );
		expect( zoom.hidden ).toBe( true );
		const first = iframe();
		// Instagram: its post, with the extra sizes; the video's player is gone (nothing plays on).
		await press( 'ArrowRight', root );
		expect( status() ).toMatch( /^2 of 8: / );
		expect( iframe()?.getAttribute( 'src' ) ).toBe(
			'https://www.instagram.com/p/CyQ1r2sL0aB/embed/captioned/'
		);
		expect( iframe()?.className ).toContain( '--instagram' );
		expect( first?.isConnected ).toBe( false );
		// A picture's own address: an image, no srcset of the poster's.
		await press( 'ArrowRight', root );
		const picture = stage.querySelector( 'img' );
		expect( picture?.getAttribute( 'src' ) ).toMatch(
			/^https:\/\/lh3\.googleusercontent\.com\//
		);
		expect( picture?.hasAttribute( 'srcset' ) ).toBe( false );
		expect( iframe() ).toBeNull();
		// Flickr video: nothing.
		await press( 'ArrowRight', root );
		expect( status() ).toMatch( /^4 of 8: / );
		expect( stage.children ).toHaveLength( 0 );
		// Another type: an empty box, given to extensions by an event with the record.
		const asked: Array< { record: { filetype: string }; box: Element } > =
			[];
		const listen = ( event: Event ) =>
			asked.push( ( event as CustomEvent ).detail );
		document.addEventListener( 'tessera-lightbox-embed', listen );
		await press( 'ArrowRight', root );
		document.removeEventListener( 'tessera-lightbox-embed', listen );
		const box = stage.querySelector( '.tessera-lightbox__extension' );
		expect( box?.getAttribute( 'data-filetype' ) ).toBe(
			'EMBED_EXAMPLE_VIDEO'
		);
		expect( asked ).toHaveLength( 1 );
		expect( asked[ 0 ]?.record.filetype ).toBe( 'EMBED_EXAMPLE_VIDEO' );
		expect( asked[ 0 ]?.box ).toBe( box );
		// The wheel does not zoom an embed, and lets the event be.
		const wheel = new WheelEvent( 'wheel', {
			deltaY: -100,
			bubbles: true,
			cancelable: true,
		} );
		stage.dispatchEvent( wheel );
		expect( wheel.defaultPrevented ).toBe( false );
		// An image again: the picture with its srcset, and the zoom back.
		await press( 'ArrowRight', root );
		expect(
			stage
				.querySelector( 'img.tessera-lightbox__image' )
				?.hasAttribute( 'srcset' )
		).toBe( true );
		expect( zoom.hidden ).toBe( false );
	} );
} );

describe( 'records outside the window', () => {
	/**
	 * An answer for the image at an index of the `window` fixture: its record, built from another one.
	 *
	 * @param index The index.
	 */
	const answerFor = ( index: number ): LightboxData => {
		const data = dataOf( 'window' );
		const id = data.ids[ index ] as number;
		return {
			settings: {
				...data.settings,
				current_image_key: index,
				current_image_id: id,
			},
			ids: data.ids,
			images: [
				{
					...( data.images[ 0 ] as LightboxData[ 'images' ][ 0 ] ),
					id,
					number: index + 1,
					alt: 'Fetched',
				},
			],
		};
	};

	it( 'fetches the records of an image it does not hold, keeping the current image meanwhile', async () => {
		let answer: ( value: unknown ) => void = () => undefined;
		const fetchWindow = jest.fn< ( id: number ) => Promise< unknown > >(
			() => new Promise( ( resolve ) => ( answer = resolve ) )
		);
		const { status, controller } = await show( 'window', { fetchWindow } );
		const data = dataOf( 'window' );
		expect( status() ).toMatch( /^121 of 150: / );
		// The window is 70..149 and 0..20: 21 is the first image it lacks.
		for ( let step = 0; step < 50; step++ ) {
			await press( 'ArrowRight' );
		}
		expect( status() ).toMatch( /^21 of 150: / );
		expect( fetchWindow ).not.toHaveBeenCalled();
		await press( 'ArrowRight' );
		expect( fetchWindow ).toHaveBeenCalledWith( data.ids[ 21 ] as number );
		expect( status() ).toMatch( /^21 of 150: / );
		expect( controller.record( 21 ) ).toBeUndefined();
		const html = fixture( 'window' ).replace(
			dataScriptText( fixture( 'window' ) ) as string,
			JSON.stringify( answerFor( 21 ) )
		);
		await act( async () => answer( html ) );
		await settle();
		expect( status() ).toBe( '22 of 150: Fetched' );
		expect( controller.index ).toBe( 21 );
		expect( controller.record( 21 )?.alt ).toBe( 'Fetched' );
	} );

	it( 'takes the data as well as the HTML, and stays when the answer fails or lacks the image', async () => {
		const fetchWindow = jest
			.fn< ( id: number ) => Promise< unknown > >()
			.mockRejectedValueOnce( new Error( '404' ) )
			.mockResolvedValueOnce( answerFor( 30 ) )
			.mockResolvedValueOnce( answerFor( 69 ) );
		const { root, status } = await show( 'window', { fetchWindow } );
		const first = root.querySelectorAll< HTMLElement >(
			'.tessera-lightbox__arrow--prev'
		)[ 0 ] as HTMLElement;
		for ( let step = 0; step < 51; step++ ) {
			await click( first );
		}
		// 120 - 51 = 69: not held; the first answer fails, the image stays.
		expect( fetchWindow ).toHaveBeenCalledTimes( 1 );
		expect( status() ).toMatch( /^71 of 150: / );
		// The second answer does not hold 69.
		await click( first );
		expect( fetchWindow ).toHaveBeenCalledTimes( 2 );
		expect( status() ).toMatch( /^71 of 150: / );
		// The third does; and the one of 30 was kept too.
		await click( first );
		expect( status() ).toBe( '70 of 150: Fetched' );
	} );

	it( 'stays where it is without fetchWindow', async () => {
		const { status } = await show( 'window' );
		for ( let step = 0; step < 51; step++ ) {
			await press( 'ArrowRight' );
		}
		expect( status() ).toMatch( /^21 of 150: / );
		await press( 'ArrowLeft' );
		expect( status() ).toMatch( /^20 of 150: / );
	} );
} );

describe( 'preloading', () => {
	let sources: string[] = [];
	let spy: { mockRestore: () => void } | undefined;
	const realSrc = Object.getOwnPropertyDescriptor(
		HTMLImageElement.prototype,
		'src'
	) as PropertyDescriptor;

	beforeEach( () => {
		sources = [];
		// The images loaded outside the page (picture.ts's rings): every source given to one.
		spy = jest
			.spyOn( HTMLImageElement.prototype, 'src', 'set' )
			.mockImplementation( function ( this: HTMLImageElement, value ) {
				if ( value && ! this.isConnected ) {
					sources.push( value );
				}
				realSrc.set?.call( this, value );
			} );
	} );

	afterEach( () => {
		spy?.mockRestore();
	} );

	it( 'loads the configured number of neighbours, once each', async () => {
		const { images } = dataOf( 'first' );
		const url = ( index: number ) => images[ index ]?.image_url;
		const { $ } = await show( 'first' );
		expect( sources.sort() ).toEqual(
			[ url( 1 ), url( 2 ), url( 39 ), url( 38 ) ].sort()
		);
		await click( $( '.tessera-lightbox__arrow--next' ) );
		expect( sources.slice( 4 ) ).toEqual( [ url( 3 ) ] );
	} );

	it( 'loads no embed’s poster ahead: a player loads when it is shown', async () => {
		const { images } = dataOf( 'embed-video' );
		const url = ( index: number ) => images[ index ]?.image_url;
		await show( 'embed-video' );
		// Neighbours 1 and 2 are embeds (Instagram, a picture's address); 7 and 6 are images.
		expect( sources.sort() ).toEqual( [ url( 7 ), url( 6 ) ].sort() );
	} );

	it( 'loads nothing ahead when preloading is off', async () => {
		document.body.innerHTML = `<div>${ fixture( 'first' ).replace(
			'"preload_images":true',
			'"preload_images":false'
		) }</div>`;
		const root = document.querySelector(
			'.tessera-lightbox'
		) as HTMLElement;
		let controller: LightboxController | undefined;
		await act( async () => {
			controller = window.tesseraLightbox?.hydrate( root, {
				onClose: () => undefined,
				transition: () => Promise.resolve(),
			} );
		} );
		await press( 'ArrowRight' );
		expect( sources ).toEqual( [] );
		await act( async () => controller?.close() );
	} );

	it( 'loads every held image when the count is 0', async () => {
		await show( 'window' );
		expect( sources ).toHaveLength( 100 );
		expect( new Set( sources ).size ).toBe( 100 );
	} );
} );

describe( 'the controller', () => {
	it( 'closes: the popup goes, and so do its keys and timers', async () => {
		const { root, onClose, controller } = await show( 'first' );
		await act( async () => controller.close() );
		await act( async () => controller.close() );
		expect( root.isConnected ).toBe( false );
		expect( document.querySelector( '.overlay' )?.childNodes ).toHaveLength(
			0
		);
		await press( 'Escape', document.body );
		expect( onClose ).not.toHaveBeenCalled();
		opened = null;
	} );

	it( 'calls onClose from the close button', async () => {
		const { $, onClose } = await show( 'first' );
		await click( $( '.tessera-lightbox__close' ) );
		expect( onClose ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'gives the records it holds and the index shown', async () => {
		const { controller, $ } = await show( 'middle' );
		expect( controller.index ).toBe( 19 );
		expect( controller.record( 0 )?.id ).toBe(
			dataOf( 'middle' ).ids[ 0 ]
		);
		await click( $( '.tessera-lightbox__arrow--next' ) );
		expect( controller.index ).toBe( 20 );
	} );
} );
