<?php
/**
 * The dashboard's queries: totals, days, top pages, referrers, devices, events and who is online, read from the
 * aggregate tables of Schema (never a raw-hit table: there is none). Totals and days come from the `days` rollup
 * (one row a day); pages and referrers from the month rollups for the whole months of the period plus the daily
 * rows of its partial months at either end, so that a year reads 12 month rows per page instead of 365 day rows.
 * Every query filters on the leading column of a primary key. The SQL is plain (SUM, GROUP BY, ORDER BY, LIMIT,
 * UNION ALL, a derived table): the same text runs on MariaDB/MySQL and, translated by the SQLite Database
 * Integration, on SQLite. Contract: docs/stats.md ("Dashboard queries").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

use DateTimeImmutable;
use InvalidArgumentException;

/**
 * Statistics of one period of days (inclusive), as the collector writes them (site-local dates).
 */
final class Report {

	/**
	 * Longest period, in days.
	 */
	public const MAX_DAYS = 3660;

	/**
	 * Largest page of rows a list method answers (the CSV export reads whole lists up to this).
	 */
	public const MAX_LIMIT = 10000;

	/**
	 * Device columns by the name devices() takes.
	 */
	public const DEVICE_COLUMNS = array(
		'browser' => 'browser',
		'os'      => 'os',
		'device'  => 'device',
	);

	/**
	 * Event kinds.
	 */
	public const EVENT_KINDS = array( 'custom', 'click', 'download' );

	/**
	 * First day, Y-m-d.
	 *
	 * @var string
	 */
	private string $from;

	/**
	 * Last day, Y-m-d.
	 *
	 * @var string
	 */
	private string $to;

	/**
	 * Today in the site's time zone, Y-m-d: no statistics are stored for a later day.
	 *
	 * @var string
	 */
	private string $today;

	/**
	 * A report of the days from $from to $to, both included.
	 *
	 * @param string      $from  First day, Y-m-d.
	 * @param string      $to    Last day, Y-m-d.
	 * @param string|null $today Today, Y-m-d (default: the site's today; a test gives another).
	 * @throws InvalidArgumentException When a date is not a real Y-m-d date, $to is before $from, or the period is
	 *                                  longer than MAX_DAYS days.
	 */
	public function __construct( string $from, string $to, ?string $today = null ) {
		$start = self::date( $from );
		$end   = self::date( $to );
		if ( null === $start || null === $end ) {
			throw new InvalidArgumentException( 'A date is not a valid Y-m-d date.' );
		}
		if ( $end < $start ) {
			throw new InvalidArgumentException( 'The period ends before it starts.' );
		}
		if ( self::span( $start, $end ) > self::MAX_DAYS ) {
			throw new InvalidArgumentException( 'The period is longer than ' . self::MAX_DAYS . ' days.' );
		}
		$this->from  = $from;
		$this->to    = $to;
		$this->today = $today ?? current_time( 'Y-m-d' );
	}

	/**
	 * The first day.
	 *
	 * @return string
	 */
	public function from(): string {
		return $this->from;
	}

	/**
	 * The last day.
	 *
	 * @return string
	 */
	public function to(): string {
		return $this->to;
	}

