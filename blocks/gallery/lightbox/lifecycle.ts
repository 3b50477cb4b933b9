/**
 * The lightbox's lifecycle (docs/lightbox.md "Lifecycle"; spec §2 "Lightbox address and hash", §4 "Lightbox
 * lifecycle", §9): closed, then loading (the overlay shown, the page's scroll and the mobile viewport's zoom
 * locked; then the server's popup painted in the overlay, its image first and its controls once that image is
 * reported painted), then open (the popup hydrated by the island, with the controls). A popup asked for ahead and lingered over
 * is made ahead too, hidden, so that the click only shows it. One lightbox at a time. The
 * hash `#bwg{galleryId}/{imageId}` is set on open and on every change (replaced, not pushed: stepping through
 * images adds no history entries) and reset to the page's address on close. Closing restores what it locked,
 * returns the focus to what opened the lightbox and removes the overlay after 20 ms. Without `fetch` there is no
 * lightbox: `open()` answers false and the thumbnail's link is followed.
 */

/**
 * Internal dependencies
 */
import { preloadImage } from './picture';

/** The hydrated popup, as the island gives it back. */
export interface Mounted {
	/** Ends the popup's own work (timers, listeners). */
	close: () => void;
}

/** What the host gives the island with the popup's root. */
export interface HydrateOptions {
	/** The visitor closes the lightbox (Escape, the close button). */
	onClose: () => void;
	/** The image shown changed. */
	onChange: ( imageId: number ) => void;
	/** The popup's data for an image outside the records the answer carried (the same cacheable call). */
	fetchWindow: ( imageId: number ) => Promise< unknown >;
	/**
	 * The island listens to the keys now: the page stops handling them, and gives it those the visitor pressed
	 * while the popup was shown and not yet hydrated (KEPT_KEYS), in order, for it to play.
	 */
	onReady: () => string[];
}

/** Hydrates the server's popup (the island's `window.tesseraLightbox.hydrate`). */
export type Hydrate = ( root: HTMLElement, options: HydrateOptions ) => Mounted;

/** The lightbox of a page. */
export interface Host {
	/**
	 * Opens an image of a gallery.
	 *
	 * @param container The gallery's container (`data-lightbox-url`, `data-gallery-id`).
	 * @param imageId   The image.
	 * @param trigger   What opened it (the focus returns there).
	 * @return Whether the lightbox took it (false: no lightbox, follow the link).
	 */
	open: (
		container: HTMLElement,
		imageId: number,
		trigger?: HTMLElement | null
	) => boolean;
	/**
	 * Asks for an image's popup ahead (a pointer over its thumbnail, or the focus on it): the open that follows
	 * takes that answer instead of asking again; once the pointer or the focus has stayed WARM_MS (no other
	 * thumbnail asked for since), the popup's image is loaded and decoded too.
	 *
	 * @param container The gallery's container.
	 * @param imageId   The image.
	 */
	prefetch: ( container: HTMLElement, imageId: number ) => void;
	/** Closes the lightbox, if open or loading. */
	close: () => void;
	/** The lifecycle's state. */
	state: () => 'closed' | 'loading' | 'open';
}

/** How many answers asked ahead a page keeps (the last ones). */
export const KEPT_ANSWERS = 8;

/**
 * How long a pointer stays over a thumbnail (or the focus on it) before its image is loaded ahead, in ms: the
 * answer is asked for at once (a few KB), the image (the popup's largest file) once the visitor lingers, so that a
 * pointer crossing a gallery loads no pictures.
 */
export const WARM_MS = 150;

/** The overlay's class, and the class of the one made ahead of the click (hidden until then). */
export const OVERLAY = 'tessera-lightbox-overlay';
export const AHEAD = 'tessera-lightbox-ahead';

/**
 * The overlay's class for its first frame: the popup's image alone on the overlay, its controls painted a frame
 * later (their icons are SVG masks, ~30 ms of paint at 4x CPU, and as much again of raster).
 */
export const OPENING = 'is-opening';

/** What a popup shows that is not a picture (an embed's player): such a popup is not made ahead. */
const PLAYERS = 'iframe, video, audio, object, embed';

/**
 * The keys pressed on a popup shown but not hydrated yet that are kept for the island (steps, play, zoom); Escape
 * closes at once.
 */
