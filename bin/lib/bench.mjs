/**
 * What the benchmark scripts (bin/bench-*.mjs) share: their command-line options and the median.
 */

const argv = process.argv.slice( 2 );

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
