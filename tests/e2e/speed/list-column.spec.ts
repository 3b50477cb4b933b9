/**
 * The "Speed score" column of the posts and pages lists (docs/speed.md, spec §2, §4, §8, §9).
 */

/**
 * WordPress dependencies
 */
import { test, expect } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import {
	MESSAGES,
	checkScore,
	createSpeedPost,
	deleteAllContent,
	fakeRequests,
	resetFake,
	setSlug,
	speedConfig,
	waitForFakeRequests,
	type SpeedConfig,
} from './support';
import {
	axeViolations,
	expectCircle,
	startFrameSampler,
	stopFrameSampler,
	waitForFrames,
} from './circles';

const ADMIN_BAR_NODE = '#wp-admin-bar-tessera-speed';
const OPTIMIZING = /(^|\s)tessera-speed-ab--optimizing(\s|$)/;

test.describe( 'Speed score column', () => {
	let pageErrors: string[] = [];

	test.beforeAll( async ( { requestUtils } ) => {
		await deleteAllContent( requestUtils );
	} );

	test.beforeEach( async ( { page } ) => {
		pageErrors = [];
		page.on( 'pageerror', ( error ) => pageErrors.push( error.message ) );
		await resetFake();
	} );

	test.afterEach( async () => {
		expect( pageErrors, 'no uncaught script errors' ).toEqual( [] );
	} );

	test.afterAll( async ( { requestUtils } ) => {
		await deleteAllContent( requestUtils );
	} );

	test( 'posts list: checking state, other checks and admin bar while it runs, then both circles', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		// psi-slow: the fake answers after 2 s, long enough to see the checking state.
		const checked = await createSpeedPost(
			requestUtils,
			'psi-slow-score-95-30-list'
		);
		const other = await createSpeedPost( requestUtils, 'score-60-61-list' );

		await admin.visitAdminPage( 'edit.php' );
		await expect( page.locator( 'thead th#tessera_speed' ) ).toHaveText(
			/Speed score/
		);
		const cell = page.locator(
			`#post-${ checked.id } .tessera-speed[data-post_id="${ checked.id }"]`
		);
		const otherCell = page.locator(
			`#post-${ other.id } .tessera-speed[data-post_id="${ other.id }"]`
		);
		const adminBarNode = page.locator( ADMIN_BAR_NODE );
		await expect( cell ).toHaveAttribute( 'data-state', 'not-optimized' );
		await expect( otherCell ).toHaveAttribute(
			'data-state',
			'not-optimized'
		);
		await expect( adminBarNode ).not.toHaveClass( OPTIMIZING );
		const otherButton = otherCell.getByRole( 'button', {
			name: 'Check score',
		} );
		await expect( otherButton ).toBeEnabled();

		const progressEvents = page.evaluate(
			() =>
				new Promise< unknown[] >( ( resolve ) => {
					const seen: unknown[] = [];
					window.addEventListener(
						'tessera-speed:progress',
						( e ) => {
							seen.push( ( e as CustomEvent ).detail );
							if ( seen.length === 2 ) {
								resolve( seen );
							}
						}
					);
				} )
		);
		await cell.getByRole( 'button', { name: 'Check score' } ).click();

		await expect( cell ).toHaveAttribute( 'data-state', 'checking' );
		await expect( cell.locator( '[aria-live="polite"]' ) ).toContainText(
			'Checking…'
		);
		await expect( otherButton ).toBeDisabled();
		await expect( adminBarNode ).toHaveClass( OPTIMIZING );

		await expect( cell ).toHaveAttribute( 'data-state', 'optimized', {
			timeout: 15_000,
		} );
		await expectCircle( cell, {
			device: 'desktop',
			score: 95,
			tti: 1.2,
			postId: checked.id,
		} );
		await expectCircle( cell, {
			device: 'mobile',
			score: 30,
			tti: 7.9,
			postId: checked.id,
		} );
		await expect( otherButton ).toBeEnabled();
		await expect( adminBarNode ).not.toHaveClass( OPTIMIZING );
		const events = ( await progressEvents ) as Array< {
			inProgress: boolean;
			postId: number;
		} >;
		expect( events[ 0 ] ).toEqual( {
			inProgress: true,
			postId: checked.id,
		} );
		expect( events[ 1 ].inProgress ).toBe( false );
		expect( typeof events[ 1 ].postId ).toBe( 'number' );

		const received = await fakeRequests();
		expect(
			received.map( ( r ) => `${ r.strategy } ${ r.url }` ).sort()
		).toEqual( [
			`desktop ${ checked.link }`,
			`mobile ${ checked.link }`,
		] );
	} );

	test( 'the number counts up over about 1200 ms; under reduced motion it is shown at once', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const animated = await createSpeedPost(
			requestUtils,
			'score-90-49-count'
		);
		const instant = await createSpeedPost(
			requestUtils,
			'score-89-50-count'
		);
		await admin.visitAdminPage( 'edit.php' );
		const valueOf = ( id: number ) =>
			`.tessera-speed[data-post_id="${ id }"] .tessera-speed-circle[data-device="desktop"] .tessera-speed-circle__value`;

		await page.emulateMedia( { reducedMotion: 'no-preference' } );
		await startFrameSampler( page, valueOf( animated.id ) );
		await page
			.locator( `.tessera-speed[data-post_id="${ animated.id }"]` )
			.getByRole( 'button', { name: 'Check score' } )
			.click();
		const animatedCell = page.locator(
			`.tessera-speed[data-post_id="${ animated.id }"]`
		);
		await expect( animatedCell ).toHaveAttribute(
			'data-state',
			'optimized',
			{
				timeout: 15_000,
			}
		);
		await expect( page.locator( valueOf( animated.id ) ) ).toHaveText(
			'90',
			{
				timeout: 5_000,
			}
		);
		await waitForFrames( page, 10 );
		const samples = await stopFrameSampler( page );
		const numbers = samples.map( ( s ) => Number( s.text ) );
		expect( numbers.every( ( n ) => Number.isInteger( n ) ) ).toBe( true );
		expect( numbers[ 0 ], 'starts near 0' ).toBeLessThan( 45 );
		for ( let i = 1; i < numbers.length; i++ ) {
			expect( numbers[ i ], 'never counts down' ).toBeGreaterThanOrEqual(
				numbers[ i - 1 ]
			);
		}
		expect( new Set( numbers ).size, 'several steps' ).toBeGreaterThan( 5 );
		const reached = samples.find( ( s ) => s.text === '90' )!;
		const duration = reached.t - samples[ 0 ].t;
		expect( duration ).toBeGreaterThan( 700 );
		expect( duration ).toBeLessThan( 2_000 );
		await expectCircle( animatedCell, {
			device: 'desktop',
			score: 90,
			tti: 1.2,
			postId: animated.id,
		} );
		await expectCircle( animatedCell, {
			device: 'mobile',
			score: 49,
			tti: 7.9,
			postId: animated.id,
		} );

		await page.emulateMedia( { reducedMotion: 'reduce' } );
		await startFrameSampler( page, valueOf( instant.id ) );
		const instantCell = page.locator(
			`.tessera-speed[data-post_id="${ instant.id }"]`
		);
		await instantCell
			.getByRole( 'button', { name: 'Check score' } )
			.click();
		await expect( instantCell ).toHaveAttribute(
			'data-state',
			'optimized',
			{
				timeout: 15_000,
			}
		);
		await waitForFrames( page, 10 );
		const instantSamples = await stopFrameSampler( page );
		expect( instantSamples.length ).toBeGreaterThan( 0 );
		expect( [
			...new Set( instantSamples.map( ( s ) => s.text ) ),
		] ).toEqual( [ '89' ] );
		await expectCircle( instantCell, {
			device: 'desktop',
			score: 89,
			tti: 1.2,
			postId: instant.id,
		} );
		await expectCircle( instantCell, {
			device: 'mobile',
			score: 50,
			tti: 7.9,
			postId: instant.id,
		} );

		// The server draws the same circles, colours included, after a reload.
		await page.reload();
		const boundaries = [
			{ cell: animatedCell, id: animated.id, desktop: 90, mobile: 49 },
			{ cell: instantCell, id: instant.id, desktop: 89, mobile: 50 },
		];
		for ( const { cell, id, desktop, mobile } of boundaries ) {
			await expect( cell ).toHaveAttribute( 'data-state', 'optimized' );
			await expectCircle( cell, {
				device: 'desktop',
				score: desktop,
				tti: 1.2,
				postId: id,
			} );
			await expectCircle( cell, {
				device: 'mobile',
				score: mobile,
				tti: 7.9,
				postId: id,
			} );
		}
	} );

	test( 'a failed check shows the reload icon; retry succeeds once PSI answers', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const post = await createSpeedPost(
			requestUtils,
			'psi-500-list-retry'
		);
		const other = await createSpeedPost(
			requestUtils,
			'score-70-71-list-retry'
		);
		await admin.visitAdminPage( 'edit.php' );
		const cell = page.locator(
			`.tessera-speed[data-post_id="${ post.id }"]`
		);
		const otherButton = page
			.locator( `.tessera-speed[data-post_id="${ other.id }"]` )
			.getByRole( 'button', { name: 'Check score' } );

		await cell.getByRole( 'button', { name: 'Check score' } ).click();
		await expect( cell ).toHaveAttribute( 'data-state', 'failed', {
			timeout: 15_000,
		} );
		const retry = cell.locator( 'button.tessera-speed__retry' );
		await expect( retry ).toBeVisible();
		await expect( retry ).toHaveAttribute(
			'aria-label',
			'Check failed. Check again'
		);
		await expect( retry ).toBeEnabled();
		await expect( cell.locator( '.tessera-speed-circle' ) ).toHaveCount(
			0
		);
		await expect( otherButton ).toBeEnabled();
		await expect( page.locator( ADMIN_BAR_NODE ) ).not.toHaveClass(
			OPTIMIZING
		);
		// The hover container tells why.
		await cell.hover();
		await expect( cell.locator( '.tessera-speed__dismiss' ) ).toContainText(
			MESSAGES.httpError( 500 )
		);
		expect( await waitForFakeRequests( 2 ) ).toHaveLength( 2 );

		// Still failing: retry sends a new check and fails again.
		await retry.click();
		await expect( cell ).toHaveAttribute( 'data-state', 'failed', {
			timeout: 15_000,
		} );
		expect( await waitForFakeRequests( 4 ) ).toHaveLength( 4 );

		// The failure was transient: PSI now answers for this post.
		await setSlug( requestUtils, post.id, 'score-92-46-list-retry' );
		await cell.locator( 'button.tessera-speed__retry' ).click();
		await expect( cell ).toHaveAttribute( 'data-state', 'optimized', {
			timeout: 15_000,
		} );
		await expectCircle( cell, {
			device: 'desktop',
			score: 92,
			tti: 1.2,
			postId: post.id,
		} );
		await expectCircle( cell, {
			device: 'mobile',
			score: 46,
			tti: 7.9,
			postId: post.id,
		} );
	} );

	test( 'a transport failure also shows the reload icon, and retry works', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const post = await createSpeedPost(
			requestUtils,
			'score-93-44-transport'
		);
		await admin.visitAdminPage( 'edit.php' );
		const cell = page.locator(
			`.tessera-speed[data-post_id="${ post.id }"]`
		);
		await page.route( '**/wp-admin/admin-ajax.php', async ( route ) => {
			if (
				( route.request().postData() || '' ).includes(
					'twb_check_score'
				)
			) {
				await route.abort( 'connectionreset' );
			} else {
				await route.fallback();
			}
		} );
		await cell.getByRole( 'button', { name: 'Check score' } ).click();
		await expect( cell ).toHaveAttribute( 'data-state', 'failed' );
		await expect(
			cell.locator( 'button.tessera-speed__retry' )
		).toBeVisible();
		await expect( page.locator( ADMIN_BAR_NODE ) ).not.toHaveClass(
			OPTIMIZING
		);

		await page.unroute( '**/wp-admin/admin-ajax.php' );
		await cell.locator( 'button.tessera-speed__retry' ).click();
		await expect( cell ).toHaveAttribute( 'data-state', 'optimized', {
			timeout: 15_000,
		} );
		await expectCircle( cell, {
			device: 'mobile',
			score: 44,
			tti: 7.9,
			postId: post.id,
		} );
	} );

	test( 'the check posts action, post_id and twb_nonce from the page configuration', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const post = await createSpeedPost( requestUtils, 'score-96-31-wire' );
		await admin.visitAdminPage( 'edit.php' );
		const config = ( await page.evaluate(
			() =>
				( window as unknown as { tesseraSpeed: unknown } ).tesseraSpeed
		) ) as SpeedConfig;
		expect( config.pollInterval ).toBe( 30000 );
		expect( config.inProgress ).toBe( false );
		const sent = page.waitForRequest(
			( r ) =>
				r.url() === config.ajaxUrl &&
				r.method() === 'POST' &&
				( r.postData() || '' ).includes( 'twb_check_score' )
		);
		await page
			.locator( `.tessera-speed[data-post_id="${ post.id }"]` )
			.getByRole( 'button', { name: 'Check score' } )
			.click();
		const request = await sent;
		const form = new URLSearchParams( request.postData() || '' );
		expect( Object.fromEntries( form ) ).toEqual( {
			action: 'twb_check_score',
			post_id: String( post.id ),
			twb_nonce: config.nonce,
		} );
		await expect(
			page.locator( `.tessera-speed[data-post_id="${ post.id }"]` )
		).toHaveAttribute( 'data-state', 'optimized', { timeout: 15_000 } );
	} );

	test( 'pages list: the column checks a page', async ( {
		admin,
		page,
		requestUtils,
	} ) => {
		const wpPage = await createSpeedPost(
			requestUtils,
			'score-95-30-page',
			{
				type: 'pages',
			}
		);
		await admin.visitAdminPage( 'edit.php', 'post_type=page' );
		await expect( page.locator( 'thead th#tessera_speed' ) ).toHaveText(
			/Speed score/
		);
		const cell = page.locator(
			`#post-${ wpPage.id } .tessera-speed[data-post_id="${ wpPage.id }"]`
		);
		await expect( cell ).toHaveAttribute( 'data-state', 'not-optimized' );
		await cell.getByRole( 'button', { name: 'Check score' } ).click();
		await expect( cell ).toHaveAttribute( 'data-state', 'optimized', {
			timeout: 15_000,
		} );
		await expectCircle( cell, {
			device: 'desktop',
			score: 95,
			tti: 1.2,
			postId: wpPage.id,
		} );
		await expectCircle( cell, {
			device: 'mobile',
			score: 30,
			tti: 7.9,
			postId: wpPage.id,
		} );
		expect( ( await fakeRequests() ).map( ( r ) => r.url ) ).toEqual( [
			wpPage.link,
			wpPage.link,
		] );
	} );

	test( 'the server renders each state, and the column passes axe', async ( {
		admin,
		page,
		request,
		requestUtils,
	} ) => {
		const optimized = await createSpeedPost(
			requestUtils,
			'score-95-30-axe'
		);
		const failed = await createSpeedPost( requestUtils, 'psi-500-axe' );
		const fresh = await createSpeedPost( requestUtils, 'score-80-81-axe' );
		const { nonce } = await speedConfig( request );
		expect(
			( await checkScore( request, optimized.id, nonce ) ).status
		).toBe( 200 );
		expect(
			( await checkScore( request, failed.id, nonce ) ).json
		).toEqual( {
			error: MESSAGES.httpError( 500 ),
		} );

		await admin.visitAdminPage( 'edit.php' );
		const cellOf = ( id: number ) =>
			page.locator( `.tessera-speed[data-post_id="${ id }"]` );
		await expect( cellOf( optimized.id ) ).toHaveAttribute(
			'data-state',
			'optimized'
		);
		await expectCircle( cellOf( optimized.id ), {
			device: 'desktop',
			score: 95,
			tti: 1.2,
			postId: optimized.id,
		} );
		await expect( cellOf( failed.id ) ).toHaveAttribute(
			'data-state',
			'failed'
		);
		await expect(
			cellOf( failed.id ).locator( 'button.tessera-speed__retry' )
		).toHaveAttribute( 'aria-label', 'Check failed. Check again' );
		await expect( cellOf( fresh.id ) ).toHaveAttribute(
			'data-state',
			'not-optimized'
		);

		expect(
			await axeViolations(
				page,
				'th#tessera_speed, td.column-tessera_speed'
			)
		).toEqual( [] );

		// Open the hover container of the optimized row and check it as well.
		await cellOf( optimized.id ).hover();
		await expect(
			cellOf( optimized.id ).locator( '.tessera-speed__details' )
		).toBeVisible();
		expect(
			await axeViolations( page, 'td.column-tessera_speed' )
		).toEqual( [] );
	} );

	test( 'a list loaded while a check runs starts with checks disabled, then polls twb_notif_check every 30 s', async ( {
		admin,
		page,
		request,
		requestUtils,
	} ) => {
		const running = await createSpeedPost(
			requestUtils,
			'psi-slow-inflight'
		);
		const waiting = await createSpeedPost(
			requestUtils,
			'score-80-70-inflight'
		);
		const { nonce } = await speedConfig( request );

		const polls: string[] = [];
		page.on( 'request', ( r ) => {
			if ( ( r.postData() || '' ).includes( 'twb_notif_check' ) ) {
				polls.push( r.postData() || '' );
			}
		} );
		await page.clock.install();

		// Start a check over HTTP (2 s at the fake) and load the list while it runs.
		const check = checkScore( request, running.id, nonce );
		await waitForFakeRequests( 1 );
		await admin.visitAdminPage( 'edit.php' );
		// Stop the page's time right after load (the poll timer was set during load, at most a few
		// hundred ms earlier): from here on only runFor() moves it.
		await page.clock.pauseAt(
			await page.evaluate( () => Date.now() + 200 )
		);

		expect(
			await page.evaluate(
				() =>
					( window as unknown as { tesseraSpeed: SpeedConfig } )
						.tesseraSpeed.inProgress
			)
		).toBe( true );
		const waitingCell = page.locator(
			`.tessera-speed[data-post_id="${ waiting.id }"]`
		);
		const waitingButton = waitingCell.getByRole( 'button', {
			name: 'Check score',
		} );
		await expect( waitingButton ).toBeDisabled();
		await expect( page.locator( ADMIN_BAR_NODE ) ).toHaveClass(
			OPTIMIZING
		);
		await waitingCell.hover();
		await expect(
			waitingCell.locator( '.tessera-speed__disabled' )
		).toContainText( 'Another check is running.' );

		// Nothing is polled in the first 28 s (the interval is 30 s).
		await page.clock.runFor( 28_000 );
		expect( polls ).toEqual( [] );

		expect( ( await check ).status ).toBe( 200 );

		const pollAnswer = page.waitForResponse( ( r ) =>
			( r.request().postData() || '' ).includes( 'twb_notif_check' )
		);
		await page.clock.runFor( 2_000 );
		const answer = ( await ( await pollAnswer ).json() ) as {
			html: string;
			changeLogo: boolean;
		};
		expect( polls ).toHaveLength( 1 );
		expect(
			Object.fromEntries( new URLSearchParams( polls[ 0 ] ) )
		).toEqual( {
			action: 'twb_notif_check',
			twb_nonce: expect.stringMatching( /^[0-9a-f]{10}$/ ),
		} );
		expect( answer.changeLogo ).toBe( true );
		expect( answer.html.trim() ).not.toBe( '' );

		const htmlText = await page.evaluate(
			( html ) =>
				(
					new DOMParser().parseFromString( html, 'text/html' ).body
						.textContent || ''
				).trim(),
			answer.html
		);
		expect( htmlText ).not.toBe( '' );
		await expect( page.locator( ADMIN_BAR_NODE ) ).toContainText(
			htmlText
		);
		await expect( page.locator( ADMIN_BAR_NODE ) ).not.toHaveClass(
			OPTIMIZING
		);
		await expect( waitingButton ).toBeEnabled();

		// Polling stopped once it had an answer.
		await page.clock.runFor( 61_000 );
		expect( polls ).toHaveLength( 1 );
	} );

	test( 'a failed twb_notif_check poll stops polling silently', async ( {
		admin,
		page,
		request,
		requestUtils,
	} ) => {
		const running = await createSpeedPost(
			requestUtils,
			'psi-slow-poll-failure'
		);
		const waiting = await createSpeedPost(
			requestUtils,
			'score-81-71-poll-failure'
		);
		const { nonce } = await speedConfig( request );
		let polls = 0;
		await page.route( '**/wp-admin/admin-ajax.php', async ( route ) => {
			if (
				( route.request().postData() || '' ).includes(
					'twb_notif_check'
				)
			) {
				polls++;
				await route.abort( 'connectionreset' );
			} else {
				await route.fallback();
			}
		} );
		await page.clock.install();

		const check = checkScore( request, running.id, nonce );
		await waitForFakeRequests( 1 );
		await admin.visitAdminPage( 'edit.php' );
		await page.clock.pauseAt(
			await page.evaluate( () => Date.now() + 200 )
		);
		const waitingButton = page
			.locator( `.tessera-speed[data-post_id="${ waiting.id }"]` )
			.getByRole( 'button', { name: 'Check score' } );
		await expect( waitingButton ).toBeDisabled();
		expect( ( await check ).status ).toBe( 200 );

		await page.clock.runFor( 30_000 );
		await expect.poll( () => polls ).toBe( 1 );
		await page.clock.runFor( 90_000 );
		expect( polls, 'no poll after the failed one' ).toBe( 1 );
		// Nothing was learnt, so nothing changed on the page.
		await expect( page.locator( ADMIN_BAR_NODE ) ).toHaveClass(
			OPTIMIZING
		);
		await expect( waitingButton ).toBeDisabled();
	} );
} );
