<?php
/**
 * The form entries tables `{prefix}tessera_form_entries` and `{prefix}tessera_form_entry_values` (docs/forms.md,
 * "Entries"): schema and versioned install with dbDelta.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

use Tessera\Storage\Install;

/**
 * Static access to the table names and their creation.
 *
 * - entries (id)  form_id, submission (unique across all forms: one token, one entry), status, created_at (UTC),
 *                 page_id, user_id
 * - values  (id)  entry_id, field_id, value (a checkbox's list as JSON)
 *
 * No IP address or user agent is stored.
 */
final class Schema {

	/**
	 * Schema version of the code.
	 */
	public const DB_VERSION = '2';

	/**
	 * Option that holds the installed schema version.
	 */
	public const OPTION_DB_VERSION = 'tessera_forms_db_version';

	/**
	 * Option that one request holds while it installs or upgrades the tables.
	 */
	public const OPTION_INSTALL_LOCK = 'tessera_forms_install_lock';

	/**
	 * Seconds after which an install claim is considered abandoned and may be taken over.
	 */
	public const LOCK_SECONDS = Install::STALE_SECONDS;

	/**
	 * Table names without the site prefix, by short name.
	 */
	public const TABLES = array(
		'entries' => 'tessera_form_entries',
		'values'  => 'tessera_form_entry_values',
	);

	/**
	 * Full name of one table on the current site.
	 *
	 * @param string $short Short name (a key of TABLES).
	 * @return string
	 * @throws \InvalidArgumentException When the short name is not a key of TABLES.
	 */
	public static function table( string $short ): string {
		global $wpdb;
		if ( ! isset( self::TABLES[ $short ] ) ) {
			throw new \InvalidArgumentException( 'Unknown forms table: ' . esc_html( $short ) );
		}
		return $wpdb->prefix . self::TABLES[ $short ];
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
	 * Installs or upgrades the tables when the stored schema version is not the current one (on activation and on
	 * `init`).
	 *
	 * Concurrent requests must not run dbDelta together (one would try to create a table the other has just
	 * created): add_option() is the atomic claim, released when the install is done. A claim older than
	 * LOCK_SECONDS is abandoned (its request died) and taken over.
	 *
	 * @return bool Whether the tables are current afterwards (false: another request is installing them).
	 */
	public static function maybe_install(): bool {
		if ( self::is_current() ) {
			return true;
		}
		Install::claimed( self::OPTION_INSTALL_LOCK, array( self::class, 'install' ) );
		return self::is_current();
	}

	/**
	 * Creates or upgrades both tables with dbDelta and records the schema version.
	 *
	 * @return array<string, string> What dbDelta changed (empty when everything was current).
	 */
	public static function install(): array {
		return Install::db_delta( self::definitions(), self::OPTION_DB_VERSION, self::DB_VERSION );
	}

	/**
	 * Whether a table exists.
	 *
	 * @param string $short Short name.
	 * @return bool
	 */
	public static function exists( string $short ): bool {
		global $wpdb;
		$table = self::table( $short );
		return $table === $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) );
	}

	/**
	 * Drops both tables and forgets the schema version (uninstall).
	 *
	 * @return void
	 */
	public static function drop(): void {
		global $wpdb;
		foreach ( array_keys( self::TABLES ) as $short ) {
			$table = self::table( $short );
			$wpdb->query( "DROP TABLE IF EXISTS {$table}" ); // phpcs:ignore WordPress.DB -- table name only.
		}
		delete_option( self::OPTION_DB_VERSION );
		delete_option( self::OPTION_INSTALL_LOCK );
	}

	/**
	 * The CREATE TABLE statements in dbDelta's format (two spaces after PRIMARY KEY, one field or index per line,
	 * no spaces in index column lists). The same SQL runs on MariaDB/MySQL and, translated by the SQLite Database
	 * Integration, on SQLite.
	 *
	 * `value(191)`: an index prefix that fits utf8mb4 in the 767-byte limit of older InnoDB row formats.
	 *
	 * Version 2 added `submission` (unique on its own): a token is the browser's, one per form view, so a token
	 * already used on another form is refused rather than stored twice (docs/forms.md, "Behind a page cache").
	 * `form_submission` stays: dbDelta never drops a key, so fresh and upgraded sites keep the same keys.
	 *
	 * @return array<string, string> Short name => statement.
	 */
	public static function definitions(): array {
		global $wpdb;
		$charset = $wpdb->get_charset_collate();
		$entries = self::table( 'entries' );
		$values  = self::table( 'values' );
		return array(
			'entries' => "CREATE TABLE {$entries} (
id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
form_id bigint(20) unsigned NOT NULL DEFAULT 0,
submission char(32) NOT NULL DEFAULT '',
status varchar(10) NOT NULL DEFAULT 'unread',
created_at datetime NOT NULL,
page_id bigint(20) unsigned NOT NULL DEFAULT 0,
user_id bigint(20) unsigned NOT NULL DEFAULT 0,
PRIMARY KEY  (id),
UNIQUE KEY form_submission (form_id,submission),
UNIQUE KEY submission (submission),
KEY form_created (form_id,created_at),
KEY status (status)
) {$charset};",
			'values'  => "CREATE TABLE {$values} (
id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
entry_id bigint(20) unsigned NOT NULL DEFAULT 0,
field_id varchar(40) NOT NULL DEFAULT '',
value longtext NOT NULL,
PRIMARY KEY  (id),
KEY entry_id (entry_id),
KEY field_value (field_id,value(191))
) {$charset};",
		);
	}
}
