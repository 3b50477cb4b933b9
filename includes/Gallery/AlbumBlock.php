<?php
/**
 * The album block's server render (docs/gallery.md, "Blocks"; spec §2 "Gallery views" extended album, "Scrolling
 * and navigation" album back, §3 "Album breadcrumb", §4): an album's items as preview cards (compact, extended or
 * masonry), and, by address, an opened gallery or sub-album inside the same container, with a breadcrumb and a
 * Back link.
 *
 * Navigation by address (the spec's AJAX field names reused as address parameters, suffixed by the widget number
 * `{n}`): `type_{n}` (gallery | album), `album_gallery_id_{n}` (the opened item) and `bwg_album_breadcrumb_{n}`
 * (JSON list of at most 10 `{ id, page, search }`: the albums passed through, the top album first, the opened
 * item's parent last). A card's link removes the album's own parameters and adds them again, so that they are the
 * tail of the address: trimming it before `type_{n}=` (the Back link, spec §2) gives the album as it was before
 * an item was opened, and every other widget's state stays. Everything from the address is checked: an item must
 * be published and really inside the chain of albums the breadcrumb names, else the album's top level shows.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

use Tessera\Html;

/**
 * Renders `tessera/album`.
 */
final class AlbumBlock {

	/** The block type. */
	public const NAME = 'tessera/album';

	/** Handle of the Back script (build entry `blocks/album/view`), only on pages where an item is open. */
	public const VIEW_SCRIPT = 'tessera-block-album-view';

	/** The opened item's type parameter prefix (spec §7 `type_{n}`): the album type marker of the address. */
	public const TYPE = 'type_';

	/** The opened item's id parameter prefix (spec §7 `album_gallery_id_{n}`). */
	public const ITEM = 'album_gallery_id_';

	/** The breadcrumb parameter prefix (spec §7 `bwg_album_breadcrumb_{n}`). */
	public const BREADCRUMB = 'bwg_album_breadcrumb_';

	/** The in-place navigation's back marker (spec §7 `action_{n}`). */
	public const ACTION = 'action_';

	/** Most entries of a breadcrumb (docs/gallery.md, "Validation"). */
	public const MAX_DEPTH = 10;

	/** Longest breadcrumb JSON, in characters. */
	public const MAX_BREADCRUMB = 2000;

	/** Album attribute => the gallery block's attribute it sets for an opened gallery. */
	private const SHARED = array(
		'galleryView'      => 'view',
		'thumbWidth'       => 'thumbWidth',
		'thumbHeight'      => 'thumbHeight',
		'maxColumns'       => 'maxColumns',
		'showTitles'       => 'showTitles',
		'imagesPerPage'    => 'imagesPerPage',
		'pagination'       => 'pagination',
		'showSearch'       => 'showSearch',
		'showSort'         => 'showSort',
		'tagFilter'        => 'tagFilter',
		'sortBy'           => 'sortBy',
		'order'            => 'order',
		'thumbClickAction' => 'thumbClickAction',
		'thumbLinkTarget'  => 'thumbLinkTarget',
		'frontendAjax'     => 'frontendAjax',
		'scrollToGallery'  => 'scrollToGallery',
		'masonryDirection' => 'masonryDirection',
		'mosaicDirection'  => 'mosaicDirection',
		'viewWidth'        => 'viewWidth',
		'viewHeight'       => 'viewHeight',
	);

	/**
	 * The block's HTML.
	 *
	 * @param array<string, mixed> $attributes Raw block attributes.
	 * @return string
	 */
	public static function render( array $attributes ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only page address.
		return self::render_with( ViewSettings::from_block( self::NAME, $attributes ), $_GET, null );
	}

	/**
	 * Enqueues the gallery block's stylesheets: the album's container is a gallery container (cards, paging,
	 * an opened gallery's view), and on a page without a gallery block nothing else prints them.
	 *
	 * @return void
	 */
	private static function enqueue_gallery_styles(): void {
		$type = \WP_Block_Type_Registry::get_instance()->get_registered( GalleryBlock::NAME );
		foreach ( null === $type ? array() : $type->style_handles as $handle ) {
			wp_enqueue_style( $handle );
		}
	}

