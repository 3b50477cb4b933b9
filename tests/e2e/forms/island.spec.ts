/**
 * The form island as a visitor uses it (docs/forms.md, spec §2–§5, §7, §8): loaded on intent without losing
 * what was typed, live validation with the server's messages and row states, the e-mail typo suggestion, the
 * choice limit, steps and conditional logic, the background submission by success-message location, the
 * server's refusals placed in the form, accessibility.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';
import {
	expect,
	test,
	type Locator,
	type Page,
	type Route,
} from '@playwright/test';

/**
 * Internal dependencies
 */
import {
	ACTION,
	consentingVisitor,
	DEMO_PATH,
	ensureDemo,
	entries,
	formId,
	pdfToText,
	startedSecondsAgo,
} from './support';

/**
 * The island is mounted on a form (it sets `novalidate`).
 *
 * @param form The form.
 */
async function mounted( form: Locator ): Promise< void > {
	await expect( form ).toHaveAttribute( 'novalidate', '' );
}

/**
 * Opens the demo page and waits for the island (the first focus inside a form is the intent).
 *
 * @param page The page.
 * @param id   A form id.
 */
async function openForm( page: Page, id: number ): Promise< Locator > {
	await page.goto( DEMO_PATH );
	const form = page.locator( `#evf-form-${ id }` );
	await form.locator( 'input:visible, textarea:visible' ).first().focus();
	await mounted( form );
	return form;
}

