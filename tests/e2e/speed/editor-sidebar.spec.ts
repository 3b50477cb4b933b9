/**
 * The "Page speed" editor sidebar (docs/speed.md, spec §2 page builder 'more' menu item, §4).
 */

/**
 * External dependencies
 */
import type { Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import {
	test,
	expect,
	createSpeedPost,
	fakeRequests,
	speedMeta,
	withNoContent,
	type StoredSpeed,
} from './support';
import { axeViolations, expectScores } from './circles';

const SIDEBAR = '.tessera-speed-sidebar';

test.describe( 'Page speed editor sidebar', () => {
	withNoContent( test );

	/**
	 * Open the sidebar the way a person does: the editor's more menu, item "Page speed".
	 *
	 * @param page The editor page.
	 */
	async function openFromMoreMenu( page: Page ): Promise< void > {
		await page
			.getByRole( 'region', { name: 'Editor top bar' } )
			.getByRole( 'button', { name: 'Options' } )
			.click();
		const menu = page.getByRole( 'menu' );
		// One item (ours, with the spec's route), of whatever role: a pinnable sidebar adds its own checkbox item.
		await expect(
			menu.locator( '[role^="menuitem"]', { hasText: 'Page speed' } )
		).toHaveCount( 1 );
		await menu.getByRole( 'menuitem', { name: 'Page speed' } ).click();
		await expect( page.locator( SIDEBAR ) ).toBeVisible();
	}

	test( 'opens from its one more-menu item and checks the published post: both circles', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const post = await createSpeedPost(
			requestUtils,
			'psi-slow-score-95-30-editor'
		);
		await admin.editPost( post.id );
		await expect( page.locator( SIDEBAR ) ).toHaveCount( 0 );
		await openFromMoreMenu( page );

		const sidebar = page.locator( SIDEBAR );
		await expect( sidebar ).toContainText(
			'This page has not been checked yet.'
		);
		const button = sidebar.getByRole( 'button', { name: 'Check speed' } );
		await expect( button ).toBeEnabled();
		await button.click();
		await expect(
			sidebar.getByRole( 'button', { name: 'Checking…' } )
		).toBeDisabled();

		await expect( sidebar.locator( '.tessera-speed-circle' ) ).toHaveCount(
			2,
			{
				timeout: 15_000,
			}
		);
		await expectScores( sidebar, post.id, { desktop: 95, mobile: 30 } );
		await expect(
			sidebar.getByRole( 'button', { name: 'Check speed' } )
		).toBeEnabled();
		expect( ( await fakeRequests() ).map( ( r ) => r.url ) ).toEqual( [
			post.link,
			post.link,
		] );
		const stored = ( await speedMeta( requestUtils, post.id ) )
			.speed as StoredSpeed;
		expect( stored.desktop.score ).toBe( 95 );

		expect( await axeViolations( page, SIDEBAR ) ).toEqual( [] );

		// A stored result is shown when the editor opens again.
		await page.reload();
		await openFromMoreMenu( page );
		await expectScores( page.locator( SIDEBAR ), post.id, { mobile: 30 } );
	} );

	test( 'a draft shows the publish note and a disabled button', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const draft = await createSpeedPost(
			requestUtils,
			'speed-editor-draft',
			{
				status: 'draft',
			}
		);
		await admin.editPost( draft.id );
		await openFromMoreMenu( page );
		const sidebar = page.locator( SIDEBAR );
		await expect( sidebar ).toContainText(
			'Publish the post to check its speed'
		);
		await expect(
			sidebar.getByRole( 'button', { name: 'Check speed' } )
		).toBeDisabled();

		expect( await axeViolations( page, SIDEBAR ) ).toEqual( [] );
		expect( await fakeRequests() ).toEqual( [] );
	} );
} );