export const KEPT_KEYS = [
	'ArrowRight',
	'ArrowLeft',
	' ',
	'Spacebar',
	'+',
	'=',
	'-',
];

/** How long the closed popup stays in the page, in ms (spec §9). */
export const REMOVE_MS = 20;

/** The viewport that keeps a phone from zooming the page while the lightbox is open (spec §4). */
export const NO_ZOOM = 'maximum-scale=1, user-scalable=no';

/**
 * The hash of an image in the lightbox.
 *
 * @param galleryId Gallery id.
 * @param imageId   Image id.
 * @return `#bwg{galleryId}/{imageId}`.
 */
export function hashOf( galleryId: number, imageId: number ): string {
	return `#bwg${ galleryId }/${ imageId }`;
}

/**
 * The gallery and image a hash names (spec §2: a hash starting with `bwg` opens that image); null for any other
 * hash, or numbers that are not ids.
 *
 * @param hash `location.hash`.
 * @return The ids, or null.
 */
export function parseHash(
	hash: string
): { galleryId: number; imageId: number } | null {
	const match = /^#bwg([1-9]\d{0,9})\/([1-9]\d{0,9})$/.exec( hash );
	return match
		? { galleryId: Number( match[ 1 ] ), imageId: Number( match[ 2 ] ) }
		: null;
}

/**
 * The call's address for one image: the container's lightbox URL (the server put every other parameter of the
 * spec's query in it) with `image_id`.
 *
 * @param base    `data-lightbox-url`.
 * @param imageId The image.
 * @return The address.
 */
export function callUrl( base: string, imageId: number ): string {
	const url = new URL( base, document.baseURI );
	url.searchParams.set( 'image_id', String( imageId ) );
	return url.href;
}

/**
 * Reads the popup's data from an answer of the call (its `script.tessera-lightbox__data`).
 *
 * @param html The answer.
 * @return The parsed data, or null.
 */
export function dataOf( html: string ): unknown {
	const template = document.createElement( 'template' );
	template.innerHTML = html;
	const script = template.content.querySelector(
		'script.tessera-lightbox__data'
	);
	try {
		return script
			? ( JSON.parse( script.textContent || '' ) as unknown )
			: null;
	} catch {
		return null;
	}
}

/**
 * Runs a function once the browser has painted the next frame (a task after that frame's animation callbacks).
 *
 * @param run The function.
 */
export function afterPaint( run: () => void ): void {
	if ( typeof requestAnimationFrame === 'function' ) {
		requestAnimationFrame( () => window.setTimeout( run, 0 ) );
	} else {
		window.setTimeout( run, 0 );
	}
}

/**
 * How long an opening waits for its image to be reported painted before it goes on anyway, in ms (afterShown()).
 */
export const SHOWN_MS = 250;

/** The Element Timing identifier of the lightbox's image (its paint is what an opening waits for). */
export const TIMING = 'tessera-lightbox';

/** What an Element Timing entry says of its element (not in TypeScript's DOM library). */
interface ElementTiming {
	element: Element | null;
}

/**
 * Runs a function once the browser has reported an image painted (Element Timing), so that the work that follows
 * an opening (the island's hydration, the controls, the page's lock, the filmstrip's images) does not compete with
 * the raster of the first frame for the processor. An image not loaded yet, or a browser without Element Timing,
 * waits for the next frame only (afterPaint()); a paint not reported within SHOWN_MS is not waited for longer.
 *
 * @param image The image shown (null: none, the popup shows a player).
 * @param run   The function.
 * @return Runs it at once, if it has not run (a visitor who acts does not wait for the paint).
 */
export function afterShown(
	image: HTMLImageElement | null,
	run: () => void
): () => void {
	let done = false;
	let observer: PerformanceObserver | null = null;
	let timer = 0;
	const finish = () => {
		if ( ! done ) {
			done = true;
			observer?.disconnect();
			window.clearTimeout( timer );
			run();
		}
	};
	const types =
		typeof PerformanceObserver === 'function'
			? ( PerformanceObserver.supportedEntryTypes ?? [] )
			: [];
	if ( ! image || ! image.complete || ! types.includes( 'element' ) ) {
		afterPaint( finish );
		return finish;
	}
	observer = new PerformanceObserver( ( list ) => {
		if (
			list
				.getEntries()
				.some(
					( entry ) =>
						( entry as unknown as ElementTiming ).element === image
				)
		) {
			finish();
		}
	} );
	timer = window.setTimeout( finish, SHOWN_MS );
	if ( ! image.hasAttribute( 'elementtiming' ) ) {
		image.setAttribute( 'elementtiming', TIMING );
	}
	observer.observe( { type: 'element' } );
	return finish;
}

