/**
 * Embedded media (spec §3 "Embed filetypes"; docs/lightbox.md "Embeds"): how the stage renders a record by its
 * filetype, as the server's `Embed::kind()` does — the provider's player (`iframe`), a picture's own address
 * (`image`), nothing (`none`: Flickr video), a box an extension fills (`extension`: another `EMBED_` type; the
 * popup sends it EMBED_EVENT), or the image itself (''). Free of React and of the DOM.
 */

/** How a kind of embed is rendered. */
export type EmbedKind = 'iframe' | 'image' | 'none' | 'extension' | '';

/** The spec's embed filetypes and their kinds (`Embed::TYPES`). */
export const EMBED_TYPES: Readonly< Record< string, EmbedKind > > = {
	EMBED_OEMBED_YOUTUBE_VIDEO: 'iframe',
	EMBED_OEMBED_VIMEO_VIDEO: 'iframe',
	EMBED_OEMBED_FACEBOOK_VIDEO: 'iframe',
	EMBED_OEMBED_FACEBOOK_IMAGE: 'iframe',
	EMBED_OEMBED_DAILYMOTION_VIDEO: 'iframe',
	EMBED_OEMBED_FLICKR_IMAGE: 'image',
	EMBED_OEMBED_FLICKR_VIDEO: 'none',
	EMBED_OEMBED_INSTAGRAM_VIDEO: 'iframe',
	EMBED_OEMBED_INSTAGRAM_IMAGE: 'image',
	EMBED_OEMBED_INSTAGRAM_POST: 'iframe',
	EMBED_OEMBED_IMGUR: 'iframe',
	EMBED_OEMBED_GOOGLE_PHOTO_IMAGE: 'image',
};

/** The event an extension's box gets (bubbles; `detail`: the record and the box). */
export const EMBED_EVENT = 'tessera-lightbox-embed';

/**
 * How a record's filetype is rendered.
 *
 * @param filetype The record's filetype.
 */
export function embedKind( filetype: string ): EmbedKind {
	if ( Object.prototype.hasOwnProperty.call( EMBED_TYPES, filetype ) ) {
		return EMBED_TYPES[ filetype ] as EmbedKind;
	}
	return filetype.includes( 'EMBED_' ) ? 'extension' : '';
}

/**
 * The size rule of an iframe embed (spec §9): Instagram's post and video have their extra height and width, the
 * others are 16:9.
 *
 * @param filetype The record's filetype.
 */
export const embedShape = ( filetype: string ): 'instagram' | 'video' =>
	filetype.includes( '_INSTAGRAM_' ) ? 'instagram' : 'video';
