/**
 * External dependencies
 */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	PROGRESS_EVENT,
	getProgress,
	initProgress,
	onProgress,
	setProgress,
} from '../../../src/lib/speed/progress';
import type { ProgressState } from '../../../src/lib/speed/types';

describe( 'page-wide in-progress state', () => {
	beforeEach( () => {
		delete window.tesseraSpeedProgress;
	} );

	it( 'is idle before anything set it', () => {
		expect( getProgress() ).toEqual( { inProgress: false, postId: 0 } );
	} );

	it( 'notifies every listener, as two bundles on one page would', () => {
		const adminBar = jest.fn< ( state: ProgressState ) => void >();
		const sidebar = jest.fn< ( state: ProgressState ) => void >();
		onProgress( adminBar );
		const stopSidebar = onProgress( sidebar );

		setProgress( true, 12 );
		expect( adminBar ).toHaveBeenLastCalledWith( {
			inProgress: true,
			postId: 12,
		} );
		expect( sidebar ).toHaveBeenLastCalledWith( {
			inProgress: true,
			postId: 12,
		} );

		stopSidebar();
		setProgress( false, 12 );
		expect( adminBar ).toHaveBeenLastCalledWith( {
			inProgress: false,
			postId: 12,
		} );
		expect( adminBar ).toHaveBeenCalledTimes( 2 );
		expect( sidebar ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'keeps the state on window and fires tessera-speed:progress with it', () => {
		const details: unknown[] = [];
		const listener = ( event: Event ) =>
			details.push( ( event as CustomEvent< ProgressState > ).detail );
		window.addEventListener( PROGRESS_EVENT, listener );
		setProgress( true, 3 );
		window.removeEventListener( PROGRESS_EVENT, listener );

		expect( PROGRESS_EVENT ).toBe( 'tessera-speed:progress' );
		expect( details ).toEqual( [ { inProgress: true, postId: 3 } ] );
		expect( window.tesseraSpeedProgress ).toEqual( {
			inProgress: true,
			postId: 3,
		} );
		expect( getProgress() ).toEqual( { inProgress: true, postId: 3 } );
	} );

	it( 'takes the initial state from the configuration once', () => {
		expect(
			initProgress( { inProgress: true, inProgressPostId: 9 } )
		).toEqual( { inProgress: true, postId: 9 } );
		// A second bundle does not reset what the first one knows.
		setProgress( false, 9 );
		expect(
			initProgress( { inProgress: true, inProgressPostId: 9 } )
		).toEqual( { inProgress: false, postId: 9 } );
	} );

	it( 'ignores the post id of a configuration that is not in progress', () => {
		expect(
			initProgress( { inProgress: false, inProgressPostId: 9 } )
		).toEqual( { inProgress: false, postId: 0 } );
	} );
} );
