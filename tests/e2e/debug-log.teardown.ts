/**
 * Runs after every spec of the suite (the `debug-log` teardown project, added by
 * playwright.config.ts when WP_DEBUG_LOG_FILE is set), whether they passed or not: the test
 * site's debug log must not have gained a PHP warning, notice, fatal error or deprecation while
 * the suite ran. The size of the log when the run began is TESSERA_DEBUG_LOG_OFFSET (taken by the
 * config).
 */

/**
 * External dependencies
 */
import fs from 'node:fs';
import { test, expect } from '@playwright/test';

const PROBLEM =
	/PHP (Warning|Notice|Fatal error|Parse error|Deprecated)|PHP Fatal|Deprecated/;

/**
 * What the log gained since the run began ('' when it does not exist).
 *
 * @param file   The debug log.
 * @param offset Its size when the run began.
 */
function newLogText( file: string, offset: number ): string {
	if ( ! fs.existsSync( file ) ) {
		return '';
	}
	const buffer = fs.readFileSync( file );
	return buffer
		.subarray( Math.min( offset, buffer.length ) )
		.toString( 'utf8' );
}

test( 'the debug log gained no PHP warning, notice, fatal error or deprecation', () => {
	const file = String( process.env.WP_DEBUG_LOG_FILE );
	const offset = Number( process.env.TESSERA_DEBUG_LOG_OFFSET || '0' );
	const problems = newLogText( file, offset )
		.split( '\n' )
		.filter( ( line ) => PROBLEM.test( line ) );
	expect( problems, `new lines in ${ file }` ).toEqual( [] );
} );
