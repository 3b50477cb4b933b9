<?php
/**
 * Aggregate rows of the `pages` statistics table written directly by the post-views tests. Loaded by their
 * setUp() (the bootstrap does not know it).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\Schema;

/**
 * Static helpers: the tests remember the source IDs they wrote and delete them in tearDown().
 */
final class StatsRows {

	/**
	 * A site-local day N days before today, `Y-m-d` (as the collector writes `day`).
	 *
	 * @param int $ago Days before today.
	 * @return string
	 */
	public static function days_ago( int $ago ): string {
		return ( new \DateTimeImmutable( 'now', wp_timezone() ) )->modify( '-' . $ago . ' days' )->format( 'Y-m-d' );
	}

	/**
	 * Makes sure the tables exist (another suite may have dropped them and put the version option back).
	 *
	 * @return void
	 */
	public static function ensure_tables(): void {
		if ( ! Schema::exists( 'pages' ) ) {
			Schema::install();
		}
	}

	/**
	 * Inserts one `pages` row (installing the tables first when needed).
	 *
	 * @param int    $source_id   Post ID.
	 * @param int    $views       Views.
	 * @param int    $ago         Days before today.
	 * @param string $source_type Source type.
	 * @param string $uri         Page URI (rows of one day and source differ by it; '' = `/?p=<id>`).
	 * @return bool Whether the row was inserted.
	 */
	public static function insert( int $source_id, int $views, int $ago = 0, string $source_type = 'post', string $uri = '' ): bool {
		global $wpdb;
		self::ensure_tables();
		$uri = '' === $uri ? '/?p=' . $source_id : $uri;
		return 1 === $wpdb->insert(
			Schema::table( 'pages' ),
			array(
				'day'         => self::days_ago( $ago ),
				'source_type' => $source_type,
				'source_id'   => $source_id,
				'uri_hash'    => md5( $uri ),
				'page_uri'    => $uri,
				'views'       => $views,
				'visitors'    => 1,
			)
		);
	}

	/**
	 * Deletes every row of some sources.
	 *
	 * @param int[] $source_ids Source IDs.
	 * @return void
	 */
	public static function delete( array $source_ids ): void {
		global $wpdb;
		foreach ( array_unique( $source_ids ) as $source_id ) {
			$wpdb->delete( Schema::table( 'pages' ), array( 'source_id' => $source_id ), array( '%d' ) );
		}
	}
}
