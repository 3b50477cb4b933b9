/**
 * The page-wide "a check is running" flag. It lives on `window` so that the
 * admin bar bundle and the editor sidebar bundle, loaded separately, share it;
 * every change is announced with the window event `tessera-speed:progress`
 * (`detail: { inProgress, postId }`).
 */

/**
 * Internal dependencies
 */
import type { ProgressState, SpeedConfig } from './types';

/** Name of the window event fired on every change of the in-progress state. */
export const PROGRESS_EVENT = 'tessera-speed:progress';

/**
 * Returns the current in-progress state.
 *
 * @return The state (idle when nothing was set yet).
 */
export const getProgress = (): ProgressState =>
	window.tesseraSpeedProgress ?? { inProgress: false, postId: 0 };

/**
 * Sets the in-progress state and fires `tessera-speed:progress`.
 *
 * @param inProgress Whether a check is running.
 * @param postId     The post being checked, or whose check has just ended
 *                   (0 when unknown).
 */
export function setProgress( inProgress: boolean, postId: number ): void {
	const detail: ProgressState = { inProgress, postId };
	window.tesseraSpeedProgress = detail;
	window.dispatchEvent(
		new CustomEvent( PROGRESS_EVENT, { detail: { ...detail } } )
	);
}

/**
 * Takes the initial state from the page configuration, unless another bundle
 * on the page already did (its state may be newer). Fires no event.
 *
 * @param config The page configuration.
 * @return The current state.
 */
export function initProgress(
	config: Pick< SpeedConfig, 'inProgress' | 'inProgressPostId' >
): ProgressState {
	window.tesseraSpeedProgress ??= {
		inProgress: config.inProgress,
		postId: config.inProgress ? config.inProgressPostId : 0,
	};
	return window.tesseraSpeedProgress;
}

/**
 * Calls `listener` with the new state on every change, from any bundle.
 *
 * @param listener Called with the new state.
 * @return A function that removes the listener.
 */
export function onProgress(
	listener: ( state: ProgressState ) => void
): () => void {
	const handler = (): void => listener( getProgress() );
	window.addEventListener( PROGRESS_EVENT, handler );
	return () => window.removeEventListener( PROGRESS_EVENT, handler );
}
