/**
 * Pure helpers of the gallery's image list (the block's sidebar and the gallery's admin screen): what the media
 * endpoint answers about an image, and the changes of a gallery's ordered ids (move, remove).
 */

/**
 * Internal dependencies
 */
import { readRecord } from '../../../src/lib/post-record';

/** Most ids one media request asks for (the REST API's `per_page` maximum). */
export const MEDIA_BATCH = 100;

/** The fields the image list reads from the media endpoint. */
export const MEDIA_FIELDS =
	'id,title,caption,description,alt_text,source_url,media_details,media_type';

/** A picture of an image, with its size (so that nothing shifts while it loads). */
export interface Picture {
	url: string;
	width: number;
	height: number;
}

/** An image of a gallery as the list shows and edits it. */
export interface ImageInfo {
	/** Attachment id. */
	id: number;
	/** Title (raw, as typed). */
	title: string;
	/** Caption (raw). */
	caption: string;
	/** Description (raw): what the slideshow, image browser, blog style and lightbox show under the image. */
	description: string;
	/** Alternative text. */
	alt: string;
	/** A small picture (the thumbnail size, else the full image), or null when there is none. */
	picture: Picture | null;
}

/**
 * A text field of a REST record: the raw text in the edit context, the rendered one otherwise, or a string.
 *
 * @param value The field.
 * @return The text.
 */
function textOf( value: unknown ): string {
	if ( typeof value === 'string' ) {
		return value;
	}
	const { raw, rendered } = readRecord( value );
	if ( typeof raw === 'string' ) {
		return raw;
	}
	return typeof rendered === 'string' ? rendered : '';
}

/**
 * A picture's address and size, when all three are there.
 *
 * @param url    Address.
 * @param width  Width.
 * @param height Height.
 * @return The picture, or null.
 */
function pictureOf(
	url: unknown,
	width: unknown,
	height: unknown
): Picture | null {
	return typeof url === 'string' &&
		url !== '' &&
		typeof width === 'number' &&
		width > 0 &&
		typeof height === 'number' &&
		height > 0
		? { url, width, height }
		: null;
}

/**
 * Reads an attachment as the media endpoint answers it (`/wp/v2/media`, edit context).
 *
 * @param value The record.
 * @return The image, or null when it is not an image record.
 */
export function parseAttachment( value: unknown ): ImageInfo | null {
	const record = readRecord( value );
	const { id } = record;
	if ( typeof id !== 'number' || ! Number.isInteger( id ) || id <= 0 ) {
		return null;
	}
	if ( record.media_type !== undefined && record.media_type !== 'image' ) {
		return null;
	}
	const details = readRecord( record.media_details );
	const sizes = readRecord( details.sizes );
	let picture: Picture | null = null;
	for ( const size of [ 'thumbnail', 'medium' ] ) {
		const { source_url: url, width, height } = readRecord( sizes[ size ] );
		picture = pictureOf( url, width, height );
		if ( picture ) {
			break;
		}
	}
	picture ??= pictureOf( record.source_url, details.width, details.height );
	return {
		id,
		title: textOf( record.title ),
		caption: textOf( record.caption ),
		description: textOf( record.description ),
		alt: typeof record.alt_text === 'string' ? record.alt_text : '',
		picture,
	};
}

/**
 * The address of one media request for some images (in the order asked, edit context, only the fields the
 * list reads).
 *
 * @param ids At most MEDIA_BATCH ids.
 * @return The REST path.
 */
export function mediaPath( ids: readonly number[] ): string {
	const query = new URLSearchParams( {
		include: ids.join( ',' ),
		per_page: String( Math.max( 1, ids.length ) ),
		orderby: 'include',
		context: 'edit',
		_fields: MEDIA_FIELDS,
	} );
	return `/wp/v2/media?${ query.toString() }`;
}

/**
 * Cuts a list into batches.
 *
 * @param items The list.
 * @param size  Most items in a batch.
 * @return The batches, in order.
 */
export function batches< T >( items: readonly T[], size: number ): T[][] {
	const out: T[][] = [];
	for ( let start = 0; start < items.length; start += size ) {
		out.push( items.slice( start, start + size ) );
	}
	return out;
}

/**
 * The ids with one of them moved by some places (kept within the list).
 *
 * @param ids   The gallery's ids.
 * @param id    The image to move.
 * @param delta -1 up, 1 down (any whole number).
 * @return A new list (the same order when it cannot move).
 */
export function moveId(
	ids: readonly number[],
	id: number,
	delta: number
): number[] {
	const from = ids.indexOf( id );
	const next = [ ...ids ];
	if ( from < 0 ) {
		return next;
	}
	const to = Math.min( ids.length - 1, Math.max( 0, from + delta ) );
	next.splice( from, 1 );
	next.splice( to, 0, id );
	return next;
}

/**
 * The ids without one.
 *
 * @param ids The gallery's ids.
 * @param id  The image to remove.
 * @return A new list.
 */
export function removeId( ids: readonly number[], id: number ): number[] {
	return ids.filter( ( other ) => other !== id );
}

/** The texts of an image edited in place. */
export interface ImageTexts {
	title: string;
	caption: string;
	description: string;
}

/**
 * Whether a text differs from what was saved (the fields of one image).
 *
 * @param draft What the fields hold.
 * @param saved What the server holds.
 * @return True when there is something to save.
 */
export function textsChanged( draft: ImageTexts, saved: ImageTexts ): boolean {
	return (
		draft.title !== saved.title ||
		draft.caption !== saved.caption ||
		draft.description !== saved.description
	);
}
