/**
 * Attributes of the gallery block `tessera/gallery` (block.json, docs/gallery.md "Blocks"), the choices the
 * sidebar offers (read from the enums of block.json, so that a view or an option added there shows up without
 * touching the editor), and the pure helpers that read what the REST API and the media library answer.
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import metadata from './block.json';
import {
	parsePostRecord,
	readRecord,
	requestErrorMessage,
	type PostSummary,
} from '../../src/lib/post-record';

export { readRecord };

/** The block's name (block.json). */
export const BLOCK_NAME = 'tessera/gallery';

/** The post type of a gallery (its REST base is `tessera-galleries`). */
export const GALLERY_POST_TYPE = 'tessera_gallery';

/** The meta key of a gallery's ordered images (attachment ids). */
export const META_IMAGES = '_tessera_gallery_images';

/** Most images in one gallery (the meta schema's `maxItems`). */
export const MAX_IMAGES = 5000;

/** The block's own attributes (the supports add their own: style, align …). */
export interface GalleryAttributes extends Record< string, unknown > {
	/** The gallery post's id (0: none chosen yet). */
	galleryId: number;
	/** The gallery view (`thumbnails` …). */
	view: string;
	/** Width of a thumbnail cell (masonry: of a column; mosaic vertical: of a column), in pixels. */
	thumbWidth: number;
	/** Height of a thumbnail cell (masonry horizontal, mosaic horizontal: of a row), in pixels. */
	thumbHeight: number;
	/** Most columns of the thumbnails and masonry grids. */
	maxColumns: number;
	/** Whether each thumbnail shows its image's title. */
	showTitles: boolean;
	/** Images per page (0: all on one page). */
	imagesPerPage: number;
	/** Page navigation (`none` | `numbers` | `load_more`). */
	pagination: string;
	/** Sort key (`order` = the gallery's own order, `title`, `date`, `filename`, `random`). */
	sortBy: string;
	/** Sort direction (`asc` | `desc`). */
	order: string;
	/** What a click on a thumbnail does (`open_lightbox` | `redirect_to_url` | `do_nothing`). */
	thumbClickAction: string;
	/** Whether a thumbnail's own URL opens in a new tab. */
	thumbLinkTarget: boolean;
	/** Whether visitors get a search box. */
	showSearch: boolean;
	/** Whether visitors may choose the sort. */
	showSort: boolean;
	/** The tag filter visitors get (`none` | `bar` | `select`). */
	tagFilter: string;
	/** Whether paging, search, sort and tags load in place (no page reload). */
	frontendAjax: boolean;
	/** Whether the page scrolls to the gallery after navigating. */
	scrollToGallery: boolean;
	/** Masonry: `vertical` (columns) or `horizontal` (rows). */
	masonryDirection: string;
	/** Mosaic: `horizontal` (rows) or `vertical` (columns). */
	mosaicDirection: string;
	/** Slideshow, carousel, image browser, blog style: width, in pixels. */
	viewWidth: number;
	/** Slideshow, carousel: height, in pixels. */
	viewHeight: number;
	/** Image browser, blog style: whether each image shows its description. */
	showDescription: boolean;
	/** Slideshow: the transition effect. */
	effect: string;
	/** Slideshow: the transition's duration, in milliseconds. */
	effectDuration: number;
	/** Slideshow, carousel: seconds between two images. */
	interval: number;
	/** Slideshow, carousel: whether it plays on its own. */
	autoplay: boolean;
	/** Slideshow, carousel: whether it starts again after the last image. */
	loop: boolean;
	/** Slideshow: whether the images play in a random order. */
	shuffle: boolean;
	/** Slideshow: the filmstrip (0 none/dots, 1 thumbnails of a fixed size, 2 a fixed number of thumbnails). */
	filmstripType: number;
	/** Slideshow: the filmstrip's direction (`horizontal` | `vertical`). */
	filmstripDirection: string;
	/** Slideshow: a filmstrip thumbnail's size, in pixels. */
	filmstripSize: number;
	/** Slideshow: how many thumbnails the filmstrip shows at once. */
	filmstripCount: number;
	/** Carousel: images shown at once. */
	carouselItems: number;
	/** Slideshow: the background music (an audio attachment id, 0: none). */
	music: number;
	/** Slideshow: the watermark (`none` | `text` | `image`). */
	watermarkType: string;
	/** Slideshow: the watermark's text. */
	watermarkText: string;
	/** Slideshow: the watermark's image (an image attachment id, 0: none). */
	watermarkImage: number;
	/** Slideshow: where the watermark sits. */
	watermarkPosition: string;
	/** Slideshow: the watermark's opacity, in percent. */
	watermarkOpacity: number;
}

