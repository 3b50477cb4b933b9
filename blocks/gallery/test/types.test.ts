/**
 * The gallery block's pure helpers: block.json's defaults, ranges and enums, the attribute normalisation, the
 * image ids read from a gallery's meta and from the media library's selection, and gallery records.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import metadata from '../block.json';
import {
	choiceAttribute,
	choicesOf,
	clamp,
	clampAttribute,
	defaultAttributes,
	errorMessage,
	galleryLabel,
	idsOfSelection,
	MAX_IMAGES,
	normaliseAttributes,
	optionsOf,
	parseGalleryRecord,
	rangeOf,
	readGalleryImages,
	readIds,
	sameIds,
} from '../types';

describe( 'defaultAttributes', () => {
	it( 'answers the defaults of block.json', () => {
		expect( defaultAttributes() ).toEqual( {
			galleryId: 0,
			view: 'thumbnails',
			thumbWidth: 250,
			thumbHeight: 180,
			maxColumns: 5,
			showTitles: false,
			imagesPerPage: 24,
			pagination: 'numbers',
			sortBy: 'order',
			order: 'asc',
			thumbClickAction: 'open_lightbox',
			thumbLinkTarget: false,
			showSearch: false,
			showSort: false,
			tagFilter: 'none',
		} );
	} );

	it( 'covers every attribute of block.json', () => {
		expect( Object.keys( defaultAttributes() ).sort() ).toEqual(
			Object.keys( metadata.attributes ).sort()
		);
	} );
} );

describe( 'rangeOf and choicesOf', () => {
	it( 'read the bounds and enums of block.json', () => {
		expect( rangeOf( 'thumbWidth' ) ).toEqual( { min: 50, max: 1000 } );
		expect( rangeOf( 'thumbHeight' ) ).toEqual( { min: 50, max: 1000 } );
		expect( rangeOf( 'maxColumns' ) ).toEqual( { min: 1, max: 12 } );
		expect( rangeOf( 'imagesPerPage' ) ).toEqual( { min: 0, max: 500 } );
		expect( choicesOf( 'view' ) ).toEqual( [ 'thumbnails' ] );
		expect( choicesOf( 'pagination' ) ).toEqual( [ 'none', 'numbers' ] );
		expect( choicesOf( 'sortBy' ) ).toEqual( [
			'order',
			'title',
			'date',
			'filename',
			'random',
		] );
		expect( choicesOf( 'order' ) ).toEqual( [ 'asc', 'desc' ] );
		expect( choicesOf( 'thumbClickAction' ) ).toEqual( [
			'open_lightbox',
			'redirect_to_url',
			'do_nothing',
		] );
	} );
} );

describe( 'optionsOf', () => {
	it( 'labels the values block.json allows, in its order', () => {
		expect( optionsOf( 'view' ) ).toEqual( [
			{ label: 'Thumbnails', value: 'thumbnails' },
		] );
		expect( optionsOf( 'thumbClickAction' ) ).toEqual( [
			{ label: 'Open the lightbox', value: 'open_lightbox' },
			{ label: 'Go to the image’s URL', value: 'redirect_to_url' },
			{ label: 'Do nothing', value: 'do_nothing' },
		] );
		expect( optionsOf( 'pagination' ).map( ( o ) => o.value ) ).toEqual( [
			'none',
			'numbers',
		] );
	} );

	it( 'gives every value a label', () => {
		for ( const name of [
			'view',
			'pagination',
			'sortBy',
			'order',
			'thumbClickAction',
		] as const ) {
			for ( const option of optionsOf( name ) ) {
				expect( option.label ).not.toBe( option.value );
			}
		}
	} );
} );

describe( 'clamp', () => {
	it( 'rounds into the bounds and falls back when there is no number', () => {
		expect( clamp( 7.6, 1, 12, 5 ) ).toBe( 8 );
		expect( clamp( 0, 1, 12, 5 ) ).toBe( 1 );
		expect( clamp( 40, 1, 12, 5 ) ).toBe( 12 );
		expect( clamp( '300', 50, 1000, 250 ) ).toBe( 300 );
		expect( clamp( undefined, 1, 12, 5 ) ).toBe( 5 );
		expect( clamp( '', 1, 12, 5 ) ).toBe( 5 );
		expect( clamp( 'wide', 1, 12, 5 ) ).toBe( 5 );
		expect( clamp( Number.NaN, 1, 12, 5 ) ).toBe( 5 );
		expect( clamp( Infinity, 1, 12, 5 ) ).toBe( 5 );
	} );
} );

describe( 'clampAttribute and choiceAttribute', () => {
	it( 'keep attributes within block.json', () => {
		expect( clampAttribute( 'thumbWidth', 20 ) ).toBe( 50 );
		expect( clampAttribute( 'thumbWidth', 5000 ) ).toBe( 1000 );
		expect( clampAttribute( 'maxColumns', 13 ) ).toBe( 12 );
		expect( clampAttribute( 'maxColumns', undefined ) ).toBe( 5 );
		expect( clampAttribute( 'imagesPerPage', 0 ) ).toBe( 0 );
		expect( clampAttribute( 'imagesPerPage', -3 ) ).toBe( 0 );
		expect( choiceAttribute( 'sortBy', 'title' ) ).toBe( 'title' );
		expect( choiceAttribute( 'sortBy', 'size' ) ).toBe( 'order' );
		expect( choiceAttribute( 'view', 'masonry' ) ).toBe( 'thumbnails' );
		expect( choiceAttribute( 'order', 1 ) ).toBe( 'asc' );
	} );
} );

describe( 'normaliseAttributes', () => {
	it( 'completes missing attributes with the defaults', () => {
		expect( normaliseAttributes( {} ) ).toEqual( defaultAttributes() );
	} );

	it( 'keeps valid values and repairs the others', () => {
		expect(
			normaliseAttributes( {
				galleryId: 12,
				view: 'thumbnails',
				thumbWidth: 2000,
				thumbHeight: '120',
				maxColumns: 3,
				showTitles: true,
				imagesPerPage: 0,
				pagination: 'load_more',
				sortBy: 'random',
				order: 'desc',
				thumbClickAction: 'redirect_to_url',
				thumbLinkTarget: 'yes',
				showSearch: true,
				showSort: 1,
				tagFilter: 'cloud',
			} )
		).toEqual( {
			galleryId: 12,
			view: 'thumbnails',
			thumbWidth: 1000,
			thumbHeight: 120,
			maxColumns: 3,
			showTitles: true,
			imagesPerPage: 0,
			pagination: 'numbers',
			sortBy: 'random',
			order: 'desc',
			thumbClickAction: 'redirect_to_url',
			thumbLinkTarget: false,
			showSearch: true,
			showSort: false,
			tagFilter: 'none',
		} );
	} );

	it( 'answers no gallery for an id that is not a positive integer', () => {
		expect( normaliseAttributes( { galleryId: -4 } ).galleryId ).toBe( 0 );
		expect( normaliseAttributes( { galleryId: 2.5 } ).galleryId ).toBe( 0 );
		expect( normaliseAttributes( { galleryId: '7' } ).galleryId ).toBe( 0 );
	} );
} );

describe( 'readIds and readGalleryImages', () => {
	it( 'keep unique positive integers in order', () => {
		expect( readIds( [ 3, 1, '2', 3, 0, -1, 1.5, 'x', null, 2 ] ) ).toEqual(
			[ 3, 1, 2 ]
		);
		expect( readIds( 'nope' ) ).toEqual( [] );
		expect(
			readIds(
				Array.from( { length: MAX_IMAGES + 5 }, ( _, i ) => i + 1 )
			)
		).toHaveLength( MAX_IMAGES );
	} );

	it( 'read the images of a gallery’s meta', () => {
		expect(
			readGalleryImages( { _tessera_gallery_images: [ 9, 4, 7 ] } )
		).toEqual( [ 9, 4, 7 ] );
		expect( readGalleryImages( { other: [ 1 ] } ) ).toEqual( [] );
		expect( readGalleryImages( undefined ) ).toEqual( [] );
		expect( readGalleryImages( [] ) ).toEqual( [] );
	} );
} );

describe( 'idsOfSelection', () => {
	it( 'reads the ids of the media frame’s selection, in order', () => {
		expect(
			idsOfSelection( [
				{ id: 21, url: 'a.jpg' },
				{ id: 5, url: 'b.jpg' },
				{ url: 'no-id.jpg' },
				{ id: 21 },
				{ id: 8 },
			] )
		).toEqual( [ 21, 5, 8 ] );
		expect( idsOfSelection( { id: 4 } ) ).toEqual( [ 4 ] );
		expect( idsOfSelection( null ) ).toEqual( [] );
	} );
} );

describe( 'sameIds', () => {
	it( 'compares order too', () => {
		expect( sameIds( [ 1, 2, 3 ], [ 1, 2, 3 ] ) ).toBe( true );
		expect( sameIds( [ 1, 2, 3 ], [ 1, 3, 2 ] ) ).toBe( false );
		expect( sameIds( [ 1, 2 ], [ 1, 2, 3 ] ) ).toBe( false );
		expect( sameIds( [], [] ) ).toBe( true );
	} );
} );

describe( 'parseGalleryRecord and galleryLabel', () => {
	it( 'reads the edit context, the view context and edited titles', () => {
		expect(
			parseGalleryRecord( {
				id: 5,
				title: { raw: 'Trip', rendered: 'Trip' },
				status: 'publish',
			} )
		).toEqual( { id: 5, title: 'Trip', status: 'publish' } );
		expect(
			parseGalleryRecord( { id: 6, title: { rendered: 'Sea' } } )
		).toEqual( { id: 6, title: 'Sea', status: '' } );
		expect(
			parseGalleryRecord( { id: 7, title: 'Edited', status: 'draft' } )
		).toEqual( { id: 7, title: 'Edited', status: 'draft' } );
		expect( parseGalleryRecord( { id: 0 } ) ).toBeNull();
		expect( parseGalleryRecord( null ) ).toBeNull();
	} );

	it( 'names untitled galleries and drafts', () => {
		expect(
			galleryLabel( { id: 5, title: 'Trip', status: 'publish' } )
		).toBe( 'Trip' );
		expect( galleryLabel( { id: 9, title: ' ', status: 'publish' } ) ).toBe(
			'(no title) #9'
		);
		expect(
			galleryLabel( { id: 5, title: 'Trip', status: 'draft' } )
		).toBe( 'Trip (draft)' );
	} );
} );

describe( 'errorMessage', () => {
	it( 'reads errors and REST error objects', () => {
		expect( errorMessage( new Error( 'Broken' ), 'Failed' ) ).toBe(
			'Broken'
		);
		expect(
			errorMessage(
				{ code: 'rest_invalid_param', message: 'Invalid images.' },
				'Failed'
			)
		).toBe( 'Invalid images.' );
		expect( errorMessage( 'what', 'Failed' ) ).toBe( 'Failed' );
	} );
} );
