/**
 * Forms → Entries (issue 5, increment 2: the entries screen): an administrator opens the screen from the menu,
 * picks the demo contact form, finds the entries this test posted through admin-ajax, opens one (it is marked
 * read; stored markup shows as text), marks it unread, deletes another after confirming, and downloads the CSV
 * (BOM, labels, a neutralised formula, the deleted entry gone). An editor is refused the screen and the routes.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';
import {
	request as playwrightRequest,
	type APIRequestContext,
	type Download,
	type Page,
} from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect, loggedInContext, WP_BASE_URL } from '../speed/support';
import {
	ensureDemo,
	entryStatus,
	formId,
	sitePhp,
	submitEntry,
} from './support';

const SCREEN_HREF = 'edit.php?post_type=tessera_form&page=tessera-form-entries';
const ROOT = '#tessera-form-entries';
/** Unique to this run: the search finds this test's entries only. */
const MARKER = `e2e${ Date.now().toString( 36 ) }`;
const HOSTILE_NAME = `<img src=x onerror="window.__tesseraEntriesXss=1"> ${ MARKER }`;
const HOSTILE_MESSAGE = `<script>window.__tesseraEntriesXss=2</script> says hello ${ MARKER }`;
const FORMULA = `=HYPERLINK("http://evil.test") ${ MARKER }`;

/** Console errors of the current test's page. */
const consoleErrors: string[] = [];

/**
 * Axe violations inside the screen.
 *
 * @param page The page.
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
 * A download's text.
 *
 * @param download The download.
 */
async function downloadText( download: Download ): Promise< string > {
	const stream = await download.createReadStream();
	const chunks: Buffer[] = [];
	for await ( const chunk of stream ) {
		chunks.push( chunk as Buffer );
	}
	return Buffer.concat( chunks ).toString( 'utf8' );
}

