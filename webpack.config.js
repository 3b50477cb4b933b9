/**
 * Build configuration: wp-scripts' default webpack configuration with the
 * plugin's own, explicit entry points.
 *
 * - Entries are listed by hand (no `src/` auto-discovery), so that only code
 *   that a PHP handle registers ends up in `build/`.
 * - `react`, `react-dom`, `react/jsx-runtime` and `@wordpress/*` stay external:
 *   the default DependencyExtractionWebpackPlugin turns them into WordPress
 *   script handles in each `build/<entry>.asset.php`.
 * - A stylesheet imported by an entry is extracted to `build/<entry>.css`.
 *
 * To add code: put one line in `SCRIPT_ENTRIES` (e.g. a runtime in
 * `src/runtime/<name>/index.ts`), or create a block folder
 * `blocks/<name>/` with any of `index.tsx` (editor), `view.ts` (front-end
 * loader) and `island.tsx` (hydrated on intent); they are found by
 * `blockEntries()` and built to `build/blocks/<name>/<file>.js`.
 */

/**
 * External dependencies
 */
const fs = require( 'fs' );
const path = require( 'path' );

/**
 * WordPress dependencies
 */
const defaultConfig = require( '@wordpress/scripts/config/webpack.config' );

/**
 * Entry name (path inside build/, without extension) => source file.
 *
 * @type {Record<string, string>}
 */
const SCRIPT_ENTRIES = {
	// Page-speed check: posts list column + admin bar (vanilla TypeScript).
	'speed/index': './src/admin/speed/index.ts',
	// Page-speed check: block editor sidebar (React).
	'editor/speed-sidebar': './src/editor/speed-sidebar/index.tsx',
	'editor/gallery-screen': './src/editor/gallery-screen/index.tsx',
	'admin/consent-settings': './src/admin/consent-settings/index.tsx',
	'admin/stats-dashboard': './src/admin/stats-dashboard/index.tsx',
	'admin/form-entries': './src/admin/form-entries/index.tsx',
	// Site-wide consent runtime (dependency-free, every front-end page).
	'runtime/consent': './src/runtime/consent/index.ts',
	// Its banner stylesheet (CSS only: the .js file it leaves is never printed).
	'runtime/consent-banner': './src/runtime/consent/banner.scss',
	// Preference centre + CCPA opt-out, loaded on intent by the runtime.
	'runtime/consent-preferences': './src/runtime/consent/preferences/index.ts',
	// Site-wide visitor tracker (dependency-free, budget 1 KB; docs/stats.md).
	'runtime/tracker': './src/runtime/tracker/index.ts',
	// Its consent gate for WP Consent API and Real Cookie Banner (loads the tracker once allowed).
	'runtime/tracker-gate': './src/runtime/tracker/gate-entry.ts',
};

/** Source files that a block folder may hold, each built as its own entry. */
const BLOCK_ENTRY_FILES = [
	'index.ts',
	'index.tsx',
	'view.ts',
	'island.tsx',
	// The gallery's slideshow and carousel player (only on pages showing one).
	'player.ts',
	// The gallery's in-place navigation (front-end AJAX on), loaded on intent by its view script.
	'nav.ts',
];

/**
 * Finds the entry points of the blocks in `blocks/<name>/`.
 *
 * @return {Record<string, string>} Entry name => source file.
 */
function blockEntries() {
	const blocksDir = path.resolve( __dirname, 'blocks' );
	if ( ! fs.existsSync( blocksDir ) ) {
		return {};
	}
	/** @type {Record<string, string|string[]>} */
	const entries = {};
	for ( const dirent of fs.readdirSync( blocksDir, {
		withFileTypes: true,
	} ) ) {
		if ( ! dirent.isDirectory() ) {
			continue;
		}
		for ( const file of BLOCK_ENTRY_FILES ) {
			const source = path.join( blocksDir, dirent.name, file );
			if ( fs.existsSync( source ) ) {
				const name = file.replace( /\.tsx?$/, '' );
				entries[ `blocks/${ dirent.name }/${ name }` ] =
					'./' + path.relative( __dirname, source );
			}
		}
	}
	// A stylesheet named like one of the block's scripts (the gallery's player.ts and player.css) joins that
	// entry: one entry name, both files built beside each other.
	for ( const [ name, style ] of Object.entries(
		blockStyleEntries( blocksDir )
	) ) {
		entries[ name ] = entries[ name ] ? [ entries[ name ], style ] : style;
	}
	return entries;
}

/**
 * The front-end stylesheets each block.json prints (`style`), built minified beside the block's scripts
 * (build/blocks/<name>/<file>.css, and its -rtl.css): block.json points at the built files, so that core's
 * wp_maybe_inline_styles() prints them inline within its size limit instead of a render-blocking request.
 * Each `style` of the form `file:../../build/blocks/<name>/<file>.css` is built from blocks/<name>/<file>.css.
 *
 * @param {string} blocksDir The blocks folder.
 * @return {Record<string, string>} Entry name => source stylesheet.
 */
function blockStyleEntries( blocksDir ) {
	/** @type {Record<string, string>} */
	const entries = {};
	for ( const name of fs.readdirSync( blocksDir ) ) {
		const json = path.join( blocksDir, name, 'block.json' );
		if ( ! fs.existsSync( json ) ) {
			continue;
		}
		const styles = [ JSON.parse( fs.readFileSync( json, 'utf8' ) ).style ]
			.flat()
			.filter( ( s ) => typeof s === 'string' );
		for ( const style of styles ) {
			const built = style.match(
				/^file:\.\.\/\.\.\/build\/(blocks\/[\w-]+\/[\w-]+)\.css$/
			);
			if ( built ) {
				entries[ built[ 1 ] ] = `./${ built[ 1 ] }.css`;
			}
		}
	}
	return entries;
}

/**
 * Adapts wp-scripts' script configuration (the first one, when the
 * experimental modules flag makes it a list).
 *
 * @param {import('webpack').Configuration} config wp-scripts' configuration.
 * @return {import('webpack').Configuration} The plugin's configuration.
 */
function withPluginEntries( config ) {
	// wp-scripts' `style` chunk group renames any style.css to style-<entry>.css: the blocks' stylesheets keep
	// their names (no entry imports a style.css of its own).
	const { style, ...cacheGroups } =
		config.optimization?.splitChunks?.cacheGroups ?? {};
	return {
		...config,
		entry: { ...SCRIPT_ENTRIES, ...blockEntries() },
		optimization: {
			...config.optimization,
			splitChunks: { ...config.optimization?.splitChunks, cacheGroups },
		},
	};
}

module.exports = Array.isArray( defaultConfig )
	? [ withPluginEntries( defaultConfig[ 0 ] ), ...defaultConfig.slice( 1 ) ]
	: withPluginEntries( defaultConfig );
