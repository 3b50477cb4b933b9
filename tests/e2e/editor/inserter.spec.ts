/**
 * Tessera's blocks in the editor's inserter (issue 20, point 8): the two Gallery blocks are told apart by their
 * titles, every block draws a preview from its `example` (no gallery, album or form post needed, nothing asked
 * of another site), and a new gallery, album or form block shows core's Placeholder with its icon drawn.
 */

/**
 * External dependencies
 */
import type { Locator, Page } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import { inserterItem, searchInserter, selectFieldOfForm } from '../inserter';
import { testForm } from '../forms/support';

/**
 * Hovers a block in the inserter's results and checks its preview: the block drawn (by `drawn`, inside the preview's
 * frame), no "No preview available", no block error.
 *
 * @param page  The editor page.
 * @param panel The inserter's panel.
 * @param title The block's title in the results.
 * @param name  The block's name.
 * @param drawn What the preview shows of the block (a selector inside it).
 */
async function expectPreview(
	page: Page,
	panel: Locator,
	title: string,
	name: string,
	drawn: string
): Promise< void > {
	const preview = page.locator( '.block-editor-inserter__preview-container' );
	// The search is debounced: hover once the results are this search's (the block searched for comes first).
	await expect(
		panel.locator( '.block-editor-block-types-list__item-title' ).first()
	).toHaveText( title );
	// From outside the results: the previous block may have been hovered at the same place.
	await page.mouse.move( 0, 0 );
	await inserterItem( panel, title ).hover();
	await expect(
		preview.locator( '.block-editor-block-card__title' )
	).toHaveText( title );
	await expect(
		preview.locator( '.block-editor-inserter__preview-content-missing' )
	).toHaveCount( 0 );
	const frame = preview.frameLocator( 'iframe' );
	const block = frame.locator( `[data-type="${ name }"]` ).first();
	await expect( block.locator( drawn ).first() ).toBeVisible();
	await expect( frame.locator( '.components-spinner' ) ).toHaveCount( 0 );
	await expect( block ).not.toContainText(
		/Error loading block|encountered an error|not allowed/
	);
	await expect( frame.locator( '.block-editor-warning' ) ).toHaveCount( 0 );
}

test.describe( 'Tessera blocks in the inserter', () => {
	test( 'every block previews its example, and the two galleries have different titles', async ( {
		admin,
		editor,
		page,
	} ) => {
		await admin.createNewPost();

		let panel = await searchInserter( page, 'Gallery' );
		await expect( inserterItem( panel, 'Gallery' ) ).toHaveCount( 1 );
		await expect( inserterItem( panel, 'Tessera Gallery' ) ).toHaveCount(
			1
		);

		const topLevel: Array< [ string, string, string ] > = [
			[ 'Tessera Gallery', 'tessera/gallery', '.tessera-gallery-sample' ],
			[ 'Album', 'tessera/album', '.tessera-gallery__title' ],
			[ 'Form', 'tessera/form', '[data-type="tessera/field"] input' ],
			[ 'Cookie consent', 'tessera/consent-banner', 'table, p, button' ],
			[ 'Popular posts', 'tessera/popular-posts', 'ol, ul, p' ],
			[ 'View counter', 'tessera/view-counter', 'p, span' ],
		];
		for ( const [ title, name, drawn ] of topLevel ) {
			panel = await searchInserter( page, title );
			await expectPreview( page, panel, title, name, drawn );
		}

		// The form's own blocks are offered inside a form.
		const form = testForm( 'inserter-preview', {} );
		await selectFieldOfForm( editor, form.id );
		panel = await searchInserter( page, 'Email field' );
		await expectPreview(
			page,
			panel,
			'Email field',
			'tessera/field',
			'input[type="email"]'
		);
		panel = await searchInserter( page, 'Form step' );
		await expectPreview(
			page,
			panel,
			'Form step',
			'tessera/form-step',
			'*'
		);
	} );

	test( 'a new gallery, album or form block shows core’s Placeholder, its icon drawn', async ( {
		admin,
		editor,
	} ) => {
		await admin.createNewPost();
		const blocks: Array< [ string, string ] > = [
			[ 'tessera/gallery', 'Tessera Gallery' ],
			[ 'tessera/album', 'Album' ],
			[ 'tessera/form', 'Form' ],
		];
		for ( const [ name, label ] of blocks ) {
			await editor.insertBlock( { name } );
			const placeholder = editor.canvas.locator(
				`[data-type="${ name }"] .components-placeholder`
			);
			await expect(
				placeholder.locator( '.components-placeholder__label' )
			).toHaveText( label );
			await expect(
				placeholder.locator( '.components-placeholder__label svg' )
			).toBeVisible();
			await expect(
				placeholder.locator( '.components-placeholder__instructions' )
			).not.toBeEmpty();
		}
	} );
} );
