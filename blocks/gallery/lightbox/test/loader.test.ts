/**
 * The lightbox's loader in the gallery's view script (blocks/gallery/lightbox/loader.ts): nothing before intent,
 * the island's scripts in order on intent, a click held until the island opens it, the hash, and the cases where
 * the link is followed instead.
 */

/**
 * External dependencies
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import type * as LoaderModule from '../loader';

type Loader = typeof LoaderModule;

let loader: Loader;
const open = jest.fn(
	( container: HTMLElement, imageId: number, trigger?: HTMLElement | null ) =>
		Boolean( container && imageId && trigger !== undefined )
);

const SCRIPTS = [
	'/build/island.css?ver=1',
	'/wp/react.js',
	'/wp/react-dom.js',
	'/build/island.js',
];

/**
 * A lightbox gallery with two thumbnails.
 *
 * @param scripts The island's scripts (`data-lightbox`).
 * @return The container.
 */
function page( scripts: string = JSON.stringify( SCRIPTS ) ): HTMLElement {
	document.head.innerHTML = '<script src="/wp/react.js"></script>';
	document.body.innerHTML = `<div class="tessera-gallery" id="bwg_container1_0" data-gallery-id="5" data-lightbox-url="/ajax?action=tessera_lightbox&amp;gallery_id=5" data-lightbox='${ scripts }'><ul><li data-image-id="7"><a class="tessera-gallery__link" href="/seven.jpg"><img alt="Seven"></a></li><li data-image-id="8"><a class="tessera-gallery__link" href="/eight.jpg"><img alt="Eight"></a></li></ul></div><div class="tessera-gallery" data-gallery-id="6"><a class="tessera-gallery__link" href="/plain.jpg" id="plain">Plain</a></div>`;
	return document.getElementById( 'bwg_container1_0' ) as HTMLElement;
}

/** The scripts the loader injected. */
function injected(): HTMLScriptElement[] {
	return Array.from(
		document.head.querySelectorAll< HTMLScriptElement >( 'script' )
	).slice( 1 );
}

/** The stylesheet the loader injected. */
function stylesheet(): HTMLLinkElement | null {
	return document.head.querySelector( 'link[rel=stylesheet]' );
}

/** The island's last script arrives and sets its API. */
function islandLoads(): void {
	( window as unknown as { tesseraLightbox: unknown } ).tesseraLightbox = {
		open,
	};
	injected().at( -1 )?.dispatchEvent( new Event( 'load' ) );
	stylesheet()?.dispatchEvent( new Event( 'load' ) );
}

/** Lets promises settle. */
async function settle(): Promise< void > {
	for ( let i = 0; i < 5; i++ ) {
		await Promise.resolve();
	}
}

beforeEach( async () => {
	jest.resetModules();
	open.mockClear();
	delete ( window as unknown as { tesseraLightbox?: unknown } )
		.tesseraLightbox;
	window.fetch = jest.fn() as unknown as typeof fetch;
	loader = await import( '../loader' );
} );

describe( 'lightbox loader', () => {
	it( 'loads the missing files once, in order: the stylesheet, then the scripts not on the page', () => {
		const container = page();
		expect( injected() ).toHaveLength( 0 );
		loader.loadLightbox( container ).catch( () => undefined );
		loader.loadLightbox( container ).catch( () => undefined );
		expect( injected().map( ( s ) => s.getAttribute( 'src' ) ) ).toEqual( [
			'/wp/react-dom.js',
			'/build/island.js',
		] );
		expect( injected().every( ( s ) => s.async === false ) ).toBe( true );
		expect( stylesheet()?.getAttribute( 'href' ) ).toBe(
			'/build/island.css?ver=1'
		);
	} );

	it( 'holds a click until the island is there, then opens the image from its thumbnail', async () => {
		const container = page();
		const link = container.querySelectorAll(
			'a'
		)[ 1 ] as HTMLAnchorElement;
		expect( loader.lightboxClick( link ) ).toBe( true );
		expect( open ).not.toHaveBeenCalled();
		// The scripts alone are not enough: the stylesheet too.
		( window as unknown as { tesseraLightbox: unknown } ).tesseraLightbox =
			{ open };
		injected().at( -1 )?.dispatchEvent( new Event( 'load' ) );
		await settle();
		expect( open ).not.toHaveBeenCalled();
		islandLoads();
		await settle();
		const [ call ] = open.mock.calls;
		expect( call?.[ 0 ] ).toBe( container );
		expect( call?.[ 1 ] ).toBe( 8 );
		expect( call?.[ 2 ] ).toBe( link );
	} );

	it( 'leaves other galleries and browsers without fetch to the link', () => {
		const container = page();
		expect(
			loader.lightboxClick(
				document.getElementById( 'plain' ) as HTMLAnchorElement
			)
		).toBe( false );
		( window as unknown as { fetch: unknown } ).fetch = undefined;
		expect(
			loader.lightboxClick(
				container.querySelector( 'a' ) as HTMLAnchorElement
			)
		).toBe( false );
		expect( injected() ).toHaveLength( 0 );
	} );

	it( 'tries again after a script failed to load', async () => {
		const container = page();
		const failed = loader.loadLightbox( container );
		injected()[ 0 ]?.dispatchEvent( new Event( 'error' ) );
		await expect( failed ).rejects.toBeInstanceOf( Event );
		await settle();
		document.head.innerHTML = '<script src="/wp/react.js"></script>';
		const again = loader.loadLightbox( container );
		expect( injected() ).toHaveLength( 2 );
		islandLoads();
		await expect( again ).resolves.toEqual( { open } );
	} );
} );
