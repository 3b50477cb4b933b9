/**
 * The gallery block's front-end script (no React, no WordPress packages; docs/gallery.md): what the server's
 * HTML cannot do alone. Everything works without it.
 *
 * - An image that fails to load is sized 100 by 100 (spec §5), so a broken file does not leave a hole or a giant
 *   alt text.
 * - After a navigation by address (`#bwg_container1_{n}` in the address), the page scrolls to the gallery with a
 *   150 px offset over 500 ms (spec §2, §9); at once under reduced motion.
 * - The tag filter bar shows two rows, with "See all" / "See less" when there are more (spec §2): the tags
 *   beyond the second row are hidden (not only clipped, so that the keyboard does not reach invisible links).
 * - With front-end AJAX on (`data-ajax-url` on the container), the gallery's links and its search form navigate in
 *   place: the address they lead to becomes the spec's POST fields (§7), and the answer replaces the container,
 *   or, for load more, its items are appended. A failure keeps the content and says so in an alert.
 * - A thumbnail of a gallery whose thumbnails open the lightbox loads the lightbox's island on intent and opens
 *   it on click (lightbox/loader.ts); a hash `#bwg{gallery}/{image}` loads it on load, and it opens that image.
 */

/**
 * Internal dependencies
 */
import { scrollToContainer } from './scroll';
import { load } from './load';
import { lightboxClick, loadLightbox } from './lightbox/loader';

export { SCROLL_MS, SCROLL_OFFSET } from './scroll';

/**
 * Sizes an image of a gallery that failed to load.
 *
 * @param event An `error` event (captured: it does not bubble).
 */
export function onImageError( event: Event ): void {
	const image = event.target;
	if (
		image instanceof HTMLImageElement &&
		image.closest( '.tessera-gallery' ) &&
		// Containers that show an error element skip layout handling (spec §5).
		! image.closest( '.tessera-gallery__error' )
	) {
		image.classList.add( 'is-broken' );
		image.width = 100;
		image.height = 100;
	}
}

/**
 * Scrolls to the gallery named by the address's fragment, 150 px above it.
 *
 * @param hash The address's fragment (`#bwg_container1_0`).
 */
export function scrollToGallery( hash: string ): void {
	const gallery = /^#bwg_container1_\d+$/.test( hash )
		? document.getElementById( hash.slice( 1 ) )
		: null;
	if ( gallery ) {
		scrollToContainer( gallery );
	}
}

/**
 * Two rows of tags and a toggle (spec §2, §9: collapsed height two rows + 3 px). The CSS clips the list to that
 * height from the first paint, so nothing moves here: the tags beyond the second row are made invisible (out of
 * the keyboard's reach too), and the server's toggle shows when there are such tags.
 *
 * @param bar The tag bar (`nav.tessera-gallery__tags`).
 */
export function collapseTags( bar: HTMLElement ): void {
	const list = bar.querySelector( 'ul' );
	const toggle = bar.querySelector< HTMLButtonElement >(
		'.tessera-gallery__more'
	);
	if ( ! list || ! toggle ) {
		return;
	}
	const items = Array.from( list.children ) as HTMLElement[];
	const open = toggle.getAttribute( 'aria-expanded' ) === 'true';
	const secondRow = Array.from(
		new Set( items.map( ( item ) => item.offsetTop ) )
	).sort( ( a, b ) => a - b )[ 1 ];
	const beyond = items.filter(
		( item ) => secondRow !== undefined && item.offsetTop > secondRow
	);
	bar.classList.toggle( 'is-long', beyond.length > 0 );
	bar.classList.toggle( 'is-open', open );
	items.forEach( ( item ) =>
		item.classList.toggle( 'is-beyond', ! open && beyond.includes( item ) )
	);
	toggle.textContent =
		( open ? bar.dataset.less : bar.dataset.more ) || toggle.textContent;
	toggle.onclick = () => {
		toggle.setAttribute( 'aria-expanded', String( ! open ) );
		collapseTags( bar );
	};
}

/** What the navigation script (`nav.ts`, loaded on intent) sets: the in-place navigation to where a link or a form leads. */
type Navigate = (
	container: HTMLElement,
	source: HTMLAnchorElement | HTMLFormElement
) => Promise< void >;

/**
 * Loads the navigation script of galleries with AJAX on (its address is the container's `data-nav`), once.
 *
 * @param container A gallery's container.
 */
export function loadNav( container: HTMLElement ): Promise< Navigate > {
	return load( 'tesseraGalleryNav', [ container.dataset.nav || '' ] );
}

