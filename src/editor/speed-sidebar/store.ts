/**
 * `tessera/speed`: the editor's state of page-speed checks started in this
 * editor session (the stored result comes from the post meta).
 */

/**
 * WordPress dependencies
 */
import { speak } from '@wordpress/a11y';
import { createReduxStore, register } from '@wordpress/data';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { checkScore } from '../../lib/speed/ajax';
import { formatScores } from '../../lib/speed/format';
import { transportFailureMessage } from '../../lib/speed/messages';
import { getProgress, setProgress } from '../../lib/speed/progress';
import { reportFromResult } from '../../lib/speed/report';
import type { CheckOutcome, SpeedReport } from '../../lib/speed/types';

/** Store name. */
export const STORE_NAME = 'tessera/speed';

/** State of the store. */
export interface SpeedEditorState {
	/** The post whose check this editor started and that has not ended, else 0. */
	checkingPostId: number;
	/** Fresh results by post id. */
	reports: Record< number, SpeedReport >;
	/** Failure messages of the last check, by post id. */
	errors: Record< number, string >;
}

/** Actions of the store. */
export type SpeedEditorAction =
	| { type: 'CHECK_STARTED'; postId: number }
	| { type: 'CHECK_SUCCEEDED'; postId: number; report: SpeedReport }
	| { type: 'CHECK_FAILED'; postId: number; message: string };

const INITIAL: SpeedEditorState = {
	checkingPostId: 0,
	reports: {},
	errors: {},
};

/**
 * The store's reducer.
 *
 * @param state  Current state.
 * @param action Dispatched action.
 * @return Next state.
 */
export function reducer(
	state: SpeedEditorState = INITIAL,
	action: SpeedEditorAction | { type: string }
): SpeedEditorState {
	if ( ! ( 'postId' in action ) ) {
		return state;
	}
	const { [ action.postId ]: _oldError, ...errors } = state.errors;
	switch ( action.type ) {
		case 'CHECK_STARTED':
			return { ...state, checkingPostId: action.postId, errors };
		case 'CHECK_SUCCEEDED':
			return {
				checkingPostId: 0,
				reports: { ...state.reports, [ action.postId ]: action.report },
				errors,
			};
		case 'CHECK_FAILED':
			return {
				...state,
				checkingPostId: 0,
				errors: { ...errors, [ action.postId ]: action.message },
			};
	}
	return state;
}

/** Selectors of the store. */
export const selectors = {
	/**
	 * Whether this editor is checking the post.
	 *
	 * @param state  State.
	 * @param postId The post.
	 * @return True while its check runs.
	 */
	isChecking: ( state: SpeedEditorState, postId: number ): boolean =>
		postId > 0 && state.checkingPostId === postId,
	/**
	 * The result of this session's last successful check of the post.
	 *
	 * @param state  State.
	 * @param postId The post.
	 * @return The report, or null.
	 */
	getReport: (
		state: SpeedEditorState,
		postId: number
	): SpeedReport | null => state.reports[ postId ] ?? null,
	/**
	 * The failure message of this session's last check of the post.
	 *
	 * @param state  State.
	 * @param postId The post.
	 * @return The message, or null after a success or before any check.
	 */
	getError: ( state: SpeedEditorState, postId: number ): string | null =>
		state.errors[ postId ] ?? null,
};

/** Runs a score check (injectable for tests). */
export type CheckFunction = ( postId: number ) => Promise< CheckOutcome >;

/** Action creators of the store. */
export const actions = {
	checkStarted: ( postId: number ): SpeedEditorAction => ( {
		type: 'CHECK_STARTED',
		postId,
	} ),
	checkSucceeded: (
		postId: number,
		report: SpeedReport
	): SpeedEditorAction => ( {
		type: 'CHECK_SUCCEEDED',
		postId,
		report,
	} ),
	checkFailed: ( postId: number, message: string ): SpeedEditorAction => ( {
		type: 'CHECK_FAILED',
		postId,
		message,
	} ),
	/**
	 * Checks the speed of a post, unless a check already runs on the page:
	 * sets the page-wide in-progress flag for its duration and announces the
	 * start and a success (a failure is announced by the sidebar's notice).
	 *
	 * @param postId The post.
	 * @param check  The check to run (default: the admin-ajax call).
	 * @return A thunk.
	 */
	checkSpeed:
		( postId: number, check: CheckFunction = checkScore ) =>
		async ( {
			dispatch,
		}: {
			dispatch: ( action: SpeedEditorAction ) => void;
		} ): Promise< void > => {
			if ( postId <= 0 || getProgress().inProgress ) {
				return;
			}
			dispatch( actions.checkStarted( postId ) );
			setProgress( true, postId );
			speak( __( 'Checking…', 'tessera' ) );
			let outcome: CheckOutcome;
			try {
				outcome = await check( postId );
			} catch {
				outcome = { ok: false, message: transportFailureMessage() };
			}
			setProgress( false, postId );
			if ( outcome.ok ) {
				const report = reportFromResult( outcome.result );
				dispatch( actions.checkSucceeded( postId, report ) );
				speak( formatScores( report ) );
			} else {
				// The sidebar's error notice announces the message.
				dispatch( actions.checkFailed( postId, outcome.message ) );
			}
		},
};

/** The store descriptor. */
export const store = createReduxStore( STORE_NAME, {
	reducer,
	selectors,
	actions,
} );

register( store );
