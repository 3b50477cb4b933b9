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
				'<ul class="tessera-gallery__grid bwg-thumbnails" role="list" style="--tessera-thumb-ratio:%1$d / %2$d">%3$s</ul>',
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
		$title = get_the_title( $id );
		$alt   = trim( (string) get_post_meta( $id, '_wp_attachment_image_alt', true ) );
		$image = wp_get_attachment_image(
			$id,
			'medium_large',
			false,
			array(
				'class' => 'tessera-gallery__image',
				'alt'   => '' !== $alt ? $alt : wp_strip_all_tags( $title ),
				'sizes' => sprintf( '(max-width: %1$dpx) 100vw, %1$dpx', (int) $settings['thumbWidth'] ),
			)
		);
		if ( '' === $image ) {
			return '';
		}
		$caption = $settings['showTitles'] && '' !== $title
			? '<span class="tessera-gallery__title">' . esc_html( wp_strip_all_tags( $title ) ) . '</span>'
			: '';
		$link = self::link( $id, $settings );
		$body = '' === $link
			? '<span class="tessera-gallery__link">' . $image . '</span>'
			: $link . $image . '</a>';
		return '<li class="tessera-gallery__item bwg-item" data-image-id="' . (int) $id . '">' . $body . $caption . '</li>';
	}

	/**
	 * The opening tag of a thumbnail's link, by thumb_click_action; '' for no link.
	 *
	 * @param int                  $id       Attachment id.
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	private static function link( int $id, array $settings ): string {
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
		// open_lightbox: the full image, until the lightbox (issue 7) takes the click.
		$full = wp_get_attachment_url( $id );
		return false === $full ? '' : '<a class="tessera-gallery__link" href="' . esc_url( $full ) . '">';
	}
}
