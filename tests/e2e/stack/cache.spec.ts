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
	Browser,
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
	GOOGLE_HOST,
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

/**
 * The third-party requests a case does not allow: every request outside the site and the fake script server while
 * the case holds the video back (the placeholder's thumbnail is the site's own copy or none, so not even
 * i.ytimg.com: nothing of the visitor reaches Google before consent, issue 20); once the video is allowed, only
 * YouTube (its embed and what the embed loads).
 *
 * @param requested  Every request the page made outside the site.
 * @param c          The case.
 * @param c.videoSrc
 */
function disallowedThirdPartyRequests(
	requested: string[],
	c: { videoSrc: string | null }
): string[] {
	return requested.filter(
		( url ) =>
			! url.startsWith( `${ FAKE_PSI_URL }/` ) &&
			! ( c.videoSrc && GOOGLE_HOST.test( new URL( url ).hostname ) )
	);
}

/** How the consent demo must behave for one kind of visitor, served a page the cache kept for another kind. */
interface ConsentCase {
	kind: VisitorKind;
	/** Whom the cached page was rendered for: the kind whose page would do the most harm. */
	cachedFor: VisitorKind;
	banner: boolean;
	/** The demo's third-party scripts that run (`window.tesseraThirdParty`). */
	ran: string[];
	/** The video's address once the page has settled (null: held back). */
	videoSrc: string | null;
}

const CONSENT_CASES: ConsentCase[] = [
	{
		kind: 'no cookie',
		cachedFor: 'accepted all',
		banner: true,
		ran: [],
		videoSrc: null,
	},
	{
		kind: 'a malformed cookie',
		cachedFor: 'accepted all',
		banner: true,
		ran: [],
		videoSrc: null,
	},
	{
		kind: 'accepted all',
		cachedFor: 'no cookie',
		banner: false,
		ran: [ 'tracker', 'late' ],
		videoSrc: VIDEO_SRC,
	},
	// Analytics yes, advertisement (the video) no.
	{
		kind: 'a custom choice',
		cachedFor: 'accepted all',
		banner: false,
		ran: [ 'tracker', 'late' ],
		videoSrc: null,
	},
	{
		kind: 'rejected all',
		cachedFor: 'accepted all',
		banner: false,
		ran: [],
		videoSrc: null,
	},
	{
		kind: 'CCPA opted out',
		cachedFor: 'accepted all',
		banner: false,
		ran: [],
		videoSrc: null,
	},
];

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
		 * Records every request of a context outside the site: the fake analytics server's scripts, YouTube's
		 * embed (answered locally by `visitor()`) and anything else a page should not ask for.
		 *
		 * @param context The visitor's context.
		 */
		function thirdPartyLog( context: BrowserContext ): string[] {
			const seen: string[] = [];
			context.on( 'request', ( request: PwRequest ) => {
				const url = request.url();
				// Every request outside the site (data: and blob: addresses are not requests of a host).
				if (
					/^https?:/.test( url ) &&
					new URL( url ).origin !== new URL( CACHE_URL ).origin
				) {
					seen.push( url );
				}
			} );
			return seen;
		}

		/**
		 * A visitor of one kind: a fresh context with that kind's consent cookie, if any.
		 *
		 * @param browser The browser.
		 * @param kind    The visitor.
		 */
		async function visitorOf( browser: Browser, kind: VisitorKind ) {
			const v = await visitor( browser );
			const value = VISITORS[ kind ];
			if ( value ) {
				await v.context.addCookies( [
					{ name: 'cookieyes-consent', value, url: CACHE_URL },
				] );
			}
			return v;
		}

		/**
		 * Opens the demo page, checks that the cache served it, and waits until everything had its chance to load.
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
			// The demo's load handler has inserted its late script (blocked or not).
			await expect( page.locator( '#demo-late' ) ).toBeAttached();
		}

		for ( const c of CONSENT_CASES ) {
			test( `"${ c.kind }", served the page rendered for "${ c.cachedFor }": banner ${
				c.banner ? 'shown' : 'hidden'
			}, ${ c.ran.length ? c.ran.join( ' and ' ) : 'nothing' } run${
				c.videoSrc ? ', the video loaded' : ''
			}`, async ( { browser } ) => {
				await cacheRenderedFor( DEMO_PATH, c.cachedFor );
				const { context, page, errors } = await visitorOf(
					browser,
					c.kind
				);
				const requested = thirdPartyLog( context );
				await openCached( page );
				await expect( banner( page ) ).toBeVisible( {
					visible: c.banner,
				} );
				await expect.poll( () => ranScripts( page ) ).toEqual( c.ran );
				await expect
					.poll( () =>
						page.locator( '#demo-video' ).getAttribute( 'src' )
					)
					.toBe( c.videoSrc );
				// Every request the page made so far has been seen: exactly the allowed scripts were fetched, and
				// no video while it is held back (an allowed one loads lazily, when scrolled to).
				await requestsSettled( page );
				expect(
					requested
						.filter( ( url ) => url.startsWith( FAKE_PSI_URL ) )
						.map( ( url ) => new URL( url ).pathname )
						.sort(),
					'third-party scripts fetched'
				).toEqual(
					c.ran.map( ( name ) => `/third-party/${ name }.js` ).sort()
				);
				expect(
					disallowedThirdPartyRequests( requested, c ),
					'no third-party request beyond the allowed scripts and video'
				).toEqual( [] );
				expect( errors ).toEqual( [] );
				await context.close();
			} );
		}

		test( 'a first-time visitor who accepts on the page cached for another visitor gets the scripts at once', async ( {
			browser,
		} ) => {
			await cacheRenderedFor( DEMO_PATH, 'rejected all' );
			const { context, page, errors } = await visitorOf(
				browser,
				'no cookie'
			);
			await openCached( page );
			expect(
				await thirdPartyRequests(),
				'nothing before the choice'
			).toEqual( [] );
			await expect(
				banner( page ),
				'a first visit shows the banner'
			).toBeVisible();
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
			await expect( banner( page ) ).toBeHidden();
			expect( errors ).toEqual( [] );
			await context.close();
		} );
	}
);
