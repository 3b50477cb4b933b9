<?php
/**
 * Embedded media (spec §3 "Embed filetypes", §9 embed sizes; docs/lightbox.md "Embeds"): an image of the media
 * library given a video or post address (the attachment field "Embed in the lightbox") is shown in the lightbox as
 * that provider's player, the image being its poster in the galleries. The address is read without asking the
 * provider anything (no oEmbed call, so nothing leaves the server and nothing waits on the network): each
 * provider's public address forms give its embed type and the player's address.
 *
 * Kinds of rendering: `iframe` (the provider's player), `image` (a direct picture address, shown as an image),
 * `none` (Flickr video: nothing, as the spec says) and `extension` (a type another plugin gave through the
 * `tessera_lightbox_embed` filter: the island sends an event for it to render).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Lightbox;

/**
 * Reads embed addresses.
 */
final class Embed {

	/** Attachment meta: the address (as the editor gave it, cleaned). */
	public const META = '_tessera_embed_url';

	/** The spec's embed filetypes and how the lightbox renders each. */
	public const TYPES = array(
		'EMBED_OEMBED_YOUTUBE_VIDEO'      => 'iframe',
		'EMBED_OEMBED_VIMEO_VIDEO'        => 'iframe',
		'EMBED_OEMBED_FACEBOOK_VIDEO'     => 'iframe',
		'EMBED_OEMBED_FACEBOOK_IMAGE'     => 'iframe',
		'EMBED_OEMBED_DAILYMOTION_VIDEO'  => 'iframe',
		'EMBED_OEMBED_FLICKR_IMAGE'       => 'image',
		'EMBED_OEMBED_FLICKR_VIDEO'       => 'none',
		'EMBED_OEMBED_INSTAGRAM_VIDEO'    => 'iframe',
		'EMBED_OEMBED_INSTAGRAM_IMAGE'    => 'image',
		'EMBED_OEMBED_INSTAGRAM_POST'     => 'iframe',
		'EMBED_OEMBED_IMGUR'              => 'iframe',
		'EMBED_OEMBED_GOOGLE_PHOTO_IMAGE' => 'image',
	);

	/** Longest address read. */
	public const MAX_LENGTH = 2000;

	/**
	 * How a filetype is rendered: a kind of TYPES, `extension` for another `EMBED_` type, '' for a plain image.
	 *
	 * @param string $filetype A record's filetype.
	 * @return string
	 */
	public static function kind( string $filetype ): string {
		if ( isset( self::TYPES[ $filetype ] ) ) {
			return self::TYPES[ $filetype ];
		}
		return str_contains( $filetype, 'EMBED_' ) ? 'extension' : '';
	}

	/**
	 * What an address embeds: its filetype and the address the lightbox shows (the player, or the picture).
	 * Other plugins may read more addresses (`tessera_lightbox_embed`, given null or this reading and the address:
	 * an array with an `EMBED_` filetype and an http(s) `embed_url`).
	 *
	 * @param string $url An address.
	 * @return array{filetype: string, embed_url: string}|null Null when it is not one.
	 */
	public static function parse( string $url ): ?array {
		$url    = trim( $url );
		$reader = strlen( $url ) <= self::MAX_LENGTH ? self::read( $url ) : null;
		/**
		 * Reads an embed address Tessera does not know, or changes how it reads one.
		 *
		 * @param array{filetype: string, embed_url: string}|null $reader What Tessera read (null: nothing).
		 * @param string                                          $url    The address.
		 */
		$filtered = apply_filters( 'tessera_lightbox_embed', $reader, $url );
		if ( ! is_array( $filtered ) || ! is_string( $filtered['filetype'] ?? null ) || ! is_string( $filtered['embed_url'] ?? null ) ) {
			return null;
		}
		$type  = $filtered['filetype'];
		$embed = esc_url_raw( $filtered['embed_url'], array( 'https', 'http' ) );
		if ( 1 !== preg_match( '/^[A-Z0-9_]{1,64}$/', $type ) || ! str_contains( $type, 'EMBED_' ) || '' === $embed ) {
			return null;
		}
		return array(
			'filetype'  => $type,
			'embed_url' => $embed,
		);
	}

