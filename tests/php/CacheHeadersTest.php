<?php
/**
 * Tessera\Http\CacheHeaders: the values it builds and the REST answers it marks. What each endpoint sends over
 * real HTTP is checked by the cache specs (tests/e2e/gallery/cache.spec.ts, tests/e2e/stats/cache.spec.ts).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Http\CacheHeaders;
use WP_REST_Response;

/**
 * Pure parts only: under the command line the headers are already sent, so send() does nothing here.
 */
final class CacheHeadersTest extends TestCase {

	/**
	 * A shared answer names its lifetime; a negative one is no lifetime.
	 *
	 * @return void
	 */
	public function test_values(): void {
		$this->assertSame( 'public, max-age=300', CacheHeaders::shared( 300 ) );
		$this->assertSame( 'public, max-age=0', CacheHeaders::shared( -5 ) );
		$this->assertSame( 'no-store', CacheHeaders::NO_STORE );
	}

	/**
	 * A REST answer carries the value, and is the same object.
	 *
	 * @return void
	 */
	public function test_rest_answer(): void {
		$response = new WP_REST_Response( array( 'ok' => true ) );
		$this->assertSame( $response, CacheHeaders::on( $response, CacheHeaders::NO_STORE ) );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] );
	}

	/**
	 * WordPress's no-cache set, once replaced, is our value alone (no `Expires` comes back with wp_die()).
	 *
	 * @return void
	 */
	public function test_the_nocache_filter_keeps_our_value_alone(): void {
		$this->assertSame( array( 'Cache-Control' => 'no-store' ), CacheHeaders::filter_nocache( wp_get_nocache_headers() ) );
	}
}
