<?php
/**
 * The statistics tables `{prefix}tessera_stats_*` (docs/stats.md, "Storage"): schema, versioned install with
 * dbDelta, and a SHORTINIT-safe first install. Loaded without the plugin's autoloader by collect.php.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

use Tessera\Storage\Install;

/**
 * Static access to the table names and their creation.
 *
 * The tables hold aggregates only (no raw hits, no IP address, no user agent):
 * - visitors  (day, visitor)                                  first_seen
 * - pages     (day, source_type, source_id, uri_hash)         page_uri, views, visitors
 * - referrers (day, host)                                     views
 * - devices   (day, browser, os, device)                      views
 * - events    (day, kind, name, target_hash)                  target, count
 * - online    (visitor)                                       last_seen, source_type, source_id, page_uri
 * - limits    (bucket, client, slot)                          expires, hits — the one rate limiter's counters
 *   (Tessera\Http\RateLimiter: the collector, form entries, consent records). Its name has no `stats_`: it serves
 *   every feature; it lives here because the collector, which runs without WordPress, creates the tables.
 */
final class Schema {

	/**
	 * Schema version of the code.
	 */
	public const DB_VERSION = '3';

	/**
	 * Option that holds the installed schema version.
	 */
	public const OPTION_DB_VERSION = 'tessera_stats_db_version';

	/**
	 * Option that one request holds while it upgrades the tables.
	 */
	public const OPTION_INSTALL_LOCK = 'tessera_stats_install_lock';

	/**
	 * Table names without the site prefix, by short name.
	 */
	public const TABLES = array(
		'visitors'  => 'tessera_stats_visitors',
		'pages'     => 'tessera_stats_pages',
		'referrers' => 'tessera_stats_referrers',
		'devices'   => 'tessera_stats_devices',
		'events'    => 'tessera_stats_events',
		'online'    => 'tessera_stats_online',
		'limits'    => 'tessera_rate_limits',
		'days'      => 'tessera_stats_days',
		'pages_month' => 'tessera_stats_pages_month',
		'referrers_month' => 'tessera_stats_referrers_month',
	);

	/**
	 * Full name of one table on the current site.
	 *
	 * @param string $name Short name (a key of TABLES).
	 * @return string
	 */
	public static function table( string $name ): string {
		global $wpdb;
		return $wpdb->prefix . self::TABLES[ $name ];
	}

	/**
	 * Whether the stored schema version is the current one.
	 *
	 * @return bool
	 */
	public static function is_current(): bool {
		return self::DB_VERSION === (string) get_option( self::OPTION_DB_VERSION, '' );
	}

	/**
	 * Installs or upgrades the tables when the stored schema version is not the current one.
	 *
	 * In full WordPress this runs dbDelta. Under SHORTINIT (collect.php) wp-admin/includes/upgrade.php cannot be
	 * loaded (it needs the l10n functions SHORTINIT skips), so there the tables are created with
	 * `CREATE TABLE IF NOT EXISTS` from the same definitions: a first install, or an update that only adds tables
	 * (version 2 added the rollups). A future change to existing columns must go through dbDelta (on `init`).
	 *
	 * @return void
	 */
	public static function maybe_install(): void {
		if ( self::is_current() ) {
			return;
		}
		// get_locale() exists in full WordPress only (l10n.php is loaded after SHORTINIT returns).
		if ( function_exists( 'dbDelta' ) || function_exists( 'get_locale' ) ) {
			// One request at a time (maybe_install runs on init).
			Install::claimed( self::OPTION_INSTALL_LOCK, array( self::class, 'install' ) );
			return;
		}
		// Under SHORTINIT: a first install, or an update that adds tables (CREATE TABLE IF NOT EXISTS).
		self::create_missing();
	}

