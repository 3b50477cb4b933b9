/**
 * Visitor tracker (dependency-free, ≤ 1 KB gzip): reads the
 * `#tessera-tracker-config` JSON element, sends the hit, the online pings,
 * custom events (`window.tessera.track`) and link or download events.
 * Contract: `docs/stats.md`, "The tracker".
 *
 * Consent is settled before this file runs, so it has no consent code: the
 * page prints it only when tracking may start (integration `none`,
 * `borlabs_cookie`), held by the consent runtime as an `analytics` script
 * (integration `tessera`: restored when the visitor allows analytics), or
 * loaded by the consent gate (`gate.ts`: WP Consent API, Real Cookie Banner).
 *
 * Written for size: short internal names, one `post()` helper, one listener
 * for the activity clock and link clicks, constants inlined.
 */

/** Form fields: values are turned into strings by `URLSearchParams`. */
export type Fields = Record< string, unknown >;

/** The parsed `#tessera-tracker-config` (docs/stats.md, Configuration). */
export interface TrackerConfig {
	requestUrl: string;
	ajaxUrl: string;
	customEventAjaxUrl?: string;
	eventAjaxUrl?: string;
	jsCheckTime: number;
	/** The tracker's own address (read by the consent gate only). */
	trackerUrl?: string;
	option: {
		isPreview?: boolean;
		userOnline?: boolean;
		dntEnabled?: boolean;
		bypassAdBlockers?: boolean;
		linkTracker?: boolean;
		downloadTracker?: boolean;
		/** Lower-case extensions without the dot, joined with `|` (`pdf|zip|mp3`). */
		downloadExtensions?: string;
		consentIntegration?: {
			name?: string;
			status?: { consent_level?: string; track_anonymously?: boolean };
		};
	};
	hitParams: Fields;
	onlineParams: Fields;
}

/** `window.tessera.track( name, data )`. */
export type Track = ( name: string, data?: object ) => void;

const now = Date.now;

/** The configuration of the running tracker, if any. */
let c: TrackerConfig | 0 | undefined;
/** Online ping interval id. */
let t: ReturnType< typeof setInterval > | undefined;
/** Time of the last activity (page load, click, keypress, scroll). */
let last: number;
/** The page the tracker last started for, as its hits report it (`page_uri`: path and query, not the hash). */
let u: string;

/**
 * Logs a tracker message (console only, spec §8).
 *
 * @param m Message, without the prefix.
 */
// eslint-disable-next-line no-console -- the tracker's messages are console only (spec §8).
export const log = ( m: string ): void => console.warn( 'Tessera stats: ' + m );

/** Logs a failed request (network error, or an answer that is not JSON). */
const fail = (): void => log( 'request error' );

/**
 * Sends a form-encoded POST with `keepalive` (it outlives the page: link and
 * download events need it, and a hit sent just before the visitor leaves is
 * kept too); a network failure is logged and resolves to undefined.
 *
 * @param url Address; empty: throws (spec §8).
 * @param f   Form fields.
 * @return The answer (undefined: failed).
 */
const post = (
	url: string | undefined,
	f: Fields
): Promise< Response | void > => {
	if ( ! url ) {
		throw Error( 'Tessera stats: AJAX URL is not defined' );
	}
	return fetch( url, {
		method: 'POST',
		body: new URLSearchParams( f as Record< string, string > ),
		keepalive: true,
	} ).catch( fail );
};

/**
 * Sends the hit or an online ping. Under ad-blocker bypass they go to
 * admin-ajax; the server then prints `action` in `hitParams` and
 * `onlineParams`.
 *
 * @param g Running configuration.
 * @param f Its parameters (`hitParams` or `onlineParams`).
 * @return The answer.
 */
const send = ( g: TrackerConfig, f: Fields ): Promise< Response | void > =>
	post( g.option.bypassAdBlockers ? g.ajaxUrl : g.requestUrl + f.endpoint, {
		...f,
		referred: encodeURIComponent( document.referrer ),
		page_uri: encodeURIComponent( u ),
	} );

/**
 * Starts: once per page load and after each SPA navigation. Not again for
 * the same page: a history change of the hash only (a lightbox's image, an
 * anchor) would count it again.
 */
export const start = (): void => {
	let g: TrackerConfig;
	let o: TrackerConfig[ 'option' ];
	if ( u === ( u = location.pathname + location.search ) ) {
		return;
	}
	clearInterval( t );
	c = 0;
	last = now();
	try {
		o = ( g = JSON.parse(
			document.getElementById( 'tessera-tracker-config' )!.textContent!
		) ).option;
		// Inside the try: JSON that is not a configuration (`null`, `{}`) throws here.
		if ( o.isPreview ) {
			return;
		}
	} catch {
		return log( 'no configuration' );
	}
	if ( o.dntEnabled && navigator.doNotTrack === '1' ) {
		return log( 'Do Not Track' );
	}
	send( ( c = g ), g.hitParams )
		.then(
			( r ) => r && ( r.ok ? r.json() : log( 'hit failed: ' + r.status ) )
		)
		.then(
			( j?: { status?: boolean } ) =>
				j?.status &&
				o.userOnline &&
				g.jsCheckTime > 0 &&
				c === g &&
				( t = setInterval(
					() =>
						now() - last < 18e5
							? send( g, g.onlineParams )
							: clearInterval( t ),
					g.jsCheckTime
				) ),
			fail
		);
};

/**
 * The activity clock (click, keypress, scroll) and link or download events
 * (primary-button clicks on `a[href]`).
 *
 * @param e The event.
 */
const act = ( e: Event ): void => {
	let a: HTMLAnchorElement | null;
	last = now();
	if (
		c &&
		// A click of the primary button (keypress and scroll have no `button`).
		( e as MouseEvent ).button === 0 &&
		( a = ( e.target as Element ).closest( 'a[href]' ) )
	) {
		const o = c.option;
		// A configured extension at the end of the path (`#` marks that end:
		// a pathname never holds one), or a download_file parameter.
		const dl =
			o.downloadTracker &&
			RegExp(
				'\\.(' + o.downloadExtensions + ')#|[?&]download_file=',
				'i'
			).test( a.pathname + '#' + a.search );
		if ( dl || ( o.linkTracker && a.host && a.host !== location.host ) ) {
			// fn, fx, m, wcdl, df and dk are derived from `tu` by the server.
			post( c.eventAjaxUrl, {
				en: dl ? 'file_download' : 'click',
				// This click's time: the activity clock has just taken it.
				et: last,
				eid: a.id,
				ec: a.className,
				ev: a.textContent,
				mb: 0,
				tu: a.href,
				pid: c.hitParams.source_id,
			} );
		}
	}
};

// Installs the listeners and `window.tessera.track`, then starts (at the
// top level, once per page: a function around it costs bytes).
for ( const k of [ 'pushState', 'replaceState' ] as const ) {
	const f = history[ k ];
	history[ k ] = function ( this: History ) {
		// eslint-disable-next-line prefer-rest-params -- smaller than a rest parameter once built.
		f.apply( this, arguments as unknown as Parameters< typeof f > );
		start();
	};
}
addEventListener( 'popstate', start );
// On the window, capturing: it sees the document's events before anyone.
for ( const k of [ 'keypress', 'scroll', 'click' ] ) {
	addEventListener( k, act, true );
}
( window.tessera ??= {} ).track = ( name: string, data?: object ) =>
	c &&
	post( c.customEventAjaxUrl, {
		event_name: name,
		event_data: JSON.stringify( {
			...data,
			timestamp: now(),
			resource_id: c.hitParams.source_id,
		} ),
	} );
start();