	/**
	 * An album's container in the state that query parameters name (the page address, or a navigation call's
	 * fields under the same names).
	 *
	 * @param array<string, mixed> $settings Normalised album settings (ViewSettings::from_block()).
	 * @param array<string, mixed> $query    Navigation parameters (`type_{n}`, `page_number_{n}`…), unvalidated.
	 * @param int|null             $number   Widget number; null takes the next one of the page.
	 * @return string
	 */
	public static function render_with( array $settings, array $query, ?int $number ): string {
		$album = get_post( (int) ( $settings['albumId'] ?? 0 ) );
		if ( null === $album || PostTypes::ALBUM !== $album->post_type || ! GalleryBlock::viewable( $album ) ) {
			return self::missing();
		}
		$number ??= GalleryBlock::next_number();
		GalleryBlock::enqueue();
		self::enqueue_gallery_styles();
		$id      = 'bwg_container1_' . $number;
		$state   = self::state( $album, $query, $number );
		$gallery = self::gallery_settings( $settings );
		$item    = $state['item'];
		$view    = 'album_' . $settings['preview'] . '_preview';
		$data    = '';
		if ( null === $item ) {
			$body = self::level( $album, array(), $settings, $query, $number );
		} else {
			( new \Tessera\Assets() )->enqueue_deferred( self::VIEW_SCRIPT, 'blocks/album/view' );
			$body = self::bar( $album, $state['trail'], $item['post'], $number );
			if ( 'gallery' === $item['type'] ) {
				$gallery['galleryId'] = $item['post']->ID;
				$view                 = (string) $gallery['view'];
				$query                = GalleryBlock::with_seed( $gallery, $query, $number );
				$data                 = sprintf( ' data-gallery-id="%d"', $item['post']->ID ) . GalleryBlock::lightbox_attribute( $item['post']->ID, $gallery, $query, $number );
				$body                .= GalleryBlock::body( $item['post'], $gallery, $query, $number );
			} else {
				$body .= self::level( $item['post'], $state['trail'], $settings, $query, $number );
			}
		}
		$wrapper = function_exists( 'get_block_wrapper_attributes' ) && null !== \WP_Block_Supports::$block_to_render
			? get_block_wrapper_attributes( array( 'class' => 'tessera-album tessera-gallery bwg_container' ) )
			: 'class="wp-block-tessera-album tessera-album tessera-gallery bwg_container"';
		return sprintf(
			'<div %1$s id="%2$s" data-bwg="%3$d" data-album-id="%4$d" data-view="%5$s"%6$s%7$s%8$s>%9$s</div>',
			$wrapper,
			esc_attr( $id ),
			$number,
			$album->ID,
			esc_attr( $view ),
			$data,
			! empty( $settings['frontendAjax'] ) ? GalleryBlock::ajax_attributes( self::NAME, $settings ) : '',
			$gallery['scrollToGallery'] ? '' : ' data-scroll="0"',
			$body
		);
	}

	/**
	 * The gallery block's settings for a gallery opened from the album: the album's attributes that share a name
	 * with the gallery's (`galleryView` sets `view`), normalised by the gallery's block.json, so that its defaults
	 * and rules apply.
	 *
	 * @param array<string, mixed> $settings Normalised album settings.
	 * @return array<string, mixed>
	 */
	public static function gallery_settings( array $settings ): array {
		$attributes = array();
		foreach ( self::SHARED as $album => $gallery ) {
			if ( isset( $settings[ $album ] ) ) {
				$attributes[ $gallery ] = $settings[ $album ];
			}
		}
		return ViewSettings::from_block( GalleryBlock::NAME, $attributes );
	}

	/**
	 * Which item the address opens, and the albums passed through to reach it, all checked: the breadcrumb must
	 * start at the top album and each entry be an album item of the one before (else it is dropped: the item's
	 * parent is the top album); the item must be a visible item of the last of them (else nothing is open).
	 *
	 * @param \WP_Post             $album  The top album.
	 * @param array<string, mixed> $query  Navigation parameters, unvalidated.
	 * @param int                  $number Widget number.
	 * @return array{trail: array<int, array{post: \WP_Post, page: int, search: string}>, item: array{type: string, post: \WP_Post}|null}
	 */
	public static function state( \WP_Post $album, array $query, int $number ): array {
		$none = array(
			'trail' => array(),
			'item'  => null,
		);
		$type = $query[ self::TYPE . $number ] ?? null;
		$id   = self::positive_id( $query[ self::ITEM . $number ] ?? null );
		if ( ! is_string( $type ) || ! in_array( $type, array( 'gallery', 'album' ), true ) || 0 === $id ) {
			return $none;
		}
		$trail = self::trail( $album, $query[ self::BREADCRUMB . $number ] ?? null );
		if ( array() === $trail || count( $trail ) > self::MAX_DEPTH ) {
			$trail = array(
				array(
					'post'   => $album,
					'page'   => 1,
					'search' => '',
				),
			);
		}
		$parent = end( $trail );
		foreach ( self::items( $parent['post'] ) as $item ) {
			if ( $item['type'] === $type && $item['post']->ID === $id ) {
				return array(
					'trail' => $trail,
					'item'  => $item,
				);
			}
		}
		return $none;
	}

