<?php
/**
 * Retention of form entries: the setting "delete entries older than N days" (option
 * `tessera_forms_retention_days`, 0 = keep forever) and the daily WP-Cron event `tessera_forms_retention` that
 * deletes older entries of every form in bounded batches.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Scheduled on `init` when missing, removed on deactivation (and so before an uninstall, which WordPress only offers
 * for deactivated plugins; uninstall.php clears it too).
 *
 * Choices:
 * - The setting is a registered setting (group `tessera_forms`, in REST as `tessera_forms_retention_days` for users
 *   who can `manage_options`), sanitised to a whole number from 0 to MAX_DAYS; anything not a number is 0 (keep:
 *   a typo never deletes entries).
 * - An entry older than N days is one created more than N × 24 hours ago (UTC, to the second).
 * - One run deletes at most MAX_BATCHES × BATCH entries; when that was not all, a follow-up run is scheduled five
 *   minutes later instead of waiting a day.
 */
final class Retention {

	/**
	 * The daily cron hook.
	 */
	public const HOOK = 'tessera_forms_retention';

	/**
	 * The option: days to keep entries (0 = forever).
	 */
	public const OPTION = 'tessera_forms_retention_days';

	/**
	 * The settings group of the option.
	 */
	public const GROUP = 'tessera_forms';

	/**
	 * Largest number of days (ten years).
	 */
	public const MAX_DAYS = 3650;

	/**
	 * Entries deleted per batch, and batches per run.
	 */
	public const BATCH       = 500;
	public const MAX_BATCHES = 10;

	/**
	 * Seconds until the follow-up run when entries are left.
	 */
	public const FOLLOW_UP = 300;

	/**
	 * Hooks the setting, the scheduling, the event and the deactivation.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( self::class, 'register_setting' ) );
		add_action( 'init', array( self::class, 'schedule' ) );
		// No arguments: the event passes none, and a bare do_action() would pass ''.
		add_action( self::HOOK, array( self::class, 'run' ), 10, 0 );
		if ( defined( 'TESSERA_FILE' ) ) {
			register_deactivation_hook( TESSERA_FILE, array( self::class, 'unschedule' ) );
		}
	}

	/**
	 * Registers the option as a setting (sanitised on every save, shown in the REST settings).
	 *
	 * @return void
	 */
	public static function register_setting(): void {
		register_setting(
			self::GROUP,
			self::OPTION,
			array(
				'type'              => 'integer',
				'description'       => __( 'Delete form entries older than this many days (0 = keep them forever).', 'tessera' ),
				'default'           => 0,
				'sanitize_callback' => array( self::class, 'sanitize_days' ),
				'show_in_rest'      => array(
					'schema' => array(
						'type'    => 'integer',
						'minimum' => 0,
						'maximum' => self::MAX_DAYS,
					),
				),
			)
		);
	}

	/**
	 * A number of days from a submitted value: a whole number from 0 to MAX_DAYS (fractions rounded down); anything
	 * that is not a number is 0.
	 *
	 * @param mixed $value Submitted value.
	 * @return int
	 */
	public static function sanitize_days( $value ): int {
		if ( is_string( $value ) ) {
			$value = trim( $value );
		}
		if ( ! is_int( $value ) && ! ( is_float( $value ) && is_finite( $value ) ) && ! ( is_string( $value ) && is_numeric( $value ) ) ) {
			return 0;
		}
		$days = (float) $value;
		if ( $days <= 0 ) {
			return 0;
		}
		return (int) min( self::MAX_DAYS, floor( $days ) );
	}

	/**
	 * The stored number of days (0 = keep forever).
	 *
	 * @return int
	 */
	public static function days(): int {
		return self::sanitize_days( get_option( self::OPTION, 0 ) );
	}

	/**
	 * Schedules the daily event when it is not scheduled.
	 *
	 * @return void
	 */
	public static function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::HOOK );
		}
	}

	/**
	 * Removes the event (deactivation, uninstall).
	 *
	 * @return void
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/**
	 * The moment before which entries are deleted, UTC `Y-m-d H:i:s`, or null when entries are kept forever.
	 *
	 * @param int|null $now Unix time (tests); null for now.
	 * @return string|null
	 */
	public static function cutoff( ?int $now = null ): ?string {
		$days = self::days();
		if ( 0 === $days ) {
			return null;
		}
		return gmdate( 'Y-m-d H:i:s', ( $now ?? time() ) - $days * DAY_IN_SECONDS );
	}

	/**
	 * Deletes the entries older than the retention, oldest first, in at most $batches batches of $batch; schedules a
	 * follow-up run when the last batch was full.
	 *
	 * @param int|null $now     Unix time (tests); null for now.
	 * @param int      $batch   Entries per batch (tests; 1 to Entries::MAX_BATCH).
	 * @param int      $batches Batches per run (tests).
	 * @return int Entries deleted.
	 */
	public static function run( ?int $now = null, int $batch = self::BATCH, int $batches = self::MAX_BATCHES ): int {
		$cutoff = self::cutoff( $now );
		if ( null === $cutoff ) {
			return 0;
		}
		$batch   = min( Entries::MAX_BATCH, max( 1, $batch ) );
		$deleted = 0;
		$more    = false;
		for ( $i = 0; $i < max( 1, $batches ); $i++ ) {
			$count    = Entries::delete_before( $cutoff, $batch );
			$deleted += $count;
			$more     = $count >= $batch;
			if ( ! $more ) {
				break;
			}
		}
		if ( $more ) {
			// Refused (harmlessly) when a run is already due within ten minutes.
			wp_schedule_single_event( time() + self::FOLLOW_UP, self::HOOK );
		}
		return $deleted;
	}
}
