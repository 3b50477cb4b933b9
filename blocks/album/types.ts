/**
 * Attributes of the album block `tessera/album` (block.json, docs/gallery.md "Blocks") and the pure helpers of its
 * editor: an album's items as stored in `_tessera_album_items` (read, add, move, remove), and the labels of the
 * galleries and albums the pickers list. The settings of an opened gallery share the gallery block's attribute
 * names: their bounds, choices and defaults are read from the gallery's own block.json (../gallery/types).
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import metadata from './block.json';
import { readRecord, type PostSummary } from '../../src/lib/post-record';

/** The block's name (block.json). */
export const BLOCK_NAME = 'tessera/album';

/** The post type of an album (its REST base is `tessera-albums`). */
export const ALBUM_POST_TYPE = 'tessera_album';

/** The post type of a gallery (its REST base is `tessera-galleries`). */
export const GALLERY_POST_TYPE = 'tessera_gallery';

/** The meta key of an album's ordered items. */
export const META_ITEMS = '_tessera_album_items';

/** Most items in one album (the meta schema's `maxItems`). */
export const MAX_ITEMS = 500;

/** What an album holds. */
export type ItemType = 'gallery' | 'album';

/** One item of an album. */
export interface AlbumItem {
	type: ItemType;
	id: number;
}

/** The album's own attributes; the opened gallery's settings are optional (unset: the gallery block's default). */
export interface AlbumAttributes extends Record< string, unknown > {
	/** The album post's id (0: none chosen yet). */
	albumId: number;
	/** How the items are previewed (`compact` | `extended` | `masonry`). */
	preview: string;
	/** Width of an item, in pixels. */
	itemWidth: number;
	/** Height of an item's image, in pixels. */
	itemHeight: number;
	/** Most columns. */
	maxColumns: number;
	/** Items per page (0: all). */
	itemsPerPage: number;
	/** Whether the cards show the titles. */
	showTitles: boolean;
	/** The gallery view of an opened gallery. */
	galleryView?: string;
	thumbWidth?: number;
	thumbHeight?: number;
	imagesPerPage?: number;
	pagination?: string;
	sortBy?: string;
	showSearch?: boolean;
	showSort?: boolean;
	tagFilter?: string;
}

/** The album's own number attributes. */
export type AlbumNumber =
	'itemWidth' | 'itemHeight' | 'maxColumns' | 'itemsPerPage';

/** Bounds of a number attribute. */
export interface Range {
	min: number;
	max: number;
}

/**
 * The block.json definition of an attribute.
 *
 * @param name The attribute's name.
 * @return Its definition.
 */
function definition( name: string ): Record< string, unknown > {
	return readRecord( readRecord( metadata.attributes )[ name ] );
}

/**
 * The bounds of one of the album's number attributes (block.json).
 *
 * @param name The attribute.
 * @return Its minimum and maximum.
 */
export function albumRange( name: AlbumNumber ): Range {
	const { minimum, maximum } = definition( name );
	return {
		min: typeof minimum === 'number' ? minimum : 0,
		max: typeof maximum === 'number' ? maximum : Number.MAX_SAFE_INTEGER,
	};
}

/**
 * The default of one of the album's own attributes (block.json).
 *
 * @param name The attribute.
 * @return Its default.
 */
export function albumDefault( name: string ): unknown {
	return definition( name ).default;
}

/**
 * The preview choices (block.json's enum), labelled.
 *
 * @return Options of a select control.
 */
export function previewOptions(): Array< { label: string; value: string } > {
	const labels: Record< string, string > = {
		compact: __( 'Compact', 'tessera' ),
		extended: __( 'Extended', 'tessera' ),
		masonry: __( 'Masonry', 'tessera' ),
	};
	const values = definition( 'preview' ).enum;
	return ( Array.isArray( values ) ? values : [] )
		.filter( ( value ): value is string => typeof value === 'string' )
		.map( ( value ) => ( { label: labels[ value ] ?? value, value } ) );
}

/**
 * Clamps a number into one of the album's ranges, rounded; its default when there is no number.
 *
 * @param name  The attribute.
 * @param value The value (a range control gives undefined when cleared).
 * @return The value to store.
 */
export function clampAlbum( name: AlbumNumber, value: unknown ): number {
	const { min, max } = albumRange( name );
	const fallback = albumDefault( name );
	const number = typeof value === 'number' ? value : Number( value );
	if ( value === undefined || value === '' || ! Number.isFinite( number ) ) {
		return typeof fallback === 'number' ? fallback : min;
	}
	return Math.min( max, Math.max( min, Math.round( number ) ) );
}

/**
 * The album's own attributes as the server reads them: numbers in range, a known preview.
 *
 * @param attributes Stored attributes.
 * @return The values to show.
 */
export function normaliseAlbum(
	attributes: Partial< Record< string, unknown > >
): Pick<
	AlbumAttributes,
	| 'albumId'
	| 'preview'
	| 'itemWidth'
	| 'itemHeight'
	| 'maxColumns'
	| 'itemsPerPage'
	| 'showTitles'
