/**
 * Banner glue: the server-rendered banner, revisit button and video
 * placeholders carry `data-tessera-consent="accept|reject|close|preferences"`;
 * one delegated click listener maps them to the consent API. `preferences`
 * opens the preference centre, a chunk loaded on intent from the template's
 * `data-script`. Contract: `docs/consent.md`, *Runtime glue*.
 */

/**
 * Internal dependencies
 */
import type { ConsentApi } from './types';

const byId = ( id: string ) => document.getElementById( id );

/** Id of the `<template>` holding the preference centre and the chunk's URLs. */
const TEMPLATE = 'tessera-consent-preferences';

/**
 * Wires the banner's buttons to the API.
 *
 * @param api The consent API.
 */
export function wireBanner( api: ConsentApi ): void {
	document.addEventListener( 'click', ( { target } ) => {
		const action = (
			( target as Element ).closest?.(
				'[data-tessera-consent]'
			) as HTMLElement | null
		 )?.dataset.tesseraConsent;
		if ( action === 'preferences' ) {
			const open = window.tessera?.consentPreferences?.open;
			if ( open ) {
				open();
			} else {
				const script = document.createElement( 'script' );
				script.src = byId( TEMPLATE )?.dataset.script ?? '';
				document.head.append( script );
			}
		} else if ( action ) {
			(
				( { accept: api.acceptAll, reject: api.rejectAll } )[
					action
				] ?? api.close
			)();
		}
	} );
}

/** Class on `<html>` once the visitor has acted: the CSS hides the banner. */
export const ACTED_CLASS = 'tessera-consent-acted';

/**
 * The page of a visitor who has acted: the class on `<html>` (set by the
 * runtime in `<head>` before the first paint, so the banner is never painted
 * and the revisit button is), then the `hidden` attributes of what is parsed.
 */
export function showChosen(): void {
	document.documentElement.classList.add( ACTED_CLASS );
	byId( 'tessera-consent-banner' )?.setAttribute( 'hidden', '' );
	byId( 'tessera-consent-revisit' )?.removeAttribute( 'hidden' );
}

/**
 * After an action: hides the banner, shows the revisit button and sends the
 * stored value to the consent log (when the page has one).
 *
 * @param cookie The cookie value just written.
 */
export function afterAction( cookie: string ): void {
	showChosen();
	const log = byId( TEMPLATE )?.dataset.log;
	if ( log ) {
		navigator.sendBeacon( log, new URLSearchParams( { consent: cookie } ) );
	}
}