	/**
	 * The breadcrumb from the address, each entry an album of the chain; [] when it is missing or not valid.
	 *
	 * @param \WP_Post $album The top album.
	 * @param mixed    $value Raw value (slashed JSON).
	 * @return array<int, array{post: \WP_Post, page: int, search: string}>
	 */
	private static function trail( \WP_Post $album, $value ): array {
		if ( ! is_string( $value ) || '' === $value ) {
			return array();
		}
		$value = wp_unslash( $value );
		if ( strlen( $value ) > self::MAX_BREADCRUMB ) {
			return array();
		}
		$entries = json_decode( $value, true, 3 );
		if ( ! is_array( $entries ) || ! array_is_list( $entries ) || array() === $entries || count( $entries ) > self::MAX_DEPTH ) {
			return array();
		}
		$trail  = array();
		$parent = null;
		foreach ( $entries as $entry ) {
			if ( ! is_array( $entry ) || ! is_int( $entry['id'] ?? null ) || $entry['id'] <= 0 ) {
				return array();
			}
			$post = null;
			if ( null === $parent ) {
				$post = $entry['id'] === $album->ID ? $album : null;
			} else {
				foreach ( self::items( $parent ) as $item ) {
					if ( 'album' === $item['type'] && $item['post']->ID === $entry['id'] ) {
						$post = $item['post'];
						break;
					}
				}
			}
			if ( null === $post ) {
				return array();
			}
			$trail[] = array(
				'post'   => $post,
				'page'   => Navigation::page_number( $entry['page'] ?? null ),
				// Already unslashed: slashes that are left are the visitor's own.
				'search' => Navigation::search( wp_slash( $entry['search'] ?? '' ) ),
			);
			$parent  = $post;
		}
		return $trail;
	}

	/**
	 * A positive id from the address: digits only, at most 10; 0 otherwise.
	 *
	 * @param mixed $value Raw value.
	 * @return int
	 */
	private static function positive_id( $value ): int {
		if ( is_int( $value ) ) {
			return max( 0, $value );
		}
		if ( ! is_string( $value ) || '' === $value || strlen( $value ) > 10 || ! ctype_digit( $value ) ) {
			return 0;
		}
		$id = (int) $value;
		return $id > 0 && $id <= 2147483647 ? $id : 0;
	}

	/**
	 * An album's items that the request may see, in order: galleries and albums that exist and are viewable.
	 *
	 * @param \WP_Post $album The album.
	 * @return array<int, array{type: string, post: \WP_Post}>
	 */
	public static function items( \WP_Post $album ): array {
		$stored = PostTypes::sanitize_items( get_post_meta( $album->ID, PostTypes::META_ITEMS, true ) );
		if ( array() === $stored ) {
			return array();
		}
		// One query primes every item's post.
		_prime_post_caches( array_column( $stored, 'id' ), false, false );
		$items = array();
		foreach ( $stored as $item ) {
			$post      = get_post( $item['id'] );
			$post_type = 'gallery' === $item['type'] ? PostTypes::GALLERY : PostTypes::ALBUM;
			if ( null !== $post && $post_type === $post->post_type && $post->ID !== $album->ID && GalleryBlock::viewable( $post ) ) {
				$items[] = array(
					'type' => $item['type'],
					'post' => $post,
				);
			}
		}
		return $items;
	}

