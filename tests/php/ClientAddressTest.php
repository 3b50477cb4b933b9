<?php
/**
 * The one client-address reader and the one rate limiter (docs/deployment.md): forwarding headers believed only
 * from trusted proxies, the settings' presets and addresses, and the limiter's buckets, windows and give-back.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Http\ClientAddress;
use Tessera\Http\RateLimiter;
use Tessera\Http\TrustedProxies;
use Tessera\Stats\Schema;

/**
 * Reader cases on arrays shaped like $_SERVER; the limiter against the site's database.
 */
final class ClientAddressTest extends TestCase {

	/**
	 * Keeps the trusted-proxies option; the limiter's table exists.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( ClientAddress::OPTION );
		delete_option( ClientAddress::OPTION );
		Schema::maybe_install();
	}

	/**
	 * Trusts a list of proxies through the stored setting.
	 *
	 * @param string[] $addresses Addresses and ranges.
	 * @param string[] $presets   Preset names.
	 * @return void
	 */
	private static function trust( array $addresses, array $presets = array() ): void {
		update_option(
			ClientAddress::OPTION,
			array(
				'presets'   => $presets,
				'addresses' => $addresses,
			)
		);
	}

	public function test_without_trusted_proxies_only_remote_addr_counts(): void {
		$server = array(
			'REMOTE_ADDR'          => '203.0.113.9',
			'HTTP_X_FORWARDED_FOR' => '198.51.100.1',
			'HTTP_FORWARDED'       => 'for=198.51.100.2',
			'HTTP_CLIENT_IP'       => '198.51.100.3',
		);
		$this->assertSame( '203.0.113.9', ClientAddress::from( $server ), 'a forged header from an untrusted peer changes nothing' );
		$this->assertSame( '', ClientAddress::from( array( 'REMOTE_ADDR' => 'nope' ) ) );
		$this->assertSame( '', ClientAddress::from( array() ) );
	}

	public function test_behind_a_trusted_proxy_the_forwarded_client_counts(): void {
		self::trust( array( '10.0.0.0/8' ) );
		$this->assertSame( '198.51.100.1', ClientAddress::from( array( 'REMOTE_ADDR' => '10.1.2.3', 'HTTP_X_FORWARDED_FOR' => '198.51.100.1' ) ) );
		// A visitor's forged hop is to the left of the one the proxy appended: the proxy's hop is taken.
		$this->assertSame(
			'198.51.100.1',
			ClientAddress::from( array( 'REMOTE_ADDR' => '10.1.2.3', 'HTTP_X_FORWARDED_FOR' => '1.2.3.4, 198.51.100.1' ) )
		);
		// Several trusted hops are stepped over.
		$this->assertSame(
			'198.51.100.1',
			ClientAddress::from( array( 'REMOTE_ADDR' => '10.1.2.3', 'HTTP_X_FORWARDED_FOR' => '198.51.100.1, 10.9.9.9, 10.0.0.5' ) )
		);
		// A malformed hop ends the walk at the last valid address.
		$this->assertSame(
			'10.0.0.5',
			ClientAddress::from( array( 'REMOTE_ADDR' => '10.1.2.3', 'HTTP_X_FORWARDED_FOR' => '198.51.100.1, evil, 10.0.0.5' ) )
		);
		// A peer outside the list is the client, whatever it forwards.
		$this->assertSame( '192.0.2.1', ClientAddress::from( array( 'REMOTE_ADDR' => '192.0.2.1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.1' ) ) );
	}

