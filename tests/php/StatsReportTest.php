<?php
/**
 * The dashboard's queries over aggregate rows inserted directly: ranges, zeros filled, ordering, limits, invalid
 * ranges. Runs on the site's real database (SQLite here, MariaDB in the storage run).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use InvalidArgumentException;
use Tessera\Stats\Report;
use Tessera\Stats\Rollup;
use Tessera\Stats\Schema;

/**
 * Report::* on rows of the year 2001 (no other test writes there) and the online table.
 */
final class StatsReportTest extends TestCase {

	/**
	 * The page the demo seed test publishes, deleted after it.
	 *
	 * @var int
	 */
	private int $demo_page = 0;

	/**
	 * Installs the tables and empties the test's days and the online table.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Schema::OPTION_DB_VERSION );
		Schema::maybe_install();
		self::clean();
	}

	/**
	 * Removes the test's rows.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		if ( $this->demo_page > 0 ) {
			wp_delete_post( $this->demo_page, true );
		}
		self::clean();
		parent::tearDown();
	}

	/**
	 * Deletes the rows of 2001 and every online row.
	 *
	 * @return void
	 */
	private static function clean(): void {
		global $wpdb;
		foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'events', 'days' ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $name ) . ' WHERE day >= %s AND day <= %s', '2000-01-01', '2001-12-31' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name only.
		}
		foreach ( array( 'pages_month', 'referrers_month' ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $name ) . ' WHERE month >= %s AND month <= %s', '2000-01-01', '2001-12-31' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name only.
		}
		$wpdb->query( 'DELETE FROM ' . Schema::table( 'online' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name only.
	}

	/**
	 * Seeds a period the way the demo content does (bin/demo/stats.php).
	 *
	 * @param array<int, string> $tessera_seed_args Its arguments.
	 * @return void
	 */
	private static function demo_seed( array $tessera_seed_args ): void {
		require TESSERA_DIR . 'bin/seed-stats.php';
	}

	public function test_the_demo_seed_fills_four_weeks_of_the_sites_own_pages_once(): void {
		// A demo page of its own (the MariaDB test site has no demo content).
		$demo = wp_insert_post(
			array(
				'post_type'   => 'page',
				'post_status' => 'publish',
				'post_title'  => 'Demo seeded',
				'post_name'   => 'demo-seeded',
			)
		);
		$this->assertIsInt( $demo );
		$args = array( '--days=28', '--hits=3000', '--pages=site', '--if-empty', '--quiet', '--end=2000-06-30' );
		self::demo_seed( $args );
		$this->demo_page = $demo;
		$report = new Report( '2000-06-03', '2000-06-30' );
		$totals = $report->totals();
		$this->assertSame( 3000, $totals['views'], 'every hit counted' );
		$this->assertGreaterThan( 500, $totals['visitors'] );
		$this->assertCount( 28, array_filter( $report->daily(), static fn ( array $d ): bool => $d['views'] > 0 ), 'every day has visits' );
		$this->assertNotEmpty( $report->referrers( 5 ) );
		$this->assertNotEmpty( $report->devices( 'browser' ) );
		// The site's own pages, the demo pages first: a newcomer recognises them on the dashboard.
		$top = $report->top_pages( 5 );
		$this->assertStringStartsWith( '/demo-', $top[0]['page_uri'] );
		foreach ( $top as $page ) {
			$this->assertTrue( '/' === $page['page_uri'] || get_post( $page['source_id'] ) instanceof \WP_Post, $page['page_uri'] . ' is a real page' );
		}

		// Once: a period that has visits is never seeded over (real hits are never wiped).
		self::demo_seed( array_merge( $args, array( '--seed=7' ) ) );
		$this->assertSame( $totals, ( new Report( '2000-06-03', '2000-06-30' ) )->totals() );
	}

	/**
	 * Inserts one row.
	 *
	 * @param string               $table Short table name.
	 * @param array<string, mixed> $row   Columns.
	 * @return void
	 */
	private static function row( string $table, array $row ): void {
		global $wpdb;
		$inserted = $wpdb->insert( Schema::table( $table ), $row );
		if ( 1 !== $inserted ) {
			throw new \RuntimeException( 'insert into ' . $table . ' failed: ' . $wpdb->last_error );
		}
	}

	/**
	 * Inserts $n visitor rows for a day.
	 *
	 * @param string $day Day.
	 * @param int    $n   Visitors.
	 * @return void
	 */
	private static function visitors( string $day, int $n ): void {
		for ( $i = 0; $i < $n; $i++ ) {
			self::row(
				'visitors',
				array(
					'day'        => $day,
					'visitor'    => md5( $day . $i ),
					'first_seen' => $day . ' 12:00:00',
				)
			);
		}
	}

	/**
	 * Inserts a pages row.
	 *
	 * @param string $day      Day.
	 * @param string $type     Source type.
	 * @param int    $id       Source id.
	 * @param string $uri      Page address.
	 * @param int    $views    Views.
	 * @param int    $visitors Visitors.
	 * @return void
	 */
	private static function page( string $day, string $type, int $id, string $uri, int $views, int $visitors ): void {
		self::row(
			'pages',
			array(
				'day'         => $day,
				'source_type' => $type,
				'source_id'   => $id,
				'uri_hash'    => md5( $uri ),
				'page_uri'    => $uri,
				'views'       => $views,
				'visitors'    => $visitors,
			)
		);
	}

	/**
	 * The period of the tests' data, with rows just outside it that must never be counted.
	 *
	 * @return void
	 */
	private static function seed(): void {
		self::visitors( '2001-03-01', 2 );
		self::visitors( '2001-03-03', 3 );
		self::visitors( '2001-02-28', 7 ); // Outside.
		self::visitors( '2001-03-08', 7 ); // Outside.

		self::page( '2001-03-01', 'post', 5, '/hello/', 4, 2 );
		self::page( '2001-03-03', 'post', 5, '/hello/', 6, 2 );
		self::page( '2001-03-03', 'page', 9, '/about/', 3, 1 );
		self::page( '2001-03-03', 'home', 0, '/', 3, 0 );
		self::page( '2001-03-03', 'post', 5, '/hello/?utm=x', 1, 0 );
		self::page( '2001-02-28', 'page', 9, '/about/', 100, 50 ); // Outside.
		self::page( '2001-03-08', 'home', 0, '/', 100, 50 ); // Outside.

		foreach ( array(
			array( '2001-03-01', '', 5 ),
			array( '2001-03-02', 'www.google.com', 3 ),
			array( '2001-03-03', 'www.google.com', 4 ),
			array( '2001-03-03', 'news.example', 2 ),
			array( '2001-03-03', 'a.example', 2 ),
			array( '2001-03-09', 'spam.example', 99 ), // Outside.
		) as $referrer ) {
			self::row(
				'referrers',
				array(
					'day'   => $referrer[0],
					'host'  => $referrer[1],
					'views' => $referrer[2],
				)
			);
		}

		foreach ( array(
			array( '2001-03-01', 'Chrome', 'Windows', 'desktop', 5 ),
			array( '2001-03-02', 'Firefox', 'Linux', 'desktop', 2 ),
			array( '2001-03-03', 'Chrome', 'Android', 'mobile', 4 ),
			array( '2001-03-03', 'Safari', 'iOS', 'mobile', 3 ),
			array( '2001-03-10', 'Edge', 'Windows', 'desktop', 50 ), // Outside.
		) as $device ) {
			self::row(
				'devices',
				array(
					'day'     => $device[0],
					'browser' => $device[1],
					'os'      => $device[2],
					'device'  => $device[3],
					'views'   => $device[4],
				)
			);
		}

		foreach ( array(
			array( '2001-03-01', 'custom', 'signup', '{"plan":"pro"}', 2 ),
			array( '2001-03-03', 'custom', 'signup', '{"plan":"pro"}', 3 ),
			array( '2001-03-03', 'custom', 'signup', '{"plan":"free"}', 1 ),
			array( '2001-03-02', 'click', 'click', 'https://wordpress.org/', 4 ),
			array( '2001-03-02', 'click', 'click', 'https://example.org/', 4 ),
			array( '2001-03-03', 'download', 'file_download', 'https://site.test/a.pdf', 7 ),
			array( '2001-03-12', 'click', 'click', 'https://late.example/', 70 ), // Outside.
		) as $event ) {
			self::row(
				'events',
				array(
					'day'         => $event[0],
					'kind'        => $event[1],
					'name'        => $event[2],
					'target_hash' => md5( $event[3] ),
					'target'      => $event[3],
					'count'       => $event[4],
				)
			);
		}
		// Rows written directly (not through the collector): the rollups are rebuilt as the importer does.
		Rollup::rebuild( '2001-01-01', '2001-12-31' );
	}

	public function test_totals_count_the_period_only(): void {
		self::seed();
		$this->assertSame(
			array(
				'visitors' => 5,
				'views'    => 17,
			),
			( new Report( '2001-03-01', '2001-03-07' ) )->totals()
		);
		$this->assertSame(
			array(
				'visitors' => 3,
				'views'    => 13,
			),
			( new Report( '2001-03-03', '2001-03-03' ) )->totals(),
			'a one-day period'
		);
		$this->assertSame(
			array(
				'visitors' => 0,
				'views'    => 0,
			),
			( new Report( '2001-06-01', '2001-06-30' ) )->totals(),
			'no data: zeros, not null'
		);
	}

	public function test_daily_fills_every_day_with_zeros(): void {
		self::seed();
		$daily = ( new Report( '2001-02-27', '2001-03-04' ) )->daily();
		$this->assertSame(
			array(
				array(
					'day'      => '2001-02-27',
					'visitors' => 0,
					'views'    => 0,
				),
				array(
					'day'      => '2001-02-28',
					'visitors' => 7,
					'views'    => 100,
				),
				array(
					'day'      => '2001-03-01',
					'visitors' => 2,
					'views'    => 4,
				),
				array(
					'day'      => '2001-03-02',
					'visitors' => 0,
					'views'    => 0,
				),
				array(
					'day'      => '2001-03-03',
					'visitors' => 3,
					'views'    => 13,
				),
				array(
					'day'      => '2001-03-04',
					'visitors' => 0,
					'views'    => 0,
				),
			),
			$daily
		);
		$year = ( new Report( '2000-03-01', '2001-02-28' ) )->daily();
		$this->assertCount( 365, $year );
		$this->assertSame( '2000-03-01', $year[0]['day'] );
		$this->assertSame( '2001-02-28', $year[364]['day'] );
		$this->assertSame( 7, $year[364]['visitors'] );
		$this->assertCount( 29, ( new Report( '2000-02-01', '2000-02-29' ) )->daily(), 'a leap February' );
	}

	public function test_top_pages_by_views_with_limit_and_offset(): void {
		self::seed();
		$report = new Report( '2001-03-01', '2001-03-07' );
		$this->assertSame(
			array(
				array(
					'source_type' => 'post',
					'source_id'   => 5,
					'page_uri'    => '/hello/',
					'views'       => 10,
					'visitors'    => 4,
				),
				array(
					'source_type' => 'page',
					'source_id'   => 9,
					'page_uri'    => '/about/',
					'views'       => 3,
					'visitors'    => 1,
				),
				array(
					'source_type' => 'home',
					'source_id'   => 0,
					'page_uri'    => '/',
					'views'       => 3,
					'visitors'    => 0,
				),
				array(
					'source_type' => 'post',
					'source_id'   => 5,
					'page_uri'    => '/hello/?utm=x',
					'views'       => 1,
					'visitors'    => 0,
				),
			),
			$report->top_pages(),
			'summed over days, most views first (ties: more visitors first)'
		);
		$this->assertSame( array( '/hello/', '/about/' ), array_column( $report->top_pages( 2 ), 'page_uri' ) );
		$this->assertSame( array( '/', '/hello/?utm=x' ), array_column( $report->top_pages( 2, 2 ), 'page_uri' ) );
		$this->assertSame( array(), $report->top_pages( 10, 4 ) );
	}

	public function test_referrers_by_views(): void {
		self::seed();
		$report = new Report( '2001-03-01', '2001-03-07' );
		$this->assertSame(
			array(
				array(
					'host'  => 'www.google.com',
					'views' => 7,
				),
				array(
					'host'  => '',
					'views' => 5,
				),
				array(
					'host'  => 'a.example',
					'views' => 2,
				),
				array(
					'host'  => 'news.example',
					'views' => 2,
				),
			),
			$report->referrers()
		);
		$this->assertSame( array( 'www.google.com' ), array_column( $report->referrers( 1 ), 'host' ) );
	}

	public function test_devices_by_browser_os_and_device(): void {
		self::seed();
		$report = new Report( '2001-03-01', '2001-03-07' );
		$this->assertSame(
			array(
				array(
					'name'  => 'Chrome',
					'views' => 9,
				),
				array(
					'name'  => 'Safari',
					'views' => 3,
				),
				array(
					'name'  => 'Firefox',
					'views' => 2,
				),
			),
			$report->devices( 'browser' )
		);
		$this->assertSame( array( 'Windows', 'Android', 'iOS', 'Linux' ), array_column( $report->devices( 'os' ), 'name' ) );
		$this->assertSame(
			array(
				array(
					'name'  => 'desktop',
					'views' => 7,
				),
				array(
					'name'  => 'mobile',
					'views' => 7,
				),
			),
			$report->devices( 'device' ),
			'ties by name'
		);
		$this->expectException( InvalidArgumentException::class );
		$report->devices( 'browser; DROP TABLE x' );
	}

	public function test_events_by_kind(): void {
		self::seed();
		$report = new Report( '2001-03-01', '2001-03-07' );
		$this->assertSame(
			array(
				array(
					'name'   => 'signup',
					'target' => '{"plan":"pro"}',
					'count'  => 5,
				),
				array(
					'name'   => 'signup',
					'target' => '{"plan":"free"}',
					'count'  => 1,
				),
			),
			$report->events( 'custom' )
		);
		$this->assertSame( array( 'https://example.org/', 'https://wordpress.org/' ), array_column( $report->events( 'click' ), 'target' ), 'ties by target' );
		$this->assertSame( array( 'https://example.org/' ), array_column( $report->events( 'click', 1 ), 'target' ) );
		$this->assertSame(
			array(
				array(
					'name'   => 'file_download',
					'target' => 'https://site.test/a.pdf',
					'count'  => 7,
				),
			),
			$report->events( 'download' )
		);
		$this->expectException( InvalidArgumentException::class );
		$report->events( 'pageview' );
	}

	public function test_online_counts_the_last_five_minutes(): void {
		$now = time();
		foreach ( array(
			array( 'a', 10, 'post', 5, '/hello/' ),
			array( 'b', 60, 'post', 5, '/hello/' ),
			array( 'c', 290, 'page', 9, '/about/' ),
			array( 'd', 400, 'page', 9, '/about/' ), // Gone.
			array( 'e', 4000, 'home', 0, '/' ), // Gone.
		) as $visitor ) {
			self::row(
				'online',
				array(
					'visitor'     => md5( $visitor[0] ),
					'last_seen'   => gmdate( 'Y-m-d H:i:s', $now - $visitor[1] ),
					'source_type' => $visitor[2],
					'source_id'   => $visitor[3],
					'page_uri'    => $visitor[4],
				)
			);
		}
		$this->assertSame(
			array(
				'count' => 3,
				'pages' => array(
					array(
						'page_uri'    => '/hello/',
						'source_type' => 'post',
						'source_id'   => 5,
						'visitors'    => 2,
					),
					array(
						'page_uri'    => '/about/',
						'source_type' => 'page',
						'source_id'   => 9,
						'visitors'    => 1,
					),
				),
			),
			Report::online()
		);
		$this->assertCount( 1, Report::online( 1 )['pages'] );
		$this->assertSame( 3, Report::online( 1 )['count'], 'the limit is on pages, not the count' );
	}

	public function test_stored_hostile_strings_come_back_unchanged(): void {
		$uri = "/x?q=<script>alert(1)</script>' OR 1=1 --";
		self::page( '2001-04-01', 'post', 1, $uri, 1, 1 );
		Rollup::rebuild( '2001-04-01', '2001-04-01' );
		$this->assertSame( $uri, ( new Report( '2001-04-01', '2001-04-01' ) )->top_pages()[0]['page_uri'] );
	}

	public function test_periods_across_months_add_month_rollups_and_edge_days(): void {
		foreach ( array(
			array( '2001-01-31', 1000 ), // Outside.
			array( '2001-02-01', 1 ),
			array( '2001-02-14', 2 ), // Outside: before the period.
			array( '2001-02-15', 4 ),
			array( '2001-02-28', 8 ),
			array( '2001-03-01', 16 ),
			array( '2001-03-31', 32 ),
			array( '2001-04-01', 64 ),
			array( '2001-04-10', 128 ),
			array( '2001-04-11', 256 ), // Outside: after the period.
		) as $row ) {
			self::page( $row[0], 'post', 7, '/spread/', $row[1], 1 );
			self::row(
				'referrers',
				array(
					'day'   => $row[0],
					'host'  => 'spread.example',
					'views' => $row[1],
				)
			);
		}
		Rollup::rebuild( '2001-01-01', '2001-04-30' );
		$report = new Report( '2001-02-15', '2001-04-10' );
		$this->assertSame(
			array(
				'months'    => array( '2001-03-01', '2001-03-01' ),
				'head'      => array( '2001-02-15', '2001-02-28' ),
				'tail'      => array( '2001-04-01', '2001-04-10' ),
				'less_head' => array( '9999-12-31', '1000-01-01' ),
				'less_tail' => array( '9999-12-31', '1000-01-01' ),
			),
			$report->parts()
		);
		$expected = 4 + 8 + 16 + 32 + 64 + 128;
		$this->assertSame( $expected, $report->top_pages()[0]['views'] );
		$this->assertSame( 6, $report->top_pages()[0]['visitors'] );
		$this->assertSame( '/spread/', $report->top_pages()[0]['page_uri'] );
		$this->assertSame( $expected, $report->referrers()[0]['views'] );
		$this->assertSame( $expected, $report->totals()['views'] );
		$this->assertSame( $expected, array_sum( array_column( $report->daily(), 'views' ) ) );

		$whole = new Report( '2001-02-01', '2001-04-30' );
		$this->assertSame( array( '2001-02-01', '2001-04-01' ), $whole->parts()['months'] );
		$this->assertSame( 1 + 2 + 4 + 8 + 16 + 32 + 64 + 128 + 256, $whole->top_pages()[0]['views'] );
		$this->assertSame( 1 + 2 + 4 + 8 + 16 + 32 + 64 + 128 + 256, $whole->referrers()[0]['views'] );

		$inside = new Report( '2001-03-02', '2001-03-31' );
		$this->assertGreaterThan( $inside->parts()['months'][1], $inside->parts()['months'][0], 'no whole month: an empty month part' );
		$this->assertSame( array( '2001-03-02', '2001-03-31' ), $inside->parts()['head'] );
		$this->assertSame( 32, $inside->top_pages()[0]['views'] );
		$this->assertSame( 32, $inside->referrers()[0]['views'] );

		$leap = new Report( '2000-02-01', '2000-02-29' );
		$this->assertSame( array( '2000-02-01', '2000-02-01' ), $leap->parts()['months'] );

		// A period that reaches today: its last month is whole in the rollup (nothing is stored after today), so
		// it is read from there, with the same sums.
		$to_today = new Report( '2001-02-15', '2001-04-10', '2001-04-10' );
		$this->assertSame( array( '2001-03-01', '2001-04-01' ), $to_today->parts()['months'] );
		$this->assertSame( array( '9999-12-31', '1000-01-01' ), $to_today->parts()['tail'] );
		// The row of the 11th is stored in this test only; in a real "today" of 2001-04-10 it could not exist.
		$this->assertSame( $expected + 256, $to_today->top_pages()[0]['views'] );
		$this->assertSame( $expected + 256, $to_today->referrers()[0]['views'] );
		$this->assertSame( $report->parts(), ( new Report( '2001-02-15', '2001-04-10', '2001-04-11' ) )->parts(), 'before today: the edge days' );

		// A long partial month is its month's rollup less the days outside the period: February 3rd to April 28th
		// reads February less its 1st and 2nd, March, and April less its 29th and 30th — the same sums.
		$long = new Report( '2001-02-03', '2001-04-28', '2001-06-01' );
		$this->assertSame(
			array(
				'months'    => array( '2001-02-01', '2001-04-01' ),
				'head'      => array( '9999-12-31', '1000-01-01' ),
				'tail'      => array( '9999-12-31', '1000-01-01' ),
				'less_head' => array( '2001-02-01', '2001-02-02' ),
				'less_tail' => array( '2001-04-29', '2001-04-30' ),
			),
			$long->parts()
		);
		$sum = 2 + 4 + 8 + 16 + 32 + 64 + 128 + 256;
		$this->assertSame( $sum, $long->top_pages()[0]['views'] );
		$this->assertSame( 8, $long->top_pages()[0]['visitors'] );
		$this->assertSame( $sum, $long->referrers()[0]['views'] );
		$this->assertSame( $sum, $long->totals()['views'] );

		// A page seen only on the days subtracted is not listed (0 views), nor its referrer.
		self::page( '2001-02-01', 'page', 8, '/only-outside/', 5, 1 );
		self::row(
			'referrers',
			array(
				'day'   => '2001-02-02',
				'host'  => 'outside.example',
				'views' => 5,
			)
		);
		Rollup::rebuild( '2001-02-01', '2001-02-28' );
		$this->assertSame( array( '/spread/' ), array_column( $long->top_pages( 50 ), 'page_uri' ) );
		$this->assertSame( array( 'spread.example' ), array_column( $long->referrers( 50 ), 'host' ) );
	}

	/**
	 * @return array<string, array{0: string, 1: string}>
	 */
	public function invalid_ranges(): array {
		return array(
			'reversed'          => array( '2001-03-02', '2001-03-01' ),
			'not a date'        => array( 'yesterday', '2001-03-01' ),
			'impossible day'    => array( '2001-02-29', '2001-03-01' ),
			'month 13'          => array( '2001-01-01', '2001-13-01' ),
			'no padding'        => array( '2001-3-1', '2001-03-02' ),
			'time appended'     => array( '2001-03-01 00:00:00', '2001-03-02' ),
			'sql'               => array( "2001-03-01' OR '1'='1", '2001-03-02' ),
			'empty'             => array( '', '' ),
			'longer than limit' => array( '2000-01-01', '2010-01-08' ),
		);
	}

	/**
	 * @dataProvider invalid_ranges
	 *
	 * @param string $from First day.
	 * @param string $to   Last day.
	 */
	public function test_invalid_ranges_are_refused( string $from, string $to ): void {
		$this->expectException( InvalidArgumentException::class );
		new Report( $from, $to );
	}

	public function test_range_limits(): void {
		$this->assertCount( Report::MAX_DAYS, ( new Report( '2000-01-01', '2010-01-07' ) )->daily(), 'the longest period is accepted' );
		$this->assertCount( 1, ( new Report( '2001-01-01', '2001-01-01' ) )->daily() );
	}

	/**
	 * @return array<string, array{0: string}>
	 */
	public function invalid_limits(): array {
		return array(
			'top_pages 0'        => array( 'top_pages_zero' ),
			'top_pages too many' => array( 'top_pages_many' ),
			'top_pages offset'   => array( 'top_pages_offset' ),
			'referrers 0'        => array( 'referrers_zero' ),
			'events 0'           => array( 'events_zero' ),
			'online 0'           => array( 'online_zero' ),
		);
	}

	/**
	 * @dataProvider invalid_limits
	 *
	 * @param string $call Which call.
	 */
	public function test_invalid_limits_are_refused( string $call ): void {
		$report = new Report( '2001-03-01', '2001-03-07' );
		$this->expectException( InvalidArgumentException::class );
		match ( $call ) {
			'top_pages_zero'   => $report->top_pages( 0 ),
			'top_pages_many'   => $report->top_pages( Report::MAX_LIMIT + 1 ),
			'top_pages_offset' => $report->top_pages( 10, -1 ),
			'referrers_zero'   => $report->referrers( 0 ),
			'events_zero'      => $report->events( 'click', 0 ),
			'online_zero'      => Report::online( 0 ),
		};
	}
}
