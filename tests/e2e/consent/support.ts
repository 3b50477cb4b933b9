/**
 * Shared helpers for the cookie consent front-end specs (docs/consent.md, "Page output"): the consent
 * settings over REST, the demo page, a visitor's browser context, the consent cookie and the fake
 * third-party server.
 */

/**
 * External dependencies
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import {
	request as playwrightRequest,
	type Browser,
	type BrowserContext,
	type Cookie,
	type Page,
} from '@playwright/test';

/**
 * WordPress dependencies
 */
import type { RequestUtils } from '@wordpress/e2e-test-utils-playwright';

/**
 * Internal dependencies
 */
import { expect, FAKE_PSI_URL, WP_BASE_URL } from '../speed/support';
import type { test as speedTest } from '../speed/support';
// The runtime's types, and with them its `window.tessera` declaration for page.evaluate().
export type { ConsentApi } from '../../../src/runtime/consent/types';

export const ROUTE = '/tessera/v1/consent/settings';
export const DEMO_PATH = '/demo-consent/';
export const DEMO_URL = `${ WP_BASE_URL }${ DEMO_PATH }`;
export const VIDEO_ID = 'M7lc1UVf-VE';
export const VIDEO_SRC = `https://www.youtube.com/embed/${ VIDEO_ID }`;
export const SLUGS = [
	'necessary',
	'functional',
	'analytics',
	'performance',
	'advertisement',
] as const;

/** The consent id of the cookies below. */
export const CONSENT_ID = 'Ab3dEfGh1jKlMn0pQrStUvWxYz012345';
const ID = `consentid:${ CONSENT_ID }`;

/**
 * The visitors of the cache test (issue 19): their `cookieyes-consent` value (null: none).
 */
export const VISITOR_COOKIES: Record< string, string | null > = {
	'no cookie': null,
	'accept all': `${ ID },consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes`,
	'reject all': `${ ID },consent:no,action:yes,necessary:yes,functional:no,analytics:no,performance:no,advertisement:no`,
	custom: `${ ID },consent:yes,action:yes,necessary:yes,functional:no,analytics:yes,performance:no,advertisement:no`,
	'CCPA opted out': `${ ID },consent:reject,action:yes,necessary:yes,functional:yes,analytics:no,performance:no,advertisement:no`,
	malformed: 'consentid:x,consent:yes,action:yes,analytics:yes',
	'action empty': `${ ID },consent:yes,action:,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes`,
};

/** The consent settings as REST answers them (only what the specs read). */
export type ConsentSettings = Record< string, unknown > & {
	activeLaw: 'gdpr' | 'ccpa';
	providers: Array< { re: string; categories: string[] } >;
	categories: Array< {
		slug: string;
		name: string;
		defaultConsent: { gdpr: boolean; ccpa: boolean };
	} >;
};

/**
 * The stored settings.
 *
 * @param requestUtils Admin request utilities.
 */
export function getSettings(
	requestUtils: RequestUtils
): Promise< ConsentSettings > {
	return requestUtils.rest< ConsentSettings >( { path: ROUTE } );
}

/**
 * Saves settings (top-level keys replace the stored ones).
 *
 * @param requestUtils Admin request utilities.
 * @param changes      Settings to change.
 */
export function saveSettings(
	requestUtils: RequestUtils,
	changes: Record< string, unknown >
): Promise< ConsentSettings > {
	return requestUtils.rest< ConsentSettings >( {
		method: 'POST',
		path: ROUTE,
		data: changes,
	} );
}

/**
 * Makes sure the demo page exists (another spec may have deleted every page): runs the demo script,
 * which is idempotent and also adds the provider of the fake third-party scripts.
 */
export function ensureDemo(): void {
	execFileSync(
		'bash',
		[ path.join( __dirname, '../../../bin/site' ), 'demo', 'test' ],
		{
			env: {
				...process.env,
				FAKE_PSI_PORT: new URL( FAKE_PSI_URL ).port,
			},
			stdio: 'pipe',
		}
	);
}

/**
 * Makes sure the demo page and its provider exist, asking the site over REST first: on the production-shaped
 * stack (the `@visitor` tests) they come with the demo content, and the bare test site's files are not touched;
 * the demo script runs only when something is missing.
 *
 * @param requestUtils Admin request utilities.
 */
export async function ensureDemoOverRest(
	requestUtils: RequestUtils
): Promise< void > {
	const pages = await requestUtils.rest< Array< { id: number } > >( {
		path: '/wp/v2/pages',
		params: { slug: 'demo-consent', status: 'publish' },
	} );
	const { providers } = await getSettings( requestUtils );
	if (
		! pages.length ||
		! providers.some( ( { re } ) => re.includes( '/third-party/' ) )
	) {
		ensureDemo();
	}
}

