/**
 * The page-speed check behind a page cache (issue 19; docs/speed.md, "Behind a page cache and on several nodes"),
 * over HTTP: a checked post shows visitors nothing of the check (the same bytes for everyone: the score circles are
 * for logged-in users' admin bar only), and the check's admin-ajax answers are never kept.
 */

/**
 * External dependencies
 */
import type { APIRequestContext } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect, speedConfig, AJAX_URL } from './support';
import { ensureDemo } from '../stats/support';
import { anonymous, expectSameBytes } from '../visitors';

test.describe(
	'page-speed check behind a page cache',
	{ tag: '@visitor' },
	() => {
		let http: APIRequestContext;

		test.beforeAll( async () => {
			ensureDemo();
			http = await anonymous();
		} );

		test.afterAll( async () => {
			await http.dispose();
		} );

		test( 'a checked post is the same bytes for every visitor', async ( {
			requestUtils,
		} ) => {
			const [ post ] = await requestUtils.rest<
				Array< { link: string } >
			>( {
				path: '/wp/v2/posts',
				params: {
					search: 'Coastal Walks in Cornwall',
					_fields: 'link',
				},
			} );
			expect( post, 'the speed demo post exists' ).toBeDefined();
			const body = await expectSameBytes( http, post!.link );
			expect( body ).not.toContain( 'tesseraSpeed' );
		} );
	}
);

// The administrator's own answers (admin-ajax.php, logged in): not a visitor flow.
test.describe( 'page-speed check answers', () => {
	test( 'the check answers are never kept', async ( { request } ) => {
		const { nonce } = await speedConfig( request );
		const answer = await request.post( AJAX_URL, {
			form: { action: 'twb_notif_check', twb_nonce: nonce },
		} );
		expect( answer.status() ).toBe( 200 );
		expect( answer.headers()[ 'cache-control' ] ).toBe( 'no-store' );
		const refused = await request.post( AJAX_URL, {
			form: {
				action: 'twb_check_score',
				post_id: '1',
				twb_nonce: 'forged',
			},
		} );
		expect( refused.status() ).toBeGreaterThanOrEqual( 400 );
		expect( refused.headers()[ 'cache-control' ] ).toBe( 'no-store' );
	} );
} );
