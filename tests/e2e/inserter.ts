/**
 * The block editor's main inserter as an editor uses it: opened from the top bar, searched, and the block types
 * it offers read by their titles (the forms, gallery and editor specs).
 */

/**
 * External dependencies
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { Editor } from '@wordpress/e2e-test-utils-playwright';

/**
 * Opens the inserter (when it is closed) and searches for a term.
 *
 * @param page The editor page.
 * @param term What the editor types.
 * @return The inserter's panel, to read its results from.
 */
export async function searchInserter(
	page: Page,
	term: string
): Promise< Locator > {
	const toggle = page
		.getByRole( 'region', { name: 'Editor top bar' } )
		.getByRole( 'button', { name: 'Toggle block inserter' } );
	if ( ( await toggle.getAttribute( 'aria-expanded' ) ) !== 'true' ) {
		await toggle.click();
	}
	const panel = page.locator( '.block-editor-inserter__menu' );
	await panel.getByRole( 'searchbox' ).fill( term );
	// The results render in chunks after a debounce: wait until their number holds still, so that what is not
	// listed is really left out (not yet to come).
	const items = panel.locator( '.block-editor-block-types-list__item' );
	let last = -1;
	await expect
		.poll(
			async () => {
				const count = await items.count();
				const settled = count > 0 && count === last;
				last = count;
				return settled;
			},
			{ intervals: [ 400 ] }
		)
		.toBe( true );
	return panel;
}

/**
 * A block type (or variation) the inserter offers, by its exact title.
 *
 * @param panel The inserter's panel.
 * @param title The block's title.
 */
export function inserterItem( panel: Locator, title: string ): Locator {
	return panel.locator( '.block-editor-block-types-list__item' ).filter( {
		has: panel
			.page()
			.locator( '.block-editor-block-types-list__item-title' )
			.getByText( title, { exact: true } ),
	} );
}

/**
 * Closes the inserter when it is open.
 *
 * @param page The editor page.
 */
export async function closeInserter( page: Page ): Promise< void > {
	const toggle = page
		.getByRole( 'region', { name: 'Editor top bar' } )
		.getByRole( 'button', { name: 'Toggle block inserter' } );
	if ( ( await toggle.getAttribute( 'aria-expanded' ) ) === 'true' ) {
		await toggle.click();
	}
}

/**
 * Inserts a Form block showing a stored form and selects its first field: the inserter then offers what belongs
 * inside a form.
 *
 * @param editor The editor.
 * @param form   The stored form's id.
 */
export async function selectFieldOfForm(
	editor: Editor,
	form: number
): Promise< void > {
	await editor.insertBlock( {
		name: 'tessera/form',
		attributes: { ref: form },
	} );
	await editor.canvas
		.locator( '[data-type="tessera/field"]' )
		.first()
		.click();
}
