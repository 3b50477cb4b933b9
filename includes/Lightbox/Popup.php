<?php
/**
 * The popup's markup (docs/lightbox.md, "Markup"; spec §2 "Lightbox parts", §3 "Lightbox image record" and
 * "Lightbox settings"): the dialog with the current image, the arrows, the info panel, the status line, the
 * filmstrip, the control bar, and the island's data as JSON.
 *
 * The lightbox island hydrates this markup, so it is written for exact hydration: no whitespace between tags, each
 * element's text in one text node, attributes in a fixed order, and every value the island renders taken from the
 * JSON data as it is (URLs and texts are computed once, used in the data and escaped into the HTML with a strict
 * escaper, so that an attribute or text node reads back exactly as the data holds it). The image is built from core's
 * image data (sizes, srcset, sizes attribute) rather than `wp_get_attachment_image()`, whose filters may add
 * attributes the island cannot know, and it does not count as one of the page's first images (Thumbnails::image()).
 *
 * A large gallery stays small: the data holds every image id, but full records only for the images around the
 * current one (RADIUS on each side, around the ends when needed), and the filmstrip lists FILMSTRIP images around
 * it; the island asks the same address with another `image_id` for the records around that image.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Lightbox;

use Tessera\Gallery\Thumbnails;
use Tessera\Gallery\Views\Slideshow;

/**
 * Renders the popup.
 */
final class Popup {

	/** Records of this many images on each side of the current one are in the data (all of a gallery of up to 101). */
	public const RADIUS = 50;

	/** The filmstrip lists this many images at most: a run around the current one, moved in from the ends. */
	public const FILMSTRIP = 31;

	/** Id of the info panel (one lightbox at a time). */
	public const INFO_ID = 'tessera-lightbox-info';

	/** Id of the collapsible controls. */
	public const CONTROLS_ID = 'tessera-lightbox-controls';

	/** Share targets: name => the service's address, to which the encoded share_url is appended. */
	private const SHARE = array(
		'facebook'  => 'https://www.facebook.com/sharer/sharer.php?u=',
		'twitter'   => 'https://twitter.com/intent/tweet?url=',
		'pinterest' => 'https://pinterest.com/pin/create/button/?url=',
		'tumblr'    => 'https://www.tumblr.com/share/link?url=',
	);

	/**
	 * The popup.
	 *
	 * @param \WP_Post                       $gallery  A published gallery.
	 * @param int[]                          $ids      Its visible images, filtered and sorted.
	 * @param int                            $key      Index of the current image in `$ids`.
	 * @param array<string, bool|int|string> $settings Lightbox settings (Settings::get()).
	 * @param array<string, bool>            $open     `open_comment` and `open_ecommerce`.
	 * @return string '' when the current image has no address.
	 */
	public static function render( \WP_Post $gallery, array $ids, int $key, array $settings, array $open ): string {
		$count   = count( $ids );
		$records = array();
		foreach ( self::window( $key, $count ) as $index ) {
			$records[ $index ] = self::record( $ids[ $index ], $index + 1, $settings );
		}
		$current = $records[ $key ];
		if ( '' === $current['image_url'] ) {
			return '';
		}
		$title = self::plain( wp_strip_all_tags( $gallery->post_title ) );
		$label = '' === $title
			? __( 'Image viewer', 'tessera' )
			/* translators: %s: gallery title. */
			: sprintf( __( '%s: image viewer', 'tessera' ), $title );
		$loop      = (bool) $settings['enable_loop'];
		$filmstrip = $settings['enable_image_filmstrip'] && $count > 1;

		$html  = self::open(
			'div',
			array(
				'class'           => 'tessera-lightbox',
				'role'            => 'dialog',
				'aria-modal'      => 'true',
				'aria-label'      => $label,
				'tabindex'        => '-1',
				'data-gallery-id' => (string) $gallery->ID,
				'data-image-id'   => (string) $current['id'],
				'data-count'      => (string) $count,
				'data-bar'        => (string) $settings['lightbox_ctrl_btn_pos'],
				'data-info'       => (string) $settings['lightbox_info_pos'],
				'data-filmstrip'  => $filmstrip ? (string) $settings['lightbox_filmstrip_pos'] : 'none',
				'data-size'       => $settings['open_with_fullscreen'] ? 'maximized' : 'normal',
			)
		);
		$html .= self::main( $current, $key, $count, $loop );
		if ( $settings['popup_enable_info'] ) {
			$html .= self::info( $current, (bool) $settings['popup_info_always_show'] );
		}
		$html .= '<p class="tessera-lightbox__status" aria-live="polite">' . self::text( Slideshow::label( $key + 1, $count, $current['alt'] ) ) . '</p>';
		if ( $filmstrip ) {
			$html .= self::filmstrip( $records, $key, $count, $settings );
		}
		$html .= self::bar( $current, $count, $settings );
		$html .= '<script type="application/json" class="tessera-lightbox__data">' . self::data( $gallery->ID, $ids, $key, $records, $settings, $open ) . '</script>';
		return $html . '</div>';
	}

