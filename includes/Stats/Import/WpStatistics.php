<?php
/**
 * Importer of WP Statistics' tables (14.x schema, older columns tolerated) into Tessera's aggregates
 * (docs/stats.md, "Storage"; issue 4, "an importer of WP Statistics' tables when they exist").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats\Import;

use Tessera\Stats\Rollup;
use Tessera\Stats\Schema;

/**
 * Reads `{prefix}statistics_pages`, `{prefix}statistics_visitor` and `{prefix}statistics_visit` in batches, in
 * the order of their auto-increment ids, and adds what they hold to the aggregate tables:
 *
 * - `statistics_pages` (uri, type, date, count, id) → `pages.views` of that day and page (`pages.visitors` stays
 *   as it was: WP Statistics does not record on which page a visitor landed);
 * - `statistics_visitor` (one row per visitor per day: last_counter, referred, agent, platform, device, hits) →
 *   a `visitors` row whose hash is made of the source row's id (their IP address is never read), `devices.views`
 *   (+ hits, at least 1) and `referrers.views` (+ 1, the host of `referred`; WP Statistics stores the site's own
 *   URL for a visit without a referrer, so the own host and an empty value count as direct, host '');
 * - `statistics_visit` (daily totals) → for a day that has no row at all in `statistics_pages` (page statistics
 *   switched off, or an old version), one `pages` row `('unknown', 0, '/')` with the day's total.
 *
 * Idempotent: the highest id imported of each table is the cursor, kept in the option `tessera_stats_import_wps`
 * and written in the same transaction as the batch it follows; rows at or below it are never read again. Rows
 * dated today (site time) or later are left for a later import, because WP Statistics still updates them in
 * place; a table stops at its first such row so that nothing after it is skipped.
 * Batched (BATCH rows a query, multi-row upserts) and time-boxed: run() stops after its time budget and answers
 * `done: false`; calling it again resumes at the cursor. One import at a time (a lock option).
 */
final class WpStatistics {

	/**
	 * Option with the cursor and the last import's summary (not autoloaded).
	 */
	public const OPTION = 'tessera_stats_import_wps';

	/**
	 * Lock option (Unix time it was taken).
	 */
	public const OPTION_LOCK = 'tessera_stats_import_wps_lock';

	/**
	 * Source rows read per query.
	 */
	public const BATCH = 2000;

	/**
	 * Seconds after which a lock is considered abandoned.
	 */
	public const LOCK_TTL = 120;

	/**
	 * Source tables (without `{prefix}statistics_`) in the order they are imported.
	 */
	public const TABLES = array( 'pages', 'visitor', 'visit' );

	/**
	 * Counters a run answers (and the option sums over all runs).
	 */
	public const COUNTERS = array( 'pages', 'views', 'visitors', 'devices', 'referrers', 'visitTotals', 'skipped' );

	/**
	 * Rows of this day or later are not imported yet (`Y-m-d`, site time).
	 *
	 * @var string
	 */
	private string $today;

	/**
	 * The first and last day this run wrote ('' while none): their rollups are rebuilt at the end.
	 *
	 * @var array{0: string, 1: string}
	 */
	private array $touched = array( '', '' );

	/**
	 * Creates the importer.
	 *
	 * @param string|null $today The first day not to import yet (`Y-m-d`); null: today in the site's time zone.
	 */
	public function __construct( ?string $today = null ) {
		$this->today = $today ?? wp_date( 'Y-m-d' );
	}

	/**
	 * Full name of a WP Statistics table on this site.
	 *
	 * @param string $name `pages`, `visitor` or `visit`.
	 * @return string
	 */
	public static function source_table( string $name ): string {
		global $wpdb;
		return $wpdb->prefix . 'statistics_' . $name;
	}

