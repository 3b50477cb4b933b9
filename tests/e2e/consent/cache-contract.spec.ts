/**
 * HTTP contract (no browser) of a consent page under a full-page cache (issue 19; docs/consent.md "Page caches"):
 * /demo-consent/ answers the same bytes whatever `cookieyes-consent` the visitor sends, with the third-party
 * script and the YouTube embed always blocked in the HTML and the banner always printed. A cache may thus keep
 * one copy for everyone; the runtime decides in the browser.
 */

/**
 * External dependencies
 */
import { request as playwrightRequest } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import {
	DEMO_URL,
	keepSettings,
	saveSettings,
	CONSENT_ID,
	VIDEO_SRC,
	VISITOR_COOKIES,
} from './support';

/**
 * The demo page's HTML as a visitor with this cookie (and no WordPress cookie) gets it.
 *
 * @param cookie The consent cookie's value, or null.
 */
async function demoHtml( cookie: string | null ): Promise< string > {
	const ctx = await playwrightRequest.newContext( {
		storageState: { cookies: [], origins: [] },
	} );
	try {
		const response = await ctx.get( DEMO_URL, {
			headers: cookie ? { Cookie: `cookieyes-consent=${ cookie }` } : {},
			maxRedirects: 0,
		} );
		expect( response.status() ).toBe( 200 );
		return await response.text();
	} finally {
		await ctx.dispose();
	}
}

/**
 * The opening tag of the element with this id.
 *
 * @param html The page.
 * @param id   The element's id.
 */
const openingTag = ( html: string, id: string ): string =>
	new RegExp( `<(?:script|iframe)\\b[^>]*\\bid="${ id }"[^>]*>` ).exec(
		html
	)?.[ 0 ] ?? '';

test.describe(
	'Consent page: the same bytes for every visitor (HTTP)',
	{ tag: '@visitor' },
	() => {
		const original = keepSettings( test );

		for ( const law of [ 'gdpr', 'ccpa' ] as const ) {
			test( `${ law }: seven visitors get identical bodies, trackers blocked, banner printed`, async ( {
				requestUtils,
			} ) => {
				await saveSettings( requestUtils, {
					activeLaw: law,
					providers: original().providers,
				} );
				const bodies: Record< string, string > = {};
				for ( const [ label, cookie ] of Object.entries(
					VISITOR_COOKIES
				) ) {
					bodies[ label ] = await demoHtml( cookie );
				}
				const first = bodies[ 'no cookie' ] as string;
				for ( const [ label, body ] of Object.entries( bodies ) ) {
					expect(
						body === first,
						`${ label }: the same bytes as a first visit`
					).toBe( true );
				}

				const tracker = openingTag( first, 'demo-tracker' );
				expect( tracker ).toContain( 'type="text/plain"' );
				expect( tracker ).toContain(
					'data-tessera-category="analytics"'
				);
				const video = openingTag( first, 'demo-video' );
				expect( video ).toContain(
					`data-tessera-src="${ VIDEO_SRC }"`
				);
				expect( video ).toContain(
					'data-tessera-category="advertisement"'
				);
				expect( video ).not.toMatch( /\ssrc=/ );
				expect( first ).toContain( 'id="tessera-consent-banner"' );
				expect( first ).toContain( `data-tessera-law="${ law }"` );
				expect( first ).not.toContain( CONSENT_ID );
			} );
		}
	}
);