/** The attributes holding a whole number (with block.json bounds). */
export type NumberAttribute =
	| 'thumbWidth'
	| 'thumbHeight'
	| 'maxColumns'
	| 'imagesPerPage'
	| 'viewWidth'
	| 'viewHeight'
	| 'effectDuration'
	| 'interval'
	| 'filmstripSize'
	| 'filmstripCount'
	| 'carouselItems'
	| 'watermarkOpacity';

/** The attributes holding an attachment id (0: none). */
export type AttachmentAttribute = 'music' | 'watermarkImage';

/** The attributes holding one of an enum's values (strings). */
export type ChoiceAttribute =
	| 'view'
	| 'pagination'
	| 'sortBy'
	| 'order'
	| 'thumbClickAction'
	| 'tagFilter'
	| 'masonryDirection'
	| 'mosaicDirection'
	| 'effect'
	| 'filmstripDirection'
	| 'watermarkType'
	| 'watermarkPosition';

/** The attributes holding one of an enum's values (integers). */
export type NumberChoiceAttribute = 'filmstripType';

/** The attributes holding a yes or no. */
export type FlagAttribute =
	| 'showTitles'
	| 'thumbLinkTarget'
	| 'showSearch'
	| 'showSort'
	| 'frontendAjax'
	| 'scrollToGallery'
	| 'showDescription'
	| 'autoplay'
	| 'loop'
	| 'shuffle';

/** The attributes holding a text (with block.json's `maxLength`). */
export type TextAttribute = 'watermarkText';

/** Bounds of a number attribute. */
export interface Range {
	min: number;
	max: number;
}

/** One option of a select control. */
export interface Option {
	label: string;
	value: string;
}

/** A gallery as the gallery picker lists it. */
export type GallerySummary = PostSummary;

/**
 * The block.json definition of an attribute.
 *
 * @param name The attribute's name.
 * @return Its definition (type, enum, minimum, maximum, default).
 */
function definition(
	name: keyof GalleryAttributes
): Record< string, unknown > {
	return readRecord( readRecord( metadata.attributes )[ name ] );
}

/**
 * The bounds of a number attribute, from block.json.
 *
 * @param name The attribute.
 * @return Its minimum and maximum.
 */
export function rangeOf( name: NumberAttribute ): Range {
	const { minimum, maximum } = definition( name );
	return {
		min: typeof minimum === 'number' ? minimum : 0,
		max: typeof maximum === 'number' ? maximum : Number.MAX_SAFE_INTEGER,
	};
}

/**
 * The values an enum attribute accepts, from block.json.
 *
 * @param name The attribute.
 * @return Its values, in block.json's order.
 */
export function choicesOf( name: ChoiceAttribute ): string[] {
	const values = definition( name ).enum;
	return Array.isArray( values )
		? values.filter(
				( value ): value is string => typeof value === 'string'
			)
		: [];
}

/**
 * The values an integer enum attribute accepts, from block.json.
 *
 * @param name The attribute.
 * @return Its values, in block.json's order.
 */
export function numberChoicesOf( name: NumberChoiceAttribute ): number[] {
	const values = definition( name ).enum;
	return Array.isArray( values )
		? values.filter( ( value ): value is number =>
				Number.isInteger( value )
			)
		: [];
}

