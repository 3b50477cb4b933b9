/**
 * The "Optimize Images" admin bar menu on the front end (docs/speed.md, spec §2, §4, §6).
 */

/**
 * WordPress dependencies
 */
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import {
	test,
	expect,
	createSpeedPost,
	fakeRequests,
	withNoContent,
} from './support';
import { axeViolations, expectScores } from './circles';

const NODE = '#wp-admin-bar-tessera-speed';
const OPTIMIZING = /(^|\s)tessera-speed-ab--optimizing(\s|$)/;

/**
 * Set the gallery link in the plugin settings (REST /wp/v2/settings).
 *
 * @param requestUtils Admin request utilities.
 * @param link         URL or ''.
 */
async function setGalleryLink(
	requestUtils: RequestUtils,
	link: string
): Promise< void > {
	const current = await requestUtils.rest< Record< string, unknown > >( {
		path: '/wp/v2/settings',
	} );
	const settings = ( current.tessera_speed_settings || {} ) as Record<
		string,
		unknown
	>;
	await requestUtils.rest( {
		method: 'POST',
		path: '/wp/v2/settings',
		data: { tessera_speed_settings: { ...settings, gallery_link: link } },
	} );
}

test.describe( 'Admin bar menu on the front end', () => {
	withNoContent( test, {
		after: ( requestUtils ) => setGalleryLink( requestUtils, '' ),
	} );

	test( 'an administrator gets "Optimize Images" and checks the page being viewed', async ( {
		page,
		requestUtils,
	} ) => {
		const post = await createSpeedPost(
			requestUtils,
			'psi-slow-score-95-30-front'
		);
		await page.goto( post.link );

		const node = page.locator( NODE );
		await expect( node ).toBeVisible();
		await expect( node.locator( '> .ab-item' ).first() ).toContainText(
			'Optimize Images'
		);
		await expect( node.locator( '.tessera-speed-ab__logo' ) ).toHaveCount(
			1
		);
		await expect( node ).not.toHaveClass( OPTIMIZING );
		expect(
			await page.evaluate(
				() =>
					(
						window as unknown as {
							tesseraSpeed: { postId: number };
						}
					 ).tesseraSpeed.postId
			)
		).toBe( post.id );

		await node.hover();
		const checkItem = page.locator( '#wp-admin-bar-tessera-speed-check' );
		await expect( checkItem ).toBeVisible();
		await expect( checkItem ).toContainText( /Check this page[’']s speed/ );
		await expect(
			page.locator(
				`#wp-admin-bar-tessera-speed-check [data-post_id="${ post.id }"], #wp-admin-bar-tessera-speed-check[data-post_id="${ post.id }"]`
			)
		).toHaveCount( 1 );
		await expect(
			page.locator( '#wp-admin-bar-tessera-speed-list a' )
		).toHaveAttribute( 'href', /\/wp-admin\/edit\.php/ );
		await expect(
			page.locator( '#wp-admin-bar-tessera-speed-settings a' )
		).toHaveAttribute( 'href', /\/admin\.php\?page=tessera$/ );

		expect( await axeViolations( page, NODE ) ).toEqual( [] );

		await checkItem.locator( 'a, button' ).first().click();
		await expect( node ).toHaveClass( OPTIMIZING );
		const result = page.locator( '#wp-admin-bar-tessera-speed-result' );
		await expect( result.locator( '.tessera-speed-circle' ) ).toHaveCount(
			2,
			{
				timeout: 15_000,
			}
		);
		await expect( node ).not.toHaveClass( OPTIMIZING );
		await node.hover();
		await expectScores( result, post.id, { desktop: 95, mobile: 30 } );
		expect( ( await fakeRequests() ).map( ( r ) => r.url ) ).toEqual( [
			post.link,
			post.link,
		] );

		// Known results are drawn by the server on the next visit.
		await page.reload();
		await page.locator( NODE ).hover();
		await expectScores(
			page.locator( '#wp-admin-bar-tessera-speed-result' ),
			post.id,
			{ desktop: 95 }
		);
	} );

	test( 'a visitor gets no menu and downloads nothing of the speed feature', async ( {
		browser,
		requestUtils,
	} ) => {
		const post = await createSpeedPost(
			requestUtils,
			'score-95-30-visitor'
		);
		const context = await browser.newContext( {
			storageState: { cookies: [], origins: [] },
		} );
		try {
			const page = await context.newPage();
			const urls: string[] = [];
			page.on( 'request', ( r ) => urls.push( r.url() ) );
			const response = await page.goto( post.link );
			expect( response?.status() ).toBe( 200 );
			await page.waitForLoadState( 'load' );
			const html = await page.content();

			await expect( page.locator( '#wpadminbar' ) ).toHaveCount( 0 );
			await expect( page.locator( NODE ) ).toHaveCount( 0 );
			expect( html ).not.toContain( 'tesseraSpeed' );
			expect( html ).not.toMatch( /id=["']tessera-speed[\w-]*-(js|css)/ );
			const speedAssets = urls.filter(
				( u ) =>
					u.includes( '/plugins/tessera/' ) &&
					/\/build\/(speed|editor)\//.test( u )
			);
			expect( speedAssets ).toEqual( [] );
			expect(
				urls.filter( ( u ) => u.includes( 'admin-ajax.php' ) )
			).toEqual( [] );
			expect( urls[ 0 ] ).toBe( post.link );
		} finally {
			await context.close();
		}
	} );

	test( 'on a gallery page the header reads "Optimize gallery images" and opens the settings link in a new tab', async ( {
		page,
		requestUtils,
	} ) => {
		await setGalleryLink(
			requestUtils,
			'https://example.com/optimize-gallery'
		);
		const gallery = await requestUtils.rest< { id: number; link: string } >(
			{
				method: 'POST',
				path: '/wp/v2/posts',
				data: {
					title: 'Gallery page',
					slug: 'score-90-90-gallery',
					status: 'publish',
					content:
						'<!-- wp:html --><div class="bwg_container">gallery</div><!-- /wp:html -->',
				},
			}
		);
		const plain = await createSpeedPost(
			requestUtils,
			'score-90-90-plain'
		);

		await page.goto( gallery.link );
		const header = page.locator( `${ NODE } > .ab-item` ).first();
		await expect( header ).toContainText( 'Optimize gallery images' );
		await expect( header ).not.toContainText( 'Optimize Images' );
		await expect( header ).toHaveAttribute(
			'href',
			'https://example.com/optimize-gallery'
		);
		await expect( header ).toHaveAttribute( 'target', '_blank' );
		await expect( header ).toHaveAttribute( 'rel', /(^|\s)noopener(\s|$)/ );

		await page.goto( plain.link );
		await expect(
			page.locator( `${ NODE } > .ab-item` ).first()
		).toContainText( 'Optimize Images' );
	} );
} );
