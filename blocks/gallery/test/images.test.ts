/**
 * The image list's pure helpers: reading the media endpoint's records, the batched request, and the changes of
 * a gallery's order (move, remove).
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	batches,
	mediaPath,
	moveId,
	parseAttachment,
	removeId,
	textsChanged,
} from '../editor/images';

describe( 'parseAttachment', () => {
	it( 'reads the raw texts and the thumbnail size of the edit context', () => {
		expect(
			parseAttachment( {
				id: 7,
				media_type: 'image',
				title: { raw: 'Sea & sky', rendered: 'Sea &amp; sky' },
				caption: { raw: 'At <em>dawn</em>', rendered: '<p>At…</p>' },
				description: { raw: 'Long text', rendered: '<p>Long text</p>' },
				alt_text: 'Waves',
				source_url: 'https://example.org/sea.jpg',
				media_details: {
					width: 1200,
					height: 800,
					sizes: {
						thumbnail: {
							source_url: 'https://example.org/sea-150x150.jpg',
							width: 150,
							height: 150,
						},
					},
				},
			} )
		).toEqual( {
			id: 7,
			title: 'Sea & sky',
			caption: 'At <em>dawn</em>',
			description: 'Long text',
			alt: 'Waves',
			picture: {
				url: 'https://example.org/sea-150x150.jpg',
				width: 150,
				height: 150,
			},
		} );
	} );

	it( 'falls back to the full image, the rendered texts, and no picture', () => {
		expect(
			parseAttachment( {
				id: 8,
				title: { rendered: 'Small' },
				caption: 'Plain',
				source_url: 'https://example.org/small.png',
				media_details: { width: 90, height: 60, sizes: {} },
			} )
		).toEqual( {
			id: 8,
			title: 'Small',
			caption: 'Plain',
			description: '',
			alt: '',
			picture: {
				url: 'https://example.org/small.png',
				width: 90,
				height: 60,
			},
		} );
		expect( parseAttachment( { id: 9 } )?.picture ).toBeNull();
	} );

	it( 'refuses what is not an image record', () => {
		expect( parseAttachment( { id: 3, media_type: 'file' } ) ).toBeNull();
		expect( parseAttachment( { id: 0 } ) ).toBeNull();
		expect( parseAttachment( { id: '4' } ) ).toBeNull();
		expect( parseAttachment( null ) ).toBeNull();
	} );
} );

describe( 'mediaPath and batches', () => {
	it( 'asks for the ids in their order, in the edit context, with few fields', () => {
		const path = mediaPath( [ 5, 2, 9 ] );
		const [ route, query ] = path.split( '?' );
		expect( route ).toBe( '/wp/v2/media' );
		const params = new URLSearchParams( query );
		expect( params.get( 'include' ) ).toBe( '5,2,9' );
		expect( params.get( 'per_page' ) ).toBe( '3' );
		expect( params.get( 'orderby' ) ).toBe( 'include' );
		expect( params.get( 'context' ) ).toBe( 'edit' );
		expect( params.get( '_fields' ) ).toContain( 'caption' );
	} );

	it( 'cuts a list into batches', () => {
		expect( batches( [ 1, 2, 3, 4, 5 ], 2 ) ).toEqual( [
			[ 1, 2 ],
			[ 3, 4 ],
			[ 5 ],
		] );
		expect( batches( [], 100 ) ).toEqual( [] );
	} );
} );

describe( 'moveId and removeId', () => {
	it( 'moves an image up or down, within the list', () => {
		expect( moveId( [ 1, 2, 3 ], 1, 1 ) ).toEqual( [ 2, 1, 3 ] );
		expect( moveId( [ 1, 2, 3 ], 3, -1 ) ).toEqual( [ 1, 3, 2 ] );
		expect( moveId( [ 1, 2, 3 ], 1, -1 ) ).toEqual( [ 1, 2, 3 ] );
		expect( moveId( [ 1, 2, 3 ], 3, 1 ) ).toEqual( [ 1, 2, 3 ] );
		expect( moveId( [ 1, 2, 3 ], 1, 5 ) ).toEqual( [ 2, 3, 1 ] );
		expect( moveId( [ 1, 2, 3 ], 7, 1 ) ).toEqual( [ 1, 2, 3 ] );
	} );

	it( 'never changes the list it is given', () => {
		const ids = [ 1, 2, 3 ];
		moveId( ids, 1, 1 );
		removeId( ids, 2 );
		expect( ids ).toEqual( [ 1, 2, 3 ] );
	} );

	it( 'removes an image', () => {
		expect( removeId( [ 4, 5, 6 ], 5 ) ).toEqual( [ 4, 6 ] );
		expect( removeId( [ 4, 5, 6 ], 9 ) ).toEqual( [ 4, 5, 6 ] );
	} );
} );

describe( 'textsChanged', () => {
	it( 'compares the title, the caption and the description', () => {
		const saved = { title: 'A', caption: 'B', description: 'C' };
		expect( textsChanged( { ...saved }, saved ) ).toBe( false );
		expect( textsChanged( { ...saved, title: 'A ' }, saved ) ).toBe( true );
		expect( textsChanged( { ...saved, caption: '' }, saved ) ).toBe( true );
		expect( textsChanged( { ...saved, description: 'D' }, saved ) ).toBe(
			true
		);
	} );
} );
