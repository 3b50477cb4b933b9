<?php
/**
 * The collector's flood limit: more than 60 requests a minute from one address are answered 429.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Fixed one-minute windows counted in the `rate` table, one row per (client, minute).
 *
 * Why a table: transients need the object-cache API or a read-modify-write of an option, which loses counts
 * under concurrency (two requests read 10 and both write 11), and SHORTINIT has no persistent object cache.
 * The row is incremented with one atomic `INSERT … ON DUPLICATE KEY UPDATE hits = hits + 1` and read back: the
 * value read is at least this request's own increment, so at most `limit` requests of a window are let through
 * (concurrent readers may see a higher count and refuse slightly early, never late). The client is an HMAC of
 * REMOTE_ADDR (forwarding headers are set by the client and not trusted); the address is never stored.
 */
final class RateLimit {

	/**
	 * Requests allowed per address and minute.
	 */
	public const LIMIT = 60;

	/**
	 * Option that overrides the limit (an integer; sites where many visitors share one address raise it).
	 */
	public const OPTION_LIMIT = 'tessera_stats_rate_limit';

	/**
	 * The limit in force: the option (default 60), then the `tessera_stats_rate_limit` filter (full WordPress
	 * only: under SHORTINIT no plugin is loaded to add one).
	 *
	 * @return int
	 */
	public static function limit(): int {
		$limit = (int) get_option( self::OPTION_LIMIT, self::LIMIT );
		/**
		 * Requests one address may send to the statistics collector per minute.
		 *
		 * @param int $limit Requests per minute (default 60).
		 */
		return max( 1, (int) apply_filters( 'tessera_stats_rate_limit', $limit > 0 ? $limit : self::LIMIT ) );
	}

	/**
	 * The stored key of an address.
	 *
	 * @param string $address Client address.
	 * @return string 32 hex digits.
	 */
	public static function client( string $address ): string {
		return substr( hash_hmac( 'sha256', 'rate|' . $address, Collector::key() ), 0, 32 );
	}

	/**
	 * Counts one request of an address in the minute of `$now`.
	 *
	 * @param string $address Client address.
	 * @param int    $now     Unix time.
	 * @return bool False when the address has used up its minute.
	 */
	public static function take( string $address, int $now ): bool {
		global $wpdb;
		$table  = Schema::table( 'rate' );
		$client = self::client( $address );
		$minute = intdiv( $now, 60 );
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$table} (client, minute, hits) VALUES (%s, %d, 1) ON DUPLICATE KEY UPDATE hits = hits + 1", $client, $minute ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		$hits = (int) $wpdb->get_var( $wpdb->prepare( "SELECT hits FROM {$table} WHERE client = %s AND minute = %d", $client, $minute ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		return $hits <= self::limit();
	}

	/**
	 * Deletes the counters of finished minutes.
	 *
	 * @param int $now Unix time.
	 * @return void
	 */
	public static function prune( int $now ): void {
		global $wpdb;
		$table = Schema::table( 'rate' );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE minute < %d", intdiv( $now, 60 ) - 1 ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
	}
}
