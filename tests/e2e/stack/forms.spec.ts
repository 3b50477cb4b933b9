/**
 * Forms behind the page cache (issue 19, "Done when"; docs/stack.md): two visitors sending the same cached
 * `/demo-contact/` page store two entries, each answered with its own entry and PDF; a form page kept in the cache
 * for longer than its nonce lives still submits. Runs on the stack only (the `stack` project).
 */

/**
 * External dependencies
 */
import type { Browser, Locator, Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import {
	ACTION,
	consentingVisitor,
	ensureDemo,
	entries,
	formId,
	sitePhp,
	startedSecondsAgo,
} from '../forms/support';
import { cacheRenderedFor, purgeCache } from './support';

const CONTACT = '/demo-contact/';
// The nonce's life on the stack's test site during the stale-page test (the option its mu-plugin reads).
const NONCE_LIFE = 8;

/**
 * The last line PHP printed inside the stack's site.
 *
 * @param code PHP code.
 */
const phpLine = ( code: string ): string =>
	sitePhp( code ).split( '\n' ).pop() || '';

/**
 * Core's nonce tick at a moment (`wp_nonce_tick()`: half-lives since the epoch, rounded up).
 *
 * @param ms The moment, in milliseconds.
 */
const nonceTick = ( ms: number ): number =>
	// PHP's time() is whole seconds: the tick of 4.5 s is the tick of 4 s.
	Math.ceil( Math.floor( ms / 1000 ) / ( NONCE_LIFE / 2 ) );

/**
 * The `security` nonce printed in a page's contact form ('' when it prints none).
 *
 * @param html The page.
 */
const cachedNonce = ( html: string ): string =>
	( /<input[^>]*name="security"[^>]*value="([^"]*)"/.exec( html ) ||
		/<input[^>]*value="([^"]*)"[^>]*name="security"/.exec( html ) ||
		[] )[ 1 ] ?? '';

/**
 * Whether the server still accepts a visitor's form nonce: 'stale' when it refuses it (or when there is none).
 *
 * @param nonce The nonce.
 */
const nonceState = ( nonce: string ): string =>
	phpLine(
		`wp_set_current_user( 0 ); echo false === wp_verify_nonce( ${ JSON.stringify(
			nonce
		) }, 'tessera_form_submit' ) ? 'stale' : 'valid';`
	);

/** The background submission's answer (docs/forms.md, "Success"). */
interface Answer {
	success: boolean;
	data: {
		entry_id?: number;
		pdf_download_url?: string;
		message?: string;
	};
}

/**
 * Opens the contact page through the cache, as served to a new visitor.
 *
 * @param page The visitor's page.
 * @param id   The contact form's id.
 */
async function openContact( page: Page, id: number ): Promise< Locator > {
	const response = await page.goto( CONTACT );
	expect( response?.headers()[ 'x-cache' ], 'served from the cache' ).toBe(
		'HIT'
	);
	// The consent banner out of the way whatever the cached page says about it (cache.spec.ts tests consent).
	await page.addStyleTag( {
		content: '#tessera-consent-banner { display: none !important; }',
	} );
	return page.locator( `#evf-form-${ id }` );
}

/**
 * Fills the contact form as one person and sends it in the background; answers the server's JSON.
 *
 * @param page The visitor's page.
 * @param form The form.
 * @param who  Their name (also in their address and message).
 */
async function send(
	page: Page,
	form: Locator,
	who: string
): Promise< Answer > {
	await form.getByLabel( 'Name' ).fill( who );
	await form
		.getByLabel( 'E-mail' )
		.fill( `${ who.toLowerCase() }@example.org` );
	await form.getByLabel( 'Message' ).fill( `A message from ${ who } alone.` );
	await startedSecondsAgo( form, 60 );
	const answer = page.waitForResponse(
		( response ) =>
			response.url().includes( 'admin-ajax.php' ) &&
			( response.request().postData() || '' ).includes(
				`action=${ ACTION }`
			)
	);
	await form.getByRole( 'button', { name: 'Submit' } ).click();
	return ( await ( await answer ).json() ) as Answer;
}

/**
 * The entry a successful answer's PDF link is for (its own entry when the answer carries no link).
 *
 * @param answer The answer.
 */
function pdfEntry( answer: Answer ): string | null {
	return answer.data.pdf_download_url
		? new URL( answer.data.pdf_download_url ).searchParams.get( 'entry_id' )
		: String( answer.data.entry_id );
}

