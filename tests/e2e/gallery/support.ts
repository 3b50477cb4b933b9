/**
 * Shared helpers of the gallery specs: the demo page and what a gallery on it shows.
 */

/**
 * External dependencies
 */
import type { Locator } from '@playwright/test';

export const DEMO = '/demo-gallery/';

/**
 * The attachment ids a gallery shows, in order.
 *
 * @param gallery The gallery's container.
 */
export async function shown( gallery: Locator ): Promise< string[] > {
	return gallery
		.locator( '.tessera-gallery__item' )
		.evaluateAll( ( items ) =>
			items.map( ( item ) => item.getAttribute( 'data-image-id' ) || '' )
		);
}
