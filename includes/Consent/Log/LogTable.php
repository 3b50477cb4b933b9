<?php
/**
 * The consent log table `{prefix}tessera_consent_log`: schema (dbDelta, versioned), insert, listing, pruning and
 * the rows of one user. Contract: docs/consent.md, "Consent log". No IP address and no user agent are stored.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent\Log;

/**
 * Static access to the table. Every method installs or upgrades the table first when the stored schema version
 * is not the current one, so no activation hook is needed.
 */
final class LogTable {

	/**
	 * Table name without the site prefix.
	 */
	public const NAME = 'tessera_consent_log';

	/**
	 * Schema version of the code.
	 */
	public const DB_VERSION = '1';

	/**
	 * Option that holds the installed schema version.
	 */
	public const OPTION_DB_VERSION = 'tessera_consent_log_db_version';

	/**
	 * Full table name of the current site.
	 *
	 * @return string
	 */
	public static function table(): string {
		global $wpdb;
		return $wpdb->prefix . self::NAME;
	}

	/**
	 * Installs or upgrades the table when the stored schema version is not the current one.
	 *
	 * @return void
	 */
	public static function maybe_install(): void {
		if ( self::DB_VERSION !== (string) get_option( self::OPTION_DB_VERSION, '' ) ) {
			self::install();
		}
	}

