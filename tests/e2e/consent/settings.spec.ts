/**
 * Tessera → Cookie consent (issue 3; docs/consent.md, "Settings model (server)"): an administrator edits
 * and saves the settings; a refused value is named and tied to its control and nothing is stored; an
 * editor has no such screen.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * WordPress dependencies
 */
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { test, expect, loggedInContext } from '../speed/support';

const SCREEN = '/wp-admin/admin.php?page=tessera-consent';
const ROOT = '#tessera-consent-settings';
const ROUTE = '/tessera/v1/consent/settings';

/** Console errors of the current test's page. */
const consoleErrors: string[] = [];

/** The settings as stored, read over REST. */
type Settings = Record< string, unknown > & {
	activeLaw: string;
	texts: Record< string, string >;
	providers: Array< { re: string } >;
};

/**
 * GET the settings over REST as the administrator.
 *
 * @param requestUtils Admin request utilities.
 * @return The settings.
 */
function storedSettings( requestUtils: RequestUtils ): Promise< Settings > {
	return requestUtils.rest< Settings >( { path: ROUTE } );
}

/**
 * Axe violations inside the screen.
 *
 * @param page The page.
 * @return Rule ids and the offending nodes.
 */
async function violations(
	page: Page
): Promise< Array< { id: string; nodes: string[] } > > {
	const results = await new AxeBuilder( { page } ).include( ROOT ).analyze();
	return results.violations.map( ( v ) => ( {
		id: v.id,
		nodes: v.nodes.map( ( n ) => n.html ),
	} ) );
}

/**
 * Open the screen and wait until the settings are loaded.
 *
 * @param page The page.
 */
async function openScreen( page: Page ): Promise< void > {
	await page.goto( SCREEN );
	await expect( page.getByLabel( 'Consent law' ) ).toBeVisible();
}

