/**
 * The Tessera admin menu (issue 20, item 13; README.md "Settings"): the Plugins screen's Settings link opens the
 * menu's overview, the menu lists the settings screens, the old Settings → … addresses land on their screens, and
 * Statistics sits after the content menus.
 */

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';

test.describe( 'Tessera admin menu', () => {
	test( 'the Plugins screen has a Settings link to the Tessera menu, which lists its sections', async ( {
		page,
	} ) => {
		await page.goto( '/wp-admin/plugins.php' );
		await page
			.locator( 'tr[data-plugin="tessera/plugin.php"]' )
			.getByRole( 'link', { name: 'Settings', exact: true } )
			.click();
		await expect( page ).toHaveURL(
			/\/wp-admin\/admin\.php\?page=tessera-settings$/
		);
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toHaveText(
			'Tessera settings'
		);
		const menu = page.locator( '#toplevel_page_tessera-settings' );
		await expect( menu ).toHaveClass( /current/ );
		await expect( menu.locator( '.wp-submenu a' ) ).toHaveText( [
			'Overview',
			'Page speed',
			'Cookie consent',
			'Consent log',
			'Proxies',
		] );
		// The overview links every place Tessera is set up, the two outside the menu too.
		const overview = page.locator( '.tessera-settings-sections' );
		for ( const [ name, href ] of [
			[ 'Page speed', /page=tessera$/ ],
			[ 'Cookie consent', /page=tessera-consent$/ ],
			[ 'Consent log', /page=tessera-consent-log$/ ],
			[ 'Proxies', /page=tessera-proxies$/ ],
			[ 'Statistics', /page=tessera-stats#settings$/ ],
			[
				'Form entries',
				/post_type=tessera_form&page=tessera-form-entries$/,
			],
		] as const ) {
			await expect(
				overview.getByRole( 'link', { name, exact: true } )
			).toHaveAttribute( 'href', href );
		}
		await overview.getByRole( 'link', { name: 'Page speed' } ).click();
		await expect( page.getByRole( 'heading', { level: 1 } ) ).toHaveText(
			'Page speed'
		);
		await expect(
			menu.locator( '.wp-submenu a[aria-current="page"]' )
		).toHaveText( 'Page speed' );
	} );

	test( 'an old Settings address lands on its screen under the Tessera menu, with its query', async ( {
		page,
	} ) => {
		for ( const [ slug, heading ] of [
			[ 'tessera', 'Page speed' ],
			[ 'tessera-proxies', 'Tessera: proxies and client addresses' ],
			[ 'tessera-consent-log', 'Consent log' ],
		] ) {
			await page.goto(
				`/wp-admin/options-general.php?page=${ slug }&s=x`
			);
			await expect( page ).toHaveURL(
				new RegExp( `/wp-admin/admin\\.php\\?page=${ slug }&s=x$` )
			);
			await expect(
				page.getByRole( 'heading', { level: 1 } ).first()
			).toHaveText( heading );
		}
		await page.goto( '/wp-admin/options-general.php?page=tessera-consent' );
		await expect( page ).toHaveURL(
			/\/wp-admin\/admin\.php\?page=tessera-consent$/
		);
		await expect(
			page.locator(
				'#toplevel_page_tessera-settings .wp-submenu a[aria-current="page"]'
			)
		).toHaveText( 'Cookie consent' );
	} );

	test( 'Statistics comes after Comments and the content menus, before Appearance', async ( {
		page,
	} ) => {
		await page.goto( '/wp-admin/' );
		const ids = await page
			.locator( '#adminmenu > li.menu-top' )
			.evaluateAll( ( items ) => items.map( ( item ) => item.id ) );
		const at = ( id: string ) => {
			expect( ids ).toContain( id );
			return ids.indexOf( id );
		};
		expect( at( 'toplevel_page_tessera-stats' ) ).toBeGreaterThan(
			at( 'menu-comments' )
		);
		expect( at( 'toplevel_page_tessera-stats' ) ).toBeGreaterThan(
			at( 'menu-posts-tessera_form' )
		);
		expect( at( 'toplevel_page_tessera-stats' ) ).toBeLessThan(
			at( 'menu-appearance' )
		);
		expect( at( 'toplevel_page_tessera-settings' ) ).toBeGreaterThan(
			at( 'menu-settings' )
		);
	} );
} );
