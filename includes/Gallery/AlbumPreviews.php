<?php
/**
 * The album previews (docs/gallery.md, "Views"; spec §2 "Gallery views"): one card per item of an album level, a
 * link that opens it by address. Compact: a grid of `itemWidth` x `itemHeight` cells with the title; extended: rows
 * with the image, the title, the description (the post's excerpt) and how many images or items it holds; masonry:
 * cards of the images' natural proportions in columns. Columns follow the container's width as the thumbnails do
 * (container queries printed with the block, Thumbnails::style()): columns = width / item width + 1, capped by
 * `maxColumns`. Every image is core's responsive `<img>` with width and height, lazy, so nothing shifts.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * Renders an album level's cards.
 */
final class AlbumPreviews {

	/** How deep an album's preview image is looked for through the albums it contains. */
	private const PREVIEW_DEPTH = 3;

	/**
	 * The cards and their column rules.
	 *
	 * @param string                                            $container  Container id (`bwg_container1_{n}`).
	 * @param int                                               $number     Widget number.
	 * @param array<int, array{type: string, post: \WP_Post}> $items      The items of the page, visible.
	 * @param array<string, mixed>                              $settings   Normalised album settings.
	 * @param string                                            $breadcrumb The breadcrumb JSON the cards open with; '' = too deep to open.
	 * @return string
	 */
	public static function render( string $container, int $number, array $items, array $settings, string $breadcrumb ): string {
		$preview = (string) $settings['preview'];
		$width   = (int) $settings['itemWidth'];
		$height  = (int) $settings['itemHeight'];
		$cards   = '';
		foreach ( $items as $item ) {
			$cards .= self::card( $item, $preview, $settings, '' === $breadcrumb ? '' : AlbumBlock::item_url( $number, $item['type'], $item['post']->ID, $breadcrumb ) );
		}
		// An extended row holds the image and its text: a column needs room for both.
		$unit = 'extended' === $preview ? 2 * $width : $width;
		return Thumbnails::style( $container, $unit, (int) $settings['maxColumns'] )
			. sprintf(
				'<ul class="tessera-gallery__grid tessera-album__grid tessera-album__grid--%1$s" role="list" style="--tessera-thumb-ratio:%2$d / %3$d;--tessera-album-width:%2$dpx">%4$s</ul>',
				esc_attr( $preview ),
				$width,
				$height,
				$cards
			);
	}

	/**
	 * One card.
	 *
	 * @param array{type: string, post: \WP_Post} $item     The item.
	 * @param string                              $preview  compact | extended | masonry.
	 * @param array<string, mixed>                $settings Normalised album settings.
	 * @param string                              $url      Where its link goes (not escaped); '' for no link.
	 * @return string
	 */
	private static function card( array $item, string $preview, array $settings, string $url ): string {
		$post   = $item['post'];
		$title  = AlbumBlock::title( $post );
		$titled = $settings['showTitles'] || 'extended' === $preview;
		$image  = self::image( self::preview_image( $item['type'], $post, 0 ), $preview, (int) $settings['itemWidth'], $titled ? '' : $title );
		$name   = $titled ? '<span class="tessera-album__title">' . esc_html( $title ) . '</span>' : '';
		$inner  = $image . $name;
		$link   = '' === $url
			? '<span class="tessera-album__link">' . $inner . '</span>'
			: '<a class="tessera-album__link" href="' . esc_url( $url ) . '">' . $inner . '</a>';
		$text = '';
		if ( 'extended' === $preview ) {
			$about = trim( wp_strip_all_tags( $post->post_excerpt ) );
			$text  = '<div class="tessera-album__text">'
				. ( '' !== $about ? '<p class="tessera-album__description">' . esc_html( $about ) . '</p>' : '' )
				. '<p class="tessera-album__count">' . esc_html( self::count( $item['type'], $post ) ) . '</p>'
				. '</div>';
		}
		return sprintf(
			'<li class="tessera-album__item tessera-gallery__item" data-item-type="%1$s" data-item-id="%2$d">%3$s%4$s</li>',
			esc_attr( $item['type'] ),
			$post->ID,
			$link,
			$text
		);
	}