/**
 * The `security` nonce printed in a form, or null when the form prints none.
 *
 * @param form The form.
 */
async function printedNonce( form: Locator ): Promise< string | null > {
	const input = form.locator( 'input[name="security"]' );
	return ( await input.count() ) > 0 ? input.inputValue() : null;
}

/**
 * A new visitor (who accepted cookies, so nothing of the banner is in the way).
 *
 * @param browser The browser.
 */
const newVisitor = ( browser: Browser ) => consentingVisitor( browser );

test.describe( 'forms through the page cache', { tag: '@visitor' }, () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test.afterAll( async () => {
		await purgeCache();
	} );

	test( 'two visitors sending the same cached page store two entries, each answered with its own entry and PDF', async ( {
		browser,
	} ) => {
		const id = formId( 'demo-contact' );
		const before = entries( id ).total;
		await cacheRenderedFor( CONTACT, 'no cookie' );

		const ada = await newVisitor( browser );
		const bob = await newVisitor( browser );
		const adaForm = await openContact( ada.page, id );
		const bobForm = await openContact( bob.page, id );
		const adaAnswer = await send( ada.page, adaForm, 'Ada' );
		const bobAnswer = await send( bob.page, bobForm, 'Bob' );

		expect( adaAnswer.success, JSON.stringify( adaAnswer ) ).toBe( true );
		expect( bobAnswer.success, JSON.stringify( bobAnswer ) ).toBe( true );
		const adaEntry = Number( adaAnswer.data.entry_id );
		const bobEntry = Number( bobAnswer.data.entry_id );
		expect( bobEntry, 'each visitor has an entry of their own' ).not.toBe(
			adaEntry
		);

		const after = entries( id );
		expect( after.total, 'two entries stored' ).toBe( before + 2 );
		const byId = new Map( after.rows.map( ( row ) => [ row.id, row ] ) );
		expect( byId.get( adaEntry )?.values.name ).toBe( 'Ada' );
		expect( byId.get( bobEntry )?.values.name ).toBe( 'Bob' );
		expect( byId.get( bobEntry )?.values.message ).toBe(
			'A message from Bob alone.'
		);

		// The PDF link, where the answer carries one, is the visitor's own entry's.
		expect( pdfEntry( adaAnswer ) ).toBe( String( adaEntry ) );
		expect( pdfEntry( bobAnswer ) ).toBe( String( bobEntry ) );
		expect( ada.errors ).toEqual( [] );
		expect( bob.errors ).toEqual( [] );
		await ada.context.close();
		await bob.context.close();
	} );

	test( 'a form page cached for longer than its nonce lives still submits', async ( {
		browser,
	} ) => {
		const id = formId( 'demo-contact' );
		const before = entries( id ).total;
		// Short-lived nonces on the test site (the stack's test mu-plugin); saving the option purges the cache.
		sitePhp(
			`update_option( 'tessera_stack_nonce_life', ${ NONCE_LIFE } );`
		);
		try {
			const cached = await cacheRenderedFor( CONTACT, 'no cookie' );
			const renderedBy = Date.now();
			// Wait until the nonce's life has passed: core's nonce is valid in the half-life tick it was made in
			// and the next one (the server runs on this machine's clock) …
			await expect
				.poll( () => nonceTick( Date.now() ), {
					timeout: NONCE_LIFE * 2000,
					intervals: [ 250 ],
				} )
				.toBeGreaterThanOrEqual( nonceTick( renderedBy ) + 2 );
			// … and the server agrees: the nonce printed in the cached page is refused now.
			const nonce = cachedNonce( cached.body.toString( 'utf8' ) );
			await expect
				.poll( () => nonceState( nonce ), {
					timeout: NONCE_LIFE * 1000,
				} )
				.toBe( 'stale' );

			const { context, page, errors } = await newVisitor( browser );
			const form = await openContact( page, id );
			expect(
				[ null, nonce ],
				'the page carries the nonce it was cached with, or none'
			).toContain( await printedNonce( form ) );
			const answer = await send( page, form, 'Cleo' );
			expect( answer.success, JSON.stringify( answer ) ).toBe( true );
			expect( entries( id ).total ).toBe( before + 1 );
			expect( errors ).toEqual( [] );
			await context.close();
		} finally {
			sitePhp( `delete_option( 'tessera_stack_nonce_life' );` );
		}
	} );
} );
