/**
 * Prints the closing table of `npm run bench`: every check of every benchmark (the `checks` records of their JSON
 * outputs, bin/lib/bench.mjs) with its bar, the figure, met or missed, and whether it gated the exit code; then the
 * time of each benchmark, a line counting the bars missed that did not gate, and the last line
 * "N passed, N failed". Passed: gated checks that held. Failed: gated checks that did not, and each benchmark that
 * crashed (no JSON, or a non-zero exit with no failed gated check). Exits 1 when anything failed.
 *
 * Usage: node bin/lib/bench-summary.mjs <steps.tsv> <total seconds>
 *   steps.tsv: one line per benchmark: name, exit code, seconds, its JSON file (tab-separated).
 */
import fs from 'node:fs';

const [ stepsFile, totalSeconds ] = process.argv.slice( 2 );

/**
 * @param {string} file A benchmark's JSON output.
 * @return {Array<Record<string, any>>|null} Its checks, or null when it wrote none.
 */
function checksOf( file ) {
	try {
		const data = JSON.parse( fs.readFileSync( file, 'utf8' ) );
		return Array.isArray( data.checks ) ? data.checks : null;
	} catch {
		return null;
	}
}

const rows = [ [ 'benchmark', 'check', 'bar', 'figure', 'result', 'gated' ] ];
const times = [];
let passed = 0;
let failed = 0;
let missed = 0;
const steps = fs
	.readFileSync( stepsFile, 'utf8' )
	.split( '\n' )
	.filter( Boolean )
	.map( ( line ) => line.split( '\t' ) );
for ( const [ bench, rc, secs, json ] of steps ) {
	const checks = checksOf( json );
	let gatedFailed = 0;
	for ( const c of checks ?? [] ) {
		rows.push( [
			bench,
			c.name,
			c.bar,
			c.figure,
			c.met ? 'met' : 'MISSED',
			c.gated ? 'yes' : 'no',
		] );
		if ( c.gated ) {
			passed += c.met ? 1 : 0;
			gatedFailed += c.met ? 0 : 1;
		} else {
			missed += c.met ? 0 : 1;
		}
	}
	// A benchmark that wrote no checks, or failed without a failed gated check, crashed: one failure.
	const crashed = ! checks || ( rc !== '0' && gatedFailed === 0 );
	if ( crashed ) {
		rows.push( [
			bench,
			'the benchmark ran to its end',
			'exit 0 and its JSON written',
			`exit ${ rc }${ checks ? '' : ', no JSON' }`,
			'CRASHED',
			'yes',
		] );
	}
	failed += gatedFailed + ( crashed ? 1 : 0 );
	times.push( `${ bench } ${ secs } s` );
}

const widths = rows[ 0 ].map( ( _, i ) =>
	Math.max( ...rows.map( ( r ) => String( r[ i ] ).length ) )
);
process.stdout.write( '\n=== benchmarks: every bar ===\n' );
for ( const r of rows ) {
	process.stdout.write(
		`${ r
			.map( ( cell, i ) => String( cell ).padEnd( widths[ i ] ) )
			.join( '  ' )
			.trimEnd() }\n`
	);
}
process.stdout.write(
	`times: ${ times.join( ', ' ) }; total ${ totalSeconds } s\n`
);
process.stdout.write(
	`${ missed } missed (bars printed, not gated: not counted as failures)\n`
);
process.stdout.write( `${ passed } passed, ${ failed } failed\n` );
process.exit( failed > 0 ? 1 : 0 );
