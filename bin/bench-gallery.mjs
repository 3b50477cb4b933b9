#!/usr/bin/env node
/**
 * The 1,000-image gallery benchmark (issue 6, "Weight and speed"; docs/gallery.md, "Benchmark"). One run, against
 * a running site (the test site by default):
 *
 * 0. Seeding (bin/bench/gallery-seed.php, idempotent, a few seconds): 1,000 real image attachments, a gallery of
 *    them, one page per view `/bench-gallery-{view}/` (thumbnails, masonry and mosaic with all 1,000 images on one
 *    page, the heavy case; the other views paged, as printed), and the plain twin `/bench-gallery-plain/`: the
 *    same 1,000 `<img>` (the same src, srcset, sizes, width, height, alt, loading, decoding, fetchpriority as the
 *    thumbnails page serves) in a plain list with a few lines of CSS, no script, no Tessera markup.
 * 1. Server render time per view: the block through render_block(), median of --render-runs, each with a cold
 *    object cache, rendered and read back from the render cache (bin/bench/gallery-render.php); in a page view (median of --ttfb-runs requests) the gallery's
 *    render and the request up to <head> (Server-Timing of bin/bench/gallery-mu-plugin.php) and the first byte
 *    (the test site compresses pages whole, so it comes once the whole page is rendered).
 * 2. Added blocking time, CPU --cpu (4) times slower (CDP), in Chromium: each view page with the gallery's scripts
 *    and the same page without them (`?tessera-bench=noscript`: the same HTML and styles), interleaved, median of
 *    --runs (thumbnails) or --view-runs (the others). Total blocking time from a trace, in the main thread's CPU
 *    time (fromTrace() in lib/bench.mjs); the scripts' own share of it too. Bar: added <= 50 ms, side by side or by that share.
 * 3. Layout shift: every shift (PerformanceObserver, `layout-shift`) while each page loads, and while the first
 *    run then scrolls it from top to bottom a viewport at a time, waiting for the images in view; the shifts the
 *    gallery causes are told apart from the page's (collector()). Bar: 0.00 (< 0.005) on every view page.
 * 4. Lighthouse mobile, the thumbnails page against the same page with the plugin deactivated
 *    (`?tessera-bench=off`, bin/lib/test-mu-plugin.php: no gallery, no banner, nothing of Tessera), interleaved,
 *    --lh-runs each (median score), for each of --methods; the methods in --gate decide the exit code (default:
 *    `simulate`, Lighthouse's default, as bin/bench-forms.mjs; `devtools` is printed beside it when asked for).
 *    Bar: ours >= without - 2 points (--gate-points sets a regression floor beside it, printed as met or missed).
 *
 *   node bin/bench-gallery.mjs [--base http://127.0.0.1:8890] [--env test] [--views thumbnails,masonry]
 *       [--runs 5] [--view-runs 3] [--cpu 4] [--render-runs 5] [--ttfb-runs 3] [--lh-runs 3]
 *       [--methods simulate] [--gate simulate] [--gate-points 2] [--seed 1] [--json FILE] [--quick]
 *
 * --env names the bin/site environment of --base (seeding and render timing run inside it; the site's variables,
 * TESSERA_HOME…, pass through). Prints a table and the checks; exit code 1 when a bar is missed (with --quick: only
 * the Lighthouse floor). About 8 minutes with the defaults on 2 idle cores; `npm run bench` (bin/bench-all).
 */
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
	alternate,
	arg,
	check,
	finish,
	fromTrace,
	LIGHTHOUSE_ONLY,
	lighthouseGap,
	lighthouseRun,
	median,
	TRACE_CATEGORIES,
} from './lib/bench.mjs';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const BASE = arg(
	'base',
	process.env.WP_BASE_URL || 'http://127.0.0.1:8890'
).replace( /\/$/, '' );
const ENV = arg( 'env', 'test' );
const ONLY = arg( 'views', '' ).split( ',' ).filter( Boolean );
const RUNS = Number( arg( 'runs', '5' ) );
const VIEW_RUNS = Number( arg( 'view-runs', '3' ) );
const CPU = Number( arg( 'cpu', '4' ) );
const RENDER_RUNS = Number( arg( 'render-runs', '5' ) );
const TTFB_RUNS = Number( arg( 'ttfb-runs', '3' ) );
const LH_RUNS = Number( arg( 'lh-runs', '3' ) );
const METHODS = arg( 'methods', 'simulate' ).split( ',' ).filter( Boolean );
const GATED = arg( 'gate', 'simulate' ).split( ',' );
const SEED = arg( 'seed', '1' ) !== '0';
const JSON_OUT = arg( 'json', '' );
// The issue's bars.
const MAX_ADDED_TBT = 50;
const MAX_CLS = 0.005;
const MAX_POINTS = 2;
// The exit code's floor for the Lighthouse points (default: the bar), as bin/bench-forms.mjs.
const GATE_POINTS = Number( arg( 'gate-points', String( MAX_POINTS ) ) );
const SETTLE_MS = 1000;
const NOSCRIPT = 'tessera-bench=noscript';
const started = Date.now();

