/**
 * Size report: gzip -9 bytes of every built entry (JS and CSS) and of the WordPress script handles it pulls
 * in, then the budgets of the engineering guide §4 (and our own for admin-only code), failing (exit 1) when
 * a budget is exceeded. The WordPress files are measured from the WordPress that bin/site unpacked.
 *
 * Usage: node bin/size-report.mjs [--json]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(
	path.dirname( fileURLToPath( import.meta.url ) ),
	'..'
);
const BUILD = path.join( ROOT, 'build' );
// The local sites' home (bin/lib/home.sh decides it, beside the checkout) holds the unpacked WordPress.
const WP = path.join(
	process.env.TESSERA_HOME ||
		execFileSync( 'bash', [ path.join( ROOT, 'bin/lib/home.sh' ) ], {
			encoding: 'utf8',
		} ).trim(),
	'wordpress-6.6'
);
const KB = 1000;

/**
 * Budgets. `entries` are build entry names (build/<name>.js). `externals` says whether the WordPress handles
 * the entries depend on count toward the budget (they do for what a visitor downloads before interaction;
 * an island's React is counted once per page, separately). `cssFiles` are the built stylesheets that block.json
 * prints itself. Rows whose entries are not built yet are shown as such and do not fail.
 */
const BUDGETS = [
	{
		// Issue 19: the runtime restores a returning visitor's accepted tags itself (cache-safe pages): 3.5 + 1.
		row: 'any page: consent runtime + tracker, all JS',
		entries: [ 'runtime/consent', 'runtime/tracker' ],
		externals: true,
		js: 4.5 * KB,
	},
	{
		// The banner stylesheet is a CSS-only entry (its .js stub is never printed): its CSS counts here.
		row: 'consent runtime (+ banner CSS)',
		entries: [ 'runtime/consent' ],
		cssEntries: [ 'runtime/consent-banner' ],
		externals: true,
		js: 3.5 * KB,
		css: 2 * KB,
	},
	{
		// Issue 3: "the preference centre may be a React island loaded on Customize"; ours is plain TS.
		row: 'consent preference centre after intent',
		entries: [ 'runtime/consent-preferences' ],
		externals: true,
		js: 2 * KB,
		css: 2 * KB,
	},
	{
		row: 'tracker',
		entries: [ 'runtime/tracker' ],
		externals: true,
		js: 1 * KB,
	},
	{
		// Only where a third-party banner decides (WP Consent API, Real Cookie Banner): the gate loads the
		// tracker once allowed (docs/stats.md). Those banners bring their own scripts, not ours.
		row: 'tracker consent gate (third-party banners only)',
		entries: [ 'runtime/tracker-gate' ],
		externals: true,
		js: 0.5 * KB,
	},
	{
		// All of the block's stylesheets count: block.json prints them together wherever the block renders.
		row: 'gallery block before interaction',
		entries: [ 'blocks/gallery/view' ],
		cssFiles: [
			'build/blocks/gallery/style.css',
			'build/blocks/gallery/layouts.css',
			'build/blocks/gallery/player.css',
		],
		externals: true,
		js: 3 * KB,
		css: 4 * KB,
	},
	{
		// A page showing a slideshow or carousel loads the player as well: the 3 KB is for all of it.
		row: 'gallery block with a slideshow or carousel',
		entries: [ 'blocks/gallery/view', 'blocks/gallery/player' ],
		externals: true,
		js: 3 * KB,
	},
	{
		// An album page: the album is a gallery container (the gallery's view script and stylesheets, which it
		// enqueues itself) plus its own stylesheet, and its Back script once a gallery or sub-album is open.
		row: 'album block, a gallery open in it',
		entries: [ 'blocks/gallery/view', 'blocks/album/view' ],
		cssFiles: [
			'build/blocks/gallery/style.css',
			'build/blocks/gallery/layouts.css',
			'build/blocks/gallery/player.css',
			'build/blocks/album/style.css',
		],
		externals: true,
		js: 3 * KB,
		css: 5 * KB,
	},
	{
		// Galleries with front-end AJAX on: the in-place navigation, loaded by the view script on intent.
		row: 'gallery in-place navigation after intent',
		entries: [ 'blocks/gallery/nav' ],
		externals: true,
		js: 2 * KB,
	},
	{
		// Its stylesheet (build/blocks/gallery/island.css) comes with it, on intent too.
		row: 'lightbox island after intent (React apart)',
		entries: [ 'blocks/gallery/island' ],
		externals: false,
		js: 15 * KB,
		css: 4 * KB,
	},
	{
		// The block's stylesheet is block.json's `style` (printed only where the block renders), not a build entry.
		row: 'form block before interaction',
		entries: [ 'blocks/form/view' ],
		cssFiles: [ 'build/blocks/form/style.css' ],
		externals: true,
		js: 4 * KB,
		css: 4 * KB,
	},
	{
		row: 'form island after intent (React apart)',
		entries: [ 'blocks/form/island' ],
		externals: false,
		js: 15 * KB,
	},
	// Admin-only code: not in the guide; our own ceilings so that it stays small.
	{
		// Loaded for administrators only (front end and admin), never for visitors.
		row: 'speed: list column + admin bar (admins only)',
		entries: [ 'speed/index' ],
		externals: false,
		js: 6 * KB,
		css: 3 * KB,
	},
	{
		row: 'speed: editor sidebar (editor already has React)',
		entries: [ 'editor/speed-sidebar' ],
		externals: false,
		js: 8 * KB,
		css: 2 * KB,
	},
	{
		// The consent settings screen (Settings → Cookie consent); WordPress components come from core.
		row: 'consent settings screen (admins only)',
		entries: [ 'admin/consent-settings' ],
		externals: false,
		js: 8 * KB,
		css: 2 * KB,
	},
	{
		// The Statistics screen (admins only): ~21 KB of it is the chart library uPlot; measured 31.1 KB.
		row: 'statistics dashboard (admins only)',
		entries: [ 'admin/stats-dashboard' ],
		externals: false,
		js: 32 * KB,
		css: 2 * KB,
	},
	{
		// Forms → Entries (admins only): ~7.5 KB of it is zod/mini (guide §3.7), the screen ~4.7 KB with the
		// retention panel; measured 12.2 KB.
		row: 'form entries screen (admins only)',
		entries: [ 'admin/form-entries' ],
		externals: false,
		js: 13 * KB,
		css: 2 * KB,
	},
	{
		// A gallery's edit screen (editors only): its images box; measured 4.4 KB.
		row: 'gallery edit screen (editors only)',
		entries: [ 'editor/gallery-screen' ],
		externals: false,
		js: 8 * KB,
	},
];