/**
 * The consent settings a describe block starts from, kept for it: before its tests the demo page is made sure of and
 * the settings read; after them they are saved back. Call it first in the block (its `beforeAll` then runs first).
 *
 * @param t The describe block's `test`.
 * @return The settings as they were (read in the `beforeAll`).
 */
export function keepSettings( t: typeof speedTest ): () => ConsentSettings {
	let original: ConsentSettings | null = null;
	t.beforeAll( async ( { requestUtils } ) => {
		await ensureDemoOverRest( requestUtils );
		original = await getSettings( requestUtils );
	} );
	t.afterAll( async ( { requestUtils } ) => {
		if ( original ) {
			await saveSettings( requestUtils, original );
		}
	} );
	return () => {
		if ( ! original ) {
			throw new Error( 'the consent settings are read in beforeAll' );
		}
		return original;
	};
}

/**
 * Serves a page without the theme's web fonts (its inline `@font-face` rules removed): the text is laid out once, in
 * the fallback font, and never again. A layout-shift test then measures our blocks, not the theme's late font
 * re-wrapping the text around them (which happens on a loaded machine). `font-display: optional` was not enough: a
 * font that arrives within its short block period is still swapped in, after the first frame when the machine is
 * busy, and a bottom banner whose text re-wrapped grew 66 px upwards once in a full run.
 *
 * @param page     The page.
 * @param pathname The page's path (`/demo-consent/`).
 */
export async function withoutWebFonts(
	page: Page,
	pathname: string
): Promise< void > {
	await page.route(
		( url ) => url.pathname === pathname,
		async ( route ) => {
			const response = await route.fetch();
			await route.fulfill( {
				response,
				body: ( await response.text() ).replace(
					/@font-face\s*\{[^}]*\}/g,
					''
				),
			} );
		}
	);
}

/**
 * A visitor: a fresh browser context without WordPress or consent cookies. YouTube's embed is answered
 * locally (there is no internet here), so that a restored embed loads something.
 *
 * @param browser The browser.
 * @param options Extra context options (headers, viewport …).
 */
export async function visitor(
	browser: Browser,
	options: Parameters< Browser[ 'newContext' ] >[ 0 ] = {}
): Promise< { context: BrowserContext; page: Page; errors: string[] } > {
	const context = await browser.newContext( {
		baseURL: WP_BASE_URL,
		storageState: { cookies: [], origins: [] },
		...options,
	} );
	await context.route( /^https:\/\/www\.youtube\.com\//, ( route ) =>
		route.fulfill( {
			status: 200,
			contentType: 'text/html',
			body: '<!doctype html><title>video</title>',
		} )
	);
	const page = await context.newPage();
	const errors: string[] = [];
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( message.text() );
		}
	} );
	return { context, page, errors };
}

/**
 * Google's hosts (YouTube and its images and videos, Analytics, Tag Manager, fonts, ads): a page must ask none of
 * them before the visitor consents.
 */
export const GOOGLE_HOST =
	/(^|\.)(google|googleapis|gstatic|googletagmanager|google-analytics|googleusercontent|googlevideo|doubleclick|youtube|youtube-nocookie|ytimg|ggpht)\.(com|net)$|^youtu\.be$/;

/**
 * Records every request of a context to a Google host, from now on.
 *
 * @param context The visitor's context.
 * @return The URLs requested so far (the array fills as the page runs).
 */
export function googleRequests( context: BrowserContext ): string[] {
	const seen: string[] = [];
	context.on( 'request', ( request ) => {
		const url = request.url();
		if ( GOOGLE_HOST.test( new URL( url ).hostname ) ) {
			seen.push( url );
		}
	} );
	return seen;
}

/**
 * The `cookieyes-consent` cookie of a context, if any.
 *
 * @param context The browser context.
 */
export async function consentCookie(
	context: BrowserContext
): Promise< Cookie | undefined > {
	return ( await context.cookies( WP_BASE_URL ) ).find(
		( cookie ) => cookie.name === 'cookieyes-consent'
	);
}

/**
 * The cookie value the spec expects, with any 32-character id.
 *
 * @param consent consent value.
 * @param action  action value ('' or yes).
 * @param choices yes/no per slug, in order.
 */
