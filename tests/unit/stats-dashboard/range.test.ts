/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	addDays,
	choiceOf,
	dayCount,
	daysOf,
	parseDay,
	presetRange,
	rangeProblem,
} from '../../../src/admin/stats-dashboard/range';

describe( 'stats dashboard periods', () => {
	it( 'reads real dates only', () => {
		expect( parseDay( '2026-11-23' ) ).toBe( Date.UTC( 2026, 10, 23 ) );
		expect( parseDay( '2024-02-29' ) ).toBe( Date.UTC( 2024, 1, 29 ) );
		expect( parseDay( '2026-02-29' ) ).toBeNull();
		expect( parseDay( '2026-13-01' ) ).toBeNull();
		expect( parseDay( '2026-11-31' ) ).toBeNull();
		expect( parseDay( '2026-1-01' ) ).toBeNull();
		expect( parseDay( '2026-11-23T00:00' ) ).toBeNull();
		expect( parseDay( '' ) ).toBeNull();
	} );

	it( 'moves dates across months, years and leap days', () => {
		expect( addDays( '2026-03-01', -1 ) ).toBe( '2026-02-28' );
		expect( addDays( '2024-03-01', -1 ) ).toBe( '2024-02-29' );
		expect( addDays( '2026-12-31', 1 ) ).toBe( '2027-01-01' );
		// Daylight-saving changes do not exist in UTC arithmetic.
		expect( addDays( '2026-03-29', 1 ) ).toBe( '2026-03-30' );
		expect( () => addDays( 'soon', 1 ) ).toThrow( RangeError );
	} );

	it( 'gives the presets ending today, both ends included', () => {
		expect( presetRange( '7d', '2026-11-23' ) ).toEqual( {
			from: '2026-11-17',
			to: '2026-11-23',
		} );
		expect( dayCount( presetRange( '7d', '2026-11-23' ) ) ).toBe( 7 );
		expect( presetRange( '30d', '2026-03-01' ) ).toEqual( {
			from: '2026-01-31',
			to: '2026-03-01',
		} );
		expect( dayCount( presetRange( '90d', '2026-11-23' ) ) ).toBe( 90 );
		expect( presetRange( '12m', '2026-11-23' ) ).toEqual( {
			from: '2025-11-24',
			to: '2026-11-23',
		} );
		expect( dayCount( presetRange( '12m', '2026-11-23' ) ) ).toBe( 365 );
		expect( dayCount( presetRange( '12m', '2024-03-01' ) ) ).toBe( 366 );
		// 29 February: a year earlier there is none; the period starts on 1 March.
		expect( presetRange( '12m', '2028-02-29' ) ).toEqual( {
			from: '2027-03-01',
			to: '2028-02-29',
		} );
	} );

	it( 'names the field of a refused custom period', () => {
		const max = 3660;
		expect(
			rangeProblem( { from: '2026-01-01', to: '2026-01-31' }, max )
		).toBeNull();
		expect(
			rangeProblem( { from: '2026-01-01', to: '2026-01-01' }, max )
		).toBeNull();
		expect(
			rangeProblem( { from: '2026-02-30', to: '2026-03-01' }, max )
		).toEqual( { field: 'from', reason: 'invalid' } );
		expect( rangeProblem( { from: '2026-02-01', to: '' }, max ) ).toEqual( {
			field: 'to',
			reason: 'invalid',
		} );
		expect(
			rangeProblem( { from: '2026-02-02', to: '2026-02-01' }, max )
		).toEqual( { field: 'to', reason: 'reversed' } );
		expect(
			rangeProblem( { from: '2000-01-01', to: '2010-01-07' }, max )
		).toBeNull();
		expect(
			rangeProblem( { from: '2000-01-01', to: '2010-01-08' }, max )
		).toEqual( { field: 'from', reason: 'tooLong' } );
	} );

	it( 'lists every day of a period', () => {
		expect( daysOf( { from: '2024-02-27', to: '2024-03-01' } ) ).toEqual( [
			'2024-02-27',
			'2024-02-28',
			'2024-02-29',
			'2024-03-01',
		] );
		expect( daysOf( { from: '2024-03-01', to: '2024-02-27' } ) ).toEqual(
			[]
		);
		expect( daysOf( { from: 'x', to: '2024-02-27' } ) ).toEqual( [] );
		expect( dayCount( { from: '2024-03-01', to: '2024-02-27' } ) ).toBe(
			0
		);
	} );

	it( 'recognises a preset period, else custom', () => {
		const today = '2026-11-23';
		expect( choiceOf( presetRange( '90d', today ), today ) ).toBe( '90d' );
		expect( choiceOf( presetRange( '12m', today ), today ) ).toBe( '12m' );
		expect(
			choiceOf( { from: '2026-11-01', to: '2026-11-23' }, today )
		).toBe( 'custom' );
		// Yesterday's "last 7 days" is a custom period today.
		expect( choiceOf( presetRange( '7d', '2026-11-22' ), today ) ).toBe(
			'custom'
		);
	} );
} );