const gz = ( file ) =>
	fs.existsSync( file )
		? zlib.gzipSync( fs.readFileSync( file ), { level: 9 } ).length
		: 0;

/** @return {string[]} entry names under build/, from their *.asset.php files */
function builtEntries() {
	const out = [];
	const walk = ( dir ) => {
		if ( ! fs.existsSync( dir ) ) {
			return;
		}
		for ( const f of fs.readdirSync( dir, { withFileTypes: true } ) ) {
			const p = path.join( dir, f.name );
			if ( f.isDirectory() ) {
				walk( p );
			} else if ( f.name.endsWith( '.asset.php' ) ) {
				out.push(
					path.relative( BUILD, p ).replace( /\.asset\.php$/, '' )
				);
			}
		}
	};
	walk( BUILD );
	return out.sort();
}

/**
 * @param {string} entry
 * @return {string[]} the script handles in the entry's asset file
 */
function entryDeps( entry ) {
	const src = fs.readFileSync(
		path.join( BUILD, `${ entry }.asset.php` ),
		'utf8'
	);
	const m = src.match( /'dependencies'\s*=>\s*array\(([^)]*)\)/ );
	return m
		? [ ...m[ 1 ].matchAll( /'([^']+)'/g ) ].map( ( x ) => x[ 1 ] )
		: [];
}

/** WordPress' own handles: file and dependencies, from the unpacked WordPress. */
const wpHandles = ( () => {
	const map = new Map();
	const vendor = {
		react: [],
		'react-dom': [ 'react' ],
		'react-jsx-runtime': [ 'react' ],
		lodash: [],
		moment: [],
		'regenerator-runtime': [],
		'wp-polyfill': [],
	};
	for ( const [ h, deps ] of Object.entries( vendor ) ) {
		map.set( h, {
			file: path.join(
				WP,
				'wp-includes/js/dist/vendor',
				`${ h }.min.js`
			),
			deps,
		} );
	}
	const pkgFile = path.join(
		WP,
		'wp-includes/assets/script-loader-packages.min.php'
	);
	if ( fs.existsSync( pkgFile ) ) {
		try {
			const json = execFileSync(
				'php',
				[ '-r', 'echo json_encode( include $argv[1] );', pkgFile ],
				{ encoding: 'utf8' }
			);
			for ( const [ file, data ] of Object.entries(
				JSON.parse( json )
			) ) {
				const base = file.replace( /\.min\.js$/, '' );
				map.set( `wp-${ base }`, {
					file: path.join( WP, 'wp-includes/js/dist', file ),
					deps: data.dependencies || [],
				} );
			}
		} catch {
			// Without PHP the externals are listed but not measured.
		}
	}
	return map;
} )();

