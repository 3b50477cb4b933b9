/**
 * The consent-banner block `tessera/consent-banner` (issue 3): a cookie table on a cookie policy page, an
 * inline "consent preferences" button that replaces the floating one and opens the preference centre, and the
 * block in the editor (server-side preview, display setting, publish, seen by a visitor).
 */

/**
 * External dependencies
 */
import type { Page } from '@playwright/test';

/**
 * WordPress dependencies
 */
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import {
	getSettings,
	saveSettings,
	visitor,
	type ConsentSettings,
} from './support';

const BLOCK = 'tessera/consent-banner';
const CATEGORIES = [
	'Necessary',
	'Functional',
	'Analytics',
	'Performance',
	'Advertisement',
];

/** A page or post as REST answers it (only what the spec reads). */
interface Created {
	id: number;
	link: string;
}

/**
 * Block markup of the block.
 *
 * @param attributes Block attributes.
 */
function blockMarkup( attributes: Record< string, unknown > = {} ): string {
	const json = Object.keys( attributes ).length
		? ` ${ JSON.stringify( attributes ) }`
		: '';
	return `<!-- wp:${ BLOCK }${ json } /-->`;
}

/**
 * Creates a published page over REST.
 *
 * @param requestUtils Admin request utilities.
 * @param title        Page title.
 * @param content      Block markup.
 */
function createPage(
	requestUtils: RequestUtils,
	title: string,
	content: string
): Promise< Created > {
	return requestUtils.rest< Created >( {
		method: 'POST',
		path: '/wp/v2/pages',
		data: { title, content, status: 'publish' },
	} );
}

/**
 * Checks the cookie table a visitor sees: every category in order, necessary marked, `_ga` listed.
 *
 * @param page The visitor's page.
 */
async function expectCookieTable( page: Page ): Promise< void > {
	const table = page.locator( '.tessera-cookie-table' );
	await expect( table ).toBeVisible();
	await expect( table.getByRole( 'heading', { level: 3 } ) ).toHaveText(
		CATEGORIES.map( ( name ) =>
			name === 'Necessary'
				? /^Necessary\s+\(always active\)$/
				: new RegExp( `^${ name }$` )
		)
	);
	const analytics = table.locator(
		'.tessera-cookie-table__category[data-category="analytics"]'
	);
	const cookies = analytics.getByRole( 'table' );
	await expect( cookies.getByRole( 'columnheader' ) ).toHaveText( [
		'Cookie',
		'Domain',
		'Duration',
		'Description',
	] );
	await expect(
		cookies.getByRole( 'cell', { name: '_ga', exact: true } )
	).toBeVisible();
	await expect(
		table.locator(
			'.tessera-cookie-table__category[data-category="functional"]'
		)
	).toContainText( 'No cookies to display.' );
}

