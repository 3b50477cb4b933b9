<?php
/**
 * Data retention of the statistics: the daily event deletes aggregate rows past `retentionDays` in bounded batches,
 * the hourly one clears stale online rows and rate counters; both are scheduled and unscheduled.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\Retention;
use Tessera\Stats\Schema;
use Tessera\Stats\Settings;

/**
 * Rows are written on days of 2002 (no other test uses that year) and deleted afterwards.
 */
final class StatsRetentionTest extends TestCase {

	/**
	 * Keeps the settings and the schedule.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Settings::OPTION );
		$this->keep_option( 'cron' );
		$this->keep_option( 'timezone_string' );
		$this->keep_option( 'gmt_offset' );
		Schema::maybe_install();
		self::clean();
		Settings::flush();
	}

	/**
	 * Deletes the rows of 2002.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		self::clean();
		Settings::flush();
		parent::tearDown();
	}

	/**
	 * Deletes every row before 2003 (this test's days; other tests may have left some there too).
	 *
	 * @return void
	 */
	private static function clean(): void {
		global $wpdb;
		// Before 2003: this test's days of 2002, and what other tests' fixed clocks (2001) left behind, which a
		// retention run would count too.
		foreach ( Retention::TABLES as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $name ) . ' WHERE day < %s', '2003-01-01' ) ); // phpcs:ignore WordPress.DB -- table name only.
		}
		foreach ( Retention::MONTH_TABLES as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $name ) . ' WHERE month < %s', '2003-01-01' ) ); // phpcs:ignore WordPress.DB -- table name only.
		}
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( 'online' ) . ' WHERE visitor LIKE %s', 'retention%' ) ); // phpcs:ignore WordPress.DB -- table name only.
	}
	/**
	 * Stores the retention in the settings option.
	 *
	 * @param int $days Days.
	 * @return void
	 */
	private static function keep_days( int $days ): void {
		update_option( Settings::OPTION, array( 'retentionDays' => $days ), true );
		Settings::flush();
	}

	/**
	 * One row in every aggregate table for a day.
	 *
	 * @param string $day Day.
	 * @return void
	 */
	private static function seed( string $day ): void {
		global $wpdb;
		$wpdb->insert( Schema::table( 'visitors' ), array( 'day' => $day, 'visitor' => md5( $day ), 'first_seen' => $day . ' 10:00:00' ) );
		$wpdb->insert( Schema::table( 'pages' ), array( 'day' => $day, 'source_type' => 'post', 'source_id' => 1, 'uri_hash' => md5( '/' ), 'page_uri' => '/', 'views' => 3, 'visitors' => 1 ) );
		$wpdb->insert( Schema::table( 'referrers' ), array( 'day' => $day, 'host' => 'example.org', 'views' => 2 ) );
		$wpdb->insert( Schema::table( 'devices' ), array( 'day' => $day, 'browser' => 'Chrome', 'os' => 'Linux', 'device' => 'desktop', 'views' => 3 ) );
		$wpdb->insert( Schema::table( 'events' ), array( 'day' => $day, 'kind' => 'click', 'name' => 'example.org', 'target_hash' => md5( 'x' ), 'target' => 'https://example.org/', 'count' => 1 ) );
		$wpdb->insert( Schema::table( 'days' ), array( 'day' => $day, 'visitors' => 1, 'views' => 3 ) );
	}

	/**
	 * Days of 2002 that still have rows, per table.
	 *
	 * @return array<string, string[]>
	 */
	private static function days(): array {
		global $wpdb;
		$days = array();
		foreach ( Retention::TABLES as $name ) {
			$days[ $name ] = array_map( 'strval', $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT day FROM ' . Schema::table( $name ) . ' WHERE day >= %s AND day <= %s ORDER BY day', '2002-01-01', '2002-12-31' ) ) ); // phpcs:ignore WordPress.DB -- table name only.
		}
		return $days;
	}

	/**
	 * Noon UTC of a day of 2002.
	 *
	 * @param int $month Month.
	 * @param int $day   Day.
	 * @return int
	 */
	private static function noon( int $month, int $day ): int {
		return gmmktime( 12, 0, 0, $month, $day, 2002 );
	}

	/**
	 * With 30 days, rows of the 30 days up to today are kept, older ones deleted in every table; 0 keeps all.
	 *
	 * @return void
	 */
	public function test_deletes_rows_past_the_retention(): void {
		update_option( 'timezone_string', 'UTC' );
		foreach ( array( '2002-03-01', '2002-03-31', '2002-04-01', '2002-04-29', '2002-04-30' ) as $day ) {
			self::seed( $day );
		}
		$now = self::noon( 4, 30 );

		self::keep_days( 0 );
		$this->assertNull( Retention::cutoff( $now ) );
		$this->assertSame( 0, Retention::run( $now ), '0 keeps everything' );
		$this->assertCount( 5, self::days()['pages'] );

		self::keep_days( 30 );
		$this->assertSame( '2002-04-01', Retention::cutoff( $now ) );
		$this->assertSame( 12, Retention::run( $now ), 'two days of six tables' );
		foreach ( self::days() as $name => $days ) {
			$this->assertSame( array( '2002-04-01', '2002-04-29', '2002-04-30' ), $days, $name );
		}
		$this->assertSame( 0, Retention::run( $now ), 'nothing left to delete' );
	}

	/**
	 * One run deletes at most DAYS_PER_RUN days per table and schedules a follow-up run for the rest.
	 *
	 * @return void
	 */
	public function test_batches_are_bounded(): void {
		update_option( 'timezone_string', 'UTC' );
		$old = Retention::DAYS_PER_RUN + 5;
		for ( $i = 0; $i < $old; $i++ ) {
			self::seed( gmdate( 'Y-m-d', self::noon( 1, 1 ) + $i * DAY_IN_SECONDS ) );
		}
		self::keep_days( 30 );
		wp_clear_scheduled_hook( Retention::HOOK );
		$now = self::noon( 12, 31 );

		$this->assertSame( Retention::DAYS_PER_RUN * 6, Retention::run( $now ) );
		$this->assertCount( 5, self::days()['pages'], 'the newest old days are left for the next run' );
		$this->assertNotFalse( wp_next_scheduled( Retention::HOOK ), 'a follow-up run is scheduled' );
		$this->assertSame( 30, Retention::run( $now ) );
		$this->assertSame( array(), self::days()['pages'] );
	}

	/**
	 * schedule() adds the daily and hourly events once; unschedule() removes them; register_hooks() hooks the
	 * events, the scheduling and the deactivation.
	 *
	 * @return void
	 */
	public function test_schedule_and_hooks(): void {
		Retention::unschedule();
		$this->assertFalse( wp_next_scheduled( Retention::HOOK ) );
		Retention::schedule();
		$daily = wp_next_scheduled( Retention::HOOK );
		$this->assertNotFalse( $daily );
		$this->assertSame( 'daily', wp_get_schedule( Retention::HOOK ) );
		$this->assertSame( 'hourly', wp_get_schedule( Retention::HOOK_HOURLY ) );
		Retention::schedule();
		$this->assertSame( $daily, wp_next_scheduled( Retention::HOOK ), 'not scheduled twice' );
		Retention::unschedule();
		$this->assertFalse( wp_next_scheduled( Retention::HOOK ) );
		$this->assertFalse( wp_next_scheduled( Retention::HOOK_HOURLY ) );

		$retention = new Retention();
		$retention->register_hooks();
		$this->assertSame( 10, has_action( Retention::HOOK, array( Retention::class, 'run' ) ) );
		$this->assertSame( 10, has_action( Retention::HOOK_HOURLY, array( Retention::class, 'hourly' ) ) );
		$this->assertSame( 10, has_action( 'admin_init', array( Retention::class, 'schedule' ) ) );
		$this->assertSame( 10, has_action( 'deactivate_' . plugin_basename( TESSERA_FILE ), array( Retention::class, 'unschedule' ) ) );
		$this->assertSame( 10, has_action( 'admin_init', array( Retention::class, 'schedule' ) ), 'the plugin registers it too' );
	}

	/**
	 * The hourly event deletes online rows older than an hour and keeps newer ones.
	 *
	 * @return void
	 */
	public function test_hourly_prunes_online_rows(): void {
		global $wpdb;
		$now    = self::noon( 6, 1 );
		$online = Schema::table( 'online' );
		foreach ( array( 'retention-old' => $now - 3601, 'retention-new' => $now - 600 ) as $visitor => $seen ) {
			$wpdb->insert( $online, array( 'visitor' => $visitor, 'last_seen' => gmdate( 'Y-m-d H:i:s', $seen ), 'source_type' => 'post', 'source_id' => 1, 'page_uri' => '/' ) );
		}
		Retention::hourly( $now );
		$left = $wpdb->get_col( $wpdb->prepare( "SELECT visitor FROM {$online} WHERE visitor LIKE %s", 'retention%' ) ); // phpcs:ignore WordPress.DB -- table name only.
		$this->assertSame( array( 'retention-new' ), $left );
	}
}
