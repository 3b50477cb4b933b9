/**
 * The album's Back (spec §2): history with a referrer on the same host, the link's trimmed address otherwise, and
 * nothing for albums whose in-place navigation (AJAX on) takes the click.
 */

/**
 * External dependencies
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import { onBack, sameHost } from '../view';

/**
 * An album with a Back link, and a click on it.
 *
 * @param ajax Whether the album navigates in place.
 */
function click( ajax = false ): MouseEvent {
	document.body.innerHTML = `<div class="tessera-album" ${
		ajax ? 'data-ajax-url="/x"' : ''
	}><a class="tessera-album__back" data-action="back" href="/demo/#bwg_container1_0"><span>‹</span> Back</a></div>`;
	const event = new MouseEvent( 'click', {
		bubbles: true,
		cancelable: true,
	} );
	document.querySelector( 'a span' )?.dispatchEvent( event );
	return event;
}

describe( 'album back', () => {
	const back = jest.spyOn( history, 'back' ).mockImplementation( () => {} );
	let referrer = '';
	jest.spyOn( document, 'referrer', 'get' ).mockImplementation(
		() => referrer
	);
	beforeEach( () => {
		back.mockClear();
	} );

	it( 'tells a referrer of this host', () => {
		expect( sameHost( 'http://localhost/demo/', 'localhost' ) ).toBe(
			true
		);
		expect( sameHost( 'https://elsewhere.test/', 'localhost' ) ).toBe(
			false
		);
		expect( sameHost( '', 'localhost' ) ).toBe( false );
		expect( sameHost( 'not a url', 'localhost' ) ).toBe( false );
	} );

	it( 'goes back in history after a page of this host', () => {
		document.addEventListener( 'click', onBack );
		referrer = `${ location.origin }/demo/`;
		expect( click().defaultPrevented ).toBe( true );
		expect( back ).toHaveBeenCalledTimes( 1 );

		// In-place navigation takes its own Back.
		expect( click( true ).defaultPrevented ).toBe( false );
		expect( back ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'follows the trimmed address without such a referrer', () => {
		for ( const value of [ '', 'https://search.example/?q=x' ] ) {
			referrer = value;
			const event = click();
			expect( event.defaultPrevented ).toBe( false );
		}
		expect( back ).not.toHaveBeenCalled();
	} );
} );