/**
 * Whether a script address is one of the gallery's (Tessera's, not the site-wide runtime in build/runtime/ that
 * the plain page has too): what the `noscript` switch leaves out.
 *
 * @param {string} url Address.
 * @return {boolean} Ours.
 */
const galleryScript = ( url ) =>
	url.includes( '/plugins/tessera/' ) &&
	! url.includes( '/plugins/tessera/build/runtime/' );

/**
 * Runs a PHP file of bin/bench inside the site (bin/site php) and returns the JSON of its marked last line.
 *
 * @param {string}   file   File below bin/bench/.
 * @param {string}   marker Line prefix of the answer.
 * @param {string[]} args   Arguments.
 * @return {any} The parsed answer.
 */
function sitePhp( file, marker, args ) {
	const done = spawnSync(
		'bash',
		[
			path.join( ROOT, 'bin/site' ),
			'php',
			ENV,
			'require $argv[3];',
			path.join( ROOT, 'bin/bench', file ),
			...args,
		],
		{ encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }
	);
	const line = ( done.stdout || '' )
		.split( '\n' )
		.find( ( l ) => l.startsWith( `${ marker } ` ) );
	if ( done.status !== 0 || ! line ) {
		process.stderr.write(
			`bench-gallery: ${ file } failed (exit ${ done.status })\n${ done.stdout || '' }${ done.stderr || '' }\n`
		);
		process.exit( 1 );
	}
	return JSON.parse( line.slice( marker.length + 1 ) );
}

/**
 * Collects layout shifts and long tasks from the very start of the page. Each shift is also attributed: to the
 * gallery when one of its moved elements is a gallery, inside one, or after one in the document (moved by a
 * gallery growing), and none of them is before a gallery or around it. A shift that moves something before or
 * around a gallery is the page's: the page above the gallery moved (the theme's header and the text above the
 * block reflowing when the theme's web font arrives; the plain page has it too), and whatever of the gallery
 * moved with it was carried along. A gallery that grows or reflows moves only itself and what follows it: the
 * elements before and around it keep their place, so such a shift is always the gallery's. The page's shifts
 * are summed apart (`page`) and reported.
 */
function collector() {
	const w = window;
	w.__bench = { shifts: 0, gallery: 0, page: 0, sources: [] };
	const place = ( node ) => {
		const el = node && node.nodeType !== 1 ? node.parentElement : node;
		if ( ! el || ! el.isConnected ) {
			return 'gone';
		}
		let where = 'page';
		for ( const g of document.querySelectorAll( '.tessera-gallery' ) ) {
			if ( g === el || g.contains( el ) ) {
				return 'gallery';
			}
			// Exactly "following": after the gallery, neither around it nor inside it.
			if (
				g.compareDocumentPosition( el ) ===
				w.Node.DOCUMENT_POSITION_FOLLOWING
			) {
				where = 'after';
			}
		}
		return where;
	};
	new PerformanceObserver( ( list ) => {
		for ( const e of list.getEntries() ) {
			if ( e.hadRecentInput ) {
				continue;
			}
			w.__bench.shifts += e.value;
			const places = ( e.sources || [] ).map( ( s ) => place( s.node ) );
			const gallery =
				! places.includes( 'page' ) &&
				( places.includes( 'gallery' ) ||
					places.includes( 'gone' ) ||
					places.includes( 'after' ) );
			if ( ! gallery ) {
				w.__bench.page += e.value;
			}
			if ( gallery ) {
				w.__bench.gallery += e.value;
				w.__bench.sources.push(
					( e.sources || [] )
						.map( ( s ) =>
							s.node && s.node.nodeType === 1
								? `${ s.node.nodeName.toLowerCase() }.${ String(
										s.node.className
									)
										.trim()
										.split( /\s+/ )
										.join( '.' ) }`
								: `#text(in ${ (
										s.node?.parentElement?.nodeName || ''
									).toLowerCase() }.${ String(
										s.node?.parentElement?.className || ''
									)
										.trim()
										.split( /\s+/ )
										.join( '.' ) })`
						)
						.join( ' ' )
				);
			}
		}
	} ).observe( { type: 'layout-shift', buffered: true } );
}

