<?php
/**
 * Server render of the popular-posts block `tessera/popular-posts` (blocks/popular-posts/).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats\Blocks;

use Tessera\Html;
use Tessera\Stats\PostViews;

/**
 * An ordered list of the most viewed published posts of a post type over the last N days (PostViews::popular():
 * one query on the aggregates, then the posts primed with one query). Titles and links are escaped; with no
 * views yet it says so.
 */
final class PopularPosts {

	/**
	 * Longest window, in days.
	 */
	public const MAX_DAYS = 365;

	/**
	 * Most posts listed.
	 */
	public const MAX_NUMBER = 20;

	/**
	 * The block's attributes, validated (block attributes are input: a contributor controls them).
	 *
	 * @param array<string, mixed> $attributes Raw attributes.
	 * @return array{postType: string, days: int, number: int, showViews: bool, showDate: bool, showThumbnail: bool}
	 */
	public static function attributes( array $attributes ): array {
		$type = is_string( $attributes['postType'] ?? null ) ? sanitize_key( $attributes['postType'] ) : 'post';
		return array(
			'postType'      => '' === $type ? 'post' : $type,
			'days'          => self::int_between( $attributes['days'] ?? null, 1, self::MAX_DAYS, 30 ),
			'number'        => self::int_between( $attributes['number'] ?? null, 1, self::MAX_NUMBER, 5 ),
			'showViews'     => ! isset( $attributes['showViews'] ) || true === $attributes['showViews'],
			'showDate'      => true === ( $attributes['showDate'] ?? false ),
			'showThumbnail' => true === ( $attributes['showThumbnail'] ?? false ),
		);
	}

	/**
	 * Whether a post type may be listed: registered and viewable on the front end.
	 *
	 * @param string $post_type Post type.
	 * @return bool
	 */
	public static function is_listable( string $post_type ): bool {
		return post_type_exists( $post_type ) && is_post_type_viewable( $post_type ) && 'attachment' !== $post_type;
	}

	/**
	 * The block's HTML.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param callable|null        $wrapper    Returns the wrapper's attributes string (get_block_wrapper_attributes).
	 * @return string
	 */
	public static function render( array $attributes, ?callable $wrapper = null ): string {
		$args    = self::attributes( $attributes );
		$popular = self::is_listable( $args['postType'] ) ? PostViews::popular( $args['postType'], $args['days'], $args['number'] ) : array();
		$wrap    = ViewCounter::wrapper( $wrapper, 'wp-block-tessera-popular-posts', array() );

		$ids = array_column( $popular, 'post_id' );
		if ( array() !== $ids ) {
			_prime_post_caches( $ids, false, $args['showThumbnail'] );
			if ( $args['showThumbnail'] ) {
				self::prime_thumbnails( $ids );
			}
		}

		$items = '';
		foreach ( $popular as $row ) {
			$items .= self::item( $row['post_id'], $row['views'], $args );
		}
		if ( '' === $items ) {
			return '<div ' . $wrap . '>'
				. Html::element( 'p', array( 'class' => 'wp-block-tessera-popular-posts__empty' ), esc_html__( 'No popular posts yet.', 'tessera' ) )
				. '</div>';
		}
		return '<div ' . $wrap . '>'
			. Html::element( 'ol', array( 'class' => 'wp-block-tessera-popular-posts__list' ), $items )
			. '</div>';
	}

	/**
	 * One list item: the linked title (with the thumbnail), then the views and the date when asked.
	 *
	 * @param int                                                                                                $post_id Post ID.
	 * @param int                                                                                                $views   Views.
	 * @param array{postType: string, days: int, number: int, showViews: bool, showDate: bool, showThumbnail: bool} $args    Attributes.
	 * @return string
	 */
	private static function item( int $post_id, int $views, array $args ): string {
		$post = get_post( $post_id );
		if ( null === $post || 'publish' !== $post->post_status ) {
			return '';
		}
		$url = get_permalink( $post );
		if ( ! is_string( $url ) ) {
			return '';
		}
		$title = trim( get_the_title( $post ) );
		if ( '' === $title ) {
			$title = __( '(no title)', 'tessera' );
		}

		$thumbnail = '';
		if ( $args['showThumbnail'] && has_post_thumbnail( $post ) ) {
			// Decorative: the link's text is the title.
			$thumbnail = (string) get_the_post_thumbnail(
				$post,
				'thumbnail',
				array(
					'class'   => 'wp-block-tessera-popular-posts__thumbnail',
					'alt'     => '',
					'loading' => 'lazy',
				)
			);
		}

		$inner = Html::element(
			'a',
			array(
				'class' => 'wp-block-tessera-popular-posts__link',
				'href'  => esc_url( $url ),
			),
			$thumbnail . Html::element( 'span', array( 'class' => 'wp-block-tessera-popular-posts__title' ), esc_html( $title ) )
		);
		if ( $args['showViews'] ) {
			$inner .= ' ' . Html::element(
				'span',
				array(
					'class'      => 'wp-block-tessera-popular-posts__views',
					'data-views' => (string) $views,
				),
				esc_html(
					sprintf(
						/* translators: %s: number of views, e.g. 1,234. */
						_n( '%s view', '%s views', $views, 'tessera' ),
						number_format_i18n( $views )
					)
				)
			);
		}
		if ( $args['showDate'] ) {
			$inner .= ' ' . Html::element(
				'time',
				array(
					'class'    => 'wp-block-tessera-popular-posts__date',
					'datetime' => (string) get_the_date( 'c', $post ),
				),
				esc_html( (string) get_the_date( '', $post ) )
			);
		}
		return Html::element( 'li', array( 'class' => 'wp-block-tessera-popular-posts__item' ), $inner );
	}

	/**
	 * Loads the thumbnails' attachment posts and meta in two queries (instead of two per post).
	 *
	 * @param int[] $post_ids Post IDs (their meta is primed already).
	 * @return void
	 */
	private static function prime_thumbnails( array $post_ids ): void {
		$thumbnails = array();
		foreach ( $post_ids as $post_id ) {
			$thumbnail = (int) get_post_meta( $post_id, '_thumbnail_id', true );
			if ( $thumbnail > 0 ) {
				$thumbnails[] = $thumbnail;
			}
		}
		if ( array() !== $thumbnails ) {
			_prime_post_caches( $thumbnails, false, true );
		}
	}

	/**
	 * An integer attribute within bounds, or the default when it is not an integer.
	 *
	 * @param mixed $value   Value.
	 * @param int   $min     Minimum.
	 * @param int   $max     Maximum.
	 * @param int   $default Default.
	 * @return int
	 */
	private static function int_between( mixed $value, int $min, int $max, int $default ): int {
		if ( is_string( $value ) && ctype_digit( $value ) ) {
			$value = (int) $value;
		}
		return is_int( $value ) ? max( $min, min( $max, $value ) ) : $default;
	}
}
