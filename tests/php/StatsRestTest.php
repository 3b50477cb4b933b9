<?php
/**
 * REST `tessera/v1/stats/report`, `stats/export` (CSV) and `stats/settings`: capabilities, bad ranges, stored
 * hostile strings answered as data, CSV formula neutralising, settings saved or refused by field.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\DashboardPage;
use Tessera\Stats\Rollup;
use Tessera\Stats\Schema;
use Tessera\Stats\Settings;
use Tessera\Stats\Stats;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Through rest_do_request() and, for the raw CSV, the REST server's serve_request().
 */
final class StatsRestTest extends TestCase {

	private const REPORT   = '/tessera/v1/stats/report';
	private const EXPORT   = '/tessera/v1/stats/export';
	private const SETTINGS = '/tessera/v1/stats/settings';

	/**
	 * Installs the tables, empties the test's days (2002) and the settings.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Schema::OPTION_DB_VERSION );
		$this->keep_option( Settings::OPTION );
		delete_option( Settings::OPTION );
		Settings::flush();
		Schema::maybe_install();
		self::clean();
	}

	/**
	 * Removes the test's rows.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		self::clean();
		Settings::flush();
		parent::tearDown();
	}

	/**
	 * Deletes the rows of 2002.
	 *
	 * @return void
	 */
	private static function clean(): void {
		global $wpdb;
		foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'events', 'days' ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $name ) . ' WHERE day >= %s AND day <= %s', '2002-01-01', '2002-12-31' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name only.
		}
		foreach ( array( 'pages_month', 'referrers_month' ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . Schema::table( $name ) . ' WHERE month >= %s AND month <= %s', '2002-01-01', '2002-12-31' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name only.
		}
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
		if ( 1 !== $wpdb->insert( Schema::table( $table ), $row ) ) {
			throw new \RuntimeException( 'insert into ' . $table . ' failed: ' . $wpdb->last_error );
		}
	}

	/**
	 * A GET request with query parameters.
	 *
	 * @param string               $route  Route.
	 * @param array<string, mixed> $params Query parameters.
	 * @return WP_REST_Response
	 */
	private static function get( string $route, array $params = array() ): WP_REST_Response {
		$request = new WP_REST_Request( 'GET', $route );
		$request->set_query_params( $params );
		return rest_do_request( $request );
	}

	/**
	 * POST settings as JSON.
	 *
	 * @param mixed $body Body.
	 * @return WP_REST_Response
	 */
	private static function post_settings( mixed $body ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', self::SETTINGS );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( (string) wp_json_encode( $body ) );
		return rest_do_request( $request );
	}

	/**
	 * The raw stored settings, read from the database.
	 *
	 * @return mixed
	 */
	private static function stored(): mixed {
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( Settings::OPTION, 'options' );
		return get_option( Settings::OPTION, null );
	}

	/**
	 * Hostile rows in 2002-05-02: a page address and a referrer host carrying script and SQL, event names and
	 * targets that a spreadsheet would run as formulas.
	 *
	 * @return void
	 */
	private static function seed_hostile(): void {
		$uri = "/<script>alert('x')</script>?q=1' OR '1'='1";
		self::row(
			'pages',
			array(
				'day'         => '2002-05-02',
				'source_type' => 'post',
				'source_id'   => 0,
				'uri_hash'    => md5( $uri ),
				'page_uri'    => $uri,
				'views'       => 3,
				'visitors'    => 1,
			)
		);
		self::row(
			'pages',
			array(
				'day'         => '2002-05-02',
				'source_type' => 'post',
				'source_id'   => 0,
				'uri_hash'    => md5( '=HYPERLINK("http://evil.test")' ),
				'page_uri'    => '=HYPERLINK("http://evil.test")',
				'views'       => 2,
				'visitors'    => 1,
			)
		);
		self::row(
			'referrers',
			array(
				'day'   => '2002-05-02',
				'host'  => '<img src=x onerror=alert(1)>',
				'views' => 4,
			)
		);
		self::row(
			'referrers',
			array(
				'day'   => '2002-05-02',
				'host'  => '+cmd|calc',
				'views' => 1,
			)
		);
		self::row(
			'devices',
			array(
				'day'     => '2002-05-02',
				'browser' => '@SUM(1+1)',
				'os'      => '-2+3',
				'device'  => 'desktop',
				'views'   => 5,
			)
		);
		foreach ( array(
			array( 'custom', '=1+1', "\t=tab" ),
			array( 'click', 'click', '-cmd' ),
			array( 'download', 'file_download', '@import' ),
		) as $event ) {
			self::row(
				'events',
				array(
					'day'         => '2002-05-02',
					'kind'        => $event[0],
					'name'        => $event[1],
					'target_hash' => md5( $event[2] ),
					'target'      => $event[2],
					'count'       => 1,
				)
			);
		}
		Rollup::rebuild( '2002-05-01', '2002-05-31' );
	}

	public function test_routes_are_registered(): void {
		$routes = rest_get_server()->get_routes();
		foreach ( array( self::REPORT, self::EXPORT, self::SETTINGS ) as $route ) {
			$this->assertArrayHasKey( $route, $routes );
			foreach ( $routes[ $route ] as $handler ) {
				$this->assertIsCallable( $handler['permission_callback'] );
			}
		}
	}

	/**
	 * @return array<string, array{0: string, 1: int}>
	 */
	public function not_allowed(): array {
		return array(
			'logged out' => array( '', 401 ),
			'editor'     => array( 'editor', 403 ),
			'author'     => array( 'author', 403 ),
			'subscriber' => array( 'subscriber', 403 ),
		);
	}

	/**
	 * @dataProvider not_allowed
	 *
	 * @param string $role   Role ('' = logged out).
	 * @param int    $status Expected status.
	 */
	public function test_every_route_refuses_users_without_the_capability( string $role, int $status ): void {
		Settings::save( array( 'onlineInterval' => 90 ) );
		$before = self::stored();
		if ( '' !== $role ) {
			$this->as_role( $role );
		}
		$range = array(
			'from' => '2002-05-01',
			'to'   => '2002-05-07',
		);
		foreach ( array(
			self::get( self::REPORT, $range ),
			self::get( self::EXPORT, $range + array( 'table' => 'pages' ) ),
			self::get( self::SETTINGS ),
			self::post_settings( array( 'onlineInterval' => 30 ) ),
		) as $response ) {
			$this->assertSame( $status, $response->get_status() );
			$this->assertSame( 'rest_forbidden', $response->get_data()['code'] ?? '' );
		}
		$this->assertSame( $before, self::stored(), 'nothing stored' );
	}

	public function test_the_view_capability_can_be_lowered_for_the_report_only(): void {
		$this->add_test_filter( 'tessera_stats_view_capability', static fn (): string => 'edit_others_posts' );
		$this->assertSame( 'edit_others_posts', Stats::view_capability() );
		$this->as_role( 'editor' );
		$range = array(
			'from' => '2002-05-01',
			'to'   => '2002-05-07',
		);
		$this->assertSame( 200, self::get( self::REPORT, $range )->get_status() );
		$this->assertSame( 200, self::get( self::EXPORT, $range + array( 'table' => 'referrers' ) )->get_status() );
		$this->assertSame( 403, self::get( self::SETTINGS )->get_status(), 'settings stay manage_options' );
		$this->assertSame( 403, self::post_settings( array( 'enabled' => false ) )->get_status() );
	}

	public function test_view_capability_defaults_to_manage_options(): void {
		$this->assertSame( 'manage_options', Stats::view_capability() );
		$this->add_test_filter( 'tessera_stats_view_capability', static fn (): string => '' );
		$this->assertSame( 'manage_options', Stats::view_capability(), 'an empty capability falls back' );
	}

	public function test_report_answers_everything_the_dashboard_needs(): void {
		$post = $this->make_post( array( 'post_title' => 'Fish & Chips' ) );
		self::row(
			'visitors',
			array(
				'day'        => '2002-05-03',
				'visitor'    => md5( 'v1' ),
				'first_seen' => '2002-05-03 10:00:00',
			)
		);
		self::row(
			'pages',
			array(
				'day'         => '2002-05-03',
				'source_type' => 'post',
				'source_id'   => $post->ID,
				'uri_hash'    => md5( '/fish/' ),
				'page_uri'    => '/fish/',
				'views'       => 4,
				'visitors'    => 1,
			)
		);
		Rollup::rebuild( '2002-05-01', '2002-05-31' );
		$this->as_admin();
		$response = self::get(
			self::REPORT,
			array(
				'from' => '2002-05-01',
				'to'   => '2002-05-07',
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] ?? '' );
		$data = $response->get_data();
		$this->assertSame( array( 'from', 'to', 'totals', 'daily', 'online', 'pages', 'referrers', 'browsers', 'os', 'devices', 'events', 'clicks', 'downloads' ), array_keys( $data ) );
		$this->assertSame( '2002-05-01', $data['from'] );
		$this->assertSame(
			array(
				'visitors' => 1,
				'views'    => 4,
			),
			$data['totals']
		);
		$this->assertCount( 7, $data['daily'] );
		$this->assertSame( 4, $data['daily'][2]['views'] );
		$this->assertSame( 0, $data['daily'][0]['views'] );
		$this->assertArrayHasKey( 'count', $data['online'] );
		$this->assertSame( 'Fish & Chips', $data['pages'][0]['title'], 'the title as plain text (escaped by the client), not &#038;' );
		$this->assertSame( home_url( '/fish/' ), $data['pages'][0]['url'] );
		$this->assertSame( array(), $data['referrers'] );
		$this->assertSame( array(), $data['clicks'] );

		$json = wp_json_encode( $data );
		$this->assertIsString( $json );
	}

	public function test_report_limit_is_checked(): void {
		$this->as_admin();
		foreach ( array( 0, 101, 'ten' ) as $limit ) {
			$response = self::get(
				self::REPORT,
				array(
					'from'  => '2002-05-01',
					'to'    => '2002-05-07',
					'limit' => $limit,
				)
			);
			$this->assertSame( 400, $response->get_status(), 'limit ' . $limit );
		}
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public function bad_ranges(): array {
		return array(
			'reversed'       => array(
				array(
					'from' => '2002-05-07',
					'to'   => '2002-05-01',
				),
			),
			'impossible day' => array(
				array(
					'from' => '2002-02-30',
					'to'   => '2002-03-01',
				),
			),
			'not a date'     => array(
				array(
					'from' => 'last week',
					'to'   => '2002-03-01',
				),
			),
			'sql'            => array(
				array(
					'from' => "2002-01-01' OR 1=1 --",
					'to'   => '2002-03-01',
				),
			),
			'too long'       => array(
				array(
					'from' => '1990-01-01',
					'to'   => '2002-03-01',
				),
			),
			'array'          => array(
				array(
					'from' => array( '2002-01-01' ),
					'to'   => '2002-03-01',
				),
			),
			'missing to'     => array( array( 'from' => '2002-01-01' ) ),
			'missing both'   => array( array() ),
		);
	}

	/**
	 * @dataProvider bad_ranges
	 *
	 * @param array<string, mixed> $params Query parameters.
	 */
	public function test_bad_ranges_answer_400( array $params ): void {
		$this->as_admin();
		$report = self::get( self::REPORT, $params );
		$this->assertSame( 400, $report->get_status() );
		$this->assertContains( $report->get_data()['code'] ?? '', array( 'tessera_stats_invalid_range', 'rest_missing_callback_param' ) );
		$export = self::get( self::EXPORT, $params + array( 'table' => 'pages' ) );
		$this->assertSame( 400, $export->get_status() );
	}

	public function test_export_refuses_an_unknown_table(): void {
		$this->as_admin();
		foreach ( array( 'visitors', 'online', 'pages; DROP TABLE x', '' ) as $table ) {
			$response = self::get(
				self::EXPORT,
				array(
					'from'  => '2002-05-01',
					'to'    => '2002-05-07',
					'table' => $table,
				)
			);
			$this->assertSame( 400, $response->get_status(), 'table ' . $table );
		}
	}

	public function test_stored_script_and_sql_come_back_as_data(): void {
		self::seed_hostile();
		$this->as_admin();
		$data = self::get(
			self::REPORT,
			array(
				'from' => '2002-05-01',
				'to'   => '2002-05-07',
			)
		)->get_data();
		$this->assertSame( "/<script>alert('x')</script>?q=1' OR '1'='1", $data['pages'][0]['page_uri'], 'unchanged: the client escapes it' );
		$this->assertStringStartsWith( home_url( '/' ), $data['pages'][0]['url'], 'the link stays on this site' );
		$this->assertStringNotContainsString( '<script>', $data['pages'][0]['url'], 'the link is an escaped URL' );
		$this->assertSame( '<img src=x onerror=alert(1)>', $data['referrers'][0]['host'] );
		$this->assertSame( '@SUM(1+1)', $data['browsers'][0]['name'] );
		$this->assertSame( '=1+1', $data['events'][0]['name'] );

		$this->assertSame( 5, $data['totals']['views'], 'the SQL in the stored address changed no query' );
	}

	public function test_export_csv_neutralises_formulas(): void {
		self::seed_hostile();
		$this->as_admin();
		$range = array(
			'from' => '2002-05-01',
			'to'   => '2002-05-07',
		);

		$pages = self::get( self::EXPORT, $range + array( 'table' => 'pages' ) );
		$this->assertSame( 200, $pages->get_status() );
		$headers = $pages->get_headers();
		$this->assertSame( 'text/csv; charset=utf-8', $headers['Content-Type'] );
		$this->assertSame( 'attachment; filename="tessera-stats-pages-2002-05-01-2002-05-07.csv"', $headers['Content-Disposition'] );
		$this->assertSame( 'nosniff', $headers['X-Content-Type-Options'] );
		$rows = self::parse_csv( $pages->get_data() );
		$this->assertSame( array( 'source_type', 'source_id', 'page_uri', 'views', 'visitors' ), $rows[0] );
		$this->assertSame( array( 'post', '0', "/<script>alert('x')</script>?q=1' OR '1'='1", '3', '1' ), $rows[1] );
		$this->assertSame( "'=HYPERLINK(\"http://evil.test\")", $rows[2][2] );

		$referrers = self::parse_csv( self::get( self::EXPORT, $range + array( 'table' => 'referrers' ) )->get_data() );
		$this->assertSame( array( 'host', 'views' ), $referrers[0] );
		$this->assertSame( array( '<img src=x onerror=alert(1)>', '4' ), $referrers[1] );
		$this->assertSame( array( "'+cmd|calc", '1' ), $referrers[2] );

		$devices = self::parse_csv( self::get( self::EXPORT, $range + array( 'table' => 'devices' ) )->get_data() );
		$this->assertSame(
			array(
				array( 'group', 'name', 'views' ),
				array( 'browser', "'@SUM(1+1)", '5' ),
				array( 'os', "'-2+3", '5' ),
				array( 'device', 'desktop', '5' ),
			),
			$devices
		);

		$events = self::parse_csv( self::get( self::EXPORT, $range + array( 'table' => 'events' ) )->get_data() );
		$this->assertSame(
			array(
				array( 'kind', 'name', 'target', 'count' ),
				array( 'custom', "'=1+1", "'\t=tab", '1' ),
				array( 'click', 'click', "'-cmd", '1' ),
				array( 'download', 'file_download', "'@import", '1' ),
			),
			$events
		);
	}

	public function test_export_is_served_as_raw_csv(): void {
		self::seed_hostile();
		$this->as_admin();
		$_GET = array(
			'from'  => '2002-05-01',
			'to'    => '2002-05-07',
			'table' => 'referrers',
		);
		$server = rest_get_server();
		ob_start();
		$server->serve_request( self::EXPORT );
		$body = (string) ob_get_clean();
		$this->assertSame( "host,views\n\"<img src=x onerror=alert(1)>\",4\n'+cmd|calc,1\n", $body, 'the CSV itself, not a JSON string' );
	}

	public function test_settings_read_save_and_refuse_by_field(): void {
		$this->as_admin();
		$read = self::get( self::SETTINGS );
		$this->assertSame( 200, $read->get_status() );
		$this->assertSame( Settings::defaults(), $read->get_data() );

		$saved = self::post_settings(
			array(
				'onlineInterval' => 120,
				'excludedIps'    => array( '10.0.0.0/8' ),
			)
		);
		$this->assertSame( 200, $saved->get_status() );
		$this->assertSame( 120, $saved->get_data()['onlineInterval'] );
		$this->assertSame( $saved->get_data(), self::stored() );
		$this->assertSame( $saved->get_data(), self::get( self::SETTINGS )->get_data() );

		$before = self::stored();
		foreach ( array(
			'excludedIps'    => array(
				'excludedIps'    => array( '10.0.0.0/8', 'not-an-ip' ),
				'onlineInterval' => 30,
			),
			'onlineInterval' => array( 'onlineInterval' => 5 ),
			'consentLevel'   => array( 'consentLevel' => '<script>' ),
			'bogus'          => array( 'bogus' => true ),
		) as $field => $body ) {
			$refused = self::post_settings( $body );
			$this->assertSame( 400, $refused->get_status(), $field );
			$this->assertSame( 'tessera_stats_invalid', $refused->get_data()['code'] );
			$this->assertSame( $field, $refused->get_data()['data']['field'] );
			$this->assertSame( $before, self::stored(), 'nothing stored: ' . $field );
		}
		foreach ( array( array(), array( 1, 2 ) ) as $body ) {
			$this->assertSame( 400, self::post_settings( $body )->get_status() );
		}
		$this->assertSame( $before, self::stored() );
	}

	public function test_dashboard_page_config(): void {
		$this->as_admin();
		$config = DashboardPage::config();
		$this->assertSame( wp_date( 'Y-m-d' ), $config['today'] );
		$this->assertTrue( $config['canManage'] );
		$this->assertSame( rest_url( 'tessera/v1/stats/export' ), $config['exportUrl'] );
		$this->assertContains( 'editor', array_column( $config['roles'], 'slug' ) );
		$this->assertSame( 1, wp_verify_nonce( $config['nonce'], 'wp_rest' ) );
	}

	/**
	 * CSV text as rows.
	 *
	 * @param mixed $csv CSV text.
	 * @return array<int, array<int, string>>
	 */
	private static function parse_csv( mixed $csv ): array {
		self::assertIsString( $csv );
		$rows = array();
		foreach ( explode( "\n", rtrim( $csv, "\n" ) ) as $line ) {
			$rows[] = str_getcsv( $line, ',', '"', '' );
		}
		return $rows;
	}
}
