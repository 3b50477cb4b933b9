/**
 * The popup's UI state (spec §4 "Size states", "Play state", "Panels and arrows"): the image shown, the info panel,
 * the control bar, the size, play and zoom — a pure reducer, free of React and of the DOM.
 *
 * - Size: `normal` or `maximized` (the maximize button), or `fullscreen` (the Fullscreen API, or its fallback),
 *   which remembers the size it leaves (`restore`); maximize while in full screen changes that size.
 * - Play: `playing` is what the visitor chose (the play button's state); it runs only while nothing holds it
 *   (`holds`: the window blurred, a zoom move), so it resumes after a hold only if it was playing. The play button
 *   cannot start it at the last image without loop (opening with autoplay there still shows it pressed, as the
 *   server does); the end of the slideshow (`stop`) is the caller's to say.
 * - Zoom: off, or on at a scale of the picture as shown (`scale`, ZOOM_MIN to ZOOM_MAX): the zoom button turns it on
 *   at ZOOM_DEFAULT and off; the wheel, a pinch and the + and - keys change the scale (`zoomTo`, `zoomBy`), and a
 *   scale brought down to 1 turns it off. Turning it off releases the slideshow's zoom hold.
 */

/** The scale the zoom button turns the zoom on at. */
export const ZOOM_DEFAULT = 2;

/** The largest scale. */
export const ZOOM_MAX = 4;

/** A scale at or under this is no zoom. */
export const ZOOM_MIN = 1.05;

/** The popup's size. */
export type Size = 'normal' | 'maximized' | 'fullscreen';

/** What may hold the slideshow without stopping it. */
export type Hold = 'blur' | 'zoom';

/** The UI state. */
export interface UiState {
	/** Index of the image shown. */
	readonly index: number;
	/** Number of images. */
	readonly count: number;
	/** Whether the arrows and the slideshow go round at the ends. */
	readonly loop: boolean;
	/** Whether the info panel is shown. */
	readonly info: boolean;
	/** Whether the control bar's controls are shown. */
	readonly bar: boolean;
	/** The size. */
	readonly size: Size;
	/** The size full screen goes back to. */
	readonly restore: Exclude< Size, 'fullscreen' >;
	/** Whether the slideshow plays (the visitor's choice). */
	readonly playing: boolean;
	/** What holds it now. */
	readonly holds: readonly Hold[];
	/** Whether zoom mode is on. */
	readonly zoom: boolean;
	/** The zoom's scale while it is on (ZOOM_DEFAULT while it is off). */
	readonly scale: number;
}

/** A change of the UI state. */
export type UiAction =
	| { type: 'show'; index: number }
	| { type: 'toggleInfo' }
	| { type: 'toggleBar' }
	| { type: 'toggleMaximize' }
	| { type: 'fullscreen'; on: boolean }
	| { type: 'togglePlay' }
	| { type: 'stop' }
	| { type: 'hold'; reason: Hold }
	| { type: 'release'; reason: Hold }
	| { type: 'toggleZoom' }
	| { type: 'zoomTo'; scale: number }
	| { type: 'zoomBy'; factor: number };

/** What the first state is made of (the popup's settings). */
export interface UiStart {
	/** Index of the image shown. */
	index: number;
	/** Number of images. */
	count: number;
	/** `enable_loop`. */
	loop: boolean;
	/** `popup_enable_info && popup_info_always_show`. */
	info: boolean;
	/** `open_with_fullscreen` (opens maximized). */
	maximized: boolean;
	/** `open_with_autoplay`. */
	autoplay: boolean;
}

/**
 * The index one step away, or null when there is none (an end without loop, or a single image).
 *
 * @param index From.
 * @param by    +1 (next) or -1 (previous).
 * @param count Number of images.
 * @param loop  Whether it goes round at the ends.
 */
