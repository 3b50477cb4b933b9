/**
 * Images the lightbox makes outside the page: the neighbours it preloads, the image loaded ahead of a popup, the
 * incoming picture of a transition. Chromium registers every image with a `srcset` with the document, to choose
 * again when the viewport changes, and keeps it there for the document's life: a new image each time would stay,
 * with its handlers and whatever they hold (measured before: a closed popup's whole tree, ~245 listeners and ~140
 * nodes per opening; then one node per image). So they come from two small rings of images that are used again:
 * what stays is those few, however many images a visitor goes through.
 */

/**
 * A ring of images used again in turn.
 *
 * @param size How many.
 * @return Gives the next image of the ring, loading the given source (its handlers cleared).
 */
function ring(
	size: number
): ( src: string, srcset?: string, sizes?: string ) => HTMLImageElement {
	const images: HTMLImageElement[] = [];
	let next = 0;
	return ( src, srcset = '', sizes = '' ) => {
		const image = images[ next ] ?? new Image();
		images[ next ] = image;
		next = ( next + 1 ) % size;
		image.onload = image.onerror = null;
		// The candidate is chosen from the attributes as they are when the image updates: all set in one go.
		image.sizes = srcset ? sizes : '';
		image.srcset = srcset;
		image.src = src;
		return image;
	};
}

/** Images loaded ahead: the neighbours preloaded, the image of a popup about to open. */
export const preloadImage = ring( 6 );

/** The incoming pictures of transitions (one plays at a time; its layer may stay a moment after). */
export const layerImage = ring( 3 );

/**
 * Stops an image of a ring loading (its handlers cleared).
 *
 * @param image The image.
 */
export function stopImage( image: HTMLImageElement ): void {
	image.onload = image.onerror = null;
	image.removeAttribute( 'srcset' );
	image.removeAttribute( 'src' );
}
