/**
 * Search, sort and the tag filter as a visitor uses them without JavaScript (docs/gallery.md, "Navigation"; spec
 * §2 Tag filter, search and sort): a GET form and links on the page's own address, `bwg_search_{n}`, `sort_by_{n}`
 * and `filter_tag_{n}`, each gallery's state kept when another one changes; bad values fall back.
 */

/**
 * External dependencies
 */
import { expect, test, type Locator } from '@playwright/test';

/**
 * Internal dependencies
 */
import { withoutWebFonts } from '../consent/support';
import { consentingVisitor, ensureDemo, sitePhp } from '../stats/support';
import { DEMO, shown } from './support';

/**
 * The titles a gallery shows under its thumbnails, in order.
 *
 * @param gallery The gallery's container.
 */
async function titles( gallery: Locator ): Promise< string[] > {
	return gallery.locator( '.tessera-gallery__title' ).allTextContents();
}

test.describe( 'gallery: search, sort and tags', () => {
	test.beforeAll( () => {
		ensureDemo();
	} );

	test( 'search, sort and filter by tag through the address; the other gallery keeps its page', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		await page.goto( `${ DEMO }?page_number_1=2` );
		const first = page.locator( '#bwg_container1_0' );
		const second = page.locator( '#bwg_container1_1' );
		const secondPageTwo = await shown( second );

		// Search for one image's full title: that image comes back.
		const [ wanted ] = await titles( first );
		expect( wanted ).toBeTruthy();
		const form = first.getByRole( 'search', {
			name: 'All demo images: search and sort',
		} );
		await form
			.getByRole( 'searchbox', { name: 'Search' } )
			.fill( wanted || '' );
		await form.getByRole( 'button', { name: 'Show' } ).click();
		await expect( page ).toHaveURL( /bwg_search_0=/ );
		expect(
			new URL( page.url() ).searchParams.get( 'page_number_1' )
		).toBe( '2' );
		expect( await titles( first ) ).toContain( wanted );
		expect( ( await shown( first ) ).length ).toBeLessThan( 12 );
		expect( await shown( second ) ).toEqual( secondPageTwo );
		await expect(
			form.getByRole( 'searchbox', { name: 'Search' } )
		).toHaveValue( wanted || '' );

		// Nothing matches: said so, and the form is still there.
		await form
			.getByRole( 'searchbox', { name: 'Search' } )
			.fill( 'zzzz no such image zzzz' );
		await form.getByRole( 'button', { name: 'Show' } ).click();
		await expect( first.getByText( 'No images match.' ) ).toBeVisible();
		await expect( first.locator( '.tessera-gallery__item' ) ).toHaveCount(
			0
		);

		// Sort by title, no search: the first page in title order.
		await form.getByRole( 'searchbox', { name: 'Search' } ).fill( '' );
		await form.getByLabel( 'Sort by' ).selectOption( 'title' );
		await form.getByRole( 'button', { name: 'Show' } ).click();
		await expect( page ).toHaveURL( /sort_by_0=title/ );
		const sorted = await titles( first );
		expect( sorted ).toHaveLength( 12 );
		expect( sorted ).toEqual(
			[ ...sorted ].sort( ( a, b ) =>
				a.localeCompare( b, 'en', {
					numeric: true,
					sensitivity: 'base',
				} )
			)
		);
		await expect( form.getByLabel( 'Sort by' ) ).toHaveValue( 'title' );

		// A tag of the bar: only images with that tag, the link marked as current; "All" takes it off.
		const tags = first.getByRole( 'navigation', {
			name: /filter by tag$/,
		} );
		await expect(
			tags.getByRole( 'link', { name: 'All' } )
		).toHaveAttribute( 'aria-current', 'true' );
		const tag = tags.getByRole( 'link' ).nth( 1 );
		const tagName = ( await tag.textContent() ) || '';
		await tag.click();
		await expect( page ).toHaveURL( /filter_tag_0=\d+/ );
		const tagId = new URL( page.url() ).searchParams.get( 'filter_tag_0' );
		await expect(
			tags.getByRole( 'link', { name: tagName, exact: true } )
		).toHaveAttribute( 'aria-current', 'true' );
		const tagged = await shown( first );
		expect( tagged.length ).toBeGreaterThan( 0 );
		const withTag = JSON.parse(
			sitePhp(
				`echo wp_json_encode( array_map( 'strval', get_objects_in_term( ${ Number(
					tagId
				) }, 'tessera_image_tag' ) ) );`
			)
				.split( '\n' )
				.pop() || '[]'
		) as string[];
		expect( tagged.every( ( id ) => withTag.includes( id ) ) ).toBe( true );
		expect( new URL( page.url() ).searchParams.get( 'sort_by_0' ) ).toBe(
			'title'
		);
		await tags.getByRole( 'link', { name: 'All' } ).click();
		await expect( page ).not.toHaveURL( /filter_tag_0=/ );
		expect( await shown( first ) ).toHaveLength( 12 );

		// The second gallery's tag list (a select in its form) filters it alone.
		const secondForm = second.getByRole( 'search' );
		await secondForm.getByLabel( 'Tag' ).selectOption( { index: 1 } );
		await secondForm.getByRole( 'button', { name: 'Show' } ).click();
		await expect( page ).toHaveURL( /filter_tag_1=\d+/ );
		expect( new URL( page.url() ).searchParams.get( 'sort_by_0' ) ).toBe(
			'title'
		);
		await context.close();
	} );

	test( 'with the script: two rows of tags and See all, the scroll to the gallery, broken images 100 by 100', async ( {
		browser,
	} ) => {
		const { context, page, errors } = await consentingVisitor( browser, {
			viewport: { width: 360, height: 740 },
		} );
		// One image of the first page answers 404.
		let broken = '';
		await page.route(
			/\/wp-content\/uploads\/.+\.jpg$/,
			async ( route ) => {
				if ( ! broken ) {
					broken = route.request().url();
				}
				return route.request().url() === broken
					? route.fulfill( { status: 404, body: '' } )
					: route.continue();
			}
		);
		await page.goto( DEMO );
		const first = page.locator( '#bwg_container1_0' );
		const tags = first.getByRole( 'navigation', {
			name: /filter by tag$/,
		} );
		const more = tags.getByRole( 'button', { name: 'See all' } );
		await expect( more ).toHaveAttribute( 'aria-expanded', 'false' );
		const rows = async () =>
			new Set(
				await tags
					.locator( 'li:visible' )
					.evaluateAll( ( items ) =>
						items.map(
							( item ) => ( item as HTMLElement ).offsetTop
						)
					)
			).size;
		expect( await rows() ).toBe( 2 );
		const total = await tags.locator( 'li' ).count();
		expect( await tags.locator( 'li:visible' ).count() ).toBeLessThan(
			total
		);
		await more.click();
		await expect(
			tags.getByRole( 'button', { name: 'See less' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
		await expect( tags.locator( 'li:visible' ) ).toHaveCount( total );
		await tags.getByRole( 'button', { name: 'See less' } ).click();
		expect( await rows() ).toBe( 2 );

		// The broken image: 100 by 100.
		await expect( first.locator( 'img.is-broken' ) ).toHaveCount( 1 );
		const size = await first
			.locator( 'img.is-broken' )
			.evaluate( ( img ) => [ img.clientWidth, img.clientHeight ] );
		expect( size ).toEqual( [ 100, 100 ] );

		// Page 2 by its link: the page comes back scrolled to the gallery, 150 px above it.
		await first
			.getByRole( 'navigation', { name: /pages$/ } )
			.getByRole( 'link', { name: 'Page 2' } )
			.click();
		await expect( page ).toHaveURL( /#bwg_container1_0$/ );
		await expect
			.poll( () =>
				page
					.locator( '#bwg_container1_0' )
					.evaluate( ( el ) =>
						Math.round( el.getBoundingClientRect().top )
					)
			)
			.toBe( 150 );
		expect( errors.filter( ( e ) => ! e.includes( '404' ) ) ).toEqual( [] );
		await context.close();
	} );

	test( 'the tag bar collapses to two rows without moving anything on a narrow screen', async ( {
		browser,
	} ) => {
		const viewport = { width: 360, height: 740 };
		/**
		 * Where the tag bar and the first thumbnail are, once the page has settled.
		 *
		 * @param blocked What the page may not load (the gallery's view script, or nothing).
		 * @param barIs   The bar's classes then.
		 */
		const layout = async ( blocked: RegExp, barIs: RegExp ) => {
			const { context, page } = await consentingVisitor( browser, {
				viewport,
			} );
			await page.route( blocked, ( route ) => route.abort() );
			// The theme's late web font re-wraps text; only the gallery's own layout is compared.
			await withoutWebFonts( page, DEMO );
			await page.goto( DEMO, { waitUntil: 'load' } );
			const bar = page.locator(
				'#bwg_container1_0 .tessera-gallery__tags'
			);
			await expect( bar ).toHaveClass( barIs );
			// From the gallery's top: the theme's header differs without scripts (its menu), above the gallery.
			const boxes = await page.evaluate( () =>
				[
					'#bwg_container1_0 .tessera-gallery__tags ul',
					'#bwg_container1_0 .tessera-gallery__tags li',
					'#bwg_container1_0 .tessera-gallery__item',
				].map( ( selector ) => {
					const box = document
						.querySelector( selector )
						?.getBoundingClientRect();
					const top =
						document
							.querySelector( '#bwg_container1_0' )
							?.getBoundingClientRect().top ?? 0;
					return box
						? [ box.top - top, box.height ].map( Math.round )
						: null;
				} )
			);
			await context.close();
			return boxes;
		};
		// The server's CSS clips the list to its two rows from the first paint (when scripts run); the view script
		// only hides the tags beyond them and shows the toggle: the list, the tags and the thumbnails are where
		// they are without it.
		// With its script, the bar knows it is long (its toggle shows).
		const [ list, tag, thumbnail ] = await layout( /^$/, /is-long/ );
		expect( [ list, tag, thumbnail ] ).toEqual(
			await layout(
				/\/build\/blocks\/gallery\/view\.js/,
				/^tessera-gallery__tags bwg_tag_container$/
			)
		);
		// Two rows of tags + 3 px (spec §9).
		expect( list?.[ 1 ] ).toBeLessThan( ( tag?.[ 1 ] || 0 ) * 2 + 12 );
	} );

	test( 'the search box shows its reset and loupe icons once it holds text', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			viewport: { width: 380, height: 800 },
		} );
		await page.goto( DEMO );
		const gallery = page.locator( '#bwg_container1_0' );
		const box = gallery.getByRole( 'searchbox', { name: 'Search' } );
		const reset = gallery.getByRole( 'link', { name: 'Clear the search' } );
		const loupe = gallery.getByRole( 'button', {
			name: 'Search the gallery',
		} );
		await expect( reset ).toBeHidden();
		await expect( loupe ).toBeHidden();
		await box.press( 'h' );
		await expect( reset ).toBeVisible();
		await expect( loupe ).toBeVisible();
		// Under 410 px the search line takes the whole width.
		const [ field, form ] = await Promise.all( [
			box.boundingBox(),
			gallery.getByRole( 'search' ).boundingBox(),
		] );
		expect( field?.width ).toBeGreaterThan( ( form?.width || 0 ) * 0.9 );
		await loupe.click();
		await expect( page ).toHaveURL( /bwg_search_0=h/ );
		await expect( box ).toHaveValue( 'h' );
		await reset.click();
		await expect( page ).not.toHaveURL( /bwg_search_0/ );
		await expect( box ).toHaveValue( '' );
		await expect( reset ).toBeHidden();
		await context.close();
	} );

	test( 'bad search, sort and tag values fall back and never reach a query unchecked', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser, {
			javaScriptEnabled: false,
		} );
		const first = page.locator( '#bwg_container1_0' );
		await page.goto( DEMO );
		const plain = await shown( first );
		for ( const query of [
			'sort_by_0=post_title%20DESC%3B%20DROP%20TABLE%20wp_posts',
			'sort_by_0[]=title',
			'filter_tag_0=1%20OR%201%3D1',
			'filter_tag_0=999999999',
			'filter_tag_0[]=3',
			'bwg_search_0[]=x',
			'bwg_random_seed_0=-5&sort_by_0=order',
		] ) {
			const response = await page.goto( `${ DEMO }?${ query }` );
			expect( response?.status(), query ).toBe( 200 );
			expect( await shown( first ), query ).toEqual( plain );
		}
		// Markup in the search is taken off (plain text only), never printed as markup.
		const hostile = '<img src=x onerror="window.__xss=1">zzz';
		await page.goto(
			`${ DEMO }?bwg_search_0=${ encodeURIComponent( hostile ) }`
		);
		await expect( first.getByText( 'No images match.' ) ).toBeVisible();
		await expect( first.locator( 'img[src="x"]' ) ).toHaveCount( 0 );
		await expect(
			first
				.getByRole( 'search' )
				.getByRole( 'searchbox', { name: 'Search' } )
		).toHaveValue( 'zzz' );
		// A long search is cut to 100 characters.
		await page.goto( `${ DEMO }?bwg_search_0=${ 'a'.repeat( 500 ) }` );
		expect(
			await first
				.getByRole( 'search' )
				.getByRole( 'searchbox', { name: 'Search' } )
				.inputValue()
		).toHaveLength( 100 );
		await context.close();
	} );
} );