	/**
	 * Unique visitors (one per visitor and day, as the daily salt makes them) and page views of the period.
	 *
	 * @return array{visitors: int, views: int}
	 */
	public function totals(): array {
		global $wpdb;
		$days = Schema::table( 'days' );
		$row  = $wpdb->get_row( $wpdb->prepare( "SELECT SUM(visitors) AS visitors, SUM(views) AS views FROM {$days} WHERE day >= %s AND day <= %s", $this->from, $this->to ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name only.
		return array(
			'visitors' => (int) ( $row['visitors'] ?? 0 ),
			'views'    => (int) ( $row['views'] ?? 0 ),
		);
	}

	/**
	 * Visitors and views of every day of the period, in order, days without data as zeros.
	 *
	 * @return array<int, array{day: string, visitors: int, views: int}>
	 */
	public function daily(): array {
		global $wpdb;
		$days = Schema::table( 'days' );
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT day, visitors, views FROM {$days} WHERE day >= %s AND day <= %s", $this->from, $this->to ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name only.
		$by_day = array();
		foreach ( self::days( $this->from, $this->to ) as $day ) {
			$by_day[ $day ] = array(
				'day'      => $day,
				'visitors' => 0,
				'views'    => 0,
			);
		}
		foreach ( (array) $rows as $row ) {
			$day = substr( (string) $row['day'], 0, 10 );
			if ( isset( $by_day[ $day ] ) ) {
				$by_day[ $day ]['visitors'] = (int) $row['visitors'];
				$by_day[ $day ]['views']    = (int) $row['views'];
			}
		}
		return array_values( $by_day );
	}

	/**
	 * The most viewed pages of the period: one row per page (source and address), most views first (ties: more
	 * visitors first, then by source and address hash).
	 *
	 * @param int $limit  Rows, 1..MAX_LIMIT.
	 * @param int $offset Rows to skip, >= 0.
	 * @return array<int, array{source_type: string, source_id: int, page_uri: string, views: int, visitors: int}>
	 * @throws InvalidArgumentException On a limit or offset out of range.
	 */
	public function top_pages( int $limit = 10, int $offset = 0 ): array {
		global $wpdb;
		self::check_limit( $limit );
		if ( $offset < 0 ) {
			throw new InvalidArgumentException( 'The offset is negative.' );
		}
		$pages = Schema::table( 'pages' );
		$parts = $this->parts();
		// Whole months from the month rollup, the partial months at either end from the daily rows; grouped on the
		// short key columns only (a TEXT column in the grouping pushes the temporary table to disk on MariaDB); the
		// address of each of the few rows answered is then read through the `source` index.
		$rows = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"SELECT g.source_type, g.source_id, g.total_views, g.total_visitors,
					(SELECT p.page_uri FROM {$pages} p WHERE p.source_type = g.source_type AND p.source_id = g.source_id AND p.uri_hash = g.uri_hash LIMIT 1) AS uri
				FROM (
					SELECT source_type, source_id, uri_hash, SUM(views) AS total_views, SUM(visitors) AS total_visitors
					FROM (
						SELECT source_type, source_id, uri_hash, views, visitors FROM " . Schema::table( 'pages_month' ) . " WHERE month >= %s AND month <= %s
						UNION ALL
						SELECT source_type, source_id, uri_hash, views, visitors FROM {$pages} WHERE ( day >= %s AND day <= %s ) OR ( day >= %s AND day <= %s )
						UNION ALL
						SELECT source_type, source_id, uri_hash, 0 - CAST(views AS SIGNED), 0 - CAST(visitors AS SIGNED) FROM {$pages} WHERE ( day >= %s AND day <= %s ) OR ( day >= %s AND day <= %s )
					) u
					GROUP BY source_type, source_id, uri_hash
					HAVING SUM(views) > 0
					ORDER BY total_views DESC, total_visitors DESC, source_type ASC, source_id ASC, uri_hash ASC
					LIMIT %d OFFSET %d
				) g
				ORDER BY g.total_views DESC, g.total_visitors DESC, g.source_type ASC, g.source_id ASC, g.uri_hash ASC", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names only.
				$parts['months'][0],
				$parts['months'][1],
				$parts['head'][0],
				$parts['head'][1],
				$parts['tail'][0],
				$parts['tail'][1],
				$parts['less_head'][0],
				$parts['less_head'][1],
				$parts['less_tail'][0],
				$parts['less_tail'][1],
				$limit,
				$offset
			),
			ARRAY_A
		);
		$list = array();
		foreach ( (array) $rows as $row ) {
			$list[] = array(
				'source_type' => (string) $row['source_type'],
				'source_id'   => (int) $row['source_id'],
				'page_uri'    => (string) $row['uri'],
				'views'       => (int) $row['total_views'],
				'visitors'    => (int) $row['total_visitors'],
			);
		}
		return $list;
	}

