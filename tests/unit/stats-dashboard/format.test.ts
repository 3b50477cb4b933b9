/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	addCounts,
	chartData,
	exportLink,
	formatDay,
	formatNumber,
	formatShare,
	languageTag,
	splitList,
	typedNumber,
} from '../../../src/admin/stats-dashboard/format';

describe( 'stats dashboard formatting', () => {
	it( 'turns WordPress locales into language tags', () => {
		expect( languageTag( 'de_DE' ) ).toBe( 'de-DE' );
		expect( languageTag( 'en-US' ) ).toBe( 'en-US' );
		expect( languageTag( '' ) ).toBeUndefined();
		expect( languageTag( null ) ).toBeUndefined();
		expect( languageTag( 'not a locale!' ) ).toBeUndefined();
	} );

	it( 'groups numbers in the language of the admin', () => {
		expect( formatNumber( 1234567, 'en-US' ) ).toBe( '1,234,567' );
		expect( formatNumber( 1234567, 'de-DE' ) ).toBe( '1.234.567' );
		expect( formatNumber( 0, 'en-US' ) ).toBe( '0' );
	} );

	it( 'gives shares with at most one decimal, none of nothing', () => {
		expect( formatShare( 1, 3, 'en-US' ) ).toBe( '33.3%' );
		expect( formatShare( 5, 5, 'en-US' ) ).toBe( '100%' );
		expect( formatShare( 0, 0, 'en-US' ) ).toBe( '' );
	} );

	it( 'writes days in the medium or short style, in UTC', () => {
		expect( formatDay( '2026-11-23', 'en-US' ) ).toBe( 'Nov 23, 2026' );
		expect( formatDay( '2026-01-01', 'en-US', 'short' ) ).toBe( 'Jan 1' );
		expect( formatDay( '2026-01-01', 'de-DE' ) ).toBe( '01.01.2026' );
		expect( formatDay( 'garbage', 'en-US' ) ).toBe( 'garbage' );
	} );

	it( 'gives the chart one point per day at UTC midnight, in seconds', () => {
		expect(
			chartData( [
				{ day: '2026-11-22', visitors: 2, views: 5 },
				{ day: '2026-11-23', visitors: 0, views: 0 },
			] )
		).toEqual( [
			[
				Date.UTC( 2026, 10, 22 ) / 1000,
				Date.UTC( 2026, 10, 23 ) / 1000,
			],
			[ 2, 0 ],
			[ 5, 0 ],
		] );
		expect( chartData( [] ) ).toEqual( [ [], [], [] ] );
	} );

	it( 'builds export links with the period, the list and the REST nonce', () => {
		const range = { from: '2026-11-01', to: '2026-11-23' };
		expect(
			exportLink(
				'https://example.test/wp-json/tessera/v1/stats/export',
				range,
				'pages',
				'abc123'
			)
		).toBe(
			'https://example.test/wp-json/tessera/v1/stats/export?from=2026-11-01&to=2026-11-23&table=pages&_wpnonce=abc123'
		);
		// Plain permalinks: the route is itself a query parameter.
		expect(
			exportLink(
				'https://example.test/?rest_route=/tessera/v1/stats/export',
				range,
				'events',
				'n'
			)
		).toBe(
			'https://example.test/?rest_route=%2Ftessera%2Fv1%2Fstats%2Fexport&from=2026-11-01&to=2026-11-23&table=events&_wpnonce=n'
		);
	} );

	it( 'splits typed lists and reads typed numbers', () => {
		expect( splitList( 'pdf, zip,,\n docx \n' ) ).toEqual( [
			'pdf',
			'zip',
			'docx',
		] );
		expect( splitList( '  ' ) ).toEqual( [] );
		expect( typedNumber( ' 45 ' ) ).toBe( 45 );
		expect( typedNumber( '4.5' ) ).toBe( '4.5' );
		expect( typedNumber( '' ) ).toBe( '' );
		expect( typedNumber( '-1' ) ).toBe( '-1' );
	} );

	it( 'adds up the import slices', () => {
		expect(
			addCounts( { pages: 2, visitors: 1 }, { pages: 3, referrers: 4 } )
		).toEqual( { pages: 5, visitors: 1, referrers: 4 } );
	} );
} );
