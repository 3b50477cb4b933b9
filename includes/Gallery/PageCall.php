<?php
/**
 * The gallery navigation call with front-end AJAX on (docs/gallery.md, "Navigation — wire"; spec §7 "Gallery paging
 * and navigation"): `POST admin-ajax.php?action=tessera_gallery_page` with the spec's fields answers the HTML of the
 * gallery's container in the asked state (the page script replaces the container with it, or appends its items for
 * load more).
 *
 * The call is public and read-only (it shows what the page address would show), so it takes no nonce: cached pages
 * keep working. What it renders comes only from `shortcode_id`, the block's settings signed by this site when the
 * page was rendered; the client's fields only choose the state (page, search, sort, tags, seed, album level), each
 * validated as in the page address (Navigation).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * Answers `tessera_gallery_page`.
 */
final class PageCall {

	/** The admin-ajax action. */
	public const ACTION = 'tessera_gallery_page';

	/** Longest `shortcode_id` accepted, in bytes. */
	private const MAX_SIGNED = 8000;

	/** Highest widget number. */
	public const MAX_NUMBER = 99;

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
	 * Sends the answer and ends the request.
	 *
	 * @return void
	 */
	public function ajax(): void {
		$answer = self::handle( wp_unslash( $_POST ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- public and read-only; the settings are verified by their signature.
		status_header( $answer['status'] );
		header( 'Content-Type: text/html; charset=' . get_option( 'blog_charset' ) );
		header( 'X-Content-Type-Options: nosniff' );
		// A POST answer is never reused by a cache; saying so keeps a GET to the same address (400) out of caches too.
		\Tessera\Http\CacheHeaders::no_store();
		echo $answer['html']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- the block's own escaped render, or an escaped message.
		wp_die( '', '', array( 'response' => null ) );
	}

	/**
	 * The answer to a call's fields: 200 with the container's HTML, or 400 with the spec's message.
	 *
	 * @param array<string, mixed> $fields The posted fields, unslashed.
	 * @return array{status: int, html: string}
	 */
	public static function handle( array $fields ): array {
		$number   = self::number( $fields['bwg'] ?? null );
		$block    = self::verify( $fields['shortcode_id'] ?? null );
		$page_url = self::page_url( $fields['current_url'] ?? null );
		if ( null === $number || null === $block || null === $page_url ) {
			return self::error();
		}
		$query  = self::query( $fields, $number );
		$append = isset( $fields[ 'bwg_load_more_' . $number ] ) && '1' === $fields[ 'bwg_load_more_' . $number ];
		Navigation::use_page_url( $page_url );
		try {
			if ( GalleryBlock::NAME === $block['name'] ) {
				$html = GalleryBlock::render_with( $block['settings'], $query, $number, $append );
			} else {
				$html = class_exists( AlbumBlock::class ) ? AlbumBlock::render_with( $block['settings'], $query, $number ) : '';
			}
		} finally {
			Navigation::use_page_url( null );
		}
		return '' === $html ? self::error() : array(
			'status' => 200,
			'html'   => $html,
		);
	}

	/**
	 * The failure answer (spec §8).
	 *
	 * @return array{status: int, html: string}
	 */
	private static function error(): array {
		return array(
			'status' => 400,
			'html'   => esc_html( self::message() ),
		);
	}

	/**
	 * The spec's failure message (§8), which the page shows where the gallery is.
	 *
	 * @return string
	 */
	public static function message(): string {
		return __( 'Sorry, there was an error loading the next page.', 'tessera' );
	}

	/**
	 * The call's fields under the page address's names (the names the renderers read): the spec's AJAX names
	 * `sortImagesByValue_{n}` and `bwg_tag_id_bwg_container1_{n}` become `sort_by_{n}` and `filter_tag_{n}`; the
	 * others are the same in both. Values stay unvalidated here: the renderers validate them as from an address.
	 *
	 * @param array<string, mixed> $fields Posted fields.
	 * @param int                  $number Widget number.
	 * @return array<string, mixed>
	 */
	private static function query( array $fields, int $number ): array {
		$names = array(
			'page_number_' . $number                 => Navigation::PAGE . $number,
			'bwg_search_' . $number                  => Navigation::SEARCH . $number,
			'sortImagesByValue_' . $number           => Navigation::SORT . $number,
			'bwg_tag_id_bwg_container1_' . $number   => Navigation::TAGS . $number,
			'bwg_random_seed_' . $number             => Navigation::SEED . $number,
			'type_' . $number                        => 'type_' . $number,
			'album_gallery_id_' . $number            => 'album_gallery_id_' . $number,
			'bwg_album_breadcrumb_' . $number        => 'bwg_album_breadcrumb_' . $number,
			'action_' . $number                      => 'action_' . $number,
			'title_' . $number                       => GalleryBlock::TITLE . $number,
		);
		$query = array();
		foreach ( $names as $field => $name ) {
			if ( isset( $fields[ $field ] ) && is_string( $fields[ $field ] ) && '' !== $fields[ $field ] ) {
				$query[ $name ] = $fields[ $field ];
			}
		}
		return $query;
	}

	/**
	 * The widget number: 0-99, digits only; null otherwise.
	 *
	 * @param mixed $value Raw value.
	 * @return int|null
	 */
	private static function number( $value ): ?int {
		if ( ! is_string( $value ) || '' === $value || strlen( $value ) > 2 || ! ctype_digit( $value ) ) {
			return null;
		}
		return (int) $value <= self::MAX_NUMBER ? (int) $value : null;
	}

	/**
	 * The page the gallery is on: an address of this site (the links of the answer are built on it); null for
	 * anything else.
	 *
	 * @param mixed $value Raw value.
	 * @return string|null
	 */
	private static function page_url( $value ): ?string {
		if ( ! is_string( $value ) || '' === $value || strlen( $value ) > 2000 ) {
			return null;
		}
		$url = wp_validate_redirect( esc_url_raw( $value ), '' );
		return '' === $url ? null : $url;
	}

	/**
	 * Signs a block's settings for its container's `data-shortcode-id`: only the settings that differ from the
	 * defaults, JSON, base64url, then `.` and their HMAC-SHA256 with a key of this site.
	 *
	 * @param string               $name     Block name.
	 * @param array<string, mixed> $settings Normalised settings.
	 * @return string
	 */
	public static function sign( string $name, array $settings ): string {
		$defaults = ViewSettings::from_block( $name, array() );
		$changed  = array();
		foreach ( $settings as $key => $value ) {
			if ( ! array_key_exists( $key, $defaults ) || $defaults[ $key ] !== $value ) {
				$changed[ $key ] = $value;
			}
		}
		$payload = self::base64url(
			(string) wp_json_encode(
				array(
					'b' => $name,
					'a' => (object) $changed,
				)
			)
		);
		return $payload . '.' . self::base64url( hash_hmac( 'sha256', $payload, self::key(), true ) );
	}

	/**
	 * The block and its settings from a `shortcode_id` this site signed, normalised again; null when the value is
	 * missing, oversized, tampered with or names another block.
	 *
	 * @param mixed $value Raw value.
	 * @return array{name: string, settings: array<string, mixed>}|null
	 */
	public static function verify( $value ): ?array {
		if ( ! is_string( $value ) || strlen( $value ) > self::MAX_SIGNED || 1 !== substr_count( $value, '.' ) ) {
			return null;
		}
		list( $payload, $mac ) = explode( '.', $value );
		if ( ! hash_equals( self::base64url( hash_hmac( 'sha256', $payload, self::key(), true ) ), $mac ) ) {
			return null;
		}
		$data = json_decode( (string) base64_decode( strtr( $payload, '-_', '+/' ), true ), true );
		if ( ! is_array( $data ) || ! is_string( $data['b'] ?? null ) || ! is_array( $data['a'] ?? null ) ) {
			return null;
		}
		if ( GalleryBlock::NAME !== $data['b'] && 'tessera/album' !== $data['b'] ) {
			return null;
		}
		return array(
			'name'     => $data['b'],
			'settings' => ViewSettings::from_block( $data['b'], $data['a'] ),
		);
	}

	/**
	 * The signing key: derived from this site's salts, for this use only.
	 *
	 * @return string
	 */
	private static function key(): string {
		return hash_hmac( 'sha256', 'tessera-gallery-page', wp_salt( 'nonce' ) );
	}

	/**
	 * Base64url without padding.
	 *
	 * @param string $bytes Bytes.
	 * @return string
	 */
	private static function base64url( string $bytes ): string {
		return rtrim( strtr( base64_encode( $bytes ), '+/', '-_' ), '=' );
	}
}
