<?php
/**
 * Retention of the consent log: option `tessera_consent_log_retention` (days, default 365, 0 = keep forever) and
 * the daily cron event `tessera_consent_log_prune` that deletes older rows.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent\Log;

/**
 * Schedules the daily prune on `init` when it is missing; unschedule() is for the plugin's deactivation hook.
 */
final class Retention {

	/**
	 * Option: how many days rows are kept (0 = forever).
	 */
	public const OPTION = 'tessera_consent_log_retention';

	/**
	 * Cron hook.
	 */
	public const HOOK = 'tessera_consent_log_prune';

	/**
	 * Default retention in days.
	 */
	public const DEFAULT_DAYS = 365;

	/**
	 * Longest retention accepted (about 100 years).
	 */
	public const MAX_DAYS = 36500;

	/**
	 * Hooks the scheduling and the cron event.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( self::class, 'schedule' ) );
		add_action( self::HOOK, array( self::class, 'prune' ) );
	}

	/**
	 * Schedules the daily event when it is not scheduled yet.
	 *
	 * @return void
	 */
	public static function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::HOOK );
		}
	}

	/**
	 * Removes the event (plugin deactivation).
	 *
	 * @return void
	 */
	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/**
	 * The retention in days (0 = keep forever); the default when the option is missing or not a valid number.
	 *
	 * @return int
	 */
	public static function days(): int {
		$value = get_option( self::OPTION, null );
		if ( is_int( $value ) || ( is_string( $value ) && 1 === preg_match( '/^\d{1,5}$/', $value ) ) ) {
			$days = (int) $value;
			return $days <= self::MAX_DAYS ? $days : self::DEFAULT_DAYS;
		}
		return self::DEFAULT_DAYS;
	}

	/**
	 * Stores the retention.
	 *
	 * @param int $days Days, 0–MAX_DAYS.
	 * @return bool False when the value is out of range (nothing stored).
	 */
	public static function set_days( int $days ): bool {
		if ( $days < 0 || $days > self::MAX_DAYS ) {
			return false;
		}
		update_option( self::OPTION, $days, false );
		return true;
	}

	/**
	 * Deletes the rows older than the retention (nothing when it is 0).
	 *
	 * @return int Rows deleted.
	 */
	public static function prune(): int {
		$days = self::days();
		return $days > 0 ? LogTable::delete_older_than( $days ) : 0;
	}
}