test.describe( 'the form island', { tag: '@visitor' }, () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test( 'React is loaded on intent only, and what was typed before survives', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const requested: string[] = [];
		page.on( 'request', ( request ) => requested.push( request.url() ) );
		const id = formId( 'demo-contact' );
		await page.goto( DEMO_PATH, { waitUntil: 'load' } );
		const form = page.locator( `#evf-form-${ id }` );
		await expect( form ).not.toHaveAttribute( 'novalidate', '' );
		expect(
			requested.filter( ( url ) =>
				/\/react(-dom)?(\.min)?\.js|form\/island\.js/.test( url )
			)
		).toEqual( [] );

		await form.getByLabel( 'Name' ).pressSequentially( 'Ada Lovelace' );
		await mounted( form );
		await expect( form.getByLabel( 'Name' ) ).toHaveValue( 'Ada Lovelace' );
		await expect( form.getByLabel( 'Name' ) ).toBeFocused();
		expect(
			requested.some( ( url ) => /\/react(\.min)?\.js/.test( url ) )
		).toBe( true );
		expect(
			requested.some( ( url ) => url.includes( 'form/island.js' ) )
		).toBe( true );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'fields are validated on blur with the server’s messages and row states; typing clears them', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const id = formId( 'demo-contact' );
		const form = await openForm( page, id );
		const name = form.getByLabel( 'Name' );
		const email = form.getByLabel( 'E-mail' );
		const message = form.getByLabel( 'Message' );
		const row = ( field: string ) =>
			form.locator( `#evf-${ id }-field_${ field }-container` );

		await name.focus();
		await email.focus();
		await expect( row( 'name' ) ).toHaveClass( /is-invalid-required/ );
		await expect( name ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( name ).toHaveAccessibleDescription(
			'This field is required'
		);

		await email.fill( 'ada@' );
		await message.focus();
		await expect( row( 'email' ) ).toHaveClass( /is-invalid-email/ );
		// The description is kept, the error added.
		await expect( email ).toHaveAccessibleDescription(
			'We answer within two working days. Please enter a valid email address'
		);

		await name.pressSequentially( 'A' );
		await expect( row( 'name' ) ).not.toHaveClass( /is-invalid/ );
		await expect( name ).not.toHaveAttribute( 'aria-invalid', /.*/ );

		await message.fill( 'Two words' );
		await name.focus();
		await expect( message ).toHaveAccessibleDescription(
			'Please enter at least 3 words'
		);
		await message.fill( 'Now three words' );
		await name.focus();
		await expect( row( 'message' ) ).toHaveClass( /is-validated/ );

		// Submitting with errors focuses the first invalid field.
		await email.fill( '' );
		await form.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( email ).toBeFocused();
		await expect( email ).toHaveAccessibleDescription(
			'We answer within two working days. This field is required'
		);

		const axe = await new AxeBuilder( { page } )
			.include( `#evf-form-${ id }` )
			.analyze();
		expect( axe.violations.map( ( v ) => v.id ) ).toEqual( [] );

		// Going offline clears the invalid states.
		await context.setOffline( true );
		await expect( row( 'email' ) ).not.toHaveClass( /is-invalid/ );
		await expect( email ).not.toHaveAttribute( 'aria-invalid', /.*/ );
		await context.setOffline( false );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'a typo in the e-mail domain is suggested and the suggestion fills the address', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const id = formId( 'demo-contact' );
		const form = await openForm( page, id );
		const email = form.getByLabel( 'E-mail' );
		await email.fill( 'ada@gmial.com' );
		await form.getByLabel( 'Subject' ).focus();
		const suggestion = form.getByRole( 'button', {
			name: 'ada@gmail.com',
		} );
		await expect( suggestion ).toBeVisible();
		await expect( form.locator( '.tessera-form__suggestion' ) ).toHaveText(
			'Did you mean ada@gmail.com?'
		);
		await suggestion.click();
		await expect( email ).toHaveValue( 'ada@gmail.com' );
		await expect( suggestion ).toHaveCount( 0 );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'the choice limit, select all and the URL scheme', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const id = formId( 'demo-every-field' );
		const form = await openForm( page, id );
		const topics = form.locator( `#evf-${ id }-field_topics-container` );
		await topics.getByLabel( 'Design' ).check();
		await topics.getByLabel( 'Code' ).check();
		await expect( topics ).toHaveClass( /is-validated/ );
		await topics.getByLabel( 'Writing' ).check();
		await expect( topics ).toHaveClass( /is-invalid/ );
		await expect( topics.locator( '.tessera-form__error' ) ).toHaveText(
			'You have exceeded the number of allowed selections: 2'
		);
		await topics.getByLabel( 'Writing' ).uncheck();
		await expect( topics.locator( '.tessera-form__error' ) ).toHaveCount(
			0
		);

		const extras = form.locator( `#evf-${ id }-field_extras-container` );
		await extras.getByLabel( 'Select all' ).check();
		for ( const choice of [ 'Parking', 'Lunch', 'Dinner' ] ) {
			await expect( extras.getByLabel( choice ) ).toBeChecked();
		}
		await extras.getByLabel( 'Lunch' ).uncheck();
		await expect( extras.getByLabel( 'Select all' ) ).not.toBeChecked();

		const website = form.getByLabel( 'Website' );
		await website.fill( 'example.org' );
		await form.getByLabel( 'Guests' ).focus();
		await expect( website ).toHaveValue( 'http://example.org' );
		await form.getByLabel( 'Guests' ).fill( '11' );
		await website.focus();
		await expect(
			form.locator(
				`#evf-${ id }-field_guests-container .tessera-form__error`
			)
		).toHaveText( 'Please enter a value less than or equal to 10' );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	for ( const location of [ 'top', 'bottom', 'hide' ] as const ) {
		test( `background submission, message location ${ location }`, async ( {
			browser,
		} ) => {
			const { context, page, errors } =
				await consentingVisitor( browser );
			const id = formId( `demo-message-${ location }` );
			const before = entries( id ).total;
			const form = await openForm( page, id );
			const address = `${ location }-island@example.org`;
			await form.getByLabel( 'E-mail' ).fill( address );
			const success = page.evaluate(
				( formSelector ) =>
					new Promise< string >( ( resolve ) =>
						document
							.querySelector( formSelector )
							?.addEventListener(
								'everest_forms_ajax_submission_success',
								( event ) =>
									resolve(
										String(
											(
												event as CustomEvent< {
													message: string;
												} >
											 ).detail.message
										)
									)
							)
					),
				`#evf-form-${ id }`
			);
			const answer = page.waitForResponse(
				( response ) =>
					response.url().includes( 'admin-ajax.php' ) &&
					( response.request().postData() || '' ).includes(
						`action=${ ACTION }`
					)
			);
			await form.getByRole( 'button', { name: 'Subscribe' } ).click();
			expect( ( await answer ).status() ).toBe( 200 );
			expect( await success ).toContain(
				`message location: ${ location }`
			);
			const notice = page.locator( `#evf-form-${ id }-notice` );
			await expect( notice ).toHaveRole( 'status' );
			await expect( notice ).toContainText(
				`Subscribed (message location: ${ location }).`
			);
			const side = await notice.evaluate( ( element, formSelector ) => {
				const formElement = document.querySelector( formSelector );
				return formElement &&
					formElement.compareDocumentPosition( element ) ===
						Node.DOCUMENT_POSITION_FOLLOWING
					? 'after'
					: 'before';
			}, `#evf-form-${ id }` );
			expect( side ).toBe(
				{ top: 'before', bottom: 'after', hide: 'before' }[ location ]
			);
			// hide: the message replaces the form; top and bottom: the form is there again, empty.
			await expect( form ).toBeVisible( {
				visible: location !== 'hide',
			} );
			await expect( form.locator( 'input[type=email]' ) ).toHaveValue(
				''
			);
			const after = entries( id );
			expect( after.total ).toBe( before + 1 );
			expect( after.rows[ 0 ].values.email ).toBe( address );
			expect( errors ).toEqual( [] );
			await context.close();
		} );
	}

	test( 'background submission, popup: a dialog that Escape closes, focus returned', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const id = formId( 'demo-message-popup' );
		const before = entries( id ).total;
		const form = await openForm( page, id );
		const token = await form
			.locator( 'input[name="tessera_submission"]' )
			.inputValue();
		await form.getByLabel( 'E-mail' ).fill( 'popup-island@example.org' );
		const button = form.getByRole( 'button', { name: 'Subscribe' } );
		await button.click();
		const dialog = page.getByRole( 'dialog', { name: 'Success' } );
		await expect( dialog ).toBeVisible();
		await expect( dialog ).toContainText(
			'Subscribed (message location: popup).'
		);
		await expect(
			dialog.getByRole( 'button', { name: 'Close' } )
		).toBeFocused();
		expect(
			await page.evaluate( () => document.body.style.overflow )
		).toBe( 'hidden' );
		const axe = await new AxeBuilder( { page } )
			.include( '.tessera-form__popup' )
			.analyze();
		expect( axe.violations.map( ( v ) => v.id ) ).toEqual( [] );
		// Tab stays inside.
		await page.keyboard.press( 'Tab' );
		await expect(
			dialog.getByRole( 'button', { name: 'Close' } )
		).toBeFocused();
		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toHaveCount( 0 );
		await expect( button ).toBeFocused();
		expect(
			await page.evaluate( () => document.body.style.overflow )
		).toBe( '' );
		// A new token for the next submission.
		await expect(
			form.locator( 'input[name="tessera_submission"]' )
		).not.toHaveValue( token );
		await expect(
			form.locator( 'input[name="tessera_submission"]' )
		).toHaveValue( /^[0-9a-f]{32}$/ );
		expect( entries( id ).total ).toBe( before + 1 );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'the server’s refusals: a notice at the top, field errors in place, the button back', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser );
		const id = formId( 'demo-contact' );
		const before = entries( id ).total;
		// A stale nonce that no refresh can mend (the refresh answers one as stale): 403 with data.message.
		const staleRefresh = ( route: Route ) =>
			route.fulfill( {
				contentType: 'application/json',
				body: JSON.stringify( {
					success: true,
					data: { nonce: '0123456789' },
				} ),
			} );
		await page.route(
			/admin-ajax\.php\?action=tessera_form_nonce/,
			staleRefresh
		);
		const form = await openForm( page, id );
		await form.getByLabel( 'Name' ).fill( 'Ada' );
		await form.getByLabel( 'E-mail' ).fill( 'ada@example.org' );
		await form.getByLabel( 'Message' ).fill( 'Three words here' );
		const button = form.getByRole( 'button', { name: 'Submit' } );
		await button.click();
		const notice = page.locator( `#evf-form-${ id }-notice` );
		await expect( notice ).toHaveRole( 'alert' );
		await expect( notice ).toContainText( 'This page had expired' );
		await expect( button ).toBeEnabled();
		await expect( button ).toHaveText( 'Submit' );
		await expect( form.getByLabel( 'Message' ) ).toHaveValue(
			'Three words here'
		);

		// A field error only the server finds (the request changed on its way): placed after the field.
		await page.unroute(
			/admin-ajax\.php\?action=tessera_form_nonce/,
			staleRefresh
		);
		await page.reload();
		const again = await openForm( page, id );
		await again.getByLabel( 'Name' ).fill( 'Ada' );
		await again.getByLabel( 'E-mail' ).fill( 'ada@example.org' );
		await again.getByLabel( 'Message' ).fill( 'Three words here' );
		// The form refuses posts sent less than 3 s after it was rendered (a spam defence).
		await startedSecondsAgo( again );
		await page.route( /admin-ajax\.php$/, ( route ) =>
			route.continue( {
				postData: ( route.request().postData() || '' ).replace(
					/(everest_forms%5Bform_fields%5D%5Bmessage%5D=)[^&]*/,
					'$1two+words'
				),
			} )
		);
		await again.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( `#evf-form-${ id }-notice` )
		).toContainText( 'please correct the fields marked below' );
		await expect( again.getByLabel( 'Message' ) ).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		await expect(
			again.getByLabel( 'Message' )
		).toHaveAccessibleDescription( 'Please enter at least 3 words' );
		await expect(
			again.locator( `#evf-${ id }-field_message-container` )
		).toHaveClass( /is-invalid/ );
		await expect(
			again.getByRole( 'button', { name: 'Submit' } )
		).toBeEnabled();
		expect( entries( id ).total ).toBe( before );
		await context.close();
	} );

	test( 'after a normal submission the page scrolls to the notice and focuses it', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const id = formId( 'demo-message-top' );
		const form = await openForm( page, id );
		// The same form, posted normally (as a form with background submission off is).
		await form.evaluate( ( element ) => {
			element.setAttribute( 'data-ajax_submission', '0' );
		} );
		await form.getByLabel( 'E-mail' ).fill( 'normal-island@example.org' );
		await form.getByRole( 'button', { name: 'Subscribe' } ).click();
		await expect( page ).toHaveURL( /[?&]evf_sent=/ );
		const notice = page.locator( `#evf-form-${ id }-notice` );
		await expect( notice ).toContainText( 'message location: top' );
		await expect( notice ).toBeFocused();
		await expect( notice ).toBeInViewport();
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'one page view, several submissions: a network failure, a retry, another entry, a refusal and its retry each show their own notice', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const id = formId( 'demo-contact' );
		const before = entries( id ).total;
		const form = await openForm( page, id );
		const notice = page.locator( `#evf-form-${ id }-notice` );
		const button = form.getByRole( 'button', { name: 'Submit' } );
		const token = form.locator( 'input[name="tessera_submission"]' );
		const isSubmission = ( request: { postData: () => string | null } ) =>
			( request.postData() || '' ).includes( `action=${ ACTION }` );
		/**
		 * Fills the form as one visitor and sends it; answers the status of the submission (0: none arrived).
		 *
		 * @param name    Name (the message says it too).
		 * @param started How long ago the form was started, in seconds (0: just now, sent too quickly).
		 */
		const send = async ( name: string, started = 10 ) => {
			await form.getByLabel( 'Name' ).fill( name );
			await form.getByLabel( 'E-mail' ).fill( 'retry@example.org' );
			await form.getByLabel( 'Message' ).fill( `Sent by ${ name }` );
			await startedSecondsAgo( form, started );
			const answer = page
				.waitForResponse( ( response ) =>
					isSubmission( response.request() )
				)
				.then( ( response ) => response.status() );
			const failure = page
				.waitForEvent( 'requestfailed', isSubmission )
				.then( () => 0 );
			await button.click();
			return Promise.race( [ answer, failure ] );
		};
		/**
		 * Expects the form after a success: empty, a new token, the button back.
		 * @param previous
		 */
		const resetAfterSuccess = async ( previous: string ) => {
			await expect( form.getByLabel( 'Name' ) ).toHaveValue( '' );
			await expect( form.getByLabel( 'Message' ) ).toHaveValue( '' );
			await expect( token ).not.toHaveValue( previous );
			await expect( token ).toHaveValue( /^[0-9a-f]{32}$/ );
			await expect( button ).toBeEnabled();
			await expect( form ).toBeVisible();
		};

		// 1. The network fails: the generic error, what was typed kept.
		const abort = ( route: Route ) => route.abort();
		await page.route( /admin-ajax\.php$/, abort );
		expect( await send( 'Offline First' ) ).toBe( 0 );
		await expect( notice ).toHaveRole( 'alert' );
		await expect( notice ).toHaveText(
			'The form could not be sent. Please try again.'
		);
		await expect( form.getByLabel( 'Message' ) ).toHaveValue(
			'Sent by Offline First'
		);
		await expect( button ).toBeEnabled();

		// 2. The retry of the same answers succeeds.
		await page.unroute( /admin-ajax\.php$/, abort );
		let previous = await token.inputValue();
		await startedSecondsAgo( form );
		const retried = page.waitForResponse( ( response ) =>
			isSubmission( response.request() )
		);
		await button.click();
		expect( ( await retried ).status() ).toBe( 200 );
		await expect( notice ).toHaveRole( 'status' );
		await expect( notice ).toContainText(
			'Thank you! Your message has been sent.'
		);
		await resetAfterSuccess( previous );

		// 3. Another entry from the same page view: a success again.
		previous = await token.inputValue();
		expect( await send( 'Second Entry' ) ).toBe( 200 );
		await expect( notice ).toHaveRole( 'status' );
		await expect( notice ).toContainText(
			'Thank you! Your message has been sent.'
		);
		await resetAfterSuccess( previous );

		// 4. Sent at once after that success (the minimum fill time counts anew): refused, then sent.
		expect( await send( 'Too Quick', 0 ) ).toBe( 400 );
		await expect( notice ).toHaveRole( 'alert' );
		await expect( notice ).toHaveText(
			'The form was sent too quickly. Please wait a few seconds and send it again.'
		);
		await expect( form.getByLabel( 'Message' ) ).toHaveValue(
			'Sent by Too Quick'
		);
		previous = await token.inputValue();
		await startedSecondsAgo( form );
		const resent = page.waitForResponse( ( response ) =>
			isSubmission( response.request() )
		);
		await button.click();
		expect( ( await resent ).status() ).toBe( 200 );
		await expect( notice ).toHaveRole( 'status' );
		await expect( notice ).toContainText(
			'Thank you! Your message has been sent.'
		);
		await resetAfterSuccess( previous );

		// One notice at a time, each entry stored once, and nothing thrown.
		await expect(
			page.locator( `[id="evf-form-${ id }-notice"]` )
		).toHaveCount( 1 );
		const stored = entries( id );
		expect( stored.total ).toBe( before + 3 );
		expect(
			stored.rows
				.slice( 0, 3 )
				.map( ( row ) => row.values.message )
				.reverse()
		).toEqual( [
			'Sent by Offline First',
			'Sent by Second Entry',
			'Sent by Too Quick',
		] );
		// The browser's own lines for the aborted request and the 400 are expected; nothing else.
		expect(
			errors.filter(
				( error ) => ! error.startsWith( 'Failed to load resource:' )
			)
		).toEqual( [] );
		await context.close();
	} );

	test( 'steps: Next validates the step, conditional fields appear and hidden ones are ignored', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		const id = formId( 'demo-multi-step' );
		const before = entries( id ).total;
		const form = await openForm( page, id );
		const progressbar = form.getByRole( 'progressbar' );
		await expect( progressbar ).toHaveAttribute( 'aria-valuenow', '1' );
		await expect( form.locator( '.tessera-form__live' ) ).toHaveText(
			'Step 1 of 2'
		);
		const question = form.getByLabel(
			'What would you like to talk about?'
		);
		await expect( question ).toBeHidden();
		await expect(
			form.locator( `#evf-${ id }-field_email-container` )
		).toBeHidden();

		// An empty required field blocks Next.
		await form.getByRole( 'button', { name: 'Next' } ).click();
		await expect( form.getByLabel( 'Name' ) ).toBeFocused();
		await expect( form.getByLabel( 'Name' ) ).toHaveAccessibleDescription(
			'This field is required'
		);
		await expect( question ).toBeHidden();

		await form.getByLabel( 'Name' ).fill( 'Grace' );
		await form.getByRole( 'radio', { name: 'E-mail' } ).check();
		await expect(
			form.getByRole( 'textbox', { name: 'E-mail' } )
		).toBeVisible();
		await form
			.getByRole( 'textbox', { name: 'E-mail' } )
			.fill( 'not-an-address' );
		// Phone instead: the e-mail field is hidden and ignored, the phone field appears and is required.
		await form.getByRole( 'radio', { name: 'Phone' } ).check();
		await expect(
			form.locator( `#evf-${ id }-field_email-container` )
		).toBeHidden();
		await expect(
			form.getByRole( 'textbox', { name: 'Phone' } )
		).toBeVisible();
		await form.getByRole( 'button', { name: 'Next' } ).click();
		await expect(
			form.getByRole( 'textbox', { name: 'Phone' } )
		).toBeFocused();
		await form
			.getByRole( 'textbox', { name: 'Phone' } )
			.fill( '+44 20 7946 0000' );
		await form.getByRole( 'button', { name: 'Next' } ).click();

		await expect( question ).toBeVisible();
		await expect( question ).toBeFocused();
		await expect( progressbar ).toHaveAttribute( 'aria-valuenow', '2' );
		await expect( form.locator( '.tessera-form__live' ) ).toHaveText(
			'Step 2 of 2: Your question'
		);
		await form.getByRole( 'button', { name: 'Previous' } ).click();
		await expect( form.getByLabel( 'Name' ) ).toBeFocused();
		await form.getByRole( 'button', { name: 'Next' } ).click();
		await question.fill( 'Island testing.' );
		await form.getByLabel( 'I agree to be contacted' ).check();
		// The form refuses posts sent less than 3 s after it was rendered (a spam defence).
		await startedSecondsAgo( form );
		await form.getByRole( 'button', { name: 'Submit' } ).click();
		await expect(
			page.locator( `#evf-form-${ id }-notice` )
		).toContainText( 'Booked. We will get back to you.' );
		const after = entries( id );
		expect( after.total ).toBe( before + 1 );
		expect( after.rows[ 0 ].values ).toMatchObject( {
			name: 'Grace',
			reach: 'Phone',
			phone: '+44 20 7946 0000',
			question: 'Island testing.',
		} );
		expect( after.rows[ 0 ].values.email ).toBeUndefined();
		expect( errors ).toEqual( [] );
		await context.close();
	} );
} );