test.describe( 'Consent-banner block', () => {
	let original: ConsentSettings;
	const pages: number[] = [];
	const posts: number[] = [];

	test.beforeAll( async ( { requestUtils } ) => {
		original = await getSettings( requestUtils );
		await saveSettings( requestUtils, {
			activeLaw: 'gdpr',
			bannerType: 'box',
			bannerPosition: 'bottom-left',
			preferenceCenterType: 'popup',
		} );
	} );

	test.afterAll( async ( { requestUtils } ) => {
		for ( const [ type, ids ] of [
			[ 'pages', pages ],
			[ 'posts', posts ],
		] as const ) {
			for ( const id of ids ) {
				await requestUtils.rest( {
					method: 'DELETE',
					path: `/wp/v2/${ type }/${ id }`,
					params: { force: true },
				} );
			}
		}
		await saveSettings( requestUtils, original );
	} );

	test( 'a cookie policy page lists the categories and cookies, without JavaScript too', async ( {
		browser,
		requestUtils,
	} ) => {
		const policy = await createPage(
			requestUtils,
			'Cookie policy',
			`<!-- wp:paragraph --><p>Our cookies.</p><!-- /wp:paragraph -->${ blockMarkup(
				{ display: 'cookie-table' }
			) }`
		);
		pages.push( policy.id );

		const { context, page, errors } = await visitor( browser );
		await page.goto( policy.link );
		await expectCookieTable( page );
		// The automatic banner is still there: the table is not a banner.
		await expect( page.locator( '#tessera-consent-banner' ) ).toBeVisible();
		expect( errors ).toEqual( [] );
		await context.close();

		const { context: noScript, page: plain } = await visitor( browser, {
			javaScriptEnabled: false,
		} );
		await plain.goto( policy.link );
		await expectCookieTable( plain );
		await noScript.close();
	} );

	test( 'the revisit block shows an inline button instead of the floating one, and it opens the preferences', async ( {
		browser,
		requestUtils,
	} ) => {
		const privacy = await createPage(
			requestUtils,
			'Privacy choices',
			blockMarkup( {
				display: 'revisit',
				label: 'Change my cookie choices',
			} )
		);
		pages.push( privacy.id );

		const { context, page, errors } = await visitor( browser );
		const response = await page.goto( privacy.link );
		const html = ( await response?.text() ) ?? '';
		expect( html ).not.toContain( 'id="tessera-consent-revisit"' );
		await expect( page.locator( '#tessera-consent-revisit' ) ).toHaveCount(
			0
		);

		const inline = page.getByRole( 'button', {
			name: 'Change my cookie choices',
		} );
		await expect( inline ).toBeVisible();
		await expect( inline ).toHaveClass( /tessera-consent-revisit-inline/ );
		await expect( inline ).toHaveAttribute(
			'data-tessera-consent',
			'preferences'
		);

		await inline.click();
		const dialog = page.getByRole( 'dialog', {
			name: 'Customize consent preferences',
		} );
		await expect( dialog ).toBeVisible();
		await dialog.getByRole( 'button', { name: 'Reject all' } ).click();
		await expect( dialog ).toBeHidden();

		// Still inline, never floating, once the visitor has acted.
		await page.reload();
		await expect( inline ).toBeVisible();
		await expect( page.locator( '#tessera-consent-revisit' ) ).toHaveCount(
			0
		);
		// Printed for everyone (cache-safe), hidden by the runtime before the first paint.
		await expect( page.locator( '#tessera-consent-banner' ) ).toBeHidden();
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'inserted in the editor, it previews on the server, and a visitor sees the cookie table', async ( {
		admin,
		editor,
		page,
		browser,
		requestUtils,
	} ) => {
		await admin.createNewPost( { title: 'Cookies used on this site' } );
		await editor.insertBlock( { name: BLOCK } );

		// The server-side preview of the default display, in the canvas.
		const preview = editor.canvas.locator( '.tessera-cookie-table' );
		await expect( preview ).toBeVisible();
		await expect( preview ).toContainText( 'Analytics' );
		await expect( preview ).toContainText( '_ga' );

		// The display setting switches the preview to the inline button, then back.
		await editor.openDocumentSettingsSidebar();
		const settings = page.getByRole( 'region', {
			name: 'Editor settings',
		} );
		await settings.getByRole( 'tab', { name: 'Block' } ).click();
		const display = settings.getByRole( 'combobox', { name: 'Display' } );
		await display.selectOption( 'revisit' );
		await expect(
			editor.canvas.locator( '.tessera-consent-revisit-inline' )
		).toHaveText( 'Consent preferences' );
		await display.selectOption( 'cookie-table' );
		await expect( preview ).toBeVisible();

		const postId = await editor.publishPost();
		expect( postId ).not.toBeNull();
		posts.push( Number( postId ) );
		const post = await requestUtils.rest< Created >( {
			path: `/wp/v2/posts/${ postId }`,
		} );

		const { context, page: visitorPage } = await visitor( browser );
		await visitorPage.goto( post.link );
		await expectCookieTable( visitorPage );
		await context.close();
	} );
} );
