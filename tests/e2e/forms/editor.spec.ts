/**
 * Building a form in the block editor (docs/forms.md, "Where a form lives"): the form block creates a reusable
 * `tessera_form` post, its fields are edited in place, its settings in the sidebar, and a visitor gets the
 * server-rendered form with those settings.
 */

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import { inserterItem, searchInserter, selectFieldOfForm } from '../inserter';
import { consentingVisitor, testForm } from './support';

test.describe( 'form block in the editor', () => {
	test( 'create a form, add a field, change a setting, publish: the visitor sees it', async ( {
		admin,
		editor,
		page,
		browser,
		requestUtils,
	} ) => {
		const title = `Quote request ${ Date.now() }`;
		await admin.createNewPost( { postType: 'page', title } );
		await editor.insertBlock( { name: 'tessera/form' } );

		const block = editor.canvas.getByRole( 'document', {
			name: 'Block: Form',
		} );
		await block.getByLabel( 'New form title' ).fill( title );
		await block.getByRole( 'button', { name: 'Create a form' } ).click();

		// The new form's starting fields, edited in place.
		await expect( block.locator( '.tessera-form__label' ) ).toContainText( [
			'Name',
			'Email',
			'Message',
		] );

		// A setting of the form, in the block's sidebar.
		await editor.openDocumentSettingsSidebar();
		await block.click( { position: { x: 5, y: 5 } } );
		await page
			.getByRole( 'region', { name: 'Editor settings' } )
			.getByLabel( 'Submit button label' )
			.fill( 'Ask for a quote' );

		const pageId = await editor.publishPost();
		expect( pageId ).toBeTruthy();

		// The form is a post of its own, with the setting stored in its meta.
		const forms = await requestUtils.rest<
			Array< {
				id: number;
				title: { raw: string };
				meta: { _tessera_form_settings: { submitLabel: string } };
			} >
		>( {
			path: '/wp/v2/tessera-forms',
			params: { context: 'edit', search: title, status: 'publish' },
		} );
		expect( forms ).toHaveLength( 1 );
		expect( forms[ 0 ].meta._tessera_form_settings.submitLabel ).toBe(
			'Ask for a quote'
		);

		const { context, page: visitorPage } =
			await consentingVisitor( browser );
		await visitorPage.goto( `/?page_id=${ pageId }` );
		const form = visitorPage.locator( `#evf-form-${ forms[ 0 ].id }` );
		await expect( form.getByLabel( 'Name' ) ).toBeVisible();
		await expect( form.getByLabel( 'Message' ) ).toBeVisible();
		await expect(
			form.getByRole( 'button', { name: 'Ask for a quote' } )
		).toBeVisible();
		await context.close();
	} );

	test( 'field blocks and Form step are offered inside a form only, and on the form’s own screen', async ( {
		admin,
		editor,
		page,
	} ) => {
		const form = testForm( 'inserter-placement', {} );
		await admin.createNewPost();

		// At the top of a page: the Form block, none of the blocks that belong in one.
		let panel = await searchInserter( page, 'Form' );
		await expect( inserterItem( panel, 'Form' ) ).toBeVisible();
		for ( const title of [ 'Text field', 'Email field', 'Form step' ] ) {
			await expect( inserterItem( panel, title ) ).toHaveCount( 0 );
		}

		// Inside a form (a field of it selected): its fields and steps.
		await selectFieldOfForm( editor, form.id );
		panel = await searchInserter( page, 'Form' );
		for ( const title of [ 'Text field', 'Email field', 'Form step' ] ) {
			await expect( inserterItem( panel, title ) ).toBeVisible();
		}

		// The form post's own editor edits its fields as top-level blocks.
		await admin.visitAdminPage( 'post-new.php', 'post_type=tessera_form' );
		panel = await searchInserter( page, 'field' );
		await expect( inserterItem( panel, 'Email field' ) ).toBeVisible();
	} );
} );
