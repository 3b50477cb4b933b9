/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import { COUNT_UP_MS, countUp, easeOut } from '../../../src/lib/speed/count-up';

/**
 * Replaces `window.matchMedia` with one that answers `matches` for every query.
 *
 * @param matches The answer.
 */
function mockReducedMotion( matches: boolean ): void {
	Object.defineProperty( window, 'matchMedia', {
		configurable: true,
		value: ( query: string ) => ( {
			matches: matches && query.includes( 'prefers-reduced-motion' ),
			media: query,
		} ),
	} );
}

describe( 'countUp', () => {
	beforeEach( () => {
		jest.useFakeTimers();
		mockReducedMotion( false );
	} );
	afterEach( () => {
		jest.useRealTimers();
	} );

	it( 'lasts 1200 ms', () => {
		expect( COUNT_UP_MS ).toBe( 1200 );
	} );

	it( 'starts at 0 and reaches the score at 1200 ms, then stops', () => {
		const values: number[] = [];
		countUp( 87, ( value ) => values.push( value ) );
		expect( values ).toEqual( [ 0 ] );

		jest.advanceTimersByTime( 600 );
		expect( values[ values.length - 1 ] ).toBeLessThan( 87 );

		jest.advanceTimersByTime( 600 );
		expect( values[ values.length - 1 ] ).toBe( 87 );

		const frames = values.length;
		jest.advanceTimersByTime( 1000 );
		expect( values ).toHaveLength( frames );
	} );

	it( 'counts in whole numbers that never go down, over many frames', () => {
		const values: number[] = [];
		countUp( 100, ( value ) => values.push( value ) );
		jest.advanceTimersByTime( COUNT_UP_MS + 100 );

		expect( values.length ).toBeGreaterThan( 30 );
		expect( values.every( Number.isInteger ) ).toBe( true );
		values.slice( 1 ).forEach( ( value, index ) => {
			expect( value ).toBeGreaterThanOrEqual( values[ index ] ?? 0 );
		} );
		expect( new Set( values ).size ).toBeGreaterThan( 10 );
	} );

	it( 'eases out: more than half the score after half the time', () => {
		const values: number[] = [];
		countUp( 100, ( value ) => values.push( value ) );
		jest.advanceTimersByTime( COUNT_UP_MS / 2 );
		expect( values[ values.length - 1 ] ).toBeGreaterThan( 80 );
		expect( easeOut( 0 ) ).toBe( 0 );
		expect( easeOut( 1 ) ).toBe( 1 );
	} );

	it( 'shows the score at once when asked for reduced motion', () => {
		const values: number[] = [];
		countUp( 64, ( value ) => values.push( value ), {
			reducedMotion: true,
		} );
		expect( values ).toEqual( [ 64 ] );
		jest.advanceTimersByTime( COUNT_UP_MS );
		expect( values ).toEqual( [ 64 ] );
	} );

	it( 'follows prefers-reduced-motion: reduce by default', () => {
		mockReducedMotion( true );
		const values: number[] = [];
		countUp( 42, ( value ) => values.push( value ) );
		expect( values ).toEqual( [ 42 ] );
	} );

	it( 'stops when cancelled', () => {
		const values: number[] = [];
		const stop = countUp( 90, ( value ) => values.push( value ) );
		jest.advanceTimersByTime( 100 );
		stop();
		const seen = values.length;
		jest.advanceTimersByTime( COUNT_UP_MS );
		expect( values ).toHaveLength( seen );
		expect( values[ values.length - 1 ] ).toBeLessThan( 90 );
	} );
} );
