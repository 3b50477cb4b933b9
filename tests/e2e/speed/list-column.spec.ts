/**
 * The "Speed score" column of the posts and pages lists (docs/speed.md, spec §2, §4, §8, §9).
 */

/**
 * External dependencies
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';

/**
 * WordPress dependencies
 */
import type { Admin, RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import {
	test,
	expect,
	MESSAGES,
	checkScore,
	createSpeedPost,
	fakeRequests,
	setSlug,
	speedConfig,
	waitForFakeRequests,
	withNoContent,
	type AjaxAnswer,
	type SpeedConfig,
} from './support';
import {
	axeViolations,
	expectScores,
	startFrameSampler,
	stopFrameSampler,
	waitForFrames,
} from './circles';

const ADMIN_BAR_NODE = '#wp-admin-bar-tessera-speed';
const OPTIMIZING = /(^|\s)tessera-speed-ab--optimizing(\s|$)/;

/**
 * The column cell of a post.
 *
 * @param page The list.
 * @param id   Post ID.
 */
const cellOf = ( page: Page, id: number ): Locator =>
	page.locator( `.tessera-speed[data-post_id="${ id }"]` );

/**
 * The column cell of a post, inside the post's own row.
 *
 * @param page The list.
 * @param id   Post ID.
 */
const rowCellOf = ( page: Page, id: number ): Locator =>
	page.locator( `#post-${ id } .tessera-speed[data-post_id="${ id }"]` );

/**
 * The "Check score" button of a cell.
 *
 * @param cell The cell.
 */
const checkButton = ( cell: Locator ): Locator =>
	cell.getByRole( 'button', { name: 'Check score' } );

/**
 * Wait until the cell's check has ended in `state` (15 s: the fake answers a psi-slow page after 2 s).
 *
 * @param cell  The cell.
 * @param state How it ended.
 */
async function expectCheckEnded(
	cell: Locator,
	state: 'optimized' | 'failed'
): Promise< void > {
	await expect( cell ).toHaveAttribute( 'data-state', state, {
		timeout: 15_000,
	} );
}

/**
 * Assert whether the admin bar node shows a running check.
 *
 * @param page       The page.
 * @param optimizing Whether it does.
 */
async function expectAdminBarOptimizing(
	page: Page,
	optimizing: boolean
): Promise< void > {
	const node = page.locator( ADMIN_BAR_NODE );
	if ( optimizing ) {
		await expect( node ).toHaveClass( OPTIMIZING );
	} else {
		await expect( node ).not.toHaveClass( OPTIMIZING );
	}
}

/**
 * Make the page's admin-ajax requests of one action fail as if the connection dropped; the other
 * requests go through.
 *
 * @param page   The page.
 * @param action The `action` to drop.
 * @return How many requests were dropped so far.
 */
async function dropAjax( page: Page, action: string ): Promise< () => number > {
	let dropped = 0;
	await page.route( '**/wp-admin/admin-ajax.php', async ( route ) => {
		if ( ( route.request().postData() || '' ).includes( action ) ) {
			dropped++;
			await route.abort( 'connectionreset' );
		} else {
			await route.fallback();
		}
	} );
	return () => dropped;
}

/**
 * Create a post to check and one waiting, start a check of the first over HTTP (2 s at the fake
 * for a psi-slow page) and load the posts list while it runs, with the page's clock installed and
 * stopped before the list loads: the poll timer that the list sets while it loads is due 30 s after
 * that moment, whatever the machine's speed, and only runFor() moves the clock. (Stopped after the
 * load instead, at "now + 200 ms", a loaded machine had passed that moment before the call came.)
 *
 * @param fixtures              The test's fixtures.
 * @param fixtures.admin
 * @param fixtures.page
 * @param fixtures.request
 * @param fixtures.requestUtils
 * @param slugs                 Slugs of the posts.
 * @param slugs.running         The post checked (psi-slow-…).
 * @param slugs.waiting         The other post.
 * @return The running check (its answer, to await later) and the waiting post.
 */
async function loadListDuringCheck(
	{
		admin,
		page,
		request,
		requestUtils,
	}: {
		admin: Admin;
		page: Page;
		request: APIRequestContext;
		requestUtils: RequestUtils;
	},
	slugs: { running: string; waiting: string }
): Promise< { check: Promise< AjaxAnswer >; waiting: { id: number } } > {
	const running = await createSpeedPost( requestUtils, slugs.running );
	const waiting = await createSpeedPost( requestUtils, slugs.waiting );
	const { nonce } = await speedConfig( request );
	await page.clock.install();
	// Any moment ahead will do: the blank page has no timer to fire on the way.
	await page.clock.pauseAt( Date.now() + 60_000 );
	const check = checkScore( request, running.id, nonce );
	await waitForFakeRequests( 1 );
	await admin.visitAdminPage( 'edit.php' );
	return { check, waiting };
}

test.describe( 'Speed score column', () => {
	withNoContent( test );

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
		const cell = rowCellOf( page, checked.id );
		const otherCell = rowCellOf( page, other.id );
		await expect( cell ).toHaveAttribute( 'data-state', 'not-optimized' );
		await expect( otherCell ).toHaveAttribute(
			'data-state',
			'not-optimized'
		);
		await expectAdminBarOptimizing( page, false );
		const otherButton = checkButton( otherCell );
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
		await checkButton( cell ).click();

		await expect( cell ).toHaveAttribute( 'data-state', 'checking' );
		await expect( cell.locator( '[aria-live="polite"]' ) ).toContainText(
			'Checking…'
		);
		await expect( otherButton ).toBeDisabled();
		await expectAdminBarOptimizing( page, true );

		await expectCheckEnded( cell, 'optimized' );
		await expectScores( cell, checked.id, { desktop: 95, mobile: 30 } );
		await expect( otherButton ).toBeEnabled();
		await expectAdminBarOptimizing( page, false );
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
		const animatedCell = cellOf( page, animated.id );
		await checkButton( animatedCell ).click();
		await expectCheckEnded( animatedCell, 'optimized' );
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
		await expectScores( animatedCell, animated.id, {
			desktop: 90,
			mobile: 49,
		} );

		await page.emulateMedia( { reducedMotion: 'reduce' } );
		await startFrameSampler( page, valueOf( instant.id ) );
		const instantCell = cellOf( page, instant.id );
		await checkButton( instantCell ).click();
		await expectCheckEnded( instantCell, 'optimized' );
		await waitForFrames( page, 10 );
		const instantSamples = await stopFrameSampler( page );
		expect( instantSamples.length ).toBeGreaterThan( 0 );
		expect( [
			...new Set( instantSamples.map( ( s ) => s.text ) ),
		] ).toEqual( [ '89' ] );
		await expectScores( instantCell, instant.id, {
			desktop: 89,
			mobile: 50,
		} );

		// The server draws the same circles, colours included, after a reload.
		await page.reload();
		const boundaries = [
			{ cell: animatedCell, id: animated.id, desktop: 90, mobile: 49 },
			{ cell: instantCell, id: instant.id, desktop: 89, mobile: 50 },
		];
		for ( const { cell, id, desktop, mobile } of boundaries ) {
			await expect( cell ).toHaveAttribute( 'data-state', 'optimized' );
			await expectScores( cell, id, { desktop, mobile } );
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
		const cell = cellOf( page, post.id );
		const otherButton = checkButton( cellOf( page, other.id ) );

		await checkButton( cell ).click();
		await expectCheckEnded( cell, 'failed' );
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
		await expectAdminBarOptimizing( page, false );
		// The hover container tells why.
		await cell.hover();
		await expect( cell.locator( '.tessera-speed__dismiss' ) ).toContainText(
			MESSAGES.httpError( 500 )
		);
		expect( await waitForFakeRequests( 2 ) ).toHaveLength( 2 );

		// Still failing: retry sends a new check and fails again.
		await retry.click();
		await expectCheckEnded( cell, 'failed' );
		expect( await waitForFakeRequests( 4 ) ).toHaveLength( 4 );

		// The failure was transient: PSI now answers for this post.
		await setSlug( requestUtils, post.id, 'score-92-46-list-retry' );
		await cell.locator( 'button.tessera-speed__retry' ).click();
		await expectCheckEnded( cell, 'optimized' );
		await expectScores( cell, post.id, { desktop: 92, mobile: 46 } );
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
		const cell = cellOf( page, post.id );
		await dropAjax( page, 'twb_check_score' );
		await checkButton( cell ).click();
		await expect( cell ).toHaveAttribute( 'data-state', 'failed' );
		await expect(
			cell.locator( 'button.tessera-speed__retry' )
		).toBeVisible();
		await expectAdminBarOptimizing( page, false );

		await page.unroute( '**/wp-admin/admin-ajax.php' );
		await cell.locator( 'button.tessera-speed__retry' ).click();
		await expectCheckEnded( cell, 'optimized' );
		await expectScores( cell, post.id, { mobile: 44 } );
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
		await checkButton( cellOf( page, post.id ) ).click();
		const request = await sent;
		const form = new URLSearchParams( request.postData() || '' );
		expect( Object.fromEntries( form ) ).toEqual( {
			action: 'twb_check_score',
			post_id: String( post.id ),
			twb_nonce: config.nonce,
		} );
		await expectCheckEnded( cellOf( page, post.id ), 'optimized' );
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
		const cell = rowCellOf( page, wpPage.id );
		await expect( cell ).toHaveAttribute( 'data-state', 'not-optimized' );
		await checkButton( cell ).click();
		await expectCheckEnded( cell, 'optimized' );
		await expectScores( cell, wpPage.id, { desktop: 95, mobile: 30 } );
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
		const optimizedCell = cellOf( page, optimized.id );
		const failedCell = cellOf( page, failed.id );
		await expect( optimizedCell ).toHaveAttribute(
			'data-state',
			'optimized'
		);
		await expectScores( optimizedCell, optimized.id, { desktop: 95 } );
		await expect( failedCell ).toHaveAttribute( 'data-state', 'failed' );
		await expect(
			failedCell.locator( 'button.tessera-speed__retry' )
		).toHaveAttribute( 'aria-label', 'Check failed. Check again' );
		await expect( cellOf( page, fresh.id ) ).toHaveAttribute(
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
		await optimizedCell.hover();
		await expect(
			optimizedCell.locator( '.tessera-speed__details' )
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
		const polls: string[] = [];
		page.on( 'request', ( r ) => {
			if ( ( r.postData() || '' ).includes( 'twb_notif_check' ) ) {
				polls.push( r.postData() || '' );
			}
		} );
		const { check, waiting } = await loadListDuringCheck(
			{ admin, page, request, requestUtils },
			{ running: 'psi-slow-inflight', waiting: 'score-80-70-inflight' }
		);

		expect(
			await page.evaluate(
				() =>
					( window as unknown as { tesseraSpeed: SpeedConfig } )
						.tesseraSpeed.inProgress
			)
		).toBe( true );
		const waitingCell = cellOf( page, waiting.id );
		const waitingButton = checkButton( waitingCell );
		await expect( waitingButton ).toBeDisabled();
		await expectAdminBarOptimizing( page, true );
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
		await expectAdminBarOptimizing( page, false );
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
		const polls = await dropAjax( page, 'twb_notif_check' );
		const { check, waiting } = await loadListDuringCheck(
			{ admin, page, request, requestUtils },
			{
				running: 'psi-slow-poll-failure',
				waiting: 'score-81-71-poll-failure',
			}
		);
		const waitingButton = checkButton( cellOf( page, waiting.id ) );
		await expect( waitingButton ).toBeDisabled();
		expect( ( await check ).status ).toBe( 200 );

		await page.clock.runFor( 30_000 );
		await expect.poll( polls ).toBe( 1 );
		await page.clock.runFor( 90_000 );
		expect( polls(), 'no poll after the failed one' ).toBe( 1 );
		// Nothing was learnt, so nothing changed on the page.
		await expectAdminBarOptimizing( page, true );
		await expect( waitingButton ).toBeDisabled();
	} );
} );
