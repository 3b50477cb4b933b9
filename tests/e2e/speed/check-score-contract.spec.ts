/**
 * HTTP contract of the page-speed check (docs/speed.md): `twb_check_score` and `twb_notif_check`
 * posted exactly as the spec says, against the fake PageSpeed Insights server.
 */

/**
 * WordPress dependencies
 */
import type { APIRequestContext } from '@playwright/test';
import {
	test,
	expect,
	type RequestUtils,
} from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import {
	MESSAGES,
	ajaxRaw,
	anonymousContext,
	checkScore,
	createSpeedPost,
	deleteAllContent,
	fakeRequests,
	isEmptyMeta,
	loggedInContext,
	notifCheck,
	resetFake,
	setSlug,
	speedConfig,
	speedMeta,
	waitForFakeRequests,
	withNoContent,
	type DeviceMetrics,
	type StoredSpeed,
} from './support';

const ISO_8601 =
	/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Set the PSI API key through the registered setting (REST /wp/v2/settings).
 *
 * @param requestUtils Admin request utilities.
 * @param apiKey       The key ('' for none).
 */
async function setApiKey(
	requestUtils: RequestUtils,
	apiKey: string
): Promise< void > {
	const current = await requestUtils.rest< Record< string, unknown > >( {
		path: '/wp/v2/settings',
	} );
	expect(
		Object.keys( current ),
		'tessera_speed_settings is shown in REST'
	).toContain( 'tessera_speed_settings' );
	const settings = ( current.tessera_speed_settings || {} ) as Record<
		string,
		unknown
	>;
	const saved = await requestUtils.rest< Record< string, unknown > >( {
		method: 'POST',
		path: '/wp/v2/settings',
		data: { tessera_speed_settings: { ...settings, api_key: apiKey } },
	} );
	expect(
		( saved.tessera_speed_settings as { api_key: string } ).api_key
	).toBe( apiKey );
}

/**
 * Assert the measurements of one device as the fake PSI server gives them by default.
 *
 * @param device                  The measurements.
 * @param expected                What they should be. Lab LCP is compared to 1 decimal, CLS to 3.
 * @param expected.score
 * @param expected.tti
 * @param expected.tbt
 * @param expected.lcp
 * @param expected.cls
 * @param expected.field          Field data; `lcp` and `fcp` (to 2 decimals) only where given.
 * @param expected.field.inp
 * @param expected.field.category
 * @param expected.field.lcp
 * @param expected.field.fcp
 * @param expected.field.cls
 */
function expectDeviceMetrics(
	device: DeviceMetrics,
	expected: {
		score: number;
		tti: number;
		tbt: number;
		lcp: number;
		cls: number;
		field: {
			inp: number;
			category: string;
			lcp?: number;
			fcp?: number;
			cls: number;
		};
	}
): void {
	const { score, tti, tbt, lcp, cls, field } = expected;
	expect( device ).toMatchObject( { score, tti, tbt } );
	expect( device.lcp ).toBeCloseTo( lcp, 1 );
	expect( device.cls ).toBeCloseTo( cls, 3 );
	expect( device.field ).toMatchObject( {
		inp: field.inp,
		category: field.category,
	} );
	if ( field.lcp !== undefined ) {
		expect( device.field!.lcp ).toBeCloseTo( field.lcp, 2 );
	}
	if ( field.fcp !== undefined ) {
		expect( device.field!.fcp ).toBeCloseTo( field.fcp, 2 );
	}
	// CLS field percentile is CLS x 100 in PSI: 5 -> 0.05.
	expect( device.field!.cls ).toBeCloseTo( field.cls, 3 );
}