/**
 * Loads and decodes the image a popup's answer shows, ahead of the popup (the browser keeps it for the popup's own
 * image: same address, same candidate of the same `srcset` and `sizes`).
 *
 * @param html The answer.
 * @return The image loading, or null when the answer shows none.
 */
export function warmImage( html: string ): HTMLImageElement | null {
	const template = document.createElement( 'template' );
	template.innerHTML = html;
	const shown = template.content.querySelector< HTMLImageElement >(
		'img.tessera-lightbox__image'
	);
	const src = shown?.getAttribute( 'src' );
	if ( ! shown || ! src ) {
		return null;
	}
	const image = preloadImage(
		src,
		shown.getAttribute( 'srcset' ) ?? '',
		shown.getAttribute( 'sizes' ) ?? ''
	);
	image.decode?.().catch( () => undefined );
	return image;
}

/** The attributes that choose an image's file: an image is used in place of another only when they are the same. */
const SOURCE = [ 'src', 'srcset', 'sizes' ];

/**
 * Puts the image loaded ahead (warmImage()) in the place of the popup's own, when it shows the same file: the
 * popup's image is new to the page and, with a `srcset`, chooses its file in a later task and is decoded after
 * that, even when the file is in the cache (~150-250 ms after the popup at 4x CPU); the image loaded ahead is
 * painted with the popup. It takes every other attribute of the popup's image (React hydrates it as the server's);
 * its source attributes are left alone, which would load it again.
 *
 * @param popup The server's popup, not yet in the page.
 * @param image The image loaded ahead.
 * @return Whether it took the popup image's place.
 */
export function adoptImage( popup: Element, image: HTMLImageElement ): boolean {
	const shown = popup.querySelector< HTMLImageElement >(
		'img.tessera-lightbox__image'
	);
	if (
		! shown ||
		image.isConnected ||
		SOURCE.some(
			( name ) =>
				( shown.getAttribute( name ) ?? '' ) !==
				( image.getAttribute( name ) ?? '' )
		) ||
		! preloadImage.take( image )
	) {
		return false;
	}
	for ( const { name } of Array.from( image.attributes ) ) {
		if ( ! SOURCE.includes( name ) && ! shown.hasAttribute( name ) ) {
			image.removeAttribute( name );
		}
	}
	for ( const { name, value } of Array.from( shown.attributes ) ) {
		if (
			! SOURCE.includes( name ) &&
			image.getAttribute( name ) !== value
		) {
			image.setAttribute( name, value );
		}
	}
	shown.replaceWith( image );
	return true;
}

/**
 * Holds back the images of a popup other than the one it shows (the filmstrip's thumbnails): the popup's first frame
 * is painted without them, and they load after it. Loaded with the popup, the filmstrip's dozen thumbnails are
 * decoded and painted in the same frames as the image, and its paint came ~150 ms later at 4x CPU on the demo gallery.
 *
 * @param popup The server's popup, not yet in the page.
 * @return Puts their addresses back (before the popup is hydrated: React finds the server's markup).
 */
export function holdImages( popup: Element ): () => void {
	const held: Array< [ HTMLImageElement, string, string | null ] > = [];
	popup
		.querySelectorAll< HTMLImageElement >(
			'img:not(.tessera-lightbox__image)'
		)
		.forEach( ( image ) => {
			const src = image.getAttribute( 'src' );
			if ( src !== null ) {
				held.push( [ image, src, image.getAttribute( 'srcset' ) ] );
				image.removeAttribute( 'srcset' );
				image.removeAttribute( 'src' );
			}
		} );
	return () => {
		for ( const [ image, src, srcset ] of held.splice( 0 ) ) {
			if ( srcset !== null ) {
				image.setAttribute( 'srcset', srcset );
			}
			image.setAttribute( 'src', src );
		}
	};
}