	/**
	 * What answers a request that shows nothing (404, 405).
	 *
	 * @return string
	 */
	public static function empty_state(): string {
		return '<div class="tessera-lightbox-empty" role="alert">' . self::text( __( 'This image is not available.', 'tessera' ) ) . '</div>';
	}

	/**
	 * The indexes whose records the data holds, ascending: RADIUS on each side of `$key`, around the ends.
	 *
	 * @param int $key   Current index.
	 * @param int $count Images in all.
	 * @return int[]
	 */
	public static function window( int $key, int $count ): array {
		if ( $count <= 2 * self::RADIUS + 1 ) {
			return range( 0, $count - 1 );
		}
		$indexes = array();
		for ( $offset = -self::RADIUS; $offset <= self::RADIUS; $offset++ ) {
			$indexes[] = ( $key + $offset + $count ) % $count;
		}
		sort( $indexes );
		return $indexes;
	}

	/**
	 * The filmstrip's run: FILMSTRIP images centred on `$key`, moved in from the ends (never around them).
	 *
	 * @param int $key   Current index.
	 * @param int $count Images in all.
	 * @return array{0: int, 1: int} First index and the index after the last.
	 */
	public static function filmstrip_run( int $key, int $count ): array {
		$first = max( 0, min( $key - intdiv( self::FILMSTRIP, 2 ), $count - self::FILMSTRIP ) );
		return array( $first, min( $count, $first + self::FILMSTRIP ) );
	}

	/**
	 * One image record (spec §3 "Lightbox image record", the fields that exist so far). Every URL is absolute and
	 * already cleaned (esc_url_raw()); every text is plain text.
	 *
	 * @param int                            $id       Attachment id.
	 * @param int                            $number   1-based position.
	 * @param array<string, bool|int|string> $settings Lightbox settings.
	 * An image given an embed address (Embed) has the embed's filetype and `embed_url`, what the lightbox shows in
	 * its place; its other fields are the image's (its poster).
	 *
	 * @return array{id: int, alt: string, image_alt: string, description: string, filetype: string, embed_url: string, image_url: string, image_width: int, image_height: int, srcset: string, sizes: string, thumb_url: string, thumb_srcset: string, thumb_sizes: string, pure_image_url: string, filename: string, share_url: string, number: int}
	 */
	public static function record( int $id, int $number, array $settings ): array {
		$meta   = wp_get_attachment_metadata( $id );
		$meta   = is_array( $meta ) ? $meta : array();
		$width  = (int) ( $meta['width'] ?? 0 );
		$height = (int) ( $meta['height'] ?? 0 );
		$large  = wp_get_attachment_image_src( $id, 'large' );
		$url    = self::url( is_array( $large ) ? $large[0] : wp_get_attachment_url( $id ) );
		$srcset = '' !== $url && $width > 0 && $height > 0 ? wp_calculate_image_srcset( array( $width, $height ), $url, $meta, $id ) : false;
		$sizes  = is_string( $srcset ) && '' !== $srcset ? self::sizes( $width, $height, $settings ) : false;
		$thumb  = wp_get_attachment_image_src( $id, 'thumbnail' );
		$tset   = is_array( $thumb ) ? self::srcset_upto( (string) wp_get_attachment_image_srcset( $id, 'thumbnail', $meta ), 3 * max( (int) $settings['image_filmstrip_width'], (int) $settings['image_filmstrip_height'] ) ) : '';
		$pure   = self::url( wp_get_original_image_url( $id ) );
		$pure   = '' !== $pure ? $pure : self::url( wp_get_attachment_url( $id ) );
		$title  = self::plain( Thumbnails::title( $id ) );
		$alt    = self::plain( (string) get_post_meta( $id, '_wp_attachment_image_alt', true ) );
		$mime   = (string) get_post_mime_type( $id );
		$post   = get_post( $id );
		$embed  = Embed::of( $id );
		return array(
			'id'             => $id,
			'alt'            => $title,
			'image_alt'      => '' !== $alt ? $alt : $title,
			'description'    => null === $post ? '' : self::description( $post->post_content ),
			'filetype'       => null !== $embed ? $embed['filetype'] : ( str_starts_with( $mime, 'image/' ) && strlen( $mime ) > 6 ? substr( $mime, 6 ) : 'image' ),
			'embed_url'      => null !== $embed ? $embed['embed_url'] : '',
			'image_url'      => $url,
			'image_width'    => $width,
			'image_height'   => $height,
			'srcset'         => is_string( $srcset ) && is_string( $sizes ) ? self::plain( $srcset ) : '',
			'sizes'          => is_string( $srcset ) && is_string( $sizes ) ? self::plain( $sizes ) : '',
			'thumb_url'      => is_array( $thumb ) ? self::url( $thumb[0] ) : $url,
			'thumb_srcset'   => $tset,
			'thumb_sizes'    => '' !== $tset ? (int) $settings['image_filmstrip_width'] . 'px' : '',
			'pure_image_url' => $pure,
			'filename'       => '' === $pure ? '' : self::plain( rawurldecode( wp_basename( (string) wp_parse_url( $pure, PHP_URL_PATH ) ) ) ),
			'share_url'      => self::url( get_permalink( $id ) ),
			'number'         => $number,
		);
	}