test.describe( 'twb_check_score: success', () => {
	withNoContent( test, {
		before: ( requestUtils ) => setApiKey( requestUtils, '' ),
		after: ( requestUtils ) => setApiKey( requestUtils, '' ),
	} );

	test( 'answers the four figures, stores the result, asks PSI once per strategy without a key', async ( {
		request,
		requestUtils,
	} ) => {
		const post = await createSpeedPost(
			requestUtils,
			'speed-default-figures'
		);
		const { nonce } = await speedConfig( request );
		await resetFake();
		const before = Date.now();

		const answer = await checkScore( request, post.id, nonce );

		expect( answer.status, answer.text ).toBe( 200 );
		const body = answer.json as Record< string, unknown >;
		expect( Object.keys( body ).sort() ).toEqual( [
			'checked_at',
			'desktop_score',
			'desktop_tti',
			'metrics',
			'mobile_score',
			'mobile_tti',
		] );
		// Fake defaults: desktop 0.92 / 1234 ms, mobile 0.45 / 7890 ms.
		expect( body.desktop_score ).toBe( 92 );
		expect( body.mobile_score ).toBe( 45 );
		expect( body.desktop_tti ).toBe( 1.2 );
		expect( body.mobile_tti ).toBe( 7.9 );
		expect( body.checked_at ).toMatch( ISO_8601 );
		const checkedAt = Date.parse( body.checked_at as string );
		expect( checkedAt ).toBeGreaterThan( before - 120_000 );
		expect( checkedAt ).toBeLessThan( Date.now() + 120_000 );

		const metrics = body.metrics as StoredSpeed;
		expect( Object.keys( metrics ).sort() ).toEqual( [
			'desktop',
			'mobile',
		] );
		expectDeviceMetrics( metrics.desktop, {
			score: 92,
			tti: 1.2,
			tbt: 120,
			lcp: 1.5432,
			cls: 0.03,
			field: {
				inp: 150,
				category: 'FAST',
				lcp: 2.1,
				fcp: 1.2,
				cls: 0.05,
			},
		} );
		expectDeviceMetrics( metrics.mobile, {
			score: 45,
			tti: 7.9,
			tbt: 640,
			lcp: 4.3215,
			cls: 0.12,
			field: { inp: 310, category: 'AVERAGE', cls: 0.12 },
		} );

		const received = await fakeRequests();
		expect( received ).toHaveLength( 2 );
		expect( received.map( ( r ) => r.strategy ).sort() ).toEqual( [
			'desktop',
			'mobile',
		] );
		for ( const r of received ) {
			expect( r.url ).toBe( post.link );
			expect( r.query.category ).toBe( 'performance' );
			expect( r.key ).toBeNull();
			expect( Object.keys( r.query ) ).not.toContain( 'key' );
		}

		const meta = await speedMeta( requestUtils, post.id );
		expect( meta.speed ).toEqual( {
			checked_at: body.checked_at,
			desktop: metrics.desktop,
			mobile: metrics.mobile,
		} );
		expect( isEmptyMeta( meta.error ) ).toBe( true );
	} );

	test( 'steers by the page: scores from score-<d>-<m>, no field data gives field null', async ( {
		request,
		requestUtils,
	} ) => {
		const post = await createSpeedPost(
			requestUtils,
			'score-97-12-psi-nofield'
		);
		const { nonce } = await speedConfig( request );
		const answer = await checkScore( request, post.id, nonce );
		expect( answer.status, answer.text ).toBe( 200 );
		const body = answer.json as Record< string, unknown > & {
			metrics: StoredSpeed;
		};
		expect( body.desktop_score ).toBe( 97 );
		expect( body.mobile_score ).toBe( 12 );
		expect( body.metrics.desktop.field ).toBeNull();
		expect( body.metrics.mobile.field ).toBeNull();
		const meta = await speedMeta( requestUtils, post.id );
		expect( ( meta.speed as StoredSpeed ).desktop.score ).toBe( 97 );
		expect( ( meta.speed as StoredSpeed ).mobile.field ).toBeNull();
	} );

	test( 'sends the API key from the settings, and only while one is set', async ( {
		request,
		requestUtils,
	} ) => {
		const post = await createSpeedPost( requestUtils, 'speed-api-key' );
		const { nonce } = await speedConfig( request );
		/**
		 * Set the key, check the post, and tell which keys PSI received (one request a strategy).
		 *
		 * @param apiKey The key ('' for none).
		 */
		const keysSentWith = async ( apiKey: string ) => {
			await setApiKey( requestUtils, apiKey );
			await resetFake();
			expect(
				( await checkScore( request, post.id, nonce ) ).status
			).toBe( 200 );
			const received = await fakeRequests();
			expect( received ).toHaveLength( 2 );
			return received.map( ( r ) => r.key );
		};

		expect( await keysSentWith( 'e2e-key-0123456789' ) ).toEqual( [
			'e2e-key-0123456789',
			'e2e-key-0123456789',
		] );
		expect( await keysSentWith( '' ) ).toEqual( [ null, null ] );
	} );

	test( 'asks PSI for desktop and mobile in parallel', async ( {
		request,
		requestUtils,
	} ) => {
		// The fake waits 2 s before answering a psi-slow page.
		const post = await createSpeedPost( requestUtils, 'psi-slow-parallel' );
		const { nonce } = await speedConfig( request );
		await resetFake();

		const started = Date.now();
		const answer = await checkScore( request, post.id, nonce );
		const took = Date.now() - started;

		expect( answer.status, answer.text ).toBe( 200 );
		const received = await fakeRequests();
		expect( received ).toHaveLength( 2 );
		expect(
			Math.abs( received[ 0 ].receivedAt - received[ 1 ].receivedAt )
		).toBeLessThan( 500 );
		// One after the other would take at least 4 s.
		expect( took ).toBeLessThan( 3_900 );
	} );

	test( 'one check at a time: a second answers 409, twb_notif_check reports the run, the lock is released', async ( {
		request,
		requestUtils,
	} ) => {
		const slow = await createSpeedPost( requestUtils, 'psi-slow-lock' );
		const other = await createSpeedPost( requestUtils, 'score-88-77-lock' );
		const { nonce } = await speedConfig( request );
		await resetFake();

		const running = checkScore( request, slow.id, nonce );
		await waitForFakeRequests( 1 );

		const second = await checkScore( request, other.id, nonce );
		expect( second.status, second.text ).toBe( 409 );
		expect( second.json ).toEqual( { error: MESSAGES.running } );

		const during = await notifCheck( request, nonce );
		expect( during.status ).toBe( 200 );
		expect( during.json ).toEqual( { html: '', changeLogo: false } );

		// A page loaded now knows that a check runs.
		const config = await speedConfig( request );
		expect( config.inProgress ).toBe( true );
		expect( config.inProgressPostId ).toBe( slow.id );
		expect( config.pollInterval ).toBe( 30000 );

		const first = await running;
		expect( first.status, first.text ).toBe( 200 );
		expect(
			( await fakeRequests() ).filter( ( r ) => r.url === other.link ),
			'the refused check never reached PSI'
		).toHaveLength( 0 );
		expect(
			isEmptyMeta( ( await speedMeta( requestUtils, other.id ) ).speed )
		).toBe( true );

		const after = await notifCheck( request, nonce );
		expect( after.status ).toBe( 200 );
		const notif = after.json as { html: unknown; changeLogo: unknown };
		expect( Object.keys( notif ).sort() ).toEqual( [
			'changeLogo',
			'html',
		] );
		expect( typeof notif.html ).toBe( 'string' );
		expect( ( notif.html as string ).trim() ).not.toBe( '' );
		expect( notif.changeLogo ).toBe( true );
		expect( ( await speedConfig( request ) ).inProgress ).toBe( false );

		const again = await checkScore( request, other.id, nonce );
		expect( again.status, again.text ).toBe( 200 );
		expect(
			( again.json as { desktop_score: number } ).desktop_score
		).toBe( 88 );
	} );
} );

