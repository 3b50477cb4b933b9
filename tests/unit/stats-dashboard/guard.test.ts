/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	parseConfig,
	parseImportStatus,
	parseImportStep,
	parseReport,
	parseRequestError,
	parseSettings,
	safeUrl,
} from '../../../src/admin/stats-dashboard/guard';

const report = () => ( {
	from: '2026-11-22',
	to: '2026-11-23',
	totals: { visitors: 3, views: 7 },
	daily: [
		{ day: '2026-11-22', visitors: 1, views: 2 },
		{ day: '2026-11-23', visitors: 2, views: 5 },
	],
	online: {
		count: 1,
		pages: [
			{ page_uri: '/', source_type: 'home', source_id: 0, visitors: 1 },
		],
	},
	pages: [
		{
			source_type: 'post',
			source_id: 5,
			page_uri: '/<script>x</script>',
			views: 7,
			visitors: 3,
			title: 'Hello',
			url: 'https://example.test/%3Cscript%3Ex%3C/script%3E',
		},
	],
	referrers: [ { host: '', views: 7 } ],
	browsers: [ { name: 'Firefox', views: 7 } ],
	os: [ { name: 'Linux', views: 7 } ],
	devices: [ { name: 'desktop', views: 7 } ],
	events: [ { name: 'signup', target: '{"a":1}', count: 1 } ],
	clicks: [],
	downloads: [],
} );

const settings = () => ( {
	enabled: true,
	userOnline: true,
	onlineInterval: 60,
	dntEnabled: true,
	bypassAdBlockers: false,
	linkTracker: true,
	downloadTracker: true,
	downloadExtensions: [ 'pdf' ],
	consentIntegration: 'auto',
	consentLevel: 'statistics',
	trackAnonymously: false,
	excludedRoles: [ 'administrator' ],
	excludedIps: [],
	retentionDays: 0,
} );

describe( 'stats dashboard guards', () => {
	it( 'accepts a report and keeps stored strings as they are', () => {
		const parsed = parseReport( report() );
		expect( parsed ).not.toBeNull();
		expect( parsed!.pages[ 0 ]!.page_uri ).toBe( '/<script>x</script>' );
		expect( parsed!.daily ).toHaveLength( 2 );
	} );

	it( 'refuses a report with a wrong shape anywhere', () => {
		expect( parseReport( null ) ).toBeNull();
		expect( parseReport( { ...report(), from: 'yesterday' } ) ).toBeNull();
		expect(
			parseReport( { ...report(), totals: { visitors: -1, views: 0 } } )
		).toBeNull();
		expect(
			parseReport( {
				...report(),
				daily: [ { day: '2026-11-22', visitors: '1', views: 2 } ],
			} )
		).toBeNull();
		expect(
			parseReport( { ...report(), referrers: [ { host: 1, views: 1 } ] } )
		).toBeNull();
		const { clicks, ...withoutClicks } = report();
		expect( clicks ).toEqual( [] );
		expect( parseReport( withoutClicks ) ).toBeNull();
	} );

	it( 'drops links that are not http(s)', () => {
		const bad = report();
		bad.pages[ 0 ]!.url = 'javascript:alert(1)';
		expect( parseReport( bad )!.pages[ 0 ]!.url ).toBe( '' );
		expect( safeUrl( 'https://example.test/a' ) ).toBe(
			'https://example.test/a'
		);
		expect( safeUrl( 'data:text/html,x' ) ).toBe( '' );
		expect( safeUrl( '/relative' ) ).toBe( '' );
		expect( safeUrl( 42 ) ).toBe( '' );
	} );

	it( 'accepts the settings and refuses unknown choices', () => {
		expect( parseSettings( settings() ) ).toEqual( settings() );
		expect(
			parseSettings( { ...settings(), consentIntegration: 'cookieyes' } )
		).toBeNull();
		expect(
			parseSettings( { ...settings(), excludedIps: [ 1 ] } )
		).toBeNull();
		expect( parseSettings( { ...settings(), enabled: 'yes' } ) ).toBeNull();
	} );

	it( 'reads the page configuration', () => {
		const config = {
			today: '2026-11-23',
			maxDays: 3660,
			exportUrl: 'https://example.test/wp-json/tessera/v1/stats/export',
			nonce: 'abc',
			canManage: true,
			roles: [ { slug: 'editor', name: 'Editor' } ],
			startOfWeek: 1,
		};
		expect( parseConfig( config ) ).toEqual( config );
		expect( parseConfig( undefined ) ).toBeNull();
		expect(
			parseConfig( { ...config, exportUrl: 'javascript:void 0' } )
		).toBeNull();
		expect( parseConfig( { ...config, today: '23.11.2026' } ) ).toBeNull();
	} );

	it( 'reads the import answers', () => {
		expect(
			parseImportStatus( {
				available: true,
				tables: { visitor: 3 },
				lastImport: null,
			} )
		).toEqual( {
			available: true,
			tables: { visitor: 3 },
			lastImport: null,
		} );
		expect( parseImportStatus( { tables: {} } ) ).toBeNull();
		expect(
			parseImportStep( { imported: { pages: 2 }, done: false } )
		).toEqual( { imported: { pages: 2 }, done: false } );
		expect( parseImportStep( { imported: { pages: 2 } } ) ).toEqual( {
			imported: { pages: 2 },
			done: true,
		} );
		expect( parseImportStep( { imported: { pages: 'x' } } ) ).toBeNull();
	} );

	it( 'reads REST errors with their field', () => {
		expect(
			parseRequestError( {
				code: 'tessera_stats_invalid',
				message: 'Online check interval: “5” is not …',
				data: { status: 400, field: 'onlineInterval' },
			} )
		).toEqual( {
			code: 'tessera_stats_invalid',
			message: 'Online check interval: “5” is not …',
			field: 'onlineInterval',
			status: 400,
		} );
		expect(
			parseRequestError( {
				code: 'rest_no_route',
				message: 'No route',
				data: { status: 404 },
			} )
		).toEqual( {
			code: 'rest_no_route',
			message: 'No route',
			field: '',
			status: 404,
		} );
		expect( parseRequestError( new TypeError( '' ) ) ).toBeNull();
		expect( parseRequestError( { message: '  ' } ) ).toBeNull();
	} );
} );
