/**
 * The lightbox's lifecycle (blocks/gallery/lightbox/lifecycle.ts): loading, open, close, the hash, one at a time,
 * the locks and their release, the empty state, and no lightbox without fetch.
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

/**
 * Internal dependencies
 */
import { preloadImage } from '../picture';
import {
	KEPT_ANSWERS,
	NO_ZOOM,
	REMOVE_MS,
	SHOWN_MS,
	TIMING,
	WARM_MS,
	adoptImage,
	afterShown,
	callUrl,
	createHost,
	dataOf,
	hashOf,
	parseHash,
	warmImage,
	warmStyles,
	type Host,
	type Hydrate,
	type HydrateOptions,
} from '../lifecycle';

/** The popups in the page (the styles' copy, warmStyles(), is none). */
const POPUPS =
	'.tessera-lightbox-ahead .tessera-lightbox, .tessera-lightbox-overlay .tessera-lightbox';

const MESSAGES = { loading: 'Loading…', failed: 'Failed.', close: 'Close' };

const POPUP =
	'<div class="tessera-lightbox" role="dialog" aria-modal="true" aria-label="Sea: image viewer" tabindex="-1"><script type="application/json" class="tessera-lightbox__data">{"settings":{"gallery_id":5},"ids":[7,8]}</script></div>';

/** A popup that shows an image (/u/7.jpg), and nothing else. */
const PICTURE =
	'<div class="tessera-lightbox"><div class="tessera-lightbox__stage"><img class="tessera-lightbox__image" src="/u/7.jpg" alt=""></div></div>';

/** The hosts a test made: closed after it (a host left open would take the next test's keys). */
const hosts: Host[] = [];

/**
 * Makes a host, closed after the test.
 *
 * @param args createHost()'s.
 * @return The host.
 */
function makeHost( ...args: Parameters< typeof createHost > ): Host {
	const host = createHost( ...args );
	hosts.push( host );
	return host;
}

/** Answers of the mocked fetch, by image id. */
let answers: Record< string, { status: number; body: string } > = {};
let fetchMock: jest.Mock< typeof fetch >;

/**
 * A gallery container with a thumbnail link.
 *
 * @return The container and the link.
 */
function gallery(): { container: HTMLElement; link: HTMLAnchorElement } {
	document.body.innerHTML =
		'<div class="tessera-gallery" id="bwg_container1_0" data-gallery-id="5" data-lightbox-url="/wp-admin/admin-ajax.php?action=tessera_lightbox&amp;gallery_id=5&amp;bwg_gallery_type=thumbnails"><a href="/sea.jpg" id="thumb">Sea</a></div>';
	return {
		container: document.getElementById( 'bwg_container1_0' ) as HTMLElement,
		link: document.getElementById( 'thumb' ) as HTMLAnchorElement,
	};
}

/** Lets the frame after the popup's insertion be painted, then the task after it run (the hydration). */
function painted(): void {
	jest.advanceTimersByTime( 40 );
}

/**
 * A pointer that rests on a thumbnail: its answer asked ahead, then, WARM_MS later, its image warmed (and its popup
 * made ahead).
 *
 * @param host      The host.
 * @param container The gallery's container.
 * @param imageId   The thumbnail's image.
 */
async function linger(
	host: Host,
	container: HTMLElement,
	imageId: number
): Promise< void > {
	host.prefetch( container, imageId );
	await settle();
	jest.advanceTimersByTime( WARM_MS );
	await settle();
}

/**
 * A pointer that rests on a thumbnail until its popup is made ahead, its image loaded.
 *
 * @param host      The host.
 * @param container The gallery's container.
 * @param imageId   The thumbnail's image.
 * @return The popup's image (`complete`).
 */
async function madeAhead(
	host: Host,
	container: HTMLElement,
	imageId: number
): Promise< HTMLImageElement > {
	await linger( host, container, imageId );
	const image = document.querySelector(
		'.tessera-lightbox-ahead .tessera-lightbox__image'
	) as HTMLImageElement;
	Object.defineProperty( image, 'complete', { value: true } );
	return image;
}

/**
 * Records the images loaded outside the page (preloads: not in the document, not in a template).
 *
 * @param record What to record of one.
 * @return The records, and the spy (mockRestore() when done).
 */
function watchLoads(
	record: ( image: HTMLImageElement, src: string ) => string
) {
	const loaded: string[] = [];
	const src = Object.getOwnPropertyDescriptor(
		HTMLImageElement.prototype,
		'src'
	) as PropertyDescriptor;
	const spy = jest
		.spyOn( HTMLImageElement.prototype, 'src', 'set' )
		.mockImplementation( function ( this: HTMLImageElement, v: string ) {
			if ( ! this.isConnected && ! this.closest( 'template' ) ) {
				loaded.push( record( this, v ) );
			}
			src.set?.call( this, v );
		} );
	return { loaded, spy };
}

/** Lets the mocked fetch's promises settle. */
async function settle(): Promise< void > {
	for ( let i = 0; i < 5; i++ ) {
		await Promise.resolve();
	}
}