test.describe( 'twb_check_score: refusals store nothing', () => {
	let checked: { id: number; link: string };
	let stored: unknown;
	let nonce: string;

	test.beforeAll( async ( { requestUtils, playwright } ) => {
		await deleteAllContent( requestUtils );
		await requestUtils.deleteAllUsers();
		checked = await createSpeedPost( requestUtils, 'score-91-51-refusals' );
		const ctx = await playwright.request.newContext( {
			storageState: process.env.STORAGE_STATE_PATH,
		} );
		nonce = ( await speedConfig( ctx ) ).nonce;
		const answer = await checkScore( ctx, checked.id, nonce );
		expect( answer.status, answer.text ).toBe( 200 );
		await ctx.dispose();
		stored = ( await speedMeta( requestUtils, checked.id ) ).speed;
		expect( ( stored as StoredSpeed ).desktop.score ).toBe( 91 );
	} );

	test.beforeEach( async () => {
		await resetFake();
	} );

	test.afterEach( async ( { requestUtils } ) => {
		expect(
			await fakeRequests(),
			'a refused check never reaches PSI'
		).toHaveLength( 0 );
		const meta = await speedMeta( requestUtils, checked.id );
		expect( meta.speed, '_tessera_speed unchanged' ).toEqual( stored );
		expect( isEmptyMeta( meta.error ), 'no _tessera_speed_error' ).toBe(
			true
		);
	} );

	test.afterAll( async ( { requestUtils } ) => {
		await deleteAllContent( requestUtils );
		await requestUtils.deleteAllUsers();
	} );

	test( 'without a nonce: 403 and the session message', async ( {
		request,
	} ) => {
		const answer = await checkScore( request, checked.id, undefined );
		expect( answer.status ).toBe( 403 );
		expect( answer.json ).toEqual( { error: MESSAGES.nonce } );
	} );

	test( 'with a wrong nonce: 403 and the session message', async ( {
		request,
		requestUtils,
	} ) => {
		for ( const wrong of [
			'0123456789',
			// A valid nonce for another action (the REST API's).
			requestUtils.storageState!.nonce,
		] ) {
			const answer = await checkScore( request, checked.id, wrong );
			expect( answer.status, `nonce ${ wrong }` ).toBe( 403 );
			expect( answer.json ).toEqual( { error: MESSAGES.nonce } );
		}
	} );

	test( 'logged out: admin-ajax answers 400 "0" (no nopriv action)', async () => {
		const anonymous = await anonymousContext();
		try {
			const answer = await checkScore( anonymous, checked.id, nonce );
			expect( answer.status ).toBe( 400 );
			expect( answer.text ).toBe( '0' );
			const notif = await notifCheck( anonymous, nonce );
			expect( notif.status ).toBe( 400 );
			expect( notif.text ).toBe( '0' );
		} finally {
			await anonymous.dispose();
		}
	} );

	/**
	 * A user of `role` logged in over HTTP, with a `twb_speed` nonce of their own session.
	 *
	 * A nonce depends on the user and the session, not the role: it is taken while the user is an
	 * administrator, then the role is lowered. The session, and so the nonce, stays valid.
	 *
	 * @param requestUtils Admin request utilities.
	 * @param role         The role to end with.
	 * @return The user's request context (dispose it) and nonce.
	 */
	async function userWithOwnNonce(
		requestUtils: RequestUtils,
		role: 'subscriber' | 'editor'
	): Promise< { ctx: APIRequestContext; ownNonce: string } > {
		const username = `speed-${ role }-${ Date.now() }`;
		const password = 'speed-e2e-password';
		const user = await requestUtils.createUser( {
			username,
			email: `${ username }@example.com`,
			password,
			roles: [ 'administrator' ],
		} );
		const ctx = await loggedInContext( username, password );
		const ownNonce = ( await speedConfig( ctx ) ).nonce;
		await requestUtils.rest( {
			method: 'POST',
			path: `/wp/v2/users/${ user.id }`,
			data: { roles: [ role ] },
		} );
		return { ctx, ownNonce };
	}

	for ( const role of [ 'subscriber', 'editor' ] as const ) {
		test( `${ role } with a valid nonce of their own: 403 and the capability message`, async ( {
			requestUtils,
		} ) => {
			const { ctx, ownNonce } = await userWithOwnNonce(
				requestUtils,
				role
			);
			try {
				const answer = await checkScore( ctx, checked.id, ownNonce );
				expect( answer.status, answer.text ).toBe( 403 );
				expect( answer.json ).toEqual( { error: MESSAGES.capability } );

				const notif = await notifCheck( ctx, ownNonce );
				expect( notif.status, notif.text ).toBe( 403 );
				expect( notif.json ).toEqual( { error: MESSAGES.capability } );
			} finally {
				await ctx.dispose();
			}
		} );
	}

	test( 'an editor gets no column, no admin bar menu and no configuration', async ( {
		requestUtils,
	} ) => {
		const { ctx } = await userWithOwnNonce( requestUtils, 'editor' );
		try {
			const list = await ctx.get( 'wp-admin/edit.php' );
			expect( list.status() ).toBe( 200 );
			const html = await list.text();
			expect( html ).toContain( 'id="the-list"' );
			expect( html ).not.toContain( 'column-tessera_speed' );
			expect( html ).not.toContain( 'wp-admin-bar-tessera-speed' );
			expect( html ).not.toContain( 'tesseraSpeed' );
		} finally {
			await ctx.dispose();
		}
	} );

	test( 'post_id that is not a positive integer or no post: 400 and the valid-post message', async ( {
		request,
	} ) => {
		const bad = [
			'abc',
			`${ checked.id }abc`,
			'-1',
			`-${ checked.id }`,
			'0',
			'',
			`${ checked.id }.5`,
			`${ checked.id + 100000 }`,
		];
		for ( const postId of bad ) {
			const answer = await checkScore( request, postId, nonce );
			expect(
				answer.status,
				`post_id "${ postId }": ${ answer.text }`
			).toBe( 400 );
			expect( answer.json, `post_id "${ postId }"` ).toEqual( {
				error: MESSAGES.invalidPost,
			} );
		}
	} );

	test( 'fields sent as arrays: refused cleanly (403 for the nonce, 400 for post_id)', async ( {
		request,
	} ) => {
		const arrayNonce = await ajaxRaw(
			request,
			`action=twb_check_score&post_id=${ checked.id }&twb_nonce[]=${ nonce }`
		);
		expect( arrayNonce.status, arrayNonce.text ).toBe( 403 );
		expect( arrayNonce.json ).toEqual( { error: MESSAGES.nonce } );

		const arrayId = await ajaxRaw(
			request,
			`action=twb_check_score&post_id[]=${ checked.id }&twb_nonce=${ nonce }`
		);
		expect( arrayId.status, arrayId.text ).toBe( 400 );
		expect( arrayId.json ).toEqual( { error: MESSAGES.invalidPost } );
	} );

	test( 'a draft: 400, only published posts, nothing stored for it', async ( {
		request,
		requestUtils,
	} ) => {
		const draft = await createSpeedPost( requestUtils, 'speed-draft', {
			status: 'draft',
		} );
		const answer = await checkScore( request, draft.id, nonce );
		expect( answer.status, answer.text ).toBe( 400 );
		expect( answer.json ).toEqual( { error: MESSAGES.notPublished } );
		const meta = await speedMeta( requestUtils, draft.id );
		expect( isEmptyMeta( meta.speed ) ).toBe( true );
		expect( isEmptyMeta( meta.error ) ).toBe( true );
	} );

	test( 'twb_notif_check without a valid nonce: 403 {error}', async ( {
		request,
	} ) => {
		const answer = await notifCheck( request, '0123456789' );
		expect( answer.status ).toBe( 403 );
		expect( answer.json ).toEqual( { error: MESSAGES.nonce } );
	} );
} );

