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
	limitText,
	MAX_IMAGES,
	maxLengthOf,
	normaliseAttributes,
	numberChoiceAttribute,
	numberChoicesOf,
	numberOptionsOf,
	optionsOf,
	paginationFor,
	parseGalleryRecord,
	rangeOf,
	readGalleryImages,
	readIds,
	sameIds,
	settingApplies,
	textAttribute,
	VIEW_SETTINGS,
	type GalleryAttributes,
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
			frontendAjax: false,
			scrollToGallery: true,
			masonryDirection: 'vertical',
			mosaicDirection: 'horizontal',
			viewWidth: 800,
			viewHeight: 500,
			showDescription: true,
			effect: 'fade',
			effectDuration: 800,
			interval: 5,
			autoplay: true,
			loop: true,
			shuffle: false,
			filmstripType: 1,
			filmstripDirection: 'horizontal',
			filmstripSize: 90,
			filmstripCount: 5,
			carouselItems: 3,
			music: 0,
			watermarkType: 'none',
			watermarkText: '',
			watermarkImage: 0,
			watermarkPosition: 'bottom-right',
			watermarkOpacity: 60,
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
		expect( rangeOf( 'interval' ) ).toEqual( { min: 1, max: 60 } );
		expect( rangeOf( 'watermarkOpacity' ) ).toEqual( { min: 0, max: 100 } );
		expect( rangeOf( 'carouselItems' ) ).toEqual( { min: 1, max: 10 } );
		expect( choicesOf( 'view' ) ).toEqual( [
			'thumbnails',
			'masonry',
			'mosaic',
			'slideshow',
			'carousel',
			'image_browser',
			'blog_style',
		] );
		expect( choicesOf( 'pagination' ) ).toEqual( [
			'none',
			'numbers',
			'load_more',
		] );
		expect( numberChoicesOf( 'filmstripType' ) ).toEqual( [ 0, 1, 2 ] );
		expect( maxLengthOf( 'watermarkText' ) ).toBe( 100 );
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
			{ label: 'Masonry', value: 'masonry' },
			{ label: 'Mosaic', value: 'mosaic' },
			{ label: 'Slideshow', value: 'slideshow' },
			{ label: 'Carousel', value: 'carousel' },
			{ label: 'Image browser', value: 'image_browser' },
			{ label: 'Blog style', value: 'blog_style' },
		] );
		expect( numberOptionsOf( 'filmstripType' ) ).toEqual( [
			{ label: 'None (dots)', value: '0' },
			{ label: 'Thumbnails of a fixed size', value: '1' },
			{ label: 'A fixed number of thumbnails', value: '2' },
		] );
		expect( optionsOf( 'thumbClickAction' ) ).toEqual( [
			{ label: 'Open the lightbox', value: 'open_lightbox' },
			{ label: 'Go to the image’s URL', value: 'redirect_to_url' },
			{ label: 'Do nothing', value: 'do_nothing' },
		] );
		expect( optionsOf( 'pagination' ).map( ( o ) => o.label ) ).toEqual( [
			'None',
			'Page numbers',
			'Load more',
		] );
	} );

	it( 'gives every value a label', () => {
		for ( const name of [
			'view',
			'pagination',
			'sortBy',
			'order',
			'thumbClickAction',
			'tagFilter',
			'masonryDirection',
			'mosaicDirection',
			'effect',
			'filmstripDirection',
			'watermarkType',
			'watermarkPosition',
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
		expect( choiceAttribute( 'view', 'masonry' ) ).toBe( 'masonry' );
		expect( choiceAttribute( 'view', 'grid' ) ).toBe( 'thumbnails' );
		expect( choiceAttribute( 'effect', 'scale_in' ) ).toBe( 'scale_in' );
		expect( choiceAttribute( 'effect', 'cube' ) ).toBe( 'fade' );
		expect( clampAttribute( 'interval', 0 ) ).toBe( 1 );
		expect( clampAttribute( 'interval', 90 ) ).toBe( 60 );
		expect( clampAttribute( 'watermarkOpacity', 101 ) ).toBe( 100 );
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
			...defaultAttributes(),
			galleryId: 12,
			view: 'thumbnails',
			thumbWidth: 1000,
			thumbHeight: 120,
			maxColumns: 3,
			showTitles: true,
			imagesPerPage: 0,
			pagination: 'load_more',
			sortBy: 'random',
			order: 'desc',
			thumbClickAction: 'redirect_to_url',
			thumbLinkTarget: false,
			showSearch: true,
			showSort: false,
			tagFilter: 'none',
		} );
	} );

	it( 'keeps and repairs the settings of every view', () => {
		const settings = normaliseAttributes( {
			view: 'slideshow',
			frontendAjax: true,
			scrollToGallery: 'no',
			masonryDirection: 'horizontal',
			mosaicDirection: 'diagonal',
			viewWidth: 100,
			viewHeight: 1200,
			showDescription: false,
			effect: 'slide_vertical',
			effectDuration: 6000,
			interval: '12',
			autoplay: false,
			loop: 0,
			shuffle: true,
			filmstripType: 2,
			filmstripDirection: 'vertical',
			filmstripSize: 10,
			filmstripCount: 7.4,
			carouselItems: 11,
			music: 55,
			watermarkType: 'text',
			watermarkText: 'Ⓒ Ana',
			watermarkImage: -3,
			watermarkPosition: 'center',
			watermarkOpacity: 35,
		} );
		expect( settings ).toEqual( {
			...defaultAttributes(),
			view: 'slideshow',
			frontendAjax: true,
			scrollToGallery: true,
			masonryDirection: 'horizontal',
			mosaicDirection: 'horizontal',
			viewWidth: 200,
			viewHeight: 1200,
			showDescription: false,
			effect: 'slide_vertical',
			effectDuration: 5000,
			interval: 12,
			autoplay: false,
			loop: true,
			shuffle: true,
			filmstripType: 2,
			filmstripDirection: 'vertical',
			filmstripSize: 30,
			filmstripCount: 7,
			carouselItems: 10,
			music: 55,
			watermarkType: 'text',
			watermarkText: 'Ⓒ Ana',
			watermarkImage: 0,
			watermarkPosition: 'center',
			watermarkOpacity: 35,
		} );
	} );

	it( 'reads the filmstrip type as a number, and texts within their length', () => {
		expect( numberChoiceAttribute( 'filmstripType', 0 ) ).toBe( 0 );
		expect( numberChoiceAttribute( 'filmstripType', '2' ) ).toBe( 2 );
		expect( numberChoiceAttribute( 'filmstripType', 3 ) ).toBe( 1 );
		expect( numberChoiceAttribute( 'filmstripType', '1.5' ) ).toBe( 1 );
		expect( numberChoiceAttribute( 'filmstripType', null ) ).toBe( 1 );
		expect(
			normaliseAttributes( { filmstripType: 0 } ).filmstripType
		).toBe( 0 );
		// Counted in characters, as PHP's schema check counts them (an emoji is one).
		expect( textAttribute( 'watermarkText', '😀'.repeat( 100 ) ) ).toBe(
			'😀'.repeat( 100 )
		);
		expect( textAttribute( 'watermarkText', 'x'.repeat( 101 ) ) ).toBe(
			''
		);
		expect( textAttribute( 'watermarkText', 12 ) ).toBe( '' );
		expect( limitText( 'watermarkText', '😀'.repeat( 120 ) ) ).toBe(
			'😀'.repeat( 100 )
		);
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

describe( 'VIEW_SETTINGS and settingApplies', () => {
	const shown = ( attributes: Partial< GalleryAttributes > ): string[] => {
		const settings = normaliseAttributes( attributes );
		return Object.keys( settings ).filter( ( name ) =>
			settingApplies( settings, name )
		);
	};

	it( 'names a list of settings for every view of block.json, all of them attributes', () => {
		const attributes = Object.keys( metadata.attributes );
		expect( Object.keys( VIEW_SETTINGS ).sort() ).toEqual(
			[ ...choicesOf( 'view' ) ].sort()
		);
		for ( const names of Object.values( VIEW_SETTINGS ) ) {
			for ( const name of names ) {
				expect( attributes ).toContain( name );
			}
		}
	} );

	it( 'shows each view only its own settings', () => {
		expect( shown( { view: 'thumbnails' } ) ).toEqual( [
			'thumbWidth',
			'thumbHeight',
			'maxColumns',
			'showTitles',
		] );
		expect( shown( { view: 'masonry' } ) ).toEqual( [
			'thumbWidth',
			'maxColumns',
			'showTitles',
			'masonryDirection',
		] );
		expect(
			shown( { view: 'masonry', masonryDirection: 'horizontal' } )
		).toEqual( [ 'thumbHeight', 'showTitles', 'masonryDirection' ] );
		expect( shown( { view: 'mosaic' } ) ).toEqual( [
			'thumbHeight',
			'mosaicDirection',
		] );
		expect(
			shown( { view: 'mosaic', mosaicDirection: 'vertical' } )
		).toEqual( [ 'thumbWidth', 'mosaicDirection' ] );
		expect( shown( { view: 'carousel' } ) ).toEqual( [
			'viewWidth',
			'viewHeight',
			'interval',
			'autoplay',
			'loop',
			'carouselItems',
		] );
		expect( shown( { view: 'image_browser' } ) ).toEqual( [
			'viewWidth',
			'showDescription',
		] );
		expect( shown( { view: 'blog_style' } ) ).toEqual( [
			'viewWidth',
			'showDescription',
		] );
	} );

	it( 'shows the slideshow’s filmstrip and watermark settings by their type', () => {
		const base = shown( { view: 'slideshow' } );
		expect( base ).toEqual( [
			'viewWidth',
			'viewHeight',
			'effect',
			'effectDuration',
			'interval',
			'autoplay',
			'loop',
			'shuffle',
			'filmstripType',
			'filmstripDirection',
			'filmstripSize',
			'music',
			'watermarkType',
		] );
		const dots = shown( { view: 'slideshow', filmstripType: 0 } );
		expect( dots ).toContain( 'filmstripType' );
		expect( dots ).not.toContain( 'filmstripDirection' );
		expect( dots ).not.toContain( 'filmstripSize' );
		const counted = shown( { view: 'slideshow', filmstripType: 2 } );
		expect( counted ).toContain( 'filmstripCount' );
		expect( counted ).not.toContain( 'filmstripSize' );
		expect(
			shown( { view: 'slideshow', watermarkType: 'text' } ).filter(
				( name ) => name.startsWith( 'watermark' )
			)
		).toEqual( [
			'watermarkType',
			'watermarkText',
			'watermarkPosition',
			'watermarkOpacity',
		] );
		expect(
			shown( { view: 'slideshow', watermarkType: 'image' } ).filter(
				( name ) => name.startsWith( 'watermark' )
			)
		).toEqual( [
			'watermarkType',
			'watermarkImage',
			'watermarkPosition',
			'watermarkOpacity',
		] );
	} );
} );

describe( 'paginationFor', () => {
	it( 'offers no load more to a player, and shows its stored load more as the numbered pages it gets', () => {
		for ( const view of [ 'slideshow', 'carousel' ] ) {
			const { options, value } = paginationFor( view, 'load_more' );
			expect( options.map( ( o ) => o.value ) ).not.toContain(
				'load_more'
			);
			expect( options.map( ( o ) => o.value ) ).toContain( 'numbers' );
			expect( value ).toBe( 'numbers' );
		}
	} );

	it( 'keeps every choice and the stored value for the other views', () => {
		const { options, value } = paginationFor( 'masonry', 'load_more' );
		expect( options.map( ( o ) => o.value ) ).toContain( 'load_more' );
		expect( value ).toBe( 'load_more' );
	} );
} );
