/**
 * Visitor tracker (dependency-free, ≤ 1 KB gzip): reads the
 * `#tessera-tracker-config` JSON element, waits for consent, sends the hit,
 * the online pings, custom events (`window.tessera.track`) and link or
 * download events. Contract: `docs/stats.md`, "The tracker".
 *
 * Written for size: short internal names, one `post()` helper, one listener
 * per event type, constants inlined.
 */

/** Form fields: values are turned into strings by `URLSearchParams`. */
type Fields = Record< string, string | number >;

/** The part of the public consent object (`tessera-consent-change` detail) read here. */
interface Consent {
	activeLaw?: string;
	categories?: Record< string, boolean >;
}

/** The parsed `#tessera-tracker-config` (docs/stats.md, Configuration). */
export interface TrackerConfig {
	requestUrl: string;
	ajaxUrl: string;
	customEventAjaxUrl?: string;
	eventAjaxUrl?: string;
	jsCheckTime: number;
	option: {
		isPreview?: boolean;
		userOnline?: boolean;
		dntEnabled?: boolean;
		bypassAdBlockers?: boolean;
		linkTracker?: boolean;
		downloadTracker?: boolean;
		downloadExtensions?: string[];
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

declare global {
	interface Window {
		/** WP Consent API. */
		wp_has_consent?: ( category: string ) => boolean;
		/** Real Cookie Banner. */
		consentApi?: { consent: ( id: string ) => Promise< unknown > };
	}
}

const d = document;
const w = window;

/** The configuration waiting for consent, or 0. */
let p: TrackerConfig | 0 = 0;
/** The configuration of the running tracker (consent given), or 0. */
let c: TrackerConfig | 0 = 0;
/** Online ping interval id. */
let t: ReturnType< typeof setInterval > | undefined;
/** Time of the last activity (page load, click, keypress, scroll). */
let last = 0;
/** Consent integration of the last configuration: name, consent level. */
let N: string | undefined;
let L: string | undefined;

/**
 * Logs a tracker message (console only).
 *
 * @param m Message, without the prefix.
 */
// eslint-disable-next-line no-console -- the tracker's messages are console only (spec §8).
const log = ( m: string ): void => console.warn( 'Tessera stats: ' + m );

/** Logs a failed request. */
const err = (): void => log( 'error sending a request' );

/** Logs the missing consent. */
const no = (): void => log( 'consent from the cookie banner not given' );

/**
 * Sends a form-encoded POST; a failure is logged.
 *
 * @param url       Address; empty: throws (spec §8).
 * @param f         Form fields.
 * @param keepalive Outlive the page (link and download events).
 * @return The answer (undefined: failed).
 */
const post = (
	url: string | undefined,
	f: Fields,
	keepalive?: boolean
): Promise< Response | void > => {
	if ( ! url ) {
		throw Error( 'Tessera stats: AJAX URL is not defined' );
	}
	return fetch( url, {
		method: 'POST',
		body: new URLSearchParams( f as Record< string, string > ),
		keepalive,
	} ).catch( err );
};

/**
 * Sends the hit or an online ping: `endpoint` names the admin-ajax action
 * under bypass (`tessera_stats_hit`, `tessera_stats_online`).
 *
 * @param g Running configuration.
 * @param f Its parameters (`hitParams` or `onlineParams`).
 * @param b Bypass ad blockers.
 * @return The answer.
 */
const send = (
	g: TrackerConfig,
	f: Fields,
	b = g.option.bypassAdBlockers
): Promise< Response | void > =>
	post( b ? g.ajaxUrl : g.requestUrl + f.endpoint, {
		...f,
		...( b && { action: 'tessera_stats_' + f.endpoint } ),
		referred: encodeURIComponent( d.referrer ),
		page_uri: encodeURIComponent( location.pathname + location.search ),
	} );

/**
 * Consent given: runs the waiting configuration (hit, then pings).
 *
 * @param g The waiting configuration.
 */
const go = ( g = p ): unknown =>
	g &&
	( ( c = g ),
	( p = 0 ),
	send( g, g.hitParams )
		.then(
			( r ) =>
				r &&
				( r.ok
					? r.json()
					: log( 'hit request failed with status ' + r.status ) )
		)
		.then(
			( j?: { status?: boolean } ) =>
				j?.status &&
				g.option.userOnline &&
				g.jsCheckTime > 0 &&
				c === g &&
				( t = setInterval(
					() =>
						Date.now() - last < 18e5
							? send( g, g.onlineParams )
							: clearInterval( t ),
					g.jsCheckTime
				) )
		)
		.catch( err ) );

/**
 * Whether the consent runtime allows statistics (spec §4): `analytics`
 * allowed, or CCPA without an opt-out.
 *
 * @param s Public consent object.
 * @return Allowed.
 */
const ok = ( s?: Consent ): unknown =>
	s?.categories?.analytics ||
	( s?.activeLaw === 'ccpa' && ! d.cookie.includes( 'consent:reject' ) );

/** Starts: once per page load and after each SPA navigation. */
export const start = (): void => {
	let g: TrackerConfig;
	clearInterval( t );
	c = p = 0;
	last = Date.now();
	const el = d.getElementById( 'tessera-tracker-config' );
	if ( ! el ) {
		return log( 'configuration missing' );
	}
	try {
		g = JSON.parse( el.textContent! );
		if ( g.option.isPreview ) {
			return;
		}
	} catch {
		return log( 'error parsing the configuration' );
	}
	const o = g.option;
	const i = o.consentIntegration || {};
	const s = i.status || {};
	if ( o.dntEnabled && navigator.doNotTrack === '1' ) {
		return log( 'Do Not Track is enabled: the hit is not sent' );
	}
	p = g;
	N = i.name;
	L = s.consent_level;
	if ( N === 'real_cookie_banner' ) {
		if (
			! w.consentApi?.consent( 'tessera-stats' ).then( () => go(), no )
		) {
			no();
		}
	} else if (
		N === 'wp_consent_api'
			? s.track_anonymously ||
				L === 'disabled' ||
				w.wp_has_consent?.( L! )
			: N !== 'tessera' || ok( w.tessera?.consent )
	) {
		go();
	} else {
		no();
	}
};

/**
 * Link and download events (delegated, capture) and the activity clock.
 *
 * @param e `click`, `keypress` or `scroll`.
 */
const act = ( e: Event ): void => {
	let a: HTMLAnchorElement | null;
	last = Date.now();
	if (
		c &&
		e.type === 'click' &&
		! ( e as MouseEvent ).button &&
		( a = ( e.target as Element ).closest?.( 'a[href]' ) )
	) {
		const o = c.option;
		const q = new URLSearchParams( a.search );
		const df = q.get( 'download_file' );
		const m = /([^/]*?)(?:\.(\w+))?$/.exec( a.pathname )!;
		const x = ( m[ 2 ] || '' ).toLowerCase();
		const dl =
			o.downloadTracker &&
			( df !== null || o.downloadExtensions?.includes( x ) );
		if ( dl || ( o.linkTracker && a.host !== location.host ) ) {
			post(
				c.eventAjaxUrl,
				{
					en: dl ? 'file_download' : 'click',
					et: Date.now(),
					eid: a.id,
					ec: a.className,
					ev: a.textContent!.trim().slice( 0, 100 ),
					mb: 0,
					fn: dl ? m[ 1 ]! : '',
					fx: dl ? x : '',
					m: dl ? 'download' : 'link',
					tu: a.href,
					pid: c.hitParams.source_id!,
					wcdl: df === null ? '' : 1,
					df: df || '',
					dk: q.get( 'key' ) || '',
				},
				true
			);
		}
	}
};

/** Installs the listeners and `window.tessera.track`, then starts. */
export const init = (): void => {
	for ( const k of [ 'pushState', 'replaceState' ] as const ) {
		const f = history[ k ];
		history[ k ] = ( ...a: Parameters< History[ 'pushState' ] > ) => {
			f.apply( history, a );
			start();
		};
	}
	addEventListener( 'popstate', start );
	for ( const k of [ 'click', 'keypress', 'scroll' ] ) {
		d.addEventListener( k, act, true );
	}
	d.addEventListener(
		'wp_listen_for_consent_change',
		( e ) =>
			N === 'wp_consent_api' &&
			( e as CustomEvent< Record< string, string > > ).detail?.[ L! ] ===
				'allow' &&
			go()
	);
	d.addEventListener(
		'tessera-consent-change',
		( e ) =>
			N === 'tessera' &&
			ok( ( e as CustomEvent< Consent > ).detail ) &&
			go()
	);
	( w.tessera ??= {} ).track = ( name, data ) =>
		c &&
		post( c.customEventAjaxUrl, {
			event_name: name,
			event_data: JSON.stringify( {
				...data,
				timestamp: Date.now(),
				resource_id: c.hitParams.source_id,
			} ),
		} );
	if ( d.readyState === 'loading' ) {
		d.addEventListener( 'DOMContentLoaded', start );
	} else {
		start();
	}
};
