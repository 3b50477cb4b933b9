/**
 * The popup's UI state (blocks/gallery/lightbox/state.ts): steps at the ends with and without loop, the first
 * state as the server renders it, the image shown, the panels, the sizes with full screen, play with its holds and
 * zoom.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	initialState,
	maximized,
	reducer,
	running,
	step,
	type UiAction,
	type UiStart,
	type UiState,
	ZOOM_DEFAULT,
	ZOOM_MAX,
} from '../state';

const START: UiStart = {
	index: 0,
	count: 5,
	loop: true,
	info: false,
	maximized: false,
	autoplay: false,
};

/**
 * The state after some actions.
 *
 * @param start   How it starts.
 * @param actions What happens.
 */
const after = ( start: Partial< UiStart >, ...actions: UiAction[] ): UiState =>
	actions.reduce( reducer, initialState( { ...START, ...start } ) );

describe( 'step', () => {
	it( 'goes one image on, round the ends with loop', () => {
		expect( step( 2, 1, 5, true ) ).toBe( 3 );
		expect( step( 2, -1, 5, true ) ).toBe( 1 );
		expect( step( 4, 1, 5, true ) ).toBe( 0 );
		expect( step( 0, -1, 5, true ) ).toBe( 4 );
	} );

	it( 'stops at the ends without loop, and with a single image', () => {
		expect( step( 4, 1, 5, false ) ).toBeNull();
		expect( step( 0, -1, 5, false ) ).toBeNull();
		expect( step( 3, 1, 5, false ) ).toBe( 4 );
		expect( step( 0, 1, 1, true ) ).toBeNull();
		expect( step( 0, -1, 1, true ) ).toBeNull();
	} );
} );

describe( 'initialState', () => {
	it( 'opens as the server renders: bar open, normal size, paused, no zoom', () => {
		expect( initialState( { ...START, index: 3 } ) ).toEqual( {
			index: 3,
			count: 5,
			loop: true,
			info: false,
			bar: true,
			size: 'normal',
			restore: 'normal',
			playing: false,
			holds: [],
			zoom: false,
			scale: ZOOM_DEFAULT,
		} );
	} );

	it( 'opens maximized, with the info panel, and playing when the settings say so', () => {
		const state = initialState( {
			...START,
			maximized: true,
			info: true,
			autoplay: true,
		} );
		expect( state.size ).toBe( 'maximized' );
		expect( maximized( state ) ).toBe( true );
		expect( state.info ).toBe( true );
		expect( state.playing ).toBe( true );
		expect( running( state ) ).toBe( true );
	} );

	it( 'plays at the last image without loop too, as the server says (the slideshow stops at its first tick)', () => {
		expect(
			initialState( { ...START, index: 4, loop: false, autoplay: true } )
				.playing
		).toBe( true );
		expect(
			initialState( { ...START, count: 1, autoplay: true } ).playing
		).toBe( false );
	} );
} );

