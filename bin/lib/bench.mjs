/**
 * What the benchmark scripts (bin/bench-*.mjs) share: their command-line options, the median, and their checks
 * (printed, written to their --json output for bin/lib/bench-summary.mjs, and turned into the exit code).
 */
import fs from 'node:fs';

const argv = process.argv.slice( 2 );

/**
 * `--quick` (`npm run bench -- --quick`, what CI runs): only the regression floors decide the exit code; every
 * other bar is still checked and printed as met or missed.
 */
export const QUICK = argv.includes( '--quick' );

/**
 * The value of a `--name value` option, or the fallback.
 *
 * @param {string} name     Option name, without the dashes.
 * @param {string} fallback Value when the option is missing or has no value.
 * @return {string} The value.
 */
export function arg( name, fallback ) {
	const i = argv.indexOf( `--${ name }` );
	return i >= 0 && argv[ i + 1 ] ? argv[ i + 1 ] : fallback;
}

/**
 * The middle value (the mean of the two middle ones for an even count).
 *
 * @param {number[]} values Values.
 * @return {number} Median.
 */
export function median( values ) {
	const sorted = [ ...values ].sort( ( a, b ) => a - b );
	const mid = Math.floor( sorted.length / 2 );
	return sorted.length % 2
		? sorted[ mid ]
		: ( sorted[ mid - 1 ] + sorted[ mid ] ) / 2;
}

/**
 * The order of the variants in run `i` of an interleaved comparison: reversed on every other run, so that neither
 * variant always follows the other (a warm cache, a busy neighbour on the shared cores).
 *
 * @param {number}   i        Run index (0-based).
 * @param {Array<*>} variants Variants (names, or the browsers that load them).
 * @return {Array<*>} The variants in this run's order.
 */
export function alternate( i, variants ) {
	return i % 2 ? [ ...variants ].reverse() : [ ...variants ];
}

export const TRACE_CATEGORIES = [
	'toplevel',
	'devtools.timeline',
	'v8.execute',
];

/**
 * What a Chromium trace of one page load says, from the first contentful paint to the end of the trace (the load
 * event and a second after it), about the page's renderer main thread:
 *
 * - `tbt`: total blocking time, the time of each task beyond 50 ms (a task begun before the paint counts from the
 *   paint on), by the clock, as a visitor waits;
 * - `cpuTbt`: the same from each task's thread time (CPU time: Chrome's 4x slow-down is in it, the time the shared
 *   machine gave to other programs is not), the figure the bar is checked on;
 * - `own` / `ownCpu`: the main-thread time (clock, CPU) spent running the scripts `isOurs` names after that paint
 *   (evaluation and every later call: listeners, observers, timers; nested events not counted twice);
 * - `ownBlocking`: the blocking time (CPU) those scripts account for: in each task, their time, up to the task's
 *   time beyond 50 ms — what the page's blocking time would lose without them. Exact for the work they do
 *   themselves (a layout they force is inside their calls); style and layout that their changes cause in a later
 *   task are only in the side-by-side comparison.
 *
 * @param {{traceEvents: Array<Record<string, any>>}} trace  Trace (categories: toplevel, devtools.timeline, v8.execute).
 * @param {(url: string) => boolean}                  isOurs Whether a script address is one of the scripts measured.
 * @return {{fcp: number|null, tbt: number, cpuTbt: number, own: number, ownCpu: number, ownBlocking: number}} Milliseconds.
 */
