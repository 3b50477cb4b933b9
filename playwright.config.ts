/**
 * Playwright configuration for Tessera's end-to-end suite (browser + HTTP contract).
 *
 * Extends the config of the wp-scripts package. The environment must be set before that config (and
 * the WordPress e2e test utilities, which read WP_BASE_URL when they load) is required,
 * so this file uses require() after the assignments below: an `import` would be hoisted above them.
 *
 * Environment (set by bin/test; defaults suit a local `bin/site`):
 *   WP_BASE_URL        the test site, default http://127.0.0.1:8890 (admin / password)
 *   TESSERA_STACK_URL  the production-shaped stack's page cache (`bin/stack start test`; `eval "$(bin/stack env)"`
 *                      sets it and the rest): the suite then runs the `stack` project only (the visitor tests,
 *                      tagged "@visitor", and tests/e2e/stack/) against the stack, and WP_BASE_URL is that address
 *                      (docs/stack.md). Without it, the `chromium` project runs every test (the visitor tests
 *                      included) against the bare test site, and tests/e2e/stack/ is left out.
 *   FAKE_PSI_URL       the fake PageSpeed Insights server (tests/fake-psi), default http://127.0.0.1:8891
 *   WP_DEBUG_LOG_FILE  the test site's debug.log, checked for new PHP warnings after the suite
 *   E2E_TRACE          Playwright's trace mode (default off; retain-on-failure to debug a failing test)
 *   CHROMIUM_PATH      browser binary, default Debian's /usr/bin/chromium-headless-shell (never downloaded), or
 *                      /usr/bin/chromium where the shell is not installed
 */

/**
 * External dependencies
 */
import fs from 'node:fs';
import path from 'node:path';
// Types only: erased when compiled, so nothing is loaded before the environment is set.
import type * as PlaywrightTest from '@playwright/test';

const root = __dirname;
const artifacts = path.join( root, 'artifacts' );

// On the stack every test, the global setup (the admin's login) and the specs' helpers use the stack's address.
const stackUrl = process.env.TESSERA_STACK_URL;
if ( stackUrl ) {
	process.env.WP_BASE_URL = stackUrl;
}
process.env.WP_BASE_URL ??= 'http://127.0.0.1:8890';
process.env.FAKE_PSI_URL ??= 'http://127.0.0.1:8891';
process.env.WP_ARTIFACTS_PATH ??= artifacts;
process.env.STORAGE_STATE_PATH ??= path.join(
	artifacts,
	'storage-states',
	'admin.json'
);
// Playwright writes caches and browser profiles to the temp folder: keep them in the run folder.
process.env.TMPDIR ??= path.join( artifacts, 'tmp' );
process.env.PWTEST_CACHE_DIR ??= path.join( artifacts, 'cache' );
fs.mkdirSync( process.env.TMPDIR, { recursive: true } );
fs.mkdirSync( process.env.PWTEST_CACHE_DIR, { recursive: true } );

// Where the debug log stood when the run began (kept across worker restarts, which reload this file).
if (
	process.env.WP_DEBUG_LOG_FILE &&
	process.env.TESSERA_DEBUG_LOG_OFFSET === undefined
) {
	let size = 0;
	try {
		size = fs.statSync( process.env.WP_DEBUG_LOG_FILE ).size;
	} catch {
		size = 0; // Not written yet: everything in it will be new.
	}
	process.env.TESSERA_DEBUG_LOG_OFFSET = String( size );
}

const { defineConfig, devices } =
	require( '@playwright/test' ) as typeof PlaywrightTest;
const baseConfig =
	require( '@wordpress/scripts/config/playwright.config.js' ) as PlaywrightTest.PlaywrightTestConfig;

// The debug log is checked when bin/test says where it is.
const checkDebugLog = Boolean( process.env.WP_DEBUG_LOG_FILE );

// Chromium's headless shell (Debian's chromium-headless-shell, what Playwright itself runs headless): a new page
// in a new context and a page load take a third to half the processor time of the full browser's headless mode
// (docs/testing.md), and most tests open a page of a new visitor.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const executablePath =
	process.env.CHROMIUM_PATH ||
	( fs.existsSync( HEADLESS_SHELL ) ? HEADLESS_SHELL : '/usr/bin/chromium' );

const chromiumUse = {
	...devices[ 'Desktop Chrome' ],
	viewport: { width: 1280, height: 800 },
	launchOptions: {
		executablePath,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
	},
};

export default defineConfig( {
	...baseConfig,
	testDir: path.join( root, 'tests/e2e' ),
	outputDir: path.join( artifacts, 'test-results' ),
	// The base config starts wp-env; here the site and the fake PSI server are started by bin/test.
	webServer: undefined,
	workers: 1,
	fullyParallel: false,
	// Fail honestly: no retries, locally or in CI.
	retries: 0,
	timeout: 60_000,
	reporter: [
		[ 'list' ],
		[
			'json',
			{
				outputFile: path.join(
					artifacts,
					stackUrl ? 'e2e-results-stack.json' : 'e2e-results.json'
				),
			},
		],
	],
	use: {
		...baseConfig.use,
		baseURL: process.env.WP_BASE_URL,
		headless: true,
		storageState: process.env.STORAGE_STATE_PATH,
		video: 'off', // No ffmpeg here.
		// No trace unless asked for (E2E_TRACE=retain-on-failure or on): recording one for every test (screenshots
		// and DOM snapshots of each action, thrown away when the test passes) took processor time from every test,
		// and a CI run keeps only its printed output.
		trace: ( process.env.E2E_TRACE || 'off' ) as PlaywrightTest.TraceMode,
		screenshot: 'only-on-failure',
	},
	projects: [
		// One site per run: the bare test site (`chromium`) or the stack (`stack`), never both, so that neither is
		// run against the other's address. The first project's address is where the global setup logs in.
		stackUrl
			? {
					// The visitor flows where a page cache, a load balancer or two PHP nodes could change the
					// outcome (docs/testing.md): the tests tagged @visitor, tests/e2e/stack/'s among them.
					name: 'stack',
					testMatch: /.*\.spec\.ts$/,
					// TESSERA_STACK_GREP (a regular expression) runs other tests on the stack, e.g. "." for all of them.
					grep: new RegExp(
						process.env.TESSERA_STACK_GREP || '@visitor'
					),
					use: { ...chromiumUse, baseURL: stackUrl },
					teardown: checkDebugLog ? 'debug-log' : undefined,
				}
			: {
					name: 'chromium',
					testMatch: /.*\.spec\.ts$/,
					// The stack's own tests need the stack (caching headers, two nodes): the `stack` project.
					testIgnore: /\/e2e\/stack\//,
					use: chromiumUse,
					// After every spec, whether they passed or not: the debug log must have stayed clean.
					teardown: checkDebugLog ? 'debug-log' : undefined,
				},
		...( checkDebugLog
			? [
					{
						name: 'debug-log',
						testMatch: /debug-log\.teardown\.ts$/,
						use: chromiumUse,
					},
				]
			: [] ),
	],
} );
