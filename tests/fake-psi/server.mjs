#!/usr/bin/env node
/**
 * Fake PageSpeed Insights v5 server for Tessera's end-to-end tests.
 *
 * Plain Node, no dependencies. Start: `node tests/fake-psi/server.mjs`
 * (port from FAKE_PSI_PORT, default 8891, bound to 127.0.0.1). Behaviour is
 * steered by the path of the checked page's URL; see README.md beside this file.
 */
import http from 'node:http';

const PORT = Number.parseInt( process.env.FAKE_PSI_PORT || '8891', 10 );
const HOST = '127.0.0.1';
const RUN_PATH = '/pagespeedonline/v5/runPagespeed';
const SLOW_DELAY_MS = 2000;

/** Defaults when the page path does not name scores. */
const DEFAULTS = {
	desktop: { score: 92, interactive: 1234 },
	mobile: { score: 45, interactive: 7890 },
};

/** @type {Array<{path:string, query:Record<string,string|string[]>, receivedAt:number, strategy:string|null, url:string|null, key:string|null}>} */
let received = [];

/**
 * Send a JSON (or raw string) answer.
 *
 * @param {http.ServerResponse} res
 * @param {number}              status
 * @param {unknown}             body   Object to encode, or a string sent as is.
 */
function send( res, status, body ) {
	const text = typeof body === 'string' ? body : JSON.stringify( body );
	res.writeHead( status, {
		'Content-Type': 'application/json; charset=UTF-8',
		'Content-Length': Buffer.byteLength( text ),
		'Cache-Control': 'no-store',
	} );
	res.end( text );
}

/**
 * A Google API error body, as PSI sends it.
 *
 * @param {number} code
 * @param {string} message
 * @param {string} status
 */
function apiError( code, message, status ) {
	return {
		error: {
			code,
			message,
			errors: [
				{
					message,
					domain: 'global',
					reason:
						status === 'PERMISSION_DENIED'
							? 'forbidden'
							: 'backendError',
				},
			],
			status,
		},
	};
}

/**
 * Category name Lighthouse/CrUX gives a metric value.
 *
 * @param {number} value
 * @param {number} fast  Upper bound of FAST.
 * @param {number} slow  Lower bound of SLOW.
 */
function category( value, fast, slow ) {
	if ( value <= fast ) {
		return 'FAST';
	}
	return value > slow ? 'SLOW' : 'AVERAGE';
}

/**
 * Query parameters as an object (repeated names become arrays).
 *
 * @param {URLSearchParams} params
 */
function queryObject( params ) {
	/** @type {Record<string, string|string[]>} */
	const out = {};
	for ( const [ k, v ] of params ) {
		if ( k in out ) {
			const prev = out[ k ];
			out[ k ] = Array.isArray( prev ) ? [ ...prev, v ] : [ prev, v ];
		} else {
			out[ k ] = v;
		}
	}
	return out;
}

/**
 * The realistic PSI v5 answer for one strategy.
 *
 * @param {string}                                 pageUrl
 * @param {'desktop'|'mobile'}                     strategy
 * @param {{score:number, interactive:number}}     figures  score 0-100, interactive ms
 * @param {{withScore:boolean, withField:boolean}} opts
 */