	/**
	 * One level of the album: the current album's items as preview cards, a page of them, and the page links.
	 *
	 * @param \WP_Post                                                        $current The album shown.
	 * @param array<int, array{post: \WP_Post, page: int, search: string}> $trail   Albums passed through to it.
	 * @param array<string, mixed>                                            $settings Normalised album settings.
	 * @param array<string, mixed>                                            $query    Navigation parameters.
	 * @param int                                                             $number   Widget number.
	 * @return string
	 */
	private static function level( \WP_Post $current, array $trail, array $settings, array $query, int $number ): string {
		$items = self::items( $current );
		if ( array() === $items ) {
			return Html::element( 'p', array( 'class' => 'tessera-gallery__empty' ), esc_html__( 'There is nothing in this album yet.', 'tessera' ) );
		}
		$per_page = (int) $settings['itemsPerPage'];
		$pages    = $per_page > 0 ? (int) ceil( count( $items ) / $per_page ) : 1;
		$page     = min( Navigation::page_number( $query[ Navigation::PAGE . $number ] ?? null ), $pages );
		if ( $per_page > 0 ) {
			$items = array_slice( $items, ( $page - 1 ) * $per_page, $per_page );
		}
		// The breadcrumb of what this level opens: the albums passed through, then this one on this page.
		$children   = $trail;
		$children[] = array(
			'post'   => $current,
			'page'   => $page,
			'search' => '',
		);
		$breadcrumb = count( $children ) <= self::MAX_DEPTH ? self::encode( $children ) : '';
		return AlbumPreviews::render( 'bwg_container1_' . $number, $number, $items, $settings, $breadcrumb )
			. ( $pages > 1 ? self::paging( $number, $page, $pages, $current->post_title ) : '' );
	}