describe( 'reducer', () => {
	it( 'shows another image, and keeps the same state for the same one or one out of range', () => {
		const state = initialState( START );
		expect( reducer( state, { type: 'show', index: 3 } ).index ).toBe( 3 );
		expect( reducer( state, { type: 'show', index: 0 } ) ).toBe( state );
		expect( reducer( state, { type: 'show', index: 5 } ) ).toBe( state );
		expect( reducer( state, { type: 'show', index: -1 } ) ).toBe( state );
		expect( reducer( state, { type: 'show', index: 1.5 } ) ).toBe( state );
	} );

	it( 'toggles the info panel and the control bar', () => {
		expect( after( {}, { type: 'toggleInfo' } ).info ).toBe( true );
		expect(
			after( {}, { type: 'toggleInfo' }, { type: 'toggleInfo' } ).info
		).toBe( false );
		expect( after( {}, { type: 'toggleBar' } ).bar ).toBe( false );
		expect(
			after( {}, { type: 'toggleBar' }, { type: 'toggleBar' } ).bar
		).toBe( true );
	} );

	it( 'maximizes and restores', () => {
		const big = after( {}, { type: 'toggleMaximize' } );
		expect( big.size ).toBe( 'maximized' );
		expect( maximized( big ) ).toBe( true );
		const back = reducer( big, { type: 'toggleMaximize' } );
		expect( back.size ).toBe( 'normal' );
		expect( maximized( back ) ).toBe( false );
	} );

	it( 'enters full screen and goes back to the size it left', () => {
		const full = after(
			{ maximized: true },
			{ type: 'fullscreen', on: true }
		);
		expect( full.size ).toBe( 'fullscreen' );
		expect( maximized( full ) ).toBe( true );
		expect( reducer( full, { type: 'fullscreen', on: true } ) ).toBe(
			full
		);
		expect( reducer( full, { type: 'fullscreen', on: false } ).size ).toBe(
			'maximized'
		);
		const normal = after( {}, { type: 'fullscreen', on: false } );
		expect( normal.size ).toBe( 'normal' );
		expect(
			after(
				{},
				{ type: 'fullscreen', on: true },
				{ type: 'fullscreen', on: false }
			).size
		).toBe( 'normal' );
	} );

	it( 'changes the size full screen goes back to when maximize is pressed in full screen', () => {
		const full = after(
			{},
			{ type: 'fullscreen', on: true },
			{ type: 'toggleMaximize' }
		);
		expect( full.size ).toBe( 'fullscreen' );
		expect( maximized( full ) ).toBe( true );
		expect( reducer( full, { type: 'fullscreen', on: false } ).size ).toBe(
			'maximized'
		);
	} );

	it( 'plays and pauses; refuses to start at the last image without loop; stops', () => {
		const playing = after( {}, { type: 'togglePlay' } );
		expect( playing.playing ).toBe( true );
		expect( reducer( playing, { type: 'togglePlay' } ).playing ).toBe(
			false
		);
		const last = after( { index: 4, loop: false } );
		expect( reducer( last, { type: 'togglePlay' } ) ).toBe( last );
		expect( after( { index: 4 }, { type: 'togglePlay' } ).playing ).toBe(
			true
		);
		expect( reducer( playing, { type: 'stop' } ).playing ).toBe( false );
		const paused = initialState( START );
		expect( reducer( paused, { type: 'stop' } ) ).toBe( paused );
	} );

	it( 'holds the slideshow while the window is blurred and resumes only if it was playing', () => {
		const held = after(
			{},
			{ type: 'togglePlay' },
			{ type: 'hold', reason: 'blur' }
		);
		expect( held.playing ).toBe( true );
		expect( running( held ) ).toBe( false );
		expect( reducer( held, { type: 'hold', reason: 'blur' } ) ).toBe(
			held
		);
		expect(
			running( reducer( held, { type: 'release', reason: 'blur' } ) )
		).toBe( true );
		const paused = after(
			{},
			{ type: 'hold', reason: 'blur' },
			{ type: 'release', reason: 'blur' }
		);
		expect( running( paused ) ).toBe( false );
		expect( reducer( paused, { type: 'release', reason: 'blur' } ) ).toBe(
			paused
		);
	} );

	it( 'runs again only when every hold is released', () => {
		const both = after(
			{},
			{ type: 'togglePlay' },
			{ type: 'hold', reason: 'blur' },
			{ type: 'hold', reason: 'zoom' },
			{ type: 'release', reason: 'blur' }
		);
		expect( running( both ) ).toBe( false );
		expect(
			running( reducer( both, { type: 'release', reason: 'zoom' } ) )
		).toBe( true );
	} );

	it( 'toggles zoom, and zoom off releases its hold', () => {
		const zoom = after(
			{},
			{ type: 'togglePlay' },
			{ type: 'toggleZoom' },
			{ type: 'hold', reason: 'zoom' }
		);
		expect( zoom.zoom ).toBe( true );
		expect( running( zoom ) ).toBe( false );
		const off = reducer( zoom, { type: 'toggleZoom' } );
		expect( off.zoom ).toBe( false );
		expect( off.holds ).toEqual( [] );
		expect( running( off ) ).toBe( true );
	} );

	it( 'the button zooms to the default scale; the wheel, a pinch and keys change it within the bounds', () => {
		const on = after( {}, { type: 'toggleZoom' } );
		expect( on ).toMatchObject( { zoom: true, scale: ZOOM_DEFAULT } );
		expect( reducer( on, { type: 'zoomBy', factor: 1.5 } ).scale ).toBe(
			ZOOM_DEFAULT * 1.5
		);
		expect( reducer( on, { type: 'zoomTo', scale: 99 } ).scale ).toBe(
			ZOOM_MAX
		);
		// From off, a step in starts from the picture as shown (scale 1).
		expect( after( {}, { type: 'zoomBy', factor: 1.2 } ) ).toMatchObject( {
			zoom: true,
			scale: 1.2,
		} );
		// A step too small to show anything does not turn it on.
		expect( after( {}, { type: 'zoomBy', factor: 1.01 } ).zoom ).toBe(
			false
		);
		expect( after( {}, { type: 'zoomBy', factor: 0.5 } ).zoom ).toBe(
			false
		);
		// Nonsense changes nothing.
		expect( reducer( on, { type: 'zoomTo', scale: NaN } ) ).toBe( on );
		// At the largest scale, more is the same state.
		const most = reducer( on, { type: 'zoomTo', scale: ZOOM_MAX } );
		expect( reducer( most, { type: 'zoomBy', factor: 2 } ) ).toBe( most );
	} );

	it( 'a scale brought down to 1 turns the zoom off and releases its hold; the button then starts again at the default', () => {
		const held = after(
			{},
			{ type: 'togglePlay' },
			{ type: 'zoomTo', scale: 3 },
			{ type: 'hold', reason: 'zoom' }
		);
		expect( running( held ) ).toBe( false );
		const off = reducer( held, { type: 'zoomBy', factor: 1 / 3 } );
		expect( off ).toMatchObject( {
			zoom: false,
			scale: ZOOM_DEFAULT,
			holds: [],
		} );
		expect( running( off ) ).toBe( true );
		expect( reducer( off, { type: 'toggleZoom' } ).scale ).toBe(
			ZOOM_DEFAULT
		);
	} );
} );
