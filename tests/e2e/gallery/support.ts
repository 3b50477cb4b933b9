/**
 * Shared helpers of the gallery specs: the demo page and what a gallery on it shows.
 */

/**
 * External dependencies
 */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import { sitePhp } from '../stats/support';

export const DEMO = '/demo-gallery/';

/**
 * Reads the addresses that open each image of the demo page's first gallery (40 images) by its hash, in order;
 * the page is then on the demo page.
 *
 * @param page The page.
 * @return One address per image, in the gallery's order.
 */
export async function imageAddresses( page: Page ): Promise< string[] > {
	await page.goto( DEMO, { waitUntil: 'load' } );
	const gallery = page.locator( '#bwg_container1_0' );
	const galleryId = await gallery.getAttribute( 'data-gallery-id' );
	const first = await gallery
		.locator( '.tessera-gallery__item' )
		.first()
		.getAttribute( 'data-image-id' );
	// The page shows a page of the gallery; the lightbox's data holds every image id, in order.
	const ids = await page.evaluate(
		async ( [ url, id ] ) => {
			const html = await (
				await fetch( `${ url }&image_id=${ id }` )
			).text();
			const data = new DOMParser()
				.parseFromString( html, 'text/html' )
				.querySelector( 'script.tessera-lightbox__data' );
			return JSON.parse( data?.textContent ?? '{}' ).ids as number[];
		},
		[ await gallery.getAttribute( 'data-lightbox-url' ), first ]
	);
	expect( ids ).toHaveLength( 40 );
	return ids.map( ( imageId ) => `${ DEMO }#bwg${ galleryId }/${ imageId }` );
}

/**
 * Sets lightbox options (the site's `tessera_lightbox`), over what is saved.
 *
 * @param options Keys and values.
 */
export function setLightboxOptions(
	options: Record< string, string | number | boolean >
): void {
	sitePhp(
		`$o = get_option( 'tessera_lightbox', array() ); $o = is_array( $o ) ? $o : array(); $o = array_merge( $o, json_decode( '${ JSON.stringify(
			options
		) }', true ) ); update_option( 'tessera_lightbox', $o );`
	);
}

/**
 * Keeps the site's lightbox options as they are now.
 *
 * @return What puts them back.
 */
export function keepLightboxOptions(): () => void {
	const saved = sitePhp(
		"echo wp_json_encode( get_option( 'tessera_lightbox', null ) );"
	);
	return () =>
		void sitePhp(
			saved === 'null' || saved === ''
				? "delete_option( 'tessera_lightbox' );"
				: `update_option( 'tessera_lightbox', json_decode( '${ saved.replace(
						/'/g,
						"\\'"
					) }', true ) );`
		);
}

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

/**
 * Starts summing the layout shifts the galleries cause (not those right after input) from the first paint; read
 * them with layoutShift(). As bin/bench-gallery.mjs attributes them: an entry counts when what it moved is a
 * gallery, inside one or after one, and nothing before or around a gallery moved; an entry that moves something
 * before or around a gallery is the page's (the theme's header or the text above the block reflowing, a web
 * font arriving late on a loaded machine) and is summed apart (`pageShift`).
 *
 * @param page The page, before it navigates.
 */
export async function observeLayoutShift( page: Page ): Promise< void > {
	await page.addInitScript( () => {
		const w = window as unknown as { shift: number; pageShift: number };
		w.shift = 0;
		w.pageShift = 0;
		const byPage = ( node: Node | null ) => {
			const el = node && node.nodeType !== 1 ? node.parentElement : node;
			if ( ! el || ! el.isConnected ) {
				return false;
			}
			return [ ...document.querySelectorAll( '.tessera-gallery' ) ].every(
				( g ) =>
					g !== el &&
					! g.contains( el ) &&
					g.compareDocumentPosition( el ) !==
						Node.DOCUMENT_POSITION_FOLLOWING
			);
		};
		new PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() as Array<
				PerformanceEntry & {
					value: number;
					hadRecentInput: boolean;
					sources?: Array< { node: Node | null } >;
				}
			> ) {
				if ( entry.hadRecentInput ) {
					continue;
				}
				if (
					( entry.sources || [] ).some( ( s ) => byPage( s.node ) )
				) {
					w.pageShift += entry.value;
				} else {
					w.shift += entry.value;
				}
			}
		} ).observe( { type: 'layout-shift', buffered: true } );
	} );
}

/**
 * The galleries' layout shift summed since observeLayoutShift().
 *
 * @param page The page.
 */
export function layoutShift( page: Page ): Promise< number > {
	return page.evaluate(
		() => ( window as unknown as { shift: number } ).shift
	);
}
