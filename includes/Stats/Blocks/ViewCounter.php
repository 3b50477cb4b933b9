<?php
/**
 * Server render of the view-counter block `tessera/view-counter` (blocks/view-counter/).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats\Blocks;

use Tessera\Html;
use Tessera\Stats\PostViews;
use WP_Block;

/**
 * The views of the post in the block's context (`postId`: the current post of a singular view, each post of a
 * Query Loop), e.g. "1,234 views". Without a post in context it renders nothing.
 */
final class ViewCounter {

	/**
	 * Longest window of the "last N days" period.
	 */
	public const MAX_DAYS = 365;

	/**
	 * Longest custom label, in characters.
	 */
	public const MAX_LABEL = 60;

	/**
	 * The eye icon (Dashicons "visibility", GPL-2.0-or-later), decorative.
	 */
	private const ICON = '<svg class="wp-block-tessera-view-counter__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false"><path d="M19.7 9.4C17.7 6 14 3.9 10 4 6 3.9 2.3 6 .3 9.4L0 10l.3.6c2 3.4 5.7 5.5 9.7 5.4 4 .1 7.7-2 9.7-5.4l.3-.6-.3-.6zM10 14.1c-3.1 0-6-1.6-7.7-4.1C3.6 8 5.7 6.6 8 6.1c-.9 1-1.4 2.2-1.4 3.5-.1 2 1.7 3.6 3.7 3.6 2-.1 3.5-1.8 3.4-3.7 0-1.3-.5-2.5-1.4-3.4 2.3.5 4.4 1.9 5.7 3.9-1.6 2.5-4.7 4.1-8 4.1z"/></svg>';

	/**
	 * The block's attributes, validated (block attributes are input: a contributor controls them).
	 *
	 * @param array<string, mixed> $attributes Raw attributes.
	 * @return array{period: string, days: int, label: string, showIcon: bool}
	 */
	public static function attributes( array $attributes ): array {
		$days  = $attributes['days'] ?? 30;
		$label = is_string( $attributes['label'] ?? null ) ? trim( sanitize_text_field( $attributes['label'] ) ) : '';
		return array(
			'period'   => 'days' === ( $attributes['period'] ?? 'all' ) ? 'days' : 'all',
			'days'     => is_int( $days ) || ( is_string( $days ) && ctype_digit( $days ) ) ? max( 1, min( self::MAX_DAYS, (int) $days ) ) : 30,
			'label'    => mb_substr( $label, 0, self::MAX_LABEL, 'UTF-8' ),
			'showIcon' => ! isset( $attributes['showIcon'] ) || true === $attributes['showIcon'],
		);
	}

	/**
	 * The post whose views are shown: the block context's `postId`, else the queried post of a singular view;
	 * 0 when there is none or it may not be shown (not viewable by the current user).
	 *
	 * @param WP_Block|null $block The block (its context).
	 * @return int
	 */
	public static function post_id( ?WP_Block $block ): int {
		$post_id = $block instanceof WP_Block ? (int) ( $block->context['postId'] ?? 0 ) : 0;
		if ( $post_id <= 0 && is_singular() ) {
			$post_id = (int) get_queried_object_id();
		}
		if ( $post_id <= 0 ) {
			return 0;
		}
		$post = get_post( $post_id );
		if ( null === $post ) {
			return 0;
		}
		// A published post, or one the current user may read (a preview in the editor or a draft preview).
		if ( ! is_post_publicly_viewable( $post ) && ! current_user_can( 'read_post', $post->ID ) ) {
			return 0;
		}
		return (int) $post->ID;
	}

	/**
	 * The block's HTML.
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param WP_Block|null        $block      The block (context).
	 * @param callable|null        $wrapper    Returns the wrapper's attributes string (get_block_wrapper_attributes).
	 * @return string
	 */
	public static function render( array $attributes, ?WP_Block $block, ?callable $wrapper = null ): string {
		$post_id = self::post_id( $block );
		if ( 0 === $post_id ) {
			return '';
		}
		$args  = self::attributes( $attributes );
		$views = PostViews::for_post( $post_id, 'days' === $args['period'] ? $args['days'] : 0 );
		$count = number_format_i18n( $views );
		$text  = '' !== $args['label']
			? $args['label']
			/* translators: Shown after a number of views, e.g. "1,234 views". */
			: _n( 'view', 'views', $views, 'tessera' );

		$inner = ( $args['showIcon'] ? self::ICON : '' )
			. Html::element( 'span', array( 'class' => 'wp-block-tessera-view-counter__count' ), esc_html( $count ) )
			. ' '
			. Html::element( 'span', array( 'class' => 'wp-block-tessera-view-counter__label' ), esc_html( $text ) );

		return '<p ' . self::wrapper( $wrapper, 'wp-block-tessera-view-counter', array( 'data-views' => (string) $views ) ) . '>' . $inner . '</p>';
	}

	/**
	 * The wrapper's attributes: the block supports' classes and styles (with the block's class name) merged
	 * with ours; outside a block render, the class name and ours.
	 *
	 * @param callable|null         $wrapper get_block_wrapper_attributes or null.
	 * @param string                $class   The block's class name (added by the supports in a block render).
	 * @param array<string, string> $extra   Our attributes.
	 * @return string
	 */
	public static function wrapper( ?callable $wrapper, string $class, array $extra ): string {
		if ( null !== $wrapper ) {
			$attributes = $wrapper( $extra );
			if ( is_string( $attributes ) && str_contains( $attributes, $class ) ) {
				return $attributes;
			}
		}
		$extra = array( 'class' => $class ) + $extra;
		$parts = array();
		foreach ( $extra as $name => $value ) {
			$parts[] = $name . '="' . esc_attr( $value ) . '"';
		}
		return implode( ' ', $parts );
	}
}
