/**
 * External dependencies
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';

/**
 * WordPress dependencies
 */
import { dispatch, select } from '@wordpress/data';

/**
 * Internal dependencies
 */
import {
	reducer,
	selectors,
	store,
	type SpeedEditorState,
} from '../../../src/editor/speed-sidebar/store';
import {
	getProgress,
	onProgress,
	setProgress,
} from '../../../src/lib/speed/progress';
import type {
	CheckOutcome,
	ProgressState,
	SpeedReport,
} from '../../../src/lib/speed/types';
import { deferred, result } from '../speed/helpers';

const report: SpeedReport = {
	checkedAt: '2026-11-22T20:00:00+00:00',
	desktop: {
		score: 90,
		tti: 1,
		lcp: null,
		cls: null,
		tbt: null,
		field: null,
	},
	mobile: { score: 40, tti: 5, lcp: null, cls: null, tbt: null, field: null },
};

describe( 'tessera/speed reducer and selectors', () => {
	const initial: SpeedEditorState = reducer( undefined, { type: '@@INIT' } );

	it( 'starts empty', () => {
		expect( initial ).toEqual( {
			checkingPostId: 0,
			reports: {},
			errors: {},
		} );
		expect( selectors.isChecking( initial, 3 ) ).toBe( false );
		expect( selectors.getReport( initial, 3 ) ).toBeNull();
		expect( selectors.getError( initial, 3 ) ).toBeNull();
	} );

	it( 'tracks a check from start to success', () => {
		const started = reducer( initial, {
			type: 'CHECK_STARTED',
			postId: 3,
		} );
		expect( selectors.isChecking( started, 3 ) ).toBe( true );
		expect( selectors.isChecking( started, 4 ) ).toBe( false );
		const done = reducer( started, {
			type: 'CHECK_SUCCEEDED',
			postId: 3,
			report,
		} );
		expect( selectors.isChecking( done, 3 ) ).toBe( false );
		expect( selectors.getReport( done, 3 ) ).toBe( report );
	} );

	it( 'keeps a failure until the next check starts, and the last report', () => {
		const withReport = reducer( initial, {
			type: 'CHECK_SUCCEEDED',
			postId: 3,
			report,
		} );
		const failed = reducer( withReport, {
			type: 'CHECK_FAILED',
			postId: 3,
			message: 'Nope.',
		} );
		expect( selectors.getError( failed, 3 ) ).toBe( 'Nope.' );
		expect( selectors.getReport( failed, 3 ) ).toBe( report );
		const again = reducer( failed, { type: 'CHECK_STARTED', postId: 3 } );
		expect( selectors.getError( again, 3 ) ).toBeNull();
	} );
} );

describe( 'checkSpeed', () => {
	beforeEach( () => {
		delete window.tesseraSpeedProgress;
	} );

	it( 'runs the check with the page-wide flag set, then stores the report', async () => {
		const pending = deferred< CheckOutcome >();
		const check = jest.fn< ( postId: number ) => Promise< CheckOutcome > >(
			() => pending.promise
		);
		const seen: ProgressState[] = [];
		const stop = onProgress( ( state ) => seen.push( state ) );

		const running = dispatch( store ).checkSpeed( 31, check );
		expect( check ).toHaveBeenCalledWith( 31 );
		expect( select( store ).isChecking( 31 ) ).toBe( true );
		expect( getProgress() ).toEqual( { inProgress: true, postId: 31 } );

		pending.resolve( { ok: true, result: result( 88, 52 ) } );
		await running;
		stop();

		expect( select( store ).isChecking( 31 ) ).toBe( false );
		expect( select( store ).getReport( 31 ) ).toMatchObject( {
			checkedAt: '2026-11-22T20:00:00+00:00',
			desktop: { score: 88, tti: 1.2 },
			mobile: { score: 52, tti: 7.9 },
		} );
		expect( seen ).toEqual( [
			{ inProgress: true, postId: 31 },
			{ inProgress: false, postId: 31 },
		] );
		expect(
			document.getElementById( 'a11y-speak-polite' )?.textContent
		).toContain( 'Desktop 88, mobile 52' );
	} );

	it( 'stores the failure message and clears the flag, also when the check throws', async () => {
		await dispatch( store ).checkSpeed( 32, async () => ( {
			ok: false,
			message: 'Only published posts can be checked.',
		} ) );
		expect( select( store ).getError( 32 ) ).toBe(
			'Only published posts can be checked.'
		);
		expect( getProgress().inProgress ).toBe( false );

		await dispatch( store ).checkSpeed( 33, async () => {
			throw new Error( 'offline' );
		} );
		expect( select( store ).getError( 33 ) ).toMatch( /could not reach/ );
		expect( getProgress().inProgress ).toBe( false );
	} );

	it( 'does nothing while another check runs on the page', async () => {
		setProgress( true, 7 );
		const check = jest.fn( async (): Promise< CheckOutcome > => ( {
			ok: false,
			message: 'x',
		} ) );
		await dispatch( store ).checkSpeed( 34, check );
		expect( check ).not.toHaveBeenCalled();
		expect( getProgress() ).toEqual( { inProgress: true, postId: 7 } );
	} );
} );
