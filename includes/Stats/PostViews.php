<?php
/**
 * Views of posts, read from the `pages` aggregate table (docs/stats.md, "Storage"): the posts-list column, the
 * view-counter block and the popular-posts block.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Every method runs one query on `{prefix}tessera_stats_pages` (joined to the posts table for popular()), the
 * same SQL on SQLite and MariaDB. A post's views are the rows whose `source_id` is the post and whose
 * `source_type` is a post type (built-in page kinds such as `archive` or `search` reuse `source_id` for other
 * things and are left out). Days are the table's `day` values, site-local dates as the Collector writes them; a
 * window of N days is today and the N - 1 days before it.
 */
final class PostViews {

	/**
	 * Source types of the collector that are not post types.
	 */
	private const NOT_POST_TYPES = array( 'home', 'archive', 'search', '404' );

	/**
	 * Longest window, in days (ten years, as the dashboard's ranges).
	 */
	public const MAX_DAYS = 3660;

	/**
	 * Most posts popular() lists.
	 */
	public const MAX_LIMIT = 100;

	/**
	 * Views of one post.
	 *
	 * @param int $post_id Post ID.
	 * @param int $days    0 = all time; else the last N days including today.
	 * @return int
	 */
	public static function for_post( int $post_id, int $days = 0 ): int {
		$views = self::for_posts( array( $post_id ), $days );
		return $views[ $post_id ] ?? 0;
	}

	/**
	 * Views of several posts, in one query.
	 *
	 * @param array<int|string> $post_ids Post IDs (non-positive and non-numeric values are ignored).
	 * @param int               $days     0 = all time; else the last N days including today.
	 * @return array<int, int> Post ID => views, for every valid ID asked (0 when it has none).
	 */
	public static function for_posts( array $post_ids, int $days = 0 ): array {
		global $wpdb;
		$ids = array();
		foreach ( $post_ids as $post_id ) {
			if ( ( is_int( $post_id ) || ( is_string( $post_id ) && ctype_digit( $post_id ) ) ) && (int) $post_id > 0 ) {
				$ids[ (int) $post_id ] = 0;
			}
		}
		if ( array() === $ids || ! self::has_table() ) {
			return $ids;
		}
		$types = self::source_types();
		$table = Schema::table( 'pages' );
		$args  = array_merge( $types, array_keys( $ids ) );
		$sql   = "SELECT source_id, SUM(views) AS views FROM {$table} WHERE source_type IN (" . self::placeholders( count( $types ), '%s' ) . ') AND source_id IN (' . self::placeholders( count( $ids ), '%d' ) . ')';
		if ( $days > 0 ) {
			$sql   .= ' AND day >= %s';
			$args[] = self::first_day( $days );
		}
		$sql .= ' GROUP BY source_id';
		$rows = $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- placeholders built above; aggregates change on every hit.
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$ids[ (int) $row['source_id'] ] = (int) $row['views'];
		}
		return $ids;
	}

	/**
	 * The most viewed published posts of a post type, most views first (ties: the newer post ID first).
	 *
	 * @param string $post_type Post type name (an unregistered one gives an empty list).
	 * @param int    $days      0 = all time; else the last N days including today (at most MAX_DAYS).
	 * @param int    $limit     How many, 1..MAX_LIMIT (clamped).
	 * @return list<array{post_id: int, views: int}>
	 */
	public static function popular( string $post_type, int $days, int $limit ): array {
		global $wpdb;
		if ( ! post_type_exists( $post_type ) || ! self::has_table() ) {
			return array();
		}
		$limit = max( 1, min( self::MAX_LIMIT, $limit ) );
		$types = self::source_types();
		$table = Schema::table( 'pages' );
		$args  = $types;
		$sql   = "SELECT v.source_id AS post_id, SUM(v.views) AS total_views FROM {$table} v INNER JOIN {$wpdb->posts} p ON p.ID = v.source_id WHERE v.source_type IN (" . self::placeholders( count( $types ), '%s' ) . ')';
		if ( $days > 0 ) {
			$sql   .= ' AND v.day >= %s';
			$args[] = self::first_day( $days );
		}
		$sql   .= " AND p.post_type = %s AND p.post_status = 'publish' GROUP BY v.source_id HAVING SUM(v.views) > 0 ORDER BY total_views DESC, post_id DESC LIMIT %d";
		$args[] = $post_type;
		$args[] = $limit;
		$rows   = $wpdb->get_results( $wpdb->prepare( $sql, $args ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- placeholders built above; aggregates change on every hit.
		$result = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$result[] = array(
				'post_id' => (int) $row['post_id'],
				'views'   => (int) $row['total_views'],
			);
		}
		return $result;
	}

	/**
	 * Whether the `pages` table can be read: the schema option says it is installed (no query), or, before the
	 * first install or an upgrade, the table exists (no database error on a site that recorded nothing yet).
	 *
	 * @return bool
	 */
	private static function has_table(): bool {
		return Schema::is_current() || Schema::exists( 'pages' );
	}

	/**
	 * The first day of a window of N days ending today (site time zone), `Y-m-d`.
	 *
	 * @param int $days Days (1..MAX_DAYS, clamped).
	 * @return string
	 */
	public static function first_day( int $days ): string {
		$days = max( 1, min( self::MAX_DAYS, $days ) );
		return ( new \DateTimeImmutable( 'now', wp_timezone() ) )->modify( '-' . ( $days - 1 ) . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * The `source_type` values that are post types: every registered post type except the collector's own
	 * page kinds, at most 20 characters (the column's width).
	 *
	 * @return list<string>
	 */
	private static function source_types(): array {
		$types = array();
		foreach ( get_post_types() as $type ) {
			if ( is_string( $type ) && strlen( $type ) <= 20 && ! in_array( $type, self::NOT_POST_TYPES, true ) ) {
				$types[] = $type;
			}
		}
		return array() === $types ? array( 'post' ) : $types;
	}

	/**
	 * A comma-separated list of placeholders.
	 *
	 * @param int    $count       How many.
	 * @param string $placeholder `%s` or `%d`.
	 * @return string
	 */
	private static function placeholders( int $count, string $placeholder ): string {
		return implode( ', ', array_fill( 0, $count, $placeholder ) );
	}
}
