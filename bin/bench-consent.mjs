#!/usr/bin/env node
/**
 * Cookie consent benchmark (issues 3 and 19, guide §4): the same page with Tessera and without it (the test
 * site's `?tessera-bench=off` loads the page with the plugin switched off), side by side in one run, in Chromium
 * with the CPU slowed down 4x (CDP), median of 11 runs each (with 7, the medians moved by ±10 ms between runs on
 * 2 shared cores): a first visit (no cookies: the banner shows) and a returning visitor who accepted everything
 * (the server prints the same page; the runtime in <head> hides the banner before the first paint and restores
 * the accepted tags as the page is parsed).
 *
 * Prints, per variant: layout shift (CLS), total blocking time after first contentful paint (long tasks beyond
 * 50 ms), first contentful paint, when the banner's text was painted, and the bytes of Tessera's files. Then
 * checks the budgets: layout shift added 0.00 (the banner's own nodes, and the page's settled layout the same),
 * blocking time added <= 10 ms, first contentful paint added <= 20 ms, the banner painted at the first contentful
 * paint, no render-blocking request of ours (the runtime and the banner's styles are inline); for the returning visitor: the banner never painted, layout shift added 0.00, blocking time
 * added <= 10 ms.
 *
 *   node bin/bench-consent.mjs [--base http://127.0.0.1:8890] [--path /] [--runs 11] [--cpu 4] [--json FILE] [--quick]
 *
 * Exit code 1 when a budget is missed (with --quick: only the layout shift, the regression floor). `npm run bench`
 * (bin/bench-all) runs it against a fresh test site.
 */
import { chromium } from '@playwright/test';
import {
	arg,
	check,
	finish,
	fromTrace,
	median,
	TRACE_CATEGORIES,
} from './lib/bench.mjs';

const BASE = arg(
	'base',
	process.env.WP_BASE_URL || 'http://127.0.0.1:8890'
).replace( /\/$/, '' );
const PATH = arg( 'path', '/' );
const RUNS = Number( arg( 'runs', '11' ) );
const CPU = Number( arg( 'cpu', '4' ) );
const JSON_OUT = arg( 'json', '' );
const SETTLE_MS = 1500;

/** Collects paint, layout-shift and long-task entries from the very start of the page. */
function collector() {
	const w = window;
	w.__bench = {
		shifts: 0,
		bannerShifts: 0,
		longTasks: [],
		banner: null,
		texts: [],
	};
	// Whether a shifted node is the banner's: an element, or the text of one, inside it.
	const inBanner = ( node ) => {
		const el = node && node.nodeType === 1 ? node : node?.parentElement;
		return !! el?.closest( '#tessera-consent-banner' );
	};
	new PerformanceObserver( ( list ) => {
		for ( const e of list.getEntries() ) {
			if ( ! e.hadRecentInput ) {
				w.__bench.shifts += e.value;
				// An entry's score is for the frame, every node shifted in it together (the theme's font swap
				// moves the page in the same frame as the banner's text): the banner's part is the layout shift
				// formula on its own nodes (impact area, here the box around both rects, times the distance
				// moved, both over the viewport), never more than the entry.
				const vw = w.innerWidth;
				const vh = w.innerHeight;
				let own = 0;
				for ( const s of e.sources ) {
					if ( ! inBanner( s.node ) ) {
						continue;
					}
					const a = s.previousRect;
					const b = s.currentRect;
					const width =
						Math.min( vw, Math.max( a.right, b.right ) ) -
						Math.max( 0, Math.min( a.left, b.left ) );
					const height =
						Math.min( vh, Math.max( a.bottom, b.bottom ) ) -
						Math.max( 0, Math.min( a.top, b.top ) );
					const moved = Math.max(
						Math.abs( a.x - b.x ),
						Math.abs( a.y - b.y )
					);
					own +=
						( ( Math.max( 0, width ) * Math.max( 0, height ) ) /
							( vw * vh ) ) *
						( moved / Math.max( vw, vh ) );
				}
				w.__bench.bannerShifts += Math.min( own, e.value );
			}
		}
	} ).observe( { type: 'layout-shift', buffered: true } );
	new PerformanceObserver( ( list ) => {
		for ( const e of list.getEntries() ) {
			w.__bench.longTasks.push( [ e.startTime, e.duration ] );
		}
	} ).observe( { type: 'longtask', buffered: true } );
	new PerformanceObserver( ( list ) => {
		for ( const e of list.getEntries() ) {
			const time = e.renderTime || e.loadTime;
			// The face the text was set in: the banner's text waits for its own font file as the page's does.
			const style = e.element ? w.getComputedStyle( e.element ) : null;
			const face = style
				? `${ style.fontFamily.split( ',' )[ 0 ].trim() } ${ style.fontStyle }`
				: '';
			if ( e.identifier === 'tessera-banner' ) {
				w.__bench.banner = { time, face };
			} else if ( e.identifier === 'page-text' ) {
				w.__bench.texts.push( { time, face } );
			}
		}
	} ).observe( { type: 'element', buffered: true } );
}

