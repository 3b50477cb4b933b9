<?php
/**
 * The consent log (docs/consent.md, "Consent log"): REST endpoint, rate limit, table, retention, privacy
 * exporter/eraser, CSV escaping, the admin list table.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\Log\ConsentLog;
use Tessera\Consent\Log\LogController;
use Tessera\Consent\Log\LogPage;
use Tessera\Consent\Log\LogTable;
use Tessera\Consent\Log\Retention;
use Tessera\Consent\Settings;
use WP_REST_Request;
use WP_REST_Response;
use WP_Session_Tokens;

/**
 * Every row a test creates has a consent id the test made up and is deleted in tearDown().
 */
final class ConsentLogTest extends ConsentTestCase {

	private const ROUTE = '/tessera/v1/consent/log';

	/**
	 * Consent ids the test used.
	 *
	 * @var string[]
	 */
	private array $consent_ids = array();

	/**
	 * REMOTE_ADDR before the test.
	 *
	 * @var mixed
	 */
	private $remote_addr = null;

	/**
	 * Wires the feature when Plugin does not (yet), gives the test its own client address and keeps the options.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		if ( ! isset( rest_get_server()->get_routes()[ self::ROUTE ] ) ) {
			( new ConsentLog() )->register_hooks();
			( new LogController() )->register_routes();
		}
		$this->keep_option( Retention::OPTION );
		$this->remote_addr      = $_SERVER['REMOTE_ADDR'] ?? null;
		$_SERVER['REMOTE_ADDR'] = '198.51.100.' . wp_rand( 1, 254 );
		self::clear_rate();
		LogTable::maybe_install();
	}

	/**
	 * Deletes the test's rows and rate-limit transient, restores REMOTE_ADDR.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		global $wpdb;
		self::clear_rate();
		$_SERVER['REMOTE_ADDR'] = $this->remote_addr;
		foreach ( array_chunk( array_unique( $this->consent_ids ), 200 ) as $chunk ) {
			$placeholders = implode( ',', array_fill( 0, count( $chunk ), '%s' ) );
			$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . LogTable::table() . " WHERE consent_id IN ({$placeholders})", ...$chunk ) );
		}
		$this->consent_ids = array();
		parent::tearDown();
	}

	/**
	 * Forgets the `consent_log` rate-limit counters of an address (default: the current REMOTE_ADDR).
	 *
	 * @param string|null $address Client address.
	 * @return void
	 */
	private static function clear_rate( ?string $address = null ): void {
		global $wpdb;
		$address = $address ?? (string) $_SERVER['REMOTE_ADDR'];
		$wpdb->delete(
			\Tessera\Stats\Schema::table( 'limits' ),
			array(
				'bucket' => 'consent_log',
				'client' => \Tessera\Http\RateLimiter::client( 'consent_log', $address ),
			)
		);
	}

	/**
	 * A new consent id (recorded for clean-up).
	 *
	 * @param string $prefix Start of the id (letters/digits).
	 * @return string 32 letters/digits.
	 */
	private function new_id( string $prefix = '' ): string {
		$id                  = substr( $prefix . strtolower( wp_generate_password( 32, false ) ), 0, 32 );
		$this->consent_ids[] = $id;
		return $id;
	}

	/**
	 * A cookie value for the default categories.
	 *
	 * @param string              $consent_id Consent id.
	 * @param array<string, bool> $choices    Slug => yes/no for the non-necessary categories (default all no).
	 * @param string              $consent    The consent value.
	 * @param string              $action     The action value.
	 * @return string
	 */
	private static function cookie( string $consent_id, array $choices = array(), string $consent = 'no', string $action = 'yes' ): string {
		$pairs = array( 'consentid:' . $consent_id, 'consent:' . $consent, 'action:' . $action );
		foreach ( Settings::get()['categories'] as $category ) {
			$on      = $category['isNecessary'] || ( $choices[ $category['slug'] ] ?? false );
			$pairs[] = $category['slug'] . ':' . ( $on ? 'yes' : 'no' );
		}
		return implode( ',', $pairs );
	}

	/**
	 * POSTs a record as the runtime's sendBeacon does (a form field `consent`).
	 *
	 * @param mixed $value Field value; null sends no field.
	 * @return WP_REST_Response
	 */
	private function post_log( $value ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', self::ROUTE );
		$request->set_header( 'Content-Type', 'application/x-www-form-urlencoded' );
		if ( null !== $value ) {
			$request->set_body_params( array( 'consent' => $value ) );
		}
		return rest_do_request( $request );
	}

