/**
 * Tessera → Proxies (docs/deployment.md, "Proxies"): the site owner trusts a preset or lists addresses;
 * a line that is no address is named and nothing is saved; the screen shows the address Tessera reads.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import { sitePhp } from '../forms/support';

const SCREEN = '/wp-admin/admin.php?page=tessera-proxies';

test.describe( 'trusted proxies screen', () => {
	test.afterEach( () => {
		sitePhp( "delete_option( 'tessera_trusted_proxies' );" );
	} );

	test( 'an administrator trusts a preset and addresses; a bad line is named and nothing is saved', async ( {
		page,
	} ) => {
		await page.goto( SCREEN );
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toHaveText(
			'Tessera: proxies and client addresses'
		);
		// This request came straight from 127.0.0.1: that is the address Tessera reads.
		await expect(
			page.getByRole( 'row', {
				name: /Your address as Tessera reads it/,
			} )
		).toContainText( '127.0.0.1' );

		await page
			.getByRole( 'checkbox', {
				name: /reverse proxy or page cache on this server/,
			} )
			.check();
		const list = page.getByRole( 'textbox', {
			name: /More proxies: addresses and CIDR ranges/,
		} );
		await list.fill( '203.0.113.7\n10.0.0.0/8' );
		await page.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
		await expect(
			page.getByRole( 'checkbox', {
				name: /reverse proxy or page cache on this server/,
			} )
		).toBeChecked();
		await expect( list ).toHaveValue( '203.0.113.7\n10.0.0.0/8' );
		await expect(
			page.getByText( '4 addresses and ranges are trusted now.' )
		).toBeVisible();

		// A line with markup (or any non-address) is refused by name; the stored list stays.
		await list.fill( '192.0.2.1\n<script>alert(1)</script>' );
		await page.getByRole( 'button', { name: 'Save Changes' } ).click();
		await expect(
			page.getByText(
				/“<script>alert\(1\)<\/script>” is not an IP address or a CIDR range/
			)
		).toBeVisible();
		await expect( page.getByText( 'Settings saved.' ) ).toHaveCount( 0 );
		await expect( list ).toHaveValue( '203.0.113.7\n10.0.0.0/8' );

		const results = await new AxeBuilder( { page } )
			.include( '.wrap' )
			.analyze();
		expect( results.violations ).toEqual( [] );
	} );
} );