function psiResult( pageUrl, strategy, figures, opts ) {
	const mobile = strategy === 'mobile';
	const now = new Date().toISOString();
	const lcpMs = mobile ? 4321.5 : 1543.2;
	const cls = mobile ? 0.12 : 0.03;
	const tbtMs = mobile ? 640 : 120;
	const field = {
		LARGEST_CONTENTFUL_PAINT_MS: mobile ? 3100 : 2100,
		CUMULATIVE_LAYOUT_SHIFT_SCORE: mobile ? 12 : 5, // CLS x 100
		INTERACTION_TO_NEXT_PAINT: mobile ? 310 : 150,
		FIRST_CONTENTFUL_PAINT_MS: mobile ? 2200 : 1200,
	};
	const metric = ( percentile, fast, slow ) => ( {
		percentile,
		distributions: [
			{ min: 0, max: fast, proportion: 0.7 },
			{ min: fast, max: slow, proportion: 0.2 },
			{ min: slow, proportion: 0.1 },
		],
		category: category( percentile, fast, slow ),
	} );
	const metrics = {
		LARGEST_CONTENTFUL_PAINT_MS: metric(
			field.LARGEST_CONTENTFUL_PAINT_MS,
			2500,
			4000
		),
		CUMULATIVE_LAYOUT_SHIFT_SCORE: metric(
			field.CUMULATIVE_LAYOUT_SHIFT_SCORE,
			10,
			25
		),
		INTERACTION_TO_NEXT_PAINT: metric(
			field.INTERACTION_TO_NEXT_PAINT,
			200,
			500
		),
		FIRST_CONTENTFUL_PAINT_MS: metric(
			field.FIRST_CONTENTFUL_PAINT_MS,
			1800,
			3000
		),
	};
	const cats = Object.values( metrics ).map( ( m ) => m.category );
	let overall = 'FAST';
	if ( cats.includes( 'SLOW' ) ) {
		overall = 'SLOW';
	} else if ( cats.includes( 'AVERAGE' ) ) {
		overall = 'AVERAGE';
	}

	const audit = ( id, title, numericValue, numericUnit, displayValue ) => ( {
		id,
		title,
		score: Math.max( 0, Math.min( 1, figures.score / 100 ) ),
		scoreDisplayMode: 'numeric',
		displayValue,
		numericValue,
		numericUnit,
	} );
	const performance = {
		id: 'performance',
		title: 'Performance',
		auditRefs: [
			{
				id: 'largest-contentful-paint',
				weight: 25,
				group: 'metrics',
				acronym: 'LCP',
			},
			{
				id: 'total-blocking-time',
				weight: 30,
				group: 'metrics',
				acronym: 'TBT',
			},
			{
				id: 'cumulative-layout-shift',
				weight: 25,
				group: 'metrics',
				acronym: 'CLS',
			},
		],
	};
	if ( opts.withScore ) {
		performance.score = figures.score / 100;
	}

	/** @type {Record<string, unknown>} */
	const body = {
		captchaResult: 'CAPTCHA_NOT_NEEDED',
		kind: 'pagespeedonline#result',
		id: pageUrl,
		lighthouseResult: {
			requestedUrl: pageUrl,
			finalUrl: pageUrl,
			mainDocumentUrl: pageUrl,
			finalDisplayedUrl: pageUrl,
			lighthouseVersion: '12.2.1',
			userAgent: mobile
				? 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
				: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
			fetchTime: now,
			environment: {
				networkUserAgent: 'Chrome-Lighthouse',
				hostUserAgent: 'HeadlessChrome',
				benchmarkIndex: 1500,
			},
			runWarnings: [],
			configSettings: {
				emulatedFormFactor: strategy,
				formFactor: strategy,
				locale: 'en-US',
				onlyCategories: [ 'performance' ],
				channel: 'lr',
			},
			audits: {
				interactive: audit(
					'interactive',
					'Time to Interactive',
					figures.interactive,
					'millisecond',
					`${ ( figures.interactive / 1000 ).toFixed( 1 ) } s`
				),
				'largest-contentful-paint': audit(
					'largest-contentful-paint',
					'Largest Contentful Paint',
					lcpMs,
					'millisecond',
					`${ ( lcpMs / 1000 ).toFixed( 1 ) } s`
				),
				'cumulative-layout-shift': audit(
					'cumulative-layout-shift',
					'Cumulative Layout Shift',
					cls,
					'unitless',
					String( cls )
				),
				'total-blocking-time': audit(
					'total-blocking-time',
					'Total Blocking Time',
					tbtMs,
					'millisecond',
					`${ tbtMs } ms`
				),
				'first-contentful-paint': audit(
					'first-contentful-paint',
					'First Contentful Paint',
					mobile ? 2100.4 : 800.7,
					'millisecond',
					mobile ? '2.1 s' : '0.8 s'
				),
				'speed-index': audit(
					'speed-index',
					'Speed Index',
					mobile ? 5012.3 : 1401.9,
					'millisecond',
					mobile ? '5.0 s' : '1.4 s'
				),
			},
			categories: { performance },
			categoryGroups: { metrics: { title: 'Metrics' } },
			timing: { total: mobile ? 11234.5 : 8765.4 },
			i18n: { rendererFormattedStrings: {} },
		},
		analysisUTCTimestamp: now,
	};
	if ( opts.withField ) {
		body.loadingExperience = {
			id: pageUrl,
			metrics,
			overall_category: overall,
			initial_url: pageUrl,
		};
		body.originLoadingExperience = {
			id: new URL( pageUrl ).origin,
			metrics,
			overall_category: overall,
			initial_url: pageUrl,
		};
	}
	return body;
}

