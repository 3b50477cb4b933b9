<?php
/**
 * The visitor statistics feature (increment 1: recording only). docs/stats.md.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Registers the collector's admin-ajax actions and REST routes and keeps the tables current.
 */
final class Stats {

	/**
	 * Options the feature stores (for uninstall).
	 */
	public const OPTIONS = array(
		Schema::OPTION_DB_VERSION,
		Visitor::OPTION_SALT,
		RateLimit::OPTION_LIMIT,
		Collector::OPTION_SECRET,
	);

	/**
	 * Hooks everything.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		( new StatsAjax() )->register_hooks();
		add_action( 'admin_init', array( Schema::class, 'maybe_install' ) );
	}

	/**
	 * Removes the tables and options of the current site (uninstall).
	 *
	 * @return void
	 */
	public static function uninstall(): void {
		Schema::drop();
		foreach ( self::OPTIONS as $option ) {
			delete_option( $option );
		}
	}
}
