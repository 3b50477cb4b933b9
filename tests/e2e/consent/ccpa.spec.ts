/**
 * Cookie consent under CCPA (issue 3; docs/consent.md "Transitions" and "Page output"): an opt-out law —
 * nothing is blocked until the visitor opts out with "Do Not Sell or Share My Personal Information"; the
 * opt-out popup's switch; close; revisit and opting back in; Global Privacy Control; Consent Mode; axe.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect, WP_BASE_URL } from '../speed/support';
import {
	consentCookie,
	consentModeCalls,
	cookiePattern,
	DEMO_PATH,
	expectBlocked,
	expectRestored,
	privacySignals,
	ranScripts,
	resetThirdParty,
	keepSettings,
	saveSettings,
	thirdPartyRequests,
	VIDEO_SRC,
	visitor,
} from './support';

const DO_NOT_SELL = 'Do Not Sell or Share My Personal Information';
// CCPA defaults: necessary and functional on, the rest off (what an opt-out stops).
const DEFAULTS = {
	necessary: 'yes',
	functional: 'yes',
	analytics: 'no',
	performance: 'no',
	advertisement: 'no',
} as const;
const ALL_YES = {
	necessary: 'yes',
	functional: 'yes',
	analytics: 'yes',
	performance: 'yes',
	advertisement: 'yes',
} as const;

const banner = ( page: Page ) => page.locator( '#tessera-consent-banner' );
const revisit = ( page: Page ) => page.locator( '#tessera-consent-revisit' );
const popup = ( page: Page ) =>
	page.getByRole( 'dialog', { name: DO_NOT_SELL } );

/**
 * Opens the opt-out popup from the banner or the revisit button, sets the switch and saves.
 *
 * @param page   The page.
 * @param optOut The switch's new state.
 */
async function chooseOptOut( page: Page, optOut: boolean ): Promise< void > {
	const dialog = popup( page );
	await expect( dialog ).toBeVisible();
	const toggle = dialog.getByRole( 'switch', { name: DO_NOT_SELL } );
	await toggle.setChecked( optOut );
	await dialog.getByRole( 'button', { name: 'Save my preferences' } ).click();
	await expect( dialog ).toBeHidden();
}