export function fromTrace( trace, isOurs ) {
	const events = trace.traceEvents;
	const paint = events.find( ( e ) => e.name === 'firstContentfulPaint' );
	if ( ! paint ) {
		return {
			fcp: null,
			tbt: NaN,
			cpuTbt: NaN,
			own: NaN,
			ownCpu: NaN,
			ownBlocking: NaN,
		};
	}
	const start = events.find(
		( e ) => e.name === 'navigationStart' && e.pid === paint.pid
	);
	const main = ( e ) =>
		e.ph === 'X' && e.pid === paint.pid && e.tid === paint.tid;
	// The part of an event after the paint, by the clock and in thread time (in proportion).
	const after = ( e ) => {
		const wall = Math.max( 0, e.ts + e.dur - Math.max( e.ts, paint.ts ) );
		return [ wall, e.dur > 0 ? ( ( e.tdur ?? e.dur ) * wall ) / e.dur : 0 ];
	};
	let tbt = 0;
	let cpuTbt = 0;
	const tasks = [];
	for ( const e of events ) {
		if (
			main( e ) &&
			( e.name === 'ThreadControllerImpl::RunTask' ||
				e.name === 'RunTask' )
		) {
			const [ wall, cpu ] = after( e );
			tbt += Math.max( 0, wall - 50000 );
			cpuTbt += Math.max( 0, cpu - 50000 );
			tasks.push( { e, cpu, ours: 0 } );
		}
	}
	const ours = events
		.filter(
			( e ) =>
				main( e ) &&
				[ 'EvaluateScript', 'FunctionCall', 'v8.compile' ].includes(
					e.name
				) &&
				isOurs(
					String(
						e.args?.data?.url ??
							e.args?.data?.scriptName ??
							e.args?.fileName ??
							''
					)
				)
		)
		.sort( ( a, b ) => a.ts - b.ts );
	let end = -1;
	let own = 0;
	let ownCpu = 0;
	for ( const e of ours ) {
		if ( e.ts >= end ) {
			const [ wall, cpu ] = after( e );
			own += wall;
			ownCpu += cpu;
			end = e.ts + e.dur;
			const task = tasks.find(
				( t ) => t.e.ts <= e.ts && e.ts < t.e.ts + t.e.dur
			);
			if ( task ) {
				task.ours += cpu;
			}
		}
	}
	const ownBlocking = tasks.reduce(
		( sum, t ) => sum + Math.min( t.ours, Math.max( 0, t.cpu - 50000 ) ),
		0
	);
	return {
		fcp: start ? ( paint.ts - start.ts ) / 1000 : null,
		tbt: tbt / 1000,
		cpuTbt: cpuTbt / 1000,
		own: own / 1000,
		ownCpu: ownCpu / 1000,
		ownBlocking: ownBlocking / 1000,
	};
}

/** Lighthouse's performance metrics by short name: audit ids. */
export const LIGHTHOUSE_AUDITS = {
	fcp: 'first-contentful-paint',
	lcp: 'largest-contentful-paint',
	tbt: 'total-blocking-time',
	cls: 'cumulative-layout-shift',
	si: 'speed-index',
	ttfb: 'server-response-time',
};

/**
 * The audits the performance score and lighthouseRun() need (`onlyAudits`): the score is the weighted mean of the
 * five metrics, so it is the same as with every audit, and a heavy page's run is much shorter without the others.
 */
export const LIGHTHOUSE_ONLY = [
	...Object.values( LIGHTHOUSE_AUDITS ),
	'network-requests',
];

/**
 * One Lighthouse run (mobile, the performance category only) in an already launched Chrome: the score, the
 * metrics of LIGHTHOUSE_AUDITS, and the page's requests.
 *
 * @param {typeof import('lighthouse').default} lighthouse The Lighthouse module's default export.
 * @param {number}                              port       Chrome's debugging port.
 * @param {string}                              url        Address.
 * @param {string}                              method     Throttling method: `simulate` or `devtools` (applied).
 * @param {Record<string, any>}                 flags      More Lighthouse flags (`onlyAudits`: see LIGHTHOUSE_ONLY).
 * @return {Promise<{score: number, fcp: number, lcp: number, tbt: number, cls: number, si: number, requests: Array<{url: string, transferSize?: number}>}>} The run.
 */
export async function lighthouseRun(
	lighthouse,
	port,
	url,
	method,
	flags = {}
) {
	const result = await lighthouse( url, {
		port,
		output: 'json',
		logLevel: 'error',
		onlyCategories: [ 'performance' ],
		throttlingMethod: method,
		...flags,
	} );
	const lhr = result.lhr;
	if ( lhr.runtimeError ) {
		throw new Error( `${ url }: ${ lhr.runtimeError.message }` );
	}
	const run = {
		score: Math.round( lhr.categories.performance.score * 100 ),
		requests: lhr.audits[ 'network-requests' ].details.items,
	};
	for ( const [ key, audit ] of Object.entries( LIGHTHOUSE_AUDITS ) ) {
		run[ key ] = lhr.audits[ audit ].numericValue;
	}
	return run;
}

/**
 * One check of a benchmark: what is measured, its bar, the figure, whether it was met, and whether it decides the
 * exit code. bin/lib/bench-summary.mjs prints every benchmark's checks in one table.
 *
 * @typedef {{name: string, bar: string, figure: string, met: boolean, gated: boolean, detail?: string}} Check
 */

