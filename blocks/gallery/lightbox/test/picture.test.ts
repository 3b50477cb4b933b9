/**
 * The lightbox's images made outside the page (blocks/gallery/lightbox/picture.ts): few, used again, so that the
 * browser's hold on every image with a srcset keeps no more than those.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import { layerImage, preloadImage, stopImage } from '../picture';

describe( 'picture rings', () => {
	it( 'give at most six preload images and three layer images however many are asked for', () => {
		const preloads = new Set< HTMLImageElement >();
		const layers = new Set< HTMLImageElement >();
		for ( let i = 0; i < 50; i++ ) {
			preloads.add(
				preloadImage( `/p${ i }.jpg`, `/p${ i }.jpg 1024w`, '100vw' )
			);
			layers.add( layerImage( `/l${ i }.jpg` ) );
		}
		expect( preloads.size ).toBe( 6 );
		expect( layers.size ).toBe( 3 );
		expect( [ ...preloads ].some( ( image ) => layers.has( image ) ) ).toBe(
			false
		);
	} );

	it( 'loads the source given, its handlers and srcset those of this use only', () => {
		const first = preloadImage( '/a.jpg', '/a.jpg 800w', '50vw' );
		first.onload = () => undefined;
		for ( let i = 0; i < 5; i++ ) {
			preloadImage( `/x${ i }.jpg` );
		}
		const again = preloadImage( '/b.jpg' );
		expect( again ).toBe( first );
		expect( again.onload ).toBeNull();
		expect( again.getAttribute( 'src' ) ).toBe( '/b.jpg' );
		expect( again.getAttribute( 'srcset' ) ).toBe( '' );
		expect( again.sizes ).toBe( '' );
		stopImage( again );
		expect( again.hasAttribute( 'src' ) ).toBe( false );
	} );
} );