/**
 * Answer one runPagespeed request.
 *
 * @param {URL}                 reqUrl
 * @param {http.ServerResponse} res
 */
async function runPagespeed( reqUrl, res ) {
	const params = reqUrl.searchParams;
	const pageUrl = params.get( 'url' );
	const strategy = params.get( 'strategy' );
	received.push( {
		path: reqUrl.pathname,
		query: queryObject( params ),
		receivedAt: Date.now(),
		strategy,
		url: pageUrl,
		key: params.has( 'key' ) ? params.get( 'key' ) : null,
	} );

	let page;
	try {
		page = new URL( pageUrl || '' );
	} catch {
		send(
			res,
			400,
			apiError(
				400,
				`Invalid value '${ pageUrl ?? '' }'. Values must match the following regular expression: '(?i)(url:|origin:)?http(s)?://.*'`,
				'INVALID_ARGUMENT'
			)
		);
		return;
	}
	if ( strategy !== 'desktop' && strategy !== 'mobile' ) {
		send(
			res,
			400,
			apiError(
				400,
				`Invalid value at 'strategy' (type.googleapis.com/google.pagespeedonline.v5.RunPagespeedRequest.Strategy), "${ strategy ?? '' }"`,
				'INVALID_ARGUMENT'
			)
		);
		return;
	}
	const path = decodeURIComponent( page.pathname );

	if ( path.includes( 'psi-slow' ) ) {
		await new Promise( ( resolve ) =>
			setTimeout( resolve, SLOW_DELAY_MS )
		);
	}
	if ( path.includes( 'psi-unreachable' ) ) {
		// A transport failure: the connection is dropped without any answer.
		res.socket?.destroy();
		return;
	}
	if ( path.includes( 'psi-500' ) ) {
		send(
			res,
			500,
			apiError(
				500,
				`Lighthouse returned error: FAILED_DOCUMENT_REQUEST. Lighthouse was unable to reliably load the page you requested. (Details: net::ERR_CONNECTION_FAILED)`,
				'INTERNAL'
			)
		);
		return;
	}
	if ( path.includes( 'psi-403' ) ) {
		send(
			res,
			403,
			apiError(
				403,
				'The caller does not have permission',
				'PERMISSION_DENIED'
			)
		);
		return;
	}

	const figures = { ...DEFAULTS[ strategy ] };
	const scores = /score-(\d{1,3})-(\d{1,3})/.exec( path );
	if ( scores ) {
		figures.score = Math.min(
			100,
			Number( strategy === 'desktop' ? scores[ 1 ] : scores[ 2 ] )
		);
	}
	const body = psiResult( page.href, strategy, figures, {
		withScore: ! path.includes( 'psi-missing' ),
		withField: ! path.includes( 'psi-nofield' ),
	} );
	if ( path.includes( 'psi-malformed' ) ) {
		const text = JSON.stringify( body );
		send( res, 200, text.slice( 0, Math.floor( text.length / 2 ) ) );
		return;
	}
	send( res, 200, body );
}

