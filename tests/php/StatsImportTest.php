<?php
/**
 * The WP Statistics importer: real 14.x table schemas in the site's database, rows with hostile values, the
 * aggregates it writes, idempotence, deferral of today's rows, resumable batches, REST and capabilities.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\Import\WpStatistics;
use Tessera\Stats\Schema;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Creates `{prefix}statistics_pages|visitor|visit` with the CREATE TABLE statements of WP Statistics 14.x
 * (includes/class-wp-statistics-install.php, 14.11+), imports, and drops them again. Every aggregate row the
 * tests write is dated in March 2001 and removed in tearDown().
 */
final class StatsImportTest extends TestCase {

	private const ROUTE = '/tessera/v1/stats/import';

	/**
	 * Days the tests use.
	 */
	private const DAY_LIKE = '2001-03-%';

	/**
	 * Creates the WP Statistics tables (skips when the site has real ones).
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		foreach ( WpStatistics::TABLES as $name ) {
			if ( WpStatistics::source_exists( $name ) ) {
				$this->markTestSkipped( 'The site has real WP Statistics tables; not touching them.' );
			}
		}
		$this->keep_option( WpStatistics::OPTION );
		delete_option( WpStatistics::OPTION );
		delete_option( WpStatistics::OPTION_LOCK );
		Schema::maybe_install();
		self::clear_aggregates();
		self::create_source_tables();
	}

	/**
	 * Drops the fake tables and the test's aggregates.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		global $wpdb;
		foreach ( WpStatistics::TABLES as $name ) {
			$wpdb->query( 'DROP TABLE IF EXISTS ' . WpStatistics::source_table( $name ) ); // phpcs:ignore WordPress.DB -- table name only.
		}
		delete_option( WpStatistics::OPTION_LOCK );
		self::clear_aggregates();
		parent::tearDown();
	}

	/**
	 * Deletes the aggregate rows of March 2001.
	 *
	 * @return void
	 */
	private static function clear_aggregates(): void {
		global $wpdb;
		foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'days' ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $name ) . ' WHERE day LIKE %s', self::DAY_LIKE ) ); // phpcs:ignore WordPress.DB -- table name only.
		}
		foreach ( array( 'pages_month', 'referrers_month' ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $name ) . ' WHERE month LIKE %s', self::DAY_LIKE ) ); // phpcs:ignore WordPress.DB -- table name only.
		}
	}

	/**
	 * WP Statistics 14.x table definitions (columns, keys and AUTO_INCREMENT ids as the plugin creates them).
	 *
	 * @return void
	 */
	private static function create_source_tables(): void {
		global $wpdb;
		$collate = $wpdb->get_charset_collate();
		$pages   = WpStatistics::source_table( 'pages' );
		$visitor = WpStatistics::source_table( 'visitor' );
		$visit   = WpStatistics::source_table( 'visit' );
		$sql     = array(
			"CREATE TABLE {$visit} (
				ID bigint(20) NOT NULL AUTO_INCREMENT,
				last_visit datetime NOT NULL,
				last_counter date NOT NULL,
				visit int(10) NOT NULL,
				PRIMARY KEY  (ID),
				UNIQUE KEY unique_date (last_counter)
			) {$collate}",
			"CREATE TABLE {$visitor} (
				ID bigint(20) NOT NULL AUTO_INCREMENT,
				last_counter date NOT NULL,
				referred text NOT NULL,
				agent varchar(180) NOT NULL,
				platform varchar(180),
				version varchar(180),
				device varchar(180),
				model varchar(180),
				UAString varchar(190),
				ip varchar(60) NOT NULL,
				location varchar(10),
				user_id BIGINT(40) NOT NULL,
				hits int(11),
				honeypot int(11),
				city varchar(100),
				region varchar(100),
				continent varchar(50),
				source_channel varchar(50),
				source_name varchar(100),
				PRIMARY KEY  (ID),
				UNIQUE KEY date_ip_agent (last_counter,ip,agent(50),platform(50),version(50)),
				KEY agent (agent),
				KEY platform (platform),
				KEY version (version),
				KEY device (device),
				KEY model (model),
				KEY location (location)
			) {$collate}",
			"CREATE TABLE {$pages} (
				page_id BIGINT(20) NOT NULL AUTO_INCREMENT,
				uri varchar(190) NOT NULL,
				type varchar(180) NOT NULL,
				date date NOT NULL,
				count int(11) NOT NULL,
				id int(11) NOT NULL,
				UNIQUE KEY date_2 (date,uri),
				KEY url (uri),
				KEY date (date),
				KEY id (id),
				KEY `uri` (`uri`,`count`,`id`),
				PRIMARY KEY (`page_id`)
			) {$collate}",
		);
		foreach ( $sql as $statement ) {
			$wpdb->query( $statement ); // phpcs:ignore WordPress.DB -- fixed test schema.
			if ( '' !== $wpdb->last_error ) {
				throw new \RuntimeException( 'Creating a WP Statistics table failed: ' . esc_html( $wpdb->last_error ) );
			}
		}
	}

	/**
	 * Inserts WP Statistics page rows.
	 *
	 * @param array<int, array{0: string, 1: string, 2: string, 3: int, 4: int}> $rows uri, type, date, count, id.
	 * @return void
	 */
	private static function add_pages( array $rows ): void {
		global $wpdb;
		foreach ( $rows as $row ) {
			$wpdb->insert(
				WpStatistics::source_table( 'pages' ),
				array(
					'uri'   => $row[0],
					'type'  => $row[1],
					'date'  => $row[2],
					'count' => $row[3],
					'id'    => $row[4],
				)
			);
		}
	}

	/**
	 * Inserts a WP Statistics visitor row.
	 *
	 * @param string $day      last_counter.
	 * @param string $referred referred.
	 * @param string $agent    agent (browser name).
	 * @param string $platform platform (OS name).
	 * @param string $device   device type.
	 * @param int    $hits     hits.
	 * @param string $ip       ip.
	 * @return void
	 */
	private static function add_visitor( string $day, string $referred, string $agent, string $platform, string $device, int $hits, string $ip ): void {
		global $wpdb;
		$wpdb->insert(
			WpStatistics::source_table( 'visitor' ),
			array(
				'last_counter' => $day,
				'referred'     => $referred,
				'agent'        => $agent,
				'platform'     => $platform,
				'version'      => '126.0',
				'device'       => $device,
				'model'        => '',
				'UAString'     => 'Mozilla/5.0 test',
				'ip'           => $ip,
				'location'     => 'DE',
				'user_id'      => 0,
				'hits'         => $hits,
				'honeypot'     => 0,
			)
		);
	}

	/**
	 * Inserts a WP Statistics daily total.
	 *
	 * @param string $day   last_counter.
	 * @param int    $views visit.
	 * @return void
	 */
	private static function add_visit( string $day, int $views ): void {
		global $wpdb;
		$wpdb->insert(
			WpStatistics::source_table( 'visit' ),
			array(
				'last_visit'   => $day . ' 23:00:00',
				'last_counter' => $day,
				'visit'        => $views,
			)
		);
	}

	/**
	 * The sample site: two days of pages (one URI carries a script), four visitors (one referrer carries SQL, one
	 * is the site itself), daily totals (one day without page rows).
	 *
	 * @return void
	 */
	private static function add_sample(): void {
		self::add_pages(
			array(
				array( '/hello/', 'post', '2001-03-01', 5, 12 ),
				array( '/<script>alert(1)</script>', 'page', '2001-03-01', 2, 0 ),
				array( '/category/news/', 'category', '2001-03-01', 4, 7 ),
				array( '/hello/', 'post', '2001-03-02', 3, 12 ),
				array( '/', 'home', '2001-03-02', 10, 0 ),
			)
		);
		self::add_visitor( '2001-03-01', 'https://www.google.com/search?q=tessera', 'Chrome', 'Windows', 'desktop', 3, '203.0.113.5' );
		self::add_visitor( '2001-03-01', "https://evil.example/?q=' OR 1=1; DROP TABLE wp_users; --", 'Mobile Safari', 'iOS', 'smartphone', 2, '203.0.113.6' );
		self::add_visitor( '2001-03-01', home_url( '/' ), 'Firefox', 'GNU/Linux', 'desktop', 1, '203.0.113.7' );
		self::add_visitor( '2001-03-02', 'https://www.google.com/', 'Chrome Mobile', 'Android', 'smartphone', 4, '203.0.113.8' );
		self::add_visit( '2001-03-01', 11 );
		self::add_visit( '2001-03-02', 13 );
		self::add_visit( '2001-03-03', 7 );
	}

	/**
	 * Everything the tests wrote to the aggregates, sorted.
	 *
	 * @return array<string, array<int, array<string, string>>>
	 */
	private static function aggregates(): array {
		global $wpdb;
		$out = array();
		foreach ( array(
			'pages'     => 'day, source_type, source_id, page_uri, views, visitors',
			'visitors'  => 'day, visitor, first_seen',
			'referrers' => 'day, host, views',
			'devices'   => 'day, browser, os, device, views',
		) as $name => $columns ) {
			// phpcs:ignore WordPress.DB -- table and column names only.
			$out[ $name ] = (array) $wpdb->get_results( $wpdb->prepare( "SELECT {$columns} FROM " . Schema::table( $name ) . " WHERE day LIKE %s ORDER BY {$columns}", self::DAY_LIKE ), ARRAY_A );
		}
		return $out;
	}

	/**
	 * POST the import.
	 *
	 * @return WP_REST_Response
	 */
	private function post_import(): WP_REST_Response {
		return rest_do_request( new WP_REST_Request( 'POST', self::ROUTE ) );
	}

	/**
	 * Views of one page row (null: no row).
	 *
	 * @param string $day  Day.
	 * @param string $type Source type.
	 * @param int    $id   Source id.
	 * @param string $uri  Page URI.
	 * @return int|null
	 */
	private static function page_views( string $day, string $type, int $id, string $uri ): ?int {
		global $wpdb;
		$views = $wpdb->get_var( $wpdb->prepare( 'SELECT views FROM ' . Schema::table( 'pages' ) . ' WHERE day = %s AND source_type = %s AND source_id = %d AND uri_hash = %s', $day, $type, $id, md5( $uri ) ) ); // phpcs:ignore WordPress.DB -- table name only.
		return null === $views ? null : (int) $views;
	}

	/**
	 * Maps the aggregate rows of a table to "key => value" strings for compact assertions.
	 *
	 * @param array<int, array<string, string>> $rows  Rows.
	 * @param string                            $value Value column.
	 * @return array<string, int>
	 */
	private static function flat( array $rows, string $value ): array {
		$out = array();
		foreach ( $rows as $row ) {
			$count = (int) $row[ $value ];
			unset( $row[ $value ] );
			$out[ implode( '|', $row ) ] = $count;
		}
		ksort( $out );
		return $out;
	}

	public function test_import_fills_every_aggregate_and_a_second_import_adds_nothing(): void {
		global $wpdb;
		self::add_sample();
		$this->as_admin();

		$response = $this->post_import();
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = $response->get_data();
		$this->assertTrue( $data['done'] );
		$this->assertSame( 5, $data['imported']['pages'] );
		$this->assertSame( 4, $data['imported']['visitors'] );
		$this->assertSame( 5 + 2 + 4 + 3 + 10 + 7, $data['imported']['views'], 'page views plus the total of the day without page rows' );
		$this->assertSame( 1, $data['imported']['visitTotals'] );
		$this->assertSame( 3 + 2 + 1 + 4, $data['imported']['devices'] );

		$this->assertSame( 5, self::page_views( '2001-03-01', 'post', 12, '/hello/' ) );
		$this->assertSame( 3, self::page_views( '2001-03-02', 'post', 12, '/hello/' ) );
		$this->assertSame( 2, self::page_views( '2001-03-01', 'page', 0, '/<script>alert(1)</script>' ), 'the hostile URI is stored as text, unchanged' );
		$this->assertSame( 4, self::page_views( '2001-03-01', 'archive', 7, '/category/news/' ), 'a category is an archive' );
		$this->assertSame( 10, self::page_views( '2001-03-02', 'home', 0, '/' ) );
		$this->assertSame( 7, self::page_views( '2001-03-03', 'unknown', 0, '/' ), 'a day with totals only' );
		$this->assertNull( self::page_views( '2001-03-01', 'unknown', 0, '/' ), 'a day with page rows takes no total' );

		$aggregates = self::aggregates();
		$this->assertSame( array( '2001-03-01', '2001-03-01', '2001-03-01', '2001-03-02' ), array_column( $aggregates['visitors'], 'day' ), 'one visitor row per source row' );
		foreach ( $aggregates['visitors'] as $row ) {
			$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', $row['visitor'] );
		}
		$this->assertStringNotContainsString( '203.0.113', (string) wp_json_encode( $aggregates ), 'no IP address is stored' );
		$this->assertSame(
			array(
				'2001-03-01|'                 => 1,
				'2001-03-01|evil.example'     => 1,
				'2001-03-01|www.google.com'   => 1,
				'2001-03-02|www.google.com'   => 1,
			),
			self::flat( $aggregates['referrers'], 'views' ),
			'hosts only; the own site counts as direct (empty host)'
		);
		$this->assertSame(
			array(
				'2001-03-01|Chrome|Windows|desktop' => 3,
				'2001-03-01|Firefox|Linux|desktop'  => 1,
				'2001-03-01|Safari|iOS|mobile'      => 2,
				'2001-03-02|Chrome|Android|mobile'  => 4,
			),
			self::flat( $aggregates['devices'], 'views' ),
			'devices weighted by hits'
		);
		$this->assertGreaterThan( 0, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->users}" ), 'the SQL in the referrer did nothing' ); // phpcs:ignore WordPress.DB -- core table.

		$again = $this->post_import();
		$this->assertSame( 200, $again->get_status() );
		$this->assertSame( array_fill_keys( WpStatistics::COUNTERS, 0 ), $again->get_data()['imported'], 'nothing new' );
		$this->assertSame( $aggregates, self::aggregates(), 'a second import doubles nothing' );

		$status = rest_do_request( new WP_REST_Request( 'GET', self::ROUTE ) )->get_data();
		$this->assertTrue( $status['available'] );
		$this->assertEquals(
			(object) array(
				'pages'   => 5,
				'visitor' => 4,
				'visit'   => 3,
			),
			$status['tables']
		);
		$this->assertSame( 4, $status['lastImport']['totals']['visitors'] );
		$this->assertTrue( $status['lastImport']['done'] );
	}

	public function test_new_rows_after_an_import_are_added_once(): void {
		self::add_sample();
		$this->as_admin();
		$this->post_import();
		self::add_pages( array( array( '/hello/', 'post', '2001-03-04', 6, 12 ) ) );
		self::add_visitor( '2001-03-04', '', 'Edge', 'Windows', 'desktop', 2, '203.0.113.9' );

		$data = $this->post_import()->get_data();
		$this->assertSame( 1, $data['imported']['pages'] );
		$this->assertSame( 1, $data['imported']['visitors'] );
		$this->assertSame( 6, self::page_views( '2001-03-04', 'post', 12, '/hello/' ) );
		$this->assertSame( 5, self::page_views( '2001-03-01', 'post', 12, '/hello/' ), 'earlier rows unchanged' );
		$this->assertSame( array( '2001-03-04|' => 1 ), array_filter( self::flat( self::aggregates()['referrers'], 'views' ), static fn ( string $k ): bool => str_starts_with( $k, '2001-03-04' ), ARRAY_FILTER_USE_KEY ), 'no referrer: direct' );
	}

	public function test_rows_of_today_wait_for_a_later_import(): void {
		self::add_sample();
		$result = ( new WpStatistics( '2001-03-02' ) )->run();
		$this->assertIsArray( $result );
		$this->assertTrue( $result['deferred'] );
		$this->assertSame( 3, $result['imported']['pages'], 'only 2001-03-01' );
		$this->assertSame( 3, $result['imported']['visitors'] );
		$this->assertNull( self::page_views( '2001-03-02', 'home', 0, '/' ), "today's row is still counting in WP Statistics" );

		$later = ( new WpStatistics( '2001-03-10' ) )->run();
		$this->assertIsArray( $later );
		$this->assertFalse( $later['deferred'] );
		$this->assertSame( 2, $later['imported']['pages'] );
		$this->assertSame( 10, self::page_views( '2001-03-02', 'home', 0, '/' ) );
		$this->assertSame( 5, self::page_views( '2001-03-01', 'post', 12, '/hello/' ), 'not doubled' );
		$this->assertSame( 7, self::page_views( '2001-03-03', 'unknown', 0, '/' ) );
	}

	public function test_big_tables_are_imported_in_resumable_batches(): void {
		global $wpdb;
		$rows   = WpStatistics::BATCH + 500;
		$values = array();
		for ( $i = 0; $i < $rows; $i++ ) {
			$values[] = $wpdb->prepare( '(%s, %s, %s, %d, %d)', '/p-' . $i . '/', 'post', '2001-03-0' . ( 1 + $i % 5 ), 2, $i );
		}
		$wpdb->query( 'INSERT INTO ' . WpStatistics::source_table( 'pages' ) . ' (uri, type, date, count, id) VALUES ' . implode( ',', $values ) ); // phpcs:ignore WordPress.DB -- values prepared above.
		$this->assertSame( $rows, (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . WpStatistics::source_table( 'pages' ) ) ); // phpcs:ignore WordPress.DB -- table name only.

		$importer = new WpStatistics();
		$first    = $importer->run( 0.0 );
		$this->assertIsArray( $first );
		$this->assertFalse( $first['done'], 'a zero budget stops after one batch' );
		$this->assertSame( WpStatistics::BATCH, $first['imported']['pages'] );
		$this->assertSame( WpStatistics::BATCH, WpStatistics::state()['cursor']['pages'], 'the cursor is the last id imported' );

		$calls = 1;
		$pages = $first['imported']['pages'];
		do {
			$next = $importer->run( 0.0 );
			$this->assertIsArray( $next );
			$pages += $next['imported']['pages'];
			++$calls;
		} while ( ! $next['done'] && $calls < 10 );
		$this->assertTrue( $next['done'] );
		$this->assertSame( $rows, $pages );
		$this->assertSame( 2 * $rows, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT SUM(views) FROM ' . Schema::table( 'pages' ) . ' WHERE day LIKE %s', self::DAY_LIKE ) ) ); // phpcs:ignore WordPress.DB -- table name only.
	}

	public function test_a_running_import_refuses_a_second_one(): void {
		self::add_sample();
		add_option( WpStatistics::OPTION_LOCK, (string) time(), '', false );
		$this->as_admin();
		$response = $this->post_import();
		$this->assertSame( 409, $response->get_status() );
		$this->assertSame( array(), self::aggregates()['pages'] );
	}

	public function test_editor_and_visitor_are_refused(): void {
		self::add_sample();
		foreach ( array( 0, $this->make_user( 'editor' ) ) as $user ) {
			wp_set_current_user( $user );
			$this->assertSame( 0 === $user ? 401 : 403, $this->post_import()->get_status() );
			$this->assertSame( 0 === $user ? 401 : 403, rest_do_request( new WP_REST_Request( 'GET', self::ROUTE ) )->get_status() );
		}
		$this->assertSame(
			array(
				'pages'     => array(),
				'visitors'  => array(),
				'referrers' => array(),
				'devices'   => array(),
			),
			self::aggregates(),
			'nothing imported'
		);
		$this->assertFalse( get_option( WpStatistics::OPTION ) );
	}

	public function test_without_tables_nothing_is_available(): void {
		global $wpdb;
		foreach ( WpStatistics::TABLES as $name ) {
			$wpdb->query( 'DROP TABLE ' . WpStatistics::source_table( $name ) ); // phpcs:ignore WordPress.DB -- table name only.
		}
		$this->as_admin();
		$status = rest_do_request( new WP_REST_Request( 'GET', self::ROUTE ) );
		$this->assertSame( 200, $status->get_status() );
		$this->assertFalse( $status->get_data()['available'] );
		$this->assertNull( $status->get_data()['lastImport'] );
		$this->assertSame( 404, $this->post_import()->get_status() );
	}

	public function test_mappings_of_wp_statistics_values(): void {
		$this->assertSame( 'Edge', WpStatistics::browser( 'Microsoft Edge' ) );
		$this->assertSame( 'Samsung Internet', WpStatistics::browser( 'Samsung Browser' ) );
		$this->assertSame( 'Chrome', WpStatistics::browser( 'Chrome Mobile iOS' ) );
		$this->assertSame( 'Other', WpStatistics::browser( 'Unknown' ) );
		$this->assertSame( 'macOS', WpStatistics::os( 'Mac' ) );
		$this->assertSame( 'ChromeOS', WpStatistics::os( 'Chrome OS' ) );
		$this->assertSame( 'Linux', WpStatistics::os( 'Ubuntu' ) );
		$this->assertSame( 'tablet', WpStatistics::device( 'tablet', 'Android' ) );
		$this->assertSame( 'mobile', WpStatistics::device( 'phablet', 'Android' ) );
		$this->assertSame( 'mobile', WpStatistics::device( '', 'iOS' ), 'no device column: guessed from the OS' );
		$this->assertSame( '/path/', WpStatistics::uri( 'https://example.com/path/' ) );
		$this->assertSame( '/ab', WpStatistics::uri( "/a\x00b" ) );
		$this->assertNull( WpStatistics::referrer_host( 'javascript:alert(1)', 'example.com' ) );
		$this->assertSame( '', WpStatistics::referrer_host( 'https://www.example.com/x', 'example.com' ) );
		$this->assertSame( 'evil.example', WpStatistics::referrer_host( 'HTTPS://Evil.Example/<script>', 'example.com' ) );
	}
}