	/**
	 * The raw rows stored for a consent id, straight from the table.
	 *
	 * @param string $consent_id Consent id.
	 * @return array<int, array<string, mixed>>
	 */
	private static function raw_rows( string $consent_id ): array {
		global $wpdb;
		return (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . LogTable::table() . ' WHERE consent_id = %s ORDER BY id', $consent_id ), ARRAY_A );
	}

	/**
	 * Inserts a row directly.
	 *
	 * @param string $consent_id Consent id.
	 * @param int    $user_id    User id.
	 * @param int    $days_ago   Age in days.
	 * @return int Row id.
	 */
	private static function insert_row( string $consent_id, int $user_id = 0, int $days_ago = 0 ): int {
		$id = LogTable::insert(
			$consent_id,
			'gdpr',
			'yes',
			array(
				'necessary' => true,
				'analytics' => false,
			),
			'abcdef012345',
			$user_id,
			gmdate( 'Y-m-d H:i:s', time() - $days_ago * DAY_IN_SECONDS )
		);
		if ( $id <= 0 ) {
			throw new \RuntimeException( 'row not inserted' );
		}
		return $id;
	}

	public function test_a_valid_record_is_stored_with_law_categories_banner_version_and_no_ip(): void {
		$consent_id = $this->new_id();
		$response   = $this->post_log( self::cookie( $consent_id, array( 'analytics' => true ), 'yes' ) );

		$this->assertSame( 201, $response->get_status() );
		$this->assertSame( array( 'logged' => true ), $response->get_data() );

		$rows = self::raw_rows( $consent_id );
		$this->assertCount( 1, $rows );
		$row = $rows[0];
		$this->assertSame( array( 'id', 'consent_id', 'law', 'consent', 'categories', 'banner_version', 'user_id', 'created_at' ), array_keys( $row ), 'no IP or user-agent column' );
		$this->assertSame( 'gdpr', $row['law'] );
		$this->assertSame( 'yes', $row['consent'] );
		$this->assertSame(
			array(
				'necessary'     => true,
				'functional'    => false,
				'analytics'     => true,
				'performance'   => false,
				'advertisement' => false,
			),
			json_decode( $row['categories'], true )
		);
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{12}$/', $row['banner_version'] );
		$this->assertSame( substr( hash( 'sha256', (string) wp_json_encode( Settings::get() ) ), 0, 12 ), $row['banner_version'] );
		$this->assertSame( 0, (int) $row['user_id'] );
		$this->assertEqualsWithDelta( time(), strtotime( $row['created_at'] . ' UTC' ), 60, 'created_at is UTC now' );
		foreach ( $row as $column => $value ) {
			$this->assertStringNotContainsString( (string) $_SERVER['REMOTE_ADDR'], (string) $value, "no IP in $column" );
			$this->assertStringNotContainsString( \Tessera\Http\RateLimiter::client( 'consent_log', (string) $_SERVER['REMOTE_ADDR'] ), (string) $value, "no IP hash in $column" );
		}
	}

	public function test_the_law_and_banner_version_follow_the_settings(): void {
		$before = ConsentLog::banner_version();
		$this->assertNotInstanceOf( \WP_Error::class, Settings::update( array( 'activeLaw' => 'ccpa' ) ) );
		$this->assertNotSame( $before, ConsentLog::banner_version(), 'another banner, another version' );

		$consent_id = $this->new_id();
		$this->assertSame( 201, $this->post_log( self::cookie( $consent_id, array(), 'reject' ) )->get_status() );
		$rows = self::raw_rows( $consent_id );
		$this->assertCount( 1, $rows );
		$this->assertSame( 'ccpa', $rows[0]['law'] );
		$this->assertSame( 'reject', $rows[0]['consent'] );
		$this->assertSame( ConsentLog::banner_version(), $rows[0]['banner_version'] );
	}

	/**
	 * A request that core's REST cookie check let through as a user (a valid `wp_rest` nonce) names that user.
	 *
	 * @return void
	 */
	public function test_a_logged_in_user_is_recorded(): void {
		$user_id    = $this->as_role( 'subscriber' );
		$consent_id = $this->new_id();
		$this->assertSame( 201, $this->post_log( self::cookie( $consent_id ) )->get_status() );
		$rows = self::raw_rows( $consent_id );
		$this->assertCount( 1, $rows );
		$this->assertSame( $user_id, (int) $rows[0]['user_id'] );
	}

	/**
	 * Issue 20, item 16: a valid login cookie without a REST nonce (core's cookie check has logged the request
	 * out) names no user: the cookie alone would let a third-party page forge records in a visitor's name.
	 *
	 * @return void
	 */
	public function test_a_login_cookie_without_a_nonce_names_no_user(): void {
		$user_id = $this->make_user( 'subscriber' );
		$cookie  = wp_generate_auth_cookie( $user_id, time() + HOUR_IN_SECONDS, 'logged_in' );
		$kept    = $_COOKIE[ LOGGED_IN_COOKIE ] ?? null;
		$_COOKIE[ LOGGED_IN_COOKIE ] = $cookie; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- a test.
		wp_set_current_user( 0 );
		try {
			$consent_id = $this->new_id();
			$this->assertSame( 201, $this->post_log( self::cookie( $consent_id ) )->get_status() );
			$rows = self::raw_rows( $consent_id );
			$this->assertCount( 1, $rows );
			$this->assertSame( 0, (int) $rows[0]['user_id'] );
		} finally {
			if ( null === $kept ) {
				unset( $_COOKIE[ LOGGED_IN_COOKIE ] );
			} else {
				$_COOKIE[ LOGGED_IN_COOKIE ] = $kept;
			}
			WP_Session_Tokens::get_instance( $user_id )->destroy_all();
		}
	}

	/**
	 * The same over real HTTP, with core's own REST cookie check: the login cookie without a nonce stores the
	 * record with no user; with the `wp_rest` nonce in the address (as the banner of a logged-in user's page
	 * sends it) the record names the user; a forged nonce is refused and nothing is stored.
	 *
	 * @return void
	 */
	public function test_over_http_only_the_rest_nonce_names_the_user(): void {
		$user_id = $this->make_user( 'subscriber' );
		$cookie  = wp_generate_auth_cookie( $user_id, time() + HOUR_IN_SECONDS, 'logged_in' );
		$kept    = $_COOKIE[ LOGGED_IN_COOKIE ] ?? null;
		$_COOKIE[ LOGGED_IN_COOKIE ] = $cookie; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- a test.
		wp_set_current_user( $user_id );
		$nonce = wp_create_nonce( 'wp_rest' ); // Bound to the cookie's session token, as the server computes it.
		wp_set_current_user( 0 );
		$base = rtrim( (string) ( getenv( 'WP_BASE_URL' ) ? getenv( 'WP_BASE_URL' ) : home_url() ), '/' );
		$url  = $base . '/?rest_route=' . rawurlencode( self::ROUTE );
		self::clear_rate( '127.0.0.1' );
		try {
			$post = static function ( string $url, string $value ) use ( $cookie ): int {
				$handle = curl_init( $url );
				curl_setopt_array(
					$handle,
					array(
						CURLOPT_POST           => true,
						CURLOPT_POSTFIELDS     => http_build_query( array( 'consent' => $value ) ),
						CURLOPT_RETURNTRANSFER => true,
						CURLOPT_TIMEOUT        => 60,
						CURLOPT_COOKIE         => LOGGED_IN_COOKIE . '=' . rawurlencode( $cookie ),
						CURLOPT_HTTPHEADER     => array( 'Expect:' ),
					)
				);
				curl_exec( $handle );
				return (int) curl_getinfo( $handle, CURLINFO_RESPONSE_CODE );
			};
			$without = $this->new_id();
			$this->assertSame( 201, $post( $url, self::cookie( $without ) ) );
			$this->assertSame( 0, (int) ( self::raw_rows( $without )[0]['user_id'] ?? -1 ), 'no nonce: no user' );

			$with = $this->new_id();
			$this->assertSame( 201, $post( add_query_arg( '_wpnonce', $nonce, $url ), self::cookie( $with ) ) );
			$this->assertSame( $user_id, (int) ( self::raw_rows( $with )[0]['user_id'] ?? -1 ), 'the nonce names the user' );

			$forged = $this->new_id();
			$this->assertSame( 403, $post( add_query_arg( '_wpnonce', 'abcdef1234', $url ), self::cookie( $forged ) ) );
			$this->assertSame( array(), self::raw_rows( $forged ) );
		} finally {
			if ( null === $kept ) {
				unset( $_COOKIE[ LOGGED_IN_COOKIE ] );
			} else {
				$_COOKIE[ LOGGED_IN_COOKIE ] = $kept;
			}
			WP_Session_Tokens::get_instance( $user_id )->destroy_all();
			self::clear_rate( '127.0.0.1' );
		}
	}

	/**
	 * Values that are not a valid record.
	 *
	 * @return array<string, array{0: callable(string): mixed}>
	 */
	public function invalid_values(): array {
		return array(
			'malformed (a pair without a colon)' => array( static fn( string $id ): string => str_replace( 'consent:yes', 'consentyes', self::cookie( $id, array(), 'yes' ) ) ),
			'truncated (last category missing)'  => array( static fn( string $id ): string => (string) preg_replace( '/,advertisement:no$/', '', self::cookie( $id, array(), 'yes' ) ) ),
			'cut in the middle'                  => array( static fn( string $id ): string => substr( self::cookie( $id, array(), 'yes' ), 0, 60 ) ),
			'tampered id (31 characters)'        => array( static fn( string $id ): string => self::cookie( substr( $id, 0, 31 ), array(), 'yes' ) ),
			'tampered id (not alphanumeric)'     => array( static fn( string $id ): string => self::cookie( substr( $id, 0, 31 ) . '-', array(), 'yes' ) ),
			'action empty (no action yet)'       => array( static fn( string $id ): string => self::cookie( $id, array(), 'no', '' ) ),
			'consent not yes/no/reject'          => array( static fn( string $id ): string => self::cookie( $id, array(), 'maybe' ) ),
			'category not yes/no'                => array( static fn( string $id ): string => str_replace( 'analytics:no', 'analytics:1', self::cookie( $id ) ) ),
			'duplicate key'                      => array( static fn( string $id ): string => self::cookie( $id ) . ',consent:yes' ),
			'broken escape'                      => array( static fn( string $id ): string => str_replace( 'consent:no', 'consent:n%o', self::cookie( $id ) ) ),
			'empty'                              => array( static fn( string $id ): string => '' ),
			'not a string'                       => array( static fn( string $id ): array => array( self::cookie( $id ) ) ),
			'missing'                            => array( static fn( string $id ): mixed => null ),
		);
	}

	/**
	 * Every invalid value: 400 tessera_consent_log_invalid, nothing stored.
	 *
	 * @dataProvider invalid_values
	 * @param callable $make Builds the value from a consent id.
	 * @return void
	 */
	public function test_an_invalid_value_is_refused_and_nothing_is_stored( callable $make ): void {
		$consent_id = $this->new_id();
		$response   = $this->post_log( $make( $consent_id ) );

		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'tessera_consent_log_invalid', $response->get_data()['code'] ?? null );
		$this->assertSame( 'The consent record is not valid.', $response->get_data()['message'] ?? null );
		$this->assertSame( array(), self::raw_rows( $consent_id ) );
		$this->assertSame( array(), self::raw_rows( substr( $consent_id, 0, 31 ) ) );
	}

	public function test_the_21st_request_in_ten_minutes_is_rate_limited_and_not_stored(): void {
		// The default limit (the test site raises it for the browser suite).
		$filters = $GLOBALS['wp_filter']['tessera_consent_log_rate_limit'] ?? null;
		remove_all_filters( 'tessera_consent_log_rate_limit' );
		$consent_id = $this->new_id();
		for ( $i = 1; $i <= 20; $i++ ) {
			$this->assertSame( 201, $this->post_log( self::cookie( $consent_id ) )->get_status(), "request $i" );
		}
		$response = $this->post_log( self::cookie( $consent_id ) );
		$this->assertSame( 429, $response->get_status() );
		$this->assertSame( 'tessera_consent_log_rate_limited', $response->get_data()['code'] ?? null );
		$this->assertCount( 20, self::raw_rows( $consent_id ), 'the 21st record is not stored' );

		// Another client is not limited by the first one.
		$first                  = (string) $_SERVER['REMOTE_ADDR'];
		$_SERVER['REMOTE_ADDR'] = '203.0.113.' . wp_rand( 1, 254 );
		self::clear_rate();
		$this->assertSame( 201, $this->post_log( self::cookie( $consent_id ) )->get_status(), 'another address' );
		self::clear_rate( $first );
		$this->assertCount( 21, self::raw_rows( $consent_id ) );
		if ( null !== $filters ) {
			$GLOBALS['wp_filter']['tessera_consent_log_rate_limit'] = $filters; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
		}
	}

	public function test_the_limit_can_be_changed_with_a_filter(): void {
		$filters = $GLOBALS['wp_filter']['tessera_consent_log_rate_limit'] ?? null;
		remove_all_filters( 'tessera_consent_log_rate_limit' );
		add_filter( 'tessera_consent_log_rate_limit', static fn (): int => 2 );
		$consent_id = $this->new_id();
		$this->assertSame( 201, $this->post_log( self::cookie( $consent_id ) )->get_status() );
		$this->assertSame( 201, $this->post_log( self::cookie( $consent_id ) )->get_status() );
		$this->assertSame( 429, $this->post_log( self::cookie( $consent_id ) )->get_status() );
		remove_all_filters( 'tessera_consent_log_rate_limit' );
		if ( null !== $filters ) {
			$GLOBALS['wp_filter']['tessera_consent_log_rate_limit'] = $filters; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
		}
		self::clear_rate();
	}

	public function test_refused_records_use_no_slot(): void {
		$filters = $GLOBALS['wp_filter']['tessera_consent_log_rate_limit'] ?? null;
		remove_all_filters( 'tessera_consent_log_rate_limit' );
		add_filter( 'tessera_consent_log_rate_limit', static fn (): int => 2 );
		for ( $i = 1; $i <= 5; $i++ ) {
			$this->assertSame( 400, $this->post_log( 'not a cookie' )->get_status(), "invalid request $i" );
		}
		$consent_id = $this->new_id();
		$this->assertSame( 201, $this->post_log( self::cookie( $consent_id ) )->get_status(), 'invalid records used no slot' );
		$this->assertSame( 201, $this->post_log( self::cookie( $consent_id ) )->get_status() );
		$this->assertSame( 429, $this->post_log( self::cookie( $consent_id ) )->get_status() );
		remove_all_filters( 'tessera_consent_log_rate_limit' );
		if ( null !== $filters ) {
			$GLOBALS['wp_filter']['tessera_consent_log_rate_limit'] = $filters; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
		}
	}

	public function test_the_table_is_installed_when_its_version_is_outdated(): void {
		$this->keep_option( LogTable::OPTION_DB_VERSION );
		update_option( LogTable::OPTION_DB_VERSION, '0' );
		$consent_id = $this->new_id();
		$this->assertGreaterThan( 0, self::insert_row( $consent_id ) );
		$this->assertSame( LogTable::DB_VERSION, get_option( LogTable::OPTION_DB_VERSION ) );
		$this->assertCount( 1, self::raw_rows( $consent_id ) );
	}

	public function test_pruning_deletes_only_rows_older_than_the_retention(): void {
		$old    = $this->new_id();
		$recent = $this->new_id();
		self::insert_row( $old, 0, 400 );
		self::insert_row( $recent, 0, 300 );

		update_option( Retention::OPTION, 0 );
		do_action( Retention::HOOK );
		$this->assertCount( 1, self::raw_rows( $old ), '0 keeps everything' );

		update_option( Retention::OPTION, 365 );
		do_action( Retention::HOOK );
		$this->assertSame( array(), self::raw_rows( $old ), 'older than 365 days: deleted' );
		$this->assertCount( 1, self::raw_rows( $recent ), 'younger: kept' );

		delete_option( Retention::OPTION );
		$this->assertSame( 365, Retention::days(), 'default 365' );
		update_option( Retention::OPTION, 200 );
		$this->assertSame( 1, Retention::prune() );
		$this->assertSame( array(), self::raw_rows( $recent ) );
	}

	public function test_the_prune_event_is_scheduled_and_unscheduled(): void {
		$had = wp_next_scheduled( Retention::HOOK );
		Retention::unschedule();
		$this->assertFalse( wp_next_scheduled( Retention::HOOK ) );
		Retention::schedule();
		$this->assertIsInt( wp_next_scheduled( Retention::HOOK ) );
		$this->assertSame( 'daily', wp_get_schedule( Retention::HOOK ) );
		Retention::unschedule();
		$this->assertFalse( wp_next_scheduled( Retention::HOOK ) );
		if ( false !== $had ) {
			Retention::schedule();
		}
	}

	public function test_the_exporter_returns_the_rows_of_the_users_email(): void {
		$user_id  = $this->make_user( 'subscriber' );
		$other_id = $this->make_user( 'subscriber' );
		$first    = self::insert_row( $this->new_id(), $user_id );
		$second   = self::insert_row( $this->new_id(), $user_id );
		self::insert_row( $this->new_id(), $other_id );

		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$this->assertArrayHasKey( 'tessera-consent-log', $exporters );
		$export = $exporters['tessera-consent-log']['callback'];

		$result = $export( get_userdata( $user_id )->user_email, 1 );
		$this->assertTrue( $result['done'] );
		$this->assertCount( 2, $result['data'] );
		$this->assertSame( array( 'tessera-consent-log-' . $first, 'tessera-consent-log-' . $second ), array_column( $result['data'], 'item_id' ) );
		$item = $result['data'][0];
		$this->assertSame( 'tessera-consent-log', $item['group_id'] );
		$this->assertSame( 'Cookie consent', $item['group_label'] );
		$this->assertSame( array( 'Consent ID', 'Date', 'Consent', 'Categories', 'Banner version' ), array_column( $item['data'], 'name' ) );
		$values = array_column( $item['data'], 'value' );
		$this->assertSame( $this->consent_ids[0], $values[0] );
		$this->assertNotSame( '', $values[1] );
		$this->assertSame( 'yes', $values[2] );
		$this->assertSame( 'necessary: yes, analytics: no', $values[3] );
		$this->assertSame( 'abcdef012345', $values[4] );

		$nobody = $export( 'nobody-' . wp_generate_password( 8, false ) . '@example.com', 1 );
		$this->assertSame(
			array(
				'data' => array(),
				'done' => true,
			),
			$nobody
		);
	}

	public function test_the_exporter_pages_by_100(): void {
		$user_id = $this->make_user( 'subscriber' );
		for ( $i = 0; $i < 101; $i++ ) {
			self::insert_row( $this->new_id(), $user_id );
		}
		$export = apply_filters( 'wp_privacy_personal_data_exporters', array() )['tessera-consent-log']['callback'];
		$email  = get_userdata( $user_id )->user_email;
		$page1  = $export( $email, 1 );
		$this->assertCount( 100, $page1['data'] );
		$this->assertFalse( $page1['done'] );
		$page2 = $export( $email, 2 );
		$this->assertCount( 1, $page2['data'] );
		$this->assertTrue( $page2['done'] );
	}

	public function test_the_eraser_deletes_the_users_rows_and_reports_it(): void {
		$user_id  = $this->make_user( 'subscriber' );
		$other_id = $this->make_user( 'subscriber' );
		$mine     = array();
		for ( $i = 0; $i < 101; $i++ ) {
			$mine[] = $this->new_id();
			self::insert_row( end( $mine ), $user_id );
		}
		$theirs = $this->new_id();
		self::insert_row( $theirs, $other_id );

		$erasers = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$this->assertArrayHasKey( 'tessera-consent-log', $erasers );
		$erase = $erasers['tessera-consent-log']['callback'];
		$email = get_userdata( $user_id )->user_email;

		$page1 = $erase( $email, 1 );
		$this->assertTrue( $page1['items_removed'] );
		$this->assertFalse( $page1['items_retained'] );
		$this->assertFalse( $page1['done'], '1 row left after the first 100' );
		$this->assertSame( 1, LogTable::count_by_user( $user_id ) );

		$page2 = $erase( $email, 2 );
		$this->assertTrue( $page2['items_removed'] );
		$this->assertTrue( $page2['done'] );
		$this->assertSame( 0, LogTable::count_by_user( $user_id ) );
		$this->assertSame( array(), self::raw_rows( $mine[0] ) );
		$this->assertCount( 1, self::raw_rows( $theirs ), 'another user keeps their rows' );

		$again = $erase( $email, 1 );
		$this->assertFalse( $again['items_removed'] );
		$this->assertTrue( $again['done'] );

		$nobody = $erase( 'nobody-' . wp_generate_password( 8, false ) . '@example.com', 1 );
		$this->assertFalse( $nobody['items_removed'] );
		$this->assertTrue( $nobody['done'] );
		$this->assertCount( 1, self::raw_rows( $theirs ) );
	}

	public function test_csv_cells_that_start_a_formula_are_neutralised(): void {
		$this->assertSame( "'=HYPERLINK(\"http://x\")", LogPage::csv_cell( '=HYPERLINK("http://x")' ) );
		$this->assertSame( "'+1+2", LogPage::csv_cell( '+1+2' ) );
		$this->assertSame( "'-2+3", LogPage::csv_cell( '-2+3' ) );
		$this->assertSame( "'@SUM(A1)", LogPage::csv_cell( '@SUM(A1)' ) );
		$this->assertSame( "'\t=1", LogPage::csv_cell( "\t=1" ) );
		$this->assertSame( "'\r=1", LogPage::csv_cell( "\r=1" ) );
		$this->assertSame( 'abc=1', LogPage::csv_cell( 'abc=1' ) );
		$this->assertSame( 'necessary: yes', LogPage::csv_cell( 'necessary: yes' ) );
		$this->assertSame( '', LogPage::csv_cell( '' ) );
	}

	public function test_the_csv_has_a_header_and_the_rows(): void {
		$consent_id = $this->new_id();
		self::insert_row( $consent_id );
		$handle = fopen( 'php://memory', 'w+' );
		$this->assertIsResource( $handle );
		$count = LogPage::write_csv( $handle );
		rewind( $handle );
		$csv = (string) stream_get_contents( $handle );
		fclose( $handle );

		$lines = array_map( 'str_getcsv', array_filter( explode( "\n", $csv ) ) );
		$this->assertSame( array( 'Consent ID', 'Date', 'Law', 'Consent', 'Categories', 'Banner version', 'User' ), $lines[0] );
		$this->assertSame( $count + 1, count( $lines ) );
		$mine = array_values( array_filter( $lines, static fn( array $line ): bool => $line[0] === $consent_id ) );
		$this->assertCount( 1, $mine );
		$this->assertSame( array( 'GDPR', 'yes', 'necessary: yes, analytics: no', 'abcdef012345', 'Visitor' ), array( $mine[0][2], $mine[0][3], $mine[0][4], $mine[0][5], $mine[0][6] ) );
	}

	public function test_the_list_table_searches_by_consent_id_newest_first_20_per_page(): void {
		$prefix = 'zq' . strtolower( wp_generate_password( 6, false ) );
		$ids    = array();
		for ( $i = 0; $i < 25; $i++ ) {
			$ids[] = $this->new_id( $prefix );
			self::insert_row( end( $ids ), 0, 25 - $i ); // The last one is the newest.
		}
		self::insert_row( $this->new_id( 'other' ) );

		$query = LogTable::query( $prefix, 1, 20 );
		$this->assertSame( 25, $query['total'] );
		$this->assertSame( array_slice( array_reverse( $ids ), 0, 20 ), array_column( $query['items'], 'consent_id' ) );
		$this->assertSame( array_slice( array_reverse( $ids ), 20 ), array_column( LogTable::query( $prefix, 2, 20 )['items'], 'consent_id' ) );
		$this->assertSame( 1, LogTable::query( $ids[3] )['total'], 'a whole id finds its row' );
		$this->assertSame( 25, LogTable::query( "%' " . $prefix . "' -- " )['total'], 'only letters and digits of the search count' );

		if ( ! class_exists( \WP_Screen::class ) ) {
			require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
			require_once ABSPATH . 'wp-admin/includes/screen.php';
		}
		$_REQUEST['s']     = $prefix;
		$_REQUEST['paged'] = '2';
		$table             = LogPage::list_table();
		$table->prepare_items();
		$this->assertSame( array_slice( array_reverse( $ids ), 20 ), array_column( $table->items, 'consent_id' ) );
		$this->assertSame( 25, $table->get_pagination_arg( 'total_items' ) );
		$this->assertSame( 2, $table->get_pagination_arg( 'total_pages' ) );
		$this->assertSame( array( 'consent_id', 'created_at', 'law', 'consent', 'categories', 'banner_version', 'user' ), array_keys( $table->get_columns() ) );

		ob_start();
		$table->display();
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( $ids[0], $html );
		$this->assertStringNotContainsString( $ids[24], $html, 'the newest is on page 1' );
		$this->assertStringContainsString( 'necessary: yes, analytics: no', $html );
	}

	/**
	 * Runs an admin-post action in this process; wp_die() and redirects become exceptions.
	 *
	 * @param string               $action Action name.
	 * @param array<string, mixed> $post   POST fields.
	 * @return string `redirect:<location>` or `died:<status>`.
	 */
	private function admin_post( string $action, array $post ): string {
		$_POST    = $post;
		$_REQUEST = $post;
		$this->add_test_filter(
			'wp_redirect',
			static function ( $location ): string {
				throw new \RuntimeException( 'redirect:' . $location );
			}
		);
		$this->add_test_filter(
			'wp_die_handler',
			static function (): callable {
				return static function ( $message, $title = '', $args = array() ): void {
					throw new \RuntimeException( 'died:' . (int) ( is_array( $args ) ? ( $args['response'] ?? 500 ) : 500 ) );
				};
			}
		);
		try {
			do_action( 'admin_post_' . $action );
		} catch ( \RuntimeException $exception ) {
			return $exception->getMessage();
		}
		return 'returned';
	}

	public function test_the_retention_form_saves_whole_days_and_redirects_with_a_notice(): void {
		$this->as_admin();
		update_option( Retention::OPTION, 365 );
		$result = $this->admin_post(
			LogPage::RETENTION_ACTION,
			array(
				'_wpnonce'       => wp_create_nonce( LogPage::RETENTION_ACTION ),
				'retention_days' => '30',
			)
		);
		$this->assertSame( 'redirect:' . LogPage::page_url( array( 'tessera-notice' => 'retention-saved' ) ), $result );
		$this->assertSame( 30, Retention::days() );

		foreach ( array( '-5', 'abc', '36501', '1e3', '' ) as $bad ) {
			$result = $this->admin_post(
				LogPage::RETENTION_ACTION,
				array(
					'_wpnonce'       => wp_create_nonce( LogPage::RETENTION_ACTION ),
					'retention_days' => $bad,
				)
			);
			$this->assertSame( 'redirect:' . LogPage::page_url( array( 'tessera-notice' => 'retention-invalid' ) ), $result, "refused: '$bad'" );
			$this->assertSame( 30, Retention::days(), "unchanged after '$bad'" );
		}

		$this->admin_post(
			LogPage::RETENTION_ACTION,
			array(
				'_wpnonce'       => wp_create_nonce( LogPage::RETENTION_ACTION ),
				'retention_days' => '0',
			)
		);
		$this->assertSame( 0, Retention::days(), '0 = keep forever' );
	}

	public function test_the_admin_actions_need_the_capability_and_the_nonce(): void {
		update_option( Retention::OPTION, 365 );
		$this->as_role( 'editor' );
		$result = $this->admin_post(
			LogPage::RETENTION_ACTION,
			array(
				'_wpnonce'       => wp_create_nonce( LogPage::RETENTION_ACTION ),
				'retention_days' => '1',
			)
		);
		$this->assertSame( 'died:403', $result, 'an editor may not change the retention' );
		$this->assertSame( 'died:403', $this->admin_post( LogPage::CSV_ACTION, array( '_wpnonce' => wp_create_nonce( LogPage::CSV_ACTION ) ) ), 'nor download the log' );

		$this->as_admin();
		$result = $this->admin_post( LogPage::RETENTION_ACTION, array( 'retention_days' => '1' ) );
		$this->assertStringStartsWith( 'died:', $result, 'no nonce' );
		$result = $this->admin_post(
			LogPage::RETENTION_ACTION,
			array(
				'_wpnonce'       => wp_create_nonce( LogPage::CSV_ACTION ),
				'retention_days' => '1',
			)
		);
		$this->assertStringStartsWith( 'died:', $result, 'a nonce of another action' );
		$this->assertStringStartsWith( 'died:', $this->admin_post( LogPage::CSV_ACTION, array() ), 'CSV without a nonce' );
		$this->assertSame( 365, Retention::days(), 'nothing saved' );
	}

	public function test_the_page_shows_the_csv_link_the_retention_form_and_the_notice(): void {
		$this->as_admin();
		if ( ! class_exists( \WP_Screen::class ) ) {
			require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
			require_once ABSPATH . 'wp-admin/includes/screen.php';
		}
		update_option( Retention::OPTION, 90 );
		$_GET['tessera-notice'] = 'retention-saved';
		ob_start();
		( new LogPage() )->render_page();
		$html = (string) ob_get_clean();

		$csv = html_entity_decode( (string) ( preg_match( '/href="([^"]*action=tessera_consent_log_csv[^"]*)"/', $html, $m ) ? $m[1] : '' ) );
		$this->assertStringContainsString( 'admin-post.php', $csv );
		parse_str( (string) wp_parse_url( $csv, PHP_URL_QUERY ), $query );
		$this->assertSame( 1, wp_verify_nonce( (string) ( $query['_wpnonce'] ?? '' ), LogPage::CSV_ACTION ), 'the CSV link carries its nonce' );
		$this->assertStringContainsString( 'value="tessera_consent_log_retention"', $html );
		$this->assertMatchesRegularExpression( '/name="retention_days"[^>]*value="90"/', $html );
		$this->assertStringContainsString( 'Retention saved.', $html );

		$this->as_role( 'editor' );
		ob_start();
		( new LogPage() )->render_page();
		$this->assertSame( '', (string) ob_get_clean(), 'nothing for users without manage_options' );
	}
}