	/**
	 * The referring hosts of the period, most views first. The empty host is a visit without a referrer.
	 *
	 * @param int $limit Rows, 1..MAX_LIMIT.
	 * @return array<int, array{host: string, views: int}>
	 * @throws InvalidArgumentException On a limit out of range.
	 */
	public function referrers( int $limit = 10 ): array {
		global $wpdb;
		self::check_limit( $limit );
		$parts = $this->parts();
		$rows  = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"SELECT host, SUM(views) AS total_views FROM (
					SELECT host, views FROM " . Schema::table( 'referrers_month' ) . " WHERE month >= %s AND month <= %s
					UNION ALL
					SELECT host, views FROM " . Schema::table( 'referrers' ) . ' WHERE ( day >= %s AND day <= %s ) OR ( day >= %s AND day <= %s )
					UNION ALL
					SELECT host, 0 - CAST(views AS SIGNED) FROM ' . Schema::table( 'referrers' ) . ' WHERE ( day >= %s AND day <= %s ) OR ( day >= %s AND day <= %s )
				) u
				GROUP BY host HAVING SUM(views) > 0 ORDER BY total_views DESC, host ASC LIMIT %d', // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names only.
				$parts['months'][0],
				$parts['months'][1],
				$parts['head'][0],
				$parts['head'][1],
				$parts['tail'][0],
				$parts['tail'][1],
				$parts['less_head'][0],
				$parts['less_head'][1],
				$parts['less_tail'][0],
				$parts['less_tail'][1],
				$limit
			),
			ARRAY_A
		);
		$list = array();
		foreach ( (array) $rows as $row ) {
			$list[] = array(
				'host'  => (string) $row['host'],
				'views' => (int) $row['total_views'],
			);
		}
		return $list;
	}

	/**
	 * Views of the period by browser, operating system or device type, most views first.
	 *
	 * @param string $by browser | os | device.
	 * @return array<int, array{name: string, views: int}>
	 * @throws InvalidArgumentException On another $by.
	 */
	public function devices( string $by ): array {
		global $wpdb;
		if ( ! isset( self::DEVICE_COLUMNS[ $by ] ) ) {
			throw new InvalidArgumentException( 'Devices are grouped by browser, os or device.' );
		}
		$column  = self::DEVICE_COLUMNS[ $by ];
		$devices = Schema::table( 'devices' );
		$rows    = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"SELECT {$column} AS name, SUM(views) AS total_views FROM {$devices} WHERE day >= %s AND day <= %s GROUP BY {$column} ORDER BY total_views DESC, name ASC", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table and allow-listed column names only.
				$this->from,
				$this->to
			),
			ARRAY_A
		);
		$list = array();
		foreach ( (array) $rows as $row ) {
			$list[] = array(
				'name'  => (string) $row['name'],
				'views' => (int) $row['total_views'],
			);
		}
		return $list;
	}

	/**
	 * Events of one kind in the period, by name and target, most frequent first.
	 *
	 * @param string $kind  custom | click | download.
	 * @param int    $limit Rows, 1..MAX_LIMIT.
	 * @return array<int, array{name: string, target: string, count: int}>
	 * @throws InvalidArgumentException On another kind or a limit out of range.
	 */
	public function events( string $kind, int $limit = 10 ): array {
		global $wpdb;
		if ( ! in_array( $kind, self::EVENT_KINDS, true ) ) {
			throw new InvalidArgumentException( 'Event kinds are custom, click and download.' );
		}
		self::check_limit( $limit );
		$events = Schema::table( 'events' );
		$rows   = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery
			$wpdb->prepare(
				"SELECT name, MIN(target) AS first_target, SUM(count) AS total FROM {$events}
				WHERE day >= %s AND day <= %s AND kind = %s
				GROUP BY name, target_hash
				ORDER BY total DESC, name ASC, first_target ASC
				LIMIT %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
				$this->from,
				$this->to,
				$kind,
				$limit
			),
			ARRAY_A
		);
		$list = array();
		foreach ( (array) $rows as $row ) {
			$list[] = array(
				'name'   => (string) $row['name'],
				'target' => (string) $row['first_target'],
				'count'  => (int) $row['total'],
			);
		}
		return $list;
	}

	/**
	 * Visitors online now (seen in the last Collector::ONLINE_WINDOW seconds) and the pages they are on, most
	 * visitors first.
	 *
	 * @param int $limit Pages, 1..MAX_LIMIT.
	 * @return array{count: int, pages: array<int, array{page_uri: string, source_type: string, source_id: int, visitors: int}>}
	 * @throws InvalidArgumentException On a limit out of range.
	 */
	public static function online( int $limit = 10 ): array {
		global $wpdb;
		self::check_limit( $limit );
		$online = Schema::table( 'online' );
		$since  = gmdate( 'Y-m-d H:i:s', time() - Collector::ONLINE_WINDOW );
		// phpcs:disable WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.DirectDatabaseQuery -- table name only.
		$count = $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$online} WHERE last_seen >= %s", $since ) );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT source_type, source_id, page_uri, COUNT(*) AS total FROM {$online} WHERE last_seen >= %s
				GROUP BY source_type, source_id, page_uri ORDER BY total DESC, page_uri ASC LIMIT %d",
				$since,
				$limit
			),
			ARRAY_A
		);
		// phpcs:enable
		$pages = array();
		foreach ( (array) $rows as $row ) {
			$pages[] = array(
				'page_uri'    => (string) $row['page_uri'],
				'source_type' => (string) $row['source_type'],
				'source_id'   => (int) $row['source_id'],
				'visitors'    => (int) $row['total'],
			);
		}
		return array(
			'count' => (int) $count,
			'pages' => $pages,
		);
	}

	/**
	 * The period in rollup parts: whole months from the month rollups (first days of the first and last such
	 * month), and at either end the partial month's days — either added from the daily rows (`head`, `tail`) or,
	 * when that is fewer rows, the partial month taken whole from the rollup and the days outside the period
	 * subtracted (`less_head`, `less_tail`): a month rollup always holds exactly the sum of its stored days (the
	 * same hit writes both; retention rebuilds the month it cuts). The month of a period that reaches today is
	 * whole already (nothing is stored after today). A part that does not exist is an empty range (its first day
	 * after its last). So a period reads at most about half a month of daily rows: 36 000 rows instead of 60 000
	 * for a year on a big site.
	 *
	 * @return array{months: array{0: string, 1: string}, head: array{0: string, 1: string}, tail: array{0: string, 1: string}, less_head: array{0: string, 1: string}, less_tail: array{0: string, 1: string}}
	 */
	public function parts(): array {
		$none  = array( '9999-12-31', '1000-01-01' );
		$start = self::date( $this->from );
		$end   = self::date( $this->to );
		$parts = array(
			'months'    => $none,
			'head'      => $none,
			'tail'      => $none,
			'less_head' => $none,
			'less_tail' => $none,
		);
		if ( null === $start || null === $end ) {
			return $parts;
		}
		$day   = static fn ( DateTimeImmutable $date ): string => $date->format( 'Y-m-d' );
		$today = self::date( $this->today );
		// The first whole month starts on the first 1st on or after $from; the last ends on the last month end on
		// or before $to, or is $to's month when $to is today or later.
		$first = '01' === $start->format( 'd' ) ? $start : $start->modify( 'first day of next month' );
		$last  = $day( $end ) === $end->format( 'Y-m-t' ) || ( null !== $today && $end >= $today )
			? $end->modify( 'first day of this month' )
			: $end->modify( 'first day of last month' );
		if ( $first > $last ) {
			$parts['head'] = array( $this->from, $this->to );
			return $parts;
		}
		// Head: the days from $from to the end of its month, or that month less its days before $from.
		if ( $first > $start ) {
			$month_start = $start->modify( 'first day of this month' );
			if ( self::span( $month_start, $start ) - 1 < self::span( $start, $first ) - 1 ) {
				$first              = $month_start;
				$parts['less_head'] = array( $day( $month_start ), $day( $start->modify( '-1 day' ) ) );
			} else {
				$parts['head'] = array( $this->from, $day( $first->modify( '-1 day' ) ) );
			}
		}
		// Tail: the days from the start of $to's month to $to, or that month less its days after $to.
		$after = $last->modify( 'first day of next month' );
		if ( $after <= $end ) {
			$month_end = $end->modify( 'last day of this month' );
			if ( self::span( $end, $month_end ) - 1 < self::span( $after, $end ) ) {
				$parts['less_tail'] = array( $day( $end->modify( '+1 day' ) ), $day( $month_end ) );
				$last               = $after;
			} else {
				$parts['tail'] = array( $day( $after ), $this->to );
			}
		}
		$parts['months'] = array( $day( $first ), $day( $last ) );
		return $parts;
	}

	/**
	 * Every day from $from to $to, both included.
	 *
	 * @param string $from First day, Y-m-d.
	 * @param string $to   Last day, Y-m-d.
	 * @return string[]
	 */
	public static function days( string $from, string $to ): array {
		$start = self::date( $from );
		$end   = self::date( $to );
		if ( null === $start || null === $end ) {
			return array();
		}
		$days = array();
		for ( $day = $start; $day <= $end; $day = $day->modify( '+1 day' ) ) {
			$days[] = $day->format( 'Y-m-d' );
		}
		return $days;
	}

	/**
	 * A real date from Y-m-d (no overflow such as 2026-02-30), at midnight UTC; null otherwise.
	 *
	 * @param string $value Submitted date.
	 * @return DateTimeImmutable|null
	 */
	private static function date( string $value ): ?DateTimeImmutable {
		if ( 1 !== preg_match( '/^\d{4}-\d{2}-\d{2}$/', $value ) ) {
			return null;
		}
		$date = DateTimeImmutable::createFromFormat( '!Y-m-d', $value, new \DateTimeZone( 'UTC' ) );
		return ( $date && $date->format( 'Y-m-d' ) === $value ) ? $date : null;
	}

	/**
	 * Days from $start to $end, both included.
	 *
	 * @param DateTimeImmutable $start First day.
	 * @param DateTimeImmutable $end   Last day.
	 * @return int
	 */
	private static function span( DateTimeImmutable $start, DateTimeImmutable $end ): int {
		return (int) $start->diff( $end )->days + 1;
	}

	/**
	 * Refuses a limit out of 1..MAX_LIMIT.
	 *
	 * @param int $limit Rows.
	 * @return void
	 * @throws InvalidArgumentException When out of range.
	 */
	private static function check_limit( int $limit ): void {
		if ( $limit < 1 || $limit > self::MAX_LIMIT ) {
			throw new InvalidArgumentException( 'The limit is not from 1 to ' . self::MAX_LIMIT . '.' );
		}
	}
}
