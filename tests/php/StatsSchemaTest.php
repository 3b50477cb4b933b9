<?php
/**
 * The statistics tables: dbDelta install, idempotence, lazy install on the first hit under SHORTINIT.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\Collector;
use Tessera\Stats\Schema;

/**
 * Runs against the site's real database (SQLite drop-in on the dev site).
 */
final class StatsSchemaTest extends TestCase {

	/**
	 * Keeps the version option.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Schema::OPTION_DB_VERSION );
	}

	/**
	 * Installing twice creates every table once and changes nothing the second time.
	 *
	 * @return void
	 */
	public function test_install_is_idempotent(): void {
		Schema::install();
		$again = Schema::install();
		$this->assertSame( array(), $again, 'the second dbDelta has nothing to change' );
		foreach ( array_keys( Schema::TABLES ) as $name ) {
			$this->assertTrue( Schema::exists( $name ), "table $name exists" );
		}
		$this->assertSame( Schema::DB_VERSION, get_option( Schema::OPTION_DB_VERSION ) );
	}

	/**
	 * An outdated version option makes maybe_install() run dbDelta and store the current version.
	 *
	 * @return void
	 */
	public function test_outdated_version_is_upgraded(): void {
		update_option( Schema::OPTION_DB_VERSION, '0' );
		$this->assertFalse( Schema::is_current() );
		Schema::maybe_install();
		$this->assertTrue( Schema::is_current() );
	}

	/**
	 * The primary keys are real: a second plain INSERT of the same (day, visitor) fails, so the upserts count.
	 *
	 * @return void
	 */
	public function test_primary_key_rejects_duplicates(): void {
		global $wpdb;
		Schema::maybe_install();
		$table    = Schema::table( 'visitors' );
		$suppress = $wpdb->suppress_errors( true );
		$first    = $wpdb->insert( $table, array( 'day' => '2000-02-02', 'visitor' => str_repeat( 'a', 32 ), 'first_seen' => '2000-02-02 00:00:00' ) );
		$second   = $wpdb->insert( $table, array( 'day' => '2000-02-02', 'visitor' => str_repeat( 'a', 32 ), 'first_seen' => '2000-02-02 00:00:01' ) );
		$wpdb->suppress_errors( $suppress );
		$wpdb->delete( $table, array( 'day' => '2000-02-02' ) );
		$this->assertSame( 1, $first );
		$this->assertFalse( $second, 'duplicate key refused' );
	}

	/**
	 * With no tables and no version option, the first hit to collect.php (SHORTINIT: no dbDelta) creates every
	 * table, stores the version and records the hit. Only runs when the site holds no statistics yet.
	 *
	 * @return void
	 */
	public function test_first_hit_installs_under_shortinit(): void {
		global $wpdb;
		Schema::maybe_install();
		foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'events', 'online' ) as $name ) {
			$rows = (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( $name ) ); // phpcs:ignore WordPress.DB -- table name only.
			if ( $rows > 0 ) {
				$this->markTestSkipped( "The site already has statistics ($name); not dropping them." );
			}
		}
		Schema::drop();
		wp_cache_delete( 'alloptions', 'options' );
		$this->assertFalse( Schema::exists( 'pages' ) );

		$base     = rtrim( (string) getenv( 'WP_BASE_URL' ), '/' );
		$base     = '' === $base ? home_url() : $base;
		$uri      = '/tessera-install-' . wp_generate_password( 6, false );
		$response = wp_remote_post(
			$base . '/wp-content/plugins/tessera/collect.php?endpoint=hit',
			array(
				'headers' => array( 'User-Agent' => 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' ),
				'body'    => array(
					'source_type' => 'page',
					'source_id'   => '0',
					'signature'   => Collector::signature( 'page', 0 ),
					'page_uri'    => rawurlencode( $uri ),
					'referred'    => '',
				),
				'timeout' => 20,
			)
		);
		$this->assertIsArray( $response, is_wp_error( $response ) ? $response->get_error_message() : '' );
		$this->assertSame( '{"status":true}', wp_remote_retrieve_body( $response ) );
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( Schema::OPTION_DB_VERSION, 'options' );
		foreach ( array_keys( Schema::TABLES ) as $name ) {
			$this->assertTrue( Schema::exists( $name ), "table $name created by the SHORTINIT path" );
		}
		$this->assertSame( Schema::DB_VERSION, (string) get_option( Schema::OPTION_DB_VERSION ) );
		$views = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT views FROM ' . Schema::table( 'pages' ) . ' WHERE page_uri = %s', $uri ) ); // phpcs:ignore WordPress.DB -- table name only.
		$this->assertSame( 1, $views, 'the hit that installed the tables is recorded' );

		// The tables were empty before: empty them again (rate counters included).
		foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'online', 'limits' ) as $name ) {
			$wpdb->query( 'DELETE FROM ' . Schema::table( $name ) ); // phpcs:ignore WordPress.DB -- table name only.
		}
	}
}
