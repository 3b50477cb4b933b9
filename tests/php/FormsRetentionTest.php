<?php
/**
 * Retention of form entries: the setting (sanitised 0..3650 days), the daily event that deletes entries older than
 * the setting in bounded batches, its scheduling and hooks.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\Entries;
use Tessera\Forms\Retention;
use Tessera\Forms\Schema;

/**
 * Entries are dated 1985 (no other test uses that year) for form ids no real form has, and deleted in tearDown().
 * The setting is never stored: a `pre_option_` filter answers it in this process only, so that a WP-Cron run of the
 * shared test site cannot delete other tests' entries.
 */
final class FormsRetentionTest extends TestCase {

	/**
	 * Entries made by the test.
	 *
	 * @var list<int>
	 */
	private array $entries = array();

	/**
	 * The test's form id.
	 *
	 * @var int
	 */
	private int $form = 0;

	/**
	 * Keeps the schedule and the option; installs the tables.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( 'cron' );
		$this->keep_option( Retention::OPTION );
		Schema::maybe_install();
		$this->form = 3800000000 + random_int( 1, 99999999 );
	}

	/**
	 * Deletes the test's entries that are left.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->entries as $id ) {
			Entries::delete( $id );
		}
		$this->entries = array();
		parent::tearDown();
	}

	/**
	 * Answers the setting in this process.
	 *
	 * @param int $days Days.
	 * @return void
	 */
	private function keep_days( int $days ): void {
		$this->add_test_filter( 'pre_option_' . Retention::OPTION, static fn (): int => $days );
	}

	/**
	 * An entry created at a moment.
	 *
	 * @param string $utc UTC `Y-m-d H:i:s`.
	 * @return int
	 */
	private function entry( string $utc ): int {
		global $wpdb;
		$id              = Entries::create( $this->form, bin2hex( random_bytes( 16 ) ), array( 'email' => 'old@example.test' ) )['id'];
		$this->entries[] = $id;
		$wpdb->update( Schema::table( 'entries' ), array( 'created_at' => $utc ), array( 'id' => $id ) ); // phpcs:ignore WordPress.DB -- test data.
		return $id;
	}

	/**
	 * The test's entries that still exist.
	 *
	 * @return list<int>
	 */
	private function left(): array {
		return array_values( array_filter( $this->entries, static fn ( int $id ): bool => null !== Entries::get( $id ) ) );
	}

	/**
	 * Noon UTC of a day of 1985.
	 *
	 * @param int $month Month.
	 * @param int $day   Day.
	 * @return int
	 */
	private static function noon( int $month, int $day ): int {
		return gmmktime( 12, 0, 0, $month, $day, 1985 );
	}

	/**
	 * Submitted values become whole days from 0 to 3650; anything else keeps entries forever (0).
	 *
	 * @return void
	 */
	public function test_sanitize_days(): void {
		$cases = array(
			array( 0, 0 ),
			array( 30, 30 ),
			array( '30', 30 ),
			array( ' 7 ', 7 ),
			array( 12.9, 12 ),
			array( '1e3', 1000 ),
			array( -5, 0 ),
			array( '-1', 0 ),
			array( 99999, Retention::MAX_DAYS ),
			array( 'abc', 0 ),
			array( '', 0 ),
			array( null, 0 ),
			array( true, 0 ),
			array( array( 5 ), 0 ),
			array( NAN, 0 ),
			array( INF, 0 ),
		);
		foreach ( $cases as $case ) {
			$this->assertSame( $case[1], Retention::sanitize_days( $case[0] ), (string) wp_json_encode( $case[0] ) );
		}
	}

	/**
	 * The option is a registered setting: default 0, sanitised on save, in REST with its bounds.
	 *
	 * @return void
	 */
	public function test_setting_is_registered(): void {
		$registered = array_key_exists( Retention::OPTION, get_registered_settings() );
		Retention::register_setting();
		$settings = get_registered_settings();
		$this->assertArrayHasKey( Retention::OPTION, $settings );
		$this->assertSame( 'integer', $settings[ Retention::OPTION ]['type'] );
		$this->assertSame( 0, $settings[ Retention::OPTION ]['default'] );
		$this->assertSame( Retention::MAX_DAYS, $settings[ Retention::OPTION ]['show_in_rest']['schema']['maximum'] );
		$this->assertSame( Retention::MAX_DAYS, sanitize_option( Retention::OPTION, '99999' ) );
		$this->assertSame( 0, sanitize_option( Retention::OPTION, 'forever' ) );
		delete_option( Retention::OPTION );
		$this->assertSame( 0, Retention::days(), 'default: keep forever' );
		$this->assertNull( Retention::cutoff() );
		if ( ! $registered ) {
			unregister_setting( Retention::GROUP, Retention::OPTION );
		}
	}

