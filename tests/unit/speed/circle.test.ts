/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	createCircle,
	dashArray,
	setCircleValue,
} from '../../../src/lib/speed/circle';

const circumference = 2 * Math.PI * 25.5; // size 56, thickness 5

describe( 'createCircle', () => {
	it( 'renders the contract markup with every data attribute', () => {
		const circle = createCircle( {
			score: 92,
			tti: 1.2,
			postId: 12,
			device: 'desktop',
		} );

		expect( circle.tagName ).toBe( 'DIV' );
		expect( circle.className ).toBe(
			'tessera-speed-circle tessera-speed-circle--green'
		);
		expect( { ...circle.dataset } ).toEqual( {
			score: '92',
			size: '56',
			thickness: '5',
			tti: '1.2',
			post_id: '12',
			device: 'desktop',
		} );
		expect( circle.getAttribute( 'role' ) ).toBe( 'img' );
		expect( circle.getAttribute( 'aria-label' ) ).toBe(
			'Desktop score 92 of 100, load time 1.2 s'
		);

		const svg = circle.querySelector( ':scope > svg' );
		expect( svg?.getAttribute( 'viewBox' ) ).toBe( '0 0 56 56' );
		expect( svg?.getAttribute( 'aria-hidden' ) ).toBe( 'true' );
		expect( svg?.getAttribute( 'focusable' ) ).toBe( 'false' );
		const [ track, bar ] = Array.from( svg?.children ?? [] );
		expect( track?.getAttribute( 'class' ) ).toBe(
			'tessera-speed-circle__track'
		);
		expect( bar?.getAttribute( 'class' ) ).toBe(
			'tessera-speed-circle__bar'
		);
		expect( svg?.getAttribute( 'width' ) ).toBe( '56' );
		expect( svg?.getAttribute( 'height' ) ).toBe( '56' );
		for ( const ring of [ track, bar ] ) {
			expect( ring?.getAttribute( 'cx' ) ).toBe( '28.00' );
			expect( ring?.getAttribute( 'cy' ) ).toBe( '28.00' );
			expect( ring?.getAttribute( 'r' ) ).toBe( '25.50' );
			expect( ring?.getAttribute( 'fill' ) ).toBe( 'none' );
			expect( ring?.getAttribute( 'stroke' ) ).toBe( 'currentColor' );
			expect( ring?.getAttribute( 'stroke-width' ) ).toBe( '5' );
		}
		expect( bar?.getAttribute( 'transform' ) ).toBe(
			'rotate(-90 28.00 28.00)'
		);
		expect( bar?.getAttribute( 'stroke-dasharray' ) ).toBe(
			`${ ( 0.92 * circumference ).toFixed( 2 ) } ${ circumference.toFixed(
				2
			) }`
		);

		const value = circle.querySelector( '.tessera-speed-circle__value' );
		expect( value?.tagName ).toBe( 'SPAN' );
		expect( value?.getAttribute( 'aria-hidden' ) ).toBe( 'true' );
		expect( value?.textContent ).toBe( '92' );
	} );

	it( 'names the mobile device, keeps size and thickness, and picks the colour', () => {
		const circle = createCircle( {
			score: 45,
			tti: 7.9,
			postId: 3,
			device: 'mobile',
			size: 40,
			thickness: 4,
		} );
		expect( circle.classList.contains( 'tessera-speed-circle--red' ) ).toBe(
			true
		);
		expect( circle.dataset.size ).toBe( '40' );
		expect( circle.dataset.thickness ).toBe( '4' );
		expect( circle.querySelector( 'svg' )?.getAttribute( 'viewBox' ) ).toBe(
			'0 0 40 40'
		);
		expect( circle.getAttribute( 'aria-label' ) ).toBe(
			'Mobile score 45 of 100, load time 7.9 s'
		);
	} );

	it( 'writes the load time with one decimal, as the server does', () => {
		const circle = createCircle( {
			score: 70,
			tti: 2,
			postId: 1,
			device: 'desktop',
		} );
		expect( circle.dataset.tti ).toBe( '2.0' );
		expect( circle.getAttribute( 'aria-label' ) ).toBe(
			'Desktop score 70 of 100, load time 2.0 s'
		);
	} );

	it( 'fills the ring to score/100: empty at 0, full at 100', () => {
		expect( dashArray( 0, 100 ) ).toBe( '0.00 100.00' );
		expect( dashArray( 50, 100 ) ).toBe( '50.00 100.00' );
		expect( dashArray( 100, 100 ) ).toBe( '100.00 100.00' );
		expect( dashArray( 140, 100 ) ).toBe( '100.00 100.00' );
	} );

	it( 'setCircleValue moves the number and the ring together', () => {
		const circle = createCircle( {
			score: 80,
			tti: 2,
			postId: 1,
			device: 'desktop',
		} );
		setCircleValue( circle, 40 );
		expect(
			circle.querySelector( '.tessera-speed-circle__value' )?.textContent
		).toBe( '40' );
		expect(
			circle
				.querySelector( '.tessera-speed-circle__bar' )
				?.getAttribute( 'stroke-dasharray' )
		).toBe( dashArray( 40, circumference ) );
		// The final score stays in the data attributes and the label.
		expect( circle.dataset.score ).toBe( '80' );
	} );
} );
