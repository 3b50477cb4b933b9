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
 * under concurrency (two requests read 10 and both write 11), and the collector has no persistent object cache.
 * One statement usually decides: `UPDATE … SET hits = hits + 1 WHERE … AND hits < limit` changes one row while
 * the address has requests left. When it changes none, either the minute's row does not exist yet (INSERT IGNORE
 * creates it: admitted) or the limit is used up — or a concurrent request created the row first, so the UPDATE
 * is tried once more. Every step is atomic in the database, so at most `limit` requests of a window are let
 * through, also with several web servers. The client is an HMAC of REMOTE_ADDR (forwarding headers are set by
 * the client and not trusted unless the site says so, see Collector::client_address()); the address is never
 * stored.
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
	 * only: collect.php loads no plugin that could add one).
	 *
	 * @return int
	 */
	public static function limit(): int {
		$limit = (int) get_option( self::OPTION_LIMIT, self::LIMIT );
		$limit = $limit > 0 ? $limit : self::LIMIT;
		if ( function_exists( 'apply_filters' ) ) {
			/**
			 * Requests one address may send to the statistics collector per minute.
			 *
			 * @param int $limit Requests per minute (default 60).
			 */
			$limit = (int) \apply_filters( 'tessera_stats_rate_limit', $limit );
		}
		return max( 1, $limit );
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
		$db     = Db::get();
		$table  = $db->table( 'rate' );
		$client = self::client( $address );
		$minute = intdiv( $now, 60 );
		$limit  = self::limit();
		$update = 'UPDATE ' . $table . ' SET hits = hits + 1 WHERE client = ? AND minute = ? AND hits < ?';
		if ( 1 === $db->exec( $update, array( $client, $minute, $limit ) ) ) {
			return true;
		}
		$row = array(
			'client' => $client,
			'minute' => $minute,
			'hits'   => 1,
		);
		if ( 1 === $db->insert_ignore( $table, $row ) ) {
			return true;
		}
		return 1 === $db->exec( $update, array( $client, $minute, $limit ) );
	}

	/**
	 * Deletes the counters of finished minutes.
	 *
	 * @param int $now Unix time.
	 * @return int Rows deleted.
	 */
	public static function prune( int $now ): int {
		$db = Db::get();
		return $db->exec( 'DELETE FROM ' . $db->table( 'rate' ) . ' WHERE minute < ?', array( intdiv( $now, 60 ) - 1 ) );
	}
}
