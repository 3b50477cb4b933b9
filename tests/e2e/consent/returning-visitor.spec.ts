/**
 * A page that is the same for every visitor, decided in the browser (issue 19; docs/consent.md "Page caches"):
 * the runtime in `<head>` hides the banner before the first paint for a visitor who has chosen, and restores
 * the accepted tags in document order as the parser reaches them — no reload, no round trip, no layout shift.
 * A first-time visitor sees the banner from the first frame and loads nothing blocked.
 */

/**
 * External dependencies
 */
import type { BrowserContext, Page, Route } from '@playwright/test';

/**
 * WordPress dependencies
 */
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { test, expect, FAKE_PSI_URL, WP_BASE_URL } from '../speed/support';
import {
	DEMO_PATH,
	expectBlocked,
	ranScripts,
	resetThirdParty,
	keepSettings,
	saveSettings,
	VIDEO_SRC,
	visitor,
	VISITOR_COOKIES,
	withoutWebFonts,
} from './support';

/** What the watcher records in the page from its first frame. */
type Watch = {
	/** One entry per animation frame (and at DOMContentLoaded, load): the banner absent, shown or hidden. */
	bannerFrames: string[];
	/** Sum of the layout shifts without recent input. */
	cls: number;
	/** The order the test page's scripts ran in. */
	tesseraOrder?: string[];
};

/**
 * Records, from before the page's first script, whether the banner is rendered in each frame, and the layout
 * shifts.
 *
 * @param context The visitor's context.
 */
async function watchBanner( context: BrowserContext ): Promise< void > {
	await context.addInitScript( () => {
		const w = window as unknown as Watch;
		w.bannerFrames = [];
		w.cls = 0;
		const look = (): string => {
			const el = document.getElementById( 'tessera-consent-banner' );
			if ( ! el ) {
				return 'absent';
			}
			return el.getBoundingClientRect().height > 0 &&
				getComputedStyle( el ).visibility !== 'hidden'
				? 'shown'
				: 'hidden';
		};
		const frame = () => {
			w.bannerFrames.push( look() );
			if ( w.bannerFrames.length < 600 ) {
				requestAnimationFrame( frame );
			}
		};
		requestAnimationFrame( frame );
		document.addEventListener( 'DOMContentLoaded', () =>
			w.bannerFrames.push( look() )
		);
		new PerformanceObserver( ( list ) => {
			for ( const entry of list.getEntries() as unknown as Array< {
				value: number;
				hadRecentInput: boolean;
			} > ) {
				w.cls += entry.hadRecentInput ? 0 : entry.value;
			}
		} ).observe( { type: 'layout-shift', buffered: true } );
	} );
}

/**
 * What the watcher recorded.
 *
 * @param page The page.
 */
const watched = ( page: Page ): Promise< Watch > =>
	page.evaluate( () => {
		const w = window as unknown as Watch;
		return {
			bannerFrames: w.bannerFrames,
			cls: w.cls,
			tesseraOrder: w.tesseraOrder,
		};
	} );

/**
 * A visitor carrying a consent cookie, watched from the first frame; counts main-frame navigations.
 *
 * @param browser The browser.
 * @param cookie  The consent cookie's value, or null.
 */
async function returning(
	browser: Parameters< typeof visitor >[ 0 ],
	cookie: string | null
) {
	const seen = await visitor( browser );
	if ( cookie ) {
		await seen.context.addCookies( [
			{ name: 'cookieyes-consent', value: cookie, url: WP_BASE_URL },
		] );
	}
	await watchBanner( seen.context );
	let navigations = 0;
	seen.page.on( 'framenavigated', ( frame ) => {
		if ( frame === seen.page.mainFrame() ) {
			navigations++;
		}
	} );
	return { ...seen, navigations: () => navigations };
}

/**
 * Creates a published page over REST.
 *
 * @param requestUtils Admin request utilities.
 * @param content      Block markup.
 */
