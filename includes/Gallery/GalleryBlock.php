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

	/** Handle of the in-place navigation script (build entry `blocks/gallery/nav`), loaded by the view script on intent. */
	public const NAV_SCRIPT = 'tessera-block-gallery-nav';

	/**
	 * Widget number of the next gallery rendered in this request (0, 1, 2… in render order).
	 *
	 * @var int
	 */
	private static int $next_number = 0;

	/**
	 * How many galleries of each title this request has named in landmarks (landmark_title()).
	 *
	 * @var array<string, int>
	 */
	private static array $titles = array();

	/** The navigation field (spec §7 `title_{n}`) that carries a gallery's landmark name. */
	public const TITLE = 'title_';

	/** The lightbox island's handle (build entry `blocks/gallery/island`; registered, never enqueued). */
	public const LIGHTBOX_SCRIPT = 'tessera-block-gallery-island';

	/** Id of the element that holds the island's translations (print_lightbox_translations()). */
	public const LIGHTBOX_L10N = 'tessera-lightbox-l10n';

	/** Views that play their page one image at a time (load more becomes numbered pages). */
	public const PLAYERS = array( 'slideshow', 'carousel' );

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
	 * A gallery's container in the state that query parameters name (the page address, or a navigation call's
	 * fields under the same names).
	 *
	 * @param array<string, mixed> $settings Normalised block settings (ViewSettings::from_block()).
	 * @param array<string, mixed> $query    Navigation parameters (`page_number_{n}`…), unvalidated.
	 * @param int|null             $number   Widget number; null takes the next one of the page.
	 * @param bool                 $append   Load more: only the asked page's images (the page script appends them).
	 * @return string
	 */
	public static function render_with( array $settings, array $query, ?int $number, bool $append = false ): string {
		$gallery = get_post( (int) $settings['galleryId'] );
		if ( null === $gallery || PostTypes::GALLERY !== $gallery->post_type || ! self::viewable( $gallery ) ) {
			return self::missing();
		}
		$number ??= self::next_number();
		self::enqueue();
		$query[ self::TITLE . $number ] = self::landmark_title( $gallery->post_title, $query[ self::TITLE . $number ] ?? null );
		$id      = 'bwg_container1_' . $number;
		$wrapper = function_exists( 'get_block_wrapper_attributes' ) && null !== \WP_Block_Supports::$block_to_render
			? get_block_wrapper_attributes( array( 'class' => 'tessera-gallery bwg_container' ) )
			: 'class="wp-block-tessera-gallery tessera-gallery bwg_container"';
		$query = self::with_seed( $settings, $query, $number );
		$ajax  = $settings['frontendAjax'] ? self::ajax_attributes( self::NAME, $settings ) : '';
		if ( '' !== $ajax ) {
			$ajax .= ' data-title="' . esc_attr( $query[ self::TITLE . $number ] ) . '"';
		}
		$ajax .= self::lightbox_attribute( $gallery->ID, $settings, $query, $number );
		return sprintf(
			'<div %1$s id="%2$s" data-bwg="%3$d" data-gallery-id="%4$d" data-view="%5$s"%6$s%7$s>%8$s</div>',
			$wrapper,
			esc_attr( $id ),
			$number,
			$gallery->ID,
			esc_attr( (string) $settings['view'] ),
			$ajax,
			$settings['scrollToGallery'] ? '' : ' data-scroll="0"',
			self::body( $gallery, $settings, $query, $number, $append )
		);
	}

	/**
	 * What a gallery's container holds: search, sort and tags, one page of images in the block's view, the
	 * paging. An album shows an opened gallery with this inside its own container (same widget number).
	 *
	 * @param \WP_Post             $gallery  A gallery the request may see (viewable()).
	 * @param array<string, mixed> $settings Normalised gallery block settings.
	 * @param array<string, mixed> $query    Navigation parameters, unvalidated.
	 * @param int                  $number   Widget number.
	 * @param bool                 $append   Load more: only the asked page's images.
	 * @return string
	 */
	public static function body( \WP_Post $gallery, array $settings, array $query, int $number, bool $append = false ): string {
		if ( 'load_more' === $settings['pagination'] && in_array( $settings['view'], self::PLAYERS, true ) ) {
			// A player shows one page of slides at a time: nothing to append to, so its pages are numbered.
			$settings['pagination'] = 'numbers';
			$append                 = false;
		}
		$query = self::with_seed( $settings, $query, $number );
		$state = Navigation::from_query( $number, $query );
		$sort  = '' !== $state['sort'] ? $state['sort'] : (string) $settings['sortBy'];
		$seed  = $state['seed'];
		$per_page = (int) $settings['imagesPerPage'];
		// Load more by address (no script, or AJAX off) shows every page up to the asked one; the call appends one.
		$grows = 'load_more' === $settings['pagination'] && ! $append && $per_page > 0;
		$page  = Images::page(
			$gallery->ID,
			$state['tags'],
			$state['search'],
			$sort,
			'desc' === $settings['order'],
			$seed,
			$grows ? 1 : $state['page'],
			$grows ? $per_page * min( $state['page'], (int) ceil( 5000 / $per_page ) ) : $per_page
		);
		if ( $grows ) {
			$pages         = $per_page > 0 ? max( 1, (int) ceil( $page['total'] / $per_page ) ) : 1;
			$page['page']  = min( $state['page'], $pages );
			$page['pages'] = $pages;
		}

		$id       = 'bwg_container1_' . $number;
		$filtered = '' !== $state['search'] || array() !== $state['tags'];
		$title    = self::landmark_title( $gallery->post_title, $query[ self::TITLE . $number ] ?? null );
		$inner    = Controls::render( $id, $number, $settings, $state, 'none' === $settings['tagFilter'] ? array() : self::terms( $gallery->ID ), $title );
		if ( array() === $page['ids'] ) {
			$inner .= Html::element(
				'p',
				array( 'class' => 'tessera-gallery__empty' ),
				$filtered ? esc_html__( 'No images match.', 'tessera' ) : esc_html__( 'There are no images in this gallery yet.', 'tessera' )
			);
		} else {
			$inner .= Views::render( (string) $settings['view'], $id, $page['ids'], $settings );
		}
		if ( 'numbers' === $settings['pagination'] && $page['pages'] > 1 ) {
			$inner .= self::paging( $id, $number, $page['page'], $page['pages'], $title, 'random' === $sort ? $seed : 0 );
		} elseif ( 'load_more' === $settings['pagination'] && array() !== $page['ids'] ) {
			$inner .= self::more( $id, $number, $page, $per_page, 'random' === $sort ? $seed : 0 );
		}
		return $inner;
	}

	/**
	 * The query with the seed of a random order: the one it names, or the day's seed of this gallery when the order
	 * is random and it names none (one seed for all the pages of that order, carried by the page links and the
	 * lightbox URL).
	 *
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @param array<string, mixed> $query    Navigation parameters, unvalidated.
	 * @param int                  $number   Widget number.
	 * @return array<string, mixed>
	 */
	public static function with_seed( array $settings, array $query, int $number ): array {
		$state = Navigation::from_query( $number, $query );
		$sort  = '' !== $state['sort'] ? $state['sort'] : (string) $settings['sortBy'];
		if ( 'random' === $sort && 0 === $state['seed'] ) {
			$query[ Navigation::SEED . $number ] = (string) self::daily_seed( (int) $settings['galleryId'], $number );
		}
		return $query;
	}

	/**
	 * The seed of a random order that no address names yet: made from the gallery, the widget number and the UTC
	 * day, never drawn at render time, so that every visitor (and every web node) gets the same page and a page
	 * cache may keep it (GUIDE §2.1; docs/gallery.md, "Behind a page cache and on several nodes"). The order
	 * changes once a day.
	 *
	 * @param int      $gallery Gallery id.
	 * @param int      $number  Widget number.
	 * @param int|null $now     Unix time (now when null).
	 * @return int 1..2^31-1.
	 */
	public static function daily_seed( int $gallery, int $number, ?int $now = null ): int {
		$hash = hash( 'sha256', 'tessera-gallery-seed|' . $gallery . '|' . $number . '|' . gmdate( 'Y-m-d', $now ?? time() ) );
		return 1 + (int) ( hexdec( substr( $hash, 0, 8 ) ) % 2147483647 );
	}

	/**
	 * The container's lightbox URL (`data-lightbox-url`, docs/lightbox.md "Wire") when a thumbnail opens the
	 * lightbox: the call's address with every parameter of the spec's query but `image_id`, from the gallery's
	 * state as rendered (its tags, search, sort and seed), so the lightbox shows the same images in the same order.
	 *
	 * @param int                  $gallery  Gallery id.
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @param array<string, mixed> $query    Navigation parameters (with_seed() applied).
	 * @param int                  $number   Widget number.
	 * @return string The attribute with its leading space, or ''.
	 */
	public static function lightbox_attribute( int $gallery, array $settings, array $query, int $number ): string {
		if ( 'open_lightbox' !== $settings['thumbClickAction'] || ! class_exists( \Tessera\Lightbox\Endpoint::class ) ) {
			return '';
		}
		$state = Navigation::from_query( $number, $query );
		$sort  = '' !== $state['sort'] ? $state['sort'] : (string) $settings['sortBy'];
		$args  = array(
			'gallery_id'         => $gallery,
			'bwg_gallery_type'   => (string) $settings['view'],
			'bwg_random_seed'    => 'random' === $sort ? $state['seed'] : 0,
			'filter_tag'         => implode( ',', $state['tags'] ),
			'filter_search_name' => $state['search'],
			'filtersortby'       => $sort . ( 'random' !== $sort && 'desc' === $settings['order'] ? '_desc' : '' ),
		);
		return ' data-lightbox-url="' . esc_url( add_query_arg( array_map( 'rawurlencode', array_map( 'strval', $args ) ), \Tessera\Lightbox\Endpoint::url() ) ) . '"'
			. " data-lightbox='" . esc_attr( (string) wp_json_encode( self::lightbox_files(), JSON_UNESCAPED_SLASHES ) ) . "'";
	}

	/**
	 * What the view script loads on intent for the lightbox (blocks/gallery/lightbox/loader.ts): the island's
	 * stylesheet, then its scripts with their dependencies (React, react-dom, wp-i18n…), in order.
	 *
	 * @return string[] Addresses.
	 */
	private static function lightbox_files(): array {
		self::register_lightbox();
		$style = \Tessera\Assets::registered_url( wp_styles(), self::LIGHTBOX_SCRIPT );
		return array_merge( '' === $style ? array() : array( $style ), \Tessera\Assets::script_urls( self::LIGHTBOX_SCRIPT ) );
	}

	/**
	 * Registers the lightbox island's script and stylesheet once (never enqueued: the view script loads them on
	 * intent by their addresses).
	 *
	 * @return void
	 */
	private static function register_lightbox(): void {
		if ( ! wp_script_is( self::LIGHTBOX_SCRIPT, 'registered' ) ) {
			( new \Tessera\Assets() )->register_entry( self::LIGHTBOX_SCRIPT, 'blocks/gallery/island' );
		}
	}

	/**
	 * A container's attributes for in-place navigation (front-end AJAX on): the call's address, the signed
	 * settings, the navigation script the view script loads on intent, and the failure message.
	 *
	 * @param string               $name     Block name (gallery or album).
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	public static function ajax_attributes( string $name, array $settings ): string {
		$assets = new \Tessera\Assets();
		if ( ! wp_script_is( self::NAV_SCRIPT, 'registered' ) ) {
			$assets->register_entry( self::NAV_SCRIPT, 'blocks/gallery/nav' );
		}
		return sprintf(
			' data-ajax-url="%1$s" data-shortcode-id="%2$s" data-nav="%3$s" data-error="%4$s"',
			esc_url( add_query_arg( 'action', PageCall::ACTION, admin_url( 'admin-ajax.php' ) ) ),
			esc_attr( PageCall::sign( $name, $settings ) ),
			esc_url( \Tessera\Assets::registered_url( wp_scripts(), self::NAV_SCRIPT ) ),
			esc_attr( PageCall::message() )
		);
	}

	/**
	 * The gallery's name in its landmarks ("{title}: pages", "{title}: search and sort"), unique on the page: the
	 * title for the first gallery with it, "{title} (2)" for the second, and so on. A navigation call carries the
	 * name the page gave (`title_{n}`, spec §7), taken only when it is that title with such a suffix.
	 *
	 * @param string $title The gallery's title.
	 * @param mixed  $given `title_{n}` of the call or of an earlier render, if any.
	 * @return string
	 */
	public static function landmark_title( string $title, $given ): string {
		$title = trim( wp_strip_all_tags( $title ) );
		if ( is_string( $given ) && ( $given === $title || 1 === preg_match( '/^' . preg_quote( $title, '/' ) . ' \(\d{1,2}\)$/u', $given ) ) ) {
			return $given;
		}
		$seen                   = self::$titles[ $title ] ?? 0;
		self::$titles[ $title ] = $seen + 1;
		return 0 === $seen ? $title : sprintf( '%1$s (%2$d)', $title, $seen + 1 );
	}

	/**
	 * Takes the next widget number of the page (galleries and albums count together, in render order).
	 *
	 * @return int
	 */
	public static function next_number(): int {
		return self::$next_number++;
	}

	/**
	 * Enqueues the front-end script (deferred, footer) once per page: only pages with a gallery get it.
	 *
	 * @return void
	 */
	public static function enqueue(): void {
		if ( ! wp_script_is( self::SCRIPT, 'enqueued' ) && did_action( 'init' ) ) {
			( new \Tessera\Assets() )->enqueue_deferred( self::SCRIPT, 'blocks/gallery/view' );
			add_action( 'wp_footer', array( self::class, 'print_lightbox_translations' ) );
		}
	}

	/**
	 * Prints the lightbox island's translations (its strings in the site's language), once, at the end of a page
	 * with a gallery or an album, when there are any: `<script type="application/json" id="tessera-lightbox-l10n">`
	 * with the locale data of the `tessera` domain, which the island gives `@wordpress/i18n` before it renders. The
	 * island is loaded on intent by its addresses (`data-lightbox`), not printed by WordPress, so the translations
	 * that `wp_set_script_translations()` prints before a script never come with it; without them the island's
	 * strings would be English while the server's popup it hydrates is translated.
	 *
	 * @return void
	 */
	public static function print_lightbox_translations(): void {
		self::register_lightbox();
		$json = load_script_textdomain( self::LIGHTBOX_SCRIPT, 'tessera', TESSERA_DIR . 'languages' );
		$data = is_string( $json ) ? json_decode( $json, true ) : null;
		// As WordPress's own print_translations(): the domain's data, or the `messages` of a file made by
		// `wp i18n make-json`, with the domain named in its header.
		$messages = is_array( $data ) ? ( $data['locale_data']['tessera'] ?? $data['locale_data']['messages'] ?? null ) : null;
		if ( ! is_array( $messages ) ) {
			return;
		}
		$messages[''] = array( 'domain' => 'tessera' ) + ( is_array( $messages[''] ?? null ) ? $messages[''] : array() );
		// JSON in a script element: `<`, `>`, `&` and quotes escaped, so no `</script>` closes it early.
		wp_print_inline_script_tag(
			(string) wp_json_encode( $messages, JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP ),
			array(
				'type' => 'application/json',
				'id'   => self::LIGHTBOX_L10N,
			)
		);
	}

	/**
	 * Starts the widget numbers again (a new page render; tests).
	 *
	 * @return void
	 */
	public static function reset_numbers(): void {
		self::$next_number = 0;
		self::$titles      = array();
	}

	/**
	 * Whether the current request may show a gallery: published; drafts and private ones only to those who may
	 * edit them, and only in the editor's preview (a REST request).
	 *
	 * @param \WP_Post $gallery The gallery.
	 * @return bool
	 */
	public static function viewable( \WP_Post $gallery ): bool {
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
	public static function missing(): string {
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
		$url   = static fn ( int $page ): string => esc_url( Navigation::url( $args + array( Navigation::PAGE . $number => $page ) ) . '#' . $id );
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
	 * Load more: how many images show, and a link to the next page while there is one (with the page script and
	 * AJAX on it appends that page's images; otherwise the address shows every page up to it).
	 *
	 * @param string                                                 $id       Container id.
	 * @param int                                                    $number   Widget number.
	 * @param array{ids: int[], total: int, page: int, pages: int} $page     The page shown.
	 * @param int                                                    $per_page Images per page.
	 * @param int                                                    $seed     Seed of a random order, or 0.
	 * @return string
	 */
	private static function more( string $id, int $number, array $page, int $per_page, int $seed ): string {
		$shown = min( $page['total'], $page['page'] * max( 1, $per_page ) );
		$html  = '<div class="tessera-gallery__load-bar"><p class="tessera-gallery__count" aria-live="polite">'
			/* translators: 1: images shown, 2: images in all. */
			. esc_html( sprintf( _n( 'Showing %1$d of %2$d image', 'Showing %1$d of %2$d images', $page['total'], 'tessera' ), $shown, $page['total'] ) )
			. '</p>';
		if ( $page['page'] < $page['pages'] ) {
			$args  = $seed > 0 ? array( Navigation::SEED . $number => $seed ) : array();
			$html .= '<a class="tessera-gallery__load-more wp-element-button" data-page="' . (int) ( $page['page'] + 1 ) . '" href="'
				. esc_url( Navigation::url( $args + array( Navigation::PAGE . $number => $page['page'] + 1 ) ) . '#' . $id ) . '">'
				. esc_html__( 'Load more', 'tessera' ) . '</a>';
		}
		return $html . '</div>';
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
