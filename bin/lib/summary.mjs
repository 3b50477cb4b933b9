/**
 * Prints the closing table of `npm test` and its last line, "N passed, N failed", and exits non-zero
 * on any failure. A step that is not a test runner counts as one check; jest, phpunit and Playwright
 * count their tests (from the reports they wrote into artifacts/).
 *
 * Usage: node bin/lib/summary.mjs <steps.tsv> <artifacts dir> <total seconds>
 */
import fs from 'node:fs';
import path from 'node:path';

const [ stepsFile, art, totalSeconds ] = process.argv.slice( 2 );

/**
 * @param {string} file
 * @return {unknown} the parsed JSON, or null when absent or unreadable.
 */
function readJson( file ) {
	try {
		return JSON.parse( fs.readFileSync( path.join( art, file ), 'utf8' ) );
	} catch {
		return null;
	}
}

/** @return {{passed:number, failed:number, skipped:number}|null} the counts, or null without a report */
function jestCounts() {
	const r = readJson( 'jest.json' );
	return r
		? {
				passed: r.numPassedTests,
				failed: r.numFailedTests + ( r.numRuntimeErrorTestSuites || 0 ),
				skipped: r.numPendingTests,
			}
		: null;
}

/**
 * @param {string} file JUnit report in the artifacts folder.
 * @return {{passed:number, failed:number, skipped:number}|null} the counts, or null without a report
 */
function phpunitCounts( file = 'phpunit.xml' ) {
	let xml;
	try {
		xml = fs.readFileSync( path.join( art, file ), 'utf8' );
	} catch {
		return null;
	}
	const m = xml.match( /<testsuite[^>]*\btests="(\d+)"[^>]*>/ );
	if ( ! m ) {
		return null;
	}
	const attr = ( name ) =>
		Number(
			( m[ 0 ].match( new RegExp( `\\b${ name }="(\\d+)"` ) ) || [
				0, 0,
			] )[ 1 ]
		);
	const failed = attr( 'failures' ) + attr( 'errors' );
	const skipped = attr( 'skipped' );
	return { passed: attr( 'tests' ) - failed - skipped, failed, skipped };
}

/**
 * @param {string} file Playwright's JSON report in the artifacts folder (the stack step writes its own).
 * @return {{passed:number, failed:number, skipped:number}|null} the counts, or null without a report
 */
function e2eCounts( file = 'e2e-results.json' ) {
	const r = readJson( file );
	if ( ! r || ! r.stats ) {
		return null;
	}
	return {
		passed: r.stats.expected + r.stats.flaky,
		failed: r.stats.unexpected,
		skipped: r.stats.skipped,
	};
}

const runners = {
	'unit (jest)': jestCounts,
	'php (phpunit)': () => phpunitCounts(),
	'php on mariadb (storage)': () => phpunitCounts( 'phpunit-mariadb.xml' ),
	'e2e (playwright)': () => e2eCounts(),
	'e2e on the stack (playwright)': () =>
		e2eCounts( 'e2e-results-stack.json' ),
};
let passed = 0;
let failed = 0;
let skipped = 0;
let anyStepFailed = false;
const rows = [];
for ( const line of fs
	.readFileSync( stepsFile, 'utf8' )
	.split( '\n' )
	.filter( Boolean ) ) {
	const [ name, rc, secs ] = line.split( '\t' );
	const ok = rc === '0';
	anyStepFailed ||= ! ok;
	const counts = runners[ name ]?.() ?? null;
	if ( counts ) {
		// A runner that failed without a failing test (a crash, a config error) still fails the run.
		const f = counts.failed || ( ok ? 0 : 1 );
		passed += counts.passed;
		failed += f;
		skipped += counts.skipped;
		rows.push( [
			name,
			ok ? 'ok' : 'FAILED',
			`${ counts.passed } passed, ${ f } failed, ${ counts.skipped } skipped`,
			secs,
		] );
	} else {
		passed += ok ? 1 : 0;
		failed += ok ? 0 : 1;
		rows.push( [
			name,
			ok ? 'ok' : 'FAILED',
			runners[ name ] ? 'no report written' : '1 check',
			secs,
		] );
	}
}
/**
 * Every browser test of the Playwright report, with the spec file that runs it and its name: the file and line,
 * then the titles of its describe blocks and its own, joined by " > ".
 *
 * @return {Array<{test: Object, file: string, name: string}>} in the report's order
 */
function e2eTests() {
	const out = [];
	// file: the spec file that runs the test (a test written by a shared helper has that helper's spec.file).
	const walk = ( suite, titles, file ) => {
		for ( const spec of suite.specs || [] ) {
			for ( const test of spec.tests || [] ) {
				out.push( {
					test,
					file,
					name: `${ spec.file }:${ spec.line } ${ [
						...titles,
						spec.title,
					].join( ' > ' ) }`,
				} );
			}
		}
		for ( const s of suite.suites || [] ) {
			walk(
				s,
				s.title && ! s.title.endsWith( '.ts' )
					? [ ...titles, s.title ]
					: titles,
				file
			);
		}
	};
	// The stack step's tests are named with a "[stack]" in front: the same spec runs in both steps.
	for ( const [ report, prefix ] of [
		[ 'e2e-results.json', '' ],
		[ 'e2e-results-stack.json', '[stack] ' ],
	] ) {
		const from = out.length;
		for ( const s of readJson( report )?.suites || [] ) {
			walk( s, [], `${ prefix }${ s.file }` );
		}
		for ( const t of out.slice( from ) ) {
			t.name = `${ prefix }${ t.name }`;
		}
	}
	return out;
}

/**
 * The failing tests by name, with the first line of their error, so that the last lines of a run (which
 * is often all a CI log keeps) say what failed, not only how many.
 *
 * @return {string[]} one line per failing test
 */
