<?php
/**
 * The one owner of the `Cache-Control` header of Tessera's answers (GUIDE §2.1: every public GET says how long it
 * may be kept). Two kinds of answer exist:
 *
 * - the same for everyone (no cookie, user, nonce, time or random value in it): `public, max-age=N`, N chosen per
 *   endpoint for how stale its content may be (a page cache in front keeps it that long, and so do browsers);
 * - visitor-specific, state-changing, an error, or anything else: `no-store`.
 *
 * It runs without WordPress too (collect.php's direct mode requires this file by path), so `send()` only calls
 * PHP's header functions and touches WordPress's filters only where they exist.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Http;

/**
 * Builds and sends `Cache-Control`.
 */
final class CacheHeaders {

	/** Visitor-specific, state-changing or refused: no cache keeps it. */
	public const NO_STORE = 'no-store';

	/**
	 * The value that `send()` set in this request, which every later `nocache_headers()` (wp_die() calls it at the
	 * end of an admin-ajax answer) sends again in place of WordPress's own no-cache set.
	 *
	 * @var string|null
	 */
	private static ?string $sent = null;

	/**
	 * The value for an answer that is the same for every visitor.
	 *
	 * @param int $seconds How long caches may keep it (0 or more).
	 * @return string
	 */
	public static function shared( int $seconds ): string {
		return 'public, max-age=' . max( 0, $seconds );
	}

	/**
	 * Sends `Cache-Control: {value}` now, in place of what was sent before (admin-ajax.php's no-cache headers:
	 * `Expires` and `Cache-Control`), and keeps it when WordPress sends its no-cache set again later in the
	 * request. Nothing happens once the headers are out.
	 *
	 * @param string $value `NO_STORE` or `shared( N )`.
	 * @return void
	 */
	public static function send( string $value ): void {
		if ( headers_sent() ) {
			return;
		}
		header_remove( 'Expires' );
		header_remove( 'Pragma' );
		header( 'Cache-Control: ' . $value );
		if ( null === self::$sent && function_exists( 'add_filter' ) ) {
			add_filter( 'nocache_headers', array( self::class, 'filter_nocache' ), PHP_INT_MAX );
		}
		self::$sent = $value;
	}

	/**
	 * Sends `Cache-Control: no-store`.
	 *
	 * @return void
	 */
	public static function no_store(): void {
		self::send( self::NO_STORE );
	}

	/**
	 * Sets the header on a REST answer (the REST server sends it after its own headers).
	 *
	 * @param \WP_REST_Response $response The answer.
	 * @param string            $value    `NO_STORE` or `shared( N )`.
	 * @return \WP_REST_Response The same answer.
	 */
	public static function on( \WP_REST_Response $response, string $value ): \WP_REST_Response {
		$response->header( 'Cache-Control', $value );
		return $response;
	}

	/**
	 * Filter `nocache_headers` after send(): our value alone, so that a later `nocache_headers()` neither adds
	 * `Expires` nor replaces the value.
	 *
	 * @param mixed $headers WordPress's no-cache headers.
	 * @return array<string, string>
	 */
	public static function filter_nocache( $headers ): array {
		unset( $headers );
		return null === self::$sent ? array( 'Cache-Control' => self::NO_STORE ) : array( 'Cache-Control' => self::$sent );
	}
}