/**
 * A check. A bar gates the exit code in a full run; a regression floor (`floor`: a looser limit set beside a bar
 * that run-to-run noise would fail) gates in a `--quick` run too; `report` prints a bar without gating it (the bar
 * beside its floor, a method printed beside the gated one).
 *
 * @param {string}                                               name   What is measured.
 * @param {string}                                               bar    The bar, e.g. `<= 100 ms`.
 * @param {string}                                               figure The figure measured, with its unit.
 * @param {boolean}                                              met    Whether the figure is within the bar.
 * @param {{floor?: boolean, report?: boolean, detail?: string}} how    Floor, report only, detail (the runs…).
 * @return {Check} The check.
 */
export function check( name, bar, figure, met, how = {} ) {
	return {
		name,
		bar,
		figure,
		met: Boolean( met ),
		gated: ! how.report && ( Boolean( how.floor ) || ! QUICK ),
		...( how.detail ? { detail: how.detail } : {} ),
	};
}

/**
 * A bar and, when one is set, the regression floor beside it (a looser limit for a figure that run-to-run noise
 * moves across the bar): the bar is then printed only and the floor gates, in a `--quick` run too. Without a
 * floor, the bar is its own floor.
 *
 * @param {string}                              name   What is measured.
 * @param {string}                              figure The figure measured.
 * @param {[string, boolean]}                   bar    The bar and whether it was met.
 * @param {[string, boolean]|null}              floor  The floor and whether it held, or null.
 * @param {{report?: boolean, detail?: string}} how    Report (both printed only), detail (on the bar's line).
 * @return {Check[]} The checks.
 */
export function barAndFloor( name, figure, bar, floor, how = {} ) {
	if ( ! floor ) {
		return [
			check( name, bar[ 0 ], figure, bar[ 1 ], { floor: true, ...how } ),
		];
	}
	return [
		check( name, bar[ 0 ], figure, bar[ 1 ], { ...how, report: true } ),
		check( name, `${ floor[ 0 ] } (regression floor)`, figure, floor[ 1 ], {
			floor: true,
			report: how.report,
		} ),
	];
}

/**
 * The Lighthouse checks of one throttling method: the points a page loses against the same page with the plugin
 * deactivated (medians), against the bar and, for a gated method with a floor set, the floor.
 *
 * @param {string}                                       method  Throttling method.
 * @param {{score: number, scores: number[]}}            ours    The page's median score and its runs.
 * @param {{score: number, scores: number[]}}            without The same with the plugin deactivated.
 * @param {{gated: boolean, bar: number, floor: number}} limits  Whether the method gates; the bar; the floor.
 * @return {{lost: number, name: string, checks: Check[]}} The points lost, the checks' name, the checks.
 */
export function lighthouseGap( method, ours, without, limits ) {
	const lost = without.score - ours.score;
	const name = `Lighthouse ${ method }: points lost against the plugin deactivated`;
	const checks = barAndFloor(
		name,
		`${ lost } (${ ours.score } against ${ without.score })`,
		[ `<= ${ limits.bar }`, lost <= limits.bar ],
		limits.gated && limits.floor !== limits.bar
			? [ `<= ${ limits.floor }`, lost <= limits.floor ]
			: null,
		{
			report: ! limits.gated,
			detail: `runs ${ ours.scores.join( ', ' ) } against ${ without.scores.join( ', ' ) }`,
		}
	);
	return { lost, name, checks };
}

/**
 * Prints a benchmark's report and checks (`ok`, `FAIL` when a gated check failed, `miss` when a bar printed only
 * was missed), writes its JSON (`data` and the checks) when `jsonFile` is set, and exits: 1 when a gated check
 * failed.
 *
 * @param {string}              out      The report printed before the checks.
 * @param {Check[]}             checks   The checks.
 * @param {string}              jsonFile Where to write the JSON ('' for nowhere).
 * @param {Record<string, any>} data     What else the JSON holds.
 */
export function finish( out, checks, jsonFile, data ) {
	let text = out;
	let failed = false;
	for ( const c of checks ) {
		let mark = 'ok  ';
		if ( ! c.met ) {
			mark = c.gated ? 'FAIL' : 'miss';
		}
		failed ||= ! c.met && c.gated;
		text += `${ mark } ${ c.name }: ${ c.figure } (bar: ${ c.bar }${
			c.gated ? '' : ', not gated'
		})${ c.detail ? `; ${ c.detail }` : '' }\n`;
	}
	process.stdout.write( text );
	if ( jsonFile ) {
		fs.writeFileSync(
			jsonFile,
			JSON.stringify( { ...data, checks }, null, 2 )
		);
	}
	process.exit( failed ? 1 : 0 );
}
