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
 */

/**
 * Internal dependencies
 */
import { scrollToElement } from '../../src/lib/scroll';

/** Offset above the gallery when scrolled to, in pixels (spec §9). */
export const SCROLL_OFFSET = 150;

/** Duration of the scroll to the gallery, in milliseconds (spec §9). */
export const SCROLL_MS = 500;

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
		scrollToElement( gallery, SCROLL_MS, {
			offset: SCROLL_OFFSET,
			focus: false,
		} );
	}
}

/**
 * Two rows of tags and a toggle: the items below the second row are hidden until "See all".
 *
 * @param bar The tag bar (`nav.tessera-gallery__tags`).
 */
export function collapseTags( bar: HTMLElement ): void {
	const list = bar.querySelector( 'ul' );
	if ( ! list ) {
		return;
	}
	const items = Array.from( list.children ) as HTMLElement[];
	let toggle = bar.querySelector< HTMLButtonElement >(
		'.tessera-gallery__more'
	);
	const expanded = toggle?.getAttribute( 'aria-expanded' ) === 'true';
	items.forEach( ( item ) => ( item.hidden = false ) );
	const tops = Array.from(
		new Set( items.map( ( item ) => item.offsetTop ) )
	);
	const secondRow = tops.sort( ( a, b ) => a - b )[ 1 ];
	const beyond = items.filter(
		( item ) => secondRow !== undefined && item.offsetTop > secondRow
	);
	if ( beyond.length === 0 ) {
		toggle?.remove();
		return;
	}
	if ( ! toggle ) {
		toggle = document.createElement( 'button' );
		toggle.type = 'button';
		toggle.className = 'tessera-gallery__more';
		toggle.setAttribute( 'aria-expanded', 'false' );
		list.id ||= `${ bar.closest( '.tessera-gallery' )?.id || 'gallery' }-tags`;
		toggle.setAttribute( 'aria-controls', list.id );
		toggle.addEventListener( 'click', () => {
			const open = toggle?.getAttribute( 'aria-expanded' ) !== 'true';
			toggle?.setAttribute( 'aria-expanded', String( open ) );
			collapseTags( bar );
		} );
		bar.appendChild( toggle );
	}
	toggle.textContent = expanded
		? bar.dataset.less || 'See less'
		: bar.dataset.more || 'See all';
	if ( ! expanded ) {
		beyond.forEach( ( item ) => ( item.hidden = true ) );
	}
}

/**
 * Wires the page.
 */
function init(): void {
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
	const scroll = () => scrollToGallery( window.location.hash );
	if ( document.readyState === 'complete' ) {
		scroll();
	} else {
		window.addEventListener( 'load', scroll, { once: true } );
	}
}

init();
