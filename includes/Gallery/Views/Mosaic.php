<?php
/**
 * The mosaic view (docs/gallery.md, "Views"; spec §2, §9): a justified grid without gaps, pure HTML and CSS.
 *
 * - horizontal: rows whose images keep their proportions and together fill the width (flex-grow and flex-basis by
 *   each image's aspect ratio, so every image of a row grows by the same factor); the base row height is
 *   `thumbHeight`; the last row keeps its natural widths;
 * - vertical: CSS columns at least `thumbWidth` wide that fill the width, the images one under the other.
 *
 * "Scaled by window width": layouts.css multiplies the base size by 1.5 at a window 1920 px wide or more and by 0.5
 * at 640 px or less (the spec's breakpoints). The tiles are the masonry view's (`Masonry::tiles()`): each item
 * carries its image's aspect ratio and every `<img>` its width and height, so nothing shifts.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery\Views;

/**
 * Renders a page of images as a mosaic.
 */
final class Mosaic {

	/** Scale of the base size at a window of 1920 px or more (layouts.css holds the same factor). */
	private const SCALE_UP = 1.5;

	/**
	 * The list of tiles.
	 *
	 * @param string               $container Container id (the view needs no style of its own).
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @return string
	 */
	public static function render( string $container, array $ids, array $settings ): string {
		unset( $container );
		if ( 'vertical' === $settings['mosaicDirection'] ) {
			$width = (int) $settings['thumbWidth'];
			return Masonry::tiles(
				$ids,
				$settings,
				'tessera-mosaic tessera-cols',
				'--tessera-base:' . $width . 'px',
				// Columns at least the (scaled) width and narrower than two of them.
				static fn ( float $ratio ): string => self::sizes( 2 * $width )
			);
		}
		$height = (int) $settings['thumbHeight'];
		return Masonry::tiles(
			$ids,
			$settings,
			'tessera-mosaic tessera-rows',
			'--tessera-base:' . $height . 'px',
			// The image's width at the base height, with room for the row's stretch.
			static fn ( float $ratio ): string => self::sizes( (int) ceil( $ratio * $height * 1.5 ) )
		);
	}

	/**
	 * `sizes` for an image shown at most `$width` pixels wide below a 1920 px window, and scaled up from there.
	 *
	 * @param int $width Largest width shown under 1920 px, in CSS pixels.
	 * @return string
	 */
	private static function sizes( int $width ): string {
		return '(min-width: 1920px) ' . (int) ceil( $width * self::SCALE_UP ) . 'px, ' . Masonry::sizes( $width );
	}
}