	/**
	 * The `sizes` of a lightbox image: the width it is shown at, contained in the stage — the smaller of the
	 * viewport's width and the stage's height times the image's ratio. The stage's height is the viewport's less
	 * the popup's padding (4vh each side at most) and a horizontal filmstrip; the control bar is left in (it can be
	 * collapsed), so the figure errs on the large side. Core's `(max-width: {w}px) 100vw` asked a 1,400 px square
	 * for a 621 px high stage at 1280 x 800; this asks the 768 px one. A browser without `min()` in `sizes` drops
	 * the attribute and takes 100vw.
	 *
	 * @param int                            $width    Image width.
	 * @param int                            $height   Image height.
	 * @param array<string, bool|int|string> $settings Lightbox settings.
	 * @return string
	 */
	public static function sizes( int $width, int $height, array $settings ): string {
		$strip = $settings['enable_image_filmstrip'] && in_array( $settings['lightbox_filmstrip_pos'], array( 'top', 'bottom' ), true )
			? (int) $settings['image_filmstrip_height'] + 6
			: 0;
		return sprintf( 'min(100vw, calc((92vh - %1$dpx) * %2$d / %3$d))', $strip, $width, $height );
	}

	/**
	 * A description as plain text: a line break for each `<br>`, an empty line around each block (paragraph, heading,
	 * list item…), the tags removed (scripts and styles with their content).
	 *
	 * @param string $content The attachment's `post_content`.
	 * @return string
	 */
	private static function description( string $content ): string {
		$content = (string) preg_replace( '#<br\s*/?>#i', "\n", $content );
		$content = (string) preg_replace( '#</?(?:p|div|h[1-6]|li|ul|ol|blockquote|pre|figure|figcaption|table|tr)(?:\s[^>]*)?>#i', "\n\n$0\n\n", $content );
		return self::plain( wp_strip_all_tags( $content ), true );
	}

	/**
	 * A srcset without the candidates wider than `$max` pixels (a thumbnail's srcset holds every size of a square
	 * image, up to the original); '' when fewer than two are left.
	 *
	 * @param string $srcset Core's srcset (`url 150w, url 300w`; its URLs hold no spaces).
	 * @param int    $max    Widest candidate kept.
	 * @return string
	 */
	private static function srcset_upto( string $srcset, int $max ): string {
		$kept = array();
		foreach ( explode( ', ', self::plain( $srcset ) ) as $candidate ) {
			if ( 1 === preg_match( '/^\S+ (\d+)w$/', $candidate, $match ) && (int) $match[1] <= $max ) {
				$kept[] = $candidate;
			}
		}
		return count( $kept ) > 1 ? implode( ', ', $kept ) : '';
	}