/**
 * Shows another state of a gallery with AJAX on in place; by the browser's own navigation when the navigation
 * script cannot load.
 *
 * @param container The gallery's container.
 * @param source    The link followed or the form submitted.
 */
function go(
	container: HTMLElement,
	source: HTMLAnchorElement | HTMLFormElement
): void {
	loadNav( container ).then(
		( navigate ) => navigate( container, source ),
		() =>
			source instanceof HTMLFormElement
				? source.submit()
				: location.assign( source.href )
	);
}

/**
 * Starts loading what a visitor is about to use: the navigation script in a gallery with AJAX on, the lightbox in
 * a gallery whose thumbnails open it.
 *
 * @param event A pointerover, focusin or keydown.
 */
function onIntent( event: Event ): void {
	const target = event.target as Element | null;
	const nav = target?.closest?.< HTMLElement >( '[data-ajax-url]' );
	const box = target?.closest?.< HTMLElement >( '[data-lightbox]' );
	if ( nav ) {
		loadNav( nav );
	}
	if ( box ) {
		loadLightbox( box );
	}
}

/**
 * Takes a click on a link of a gallery with AJAX on that leads to another state of this page.
 *
 * @param event A click.
 */
export function onClick( event: MouseEvent ): void {
	const link = ( event.target as Element | null )?.closest?.( 'a' );
	if (
		! link ||
		event.defaultPrevented ||
		event.button !== 0 ||
		event.metaKey ||
		event.ctrlKey ||
		event.shiftKey ||
		event.altKey ||
		link.target
	) {
		return;
	}
	if ( lightboxClick( link ) ) {
		event.preventDefault();
		return;
	}
	const container = link.closest< HTMLElement >( '[data-ajax-url]' );
	// Another state of this page (the address's query), not another page.
	if (
		container &&
		link.origin === location.origin &&
		link.pathname === location.pathname
	) {
		event.preventDefault();
		go( container, link );
	}
}

/**
 * Takes the search and sort form of a gallery with AJAX on.
 *
 * @param event A submit.
 */
export function onSubmit( event: SubmitEvent ): void {
	const form = event.target;
	const container =
		form instanceof HTMLFormElement &&
		form.closest< HTMLElement >( '[data-ajax-url]' );
	if ( ! container || event.defaultPrevented ) {
		return;
	}
	event.preventDefault();
	go( container, form );
}

/**
 * Wires the page.
 */
function init(): void {
	document.addEventListener( 'click', onClick );
	document.addEventListener( 'submit', onSubmit );
	// Content that the navigation script put in: its tag bars.
	document.addEventListener( 'tessera-gallery:updated', ( event ) => {
		const detail = ( event as CustomEvent< unknown > ).detail;
		if ( detail instanceof HTMLElement ) {
			detail
				.querySelectorAll< HTMLElement >( '.tessera-gallery__tags' )
				.forEach( collapseTags );
		}
	} );
	for ( const type of [ 'pointerover', 'focusin', 'keydown' ] ) {
		document.addEventListener( type, onIntent, { passive: true } );
	}
	document.addEventListener( 'error', onImageError, true );
	// Those that failed before this script ran (it is deferred).
	document
		.querySelectorAll< HTMLImageElement >( '.tessera-gallery img' )
		.forEach( ( image ) => {
			if ( image.complete && image.naturalWidth === 0 ) {
				onImageError( { target: image } as unknown as Event );
			}
		} );
	const bars = Array.from(
		document.querySelectorAll< HTMLElement >( '.tessera-gallery__tags' )
	);
	bars.forEach( collapseTags );
	if ( bars.length && typeof ResizeObserver === 'function' ) {
		let width = 0;
		new ResizeObserver( ( entries ) => {
			const next = Math.round( entries[ 0 ]?.contentRect.width ?? 0 );
			if ( next !== width ) {
				width = next;
				bars.forEach( collapseTags );
			}
		} ).observe( document.body );
	}
	// A hash naming an image (`#bwg{gallery}/{image}`, spec §2): the island opens it once loaded.
	const box = /^#bwg\d+\/\d+$/.test( location.hash )
		? document.querySelector< HTMLElement >( '[data-lightbox]' )
		: null;
	if ( box ) {
		loadLightbox( box );
	}
	const scroll = () => scrollToGallery( location.hash );
	if ( document.readyState === 'complete' ) {
		scroll();
	} else {
		window.addEventListener( 'load', scroll, { once: true } );
	}
}

init();