beforeEach( () => {
	answers = { '7': { status: 200, body: POPUP } };
	fetchMock = jest.fn( ( input: RequestInfo | URL ) => {
		const id =
			new URL( String( input ) ).searchParams.get( 'image_id' ) || '';
		const answer = answers[ id ] ?? { status: 404, body: '' };
		return Promise.resolve( {
			ok: answer.status === 200,
			status: answer.status,
			text: () => Promise.resolve( answer.body ),
		} as Response );
	} ) as unknown as jest.Mock< typeof fetch >;
	window.fetch = fetchMock as unknown as typeof fetch;
	document.head.innerHTML =
		'<meta name="viewport" content="width=device-width, initial-scale=1">';
	document.documentElement.style.overflow = '';
	history.replaceState( null, '', '/gallery/?page_number_0=2' );
	jest.useFakeTimers();
} );

afterEach( () => {
	for ( const host of hosts.splice( 0 ) ) {
		host.close();
	}
	jest.runOnlyPendingTimers();
	jest.useRealTimers();
} );

describe( 'hash', () => {
	it( 'names a gallery and an image, and reads only such hashes', () => {
		expect( hashOf( 5, 7 ) ).toBe( '#bwg5/7' );
		expect( parseHash( '#bwg5/7' ) ).toEqual( {
			galleryId: 5,
			imageId: 7,
		} );
		for ( const bad of [
			'#bwg5',
			'#bwg05/7',
			'#bwg5/7/8',
			'#bwg5/<script>',
			'#bwg99999999999/1',
			'#other',
			'',
		] ) {
			expect( parseHash( bad ) ).toBeNull();
		}
	} );

	it( 'builds the call address with the image id', () => {
		expect(
			callUrl(
				'/wp-admin/admin-ajax.php?action=tessera_lightbox&gallery_id=5',
				9
			)
		).toBe(
			'http://localhost/wp-admin/admin-ajax.php?action=tessera_lightbox&gallery_id=5&image_id=9'
		);
	} );

	it( 'reads the data of an answer', () => {
		expect( dataOf( POPUP ) ).toEqual( {
			settings: { gallery_id: 5 },
			ids: [ 7, 8 ],
		} );
		expect( dataOf( '<div></div>' ) ).toBeNull();
		expect(
			dataOf(
				'<script type="application/json" class="tessera-lightbox__data">{bad</script>'
			)
		).toBeNull();
	} );
} );

/**
 * A browser with Element Timing: a PerformanceObserver whose callbacks the test calls with the elements painted.
 *
 * @return The observers made, and what puts the page's own back.
 */
function elementTiming() {
	const observers: Array< {
		report: ( ...elements: Element[] ) => void;
		observing: boolean;
	} > = [];
	const own = Object.getOwnPropertyDescriptor(
		window,
		'PerformanceObserver'
	);
	class FakeObserver {
		static supportedEntryTypes = [ 'element', 'paint' ];
		constructor(
			callback: ( list: { getEntries: () => unknown[] } ) => void
		) {
			const made = {
				observing: false,
				report: ( ...elements: Element[] ) =>
					made.observing &&
					callback( {
						getEntries: () =>
							elements.map( ( element ) => ( {
								entryType: 'element',
								element,
							} ) ),
					} ),
			};
			observers.push( made );
			this.made = made;
		}
		made: ( typeof observers )[ number ];
		observe() {
			this.made.observing = true;
		}
		disconnect() {
			this.made.observing = false;
		}
	}
	Object.defineProperty( window, 'PerformanceObserver', {
		configurable: true,
		writable: true,
		value: FakeObserver,
	} );
	return {
		observers,
		restore: () =>
			own
				? Object.defineProperty( window, 'PerformanceObserver', own )
				: Reflect.deleteProperty( window, 'PerformanceObserver' ),
	};
}

/**
 * An image that has loaded (`complete`).
 *
 * @return The image, in the page.
 */
function loadedImage(): HTMLImageElement {
	const image = document.createElement( 'img' );
	Object.defineProperty( image, 'complete', { value: true } );
	document.body.append( image );
	return image;
}

describe( 'warmStyles', () => {
	it( 'puts a copy of the controls out of sight for two frames, then removes it and says so', () => {
		const gone = jest.fn();
		const box = warmStyles(
			'<div class="tessera-lightbox" id="x"><img src="a.jpg"><button class="tessera-lightbox__close"></button></div>',
			gone
		);
		expect( box.isConnected ).toBe( true );
		expect( box.getAttribute( 'aria-hidden' ) ).toBe( 'true' );
		// Nothing loads, no id is doubled.
		expect( box.querySelector( 'img, [id]' ) ).toBeNull();
		expect(
			box.querySelector( '.tessera-lightbox__close' )
		).not.toBeNull();
		jest.runAllTimers();
		expect( box.isConnected ).toBe( false );
		// The host lets go of the copy then: kept, the detached copy would keep its nodes alive.
		expect( gone ).toHaveBeenCalledTimes( 1 );
	} );
} );

