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
