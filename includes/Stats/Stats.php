<?php
/**
 * The visitor statistics feature: collector, tracker output, dashboard, blocks, importer. docs/stats.md.
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
		Schema::OPTION_INSTALL_LOCK,
		Visitor::OPTION_SALT,
		RateLimit::OPTION_LIMIT,
		Collector::OPTION_SECRET,
		Settings::OPTION,
		Import\WpStatistics::OPTION,
		Import\WpStatistics::OPTION_LOCK,
	);

	/**
	 * Hooks everything.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		( new StatsAjax() )->register_hooks();
		( new Frontend() )->register_hooks();
		( new Privacy() )->register_hooks();
		// On init (not only admin_init): every hit follows a page view, so an update's new tables exist before
		// the first hit of the new code (a cheap version check otherwise).
		add_action( 'init', array( Schema::class, 'maybe_install' ) );
		( new Retention() )->register_hooks();
		( new Rest\ReportController() )->register_hooks();
		( new Rest\SettingsController() )->register_hooks();
		( new DashboardPage( \Tessera\Plugin::instance()->assets() ) )->register_hooks();
		( new Import\ImportController() )->register_hooks();
		( new ListColumn() )->register_hooks();
	}

	/**
	 * The capability needed to view the statistics (dashboard and report routes): filter
	 * `tessera_stats_view_capability`, default `manage_options`. Settings and import need manage_options.
	 *
	 * @return string
	 */
	public static function view_capability(): string {
		/**
		 * Capability needed to view the statistics.
		 *
		 * @param string $capability Default manage_options.
		 */
		$capability = apply_filters( 'tessera_stats_view_capability', 'manage_options' );
		return is_string( $capability ) && '' !== $capability ? $capability : 'manage_options';
	}

	/**
	 * Removes the tables and options of the current site (uninstall).
	 *
	 * @return void
	 */
	public static function uninstall(): void {
		Retention::unschedule();
		Schema::drop();
		foreach ( self::OPTIONS as $option ) {
			delete_option( $option );
		}
	}
}
