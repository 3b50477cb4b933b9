<?php
/**
 * The images of a gallery as a visitor may see them (docs/gallery.md, "Content model"): the gallery's own order,
 * only visible images, filtered by tags and a search text, sorted, one page at a time.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * One prepared query reads the sort keys of the gallery's visible images that match; sorting, the seeded random
 * order and paging happen in PHP (the same on SQLite and MariaDB, no FIELD()); what renders the page's images primes
 * their posts and meta first (prime(): a page read back from the render cache needs neither).
 */
final class Images {

	/** Sort keys (`sortImagesByValue_{n}` / `sort_by_{n}`). */
	public const SORTS = array( 'order', 'title', 'date', 'filename', 'random' );

	/** From this many ids on, a dense set is selected by its id range (id_condition()). */
	private const RANGE_FROM = 100;

	/** Dense: the range spans fewer than this many ids per id of the set. */
	private const RANGE_SPREAD = 4;

	/**
	 * The ids of a gallery's images that visitors may see, in the gallery's order.
	 *
	 * @param int $gallery Gallery post id.
	 * @return int[]
	 */
	public static function visible_ids( int $gallery ): array {
		return array_column( self::rows( $gallery, array(), '' ), 'id' );
	}

	/**
	 * One page of a gallery's visible images (their ids: prime() them before rendering them).
	 *
	 * @param int    $gallery  Gallery post id (published; checked by the caller).
	 * @param int[]  $tags     Image tag term ids (any of them), validated.
	 * @param string $search   Plain search text ('' = none).
	 * @param string $sort     One of SORTS.
	 * @param bool   $desc     Descending.
	 * @param int    $seed     Seed of the random order.
	 * @param int    $page     1-based page; out of range → the last page.
	 * @param int    $per_page Images per page; 0 = all.
	 * @return array{ids: int[], total: int, page: int, pages: int}
	 */
	public static function page( int $gallery, array $tags, string $search, string $sort, bool $desc, int $seed, int $page, int $per_page ): array {
		$rows = self::rows( $gallery, $tags, $search );
		$rows = self::sorted( $rows, in_array( $sort, self::SORTS, true ) ? $sort : 'order', $desc, $seed );
		$ids  = array_column( $rows, 'id' );

		$total = count( $ids );
		$pages = $per_page > 0 ? max( 1, (int) ceil( $total / $per_page ) ) : 1;
		$page  = min( max( 1, $page ), $pages );
		$slice = $per_page > 0 ? array_slice( $ids, ( $page - 1 ) * $per_page, $per_page ) : $ids;
		return array(
			'ids'   => $slice,
			'total' => $total,
			'page'  => $page,
			'pages' => $pages,
		);
	}

