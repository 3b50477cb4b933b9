/**
 * The forms rate limit over real HTTP (docs/deployment.md, "Rate limits" and "Proxies"): the `forms` bucket of
 * the one rate limiter counts stored entries per client address, atomically, and the client address behind a
 * trusted proxy is the visitor's, not the proxy's.
 *
 * On the bare test site every request comes from 127.0.0.1, trusted here as a local reverse proxy, so each test
 * visitor is an `X-Forwarded-For` address of its own; on the production-shaped stack (project `stack`) the page
 * cache in front appends the hop itself.
 */

/**
 * External dependencies
 */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

/**
 * Internal dependencies
 */
import { WP_BASE_URL } from '../speed/support';
import {
	ACTION,
	AJAX,
	ensureDemo,
	entries,
	formId,
	hiddenFields,
	sitePhp,
} from './support';

/** A random documentation address (RFC 5737), one per visitor of the run. */
function visitorAddress(): string {
	const [ a, b ] = crypto.getRandomValues( new Uint8Array( 2 ) );
	return `198.51.${ 100 + ( a % 100 ) }.${ 1 + ( b % 254 ) }`;
}

/** 32 random hex digits: a submission token as the browser makes it. */
function token(): string {
	return [ ...crypto.getRandomValues( new Uint8Array( 16 ) ) ]
		.map( ( b ) => b.toString( 16 ).padStart( 2, '0' ) )
		.join( '' );
}

/**
 * A background submission of the contact form with its own token and message.
 *
 * @param hidden  The form's hidden fields.
 * @param message The message (unique per submission).
 * @param use     The submission token.
 */
function body(
	hidden: Record< string, string >,
	message: string,
	use = token()
): string {
	return new URLSearchParams( {
		...hidden,
		evf_submission_start_time: String( Date.now() - 60000 ),
		tessera_submission: use,
		action: ACTION,
		'everest_forms[form_fields][name]': 'Ada Lovelace',
		'everest_forms[form_fields][email]': 'ada@example.org',
		'everest_forms[form_fields][subject]': 'Limits',
		'everest_forms[form_fields][message]': message,
	} ).toString();
}

test.describe( 'forms rate limit per visitor', { tag: '@visitor' }, () => {
	let anonymous: APIRequestContext;
	let form: number;
	let hidden: Record< string, string >;

	test.beforeAll( async () => {
		ensureDemo();
		// 127.0.0.1 is a local reverse proxy; the default limit (10 stored entries per 10 minutes).
		sitePhp(
			"update_option( 'tessera_trusted_proxies', array( 'presets' => array( 'local' ), 'addresses' => array() ) ); update_option( 'tessera_forms_rate_limit', 10 );"
		);
		anonymous = await playwrightRequest.newContext( {
			baseURL: WP_BASE_URL,
			storageState: { cookies: [], origins: [] },
		} );
		form = formId( 'demo-contact' );
		hidden = await hiddenFields( anonymous, form );
	} );

	test.afterAll( async () => {
		sitePhp(
			"delete_option( 'tessera_trusted_proxies' ); update_option( 'tessera_forms_rate_limit', 100000 );"
		);
		await anonymous.dispose();
	} );

	/**
	 * POSTs a submission as one visitor.
	 *
	 * @param address The visitor's address (sent as the hop the proxy saw).
	 * @param data    Form-encoded body.
	 */
	async function post( address: string, data: string ): Promise< number > {
		const response = await anonymous.post( AJAX, {
			data,
			headers: {
				'content-type': 'application/x-www-form-urlencoded',
				'x-forwarded-for': address,
			},
		} );
		return response.status();
	}

	test( '30 concurrent submissions of one visitor against a limit of 10 store exactly 10; another visitor still gets through', async () => {
		const visitor = visitorAddress();
		const run = token().slice( 0, 8 );
		const before = entries( form ).total;
		const statuses = await Promise.all(
			Array.from( { length: 30 }, ( _, i ) =>
				post(
					visitor,
					body(
						hidden,
						`A burst of messages, number ${ i } (${ run })`
					)
				)
			)
		);
		expect( statuses.filter( ( s ) => s === 200 ) ).toHaveLength( 10 );
		expect( statuses.filter( ( s ) => s === 429 ) ).toHaveLength( 20 );
		expect( entries( form ).total ).toBe( before + 10 );

		// The limit is the visitor's, not the proxy's: a second visitor behind the same proxy is not refused.
		expect(
			await post(
				visitorAddress(),
				body( hidden, `A second visitor behind the proxy (${ run })` )
			)
		).toBe( 200 );
		expect( entries( form ).total ).toBe( before + 11 );
	} );

	test( 'a double click (the same submission twice) uses one slot', async () => {
		const visitor = visitorAddress();
		const run = token().slice( 0, 8 );
		const before = entries( form ).total;
		const twice = body( hidden, `A double click, sent twice (${ run })` );
		expect( await post( visitor, twice ) ).toBe( 200 );
		expect( await post( visitor, twice ) ).toBe( 200 );
		expect( entries( form ).total ).toBe( before + 1 );
		// Nine more fit: the repeat was given its slot back.
		for ( let i = 0; i < 9; i++ ) {
			expect(
				await post(
					visitor,
					body( hidden, `One more message, number ${ i } (${ run })` )
				)
			).toBe( 200 );
		}
		expect(
			await post(
				visitor,
				body( hidden, `One message over the limit (${ run })` )
			)
		).toBe( 429 );
		expect( entries( form ).total ).toBe( before + 10 );
	} );
} );
