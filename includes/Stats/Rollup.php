<?php
/**
 * Rebuilds the dashboard rollups (`days`, `pages_month`, `referrers_month`) from the daily tables, for data that
 * did not come through the collector: the WP Statistics importer, the seeding script, retention clean-up.
 *
 * The collector keeps the rollups current itself (one upsert each per hit); this is the bulk path.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Bulk rollup rebuild (full WordPress: `$wpdb`).
 */
final class Rollup {

	/**
	 * The first day of a date's month.
	 *
	 * @param string $day Y-m-d.
	 * @return string Y-m-01.
	 */
	public static function month( string $day ): string {
		return substr( $day, 0, 7 ) . '-01';
	}

	/**
	 * Rebuilds the rollups of every day from $from to $to and of every month those days touch (whole months:
	 * a month row sums all the month's daily rows).
	 *
	 * @param string $from First day, Y-m-d.
	 * @param string $to   Last day, Y-m-d.
	 * @return void
	 */
	public static function rebuild( string $from, string $to ): void {
		global $wpdb;
		if ( ! self::is_day( $from ) || ! self::is_day( $to ) || $from > $to ) {
			return;
		}
		$days      = Schema::table( 'days' );
		$pages     = Schema::table( 'pages' );
		$visitors  = Schema::table( 'visitors' );
		$referrers = Schema::table( 'referrers' );
		$pmonth    = Schema::table( 'pages_month' );
		$rmonth    = Schema::table( 'referrers_month' );

		// Days: views from the page rows, visitors from the visitor rows.
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- own tables, names only.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$days} WHERE day BETWEEN %s AND %s", $from, $to ) );
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$days} (day, visitors, views) SELECT day, 0, SUM(views) FROM {$pages} WHERE day BETWEEN %s AND %s GROUP BY day", $from, $to ) );
		$counts = (array) $wpdb->get_results( $wpdb->prepare( "SELECT day, COUNT(*) AS n FROM {$visitors} WHERE day BETWEEN %s AND %s GROUP BY day", $from, $to ), ARRAY_A );
		foreach ( $counts as $row ) {
			$wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$days} (day, visitors, views) VALUES (%s, %d, 0) ON DUPLICATE KEY UPDATE visitors = %d",
					$row['day'],
					(int) $row['n'],
					(int) $row['n']
				)
			);
		}

		// Months: whole months, from their daily rows.
		for ( $month = self::month( $from ); $month <= self::month( $to ); $month = gmdate( 'Y-m-01', (int) strtotime( $month . ' +1 month' ) ) ) {
			$last = gmdate( 'Y-m-t', (int) strtotime( $month ) );
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$pmonth} WHERE month = %s", $month ) );
			$wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$pmonth} (month, source_type, source_id, uri_hash, views, visitors) SELECT %s, source_type, source_id, uri_hash, SUM(views), SUM(visitors) FROM {$pages} WHERE day BETWEEN %s AND %s GROUP BY source_type, source_id, uri_hash",
					$month,
					$month,
					$last
				)
			);
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$rmonth} WHERE month = %s", $month ) );
			$wpdb->query(
				$wpdb->prepare(
					"INSERT INTO {$rmonth} (month, host, views) SELECT %s, host, SUM(views) FROM {$referrers} WHERE day BETWEEN %s AND %s GROUP BY host",
					$month,
					$month,
					$last
				)
			);
		}
		// phpcs:enable
	}

	/**
	 * Whether a string is a valid Y-m-d date.
	 *
	 * @param string $day Candidate.
	 * @return bool
	 */
	private static function is_day( string $day ): bool {
		return 1 === preg_match( '/^\d{4}-\d{2}-\d{2}$/', $day ) && checkdate( (int) substr( $day, 5, 2 ), (int) substr( $day, 8, 2 ), (int) substr( $day, 0, 4 ) );
	}
}
