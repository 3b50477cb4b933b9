/**
 * The statistics blocks (issue 4): the view counter and the popular posts, inserted in the editor (server-side
 * preview, a sidebar setting), published, and read by a visitor after real hits were posted to the collector
 * (docs/stats.md, "Collector": signed `hit` requests to collect.php).
 */

/**
 * External dependencies
 */
import type { APIRequestContext } from '@playwright/test';

/**
 * WordPress dependencies
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { WP_BASE_URL } from '../speed/support';
import { COLLECT, sitePhp, visitor } from './support';

const COLLECT_URL = `${ WP_BASE_URL }${ COLLECT }?endpoint=hit`;
/** A browser's user agent (the collector does not count bots, nor Playwright's own agent). */
const CHROME =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/**
 * The collector's signature of a source, computed by the site (Collector::signature()).
 *
 * @param sourceType Source type.
 * @param sourceId   Source id.
 * @return 16 hex digits.
 */
function signature( sourceType: string, sourceId: number ): string {
	const value = sitePhp(
		`echo Tessera\\Stats\\Collector::signature( '${ sourceType }', ${ sourceId } );`
	);
	expect( value ).toMatch( /^[0-9a-f]{16}$/ );
	return value;
}

/**
 * Posts signed hits for a post, as the tracker sends them (values encoded once more than the form).
 *
 * @param request  Request context.
 * @param postId   Post ID.
 * @param pagePath Path of the post.
 * @param count    How many hits.
 */
async function postHits(
	request: APIRequestContext,
	postId: number,
	pagePath: string,
	count: number
): Promise< void > {
	const sig = signature( 'post', postId );
	for ( let i = 0; i < count; i++ ) {
		const response = await request.post( COLLECT_URL, {
			headers: { 'User-Agent': CHROME },
			form: {
				endpoint: 'hit',
				source_type: 'post',
				source_id: String( postId ),
				signature: sig,
				page_uri: encodeURIComponent( pagePath ),
				referred: '',
			},
		} );
		expect( response.status(), await response.text() ).toBe( 200 );
		expect( await response.json() ).toEqual( { status: true } );
	}
}

/** A post as REST answers it (what the spec reads). */
interface Created {
	id: number;
	link: string;
}

test.describe( 'Statistics blocks', () => {
	const posts: number[] = [];

	test.afterAll( async ( { requestUtils } ) => {
		for ( const id of posts ) {
			await requestUtils.rest( {
				method: 'DELETE',
				path: `/wp/v2/posts/${ id }`,
				params: { force: true },
			} );
		}
		if ( posts.length ) {
			sitePhp(
				`global $wpdb; foreach ( array( ${ posts.join(
					', '
				) } ) as $id ) { $wpdb->delete( Tessera\\Stats\\Schema::table( 'pages' ), array( 'source_id' => $id ) ); }`
			);
		}
	} );

	test( 'inserted in the editor, published, a visitor sees the views and the most viewed posts', async ( {
		admin,
		editor,
		page,
		browser,
		request,
		requestUtils,
	} ) => {
		const runnerUp = await requestUtils.rest< Created >( {
			method: 'POST',
			path: '/wp/v2/posts',
			data: {
				title: 'Stats e2e runner-up <b>bold</b>',
				status: 'publish',
			},
		} );
		posts.push( runnerUp.id );

		await admin.createNewPost( { title: 'Stats e2e most viewed' } );
		await editor.insertBlock( { name: 'tessera/view-counter' } );
		const counter = editor.canvas.locator(
			'p.wp-block-tessera-view-counter'
		);
		await expect( counter ).toHaveText( '0 views' );

		// A sidebar setting reaches the server-side preview.
		await editor.openDocumentSettingsSidebar();
		const settings = page.getByRole( 'region', {
			name: 'Editor settings',
		} );
		await settings.getByRole( 'tab', { name: 'Block' } ).click();
		await settings
			.getByRole( 'textbox', { name: 'Text after the number' } )
			.fill( 'reads' );
		await expect( counter ).toHaveText( '0 reads' );

		await editor.insertBlock( { name: 'tessera/popular-posts' } );
		await expect(
			editor.canvas.locator( '.wp-block-tessera-popular-posts' ).first()
		).toBeVisible();
		await settings.getByRole( 'tab', { name: 'Block' } ).click();
		await expect(
			settings.getByRole( 'combobox', { name: 'Post type' } )
		).toHaveValue( 'post' );

		const postId = Number( await editor.publishPost() );
		expect( postId ).toBeGreaterThan( 0 );
		posts.push( postId );
		const post = await requestUtils.rest< Created >( {
			path: `/wp/v2/posts/${ postId }`,
		} );

		await postHits( request, postId, new URL( post.link ).pathname, 5 );
		await postHits(
			request,
			runnerUp.id,
			new URL( runnerUp.link ).pathname,
			2
		);

		const { context, page: visitorPage } = await visitor( browser );
		await visitorPage.goto( post.link );
		await expect(
			visitorPage.locator( 'p.wp-block-tessera-view-counter' )
		).toHaveText( '5 reads' );

		const list = visitorPage.locator(
			'.wp-block-tessera-popular-posts ol'
		);
		await expect( list ).toBeVisible();
		const items = list.getByRole( 'listitem' );
		const texts = await items.allInnerTexts();
		const first = texts.findIndex( ( text ) =>
			text.includes( 'Stats e2e most viewed' )
		);
		const second = texts.findIndex( ( text ) =>
			text.includes( 'Stats e2e runner-up' )
		);
		expect( first ).toBeGreaterThanOrEqual( 0 );
		expect( second ).toBeGreaterThan( first );
		await expect( items.nth( first ) ).toContainText( '5 views' );
		await expect( items.nth( second ) ).toContainText( '2 views' );
		await expect(
			items.nth( first ).getByRole( 'link', {
				name: 'Stats e2e most viewed',
			} )
		).toHaveAttribute( 'href', post.link );
		await context.close();
	} );
} );