function createPage(
	requestUtils: RequestUtils,
	content: string
): Promise< { id: number; link: string } > {
	return requestUtils.rest( {
		method: 'POST',
		path: '/wp/v2/pages',
		data: { title: 'Consent order', content, status: 'publish' },
	} );
}

/**
 * Code that records its name in `window.tesseraOrder`.
 *
 * @param name The script's name.
 */
const push = ( name: string ): string =>
	`(window.tesseraOrder=window.tesseraOrder||[]).push('${ name }');`;

/**
 * Answers the order test's two external scripts; the first one (`order-slow`) answers last, so the order must
 * come from the runtime, not from the network.
 *
 * @param route The intercepted request.
 */
async function serveOrder( route: Route ): Promise< void > {
	const slow = route.request().url().includes( 'order-slow' );
	await new Promise( ( resolve ) => setTimeout( resolve, slow ? 500 : 0 ) );
	await route.fulfill( {
		contentType: 'text/javascript',
		body: push( slow ? 'slow' : 'fast' ),
	} );
}

test.describe(
	'Cookie consent: a cached page decided in the browser',
	{ tag: '@visitor' },
	() => {
		const original = keepSettings( test );
		const created: number[] = [];

		test.beforeEach( async ( { requestUtils } ) => {
			await saveSettings( requestUtils, {
				activeLaw: 'gdpr',
				reloadOnAccept: false,
				respectDnt: true,
				honourGpc: true,
				bannerType: 'box',
				bannerPosition: 'bottom-left',
				providers: original().providers,
			} );
			await resetThirdParty();
		} );

		test.afterAll( async ( { requestUtils } ) => {
			for ( const id of created ) {
				await requestUtils.rest( {
					method: 'DELETE',
					path: `/wp/v2/pages/${ id }`,
					params: { force: true },
				} );
			}
		} );

		test( 'accepted all: the banner is never painted, the accepted scripts and video run without a reload, no layout shift', async ( {
			browser,
		} ) => {
			const { context, page, errors, navigations } = await returning(
				browser,
				VISITOR_COOKIES[ 'accept all' ] as string
			);
			const response = await page.goto( DEMO_PATH );
			// The HTML is a first visit's: banner printed, tracker blocked.
			const html = ( await response?.text() ) ?? '';
			expect( html ).toContain( 'id="tessera-consent-banner"' );
			expect( html ).toMatch(
				/<script[^>]*id="demo-tracker"[^>]*type="text\/plain"|<script[^>]*type="text\/plain"[^>]*id="demo-tracker"/
			);
			await page.waitForLoadState( 'load' );
			await expect
				.poll( () => ranScripts( page ) )
				.toEqual( [ 'tracker', 'late' ] );
			await expect( page.locator( '#demo-video' ) ).toHaveAttribute(
				'src',
				VIDEO_SRC
			);
			await expect(
				page.locator( '.tessera-consent-video' )
			).toBeHidden();
			await expect(
				page.locator( '#tessera-consent-banner' )
			).toBeHidden();
			await expect(
				page.locator( '#tessera-consent-banner' )
			).toHaveAttribute( 'hidden', '' );
			await expect(
				page.locator( '#tessera-consent-revisit' )
			).toBeVisible();
			const watch = await watched( page );
			expect( watch.bannerFrames.length ).toBeGreaterThan( 1 );
			expect( watch.bannerFrames ).not.toContain( 'shown' );
			expect( navigations(), 'no reload' ).toBe( 1 );
			expect(
				await page.evaluate(
					() => window.tessera?.consent?.isUserActionCompleted
				)
			).toBe( true );
			expect( errors ).toEqual( [] );

			// Layout shift, with the theme's web fonts left out (their late swap re-wraps the theme's text,
			// whoever visits). A page served by the test's route may not fetch from 127.0.0.1 (Chromium's
			// private network access), which changes nothing in the layout: the video and banner are ours.
			await withoutWebFonts( page, DEMO_PATH );
			await page.goto( DEMO_PATH );
			await page.waitForLoadState( 'load' );
			await expect( page.locator( '#demo-video' ) ).toHaveAttribute(
				'src',
				VIDEO_SRC
			);
			await page.evaluate(
				() =>
					new Promise( ( resolve ) =>
						requestAnimationFrame( () =>
							requestAnimationFrame( resolve )
						)
					)
			);
			const settled = await watched( page );
			expect( settled.bannerFrames ).not.toContain( 'shown' );
			expect( settled.cls ).toBe( 0 );
			await context.close();
		} );

		test( 'rejected all: the banner is never painted and nothing blocked is requested', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await returning(
				browser,
				VISITOR_COOKIES[ 'reject all' ] as string
			);
			await withoutWebFonts( page, DEMO_PATH );
			await page.goto( DEMO_PATH );
			await page.waitForLoadState( 'load' );
			await expect(
				page.locator( '#tessera-consent-revisit' )
			).toBeVisible();
			await expectBlocked( page );
			await expect(
				page.locator( '.tessera-consent-video' )
			).toBeVisible();
			const watch = await watched( page );
			expect( watch.bannerFrames ).not.toContain( 'shown' );
			expect( watch.cls ).toBe( 0 );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'a first-time visitor: the banner is shown from its first frame and nothing blocked is requested before choosing', async ( {
			browser,
		} ) => {
			const { context, page, errors } = await returning( browser, null );
			await page.goto( DEMO_PATH );
			await page.waitForLoadState( 'load' );
			await expect(
				page.locator( '#tessera-consent-banner' )
			).toBeVisible();
			await expectBlocked( page );
			const frames = ( await watched( page ) ).bannerFrames.filter(
				( state ) => state !== 'absent'
			);
			expect( frames.length ).toBeGreaterThan( 0 );
			expect( frames ).not.toContain( 'hidden' );
			await page.getByRole( 'button', { name: 'Accept all' } ).click();
			await expect
				.poll( () => ranScripts( page ) )
				.toEqual( [ 'tracker', 'late' ] );
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'accepted scripts run in document order: an external one, inline code after it, another external one', async ( {
			browser,
			requestUtils,
		} ) => {
			const base = `${ FAKE_PSI_URL }/third-party`;
			const page = await createPage(
				requestUtils,
				`<!-- wp:html -->
<script id="order-slow" src="${ base }/order-slow.js"></script>
<script type="text/plain" data-tessera-category="analytics">${ push(
					'inline'
				) }</script>
<script id="order-fast" src="${ base }/order-fast.js"></script>
<!-- /wp:html -->`
			);
			created.push( page.id );
			// A returning visitor who accepted: restored as the page is parsed.
			const accepted = await returning(
				browser,
				VISITOR_COOKIES[ 'accept all' ] as string
			);
			await accepted.context.route( /\/third-party\/order-/, serveOrder );
			const response = await accepted.page.goto( page.link );
			expect( ( await response?.text() ) ?? '' ).toMatch(
				/<script[^>]*type="text\/plain"[^>]*id="order-slow"|<script[^>]*id="order-slow"[^>]*type="text\/plain"/
			);
			await expect
				.poll(
					async () => ( await watched( accepted.page ) ).tesseraOrder
				)
				.toEqual( [ 'slow', 'inline', 'fast' ] );
			expect( accepted.navigations() ).toBe( 1 );
			expect( accepted.errors ).toEqual( [] );
			await accepted.context.close();

			// A first-time visitor: nothing until the choice, then the same order.
			const first = await returning( browser, null );
			const requested: string[] = [];
			await first.context.route( /\/third-party\/order-/, ( route ) => {
				requested.push( route.request().url() );
				return serveOrder( route );
			} );
			await first.page.goto( page.link );
			await first.page.waitForLoadState( 'load' );
			expect( requested ).toEqual( [] );
			expect(
				( await watched( first.page ) ).tesseraOrder
			).toBeUndefined();
			await first.page
				.getByRole( 'button', { name: 'Accept all' } )
				.click();
			await expect
				.poll(
					async () => ( await watched( first.page ) ).tesseraOrder
				)
				.toEqual( [ 'slow', 'inline', 'fast' ] );
			await first.context.close();
		} );
	}
);