	/**
	 * A card's image: core's responsive `<img>` (srcset, sizes for the item width, width and height, lazy), or an
	 * empty frame of the same size when the item has no image.
	 *
	 * @param int    $id      Attachment id, 0 for none.
	 * @param string $preview compact | extended | masonry.
	 * @param int    $width   Item width in pixels (the `sizes` hint).
	 * @param string $alt     Alternative text ('' when the title is shown in the same link).
	 * @return string
	 */
	private static function image( int $id, string $preview, int $width, string $alt ): string {
		$html = 0 === $id ? '' : wp_get_attachment_image(
			$id,
			'medium_large',
			false,
			array(
				'class'    => 'tessera-album__image',
				'alt'      => $alt,
				'sizes'    => sprintf( '(max-width: %1$dpx) 100vw, %1$dpx', $width ),
				'loading'  => 'lazy',
				'decoding' => 'async',
			)
		);
		if ( '' === $html ) {
			// The same frame as a picture (compact and extended) or a square (masonry): no shift, no hole.
			return '<span class="tessera-album__frame tessera-album__frame--empty"' . ( '' !== $alt ? ' role="img" aria-label="' . esc_attr( $alt ) . '"' : '' ) . '></span>';
		}
		return 'masonry' === $preview ? $html : '<span class="tessera-album__frame">' . $html . '</span>';
	}

	/**
	 * An item's preview image: its featured image when that is a visible image; for a gallery, else its first
	 * visible image; for an album, else the preview of its first item that has one. 0 when there is none.
	 *
	 * @param string   $type  `gallery` or `album`.
	 * @param \WP_Post $post  The item.
	 * @param int      $depth How deep in the albums this is.
	 * @return int Attachment id.
	 */
	public static function preview_image( string $type, \WP_Post $post, int $depth ): int {
		$featured = (int) get_post_thumbnail_id( $post );
		if ( $featured > 0 && wp_attachment_is_image( $featured ) && in_array( get_post_status( $featured ), array( 'publish', 'inherit' ), true ) ) {
			return $featured;
		}
		if ( 'gallery' === $type ) {
			$ids = Images::visible_ids( $post->ID );
			return $ids[0] ?? 0;
		}
		if ( $depth >= self::PREVIEW_DEPTH ) {
			return 0;
		}
		foreach ( AlbumBlock::items( $post ) as $item ) {
			$id = self::preview_image( $item['type'], $item['post'], $depth + 1 );
			if ( $id > 0 ) {
				return $id;
			}
		}
		return 0;
	}

	/**
	 * What an item holds, in words: "12 images"; "3 galleries", "1 album", "2 galleries, 1 album".
	 *
	 * @param string   $type `gallery` or `album`.
	 * @param \WP_Post $post The item.
	 * @return string
	 */
	public static function count( string $type, \WP_Post $post ): string {
		if ( 'gallery' === $type ) {
			$images = count( Images::visible_ids( $post->ID ) );
			/* translators: %d: number of images. */
			return sprintf( _n( '%d image', '%d images', $images, 'tessera' ), $images );
		}
		$counts = array_count_values( array_column( AlbumBlock::items( $post ), 'type' ) );
		$parts  = array();
		if ( ( $counts['gallery'] ?? 0 ) > 0 || ( $counts['album'] ?? 0 ) === 0 ) {
			$galleries = $counts['gallery'] ?? 0;
			/* translators: %d: number of galleries. */
			$parts[] = sprintf( _n( '%d gallery', '%d galleries', $galleries, 'tessera' ), $galleries );
		}
		if ( ( $counts['album'] ?? 0 ) > 0 ) {
			/* translators: %d: number of albums. */
			$parts[] = sprintf( _n( '%d album', '%d albums', $counts['album'], 'tessera' ), $counts['album'] );
		}
		/* translators: separates the counts of galleries and albums ("2 galleries, 1 album"). */
		return implode( __( ', ', 'tessera' ), $parts );
	}
}
