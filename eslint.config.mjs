/**
 * ESLint flat configuration (ESLint 10, used by `wp-scripts lint-js`).
 *
 * WordPress' recommended rules (with Prettier formatting and TypeScript
 * support) for everything; Jest rules for unit tests, Playwright rules for
 * end-to-end tests, Node globals for build and site scripts.
 */

/**
 * External dependencies
 */
import globals from 'globals';

/**
 * WordPress dependencies
 */
import wpPlugin from '@wordpress/eslint-plugin';

const withFiles = ( configs, files ) =>
	configs.map( ( config ) => ( { ...config, files } ) );

export default [
	{
		ignores: [
			'**/build/**',
			'**/node_modules/**',
			'**/vendor/**',
			'.wp/**',
			'artifacts/**',
			'test-results/**',
			'playwright-report/**',
		],
	},

	...wpPlugin.configs.recommended,

	// Babel parses plain JavaScript without a project Babel config.
	{
		languageOptions: {
			parserOptions: {
				requireConfigFile: false,
				babelOptions: {
					presets: [ '@wordpress/babel-preset-default' ],
				},
			},
		},
	},

	// TypeScript: no `any`, type-only imports marked as such.
	{
		files: [ '**/*.ts', '**/*.tsx' ],
		rules: {
			'@typescript-eslint/no-explicit-any': 'error',
			'@typescript-eslint/consistent-type-imports': [
				'error',
				{ fixStyle: 'inline-type-imports' },
			],
		},
	},

	...withFiles( wpPlugin.configs[ 'test-unit' ], [
		'tests/unit/**/*.{js,jsx,ts,tsx}',
		'src/**/test/**/*.{js,jsx,ts,tsx}',
		'blocks/**/test/**/*.{js,jsx,ts,tsx}',
	] ),

	...withFiles( wpPlugin.configs[ 'test-playwright' ], [
		'tests/e2e/**/*.{js,ts}',
	] ),

	// Node scripts: configuration files, the site runner, the fake PSI server.
	{
		files: [
			'*.{js,mjs,cjs,ts}',
			'bin/**/*.{js,mjs,cjs}',
			'tests/fake-psi/**/*.{js,mjs,cjs}',
		],
		languageOptions: {
			globals: { ...globals.node },
		},
	},
];
