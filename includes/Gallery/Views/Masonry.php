<?php
/**
 * The masonry view (docs/gallery.md, "Views"; spec §2 "Masonry: horizontal or vertical"), pure HTML and CSS:
 *
 * - vertical: CSS columns at least `thumbWidth` wide (as many as the container holds, at most `maxColumns`), each
 *   image at its own height;
 * - horizontal: rows `thumbHeight` high, each image as wide as its proportions ask (flex-grow and flex-basis by
 *   its aspect ratio, so a row fills the width and its images keep one height, cropped a little when a row has to
 *   stretch); the last row keeps its natural widths.
 *
 * The server writes every image's aspect ratio on its item (`--tessera-thumb-ratio`) and `width`/`height` on the
 * `<img>`, so the layout is right before any image or script loads and nothing shifts. The tiles are shared with
 * the mosaic view (`Mosaic`), which lays them out without gaps and scales them by the window's width.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery\Views;

use Tessera\Gallery\Thumbnails;

/**
 * Renders a page of images as masonry.
 */
final class Masonry {

	/** Registered image size for `src` (srcset offers the others). */
	private const SIZE = 'medium_large';

	/**
	 * The list of tiles.
	 *
	 * @param string               $container Container id (`bwg_container1_{n}`; the view needs no style of its own).
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @return string
	 */
	public static function render( string $container, array $ids, array $settings ): string {
		unset( $container );
		if ( 'horizontal' === $settings['masonryDirection'] ) {
			$height = (int) $settings['thumbHeight'];
			return self::tiles(
				$ids,
				$settings,
				'tessera-masonry tessera-rows',
				'--tessera-size:' . $height . 'px',
				static fn ( float $ratio ): string => self::sizes( (int) ceil( $ratio * $height * 1.5 ) )
			);
		}
		$width = (int) $settings['thumbWidth'];
		return self::tiles(
			$ids,
			$settings,
			'tessera-masonry tessera-cols',
			'--tessera-size:' . $width . 'px;--tessera-max:' . max( 1, (int) $settings['maxColumns'] ),
			// A column is at least thumbWidth wide and narrower than two of them (unless maxColumns caps the count).
			static fn ( float $ratio ): string => self::sizes( 2 * $width )
		);
	}

	/**
	 * A list of tiles (masonry and mosaic): each image linked by thumb_click_action, its aspect ratio on the item.
	 *
	 * @param int[]                    $ids      Attachment ids, in order.
	 * @param array<string, mixed>     $settings Normalised block settings.
	 * @param string                   $classes  The layout's classes (ours, constant).
	 * @param string                   $style    The layout's custom properties (ours: names and integers).
	 * @param callable(float): string $sizes    The `sizes` attribute of an image of the given aspect ratio.
	 * @return string
	 */
	public static function tiles( array $ids, array $settings, string $classes, string $style, callable $sizes ): string {
		$items = '';
		foreach ( $ids as $id ) {
			$ratio = self::ratio( $id, self::SIZE );
			$image = null === $ratio ? '' : Thumbnails::image( $id, self::SIZE, $sizes( $ratio ) );
			if ( '' === $image ) {
				continue;
			}
			$title  = Thumbnails::title( $id );
			$items .= sprintf(
				'<li class="tessera-gallery__item bwg-item" data-image-id="%1$d" style="--tessera-thumb-ratio:%2$s">%3$s%4$s</li>',
				$id,
				self::number( (float) $ratio ),
				Thumbnails::linked( $id, $image, $settings ),
				$settings['showTitles'] && '' !== $title ? '<span class="tessera-gallery__title">' . esc_html( $title ) . '</span>' : ''
			);
		}
		// The list's last child tells the CSS that the list is whole (docs/gallery.md, "A list of rows still
		// arriving"): hidden, so neither seen nor read.
		return sprintf(
			'<ul class="tessera-gallery__items %1$s" role="list" style="%2$s">%3$s<li class="tessera-gallery__end" hidden></li></ul>',
			esc_attr( $classes ),
			esc_attr( $style ),
			$items
		);
	}

	/**
	 * An image's aspect ratio (width / height) at a registered size; null when the attachment is not an image.
	 *
	 * @param int    $id   Attachment id.
	 * @param string $size Registered image size.
	 * @return float|null
	 */
	public static function ratio( int $id, string $size ): ?float {
		if ( ! wp_attachment_is_image( $id ) ) {
			return null;
		}
		$src = wp_get_attachment_image_src( $id, $size );
		if ( false === $src ) {
			return null;
		}
		return (int) $src[1] > 0 && (int) $src[2] > 0 ? (int) $src[1] / (int) $src[2] : 1.0;
	}

	/**
	 * A number for CSS: a dot as decimal separator whatever the locale, at most 4 decimals, no trailing zeros.
	 *
	 * @param float $number The number.
	 * @return string
	 */
	public static function number( float $number ): string {
		return rtrim( rtrim( number_format( $number, 4, '.', '' ), '0' ), '.' );
	}

	/**
	 * `sizes` for an image shown at most `$width` pixels wide, or the window's width below that.
	 *
	 * @param int $width Largest width shown, in CSS pixels.
	 * @return string
	 */
	public static function sizes( int $width ): string {
		return sprintf( '(max-width: %1$dpx) 100vw, %1$dpx', max( 1, $width ) );
	}
}
