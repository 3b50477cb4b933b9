<?php
/**
 * The lightbox call (docs/lightbox.md, "Wire"; spec §2 "Lightbox address and hash", §7 "Lightbox"):
 * `GET admin-ajax.php?action=tessera_lightbox` with the spec's query answers the popup's HTML (Popup), which the
 * lightbox island hydrates.
 *
 * The call is public and read-only, and its answer is the same for every visitor: it renders as a visitor in the
 * site's language whoever asks, holds no nonce, no time and nothing random, so the same query gives the same bytes,
 * which browsers and proxies may cache (ETag, `If-None-Match` → 304). Every parameter is cast or checked against an
 * allow-list; a value that is not valid, a gallery that is not published or an image that is not among the gallery's
 * visible images (after the filter) answers 404 with a short, escaped message — never an error page, and nothing of
 * the query is echoed.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Lightbox;

use Tessera\Gallery\Images;
use Tessera\Gallery\Navigation;
use Tessera\Gallery\PostTypes;
use Tessera\Http\CacheHeaders;

/**
 * Answers `tessera_lightbox`.
 */
final class Endpoint {

	/** The admin-ajax action. */
	public const ACTION = 'tessera_lightbox';

	/**
	 * How long browsers and proxies may keep an answer, in seconds: five minutes. The answer is the same for every
	 * visitor and its query names the gallery's state, but not the gallery's content, so an image removed or
	 * retitled shows in a kept answer for at most this long (a page cache purged on the post's update does not
	 * purge admin-ajax answers); the page that links to it is cached for longer anyway.
	 */
	public const MAX_AGE = 300;

	/** The gallery views (`bwg_gallery_type`) when the gallery block type is not registered. */
	private const VIEWS = array( 'thumbnails', 'masonry', 'mosaic', 'slideshow', 'carousel', 'image_browser', 'blog_style' );

	/** Longest search text taken, in bytes (the gallery then keeps Navigation::MAX_SEARCH characters). */
	private const MAX_SEARCH_BYTES = 1000;

	/**
	 * Hooks the action for visitors and logged-in users.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'ajax' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'ajax' ) );
	}

	/**
	 * The lightbox URL that the gallery container carries (`data-lightbox-url`): admin-ajax.php with the action;
	 * the island adds the spec's query parameters to it.
	 *
	 * @return string Not escaped.
	 */
	public static function url(): string {
		return add_query_arg( 'action', self::ACTION, admin_url( 'admin-ajax.php' ) );
	}