function failures() {
	const out = [];
	const firstLine = ( text ) =>
		String( text || '' )
			.replace( /\u001b\[[0-9;]*m/g, '' )
			.split( '\n' )
			.map( ( l ) => l.trim() )
			.find( Boolean ) || '';
	for ( const { test, name } of e2eTests() ) {
		if ( test.status === 'unexpected' ) {
			const last = ( test.results || [] ).at( -1 ) || {};
			out.push( `e2e: ${ name }: ${ firstLine( last.error?.message ) }` );
		}
	}
	const jest = readJson( 'jest.json' );
	for ( const file of jest?.testResults || [] ) {
		for ( const a of file.assertionResults || [] ) {
			if ( a.status === 'failed' ) {
				out.push(
					`jest: ${ path.relative( process.cwd(), file.name ) } ${ a.fullName }: ${ firstLine( ( a.failureMessages || [] )[ 0 ] ) }`
				);
			}
		}
		if (
			file.status === 'failed' &&
			! ( file.assertionResults || [] ).length
		) {
			out.push(
				`jest: ${ path.relative( process.cwd(), file.name ) }: ${ firstLine( file.message ) }`
			);
		}
	}
	for ( const xmlFile of [ 'phpunit.xml', 'phpunit-mariadb.xml' ] ) {
		let xml = '';
		try {
			xml = fs.readFileSync( path.join( art, xmlFile ), 'utf8' );
		} catch {
			continue;
		}
		const re = /<testcase\b([^>]*)>([\s\S]*?)<\/testcase>/g;
		let m;
		while ( ( m = re.exec( xml ) ) ) {
			const bad = m[ 2 ].match(
				/<(failure|error)\b[^>]*>([\s\S]*?)<\/\1>/
			);
			if ( ! bad ) {
				continue;
			}
			const name = ( m[ 1 ].match( /\bname="([^"]*)"/ ) || [] )[ 1 ];
			const cls = ( m[ 1 ].match( /\bclass="([^"]*)"/ ) || [] )[ 1 ];
			out.push(
				`${ xmlFile.replace( '.xml', '' ) }: ${ cls }::${ name }: ${ firstLine(
					bad[ 2 ]
						.replace( /&quot;/g, '"' )
						.replace( /&lt;/g, '<' )
						.replace( /&gt;/g, '>' )
						.replace( /&amp;/g, '&' )
				) }`
			);
		}
	}
	return out.map( ( l ) =>
		l.length > 400 ? `${ l.slice( 0, 400 ) }…` : l
	);
}

/** The per-feature budget of docs/testing.md: a spec file's tests together, and one test, in seconds. */
const SPEC_FILE_BUDGET = 90;
const TEST_BUDGET = 20;

/**
 * The ten slowest browser tests and spec files of the run, those over the budget marked. Printed, not gated: a
 * duration says how loaded the machine was as much as what the test does (docs/testing.md).
 *
 * @return {string[]} the lines to print
 */
function slowest() {
	const tests = e2eTests().map( ( { file, test, name } ) => ( {
		file,
		name,
		seconds:
			( test.results || [] ).reduce(
				( sum, r ) => sum + ( r.duration || 0 ),
				0
			) / 1000,
	} ) );
	if ( ! tests.length ) {
		return [];
	}
	const files = new Map();
	for ( const t of tests ) {
		files.set( t.file, ( files.get( t.file ) || 0 ) + t.seconds );
	}
	const over = ( seconds, budget ) =>
		seconds > budget ? `  OVER the ${ budget } s budget` : '';
	const fmt = ( seconds ) => seconds.toFixed( 1 ).padStart( 6 );
	const lines = [ '', '=== slowest browser tests ===' ];
	for ( const t of [ ...tests ]
		.sort( ( a, b ) => b.seconds - a.seconds )
		.slice( 0, 10 ) ) {
		lines.push(
			`${ fmt( t.seconds ) } s  ${ t.name.slice( 0, 160 ) }${ over(
				t.seconds,
				TEST_BUDGET
			) }`
		);
	}
	lines.push( '', '=== slowest browser spec files ===' );
	for ( const [ file, seconds ] of [ ...files ]
		.sort( ( a, b ) => b[ 1 ] - a[ 1 ] )
		.slice( 0, 10 ) ) {
		lines.push(
			`${ fmt( seconds ) } s  ${ file }${ over(
				seconds,
				SPEC_FILE_BUDGET
			) }`
		);
	}
	return lines;
}

for ( const line of slowest() ) {
	process.stdout.write( `${ line }\n` );
}

const whatFailed = failures();
if ( whatFailed.length ) {
	process.stdout.write( `\n=== what failed (${ whatFailed.length }) ===\n` );
	for ( const l of whatFailed.slice( 0, 30 ) ) {
		process.stdout.write( `${ l }\n` );
	}
}
const w = [ 0, 1, 2 ].map( ( i ) =>
	Math.max( ...rows.map( ( r ) => r[ i ].length ) )
);
process.stdout.write( '\n=== summary ===\n' );
for ( const r of rows ) {
	process.stdout.write(
		`${ r[ 0 ].padEnd( w[ 0 ] ) }  ${ r[ 1 ].padEnd( w[ 1 ] ) }  ${ r[ 2 ].padEnd( w[ 2 ] ) }  ${ r[ 3 ] } s\n`
	);
}
process.stdout.write( `total time ${ totalSeconds } s\n` );
process.stdout.write(
	`${ passed } passed, ${ failed } failed${ skipped ? `, ${ skipped } skipped` : '' }\n`
);
process.exit( failed > 0 || anyStepFailed ? 1 : 0 );