/**
 * The longest text a text attribute holds (block.json's `maxLength`), in characters.
 *
 * @param name The attribute.
 * @return The length.
 */
export function maxLengthOf( name: TextAttribute ): number {
	const { maxLength } = definition( name );
	return typeof maxLength === 'number' ? maxLength : Number.MAX_SAFE_INTEGER;
}

/** How each kind of attribute is read: from block.json's defaults, or from stored values. */
interface Readers {
	number: ( name: NumberAttribute ) => number;
	attachment: ( name: AttachmentAttribute ) => number;
	choice: ( name: ChoiceAttribute ) => string;
	numberChoice: ( name: NumberChoiceAttribute ) => number;
	flag: ( name: FlagAttribute ) => boolean;
	text: ( name: TextAttribute ) => string;
}

/**
 * Every attribute, each read by the reader of its kind (the one list of the block's attributes here).
 *
 * @param galleryId The gallery id.
 * @param read      The readers.
 * @return The attributes.
 */
function build( galleryId: number, read: Readers ): GalleryAttributes {
	return {
		galleryId,
		view: read.choice( 'view' ),
		thumbWidth: read.number( 'thumbWidth' ),
		thumbHeight: read.number( 'thumbHeight' ),
		maxColumns: read.number( 'maxColumns' ),
		showTitles: read.flag( 'showTitles' ),
		imagesPerPage: read.number( 'imagesPerPage' ),
		pagination: read.choice( 'pagination' ),
		sortBy: read.choice( 'sortBy' ),
		order: read.choice( 'order' ),
		thumbClickAction: read.choice( 'thumbClickAction' ),
		thumbLinkTarget: read.flag( 'thumbLinkTarget' ),
		showSearch: read.flag( 'showSearch' ),
		showSort: read.flag( 'showSort' ),
		tagFilter: read.choice( 'tagFilter' ),
		frontendAjax: read.flag( 'frontendAjax' ),
		scrollToGallery: read.flag( 'scrollToGallery' ),
		masonryDirection: read.choice( 'masonryDirection' ),
		mosaicDirection: read.choice( 'mosaicDirection' ),
		viewWidth: read.number( 'viewWidth' ),
		viewHeight: read.number( 'viewHeight' ),
		showDescription: read.flag( 'showDescription' ),
		effect: read.choice( 'effect' ),
		effectDuration: read.number( 'effectDuration' ),
		interval: read.number( 'interval' ),
		autoplay: read.flag( 'autoplay' ),
		loop: read.flag( 'loop' ),
		shuffle: read.flag( 'shuffle' ),
		filmstripType: read.numberChoice( 'filmstripType' ),
		filmstripDirection: read.choice( 'filmstripDirection' ),
		filmstripSize: read.number( 'filmstripSize' ),
		filmstripCount: read.number( 'filmstripCount' ),
		carouselItems: read.number( 'carouselItems' ),
		music: read.attachment( 'music' ),
		watermarkType: read.choice( 'watermarkType' ),
		watermarkText: read.text( 'watermarkText' ),
		watermarkImage: read.attachment( 'watermarkImage' ),
		watermarkPosition: read.choice( 'watermarkPosition' ),
		watermarkOpacity: read.number( 'watermarkOpacity' ),
	};
}

/**
 * The attributes of a new block (block.json's defaults).
 *
 * @return The defaults.
 */
export function defaultAttributes(): GalleryAttributes {
	const number = ( name: keyof GalleryAttributes ): number => {
		const value = definition( name ).default;
		return typeof value === 'number' ? value : 0;
	};
	const string = ( name: keyof GalleryAttributes ): string => {
		const value = definition( name ).default;
		return typeof value === 'string' ? value : '';
	};
	return build( number( 'galleryId' ), {
		number,
		attachment: number,
		choice: ( name ) => {
			const value = definition( name ).default;
			return typeof value === 'string'
				? value
				: ( choicesOf( name )[ 0 ] ?? '' );
		},
		numberChoice: ( name ) => {
			const value = definition( name ).default;
			return typeof value === 'number'
				? value
				: ( numberChoicesOf( name )[ 0 ] ?? 0 );
		},
		flag: ( name ) => definition( name ).default === true,
		text: string,
	} );
}