	/**
	 * The visible, matching images of a gallery with their sort keys, in the gallery's order.
	 *
	 * @param int    $gallery Gallery post id.
	 * @param int[]  $tags    Tag term ids.
	 * @param string $search  Search text.
	 * @return array<int, array{id: int, title: string, date: string, file: string, order: int}>
	 */
	private static function rows( int $gallery, array $tags, string $search ): array {
		global $wpdb;
		$ids = PostTypes::sanitize_images( get_post_meta( $gallery, PostTypes::META_IMAGES, true ) );
		if ( array() === $ids ) {
			return array();
		}
		[ $where, $args ] = self::id_condition( 'p.ID', $ids );
		$sql              = "SELECT p.ID AS id, p.post_title AS title, p.post_date AS date, COALESCE(f.meta_value, '') AS file
			FROM {$wpdb->posts} p
			LEFT JOIN {$wpdb->posts} parent ON parent.ID = p.post_parent
			LEFT JOIN {$wpdb->postmeta} f ON f.post_id = p.ID AND f.meta_key = '_wp_attached_file'
			WHERE {$where}
			AND p.post_type = 'attachment'
			AND p.post_mime_type LIKE 'image/%%'
			AND ( p.post_status = 'publish' OR ( p.post_status = 'inherit' AND ( p.post_parent = 0 OR parent.ID IS NULL OR parent.post_status = 'publish' ) ) )";
		$tags = array_values( array_filter( array_map( 'intval', $tags ), static fn ( int $id ): bool => $id > 0 ) );
		if ( array() !== $tags ) {
			$sql .= " AND p.ID IN ( SELECT tr.object_id FROM {$wpdb->term_relationships} tr
				INNER JOIN {$wpdb->term_taxonomy} tt ON tt.term_taxonomy_id = tr.term_taxonomy_id
				WHERE tt.taxonomy = %s AND tt.term_id IN (" . implode( ', ', array_fill( 0, count( $tags ), '%d' ) ) . ') )';
			$args[] = PostTypes::TAG_TAXONOMY;
			$args   = array_merge( $args, $tags );
		}
		if ( '' !== $search ) {
			$like  = '%' . $wpdb->esc_like( $search ) . '%';
			$sql  .= " AND ( p.post_title LIKE %s OR p.post_excerpt LIKE %s OR p.post_content LIKE %s
				OR p.ID IN ( SELECT a.post_id FROM {$wpdb->postmeta} a WHERE a.meta_key = '_wp_attachment_image_alt' AND a.meta_value LIKE %s ) )";
			$args  = array_merge( $args, array( $like, $like, $like, $like ) );
		}
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.NotPrepared -- prepared here; placeholders only.
		$found = $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_A );
		$by_id = array();
		foreach ( is_array( $found ) ? $found : array() as $row ) {
			$by_id[ (int) $row['id'] ] = $row;
		}
		$rows = array();
		foreach ( $ids as $position => $id ) {
			if ( isset( $by_id[ $id ] ) ) {
				$rows[] = array(
					'id'    => $id,
					'title' => (string) $by_id[ $id ]['title'],
					'date'  => (string) $by_id[ $id ]['date'],
					'file'  => strtolower( wp_basename( (string) $by_id[ $id ]['file'] ) ),
					'order' => $position,
				);
			}
		}
		return $rows;
	}

	/**
	 * The SQL condition that selects `$ids` on `$column`, with its arguments: an `IN` list, or, for a large set whose
	 * ids lie close together (images uploaded together, the usual gallery), the range from its smallest to its
	 * largest id, which the caller then narrows to the set in PHP. The SQLite integration parses every query in PHP
	 * and a list of 1,000 placeholders costs it about 60 ms per query, where the range costs under 10; MariaDB is fast
	 * either way. A sparse set keeps the list, so a range never reads much more than the set.
	 *
	 * @param string $column Column (a literal of this class, never input).
	 * @param int[]  $ids    Ids (positive).
	 * @return array{0: string, 1: int[]} The condition with `%d` placeholders, and their values.
	 */
	public static function id_condition( string $column, array $ids ): array {
		$ids = array_values( array_unique( array_map( 'intval', $ids ) ) );
		if ( array() === $ids ) {
			return array( '1 = 0', array() );
		}
		$low  = min( $ids );
		$high = max( $ids );
		if ( count( $ids ) >= self::RANGE_FROM && $high - $low < self::RANGE_SPREAD * count( $ids ) ) {
			return array( "{$column} BETWEEN %d AND %d", array( $low, $high ) );
		}
		return array( "{$column} IN (" . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', $ids );
	}

	/**
	 * Primes the post and meta caches of a page's images: what `_prime_post_caches()` does, in two queries that
	 * select by `id_condition()` (see there: a 1,000-image page on SQLite costs ~140 ms less).
	 *
	 * @param int[] $ids Attachment ids.
	 * @return void
	 */
	public static function prime( array $ids ): void {
		global $wpdb;
		$ids = _get_non_cached_ids( array_map( 'intval', $ids ), 'posts' );
		if ( array() === $ids ) {
			return;
		}
		$wanted           = array_fill_keys( $ids, true );
		[ $where, $args ] = self::id_condition( 'ID', $ids );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- prepared; the condition holds placeholders only; fills the cache.
		$posts = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$wpdb->posts} WHERE {$where}", $args ) );
		$posts = array_values( array_filter( is_array( $posts ) ? $posts : array(), static fn ( object $post ): bool => isset( $wanted[ (int) $post->ID ] ) ) );
		update_post_cache( $posts );

		[ $where, $args ] = self::id_condition( 'post_id', $ids );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- prepared, as above.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT post_id, meta_key, meta_value FROM {$wpdb->postmeta} WHERE {$where} ORDER BY meta_id ASC", $args ), ARRAY_A );
		// The cache's own shape (update_meta_cache()): every id, an array of values per key, values as stored.
		$meta = array();
		foreach ( $ids as $id ) {
			if ( false === wp_cache_get( $id, 'post_meta' ) ) {
				$meta[ $id ] = array();
			}
		}
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$id = (int) $row['post_id'];
			if ( isset( $meta[ $id ] ) ) {
				$meta[ $id ][ (string) $row['meta_key'] ][] = $row['meta_value'];
			}
		}
		wp_cache_add_multiple( $meta, 'post_meta' );
	}

	/**
	 * Sorts rows; ties keep the gallery's order. `random` is a shuffle seeded by `$seed`, so that the same seed
	 * gives the same order on every page and in every request.
	 *
	 * @param array<int, array{id: int, title: string, date: string, file: string, order: int}> $rows Rows.
	 * @param string                                                                          $sort Sort key.
	 * @param bool                                                                            $desc Descending.
	 * @param int                                                                             $seed Random seed.
	 * @return array<int, array{id: int, title: string, date: string, file: string, order: int}>
	 */
	private static function sorted( array $rows, string $sort, bool $desc, int $seed ): array {
		if ( 'random' === $sort ) {
			// A keyed hash per image: stable for a seed, independent of PHP's global random state.
			foreach ( $rows as &$row ) {
				$row['key'] = hash( 'crc32b', $seed . ':' . $row['id'] );
			}
			unset( $row );
			usort( $rows, static fn ( array $a, array $b ): int => strcmp( $a['key'], $b['key'] ) ?: $a['order'] <=> $b['order'] );
			return array_map(
				static function ( array $row ): array {
					unset( $row['key'] );
					return $row;
				},
				$rows
			);
		}
		$field = array(
			'order'    => 'order',
			'title'    => 'title',
			'date'     => 'date',
			'filename' => 'file',
		)[ $sort ] ?? 'order';
		usort(
			$rows,
			static function ( array $a, array $b ) use ( $field, $desc ): int {
				$compare = is_int( $a[ $field ] ) ? $a[ $field ] <=> $b[ $field ] : strnatcasecmp( (string) $a[ $field ], (string) $b[ $field ] );
				if ( $desc ) {
					$compare = -$compare;
				}
				return 0 !== $compare ? $compare : $a['order'] <=> $b['order'];
			}
		);
		return $rows;
	}
}