test.describe(
	'Cookie consent (CCPA) on the demo page',
	{ tag: '@visitor' },
	() => {
		const original = keepSettings( test );

		test.beforeEach( async ( { requestUtils } ) => {
			await saveSettings( requestUtils, {
				activeLaw: 'ccpa',
				// The shipped CCPA defaults: necessary and functional on, the rest off (what an opt-out stops).
				categories: original().categories.map( ( category ) => ( {
					...category,
					defaultConsent: {
						gdpr: category.slug === 'necessary',
						ccpa: [ 'necessary', 'functional' ].includes(
							category.slug
						),
					},
				} ) ),
				reloadOnAccept: false,
				honourGpc: true,
				googleConsentMode: true,
				providers: original().providers,
			} );
			await resetThirdParty();
		} );

		test( 'a first visit shows the opt-out notice and blocks nothing', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await visitor( browser );
			const response = await page.goto( DEMO_PATH );
			const html = ( await response?.text() ) ?? '';
			expect( html ).toContain( 'data-tessera-law="ccpa"' );
			// The server blocks for everyone (the same page for all); the runtime lets it all run at once.
			expect( html ).toContain( 'data-tessera-category="analytics"' );
			await expect( banner( page ) ).toBeVisible();
			await expect(
				banner( page ).getByRole( 'button', { name: DO_NOT_SELL } )
			).toBeVisible();
			await expect(
				banner( page ).getByRole( 'button', { name: 'Accept all' } )
			).toHaveCount( 0 );
			await expect
				.poll( () => ranScripts( page ) )
				.toEqual( [ 'tracker', 'late' ] );
			await expect( page.locator( '#demo-video' ) ).toHaveAttribute(
				'src',
				VIDEO_SRC
			);
			expect( await consentCookie( context ) ).toBeUndefined();
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'opting out stores consent:reject and blocks from the next page on; opting back in allows all', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await visitor( browser );
			await page.goto( DEMO_PATH );
			await page.waitForLoadState( 'load' );
			await banner( page )
				.getByRole( 'button', { name: DO_NOT_SELL } )
				.click();
			await chooseOptOut( page, true );
			await expect( banner( page ) ).toBeHidden();
			expect( ( await consentCookie( context ) )?.value ).toMatch(
				cookiePattern( 'reject', 'yes', DEFAULTS )
			);
			// The analytics cookies the tracker set were deleted with the opt-out.
			const names = ( await context.cookies() ).map( ( c ) => c.name );
			expect( names ).not.toContain( '_ga' );

			await resetThirdParty();
			await page.goto( DEMO_PATH );
			await page.waitForLoadState( 'load' );
			await expectBlocked( page );

			// The revisit button shows the switch on; turning it off allows everything again, at once.
			await revisit( page ).click();
			await expect(
				popup( page ).getByRole( 'switch', { name: DO_NOT_SELL } )
			).toBeChecked();
			await chooseOptOut( page, false );
			expect( ( await consentCookie( context ) )?.value ).toMatch(
				cookiePattern( 'yes', 'yes', ALL_YES )
			);
			await expect
				.poll( () => ranScripts( page ) )
				.toEqual( [ 'tracker', 'late' ] );
			await expect( page.locator( '#demo-video' ) ).toHaveAttribute(
				'src',
				VIDEO_SRC
			);
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'close records the action, keeps consent:no and blocks nothing', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await visitor( browser );
			await page.goto( DEMO_PATH );
			await banner( page )
				.getByRole( 'button', { name: 'Close' } )
				.click();
			await expect( banner( page ) ).toBeHidden();
			expect( ( await consentCookie( context ) )?.value ).toMatch(
				cookiePattern( 'no', 'yes', DEFAULTS )
			);
			await page.goto( DEMO_PATH );
			await expect( banner( page ) ).toBeHidden();
			await expect( revisit( page ) ).toBeVisible();
			await expect
				.poll( () => ranScripts( page ) )
				.toEqual( [ 'tracker', 'late' ] );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'Global Privacy Control counts as an opt-out from the first visit', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await visitor( browser, {
				extraHTTPHeaders: { 'Sec-GPC': '1' },
			} );
			await privacySignals( context, { gpc: true } );
			const response = await page.goto( DEMO_PATH );
			expect( ( await response?.text() ) ?? '' ).toContain(
				'data-tessera-category="analytics"'
			);
			await page.waitForLoadState( 'load' );
			await expect( page.locator( '#demo-tracker' ) ).toHaveAttribute(
				'type',
				'text/plain'
			);
			expect( await ranScripts( page ) ).toEqual( [] );
			expect( await thirdPartyRequests() ).toEqual( [] );
			// The banner still asks (no action yet), and the public object shows the opt-out.
			await expect( banner( page ) ).toBeVisible();
			expect(
				await page.evaluate(
					() => window.tessera?.consent?.categories.analytics
				)
			).toBe( false );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'Consent Mode under CCPA: granted until the visitor opts out', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await visitor( browser );
			await page.goto( DEMO_PATH );
			const consentCalls = () => consentModeCalls( page );
			const first = await consentCalls();
			expect( first[ 0 ]?.[ 1 ] ).toBe( 'default' );
			expect( first[ 1 ]?.[ 1 ] ).toBe( 'update' );
			expect( first[ 1 ]?.[ 2 ] ).toMatchObject( {
				ad_storage: 'granted',
				analytics_storage: 'granted',
			} );
			await banner( page )
				.getByRole( 'button', { name: DO_NOT_SELL } )
				.click();
			await chooseOptOut( page, true );
			await expect
				.poll( async () => ( await consentCalls() ).length )
				.toBe( 3 );
			expect( ( await consentCalls() )[ 2 ]?.[ 2 ] ).toMatchObject( {
				ad_storage: 'denied',
				ad_user_data: 'denied',
				ad_personalization: 'denied',
				analytics_storage: 'denied',
				functionality_storage: 'granted',
				security_storage: 'granted',
			} );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'keyboard and axe: the opt-out popup is a modal dialog with a real switch', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await visitor( browser );
			await page.goto( DEMO_PATH );
			const notice = await new AxeBuilder( { page } )
				.include( '#tessera-consent-banner' )
				.analyze();
			expect( notice.violations.map( ( v ) => v.id ) ).toEqual( [] );

			const opener = banner( page ).getByRole( 'button', {
				name: DO_NOT_SELL,
			} );
			await opener.focus();
			await page.keyboard.press( 'Enter' );
			const dialog = popup( page );
			await expect( dialog ).toBeVisible();
			const toggle = dialog.getByRole( 'switch', { name: DO_NOT_SELL } );
			await expect( toggle ).toBeFocused();
			await expect( toggle ).not.toBeChecked();
			const results = await new AxeBuilder( { page } )
				.include( 'dialog[open]' )
				.analyze();
			expect( results.violations.map( ( v ) => v.id ) ).toEqual( [] );
			await page.keyboard.press( 'Escape' );
			await expect( dialog ).toBeHidden();
			await expect( opener ).toBeFocused();
			expect( await consentCookie( context ) ).toBeUndefined();
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'with reload-on-accept, opting back in reloads the page, which runs the scripts', async ( {
			browser,
			requestUtils,
		} ) => {
			await saveSettings( requestUtils, { reloadOnAccept: true } );
			const { context, page, errors } = await visitor( browser );
			await page.goto( DEMO_PATH );
			await banner( page )
				.getByRole( 'button', { name: DO_NOT_SELL } )
				.click();
			await chooseOptOut( page, true );
			await page.goto( DEMO_PATH );
			await page.waitForLoadState( 'load' );
			expect( await ranScripts( page ) ).toEqual( [] );

			const reloaded = page.waitForEvent( 'load' );
			await revisit( page ).click();
			await chooseOptOut( page, false );
			await reloaded;
			await expectRestored( page );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'under Do Not Track, opting back in is stored but nothing is restored on that page', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await visitor( browser );
			await privacySignals( context, { dnt: true } );
			await page.goto( DEMO_PATH );
			await banner( page )
				.getByRole( 'button', { name: DO_NOT_SELL } )
				.click();
			await chooseOptOut( page, true );
			await page.goto( DEMO_PATH );
			await page.waitForLoadState( 'load' );
			await revisit( page ).click();
			await chooseOptOut( page, false );
			expect( ( await consentCookie( context ) )?.value ).toMatch(
				cookiePattern( 'yes', 'yes', ALL_YES )
			);
			// A restore happens inside the click: nothing of it happened.
			await expect( page.locator( '#demo-tracker' ) ).toHaveAttribute(
				'type',
				'text/plain'
			);
			await expect( page.locator( '#demo-video' ) ).not.toHaveAttribute(
				'src',
				/.+/
			);
			expect( await ranScripts( page ) ).toEqual( [] );
			await page.goto( DEMO_PATH );
			await expect
				.poll( () => ranScripts( page ) )
				.toEqual( [ 'tracker', 'late' ] );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'an opt-out is written to the consent log with the law', async ( {
			browser,
			page: adminPage,
		} ) => {
			const { context, page, errors } = await visitor( browser );
			await page.goto( DEMO_PATH );
			const logged = page.waitForRequest(
				( request ) =>
					request.url().includes( 'tessera/v1/consent/log' ) &&
					request.method() === 'POST'
			);
			await banner( page )
				.getByRole( 'button', { name: DO_NOT_SELL } )
				.click();
			await chooseOptOut( page, true );
			await logged;
			const id = /consentid:([a-z0-9]{32})/.exec(
				( await consentCookie( context ) )?.value ?? ''
			)?.[ 1 ] as string;
			expect( id ).toMatch( /^[a-z0-9]{32}$/ );
			await expect
				.poll(
					async () => {
						await adminPage.goto(
							`/wp-admin/admin.php?page=tessera-consent-log&s=${ id }`
						);
						return adminPage
							.getByRole( 'row' )
							.filter( { hasText: id } )
							.filter( { hasText: 'ccpa' } )
							.filter( { hasText: 'reject' } )
							.count();
					},
					{ timeout: 10_000 }
				)
				.toBe( 1 );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		for ( const [ label, value ] of [
			[ 'garbage', 'consent:reject' ],
			[
				'tampered id',
				'consentid:short,consent:reject,action:yes,necessary:yes,functional:yes,analytics:no,performance:no,advertisement:no',
			],
			[
				'bad consent value',
				'consentid:abcdefghijabcdefghijabcdefghij12,consent:maybe,action:yes,necessary:yes,functional:yes,analytics:no,performance:no,advertisement:no',
			],
		] as const ) {
			test( `a malformed cookie (${ label }) counts as a first visit: notice shown, nothing blocked, no script error`, async ( {
				browser,
			} ) => {
				const { context, page, errors } = await visitor( browser );
				await context.addCookies( [
					{ name: 'cookieyes-consent', value, url: WP_BASE_URL },
				] );
				await page.goto( DEMO_PATH );
				await expect( banner( page ) ).toBeVisible();
				await expect
					.poll( () => ranScripts( page ) )
					.toEqual( [ 'tracker', 'late' ] );
				expect(
					await page.evaluate(
						() => window.tessera?.consent?.isUserActionCompleted
					)
				).toBe( false );
				expect( errors ).toEqual( [] );
				await context.close();
			} );
		}
	}
);