/**
 * Clamps a number to bounds, rounded (a range control gives undefined when cleared, a text input a string).
 *
 * @param value    Value.
 * @param min      Minimum.
 * @param max      Maximum.
 * @param fallback Value when there is no number.
 * @return The clamped integer.
 */
export function clamp(
	value: unknown,
	min: number,
	max: number,
	fallback: number
): number {
	let number = NaN;
	if ( typeof value === 'number' ) {
		number = value;
	} else if ( typeof value === 'string' && value.trim() !== '' ) {
		number = Number( value );
	}
	if ( ! Number.isFinite( number ) ) {
		return fallback;
	}
	return Math.min( max, Math.max( min, Math.round( number ) ) );
}

/**
 * A number attribute clamped to its block.json range (its default when there is no number).
 *
 * @param name  The attribute.
 * @param value The value.
 * @return The value to store.
 */
export function clampAttribute(
	name: NumberAttribute,
	value: unknown
): number {
	const { min, max } = rangeOf( name );
	return clamp( value, min, max, defaultAttributes()[ name ] );
}

/**
 * An enum attribute's value when block.json allows it, its default otherwise.
 *
 * @param name  The attribute.
 * @param value The value.
 * @return The value to use.
 */
export function choiceAttribute(
	name: ChoiceAttribute,
	value: unknown
): string {
	return typeof value === 'string' && choicesOf( name ).includes( value )
		? value
		: defaultAttributes()[ name ];
}

/**
 * An integer enum attribute's value when block.json allows it (a numeric string, as a select control gives,
 * accepted), its default otherwise.
 *
 * @param name  The attribute.
 * @param value The value.
 * @return The value to use.
 */
export function numberChoiceAttribute(
	name: NumberChoiceAttribute,
	value: unknown
): number {
	const number =
		typeof value === 'string' && /^\d+$/.test( value )
			? Number( value )
			: value;
	return typeof number === 'number' &&
		numberChoicesOf( name ).includes( number )
		? number
		: defaultAttributes()[ name ];
}

/**
 * An attachment id as stored: a non-negative integer (0: none), 0 for anything else.
 *
 * @param value The value.
 * @return The id.
 */
export function attachmentAttribute( value: unknown ): number {
	return typeof value === 'number' && Number.isInteger( value ) && value > 0
		? value
		: 0;
}

/**
 * A text attribute as the server keeps it: a string within block.json's `maxLength` (counted in characters, as
 * PHP does), its default otherwise.
 *
 * @param name  The attribute.
 * @param value The value.
 * @return The value to use.
 */
export function textAttribute( name: TextAttribute, value: unknown ): string {
	return typeof value === 'string' &&
		Array.from( value ).length <= maxLengthOf( name )
		? value
		: defaultAttributes()[ name ];
}

/**
 * A text cut to a text attribute's `maxLength` (what a text field may store while the user types).
 *
 * @param name  The attribute.
 * @param value The typed text.
 * @return The text, at most maxLength characters.
 */
export function limitText( name: TextAttribute, value: string ): string {
	return Array.from( value ).slice( 0, maxLengthOf( name ) ).join( '' );
}

/**
 * The block's attributes as the server will read them (ViewSettings::from_block): numbers clamped into their
 * range, unknown enum values and wrong types replaced by the defaults.
 *
 * @param attributes The stored attributes (possibly old or hand-edited).
 * @return Complete, valid attributes.
 */
