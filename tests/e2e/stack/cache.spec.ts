/**
 * The page cache test of issue 19 (docs/stack.md, GUIDE §2 rule 1): every demo page is the same bytes for six
 * kinds of anonymous visitor — from the uncached origin, where each visitor's cookie reaches PHP, and through the
 * cache — and the consent demo behaves right for each kind of visitor when the cached page was first rendered for
 * a visitor of another kind. Runs on the stack only (the `stack` project).
 */

/**
 * External dependencies
 */
import type {
	BrowserContext,
	Page,
	Request as PwRequest,
} from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect, FAKE_PSI_URL } from '../speed/support';
import {
	DEMO_PATH,
	ensureDemo,
	getSettings,
	ranScripts,
	resetThirdParty,
	saveSettings,
	thirdPartyRequests,
	VIDEO_SRC,
	visitor,
	type ConsentSettings,
} from '../consent/support';
import { requestsSettled } from '../stats/support';
import {
	cacheRenderedFor,
	CACHE_URL,
	demoPages,
	fetchAs,
	firstDifference,
	ORIGIN_URL,
	purgeCache,
	VISITORS,
	type VisitorKind,
} from './support';

const KINDS = Object.keys( VISITORS ) as VisitorKind[];

/**
 * One line per visitor whose answer differs from the reference answer.
 *
 * @param pathname  The page.
 * @param reference The reference answer.
 * @param answers   Each visitor's answer.
 */
function differences(
	pathname: string,
	reference: Buffer,
	answers: Array< [ VisitorKind, Buffer ] >
): string[] {
	return answers
		.filter( ( [ , body ] ) => ! reference.equals( body ) )
		.map(
			( [ kind, body ] ) =>
				`${ pathname } "${ kind }": ${ firstDifference( reference, body ) }`
		);
}

test.describe(
	'the same page for every anonymous visitor',
	{ tag: '@visitor' },
	() => {
		let pages: string[] = [];

		test.beforeAll( () => {
			ensureDemo();
			pages = demoPages();
		} );

		test( 'every demo page is the same bytes for six visitors from the origin, each cookie reaching PHP', async () => {
			const differing: string[] = [];
			for ( const pathname of pages ) {
				// Each visitor's own render (nothing is cached here), at once: the load balancer spreads them over both
				// nodes.
				const answers = await Promise.all(
					KINDS.map( async ( kind ) => {
						const res = await fetchAs( ORIGIN_URL, pathname, kind );
						expect(
							res.status,
							`${ pathname } as "${ kind }"`
						).toBe( 200 );
						return [ kind, res.body ] as [ VisitorKind, Buffer ];
					} )
				);
				const reference = new Map( answers ).get(
					'no cookie'
				) as Buffer;
				differing.push(
					...differences( pathname, reference, answers )
				);
			}
			expect( pages.length ).toBeGreaterThan( 5 );
			expect(
				differing,
				'pages whose HTML depends on the visitor ("no cookie" is the reference)'
			).toEqual( [] );
		} );

		test( 'every demo page is the same bytes for six visitors through the cache, served from it', async () => {
			const differing: string[] = [];
			for ( const pathname of pages ) {
				// Rendered for the visitor who accepted everything, then served to the five others.
				const first = await cacheRenderedFor(
					pathname,
					'accepted all'
				);
				const answers = await Promise.all(
					KINDS.slice( 1 ).map( async ( kind ) => {
						const res = await fetchAs( CACHE_URL, pathname, kind );
						expect( res.status ).toBe( 200 );
						expect(
							res.cache,
							`${ pathname } as "${ kind }"`
						).toBe( 'HIT' );
						return [ kind, res.body ] as [ VisitorKind, Buffer ];
					} )
				);
				differing.push(
					...differences( pathname, first.body, answers )
				);
			}
			expect( differing ).toEqual( [] );
		} );
	}
);

