/**
 * The scroll to a gallery after a navigation (spec §2, §9: 500 ms, 150 px above it; at once under reduced motion),
 * unless its block turned it off (`data-scroll="0"`). Shared by the view script (navigation by address) and the
 * navigation script (in place).
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
 * Scrolls to a gallery's container, unless its block says not to.
 *
 * @param gallery The container.
 */
export function scrollToContainer( gallery: HTMLElement ): void {
	if ( gallery.dataset.scroll !== '0' ) {
		scrollToElement( gallery, SCROLL_MS, {
			offset: SCROLL_OFFSET,
			focus: false,
		} );
	}
}