export function normaliseAttributes(
	attributes: Partial< Record< keyof GalleryAttributes, unknown > >
): GalleryAttributes {
	const defaults = defaultAttributes();
	const { galleryId } = attributes;
	return build(
		typeof galleryId === 'number' &&
			Number.isInteger( galleryId ) &&
			galleryId > 0
			? galleryId
			: 0,
		{
			number: ( name ) => clampAttribute( name, attributes[ name ] ),
			attachment: ( name ) => attachmentAttribute( attributes[ name ] ),
			choice: ( name ) => choiceAttribute( name, attributes[ name ] ),
			numberChoice: ( name ) =>
				numberChoiceAttribute( name, attributes[ name ] ),
			flag: ( name ) => {
				const value = attributes[ name ];
				return typeof value === 'boolean' ? value : defaults[ name ];
			},
			text: ( name ) => textAttribute( name, attributes[ name ] ),
		}
	);
}

/**
 * The view settings each view uses (what the sidebar shows for it; docs/gallery.md "Views"). The paging, search,
 * sort, tag and click settings apply to every view and are not listed.
 */
export const VIEW_SETTINGS: Readonly<
	Record< string, ReadonlyArray< keyof GalleryAttributes > >
> = {
	thumbnails: [ 'thumbWidth', 'thumbHeight', 'maxColumns', 'showTitles' ],
	masonry: [
		'masonryDirection',
		'thumbWidth',
		'thumbHeight',
		'maxColumns',
		'showTitles',
	],
	mosaic: [ 'mosaicDirection', 'thumbWidth', 'thumbHeight' ],
	slideshow: [
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
		'filmstripCount',
		'music',
		'watermarkType',
		'watermarkText',
		'watermarkImage',
		'watermarkPosition',
		'watermarkOpacity',
	],
	carousel: [
		'carouselItems',
		'viewWidth',
		'viewHeight',
		'interval',
		'autoplay',
		'loop',
	],
	image_browser: [ 'viewWidth', 'showDescription' ],
	blog_style: [ 'viewWidth', 'showDescription' ],
};

/**
 * Whether a setting shows in the sidebar for the block's settings: it belongs to the view, and what it depends on
 * is chosen (masonry's cell height only for rows and its width only for columns, mosaic's row height or column
 * width by its direction, the filmstrip's size or count by its type, the watermark's text, image and placement by
 * its type).
 *
 * @param settings The block's attributes, normalised.
 * @param name     The setting.
 * @return True when it applies.
 */
export function settingApplies(
	settings: GalleryAttributes,
	name: keyof GalleryAttributes
): boolean {
	if ( ! ( VIEW_SETTINGS[ settings.view ] ?? [] ).includes( name ) ) {
		return false;
	}
	switch ( name ) {
		case 'thumbWidth':
			return ! (
				( settings.view === 'masonry' &&
					settings.masonryDirection === 'horizontal' ) ||
				( settings.view === 'mosaic' &&
					settings.mosaicDirection === 'horizontal' )
			);
		case 'thumbHeight':
			return ! (
				( settings.view === 'masonry' &&
					settings.masonryDirection === 'vertical' ) ||
				( settings.view === 'mosaic' &&
					settings.mosaicDirection === 'vertical' )
			);
		case 'maxColumns':
			return ! (
				settings.view === 'masonry' &&
				settings.masonryDirection === 'horizontal'
			);
		case 'filmstripDirection':
			return settings.filmstripType !== 0;
		case 'filmstripSize':
			return settings.filmstripType === 1;
		case 'filmstripCount':
			return settings.filmstripType === 2;
		case 'watermarkText':
			return settings.watermarkType === 'text';
		case 'watermarkImage':
			return settings.watermarkType === 'image';
		case 'watermarkPosition':
		case 'watermarkOpacity':
			return settings.watermarkType !== 'none';
		default:
			return true;
	}
}

/**
 * The labels of every value an enum attribute may ever take (docs/gallery.md); only those block.json allows
 * are offered.
 *
 * @return Labels by attribute and value.
 */
