/**
 * Shared fixtures of the consent runtime tests: a configuration as PHP prints
 * it, and page helpers.
 */

/**
 * Internal dependencies
 */
import { CONFIG_ELEMENT_ID } from '../../../src/runtime/consent/config';

/** Raw configuration (before parsing), as `docs/consent.md` describes it. */
export const RAW_CONFIG = {
	activeLaw: 'gdpr',
	categories: [
		{
			slug: 'necessary',
			name: 'Necessary',
			isNecessary: true,
			defaultConsent: { gdpr: true, ccpa: true },
			cookies: [],
		},
		{
			slug: 'functional',
			name: 'Functional',
			isNecessary: false,
			defaultConsent: { gdpr: false, ccpa: true },
			cookies: [ { cookieID: 'lang_pref', domain: '' } ],
		},
		{
			slug: 'analytics',
			name: 'Analytics',
			isNecessary: false,
			defaultConsent: { gdpr: false, ccpa: true },
			cookies: [
				{ cookieID: '_ga', domain: '.example.test' },
				{ cookieID: '_ga_*', domain: 'example.test' },
			],
		},
		{
			slug: 'advertisement',
			name: 'Advertisement',
			isNecessary: false,
			defaultConsent: { gdpr: false, ccpa: false },
			cookies: [ { cookieID: 'IDE', domain: '.doubleclick.net' } ],
		},
	],
	providers: [
		{
			re: 'googletagmanager\\.com/gtag/js',
			categories: [ 'analytics' ],
			fullPath: false,
			isOverridden: false,
		},
		{
			re: 'youtube\\.com/embed',
			categories: [ 'advertisement' ],
			fullPath: false,
			isOverridden: false,
		},
		{
			re: 'cdn\\.example\\.test/both\\.js',
			categories: [ 'analytics', 'advertisement' ],
			fullPath: false,
			isOverridden: true,
		},
	],
	expiryDays: 365,
	reloadOnAccept: false,
	respectDnt: false,
	honourGpc: false,
	languageCode: 'en',
};

export type RawConfig = typeof RAW_CONFIG;

export const GA_SRC = 'https://www.googletagmanager.com/gtag/js?id=G-TEST';
export const YT_SRC = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
export const OTHER_SRC = 'https://cdn.other.test/app.js';

/**
 * Prints the configuration element into the page, as PHP will.
 *
 * @param overrides Fields replacing those of `RAW_CONFIG`.
 */
export function printConfig( overrides: Partial< RawConfig > = {} ): void {
	document.getElementById( CONFIG_ELEMENT_ID )?.remove();
	const element = document.createElement( 'script' );
	element.type = 'application/json';
	element.id = CONFIG_ELEMENT_ID;
	element.textContent = JSON.stringify( { ...RAW_CONFIG, ...overrides } );
	document.head.appendChild( element );
}

/** Expires every cookie the page can see (host-only, path /). */
export function clearCookies(): void {
	for ( const part of document.cookie.split( ';' ) ) {
		const name = part.split( '=' )[ 0 ]?.trim();
		if ( name ) {
			document.cookie = `${ name }=;path=/;max-age=0`;
		}
	}
}

/**
 * Sets a navigator property for a test (`doNotTrack`,
 * `globalPrivacyControl`).
 *
 * @param name  Property name.
 * @param value Value, or undefined to remove the override.
 */
export function setNavigator( name: string, value: unknown ): void {
	if ( value === undefined ) {
		Reflect.deleteProperty( navigator, name );
		return;
	}
	Object.defineProperty( navigator, name, {
		value,
		configurable: true,
	} );
}

// The matchers @wordpress/jest-console adds (it fails a test on an unexpected
// console.error).
declare module 'expect' {
	interface Matchers< R > {
		toHaveErroredWith: ( ...args: unknown[] ) => R;
	}
}

declare global {
	interface Window {
		/** Filled by scripts the tests restore. */
		ran?: string[];
	}
}
