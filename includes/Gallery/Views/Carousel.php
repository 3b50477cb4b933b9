<?php
/**
 * The carousel view (docs/gallery.md, "Views"; spec §2 "Carousel: previous/next and play/pause", §9 "Carousel
 * interval and autoplay are in seconds times 1000"): a row of `carouselItems` images side by side (fewer on
 * narrow containers: at most 2 under 600 px, 1 under 360 px, by container queries), each `thumbWidth` x
 * `thumbHeight` in proportion, in its link (thumb_click_action).
 *
 * Without JavaScript the row scrolls sideways and snaps to the images. The player script
 * (`blocks/gallery/player.ts`) adds previous / next (one image at a time, round at the ends), play / pause (every
 * `interval` seconds, back to the start with `loop`, else stopping at the end) and the arrow keys.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery\Views;

use Tessera\Gallery\Thumbnails;

/**
 * Renders a page of images as a carousel.
 */
final class Carousel {

	/**
	 * The carousel.
	 *
	 * @param string               $container Container id (the view's style is inline; unused).
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @return string
	 */
	public static function render( string $container, array $ids, array $settings ): string {
		unset( $container );
		$columns = (int) $settings['carouselItems'];
		$items   = '';
		foreach ( $ids as $id ) {
			$items .= self::item( $id, $columns, $settings );
		}
		if ( '' === $items ) {
			return '';
		}
		$stage = '<ul class="tessera-carousel__row tessera-gallery__items" role="list">' . $items . '</ul>';
		if ( count( $ids ) > 1 ) {
			// After the row: the scroll buttons act on their parent's first child.
			$stage .= Player::button( 'scroll', -1, 'back', __( 'Previous image', 'tessera' ), 'prev' )
				. Player::button( 'scroll', 1, 'fwd', __( 'Next image', 'tessera' ), 'next' )
				. Player::play_button( __( 'Play carousel', 'tessera' ), __( 'Pause carousel', 'tessera' ) );
			Player::enqueue();
		}
		return Player::open(
			'carousel',
			__( 'carousel', 'tessera' ),
			$settings,
			array(
				// One image: nothing to play.
				'data-player' => count( $ids ) > 1 ? 'carousel' : null,
				'style'       => sprintf( '--tessera-items:%1$d;--tessera-thumb-ratio:%2$d / %3$d', $columns, (int) $settings['thumbWidth'], (int) $settings['thumbHeight'] ),
			)
		) . '<div class="tessera-player__stage">' . $stage . '</div></div>';
	}

	/**
	 * One image of the row, with its title when titles show.
	 *
	 * @param int                  $id       Attachment id.
	 * @param int                  $columns  Images side by side.
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	private static function item( int $id, int $columns, array $settings ): string {
		$image = Thumbnails::image( $id, 'medium_large', sprintf( '(max-width: 599px) 100vw, %dvw', (int) ceil( 100 / max( 1, $columns ) ) ) );
		if ( '' === $image ) {
			return '';
		}
		$title   = Thumbnails::title( $id );
		$caption = $settings['showTitles'] && '' !== $title
			? '<span class="tessera-gallery__title">' . esc_html( $title ) . '</span>'
			: '';
		return '<li class="tessera-carousel__item tessera-gallery__item" data-image-id="' . (int) $id . '">' . Thumbnails::linked( $id, $image, $settings ) . $caption . '</li>';
	}
}
