<?php
/**
 * The thumbnails view (docs/gallery.md, "Views"): a grid whose column count is the container's width divided by
 * the thumbnail width, plus one, capped by the maximum (spec §2) — done with container queries generated for the
 * block, so the server's HTML is laid out before any script and nothing shifts. Each image is core's responsive
 * `<img>` (srcset, sizes, lazy loading decided by core, width and height) in a link to the full image.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * Renders a page of images as thumbnails.
 */
final class Thumbnails {

	/** How many of the page's first gallery images load eagerly. */
	private const EAGER = 4;

	/**
	 * Gallery images rendered in this request.
	 *
	 * @var int
	 */
	private static int $images = 0;

	/**
	 * How many gallery images this request has rendered (the next one's position: the first EAGER load eagerly).
	 *
	 * @return int
	 */
	public static function position(): int {
		return self::$images;
	}

	/**
	 * What of a position the markup depends on: the eager ones apart, every later position renders alike.
	 *
	 * @param int $position A position.
	 * @return int
	 */
	public static function eager_position( int $position ): int {
		return min( $position, self::EAGER );
	}

	/**
	 * Counts images rendered elsewhere (a page of them from the render cache).
	 *
	 * @param int $count How many.
	 */
	public static function advance( int $count ): void {
		self::$images += max( 0, $count );
	}

	/**
	 * Starts counting again (a new page render; tests).
	 */
	public static function reset_position(): void {
		self::$images = 0;
	}

	/**
	 * The grid and its style.
	 *
	 * @param string               $container Container id (`bwg_container1_{n}`).
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @return string
	 */
	public static function render( string $container, array $ids, array $settings ): string {
		$width   = (int) $settings['thumbWidth'];
		$height  = (int) $settings['thumbHeight'];
		$columns = (int) $settings['maxColumns'];
		$items   = '';
		foreach ( $ids as $id ) {
			$items .= self::item( $id, $settings );
		}
		return self::style( $container, $width, $columns )
			. sprintf(
				'<ul class="tessera-gallery__grid tessera-gallery__items bwg-thumbnails" role="list" style="--tessera-thumb-ratio:%1$d / %2$d">%3$s</ul>',
				$width,
				$height,
				$items
			);
	}

	/**
	 * Column rules for one gallery: k columns from a container width of (k - 1) x thumbnail width.
	 *
	 * @param string $container Container id.
	 * @param int    $width     Thumbnail width.
	 * @param int    $columns   Maximum columns.
	 * @return string
	 */
	public static function style( string $container, int $width, int $columns ): string {
		$selector = '#' . $container . ' .tessera-gallery__grid';
		$css      = $selector . '{--tessera-cols:1}';
		for ( $k = 2; $k <= $columns; $k++ ) {
			$css .= '@container tessera-gallery (min-width:' . ( ( $k - 1 ) * $width ) . 'px){' . $selector . '{--tessera-cols:' . $k . '}}';
		}
		// Only digits and our own id (letters, digits, underscores) went into it.
		return '<style>' . $css . '</style>';
	}

	/**
	 * One thumbnail.
	 *
	 * @param int                  $id       Attachment id.
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	private static function item( int $id, array $settings ): string {
		$image = self::image( $id, 'medium_large', sprintf( '(max-width: %1$dpx) 100vw, %1$dpx', (int) $settings['thumbWidth'] ) );
		if ( '' === $image ) {
			return '';
		}
		$title   = self::title( $id );
		$caption = $settings['showTitles'] && '' !== $title
			? '<span class="tessera-gallery__title">' . esc_html( $title ) . '</span>'
			: '';
		return '<li class="tessera-gallery__item bwg-item" data-image-id="' . (int) $id . '">' . self::linked( $id, $image, $settings ) . $caption . '</li>';
	}

	/**
	 * An image of a gallery: core's responsive `<img>` (srcset, the given sizes, width and height, lazy loading
	 * decided by core), its alt text the image's own or else its title. '' when the attachment is not an image.
	 *
	 * @param int                   $id    Attachment id.
	 * @param string                $size  Registered image size for `src`.
	 * @param string                $sizes The `sizes` attribute.
	 * @param array<string, string> $attrs Further attributes (class added to `tessera-gallery__image`).
	 * @return string
	 */
	public static function image( int $id, string $size, string $sizes, array $attrs = array() ): string {
		$alt   = trim( (string) get_post_meta( $id, '_wp_attachment_image_alt', true ) );
		$class = trim( 'tessera-gallery__image ' . ( $attrs['class'] ?? '' ) );
		// Loading and decoding set here: left off, the content filter adds them to every image afterwards, copying
		// the whole page's HTML once per image (400 ms for 1,000 images). The first images of the page load eagerly,
		// the very first with high priority (the likely largest paint).
		$index  = self::$images++;
		$attrs += array(
			'decoding' => 'async',
			'loading'  => $index < self::EAGER ? 'eager' : 'lazy',
		);
		if ( 0 === $index ) {
			$attrs += array( 'fetchpriority' => 'high' );
		}
		return wp_get_attachment_image(
			$id,
			$size,
			false,
			array(
				'class' => $class,
				'alt'   => '' !== $alt ? $alt : self::title( $id ),
				'sizes' => $sizes,
			) + $attrs
		);
	}

	/**
	 * An image's title as plain text.
	 *
	 * @param int $id Attachment id.
	 * @return string
	 */
	public static function title( int $id ): string {
		return trim( wp_strip_all_tags( get_the_title( $id ) ) );
	}

	/**
	 * Markup in the image's link (by thumb_click_action), or in a plain span when there is no link.
	 *
	 * @param int                  $id       Attachment id.
	 * @param string               $inner    What the link holds (the image).
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	public static function linked( int $id, string $inner, array $settings ): string {
		$link = self::link( $id, $settings );
		if ( '' === $link ) {
			return '<span class="tessera-gallery__link">' . $inner . '</span>';
		}
		if ( str_contains( $link, ' is-embed' ) ) {
			// The poster of a video or post the lightbox embeds: a play sign (style sheet), and its name says so.
			$inner .= '<span class="screen-reader-text">' . esc_html__( '(plays in the lightbox)', 'tessera' ) . '</span>';
		}
		return $link . $inner . '</a>';
	}

	/**
	 * The opening tag of a thumbnail's link, by thumb_click_action; '' for no link.
	 *
	 * @param int                  $id       Attachment id.
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	public static function link( int $id, array $settings ): string {
		$action = (string) $settings['thumbClickAction'];
		if ( 'do_nothing' === $action ) {
			return '';
		}
		if ( 'redirect_to_url' === $action ) {
			$url = esc_url( (string) get_post_meta( $id, PostTypes::META_REDIRECT, true ) );
			if ( '' === $url ) {
				return '';
			}
			$target = $settings['thumbLinkTarget'] ? ' target="_blank" rel="noopener"' : '';
			return '<a class="tessera-gallery__link" href="' . $url . '"' . $target . '>';
		}
		// open_lightbox: the full image, which the lightbox's loader takes over (docs/lightbox.md); without it, the link.
		// An image the lightbox shows as an embed links to the embed's own address (the video's page).
		if ( null !== \Tessera\Lightbox\Embed::of( $id ) ) {
			return '<a class="tessera-gallery__link is-embed" href="' . esc_url( (string) get_post_meta( $id, \Tessera\Lightbox\Embed::META, true ) ) . '">';
		}
		$full = wp_get_attachment_url( $id );
		return false === $full ? '' : '<a class="tessera-gallery__link" href="' . esc_url( $full ) . '">';
	}
}