test.describe(
	'cookie consent through the page cache',
	{ tag: '@visitor' },
	() => {
		let original: ConsentSettings;

		test.beforeAll( async ( { requestUtils } ) => {
			ensureDemo();
			original = await getSettings( requestUtils );
			// The law and the behaviour these checks expect (saving purges the cache).
			await saveSettings( requestUtils, {
				activeLaw: 'gdpr',
				reloadOnAccept: false,
				respectDnt: true,
				honourGpc: true,
				providers: original.providers,
			} );
		} );

		test.beforeEach( async () => {
			await resetThirdParty();
		} );

		test.afterAll( async ( { requestUtils } ) => {
			await saveSettings( requestUtils, original );
			await purgeCache();
		} );

		const banner = ( page: Page ) =>
			page.locator( '#tessera-consent-banner' );

		/**
		 * Records every request of a context to a third party of the demo: the fake analytics server's scripts and
		 * YouTube (answered locally by `visitor()`).
		 *
		 * @param context The visitor's context.
		 */
		function thirdPartyLog( context: BrowserContext ): string[] {
			const seen: string[] = [];
			context.on( 'request', ( request: PwRequest ) => {
				const url = request.url();
				if (
					url.startsWith( `${ FAKE_PSI_URL }/third-party/` ) ||
					/^https:\/\/(www\.youtube\.com|i\.ytimg\.com)\//.test( url )
				) {
					seen.push( url );
				}
			} );
			return seen;
		}

		/**
		 * Opens the demo page as the visitor of a context, and checks that the cache served it.
		 *
		 * @param page The visitor's page.
		 */
		async function openCached( page: Page ): Promise< void > {
			const response = await page.goto( DEMO_PATH );
			expect(
				response?.headers()[ 'x-cache' ],
				'served from the cache'
			).toBe( 'HIT' );
			await page.waitForLoadState( 'load' );
			// The demo's load handler has inserted its late script (blocked or not): everything has had its chance.
			await expect( page.locator( '#demo-late' ) ).toBeAttached();
		}

		/**
		 * A visitor whose browser carries a consent cookie.
		 *
		 * @param browser The browser.
		 * @param kind    The visitor.
		 */
		async function returning(
			browser: Parameters< typeof visitor >[ 0 ],
			kind: VisitorKind
		) {
			const v = await visitor( browser );
			await v.context.addCookies( [
				{
					name: 'cookieyes-consent',
					value: String( VISITORS[ kind ] ),
					url: CACHE_URL,
				},
			] );
			return v;
		}

		test( 'a first-time visitor, served the page rendered for one who accepted everything, sees the banner and loads nothing before choosing', async ( {
			browser,
		} ) => {
			await cacheRenderedFor( DEMO_PATH, 'accepted all' );
			const { context, page, errors } = await visitor( browser );
			const requested = thirdPartyLog( context );
			await openCached( page );
			await expect( banner( page ) ).toBeVisible();
			await requestsSettled( page );
			expect(
				requested,
				'no third-party request before a choice'
			).toEqual( [] );
			expect( await ranScripts( page ) ).toEqual( [] );
			expect( await thirdPartyRequests() ).toEqual( [] );

			// Then the choice works on that cached page.
			await banner( page )
				.getByRole( 'button', { name: 'Accept all', exact: true } )
				.click();
			await expect
				.poll( () => ranScripts( page ) )
				.toEqual( [ 'tracker', 'late' ] );
			await expect( page.locator( '#demo-video' ) ).toHaveAttribute(
				'src',
				VIDEO_SRC
			);
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'a returning visitor who accepted everything, served the page rendered for a first visit, sees no banner and the accepted scripts run', async ( {
			browser,
		} ) => {
			await cacheRenderedFor( DEMO_PATH, 'no cookie' );
			const { context, page, errors } = await returning(
				browser,
				'accepted all'
			);
			await openCached( page );
			await expect
				.poll( () => ranScripts( page ) )
				.toEqual( [ 'tracker', 'late' ] );
			await expect( banner( page ) ).toBeHidden();
			await expect( page.locator( '#demo-video' ) ).toHaveAttribute(
				'src',
				VIDEO_SRC
			);
			expect( errors ).toEqual( [] );
			await context.close();
		} );

		test( 'a returning visitor who rejected everything, served the page rendered for one who accepted, sees no banner and nothing loads', async ( {
			browser,
		} ) => {
			await cacheRenderedFor( DEMO_PATH, 'accepted all' );
			const { context, page, errors } = await returning(
				browser,
				'rejected all'
			);
			const requested = thirdPartyLog( context );
			await openCached( page );
			await expect( banner( page ) ).toBeHidden();
			await requestsSettled( page );
			expect( requested, 'no third-party request' ).toEqual( [] );
			expect( await ranScripts( page ) ).toEqual( [] );
			expect( await thirdPartyRequests() ).toEqual( [] );
			expect( errors ).toEqual( [] );
			await context.close();
		} );
	}
);