/**
 * Makes the popup of an answer, not yet in the page: the image loaded ahead (if any, and the same file) in the place
 * of its own, the filmstrip's images held back (holdImages()).
 *
 * @param html  The answer.
 * @param ready The image loaded ahead for it, if any.
 * @return The popup, whether it took the image, and what puts the held images back; null when the answer is not a
 *         popup (the empty state's answer).
 */
export function makePopup(
	html: string,
	ready: HTMLImageElement | null | undefined
): { popup: HTMLElement; adopted: boolean; release: () => void } | null {
	const template = document.createElement( 'template' );
	template.innerHTML = html;
	const popup = template.content.firstElementChild;
	if (
		! ( popup instanceof HTMLElement ) ||
		! popup.classList.contains( 'tessera-lightbox' )
	) {
		return null;
	}
	const adopted = !! ready && adoptImage( popup, ready );
	return { popup, adopted, release: holdImages( popup ) };
}

/**
 * Lets the browser make, ahead, what the first popup's styles need: its icons are SVG images (CSS masks), each an
 * SVG document the browser builds once, which cost the first opening ~130 ms of style at 4x CPU on the demo page.
 * A copy of the popup's controls (no images, nothing loads) is put out of sight for two frames, then removed; the
 * browser keeps what it made.
 *
 * @param html An answer of the call.
 * @param gone Called once the copy is removed (whoever keeps the copy lets go of it then: kept, the detached copy
 *             would keep its ~130 nodes alive).
 */
export function warmStyles( html: string, gone?: () => void ): HTMLElement {
	const box = document.createElement( 'div' );
	box.setAttribute( 'aria-hidden', 'true' );
	box.inert = true;
	box.style.cssText =
		'position:fixed;left:-3000px;top:0;width:1000px;height:600px;opacity:0;pointer-events:none;overflow:hidden';
	box.innerHTML = html;
	box.querySelectorAll( 'img, script, [id]' ).forEach( ( node ) => {
		if ( node.matches( 'img, script' ) ) {
			node.remove();
		} else {
			node.removeAttribute( 'id' );
		}
	} );
	document.body.append( box );
	afterPaint( () =>
		requestAnimationFrame( () => {
			box.remove();
			gone?.();
		} )
	);
	return box;
}

/**
 * Creates the page's lightbox host.
 *
 * @param hydrate          Hydrates a popup (the island).
 * @param messages         Texts: `loading` (the loading state's name), `failed` (when the call fails without an answer
 *                         of its own), `close` (the close button of the loading and empty states).
 * @param messages.loading Loading.
 * @param messages.failed  Failure.
 * @param messages.close   Close.
 * @return The host.
 */
