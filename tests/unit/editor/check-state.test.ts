/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import { checkControlState } from '../../../src/editor/speed-sidebar/check-state';

const idle = { inProgress: false, postId: 0 };

describe( 'checkControlState', () => {
	it( 'enables "Check speed" for a published post when nothing runs', () => {
		expect(
			checkControlState( {
				postId: 5,
				published: true,
				checking: false,
				progress: idle,
			} )
		).toEqual( {
			disabled: false,
			busy: false,
			label: 'Check speed',
			note: null,
		} );
	} );

	it( 'disables it with a note for a post that is not published', () => {
		expect(
			checkControlState( {
				postId: 5,
				published: false,
				checking: false,
				progress: idle,
			} )
		).toEqual( {
			disabled: true,
			busy: false,
			label: 'Check speed',
			note: 'Publish the post to check its speed',
		} );
	} );

	it( 'reads "Checking…" and is disabled while its own check runs', () => {
		expect(
			checkControlState( {
				postId: 5,
				published: true,
				checking: true,
				progress: { inProgress: true, postId: 5 },
			} )
		).toEqual( {
			disabled: true,
			busy: true,
			label: 'Checking…',
			note: null,
		} );
	} );

	it( 'is disabled while a check of another post runs on the page', () => {
		expect(
			checkControlState( {
				postId: 5,
				published: true,
				checking: false,
				progress: { inProgress: true, postId: 8 },
			} )
		).toMatchObject( {
			disabled: true,
			note: 'Another check is running.',
		} );
	} );

	it( 'is disabled before the post has an id', () => {
		expect(
			checkControlState( {
				postId: 0,
				published: true,
				checking: false,
				progress: idle,
			} ).disabled
		).toBe( true );
	} );
} );
