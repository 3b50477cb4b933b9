/**
 * The view script's loader (blocks/gallery/load.ts): each global's files once, in order, what is on the page
 * skipped, a stylesheet waited for, a failure tried again.
 */

/**
 * External dependencies
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import type * as LoadModule from '../load';

let load: ( typeof LoadModule )[ 'load' ];
const globals = window as unknown as Record< string, unknown >;

/** The scripts injected, by address. */
const scripts = () =>
	Array.from(
		document.head.querySelectorAll< HTMLScriptElement >( 'script' ),
		( s ) => s.getAttribute( 'src' )
	);

/**
 * A file's load or error event.
 *
 * @param selector The element.
 * @param type     `load` or `error`.
 */
function fire( selector: string, type: 'load' | 'error' ): void {
	document.head.querySelector( selector )?.dispatchEvent( new Event( type ) );
}

beforeEach( async () => {
	jest.resetModules();
	document.head.innerHTML = '';
	delete globals.tesseraGalleryNav;
	delete globals.tesseraLightbox;
	( { load } = await import( '../load' ) );
} );

describe( 'load', () => {
	it( 'loads each global once, apart from the others, and resolves with it', async () => {
		const nav = load( 'tesseraGalleryNav', [ '/nav.js' ] );
		expect( load( 'tesseraGalleryNav', [ '/nav.js' ] ) ).toBe( nav );
		const box = load( 'tesseraLightbox', [ '/react.js', '/island.js' ] );
		expect( scripts() ).toEqual( [ '/nav.js', '/react.js', '/island.js' ] );
		globals.tesseraGalleryNav = 'navigate';
		fire( '[src="/nav.js"]', 'load' );
		await expect( nav ).resolves.toBe( 'navigate' );
		globals.tesseraLightbox = 'island';
		// Only the last script's load counts: they run in order.
		fire( '[src="/island.js"]', 'load' );
		await expect( box ).resolves.toBe( 'island' );
	} );

	it( 'skips files on the page and waits for a stylesheet', async () => {
		document.head.innerHTML = '<script src="/react.js"></script>';
		let done = false;
		const box = load( 'tesseraLightbox', [
			'/island.css?ver=2',
			'/react.js',
			'/island.js',
		] );
		box.then( () => ( done = true ) );
		expect( scripts() ).toEqual( [ '/react.js', '/island.js' ] );
		globals.tesseraLightbox = 'island';
		fire( '[src="/island.js"]', 'load' );
		await Promise.resolve();
		expect( done ).toBe( false );
		fire( 'link[rel=stylesheet][href="/island.css?ver=2"]', 'load' );
		await expect( box ).resolves.toBe( 'island' );
	} );

	it( 'rejects when a file fails or the global is missing, and tries again on the next call', async () => {
		const first = load( 'tesseraGalleryNav', [ '/nav.js' ] );
		fire( '[src="/nav.js"]', 'error' );
		await expect( first ).rejects.toBeInstanceOf( Event );
		document.head.innerHTML = '';
		const second = load( 'tesseraGalleryNav', [ '/nav.js' ] );
		expect( second ).not.toBe( first );
		fire( '[src="/nav.js"]', 'load' );
		await expect( second ).rejects.toBeUndefined();
		document.head.innerHTML = '';
		const third = load( 'tesseraGalleryNav', [ '/nav.js' ] );
		globals.tesseraGalleryNav = 'navigate';
		fire( '[src="/nav.js"]', 'load' );
		await expect( third ).resolves.toBe( 'navigate' );
	} );
} );
