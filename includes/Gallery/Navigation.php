<?php
/**
 * A gallery's navigation state from the page address (docs/gallery.md, "Navigation"): the parameters carry the
 * widget number `{n}`, so that several galleries on one page keep separate states. Every value is cast or checked
 * against an allow-list; what is not valid falls back to the first page / no search / the block's sort / no tag.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * Reads `page_number_{n}`, `bwg_search_{n}`, `sort_by_{n}`, `filter_tag_{n}` and `bwg_random_seed_{n}`.
 */
final class Navigation {

	/** Page number parameter prefix (spec §2). */
	public const PAGE = 'page_number_';

	/** Search text parameter prefix (spec §2). */
	public const SEARCH = 'bwg_search_';

	/** Sort key parameter prefix (spec §2). */
	public const SORT = 'sort_by_';

	/** Tag filter parameter prefix (spec §2): tag ids, comma-separated. */
	public const TAGS = 'filter_tag_';

	/** Seed of the random order (spec §7 `bwg_random_seed_{n}`), so that its pages do not repeat images. */
	public const SEED = 'bwg_random_seed_';

	/** Highest page number taken from an address (larger → the last page, as out of range). */
	public const MAX_PAGE = 100000;

	/** Longest search text, in characters. */
	public const MAX_SEARCH = 100;

	/** Most tags in one filter. */
	public const MAX_TAGS = 20;

	/**
	 * The address of the page the gallery is on, when it is not the request's own (a navigation call renders for
	 * the page it names in `current_url`); null: the request's.
	 *
	 * @var string|null
	 */
	private static ?string $page_url = null;

	/**
	 * Sets the page address links are built on (null: the request's own again).
	 *
	 * @param string|null $url A validated address of this site.
	 * @return void
	 */
	public static function use_page_url( ?string $url ): void {
		self::$page_url = $url;
	}

	/**
	 * The page's address as the visitor sees it (path and query, or a full URL during a navigation call).
	 *
	 * @return string
	 */
	public static function page_url(): string {
		if ( null !== self::$page_url ) {
			return self::$page_url;
		}
		return isset( $_SERVER['REQUEST_URI'] ) ? (string) wp_unslash( $_SERVER['REQUEST_URI'] ) : '/'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- an address; every use escapes it.
	}

