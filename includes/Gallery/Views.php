<?php
/**
 * Which class renders which gallery view (docs/gallery.md, "Views"). Every view renders one page of images:
 * `render( string $container, int[] $ids, array $settings ): string` — the container id (`bwg_container1_{n}`,
 * for styles scoped to one gallery), the page's attachment ids in order, and the block's normalised settings.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * The view registry.
 */
final class Views {

	/** View name (block attribute `view`) => renderer class. */
	private const CLASSES = array(
		'thumbnails'    => Thumbnails::class,
		'masonry'       => Views\Masonry::class,
		'mosaic'        => Views\Mosaic::class,
		'image_browser' => Views\ImageBrowser::class,
		'blog_style'    => Views\BlogStyle::class,
		'slideshow'     => Views\Slideshow::class,
		'carousel'      => Views\Carousel::class,
	);

	/**
	 * One page of images in a view; the thumbnails view for a name it does not know. A large page comes from the
	 * render cache when nothing it shows has changed (RenderCache).
	 *
	 * @param string               $view      View name.
	 * @param string               $container Container id.
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @return string
	 */
	public static function render( string $view, string $container, array $ids, array $settings ): string {
		$class = self::CLASSES[ $view ] ?? Thumbnails::class;
		if ( ! class_exists( $class ) ) {
			$class = Thumbnails::class;
		}
		$html = RenderCache::remember(
			$view,
			$container,
			$ids,
			$settings,
			static function () use ( $class, $container, $ids, $settings ): string {
				// The posts and meta of the page's images, in two queries (~17 ms for 1,000 on SQLite): only for a
				// render, not for a page read back from the render cache.
				Images::prime( $ids );
				return (string) call_user_func( array( $class, 'render' ), $container, $ids, $settings );
			}
		);
		// What a render enqueues, again when the page came from the render cache: a player's script (a player
		// root names it; a single image has no player).
		if ( str_contains( $html, ' data-player="' ) ) {
			Views\Player::enqueue();
		}
		return $html;
	}
}
