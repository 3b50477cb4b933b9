<?php
/**
 * The image browser view (docs/gallery.md, "Views"; spec §2): one large image at a time (normally one image a page;
 * with more, each large one under the other), at most `viewWidth` wide, with its title, caption and — when
 * `showDescription` — its description. The paging under it (GalleryBlock) moves between the images by address,
 * so it works without JavaScript; the view knows only its page and leaves "which of how many" to the paging.
 *
 * Pure HTML and CSS: the image keeps its proportions from its `width`/`height` and the aspect ratio written on its
 * item, so nothing shifts while it loads. The blog style view (`BlogStyle`) uses the same figures.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery\Views;

use Tessera\Gallery\Thumbnails;

/**
 * Renders a page of images in the image browser.
 */
final class ImageBrowser {

	/** Registered image size for `src` (srcset offers the others). */
	private const SIZE = 'large';

	/**
	 * The list of large images.
	 *
	 * @param string               $container Container id (the view needs no style of its own).
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @return string
	 */
	public static function render( string $container, array $ids, array $settings ): string {
		unset( $container );
		$items = '';
		foreach ( $ids as $id ) {
			$text  = self::title( $id ) . self::caption( $id );
			$text .= $settings['showDescription'] ? self::description( $id ) : '';
			$items .= self::item( $id, $settings, $text );
		}
		return self::stack( 'tessera-browser', $settings, $items );
	}

	/**
	 * The list of a vertical view (image browser, blog style): at most `viewWidth` wide, centred.
	 *
	 * @param string               $class    The view's own class (ours, constant).
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @param string               $items    The items' HTML.
	 * @return string
	 */
	public static function stack( string $class, array $settings, string $items ): string {
		return sprintf(
			'<ul class="tessera-gallery__items tessera-stack %1$s" role="list" style="--tessera-view:%2$dpx">%3$s</ul>',
			esc_attr( $class ),
			(int) $settings['viewWidth'],
			$items
		);
	}

	/**
	 * One image as a figure: the image in its link (thumb_click_action), the text under it. '' when the attachment
	 * is not an image.
	 *
	 * @param int                  $id       Attachment id.
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @param string               $text     The caption's HTML (escaped), '' for none.
	 * @return string
	 */
	public static function item( int $id, array $settings, string $text ): string {
		$ratio = Masonry::ratio( $id, self::SIZE );
		$image = null === $ratio ? '' : Thumbnails::image( $id, self::SIZE, Masonry::sizes( (int) $settings['viewWidth'] ) );
		if ( '' === $image ) {
			return '';
		}
		return sprintf(
			'<li class="tessera-gallery__item bwg-item" data-image-id="%1$d" style="--tessera-thumb-ratio:%2$s"><figure class="tessera-stack__figure">%3$s%4$s</figure></li>',
			$id,
			Masonry::number( (float) $ratio ),
			Thumbnails::linked( $id, $image, $settings ),
			'' === $text ? '' : '<figcaption class="tessera-stack__text">' . $text . '</figcaption>'
		);
	}

	/**
	 * The image's title, '' without one.
	 *
	 * @param int $id Attachment id.
	 * @return string
	 */
	public static function title( int $id ): string {
		$title = Thumbnails::title( $id );
		return '' === $title ? '' : '<span class="tessera-gallery__title">' . esc_html( $title ) . '</span>';
	}

	/**
	 * The image's caption (`post_excerpt`, the markup a post may hold), '' without one.
	 *
	 * @param int $id Attachment id.
	 * @return string
	 */
	private static function caption( int $id ): string {
		$caption = trim( wp_kses_post( (string) wp_get_attachment_caption( $id ) ) );
		return '' === $caption ? '' : '<div class="tessera-stack__caption">' . $caption . '</div>';
	}

	/**
	 * The image's description (`post_content`, the markup a post may hold, in paragraphs; shortcodes are not run),
	 * '' without one.
	 *
	 * @param int $id Attachment id.
	 * @return string
	 */
	public static function description( int $id ): string {
		$html = self::description_html( $id );
		return '' === $html ? '' : '<div class="tessera-stack__desc">' . $html . '</div>';
	}

	/**
	 * An image's description as safe paragraphs, '' when it has none.
	 *
	 * @param int $id Attachment id.
	 * @return string
	 */
	public static function description_html( int $id ): string {
		$post    = get_post( $id );
		$content = null === $post ? '' : trim( wp_kses_post( $post->post_content ) );
		return '' === $content ? '' : wpautop( $content );
	}
}