test.describe( 'Forms → Entries', () => {
	let anonymous: APIRequestContext;
	let form: number;
	/** Entry ids by letter, in the order posted. */
	const ids: Record< 'a' | 'b' | 'c', number > = { a: 0, b: 0, c: 0 };

	test.beforeAll( async () => {
		ensureDemo();
		anonymous = await playwrightRequest.newContext( {
			baseURL: WP_BASE_URL,
			storageState: { cookies: [], origins: [] },
		} );
		form = formId( 'demo-contact' );
		ids.a = await submitEntry( anonymous, form, {
			name: HOSTILE_NAME,
			email: 'ada@example.org',
			subject: `First ${ MARKER }`,
			message: HOSTILE_MESSAGE,
		} );
		ids.b = await submitEntry( anonymous, form, {
			name: `To be deleted ${ MARKER }`,
			email: 'bob@example.org',
			subject: 'Second',
			message: 'Please delete me soon',
		} );
		ids.c = await submitEntry( anonymous, form, {
			name: `Carol ${ MARKER }`,
			email: 'carol@example.org',
			subject: FORMULA,
			message: 'Line one\nline "two", three',
		} );
	} );

	test.beforeEach( ( { page } ) => {
		page.on( 'console', ( message ) => {
			if ( message.type() === 'error' ) {
				consoleErrors.push( message.text() );
			}
		} );
	} );

	test.afterEach( () => {
		expect( consoleErrors.splice( 0 ), 'no console errors' ).toEqual( [] );
	} );

	test.afterAll( async ( { requestUtils } ) => {
		await anonymous.dispose();
		await requestUtils.deleteAllUsers();
	} );

	test( 'an administrator finds, reads, marks, deletes and exports entries', async ( {
		page,
	} ) => {
		await page.goto( '/wp-admin/' );
		await page
			.locator(
				'#adminmenu a.menu-top[href="edit.php?post_type=tessera_form"]'
			)
			.click();
		const link = page.locator( `#adminmenu a[href="${ SCREEN_HREF }"]` );
		await expect( link ).toContainText( 'Entries' );
		await expect( link.locator( '.awaiting-mod' ) ).toBeVisible();
		await link.click();
		await expect( page ).toHaveURL( /page=tessera-form-entries/ );

		const picker = page.getByRole( 'combobox', { name: 'Form' } );
		await expect( picker ).toBeVisible();
		await picker.selectOption( String( form ) );
		await expect( picker.locator( 'option:checked' ) ).toContainText(
			/Contact.*\(\d+ unread of \d+\)/
		);

		await page
			.getByRole( 'searchbox', { name: 'Search entries' } )
			.fill( MARKER );
		await page.keyboard.press( 'Enter' );
		const table = page.getByRole( 'table', { name: /^Entries of / } );
		const rows = table.locator( 'tbody tr' );
		await expect( rows ).toHaveCount( 3 );
		await expect(
			table.getByRole( 'columnheader', { name: 'Name' } )
		).toBeVisible();
		await expect(
			table.getByRole( 'columnheader', { name: 'Subject' } )
		).toBeVisible();
		// Newest first; the stored markup is text.
		await expect( rows.nth( 0 ) ).toContainText( `Carol ${ MARKER }` );
		await expect( rows.nth( 2 ) ).toContainText( HOSTILE_NAME );
		await expect( table.locator( 'img' ) ).toHaveCount( 0 );
		await expect( rows.nth( 2 ) ).toContainText( 'Unread' );
		expect( await violations( page ) ).toEqual( [] );

		// Open the first entry: focus on its heading, every field with its label, marked read.
		const open = page.getByRole( 'button', {
			name: new RegExp( `^Open entry ${ ids.a } of ` ),
		} );
		await open.focus();
		await page.keyboard.press( 'Enter' );
		const heading = page.getByRole( 'heading', {
			name: new RegExp( `^Entry #${ ids.a } of ` ),
		} );
		await expect( heading ).toBeFocused();
		const entry = page.locator( '.tessera-entries__entry' );
		await expect(
			entry.locator( 'dt', { hasText: 'Message' } )
		).toBeVisible();
		await expect( entry ).toContainText( HOSTILE_MESSAGE );
		await expect( entry ).toContainText( HOSTILE_NAME );
		await expect( entry.locator( 'img, script' ) ).toHaveCount( 0 );
		expect(
			await page.evaluate(
				() =>
					( window as unknown as { __tesseraEntriesXss?: number } )
						.__tesseraEntriesXss
			)
		).toBeUndefined();
		await expect( entry.locator( '.tessera-entries__status' ) ).toHaveText(
			'Read'
		);
		expect( entryStatus( ids.a ) ).toBe( 'read' );
		await expect( page ).toHaveURL( new RegExp( `entry_id=${ ids.a }` ) );
		expect( await violations( page ) ).toEqual( [] );

		// Its PDF, for the administrator (no token needed).
		const pdfHref = await entry
			.getByRole( 'link', { name: 'Download PDF' } )
			.getAttribute( 'href' );
		const pdf = await page.request.get( String( pdfHref ) );
		expect( pdf.headers()[ 'content-type' ] ).toBe( 'application/pdf' );
		expect(
			( await pdf.body() ).subarray( 0, 5 ).toString( 'latin1' )
		).toBe( '%PDF-' );

		// Mark it unread again.
		await page.getByRole( 'button', { name: 'Mark as unread' } ).click();
		await expect( page.locator( '.tessera-entries__live' ) ).toContainText(
			'Entry marked as unread.'
		);
		await expect( entry.locator( '.tessera-entries__status' ) ).toHaveText(
			'Unread'
		);
		expect( entryStatus( ids.a ) ).toBe( 'unread' );

		// Back to the list: the focus returns to the entry's row.
		await page
			.getByRole( 'button', { name: '← Back to the entries' } )
			.click();
		await expect( open ).toBeFocused();
		await expect( rows.nth( 2 ) ).toContainText( 'Unread' );

		// Delete the second entry, after confirming; cancelling first keeps it.
		await page
			.getByRole( 'button', {
				name: new RegExp( `^Open entry ${ ids.b } of ` ),
			} )
			.click();
		await page.getByRole( 'button', { name: 'Delete entry' } ).click();
		const dialog = page.getByRole( 'dialog', {
			name: 'Delete this entry?',
		} );
		await expect( dialog ).toBeVisible();
		await dialog.getByRole( 'button', { name: 'Cancel' } ).click();
		await expect( dialog ).toHaveCount( 0 );
		expect( entryStatus( ids.b ) ).toBe( 'read' );
		await page.getByRole( 'button', { name: 'Delete entry' } ).click();
		await dialog
			.getByRole( 'button', { name: 'Delete', exact: true } )
			.click();
		await expect( page.locator( '.tessera-entries__live' ) ).toContainText(
			'Entry deleted.'
		);
		await expect( rows ).toHaveCount( 2 );
		await expect(
			page.locator( '.tessera-entries__heading' )
		).toBeFocused();
		expect( entryStatus( ids.b ) ).toBeNull();

		// The status filter.
		await page
			.getByRole( 'combobox', { name: 'Status' } )
			.selectOption( 'unread' );
		await expect( rows ).toHaveCount( 2 );
		await page
			.getByRole( 'combobox', { name: 'Status' } )
			.selectOption( 'read' );
		await expect( page.locator( '.tessera-entries__empty' ) ).toHaveText(
			'No entries match.'
		);

		// The CSV of the form.
		const downloading = page.waitForEvent( 'download' );
		await page.getByRole( 'link', { name: 'Export CSV' } ).click();
		const download = await downloading;
		expect( download.suggestedFilename() ).toMatch(
			new RegExp(
				`^tessera-form-${ form }-entries-\\d{4}-\\d{2}-\\d{2}\\.csv$`
			)
		);
		const csv = await downloadText( download );
		expect( csv.startsWith( '\uFEFF' ) ).toBe( true );
		expect( csv.slice( 1 ).split( '\n' )[ 0 ] ).toBe(
			'Name,E-mail,Subject,Message,Date,Status,"Entry ID"'
		);
		expect( csv ).not.toContain( 'To be deleted' );
		expect( csv ).toContain(
			`"'=HYPERLINK(""http://evil.test"") ${ MARKER }"`
		);
		expect( csv ).toContain( `"${ HOSTILE_MESSAGE }"` );
		expect( csv ).toContain( '"Line one\nline ""two"", three"' );
		expect( csv ).toMatch( new RegExp( `,Unread,${ ids.a }\\n` ) );
		expect( csv ).toMatch( new RegExp( `,Unread,${ ids.c }\\n` ) );
		expect( csv ).not.toMatch( new RegExp( `,${ ids.b }\\n` ) );
	} );

	test( 'an editor has no menu item and is refused the screen and the routes', async ( {
		requestUtils,
	} ) => {
		const username = `entries-editor-${ Date.now() }`;
		const password = 'entries-e2e-password';
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
			expect( await dashboard.text() ).not.toContain(
				'page=tessera-form-entries'
			);
			const screen = await ctx.get( `/wp-admin/${ SCREEN_HREF }` );
			expect( screen.status() ).toBe( 403 );
			expect( await screen.text() ).not.toContain(
				'id="tessera-form-entries"'
			);

			const nonce = (
				await (
					await ctx.get(
						'/wp-admin/admin-ajax.php?action=rest-nonce'
					)
				).text()
			).trim();
			const headers = { 'X-WP-Nonce': nonce };
			for ( const route of [
				'forms',
				`forms/${ form }/entries`,
				`forms/${ form }/entries.csv`,
				`entries/${ ids.c }`,
			] ) {
				const response = await ctx.get(
					`/?rest_route=/tessera/v1/${ route }`,
					{ headers }
				);
				expect( response.status(), route ).toBe( 403 );
			}
			const removal = await ctx.delete(
				`/?rest_route=/tessera/v1/entries/${ ids.c }`,
				{ headers }
			);
			expect( removal.status() ).toBe( 403 );
			expect( entryStatus( ids.c ) ).toBe( 'unread' );
		} finally {
			await ctx.dispose();
		}
	} );

	test( 'the retention of entries is set on the screen, refused when invalid, and stored', async ( {
		page,
	} ) => {
		await page.goto( `/wp-admin/${ SCREEN_HREF }` );
		const days = page.getByLabel( 'Delete entries older than (days)' );
		await expect( days ).toHaveValue( '0' );
		await days.fill( '-3' );
		await page.getByRole( 'button', { name: 'Save', exact: true } ).click();
		await expect( days ).toHaveAccessibleDescription(
			/whole number of days from 0 to 3650/
		);
		expect(
			sitePhp(
				"echo (int) get_option( 'tessera_forms_retention_days' );"
			)
				.split( '\n' )
				.pop()
		).toBe( '0' );

		try {
			await days.fill( '30' );
			await page
				.getByRole( 'button', { name: 'Save', exact: true } )
				.click();
			await expect(
				page.locator( '.tessera-entries__live' )
			).toContainText( 'older entries are deleted once a day' );
			await page.reload();
			await expect(
				page.getByLabel( 'Delete entries older than (days)' )
			).toHaveValue( '30' );
		} finally {
			sitePhp( "update_option( 'tessera_forms_retention_days', 0 );" );
		}
	} );
} );
