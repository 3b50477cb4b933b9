<?php
/**
 * The gallery block's server render (docs/gallery.md, "Views", "Navigation"): the container with the widget
 * number, the view, and the paging links that carry `page_number_{n}` in the page address, so that every state
 * has an address the server renders directly and the gallery works without JavaScript.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

use Tessera\Html;

/**
 * Renders `tessera/gallery`.
 */
final class GalleryBlock {

	/** The block type. */
	public const NAME = 'tessera/gallery';

	/** Handle of the front-end script (build entry `blocks/gallery/view`). */
	public const SCRIPT = 'tessera-block-gallery-view';

	/**
	 * Widget number of the next gallery rendered in this request (0, 1, 2… in render order).
	 *
	 * @var int
	 */
	private static int $next_number = 0;

	/**
	 * The block's HTML.
	 *
	 * @param array<string, mixed> $attributes Raw block attributes.
	 * @return string
	 */
	public static function render( array $attributes ): string {
		$settings = ViewSettings::from_block( self::NAME, $attributes );
		$gallery  = get_post( (int) $settings['galleryId'] );
		if ( null === $gallery || PostTypes::GALLERY !== $gallery->post_type || ! self::viewable( $gallery ) ) {
			return self::missing();
		}
		$number = self::$next_number++;
		self::enqueue();
		$state  = Navigation::from_query( $number, $_GET ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only page address.
		$sort   = '' !== $state['sort'] ? $state['sort'] : (string) $settings['sortBy'];
		// The random order needs one seed for all its pages: drawn now, carried by the page links.
		$seed = 'random' === $sort && 0 === $state['seed'] ? wp_rand( 1, 2147483647 ) : $state['seed'];
		$page = Images::page(
			$gallery->ID,
			$state['tags'],
			$state['search'],
			$sort,
			'desc' === $settings['order'],
			$seed,
			$state['page'],
			(int) $settings['imagesPerPage']
		);

		$id       = 'bwg_container1_' . $number;
		$filtered = '' !== $state['search'] || array() !== $state['tags'];
		$inner    = Controls::render( $id, $number, $settings, $state, 'none' === $settings['tagFilter'] ? array() : self::terms( $gallery->ID ), $gallery->post_title );
		if ( array() === $page['ids'] ) {
			$inner .= Html::element(
				'p',
				array( 'class' => 'tessera-gallery__empty' ),
				$filtered ? esc_html__( 'No images match.', 'tessera' ) : esc_html__( 'There are no images in this gallery yet.', 'tessera' )
			);
		} else {
			$inner .= Thumbnails::render( $id, $page['ids'], $settings );
		}
		if ( 'numbers' === $settings['pagination'] && $page['pages'] > 1 ) {
			$inner .= self::paging( $id, $number, $page['page'], $page['pages'], $gallery->post_title, 'random' === $sort ? $seed : 0 );
		}
		$wrapper = function_exists( 'get_block_wrapper_attributes' ) && null !== \WP_Block_Supports::$block_to_render
			? get_block_wrapper_attributes( array( 'class' => 'tessera-gallery bwg_container' ) )
			: 'class="wp-block-tessera-gallery tessera-gallery bwg_container"';
		return sprintf(
			'<div %1$s id="%2$s" data-bwg="%3$d" data-gallery-id="%4$d" data-view="%5$s">%6$s</div>',
			$wrapper,
			esc_attr( $id ),
			$number,
			$gallery->ID,
			esc_attr( (string) $settings['view'] ),
			$inner
		);
	}

	/**
	 * Enqueues the front-end script (deferred, footer) once per page: only pages with a gallery get it.
	 *
	 * @return void
	 */
	private static function enqueue(): void {
		if ( ! wp_script_is( self::SCRIPT, 'enqueued' ) && did_action( 'init' ) ) {
			( new \Tessera\Assets() )->enqueue_deferred( self::SCRIPT, 'blocks/gallery/view' );
		}
	}

	/**
	 * Starts the widget numbers again (a new page render; tests).
	 *
	 * @return void
	 */
	public static function reset_numbers(): void {
		self::$next_number = 0;
	}

	/**
	 * Whether the current request may show a gallery: published; drafts and private ones only to those who may
	 * edit them, and only in the editor's preview (a REST request).
	 *
	 * @param \WP_Post $gallery The gallery.
	 * @return bool
	 */
	private static function viewable( \WP_Post $gallery ): bool {
		if ( 'publish' === $gallery->post_status ) {
			return true;
		}
		return defined( 'REST_REQUEST' ) && REST_REQUEST && current_user_can( 'edit_post', $gallery->ID );
	}

	/**
	 * What shows for a gallery that is not there: nothing for visitors, a note in the editor's preview.
	 *
	 * @return string
	 */
	private static function missing(): string {
		if ( defined( 'REST_REQUEST' ) && REST_REQUEST && current_user_can( 'edit_posts' ) ) {
			return Html::element( 'p', array( 'class' => 'tessera-gallery__empty' ), esc_html__( 'Choose a gallery to show.', 'tessera' ) );
		}
		return '';
	}

	/**
	 * Numbered page links: the current page address with `page_number_{n}`, anchored at the gallery.
	 *
	 * @param string $id      Container id.
	 * @param int    $number  Widget number.
	 * @param int    $current Current page.
	 * @param int    $pages   Page count.
	 * @param string $title   Gallery title (the navigation's name).
	 * @param int    $seed    Seed of a random order (kept on every page), or 0.
	 * @return string
	 */
	private static function paging( string $id, int $number, int $current, int $pages, string $title, int $seed ): string {
		$args  = $seed > 0 ? array( Navigation::SEED . $number => $seed ) : array();
		$url   = static fn ( int $page ): string => esc_url( add_query_arg( $args + array( Navigation::PAGE . $number => $page ) ) . '#' . $id );
		$items = '';
		if ( $current > 1 ) {
			$items .= '<li><a class="tessera-gallery__page tessera-gallery__page--prev" rel="prev" href="' . $url( $current - 1 ) . '">'
				. '<span aria-hidden="true">‹</span> ' . esc_html__( 'Previous', 'tessera' ) . '</a></li>';
		}
		foreach ( self::page_numbers( $current, $pages ) as $page ) {
			if ( 0 === $page ) {
				$items .= '<li class="tessera-gallery__gap" aria-hidden="true">…</li>';
			} elseif ( $page === $current ) {
				$items .= '<li><a class="tessera-gallery__page is-current" aria-current="page" href="' . $url( $page ) . '">'
					/* translators: %d: page number. */
					. '<span class="screen-reader-text">' . esc_html( sprintf( __( 'Page %d', 'tessera' ), $page ) ) . '</span><span aria-hidden="true">' . (int) $page . '</span></a></li>';
			} else {
				$items .= '<li><a class="tessera-gallery__page" href="' . $url( $page ) . '">'
					/* translators: %d: page number. */
					. '<span class="screen-reader-text">' . esc_html( sprintf( __( 'Page %d', 'tessera' ), $page ) ) . '</span><span aria-hidden="true">' . (int) $page . '</span></a></li>';
			}
		}
		if ( $current < $pages ) {
			$items .= '<li><a class="tessera-gallery__page tessera-gallery__page--next" rel="next" href="' . $url( $current + 1 ) . '">'
				. esc_html__( 'Next', 'tessera' ) . ' <span aria-hidden="true">›</span></a></li>';
		}
		$label = '' === $title
			? __( 'Gallery pages', 'tessera' )
			/* translators: %s: gallery title. */
			: sprintf( __( '%s: pages', 'tessera' ), $title );
		return '<nav class="tessera-gallery__paging" aria-label="' . esc_attr( $label ) . '"><ul>' . $items . '</ul></nav>';
	}

	/**
	 * The tags of a gallery's visible images, by name.
	 *
	 * @param int $gallery Gallery id.
	 * @return \WP_Term[]
	 */
	private static function terms( int $gallery ): array {
		$ids = Images::visible_ids( $gallery );
		if ( array() === $ids ) {
			return array();
		}
		$terms = wp_get_object_terms(
			$ids,
			PostTypes::TAG_TAXONOMY,
			array(
				'orderby' => 'name',
				'order'   => 'ASC',
			)
		);
		return is_array( $terms ) ? array_values( array_filter( $terms, static fn ( $term ): bool => $term instanceof \WP_Term ) ) : array();
	}

	/**
	 * Which page numbers to link: the first, the last, and two on each side of the current one; 0 marks a gap.
	 *
	 * @param int $current Current page.
	 * @param int $pages   Page count.
	 * @return int[]
	 */
	public static function page_numbers( int $current, int $pages ): array {
		$numbers = array();
		$last    = 0;
		for ( $page = 1; $page <= $pages; $page++ ) {
			if ( 1 === $page || $pages === $page || abs( $page - $current ) <= 2 ) {
				if ( $last && $page > $last + 1 ) {
					$numbers[] = 0;
				}
				$numbers[] = $page;
				$last      = $page;
			}
		}
		return $numbers;
	}
}