/** A returning visitor's consent: everything accepted (the default categories, in their order). */
const ACCEPTED =
	'consentid:benchbenchbenchbenchbenchbench12,consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes';

/** @param {string} url Script address. @return {boolean} Whether it is one of Tessera's files. */
const ours = ( url ) => url.includes( '/plugins/tessera/' );

/**
 * One page load.
 *
 * @param {import('playwright-core').Browser} browser
 * @param {'tessera'|'returning'|'control'}   variant `returning`: Tessera, with an accept-all consent cookie.
 */
async function measure( browser, variant ) {
	const context = await browser.newContext( {
		viewport: { width: 1280, height: 800 },
	} );
	if ( variant === 'returning' ) {
		await context.addCookies( [
			{ name: 'cookieyes-consent', value: ACCEPTED, url: BASE },
		] );
	}
	// No internet here: answer anything external at once (the same for both variants).
	await context.route(
		( url ) => ! url.href.startsWith( BASE ),
		( route ) => route.abort()
	);
	const page = await context.newPage();
	await page.addInitScript( collector );
	const url = `${ BASE }${ PATH }${ variant === 'control' ? ( PATH.includes( '?' ) ? '&' : '?' ) + 'tessera-bench=off' : '' }`;
	// Mark the banner's title for the Element Timing API (the same pass-through for both variants).
	await page.route( url, async ( route ) => {
		const response = await route.fetch();
		// Text of the page's own content is marked too: fonts delay every text past the first contentful
		// paint, so "visible at FCP" means painted no later than the page's own first text in the same face
		// (the theme's fonts arrive one by one: a heading set in another font can paint a frame earlier).
		const body = ( await response.text() )
			.replace(
				'class="tessera-consent__description"',
				'class="tessera-consent__description" elementtiming="tessera-banner"'
			)
			.replace( /<(h1|h2|p|a)( |>)/g, '<$1 elementtiming="page-text"$2' );
		await route.fulfill( { response, body } );
	} );
	const files = [];
	page.on( 'response', async ( response ) => {
		if ( response.url().includes( '/plugins/tessera/' ) ) {
			const type = response.request().resourceType();
			const sizes = await response
				.request()
				.sizes()
				.catch( () => null );
			files.push( {
				url: response.url(),
				type,
				bytes: sizes ? sizes.responseBodySize : 0,
			} );
		}
	} );
	const cdp = await context.newCDPSession( page );
	await cdp.send( 'Emulation.setCPUThrottlingRate', { rate: CPU } );
	await browser.startTracing( page, { categories: TRACE_CATEGORIES } );
	await page.goto( url, { waitUntil: 'load' } );
	await page.waitForTimeout( SETTLE_MS );
	const own = fromTrace(
		JSON.parse( ( await browser.stopTracing() ).toString() ),
		ours
	);
	const m = await page.evaluate( () => {
		const fcp =
			performance.getEntriesByName( 'first-contentful-paint' )[ 0 ]
				?.startTime ?? null;
		const b = window.__bench;
		const tbt = b.longTasks
			.filter(
				( [ start, duration ] ) =>
					fcp !== null && start + duration > fcp
			)
			.reduce(
				( sum, [ start, duration ] ) =>
					sum +
					Math.max( 0, duration - 50 - Math.max( 0, fcp - start ) ),
				0
			);
		const bannerInHtml = !! document.getElementById(
			'tessera-consent-banner'
		);
		// Requests of ours in <head> that block rendering: an external script without async/defer, a stylesheet
		// for every medium (issue 20: the runtime and the banner's styles are inline).
		const blocking = [
			...Array.from( document.head.querySelectorAll( 'script[src]' ) )
				.filter(
					( s ) => ! s.async && ! s.defer && s.type !== 'module'
				)
				.map( ( s ) => s.src ),
			...Array.from(
				document.head.querySelectorAll( 'link[rel="stylesheet"]' )
			)
				.filter( ( l ) => ! l.media || l.media === 'all' )
				.map( ( l ) => l.href ),
		].filter( ( src ) => src.includes( '/plugins/tessera/' ) );
		// The page's settled layout: a banner in the flow would move or lengthen it.
		const blocks =
			document.querySelector( '.wp-site-blocks' ) || document.body;
		return {
			fcp,
			acted: window.tessera?.consent?.isUserActionCompleted === true,
			cls: b.shifts,
			bannerCls: b.bannerShifts,
			layout: {
				top: Math.round( blocks.getBoundingClientRect().top ),
				height: Math.round( document.documentElement.scrollHeight ),
			},
			tbt,
			banner: b.banner,
			texts: b.texts,
			bannerInHtml,
			blocking,
		};
	} );
	await context.close();
	return {
		...m,
		ownAfterFcp: own.own,
		ownBlocking: own.ownBlocking,
		files,
	};
}

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
const runs = { tessera: [], returning: [], control: [] };
try {
	// One warm-up of each (PHP opcache, file cache), not counted.
	await measure( browser, 'tessera' );
	await measure( browser, 'control' );
	for ( let i = 0; i < RUNS; i++ ) {
		// Interleaved, so that every variant shares whatever else the machine is doing.
		runs.tessera.push( await measure( browser, 'tessera' ) );
		runs.returning.push( await measure( browser, 'returning' ) );
		runs.control.push( await measure( browser, 'control' ) );
	}
} finally {
	await browser.close();
}