/**
 * Third-party scripts for the cookie consent demo and tests (`docs/consent.md`): each marks that it ran in
 * `window.tesseraThirdParty` and sets the first-party cookie a real analytics tag would (`_ga`, `_ga_DEMO`).
 *
 * @type {Record<string, string>}
 */
const THIRD_PARTY = {
	'/third-party/tracker.js':
		"(window.tesseraThirdParty=window.tesseraThirdParty||[]).push('tracker');" +
		"document.cookie='_ga=GA1.1.demo;path=/';document.cookie='_ga_DEMO=GS1.1.demo;path=/';",
	'/third-party/late.js':
		"(window.tesseraThirdParty=window.tesseraThirdParty||[]).push('late');",
};

/** Third-party script requests, oldest first: [{ path, receivedAt, referer }]. */
let thirdParty = [];

const server = http.createServer( ( req, res ) => {
	let reqUrl;
	try {
		reqUrl = new URL( req.url || '/', `http://${ HOST }:${ PORT }` );
	} catch {
		send( res, 400, apiError( 400, 'Bad request', 'INVALID_ARGUMENT' ) );
		return;
	}
	if ( req.method === 'GET' && reqUrl.pathname === '/__requests' ) {
		send( res, 200, received );
		return;
	}
	if ( req.method === 'GET' && reqUrl.pathname === '/__third-party' ) {
		send( res, 200, thirdParty );
		return;
	}
	if ( req.method === 'GET' && THIRD_PARTY[ reqUrl.pathname ] ) {
		thirdParty.push( {
			path: reqUrl.pathname,
			receivedAt: Date.now(),
			referer: req.headers.referer || null,
		} );
		const body = THIRD_PARTY[ reqUrl.pathname ];
		res.writeHead( 200, {
			'Content-Type': 'text/javascript; charset=UTF-8',
			'Content-Length': Buffer.byteLength( body ),
			'Cache-Control': 'no-store',
		} );
		res.end( body );
		return;
	}
	// Another site, for the statistics demo's outbound link (docs/stats.md).
	if ( req.method === 'GET' && reqUrl.pathname === '/outbound/' ) {
		const body =
			'<!doctype html><html lang="en"><title>Another site</title><h1>Another site</h1>' +
			'<p>You followed an outbound link from the Tessera statistics demo.</p></html>';
		res.writeHead( 200, {
			'Content-Type': 'text/html; charset=UTF-8',
			'Content-Length': Buffer.byteLength( body ),
		} );
		res.end( body );
		return;
	}
	if ( req.method === 'POST' && reqUrl.pathname === '/__reset' ) {
		req.resume();
		received = [];
		thirdParty = [];
		send( res, 200, { ok: true } );
		return;
	}
	if ( req.method === 'GET' && reqUrl.pathname === RUN_PATH ) {
		runPagespeed( reqUrl, res ).catch( ( error ) => {
			send(
				res,
				500,
				apiError( 500, `fake PSI failure: ${ error }`, 'INTERNAL' )
			);
		} );
		return;
	}
	send(
		res,
		404,
		apiError(
			404,
			`Not found: ${ req.method } ${ reqUrl.pathname }`,
			'NOT_FOUND'
		)
	);
} );

server.listen( PORT, HOST, () => {
	process.stdout.write(
		`fake PSI listening on http://${ HOST }:${ PORT }\n`
	);
} );

const stop = () => {
	server.close( () => process.exit( 0 ) );
	server.closeAllConnections();
	setTimeout( () => process.exit( 0 ), 1000 ).unref();
};
process.on( 'SIGTERM', stop );
process.on( 'SIGINT', stop );
