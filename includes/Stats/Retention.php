<?php
/**
 * Data retention of the statistics (docs/stats.md, "Storage"): a daily WP-Cron event deletes aggregate rows older
 * than the `retentionDays` setting (0 = keep forever) in bounded batches, and an hourly one clears what the
 * collector no longer needs (online rows older than an hour, finished rate-limit minutes) — work that used to run
 * on one hit in 100 and is now off the hot path.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Scheduled on `admin_init` when missing (that runs right after the plugin is activated from the admin), removed on
 * deactivation (and so before an uninstall, which WordPress only offers for deactivated plugins).
 */
final class Retention {

	/**
	 * Daily cron hook: aggregate rows past the retention.
	 */
	public const HOOK = 'tessera_stats_retention';

	/**
	 * Hourly cron hook: stale online rows and rate-limit counters.
	 */
	public const HOOK_HOURLY = 'tessera_stats_prune';

	/**
	 * Tables with a `day` column that the retention applies to.
	 */
	public const TABLES = array( 'visitors', 'pages', 'referrers', 'devices', 'events', 'days' );

	/**
	 * Monthly rollups: whole months before the cutoff's month go; the cutoff's month is rebuilt from what is left.
	 */
	public const MONTH_TABLES = array( 'pages_month', 'referrers_month' );

	/**
	 * Days deleted per table in one run (one day of one table is one DELETE: a bounded batch). What is left is
	 * taken up by a follow-up event a minute later.
	 */
	public const DAYS_PER_RUN = 31;

	/**
	 * Hooks the scheduling and the events.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'admin_init', array( self::class, 'schedule' ) );
		add_action( self::HOOK, array( self::class, 'run' ) );
		add_action( self::HOOK_HOURLY, array( self::class, 'hourly' ) );
		if ( defined( 'TESSERA_FILE' ) ) {
			register_deactivation_hook( TESSERA_FILE, array( self::class, 'unschedule' ) );
		}
	}

	/**
	 * Schedules both events when they are not scheduled yet.
	 *
	 * @return void
	 */
	public static function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::HOOK );
		}
		if ( false === wp_next_scheduled( self::HOOK_HOURLY ) ) {
			wp_schedule_event( time() + 5 * MINUTE_IN_SECONDS, 'hourly', self::HOOK_HOURLY );
		}
	}

	/**
	 * Removes both events (deactivation, uninstall).
	 *
	 * @return void
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
		wp_clear_scheduled_hook( self::HOOK_HOURLY );
	}

	/**
	 * The first day that is kept, `Y-m-d` in the site's time zone (the `day` column's), or null when everything
	 * is kept (`retentionDays` 0).
	 *
	 * @param int|null $now Unix time (tests); null for now.
	 * @return string|null
	 */
	public static function cutoff( ?int $now = null ): ?string {
		$days = (int) ( Settings::get()['retentionDays'] ?? 0 );
		if ( $days <= 0 ) {
			return null;
		}
		$today = ( new \DateTimeImmutable( '@' . ( $now ?? time() ) ) )->setTimezone( wp_timezone() );
		return $today->modify( '-' . ( $days - 1 ) . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * Deletes the aggregate rows of days before the cutoff, oldest first, one day of one table per statement and
	 * at most DAYS_PER_RUN days per table; schedules a follow-up run when days are left.
	 *
	 * @param int|null $now Unix time (tests); null for now.
	 * @return int Rows deleted.
	 */
	public static function run( ?int $now = null ): int {
		global $wpdb;
		$cutoff = self::cutoff( $now );
		if ( null === $cutoff ) {
			return 0;
		}
		$deleted = 0;
		$more    = false;
		foreach ( self::TABLES as $name ) {
			$table = Schema::table( $name );
			// The primary keys start with `day`: both statements use the index.
			$days = $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT day FROM {$table} WHERE day < %s ORDER BY day LIMIT %d", $cutoff, self::DAYS_PER_RUN + 1 ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name only; aggregates, no cache.
			if ( count( $days ) > self::DAYS_PER_RUN ) {
				$more = true;
				array_pop( $days );
			}
			foreach ( $days as $day ) {
				$deleted += (int) $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE day = %s", $day ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name only.
			}
		}
		$month = Rollup::month( $cutoff );
		foreach ( self::MONTH_TABLES as $name ) {
			$table    = Schema::table( $name );
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE month < %s", $month ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name only.
		}
		if ( ! $more ) {
			Rollup::rebuild( $month, $cutoff );
		}
		if ( $more ) {
			// Refused (harmlessly) when a run is already due within ten minutes.
			wp_schedule_single_event( time() + MINUTE_IN_SECONDS, self::HOOK );
		}
		return $deleted;
	}

	/**
	 * The hourly clean-up: online rows older than an hour, rate-limit counters of finished minutes.
	 *
	 * @param int|null $now Unix time (tests); null for now.
	 * @return void
	 */
	public static function hourly( ?int $now = null ): void {
		( new Collector( $now ) )->maybe_prune( $now ?? time(), true );
	}
}