	/**
	 * The page's query parameters (unslashed, unvalidated).
	 *
	 * @return array<string, mixed>
	 */
	public static function page_query(): array {
		if ( null === self::$page_url ) {
			return wp_unslash( $_GET ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only: the address as it is; every use escapes it.
		}
		$query = (string) wp_parse_url( self::$page_url, PHP_URL_QUERY );
		$args  = array();
		if ( '' !== $query ) {
			wp_parse_str( $query, $args );
		}
		return $args;
	}

	/**
	 * The page's address with parameters set (a null or false value removes that parameter); not escaped.
	 *
	 * @param array<string, mixed> $args Parameters.
	 * @return string
	 */
	public static function url( array $args ): string {
		$remove = array_keys( array_filter( $args, static fn ( $value ): bool => null === $value || false === $value ) );
		$url    = remove_query_arg( $remove, self::page_url() );
		$set    = array_diff_key( $args, array_flip( $remove ) );
		return self::album_tail_last( array() === $set ? $url : add_query_arg( array_map( 'rawurlencode', array_map( 'strval', $set ) ), $url ) );
	}

	/**
	 * Keeps an open album item's state at the tail of the address: the parameters after the first album type
	 * marker (`type_{m}=`) that are not album m's own (their name does not end in `_{m}`) move before the marker,
	 * in their order. An album's Back trims the address before its marker (AlbumBlock), so a parameter another
	 * gallery of the page added after it (add_query_arg() appends) would be lost on Back.
	 *
	 * @param string $url An address.
	 * @return string
	 */
	private static function album_tail_last( string $url ): string {
		$hash  = strpos( $url, '#' );
		$tail  = false === $hash ? '' : substr( $url, $hash );
		$url   = false === $hash ? $url : substr( $url, 0, $hash );
		$start = strpos( $url, '?' );
		if ( false === $start ) {
			return $url . $tail;
		}
		$pieces = explode( '&', substr( $url, $start + 1 ) );
		$name   = static fn ( string $piece ): string => rawurldecode( explode( '=', $piece, 2 )[0] );
		$marker = null;
		foreach ( $pieces as $i => $piece ) {
			if ( 1 === preg_match( '/^' . preg_quote( AlbumBlock::TYPE, '/' ) . '(\d+)$/', $name( $piece ), $m ) ) {
				$marker = array( $i, $m[1] );
				break;
			}
		}
		if ( null === $marker ) {
			return $url . $tail;
		}
		[ $at, $number ] = $marker;
		$before          = array_slice( $pieces, 0, $at );
		$album           = array();
		foreach ( array_slice( $pieces, $at ) as $piece ) {
			if ( str_ends_with( $name( $piece ), '_' . $number ) ) {
				$album[] = $piece;
			} else {
				$before[] = $piece;
			}
		}
		return substr( $url, 0, $start + 1 ) . implode( '&', array_merge( $before, $album ) ) . $tail;
	}

	/**
	 * The state of gallery `{n}` from query parameters.
	 *
	 * @param int                  $number Widget number.
	 * @param array<string, mixed> $query  Query parameters ($_GET).
	 * @return array{page: int, search: string, sort: string, tags: int[], seed: int}
	 */
	public static function from_query( int $number, array $query ): array {
		return array(
			'page'   => self::page_number( $query[ self::PAGE . $number ] ?? null ),
			'search' => self::search( $query[ self::SEARCH . $number ] ?? null ),
			'sort'   => self::sort( $query[ self::SORT . $number ] ?? null ),
			'tags'   => self::tags( $query[ self::TAGS . $number ] ?? null ),
			'seed'   => self::seed( $query[ self::SEED . $number ] ?? null ),
		);
	}

	/**
	 * A page number: digits only, 1 when missing or not a number, capped (a page past the last shows the last).
	 *
	 * @param mixed $value Raw value.
	 * @return int
	 */
	public static function page_number( $value ): int {
		if ( is_int( $value ) ) {
			return min( max( 1, $value ), self::MAX_PAGE );
		}
		if ( ! is_string( $value ) || '' === $value || ! ctype_digit( $value ) ) {
			return 1;
		}
		return strlen( $value ) > 6 ? self::MAX_PAGE : min( max( 1, (int) $value ), self::MAX_PAGE );
	}

	/**
	 * A search text: plain text (tags and line breaks removed, spaces collapsed), at most MAX_SEARCH characters;
	 * '' when missing or not a string.
	 *
	 * @param mixed $value Raw value (slashed or not: WordPress slashes $_GET).
	 * @return string
	 */
	public static function search( $value ): string {
		if ( ! is_string( $value ) ) {
			return '';
		}
		$text = trim( (string) preg_replace( '/\s+/u', ' ', wp_strip_all_tags( wp_unslash( $value ) ) ) );
		return mb_substr( $text, 0, self::MAX_SEARCH );
	}

	/**
	 * A sort key from the allow-list, or '' (the block's own).
	 *
	 * @param mixed $value Raw value.
	 * @return string
	 */
	public static function sort( $value ): string {
		return is_string( $value ) && in_array( $value, Images::SORTS, true ) ? $value : '';
	}

	/**
	 * Tag ids: positive integers, comma-separated, at most MAX_TAGS, each an existing image tag; in the given order
	 * without repeats.
	 *
	 * @param mixed $value Raw value.
	 * @return int[]
	 */
	public static function tags( $value ): array {
		if ( ! is_string( $value ) && ! is_int( $value ) ) {
			return array();
		}
		$ids = array();
		foreach ( explode( ',', (string) $value ) as $part ) {
			$part = trim( $part );
			if ( '' !== $part && ctype_digit( $part ) && strlen( $part ) < 12 && (int) $part > 0 ) {
				$ids[ (int) $part ] = (int) $part;
			}
			if ( count( $ids ) >= self::MAX_TAGS ) {
				break;
			}
		}
		if ( array() === $ids ) {
			return array();
		}
		$known = get_terms(
			array(
				'taxonomy'   => PostTypes::TAG_TAXONOMY,
				'include'    => array_values( $ids ),
				'hide_empty' => false,
				'fields'     => 'ids',
			)
		);
		$known = is_array( $known ) ? array_map( 'intval', $known ) : array();
		return array_values( array_intersect( array_values( $ids ), $known ) );
	}

	/**
	 * A random seed: 1..2^31-1; 0 when missing or not a number (a new one is drawn).
	 *
	 * @param mixed $value Raw value.
	 * @return int
	 */
	public static function seed( $value ): int {
		if ( ! is_string( $value ) || '' === $value || ! ctype_digit( $value ) || strlen( $value ) > 10 ) {
			return 0;
		}
		$seed = (int) $value;
		return $seed > 0 && $seed <= 2147483647 ? $seed : 0;
	}
}
