/**
 * Forms without JavaScript (docs/forms.md, "Markup" and "Submission"): the browser's own validation, a normal
 * post that the server validates with the same rules, errors tied to their fields with what was typed kept, and
 * the success message by location after the redirect.
 */

/**
 * External dependencies
 */
import { expect, test } from '@playwright/test';

/**
 * Internal dependencies
 */
import {
	consentingVisitor,
	DEMO_PATH,
	ensureDemo,
	entries,
	formId,
	startedSecondsAgo,
} from './support';

test.describe( 'forms without JavaScript', { tag: '@visitor' }, () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test( 'the browser blocks an empty required field, the server refuses what only it checks, and a valid post is stored once', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		const id = formId( 'demo-contact' );
		const before = entries( id ).total;
		await page.goto( DEMO_PATH );
		const form = page.locator( `#evf-form-${ id }` );
		const name = form.getByLabel( 'Name' );
		const email = form.getByLabel( 'E-mail' );
		const message = form.getByLabel( 'Message' );

		// Native validation (no script): the empty required name stops the post.
		await form.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( page ).toHaveURL( new RegExp( `${ DEMO_PATH }$` ) );
		expect(
			await name.evaluate(
				( el ) => ( el as HTMLInputElement ).validity.valueMissing
			)
		).toBe( true );

		// Minimum words is the server's (and the island's) rule: the page comes back with the error and the values.
		// The form refuses posts sent less than 3 s after it was rendered (a spam defence).
		await startedSecondsAgo( form );
		await name.fill( 'Ada "Countess" <Lovelace>' );
		await email.fill( 'ada@example.org' );
		await message.fill( 'Two words' );
		await form.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( page ).toHaveURL( new RegExp( `#evf-form-${ id }$` ) );
		const refused = page.locator( `#evf-form-${ id }` );
		await expect( refused.getByLabel( 'Name' ) ).toHaveValue(
			'Ada "Countess" <Lovelace>'
		);
		await expect( refused.getByLabel( 'Message' ) ).toHaveValue(
			'Two words'
		);
		await expect( refused.getByLabel( 'Message' ) ).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		await expect(
			refused.getByLabel( 'Message' )
		).toHaveAccessibleDescription( 'Please enter at least 3 words' );
		await expect(
			page
				.getByRole( 'alert' )
				.filter( { hasText: 'please correct the fields marked below' } )
		).toBeVisible();
		expect( entries( id ).total ).toBe( before );

		await refused.getByLabel( 'Message' ).fill( 'Now three words' );
		await refused.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( page ).toHaveURL( /[?&]evf_sent=/ );
		await expect(
			page
				.getByRole( 'status' )
				.filter( { hasText: 'Your message has been sent' } )
		).toBeVisible();
		// The form is there again, empty, for another message.
		await expect(
			page.locator( `#evf-form-${ id }` ).getByLabel( 'Name' )
		).toHaveValue( '' );

		const after = entries( id );
		expect( after.total ).toBe( before + 1 );
		expect( after.rows[ 0 ].values ).toMatchObject( {
			name: 'Ada "Countess" <Lovelace>',
			email: 'ada@example.org',
			message: 'Now three words',
		} );

		// Reloading the success page sends nothing again.
		await page.reload();
		expect( entries( id ).total ).toBe( before + 1 );
		await context.close();
	} );

	test( 'every field type, without JavaScript: a confirmation mismatch comes back from the server, then every value is stored as the server cleans it', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		const id = formId( 'demo-every-field' );
		const before = entries( id ).total;
		await page.goto( DEMO_PATH );
		const form = page.locator( `#evf-form-${ id }` );
		// The form refuses posts sent less than 3 s after it was rendered (a spam defence).
		await startedSecondsAgo( form );
		await form.getByLabel( 'Single line text' ).fill( 'Hello' );
		await form.getByLabel( 'Paragraph text' ).fill( 'Three whole words' );
		await form.getByLabel( /^E-mail/ ).fill( 'ada@example.org' );
		await form.getByLabel( 'Confirm E-mail' ).fill( 'ada@example.com' );
		await form.getByLabel( /^Password/ ).fill( 'correct horse' );
		await form.getByLabel( 'Confirm Password' ).fill( 'correct horse' );
		await form.getByLabel( 'Website' ).fill( 'example.org/about' );
		await form.getByLabel( 'Guests' ).fill( '4' );
		await form.getByLabel( 'Phone' ).fill( '+44 (20) 7946-0000' );
		await form.getByLabel( 'T-shirt size' ).selectOption( 'Medium' );
		await form.getByLabel( 'Vegetarian' ).check();
		await form.getByLabel( 'Code' ).check();
		await form.getByLabel( 'Writing' ).check();
		await form.getByLabel( 'Lunch' ).check();
		await form.getByLabel( /I agree to the processing/ ).check();
		await form.getByRole( 'button', { name: 'Send everything' } ).click();

		// The server's confirmation rule, tied to the field; what was typed is still there.
		const again = page.locator( `#evf-form-${ id }` );
		const email = again.getByLabel( /^E-mail/ );
		await expect( email ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( email ).toHaveAccessibleDescription(
			'Please enter the same value again'
		);
		await expect( again.getByLabel( 'Website' ) ).toHaveValue(
			'example.org/about'
		);
		await expect( again.getByLabel( 'Code' ) ).toBeChecked();
		expect( entries( id ).total ).toBe( before );

		await again.getByLabel( 'Confirm E-mail' ).fill( 'ada@example.org' );
		// Passwords are never printed back into the page: typed again.
		await again.getByLabel( /^Password/ ).fill( 'correct horse' );
		await again.getByLabel( 'Confirm Password' ).fill( 'correct horse' );
		await again.getByRole( 'button', { name: 'Send everything' } ).click();
		await expect( page ).toHaveURL( /[?&]evf_sent=/ );

		const stored = entries( id );
		expect( stored.total ).toBe( before + 1 );
		expect( stored.rows[ 0 ].values ).toMatchObject( {
			text: 'Hello',
			paragraph: 'Three whole words',
			email: 'ada@example.org',
			password: 'correct horse',
			website: 'http://example.org/about',
			guests: '4',
			phone: '+44 (20) 7946-0000',
			size: 'Medium',
			meal: 'Vegetarian',
			topics: [ 'Code', 'Writing' ],
			extras: [ 'Lunch' ],
			privacy: '1',
			source: 'demo-page',
		} );
		await context.close();
	} );

	test( 'success message location hide: the message replaces the form', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		const id = formId( 'demo-message-hide' );
		await page.goto( DEMO_PATH );
		const form = page.locator( `#evf-form-${ id }` );
		await form.getByLabel( 'E-mail' ).fill( 'hide@example.org' );
		await form.getByRole( 'button', { name: 'Subscribe' } ).click();
		await expect(
			page
				.getByRole( 'status' )
				.filter( { hasText: 'message location: hide' } )
		).toBeVisible();
		await expect( page.locator( `#evf-form-${ id }` ) ).toHaveCount( 0 );
		expect( entries( id ).rows[ 0 ].values.email ).toBe(
			'hide@example.org'
		);
		await context.close();
	} );

	for ( const [ location, sibling ] of [
		[ 'top', 'previousElementSibling' ],
		[ 'bottom', 'nextElementSibling' ],
	] as const ) {
		test( `success message location ${ location }: the message is ${ sibling } of the form, which is there again`, async ( {
			browser,
		} ) => {
			const { context, page } = await consentingVisitor( browser, {
				javaScriptEnabled: false,
			} );
			const id = formId( `demo-message-${ location }` );
			await page.goto( DEMO_PATH );
			const form = page.locator( `#evf-form-${ id }` );
			await form
				.getByLabel( 'E-mail' )
				.fill( `${ location }@example.org` );
			await form.getByRole( 'button', { name: 'Subscribe' } ).click();
			await expect(
				page
					.getByRole( 'status' )
					.filter( { hasText: `message location: ${ location }` } )
			).toBeVisible();
			const after = page.locator( `#evf-form-${ id }` );
			await expect( after.getByLabel( 'E-mail' ) ).toHaveValue( '' );
			expect(
				await after.evaluate(
					( el, key ) => el[ key ]?.getAttribute( 'role' ),
					sibling
				)
			).toBe( 'status' );
			expect( entries( id ).rows[ 0 ].values.email ).toBe(
				`${ location }@example.org`
			);
			await context.close();
		} );
	}

	test( 'a page as a cache serves it (no start time, no token): the first post comes back to be sent once more, then is stored', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		const id = formId( 'demo-contact' );
		const before = entries( id ).total;
		await page.goto( '/demo-contact/' );
		const form = page.locator( `#evf-form-${ id }` );
		await expect(
			form.locator( 'input[name="tessera_submission"]' )
		).toHaveValue( '' );
		await form.getByLabel( 'Name' ).fill( 'No Script' );
		await form.getByLabel( 'E-mail' ).fill( 'noscript@example.org' );
		await form.getByLabel( 'Message' ).fill( 'Sent without any script' );
		await form.getByRole( 'button', { name: 'Submit' } ).click();

		const again = page.locator( `#evf-form-${ id }` );
		await expect(
			page
				.getByRole( 'alert' )
				.filter( { hasText: 'send the form once more' } )
		).toBeVisible();
		await expect( again.getByLabel( 'Message' ) ).toHaveValue(
			'Sent without any script'
		);
		await expect(
			again.locator( 'input[name="tessera_submission"]' )
		).toHaveValue( /^[0-9a-f]{32}$/ );
		expect( entries( id ).total ).toBe( before );

		// The minimum fill time counts from that answer: as if the visitor read it for a while.
		await startedSecondsAgo( again );
		await again.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( page ).toHaveURL( /[?&]evf_sent=/ );
		await expect(
			page
				.getByRole( 'status' )
				.filter( { hasText: 'Your message has been sent' } )
		).toBeVisible();
		const after = entries( id );
		expect( after.total ).toBe( before + 1 );
		expect( after.rows[ 0 ].values.message ).toBe(
			'Sent without any script'
		);

		await context.close();
	} );

	test( 'a page older than its nonce: the post comes back with what was typed and a fresh nonce, then is stored', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		const id = formId( 'demo-contact' );
		const before = entries( id ).total;
		await page.goto( '/demo-contact/' );
		const form = page.locator( `#evf-form-${ id }` );
		await form.locator( 'input[name="security"]' ).evaluate( ( input ) => {
			( input as HTMLInputElement ).value = '0123456789';
		} );
		await startedSecondsAgo( form );
		await form.getByLabel( 'Name' ).fill( 'Old Page' );
		await form.getByLabel( 'E-mail' ).fill( 'old@example.org' );
		await form.getByLabel( 'Message' ).fill( 'From a stale page' );
		await form.getByRole( 'button', { name: 'Submit' } ).click();

		const again = page.locator( `#evf-form-${ id }` );
		await expect(
			page.getByRole( 'alert' ).filter( { hasText: 'had expired' } )
		).toBeVisible();
		await expect( again.getByLabel( 'Name' ) ).toHaveValue( 'Old Page' );
		await expect( again.getByLabel( 'Message' ) ).toHaveValue(
			'From a stale page'
		);
		await expect( again.locator( 'input[name="security"]' ) ).toHaveValue(
			/^[0-9a-f]{10}$/
		);
		await expect(
			again.locator( 'input[name="security"]' )
		).not.toHaveValue( '0123456789' );
		expect( entries( id ).total ).toBe( before );

		await again.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( page ).toHaveURL( /[?&]evf_sent=/ );
		expect( entries( id ).total ).toBe( before + 1 );
		expect( entries( id ).rows[ 0 ].values.message ).toBe(
			'From a stale page'
		);
		await context.close();
	} );
} );