	/**
	 * Tessera's own reading of an address.
	 *
	 * @param string $url An address.
	 * @return array{filetype: string, embed_url: string}|null
	 */
	private static function read( string $url ): ?array {
		$parts = wp_parse_url( $url );
		if ( ! is_array( $parts ) || ! in_array( strtolower( (string) ( $parts['scheme'] ?? '' ) ), array( 'http', 'https' ), true ) ) {
			return null;
		}
		$host = strtolower( (string) ( $parts['host'] ?? '' ) );
		$host = (string) preg_replace( '/^(?:www|m|mobile)\./', '', $host );
		$path = (string) ( $parts['path'] ?? '' );
		parse_str( (string) ( $parts['query'] ?? '' ), $query );
		$match = array();

		switch ( $host ) {
			case 'youtube.com':
			case 'youtube-nocookie.com':
			case 'youtu.be':
				$id = 'youtu.be' === $host ? ltrim( $path, '/' ) : '';
				if ( 1 === preg_match( '#^/(?:embed|shorts|live|v)/([^/]+)#', $path, $match ) ) {
					$id = $match[1];
				} elseif ( '/watch' === rtrim( $path, '/' ) ) {
					$id = is_string( $query['v'] ?? null ) ? $query['v'] : '';
				}
				return 1 === preg_match( '/^[A-Za-z0-9_-]{11}$/', $id )
					? self::found( 'EMBED_OEMBED_YOUTUBE_VIDEO', 'https://www.youtube.com/embed/' . $id )
					: null;
			case 'vimeo.com':
			case 'player.vimeo.com':
				return 1 === preg_match( '#^/(?:video/|channels/[^/]+/|groups/[^/]+/videos/)?(\d{1,12})(?:/|$)#', $path, $match )
					? self::found( 'EMBED_OEMBED_VIMEO_VIDEO', 'https://player.vimeo.com/video/' . $match[1] )
					: null;
			case 'dailymotion.com':
			case 'dai.ly':
				$pattern = 'dai.ly' === $host ? '#^/([a-zA-Z0-9]{5,20})$#' : '#^/(?:embed/)?video/([a-zA-Z0-9]{5,20})#';
				return 1 === preg_match( $pattern, $path, $match )
					? self::found( 'EMBED_OEMBED_DAILYMOTION_VIDEO', 'https://www.dailymotion.com/embed/video/' . $match[1] )
					: null;
			case 'fb.watch':
				return 1 === preg_match( '#^/[A-Za-z0-9_-]{4,20}/?$#', $path )
					? self::found( 'EMBED_OEMBED_FACEBOOK_VIDEO', self::facebook( 'video', 'https://fb.watch' . $path ) )
					: null;
			case 'facebook.com':
				$id = is_string( $query['v'] ?? null ) ? $query['v'] : ( is_string( $query['fbid'] ?? null ) ? $query['fbid'] : '' );
				if ( 1 === preg_match( '#^/[^/]+/videos/(?:[^/]+/)?\d+/?$|^/reel/\d+/?$#', $path ) ) {
					return self::found( 'EMBED_OEMBED_FACEBOOK_VIDEO', self::facebook( 'video', 'https://www.facebook.com' . $path ) );
				}
				if ( '/watch' === rtrim( $path, '/' ) && 1 === preg_match( '/^\d{1,20}$/', $id ) ) {
					return self::found( 'EMBED_OEMBED_FACEBOOK_VIDEO', self::facebook( 'video', 'https://www.facebook.com/watch/?v=' . $id ) );
				}
				if ( 1 === preg_match( '#^/[^/]+/photos/(?:[^/]+/)?\d+/?$#', $path ) ) {
					return self::found( 'EMBED_OEMBED_FACEBOOK_IMAGE', self::facebook( 'post', 'https://www.facebook.com' . $path ) );
				}
				if ( 1 === preg_match( '#^/photo(?:\.php)?/?$#', $path ) && 1 === preg_match( '/^\d{1,20}$/', $id ) ) {
					return self::found( 'EMBED_OEMBED_FACEBOOK_IMAGE', self::facebook( 'post', 'https://www.facebook.com/photo.php?fbid=' . $id ) );
				}
				return null;
			case 'instagram.com':
				if ( 1 !== preg_match( '#^/(p|reel|tv)/([A-Za-z0-9_-]{5,40})(/media)?/?$#', $path, $match ) ) {
					return null;
				}
				if ( isset( $match[3] ) && '' !== $match[3] ) {
					return 'p' === $match[1]
						? self::found( 'EMBED_OEMBED_INSTAGRAM_IMAGE', 'https://www.instagram.com/p/' . $match[2] . '/media/?size=l' )
						: null;
				}
				return 'p' === $match[1]
					? self::found( 'EMBED_OEMBED_INSTAGRAM_POST', 'https://www.instagram.com/p/' . $match[2] . '/embed/captioned/' )
					: self::found( 'EMBED_OEMBED_INSTAGRAM_VIDEO', 'https://www.instagram.com/' . $match[1] . '/' . $match[2] . '/embed/' );
			case 'flickr.com':
				if ( 1 === preg_match( '#^/photos/[^/]+/\d+/play/#', $path ) ) {
					return self::found( 'EMBED_OEMBED_FLICKR_VIDEO', 'https://www.flickr.com' . $path );
				}
				return null;
			case 'live.staticflickr.com':
			case 'farm1.staticflickr.com':
			case 'farm2.staticflickr.com':
			case 'farm3.staticflickr.com':
			case 'farm4.staticflickr.com':
			case 'farm5.staticflickr.com':
			case 'farm6.staticflickr.com':
			case 'farm66.staticflickr.com':
				return 1 === preg_match( '#^/[0-9/]+_[0-9a-f]+(?:_[a-z0-9])?\.(?:jpe?g|png|gif)$#i', $path )
					? self::found( 'EMBED_OEMBED_FLICKR_IMAGE', 'https://' . $host . $path )
					: null;
			case 'imgur.com':
			case 'i.imgur.com':
				if ( 'i.imgur.com' === $host ) {
					return 1 === preg_match( '#^/([A-Za-z0-9]{5,10})(?:[a-z])?\.(?:jpe?g|png|gif|webp)$#', $path, $match )
						? self::found( 'EMBED_OEMBED_IMGUR', 'https://imgur.com/' . $match[1] . '/embed?pub=true' )
						: null;
				}
				// An id is random letters and digits: a word of lower-case letters is one of the site's pages.
				return 1 === preg_match( '#^/(?:(a|gallery)/)?((?=[a-z]*[A-Z0-9])[A-Za-z0-9]{5,10})/?$#', $path, $match )
					? self::found( 'EMBED_OEMBED_IMGUR', 'https://imgur.com/' . ( '' !== $match[1] ? 'a/' : '' ) . $match[2] . '/embed?pub=true' )
					: null;
			case 'lh3.googleusercontent.com':
			case 'lh4.googleusercontent.com':
			case 'lh5.googleusercontent.com':
			case 'lh6.googleusercontent.com':
				return 1 === preg_match( '#^/[A-Za-z0-9/_=.-]{10,}$#', $path )
					? self::found( 'EMBED_OEMBED_GOOGLE_PHOTO_IMAGE', 'https://' . $host . $path )
					: null;
		}
		return null;
	}

	/**
	 * A Facebook plugin's address for a page.
	 *
	 * @param string $plugin `video` or `post`.
	 * @param string $page   The video's or the photo's page.
	 * @return string
	 */
	private static function facebook( string $plugin, string $page ): string {
		return 'https://www.facebook.com/plugins/' . $plugin . '.php?href=' . rawurlencode( $page ) . ( 'video' === $plugin ? '&show_text=false' : '' );
	}

	/**
	 * A reading.
	 *
	 * @param string $filetype The embed filetype.
	 * @param string $url      What the lightbox shows.
	 * @return array{filetype: string, embed_url: string}
	 */
	private static function found( string $filetype, string $url ): array {
		return array(
			'filetype'  => $filetype,
			'embed_url' => $url,
		);
	}

	/**
	 * An attachment's embed, if it has a readable one.
	 *
	 * @param int $id Attachment id.
	 * @return array{filetype: string, embed_url: string}|null
	 */
	public static function of( int $id ): ?array {
		$url = get_post_meta( $id, self::META, true );
		return is_string( $url ) && '' !== $url ? self::parse( $url ) : null;
	}
}
