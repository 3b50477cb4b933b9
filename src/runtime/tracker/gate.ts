/**
 * Consent gate of the visitor tracker (`build/runtime/tracker-gate.js`),
 * printed instead of the tracker when the site's consent integration is a
 * third-party banner (spec §4, docs/stats.md "Consent"): it reads the same
 * `#tessera-tracker-config` and inserts the tracker (`trackerUrl`) once
 * tracking may start.
 *
 * - `wp_consent_api`: at once when `status.track_anonymously`, when
 *   `status.consent_level` is `disabled`, or when `wp_has_consent( level )`;
 *   otherwise when `document` receives `wp_listen_for_consent_change` whose
 *   `detail[ level ]` is `allow`.
 * - `real_cookie_banner`: once `consentApi.consent( 'tessera-stats' )`
 *   resolves.
 * - Anything else: at once (the page prints the tracker itself then).
 *
 * Consent not given: logs the tracker's consent message.
 */

/**
 * Internal dependencies
 */
import type { TrackerConfig } from './tracker';

declare global {
	interface Window {
		/** WP Consent API. */
		wp_has_consent?: ( category: string ) => boolean;
		/** Real Cookie Banner. */
		consentApi?: { consent: ( id: string ) => Promise< unknown > };
	}
}

const d = document;

/**
 * Logs the consent message (console only, spec §8).
 */
// eslint-disable-next-line no-console -- the tracker's messages are console only (spec §8).
const no = (): void => console.warn( 'Tessera stats: no consent' );

/** Runs the gate: reads the configuration and loads the tracker when allowed. */
export const gate = (): void => {
	let g: TrackerConfig;
	try {
		g = JSON.parse(
			d.getElementById( 'tessera-tracker-config' )!.textContent!
		);
	} catch {
		// The tracker logs the configuration message itself.
		g = { option: {} } as TrackerConfig;
	}
	let loaded = false;
	/** Inserts the tracker, once. */
	const load = (): void => {
		if ( ! loaded && g.trackerUrl ) {
			loaded = true;
			const s = d.createElement( 'script' );
			s.src = g.trackerUrl;
			d.head.append( s );
		}
	};
	const i = g.option.consentIntegration || {};
	const s = i.status || {};
	const level = s.consent_level || 'statistics';
	if ( i.name === 'real_cookie_banner' ) {
		if ( window.consentApi ) {
			window.consentApi.consent( 'tessera-stats' ).then( load, no );
		} else {
			no();
		}
	} else if (
		i.name !== 'wp_consent_api' ||
		s.track_anonymously ||
		level === 'disabled' ||
		window.wp_has_consent?.( level )
	) {
		load();
	} else {
		no();
		d.addEventListener( 'wp_listen_for_consent_change', ( e ) => {
			if (
				( e as CustomEvent< Record< string, string > > ).detail?.[
					level
				] === 'allow'
			) {
				load();
			}
		} );
	}
};
