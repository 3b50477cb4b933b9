<?php
/**
 * A gallery's navigation state from the page address (docs/gallery.md, "Navigation"): the parameters carry the
 * widget number `{n}`, so that several galleries on one page keep separate states. Every value is cast or checked
 * against an allow-list; what is not valid falls back to the first page / no filter.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * Reads `page_number_{n}` (and, in the next increment, `bwg_search_{n}`, `sort_by_{n}`, `filter_tag_{n}`).
 */
final class Navigation {

	/** Page number parameter prefix (spec §2). */
	public const PAGE = 'page_number_';

	/** Highest page number taken from an address (larger → the last page, as out of range). */
	public const MAX_PAGE = 100000;

	/**
	 * The state of gallery `{n}` from query parameters.
	 *
	 * @param int                  $number Widget number.
	 * @param array<string, mixed> $query  Query parameters ($_GET, unslashed or not: only digits are kept).
	 * @return array{page: int}
	 */
	public static function from_query( int $number, array $query ): array {
		return array(
			'page' => self::page_number( $query[ self::PAGE . $number ] ?? null ),
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
}