	/**
	 * A breadcrumb as the address carries it: JSON list of `{ id, page, search }`.
	 *
	 * @param array<int, array{post: \WP_Post, page: int, search: string}> $trail Albums passed through.
	 * @return string
	 */
	private static function encode( array $trail ): string {
		$entries = array();
		foreach ( $trail as $entry ) {
			$entries[] = array(
				'id'     => $entry['post']->ID,
				'page'   => $entry['page'],
				'search' => $entry['search'],
			);
		}
		return (string) wp_json_encode( $entries, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
	}

	/**
	 * The address of an album state (not escaped): the album's own parameters removed, then those given added in
	 * their order at the tail, anchored at the container.
	 *
	 * @param int                  $number Widget number.
	 * @param array<string, mixed> $set    Parameter => value, in order (null values are left out).
	 * @return string
	 */
	public static function address( int $number, array $set ): string {
		$names = array();
		foreach ( array( Navigation::PAGE, Navigation::SEARCH, Navigation::SORT, Navigation::TAGS, Navigation::SEED, self::ACTION, self::TYPE, self::ITEM, self::BREADCRUMB ) as $prefix ) {
			$names[] = $prefix . $number;
		}
		// Removed first, then added: add_query_arg() appends new names in the array's order.
		$url = remove_query_arg( $names, Navigation::page_url() );
		$set = array_map( static fn ( $value ): string => rawurlencode( (string) $value ), array_filter( $set, static fn ( $value ): bool => null !== $value ) );
		return ( array() === $set ? $url : add_query_arg( $set, $url ) ) . '#bwg_container1_' . $number;
	}

	/**
	 * The address an item's card links to.
	 *
	 * @param int    $number     Widget number.
	 * @param string $type       `gallery` or `album`.
	 * @param int    $id         The item's id.
	 * @param string $breadcrumb The breadcrumb JSON of the level it opens from.
	 * @return string Not escaped.
	 */
	public static function item_url( int $number, string $type, int $id, string $breadcrumb ): string {
		return self::address(
			$number,
			array(
				self::TYPE . $number       => $type,
				self::ITEM . $number       => $id,
				self::BREADCRUMB . $number => $breadcrumb,
			)
		);
	}

	/**
	 * The Back address (spec §2): the page address trimmed before the album type marker (`type_{n}=` and the
	 * `?` or `&` before it), anchored at the container; without a marker, the address without the album's state.
	 *
	 * @param int $number Widget number.
	 * @return string Not escaped.
	 */
	public static function back_url( int $number ): string {
		$url = (string) strtok( Navigation::page_url(), '#' );
		if ( 1 === preg_match( '/[?&]' . preg_quote( self::TYPE . $number, '/' ) . '=/', $url, $match, PREG_OFFSET_CAPTURE ) ) {
			return substr( $url, 0, (int) $match[0][1] ) . '#bwg_container1_' . $number;
		}
		return self::address( $number, array() );
	}

	/**
	 * Above an opened item: the breadcrumb (a link to every level, the top album first, the item itself last) and
	 * the Back link.
	 *
	 * @param \WP_Post                                                        $album  The top album.
	 * @param array<int, array{post: \WP_Post, page: int, search: string}> $trail  Albums passed through.
	 * @param \WP_Post                                                        $item   The opened item.
	 * @param int                                                             $number Widget number.
	 * @return string
	 */
	private static function bar( \WP_Post $album, array $trail, \WP_Post $item, int $number ): string {
		$links = '';
		foreach ( $trail as $index => $entry ) {
			$page = $entry['page'] > 1 ? $entry['page'] : null;
			$set  = 0 === $index
				? array( Navigation::PAGE . $number => $page )
				: array(
					self::TYPE . $number       => 'album',
					self::ITEM . $number       => $entry['post']->ID,
					self::BREADCRUMB . $number => self::encode( array_slice( $trail, 0, $index ) ),
					Navigation::PAGE . $number => $page,
				);
			$links .= '<li class="tessera-album__crumb"><a href="' . esc_url( self::address( $number, $set ) ) . '">'
				. esc_html( self::title( $entry['post'] ) ) . '</a></li>';
		}
		$links .= '<li class="tessera-album__crumb"><span aria-current="page">' . esc_html( self::title( $item ) ) . '</span></li>';
		/* translators: %s: the album's title. */
		$label = sprintf( __( '%s: breadcrumb', 'tessera' ), self::title( $album ) );
		return '<div class="tessera-album__bar">'
			. '<nav class="tessera-album__breadcrumb" aria-label="' . esc_attr( $label ) . '"><ol>' . $links . '</ol></nav>'
			. '<a class="tessera-album__back" data-action="back" href="' . esc_url( self::back_url( $number ) ) . '">'
			. '<span aria-hidden="true">‹</span> ' . esc_html__( 'Back', 'tessera' ) . '</a>'
			. '</div>';
	}

	/**
	 * Numbered page links of an album level: the address with `page_number_{n}`, anchored at the album.
	 *
	 * @param int    $number  Widget number.
	 * @param int    $current Current page.
	 * @param int    $pages   Page count.
	 * @param string $title   The album's title (the navigation's name).
	 * @return string
	 */
	private static function paging( int $number, int $current, int $pages, string $title ): string {
		$url   = static fn ( int $page ): string => esc_url( Navigation::url( array( Navigation::PAGE . $number => $page ) ) . '#bwg_container1_' . $number );
		$items = '';
		if ( $current > 1 ) {
			$items .= '<li><a class="tessera-gallery__page tessera-gallery__page--prev" rel="prev" href="' . $url( $current - 1 ) . '">'
				. '<span aria-hidden="true">‹</span> ' . esc_html__( 'Previous', 'tessera' ) . '</a></li>';
		}
		foreach ( GalleryBlock::page_numbers( $current, $pages ) as $page ) {
			if ( 0 === $page ) {
				$items .= '<li class="tessera-gallery__gap" aria-hidden="true">…</li>';
				continue;
			}
			$items .= '<li><a class="tessera-gallery__page' . ( $page === $current ? ' is-current" aria-current="page"' : '"' ) . ' href="' . $url( $page ) . '">'
				/* translators: %d: page number. */
				. '<span class="screen-reader-text">' . esc_html( sprintf( __( 'Page %d', 'tessera' ), $page ) ) . '</span><span aria-hidden="true">' . (int) $page . '</span></a></li>';
		}
		if ( $current < $pages ) {
			$items .= '<li><a class="tessera-gallery__page tessera-gallery__page--next" rel="next" href="' . $url( $current + 1 ) . '">'
				. esc_html__( 'Next', 'tessera' ) . ' <span aria-hidden="true">›</span></a></li>';
		}
		$title = trim( wp_strip_all_tags( $title ) );
		$label = '' === $title
			? __( 'Album pages', 'tessera' )
			/* translators: %s: album title. */
			: sprintf( __( '%s: pages', 'tessera' ), $title );
		return '<nav class="tessera-gallery__paging" aria-label="' . esc_attr( $label ) . '"><ul>' . $items . '</ul></nav>';
	}

	/**
	 * A gallery's or album's title as plain text ("(no title)" when empty).
	 *
	 * @param \WP_Post $post The post.
	 * @return string
	 */
	public static function title( \WP_Post $post ): string {
		$title = trim( wp_strip_all_tags( $post->post_title ) );
		return '' !== $title ? $title : __( '(no title)', 'tessera' );
	}

	/**
	 * What shows for an album that is not there: nothing for visitors, a note in the editor's preview.
	 *
	 * @return string
	 */
	public static function missing(): string {
		if ( defined( 'REST_REQUEST' ) && REST_REQUEST && current_user_can( 'edit_posts' ) ) {
			return Html::element( 'p', array( 'class' => 'tessera-gallery__empty' ), esc_html__( 'Choose an album to show.', 'tessera' ) );
		}
		return '';
	}
}
