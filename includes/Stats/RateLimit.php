<?php
/**
 * The collector's flood limit: more than 60 requests a minute from one address are answered 429.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * The collector's bucket of the one rate limiter (Tessera\Http\RateLimiter, window 60 s): this class owns only
 * its limit. The client is the address ClientAddress reads (REMOTE_ADDR, or the forwarded one behind trusted
 * proxies); the address is never stored.
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
}
