/**
 * The lightbox's part of the gallery's view script (docs/lightbox.md "Loading"): nothing of the lightbox is
 * downloaded before intent. A pointer over, the focus on or a key in a gallery whose thumbnails open the lightbox
 * (`data-lightbox` on its container: the island's stylesheet, then React, its dependencies and the island, in
 * order) loads them (the view script's intent listener calls loadLightbox()); a click on a thumbnail before they
 * are ready waits for them (the click is not lost), and follows the thumbnail's link to the full image when they
 * cannot load or there is no `fetch` (spec §8: no lightbox). A hash `#bwg{gallery}/{image}` on load loads the
 * island, which opens that image.
 */

/**
 * Internal dependencies
 */
import { load } from '../load';

/** What the island gives the page (`window.tesseraLightbox`). */
export interface LightboxApi {
	open: (
		container: HTMLElement,
		imageId: number,
		trigger?: HTMLElement | null
	) => boolean;
}

/**
 * Loads the island's files once (the container's `data-lightbox`).
 *
 * @param container A lightbox gallery's container.
 * @return The island's API.
 */
export function loadLightbox( container: HTMLElement ): Promise< LightboxApi > {
	return load(
		'tesseraLightbox',
		JSON.parse( container.dataset.lightbox || '[]' )
	);
}

/**
 * Takes a plain click (the view script checked it: main button, no modifier key) on a link of a gallery: when it
 * is a thumbnail of a lightbox gallery and the browser can fetch, the lightbox opens its image, or the link is
 * followed when the lightbox cannot open.
 *
 * @param link The link.
 * @return Whether it took the click (the caller prevents the link's default).
 */
export function lightboxClick( link: HTMLAnchorElement ): boolean {
	const container =
		link.matches( '.tessera-gallery__link' ) &&
		link.closest< HTMLElement >( '[data-lightbox]' );
	const imageId = Number(
		link.closest< HTMLElement >( '[data-image-id]' )?.dataset.imageId
	);
	const taken = !! container && imageId > 0 && typeof fetch === 'function';
	if ( taken ) {
		const follow = () => location.assign( link.href );
		loadLightbox( container ).then(
			( api ) => api.open( container, imageId, link ) || follow(),
			follow
		);
	}
	return taken;
}