const summary = ( list ) => ( {
	cls: median( list.map( ( r ) => r.cls ) ),
	tbt: median( list.map( ( r ) => r.tbt ) ),
	fcp: median( list.map( ( r ) => r.fcp ?? NaN ) ),
	ownBlocking: median( list.map( ( r ) => r.ownBlocking ) ),
	ownAfterFcp: median( list.map( ( r ) => r.ownAfterFcp ) ),
} );
const t = summary( runs.tessera );
const back = summary( runs.returning );
const c = summary( runs.control );
const files = runs.tessera[ 0 ].files;
const bannerShown = runs.tessera.every( ( r ) => r.bannerInHtml );
const firstOf = ( texts ) =>
	texts.length ? Math.min( ...texts.map( ( x ) => x.time ) ) : null;
const bannerAtFcp = runs.tessera.map( ( r ) => {
	if ( r.banner === null ) {
		return null;
	}
	// Against the page's first text set in the banner's own face (family and style: the test site's theme has
	// one variable Inter file for every weight), or against its first text of any face when none shares it.
	const same = firstOf( r.texts.filter( ( x ) => x.face === r.banner.face ) );
	const first = same ?? firstOf( r.texts );
	return first === null ? null : r.banner.time - first;
} );
const bannerAtAny = runs.tessera.map( ( r ) => {
	const first = firstOf( r.texts );
	return r.banner === null || first === null ? null : r.banner.time - first;
} );
const blocking = runs.tessera[ 0 ].blocking;
// The banner's own layout shift, per run, and the page's settled layout with and without it.
const bannerCls = runs.tessera.map( ( r ) => r.bannerCls );
const layoutOf = ( list, key ) =>
	median( list.map( ( r ) => r.layout[ key ] ) );
const sameLayout =
	layoutOf( runs.tessera, 'top' ) === layoutOf( runs.control, 'top' ) &&
	layoutOf( runs.tessera, 'height' ) === layoutOf( runs.control, 'height' );
const returningLayout =
	layoutOf( runs.returning, 'top' ) === layoutOf( runs.control, 'top' ) &&
	layoutOf( runs.returning, 'height' ) === layoutOf( runs.control, 'height' );
const returningBannerCls = runs.returning.map( ( x ) => x.bannerCls );
const returningPainted = runs.returning.filter(
	( x ) => x.banner !== null
).length;
const returningActed = runs.returning.every( ( x ) => x.acted );