> {
	const { albumId, preview, showTitles } = attributes;
	const previews = previewOptions().map( ( option ) => option.value );
	const number = ( name: AlbumNumber ): number =>
		clampAlbum( name, attributes[ name ] );
	return {
		albumId:
			typeof albumId === 'number' &&
			Number.isInteger( albumId ) &&
			albumId > 0
				? albumId
				: 0,
		preview:
			typeof preview === 'string' && previews.includes( preview )
				? preview
				: String( albumDefault( 'preview' ) ),
		itemWidth: number( 'itemWidth' ),
		itemHeight: number( 'itemHeight' ),
		maxColumns: number( 'maxColumns' ),
		itemsPerPage: number( 'itemsPerPage' ),
		showTitles:
			typeof showTitles === 'boolean'
				? showTitles
				: albumDefault( 'showTitles' ) === true,
	};
}

/**
 * An album's items as stored: a known type and a positive id (numeric strings accepted), no repeats, in order, at
 * most MAX_ITEMS (PostTypes::sanitize_items()).
 *
 * @param value Any value (the meta as core-data holds it).
 * @return The items.
 */
export function readItems( value: unknown ): AlbumItem[] {
	if ( ! Array.isArray( value ) ) {
		return [];
	}
	const items: AlbumItem[] = [];
	const seen = new Set< string >();
	for ( const raw of value ) {
		const record = readRecord( raw );
		const type = record.type;
		const id =
			typeof record.id === 'string' ? Number( record.id ) : record.id;
		if (
			( type === 'gallery' || type === 'album' ) &&
			typeof id === 'number' &&
			Number.isInteger( id ) &&
			id > 0 &&
			! seen.has( `${ type }:${ id }` )
		) {
			seen.add( `${ type }:${ id }` );
			items.push( { type, id } );
		}
	}
	return items.slice( 0, MAX_ITEMS );
}

/**
 * An album's items, from its `meta`.
 *
 * @param meta The album post's meta.
 * @return The items.
 */
export function readAlbumItems( meta: unknown ): AlbumItem[] {
	return readItems( readRecord( meta )[ META_ITEMS ] );
}

/**
 * The items with one added at the end (unchanged when it is there already or the album is full).
 *
 * @param items The items.
 * @param item  The new one.
 * @return The new list.
 */
export function addItem(
	items: readonly AlbumItem[],
	item: AlbumItem
): AlbumItem[] {
	return hasItem( items, item ) || items.length >= MAX_ITEMS
		? [ ...items ]
		: [ ...items, item ];
}

/**
 * The items with the one at `index` moved by `delta` places (kept within the list).
 *
 * @param items The items.
 * @param index The item's position.
 * @param delta -1 up, +1 down.
 * @return The new list.
 */
export function moveItem(
	items: readonly AlbumItem[],
	index: number,
	delta: number
): AlbumItem[] {
	const next = [ ...items ];
	const target = index + delta;
	if (
		index < 0 ||
		index >= next.length ||
		target < 0 ||
		target >= next.length
	) {
		return next;
	}
	const [ moved ] = next.splice( index, 1 );
	if ( moved ) {
		next.splice( target, 0, moved );
	}
	return next;
}

/**
 * The items without the one at `index`.
 *
 * @param items The items.
 * @param index Its position.
 * @return The new list.
 */
export function removeItem(
	items: readonly AlbumItem[],
	index: number
): AlbumItem[] {
	return items.filter( ( _item, position ) => position !== index );
}

/**
 * Whether a list holds an item.
 *
 * @param items The items.
 * @param item  The item.
 * @return True when it is there.
 */
export function hasItem(
	items: readonly AlbumItem[],
	item: AlbumItem
): boolean {
	return items.some(
		( entry ) => entry.type === item.type && entry.id === item.id
	);
}

/**
 * Whether two lists hold the same items in the same order.
 *
 * @param a A list.
 * @param b Another.
 * @return True when equal.
 */
export function sameItems(
	a: readonly AlbumItem[],
	b: readonly AlbumItem[]
): boolean {
	return (
		a.length === b.length &&
		a.every(
			( item, index ) =>
				item.type === b[ index ]?.type && item.id === b[ index ]?.id
		)
	);
}

/**
 * The name shown for a gallery or an album: its title, "(no title)" with its id, "(draft)" for a draft.
 *
 * @param post The post.
 * @return The label.
 */
export function postLabel( post: PostSummary ): string {
	const title =
		post.title.trim() !== ''
			? post.title
			: sprintf(
					/* translators: %d: the post's id. */
					__( '(no title) #%d', 'tessera' ),
					post.id
				);
	return post.status === 'draft'
		? sprintf(
				/* translators: %s: the title. */
				__( '%s (draft)', 'tessera' ),
				title
			)
		: title;
}

/**
 * The name of an item in the album's list: "Gallery: {title}" / "Album: {title}"; a deleted one says so.
 *
 * @param item  The item.
 * @param posts The galleries and albums known, by `type:id`.
 * @return The label.
 */
export function itemLabel(
	item: AlbumItem,
	posts: ReadonlyMap< string, PostSummary >
): string {
	const post = posts.get( `${ item.type }:${ item.id }` );
	const name = post
		? postLabel( post )
		: sprintf(
				/* translators: %d: the post's id. */
				__( 'missing or trashed (#%d)', 'tessera' ),
				item.id
			);
	return item.type === 'gallery'
		? sprintf(
				/* translators: %s: the gallery's name. */
				__( 'Gallery: %s', 'tessera' ),
				name
			)
		: sprintf(
				/* translators: %s: the album's name. */
				__( 'Album: %s', 'tessera' ),
				name
			);
}
