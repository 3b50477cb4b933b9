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
		expect( again.getAttribute( 'srcset' ) ).toBeNull();
		expect( again.getAttribute( 'sizes' ) ).toBeNull();
		stopImage( again );
		expect( again.hasAttribute( 'src' ) ).toBe( false );
	} );
} );

describe( 'an image taken out of a ring', () => {
	it( 'is not given again: the ring makes another in its place', () => {
		const given = new Set< HTMLImageElement >();
		for ( let i = 0; i < 6; i++ ) {
			given.add( preloadImage( `/r${ i }.jpg` ) );
		}
		const kept = preloadImage( '/kept.jpg' );
		expect( preloadImage.take( kept ) ).toBe( true );
		expect( preloadImage.take( kept ) ).toBe( false );
		const later = new Set< HTMLImageElement >();
		for ( let i = 0; i < 12; i++ ) {
			later.add( preloadImage( `/s${ i }.jpg` ) );
		}
		expect( later.has( kept ) ).toBe( false );
		expect( later.size ).toBe( 6 );
		expect( kept.getAttribute( 'src' ) ).toBe( '/kept.jpg' );
		expect( preloadImage.take( new Image() ) ).toBe( false );
	} );
} );
