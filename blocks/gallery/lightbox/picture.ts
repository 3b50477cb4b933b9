/**
 * Images the lightbox makes outside the page: the neighbours it preloads, the image loaded ahead of a popup, the
 * incoming picture of a transition. Chromium registers every image with a `srcset` with the document, to choose
 * again when the viewport changes, and keeps it there for the document's life: a new image each time would stay,
 * with its handlers and whatever they hold (measured before: a closed popup's whole tree, ~245 listeners and ~140
 * nodes per opening; then one node per image). So they come from two small rings of images that are used again:
 * what stays is those few, however many images a visitor goes through.
 */

/** A ring of images used again in turn. */
interface Ring {
	/**
	 * Gives the next image of the ring, loading the given source (its handlers cleared).
	 *
	 * @param src    Address.
	 * @param srcset Candidates.
	 * @param sizes  Sizes of the candidates.
	 */
	( src: string, srcset?: string, sizes?: string ): HTMLImageElement;
	/**
	 * Takes an image out of the ring, for the page to keep (the ring makes another in its place when it comes round).
	 *
	 * @param image The image.
	 * @return Whether it was one of the ring's.
	 */
	take: ( image: HTMLImageElement ) => boolean;
}

/**
 * A ring of images used again in turn.
 *
 * @param size How many.
 * @return The ring.
 */
function ring( size: number ): Ring {
	const images: Array< HTMLImageElement | undefined > = [];
	let next = 0;
	const give = ( src: string, srcset = '', sizes = '' ) => {
		const image = images[ next ] ?? new Image();
		images[ next ] = image;
		next = ( next + 1 ) % size;
		image.onload = image.onerror = null;
		// The candidate is chosen from the attributes as they are when the image updates: all set in one go. Without
		// candidates, no empty attributes: the image is then like the popup's own (adoptImage()).
		if ( srcset ) {
			image.sizes = sizes;
			image.srcset = srcset;
		} else {
			image.removeAttribute( 'sizes' );
			image.removeAttribute( 'srcset' );
		}
		image.src = src;
		return image;
	};
	return Object.assign( give, {
		take: ( image: HTMLImageElement ) => {
			const at = images.indexOf( image );
			if ( at < 0 ) {
				return false;
			}
			images[ at ] = undefined;
			return true;
		},
	} );
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