test.describe(
	'the form island behind a page cache',
	{ tag: '@visitor' },
	() => {
		const CONTACT = '/demo-contact/';

		test.beforeAll( () => {
			ensureDemo();
		} );

		/**
		 * Fills the contact form as one visitor (started long enough ago) and sends it; answers the success notice
		 * and the statuses of the submissions sent.
		 *
		 * @param page The page, on the contact form.
		 * @param name The visitor's name.
		 */
		async function send(
			page: Page,
			name: string
		): Promise< { notice: Locator; statuses: number[] } > {
			const form = page.locator( 'form.tessera-form' );
			const id = await form.getAttribute( 'data-formid' );
			const statuses: number[] = [];
			page.on( 'response', ( response ) => {
				if (
					response.request().method() === 'POST' &&
					( response.request().postData() || '' ).includes(
						`action=${ ACTION }`
					)
				) {
					statuses.push( response.status() );
				}
			} );
			await startedSecondsAgo( form );
			await form.getByLabel( 'Name' ).fill( name );
			await form.getByLabel( 'E-mail' ).fill( 'visitor@example.org' );
			await form
				.getByLabel( 'Message' )
				.fill( `Sent by ${ name } alone` );
			await mounted( form );
			await form.getByRole( 'button', { name: 'Submit' } ).click();
			const notice = page.locator( `#evf-form-${ id }-notice` );
			await expect( notice ).toContainText(
				'Thank you! Your message has been sent.'
			);
			await expect( notice ).toHaveRole( 'status' );
			return { notice, statuses };
		}

		/**
		 * The text of the PDF the success notice links to, fetched as its visitor.
		 *
		 * @param page   The visitor's page.
		 * @param notice The success notice.
		 */
		async function pdfOf( page: Page, notice: Locator ): Promise< string > {
			const href = await notice
				.getByRole( 'link' )
				.getAttribute( 'href' );
			const pdf = await page.request.get( String( href ) );
			expect( pdf.status() ).toBe( 200 );
			return pdfToText( await pdf.body() );
		}

		test( 'a page older than its nonce still sends: the island asks for a fresh one on intent', async ( {
			browser,
		} ) => {
			const { context, page, errors } =
				await consentingVisitor( browser );
			await page.goto( CONTACT );
			const security = page.locator(
				'form.tessera-form input[name="security"]'
			);
			// As an old cached page: its nonce expired long ago.
			await security.evaluate( ( input ) => {
				( input as HTMLInputElement ).value = '0123456789';
			} );
			const { notice, statuses } = await send( page, 'Stale Page' );
			expect( statuses ).toEqual( [ 200 ] );
			await expect( security ).not.toHaveValue( '0123456789' );
			expect( await pdfOf( page, notice ) ).toContain(
				'Sent by Stale Page alone'
			);
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'a tab left open past the nonce it was given: refused as expired once, refreshed, sent', async ( {
			browser,
		} ) => {
			const { context, page, errors } =
				await consentingVisitor( browser );
			let refreshes = 0;
			await page.route(
				/admin-ajax\.php\?action=tessera_form_nonce/,
				( route ) => {
					refreshes++;
					// The nonce fetched on intent has expired by the time the visitor sends.
					return refreshes === 1
						? route.fulfill( {
								contentType: 'application/json',
								body: JSON.stringify( {
									success: true,
									data: { nonce: '0123456789' },
								} ),
							} )
						: route.continue();
				}
			);
			await page.goto( CONTACT );
			const { notice, statuses } = await send( page, 'Open Tab' );
			expect( statuses ).toEqual( [ 403, 200 ] );
			expect( refreshes ).toBe( 2 );
			expect( await pdfOf( page, notice ) ).toContain(
				'Sent by Open Tab alone'
			);
			// The one refusal, logged by the browser as a failed resource, and nothing else.
			expect( errors ).toEqual( [
				expect.stringContaining( 'status of 403' ),
			] );
			await context.close();
		} );

		test( 'two visitors on the same cached page: each stores their own entry and sees their own success and PDF', async ( {
			browser,
		} ) => {
			const ada = await consentingVisitor( browser );
			const grace = await consentingVisitor( browser );
			const first = await ada.page.goto( CONTACT );
			const cached = await first?.text();
			// The second visitor gets the very bytes the first one got, as from a page cache.
			await grace.page.route(
				( url ) => url.pathname === CONTACT && url.search === '',
				( route ) =>
					route.fulfill( {
						status: 200,
						contentType: 'text/html; charset=UTF-8',
						body: cached,
					} )
			);
			await grace.page.goto( CONTACT );
			const tokenOf = ( page: Page ) =>
				page
					.locator(
						'form.tessera-form input[name="tessera_submission"]'
					)
					.inputValue();
			const tokens = [
				await tokenOf( ada.page ),
				await tokenOf( grace.page ),
			];
			expect( tokens[ 0 ] ).toMatch( /^[0-9a-f]{32}$/ );
			expect( tokens[ 1 ] ).toMatch( /^[0-9a-f]{32}$/ );
			expect( tokens[ 0 ] ).not.toBe( tokens[ 1 ] );

			const adaSent = await send( ada.page, 'Ada Lovelace' );
			const graceSent = await send( grace.page, 'Grace Hopper' );
			const adaPdf = await pdfOf( ada.page, adaSent.notice );
			const gracePdf = await pdfOf( grace.page, graceSent.notice );
			expect( adaPdf ).toContain( 'Sent by Ada Lovelace alone' );
			expect( adaPdf ).not.toContain( 'Grace Hopper' );
			expect( gracePdf ).toContain( 'Sent by Grace Hopper alone' );
			expect( gracePdf ).not.toContain( 'Ada Lovelace' );
			const links = [
				await adaSent.notice.getByRole( 'link' ).getAttribute( 'href' ),
				await graceSent.notice
					.getByRole( 'link' )
					.getAttribute( 'href' ),
			];
			expect( links[ 0 ] ).not.toBe( links[ 1 ] );
			expect( ada.errors ).toEqual( [] );
			expect( grace.errors ).toEqual( [] );
			await ada.context.close();
			await grace.context.close();
		} );

		test( 'a token refused as used for another submission: a clear notice, what was typed kept, sent anew on the next click', async ( {
			browser,
		} ) => {
			const { context, page } = await consentingVisitor( browser );
			await page.goto( CONTACT );
			const form = page.locator( 'form.tessera-form' );
			const id = await form.getAttribute( 'data-formid' );
			let conflicts = 0;
			await page.route( /admin-ajax\.php$/, ( route ) => {
				// The first submission meets a token used before (as a page cached before this release carried).
				if ( conflicts++ === 0 ) {
					return route.fulfill( {
						status: 409,
						contentType: 'application/json',
						body: JSON.stringify( {
							success: false,
							data: {
								form_id: Number( id ),
								message:
									'This form was already sent from this page with other answers, so these were not saved.',
							},
						} ),
					} );
				}
				return route.continue();
			} );
			const token = form.locator( 'input[name="tessera_submission"]' );
			const before = await token.inputValue();
			await startedSecondsAgo( form );
			await form.getByLabel( 'Name' ).fill( 'Second Try' );
			await form.getByLabel( 'E-mail' ).fill( 'second@example.org' );
			await form
				.getByLabel( 'Message' )
				.fill( 'Sent by Second Try alone' );
			await mounted( form );
			const button = form.getByRole( 'button', { name: 'Submit' } );
			await button.click();
			const notice = page.locator( `#evf-form-${ id }-notice` );
			await expect( notice ).toHaveRole( 'alert' );
			await expect( notice ).toContainText( 'other answers' );
			await expect( notice.getByRole( 'link' ) ).toHaveCount( 0 );
			await expect( form.getByLabel( 'Message' ) ).toHaveValue(
				'Sent by Second Try alone'
			);
			await expect( token ).not.toHaveValue( before );
			await expect( token ).toHaveValue( /^[0-9a-f]{32}$/ );
			await button.click();
			await expect( notice ).toContainText(
				'Thank you! Your message has been sent.'
			);
			expect( await pdfOf( page, notice ) ).toContain(
				'Sent by Second Try alone'
			);
			await context.close();
		} );
	}
);