	public function test_the_forwarded_header_of_rfc_7239(): void {
		self::trust( array( '10.0.0.1', '2001:db8::/32' ) );
		$this->assertSame( '198.51.100.60', ClientAddress::from( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_FORWARDED' => 'for=198.51.100.60;proto=https;by=10.0.0.1' ) ) );
		$this->assertSame(
			'2001:db9::17',
			ClientAddress::from( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_FORWARDED' => 'for="[2001:db9::17]:4711", for=10.0.0.1' ) )
		);
		$this->assertSame( '198.51.100.60', ClientAddress::from( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_FORWARDED' => 'For="198.51.100.60:8080"' ) ) );
		$this->assertSame( '10.0.0.1', ClientAddress::from( array( 'REMOTE_ADDR' => '10.0.0.1', 'HTTP_FORWARDED' => 'for=unknown' ) ), 'an unknown client is the proxy' );
	}

	public function test_presets_constants_and_the_filter(): void {
		self::trust( array(), array( 'cloudflare' ) );
		$this->assertSame( '198.51.100.4', ClientAddress::from( array( 'REMOTE_ADDR' => '104.16.1.1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.4' ) ) );
		$this->assertSame( '198.51.100.4', ClientAddress::from( array( 'REMOTE_ADDR' => '2606:4700::1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.4' ) ) );
		self::trust( array(), array( 'local' ) );
		$this->assertSame( '198.51.100.4', ClientAddress::from( array( 'REMOTE_ADDR' => '127.0.0.1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.4' ) ) );
		$this->assertSame( '104.16.1.1', ClientAddress::from( array( 'REMOTE_ADDR' => '104.16.1.1', 'HTTP_X_FORWARDED_FOR' => '198.51.100.4' ) ), 'presets not chosen are not trusted' );
		// Hostile stored values are ignored, not trusted.
		update_option(
			ClientAddress::OPTION,
			array(
				'presets'   => array( 'everyone' ),
				'addresses' => array( '0.0.0.0/0 <script>', array( '1.1.1.1' ) ),
			)
		);
		$this->assertSame( array(), ClientAddress::trusted() );
		$this->add_test_filter( 'tessera_trusted_proxies', static fn (): array => array( '192.0.2.0/24' ) );
		$this->assertSame( '198.51.100.4', ClientAddress::from( array( 'REMOTE_ADDR' => '192.0.2.7', 'HTTP_X_FORWARDED_FOR' => '198.51.100.4' ) ) );
		$this->add_test_filter( 'tessera_client_address', static fn (): string => '203.0.113.200' );
		$this->assertSame( '203.0.113.200', ClientAddress::from( array( 'REMOTE_ADDR' => '192.0.2.7' ) ) );
	}

	public function test_the_settings_sanitiser_refuses_a_bad_line_and_keeps_what_was_stored(): void {
		self::trust( array( '10.0.0.0/8' ) );
		$kept = get_option( ClientAddress::OPTION );
		$out  = TrustedProxies::sanitize(
			array(
				'presets'   => array( 'local' ),
				'addresses' => "192.0.2.1\n300.1.1.1/8\n",
			)
		);
		$this->assertSame( $kept, $out, 'nothing changes' );
		$errors = get_settings_errors( TrustedProxies::OPTION_GROUP );
		$this->assertNotEmpty( $errors );
		$this->assertStringContainsString( '300.1.1.1/8', (string) end( $errors )['message'] );

		$out = TrustedProxies::sanitize(
			array(
				'presets'   => array( 'local', 'cloudflare', 'nonsense' ),
				'addresses' => " 192.0.2.1 \r\n\n2001:db8::/32\n192.0.2.1\n",
			)
		);
		$this->assertSame(
			array(
				'presets'   => array( 'cloudflare', 'local' ),
				'addresses' => array( '192.0.2.1', '2001:db8::/32' ),
			),
			$out
		);
	}

	public function test_the_limiter_counts_per_bucket_and_client_and_gives_back(): void {
		$now     = 1_800_000_000;
		$address = '198.51.100.' . wp_rand( 1, 254 );
		self::clear( $address );
		$this->assertTrue( RateLimiter::take( 'forms', $address, 2, $now ) );
		$this->assertTrue( RateLimiter::take( 'forms', $address, 2, $now + 1 ) );
		$this->assertFalse( RateLimiter::take( 'forms', $address, 2, $now + 2 ), 'the third of a limit of 2' );
		$this->assertTrue( RateLimiter::take( 'consent_log', $address, 2, $now ), 'another bucket' );
		$this->assertTrue( RateLimiter::take( 'forms', '203.0.113.77', 2, $now ), 'another client' );
		RateLimiter::give_back( 'forms', $address, $now );
		$this->assertSame( 1, RateLimiter::used( 'forms', $address, $now ) );
		$this->assertTrue( RateLimiter::take( 'forms', $address, 2, $now ), 'a slot given back is free again' );
		// The next window starts empty (forms: 600 s windows).
		$next = ( intdiv( $now, 600 ) + 1 ) * 600;
		$this->assertTrue( RateLimiter::take( 'forms', $address, 2, $next ) );
		// Finished windows are pruned; the current one stays.
		RateLimiter::prune( $next );
		$this->assertSame( 0, RateLimiter::used( 'forms', $address, $now ) );
		$this->assertSame( 1, RateLimiter::used( 'forms', $address, $next ) );
		self::clear( $address );
		self::clear( '203.0.113.77' );
		$this->expectException( \InvalidArgumentException::class );
		RateLimiter::take( 'nope', $address, 2, $now );
	}

	/**
	 * Forgets an address's counters in every bucket.
	 *
	 * @param string $address Client address.
	 * @return void
	 */
	private static function clear( string $address ): void {
		global $wpdb;
		foreach ( array_keys( RateLimiter::WINDOWS ) as $bucket ) {
			$wpdb->delete(
				Schema::table( 'limits' ),
				array(
					'bucket' => $bucket,
					'client' => RateLimiter::client( $bucket, $address ),
				)
			);
		}
	}
}