describe( 'afterShown', () => {
	it( 'waits for the image to be reported painted, not for another element, and not twice', () => {
		const timing = elementTiming();
		try {
			const image = loadedImage();
			const run = jest.fn();
			afterShown( image, run );
			expect( image.getAttribute( 'elementtiming' ) ).toBe( TIMING );
			// The next frame is not enough: the image's raster may not be done.
			painted();
			expect( run ).not.toHaveBeenCalled();
			timing.observers[ 0 ]?.report( document.body );
			expect( run ).not.toHaveBeenCalled();
			timing.observers[ 0 ]?.report( image );
			expect( run ).toHaveBeenCalledTimes( 1 );
			// Done: the observer is off, and the time limit too.
			expect( timing.observers[ 0 ]?.observing ).toBe( false );
			jest.advanceTimersByTime( SHOWN_MS );
			expect( run ).toHaveBeenCalledTimes( 1 );
		} finally {
			timing.restore();
		}
	} );

	it( 'goes on after SHOWN_MS when the paint is not reported, and keeps an identifier the image has', () => {
		const timing = elementTiming();
		try {
			const image = loadedImage();
			image.setAttribute( 'elementtiming', 'theirs' );
			const run = jest.fn();
			afterShown( image, run );
			expect( image.getAttribute( 'elementtiming' ) ).toBe( 'theirs' );
			jest.advanceTimersByTime( SHOWN_MS - 1 );
			expect( run ).not.toHaveBeenCalled();
			jest.advanceTimersByTime( 1 );
			expect( run ).toHaveBeenCalledTimes( 1 );
			timing.observers[ 0 ]?.report( image );
			expect( run ).toHaveBeenCalledTimes( 1 );
		} finally {
			timing.restore();
		}
	} );

	it( 'waits a frame only for an image still loading, no image, or a browser without Element Timing', () => {
		const plain = jest.fn();
		// jsdom has no Element Timing.
		afterShown( loadedImage(), plain );
		painted();
		expect( plain ).toHaveBeenCalledTimes( 1 );
		const timing = elementTiming();
		try {
			const loading = document.createElement( 'img' );
			Object.defineProperty( loading, 'complete', { value: false } );
			const runs = [ jest.fn(), jest.fn() ];
			afterShown( loading, runs[ 0 ] as () => void );
			afterShown( null, runs[ 1 ] as () => void );
			expect( timing.observers ).toHaveLength( 0 );
			painted();
			expect( runs[ 0 ] ).toHaveBeenCalledTimes( 1 );
			expect( runs[ 1 ] ).toHaveBeenCalledTimes( 1 );
		} finally {
			timing.restore();
		}
	} );
} );