	/**
	 * Creates or upgrades every table with dbDelta and records the schema version.
	 *
	 * @return array<string, string> What dbDelta changed (empty when everything was current).
	 */
	public static function install(): array {
		global $wpdb;
		// Version 3 moved the collector's own counters (`tessera_stats_rate`) into the shared `limits` table.
		$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}tessera_stats_rate" ); // phpcs:ignore WordPress.DB -- a fixed table name.
		return Install::db_delta( self::definitions(), self::OPTION_DB_VERSION, self::DB_VERSION );
	}

	/**
	 * SHORTINIT first install: `CREATE TABLE IF NOT EXISTS` for every table, then the version when all exist.
	 *
	 * @return bool Whether every table exists afterwards.
	 */
	public static function create_missing(): bool {
		global $wpdb;
		foreach ( self::definitions() as $sql ) {
			$wpdb->query( (string) preg_replace( '/^CREATE TABLE /', 'CREATE TABLE IF NOT EXISTS ', $sql ) ); // phpcs:ignore WordPress.DB -- fixed definitions, no input.
		}
		foreach ( array_keys( self::TABLES ) as $name ) {
			if ( ! self::exists( $name ) ) {
				return false;
			}
		}
		// A concurrent first hit may have stored it already: add_option() then fails harmlessly.
		if ( ! add_option( self::OPTION_DB_VERSION, self::DB_VERSION, '', true ) ) {
			update_option( self::OPTION_DB_VERSION, self::DB_VERSION, true );
		}
		return true;
	}

	/**
	 * Whether a table exists.
	 *
	 * @param string $name Short name.
	 * @return bool
	 */
	public static function exists( string $name ): bool {
		global $wpdb;
		$table = self::table( $name );
		return $table === $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) );
	}

	/**
	 * Drops every table and forgets the schema version (uninstall).
	 *
	 * @return void
	 */
	public static function drop(): void {
		global $wpdb;
		foreach ( array_keys( self::TABLES ) as $name ) {
			$table = self::table( $name );
			$wpdb->query( "DROP TABLE IF EXISTS {$table}" ); // phpcs:ignore WordPress.DB -- table name only.
		}
		delete_option( self::OPTION_DB_VERSION );
	}

	/**
	 * The CREATE TABLE statements in dbDelta's format (two spaces after PRIMARY KEY, one field per line). The
	 * same SQL runs on MariaDB/MySQL and, translated by the SQLite Database Integration, on SQLite.
	 *
	 * @return array<string, string> Short name => statement.
	 */
	public static function definitions(): array {
		global $wpdb;
		$charset = $wpdb->get_charset_collate();
		$t       = array();
		foreach ( array_keys( self::TABLES ) as $name ) {
			$t[ $name ] = self::table( $name );
		}
		return array(
			'visitors'  => "CREATE TABLE {$t['visitors']} (
day date NOT NULL,
visitor char(32) NOT NULL DEFAULT '',
first_seen datetime NOT NULL,
PRIMARY KEY  (day,visitor)
) {$charset};",
			'pages'     => "CREATE TABLE {$t['pages']} (
day date NOT NULL,
source_type varchar(20) NOT NULL DEFAULT '',
source_id bigint(20) unsigned NOT NULL DEFAULT 0,
uri_hash char(32) NOT NULL DEFAULT '',
page_uri text NOT NULL,
views bigint(20) unsigned NOT NULL DEFAULT 0,
visitors bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (day,source_type,source_id,uri_hash),
KEY source (source_type,source_id)
) {$charset};",
			'referrers' => "CREATE TABLE {$t['referrers']} (
day date NOT NULL,
host varchar(191) NOT NULL DEFAULT '',
views bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (day,host)
) {$charset};",
			'devices'   => "CREATE TABLE {$t['devices']} (
day date NOT NULL,
browser varchar(32) NOT NULL DEFAULT '',
os varchar(32) NOT NULL DEFAULT '',
device varchar(16) NOT NULL DEFAULT '',
views bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (day,browser,os,device)
) {$charset};",
			'events'    => "CREATE TABLE {$t['events']} (
day date NOT NULL,
kind varchar(10) NOT NULL DEFAULT '',
name varchar(191) NOT NULL DEFAULT '',
target_hash char(32) NOT NULL DEFAULT '',
target text NOT NULL,
count bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (day,kind,name,target_hash)
) {$charset};",
			'online'    => "CREATE TABLE {$t['online']} (
visitor char(32) NOT NULL DEFAULT '',
last_seen datetime NOT NULL,
source_type varchar(20) NOT NULL DEFAULT '',
source_id bigint(20) unsigned NOT NULL DEFAULT 0,
page_uri text NOT NULL,
PRIMARY KEY  (visitor),
KEY last_seen (last_seen)
) {$charset};",
			'limits'    => "CREATE TABLE {$t['limits']} (
bucket varchar(20) NOT NULL DEFAULT '',
client char(32) NOT NULL DEFAULT '',
slot bigint(20) unsigned NOT NULL DEFAULT 0,
expires bigint(20) unsigned NOT NULL DEFAULT 0,
hits int(10) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (bucket,client,slot),
KEY expires (expires)
) {$charset};",
			// Rollups for the dashboard (a year is 365 day rows, or 12 month rows per page/host): upserted with the
			// daily rows on every hit, so that no report groups hundreds of thousands of daily rows.
			'days'      => "CREATE TABLE {$t['days']} (
day date NOT NULL,
visitors bigint(20) unsigned NOT NULL DEFAULT 0,
views bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (day)
) {$charset};",
			'pages_month' => "CREATE TABLE {$t['pages_month']} (
month date NOT NULL,
source_type varchar(20) NOT NULL DEFAULT '',
source_id bigint(20) unsigned NOT NULL DEFAULT 0,
uri_hash char(32) NOT NULL DEFAULT '',
views bigint(20) unsigned NOT NULL DEFAULT 0,
visitors bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (month,source_type,source_id,uri_hash)
) {$charset};",
			'referrers_month' => "CREATE TABLE {$t['referrers_month']} (
month date NOT NULL,
host varchar(191) NOT NULL DEFAULT '',
views bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (month,host)
) {$charset};",
		);
	}
}
