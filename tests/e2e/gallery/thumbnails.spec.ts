/**
 * The thumbnails view as a visitor sees it (docs/gallery.md, "Views", "Navigation"): server-rendered responsive
 * images linked to their full files, columns that follow the container's width, pages by address (AJAX off:
 * `page_number_{n}`) for each gallery of a page separately, without JavaScript, and bad page numbers.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator } from '@playwright/test';

/**
 * Internal dependencies
 */
import { withoutWebFonts } from '../consent/support';
import { consentingVisitor, ensureDemo } from '../stats/support';
import { DEMO, shown, layoutShift, observeLayoutShift } from './support';

/**
 * How many columns a grid lays out.
 *
 * @param gallery The gallery's container.
 */
async function columns( gallery: Locator ): Promise< number > {
	return gallery
		.locator( '.tessera-gallery__grid' )
		.evaluate(
			( grid ) =>
				getComputedStyle( grid )
					.gridTemplateColumns.split( ' ' )
					.filter( Boolean ).length
		);
}

test.describe( 'gallery: thumbnails', () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test( 'without JavaScript: responsive images linked to their files, and pages by address for each gallery', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		await page.goto( DEMO );
		const first = page.locator( '#bwg_container1_0' );
		const second = page.locator( '#bwg_container1_1' );
		await expect( first.locator( '.tessera-gallery__item' ) ).toHaveCount(
			12
		);
		await expect( second.locator( '.tessera-gallery__item' ) ).toHaveCount(
			4
		);
		const image = first.locator( 'img' ).first();
		await expect( image ).toHaveAttribute( 'srcset', /\d+w/ );
		await expect( image ).toHaveAttribute( 'width', /^\d+$/ );
		await expect( image ).toHaveAttribute( 'height', /^\d+$/ );
		await expect( image ).toHaveAttribute( 'alt', /\S/ );
		const href = await first
			.locator( 'a.tessera-gallery__link' )
			.first()
			.getAttribute( 'href' );
		expect( href ).toMatch( /\/wp-content\/uploads\/.+\.jpg$/ );
		const file = await page.request.get( href || '' );
		expect( file.headers()[ 'content-type' ] ).toContain( 'image/jpeg' );
		// Titles shown under the first gallery's thumbnails.
		await expect(
			first.locator( '.tessera-gallery__title' ).first()
		).not.toBeEmpty();

		// Page 2 of the first gallery: its own address; the second gallery stays on its first page.
		const pageOne = await shown( first );
		const secondBefore = await shown( second );
		const nav = first.getByRole( 'navigation', { name: /pages$/ } );
		await expect( nav ).toHaveAccessibleName( 'All demo images: pages' );
		await expect(
			nav.getByRole( 'link', { name: 'Page 1' } )
		).toHaveAttribute( 'aria-current', 'page' );
		await nav.getByRole( 'link', { name: 'Page 2' } ).click();
		await expect( page ).toHaveURL(
			/[?&]page_number_0=2#bwg_container1_0$/
		);
		const pageTwo = await shown( first );
		expect( pageTwo ).toHaveLength( 12 );
		expect( pageTwo.filter( ( id ) => pageOne.includes( id ) ) ).toEqual(
			[]
		);
		expect( await shown( second ) ).toEqual( secondBefore );

		// Then the second gallery's page 2: the first keeps its page, both in the address.
		await second
			.getByRole( 'navigation', { name: /pages$/ } )
			.getByRole( 'link', { name: 'Next' } )
			.click();
		await expect( page ).toHaveURL( /page_number_0=2.*page_number_1=2/ );
		expect( await shown( first ) ).toEqual( pageTwo );
		const secondPageTwo = await shown( second );
		expect( secondPageTwo ).toHaveLength( 4 );
		expect(
			secondPageTwo.filter( ( id ) => secondBefore.includes( id ) )
		).toEqual( [] );

		// The last page of the first gallery: 40 images, 12 a page.
		await page.goto( `${ DEMO }?page_number_0=4` );
		await expect( first.locator( '.tessera-gallery__item' ) ).toHaveCount(
			4
		);
		await expect(
			first.getByRole( 'link', { name: 'Page 4' } )
		).toHaveAttribute( 'aria-current', 'page' );
		await context.close();
	} );

	test( 'columns follow the container: its width / thumbnail width + 1, capped', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			viewport: { width: 1280, height: 900 },
		} );
		await page.goto( DEMO );
		const first = page.locator( '#bwg_container1_0' );
		const second = page.locator( '#bwg_container1_1' );
		const width = await first.evaluate( ( el ) => el.clientWidth );
		// First gallery: 250 px thumbnails, at most 5 columns; second: 180 px, at most 4.
		expect( await columns( first ) ).toBe(
			Math.min( 5, Math.floor( width / 250 ) + 1 )
		);
		expect( await columns( second ) ).toBe(
			Math.min( 4, Math.floor( width / 180 ) + 1 )
		);

		await page.setViewportSize( { width: 360, height: 740 } );
		const narrow = await first.evaluate( ( el ) => el.clientWidth );
		expect( narrow ).toBeLessThan( 360 );
		expect( await columns( first ) ).toBe( Math.floor( narrow / 250 ) + 1 );
		expect( await columns( second ) ).toBe(
			Math.floor( narrow / 180 ) + 1
		);
		// Each thumbnail keeps the gallery's proportions (250 x 180) whatever the column width.
		const box = await first
			.locator( '.tessera-gallery__link' )
			.first()
			.boundingBox();
		expect( box ).not.toBeNull();
		expect(
			Math.abs( ( box?.width || 0 ) / ( box?.height || 1 ) - 250 / 180 )
		).toBeLessThan( 0.02 );
		await context.close();
	} );

	test( 'nothing shifts while the images load, and axe finds no violation in the gallery', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser );
		// A late web font re-wrapping the text above the gallery moves everything below it: the theme's shift,
		// not the gallery's. Fonts that are never swapped in, so what is measured is the gallery's own layout.
		await withoutWebFonts( page, DEMO );
		await observeLayoutShift( page );
		await page.goto( DEMO, { waitUntil: 'load' } );
		await page
			.locator( '#bwg_container1_0 img' )
			.last()
			.scrollIntoViewIfNeeded();
		await expect
			.poll( () =>
				page.evaluate( () =>
					Array.from(
						// The thumbnails galleries; the views below them have tests of their own.
						document.querySelectorAll< HTMLImageElement >(
							'#bwg_container1_0 img'
						)
					).every( ( img ) => img.complete )
				)
			)
			.toBe( true );
		expect( await layoutShift( page ) ).toBeLessThan( 0.001 );
		const results = await new AxeBuilder( { page } )
			.include( '#bwg_container1_0' )
			.include( '#bwg_container1_1' )
			.analyze();
		expect( results.violations ).toEqual( [] );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'bad page numbers: not a number → the first page, past the end → the last, never an error', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		const first = page.locator( '#bwg_container1_0' );
		await page.goto( DEMO );
		const pageOne = await shown( first );
		for ( const value of [
			'abc',
			'-1',
			'0',
			"2' OR '1'='1",
			'<script>alert(1)</script>',
			'1e3',
		] ) {
			const response = await page.goto(
				`${ DEMO }?page_number_0=${ encodeURIComponent( value ) }`
			);
			expect( response?.status(), value ).toBe( 200 );
			expect( await shown( first ), value ).toEqual( pageOne );
		}
		for ( const value of [ '99', '99999999999999999999' ] ) {
			await page.goto( `${ DEMO }?page_number_0=${ value }` );
			await expect(
				first.getByRole( 'link', { name: 'Page 4' } ),
				value
			).toHaveAttribute( 'aria-current', 'page' );
		}
		// An array where a number belongs.
		const response = await page.goto( `${ DEMO }?page_number_0[]=2` );
		expect( response?.status() ).toBe( 200 );
		expect( await shown( first ) ).toEqual( pageOne );
		await context.close();
	} );
} );
