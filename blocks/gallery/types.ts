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
	/** Width of a thumbnail cell, in pixels. */
	thumbWidth: number;
	/** Height of a thumbnail cell, in pixels. */
	thumbHeight: number;
	/** Most columns of the thumbnails grid. */
	maxColumns: number;
	/** Whether each thumbnail shows its image's title. */
	showTitles: boolean;
	/** Images per page (0: all on one page). */
	imagesPerPage: number;
	/** Page navigation (`none` | `numbers` …). */
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
}

/** The attributes holding a whole number (with block.json bounds). */
export type NumberAttribute =
	'thumbWidth' | 'thumbHeight' | 'maxColumns' | 'imagesPerPage';

/** The attributes holding one of an enum's values. */
export type ChoiceAttribute =
	| 'view'
	| 'pagination'
	| 'sortBy'
	| 'order'
	| 'thumbClickAction'
	| 'tagFilter';

/** The attributes holding a yes or no. */
export type FlagAttribute =
	'showTitles' | 'thumbLinkTarget' | 'showSearch' | 'showSort';

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
 * The attributes of a new block (block.json's defaults).
 *
 * @return The defaults.
 */
export function defaultAttributes(): GalleryAttributes {
	const number = ( name: NumberAttribute | 'galleryId' ): number => {
		const value = definition( name ).default;
		return typeof value === 'number' ? value : 0;
	};
	const text = ( name: ChoiceAttribute ): string => {
		const value = definition( name ).default;
		return typeof value === 'string'
			? value
			: ( choicesOf( name )[ 0 ] ?? '' );
	};
	const flag = ( name: FlagAttribute ): boolean =>
		definition( name ).default === true;
	return {
		galleryId: number( 'galleryId' ),
		view: text( 'view' ),
		thumbWidth: number( 'thumbWidth' ),
		thumbHeight: number( 'thumbHeight' ),
		maxColumns: number( 'maxColumns' ),
		showTitles: flag( 'showTitles' ),
		imagesPerPage: number( 'imagesPerPage' ),
		pagination: text( 'pagination' ),
		sortBy: text( 'sortBy' ),
		order: text( 'order' ),
		thumbClickAction: text( 'thumbClickAction' ),
		thumbLinkTarget: flag( 'thumbLinkTarget' ),
		showSearch: flag( 'showSearch' ),
		showSort: flag( 'showSort' ),
		tagFilter: text( 'tagFilter' ),
	};
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
	const flag = ( name: FlagAttribute ): boolean => {
		const value = attributes[ name ];
		return typeof value === 'boolean' ? value : defaults[ name ];
	};
	return {
		galleryId:
			typeof galleryId === 'number' &&
			Number.isInteger( galleryId ) &&
			galleryId > 0
				? galleryId
				: 0,
		view: choiceAttribute( 'view', attributes.view ),
		thumbWidth: clampAttribute( 'thumbWidth', attributes.thumbWidth ),
		thumbHeight: clampAttribute( 'thumbHeight', attributes.thumbHeight ),
		maxColumns: clampAttribute( 'maxColumns', attributes.maxColumns ),
		showTitles: flag( 'showTitles' ),
		imagesPerPage: clampAttribute(
			'imagesPerPage',
			attributes.imagesPerPage
		),
		pagination: choiceAttribute( 'pagination', attributes.pagination ),
		sortBy: choiceAttribute( 'sortBy', attributes.sortBy ),
		order: choiceAttribute( 'order', attributes.order ),
		thumbClickAction: choiceAttribute(
			'thumbClickAction',
			attributes.thumbClickAction
		),
		thumbLinkTarget: flag( 'thumbLinkTarget' ),
		showSearch: flag( 'showSearch' ),
		showSort: flag( 'showSort' ),
		tagFilter: choiceAttribute( 'tagFilter', attributes.tagFilter ),
	};
}

/**
 * The labels of every value an enum attribute may ever take (docs/gallery.md); only those block.json allows
 * are offered.
 *
 * @return Labels by attribute and value.
 */
function choiceLabels(): Record< ChoiceAttribute, Record< string, string > > {
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
			load_more: __( 'A “Load more” button', 'tessera' ),
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
