/**
 * Writing the consent cookie and deleting the cookies of refused categories.
 */

/**
 * Internal dependencies
 */
import { COOKIE_NAME } from './codec';
import type { CategoryCookie } from './types';

/**
 * Writes the `cookieyes-consent` cookie: path /, SameSite=Strict, Max-Age
 * from the expiry in days (spec §9).
 *
 * @param value The encoded value (`encodeConsent`).
 * @param days  Lifetime in days.
 */
export function writeConsentCookie( value: string, days: number ): void {
	document.cookie = `${ COOKIE_NAME }=${ value };path=/;max-age=${
		days * 86400
	};SameSite=Strict`;
}

/**
 * Deletes a category's cookies, path /, for the host and for the listed
 * domain, each with and without a leading dot. A `cookieID` ending in `*`
 * deletes every present cookie whose name starts with the rest.
 *
 * @param cookies The category's cookies.
 */
export function deleteCookies( cookies: CategoryCookie[] ): void {
	const present = document.cookie
		.split( ';' )
		.map( ( part ) => ( part.split( '=' )[ 0 ] as string ).trim() );
	const host = location.hostname;
	for ( const { cookieID, domain } of cookies ) {
		const names = cookieID.endsWith( '*' )
			? present.filter( ( name ) =>
					name.startsWith( cookieID.slice( 0, -1 ) )
				)
			: [ cookieID ];
		const bare = domain.replace( /^\./, '' );
		// Repeats and the invalid `domain=.` (no listed domain) are harmless.
		const domains = [ '', host, '.' + host, bare, '.' + bare ];
		for ( const name of names ) {
			for ( const at of domains ) {
				document.cookie = `${ name }=;path=/;max-age=0${
					at ? ';domain=' + at : ''
				}`;
			}
		}
	}
}