function choiceLabels(): Record< ChoiceAttribute, Record< string, string > > {
	const horizontal = __( 'Horizontal', 'tessera' );
	const vertical = __( 'Vertical', 'tessera' );
	return {
		view: {
			thumbnails: __( 'Thumbnails', 'tessera' ),
			masonry: __( 'Masonry', 'tessera' ),
			mosaic: __( 'Mosaic', 'tessera' ),
			slideshow: __( 'Slideshow', 'tessera' ),
			carousel: __( 'Carousel', 'tessera' ),
			image_browser: __( 'Image browser', 'tessera' ),
			blog_style: __( 'Blog style', 'tessera' ),
		},
		pagination: {
			none: __( 'None', 'tessera' ),
			numbers: __( 'Page numbers', 'tessera' ),
			load_more: __( 'Load more', 'tessera' ),
		},
		sortBy: {
			order: __( 'Gallery order', 'tessera' ),
			title: __( 'Title', 'tessera' ),
			date: __( 'Date', 'tessera' ),
			filename: __( 'File name', 'tessera' ),
			size: __( 'File size', 'tessera' ),
			random: __( 'Random', 'tessera' ),
		},
		order: {
			asc: __( 'Ascending', 'tessera' ),
			desc: __( 'Descending', 'tessera' ),
		},
		tagFilter: {
			none: __( 'None', 'tessera' ),
			bar: __( 'A bar of tags', 'tessera' ),
			select: __( 'A tag list', 'tessera' ),
		},
		thumbClickAction: {
			open_lightbox: __( 'Open the lightbox', 'tessera' ),
			redirect_to_url: __( 'Go to the image’s URL', 'tessera' ),
			do_nothing: __( 'Do nothing', 'tessera' ),
		},
		masonryDirection: {
			vertical: __( 'Vertical (columns)', 'tessera' ),
			horizontal: __( 'Horizontal (rows)', 'tessera' ),
		},
		mosaicDirection: {
			horizontal: __( 'Horizontal (rows)', 'tessera' ),
			vertical: __( 'Vertical (columns)', 'tessera' ),
		},
		effect: {
			none: __( 'None', 'tessera' ),
			fade: __( 'Fade', 'tessera' ),
			slide_horizontal: __( 'Slide sideways', 'tessera' ),
			slide_vertical: __( 'Slide up or down', 'tessera' ),
			scale_out: __( 'Zoom out', 'tessera' ),
			scale_in: __( 'Zoom in', 'tessera' ),
			random: __( 'A random effect each time', 'tessera' ),
		},
		filmstripDirection: { horizontal, vertical },
		watermarkType: {
			none: __( 'None', 'tessera' ),
			text: __( 'Text', 'tessera' ),
			image: __( 'Image', 'tessera' ),
		},
		watermarkPosition: {
			'top-left': __( 'Top left', 'tessera' ),
			'top-right': __( 'Top right', 'tessera' ),
			'bottom-left': __( 'Bottom left', 'tessera' ),
			'bottom-right': __( 'Bottom right', 'tessera' ),
			center: __( 'Centre', 'tessera' ),
		},
	};
}

/**
 * The options of an enum attribute's select control: block.json's values, in its order, labelled (a value
 * without a label shows as itself).
 *
 * @param name The attribute.
 * @return The options.
 */
export function optionsOf( name: ChoiceAttribute ): Option[] {
	const labels = choiceLabels()[ name ];
	return choicesOf( name ).map( ( value ) => ( {
		label: labels[ value ] ?? value,
		value,
	} ) );
}

/** Views that play a page one image at a time (GalleryBlock::PLAYERS): load more is numbered pages there. */
export const PLAYER_VIEWS: readonly string[] = [ 'slideshow', 'carousel' ];

/**
 * The pagination choices that apply to a view, and the one in effect: a player has no list to append to, so
 * the server numbers its pages when load more is stored (GalleryBlock::body()), and the editor says so.
 *
 * @param view       The view.
 * @param pagination The stored pagination.
 * @return The options to offer and the value in effect.
 */