	/**
	 * The stage with the current image, and the arrows (hidden at the ends without loop, and with one image).
	 *
	 * @param array<string, mixed> $record Current record.
	 * @param int                  $key    Current index.
	 * @param int                  $count  Images in all.
	 * @param bool                 $loop   Whether the arrows go around.
	 * @return string
	 */
	private static function main( array $record, int $key, int $count, bool $loop ): string {
		$first = 1 === $count || ( ! $loop && 0 === $key );
		$last  = 1 === $count || ( ! $loop && $count - 1 === $key );
		return '<div class="tessera-lightbox__main"><div class="tessera-lightbox__stage">' . self::shown( $record ) . '</div>'
			. self::button( 'tessera-lightbox__arrow tessera-lightbox__arrow--prev', __( 'Previous image', 'tessera' ), array( 'hidden' => $first ) )
			. self::button( 'tessera-lightbox__arrow tessera-lightbox__arrow--next', __( 'Next image', 'tessera' ), array( 'hidden' => $last ) )
			. '</div>';
	}

	/**
	 * What the stage shows: the image; or, for an embed (Embed::kind()), the provider's player (an iframe sized by
	 * the style sheet: 16:9, or Instagram's post with its extra height and width), a picture's own address, nothing
	 * (Flickr video), or an empty box that an extension fills (the island sends it `tessera-lightbox-embed`).
	 *
	 * @param array<string, mixed> $record Current record.
	 * @return string
	 */
	private static function shown( array $record ): string {
		$kind = Embed::kind( (string) $record['filetype'] );
		if ( 'iframe' === $kind ) {
			return self::open(
				'iframe',
				array(
					'class'           => 'tessera-lightbox__embed tessera-lightbox__embed--' . ( str_contains( (string) $record['filetype'], '_INSTAGRAM_' ) ? 'instagram' : 'video' ),
					'src'             => $record['embed_url'],
					'title'           => '' !== $record['image_alt'] ? $record['image_alt'] : __( 'Embedded media', 'tessera' ),
					'allow'           => 'autoplay; encrypted-media; fullscreen; picture-in-picture',
					'allowfullscreen' => true,
				)
			) . '</iframe>';
		}
		if ( 'image' === $kind ) {
			return self::open(
				'img',
				array(
					'class'         => 'tessera-lightbox__image',
					'src'           => $record['embed_url'],
					'alt'           => $record['image_alt'],
					'loading'       => 'eager',
					'decoding'      => 'async',
					'fetchpriority' => 'high',
				)
			);
		}
		if ( 'none' === $kind ) {
			return '';
		}
		if ( 'extension' === $kind ) {
			return self::open(
				'div',
				array(
					'class'         => 'tessera-lightbox__extension',
					'data-filetype' => $record['filetype'],
				)
			) . '</div>';
		}
		return self::open(
			'img',
			array(
				'class'         => 'tessera-lightbox__image',
				'src'           => $record['image_url'],
				'srcset'        => '' !== $record['srcset'] ? $record['srcset'] : null,
				'sizes'         => '' !== $record['srcset'] ? $record['sizes'] : null,
				'width'         => $record['image_width'] > 0 ? (string) $record['image_width'] : null,
				'height'        => $record['image_height'] > 0 ? (string) $record['image_height'] : null,
				'alt'           => $record['image_alt'],
				'loading'       => 'eager',
				'decoding'      => 'async',
				'fetchpriority' => 'high',
			)
		);
	}

	/**
	 * The info panel: the image's title (a heading) and description, each left out when empty.
	 *
	 * @param array<string, mixed> $record Current record.
	 * @param bool                 $shown  Whether it starts shown.
	 * @return string
	 */
	private static function info( array $record, bool $shown ): string {
		return self::open(
			'div',
			array(
				'class'  => 'tessera-lightbox__info',
				'id'     => self::INFO_ID,
				'hidden' => ! $shown,
			)
		)
			. ( '' === $record['alt'] ? '' : '<h2 class="tessera-lightbox__title">' . self::text( $record['alt'] ) . '</h2>' )
			. ( '' === $record['description'] ? '' : '<p class="tessera-lightbox__description">' . self::text( $record['description'] ) . '</p>' )
			. '</div>';
	}