describe( 'lifecycle', () => {
	it( 'loads, then opens hydrated with the hash set, the page locked; closes back to the page', async () => {
		const { container, link } = gallery();
		link.focus();
		const closeMounted = jest.fn();
		let options: HydrateOptions | null = null;
		const hydrate = jest.fn(
			( _root: HTMLElement, given: HydrateOptions ) => {
				options = given;
				return { close: closeMounted };
			}
		) as unknown as Hydrate;
		const host = makeHost( hydrate, MESSAGES );

		expect( host.open( container, 7, link ) ).toBe( true );
		// Loading: the overlay with a status; the page's scroll and the viewport's zoom locked a frame later (the
		// lock repaints the page).
		expect( host.state() ).toBe( 'loading' );
		const overlay = document.querySelector( '.tessera-lightbox-overlay' );
		expect( overlay?.getAttribute( 'aria-busy' ) ).toBe( 'true' );
		expect( overlay?.querySelector( '[role=status]' )?.textContent ).toBe(
			'Loading…'
		);
		expect( document.documentElement.style.overflow ).toBe( '' );
		painted();
		expect( document.documentElement.style.overflow ).toBe( 'hidden' );
		expect(
			document
				.querySelector( 'meta[name=viewport]' )
				?.getAttribute( 'content' )
		).toBe( `width=device-width, initial-scale=1, ${ NO_ZOOM }` );
		expect( String( fetchMock.mock.calls[ 0 ]?.[ 0 ] ) ).toContain(
			'gallery_id=5&bwg_gallery_type=thumbnails&image_id=7'
		);

		await settle();
		// The server's popup is in the page, painted before it is hydrated: its image first (the overlay's
		// opening class hides the rest for a frame); then the controls, the hash and the hydration.
		expect( overlay?.querySelector( '.tessera-lightbox' ) ).not.toBeNull();
		expect( overlay?.hasAttribute( 'aria-busy' ) ).toBe( false );
		expect( overlay?.classList.contains( 'is-opening' ) ).toBe( true );
		expect( location.hash ).toBe( '' );
		expect( hydrate ).not.toHaveBeenCalled();
		painted();
		expect( overlay?.classList.contains( 'is-opening' ) ).toBe( false );
		expect( location.hash ).toBe( '#bwg5/7' );
		expect( host.state() ).toBe( 'open' );
		expect( hydrate ).toHaveBeenCalledTimes( 1 );

		// A change of image replaces the hash (no history entry).
		const length = history.length;
		( options as unknown as HydrateOptions ).onChange( 8 );
		expect( location.hash ).toBe( '#bwg5/8' );
		expect( history.length ).toBe( length );

		// Only one lightbox: a second open keeps the first.
		expect( host.open( container, 8, link ) ).toBe( true );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );

		( options as unknown as HydrateOptions ).onClose();
		expect( host.state() ).toBe( 'closed' );
		expect( closeMounted ).not.toHaveBeenCalled();
		// A change that ends as it closes (the popup's effect runs after the close) leaves the address alone.
		( options as unknown as HydrateOptions ).onChange( 9 );
		expect( location.hash ).toBe( '' );
		expect( document.documentElement.style.overflow ).toBe( '' );
		expect(
			document
				.querySelector( 'meta[name=viewport]' )
				?.getAttribute( 'content' )
		).toBe( 'width=device-width, initial-scale=1' );
		expect( location.hash ).toBe( '' );
		expect( location.search ).toBe( '?page_number_0=2' );
		// Removed after 20 ms.
		expect(
			document.querySelector( '.tessera-lightbox-overlay' )
		).not.toBeNull();
		jest.advanceTimersByTime( REMOVE_MS );
		expect(
			document.querySelector( '.tessera-lightbox-overlay' )
		).toBeNull();
		expect( closeMounted ).toHaveBeenCalledTimes( 1 );
		// Then the focus is back on the thumbnail.
		expect( link.ownerDocument.activeElement ).toBe( link );
	} );

	it( 'fetches an image outside the records by the same call', async () => {
		const { container } = gallery();
		answers[ '900' ] = {
			status: 200,
			body: POPUP.replace( '[7,8]', '[900]' ),
		};
		let options: HydrateOptions | null = null;
		const host = makeHost( ( _root, given ) => {
			options = given;
			return { close() {} };
		}, MESSAGES );
		host.open( container, 7 );
		await settle();
		painted();
		await expect(
			( options as unknown as HydrateOptions ).fetchWindow( 900 )
		).resolves.toEqual( { settings: { gallery_id: 5 }, ids: [ 900 ] } );
		await expect(
			( options as unknown as HydrateOptions ).fetchWindow( 901 )
		).rejects.toThrow( '404' );
	} );

	it( 'opens with the answer asked ahead, once; a refused one is asked again; keeps the last few', async () => {
		const { container } = gallery();
		const hydrated: HTMLElement[] = [];
		const host = makeHost( ( root ) => {
			hydrated.push( root );
			return { close() {} };
		}, MESSAGES );
		host.prefetch( container, 7 );
		host.prefetch( container, 7 );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		await settle();
		host.open( container, 7 );
		// The answer is there: the popup is in the page at once, in the click's own task, without the loading state.
		expect(
			document.querySelector(
				'.tessera-lightbox-overlay > .tessera-lightbox'
			)
		).not.toBeNull();
		expect(
			document.querySelector( '.tessera-lightbox-loading' )
		).toBeNull();
		await settle();
		painted();
		expect( hydrated ).toHaveLength( 1 );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		host.close();
		jest.advanceTimersByTime( REMOVE_MS );
		// Opened again: the same answer, no new call.
		host.open( container, 7 );
		await settle();
		painted();
		expect( hydrated ).toHaveLength( 2 );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		host.close();
		jest.advanceTimersByTime( REMOVE_MS );

		// A refusal is not kept.
		host.prefetch( container, 66 );
		await settle();
		host.prefetch( container, 66 );
		expect( fetchMock ).toHaveBeenCalledTimes( 3 );
		// The last KEPT_ANSWERS are kept: 7 goes after that many others.
		for ( let id = 100; id < 100 + KEPT_ANSWERS; id++ ) {
			answers[ String( id ) ] = { status: 200, body: POPUP };
			host.prefetch( container, id );
		}
		await settle();
		const calls = fetchMock.mock.calls.length;
		host.prefetch( container, 100 + KEPT_ANSWERS - 1 );
		expect( fetchMock ).toHaveBeenCalledTimes( calls );
		host.prefetch( container, 7 );
		expect( fetchMock ).toHaveBeenCalledTimes( calls + 1 );
		// Without fetch, nothing is asked.
		( window as unknown as { fetch: unknown } ).fetch = undefined;
		host.prefetch( container, 8 );
		expect( fetchMock ).toHaveBeenCalledTimes( calls + 1 );
	} );

	it( 'loads the image of a thumbnail the pointer stays over, not of one it crosses; at once on open', async () => {
		const { container } = gallery();
		const picture =
			'<div class="tessera-lightbox"><img class="tessera-lightbox__image" src="/u/ID.jpg" srcset="/u/ID-1024.jpg 1024w, /u/ID.jpg 2048w" sizes="100vw" alt=""></div>';
		for ( const id of [ '7', '8', '9' ] ) {
			answers[ id ] = {
				status: 200,
				body: picture.replace( /ID/g, id ),
			};
		}
		const { loaded, spy } = watchLoads(
			( image, v ) => `${ v } ${ image.getAttribute( 'srcset' ) }`
		);
		try {
			const host = makeHost( () => ( { close() {} } ), MESSAGES );
			// Crossed: 7 then 8 at once; 8 stays.
			host.prefetch( container, 7 );
			host.prefetch( container, 8 );
			await settle();
			jest.advanceTimersByTime( WARM_MS - 1 );
			await settle();
			expect( loaded ).toEqual( [] );
			jest.advanceTimersByTime( 1 );
			await settle();
			expect( loaded ).toEqual( [
				'/u/8.jpg /u/8-1024.jpg 1024w, /u/8.jpg 2048w',
			] );
			// Opened without lingering: its image at once, once.
			host.open( container, 9 );
			await settle();
			expect( loaded ).toHaveLength( 2 );
			expect( loaded[ 1 ] ).toMatch( /^\/u\/9\.jpg / );
			// The popup shows that image itself (adoptImage()); the next opening loads one of its own ahead (the
			// pointer gone to another thumbnail and back: resting on it as it closed is no intent).
			host.close();
			jest.advanceTimersByTime( REMOVE_MS );
			host.prefetch( container, 8 );
			host.prefetch( container, 9 );
			jest.advanceTimersByTime( WARM_MS );
			await settle();
			expect( loaded ).toHaveLength( 3 );
			expect( loaded[ 2 ] ).toBe( loaded[ 1 ] );
		} finally {
			spy.mockRestore();
		}
		// An answer without an image warms nothing.
		expect( warmImage( POPUP ) ).toBeNull();
	} );

	it( 'shows the image loaded ahead in the popup, with the popup image’s attributes', async () => {
		const { container, link } = gallery();
		answers[ '7' ] = {
			status: 200,
			body: '<div class="tessera-lightbox"><div class="tessera-lightbox__stage"><img class="tessera-lightbox__image" src="/u/7.jpg" srcset="/u/7-1024.jpg 1024w, /u/7.jpg 2048w" sizes="80vw" width="2048" height="1365" alt="Sea" loading="eager" decoding="async"></div></div>',
		};
		const host = makeHost( () => ( { close() {} } ), MESSAGES );
		await linger( host, container, 7 );
		host.open( container, 7, link );
		const shown = document.querySelector< HTMLImageElement >(
			'.tessera-lightbox-overlay .tessera-lightbox__image'
		) as HTMLImageElement;
		// The ring's image: taken out of it, so the next preloads do not load another file into the popup.
		expect( preloadImage.take( shown ) ).toBe( false );
		expect( shown.getAttribute( 'srcset' ) ).toBe(
			'/u/7-1024.jpg 1024w, /u/7.jpg 2048w'
		);
		expect( shown.getAttribute( 'alt' ) ).toBe( 'Sea' );
		expect( shown.getAttribute( 'width' ) ).toBe( '2048' );
		expect( shown.getAttribute( 'decoding' ) ).toBe( 'async' );
		expect( shown.className ).toBe( 'tessera-lightbox__image' );
		expect(
			document.querySelectorAll( '.tessera-lightbox__image' )
		).toHaveLength( 1 );
	} );

	it( 'makes the popup of the thumbnail lingered over ahead, hidden; the click shows that popup', async () => {
		const { container, link } = gallery();
		const body = ( id: string ) =>
			`<div class="tessera-lightbox" role="dialog" aria-label="Sea: image viewer"><div class="tessera-lightbox__stage"><img class="tessera-lightbox__image" src="/u/${ id }.jpg" alt=""></div><button type="button" id="tessera-lightbox-info-toggle">Info</button></div>`;
		answers[ '7' ] = { status: 200, body: body( '7' ) };
		answers[ '8' ] = { status: 200, body: body( '8' ) };
		const hydrate = jest.fn< Hydrate >( () => ( { close() {} } ) );
		const host = makeHost( hydrate, MESSAGES );
		// Asked ahead, not lingered over: no popup yet.
		host.prefetch( container, 7 );
		await settle();
		expect(
			document.querySelector( '.tessera-lightbox-ahead' )
		).toBeNull();
		jest.advanceTimersByTime( WARM_MS );
		await settle();
		const ahead = document.querySelector< HTMLElement >(
			'.tessera-lightbox-ahead'
		) as HTMLElement;
		// Hidden by its class (lightbox.css: visibility hidden, so neither painted nor focusable nor in the
		// accessibility tree).
		expect( ahead.className ).toBe( 'tessera-lightbox-ahead' );
		expect(
			ahead.querySelector( '.tessera-lightbox__image' )
		).not.toBeNull();
		expect(
			document.querySelector( '.tessera-lightbox-overlay' )
		).toBeNull();
		expect( host.state() ).toBe( 'closed' );
		// Another lingered over: its popup instead (one at a time, so that ids stay unique).
		await linger( host, container, 8 );
		expect( document.querySelectorAll( POPUPS ) ).toHaveLength( 1 );
		const second = document.querySelector( '.tessera-lightbox-ahead' );
		const popup = second?.querySelector( '.tessera-lightbox' );
		expect( popup?.querySelector( 'img' )?.getAttribute( 'src' ) ).toBe(
			'/u/8.jpg'
		);
		const calls = fetchMock.mock.calls.length;

		// The click shows it: the same overlay and popup; its image alone for a frame.
		expect( host.open( container, 8, link ) ).toBe( true );
		const overlay = document.querySelector(
			'.tessera-lightbox-overlay'
		) as HTMLElement;
		expect( overlay ).toBe( second );
		expect( ahead.isConnected ).toBe( false );
		expect( overlay.className ).toBe(
			'tessera-lightbox-overlay is-opening'
		);
		expect( overlay.firstElementChild ).toBe( popup );
		expect(
			document.querySelector( '.tessera-lightbox-ahead' )
		).toBeNull();
		expect( fetchMock.mock.calls.length ).toBe( calls );
		expect( hydrate ).not.toHaveBeenCalled();
		painted();
		expect( overlay.classList.contains( 'is-opening' ) ).toBe( false );
		expect( location.hash ).toBe( '#bwg5/8' );
		expect( document.documentElement.style.overflow ).toBe( 'hidden' );
		expect( hydrate ).toHaveBeenCalledTimes( 1 );
		expect( hydrate.mock.calls[ 0 ]?.[ 0 ] ).toBe( popup );
		// Nothing is made ahead while it is open.
		host.prefetch( container, 7 );
		jest.advanceTimersByTime( WARM_MS );
		await settle();
		expect( document.querySelectorAll( POPUPS ) ).toHaveLength( 1 );
	} );

	it( 'shows the image made ahead, then, once its paint is reported, locks the page, shows the controls and hydrates', async () => {
		const timing = elementTiming();
		try {
			const { container, link } = gallery();
			answers[ '7' ] = { status: 200, body: PICTURE };
			const hydrate = jest.fn< Hydrate >( () => ( { close() {} } ) );
			const host = makeHost( hydrate, MESSAGES );
			const image = await madeAhead( host, container, 7 );
			host.open( container, 7, link );
			const overlay = document.querySelector(
				'.tessera-lightbox-overlay'
			) as HTMLElement;
			// Painted, not yet reported: the image alone, the page as it was, nothing hydrated.
			painted();
			expect( overlay.classList.contains( 'is-opening' ) ).toBe( true );
			expect( document.documentElement.style.overflow ).toBe( '' );
			expect( hydrate ).not.toHaveBeenCalled();
			timing.observers.at( -1 )?.report( image );
			expect( overlay.classList.contains( 'is-opening' ) ).toBe( false );
			expect( document.documentElement.style.overflow ).toBe( 'hidden' );
			expect( hydrate ).toHaveBeenCalledTimes( 1 );
			host.close();
			expect( document.documentElement.style.overflow ).toBe( '' );
		} finally {
			timing.restore();
		}
	} );

	it( 'keeps the step, play and zoom keys pressed before the island listens, and hydrates at once; Escape closes', async () => {
		const timing = elementTiming();
		try {
			const { container, link } = gallery();
			answers[ '7' ] = { status: 200, body: PICTURE };
			let ready: ( () => string[] ) | undefined;
			const hydrate = jest.fn< Hydrate >( ( _root, options ) => {
				ready = options.onReady;
				return { close() {} };
			} );
			const host = makeHost( hydrate, MESSAGES );
			const image = await madeAhead( host, container, 7 );
			host.open( container, 7, link );
			const press = ( key: string, init: KeyboardEventInit = {} ) => {
				const event = new KeyboardEvent( 'keydown', {
					key,
					bubbles: true,
					cancelable: true,
					...init,
				} );
				document.dispatchEvent( event );
				return event.defaultPrevented;
			};
			// Shown, its paint not reported: a key the island plays is kept, and hydrates it at once.
			expect( press( 'ArrowRight' ) ).toBe( true );
			expect( hydrate ).toHaveBeenCalledTimes( 1 );
			expect( press( ' ' ) ).toBe( true );
			// Not a key it plays, nor one with a modifier (the browser's own).
			expect( press( 'a' ) ).toBe( false );
			expect( press( 'ArrowLeft', { altKey: true } ) ).toBe( false );
			expect( press( 'ArrowLeft' ) ).toBe( true );
			// The island listens: it takes them in order, and the page handles no more keys.
			expect( ready?.() ).toEqual( [ 'ArrowRight', ' ', 'ArrowLeft' ] );
			expect( press( 'ArrowRight' ) ).toBe( false );
			expect( press( 'Escape' ) ).toBe( false );
			expect( host.state() ).toBe( 'open' );
			// The paint reported after that changes nothing.
			timing.observers.at( -1 )?.report( image );
			expect( hydrate ).toHaveBeenCalledTimes( 1 );

			// Another opening, not hydrated yet: Escape closes it.
			host.close();
			jest.advanceTimersByTime( REMOVE_MS );
			await linger( host, container, 7 );
			host.open( container, 7, link );
			expect( press( 'Escape' ) ).toBe( true );
			expect( host.state() ).toBe( 'closed' );
			expect( hydrate ).toHaveBeenCalledTimes( 1 );
		} finally {
			timing.restore();
		}
	} );

	it( 'closed, gives the focus back to the thumbnail and leaves the page as it was: nothing made ahead for that focus or the pointer resting there', async () => {
		const { container, link } = gallery();
		answers[ '7' ] = { status: 200, body: PICTURE };
		const host = makeHost( () => ( { close() {} } ), MESSAGES );
		// As the view does (view.ts): a focus on a thumbnail asks ahead.
		link.addEventListener( 'focusin', () => host.prefetch( container, 7 ) );
		await linger( host, container, 7 );
		host.open( container, 7, link );
		painted();
		host.close();
		jest.advanceTimersByTime( REMOVE_MS );
		expect( link.ownerDocument.activeElement ).toBe( link );
		jest.advanceTimersByTime( WARM_MS );
		await settle();
		expect(
			document.querySelectorAll(
				'.tessera-lightbox-ahead, .tessera-lightbox-overlay, .tessera-lightbox'
			)
		).toHaveLength( 0 );
		expect( document.documentElement.style.overflow ).toBe( '' );
		// Nor for the pointer resting on it (the browser says it is over the thumbnail again once the overlay goes).
		await linger( host, container, 7 );
		expect(
			document.querySelectorAll(
				'.tessera-lightbox-ahead, .tessera-lightbox'
			)
		).toHaveLength( 0 );
		// Once the visitor has gone to another thumbnail, coming back makes it ahead again.
		answers[ '8' ] = { status: 200, body: PICTURE };
		host.prefetch( container, 8 );
		link.blur();
		link.focus();
		jest.advanceTimersByTime( WARM_MS );
		await settle();
		expect(
			document.querySelectorAll(
				'.tessera-lightbox-ahead .tessera-lightbox'
			)
		).toHaveLength( 1 );
	} );

	it( 'loads no image ahead once a lightbox is open (the focus the click gives the thumbnail asks again)', async () => {
		const { container, link } = gallery();
		answers[ '7' ] = { status: 200, body: PICTURE };
		const { loaded, spy } = watchLoads( ( _image, v ) => v );
		try {
			const host = makeHost( () => ( { close() {} } ), MESSAGES );
			await linger( host, container, 7 );
			expect( loaded ).toEqual( [ '/u/7.jpg' ] );
			// Pressed (the focus asks for it again), then clicked.
			host.prefetch( container, 7 );
			host.open( container, 7, link );
			painted();
			await linger( host, container, 7 );
			expect( loaded ).toEqual( [ '/u/7.jpg' ] );
		} finally {
			spy.mockRestore();
		}
	} );

	it( 'makes no player ahead; drops the popup made ahead when another image opens; an opening closed before its lock leaves the page as it was', async () => {
		const { container, link } = gallery();
		answers[ '8' ] = {
			status: 200,
			body: '<div class="tessera-lightbox"><img class="tessera-lightbox__image" src="/u/8.jpg" alt=""></div>',
		};
		const host = makeHost( () => ( { close() {} } ), MESSAGES );
		await linger( host, container, 8 );
		expect(
			document.querySelector( '.tessera-lightbox-ahead' )
		).not.toBeNull();
		// A video’s popup is not made ahead: its player would load on a pause of the pointer.
		answers[ '9' ] = {
			status: 200,
			body: '<div class="tessera-lightbox"><div class="tessera-lightbox__stage"><iframe class="tessera-lightbox__embed" src="https://www.youtube-nocookie.com/embed/x"></iframe></div></div>',
		};
		await linger( host, container, 9 );
		expect( document.querySelector( 'iframe' ) ).toBeNull();
		await linger( host, container, 8 );
		expect(
			document.querySelector( '.tessera-lightbox-ahead' )
		).not.toBeNull();
		document.documentElement.style.overflow = 'scroll';
		host.open( container, 7, link );
		expect(
			document.querySelector( '.tessera-lightbox-ahead' )
		).toBeNull();
		await settle();
		expect( document.querySelectorAll( POPUPS ) ).toHaveLength( 1 );
		// Escape before the frame that locks the page.
		document.dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
		);
		expect( host.state() ).toBe( 'closed' );
		painted();
		expect( document.documentElement.style.overflow ).toBe( 'scroll' );
		expect(
			document
				.querySelector( 'meta[name=viewport]' )
				?.getAttribute( 'content' )
		).toBe( 'width=device-width, initial-scale=1' );
	} );

	it( 'holds the filmstrip’s images until the popup is painted, and gives them back before hydrating it', async () => {
		const { container, link } = gallery();
		answers[ '7' ] = {
			status: 200,
			body: '<div class="tessera-lightbox"><img class="tessera-lightbox__image" src="/u/7.jpg" alt=""><ul><li><img class="tessera-lightbox__thumb-image" src="/u/6-150.jpg" srcset="/u/6-150.jpg 150w, /u/6-300.jpg 300w" alt=""></li><li><img class="tessera-lightbox__thumb-image" src="/u/7-150.jpg" alt=""></li></ul></div>',
		};
		let seen: string[] = [];
		const host = makeHost( ( popup ) => {
			seen = Array.from( popup.querySelectorAll( 'img' ) ).map(
				( image ) =>
					`${ image.getAttribute( 'src' ) } ${ image.getAttribute(
						'srcset'
					) }`
			);
			return { close() {} };
		}, MESSAGES );
		host.open( container, 7, link );
		await settle();
		const thumbs = document.querySelectorAll(
			'.tessera-lightbox-overlay .tessera-lightbox__thumb-image'
		);
		expect( thumbs ).toHaveLength( 2 );
		thumbs.forEach( ( thumb ) => {
			expect( thumb.hasAttribute( 'src' ) ).toBe( false );
			expect( thumb.hasAttribute( 'srcset' ) ).toBe( false );
		} );
		expect(
			document
				.querySelector( '.tessera-lightbox__image' )
				?.getAttribute( 'src' )
		).toBe( '/u/7.jpg' );
		expect( seen ).toEqual( [] );
		painted();
		expect( seen ).toEqual( [
			'/u/7.jpg null',
			'/u/6-150.jpg /u/6-150.jpg 150w, /u/6-300.jpg 300w',
			'/u/7-150.jpg null',
		] );
	} );

	it( 'puts an image loaded ahead in a popup only when it loads the same file', () => {
		const popup = () => {
			const template = document.createElement( 'template' );
			template.innerHTML =
				'<div class="tessera-lightbox"><img class="tessera-lightbox__image" src="/a.jpg" srcset="/a.jpg 800w, /a-big.jpg 1600w" sizes="50vw" alt="A" data-x="1"></div>';
			return template.content.firstElementChild as HTMLElement;
		};
		const other = preloadImage( '/b.jpg', '/b.jpg 800w', '50vw' );
		const first = popup();
		expect( adoptImage( first, other ) ).toBe( false );
		const sized = preloadImage(
			'/a.jpg',
			'/a.jpg 800w, /a-big.jpg 1600w',
			'100vw'
		);
		expect( adoptImage( first, sized ) ).toBe( false );
		const same = preloadImage(
			'/a.jpg',
			'/a.jpg 800w, /a-big.jpg 1600w',
			'50vw'
		);
		same.setAttribute( 'title', 'left over' );
		expect( adoptImage( first, same ) ).toBe( true );
		expect( first.querySelector( 'img' ) ).toBe( same );
		expect( same.getAttribute( 'data-x' ) ).toBe( '1' );
		expect( same.hasAttribute( 'title' ) ).toBe( false );
		// Not one of the ring's (or taken already): left where it is.
		expect( adoptImage( popup(), same ) ).toBe( false );
		expect( adoptImage( popup(), new Image() ) ).toBe( false );
	} );

	it( 'makes the popup’s styles ahead once, out of sight, from the first answer: no image, no id, then gone', async () => {
		const { container } = gallery();
		answers[ '7' ] = {
			status: 200,
			body: '<div class="tessera-lightbox"><img class="tessera-lightbox__image" src="/a.jpg" alt=""><div id="tessera-lightbox-info">i</div><button type="button" class="tessera-lightbox__play"></button></div>',
		};
		answers[ '8' ] = answers[ '7' ];
		const host = makeHost( () => ( { close() {} } ), MESSAGES );
		host.prefetch( container, 7 );
		await settle();
		const box = document.body.lastElementChild as HTMLElement;
		expect( box.getAttribute( 'aria-hidden' ) ).toBe( 'true' );
		expect( box.style.opacity ).toBe( '0' );
		expect( box.querySelector( '.tessera-lightbox__play' ) ).not.toBeNull();
		expect( box.querySelector( 'img, [id]' ) ).toBeNull();
		painted();
		jest.advanceTimersByTime( 40 );
		expect( box.isConnected ).toBe( false );
		// Once a page.
		host.prefetch( container, 8 );
		await settle();
		expect(
			document.body.lastElementChild?.matches( '[aria-hidden]' )
		).toBe( false );
	} );

	it( 'makes no copy while a lightbox opens, and removes one as it opens', async () => {
		const { container } = gallery();
		const host = makeHost( () => ( { close() {} } ), MESSAGES );
		host.prefetch( container, 7 );
		await settle();
		const copy = document.body.lastElementChild as HTMLElement;
		expect( copy.getAttribute( 'aria-hidden' ) ).toBe( 'true' );
		host.open( container, 7 );
		expect( copy.isConnected ).toBe( false );
		expect( document.querySelectorAll( '.tessera-lightbox' ) ).toHaveLength(
			1
		);
		// Another page's host: an answer arriving while it opens makes no copy.
		const other = gallery().container;
		const second = makeHost( () => ( { close() {} } ), MESSAGES );
		second.open( other, 7 );
		second.prefetch( other, 7 );
		await settle();
		expect(
			document.querySelectorAll( '[aria-hidden="true"]' )
		).toHaveLength( 0 );
	} );

	it( 'closes on Escape between the popup’s paint and its hydration, which then never comes', async () => {
		const { container, link } = gallery();
		const hydrate = jest.fn() as unknown as Hydrate;
		const host = makeHost( hydrate, MESSAGES );
		host.open( container, 7, link );
		await settle();
		expect(
			document.querySelector(
				'.tessera-lightbox-overlay .tessera-lightbox'
			)
		).not.toBeNull();
		document.dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
		);
		expect( host.state() ).toBe( 'closed' );
		painted();
		expect( hydrate ).not.toHaveBeenCalled();
		expect(
			document.querySelector( '.tessera-lightbox-overlay' )
		).toBeNull();
		expect( location.hash ).toBe( '' );
	} );

	it( 'shows the server’s empty state for an image it refuses; Escape closes, nothing hydrates', async () => {
		const { container, link } = gallery();
		answers[ '7' ] = {
			status: 404,
			body: '<div class="tessera-lightbox-empty" role="alert">This image is not available.</div>',
		};
		const hydrate = jest.fn() as unknown as Hydrate;
		const host = makeHost( hydrate, MESSAGES );
		host.open( container, 7, link );
		await settle();
		const overlay = document.querySelector( '.tessera-lightbox-overlay' );
		expect( overlay?.querySelector( '[role=alert]' )?.textContent ).toBe(
			'This image is not available.'
		);
		expect(
			link.ownerDocument.activeElement?.getAttribute( 'aria-label' )
		).toBe( 'Close' );
		expect( hydrate ).not.toHaveBeenCalled();
		expect( location.hash ).toBe( '' );
		document.dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
		);
		expect( host.state() ).toBe( 'closed' );
		expect( document.documentElement.style.overflow ).toBe( '' );
		jest.advanceTimersByTime( REMOVE_MS );
		expect( link.ownerDocument.activeElement ).toBe( link );
	} );

	it( 'says so when the call fails without an answer, and drops an answer that comes after closing', async () => {
		const { container } = gallery();
		fetchMock.mockImplementationOnce( () =>
			Promise.reject( new Error( 'offline' ) )
		);
		const hydrate = jest.fn() as unknown as Hydrate;
		const host = makeHost( hydrate, MESSAGES );
		host.open( container, 7 );
		await settle();
		expect(
			document.querySelector( '.tessera-lightbox-overlay [role=alert]' )
				?.textContent
		).toBe( 'Failed.' );
		host.close();
		jest.advanceTimersByTime( REMOVE_MS );

		// Closed while loading: the late answer neither opens nor hydrates.
		host.open( container, 7 );
		host.close();
		await settle();
		expect( hydrate ).not.toHaveBeenCalled();
		expect( host.state() ).toBe( 'closed' );
	} );

	it( 'is no lightbox without fetch, or for a container without the lightbox URL', () => {
		const { container } = gallery();
		const host = makeHost( jest.fn() as unknown as Hydrate, MESSAGES );
		const saved = window.fetch;
		( window as unknown as { fetch: unknown } ).fetch = undefined;
		expect( host.open( container, 7 ) ).toBe( false );
		window.fetch = saved;
		delete container.dataset.lightboxUrl;
		expect( host.open( container, 7 ) ).toBe( false );
		expect(
			document.querySelector( '.tessera-lightbox-overlay' )
		).toBeNull();
		expect( document.documentElement.style.overflow ).toBe( '' );
	} );
} );
