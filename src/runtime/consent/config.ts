/**
 * Hand-written guard for the server-provided configuration, printed by PHP as
 * `<script type="application/json" id="tessera-consent-config">`. Small on
 * purpose: this code runs on every page.
 */

/**
 * Internal dependencies
 */
import type {
	CategoryCookie,
	ConsentCategory,
	ConsentConfig,
	ConsentProvider,
} from './types';

type UnknownRecord = Record< string, unknown >;

/** Id of the JSON script element that carries the configuration. */
export const CONFIG_ELEMENT_ID = 'tessera-consent-config';

// An object's fields, or no fields for anything else.
const fields = ( value: unknown ): UnknownRecord =>
	( value && typeof value === 'object' ? value : {} ) as UnknownRecord;

const list = ( value: unknown ): unknown[] =>
	Array.isArray( value ) ? value : [];

const text = ( value: unknown ): string =>
	typeof value === 'string' ? value : '';

/** A category slug: letters, digits, `_` and `-` (never `,` or `:`). */
const SLUG = /^[\w-]+$/;

const parseCookie = ( value: unknown ): CategoryCookie => {
	const { cookieID, domain } = fields( value );
	return { cookieID: text( cookieID ), domain: text( domain ) };
};

const parseCategory = ( value: unknown ): ConsentCategory => {
	const { slug, isNecessary, defaultConsent, cookies } = fields( value );
	const { gdpr, ccpa } = fields( defaultConsent );
	return {
		slug: text( slug ),
		isNecessary: isNecessary === true,
		defaultConsent: { gdpr: gdpr === true, ccpa: ccpa === true },
		cookies: list( cookies )
			.map( parseCookie )
			.filter( ( cookie ) => cookie.cookieID ),
	};
};

/**
 * Compiles a provider's `re` pattern. An empty or invalid pattern gives null
 * (the provider is ignored); never throws.
 *
 * @param pattern The `re` field.
 * @return A tester, or null.
 */
export function compilePattern(
	pattern: unknown
): ( ( subject: string ) => boolean ) | null {
	if ( typeof pattern !== 'string' || ! pattern ) {
		return null;
	}
	try {
		const re = new RegExp( pattern );
		return ( subject ) => re.test( subject );
	} catch {
		return null;
	}
}

const parseProvider = (
	value: unknown,
	slugs: unknown[]
): ConsentProvider | null => {
	const { re, fullPath, categories } = fields( value );
	const test = compilePattern( re );
	const known = list( categories ).filter( ( slug ): slug is string =>
		slugs.includes( slug )
	);
	return test && known.length
		? { test, categories: known, fullPath: fullPath === true }
		: null;
};

/**
 * Parses the configuration object. Unknown or invalid fields fall back to
 * safe defaults; invalid categories (bad slug, duplicate) and providers
 * (invalid pattern, no known category) are dropped.
 *
 * @param value The parsed JSON.
 * @return The configuration, or null when it has no usable category.
 */
export function parseConsentConfig( value: unknown ): ConsentConfig | null {
	const config = fields( value );
	const categories: ConsentCategory[] = [];
	const slugs: string[] = [];
	for ( const category of list( config.categories ).map( parseCategory ) ) {
		if ( SLUG.test( category.slug ) && ! slugs.includes( category.slug ) ) {
			categories.push( category );
			slugs.push( category.slug );
		}
	}
	if ( ! slugs.length ) {
		return null;
	}
	const expiry = config.expiryDays;
	return {
		activeLaw: config.activeLaw === 'ccpa' ? 'ccpa' : 'gdpr',
		categories,
		providers: list( config.providers )
			.map( ( provider ) => parseProvider( provider, slugs ) )
			.filter( ( provider ) => provider !== null ),
		expiryDays:
			Number.isInteger( expiry ) && ( expiry as number ) > 0
				? ( expiry as number )
				: 365,
		reloadOnAccept: config.reloadOnAccept === true,
		respectDnt: config.respectDnt === true,
		honourGpc: config.honourGpc === true,
		languageCode: text( config.languageCode ),
	};
}

/**
 * Reads and parses the configuration element of the page.
 *
 * @param doc The document.
 * @return The configuration, or null when missing or unreadable.
 */
export function readConsentConfig( doc: Document ): ConsentConfig | null {
	try {
		return parseConsentConfig(
			JSON.parse(
				doc.getElementById( CONFIG_ELEMENT_ID )?.textContent || 'null'
			)
		);
	} catch {
		return null;
	}
}