	/**
	 * The filmstrip: scroll buttons around a list of thumbnail buttons (filmstrip_run()), the current one marked.
	 *
	 * @param array<int, array<string, mixed>> $records  Records by index.
	 * @param int                              $key      Current index.
	 * @param int                              $count    Images in all.
	 * @param array<string, bool|int|string>   $settings Lightbox settings.
	 * @return string
	 */
	private static function filmstrip( array $records, int $key, int $count, array $settings ): string {
		[ $first, $end ] = self::filmstrip_run( $key, $count );
		$items           = '';
		for ( $index = $first; $index < $end; $index++ ) {
			$record = $records[ $index ];
			$thumb  = self::open(
				'img',
				array(
					'class'    => 'tessera-lightbox__thumb-image',
					'src'      => $record['thumb_url'],
					'srcset'   => '' !== $record['thumb_srcset'] ? $record['thumb_srcset'] : null,
					'sizes'    => '' !== $record['thumb_srcset'] ? $record['thumb_sizes'] : null,
					'width'    => (string) $settings['image_filmstrip_width'],
					'height'   => (string) $settings['image_filmstrip_height'],
					'alt'      => '',
					'loading'  => 'lazy',
					'decoding' => 'async',
				)
			);
			$items .= self::open(
				'li',
				array(
					'aria-posinset' => (string) ( $index + 1 ),
					'aria-setsize'  => (string) $count,
				)
			)
				. self::open(
					'button',
					array(
						'type'          => 'button',
						'class'         => 'tessera-lightbox__thumb',
						'aria-label'    => Slideshow::label( $index + 1, $count, $record['alt'] ),
						'aria-current'  => $index === $key ? 'true' : null,
						'data-image-id' => (string) $record['id'],
					)
				)
				. $thumb . '</button></li>';
		}
		return self::open(
			'div',
			array(
				'class'          => 'tessera-lightbox__filmstrip',
				'role'           => 'group',
				'aria-label'     => __( 'Thumbnails', 'tessera' ),
				'data-direction' => (string) $settings['filmstrip_direction'],
			)
		)
			. self::button( 'tessera-lightbox__scroll tessera-lightbox__scroll--back', __( 'Scroll the thumbnails back', 'tessera' ) )
			. '<ul class="tessera-lightbox__thumbs">' . $items . '</ul>'
			. self::button( 'tessera-lightbox__scroll tessera-lightbox__scroll--forward', __( 'Scroll the thumbnails forward', 'tessera' ) )
			. '</div>';
	}

	/**
	 * The control bar: its toggle, the controls it shows or hides, and the close button (always shown).
	 *
	 * @param array<string, mixed>           $record   Current record.
	 * @param int                            $count    Images in all.
	 * @param array<string, bool|int|string> $settings Lightbox settings.
	 * @return string
	 */
	private static function bar( array $record, int $count, array $settings ): string {
		$controls = '';
		if ( $count > 1 ) {
			$controls .= self::button( 'tessera-lightbox__play', __( 'Play the slideshow', 'tessera' ), array( 'aria-pressed' => $settings['open_with_autoplay'] ? 'true' : 'false' ) );
		}
		if ( $settings['popup_enable_zoom'] ) {
			$controls .= self::button(
				'tessera-lightbox__zoom',
				__( 'Zoom', 'tessera' ),
				array(
					'aria-pressed' => 'false',
					'hidden'       => '' !== Embed::kind( (string) $record['filetype'] ),
				)
			);
		}
		$controls .= self::button( 'tessera-lightbox__maximize', __( 'Maximize', 'tessera' ), array( 'aria-pressed' => $settings['open_with_fullscreen'] ? 'true' : 'false' ) );
		$controls .= self::button( 'tessera-lightbox__fullscreen', __( 'Full screen', 'tessera' ), array( 'aria-pressed' => 'false' ) );
		if ( $settings['popup_enable_info'] ) {
			$controls .= self::button(
				'tessera-lightbox__info-toggle',
				__( 'Image information', 'tessera' ),
				array(
					'aria-pressed'  => $settings['popup_info_always_show'] ? 'true' : 'false',
					'aria-controls' => self::INFO_ID,
				)
			);
		}
		if ( '' !== $record['pure_image_url'] && $settings['popup_enable_fullsize_image'] ) {
			$controls .= self::link( 'tessera-lightbox__fullsize', $record['pure_image_url'], __( 'Full-size image (opens in a new tab)', 'tessera' ), true );
		}
		if ( '' !== $record['pure_image_url'] && $settings['popup_enable_download'] ) {
			$controls .= self::open(
				'a',
				array(
					'class'      => 'tessera-lightbox__download',
					'href'       => $record['pure_image_url'],
					'download'   => $record['filename'],
					'aria-label' => __( 'Download the image', 'tessera' ),
				)
			) . '</a>';
		}
		if ( '' !== $record['share_url'] && $settings['popup_enable_share'] ) {
			$controls .= self::share( $record );
		}
		return '<div class="tessera-lightbox__bar">'
			. self::button(
				'tessera-lightbox__toggle',
				__( 'Controls', 'tessera' ),
				array(
					'aria-expanded' => 'true',
					'aria-controls' => self::CONTROLS_ID,
				)
			)
			. '<div class="tessera-lightbox__controls" id="' . self::CONTROLS_ID . '">' . $controls . '</div>'
			. self::button( 'tessera-lightbox__close', __( 'Close', 'tessera' ) )
			. '</div>';
	}

