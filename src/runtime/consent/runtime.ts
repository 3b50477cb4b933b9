/**
 * Wires the consent runtime: reads the configuration and the cookie, starts
 * the blocker (which restores what the parser reaches of an allowed category),
 * hides the server-printed banner when the visitor has acted, exposes
 * `window.tessera.consent` and dispatches `tessera-consent-change` on
 * `document` after every action. The server prints the same page for every
 * visitor: everything visitor-specific is decided here, in `<head>`.
 */

/**
 * Internal dependencies
 */
import { afterAction, showChosen, wireBanner } from './banner';
import { startBlocker } from './blocker';
import { COOKIE_NAME, encodeConsent, parseConsent, readCookie } from './codec';
import { readConsentConfig } from './config';
import { deleteCookies, writeConsentCookie } from './cookies';
import {
	acceptAll,
	closeBanner,
	initialState,
	isBlocked,
	rejectAll,
	saveChoices,
} from './state';
import type { ConsentApi, ConsentState, PublicConsent } from './types';

/** Name of the event dispatched on `document`; `detail` is a `PublicConsent`. */
export const CHANGE_EVENT = 'tessera-consent-change';

const logError = ( error: unknown ): void =>
	// eslint-disable-next-line no-console
	console.error( 'Tessera consent:', error );

/**
 * Starts the consent runtime on the current page. Errors (a missing or
 * unreadable configuration included) are logged to the console, never thrown.
 *
 * @param reload Reloads the page (after accepting, when configured).
 * @return A function that stops the blocker, or null when not started.
 */
export function startConsent(
	reload: () => void = () => location.reload()
): ( () => void ) | null {
	const config = readConsentConfig( document );
	if ( ! config ) {
		logError( 'configuration missing or invalid' );
		return null;
	}
	const { activeLaw: law, categories } = config;
	const languageCode = config.languageCode || document.documentElement.lang;
	const gpc =
		config.honourGpc &&
		( navigator as { globalPrivacyControl?: unknown } )
			.globalPrivacyControl === true;
	let stored: ConsentState | null = null;
	try {
		stored = parseConsent(
			readCookie( document.cookie, COOKIE_NAME ),
			categories
		);
	} catch ( error ) {
		logError( error );
	}
	// Under GDPR a cookie that records no action is no consent, whatever its
	// categories say (the runtime never writes one).
	let state =
		stored && ( stored.action || law === 'ccpa' )
			? stored
			: initialState( categories, law, gpc );
	// Do Not Track: what is blocked at load stays blocked on this page.
	const loaded = state;
	const dnt = config.respectDnt && navigator.doNotTrack === '1';
	// Whether a state lets a category's scripts run (unknown slug: no).
	const allows = ( from: ConsentState, slug: string ): boolean => {
		const category = categories.find( ( c ) => c.slug === slug );
		return !! category && ! isBlocked( from, category, law );
	};
	const allowed = ( slug: string ): boolean =>
		allows( dnt ? loaded : state, slug );
	const blocker = startBlocker( config.providers, allowed );
	const snapshot = (): PublicConsent => ( {
		activeLaw: law,
		categories: { ...state.categories },
		isUserActionCompleted: state.action,
		consentID: state.consentID,
		languageCode,
	} );
	const api = {} as ConsentApi;
	// Runs one visitor action: store, delete, publish, then restore or reload.
	const apply = ( next: ConsentState ): void => {
		try {
			const waiting = categories.filter(
				( { slug } ) => ! allowed( slug )
			);
			state = next;
			const value = encodeConsent( state, categories );
			writeConsentCookie( value, config.expiryDays );
			for ( const { slug, cookies } of categories ) {
				if ( ! state.categories[ slug ] ) {
					deleteCookies( cookies );
				}
			}
			Object.assign( api, snapshot() );
			afterAction( value );
			document.dispatchEvent(
				new CustomEvent( CHANGE_EVENT, { detail: snapshot() } )
			);
			if ( waiting.some( ( { slug } ) => allowed( slug ) ) ) {
				if ( config.reloadOnAccept ) {
					reload();
				} else {
					blocker.restore();
				}
			}
		} catch ( error ) {
			logError( error );
		}
	};
	const accept = () => apply( acceptAll( state, categories ) );
	const reject = () => apply( rejectAll( state, categories, law ) );
	Object.assign( api, snapshot(), {
		acceptAll: accept,
		rejectAll: reject,
		// Object(): anything that is not an object (undefined, a string) saves no choice.
		save: ( choices: unknown ) =>
			apply( saveChoices( state, categories, law, Object( choices ) ) ),
		close: () => apply( closeBanner( state ) ),
		optOut: ( on: unknown ) => ( on === true ? reject() : accept() ),
		getState: snapshot,
		isAllowed: ( slug: string ) => allows( state, slug ),
	} );
	( window.tessera ??= {} ).consent = api;
	wireBanner( api );
	// The server prints the banner for everyone: a visitor who has acted
	// never sees it (the class is on <html> before the first paint).
	if ( state.action ) {
		showChosen();
		document.addEventListener( 'DOMContentLoaded', showChosen );
	}
	return blocker.stop;
}
