/**
 * Shared harness of the tracker and consent gate tests: a configuration as PHP
 * prints it, a recording `fetch` mock, a fresh tracker module per test (it
 * starts itself when imported) and the clean-up of everything the tracker and
 * the gate install (listeners, history wrappers, globals, inserted scripts).
 */

/**
 * External dependencies
 */
import { jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import type * as Tracker from '../../../src/runtime/tracker/tracker';

/** The tracker's address, as PHP prints it for the consent gate. */
export const TRACKER_URL =
	'https://example.test/wp-content/plugins/tessera/build/runtime/tracker.js';

// The matchers @wordpress/jest-console adds (it fails a test on an unexpected
// console.warn: "nothing else is logged" is checked by every test).
declare module 'expect' {
	interface Matchers< R > {
		toHaveWarned: () => R;
		toHaveWarnedWith: ( ...args: unknown[] ) => R;
	}
}

// CommonJS `require`, as jest provides it (the project has no Node types).
declare const require: ( id: string ) => unknown;

/** A configuration as `docs/stats.md` shows it. */
export const config = (): Tracker.TrackerConfig => ( {
	requestUrl:
		'https://example.test/wp-content/plugins/tessera/collect.php?endpoint=',
	ajaxUrl: 'https://example.test/wp-admin/admin-ajax.php',
	customEventAjaxUrl:
		'https://example.test/wp-admin/admin-ajax.php?action=tessera_stats_custom_event',
	eventAjaxUrl:
		'https://example.test/wp-admin/admin-ajax.php?action=tessera_stats_event',
	jsCheckTime: 60000,
	trackerUrl: TRACKER_URL,
	option: {
		isPreview: false,
		userOnline: true,
		dntEnabled: true,
		bypassAdBlockers: false,
		linkTracker: true,
		downloadTracker: true,
		downloadExtensions: 'pdf|zip|docx|mp3',
		consentIntegration: {
			name: 'none',
			status: { consent_level: 'statistics', track_anonymously: false },
		},
	},
	hitParams: {
		endpoint: 'hit',
		source_type: 'post',
		source_id: 12,
		signature: '0123456789abcdef',
	},
	onlineParams: {
		endpoint: 'online',
		source_type: 'post',
		source_id: 12,
		signature: '0123456789abcdef',
	},
} );

/** Deep-ish override of a configuration. */
export type Overrides = Partial< Omit< Tracker.TrackerConfig, 'option' > > & {
	option?: Partial< Tracker.TrackerConfig[ 'option' ] >;
};

/**
 * A configuration with overrides (`option` is merged).
 *
 * @param o Overrides.
 * @return The configuration.
 */
export const withConfig = ( o: Overrides = {} ): Tracker.TrackerConfig => {
	const base = config();
	return { ...base, ...o, option: { ...base.option, ...o.option } };
};

/**
 * Prints (or replaces) the configuration element.
 *
 * @param c Configuration, or raw text.
 */
export const printConfig = ( c: Tracker.TrackerConfig | string ): void => {
	document.getElementById( 'tessera-tracker-config' )?.remove();
	const el = document.createElement( 'script' );
	el.type = 'application/json';
	el.id = 'tessera-tracker-config';
	el.textContent = typeof c === 'string' ? c : JSON.stringify( c );
	document.head.append( el );
};

/** One recorded request. */
export interface Sent {
	url: string;
	method: string | undefined;
	body: string;
	fields: Record< string, string >;
	keepalive: boolean | undefined;
}

/** Requests sent during the current test. */
export let sent: Sent[] = [];

/**
 * What the next requests answer: a JSON body and an HTTP status, a network
 * error, a 200 answer whose body is not JSON, or held back.
 */
export let answer:
	{ status: number; body: unknown } | 'network-error' | 'not-json' | 'hold' =
	{
		status: 200,
		body: { status: true },
	};

/**
 * Sets the answer of the next requests.
 *
 * @param a The answer.
 */
export const setAnswer = ( a: typeof answer ): void => {
	answer = a;
};

/** Answers held back (`setAnswer( 'hold' )`): call one to answer `{ status: true }`. */
export let held: Array< () => void > = [];

/** Lets pending promise callbacks run (fake timers do not affect them). */
export const flush = async (): Promise< void > => {
	for ( let i = 0; i < 20; i++ ) {
		await Promise.resolve();
	}
};

type Listener = [
	EventTarget,
	string,
	EventListenerOrEventListenerObject,
	unknown,
];
let listeners: Listener[] = [];
const originals = {
	pushState: history.pushState,
	replaceState: history.replaceState,
};

/**
 * Sets (or removes, with undefined) a read-only property of an object.
 *
 * @param target Object.
 * @param key    Property.
 * @param value  Value.
 */
export const setProp = (
	target: object,
	key: string,
	value: unknown
): void => {
	if ( value === undefined ) {
		delete ( target as Record< string, unknown > )[ key ];
		return;
	}
	Object.defineProperty( target, key, {
		configurable: true,
		get: () => value,
	} );
};

/**
 * Navigates without the tracker noticing (the original `pushState`).
 *
 * @param url Path and query.
 */
export const goTo = ( url: string ): void =>
	originals.pushState.call( history, null, '', url );

/** Prepares a test: fetch mock, listener recording. */
export const setUp = (): void => {
	sent = [];
	held = [];
	answer = { status: 200, body: { status: true } };
	listeners = [];
	for ( const target of [ document, window ] as EventTarget[] ) {
		const add = target.addEventListener;
		jest.spyOn( target, 'addEventListener' ).mockImplementation( function (
			this: EventTarget,
			type,
			fn,
			options
		) {
			listeners.push( [ target, type, fn!, options ] );
			add.call( target, type, fn, options );
		} );
	}
	( globalThis as { fetch?: unknown } ).fetch = jest.fn(
		( url: string, init: RequestInit ) => {
			const body = String( init.body );
			sent.push( {
				url,
				method: init.method,
				body,
				fields: Object.fromEntries( new URLSearchParams( body ) ),
				keepalive: init.keepalive,
			} );
			if ( answer === 'hold' ) {
				return new Promise( ( resolve ) =>
					held.push( () =>
						resolve( {
							ok: true,
							status: 200,
							json: () => Promise.resolve( { status: true } ),
						} )
					)
				);
			}
			if ( answer === 'network-error' ) {
				return Promise.reject( new TypeError( 'Failed to fetch' ) );
			}
			if ( answer === 'not-json' ) {
				// An HTML page (a cache or security plugin's answer, say).
				return Promise.resolve( {
					ok: true,
					status: 200,
					json: () =>
						Promise.reject(
							new SyntaxError( 'Unexpected token < in JSON' )
						),
				} );
			}
			const { status, body: json } = answer;
			return Promise.resolve( {
				ok: status >= 200 && status < 300,
				status,
				json: () => Promise.resolve( json ),
			} );
		}
	);
};

/** Undoes everything the tracker and the test installed. */
export const tearDown = (): void => {
	for ( const [ target, type, fn, options ] of listeners ) {
		target.removeEventListener(
			type,
			fn,
			options as boolean | EventListenerOptions
		);
	}
	history.pushState = originals.pushState;
	history.replaceState = originals.replaceState;
	goTo( '/' );
	delete window.tessera;
	delete window.wp_has_consent;
	delete window.consentApi;
	delete ( globalThis as { fetch?: unknown } ).fetch;
	document.head.innerHTML = '';
	document.body.innerHTML = '';
	setProp( navigator, 'doNotTrack', undefined );
	setProp( document, 'referrer', undefined );
	jest.useRealTimers();
	jest.restoreAllMocks();
};

/** The tracker module. */
type TrackerModule = typeof Tracker;

/**
 * Loads a fresh tracker module (its state reset): importing it starts it, as
 * the entry does.
 *
 * @return The module.
 */
export const load = (): TrackerModule => {
	let mod: TrackerModule | undefined;
	jest.isolateModules( () => {
		mod =
			require( '../../../src/runtime/tracker/tracker' ) as TrackerModule;
	} );
	return mod!;
};

/**
 * Runs the consent gate's entry in a fresh module (`gate-entry.ts` calls
 * `gate()` when imported).
 */
export const loadGateEntry = (): void => {
	jest.isolateModules( () => {
		require( '../../../src/runtime/tracker/gate-entry' );
	} );
};

/**
 * The tracker scripts inserted by the consent gate.
 *
 * @return The `<script src>` elements in `<head>`.
 */
export const insertedScripts = (): HTMLScriptElement[] =>
	Array.from( document.head.querySelectorAll( 'script[src]' ) );

/**
 * Prints a configuration and loads the tracker.
 *
 * @param o Overrides.
 * @return The module.
 */
export const run = ( o: Overrides = {} ): TrackerModule => {
	printConfig( withConfig( o ) );
	return load();
};

/** `window.tessera.track`, as the tracker installed it. */
export const track = (): Tracker.Track =>
	( window.tessera as { track: Tracker.Track } ).track;

/**
 * A consent integration option.
 *
 * @param name                     Integration name.
 * @param status                   Its status, as PHP prints it.
 * @param status.consent_level     WP Consent API category.
 * @param status.track_anonymously Whether tracking without consent is allowed.
 * @return Overrides.
 */
export const consent = (
	name: string,
	status: { consent_level?: string; track_anonymously?: boolean } = {
		consent_level: 'statistics',
		track_anonymously: false,
	}
): Overrides => ( {
	option: { consentIntegration: { name, status } },
} );

/** The hits sent so far. */
export const hits = (): Sent[] =>
	sent.filter( ( s ) => s.fields.endpoint === 'hit' );

/** The online pings sent so far. */
export const pings = (): Sent[] =>
	sent.filter( ( s ) => s.fields.endpoint === 'online' );