export function step(
	index: number,
	by: 1 | -1,
	count: number,
	loop: boolean
): number | null {
	const to = index + by;
	if ( count < 2 ) {
		return null;
	}
	if ( to >= 0 && to < count ) {
		return to;
	}
	return loop ? ( to + count ) % count : null;
}

/**
 * The state the popup opens with: as the server renders it.
 *
 * @param start The settings that matter.
 */
export function initialState( start: UiStart ): UiState {
	const size = start.maximized ? 'maximized' : 'normal';
	const state: UiState = {
		index: start.index,
		count: start.count,
		loop: start.loop,
		info: start.info,
		bar: true,
		size,
		restore: size,
		// As the server renders the play button: pressed when configured (with more than one image).
		playing: start.autoplay && start.count > 1,
		holds: [],
		zoom: false,
		scale: ZOOM_DEFAULT,
	};
	return state;
}

/**
 * Whether the slideshow advances now: playing and held by nothing.
 *
 * @param state The state.
 */
export const running = ( state: UiState ): boolean =>
	state.playing && state.holds.length === 0;

/**
 * Whether the maximize button is pressed: the popup is maximized (or goes back to maximized from full screen).
 *
 * @param state The state.
 */
export const maximized = ( state: UiState ): boolean =>
	( state.size === 'fullscreen' ? state.restore : state.size ) ===
	'maximized';

/**
 * The next state (the same object when nothing changes).
 *
 * @param state  The state.
 * @param action The change.
 */
export function reducer( state: UiState, action: UiAction ): UiState {
	switch ( action.type ) {
		case 'show':
			return action.index === state.index ||
				! Number.isInteger( action.index ) ||
				action.index < 0 ||
				action.index >= state.count
				? state
				: { ...state, index: action.index };
		case 'toggleInfo':
			return { ...state, info: ! state.info };
		case 'toggleBar':
			return { ...state, bar: ! state.bar };
		case 'toggleMaximize':
			if ( state.size === 'fullscreen' ) {
				return {
					...state,
					restore:
						state.restore === 'normal' ? 'maximized' : 'normal',
				};
			}
			return {
				...state,
				size: state.size === 'normal' ? 'maximized' : 'normal',
			};
		case 'fullscreen': {
			const { size } = state;
			if ( size === 'fullscreen' ) {
				return action.on ? state : { ...state, size: state.restore };
			}
			return action.on
				? { ...state, size: 'fullscreen', restore: size }
				: state;
		}
		case 'togglePlay':
			if (
				! state.playing &&
				step( state.index, 1, state.count, state.loop ) === null
			) {
				return state;
			}
			return { ...state, playing: ! state.playing };
		case 'stop':
			return state.playing ? { ...state, playing: false } : state;
		case 'hold':
			return state.holds.includes( action.reason )
				? state
				: { ...state, holds: [ ...state.holds, action.reason ] };
		case 'release':
			return state.holds.includes( action.reason )
				? {
						...state,
						holds: state.holds.filter(
							( reason ) => reason !== action.reason
						),
					}
				: state;
		case 'toggleZoom':
			return state.zoom
				? reducer(
						{ ...state, zoom: false, scale: ZOOM_DEFAULT },
						{ type: 'release', reason: 'zoom' }
					)
				: { ...state, zoom: true, scale: ZOOM_DEFAULT };
		case 'zoomTo': {
			if ( ! Number.isFinite( action.scale ) ) {
				return state;
			}
			if ( action.scale <= ZOOM_MIN ) {
				return state.zoom
					? reducer( state, { type: 'toggleZoom' } )
					: state;
			}
			const scale = Math.min( ZOOM_MAX, action.scale );
			return state.zoom && scale === state.scale
				? state
				: { ...state, zoom: true, scale };
		}
		case 'zoomBy':
			return reducer( state, {
				type: 'zoomTo',
				scale: ( state.zoom ? state.scale : 1 ) * action.factor,
			} );
	}
	return state;
}