	/**
	 * Whether a WP Statistics table exists.
	 *
	 * @param string $name Short name.
	 * @return bool
	 */
	public static function source_exists( string $name ): bool {
		global $wpdb;
		$table = self::source_table( $name );
		return $table === $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) );
	}

	/**
	 * Whether there is anything to import (the pages or the visitor table exists).
	 *
	 * @return bool
	 */
	public static function available(): bool {
		return self::source_exists( 'pages' ) || self::source_exists( 'visitor' );
	}

	/**
	 * What the REST GET answers: availability, row counts of the tables found, the last import.
	 *
	 * @return array{available: bool, tables: array<string, int>, lastImport: array<string, mixed>|null}
	 */
	public static function status(): array {
		global $wpdb;
		$tables = array();
		foreach ( self::TABLES as $name ) {
			if ( self::source_exists( $name ) ) {
				$tables[ $name ] = (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . self::source_table( $name ) ); // phpcs:ignore WordPress.DB -- table name only.
			}
		}
		$state = self::state();
		return array(
			'available'  => isset( $tables['pages'] ) || isset( $tables['visitor'] ),
			'tables'     => (object) $tables,
			'lastImport' => $state['last'],
		);
	}

	/**
	 * The stored state: cursors by table and the last import's summary.
	 *
	 * @return array{cursor: array<string, int>, last: array<string, mixed>|null}
	 */
	public static function state(): array {
		$raw    = get_option( self::OPTION, array() );
		$raw    = is_array( $raw ) ? $raw : array();
		$cursor = array();
		foreach ( self::TABLES as $name ) {
			$cursor[ $name ] = isset( $raw['cursor'][ $name ] ) ? max( 0, (int) $raw['cursor'][ $name ] ) : 0;
		}
		return array(
			'cursor' => $cursor,
			'last'   => isset( $raw['last'] ) && is_array( $raw['last'] ) ? $raw['last'] : null,
		);
	}

	/**
	 * Imports what is new since the last run, until everything is read or the time budget is spent.
	 *
	 * @param float $budget Seconds this call may spend (it finishes the batch it is in, and runs at least one).
	 * @return array{imported: array<string, int>, done: bool, deferred: bool}|\WP_Error
	 *         `deferred`: rows dated today or later were left for a later import.
	 */
	public function run( float $budget = 20.0 ) {
		if ( ! self::available() ) {
			return new \WP_Error( 'tessera_stats_import_unavailable', __( 'No WP Statistics tables were found on this site.', 'tessera' ), array( 'status' => 404 ) );
		}
		if ( ! self::lock() ) {
			return new \WP_Error( 'tessera_stats_import_running', __( 'An import is already running. Try again in a minute.', 'tessera' ), array( 'status' => 409 ) );
		}
		Schema::maybe_install();
		$counts   = array_fill_keys( self::COUNTERS, 0 );
		$deadline = microtime( true ) + $budget;
		$done     = true;
		$deferred = false;
		$failure  = null;
		$batches  = 0;
		try {
			foreach ( self::TABLES as $name ) {
				if ( ! self::source_exists( $name ) ) {
					continue;
				}
				while ( true ) {
					// At least one batch a call, so that every call makes progress.
					if ( $batches > 0 && microtime( true ) >= $deadline ) {
						$done = false;
						break 2;
					}
					$batch = $this->batch( $name, $counts, $batches );
					if ( 'deferred' === $batch ) {
						$deferred = true;
					}
					if ( 'more' !== $batch ) {
						break;
					}
				}
			}
		} catch ( \RuntimeException $e ) {
			$failure = $e->getMessage();
			$done    = false;
		} finally {
			if ( '' !== $this->touched[0] ) {
				// The dashboard reads the day and month rollups: rebuild those of the days written.
				Rollup::rebuild( $this->touched[0], $this->touched[1] );
			}
			self::unlock();
		}
		$this->remember( $counts, $done, $deferred );
		if ( null !== $failure ) {
			return new \WP_Error( 'tessera_stats_import_failed', __( 'The import stopped on a database error; what was imported before it is kept, and the next import resumes there.', 'tessera' ), array( 'status' => 500 ) );
		}
		return array(
			'imported' => $counts,
			'done'     => $done,
			'deferred' => $deferred,
		);
	}

	/**
	 * Imports one batch of a table in one transaction (writes and cursor together).
	 *
	 * @param string             $name    Short source name.
	 * @param array<string, int> $counts  Counters, updated.
	 * @param int                $batches Batches that imported rows in this call, updated.
	 * @return string `more` (a full batch was read), `end` (table exhausted) or `deferred` (stopped at today).
	 */
	private function batch( string $name, array &$counts, int &$batches ): string {
		global $wpdb;
		$state  = self::state();
		$cursor = $state['cursor'][ $name ];
		$rows   = $this->read( $name, $cursor );
		if ( array() === $rows ) {
			return 'end';
		}
		$result = count( $rows ) < self::BATCH ? 'end' : 'more';
		$take   = array();
		foreach ( $rows as $row ) {
			$day = self::day( $row['day'] ?? '' );
			if ( null !== $day && $day >= $this->today ) {
				$result = 'deferred';
				break;
			}
			$take[] = $row + array( 'valid_day' => $day );
			if ( null !== $day ) {
				$this->touched = array(
					'' === $this->touched[0] || $day < $this->touched[0] ? $day : $this->touched[0],
					$day > $this->touched[1] ? $day : $this->touched[1],
				);
			}
		}
		if ( array() === $take ) {
			return $result;
		}
		$wpdb->query( 'START TRANSACTION' );
		$wpdb->last_error = '';
		$added            = match ( $name ) {
			'pages'   => $this->import_pages( $take ),
			'visitor' => $this->import_visitors( $take ),
			default   => $this->import_visits( $take ),
		};
		$error = $wpdb->last_error;
		if ( '' !== $error ) {
			$wpdb->query( 'ROLLBACK' );
			throw new \RuntimeException( $error );
		}
		$this->save_cursor( $name, (int) end( $take )['row_id'] );
		$wpdb->query( 'COMMIT' );
		++$batches;
		foreach ( $added as $key => $value ) {
			$counts[ $key ] += $value;
		}
		return $result;
	}

	/**
	 * Reads the next rows of a source table after the cursor, with normalised keys (`row_id`, `day`, ...).
	 *
	 * @param string $name   Short source name.
	 * @param int    $cursor Last id imported.
	 * @return array<int, array<string, mixed>>
	 */
	private function read( string $name, int $cursor ): array {
		global $wpdb;
		$table   = self::source_table( $name );
		$columns = array_map( 'strtolower', (array) $wpdb->get_col( "SHOW COLUMNS FROM {$table}" ) ); // phpcs:ignore WordPress.DB -- table name only.
		$has     = static fn ( string $column ): bool => in_array( strtolower( $column ), $columns, true );
		if ( 'pages' === $name ) {
			$id     = $has( 'page_id' ) ? 'page_id' : 'id';
			$select = "{$id} AS row_id, uri, type, date AS day, count AS views, id AS object_id";
		} elseif ( 'visitor' === $name ) {
			$id     = 'ID';
			$select = 'ID AS row_id, last_counter AS day, referred, agent, platform'
				. ( $has( 'device' ) ? ', device' : ", '' AS device" )
				. ( $has( 'hits' ) ? ', hits' : ', 1 AS hits' );
		} else {
			$id     = 'ID';
			$select = 'ID AS row_id, last_counter AS day, visit AS views';
		}
		// phpcs:ignore WordPress.DB -- table and column names are fixed above; values are placeholders.
		return (array) $wpdb->get_results( $wpdb->prepare( "SELECT {$select} FROM {$table} WHERE {$id} > %d ORDER BY {$id} ASC LIMIT %d", $cursor, self::BATCH ), ARRAY_A );
	}

	/**
	 * Adds page views.
	 *
	 * @param array<int, array<string, mixed>> $rows Source rows.
	 * @return array<string, int>
	 */
	private function import_pages( array $rows ): array {
		$sums    = array();
		$skipped = 0;
		foreach ( $rows as $row ) {
			$views = (int) $row['views'];
			$uri   = self::uri( (string) ( $row['uri'] ?? '' ) );
			if ( null === $row['valid_day'] || $views <= 0 || null === $uri ) {
				++$skipped;
				continue;
			}
			list( $type, $object ) = self::source( (string) ( $row['type'] ?? '' ), (int) ( $row['object_id'] ?? 0 ) );
			$key                   = $row['valid_day'] . '|' . $type . '|' . $object . '|' . md5( $uri );
			if ( ! isset( $sums[ $key ] ) ) {
				$sums[ $key ] = array( $row['valid_day'], $type, $object, md5( $uri ), $uri, 0 );
			}
			$sums[ $key ][5] += $views;
		}
		$this->upsert_pages( array_values( $sums ) );
		return array(
			'pages'   => count( $rows ) - $skipped,
			'views'   => (int) array_sum( array_column( $sums, 5 ) ),
			'skipped' => $skipped,
		);
	}

	/**
	 * Adds one visitor row per source row, its device views and its referrer.
	 *
	 * @param array<int, array<string, mixed>> $rows Source rows.
	 * @return array<string, int>
	 */
	private function import_visitors( array $rows ): array {
		global $wpdb;
		$visitors  = array();
		$devices   = array();
		$referrers = array();
		$skipped   = 0;
		$own       = self::own_host();
		foreach ( $rows as $row ) {
			$day = $row['valid_day'];
			if ( null === $day ) {
				++$skipped;
				continue;
			}
			$visitors[] = $wpdb->prepare( '(%s, %s, %s)', $day, self::visitor_hash( (int) $row['row_id'] ), get_gmt_from_date( $day . ' 00:00:00' ) );
			$hits       = max( 1, (int) $row['hits'] );
			$browser    = self::browser( (string) $row['agent'] );
			$os         = self::os( (string) $row['platform'] );
			$device     = self::device( (string) $row['device'], $os );
			$key        = "$day|$browser|$os|$device";
			$devices[ $key ] = array( $day, $browser, $os, $device, ( $devices[ $key ][4] ?? 0 ) + $hits );
			$host       = self::referrer_host( (string) $row['referred'], $own );
			if ( null !== $host ) {
				$key               = "$day|$host";
				$referrers[ $key ] = array( $day, $host, ( $referrers[ $key ][2] ?? 0 ) + 1 );
			}
		}
		$new = 0;
		if ( array() !== $visitors ) {
			$table = Schema::table( 'visitors' );
			$wpdb->query( "INSERT IGNORE INTO {$table} (day, visitor, first_seen) VALUES " . implode( ',', $visitors ) ); // phpcs:ignore WordPress.DB -- every value prepared above.
			$new = (int) $wpdb->rows_affected;
		}
		self::upsert( 'devices', array( 'day', 'browser', 'os', 'device', 'views' ), '(%s, %s, %s, %s, %d)', array_values( $devices ) );
		self::upsert( 'referrers', array( 'day', 'host', 'views' ), '(%s, %s, %d)', array_values( $referrers ) );
		return array(
			'visitors'  => $new,
			'devices'   => (int) array_sum( array_column( $devices, 4 ) ),
			'referrers' => (int) array_sum( array_column( $referrers, 2 ) ),
			'skipped'   => $skipped,
		);
	}

	/**
	 * Adds the daily totals of days that have no page rows in WP Statistics.
	 *
	 * @param array<int, array<string, mixed>> $rows Source rows.
	 * @return array<string, int>
	 */
	private function import_visits( array $rows ): array {
		global $wpdb;
		$pages = self::source_exists( 'pages' ) ? self::source_table( 'pages' ) : '';
		$sums  = array();
		foreach ( $rows as $row ) {
			$views = (int) $row['views'];
			$day   = $row['valid_day'];
			if ( null === $day || $views <= 0 ) {
				continue;
			}
			if ( '' !== $pages && null !== $wpdb->get_var( $wpdb->prepare( "SELECT 1 FROM {$pages} WHERE date = %s LIMIT 1", $day ) ) ) { // phpcs:ignore WordPress.DB -- table name only.
				continue;
			}
			$sums[ $day ] = array( $day, 'unknown', 0, md5( '/' ), '/', ( $sums[ $day ][5] ?? 0 ) + $views );
		}
		$this->upsert_pages( array_values( $sums ) );
		return array(
			'visitTotals' => count( $sums ),
			'views'       => (int) array_sum( array_column( $sums, 5 ) ),
		);
	}

	/**
	 * Adds page views (`visitors` untouched).
	 *
	 * @param array<int, array{0: string, 1: string, 2: int, 3: string, 4: string, 5: int}> $rows Rows.
	 * @return void
	 */
	private function upsert_pages( array $rows ): void {
		$rows = array_map( static fn ( array $r ): array => array( $r[0], $r[1], $r[2], $r[3], $r[4], $r[5], 0 ), $rows );
		self::upsert( 'pages', array( 'day', 'source_type', 'source_id', 'uri_hash', 'page_uri', 'views', 'visitors' ), '(%s, %s, %d, %s, %s, %d, %d)', $rows );
	}

	/**
	 * Multi-row `INSERT … ON DUPLICATE KEY UPDATE` that adds the last column to an existing row.
	 *
	 * @param string                       $name    Aggregate table short name.
	 * @param string[]                     $columns Columns, the counter last.
	 * @param string                       $format  Placeholders of one row.
	 * @param array<int, array<int, mixed>> $rows    Rows.
	 * @return void
	 */
	public static function upsert( string $name, array $columns, string $format, array $rows ): void {
		global $wpdb;
		$table   = Schema::table( $name );
		$counter = end( $columns );
		foreach ( array_chunk( $rows, 250 ) as $chunk ) {
			$values = array();
			foreach ( $chunk as $row ) {
				$values[] = $wpdb->prepare( $format, ...$row ); // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders -- fixed format strings of this class.
			}
			// phpcs:ignore WordPress.DB -- table and column names are fixed; every value prepared above.
			$wpdb->query( "INSERT INTO {$table} (" . implode( ', ', $columns ) . ') VALUES ' . implode( ',', $values ) . " ON DUPLICATE KEY UPDATE {$counter} = {$counter} + VALUES({$counter})" );
		}
	}

	/**
	 * Stores a table's cursor.
	 *
	 * @param string $name Short source name.
	 * @param int    $last Last id imported.
	 * @return void
	 */
	private function save_cursor( string $name, int $last ): void {
		$raw                     = get_option( self::OPTION, array() );
		$raw                     = is_array( $raw ) ? $raw : array();
		$raw['cursor']           = self::state()['cursor'];
		$raw['cursor'][ $name ]  = $last;
		update_option( self::OPTION, $raw, false );
	}

	/**
	 * Records the run in the option's `last` summary (totals summed over every run).
	 *
	 * @param array<string, int> $counts   This run's counters.
	 * @param bool               $done     Whether everything was read.
	 * @param bool               $deferred Whether rows of today were left.
	 * @return void
	 */
	private function remember( array $counts, bool $done, bool $deferred ): void {
		$state  = self::state();
		$totals = array();
		foreach ( self::COUNTERS as $key ) {
			$totals[ $key ] = (int) ( $state['last']['totals'][ $key ] ?? 0 ) + $counts[ $key ];
		}
		$raw         = get_option( self::OPTION, array() );
		$raw         = is_array( $raw ) ? $raw : array();
		$raw['last'] = array(
			'at'       => gmdate( 'c' ),
			'done'     => $done,
			'deferred' => $deferred,
			'before'   => $this->today,
			'imported' => $counts,
			'totals'   => $totals,
		);
		update_option( self::OPTION, $raw, false );
	}

	/**
	 * Takes the import lock (or an abandoned one).
	 *
	 * @return bool
	 */
	private static function lock(): bool {
		if ( add_option( self::OPTION_LOCK, (string) time(), '', false ) ) {
			return true;
		}
		$since = (int) get_option( self::OPTION_LOCK, 0 );
		if ( $since > time() - self::LOCK_TTL ) {
			return false;
		}
		delete_option( self::OPTION_LOCK );
		return add_option( self::OPTION_LOCK, (string) time(), '', false );
	}

	/**
	 * Releases the lock.
	 *
	 * @return void
	 */
	private static function unlock(): void {
		delete_option( self::OPTION_LOCK );
	}

	/**
	 * A valid `Y-m-d` day, or null.
	 *
	 * @param mixed $value Column value.
	 * @return string|null
	 */
	private static function day( $value ): ?string {
		$value = substr( (string) $value, 0, 10 );
		if ( 1 !== preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $value, $m ) || ! checkdate( (int) $m[2], (int) $m[3], (int) $m[1] ) ) {
			return null;
		}
		return $value;
	}

	/**
	 * A page URI as the collector would store it: valid UTF-8 without control characters, starting with `/`,
	 * at most 2,000 bytes; null when nothing usable is left. Stored as text (escaped where it is shown).
	 *
	 * @param string $uri Source URI.
	 * @return string|null
	 */
	public static function uri( string $uri ): ?string {
		$uri = (string) preg_replace( '/[\x00-\x1F\x7F]/', '', wp_check_invalid_utf8( $uri, true ) );
		$uri = trim( $uri );
		if ( '' === $uri ) {
			return null;
		}
		if ( '/' !== $uri[0] ) {
			$path = wp_parse_url( $uri, PHP_URL_HOST ) ? (string) wp_parse_url( $uri, PHP_URL_PATH ) : $uri;
			$uri  = '/' . ltrim( $path, '/' );
		}
		return mb_strcut( $uri, 0, 2000, 'UTF-8' );
	}

	/**
	 * Maps WP Statistics' page type and id to a source type and id of the collector.
	 *
	 * @param string $type Source `type` (home, post, page, category, post_tag, tax, author, archive, search, 404,
	 *                     a post type name, ...).
	 * @param int    $id   Source `id`.
	 * @return array{0: string, 1: int}
	 */
	public static function source( string $type, int $id ): array {
		$type = strtolower( trim( $type ) );
		$id   = max( 0, $id );
		if ( in_array( $type, array( 'home', 'search', '404' ), true ) ) {
			return array( $type, 0 );
		}
		if ( in_array( $type, array( 'post', 'page' ), true ) ) {
			return array( $type, $id );
		}
		if ( 1 === preg_match( '/^[a-z0-9_-]{1,20}$/', $type ) && post_type_exists( $type ) ) {
			return array( $type, $id );
		}
		// category, post_tag, tax, tax_*, author, archive, date, feed, loginpage, unknown ...
		return array( 'archive', $id );
	}

	/**
	 * The hash that stands for a WP Statistics visitor row (one visitor on one day): made of the row id only.
	 *
	 * @param int $row_id Source `ID`.
	 * @return string 32 hex characters.
	 */
	public static function visitor_hash( int $row_id ): string {
		return substr( hash( 'sha256', 'wp-statistics|' . $row_id ), 0, 32 );
	}

	/**
	 * The referrer host: '' (direct) for an empty value or the site's own host, null for what is not an
	 * http(s) URL with a plain host name (not counted), else the lower-case host.
	 *
	 * @param string $referred Source `referred`.
	 * @param string $own      The site's host.
	 * @return string|null
	 */
	public static function referrer_host( string $referred, string $own ): ?string {
		$referred = trim( $referred );
		if ( '' === $referred ) {
			return '';
		}
		if ( 1 !== preg_match( '#^https?://#i', $referred ) ) {
			return null;
		}
		$host = wp_parse_url( $referred, PHP_URL_HOST );
		if ( ! is_string( $host ) || 1 !== preg_match( '/^[a-z0-9.-]{1,191}$/i', $host ) ) {
			return null;
		}
		$host = strtolower( $host );
		return $host === $own || 'www.' . $own === $host || $host === 'www.' . $own ? '' : $host;
	}

	/**
	 * The site's own host.
	 *
	 * @return string
	 */
	private static function own_host(): string {
		return strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) );
	}

	/**
	 * Browser name in the collector's vocabulary from WP Statistics' `agent` (e.g. "Chrome Mobile", "Microsoft
	 * Edge", "Mobile Safari", "Samsung Browser").
	 *
	 * @param string $agent Source `agent`.
	 * @return string Chrome | Edge | Firefox | Safari | Opera | Samsung Internet | Other.
	 */
	public static function browser( string $agent ): string {
		$agent = strtolower( $agent );
		$rules = array(
			'Edge'             => '/\bedge?\b/',
			'Opera'            => '/\bopera\b|\bopr\b/',
			'Samsung Internet' => '/\bsamsung\b/',
			'Firefox'          => '/\bfirefox\b/',
			'Chrome'           => '/\bchrom(e|ium)\b/',
			'Safari'           => '/\bsafari\b/',
		);
		foreach ( $rules as $name => $pattern ) {
			if ( 1 === preg_match( $pattern, $agent ) ) {
				return $name;
			}
		}
		return 'Other';
	}

	/**
	 * Operating system in the collector's vocabulary from WP Statistics' `platform` (e.g. "Windows", "Mac",
	 * "OS X", "iOS", "Android", "GNU/Linux", "Ubuntu", "Chrome OS").
	 *
	 * @param string $platform Source `platform`.
	 * @return string Windows | macOS | iOS | Android | ChromeOS | Linux | Other.
	 */
	public static function os( string $platform ): string {
		$platform = strtolower( $platform );
		$rules    = array(
			'Windows'  => '/\bwindows\b/',
			'iOS'      => '/\b(ios|iphone|ipad|ipados)\b/',
			'Android'  => '/\bandroid\b/',
			'ChromeOS' => '/\bchrome ?os\b|\bcros\b/',
			'macOS'    => '/\bmac\b|\bmacos\b|\bos x\b|\bmacintosh\b/',
			'Linux'    => '/linux|ubuntu|debian|fedora|mint|\bx11\b/',
		);
		foreach ( $rules as $name => $pattern ) {
			if ( 1 === preg_match( $pattern, $platform ) ) {
				return $name;
			}
		}
		return 'Other';
	}

	/**
	 * Device type in the collector's vocabulary from WP Statistics' `device` ("desktop", "smartphone",
	 * "tablet", "phablet", ...; empty in versions before 13.2.4: guessed from the OS).
	 *
	 * @param string $device Source `device`.
	 * @param string $os     Mapped OS.
	 * @return string desktop | mobile | tablet | other.
	 */
	public static function device( string $device, string $os ): string {
		$device = strtolower( trim( $device ) );
		if ( '' === $device ) {
			return in_array( $os, array( 'iOS', 'Android' ), true ) ? 'mobile' : 'desktop';
		}
		if ( str_contains( $device, 'tablet' ) ) {
			return 'tablet';
		}
		if ( 1 === preg_match( '/smartphone|phablet|mobile|phone/', $device ) ) {
			return 'mobile';
		}
		return str_contains( $device, 'desktop' ) ? 'desktop' : 'other';
	}
}
