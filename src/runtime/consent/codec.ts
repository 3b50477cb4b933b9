/**
 * Codec of the `cookieyes-consent` cookie (spec §3): comma-separated
 * `key:value` pairs (keys are slugs, `[\w-]+`; values are read URI-decoded
 * and written as they are: every value written is alphanumeric), in the order `consentid`,
 * `consent`, `action`, then one `yes`/`no` per category slug in configuration
 * order. Parsing is total: anything malformed gives null (no consent).
 */

/**
 * Internal dependencies
 */
import type { ConsentCategory, ConsentState, ConsentValue } from './types';

/** Name of the consent cookie (spec §3, binding). */
export const COOKIE_NAME = 'cookieyes-consent';

/**
 * Encodes a consent state as the cookie's value.
 *
 * @param state      The state.
 * @param categories The configured categories (their order is kept).
 * @return The cookie value, e.g. `consentid:…,consent:yes,action:yes,necessary:yes`.
 */
export const encodeConsent = (
	state: ConsentState,
	categories: ConsentCategory[]
): string =>
	`consentid:${ state.consentID },consent:${
		state.consent
	},action:${ state.action ? 'yes' : '' }` +
	categories
		.map(
			( { slug } ) =>
				`,${ slug }:${ state.categories[ slug ] ? 'yes' : 'no' }`
		)
		.join( '' );

/**
 * Parses the cookie's value. Null (treated as no consent) when a pair has no
 * `:`, a key appears twice, a value's escape is broken, `consentid` is not 32
 * letters or digits, `consent` is not yes/no/reject, `action` is not yes or
 * empty, or a configured category is missing or not yes/no. Unknown keys
 * (and so unknown category slugs) are ignored. Necessary categories are
 * always consented. Never throws.
 *
 * @param value      The raw cookie value (may be anything).
 * @param categories The configured categories.
 * @return The state, or null.
 */
export function parseConsent(
	value: unknown,
	categories: ConsentCategory[]
): ConsentState | null {
	if ( typeof value !== 'string' ) {
		return null;
	}
	const map = new Map< string, string >();
	try {
		for ( const pair of value.split( ',' ) ) {
			const at = pair.indexOf( ':' );
			const key = pair.slice( 0, at );
			if ( at < 0 || map.has( key ) ) {
				return null;
			}
			map.set( key, decodeURIComponent( pair.slice( at + 1 ) ) );
		}
	} catch {
		return null;
	}
	const consentID = map.get( 'consentid' ) ?? '';
	const consent = map.get( 'consent' ) ?? '';
	const action = map.get( 'action' );
	if (
		! /^[A-Za-z0-9]{32}$/.test( consentID ) ||
		! /^(yes|no|reject)$/.test( consent ) ||
		( action !== 'yes' && action !== '' )
	) {
		return null;
	}
	const chosen: Record< string, boolean > = {};
	for ( const { slug, isNecessary } of categories ) {
		const choice = map.get( slug );
		if ( choice !== 'yes' && choice !== 'no' ) {
			return null;
		}
		chosen[ slug ] = isNecessary || choice === 'yes';
	}
	return {
		consentID,
		consent: consent as ConsentValue,
		action: action === 'yes',
		categories: chosen,
	};
}

/**
 * Finds a cookie's raw value in a `document.cookie` string (the first one
 * when the browser lists several).
 *
 * @param cookies The `document.cookie` string.
 * @param name    The cookie name (no regular-expression characters but `-`).
 * @return The value (still encoded), or null when absent.
 */
export const readCookie = ( cookies: string, name: string ): string | null =>
	cookies.match( `(?:^|;) *${ name }=([^;]*)` )?.[ 1 ] ?? null;