export function cookiePattern(
	consent: 'yes' | 'no' | 'reject',
	action: 'yes' | '',
	choices: Record< ( typeof SLUGS )[ number ], 'yes' | 'no' >
): RegExp {
	const pairs = SLUGS.map( ( slug ) => `${ slug }:${ choices[ slug ] }` );
	return new RegExp(
		`^consentid:[a-z0-9]{32},consent:${ consent },action:${ action },${ pairs.join(
			','
		) }$`
	);
}

/** One request the fake third-party server received. */
export interface ThirdPartyRequest {
	path: string;
	receivedAt: number;
	referer: string | null;
}

/** Forgets what the fake servers received. */
export async function resetThirdParty(): Promise< void > {
	const ctx = await playwrightRequest.newContext();
	try {
		expect( ( await ctx.post( `${ FAKE_PSI_URL }/__reset` ) ).ok() ).toBe(
			true
		);
	} finally {
		await ctx.dispose();
	}
}

/** The paths of the third-party scripts requested since the last reset. */
export async function thirdPartyRequests(): Promise< string[] > {
	const ctx = await playwrightRequest.newContext();
	try {
		const res = await ctx.get( `${ FAKE_PSI_URL }/__third-party` );
		expect( res.ok() ).toBe( true );
		return ( ( await res.json() ) as ThirdPartyRequest[] ).map(
			( r ) => r.path
		);
	} finally {
		await ctx.dispose();
	}
}

/**
 * What the third-party scripts recorded in the page (`window.tesseraThirdParty`).
 *
 * @param page The page.
 */
export function ranScripts( page: Page ): Promise< string[] > {
	return page.evaluate(
		() =>
			( window as unknown as { tesseraThirdParty?: string[] } )
				.tesseraThirdParty ?? []
	);
}

/**
 * Settings for a spec: the stored ones with the given changes.
 *
 * @param requestUtils Admin request utilities.
 * @param changes      Changes (law, reload …).
 */
export async function useSettings(
	requestUtils: RequestUtils,
	changes: Record< string, unknown >
): Promise< ConsentSettings > {
	return saveSettings( requestUtils, changes );
}

/**
 * Sets browser-side privacy signals before any page script runs (what the visitor's browser setting
 * would give): `navigator.doNotTrack` and/or `navigator.globalPrivacyControl`.
 *
 * @param context     The browser context.
 * @param signals     Which signals.
 * @param signals.dnt
 * @param signals.gpc
 */
export async function privacySignals(
	context: BrowserContext,
	{ dnt = false, gpc = false }: { dnt?: boolean; gpc?: boolean }
): Promise< void > {
	await context.addInitScript(
		( [ withDnt, withGpc ] ) => {
			if ( withDnt ) {
				Object.defineProperty( Navigator.prototype, 'doNotTrack', {
					get: () => '1',
					configurable: true,
				} );
			}
			if ( withGpc ) {
				Object.defineProperty(
					Navigator.prototype,
					'globalPrivacyControl',
					{ get: () => true, configurable: true }
				);
			}
		},
		[ dnt, gpc ]
	);
}

/**
 * Everything the demo holds back is still held back: the printed script, the video (its address kept
 * aside), nothing ran, nothing fetched since the last reset.
 *
 * @param page The demo page.
 */
export async function expectBlocked( page: Page ): Promise< void > {
	await expect( page.locator( '#demo-tracker' ) ).toHaveAttribute(
		'type',
		'text/plain'
	);
	await expect( page.locator( '#demo-video' ) ).not.toHaveAttribute(
		'src',
		/.+/
	);
	await expect( page.locator( '#demo-video' ) ).toHaveAttribute(
		'data-tessera-src',
		VIDEO_SRC
	);
	expect( await ranScripts( page ) ).toEqual( [] );
	expect( await thirdPartyRequests(), 'nothing fetched' ).toEqual( [] );
}

/**
 * The server printed the demo's script as it is, and both third-party scripts ran, in order.
 *
 * @param page The demo page.
 */
export async function expectRestored( page: Page ): Promise< void > {
	await expect( page.locator( '#demo-tracker' ) ).not.toHaveAttribute(
		'type',
		'text/plain'
	);
	await expect
		.poll( () => ranScripts( page ) )
		.toEqual( [ 'tracker', 'late' ] );
}

/**
 * The Google Consent Mode calls in the page's data layer, oldest first.
 *
 * @param page The page.
 */
export function consentModeCalls( page: Page ): Promise< unknown[][] > {
	return page.evaluate( () =>
		(
			( window as unknown as { dataLayer?: IArguments[] } ).dataLayer ??
			[]
		)
			.map( ( entry ) => Array.from( entry ) )
			.filter( ( entry ) => entry[ 0 ] === 'consent' )
	);
}
