/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	formatChecked,
	formatLoadTime,
	formatScores,
	metricTables,
} from '../../../src/lib/speed/format';
import type { DeviceMetrics, SpeedReport } from '../../../src/lib/speed/types';

const lab: DeviceMetrics = {
	score: 92,
	tti: 1.24,
	lcp: 1.86,
	cls: 0.048,
	tbt: 120.4,
	field: null,
};

describe( 'formatting', () => {
	it( 'writes load times and announcements', () => {
		expect( formatLoadTime( 1.24 ) ).toBe( 'Load time 1.2 s' );
		expect(
			formatScores( {
				checkedAt: null,
				desktop: lab,
				mobile: { ...lab, score: 45 },
			} )
		).toBe( 'Desktop 92, mobile 45' );
	} );

	it( 'writes the check date, or nothing when it is unknown', () => {
		expect( formatChecked( '2026-11-22T20:00:00+00:00' ) ).toMatch(
			/^Checked .*2026/
		);
		expect( formatChecked( null ) ).toBe( '' );
		expect( formatChecked( 'yesterday' ) ).toBe( '' );
	} );

	it( 'lists lab data only when there is no field data', () => {
		const report: SpeedReport = {
			checkedAt: null,
			desktop: lab,
			mobile: { ...lab, lcp: null, cls: null, tbt: null },
		};
		expect( metricTables( report ) ).toEqual( [
			{
				caption: 'Lab data',
				rows: [
					[ 'LCP', '1.9 s', '—' ],
					[ 'CLS', '0.05', '—' ],
					[ 'TBT', '120 ms', '—' ],
				],
			},
		] );
	} );

	it( 'adds the field data of real users when a device has some', () => {
		const report: SpeedReport = {
			checkedAt: null,
			desktop: lab,
			mobile: {
				...lab,
				field: {
					lcp: 2.14,
					cls: 0.1,
					inp: 180,
					fcp: 1.2,
					category: 'AVERAGE',
				},
			},
		};
		expect( metricTables( report )[ 1 ] ).toEqual( {
			caption: 'Real users (field data)',
			rows: [
				[ 'LCP', '—', '2.1 s' ],
				[ 'CLS', '—', '0.10' ],
				[ 'INP', '—', '180 ms' ],
				[ 'FCP', '—', '1.2 s' ],
				[ 'Overall', '—', 'Average' ],
			],
		} );
	} );
} );
