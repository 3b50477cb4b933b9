/**
 * A multi-step form's layout (docs/forms.md, "Steps"): the server prints the first step as the island keeps it
 * (indicator, one step, the fields their conditions hide hidden, Next instead of Submit), so the island taking
 * the form over on the first tap moves nothing; without JavaScript every step is shown and the form posts.
 */

/**
 * External dependencies
 */
import { expect, test, type Locator } from '@playwright/test';

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

declare global {
	interface Window {
		/** The layout shift of the page so far (every entry, with or without recent input). */
		tesseraLayoutShift?: () => number;
	}
}

/**
 * The boxes of every element of a form that takes up space, in page coordinates, in document order.
 *
 * @param form The form.
 */
function boxes( form: Locator ): Promise< string[] > {
	return form.evaluate( ( element ) =>
		[ element, ...element.querySelectorAll( '*' ) ].flatMap( ( node ) => {
			const box = node.getBoundingClientRect();
			if ( box.width * box.height === 0 ) {
				return [];
			}
			const name = `${ node.tagName.toLowerCase() }.${ node.className }`;
			return [
				`${ name } ${ box.left + window.scrollX },${
					box.top + window.scrollY
				} ${ box.width }x${ box.height }`,
			];
		} )
	);
}

test.describe( 'a multi-step form', () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	for ( const width of [ 1280, 390 ] ) {
		test( `at ${ width } px the island takes it over without moving anything (layout shift 0, the first step’s boxes unchanged)`, async ( {
			browser,
		} ) => {
			const { context, page, errors } = await consentingVisitor(
				browser,
				{ viewport: { width, height: 800 } }
			);
			const id = formId( 'demo-multi-step' );
			// Every layout shift of the page from its start that moves the multi-step form or anything in it (the
			// theme's web fonts move the page above it as they load: not the form's doing, and left out when the
			// form is not on screen then, as here: it is scrolled into view once the page has loaded).
			await page.addInitScript( ( selector ) => {
				let total = 0;
				const add = ( list: PerformanceEntryList ) => {
					for ( const entry of list as Array<
						PerformanceEntry & {
							value: number;
							sources: Array< { node: Node | null } >;
						}
					> ) {
						const ours = entry.sources.some( ( { node } ) =>
							( node instanceof Element
								? node
								: node?.parentElement
							)
								?.closest( '.tessera-form-wrap' )
								?.querySelector( selector )
						);
						total += ours ? entry.value : 0;
					}
				};
				const observer = new PerformanceObserver( ( list ) =>
					add( list.getEntries() )
				);
				observer.observe( { type: 'layout-shift', buffered: true } );
				window.tesseraLayoutShift = () => {
					add( observer.takeRecords() );
					return total;
				};
			}, `#evf-form-${ id }` );
			await page.goto( DEMO_PATH );
			const form = page.locator( `#evf-form-${ id }` );
			const frames = () =>
				page.evaluate(
					() =>
						new Promise( ( resolve ) =>
							requestAnimationFrame( () =>
								requestAnimationFrame( resolve )
							)
						)
				);
			await page.evaluate( () => document.fonts.ready );
			await form.scrollIntoViewIfNeeded();
			await frames();
			// As the server prints it: step 1 of 2, its fields (not those of the unchosen way to reach), Next.
			const indicator = form.locator( '.tessera-form__progress-text' );
			await expect( indicator ).toBeVisible();
			await expect( indicator ).toHaveText( 'Step 1 of 2' );
			await expect( form.getByLabel( 'Name' ) ).toBeInViewport();
			await expect(
				form.getByRole( 'textbox', { name: 'Phone' } )
			).toBeHidden();
			await expect(
				form.getByLabel( 'What would you like to talk about?' )
			).toBeHidden();
			await expect(
				form.getByRole( 'button', { name: 'Next' } )
			).toBeVisible();
			await expect(
				form.getByRole( 'button', { name: 'Submit' } )
			).toBeHidden();
			const before = await boxes( form );

			// The first tap, on the first field: the island loads and takes the form over.
			await form.getByLabel( 'Name' ).click();
			await expect( form ).toHaveAttribute( 'data-island', 'ready' );
			await expect( form.getByLabel( 'Name' ) ).toBeFocused();
			await frames();
			expect( await boxes( form ) ).toEqual( before );
			const shift = await page.evaluate(
				() => window.tesseraLayoutShift?.() ?? -1
			);
			expect( shift ).toBeGreaterThanOrEqual( 0 );
			expect( shift ).toBeLessThan( 0.005 );

			// A first tap on Next itself (the island not there yet on another page view) is not lost either.
			await page.reload();
			const again = page.locator( `#evf-form-${ id }` );
			await again.getByRole( 'button', { name: 'Next' } ).click();
			await expect( again.getByLabel( 'Name' ) ).toBeFocused();
			await expect(
				again.getByLabel( 'Name' )
			).toHaveAccessibleDescription( 'This field is required' );
			expect( errors ).toEqual( [] );
			await context.close();
		} );
	}

	test( 'without JavaScript every step and field is shown, with one Submit, and the form is stored', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		const id = formId( 'demo-multi-step' );
		const before = entries( id ).total;
		await page.goto( DEMO_PATH );
		const form = page.locator( `#evf-form-${ id }` );
		await expect(
			form.locator( '.tessera-form__progress-text' )
		).toBeHidden();
		await expect(
			form.getByRole( 'button', { name: 'Next' } )
		).toBeHidden();
		await form.getByLabel( 'Name' ).fill( 'No Script Steps' );
		await form.getByRole( 'radio', { name: 'Phone' } ).check();
		await form
			.getByRole( 'textbox', { name: 'Phone' } )
			.fill( '+44 20 7946 0001' );
		await expect(
			form.getByRole( 'textbox', { name: 'E-mail' } )
		).toBeVisible();
		await form
			.getByLabel( 'What would you like to talk about?' )
			.fill( 'Steps without script.' );
		await form.getByLabel( 'I agree to be contacted' ).check();
		await startedSecondsAgo( form );
		await form.getByRole( 'button', { name: 'Submit' } ).click();
		await expect( page ).toHaveURL( /[?&]evf_sent=/ );
		await expect(
			page.getByRole( 'status' ).filter( { hasText: 'Booked' } )
		).toBeVisible();
		const after = entries( id );
		expect( after.total ).toBe( before + 1 );
		expect( after.rows[ 0 ].values ).toMatchObject( {
			name: 'No Script Steps',
			reach: 'Phone',
			phone: '+44 20 7946 0001',
			question: 'Steps without script.',
		} );
		await context.close();
	} );
} );