test.describe( 'Cookie consent settings screen', () => {
	let original: Settings;

	test.beforeAll( async ( { requestUtils } ) => {
		original = await storedSettings( requestUtils );
	} );

	// React and the components report misuse (a label pointing nowhere, a missing key) on the console.
	test.beforeEach( ( { page } ) => {
		page.on( 'console', ( message ) => {
			// The refused save is a 400 the browser reports as such; it is expected where it is tested.
			if (
				message.type() === 'error' &&
				! message
					.text()
					.startsWith(
						'Failed to load resource: the server responded with a status of 400'
					)
			) {
				consoleErrors.push( message.text() );
			}
		} );
	} );

	test.afterEach( () => {
		const seen = consoleErrors.splice( 0 );
		expect( seen, 'no console errors' ).toEqual( [] );
	} );

	test.afterAll( async ( { requestUtils } ) => {
		// Put back what the site had (the defaults on a fresh site).
		await requestUtils.rest( {
			method: 'POST',
			path: ROUTE,
			data: original,
		} );
		await requestUtils.deleteAllUsers();
	} );

	test( 'an administrator finds it under the Tessera menu, sees it load, and axe finds nothing', async ( {
		page,
	} ) => {
		// Hold the GET back so that the loading state can be seen.
		let release: () => void = () => undefined;
		const held = new Promise< void >( ( resolve ) => {
			release = resolve;
		} );
		const settingsRequest = ( url: URL ) =>
			decodeURIComponent( url.href ).includes( ROUTE );
		await page.route( settingsRequest, async ( route ) => {
			if ( route.request().method() === 'GET' ) {
				await held;
			}
			await route.continue();
		} );
		// (Not from Settings → General: that page asks WordPress.org for translations, which logs a warning
		// offline.)
		await page.goto( '/wp-admin/' );
		const link = page.locator(
			'#adminmenu a[href="admin.php?page=tessera-consent"]'
		);
		await expect( link ).toHaveText( 'Cookie consent' );
		await page.goto( SCREEN );
		await expect( link ).toBeVisible();
		await expect( link ).toHaveAttribute( 'aria-current', 'page' );
		await expect(
			page.locator( ROOT ).getByRole( 'status' )
		).toContainText( 'Loading the consent settings…' );
		release();
		await expect( page.getByLabel( 'Consent law' ) ).toHaveValue( 'gdpr' );
		await page.unroute( settingsRequest );
		await expect( page.getByRole( 'heading', { level: 2 } ) ).toHaveText( [
			'Law',
			'Banner',
			'Texts',
			'Colours',
			'Categories',
			'Providers to block',
		] );
		expect( await violations( page ) ).toEqual( [] );
	} );

	test( 'changes to the law and a text are saved and kept after a reload', async ( {
		page,
		requestUtils,
	} ) => {
		await openScreen( page );
		await page.getByLabel( 'Consent law' ).selectOption( 'ccpa' );
		await page
			.getByLabel( '“Accept all” button' )
			.fill( 'Accept every cookie' );
		// Only the positions of the chosen banner type are offered.
		await page.getByLabel( 'Banner type' ).selectOption( 'classic' );
		await expect(
			page.getByLabel( 'Banner position' ).locator( 'option' )
		).toHaveText( [ 'Top', 'Bottom' ] );
		await page.getByLabel( 'Banner position' ).selectOption( 'top' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();
		await expect(
			page.locator( ROOT ).locator( '.components-notice.is-success' )
		).toContainText( 'Settings saved.' );

		const stored = await storedSettings( requestUtils );
		expect( stored.activeLaw ).toBe( 'ccpa' );
		expect( stored.bannerType ).toBe( 'classic' );
		expect( stored.bannerPosition ).toBe( 'top' );
		expect( stored.texts.acceptAll ).toBe( 'Accept every cookie' );
		expect( stored.texts.rejectAll ).toBe( original.texts.rejectAll );

		await page.reload();
		await expect( page.getByLabel( 'Consent law' ) ).toHaveValue( 'ccpa' );
		await expect( page.getByLabel( '“Accept all” button' ) ).toHaveValue(
			'Accept every cookie'
		);
		await expect( page.getByLabel( 'Banner position' ) ).toHaveValue(
			'top'
		);
	} );

	test( 'an invalid provider pattern is named, tied to its field, and nothing is stored or lost', async ( {
		page,
		requestUtils,
	} ) => {
		const before = await storedSettings( requestUtils );
		expect( before.providers.length ).toBeGreaterThanOrEqual( 3 );
		await openScreen( page );

		await page.getByLabel( 'Banner title' ).fill( 'Cookies, briefly' );
		const pattern = page
			.getByRole( 'group', { name: 'Provider 3', exact: true } )
			.getByLabel( 'Pattern' );
		await pattern.fill( '(ab' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();

		const notice = page
			.locator( ROOT )
			.locator( '.components-notice.is-error' );
		await expect( notice ).toContainText(
			'Provider 3: the pattern “(ab” is not a valid pattern'
		);
		await expect( pattern ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( pattern ).toHaveId( 'tessera-consent-providers-2-re' );
		const describedBy =
			( await pattern.getAttribute( 'aria-describedby' ) ) ?? '';
		expect( describedBy.split( ' ' ) ).toContain(
			'tessera-consent-providers-2-re-error'
		);
		await expect(
			page.locator( '#tessera-consent-providers-2-re-error' )
		).toContainText( 'Provider 3: the pattern “(ab”' );
		await expect( pattern ).toBeFocused();
		// Nothing typed is lost.
		await expect( pattern ).toHaveValue( '(ab' );
		await expect( page.getByLabel( 'Banner title' ) ).toHaveValue(
			'Cookies, briefly'
		);
		// No other control is marked.
		await expect(
			page.locator( `${ ROOT } [aria-invalid="true"]` )
		).toHaveCount( 1 );
		expect( await violations( page ) ).toEqual( [] );

		// Nothing was stored.
		expect( await storedSettings( requestUtils ) ).toEqual( before );

		// Fixed, it saves, and the marks go.
		await pattern.fill( 'example\\.com/ab' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();
		await expect(
			page.locator( ROOT ).locator( '.components-notice.is-success' )
		).toContainText( 'Settings saved.' );
		await expect( pattern ).not.toHaveAttribute( 'aria-invalid', 'true' );
		const after = await storedSettings( requestUtils );
		expect( after.providers[ 2 ]?.re ).toBe( 'example\\.com/ab' );
		expect( after.texts.title ).toBe( 'Cookies, briefly' );
	} );

	test( 'an editor has no menu item and is refused the screen', async ( {
		requestUtils,
	} ) => {
		const username = `consent-editor-${ Date.now() }`;
		const password = 'consent-e2e-password';
		await requestUtils.createUser( {
			username,
			email: `${ username }@example.com`,
			password,
			roles: [ 'editor' ],
		} );
		const ctx = await loggedInContext( username, password );
		try {
			const dashboard = await ctx.get( '/wp-admin/' );
			expect( dashboard.status() ).toBe( 200 );
			const html = await dashboard.text();
			expect( html ).toContain( 'id="adminmenu"' );
			expect( html ).not.toContain( 'page=tessera-consent' );

			const screen = await ctx.get( SCREEN.slice( 1 ) );
			expect( screen.status() ).toBe( 403 );
			const body = await screen.text();
			expect( body ).toContain(
				'Sorry, you are not allowed to access this page.'
			);
			expect( body ).not.toContain( 'id="tessera-consent-settings"' );
		} finally {
			await ctx.dispose();
		}
	} );
} );
