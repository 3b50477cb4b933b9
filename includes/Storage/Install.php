<?php
/**
 * How the plugin's own tables are created and upgraded (the statistics and the form entries): dbDelta over the
 * table definitions, then the schema version; once at a time across concurrent requests.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Storage;

/**
 * The install steps every versioned schema shares.
 */
final class Install {

	/**
	 * Seconds after which a claim is taken to be abandoned (its request died) and taken over.
	 */
	public const STALE_SECONDS = 60;

	/**
	 * Runs `$install` in one request at a time: add_option() is the atomic claim (concurrent requests on `init` must
	 * not run dbDelta together: one would create a table the other has just created); the claim is released after.
	 *
	 * @param string   $lock_option Option that holds the claim.
	 * @param callable $install     The work.
	 * @return bool Whether this request ran it (false: another request holds a fresh claim).
	 */
	public static function claimed( string $lock_option, callable $install ): bool {
		if ( ! add_option( $lock_option, time(), '', false ) ) {
			if ( time() - (int) get_option( $lock_option, 0 ) < self::STALE_SECONDS ) {
				return false;
			}
			update_option( $lock_option, time(), false );
		}
		try {
			$install();
		} finally {
			delete_option( $lock_option );
		}
		return true;
	}

	/**
	 * Creates or upgrades tables with dbDelta and records the schema version.
	 *
	 * @param string[] $definitions    `CREATE TABLE` statements in dbDelta's format.
	 * @param string   $version_option Option of the installed version.
	 * @param string   $version        The code's version.
	 * @return array<string, string> What dbDelta changed (empty when everything was current).
	 */
	public static function db_delta( array $definitions, string $version_option, string $version ): array {
		if ( ! function_exists( 'dbDelta' ) ) {
			require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		}
		$changes = array();
		foreach ( $definitions as $sql ) {
			$changes = array_merge( $changes, (array) dbDelta( $sql ) );
		}
		update_option( $version_option, $version, true );
		return $changes;
	}
}
