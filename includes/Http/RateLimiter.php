<?php
/**
 * The one rate limiter (docs/deployment.md, "Rate limits"): fixed windows counted in the database, one row per
 * (bucket, client, window), atomic under concurrency on SQLite and MariaDB, with several web nodes.
 *
 * Plain PHP over Tessera\Stats\Db: collect.php runs it without WordPress.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Http;

use Tessera\Stats\Collector;
use Tessera\Stats\Db;

/**
 * Why a table and a conditional UPDATE: a transient is a read-then-write (two requests read 10 and both write
 * 11), measured to let 12–19 of 30 concurrent form submissions through a limit of 10. Here one statement decides:
 * `UPDATE … SET hits = hits + 1 WHERE … AND hits < limit` changes one row while the client has requests left. When
 * it changes none, either the window's row does not exist yet (INSERT IGNORE creates it: admitted) or the limit is
 * used up — or a concurrent request created the row first, so the UPDATE is tried once more. Every step is atomic
 * in the database, so at most `limit` requests of a window get through, whichever node they reach.
 *
 * The client is stored as a keyed hash of the bucket and the address (ClientAddress), never the address.
 */
final class RateLimiter {

	/**
	 * The buckets and their window lengths in seconds. Each feature owns its limit (an option and a filter).
	 */
	public const WINDOWS = array(
		'stats'       => 60,   // The statistics collector: 60 requests a minute (Stats\RateLimit::limit()).
		'forms'       => 600,  // Stored form entries: 10 per 10 minutes (Forms\Spam::limit()).
		'consent_log' => 600,  // Consent records: 20 per 10 minutes (Consent\Log\LogController).
	);

	/**
	 * Takes one slot of a bucket for an address in the window of `$now`.
	 *
	 * @param string $bucket  A key of WINDOWS.
	 * @param string $address Client address (ClientAddress::current()).
	 * @param int    $limit   Slots per window.
	 * @param int    $now     Unix time.
	 * @return bool False when the window's slots are used up.
	 * @throws \InvalidArgumentException For an unknown bucket.
	 */
	public static function take( string $bucket, string $address, int $limit, int $now ): bool {
		$db     = Db::get();
		$table  = $db->table( 'limits' );
		$client = self::client( $bucket, $address );
		$slot   = self::slot( $bucket, $now );
		$update = 'UPDATE ' . $table . ' SET hits = hits + 1 WHERE bucket = ? AND client = ? AND slot = ? AND hits < ?';
		$params = array( $bucket, $client, $slot, max( 1, $limit ) );
		if ( 1 === $db->exec( $update, $params ) ) {
			return true;
		}
		$row = array(
			'bucket'  => $bucket,
			'client'  => $client,
			'slot'    => $slot,
			'expires' => ( $slot + 1 ) * self::WINDOWS[ $bucket ],
			'hits'    => 1,
		);
		if ( 1 === $db->insert_ignore( $table, $row ) ) {
			return true;
		}
		return 1 === $db->exec( $update, $params );
	}

	/**
	 * Gives back a slot taken in the window of `$now` (the request stored nothing after all: a repeated
	 * submission, a database failure), so that only what was stored counts.
	 *
	 * @param string $bucket  A key of WINDOWS.
	 * @param string $address Client address.
	 * @param int    $now     Unix time of the take().
	 * @return void
	 */
	public static function give_back( string $bucket, string $address, int $now ): void {
		$db = Db::get();
		$db->exec(
			'UPDATE ' . $db->table( 'limits' ) . ' SET hits = hits - 1 WHERE bucket = ? AND client = ? AND slot = ? AND hits > 0',
			array( $bucket, self::client( $bucket, $address ), self::slot( $bucket, $now ) )
		);
	}

	/**
	 * Slots an address has used in the current window (the settings screens and tests show it).
	 *
	 * @param string $bucket  A key of WINDOWS.
	 * @param string $address Client address.
	 * @param int    $now     Unix time.
	 * @return int
	 */
	public static function used( string $bucket, string $address, int $now ): int {
		$db = Db::get();
		return (int) $db->value(
			'SELECT hits FROM ' . $db->table( 'limits' ) . ' WHERE bucket = ? AND client = ? AND slot = ?',
			array( $bucket, self::client( $bucket, $address ), self::slot( $bucket, $now ) )
		);
	}

	/**
	 * The stored key of an address in a bucket.
	 *
	 * @param string $bucket  Bucket.
	 * @param string $address Client address.
	 * @return string 32 hex digits.
	 */
	public static function client( string $bucket, string $address ): string {
		return substr( hash_hmac( 'sha256', $bucket . '|' . $address, Collector::key() ), 0, 32 );
	}

	/**
	 * Deletes the rows of finished windows (the hourly job, Stats\Retention).
	 *
	 * @param int $now Unix time.
	 * @return int Rows deleted.
	 */
	public static function prune( int $now ): int {
		$db = Db::get();
		return $db->exec( 'DELETE FROM ' . $db->table( 'limits' ) . ' WHERE expires <= ?', array( $now ) );
	}

	/**
	 * The window number of a time in a bucket.
	 *
	 * @param string $bucket Bucket.
	 * @param int    $now    Unix time.
	 * @return int
	 * @throws \InvalidArgumentException For an unknown bucket.
	 */
	private static function slot( string $bucket, int $now ): int {
		if ( ! isset( self::WINDOWS[ $bucket ] ) ) {
			throw new \InvalidArgumentException( 'Unknown rate-limit bucket.' );
		}
		return intdiv( $now, self::WINDOWS[ $bucket ] );
	}
}
