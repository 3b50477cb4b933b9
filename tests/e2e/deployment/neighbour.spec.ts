/**
 * Tessera beside the plugins a site owner already uses (issue 20, point 18): the local sites live outside the
 * plugin's own folder (bin/lib/home.sh), so another plugin installed on them gets its own asset addresses. With the
 * sites inside the checkout, WordPress mapped every file under the plugin's real folder to the plugin's URL, and a
 * second plugin's script came from /wp-content/plugins/tessera/.wp/…, which answers 403.
 */

/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import { sitePhp } from '../forms/support';

const SLUG = 'tessera-neighbour';

test.describe( 'another plugin on the local site', () => {
	let folder = '';

	test.beforeAll( () => {
		folder = path.join( sitePhp( 'echo WP_PLUGIN_DIR;' ), SLUG );
		fs.mkdirSync( folder, { recursive: true } );
		fs.writeFileSync(
			path.join( folder, `${ SLUG }.php` ),
			`<?php
/**
 * Plugin Name: Tessera neighbour (test)
 */
add_action( 'wp_enqueue_scripts', static function () {
	wp_enqueue_script( '${ SLUG }', plugins_url( 'neighbour.js', __FILE__ ), array(), '1', true );
} );
`
		);
		fs.writeFileSync(
			path.join( folder, 'neighbour.js' ),
			'window.tesseraNeighbour = "loaded";\n'
		);
		sitePhp( `activate_plugin( '${ SLUG }/${ SLUG }.php' );` );
	} );

	test.afterAll( () => {
		sitePhp( `deactivate_plugins( '${ SLUG }/${ SLUG }.php' );` );
		fs.rmSync( folder, { recursive: true, force: true } );
	} );

	test( "its script has its own address and loads beside Tessera's", async ( {
		page,
	} ) => {
		const answers: number[] = [];
		page.on( 'response', ( response ) => {
			if ( response.url().includes( 'neighbour.js' ) ) {
				answers.push( response.status() );
			}
		} );
		await page.goto( '/demo-consent/' );
		const src = await page
			.locator( `script#${ SLUG }-js` )
			.getAttribute( 'src' );
		expect( new URL( src ?? '', page.url() ).pathname ).toBe(
			`/wp-content/plugins/${ SLUG }/neighbour.js`
		);
		await expect
			.poll( () =>
				page.evaluate(
					() =>
						( window as unknown as { tesseraNeighbour?: string } )
							.tesseraNeighbour
				)
			)
			.toBe( 'loaded' );
		expect( answers ).toEqual( [ 200 ] );
		// Tessera's own assets still come from its folder on the same page.
		await expect(
			page.locator( 'script[src*="/wp-content/plugins/tessera/build/"]' )
		).not.toHaveCount( 0 );
	} );
} );