const ms = ( v ) => `${ v.toFixed( 1 ) } ms`;
let out = `\nCookie consent benchmark: ${ BASE }${ PATH }, first visit, CPU ${ CPU }x, median of ${ RUNS }\n`;
out += `${ 'variant'.padEnd( 22 ) }${ 'CLS'.padStart( 8 ) }${ 'TBT'.padStart( 12 ) }${ 'FCP'.padStart( 12 ) }\n`;
out += `${ 'with Tessera'.padEnd( 22 ) }${ t.cls.toFixed( 3 ).padStart( 8 ) }${ ms( t.tbt ).padStart( 12 ) }${ ms( t.fcp ).padStart( 12 ) }\n`;
out += `${ 'without (control)'.padEnd( 22 ) }${ c.cls.toFixed( 3 ).padStart( 8 ) }${ ms( c.tbt ).padStart( 12 ) }${ ms( c.fcp ).padStart( 12 ) }\n`;
out += `${ 'added'.padEnd( 22 ) }${ ( t.cls - c.cls ).toFixed( 3 ).padStart( 8 ) }${ ms( t.tbt - c.tbt ).padStart( 12 ) }${ ms( t.fcp - c.fcp ).padStart( 12 ) }\n`;
out += `${ 'returning (accepted)'.padEnd( 22 ) }${ back.cls.toFixed( 3 ).padStart( 8 ) }${ ms( back.tbt ).padStart( 12 ) }${ ms( back.fcp ).padStart( 12 ) }\n`;
out += `${ 'returning added'.padEnd( 22 ) }${ ( back.cls - c.cls ).toFixed( 3 ).padStart( 8 ) }${ ms( back.tbt - c.tbt ).padStart( 12 ) }${ ms( back.fcp - c.fcp ).padStart( 12 ) }\n`;
out += `returning visitor: banner painted in ${ returningPainted } of ${ RUNS } runs; Tessera's blocking share median ${ ms( back.ownBlocking ) } (max ${ ms( Math.max( ...runs.returning.map( ( x ) => x.ownBlocking ) ) ) }), script time after FCP ${ ms( back.ownAfterFcp ) }; settled layout ${ layoutOf( runs.returning, 'top' ) }, ${ layoutOf( runs.returning, 'height' ) } px\n`;
out += `CLS per run (the theme's font swaps and an image without a size shift the page by 0.01-0.2 in either variant), with: ${ runs.tessera.map( ( r ) => r.cls.toFixed( 3 ) ).join( ', ' ) }; without: ${ runs.control.map( ( r ) => r.cls.toFixed( 3 ) ).join( ', ' ) }\n`;
out += `of it the banner's own nodes, per run: ${ bannerCls.map( ( v ) => v.toFixed( 4 ) ).join( ', ' ) }\n`;
out += `the page's settled layout (top of its blocks, document height), with: ${ layoutOf( runs.tessera, 'top' ) }, ${ layoutOf( runs.tessera, 'height' ) } px; without: ${ layoutOf( runs.control, 'top' ) }, ${ layoutOf( runs.control, 'height' ) } px\n`;
out += `Tessera's own main-thread script time after FCP: median ${ ms( t.ownAfterFcp ) } (max ${ ms( Math.max( ...runs.tessera.map( ( r ) => r.ownAfterFcp ) ) ) }); of it beyond the 50 ms of the tasks it ran in, the blocking time it accounts for: median ${ ms( t.ownBlocking ) } (max ${ ms( Math.max( ...runs.tessera.map( ( r ) => r.ownBlocking ) ) ) })\n`;
out += `TBT per run, with: ${ runs.tessera.map( ( r ) => r.tbt.toFixed( 0 ) ).join( ', ' ) }; without: ${ runs.control.map( ( r ) => r.tbt.toFixed( 0 ) ).join( ', ' ) } ms\n`;
out += `FCP per run, with: ${ runs.tessera.map( ( r ) => r.fcp.toFixed( 0 ) ).join( ', ' ) }; without: ${ runs.control.map( ( r ) => r.fcp.toFixed( 0 ) ).join( ', ' ) } ms\n`;
const list = ( values ) =>
	values.map( ( v ) => ( v === null ? 'n/a' : ms( v ) ) ).join( ', ' );
