/**
 * The gallery's front-end script: broken images sized 100 by 100, the scroll to the gallery after a navigation by
 * address, and the tag bar's two rows with "See all" / "See less".
 */

/**
 * External dependencies
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import type * as ViewModule from '../view';

let view: typeof ViewModule;

beforeAll( async () => {
	window.matchMedia = ( () => ( {
		matches: true,
	} ) ) as unknown as typeof window.matchMedia;
	view = await import( '../view' );
} );

describe( 'gallery view script', () => {
	it( 'sizes an image of a gallery that failed to load, and only those', () => {
		document.body.innerHTML = `
			<div class="tessera-gallery"><img id="in" src="x.jpg" width="768" height="512"></div>
			<img id="out" src="y.jpg" width="768" height="512">`;
		const inside = document.getElementById( 'in' ) as HTMLImageElement;
		const outside = document.getElementById( 'out' ) as HTMLImageElement;
		inside.dispatchEvent( new Event( 'error' ) );
		outside.dispatchEvent( new Event( 'error' ) );
		expect( [ inside.width, inside.height ] ).toEqual( [ 100, 100 ] );
		expect( inside.classList.contains( 'is-broken' ) ).toBe( true );
		expect( [ outside.width, outside.height ] ).toEqual( [ 768, 512 ] );
	} );

	it( 'scrolls to the gallery of the address, 150 px above it (at once under reduced motion)', () => {
		document.body.innerHTML = '<div id="bwg_container1_2"></div>';
		const gallery = document.getElementById(
			'bwg_container1_2'
		) as HTMLElement;
		gallery.getBoundingClientRect = () => ( { top: 500 } ) as DOMRect;
		const scrollTo = jest.fn();
		window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
		view.scrollToGallery( '#comments' );
		expect( scrollTo ).not.toHaveBeenCalled();
		view.scrollToGallery( '#bwg_container1_2' );
		expect( scrollTo ).toHaveBeenCalledWith( 0, 350 );
	} );

	it( 'shows two rows of tags and a toggle for the rest', () => {
		document.body.innerHTML = `
			<div class="tessera-gallery" id="bwg_container1_0">
				<nav class="tessera-gallery__tags" data-more="Alle zeigen" data-less="Weniger"><ul id="bwg_container1_0-tags">
					<li>All</li><li>a</li><li>b</li><li>c</li><li>d</li><li>e</li>
				</ul><button class="tessera-gallery__more" aria-expanded="false" aria-controls="bwg_container1_0-tags">See all</button></nav>
			</div>`;
		const items = Array.from( document.querySelectorAll( 'li' ) );
		// Three rows of two: offsets 0, 0, 30, 30, 60, 60.
		items.forEach( ( item, index ) =>
			Object.defineProperty( item, 'offsetTop', {
				get: () => Math.floor( index / 2 ) * 30,
			} )
		);
		const bar = document.querySelector( 'nav' ) as HTMLElement;
		const beyond = () =>
			items.map( ( item ) => item.classList.contains( 'is-beyond' ) );
		view.collapseTags( bar );
		const toggle = bar.querySelector( 'button' ) as HTMLButtonElement;
		expect( beyond() ).toEqual( [
			false,
			false,
			false,
			false,
			true,
			true,
		] );
		expect( bar.classList.contains( 'is-long' ) ).toBe( true );
		expect( toggle.textContent ).toBe( 'Alle zeigen' );
		expect( toggle.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		toggle.click();
		expect( beyond().some( Boolean ) ).toBe( false );
		expect( bar.classList.contains( 'is-open' ) ).toBe( true );
		expect( toggle.textContent ).toBe( 'Weniger' );
		expect( toggle.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		toggle.click();
		expect( beyond().filter( Boolean ) ).toHaveLength( 2 );
		expect( bar.classList.contains( 'is-open' ) ).toBe( false );
	} );

	it( 'shows no toggle when the tags fit in two rows', () => {
		document.body.innerHTML =
			'<nav class="tessera-gallery__tags"><ul><li>All</li><li>a</li></ul><button class="tessera-gallery__more" aria-expanded="false">See all</button></nav>';
		const bar = document.querySelector( 'nav' ) as HTMLElement;
		view.collapseTags( bar );
		expect( bar.classList.contains( 'is-long' ) ).toBe( false );
	} );
} );
