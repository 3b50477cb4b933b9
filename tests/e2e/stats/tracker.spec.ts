/**
 * The visitor tracker on a real page (issue 4; docs/stats.md "The tracker" and "Configuration"), as visitors
 * use /demo-stats/: consent first, the hit and its storage, in-page navigations, online pings with a fake
 * clock, Do Not Track, previews and excluded roles, link, download and custom events, ad-blocker bypass and
 * every consent integration.
 */

/**
 * External dependencies
 */
import type { Page, Request as PwRequest } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect, WP_BASE_URL, FAKE_PSI_URL } from '../speed/support';
import { privacySignals } from '../consent/support';
import {
	AJAX,
	COLLECT,
	DEMO_PATH,
	consentingVisitor,
	ensureDemo,
	fields,
	getStatsSettings,
	isHit,
	isPing,
	recordRequests,
	requestsSettled,
	report,
	saveStatsSettings,
	trackerInserted,
	trackerMessages,
	viewsOf,
	visitor,
	type StatsSettings,
} from './support';

/**
 * Waits for the page's next hit and its answer.
 *
 * @param page The page.
 * @param uri  The page URI the hit must carry (decoded).
 */
async function nextHit( page: Page, uri: string ): Promise< PwRequest > {
	const request = await page.waitForRequest(
		( r ) =>
			isHit( r ) &&
			decodeURIComponent( fields( r ).page_uri || '' ) === uri
	);
	const response = await request.response();
	expect( response?.status() ).toBe( 200 );
	expect( await response?.json() ).toEqual( { status: true } );
	return request;
}

