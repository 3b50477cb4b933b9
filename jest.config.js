/**
 * Unit tests: wp-scripts' jest configuration, limited to the folders that
 * hold unit tests (tests/unit and `test/` folders beside the code in src/ and
 * blocks/). Playwright specs, built files and the local site are never crawled.
 */

/**
 * External dependencies
 */
const fs = require( 'fs' );
const path = require( 'path' );

/**
 * WordPress dependencies
 */
const baseConfig = require( '@wordpress/scripts/config/jest-unit.config.js' );

const roots = [ 'src', 'blocks', 'tests/unit' ]
	.filter( ( dir ) => fs.existsSync( path.join( __dirname, dir ) ) )
	.map( ( dir ) => `<rootDir>/${ dir }` );

module.exports = {
	...baseConfig,
	roots,
	testPathIgnorePatterns: [ '/node_modules/', '<rootDir>/build/' ],
};
