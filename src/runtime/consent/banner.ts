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

/**
 * After an action: hides the banner, shows the revisit button and sends the
 * stored value to the consent log (when the page has one).
 *
 * @param cookie The cookie value just written.
 */
export function afterAction( cookie: string ): void {
	byId( 'tessera-consent-banner' )?.setAttribute( 'hidden', '' );
	byId( 'tessera-consent-revisit' )?.removeAttribute( 'hidden' );
	const log = byId( TEMPLATE )?.dataset.log;
	if ( log ) {
		navigator.sendBeacon( log, new URLSearchParams( { consent: cookie } ) );
	}
}
