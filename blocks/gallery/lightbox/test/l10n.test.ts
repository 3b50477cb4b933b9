/**
 * The island's translations, read from the page (lightbox/l10n.ts).
 */

/**
 * External dependencies
 */
import { afterEach, describe, expect, it } from '@jest/globals';

/**
 * WordPress dependencies
 */
import { __, resetLocaleData } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { L10N_ID, loadTranslations } from '../l10n';

/**
 * Puts the page's translations element, as the server prints it.
 *
 * @param text Its content.
 */
function page( text: string ): void {
	const script = document.createElement( 'script' );
	script.type = 'application/json';
	script.id = L10N_ID;
	script.textContent = text;
	document.body.append( script );
}

afterEach( () => {
	document.body.innerHTML = '';
	resetLocaleData( undefined, 'tessera' );
} );

describe( 'the island translations', () => {
	it( "gives the page's translations to the island's strings", () => {
		page(
			JSON.stringify( {
				'': { domain: 'tessera', lang: 'de_DE' },
				Close: [ 'Schließen' ],
				'Loading the image…': [ 'Das Bild wird geladen …' ],
			} )
		);
		expect( __( 'Close', 'tessera' ) ).toBe( 'Close' );
		loadTranslations();
		expect( __( 'Close', 'tessera' ) ).toBe( 'Schließen' );
		expect( __( 'Loading the image…', 'tessera' ) ).toBe(
			'Das Bild wird geladen …'
		);
		// Another domain is left alone.
		expect( __( 'Close' ) ).toBe( 'Close' );
	} );

	it( 'leaves the strings as written without translations, or with some that are not JSON', () => {
		loadTranslations();
		expect( __( 'Close', 'tessera' ) ).toBe( 'Close' );
		page( '{ not json' );
		expect( () => loadTranslations() ).not.toThrow();
		expect( __( 'Close', 'tessera' ) ).toBe( 'Close' );
	} );
} );
