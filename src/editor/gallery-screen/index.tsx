/**
 * Entry `editor/gallery-screen` (handle `tessera-gallery-screen`, enqueued by Tessera\Gallery\AdminScreen on the
 * edit screen of a gallery only): mounts the gallery's images into the "Images" box the screen prints
 * (`#tessera-gallery-screen`, with the gallery's id in `data-gallery-id`).
 *
 * A gallery has no content of its own (its post type supports title, excerpt and thumbnail), so WordPress shows
 * it on the classic edit screen, not in the block editor: the images are a box of that screen.
 */

/**
 * WordPress dependencies
 */
import { createRoot } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { GalleryScreen } from './screen';

/**
 * Mounts the images box.
 */
function mount(): void {
	const root = document.getElementById( 'tessera-gallery-screen' );
	const galleryId = Number( root?.dataset.galleryId );
	if ( ! root || ! Number.isInteger( galleryId ) || galleryId <= 0 ) {
		return;
	}
	createRoot( root ).render( <GalleryScreen galleryId={ galleryId } /> );
}

// The script is printed in the footer, after the box; the check keeps it right if it is ever moved to the head.
if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', mount );
} else {
	mount();
}
