/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { ProgressState } from '../../lib/speed/types';

/** What the sidebar's "Check speed" button shows. */
export interface CheckControlState {
	/** Whether the button is disabled. */
	disabled: boolean;
	/** Whether a check runs on the page (the button reads "Checking…"). */
	busy: boolean;
	/** The button's text. */
	label: string;
	/** A note under the button, or null. */
	note: string | null;
}

/**
 * Derives the state of the "Check speed" button: disabled while any check
 * runs on the page (this sidebar's, the admin bar's, another tab's known at
 * load) and for a post that is not published.
 *
 * @param input           What the sidebar knows.
 * @param input.postId    The edited post (0 before it has an id).
 * @param input.published Whether the saved post is published.
 * @param input.checking  Whether this editor is checking the post.
 * @param input.progress  The page-wide in-progress state.
 * @return The button's state.
 */
export function checkControlState( {
	postId,
	published,
	checking,
	progress,
}: {
	postId: number;
	published: boolean;
	checking: boolean;
	progress: ProgressState;
} ): CheckControlState {
	const busy = checking || progress.inProgress;
	let note: string | null = null;
	if ( ! published ) {
		note = __( 'Publish the post to check its speed', 'tessera' );
	} else if ( busy && ! checking && progress.postId !== postId ) {
		note = __( 'Another check is running.', 'tessera' );
	}
	return {
		disabled: busy || ! published || postId <= 0,
		busy,
		label: busy
			? __( 'Checking…', 'tessera' )
			: __( 'Check speed', 'tessera' ),
		note,
	};
}