	/**
	 * Sends the answer and ends the request: the status, our headers in place of admin-ajax.php's no-cache ones,
	 * and the body.
	 *
	 * @return void
	 */
	public function ajax(): void {
		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_key( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
		$etag   = isset( $_SERVER['HTTP_IF_NONE_MATCH'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_IF_NONE_MATCH'] ) ) : null;
		$answer = self::handle( wp_unslash( $_GET ), $method, $etag ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- public, read-only and cacheable: no nonce by design.
		if ( ! headers_sent() ) {
			status_header( $answer['status'] );
			header_remove( 'Last-Modified' );
			if ( ! isset( $answer['headers']['Content-Type'] ) ) {
				header_remove( 'Content-Type' );
			}
			// In place of admin-ajax.php's no-cache headers, also when wp_die() sends them again below.
			CacheHeaders::send( $answer['headers']['Cache-Control'] );
			foreach ( array_diff_key( $answer['headers'], array( 'Cache-Control' => true ) ) as $name => $value ) {
				header( $name . ': ' . $value );
			}
		}
		echo $answer['html']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the popup, escaped where it is built, or an escaped message.
		wp_die( '', '', array( 'response' => null ) );
	}

	/**
	 * The answer to a request.
	 *
	 * @param array<string, mixed> $query         The query parameters, unslashed.
	 * @param string               $method        The HTTP method.
	 * @param string|null          $if_none_match The `If-None-Match` header, if any.
	 * @return array{status: int, html: string, headers: array<string, string>}
	 */
	public static function handle( array $query, string $method, ?string $if_none_match = null ): array {
		if ( 'GET' !== strtoupper( $method ) ) {
			return self::refusal( 405, array( 'Allow' => 'GET' ) );
		}
		$request = self::request( $query );
		if ( null === $request ) {
			return self::refusal( 404 );
		}
		// As a visitor sees it, in the site's language, whoever asks: the answer is shared by every cache.
		$user     = get_current_user_id();
		$switched = false;
		wp_set_current_user( 0 );
		if ( function_exists( 'determine_locale' ) && determine_locale() !== get_locale() ) {
			$switched = switch_to_locale( get_locale() );
		}
		try {
			$html = self::render( $request );
		} finally {
			if ( $switched ) {
				restore_previous_locale();
			}
			wp_set_current_user( $user );
		}
		if ( '' === $html ) {
			return self::refusal( 404 );
		}
		$etag    = '"' . substr( hash( 'sha256', $html ), 0, 32 ) . '"';
		$headers = array(
			'Content-Type'           => 'text/html; charset=' . get_option( 'blog_charset' ),
			'Cache-Control'          => CacheHeaders::shared( self::MAX_AGE ),
			'ETag'                   => $etag,
			'X-Content-Type-Options' => 'nosniff',
		);
		if ( null !== $if_none_match && self::matches( $if_none_match, $etag ) ) {
			unset( $headers['Content-Type'] );
			return array(
				'status'  => 304,
				'html'    => '',
				'headers' => $headers,
			);
		}
		return array(
			'status'  => 200,
			'html'    => $html,
			'headers' => $headers,
		);
	}

	/**
	 * The popup for a valid request: '' when the gallery is not published or the image is not among its visible
	 * images as filtered.
	 *
	 * @param array{gallery: int, image: int, tags: int[], search: string, sort: string, desc: bool, seed: int, comment: bool, ecommerce: bool} $request Valid request.
	 * @return string
	 */
	private static function render( array $request ): string {
		$gallery = get_post( $request['gallery'] );
		if ( ! $gallery instanceof \WP_Post || PostTypes::GALLERY !== $gallery->post_type || 'publish' !== $gallery->post_status ) {
			return '';
		}
		$ids = Images::page( $gallery->ID, $request['tags'], $request['search'], $request['sort'], $request['desc'], $request['seed'], 1, 0 )['ids'];
		$key = array_search( $request['image'], $ids, true );
		if ( false === $key ) {
			return '';
		}
		Images::prime( $ids );
		return Popup::render(
			$gallery,
			$ids,
			(int) $key,
			Settings::get(),
			array(
				'open_comment'   => $request['comment'],
				'open_ecommerce' => $request['ecommerce'],
			)
		);
	}

	/**
	 * The request's parameters, each validated; null when one is not valid (a missing optional one takes its
	 * default). Other parameters are ignored.
	 *
	 * @param array<string, mixed> $query Query parameters, unslashed.
	 * @return array{gallery: int, image: int, tags: int[], search: string, sort: string, desc: bool, seed: int, comment: bool, ecommerce: bool}|null
	 */
	public static function request( array $query ): ?array {
		$gallery = self::id( $query['gallery_id'] ?? null );
		$image   = self::id( $query['image_id'] ?? null );
		$sort    = self::sort( $query['filtersortby'] ?? null );
		$tags    = self::tags( $query['filter_tag'] ?? null );
		$search  = self::search( $query['filter_search_name'] ?? null );
		$seed    = self::seed( $query['bwg_random_seed'] ?? null );
		$comment = self::flag( $query['open_comment'] ?? null );
		$shop    = self::flag( $query['open_ecommerce'] ?? null );
		if ( null === $gallery || null === $image || null === $sort || null === $tags || null === $search || null === $seed
			|| null === $comment || null === $shop || ! self::view( $query['bwg_gallery_type'] ?? null ) ) {
			return null;
		}
		return array(
			'gallery'   => $gallery,
			'image'     => $image,
			'tags'      => $tags,
			'search'    => $search,
			'sort'      => $sort[0],
			'desc'      => $sort[1],
			'seed'      => $seed,
			'comment'   => $comment,
			'ecommerce' => $shop,
		);
	}

	/**
	 * A post id: 1 to 10 digits, no sign, no leading zero; null otherwise.
	 *
	 * @param mixed $value Raw value.
	 * @return int|null
	 */
	private static function id( $value ): ?int {
		return is_string( $value ) && 1 === preg_match( '/^[1-9][0-9]{0,9}$/D', $value ) ? (int) $value : null;
	}

	/**
	 * The sort (`filtersortby`): a key of Images::SORTS, or `{key}_desc` for the descending order of a key other
	 * than `random`; missing or empty → the gallery's own order. Null when not valid.
	 *
	 * @param mixed $value Raw value.
	 * @return array{0: string, 1: bool}|null
	 */
	private static function sort( $value ): ?array {
		if ( null === $value || '' === $value ) {
			return array( 'order', false );
		}
		if ( ! is_string( $value ) ) {
			return null;
		}
		$desc = str_ends_with( $value, '_desc' );
		$key  = $desc ? substr( $value, 0, -5 ) : $value;
		if ( '' !== Navigation::sort( $key ) && ! ( $desc && 'random' === $key ) ) {
			return array( $key, $desc );
		}
		return null;
	}

	/**
	 * The tag filter (`filter_tag`): tag term ids, comma-separated, at most Navigation::MAX_TAGS; ids that are not
	 * image tags are dropped as the gallery drops them. Missing or empty → none; null when not valid.
	 *
	 * @param mixed $value Raw value.
	 * @return int[]|null
	 */
	private static function tags( $value ): ?array {
		if ( null === $value || '' === $value ) {
			return array();
		}
		if ( ! is_string( $value ) || 1 !== preg_match( '/^[1-9][0-9]{0,10}(,[1-9][0-9]{0,10})*$/D', $value ) || substr_count( $value, ',' ) >= Navigation::MAX_TAGS ) {
			return null;
		}
		return Navigation::tags( $value );
	}

	/**
	 * The search text (`filter_search_name`), cleaned as the gallery cleans it (Navigation::search()); missing → ''.
	 * Null when it is not a string or longer than MAX_SEARCH_BYTES.
	 *
	 * @param mixed $value Raw value, unslashed.
	 * @return string|null
	 */
	private static function search( $value ): ?string {
		if ( null === $value ) {
			return '';
		}
		if ( ! is_string( $value ) || strlen( $value ) > self::MAX_SEARCH_BYTES ) {
			return null;
		}
		// Navigation::search() unslashes (the gallery passes $_GET as WordPress slashes it): slash to match.
		return Navigation::search( wp_slash( $value ) );
	}

	/**
	 * The seed of a random order (`bwg_random_seed`): 0 to 2^31-1; missing or empty → 0. Null when not valid.
	 *
	 * @param mixed $value Raw value.
	 * @return int|null
	 */
	private static function seed( $value ): ?int {
		if ( null === $value || '' === $value || '0' === $value ) {
			return 0;
		}
		$seed = Navigation::seed( $value );
		return $seed > 0 && (string) $seed === $value ? $seed : null;
	}

	/**
	 * A flag (`open_comment`, `open_ecommerce`): '1' on; missing, empty or '0' off; null otherwise.
	 *
	 * @param mixed $value Raw value.
	 * @return bool|null
	 */
	private static function flag( $value ): ?bool {
		if ( null === $value || '' === $value || '0' === $value ) {
			return false;
		}
		return '1' === $value ? true : null;
	}

	/**
	 * Whether `bwg_gallery_type` is missing, empty, or one of the gallery block's views.
	 *
	 * @param mixed $value Raw value.
	 * @return bool
	 */
	private static function view( $value ): bool {
		if ( null === $value || '' === $value ) {
			return true;
		}
		return is_string( $value ) && in_array( $value, self::views(), true );
	}

	/**
	 * The gallery block's view names (its `view` attribute's enum).
	 *
	 * @return string[]
	 */
	public static function views(): array {
		$type = \WP_Block_Type_Registry::get_instance()->get_registered( 'tessera/gallery' );
		$enum = null !== $type && is_array( $type->attributes ) ? ( $type->attributes['view']['enum'] ?? null ) : null;
		return is_array( $enum ) ? array_values( array_filter( $enum, 'is_string' ) ) : self::VIEWS;
	}

	/**
	 * Whether an `If-None-Match` header names the tag (a list of tags, weak ones compared weakly, or `*`).
	 *
	 * @param string $header Header value.
	 * @param string $etag   The answer's tag.
	 * @return bool
	 */
	private static function matches( string $header, string $etag ): bool {
		foreach ( explode( ',', $header ) as $tag ) {
			$tag = trim( $tag );
			if ( '*' === $tag || $etag === $tag || 'W/' . $etag === $tag ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A refusal: the status with the empty state, not cached.
	 *
	 * @param int                   $status  404 or 405.
	 * @param array<string, string> $headers Further headers.
	 * @return array{status: int, html: string, headers: array<string, string>}
	 */
	private static function refusal( int $status, array $headers = array() ): array {
		return array(
			'status'  => $status,
			'html'    => Popup::empty_state(),
			'headers' => array(
				'Content-Type'           => 'text/html; charset=' . get_option( 'blog_charset' ),
				'Cache-Control'          => CacheHeaders::NO_STORE,
				'X-Content-Type-Options' => 'nosniff',
			) + $headers,
		);
	}
}
