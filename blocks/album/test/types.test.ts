/**
 * The album editor's pure helpers: items as stored, add / move / remove, labels, and the attributes read against
 * block.json.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	addItem,
	clampAlbum,
	itemLabel,
	MAX_ITEMS,
	moveItem,
	normaliseAlbum,
	previewOptions,
	readAlbumItems,
	readItems,
	removeItem,
	sameItems,
	type AlbumItem,
} from '../types';

const g1: AlbumItem = { type: 'gallery', id: 1 };
const g2: AlbumItem = { type: 'gallery', id: 2 };
const a3: AlbumItem = { type: 'album', id: 3 };

describe( 'album items', () => {
	it( 'reads what is stored as the server does: known types, positive ids, no repeats', () => {
		expect(
			readItems( [
				{ type: 'gallery', id: 1 },
				{ type: 'gallery', id: '2' },
				{ type: 'album', id: 1 },
				{ type: 'gallery', id: 1 },
				{ type: 'page', id: 4 },
				{ type: 'album', id: 0 },
				{ type: 'album', id: 1.5 },
				'gallery:5',
				null,
			] )
		).toEqual( [ g1, g2, { type: 'album', id: 1 } ] );
		expect( readItems( 'nope' ) ).toEqual( [] );
		expect( readAlbumItems( { _tessera_album_items: [ g1 ] } ) ).toEqual( [
			g1,
		] );
		expect( readAlbumItems( undefined ) ).toEqual( [] );
		const many = Array.from( { length: MAX_ITEMS + 3 }, ( _v, i ) => ( {
			type: 'gallery',
			id: i + 1,
		} ) );
		expect( readItems( many ) ).toHaveLength( MAX_ITEMS );
	} );

	it( 'adds once, moves within bounds and removes', () => {
		expect( addItem( [ g1 ], g2 ) ).toEqual( [ g1, g2 ] );
		expect( addItem( [ g1, g2 ], g1 ) ).toEqual( [ g1, g2 ] );
		expect( moveItem( [ g1, g2, a3 ], 2, -1 ) ).toEqual( [ g1, a3, g2 ] );
		expect( moveItem( [ g1, g2, a3 ], 0, 1 ) ).toEqual( [ g2, g1, a3 ] );
		expect( moveItem( [ g1, g2 ], 0, -1 ) ).toEqual( [ g1, g2 ] );
		expect( moveItem( [ g1, g2 ], 1, 1 ) ).toEqual( [ g1, g2 ] );
		expect( removeItem( [ g1, g2, a3 ], 1 ) ).toEqual( [ g1, a3 ] );
		expect( sameItems( [ g1, g2 ], [ g1, g2 ] ) ).toBe( true );
		expect( sameItems( [ g1, g2 ], [ g2, g1 ] ) ).toBe( false );
	} );

	it( 'names items by type and title, drafts and missing ones included', () => {
		const known = new Map( [
			[ 'gallery:1', { id: 1, title: 'Sea', status: 'publish' } ],
			[ 'album:3', { id: 3, title: '', status: 'draft' } ],
		] );
		expect( itemLabel( g1, known ) ).toBe( 'Gallery: Sea' );
		expect( itemLabel( a3, known ) ).toBe( 'Album: (no title) #3 (draft)' );
		expect( itemLabel( g2, known ) ).toBe(
			'Gallery: missing or trashed (#2)'
		);
	} );
} );

describe( 'album attributes', () => {
	it( 'are read against block.json', () => {
		expect( previewOptions().map( ( option ) => option.value ) ).toEqual( [
			'compact',
			'extended',
			'masonry',
		] );
		expect( clampAlbum( 'maxColumns', 40 ) ).toBe( 12 );
		expect( clampAlbum( 'maxColumns', undefined ) ).toBe( 4 );
		expect( clampAlbum( 'itemWidth', '300.4' ) ).toBe( 300 );
		expect(
			normaliseAlbum( {
				albumId: -3,
				preview: 'sideways',
				itemsPerPage: -1,
				showTitles: 'yes',
			} )
		).toEqual( {
			albumId: 0,
			preview: 'compact',
			itemWidth: 250,
			itemHeight: 180,
			maxColumns: 4,
			itemsPerPage: 0,
			showTitles: true,
		} );
	} );
} );