test.describe( 'twb_check_score: PageSpeed Insights fails', () => {
	withNoContent( test );

	const failures = [
		{ n: 1, slug: 'psi-500', message: MESSAGES.httpError( 500 ) },
		{ n: 2, slug: 'psi-403', message: MESSAGES.httpError( 403 ) },
		{ n: 3, slug: 'psi-malformed', message: MESSAGES.unreadable },
		{ n: 4, slug: 'psi-missing', message: MESSAGES.unreadable },
		{ n: 5, slug: 'psi-unreachable', message: MESSAGES.unreachable },
	];
	for ( const { n, slug, message } of failures ) {
		test( `${ slug }: 200 {error}, old result kept, failure remembered, next check runs`, async ( {
			request,
			requestUtils,
		} ) => {
			const post = await createSpeedPost(
				requestUtils,
				`score-91-60-failure-${ n }`
			);
			const { nonce } = await speedConfig( request );
			const ok = await checkScore( request, post.id, nonce );
			expect( ok.status, ok.text ).toBe( 200 );
			const stored = ( await speedMeta( requestUtils, post.id ) ).speed;
			expect( ( stored as StoredSpeed ).mobile.score ).toBe( 60 );

			const failingLink = await setSlug(
				requestUtils,
				post.id,
				`${ slug }-now`
			);
			await resetFake();
			const failed = await checkScore( request, post.id, nonce );
			expect( failed.status, failed.text ).toBe( 200 );
			expect( failed.json ).toEqual( { error: message } );
			const received = await fakeRequests();
			expect( received.map( ( r ) => r.url ) ).toEqual( [
				failingLink,
				failingLink,
			] );

			const afterFailure = await speedMeta( requestUtils, post.id );
			expect( afterFailure.speed, 'the old result is kept' ).toEqual(
				stored
			);
			const error = afterFailure.error as { message: string; at: string };
			expect( error.message ).toBe( message );
			expect( error.at ).toMatch( ISO_8601 );

			// Not stuck: the lock was released, and a success clears the failure.
			await setSlug(
				requestUtils,
				post.id,
				`score-93-61-failure-${ n }`
			);
			const next = await checkScore( request, post.id, nonce );
			expect( next.status, next.text ).toBe( 200 );
			expect( next.json ).toMatchObject( {
				desktop_score: 93,
				mobile_score: 61,
			} );
			const afterSuccess = await speedMeta( requestUtils, post.id );
			expect( ( afterSuccess.speed as StoredSpeed ).desktop.score ).toBe(
				93
			);
			expect( isEmptyMeta( afterSuccess.error ) ).toBe( true );
		} );
	}
} );