	/**
	 * Creates or upgrades the table with dbDelta and records the schema version.
	 *
	 * @return void
	 */
	public static function install(): void {
		global $wpdb;
		if ( ! function_exists( 'dbDelta' ) ) {
			require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		}
		$table   = self::table();
		$charset = $wpdb->get_charset_collate();
		// dbDelta's format: two spaces after PRIMARY KEY, one field per line.
		$sql = "CREATE TABLE {$table} (
id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
consent_id char(32) NOT NULL DEFAULT '',
law varchar(10) NOT NULL DEFAULT '',
consent varchar(10) NOT NULL DEFAULT '',
categories text NOT NULL,
banner_version char(12) NOT NULL DEFAULT '',
user_id bigint(20) unsigned NOT NULL DEFAULT 0,
created_at datetime NOT NULL,
PRIMARY KEY  (id),
KEY consent_id (consent_id),
KEY user_id (user_id),
KEY created_at (created_at)
) {$charset};";
		dbDelta( $sql );
		update_option( self::OPTION_DB_VERSION, self::DB_VERSION, true );
	}

	/**
	 * Stores one record.
	 *
	 * @param string              $consent_id     The visitor's consent id (32 letters/digits).
	 * @param string              $law            Active law (gdpr|ccpa).
	 * @param string              $consent        yes|no|reject.
	 * @param array<string, bool> $categories     Slug => allowed.
	 * @param string              $banner_version Banner version (12 hex digits).
	 * @param int                 $user_id        User id, 0 for visitors.
	 * @param string|null         $created_at     UTC `Y-m-d H:i:s`; now when null.
	 * @return int The new row id, 0 when nothing was stored.
	 */
	public static function insert( string $consent_id, string $law, string $consent, array $categories, string $banner_version, int $user_id = 0, ?string $created_at = null ): int {
		global $wpdb;
		self::maybe_install();
		$clean = array();
		foreach ( $categories as $slug => $allowed ) {
			$clean[ (string) $slug ] = (bool) $allowed;
		}
		$ok = $wpdb->insert(
			self::table(),
			array(
				'consent_id'     => $consent_id,
				'law'            => $law,
				'consent'        => $consent,
				'categories'     => (string) wp_json_encode( (object) $clean ),
				'banner_version' => $banner_version,
				'user_id'        => max( 0, $user_id ),
				'created_at'     => $created_at ?? gmdate( 'Y-m-d H:i:s' ),
			),
			array( '%s', '%s', '%s', '%s', '%s', '%d', '%s' )
		);
		return false === $ok ? 0 : (int) $wpdb->insert_id;
	}

	/**
	 * One page of rows, newest first, optionally only those whose consent id contains the search.
	 *
	 * @param string $search   Part of a consent id ('' = all rows). Only letters and digits count.
	 * @param int    $page     Page number from 1.
	 * @param int    $per_page Rows per page.
	 * @return array{items: array<int, array<string, mixed>>, total: int}
	 */
	public static function query( string $search = '', int $page = 1, int $per_page = 20 ): array {
		global $wpdb;
		self::maybe_install();
		$table    = self::table();
		$search   = (string) preg_replace( '/[^A-Za-z0-9]/', '', $search );
		$per_page = max( 1, $per_page );
		$offset   = ( max( 1, $page ) - 1 ) * $per_page;
		if ( '' === $search ) {
			$total = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
			$rows  = $wpdb->get_results(
				$wpdb->prepare( "SELECT * FROM {$table} ORDER BY created_at DESC, id DESC LIMIT %d OFFSET %d", $per_page, $offset ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
				ARRAY_A
			);
		} else {
			$like  = '%' . $wpdb->esc_like( $search ) . '%';
			$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE consent_id LIKE %s", $like ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
			$rows  = $wpdb->get_results(
				$wpdb->prepare( "SELECT * FROM {$table} WHERE consent_id LIKE %s ORDER BY created_at DESC, id DESC LIMIT %d OFFSET %d", $like, $per_page, $offset ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
				ARRAY_A
			);
		}
		return array(
			'items' => array_map( array( self::class, 'normalise' ), is_array( $rows ) ? $rows : array() ),
			'total' => $total,
		);
	}

	/**
	 * Rows after a given id, oldest first (for streaming every row in batches).
	 *
	 * @param int $after_id Last id already read (0 to start).
	 * @param int $limit    Batch size.
	 * @return array<int, array<string, mixed>>
	 */
	public static function batch_after( int $after_id, int $limit = 500 ): array {
		global $wpdb;
		self::maybe_install();
		$table = self::table();
		$rows  = $wpdb->get_results(
			$wpdb->prepare( "SELECT * FROM {$table} WHERE id > %d ORDER BY id ASC LIMIT %d", $after_id, max( 1, $limit ) ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
			ARRAY_A
		);
		return array_map( array( self::class, 'normalise' ), is_array( $rows ) ? $rows : array() );
	}

	/**
	 * Deletes the rows created more than `$days` days ago.
	 *
	 * @param int $days Age in days; 0 or less deletes nothing.
	 * @return int Rows deleted.
	 */
	public static function delete_older_than( int $days ): int {
		global $wpdb;
		if ( $days <= 0 ) {
			return 0;
		}
		self::maybe_install();
		$table  = self::table();
		$cutoff = gmdate( 'Y-m-d H:i:s', time() - $days * DAY_IN_SECONDS );
		$done   = $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE created_at < %s", $cutoff ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		return is_int( $done ) ? $done : 0;
	}

	/**
	 * One page of a user's rows, oldest first.
	 *
	 * @param int $user_id  User id (must be positive).
	 * @param int $page     Page number from 1.
	 * @param int $per_page Rows per page.
	 * @return array<int, array<string, mixed>>
	 */
	public static function rows_by_user( int $user_id, int $page = 1, int $per_page = 100 ): array {
		global $wpdb;
		if ( $user_id <= 0 ) {
			return array();
		}
		self::maybe_install();
		$table    = self::table();
		$per_page = max( 1, $per_page );
		$offset   = ( max( 1, $page ) - 1 ) * $per_page;
		$rows     = $wpdb->get_results(
			$wpdb->prepare( "SELECT * FROM {$table} WHERE user_id = %d ORDER BY id ASC LIMIT %d OFFSET %d", $user_id, $per_page, $offset ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
			ARRAY_A
		);
		return array_map( array( self::class, 'normalise' ), is_array( $rows ) ? $rows : array() );
	}

	/**
	 * How many rows a user has.
	 *
	 * @param int $user_id User id.
	 * @return int
	 */
	public static function count_by_user( int $user_id ): int {
		global $wpdb;
		if ( $user_id <= 0 ) {
			return 0;
		}
		self::maybe_install();
		$table = self::table();
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE user_id = %d", $user_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
	}

	/**
	 * Deletes (at most `$limit` of) a user's rows, oldest first.
	 *
	 * @param int $user_id User id (must be positive).
	 * @param int $limit   Most rows to delete; 0 = all.
	 * @return int Rows deleted.
	 */
	public static function delete_by_user( int $user_id, int $limit = 0 ): int {
		global $wpdb;
		if ( $user_id <= 0 ) {
			return 0;
		}
		self::maybe_install();
		$table = self::table();
		if ( $limit <= 0 ) {
			$done = $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE user_id = %d", $user_id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
			return is_int( $done ) ? $done : 0;
		}
		$ids = array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE user_id = %d ORDER BY id ASC LIMIT %d", $user_id, $limit ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		if ( ! $ids ) {
			return 0;
		}
		$placeholders = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
		$done         = $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE user_id = %d AND id IN ({$placeholders})", $user_id, ...$ids ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name and placeholders only.
		return is_int( $done ) ? $done : 0;
	}

	/**
	 * Drops the table and forgets the schema version (uninstall).
	 *
	 * @return void
	 */
	public static function drop(): void {
		global $wpdb;
		$table = self::table();
		$wpdb->query( "DROP TABLE IF EXISTS {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		delete_option( self::OPTION_DB_VERSION );
	}

	/**
	 * A row with its types restored: ints, and categories decoded to slug => bool (stored values stay hostile:
	 * anything that is not a JSON object of booleans reads as no categories).
	 *
	 * @param array<string, mixed> $row Raw row.
	 * @return array{id: int, consent_id: string, law: string, consent: string, categories: array<string, bool>, banner_version: string, user_id: int, created_at: string}
	 */
	public static function normalise( array $row ): array {
		$decoded    = json_decode( (string) ( $row['categories'] ?? '' ), true );
		$categories = array();
		if ( is_array( $decoded ) ) {
			foreach ( $decoded as $slug => $allowed ) {
				if ( is_string( $slug ) && is_bool( $allowed ) ) {
					$categories[ $slug ] = $allowed;
				}
			}
		}
		return array(
			'id'             => (int) ( $row['id'] ?? 0 ),
			'consent_id'     => (string) ( $row['consent_id'] ?? '' ),
			'law'            => (string) ( $row['law'] ?? '' ),
			'consent'        => (string) ( $row['consent'] ?? '' ),
			'categories'     => $categories,
			'banner_version' => (string) ( $row['banner_version'] ?? '' ),
			'user_id'        => (int) ( $row['user_id'] ?? 0 ),
			'created_at'     => (string) ( $row['created_at'] ?? '' ),
		);
	}
}
