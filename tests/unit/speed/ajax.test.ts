/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import { checkScore, notifCheck } from '../../../src/lib/speed/ajax';
import { CONFIG } from './helpers';

type FetchMock = jest.Mock< typeof window.fetch >;

/**
 * Answers every request with the given status and body.
 *
 * @param status HTTP status.
 * @param body   Response text.
 * @return The fetch mock.
 */
function answer( status: number, body: string ): FetchMock {
	const fetch: FetchMock = jest.fn( async () => {
		const response = {
			ok: status >= 200 && status < 300,
			status,
			text: async () => body,
		};
		return response as unknown as Response;
	} );
	window.fetch = fetch;
	return fetch;
}

/**
 * The form fields of the n-th request.
 *
 * @param fetch The fetch mock.
 * @param call  Call index.
 * @return The fields.
 */
function sentFields( fetch: FetchMock, call = 0 ): Record< string, string > {
	const init = fetch.mock.calls[ call ]?.[ 1 ];
	return Object.fromEntries( new URLSearchParams( String( init?.body ) ) );
}

describe( 'checkScore', () => {
	const realFetch = window.fetch;
	afterEach( () => {
		window.fetch = realFetch;
		delete window.tesseraSpeed;
	} );

	it( 'POSTs action, post_id and twb_nonce to ajaxUrl and parses the answer', async () => {
		const fetch = answer(
			200,
			'{"desktop_score":87,"desktop_tti":2.3,"mobile_score":45,"mobile_tti":7.9}'
		);
		const outcome = await checkScore( 12, CONFIG );

		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( fetch.mock.calls[ 0 ]?.[ 0 ] ).toBe( CONFIG.ajaxUrl );
		expect( fetch.mock.calls[ 0 ]?.[ 1 ]?.method ).toBe( 'POST' );
		expect( fetch.mock.calls[ 0 ]?.[ 1 ]?.body ).toBeInstanceOf(
			URLSearchParams
		);
		expect( sentFields( fetch ) ).toEqual( {
			action: 'twb_check_score',
			post_id: '12',
			twb_nonce: 'n0nce',
		} );
		expect( outcome ).toEqual( {
			ok: true,
			result: {
				desktop_score: 87,
				desktop_tti: 2.3,
				mobile_score: 45,
				mobile_tti: 7.9,
				checked_at: null,
				metrics: null,
			},
		} );
	} );

	it( 'reads the configuration from window.tesseraSpeed by default', async () => {
		window.tesseraSpeed = { ...CONFIG, nonce: 'from-page' };
		const fetch = answer( 200, '{"error":"x"}' );
		await checkScore( 4 );
		expect( sentFields( fetch ).twb_nonce ).toBe( 'from-page' );
	} );

	it( 'shows the error message of a 409 answer', async () => {
		answer( 409, '{"error":"Another speed check is running."}' );
		expect( await checkScore( 12, CONFIG ) ).toEqual( {
			ok: false,
			message: 'Another speed check is running.',
		} );
	} );

	it( 'fails on the 0 that admin-ajax answers to a logged-out request', async () => {
		answer( 400, '0' );
		expect( await checkScore( 12, CONFIG ) ).toEqual( {
			ok: false,
			message:
				'The speed check returned an answer that could not be read.',
		} );
	} );

	it( 'fails on a body that is not JSON', async () => {
		answer( 200, '<html>Fatal error</html>' );
		const outcome = await checkScore( 12, CONFIG );
		expect( outcome.ok ).toBe( false );
	} );

	it( 'fails, without throwing, when the request does not get through', async () => {
		window.fetch = jest.fn( async () => {
			throw new TypeError( 'Failed to fetch' );
		} );
		expect( await checkScore( 12, CONFIG ) ).toEqual( {
			ok: false,
			message:
				'The speed check could not reach the site. Check your connection and try again.',
		} );
	} );

	it( 'fails without a page configuration and sends nothing', async () => {
		const fetch = answer( 200, '{}' );
		const outcome = await checkScore( 12 );
		expect( outcome.ok ).toBe( false );
		expect( fetch ).not.toHaveBeenCalled();
	} );
} );

describe( 'notifCheck', () => {
	const realFetch = window.fetch;
	beforeEach( () => {
		delete window.tesseraSpeed;
	} );
	afterEach( () => {
		window.fetch = realFetch;
	} );

	it( 'POSTs action and twb_nonce, reads the answer as text and parses it', async () => {
		const fetch = answer( 200, '{"html":"<p>Done</p>","changeLogo":true}' );
		expect( await notifCheck( CONFIG ) ).toEqual( {
			ok: true,
			html: '<p>Done</p>',
			changeLogo: true,
		} );
		expect( sentFields( fetch ) ).toEqual( {
			action: 'twb_notif_check',
			twb_nonce: 'n0nce',
		} );
	} );

	it.each( [
		[ 'an error answer', 200, '{"error":"Session expired."}' ],
		[ 'a 403', 403, '{"html":"","changeLogo":false}' ],
		[ 'a body that is not JSON', 200, 'nope' ],
	] )( 'fails on %s', async ( _name, status, body ) => {
		answer( status, body );
		expect( await notifCheck( CONFIG ) ).toEqual( { ok: false } );
	} );

	it( 'fails when the request does not get through', async () => {
		window.fetch = jest.fn( async () => {
			throw new TypeError( 'Failed to fetch' );
		} );
		expect( await notifCheck( CONFIG ) ).toEqual( { ok: false } );
	} );
} );