	/**
	 * The share links of an image (share_urls()), each opening in a new tab.
	 *
	 * @param array<string, mixed> $record Current record.
	 * @return string
	 */
	private static function share( array $record ): string {
		$names = array(
			/* translators: share link; opens a new tab. */
			'facebook'  => __( 'Share on Facebook (opens in a new tab)', 'tessera' ),
			/* translators: share link (X, formerly Twitter); opens a new tab. */
			'twitter'   => __( 'Share on X (opens in a new tab)', 'tessera' ),
			/* translators: share link; opens a new tab. */
			'pinterest' => __( 'Share on Pinterest (opens in a new tab)', 'tessera' ),
			/* translators: share link; opens a new tab. */
			'tumblr'    => __( 'Share on Tumblr (opens in a new tab)', 'tessera' ),
		);
		$icons = self::share_icons();
		$links = '';
		foreach ( self::share_urls( $record ) as $name => $url ) {
			$links .= self::link( 'tessera-lightbox__share-link tessera-lightbox__share-link--' . $name, $url, $names[ $name ], true, self::icon( $icons[ $name ] ?? '' ) );
		}
		return self::open(
			'div',
			array(
				'class'      => 'tessera-lightbox__share',
				'role'       => 'group',
				'aria-label' => __( 'Share', 'tessera' ),
			)
		) . $links . '</div>';
	}

	/**
	 * The share services' icons: name => an SVG path (24 x 24), read from the file the island imports too, so that
	 * both write the same markup.
	 *
	 * @return array<string, string>
	 */
	private static function share_icons(): array {
		static $icons = null;
		if ( null === $icons ) {
			$read  = wp_json_file_decode( TESSERA_DIR . 'blocks/gallery/lightbox/share-icons.json', array( 'associative' => true ) );
			$icons = is_array( $read ) ? array_filter( $read, 'is_string' ) : array();
		}
		return $icons;
	}

	/**
	 * A drawn icon (24 x 24, filled with the text colour), hidden from assistive technology: the control is named by
	 * its aria-label. Written as React writes the island's `<svg>` (popup.tsx `Icon`).
	 *
	 * @param string $path The SVG path data.
	 * @return string
	 */
	private static function icon( string $path ): string {
		return '<svg class="tessera-lightbox__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="' . self::text( $path ) . '"></path></svg>';
	}

	/**
	 * The share addresses of an image: share_url percent-encoded (RFC 3986) into each service's address; Pinterest
	 * also gets the image (`media`) and its title (`description`).
	 *
	 * @param array<string, mixed> $record Record.
	 * @return array<string, string>
	 */
	public static function share_urls( array $record ): array {
		$url  = rawurlencode( (string) $record['share_url'] );
		$urls = array();
		foreach ( self::SHARE as $name => $base ) {
			$urls[ $name ] = $base . $url;
		}
		$urls['pinterest'] .= '&media=' . rawurlencode( (string) $record['image_url'] ) . '&description=' . rawurlencode( (string) $record['alt'] );
		return $urls;
	}

	/**
	 * The island's data: `settings` (gallery_box_data: the lightbox settings, the state and the opening options),
	 * `ids` (every image of the set, in order) and `images` (the records of window(), in gallery order).
	 *
	 * @param int                              $gallery  Gallery id.
	 * @param int[]                            $ids      Every image id, in order.
	 * @param int                              $key      Current index.
	 * @param array<int, array<string, mixed>> $records  Records by index.
	 * @param array<string, bool|int|string>   $settings Lightbox settings.
	 * @param array<string, bool>              $open     Opening options.
	 * @return string JSON, safe inside a script element.
	 */
	private static function data( int $gallery, array $ids, int $key, array $records, array $settings, array $open ): string {
		$box = array(
			'gallery_id'        => $gallery,
			'current_image_key' => $key,
			'current_image_id'  => $ids[ $key ],
			'open_comment'      => ! empty( $open['open_comment'] ),
			'open_ecommerce'    => ! empty( $open['open_ecommerce'] ),
			'site_url'          => self::url( home_url( '/' ) ),
		) + $settings;
		return (string) wp_json_encode(
			array(
				'settings' => $box,
				'ids'      => array_values( $ids ),
				'images'   => array_values( $records ),
			),
			JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
		);
	}