test.describe( 'visitor tracker', () => {
	let stored: StatsSettings;

	test.beforeAll( async ( { requestUtils } ) => {
		ensureDemo();
		stored = await getStatsSettings( requestUtils );
	} );

	test.afterEach( async ( { requestUtils } ) => {
		await saveStatsSettings( requestUtils, stored );
	} );

	test(
		'waits for analytics consent, then one hit is sent and stored',
		{ tag: '@visitor' },
		async ( { browser, requestUtils } ) => {
			const before = await viewsOf( requestUtils, DEMO_PATH );
			const { context, page, errors } = await visitor( browser );
			const requests = recordRequests( page );
			await page.goto( DEMO_PATH );
			// Held by the consent runtime: not even downloaded.
			await expect(
				page.locator( '#tessera-tracker-js' )
			).toHaveAttribute( 'type', 'text/plain' );
			await requestsSettled( page );
			expect( requests.filter( isHit ) ).toHaveLength( 0 );

			const hit = nextHit( page, DEMO_PATH );
			await page.getByRole( 'button', { name: 'Accept all' } ).click();
			const request = await hit;
			const body = request.postData() || '';
			expect( body.length ).toBeLessThanOrEqual( 200 );
			expect( fields( request ) ).toMatchObject( {
				endpoint: 'hit',
				source_type: 'page',
				referred: '',
				page_uri: encodeURIComponent( DEMO_PATH ),
			} );
			expect( request.url() ).toBe(
				`${ WP_BASE_URL }${ COLLECT }?endpoint=hit`
			);
			await expect
				.poll( () => viewsOf( requestUtils, DEMO_PATH ) )
				.toBe( before + 1 );
			expect( requests.filter( isHit ) ).toHaveLength( 1 );
			expect( errors ).toEqual( [] );
			await context.close();
		}
	);

	test(
		'in-page navigations (pushState, back) send a hit each, for their own URL',
		{ tag: '@visitor' },
		async ( { browser, requestUtils } ) => {
			const { context, page, errors } =
				await consentingVisitor( browser );
			const requests = recordRequests( page );
			const first = nextHit( page, DEMO_PATH );
			await page.goto( DEMO_PATH );
			await first;

			const second = nextHit( page, `${ DEMO_PATH }?section=2` );
			await page
				.getByRole( 'button', {
					name: 'Show the next section without reloading',
				} )
				.click();
			await second;

			const third = nextHit( page, DEMO_PATH );
			await page.goBack();
			await third;
			expect( requests.filter( isHit ) ).toHaveLength( 3 );
			await expect
				.poll( () =>
					viewsOf( requestUtils, `${ DEMO_PATH }?section=2` )
				)
				.toBeGreaterThanOrEqual( 1 );
			expect( errors ).toEqual( [] );
			await context.close();
		}
	);

	test( "a lightbox's images (the hash, set with replaceState on each) are the same page: one hit, one view", async ( {
		browser,
		requestUtils,
	} ) => {
		const gallery = '/demo-gallery/';
		const before = await viewsOf( requestUtils, gallery );
		const { context, page, errors } = await consentingVisitor( browser );
		const requests = recordRequests( page );
		const first = nextHit( page, gallery );
		await page.goto( gallery );
		await first;
		await page
			.locator( '#bwg_container1_0 a.tessera-gallery__link' )
			.nth( 1 )
			.click();
		const status = page.locator( '.tessera-lightbox__status' );
		await expect( status ).toHaveText( /^2 of / );
		await expect( page ).toHaveURL( /#bwg\d+\/\d+$/ );
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^3 of / );
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^4 of / );
		await page.keyboard.press( 'Escape' );
		await expect( page.locator( '.tessera-lightbox-overlay' ) ).toHaveCount(
			0
		);
		await expect( page ).toHaveURL( `${ WP_BASE_URL }${ gallery }` );
		await requestsSettled( page );
		expect( requests.filter( isHit ) ).toHaveLength( 1 );
		await expect
			.poll( () => viewsOf( requestUtils, gallery ) )
			.toBe( before + 1 );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'pings every jsCheckTime while the visitor is active, and stop for good after 30 idle minutes', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser );
		await page.clock.install();
		const requests = recordRequests( page );
		const hit = nextHit( page, DEMO_PATH );
		await page.goto( DEMO_PATH );
		await hit;
		const config = JSON.parse(
			( await page.locator( '#tessera-tracker-config' ).textContent() ) ||
				'{}'
		) as { jsCheckTime: number };
		expect( config.jsCheckTime ).toBe( 60000 );

		const ping = page.waitForRequest( isPing );
		await page.clock.fastForward( 60000 );
		expect( fields( await ping ) ).toMatchObject( {
			endpoint: 'online',
			page_uri: encodeURIComponent( DEMO_PATH ),
		} );

		// Activity (a scroll) keeps it going: 29 minutes later it still pings. The wheel returns before the
		// page scrolls, so wait for the scroll event (the tracker's listener was added first and runs first).
		const scrolled = page.evaluate(
			() =>
				new Promise< void >( ( resolve ) =>
					addEventListener( 'scroll', () => resolve(), {
						once: true,
						passive: true,
					} )
				)
		);
		await page.mouse.wheel( 0, 200 );
		await scrolled;
		const still = page.waitForRequest( isPing );
		await page.clock.fastForward( 29 * 60000 );
		await still;

		// 31 minutes without a click, keypress or scroll: the next tick stops the pings.
		const pingsBefore = requests.filter( isPing ).length;
		await page.clock.fastForward( 31 * 60000 );
		await page.clock.runFor( 5 * 60000 );
		// Activity after the stop does not start them again (a new page load does).
		await page.mouse.wheel( 0, 200 );
		await page.clock.runFor( 5 * 60000 );
		await requestsSettled( page );
		expect( requests.filter( isPing ) ).toHaveLength( pingsBefore );
		await context.close();
	} );

	test( 'Do Not Track: nothing is sent, and the console says why', async ( {
		browser,
	} ) => {
		const { context, page } = await consentingVisitor( browser );
		await privacySignals( context, { dnt: true } );
		const requests = recordRequests( page );
		const messages = trackerMessages( page );
		await page.goto( DEMO_PATH );
		await expect
			.poll( () => messages )
			.toEqual( [ 'Tessera stats: Do Not Track' ] );
		await requestsSettled( page );
		expect( requests.filter( isHit ) ).toHaveLength( 0 );
		await context.close();
	} );

	test( 'excluded roles and previews get no tracker at all', async ( {
		page,
		requestUtils,
	} ) => {
		// The logged-in administrator is excluded by default.
		await page.goto( DEMO_PATH );
		await expect( page.locator( '#tessera-tracker-config' ) ).toHaveCount(
			0
		);

		await saveStatsSettings( requestUtils, { excludedRoles: [] } );
		await page.goto( DEMO_PATH );
		await expect( page.locator( '#tessera-tracker-config' ) ).toHaveCount(
			1
		);
		// A preview of the same page: nothing.
		await page.goto( `${ DEMO_PATH }?preview=true` );
		await expect( page.locator( '#tessera-tracker-config' ) ).toHaveCount(
			0
		);
		await expect( page.locator( '#tessera-tracker-js' ) ).toHaveCount( 0 );
	} );

	test(
		'outbound links and downloads are sent with keepalive; same-host links and other buttons are not',
		{ tag: '@visitor' },
		async ( { browser, requestUtils } ) => {
			const { context, page } = await consentingVisitor( browser );
			// What the page asks fetch() for: the address and the keepalive flag (not visible on the request).
			await context.addInitScript( () => {
				const w = window as unknown as {
					fetch: typeof fetch;
					keepalive: Array< [ string, boolean ] >;
				};
				const original = w.fetch;
				w.keepalive = [];
				w.fetch = ( input, init ) => {
					w.keepalive.push( [
						String( input ),
						Boolean( init?.keepalive ),
					] );
					return original( input, init );
				};
			} );
			const requests = recordRequests( page );
			const isEvent = ( r: PwRequest ) =>
				r.url().includes( `${ AJAX }?action=tessera_stats_event` );
			const hit = nextHit( page, DEMO_PATH );
			await page.goto( DEMO_PATH );
			const pid = fields( await hit ).source_id;
			// Every request of the tracker goes through one fetch() call with keepalive (links leave the page).
			expect(
				await page.evaluate(
					() =>
						(
							window as unknown as {
								keepalive: Array< [ string, boolean ] >;
							}
						 ).keepalive
				)
			).toContainEqual( [
				`${ WP_BASE_URL }${ COLLECT }?endpoint=hit`,
				true,
			] );

			// Same host, and a middle click: ignored.
			await page.evaluate( () => {
				const a = document.createElement( 'a' );
				a.href = '#same-host';
				a.id = 'same-host';
				a.textContent = 'Same host';
				document.body.append( a );
			} );
			await page.locator( '#same-host' ).click();
			await page
				.locator( '#demo-outbound' )
				.click( { button: 'middle', modifiers: [] } )
				.catch( () => undefined );
			await requestsSettled( page );
			expect( requests.filter( isEvent ) ).toHaveLength( 0 );

			const download = page.waitForRequest( isEvent );
			await page.locator( '#demo-download' ).click();
			const sentDownload = fields( await download );
			expect( sentDownload ).toMatchObject( {
				en: 'file_download',
				eid: 'demo-download',
				ec: 'demo-link',
				ev: 'The price list (PDF)',
				mb: '0',
				pid,
			} );
			expect( sentDownload.tu ).toMatch(
				/\/tessera-demo\/price-list\.pdf$/
			);
			expect( Number( sentDownload.et ) ).toBeGreaterThan( 1.7e12 );

			await page.goto( DEMO_PATH );
			const outbound = page.waitForRequest( isEvent );
			await page.locator( '#demo-outbound' ).click();
			const sentLink = fields( await outbound );
			expect( sentLink ).toMatchObject( {
				en: 'click',
				tu: `${ FAKE_PSI_URL }/outbound/`,
				eid: 'demo-outbound',
			} );
			await expect( page ).toHaveURL( `${ FAKE_PSI_URL }/outbound/` );

			await expect
				.poll( async () => {
					const r = await report( requestUtils );
					return [
						r.downloads.some(
							( e ) => e.name === 'price-list.pdf'
						),
						r.clicks.some(
							( e ) => e.target === `${ FAKE_PSI_URL }/outbound/`
						),
					];
				} )
				.toEqual( [ true, true ] );
			await context.close();
		}
	);

	test(
		'custom events from window.tessera.track() are stored',
		{ tag: '@visitor' },
		async ( { browser, requestUtils } ) => {
			const { context, page, errors } =
				await consentingVisitor( browser );
			const hit = nextHit( page, DEMO_PATH );
			await page.goto( DEMO_PATH );
			const pid = Number( fields( await hit ).source_id );
			const sent = page.waitForRequest( ( r ) =>
				r
					.url()
					.includes( `${ AJAX }?action=tessera_stats_custom_event` )
			);
			await page
				.getByRole( 'button', { name: 'Subscribe to the newsletter' } )
				.click();
			const request = await sent;
			const { event_name: name, event_data: data } = fields( request );
			expect( name ).toBe( 'newsletter_signup' );
			expect( JSON.parse( data! ) ).toMatchObject( {
				plan: 'free',
				resource_id: pid,
			} );
			expect( ( await request.response() )?.status() ).toBe( 200 );
			await expect( page.getByRole( 'status' ) ).toHaveText(
				'Event sent: newsletter_signup.'
			);
			await expect
				.poll( async () =>
					( await report( requestUtils ) ).events.some(
						( e ) => e.name === 'newsletter_signup'
					)
				)
				.toBe( true );
			expect( errors ).toEqual( [] );
			await context.close();
		}
	);

	test(
		'with ad-blocker bypass, the hit and pings go to admin-ajax and are stored',
		{ tag: '@visitor' },
		async ( { browser, requestUtils } ) => {
			await saveStatsSettings( requestUtils, { bypassAdBlockers: true } );
			const before = await viewsOf( requestUtils, DEMO_PATH );
			const { context, page } = await consentingVisitor( browser );
			const hit = nextHit( page, DEMO_PATH );
			await page.goto( DEMO_PATH );
			const request = await hit;
			expect( request.url() ).toBe( `${ WP_BASE_URL }${ AJAX }` );
			expect( fields( request ).action ).toBe( 'tessera_stats_hit' );
			await expect
				.poll( () => viewsOf( requestUtils, DEMO_PATH ) )
				.toBe( before + 1 );
			await context.close();
		}
	);

	test.describe( 'consent integrations', () => {
		test( 'none and borlabs_cookie: the tracker starts at load, without our consent', async ( {
			browser,
			requestUtils,
		} ) => {
			for ( const name of [ 'none', 'borlabs_cookie' ] ) {
				await saveStatsSettings( requestUtils, {
					consentIntegration: name,
				} );
				const { context, page } = await visitor( browser );
				const hit = nextHit( page, DEMO_PATH );
				await page.goto( DEMO_PATH );
				await hit;
				await expect(
					page.locator( '#tessera-tracker-js' )
				).not.toHaveAttribute( 'type', 'text/plain' );
				await context.close();
			}
		} );

		test( 'wp_consent_api: waits for the consent-change event of its level; anonymous tracking starts at once', async ( {
			browser,
			requestUtils,
		} ) => {
			await saveStatsSettings( requestUtils, {
				consentIntegration: 'wp_consent_api',
				consentLevel: 'statistics',
			} );
			const { context, page } = await visitor( browser );
			await context.addInitScript( () => {
				(
					window as unknown as {
						wp_has_consent: ( c: string ) => boolean;
					}
				 ).wp_has_consent = () => false;
			} );
			const requests = recordRequests( page );
			const messages = trackerMessages( page );
			await page.goto( DEMO_PATH );
			await expect
				.poll( () => messages )
				.toEqual( [ 'Tessera stats: no consent' ] );
			// Another level allowed: still nothing.
			await page.evaluate( () =>
				document.dispatchEvent(
					new CustomEvent( 'wp_listen_for_consent_change', {
						detail: { marketing: 'allow' },
					} )
				)
			);
			// The gate would have put the tracker in at once: it has not, and nothing was sent.
			expect( await trackerInserted( page ) ).toBe( false );
			await requestsSettled( page );
			expect( requests.filter( isHit ) ).toHaveLength( 0 );

			const hit = nextHit( page, DEMO_PATH );
			await page.evaluate( () =>
				document.dispatchEvent(
					new CustomEvent( 'wp_listen_for_consent_change', {
						detail: { statistics: 'allow' },
					} )
				)
			);
			await hit;
			await context.close();

			await saveStatsSettings( requestUtils, { trackAnonymously: true } );
			const anonymous = await visitor( browser );
			await anonymous.context.addInitScript( () => {
				(
					window as unknown as {
						wp_has_consent: ( c: string ) => boolean;
					}
				 ).wp_has_consent = () => false;
			} );
			const anonymousHit = nextHit( anonymous.page, DEMO_PATH );
			await anonymous.page.goto( DEMO_PATH );
			await anonymousHit;
			await anonymous.context.close();
		} );

		test( 'real_cookie_banner: starts once consentApi.consent( "tessera-stats" ) resolves', async ( {
			browser,
			requestUtils,
		} ) => {
			await saveStatsSettings( requestUtils, {
				consentIntegration: 'real_cookie_banner',
			} );
			const { context, page } = await visitor( browser );
			await context.addInitScript( () => {
				const w = window as unknown as {
					consentApi: { consent: ( id: string ) => Promise< void > };
					allowStats: () => void;
					askedFor: string[];
				};
				w.askedFor = [];
				w.consentApi = {
					consent: ( id ) =>
						new Promise( ( resolve ) => {
							w.askedFor.push( id );
							w.allowStats = resolve;
						} ),
				};
			} );
			const requests = recordRequests( page );
			await page.goto( DEMO_PATH );
			await expect
				.poll( () =>
					page.evaluate(
						() =>
							( window as unknown as { askedFor: string[] } )
								.askedFor
					)
				)
				.toEqual( [ 'tessera-stats' ] );
			// The gate would have put the tracker in at once: it has not, and nothing was sent.
			expect( await trackerInserted( page ) ).toBe( false );
			await requestsSettled( page );
			expect( requests.filter( isHit ) ).toHaveLength( 0 );
			const hit = nextHit( page, DEMO_PATH );
			await page.evaluate( () =>
				( window as unknown as { allowStats: () => void } ).allowStats()
			);
			await hit;
			await context.close();
		} );
	} );
} );