	/**
	 * With 30 days, entries created more than 30 days ago are deleted, newer ones kept; 0 keeps all.
	 *
	 * @return void
	 */
	public function test_deletes_entries_past_the_retention(): void {
		$now    = self::noon( 6, 15 );
		$oldest = $this->entry( '1985-01-01 00:00:00' );
		$old    = $this->entry( '1985-05-16 11:59:59' );
		$edge   = $this->entry( '1985-05-16 12:00:00' );
		$new    = $this->entry( '1985-06-14 09:00:00' );

		$this->keep_days( 0 );
		$this->assertNull( Retention::cutoff( $now ) );
		$this->assertSame( 0, Retention::run( $now ), '0 keeps everything' );
		$this->assertCount( 4, $this->left() );

		$this->keep_days( 30 );
		$this->assertSame( '1985-05-16 12:00:00', Retention::cutoff( $now ) );
		$this->assertSame( 2, Retention::run( $now ) );
		$this->assertSame( array( $edge, $new ), $this->left(), 'exactly 30 days old is kept' );
		$this->assertNull( Entries::get( $oldest ) );
		$this->assertNull( Entries::get( $old ) );
		$this->assertSame( 0, Retention::run( $now ), 'nothing left to delete' );
	}

	/**
	 * One run deletes at most batches × batch entries and schedules a follow-up run for the rest; a run that finishes
	 * schedules nothing.
	 *
	 * @return void
	 */
	public function test_batches_are_bounded(): void {
		for ( $day = 1; $day <= 5; $day++ ) {
			$this->entry( sprintf( '1985-02-%02d 10:00:00', $day ) );
		}
		$kept = $this->entry( '1985-06-10 10:00:00' );
		$this->keep_days( 30 );
		$now = self::noon( 6, 15 );

		Retention::unschedule();
		$this->assertSame( 4, Retention::run( $now, 2, 2 ) );
		$this->assertCount( 2, $this->left(), 'the newest old entry is left for the next run' );
		$next = wp_next_scheduled( Retention::HOOK );
		$this->assertNotFalse( $next, 'a follow-up run is scheduled' );
		$this->assertLessThanOrEqual( time() + Retention::FOLLOW_UP + 5, $next );

		Retention::unschedule();
		$this->assertSame( 1, Retention::run( $now, 2, 2 ) );
		$this->assertSame( array( $kept ), $this->left() );
		$this->assertFalse( wp_next_scheduled( Retention::HOOK ), 'nothing left: no follow-up' );
		$this->assertSame( 5000, Retention::BATCH * Retention::MAX_BATCHES, 'at most 5000 entries per run by default' );
	}

	/**
	 * schedule() adds the daily event once, unschedule() removes it; register_hooks() hooks the setting, the
	 * scheduling, the event (which takes no argument) and the deactivation.
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
		Retention::schedule();
		$this->assertSame( $daily, wp_next_scheduled( Retention::HOOK ), 'not scheduled twice' );
		Retention::unschedule();
		$this->assertFalse( wp_next_scheduled( Retention::HOOK ) );

		$deactivate = 'deactivate_' . plugin_basename( TESSERA_FILE );
		$hooks      = array(
			array( Retention::HOOK, array( Retention::class, 'run' ) ),
			array( 'init', array( Retention::class, 'schedule' ) ),
			array( 'init', array( Retention::class, 'register_setting' ) ),
			array( $deactivate, array( Retention::class, 'unschedule' ) ),
		);
		// The plugin may have hooked them already: only what this test adds is removed again.
		$before = array_map( static fn ( array $hook ): bool => false !== has_action( $hook[0], $hook[1] ), $hooks );
		$retention = new Retention();
		$retention->register_hooks();
		foreach ( $hooks as $hook ) {
			$this->assertSame( 10, has_action( $hook[0], $hook[1] ), $hook[0] );
		}
		// The event passes no argument (and a bare do_action() passes ''): run() is hooked to take none.
		$old = $this->entry( '1985-01-01 00:00:00' );
		$this->keep_days( 0 );
		do_action( Retention::HOOK );
		$this->assertNotNull( Entries::get( $old ), '0 days: kept' );
		foreach ( $hooks as $index => $hook ) {
			if ( ! $before[ $index ] ) {
				remove_action( $hook[0], $hook[1] );
			}
		}
	}
}