/**
 * In the page: scrolls from top to bottom one viewport (90 %) at a time, waiting at each stop for the images in
 * view to finish (at most 600 ms), and returns the layout shift summed since the page started. A stop during which
 * a gallery's place in the document moved gives its shifts to the page (`moved`: how much was so given).
 *
 * @return {Promise<{shifts: number, gallery: number, moved: number, height: number, stops: number}>} Shift, the gallery's, moved to the page's, page height, stops.
 */
async function scrollThrough() {
	const frame = () =>
		new Promise( ( resolve ) =>
			window.requestAnimationFrame( () =>
				window.requestAnimationFrame( resolve )
			)
		);
	const sleep = ( ms ) =>
		new Promise( ( resolve ) => setTimeout( resolve, ms ) );
	const step = Math.round( window.innerHeight * 0.9 );
	let stops = 0;
	// Where each gallery starts in the document: when that moves during a stop, something before it moved it (the
	// theme's header reflowing as its web font arrives, off screen by then): the shifts seen during that stop are
	// the page's, although only the gallery's items and what follows are in view to be named as moved.
	const tops = () =>
		Array.from( document.querySelectorAll( '.tessera-gallery' ), ( g ) =>
			Math.round( g.getBoundingClientRect().top + window.scrollY )
		).join( ',' );
	let moved = 0;
	for (
		let y = 0;
		y < document.documentElement.scrollHeight;
		y += step, stops++
	) {
		const before = tops();
		const galleryBefore = window.__bench.gallery;
		window.scrollTo( 0, y );
		await frame();
		const until = performance.now() + 600;
		while ( performance.now() < until ) {
			const pending = Array.from( document.images ).some( ( img ) => {
				if ( img.complete ) {
					return false;
				}
				const r = img.getBoundingClientRect();
				return r.bottom > 0 && r.top < window.innerHeight;
			} );
			if ( ! pending ) {
				break;
			}
			await sleep( 20 );
		}
		await frame();
		if ( tops() !== before ) {
			const carried = window.__bench.gallery - galleryBefore;
			window.__bench.gallery -= carried;
			window.__bench.page += carried;
			moved += carried;
		}
	}
	await sleep( 300 );
	return {
		shifts: window.__bench.shifts,
		gallery: window.__bench.gallery,
		moved,
		sources: window.__bench.sources.slice( 0, 5 ),
		height: document.documentElement.scrollHeight,
		stops,
	};
}

/**
 * One page load at CPU x CPU: blocking time, first paint, layout shift, the gallery's scripts requested; with
 * `scroll`, then (at full CPU speed) a scroll through the whole page.
 *
 * @param {import('playwright-core').Browser} browser Browser.
 * @param {string}                            url     Address.
 * @param {boolean}                           scroll  Scroll through the page afterwards.
 * @return {Promise<Record<string, any>>} The run.
 */