export function paginationFor(
	view: string,
	pagination: string
): { options: Option[]; value: string } {
	const player = PLAYER_VIEWS.includes( view );
	return {
		options: optionsOf( 'pagination' ).filter(
			( o ) => ! player || o.value !== 'load_more'
		),
		value: player && pagination === 'load_more' ? 'numbers' : pagination,
	};
}

/**
 * The options of an integer enum attribute's select control (values as strings, as a select gives them).
 *
 * @param name The attribute.
 * @return The options.
 */
export function numberOptionsOf( name: NumberChoiceAttribute ): Option[] {
	const labels: Record< NumberChoiceAttribute, Record< number, string > > = {
		filmstripType: {
			0: __( 'None (dots)', 'tessera' ),
			1: __( 'Thumbnails of a fixed size', 'tessera' ),
			2: __( 'A fixed number of thumbnails', 'tessera' ),
		},
	};
	return numberChoicesOf( name ).map( ( value ) => ( {
		label: labels[ name ][ value ] ?? String( value ),
		value: String( value ),
	} ) );
}

/**
 * A list of attachment ids as stored: positive integers (numeric strings accepted), no repeats, in order, at
 * most MAX_IMAGES (the meta schema's rules).
 *
 * @param value Any value.
 * @return The ids.
 */
export function readIds( value: unknown ): number[] {
	if ( ! Array.isArray( value ) ) {
		return [];
	}
	const ids: number[] = [];
	const seen = new Set< number >();
	for ( const item of value ) {
		const id = typeof item === 'string' ? Number( item ) : item;
		if (
			typeof id === 'number' &&
			Number.isInteger( id ) &&
			id > 0 &&
			! seen.has( id )
		) {
			seen.add( id );
			ids.push( id );
		}
	}
	return ids.slice( 0, MAX_IMAGES );
}

/**
 * A gallery's ordered image ids, from its `meta` (as core-data holds it).
 *
 * @param meta The gallery post's meta.
 * @return The ids.
 */
export function readGalleryImages( meta: unknown ): number[] {
	return readIds( readRecord( meta )[ META_IMAGES ] );
}

/**
 * The ids of what the media library's frame selected (an array of attachment objects, in the order the
 * editor arranged them; a single object when one was chosen).
 *
 * @param media What MediaUpload's `onSelect` received.
 * @return The ids, in order.
 */
export function idsOfSelection( media: unknown ): number[] {
	const items = Array.isArray( media ) ? media : [ media ];
	return readIds( items.map( ( item ) => readRecord( item ).id ) );
}

/**
 * Whether two lists of ids are the same, in the same order.
 *
 * @param a A list.
 * @param b Another.
 * @return True when equal.
 */
export function sameIds( a: readonly number[], b: readonly number[] ): boolean {
	return (
		a.length === b.length && a.every( ( id, index ) => id === b[ index ] )
	);
}

/**
 * Reads a gallery post from REST (`wp/v2/tessera-galleries`): see parsePostRecord().
 */
export const parseGalleryRecord = parsePostRecord;

/**
 * The name shown for a gallery: its title, "(no title)" with its id, and "(draft)" for a draft.
 *
 * @param gallery The gallery.
 * @return The label.
 */
export function galleryLabel( gallery: GallerySummary ): string {
	const title =
		gallery.title.trim() !== ''
			? gallery.title
			: sprintf(
					/* translators: %d: the gallery's post id. */
					__( '(no title) #%d', 'tessera' ),
					gallery.id
				);
	return gallery.status === 'draft'
		? sprintf(
				/* translators: %s: the gallery's title. */
				__( '%s (draft)', 'tessera' ),
				title
			)
		: title;
}

/**
 * The message of a failed request, or a fallback: see requestErrorMessage().
 */
export const errorMessage = requestErrorMessage;