export function createHost(
	hydrate: Hydrate,
	messages: { loading: string; failed: string; close: string }
): Host {
	let current: 'closed' | 'loading' | 'open' = 'closed';
	let overlay: HTMLElement | null = null;
	let mounted: Mounted | null = null;
	let trigger: HTMLElement | null = null;
	let overflow = '';
	let viewport: { meta: HTMLMetaElement; content: string | null } | null =
		null;
	// Each open is a new generation: an answer that arrives after its lightbox closed is dropped.
	let generation = 0;
	// The call's answers asked ahead or already used, by address (the call is cacheable: the same query, the same
	// answer); a failed or refused one is not kept.
	const answers = new Map<
		string,
		Promise< { ok: boolean; html: string } >
	>();
	// The answers whose image was loaded ahead (among those kept: they go with their answer), with that image once
	// their answer is there.
	const warmed = new Map< string, HTMLImageElement | null >();
	// The answers kept that have come (an open with one of them shows it at once).
	const settled = new Map< string, { ok: boolean; html: string } >();
	// Whether the popup's styles were made ahead (once a page), and the copy that makes them.
	let styled = false;
	let warmBox: HTMLElement | null = null;
	let warming = 0;
	// The call of the image the last lightbox opened with, once closed: the focus given back to its thumbnail, and
	// the pointer resting there (which the browser says is under the pointer again when the overlay goes), are not
	// a new intent, until the visitor asks for another image.
	let resting: string | null = null;
	let opened: string | null = null;
	// Until the island listens to the keys (HydrateOptions.onReady), the keys kept for it, and what hydrates the
	// popup shown at once (null: no popup shown yet; it does nothing once hydrated).
	let listening = false;
	let keys: string[] = [];
	let hydrateNow: ( () => void ) | null = null;
	// The popup made ahead of the click (one at a time: the last answer lingered over), in its hidden overlay.
	let ahead: {
		url: string;
		overlay: HTMLElement;
		popup: HTMLElement;
		release: () => void;
	} | null = null;

	const dropAhead = () => {
		ahead?.overlay.remove();
		ahead = null;
	};

	/**
	 * Makes the popup of an answer ahead of the click, in an overlay that is hidden until then: the
	 * browser parses, styles and lays it out while the pointer rests (~110 ms of the click's time at 4x CPU on the
	 * 1,000-image gallery), and the click only shows it. Not while a lightbox is open or opening.
	 *
	 * @param url  The call's address.
	 * @param html Its answer.
	 */
	const prepare = ( url: string, html: string ) => {
		if ( current !== 'closed' || ahead?.url === url ) {
			return;
		}
		const made = makePopup( html, warmed.get( url ) );
		// A player is not loaded on a pointer's pause: a video's popup is made on the click.
		if ( ! made || made.popup.querySelector( PLAYERS ) ) {
			return;
		}
		if ( made.adopted ) {
			warmed.delete( url );
		}
		dropAhead();
		// Hidden (its class): not painted, not focusable, not in the accessibility tree, no pointer target. Not
		// inert on top: removing that at the click would have the browser style the whole popup again.
		const box = document.createElement( 'div' );
		box.className = AHEAD;
		box.append( made.popup );
		document.body.append( box );
		made.popup
			.querySelector< HTMLImageElement >( 'img.tessera-lightbox__image' )
			?.decode?.()
			.catch( () => undefined );
		ahead = {
			url,
			overlay: box,
			popup: made.popup,
			release: made.release,
		};
	};

	/**
	 * Loads the image of an answer ahead (once).
	 *
	 * @param url The call's address.
	 */
	const warm = ( url: string ) => {
		window.clearTimeout( warming );
		const asked = answers.get( url );
		if ( ! asked || warmed.has( url ) ) {
			return;
		}
		warmed.set( url, null );
		asked.then(
			( { ok, html } ) => {
				if ( ok && warmed.has( url ) ) {
					warmed.set( url, warmImage( html ) );
					prepare( url, html );
				}
			},
			() => undefined
		);
	};

	/**
	 * Forgets an answer, and what was made of it.
	 *
	 * @param url The call's address.
	 */
	const forget = ( url: string ) => {
		answers.delete( url );
		settled.delete( url );
		warmed.delete( url );
		if ( ahead?.url === url ) {
			dropAhead();
		}
	};

	const answer = ( url: string ) => {
		let asked = answers.get( url );
		if ( ! asked ) {
			asked = fetch( url, { credentials: 'same-origin' } ).then(
				async ( response ) => ( {
					ok: response.ok,
					html: await response.text(),
				} )
			);
			answers.set( url, asked );
			asked.then(
				( { ok, html } ) => {
					if ( ! ok ) {
						forget( url );
						return;
					}
					if ( answers.has( url ) ) {
						settled.set( url, { ok, html } );
					}
					// Not while a lightbox is open or opening: the copy goes before any popup comes.
					if ( ! styled && current === 'closed' ) {
						styled = true;
						const box = warmStyles( html, () => {
							if ( warmBox === box ) {
								warmBox = null;
							}
						} );
						warmBox = box;
					}
				},
				() => forget( url )
			);
			for ( const old of answers.keys() ) {
				if ( answers.size <= KEPT_ANSWERS ) {
					break;
				}
				forget( old );
			}
		}
		return asked;
	};

	const root = document.documentElement;

	const setHash = ( hash: string ) =>
		history.replaceState(
			history.state,
			'',
			hash || location.pathname + location.search
		);

	const lock = () => {
		if ( viewport ) {
			// Locked already (the loading state, before its popup): what it keeps is the page's own.
			return;
		}
		overflow = root.style.overflow;
		root.style.overflow = 'hidden';
		let meta = document.querySelector< HTMLMetaElement >(
			'meta[name="viewport"]'
		);
		const content = meta ? meta.getAttribute( 'content' ) : null;
		if ( ! meta ) {
			meta = document.createElement( 'meta' );
			meta.name = 'viewport';
			document.head.append( meta );
		}
		meta.content = [ content, NO_ZOOM ].filter( Boolean ).join( ', ' );
		viewport = { meta, content };
	};

	const unlock = () => {
		// Nothing when the lightbox closed before it locked.
		if ( ! viewport ) {
			return;
		}
		root.style.overflow = overflow;
		if ( viewport.content === null ) {
			viewport.meta.remove();
		} else {
			viewport.meta.content = viewport.content;
		}
		viewport = null;
	};

	const onKey = ( event: KeyboardEvent ) => {
		// The hydrated popup handles its own keys; this is for the loading and empty states, and for a popup shown
		// before its island listens: Escape closes, a step, play or zoom key is kept for the island (and hydrates
		// the popup at once).
		if ( listening || current === 'closed' ) {
			return;
		}
		if ( event.key === 'Escape' || event.key === 'Esc' ) {
			event.preventDefault();
			close();
		} else if (
			hydrateNow &&
			KEPT_KEYS.includes( event.key ) &&
			! event.altKey &&
			! event.ctrlKey &&
			! event.metaKey
		) {
			event.preventDefault();
			keys.push( event.key );
			hydrateNow();
		}
	};

	/**
	 * The loading state's content, or the empty state (the server's, or ours) with a close button.
	 *
	 * @param content What the overlay shows.
	 */
	const show = ( content: Node ) => {
		const button = document.createElement( 'button' );
		button.type = 'button';
		button.className = 'tessera-lightbox-overlay__close';
		button.setAttribute( 'aria-label', messages.close );
		button.onclick = () => close();
		overlay?.replaceChildren( content, button );
		button.focus();
	};

	const fail = ( refusal: Element | null ) => {
		let content = refusal;
		if ( ! content ) {
			content = document.createElement( 'div' );
			content.className = 'tessera-lightbox-empty';
			content.setAttribute( 'role', 'alert' );
			content.textContent = messages.failed;
		}
		overlay?.removeAttribute( 'aria-busy' );
		show( content );
	};

	function close(): void {
		if ( current === 'closed' ) {
			return;
		}
		current = 'closed';
		generation++;
		resting = opened;
		document.removeEventListener( 'keydown', onKey );
		unlock();
		setHash( '' );
		const gone = overlay;
		const popup = mounted;
		const back = trigger;
		overlay = null;
		mounted = null;
		trigger = null;
		// What hydrates the popup shown holds it: let go of it with the keys kept for it (a closed popup kept alive
		// would be a second opening's ~80 nodes and ~45 listeners more, bin/bench-lightbox.mjs).
		hydrateNow = null;
		keys = [];
		// The popup goes 20 ms later (spec §4, §9): its island ends then (its focus trap with it), the overlay goes,
		// and the focus returns to what opened it.
		window.clearTimeout( warming );
		setTimeout( () => {
			popup?.close();
			gone?.remove();
			// The focus given back is not a visitor's intent: it makes nothing ahead (prefetch(), `resting`), and
			// the page is left as it was before the opening.
			back?.focus( { preventScroll: true } );
		}, REMOVE_MS );
	}

	function open(
		container: HTMLElement,
		imageId: number,
		from?: HTMLElement | null
	): boolean {
		const base = container.dataset.lightboxUrl;
		const galleryId = Number( container.dataset.galleryId );
		if ( typeof window.fetch !== 'function' || ! base || ! galleryId ) {
			return false;
		}
		if ( current !== 'closed' ) {
			// One lightbox at a time: the open one stays.
			return true;
		}
		current = 'loading';
		listening = false;
		keys = [];
		hydrateNow = null;
		warmBox?.remove();
		warmBox = null;
		const mine = ++generation;
		trigger = from ?? null;
		// The page's scroll and zoom are locked later (once the popup's image is shown, present(); a frame after
		// the loading state): the overlay covers the page at once, and the lock has the browser paint the page
		// again (on the 1,000-image gallery, its whole visible area: ~45 ms of raster at 4x CPU).
		const url = callUrl( base, imageId );
		opened = url;
		resting = null;
		const made = ahead?.url === url && settled.has( url ) ? ahead : null;
		if ( made ) {
			// Made ahead: the same overlay, shown (the popup keeps the style and layout it has).
			ahead = null;
			overlay = made.overlay;
			overlay.className = `${ OVERLAY } ${ OPENING }`;
		} else {
			// Its ids would be the opened popup's.
			dropAhead();
			overlay = document.createElement( 'div' );
			overlay.className = OVERLAY;
			overlay.setAttribute( 'aria-busy', 'true' );
			document.body.append( overlay );
		}
		document.addEventListener( 'keydown', onKey );

		const fetchWindow = ( id: number ) =>
			fetch( callUrl( base, id ), { credentials: 'same-origin' } )
				.then( ( response ) =>
					response.ok
						? response.text()
						: Promise.reject(
								new Error( String( response.status ) )
							)
				)
				.then( dataOf );

		/**
		 * Shows a popup in the overlay: its image in the first frame, then (the task after that frame) its controls
		 * and the filmstrip's images, the hash, and the island's hydration.
		 *
		 * @param popup   The popup, in the overlay.
		 * @param release Puts the filmstrip's images back (holdImages()).
		 */
		const present = ( popup: HTMLElement, release: () => void ) => {
			// The server's popup is painted first (its image was loaded ahead), hydrated after: React's first
			// render is one task, which would otherwise hold the picture back (and the page's lock has the page
			// painted again). Until then Escape still closes.
			const image = popup.querySelector< HTMLImageElement >(
				'.tessera-lightbox__image'
			);
			hydrateNow = afterShown( image, () => {
				if ( mine !== generation || ! overlay ) {
					return;
				}
				lock();
				overlay.classList.remove( OPENING );
				release();
				setHash( hashOf( galleryId, imageId ) );
				current = 'open';
				mounted = hydrate( popup, {
					onClose: close,
					// A change that ends as the lightbox closes leaves the page's address alone.
					onChange: ( id ) =>
						mine === generation &&
						setHash( hashOf( galleryId, id ) ),
					fetchWindow,
					onReady: () => {
						listening = mine === generation;
						return keys.splice( 0 );
					},
				} );
			} );
		};
		if ( made ) {
			window.clearTimeout( warming );
			present( made.popup, made.release );
			return true;
		}
		const asked = answer( url );
		warm( url );
		/**
		 * Shows the answer: the popup, or the empty state.
		 *
		 * @param got      The answer.
		 * @param got.ok   Whether the call succeeded.
		 * @param got.html What it answered.
		 */
		const take = ( { ok, html }: { ok: boolean; html: string } ) => {
			if ( mine !== generation || ! overlay ) {
				return;
			}
			const popup = ok ? makePopup( html, warmed.get( url ) ) : null;
			if ( ! popup ) {
				const template = document.createElement( 'template' );
				template.innerHTML = html;
				const refusal = template.content.firstElementChild;
				fail(
					refusal?.classList.contains( 'tessera-lightbox-empty' )
						? refusal
						: null
				);
				return;
			}
			if ( popup.adopted ) {
				// The page keeps it now: the answer, shown again, loads its own.
				warmed.delete( url );
			}
			overlay.classList.add( OPENING );
			overlay.replaceChildren( popup.popup );
			overlay.removeAttribute( 'aria-busy' );
			present( popup.popup, popup.release );
		};
		const got = settled.get( url );
		if ( got ) {
			// Asked ahead and there: the popup at once, in the click's own task (no loading state to lay out).
			take( got );
		} else {
			const loading = document.createElement( 'p' );
			loading.className = 'tessera-lightbox-loading';
			loading.setAttribute( 'role', 'status' );
			loading.textContent = messages.loading;
			show( loading );
			afterPaint( () => {
				if ( mine === generation ) {
					lock();
				}
			} );
			asked.then( take ).catch( () => {
				if ( mine === generation ) {
					fail( null );
				}
			} );
		}
		return true;
	}

	function prefetch( container: HTMLElement, imageId: number ): void {
		const base = container.dataset.lightboxUrl;
		if ( typeof window.fetch === 'function' && base && imageId > 0 ) {
			const url = callUrl( base, imageId );
			if ( url === resting ) {
				// Closed on it (the focus given back, the pointer resting there): the page stays as it was (its
				// answer is kept; a click opens it).
				return;
			}
			resting = null;
			answer( url ).catch( () => undefined );
			window.clearTimeout( warming );
			// Not once a lightbox is open (the focus that a click on the thumbnail gives it asks again).
			warming = window.setTimeout(
				() => current === 'closed' && warm( url ),
				WARM_MS
			);
		}
	}

	return { open, prefetch, close, state: () => current };
}
