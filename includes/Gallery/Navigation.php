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