/**
 * @param {string[]} handles
 * @return {string[]} the handles and everything they depend on, once each
 */
function closure( handles ) {
	const seen = new Set();
	const visit = ( h ) => {
		if ( seen.has( h ) ) {
			return;
		}
		seen.add( h );
		( wpHandles.get( h )?.deps || [] ).forEach( visit );
	};
	handles.forEach( visit );
	return [ ...seen ];
}

const fmt = ( n ) => ( n / KB ).toFixed( 2 ) + ' KB';
const entries = builtEntries();
const perEntry = entries.map( ( e ) => {
	const deps = entryDeps( e );
	const ext = closure( deps );
	const extBytes = ext.reduce(
		( s, h ) => s + gz( wpHandles.get( h )?.file || '' ),
		0
	);
	return {
		entry: e,
		js: gz( path.join( BUILD, `${ e }.js` ) ),
		css: gz( path.join( BUILD, `${ e }.css` ) ),
		deps,
		externals: ext,
		externalBytes: extBytes,
	};
} );

const pad = ( s, n ) => String( s ).padEnd( n );
const lpad = ( s, n ) => String( s ).padStart( n );
let out = '\nBuilt entries (gzip -9)\n';
out += `${ pad( 'entry', 28 ) }${ lpad( 'JS', 10 ) }${ lpad( 'CSS', 10 ) }${ lpad( '+WP handles', 13 ) }  handles pulled in\n`;
for ( const r of perEntry ) {
	out += `${ pad( r.entry, 28 ) }${ lpad( fmt( r.js ), 10 ) }${ lpad( fmt( r.css ), 10 ) }${ lpad( fmt( r.externalBytes ), 13 ) }  ${ r.externals.join( ', ' ) || '-' }\n`;
}

let failed = 0;
out += '\nBudgets (guide §4; KB = 1000 bytes)\n';
out += `${ pad( 'what', 50 ) }${ lpad( 'JS', 10 ) }${ lpad( 'budget', 10 ) }${ lpad( 'CSS', 10 ) }${ lpad( 'budget', 10 ) }  result\n`;
const results = [];
for ( const b of BUDGETS ) {
	const rows = perEntry.filter( ( r ) => b.entries.includes( r.entry ) );
	const cssRows = perEntry.filter( ( r ) =>
		( b.cssEntries ?? [] ).includes( r.entry )
	);
	// A block with only a stylesheet so far (no script yet) is measured by its CSS.
	if ( ! rows.length && ! ( b.cssFiles ?? [] ).length ) {
		out += `${ pad( b.row, 50 ) }${ lpad( '-', 10 ) }${ lpad( fmt( b.js ), 10 ) }${ lpad( '-', 10 ) }${ lpad( b.css ? fmt( b.css ) : '-', 10 ) }  not built yet\n`;
		continue;
	}
	const ext = b.externals ? closure( rows.flatMap( ( r ) => r.deps ) ) : [];
	const js =
		rows.reduce( ( s, r ) => s + r.js, 0 ) +
		ext.reduce( ( s, h ) => s + gz( wpHandles.get( h )?.file || '' ), 0 );
	const css =
		[ ...rows, ...cssRows ].reduce( ( s, r ) => s + r.css, 0 ) +
		( b.cssFiles ?? [] ).reduce(
			( s, f ) => s + gz( path.join( ROOT, f ) ),
			0
		);
	const over = js > b.js || ( b.css !== undefined && css > b.css );
	failed += over ? 1 : 0;
	results.push( {
		row: b.row,
		js,
		jsBudget: b.js,
		css,
		cssBudget: b.css ?? null,
		ok: ! over,
	} );
	out += `${ pad( b.row, 50 ) }${ lpad( fmt( js ), 10 ) }${ lpad( fmt( b.js ), 10 ) }${ lpad( fmt( css ), 10 ) }${ lpad( b.css ? fmt( b.css ) : '-', 10 ) }  ${ over ? 'OVER BUDGET' : 'ok' }\n`;
}
if ( process.argv.includes( '--json' ) ) {
	process.stdout.write(
		JSON.stringify( { entries: perEntry, budgets: results }, null, 2 ) +
			'\n'
	);
} else {
	process.stdout.write( out + '\n' );
}
if ( ! entries.length ) {
	process.stderr.write(
		'size report: nothing built (run the build first)\n'
	);
	process.exit( 1 );
}
process.exit( failed ? 1 : 0 );