	/**
	 * A button with an accessible name and no content (its icon is drawn by the style sheet).
	 *
	 * @param string                         $classes Class names.
	 * @param string                         $label   Accessible name.
	 * @param array<string, string|bool|null> $attrs  Further attributes, after the name.
	 * @return string
	 */
	private static function button( string $classes, string $label, array $attrs = array() ): string {
		return self::open(
			'button',
			array(
				'type'       => 'button',
				'class'      => $classes,
				'aria-label' => $label,
			) + $attrs
		) . '</button>';
	}

	/**
	 * A link with an accessible name; in a new tab when asked (without opener or referrer).
	 *
	 * @param string $classes Class names.
	 * @param string $url     Cleaned URL.
	 * @param string $label   Accessible name.
	 * @param bool   $new_tab Whether it opens a new tab.
	 * @param string $content Its markup (an icon()), or none when the style sheet draws the icon.
	 * @return string
	 */
	private static function link( string $classes, string $url, string $label, bool $new_tab, string $content = '' ): string {
		return self::open(
			'a',
			array(
				'class'      => $classes,
				'href'       => $url,
				'target'     => $new_tab ? '_blank' : null,
				'rel'        => $new_tab ? 'noopener noreferrer' : null,
				'aria-label' => $label,
			)
		) . $content . '</a>';
	}

	/**
	 * An opening tag with its attributes in the given order. Values are escaped so that they read back exactly
	 * (every `&`, `<`, `>`, `"` and `'` encoded; nothing else changed); true writes a bare attribute, false and null
	 * leave it out. Names and the tag come from this class only.
	 *
	 * @param string                          $tag   Tag name.
	 * @param array<string, string|bool|null> $attrs Attributes.
	 * @return string
	 */
	private static function open( string $tag, array $attrs ): string {
		$html = '<' . $tag;
		foreach ( $attrs as $name => $value ) {
			if ( null === $value || false === $value ) {
				continue;
			}
			$html .= true === $value ? ' ' . $name : ' ' . $name . '="' . self::text( (string) $value ) . '"';
		}
		return $html . '>';
	}

	/**
	 * Text escaped for HTML so that it reads back exactly (entities already in it are encoded too).
	 *
	 * @param string $text Plain text (plain()).
	 * @return string
	 */
	private static function text( string $text ): string {
		return htmlspecialchars( $text, ENT_QUOTES | ENT_SUBSTITUTE, 'UTF-8' );
	}

	/**
	 * Plain text as the island shows it: entities decoded, valid UTF-8, no control characters (line breaks kept
	 * only in multi-line text, as "\n", at most one empty line in a row), trimmed.
	 *
	 * @param string $text      Text (may hold entities, e.g. from the_title).
	 * @param bool   $multiline Whether line breaks are kept.
	 * @return string
	 */
	private static function plain( string $text, bool $multiline = false ): string {
		$text = html_entity_decode( $text, ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		$text = wp_check_invalid_utf8( $text, true );
		$text = str_replace( array( "\r\n", "\r" ), "\n", $text );
		if ( $multiline ) {
			$text = (string) preg_replace( array( '/[^\S\n]*\n[^\S\n]*/u', '/\n{3,}/' ), array( "\n", "\n\n" ), $text );
			$text = (string) preg_replace( '/[\x00-\x09\x0B-\x1F\x7F]/u', ' ', $text );
		} else {
			$text = (string) preg_replace( '/[\x00-\x1F\x7F]/u', ' ', $text );
		}
		return trim( $text );
	}

	/**
	 * A URL cleaned once (esc_url_raw()), so that the data and the attribute hold the same string; '' for none.
	 *
	 * @param mixed $url URL.
	 * @return string
	 */
	private static function url( $url ): string {
		return is_string( $url ) && '' !== $url ? esc_url_raw( $url ) : '';
	}
}