async function load( browser, url, scroll ) {
	const context = await browser.newContext( {
		viewport: { width: 1280, height: 800 },
	} );
	// No internet here: answer anything external at once (the same for both variants).
	await context.route(
		( u ) => ! u.href.startsWith( BASE ),
		( route ) => route.abort()
	);
	const page = await context.newPage();
	await page.addInitScript( collector );
	const scripts = [];
	page.on( 'request', ( request ) => {
		if (
			request.resourceType() === 'script' &&
			galleryScript( request.url() )
		) {
			scripts.push(
				request
					.url()
					.replace( /^.*\/plugins\/tessera\//, '' )
					.replace( /\?.*$/, '' )
			);
		}
	} );
	const cdp = await context.newCDPSession( page );
	await cdp.send( 'Emulation.setCPUThrottlingRate', { rate: CPU } );
	await browser.startTracing( page, {
		categories: TRACE_CATEGORIES,
	} );
	await page.goto( url, { waitUntil: 'load', timeout: 120000 } );
	await page.waitForTimeout( SETTLE_MS );
	const traced = fromTrace(
		JSON.parse( ( await browser.stopTracing() ).toString() ),
		galleryScript
	);
	const m = await page.evaluate( () => ( {
		cls: window.__bench.shifts,
		galleryCls: window.__bench.gallery,
		sources: window.__bench.sources.slice( 0, 5 ),
		images: document.images.length,
	} ) );
	let scrolled = null;
	if ( scroll ) {
		await cdp.send( 'Emulation.setCPUThrottlingRate', { rate: 1 } );
		scrolled = await page.evaluate( scrollThrough );
	}
	await context.close();
	return {
		...m,
		...traced,
		scripts,
		scrolled,
	};
}

/**
 * The attributes of every `<img>` of a page that the plain twin copies, in order.
 *
 * @param {string} html Page HTML.
 * @return {string[]} One key per image.
 */
function images( html ) {
	const names = [
		'src',
		'srcset',
		'sizes',
		'width',
		'height',
		'loading',
		'fetchpriority',
	];
	return Array.from( html.matchAll( /<img\s[^>]*>/g ), ( [ tag ] ) =>
		names
			.map( ( name ) => {
				const found = tag.match(
					new RegExp( `\\s${ name }="([^"]*)"` )
				);
				return `${ name }=${ found ? found[ 1 ] : '' }`;
			} )
			.join( ' ' )
	).filter( ( key ) => key.includes( '/tessera-bench/' ) );
}

// --- 0. The site and the seeding --------------------------------------------------------------------------
const ping = await fetch( `${ BASE }/` ).catch( () => null );
if ( ! ping || ! ping.ok ) {
	process.stderr.write(
		`bench-gallery: ${ BASE } does not answer; start the site (bin/site start ${ ENV })\n`
	);
	process.exit( 1 );
}
const seed = SEED
	? sitePhp( 'gallery-seed.php', 'BENCH-SEED', [ '--count=1000' ] )
	: null;
const PAGES = ( seed?.pages ?? [] ).filter(
	( p ) => ONLY.length === 0 || ONLY.includes( p.view )
);
if ( ! seed || PAGES.length === 0 ) {
	process.stderr.write( 'bench-gallery: no pages to measure\n' );
	process.exit( 1 );
}
const PLAIN = seed.plain;
const THUMBS = seed.pages.find( ( p ) => p.view === 'thumbnails' ).path;
const withNoscript = ( p ) =>
	`${ BASE }${ p }${ p.includes( '?' ) ? '&' : '?' }${ NOSCRIPT }`;
process.stdout.write(
	`bench-gallery: seeded in ${ seed.seconds } s (${ seed.images } images, ${ seed.created } created, ${ seed.repaired } repaired, from ${ seed.sources } pictures)\n`
);

// --- 1. Server render time --------------------------------------------------------------------------------
const render = sitePhp( 'gallery-render.php', 'BENCH-RENDER', [
	`--runs=${ RENDER_RUNS }`,
] );
const ttfb = {};
const serverTiming = {};
const bodies = {};
for ( const p of [ ...PAGES.map( ( x ) => x.path ), PLAIN ] ) {
	ttfb[ p ] = [];
	serverTiming[ p ] = { gallery: [], template: [] };
	// A warm-up (PHP's file cache), not counted; its HTML is kept for the image comparison.
	bodies[ p ] = await ( await fetch( `${ BASE }${ p }` ) ).text();
}
for ( let i = 0; i < TTFB_RUNS; i++ ) {
	for ( const p of Object.keys( ttfb ) ) {
		const t0 = performance.now();
		const response = await fetch( `${ BASE }${ p }`, {
			headers: { 'accept-encoding': 'gzip' },
		} );
		const first = performance.now() - t0;
		await response.arrayBuffer();
		ttfb[ p ].push( first );
		// bin/bench/gallery-mu-plugin.php: the gallery blocks' render and the page up to its head, in this request.
		const timing = response.headers.get( 'server-timing' ) || '';
		for ( const key of [ 'gallery', 'template' ] ) {
			const found = timing.match(
				new RegExp(
					`${ key === 'gallery' ? 'tessera-gallery' : key };dur=([\\d.]+)`
				)
			);
			serverTiming[ p ][ key ].push( found ? Number( found[ 1 ] ) : NaN );
		}
	}
}
process.stdout.write(
	`bench-gallery: server timings done (${ Math.round(
		( Date.now() - started ) / 1000
	) } s)\n`
);

// The plain page must show the thumbnails page's images, attribute for attribute.
const ourImages = images( bodies[ THUMBS ] ?? '' );
const plainImages = images( bodies[ PLAIN ] );
const sameImages =
	ourImages.length === 1000 &&
	plainImages.length === ourImages.length &&
	ourImages.every( ( key, i ) => key === plainImages[ i ] );

// --- 2, 3. Blocking time and layout shift in Chromium -----------------------------------------------------
const browser = await chromium.launch( {
	executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
	args: [
		'--no-sandbox',
		'--disable-gpu',
		'--no-first-run',
		'--disable-background-networking',
		'--disable-component-update',
	],
} );
const browserRuns = {};
try {
	// One warm-up of the heaviest page (Chromium, the server's caches), not counted.
	await load( browser, `${ BASE }${ PAGES[ 0 ].path }`, false );
	for ( const p of PAGES ) {
		const urls = {
			with: `${ BASE }${ p.path }`,
			without: withNoscript( p.path ),
		};
		const viewStarted = Date.now();
		browserRuns[ p.view ] = { with: [], without: [] };
		const runs = p.view === 'thumbnails' ? RUNS : VIEW_RUNS;
		for ( let i = 0; i < runs; i++ ) {
			// Interleaved, one at a time: two loads at once (tried) share the server and the cores unevenly.
			for ( const variant of alternate( i, [ 'with', 'without' ] ) ) {
				browserRuns[ p.view ][ variant ].push(
					await load(
						browser,
						urls[ variant ],
						variant === 'with' && i === 0
					)
				);
			}
		}
		// A shift by the gallery must repeat to count: when the runs show one, one more load and scroll confirms it
		// or not (a single shift that does not come back was the page's or the machine's: the theme's late web
		// font, one in two CI runs of session 8; the gallery's layout is fixed by the server's HTML and repeats).
		const first = Math.max(
			...browserRuns[ p.view ].with.map( ( x ) => x.galleryCls ),
			browserRuns[ p.view ].with[ 0 ].scrolled?.gallery ?? 0
		);
		if ( first >= MAX_CLS ) {
			browserRuns[ p.view ].confirm = await load(
				browser,
				urls.with,
				true
			);
		}
		browserRuns[ p.view ].seconds = ( Date.now() - viewStarted ) / 1000;
	}
} finally {
	await browser.close();
}
process.stdout.write(
	`bench-gallery: browser runs done (${ Math.round(
		( Date.now() - started ) / 1000
	) } s)\n`
);

// --- 4. Lighthouse: thumbnails against the plugin deactivated --------------------------------------------------------------
const lhRuns = {};
if ( LH_RUNS > 0 && METHODS.length > 0 ) {
	const chrome = await chromeLauncher.launch( {
		chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
		chromeFlags: [ '--headless=new', '--no-sandbox', '--disable-gpu' ],
	} );
	const lhUrls = {
		ours: `${ BASE }${ THUMBS }`,
		without: `${ BASE }${ THUMBS }?tessera-bench=off`,
	};
	const lhStarted = Date.now();
	try {
		for ( const method of METHODS ) {
			lhRuns[ method ] = { ours: [], without: [] };
			for ( let i = 0; i < LH_RUNS; i++ ) {
				for ( const variant of alternate( i, [ 'ours', 'without' ] ) ) {
					const run = await lighthouseRun(
						lighthouse,
						chrome.port,
						lhUrls[ variant ],
						method,
						{
							// The five metrics make the whole score; the other audits' gatherers cost ~10 s
							// on 1,000 images (onlyCategories would add them back: the two are joined).
							onlyCategories: null,
							onlyAudits: LIGHTHOUSE_ONLY,
							disableFullPageScreenshot: true,
						}
					);
					run.ours = run.requests
						.filter( ( r ) =>
							r.url.includes( '/plugins/tessera/' )
						)
						.reduce(
							( sum, r ) => sum + ( r.transferSize || 0 ),
							0
						);
					delete run.requests;
					lhRuns[ method ][ variant ].push( run );
				}
			}
		}
	} finally {
		await chrome.kill();
	}
	process.stdout.write(
		`bench-gallery: Lighthouse done (${ Math.round(
			( Date.now() - lhStarted ) / 1000
		) } s)\n`
	);
}

// --- Report -----------------------------------------------------------------------------------------------
const ms = ( v ) =>
	v === null || Number.isNaN( v ) ? 'n/a' : `${ Math.round( v ) }`;
const worst = ( list ) =>
	Math.max( ...list.filter( ( v ) => ! Number.isNaN( v ) ) );
const checks = [];
const rows = [];
const summary = { views: {}, plain: {}, lighthouse: {} };
for ( const p of PAGES ) {
	const r = render[ p.view ];
	const runs = browserRuns[ p.view ];
	const med = ( variant, key ) =>
		median( runs[ variant ].map( ( x ) => x[ key ] ?? NaN ) );
	const scrolled = runs.with[ 0 ].scrolled;
	const s = {
		paging: p.paging,
		images: r.images,
		htmlKB: r.bytes / 1024,
		renderMs: r.median,
		renderRuns: r.runs,
		cachedMs: r.cached,
		queries: r.queries,
		ttfbMs: median( ttfb[ p.path ] ),
		inPageMs: median( serverTiming[ p.path ].gallery ),
		toHeadMs: median( serverTiming[ p.path ].template ),
		runs: runs.with.length,
		// The bar's figure: blocking time from the main thread's CPU time (see fromTrace() in lib/bench.mjs).
		tbtWith: med( 'with', 'cpuTbt' ),
		tbtWithout: med( 'without', 'cpuTbt' ),
		// By the clock: what the shared machine's other programs took is in it (reported).
		clockWith: med( 'with', 'tbt' ),
		clockWithout: med( 'without', 'tbt' ),
		own: med( 'with', 'ownCpu' ),
		ownBlocking: med( 'with', 'ownBlocking' ),
		fcpWith: med( 'with', 'fcp' ),
		fcpWithout: med( 'without', 'fcp' ),
		// The gallery's layout shift: the worst load, and the first run after scrolling through the page.
		firstCls: Math.max(
			worst( runs.with.map( ( x ) => x.galleryCls ) ),
			scrolled?.gallery ?? 0
		),
		// Its confirmation (a load and a scroll more), when the first figure showed a shift.
		confirmCls: runs.confirm
			? Math.max(
					runs.confirm.galleryCls,
					runs.confirm.scrolled?.gallery ?? 0
				)
			: null,
		pageClsWith: Math.max(
			worst( runs.with.map( ( x ) => x.cls ) ),
			scrolled?.shifts ?? 0
		),
		pageClsWithout: worst( runs.without.map( ( x ) => x.cls ) ),
		shiftSources: [
			...new Set( [
				...runs.with.flatMap( ( x ) => x.sources ),
				...( scrolled?.sources ?? [] ),
				...( runs.confirm?.scrolled?.sources ?? [] ),
			] ),
		],
		pageHeight: scrolled?.height ?? NaN,
		tbtRunsWith: runs.with.map( ( x ) => Math.round( x.cpuTbt ) ),
		tbtRunsWithout: runs.without.map( ( x ) => Math.round( x.cpuTbt ) ),
		clockRunsWith: runs.with.map( ( x ) => Math.round( x.tbt ) ),
		clockRunsWithout: runs.without.map( ( x ) => Math.round( x.tbt ) ),
		scripts: [ ...new Set( runs.with.flatMap( ( x ) => x.scripts ) ) ],
		controlScripts: [
			...new Set( runs.without.flatMap( ( x ) => x.scripts ) ),
		],
	};
	s.added = s.tbtWith - s.tbtWithout;
	// The figure checked: a shift that repeats.
	s.galleryCls =
		s.confirmCls === null
			? s.firstCls
			: Math.min( s.firstCls, s.confirmCls );
	s.clockAdded = s.clockWith - s.clockWithout;
	summary.views[ p.view ] = s;
	rows.push( [
		p.view,
		p.paging,
		String( s.images ),
		s.htmlKB.toFixed( 0 ),
		ms( s.renderMs ),
		ms( s.cachedMs ),
		String( s.queries ),
		ms( s.inPageMs ),
		ms( s.toHeadMs ),
		ms( s.ttfbMs ),
		ms( s.tbtWith ),
		ms( s.tbtWithout ),
		ms( s.added ),
		ms( s.clockAdded ),
		ms( s.own ),
		ms( s.ownBlocking ),
		s.galleryCls.toFixed( 3 ),
		s.pageClsWith.toFixed( 3 ),
		s.pageClsWithout.toFixed( 3 ),
	] );
	// Side by side, a 1,000-image page's own blocking time (~1 s at 4x: parsing and laying out 1 MB of
	// HTML) moves by ~100-150 ms from run to run on two shared cores, more than the bar; the scripts' own
	// share from the trace is exact for the work they do. Either shows the bar holds (as bin/bench-consent.mjs).
	checks.push(
		check(
			`${ p.view }: blocking time added at CPU ${ CPU }x`,
			`<= ${ MAX_ADDED_TBT } ms (side by side, or the scripts' share)`,
			`${ ms( s.added ) } ms side by side, ${ ms( s.ownBlocking ) } ms the scripts'`,
			s.added <= MAX_ADDED_TBT || s.ownBlocking <= MAX_ADDED_TBT,
			{
				detail: `median of ${ s.runs }: ${ ms( s.tbtWith ) } with, ${ ms( s.tbtWithout ) } without the gallery's scripts; by the clock ${ ms( s.clockAdded ) } ms`,
			}
		)
	);
	checks.push(
		check(
			`${ p.view }: layout shift by the gallery`,
			`0.00 (< ${ MAX_CLS })`,
			s.galleryCls.toFixed( 3 ),
			s.galleryCls < MAX_CLS,
			{
				detail: `loading, ${ s.runs } runs, and scrolling through ${ Math.round( s.pageHeight ) } px${
					s.confirmCls === null
						? ''
						: `; first ${ s.firstCls.toFixed( 3 ) }, then a load and a scroll more to confirm it: ${ s.confirmCls.toFixed( 3 ) }`
				}${
					s.shiftSources.length
						? `; moved: ${ s.shiftSources.join( '; ' ) }`
						: ''
				}`,
			}
		)
	);
	checks.push(
		check(
			`${ p.view }: the gallery's scripts on the control page`,
			'none (and some on the gallery page)',
			`${ s.controlScripts.length } (${ s.scripts.length } with)`,
			s.controlScripts.length === 0 && s.scripts.length > 0,
			{
				detail: `with: ${ s.scripts.join( ', ' ) || 'none' }; without: ${ s.controlScripts.join( ', ' ) || 'none' }`,
			}
		)
	);
}
summary.plain = {
	ttfbMs: median( ttfb[ PLAIN ] ),
	toHeadMs: median( serverTiming[ PLAIN ].template ),
	htmlKB: bodies[ PLAIN ].length / 1024,
	sameImages,
};
checks.push(
	check(
		"the plain twin page: the thumbnails page's images, attribute for attribute",
		'1,000, the same',
		`${ plainImages.length } (thumbnails: ${ ourImages.length }), ${ sameImages ? 'the same' : 'not the same' }`,
		sameImages,
		{
			detail: 'src, srcset, sizes, width, height, loading, fetchpriority',
		}
	)
);

const head = [
	'view',
	'paging',
	'images',
	'HTML KB',
	'render',
	'cached',
	'queries',
	'in page',
	'to head',
	'TTFB',
	'TBT with',
	'TBT w/o',
	'added',
	'by clock',
	'script',
	'its TBT',
	'CLS ours',
	'CLS page',
	'CLS w/o',
];
rows.push( [
	'plain HTML',
	'all 1,000, no script',
	String( plainImages.length ),
	summary.plain.htmlKB.toFixed( 0 ),
	'',
	'',
	'',
	'',
	ms( summary.plain.toHeadMs ),
	ms( summary.plain.ttfbMs ),
	'',
	'',
	'',
	'',
	'',
	'',
	'',
	'',
	'',
] );
const widths = head.map( ( h, i ) =>
	Math.max( h.length, ...rows.map( ( r ) => r[ i ].length ) )
);
const line = ( cells ) =>
	cells
		.map( ( c, i ) =>
			i < 2 ? c.padEnd( widths[ i ] ) : c.padStart( widths[ i ] )
		)
		.join( '  ' ) + '\n';
let out = `\n1,000-image gallery benchmark: ${ BASE }, ${ seed.images } images, times in ms\n`;
out += `render: the block's server render (render_block, cold object cache), median of ${ RENDER_RUNS }, the render cache off (the first view after a change); cached: the same read back from the render cache (every later view). In a page view (median of ${ TTFB_RUNS } requests): in page = the gallery block's render, to head = the request up to <head> (template and content rendered, core's content filters included), TTFB = first byte at the client (the page is compressed whole). TBT: total blocking time after the first contentful paint from the main thread's CPU time (trace), CPU ${ CPU }x, 1280 x 800, with and without the gallery's scripts, median of ${ RUNS } (thumbnails) or ${ VIEW_RUNS } runs, interleaved (added: ok when the difference or the scripts' own share, its TBT, is <= ${ MAX_ADDED_TBT }); by clock: the same difference by the clock (other programs' time on the shared machine in it); script: the gallery's scripts' own main-thread CPU time after that paint. CLS ours: layout shift caused by the gallery (worst load, and scrolling through the page); CLS page / w/o: every shift of the page with and without the gallery's scripts (worst run)\n\n`;
out += line( head ) + rows.map( line ).join( '' );
for ( const p of PAGES ) {
	const s = summary.views[ p.view ];
	out += `  ${ p.view }: TBT per run with ${ s.tbtRunsWith.join( ', ' ) }, without ${ s.tbtRunsWithout.join( ', ' ) }; by the clock with ${ s.clockRunsWith.join( ', ' ) }, without ${ s.clockRunsWithout.join( ', ' ) }; render ${ s.renderRuns.join( ', ' ) }; ${ Math.round( browserRuns[ p.view ].seconds ) } s in the browser\n`;
}

for ( const method of Object.keys( lhRuns ) ) {
	out += `\nLighthouse mobile, ${ method } throttling, ${ THUMBS } against the same page with the plugin deactivated, ${ LH_RUNS } runs each, interleaved (medians)\n`;
	summary.lighthouse[ method ] = {};
	for ( const variant of [ 'ours', 'without' ] ) {
		const list = lhRuns[ method ][ variant ];
		const m = {};
		for ( const key of [
			'score',
			'fcp',
			'lcp',
			'tbt',
			'cls',
			'si',
			'ttfb',
			'ours',
		] ) {
			m[ key ] = median( list.map( ( r ) => r[ key ] ) );
		}
		m.scores = list.map( ( r ) => r.score );
		summary.lighthouse[ method ][ variant ] = m;
		out += `  ${ ( variant === 'ours' ? 'thumbnails' : 'without' ).padEnd( 10 ) } score ${ m.score } (runs ${ m.scores.join(
			', '
		) })  server ${ ms( m.ttfb ) } ms  FCP ${ ms( m.fcp ) } ms  LCP ${ ms( m.lcp ) } ms  TBT ${ ms(
			m.tbt
		) } ms  CLS ${ m.cls.toFixed( 3 ) }  SI ${ ms( m.si ) } ms${
			variant === 'ours'
				? `  Tessera's files ${ ( m.ours / 1024 ).toFixed( 1 ) } KB`
				: ''
		}\n`;
	}
	checks.push(
		...lighthouseGap(
			method,
			summary.lighthouse[ method ].ours,
			summary.lighthouse[ method ].without,
			{
				gated: GATED.includes( method ),
				bar: MAX_POINTS,
				floor: GATE_POINTS,
			}
		).checks
	);
}

out += '\n';
out += `bench-gallery: ${ Math.round( ( Date.now() - started ) / 1000 ) } s in all\n`;
finish( out, checks, JSON_OUT, {
	base: BASE,
	seed,
	render,
	ttfb,
	summary,
	browserRuns,
	lighthouse: lhRuns,
} );