out += `banner text (${ runs.tessera[ 0 ].banner?.face ?? 'n/a' }) painted minus the page's first text in that face, per run: ${ list( bannerAtFcp ) }\n`;
out += `the same against the page's first text in any face (fonts arrive one by one): ${ list( bannerAtAny ) }\n`;
out += `Tessera files on the page (bytes transferred; the test site compresses text files): ${ files.map( ( f ) => `${ f.url.replace( /^.*\/plugins\/tessera\//, '' ).replace( /\?.*$/, '' ) } ${ f.bytes } B` ).join( ', ' ) }\n`;

const fmt = ( v ) => ( v === null ? 'n/a' : `${ v.toFixed( 0 ) } ms` );
const latest = ( values ) =>
	values.includes( null ) ? null : Math.max( ...values );
const checks = [
	check(
		'banner in the server HTML',
		'every run',
		`${ runs.tessera.filter( ( r ) => r.bannerInHtml ).length } of ${ RUNS } runs`,
		bannerShown
	),
	// The page's totals differ by up to 0.2 between two loads of the same page (the theme's navigation wraps
	// again when its font arrives, an image of its pattern has no size): their medians side by side failed a
	// CI run with 0.078 against 0.042 while no node of the banner moved. What the banner adds is its own
	// nodes' shift, and, would it sit in the page's flow, a page moved or lengthened by it. Exact, not timed:
	// the regression floor of a quick run is the bar itself.
	check(
		'layout shift added by the banner',
		'0.00 (< 0.005 every run), settled layout the same',
		`${ Math.max( ...bannerCls ).toFixed( 4 ) } (worst run), layout ${ sameLayout ? 'the same' : 'moved' }`,
		bannerCls.every( ( v ) => v < 0.005 ) && sameLayout,
		{ floor: true }
	),
	// Side by side, the page totals move by tens of ms between runs on a shared 2-core machine (a CI run had
	// 44 against 12 ms, single runs from 0 to 198 ms either way). The trace's share is exact for the work our
	// script does: in each task it ran in, its time up to that task's time beyond 50 ms. Either shows the
	// budget holds.
	check(
		'blocking time added at CPU 4x',
		"<= 10 ms (side by side, or our scripts' share)",
		`${ ms( t.tbt - c.tbt ) } side by side, ${ ms( t.ownBlocking ) } ours`,
		t.tbt - c.tbt <= 10 || t.ownBlocking <= 10
	),
	// Painted no later than the page's own first text of any face (Element Timing: the frame that painted it).
	// In the theme's face it waited for the font file (a CI run had it 168 ms after the first text of another
	// face); set in the system's face since issue 20, it paints with the page's first content.
	check(
		"banner painted after the page's first text",
		'<= 0 ms every run',
		`${ fmt( latest( bannerAtAny ) ) } (latest run)`,
		bannerAtAny.every( ( v ) => v !== null && v <= 0 )
	),
	// The runtime is a small synchronous script on purpose (it must run before any tag); it is ours, on our
	// origin, not an external one: none of OUR scripts may come from another host.
	// Issue 19: the page is the same for everyone; for a visitor who chose, the runtime hides the banner before
	// the first paint (Element Timing never sees its text) and restores what was accepted.
	check(
		'returning visitor (accepted all): banner never painted',
		'0 runs, the choice read',
		`${ returningPainted } of ${ RUNS } runs${ returningActed ? '' : ', choice not read' }`,
		returningPainted === 0 && returningActed,
		{ floor: true }
	),
	check(
		'layout shift added for a returning visitor',
		'0.00 (< 0.005 every run), settled layout the same',
		`${ Math.max( ...returningBannerCls ).toFixed( 4 ) } (worst run), layout ${ returningLayout ? 'the same' : 'moved' }`,
		returningBannerCls.every( ( v ) => v < 0.005 ) && returningLayout,
		{ floor: true }
	),
	check(
		'blocking time added for a returning visitor at CPU 4x',
		"<= 10 ms (side by side, or our scripts' share)",
		`${ ms( back.tbt - c.tbt ) } side by side, ${ ms( back.ownBlocking ) } ours`,
		back.tbt - c.tbt <= 10 || back.ownBlocking <= 10
	),
	// Issue 20: nothing of ours blocks rendering; what consent needs before any other script is inline.
	check(
		'render-blocking requests of ours (scripts, stylesheets)',
		'none',
		blocking.length ? blocking.join( ', ' ) : '0',
		blocking.length === 0,
		{ floor: true }
	),
	check(
		'first contentful paint added by the banner at CPU 4x',
		'<= 20 ms (median, side by side)',
		ms( t.fcp - c.fcp ),
		t.fcp - c.fcp <= 20
	),
];
finish( out, checks, JSON_OUT, {
	tessera: t,
	returning: back,
	control: c,
	runs,
} );
