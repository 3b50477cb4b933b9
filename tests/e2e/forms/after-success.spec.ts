/**
 * What follows a background submission, and what comes before it (spec §2 Form behaviours, §4 Form submit
 * button): a submission sent before the island is ready, the form state `hide`, the redirect in the same tab, in a
 * new tab, and the same-tab fallback when the new tab is blocked; the submission countdown.
 */

/**
 * External dependencies
 */
import { expect, test, type Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import {
	ACTION,
	consentingVisitor,
	ensureDemo,
	entries,
	formId,
	DEMO_PATH,
	requestsSettled,
	startedSecondsAgo,
	testForm,
} from './support';

/** Where the tests' redirects go: the demo contact page, an address of the site (absolute, as saved). */
const THANKS = `${ process.env.WP_BASE_URL || '' }/demo-contact/?thanks=`;

/**
 * The background submission's answer, awaited.
 *
 * @param page The page.
 */
function ajaxAnswer( page: Page ) {
	return page.waitForResponse(
		( response ) =>
			response.url().includes( 'admin-ajax.php' ) &&
			( response.request().postData() || '' ).includes(
				`action=${ ACTION }`
			)
	);
}

test.describe( 'after a background submission', { tag: '@visitor' }, () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test( 'a first click on Send before the island is ready (after autofill) is held, then sent in the background', async ( {
		browser,
	} ) => {
		const { page, context, errors } = await consentingVisitor( browser );
		const id = formId( 'demo-message-top' );
		const before = entries( id ).total;
		const requested: string[] = [];
		page.on( 'request', ( request ) => requested.push( request.url() ) );
		// Idle time passes on the page's clock (its timers and idle callbacks run): nothing of the island is
		// loaded without the visitor's intent.
		await page.clock.install();
		await page.goto( DEMO_PATH, { waitUntil: 'load' } );
		await page.clock.runFor( 2500 );
		await requestsSettled( page );
		expect(
			requested.filter( ( url ) =>
				/\/react(-dom)?(\.min)?\.js|form\/island\.js/.test( url )
			)
		).toEqual( [] );
		const form = page.locator( `#evf-form-${ id }` );
		await startedSecondsAgo( form );
		const address = 'held-click@example.org';
		// As the browser's autofill does: a value without any event.
		await form
			.locator( 'input[type=email]' )
			.evaluate( ( input: HTMLInputElement, value ) => {
				input.value = value;
			}, address );
		await page.evaluate( () => {
			( window as unknown as { samePage: boolean } ).samePage = true;
		} );
		const answer = ajaxAnswer( page );
		await form.getByRole( 'button', { name: 'Subscribe' } ).click();
		expect( ( await answer ).status() ).toBe( 200 );
		await expect(
			page.locator( `#evf-form-${ id }-notice` )
		).toContainText( 'Subscribed (message location: top).' );
		// No page load: the island sent it.
		expect(
			await page.evaluate(
				() => ( window as unknown as { samePage?: boolean } ).samePage
			)
		).toBe( true );
		await expect( form ).toHaveAttribute( 'data-island', 'ready' );
		await expect( form ).not.toHaveAttribute( 'aria-busy', 'true' );
		const after = entries( id );
		expect( after.total ).toBe( before + 1 );
		expect( after.rows[ 0 ].values.email ).toBe( address );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'form state hide: the rows and the submit button are hidden, the message stays', async ( {
		browser,
	} ) => {
		const form = testForm( 'e2e-form-state-hide', {
			formStateType: 'hide',
			messageLocation: 'top',
			successMessage: 'Done, the form is closed.',
		} );
		const { page, context, errors } = await consentingVisitor( browser );
		await page.goto( form.path );
		const element = page.locator( `#evf-form-${ form.id }` );
		await element.getByLabel( 'E-mail' ).fill( 'state-hide@example.org' );
		const answer = ajaxAnswer( page );
		await element.getByRole( 'button', { name: 'Submit' } ).click();
		expect( ( await answer ).status() ).toBe( 200 );
		await expect(
			page.locator( `#evf-form-${ form.id }-notice` )
		).toContainText( 'Done, the form is closed.' );
		await expect( element.getByLabel( 'E-mail' ) ).toBeHidden();
		await expect(
			element.getByRole( 'button', { name: 'Submit' } )
		).toBeHidden();
		expect( entries( form.id ).rows[ 0 ].values.email ).toBe(
			'state-hide@example.org'
		);
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'a redirect goes to the returned address in the same tab', async ( {
		browser,
	} ) => {
		const form = testForm( 'e2e-form-redirect', {
			redirectUrl: `${ THANKS }same-tab`,
			redirectNewTab: false,
		} );
		const { page, context } = await consentingVisitor( browser );
		await page.goto( form.path );
		const element = page.locator( `#evf-form-${ form.id }` );
		await element.getByLabel( 'E-mail' ).fill( 'redirect@example.org' );
		await element.getByRole( 'button', { name: 'Submit' } ).click();
		await page.waitForURL( /\/demo-contact\/\?thanks=same-tab$/ );
		expect( entries( form.id ).rows[ 0 ].values.email ).toBe(
			'redirect@example.org'
		);
		await context.close();
	} );

	test( 'a redirect in a new tab opens it and keeps the form; a blocked tab falls back to the same tab', async ( {
		browser,
	} ) => {
		const form = testForm( 'e2e-form-redirect-tab', {
			redirectUrl: `${ THANKS }new-tab`,
			redirectNewTab: true,
		} );
		const { page, context } = await consentingVisitor( browser );
		await page.goto( form.path );
		let element = page.locator( `#evf-form-${ form.id }` );
		await element.getByLabel( 'E-mail' ).fill( 'new-tab@example.org' );
		const opened = context.waitForEvent( 'page' );
		await element.getByRole( 'button', { name: 'Submit' } ).click();
		const tab = await opened;
		await tab.waitForURL( /\/demo-contact\/\?thanks=new-tab$/ );
		// This tab stays, as after any success: the message, the form empty and ready for another entry.
		expect( page.url() ).toContain( form.path );
		await expect(
			page.locator( `#evf-form-${ form.id }-notice` )
		).toBeVisible();
		await expect( element.getByLabel( 'E-mail' ) ).toHaveValue( '' );
		await expect(
			element.getByRole( 'button', { name: 'Submit' } )
		).toBeEnabled();
		await tab.close();

		// A popup blocker: window.open answers null.
		await page.evaluate( () => {
			window.open = () => null;
		} );
		element = page.locator( `#evf-form-${ form.id }` );
		await element.getByLabel( 'E-mail' ).fill( 'blocked-tab@example.org' );
		await element.getByRole( 'button', { name: 'Submit' } ).click();
		await page.waitForURL( /\/demo-contact\/\?thanks=new-tab$/ );
		const rows = entries( form.id ).rows;
		expect( rows[ 0 ].values.email ).toBe( 'blocked-tab@example.org' );
		expect( rows[ 1 ].values.email ).toBe( 'new-tab@example.org' );
		await context.close();
	} );

	test( 'the submission countdown ticks each second with the button disabled, then removes itself', async ( {
		browser,
	} ) => {
		const form = testForm( 'e2e-form-countdown', { countdown: 4 } );
		const { page, context, errors } = await consentingVisitor( browser );
		await page.goto( form.path );
		const element = page.locator( `#evf-form-${ form.id }` );
		const countdown = element.locator( '.evf-submission-countdown' );
		const button = element.getByRole( 'button', { name: 'Submit' } );
		await expect( countdown ).toBeVisible();
		await expect( button ).toBeDisabled();
		// Read in the page (the element removes itself): every value shown, in order.
		const seen = await countdown.evaluate(
			( shown ) =>
				new Promise< string[] >( ( resolve ) => {
					const values = [ shown.textContent || '' ];
					const timer = window.setInterval( () => {
						if ( ! shown.isConnected ) {
							window.clearInterval( timer );
							resolve( values );
						} else if (
							shown.textContent !== values[ values.length - 1 ]
						) {
							values.push( shown.textContent || '' );
						}
					}, 50 );
				} )
		);
		// It started at 4 when the page was ready; a slow machine may have passed a second before this read.
		expect( seen.slice( -3 ) ).toEqual( [ '3', '2', '1' ] );
		await expect( button ).toBeEnabled();
		expect( errors ).toEqual( [] );
		await context.close();
	} );
} );
