<?php
/**
 * The statistics collector: validation, answers, aggregates, privacy, rate limit, events; admin-ajax and REST
 * adapters; collect.php over real HTTP (SHORTINIT), under concurrency, and its speed.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\Collector;
use Tessera\Http\RateLimiter;
use Tessera\Stats\RateLimit;
use Tessera\Stats\Schema;
use Tessera\Stats\Settings;
use Tessera\Stats\StatsAjax;
use Tessera\Stats\Visitor;
use WP_REST_Request;

/**
 * In-process tests use a fixed clock on days in January 2001, so every aggregate row they write belongs to them
 * and is deleted afterwards; HTTP tests use unique pages and referrers and put shared rows back.
 */
final class StatsCollectorTest extends TestCase {

	private const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

	private const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

	/**
	 * Days (Y-m-d) written by the test.
	 *
	 * @var string[]
	 */
	private array $days = array();

	/**
	 * Addresses used by the test (their rate-limit rows are deleted).
	 *
	 * @var string[]
	 */
	private array $addresses = array();

	/**
	 * Visitor hashes whose online rows are deleted.
	 *
	 * @var string[]
	 */
	private array $visitors = array();

	/**
	 * Cleanup callbacks of the HTTP tests.
	 *
	 * @var callable[]
	 */
	private array $cleanups = array();

	/**
	 * Keeps the options the collector writes.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Visitor::OPTION_SALT );
		$this->keep_option( RateLimit::OPTION_LIMIT );
		$this->keep_option( Schema::OPTION_DB_VERSION );
		$this->keep_option( Settings::OPTION );
		delete_option( RateLimit::OPTION_LIMIT );
		delete_option( Settings::OPTION );
		Settings::flush();
		Schema::maybe_install();
	}

	/**
	 * Deletes every row the test wrote.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		global $wpdb;
		foreach ( array_reverse( $this->cleanups ) as $cleanup ) {
			$cleanup();
		}
		foreach ( array_unique( $this->days ) as $day ) {
			foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'events', 'days' ) as $name ) {
				$wpdb->delete( Schema::table( $name ), array( 'day' => $day ) );
			}
			foreach ( array( 'pages_month', 'referrers_month' ) as $name ) {
				$wpdb->delete( Schema::table( $name ), array( 'month' => substr( $day, 0, 7 ) . '-01' ) );
			}
		}
		foreach ( array_unique( $this->visitors ) as $visitor ) {
			$wpdb->delete( Schema::table( 'online' ), array( 'visitor' => $visitor ) );
		}
		foreach ( array_unique( $this->addresses ) as $address ) {
			$wpdb->delete( Schema::table( 'limits' ), array( 'bucket' => 'stats', 'client' => RateLimiter::client( 'stats', $address ) ) );
		}
		$this->days      = array();
		$this->visitors  = array();
		$this->addresses = array();
		$this->cleanups  = array();
		parent::tearDown();
	}

	/**
	 * A collector fixed at noon UTC of 2001-01-<day>.
	 *
	 * @param int $day    Day of January 2001.
	 * @param int $offset Seconds after noon.
	 * @return Collector
	 */
	private function collector( int $day, int $offset = 0 ): Collector {
		$now       = gmmktime( 12, 0, 0, 1, $day, 2001 ) + $offset;
		$collector = new Collector( $now );
		$this->days[] = $collector->day( $now );
		return $collector;
	}

	/**
	 * A test address (TEST-NET-2).
	 *
	 * @return string
	 */
	private function address(): string {
		$address           = '198.51.100.' . wp_rand( 1, 254 );
		$this->addresses[] = $address;
		return $address;
	}

	/**
	 * The fields of a signed hit, encoded as the tracker does (the form decoding already undid one layer).
	 *
	 * @param string $page_uri Path and query.
	 * @param string $referred Referrer.
	 * @param string $type     Source type.
	 * @param int    $id       Source id.
	 * @return array<string, string>
	 */
	private static function fields( string $page_uri, string $referred = '', string $type = 'post', int $id = 12 ): array {
		return array(
			'endpoint'    => 'hit',
			'source_type' => $type,
			'source_id'   => (string) $id,
			'signature'   => Collector::signature( $type, $id ),
			'page_uri'    => rawurlencode( $page_uri ),
			'referred'    => rawurlencode( $referred ),
		);
	}

	/**
	 * Rows of a table for a day.
	 *
	 * @param string $name Short table name.
	 * @param string $day  Day.
	 * @return array<int, array<string, mixed>>
	 */
	private static function rows( string $name, string $day ): array {
		global $wpdb;
		return (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( $name ) . ' WHERE day = %s', $day ), ARRAY_A ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * Number of rows of every aggregate table for a day, plus all online rows.
	 *
	 * @param string $day Day.
	 * @return array<string, int>
	 */
	private static function counts( string $day ): array {
		global $wpdb;
		$counts = array();
		foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'events' ) as $name ) {
			$counts[ $name ] = count( self::rows( $name, $day ) );
		}
		$counts['online'] = (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'online' ) ); // phpcs:ignore WordPress.DB -- table name only.
		return $counts;
	}

	/**
	 * Remembers the visitor hash of an address and user agent on a day (for cleanup) and returns it.
	 *
	 * @param string $day        Day.
	 * @param string $address    Address.
	 * @param string $user_agent User agent.
	 * @return string
	 */
	private function visitor( string $day, string $address, string $user_agent ): string {
		$visitor          = Visitor::hash( Visitor::salt( $day ), $address, $user_agent );
		$this->visitors[] = $visitor;
		return $visitor;
	}

	/**
	 * A valid hit stores one row in each aggregate table and answers `{ status: true }`.
	 *
	 * @return void
	 */
	public function test_valid_hit_stores_the_aggregates(): void {
		$collector = $this->collector( 1 );
		$day       = $this->days[0];
		$address   = $this->address();
		$answer    = $collector->hit( self::fields( '/hello-world/?utm=1', 'https://Search.Example.org/q?x=1' ), $address, self::CHROME );

		$this->assertSame( 200, $answer['status'] );
		$this->assertSame( array( 'status' => true ), $answer['body'] );
		$visitor = $this->visitor( $day, $address, self::CHROME );

		$pages = self::rows( 'pages', $day );
		$this->assertCount( 1, $pages );
		$this->assertSame( 'post', $pages[0]['source_type'] );
		$this->assertSame( 12, (int) $pages[0]['source_id'] );
		$this->assertSame( '/hello-world/?utm=1', $pages[0]['page_uri'], 'page_uri stored decoded' );
		$this->assertSame( array( 1, 1 ), array( (int) $pages[0]['views'], (int) $pages[0]['visitors'] ) );

		$visitors = self::rows( 'visitors', $day );
		$this->assertCount( 1, $visitors );
		$this->assertSame( $visitor, $visitors[0]['visitor'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', $visitors[0]['visitor'] );

		$referrers = self::rows( 'referrers', $day );
		$this->assertSame( array( 'search.example.org', 1 ), array( $referrers[0]['host'], (int) $referrers[0]['views'] ) );

		$devices = self::rows( 'devices', $day );
		$this->assertSame( array( 'Chrome', 'Windows', 'desktop', 1 ), array( $devices[0]['browser'], $devices[0]['os'], $devices[0]['device'], (int) $devices[0]['views'] ) );

		global $wpdb;
		$online = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'online' ) . ' WHERE visitor = %s', $visitor ), ARRAY_A ); // phpcs:ignore WordPress.DB -- table name only.
		$this->assertIsArray( $online );
		$this->assertSame( '/hello-world/?utm=1', $online['page_uri'] );
		$this->assertSame( '2001-01-01 12:00:00', $online['last_seen'] );
	}

	/**
	 * A hit reads the settings option without loading Settings: the same name.
	 *
	 * @return void
	 */
	public function test_settings_option_name_is_shared(): void {
		$this->assertSame( Settings::OPTION, Collector::SETTINGS_OPTION, 'a hit reads the option Settings writes' );
	}

	/**
	 * The same visitor twice on one page and day: two views, one visitor; a second page gets a view but no new
	 * visitor; another browser is another visitor. Direct visits count under the empty host, internal ones not.
	 * The rollups follow.
	 *
	 * @return void
	 */
	public function test_repeat_visitor_counts_once(): void {
		$collector = $this->collector( 2 );
		$day       = $this->days[0];
		$address   = $this->address();
		$collector->hit( self::fields( '/a/' ), $address, self::CHROME );
		$collector->hit( self::fields( '/a/' ), $address, self::CHROME );
		$collector->hit( self::fields( '/b/', home_url( '/a/' ) ), $address, self::CHROME );
		$collector->hit( self::fields( '/a/' ), $address, self::IPHONE );
		$this->visitor( $day, $address, self::CHROME );
		$this->visitor( $day, $address, self::IPHONE );

		$pages = array();
		foreach ( self::rows( 'pages', $day ) as $row ) {
			$pages[ $row['page_uri'] ] = array( (int) $row['views'], (int) $row['visitors'] );
		}
		$this->assertSame( array( 3, 2 ), $pages['/a/'] );
		$this->assertSame( array( 1, 0 ), $pages['/b/'] );
		$this->assertCount( 2, self::rows( 'visitors', $day ), 'two unique visitors' );

		$referrers = self::rows( 'referrers', $day );
		$this->assertCount( 1, $referrers, 'the own host is not a referrer' );
		$this->assertSame( array( '', 3 ), array( $referrers[0]['host'], (int) $referrers[0]['views'] ), 'direct visits' );

		$devices = array();
		foreach ( self::rows( 'devices', $day ) as $row ) {
			$devices[ $row['browser'] . '/' . $row['os'] . '/' . $row['device'] ] = (int) $row['views'];
		}
		$this->assertSame( 3, $devices['Chrome/Windows/desktop'] );
		$this->assertSame( 1, $devices['Safari/iOS/mobile'] );

		// The dashboard's rollups, kept by the same hits.
		$days = self::rows( 'days', $day );
		$this->assertSame( array( 2, 4 ), array( (int) $days[0]['visitors'], (int) $days[0]['views'] ) );
		global $wpdb;
		$month = substr( $day, 0, 7 ) . '-01';
		$rows  = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT uri_hash, views, visitors FROM ' . Schema::table( 'pages_month' ) . ' WHERE month = %s', $month ), ARRAY_A ); // phpcs:ignore WordPress.DB -- table name only.
		$by    = array_column( $rows, null, 'uri_hash' );
		$this->assertSame( array( 3, 2 ), array( (int) $by[ md5( '/a/' ) ]['views'], (int) $by[ md5( '/a/' ) ]['visitors'] ) );
		$this->assertSame( array( 1, 0 ), array( (int) $by[ md5( '/b/' ) ]['views'], (int) $by[ md5( '/b/' ) ]['visitors'] ) );
		$this->assertSame( '3', (string) $wpdb->get_var( $wpdb->prepare( 'SELECT views FROM ' . Schema::table( 'referrers_month' ) . " WHERE month = %s AND host = ''", $month ) ) ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * Bots (and an empty user agent) are answered `{ status: true }` and nothing is stored.
	 *
	 * @return void
	 */
	public function test_bots_are_not_counted(): void {
		$collector = $this->collector( 3 );
		$day       = $this->days[0];
		$before    = self::counts( $day );
		foreach ( array( 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'curl/8.5.0', 'Wget/1.21', 'python-requests/2.31', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36', 'Mozilla/5.0 (Linux; Android 11; moto g power) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 Chrome-Lighthouse', '' ) as $agent ) {
			$answer = $collector->hit( self::fields( '/bot/' ), $this->address(), $agent );
			$this->assertSame( array( 200, array( 'status' => true ) ), array( $answer['status'], $answer['body'] ), $agent );
			$answer = $collector->online( self::fields( '/bot/' ), $this->address(), $agent );
			$this->assertSame( 200, $answer['status'] );
		}
		$this->assertSame( $before, self::counts( $day ) );
	}

	/**
	 * A forged source_id (or type) does not match the signature: 403 and nothing stored.
	 *
	 * @return void
	 */
	public function test_forged_source_is_refused(): void {
		$collector = $this->collector( 4 );
		$day       = $this->days[0];
		$before    = self::counts( $day );
		$forged    = array(
			array( 'source_id' => '13' ),
			array( 'source_type' => 'page' ),
			array( 'signature' => '' ),
			array( 'signature' => str_repeat( '0', 16 ) ),
			array( 'signature' => array( 'x' ) ),
		);
		foreach ( $forged as $change ) {
			$answer = $collector->hit( array_merge( self::fields( '/x/' ), $change ), $this->address(), self::CHROME );
			$this->assertSame( 403, $answer['status'], (string) wp_json_encode( $change ) );
			$this->assertSame( array( 'status' => false, 'message' => 'Invalid signature.' ), $answer['body'] );
			$this->assertSame( 403, $collector->online( array_merge( self::fields( '/x/' ), $change ), $this->address(), self::CHROME )['status'] );
		}
		$this->assertSame( $before, self::counts( $day ) );
	}

	/**
	 * Malformed or oversized fields: 400 with a message, nothing stored.
	 *
	 * @return void
	 */
	public function test_invalid_fields_are_refused(): void {
		$collector = $this->collector( 5 );
		$day       = $this->days[0];
		$before    = self::counts( $day );
		$cases     = array(
			'no page_uri'           => array( 'page_uri' => null ),
			'page_uri array'        => array( 'page_uri' => array( '/' ) ),
			'page_uri relative'     => array( 'page_uri' => rawurlencode( 'hello/' ) ),
			'page_uri absolute url' => array( 'page_uri' => rawurlencode( 'https://evil.example/' ) ),
			'page_uri script'       => array( 'page_uri' => rawurlencode( '<script>alert(1)</script>' ) ),
			'page_uri empty'        => array( 'page_uri' => '' ),
			'page_uri 2001 bytes'   => array( 'page_uri' => rawurlencode( '/' . str_repeat( 'a', 2000 ) ) ),
			'page_uri control char' => array( 'page_uri' => rawurlencode( "/a\nb" ) ),
			'page_uri not utf-8'    => array( 'page_uri' => rawurlencode( "/\xff\xfe" ) ),
			'referred javascript'   => array( 'referred' => rawurlencode( 'javascript:alert(1)' ) ),
			'referred ftp'          => array( 'referred' => rawurlencode( 'ftp://example.org/' ) ),
			'referred no host'      => array( 'referred' => rawurlencode( 'https://' ) ),
			'referred 2001 bytes'   => array( 'referred' => rawurlencode( 'https://example.org/' . str_repeat( 'a', 1981 ) ) ),
			'referred array'        => array( 'referred' => array( 'x' ) ),
			'source_type unknown'   => array( 'source_type' => 'no_such_type' ),
			'source_type script'    => array( 'source_type' => '<script>' ),
			'source_type sql'       => array( 'source_type' => "post' OR '1'='1" ),
			'source_type missing'   => array( 'source_type' => null ),
			'source_id negative'    => array( 'source_id' => '-1' ),
			'source_id decimal'     => array( 'source_id' => '1.5' ),
			'source_id text'        => array( 'source_id' => '12abc' ),
			'source_id empty'       => array( 'source_id' => '' ),
			'source_id leading 0'   => array( 'source_id' => '012' ),
			'source_id huge'        => array( 'source_id' => '99999999999999999999' ),
		);
		foreach ( $cases as $label => $change ) {
			$fields = array_filter( array_merge( self::fields( '/ok/', 'https://example.org/' ), $change ), static fn( $value ) => null !== $value );
			$answer = $collector->hit( $fields, $this->address(), self::CHROME );
			$this->assertSame( 400, $answer['status'], $label );
			$this->assertFalse( $answer['body']['status'], $label );
			$this->assertIsString( $answer['body']['message'], $label );
		}
		$this->assertSame( $before, self::counts( $day ) );
	}

	/**
	 * SQL in a valid page_uri is stored as plain text (placeholders, no interpretation).
	 *
	 * @return void
	 */
	public function test_hostile_page_uri_is_stored_as_text(): void {
		global $wpdb;
		$collector = $this->collector( 6 );
		$day       = $this->days[0];
		$address   = $this->address();
		$hostile   = "/?q=1);DROP/**/TABLE/**/{$wpdb->users};--%20OR%201=1%27";
		$answer    = $collector->hit( self::fields( $hostile ), $address, self::CHROME );
		$this->visitor( $day, $address, self::CHROME );
		$this->assertSame( 200, $answer['status'] );
		$pages = self::rows( 'pages', $day );
		$this->assertSame( $hostile, $pages[0]['page_uri'] );
		$this->assertGreaterThan( 0, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->users}" ) ); // phpcs:ignore WordPress.DB -- core table.
	}

	/**
	 * Markup in a page_uri, a referrer host that is not a host name or an IP literal, markup in an event name, a
	 * link URL or a download's file name: 400 with a message and nothing counted, for hits, pings and events
	 * (issue 20, item 15: escaped on output is not enough, stored values stay hostile forever).
	 *
	 * @return void
	 */
	public function test_markup_and_bad_hosts_are_refused(): void {
		$collector = $this->collector( 18 );
		$day       = $this->days[0];
		$before    = self::counts( $day );
		$hits      = array(
			'page_uri script'         => array( '/?q=<script>alert(1)</script>', '' ),
			'page_uri double quote'   => array( '/a"onmouseover=alert(1)', '' ),
			'page_uri apostrophe'     => array( "/?q=x'onfocus='alert(1)", '' ),
			'page_uri backtick'       => array( '/a`b', '' ),
			'page_uri raw space'      => array( '/a b', '' ),
			'page_uri backslash'      => array( '/\\evil.example/', '' ),
			'page_uri closing tag'    => array( '/a>b', '' ),
			'referrer svg host'       => array( '/ok/', 'https://"><svg onload=alert(1)>.example/' ),
			'referrer tag in host'    => array( '/ok/', 'https://a<b>.example/' ),
			'referrer space in host'  => array( '/ok/', 'https://a b.example/' ),
			'referrer underscore'     => array( '/ok/', 'https://a_b.example/' ),
			'referrer hyphen edge'    => array( '/ok/', 'https://-a.example/' ),
			'referrer long label'     => array( '/ok/', 'https://' . str_repeat( 'a', 64 ) . '.example/' ),
			'referrer empty label'    => array( '/ok/', 'https://a..example/' ),
			'referrer raw unicode'    => array( '/ok/', 'https://bücher.example/' ),
			'referrer bad ipv6'       => array( '/ok/', 'https://[::g]/' ),
			'referrer quote in path'  => array( '/ok/', 'https://example.org/"><script>' ),
		);
		foreach ( $hits as $label => list( $page_uri, $referred ) ) {
			foreach ( array( 'hit', 'online' ) as $method ) {
				$answer = $collector->$method( self::fields( $page_uri, $referred ), $this->address(), self::CHROME );
				$this->assertSame( 400, $answer['status'], "$method: $label" );
				$this->assertFalse( $answer['body']['status'], "$method: $label" );
				$this->assertIsString( $answer['body']['message'], "$method: $label" );
			}
		}
		$address = $this->address();
		foreach ( array( '<img src=x onerror=alert(1)>', 'a>b', '</script>' ) as $name ) {
			$this->assertSame( 400, $collector->custom_event( array( 'event_name' => $name, 'event_data' => '{}' ), $address, self::CHROME )['status'], $name );
		}
		$links = array(
			'click, tag in host'       => array( 'click', 'https://"><svg onload=alert(1)>.example/' ),
			'click, markup in path'    => array( 'click', 'https://example.org/<script>alert(1)</script>' ),
			'click, underscore host'   => array( 'click', 'https://a_b.example/' ),
			'click, credentials'       => array( 'click', 'https://user:secret@example.org/' ),
			'download, markup in name' => array( 'file_download', 'https://example.org/files/%3Cscript%3Ealert(1)%3C%2Fscript%3E.pdf' ),
			'download_file markup'     => array( 'file_download', 'https://example.org/?download_file=%3Cb%3E&key=k' ),
		);
		foreach ( $links as $label => list( $kind, $url ) ) {
			$this->assertSame( 400, $collector->link_event( array( 'en' => $kind, 'tu' => $url ), $address, self::CHROME )['status'], $label );
		}
		$this->assertSame( $before, self::counts( $day ) );
	}

	/**
	 * The hosts browsers do send are accepted: names with digits and hyphens, punycode, a port, a final dot,
	 * IPv4 and IPv6 literals; the stored host is lower case.
	 *
	 * @return void
	 */
	public function test_host_names_and_ip_literals_are_accepted(): void {
		$collector = $this->collector( 19 );
		$day       = $this->days[0];
		$referrers = array(
			'https://WWW.Search-1.example/?q=a%3Cb'     => 'www.search-1.example',
			'http://xn--bcher-kva.example:8080/'        => 'xn--bcher-kva.example',
			'https://localhost./'                       => 'localhost.',
			'http://192.0.2.7/x'                        => '192.0.2.7',
			'https://[2001:db8::1]:8443/'               => '[2001:db8::1]',
			"https://blog.example/o'brien/"             => 'blog.example',
		);
		foreach ( $referrers as $referrer => $host ) {
			$address = $this->address();
			$this->visitor( $day, $address, self::CHROME );
			$this->assertSame( 200, $collector->hit( self::fields( '/ok/', $referrer ), $address, self::CHROME )['status'], $referrer );
		}
		$hosts = array_column( self::rows( 'referrers', $day ), 'host' );
		sort( $hosts );
		$expected = array_values( $referrers );
		sort( $expected );
		$this->assertSame( $expected, $hosts );
		$this->assertSame( 200, $collector->link_event( array( 'en' => 'click', 'tu' => "https://en.wikipedia.org/wiki/Ender's_Game" ), $this->address(), self::CHROME )['status'], 'an apostrophe in a link path (browsers leave it raw)' );
		$this->assertSame( 200, $collector->custom_event( array( 'event_name' => "Don't miss \"A & B\"", 'event_data' => '{}' ), $this->address(), self::CHROME )['status'] );
	}

	/**
	 * More than 60 requests a minute from one address: 429 and nothing stored; the next minute is open again.
	 *
	 * @return void
	 */
	public function test_rate_limit(): void {
		$collector = $this->collector( 7 );
		$day       = $this->days[0];
		$address   = $this->address();
		$this->visitor( $day, $address, self::CHROME );
		for ( $i = 1; $i <= 60; $i++ ) {
			$this->assertSame( 200, $collector->hit( self::fields( '/rate/' ), $address, self::CHROME )['status'], "hit $i" );
		}
		$answer = $collector->hit( self::fields( '/rate/' ), $address, self::CHROME );
		$this->assertSame( 429, $answer['status'] );
		$this->assertSame( array( 'status' => false, 'message' => 'Too many requests.' ), $answer['body'] );
		$this->assertSame( 429, $collector->custom_event( array( 'event_name' => 'x' ), $address, self::CHROME )['status'] );
		$this->assertSame( 60, (int) self::rows( 'pages', $day )[0]['views'], 'the refused hit is not counted' );

		$other = $this->address();
		$this->assertSame( 200, $collector->hit( self::fields( '/rate/' ), $other . '1', self::CHROME )['status'], 'another address is not limited' );
		$this->addresses[] = $other . '1';
		$this->visitor( $day, $other . '1', self::CHROME );

		$this->assertSame( 200, $this->collector( 7, 60 )->hit( self::fields( '/rate/' ), $address, self::CHROME )['status'], 'next minute' );
	}

	/**
	 * Online pings update the visitor's one row (last_seen and page); the online count sees it for 5 minutes.
	 *
	 * @return void
	 */
	public function test_online_ping_upserts(): void {
		global $wpdb;
		$address = $this->address();
		$this->collector( 8 )->hit( self::fields( '/first/' ), $address, self::CHROME );
		$day     = $this->days[0];
		$visitor = $this->visitor( $day, $address, self::CHROME );
		$later   = $this->collector( 8, 120 );
		$answer  = $later->online( array_merge( self::fields( '/second/', '', 'page', 7 ), array( 'endpoint' => 'online' ) ), $address, self::CHROME );
		$this->assertSame( array( 'status' => true ), $answer['body'] );

		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'online' ) . ' WHERE visitor = %s', $visitor ), ARRAY_A ); // phpcs:ignore WordPress.DB -- table name only.
		$this->assertCount( 1, $rows );
		$this->assertSame( array( '2001-01-08 12:02:00', 'page', 7, '/second/' ), array( $rows[0]['last_seen'], $rows[0]['source_type'], (int) $rows[0]['source_id'], $rows[0]['page_uri'] ) );
		$this->assertSame( 1, (int) self::rows( 'pages', $day )[0]['views'], 'a ping is not a view' );
		$this->assertGreaterThanOrEqual( 1, $later->online_count() );
		$this->assertSame( 0, $this->online_since( '2001-01-08 12:02:01', $visitor ), 'one row, not a second one' );
	}

	/**
	 * Whether a visitor's online row is newer than a time (1 or 0).
	 *
	 * @param string $since   UTC time.
	 * @param string $visitor Visitor hash.
	 * @return int
	 */
	private function online_since( string $since, string $visitor ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'online' ) . ' WHERE visitor = %s AND last_seen >= %s', $visitor, $since ) ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * Custom events: grouped by name and data (without the timestamp); invalid names and data are refused.
	 *
	 * @return void
	 */
	public function test_custom_events(): void {
		$collector = $this->collector( 9 );
		$day       = $this->days[0];
		$address   = $this->address();
		foreach ( array( 1000, 2000 ) as $timestamp ) {
			$answer = $collector->custom_event(
				array(
					'event_name' => 'signup',
					'event_data' => (string) wp_json_encode( array( 'plan' => 'pro', 'timestamp' => $timestamp, 'resource_id' => 12 ) ),
				),
				$address,
				self::CHROME
			);
			$this->assertSame( array( 200, array( 'status' => true ) ), array( $answer['status'], $answer['body'] ) );
		}
		$events = self::rows( 'events', $day );
		$this->assertCount( 1, $events );
		$this->assertSame( array( 'custom', 'signup', '{"plan":"pro","resource_id":12}', 2 ), array( $events[0]['kind'], $events[0]['name'], $events[0]['target'], (int) $events[0]['count'] ) );

		$bad = array(
			'name too long'  => array( 'event_name' => str_repeat( 'n', 65 ), 'event_data' => '{}' ),
			'name missing'   => array( 'event_data' => '{}' ),
			'name array'     => array( 'event_name' => array( 'x' ), 'event_data' => '{}' ),
			'data not JSON'  => array( 'event_name' => 'x', 'event_data' => '{nope' ),
			'data a list'    => array( 'event_name' => 'x', 'event_data' => '[1,2]' ),
			'data a string'  => array( 'event_name' => 'x', 'event_data' => '"x"' ),
			'data too large' => array( 'event_name' => 'x', 'event_data' => (string) wp_json_encode( array( 'a' => str_repeat( 'b', 2000 ) ) ) ),
		);
		foreach ( $bad as $label => $fields ) {
			$this->assertSame( 400, $collector->custom_event( $fields, $address, self::CHROME )['status'], $label );
		}
		$this->assertSame( 200, $collector->custom_event( array( 'event_name' => str_repeat( 'é', 64 ), 'event_data' => '{}' ), $address, self::CHROME )['status'], '64 characters are allowed' );
		$this->assertCount( 2, self::rows( 'events', $day ) );
	}

	/**
	 * Link and download events: counted by host or file name with the URL as target; bad fields refused.
	 *
	 * @return void
	 */
	public function test_link_and_download_events(): void {
		$collector = $this->collector( 10 );
		$day       = $this->days[0];
		$address   = $this->address();
		$link      = array( 'en' => 'click', 'et' => '1', 'eid' => '', 'ec' => '', 'ev' => 'Docs', 'mb' => '0', 'm' => 'link', 'tu' => 'https://Docs.Example.org/guide?x=1', 'pid' => '12', 'wcdl' => '', 'df' => '', 'dk' => '' );
		$file      = array( 'en' => 'file_download', 'fn' => 'report', 'fx' => 'pdf', 'm' => 'download', 'tu' => 'https://example.com/files/report%202024.pdf', 'pid' => '12' );
		$this->assertSame( array( 'status' => true ), $collector->link_event( $link, $address, self::CHROME )['body'] );
		$this->assertSame( array( 'status' => true ), $collector->link_event( $link, $address, self::CHROME )['body'] );
		$this->assertSame( array( 'status' => true ), $collector->link_event( $file, $address, self::CHROME )['body'] );
		$events = array();
		foreach ( self::rows( 'events', $day ) as $row ) {
			$events[ $row['kind'] ] = array( $row['name'], $row['target'], (int) $row['count'] );
		}
		$this->assertSame( array( 'docs.example.org', 'https://Docs.Example.org/guide?x=1', 2 ), $events['click'] );
		$this->assertSame( array( 'report 2024.pdf', 'https://example.com/files/report%202024.pdf', 1 ), $events['download'] );

		$bad = array(
			'en unknown'      => array( 'en' => 'hover' ) + $link,
			'en missing'      => array_diff_key( $link, array( 'en' => 1 ) ),
			'tu javascript'   => array( 'tu' => 'javascript:alert(1)' ) + $link,
			'tu relative'     => array( 'tu' => '/guide' ) + $link,
			'tu too long'     => array( 'tu' => 'https://example.org/' . str_repeat( 'a', 2000 ) ) + $link,
			'tu array'        => array( 'tu' => array( 'https://example.org/' ) ) + $link,
			'tu control char' => array( 'tu' => "https://example.org/\n" ) + $link,
		);
		foreach ( $bad as $label => $fields ) {
			$this->assertSame( 400, $collector->link_event( $fields, $address, self::CHROME )['status'], $label );
		}
		$this->assertCount( 2, self::rows( 'events', $day ) );
	}

	/**
	 * No stored row anywhere holds the address or the user agent (or a recognisable part of it).
	 *
	 * @return void
	 */
	public function test_no_address_or_user_agent_is_stored(): void {
		global $wpdb;
		$collector = $this->collector( 11 );
		$day       = $this->days[0];
		$address   = '2001:db8::beef';
		$agent     = self::IPHONE . ' TesseraProbe/7';
		$this->addresses[] = $address;
		$collector->hit( self::fields( '/privacy/', 'https://example.org/' ), $address, $agent );
		$collector->online( self::fields( '/privacy/' ), $address, $agent );
		$collector->custom_event( array( 'event_name' => 'e', 'event_data' => '{"a":1}' ), $address, $agent );
		$collector->link_event( array( 'en' => 'click', 'tu' => 'https://example.org/' ), $address, $agent );
		$this->visitor( $day, $address, $agent );
		$this->assertNotEmpty( self::rows( 'pages', $day ) );

		$needles = array( $address, '2001:db8', 'TesseraProbe', 'Mozilla', 'AppleWebKit', 'iPhone OS' );
		foreach ( array_keys( Schema::TABLES ) as $name ) {
			$rows = (array) $wpdb->get_results( 'SELECT * FROM ' . Schema::table( $name ), ARRAY_A ); // phpcs:ignore WordPress.DB -- table name only.
			foreach ( $rows as $row ) {
				$text = implode( '|', array_map( 'strval', $row ) );
				foreach ( $needles as $needle ) {
					$this->assertStringNotContainsString( $needle, $text, "table $name" );
				}
			}
		}
		$this->assertStringNotContainsString( 'TesseraProbe', (string) get_option( Visitor::OPTION_SALT ) );
	}

	/**
	 * The daily salt is rotated when the day changes: the option holds only the new day, and the same address
	 * and user agent become another visitor.
	 *
	 * @return void
	 */
	public function test_daily_salt_rotates(): void {
		$address = $this->address();
		$this->collector( 12 )->hit( self::fields( '/salt/' ), $address, self::CHROME );
		$first = json_decode( (string) get_option( Visitor::OPTION_SALT ), true );
		$this->assertSame( $this->days[0], $first['day'] );
		$visitor_one = self::rows( 'visitors', $this->days[0] )[0]['visitor'];
		$this->visitors[] = $visitor_one;

		$this->collector( 13 )->hit( self::fields( '/salt/' ), $address, self::CHROME );
		$second = json_decode( (string) get_option( Visitor::OPTION_SALT ), true );
		$this->assertSame( $this->days[1], $second['day'] );
		$this->assertNotSame( $first['salt'], $second['salt'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', $second['salt'] );
		$visitor_two = self::rows( 'visitors', $this->days[1] )[0]['visitor'];
		$this->visitors[] = $visitor_two;
		$this->assertNotSame( $visitor_one, $visitor_two );
	}

	/**
	 * The signature: 16 hex digits, the contract's HMAC with wp_salt( 'nonce' ) (= NONCE_KEY . NONCE_SALT here).
	 *
	 * @return void
	 */
	public function test_signature(): void {
		$signature = Collector::signature( 'post', 12 );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{16}$/', $signature );
		$this->assertSame( substr( hash_hmac( 'sha256', 'post|12', wp_salt( 'nonce' ) ), 0, 16 ), $signature );
		$this->assertNotSame( $signature, Collector::signature( 'post', 13 ) );
		$this->assertNotSame( $signature, Collector::signature( 'page', 12 ) );
	}

	/**
	 * User-agent parsing: browsers, systems, devices.
	 *
	 * @return void
	 */
	public function test_user_agent_parsing(): void {
		$cases = array(
			self::CHROME => array( 'Chrome', 'Windows', 'desktop' ),
			self::IPHONE => array( 'Safari', 'iOS', 'mobile' ),
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56' => array( 'Edge', 'Windows', 'desktop' ),
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0' => array( 'Firefox', 'macOS', 'desktop' ),
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15' => array( 'Safari', 'macOS', 'desktop' ),
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0' => array( 'Opera', 'Windows', 'desktop' ),
			'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36' => array( 'Samsung Internet', 'Android', 'mobile' ),
			'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36' => array( 'Chrome', 'Android', 'tablet' ),
			'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1' => array( 'Chrome', 'iOS', 'tablet' ),
			'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0' => array( 'Firefox', 'Linux', 'desktop' ),
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15' => array( 'Firefox', 'iOS', 'mobile' ),
			'SomethingElse/1.0' => array( 'Other', 'Other', 'desktop' ),
		);
		foreach ( $cases as $agent => $expected ) {
			$this->assertSame( array( 'browser' => $expected[0], 'os' => $expected[1], 'device' => $expected[2] ), Visitor::parse( $agent ), $agent );
			$this->assertFalse( Visitor::is_bot( $agent ), $agent );
		}
		foreach ( array( 'Mozilla/5.0 (compatible; bingbot/2.0)', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0)', 'Slurp', 'Screaming Frog SEO Spider/19', 'WordPress/6.6; http://example.org', '  ' ) as $bot ) {
			$this->assertTrue( Visitor::is_bot( $bot ), $bot );
		}
	}

	/**
	 * The admin-ajax actions (logged out and logged in) run the same collector and answer JSON.
	 *
	 * @return void
	 */
	public function test_admin_ajax_actions(): void {
		$collector = $this->collector( 14 );
		$day       = $this->days[0];
		$ajax      = new StatsAjax( $collector );
		foreach ( array_keys( StatsAjax::ACTIONS ) as $action ) {
			// Priority 1: this fixed-clock handler answers before any other registered handler.
			$this->add_test_filter( 'wp_ajax_nopriv_' . $action, array( $ajax, $action ), 1, 0 );
			$this->add_test_filter( 'wp_ajax_' . $action, array( $ajax, $action ), 1, 0 );
		}
		$_SERVER['REMOTE_ADDR']     = $this->address();
		$_SERVER['HTTP_USER_AGENT'] = self::CHROME;
		$this->visitor( $day, $_SERVER['REMOTE_ADDR'], self::CHROME );

		$hit = $this->ajax( 'nopriv_tessera_stats_hit', wp_slash( self::fields( '/ajax/' ) ) );
		$this->assertSame( array( 200, array( 'status' => true ) ), array( $hit['status'], $hit['json'] ) );
		$this->as_role( 'subscriber' );
		$hit = $this->ajax( 'tessera_stats_hit', wp_slash( self::fields( '/ajax/' ) ) );
		$this->assertSame( 200, $hit['status'] );
		$this->assertSame( 2, (int) self::rows( 'pages', $day )[0]['views'] );

		$this->assertSame( 403, $this->ajax( 'tessera_stats_online', array( 'source_id' => '99' ) + self::fields( '/ajax/' ) )['status'] );
		$this->assertSame( 200, $this->ajax( 'tessera_stats_online', self::fields( '/ajax/' ) )['status'] );
		$custom = $this->ajax( 'tessera_stats_custom_event', wp_slash( array( 'event_name' => 'quote "it"', 'event_data' => '{"a":"b\\\\c"}' ) ) );
		$this->assertSame( array( 200, array( 'status' => true ) ), array( $custom['status'], $custom['json'] ) );
		$this->assertSame( 400, $this->ajax( 'tessera_stats_event', array( 'en' => 'click', 'tu' => 'javascript:x' ) )['status'] );
		$this->assertSame( 200, $this->ajax( 'tessera_stats_event', array( 'en' => 'click', 'tu' => 'https://example.org/' ) )['status'] );
		$names = wp_list_pluck( self::rows( 'events', $day ), 'target', 'name' );
		$this->assertSame( '{"a":"b\\\\c"}', $names['quote "it"'] ?? null, 'slashes removed once' );
		$this->assertArrayHasKey( 'example.org', $names );
		unset( $_SERVER['HTTP_USER_AGENT'] );
		$_SERVER['REMOTE_ADDR'] = '127.0.0.1';

		// register_hooks() adds every action for visitors and for logged-in users, and the REST routes.
		$fresh = new StatsAjax( $collector );
		$fresh->register_hooks( 99 );
		foreach ( array_keys( StatsAjax::ACTIONS ) as $action ) {
			$this->assertSame( 99, has_action( 'wp_ajax_nopriv_' . $action, array( $fresh, $action ) ), $action );
			$this->assertSame( 99, has_action( 'wp_ajax_' . $action, array( $fresh, $action ) ), $action );
			remove_action( 'wp_ajax_nopriv_' . $action, array( $fresh, $action ), 99 );
			remove_action( 'wp_ajax_' . $action, array( $fresh, $action ), 99 );
		}
		$this->assertSame( 10, has_action( 'rest_api_init', array( $fresh, 'register_routes' ) ) );
		remove_action( 'rest_api_init', array( $fresh, 'register_routes' ) );
	}

	/**
	 * REST `POST tessera/v1/stats/hit|online` answer what the collector answers.
	 *
	 * @return void
	 */
	public function test_rest_routes(): void {
		global $wp_rest_server;
		$collector = $this->collector( 15 );
		$day       = $this->days[0];
		$ajax      = new StatsAjax( $collector );
		$this->add_test_filter( 'rest_api_init', array( $ajax, 'register_routes' ), 1000, 0 );
		// Only this fixed-clock handler, even when the plugin registers the same routes.
		$this->add_test_filter(
			'rest_endpoints',
			static function ( array $endpoints ): array {
				foreach ( array( '/tessera/v1/stats/hit', '/tessera/v1/stats/online' ) as $route ) {
					if ( ! isset( $endpoints[ $route ] ) ) {
						continue;
					}
					$handlers = array_filter( $endpoints[ $route ], 'is_int', ARRAY_FILTER_USE_KEY );
					$others   = array_diff_key( $endpoints[ $route ], $handlers );
					$endpoints[ $route ] = array_merge( array( end( $handlers ) ), $others );
				}
				return $endpoints;
			},
			1000
		);
		$wp_rest_server             = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- rebuilt so that the test's routes register.
		$_SERVER['REMOTE_ADDR']     = $this->address();
		$_SERVER['HTTP_USER_AGENT'] = self::CHROME;
		$this->visitor( $day, $_SERVER['REMOTE_ADDR'], self::CHROME );

		foreach ( array( 'hit', 'online' ) as $endpoint ) {
			$request = new WP_REST_Request( 'POST', '/tessera/v1/stats/' . $endpoint );
			$request->set_body_params( self::fields( '/rest/' ) );
			$response = rest_do_request( $request );
			$this->assertSame( 200, $response->get_status(), $endpoint );
			$this->assertSame( array( 'status' => true ), $response->get_data() );

			$request->set_body_params( array( 'source_id' => '5' ) + self::fields( '/rest/' ) );
			$response = rest_do_request( $request );
			$this->assertSame( 403, $response->get_status() );
			$this->assertSame( false, $response->get_data()['status'] );
		}
		$this->assertSame( 1, (int) self::rows( 'pages', $day )[0]['views'] );
		unset( $_SERVER['HTTP_USER_AGENT'] );
		$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
		$wp_rest_server         = null; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- drop the test's routes.
	}

	/**
	 * The site's base URL.
	 *
	 * @return string
	 */
	private static function base(): string {
		$base = rtrim( (string) getenv( 'WP_BASE_URL' ), '/' );
		return '' === $base ? home_url() : $base;
	}

	/**
	 * Prepares an HTTP test: a unique page, today's day, and cleanup of every row the server writes (the shared
	 * devices row gets its views back).
	 *
	 * @param string $agent User agent the requests use.
	 * @return array{uri: string, id: int, host: string}
	 */
	private function http_setup( string $agent ): array {
		global $wpdb;
		$collector = new Collector();
		$day       = $collector->day( time() );
		$device    = Visitor::parse( $agent );
		$devices   = Schema::table( 'devices' );
		$where     = $wpdb->prepare( 'day = %s AND browser = %s AND os = %s AND device = %s', $day, $device['browser'], $device['os'], $device['device'] );
		$before    = $wpdb->get_var( "SELECT views FROM {$devices} WHERE {$where}" ); // phpcs:ignore WordPress.DB -- prepared above.
		$id        = 3000000000 + wp_rand( 1, 999999 );
		$host      = 'tessera-' . strtolower( wp_generate_password( 8, false ) ) . '.example';
		$address   = '127.0.0.1';
		$this->cleanups[] = function () use ( $wpdb, $day, $id, $host, $before, $devices, $where, $address, $agent ): void {
			$visitor = Visitor::hash( Visitor::salt( $day ), $address, $agent );
			$wpdb->delete( Schema::table( 'pages' ), array( 'source_id' => $id ) );
			$wpdb->delete( Schema::table( 'referrers' ), array( 'host' => $host ) );
			$wpdb->delete( Schema::table( 'visitors' ), array( 'day' => $day, 'visitor' => $visitor ) );
			$wpdb->delete( Schema::table( 'online' ), array( 'visitor' => $visitor ) );
			$wpdb->delete( Schema::table( 'limits' ), array( 'bucket' => 'stats', 'client' => RateLimiter::client( 'stats', $address ) ) );
			if ( null === $before ) {
				$wpdb->query( "DELETE FROM {$devices} WHERE {$where}" ); // phpcs:ignore WordPress.DB -- prepared above.
			} else {
				$wpdb->query( $wpdb->prepare( "UPDATE {$devices} SET views = %d WHERE {$where}", (int) $before ) ); // phpcs:ignore WordPress.DB -- prepared above.
			}
		};
		return array(
			'uri'  => '/tessera-http-' . $id . '/?a=%3Cb%3E',
			'id'   => $id,
			'host' => $host,
		);
	}

	/**
	 * A curl handle for a POST.
	 *
	 * @param string               $url    URL.
	 * @param array<string, mixed> $fields Form fields.
	 * @param string               $agent  User agent.
	 * @return \CurlHandle
	 */
	private static function curl( string $url, array $fields, string $agent ): \CurlHandle {
		$handle = curl_init( $url );
		curl_setopt_array(
			$handle,
			array(
				CURLOPT_POST           => true,
				CURLOPT_POSTFIELDS     => http_build_query( $fields ),
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_USERAGENT      => $agent,
				CURLOPT_TIMEOUT        => 60,
				CURLOPT_HTTPHEADER     => array( 'Expect:' ),
			)
		);
		return $handle;
	}

	/**
	 * Pages row of an HTTP test.
	 *
	 * @param int $id Source id.
	 * @return array<string, mixed>|null
	 */
	private static function page_row( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM ' . Schema::table( 'pages' ) . ' WHERE source_id = %d', $id ), ARRAY_A ); // phpcs:ignore WordPress.DB -- table name only.
		return is_array( $row ) ? $row : null;
	}

	/**
	 * collect.php over real HTTP (SHORTINIT) records a hit and answers `{"status":true}`; GET is 405, an unknown
	 * endpoint 400, a forged id 403 — all JSON.
	 *
	 * @return void
	 */
	public function test_collect_php_over_http(): void {
		$page   = $this->http_setup( self::CHROME );
		$url    = self::base() . '/wp-content/plugins/tessera/collect.php?endpoint=';
		$fields = self::fields( $page['uri'], 'https://' . $page['host'] . '/from', 'post', $page['id'] );

		$handle = self::curl( $url . 'hit', $fields, self::CHROME );
		$body   = curl_exec( $handle );
		$this->assertSame( 200, curl_getinfo( $handle, CURLINFO_RESPONSE_CODE ) );
		$this->assertSame( '{"status":true}', $body );
		$this->assertStringStartsWith( 'application/json', (string) curl_getinfo( $handle, CURLINFO_CONTENT_TYPE ) );
		$row = self::page_row( $page['id'] );
		$this->assertNotNull( $row, 'the SHORTINIT path stored the hit' );
		$this->assertSame( array( $page['uri'], 1, 1 ), array( $row['page_uri'], (int) $row['views'], (int) $row['visitors'] ) );

		$handle = self::curl( $url . 'online', $fields, self::CHROME );
		$this->assertSame( '{"status":true}', curl_exec( $handle ) );

		$handle = self::curl( $url . 'hit', array( 'source_id' => (string) ( $page['id'] + 1 ) ) + $fields, self::CHROME );
		$this->assertSame( '{"status":false,"message":"Invalid signature."}', curl_exec( $handle ) );
		$this->assertSame( 403, curl_getinfo( $handle, CURLINFO_RESPONSE_CODE ) );

		$handle = self::curl( $url . 'hit', array( 'page_uri' => 'nope' ) + $fields, self::CHROME );
		$this->assertSame( 400, ( curl_exec( $handle ) && true ) ? curl_getinfo( $handle, CURLINFO_RESPONSE_CODE ) : 0 );

		$handle = self::curl( $url . 'nope', $fields, self::CHROME );
		curl_exec( $handle );
		$this->assertSame( 400, curl_getinfo( $handle, CURLINFO_RESPONSE_CODE ) );

		$handle = curl_init( $url . 'hit' );
		curl_setopt( $handle, CURLOPT_RETURNTRANSFER, true );
		$body = curl_exec( $handle );
		$this->assertSame( 405, curl_getinfo( $handle, CURLINFO_RESPONSE_CODE ) );
		$this->assertSame( false, json_decode( (string) $body, true )['status'] );

		$this->assertSame( 1, (int) self::page_row( $page['id'] )['views'], 'refused requests stored nothing' );
	}

	/**
	 * Admin-ajax `tessera_stats_hit` over real HTTP (needs the feature wired in includes/Plugin.php).
	 *
	 * @return void
	 */
	public function test_admin_ajax_over_http(): void {
		$page   = $this->http_setup( self::CHROME );
		$fields = array( 'action' => 'tessera_stats_hit' ) + self::fields( $page['uri'], 'https://' . $page['host'] . '/', 'post', $page['id'] );
		$handle = self::curl( self::base() . '/wp-admin/admin-ajax.php', $fields, self::CHROME );
		$body   = curl_exec( $handle );
		if ( '0' === $body ) {
			$this->markTestSkipped( 'tessera_stats_hit is not registered on the site: wire Stats in includes/Plugin.php.' );
		}
		$this->assertSame( 200, curl_getinfo( $handle, CURLINFO_RESPONSE_CODE ) );
		$this->assertSame( '{"status":true}', $body );
		$this->assertSame( 1, (int) self::page_row( $page['id'] )['views'] );
	}

	/**
	 * 200 hits fired in parallel at collect.php: exactly 200 views and one visitor (atomic upserts). Prints the
	 * requests per second of collect.php and of a bare GET /wp-json/ (20 sequential requests each).
	 *
	 * @return void
	 */
	public function test_concurrent_hits_and_speed(): void {
		update_option( RateLimit::OPTION_LIMIT, 100000 );
		$page   = $this->http_setup( self::CHROME );
		$url    = self::base() . '/wp-content/plugins/tessera/collect.php?endpoint=hit';
		$fields = self::fields( $page['uri'], 'https://' . $page['host'] . '/', 'post', $page['id'] );

		$multi   = curl_multi_init();
		$handles = array();
		for ( $i = 0; $i < 200; $i++ ) {
			$handles[] = self::curl( $url, $fields, self::CHROME );
			curl_multi_add_handle( $multi, end( $handles ) );
		}
		$start = microtime( true );
		do {
			$status = curl_multi_exec( $multi, $running );
			if ( $running ) {
				curl_multi_select( $multi, 1.0 );
			}
		} while ( $running && CURLM_OK === $status );
		$parallel = microtime( true ) - $start;
		$codes    = array();
		foreach ( $handles as $handle ) {
			$code           = (int) curl_getinfo( $handle, CURLINFO_RESPONSE_CODE );
			$codes[ $code ] = ( $codes[ $code ] ?? 0 ) + 1;
			curl_multi_remove_handle( $multi, $handle );
		}
		curl_multi_close( $multi );
		$this->assertSame( array( 200 => 200 ), $codes, 'every parallel hit answered 200' );
		$row = self::page_row( $page['id'] );
		$this->assertNotNull( $row );
		$this->assertSame( 200, (int) $row['views'], 'exactly 200 views' );
		$this->assertSame( 1, (int) $row['visitors'], 'one visitor' );

		$time = static function ( callable $make ): float {
			$start = microtime( true );
			for ( $i = 0; $i < 20; $i++ ) {
				$handle = $make();
				curl_exec( $handle );
			}
			return 20 / ( microtime( true ) - $start );
		};
		$collect = $time( fn() => self::curl( $url, $fields, self::CHROME ) );
		$rest    = $time(
			static function (): \CurlHandle {
				$handle = curl_init( self::base() . '/wp-json/' );
				curl_setopt( $handle, CURLOPT_RETURNTRANSFER, true );
				return $handle;
			}
		);
		$this->assertSame( 220, (int) self::page_row( $page['id'] )['views'] );
		fwrite( STDERR, sprintf( "\n[stats] 200 parallel hits: %.2f s (%.0f req/s); sequential: collect.php %.1f req/s, GET /wp-json/ %.1f req/s\n", $parallel, 200 / $parallel, $collect, $rest ) );
	}

	/**
	 * Stores statistics settings (merged over the defaults by Settings::get()).
	 *
	 * @param array<string, mixed> $settings Settings.
	 * @return void
	 */
	private static function settings( array $settings ): void {
		update_option( Settings::OPTION, $settings, true );
		Settings::flush();
	}

	/**
	 * An excluded address (single or CIDR, IPv4 or IPv6) and a disabled collector are answered `{ status: true }`
	 * and nothing is stored, for every endpoint; other addresses are still counted.
	 *
	 * @return void
	 */
	public function test_excluded_addresses_and_disabled_tracking_store_nothing(): void {
		$collector = $this->collector( 16 );
		$day       = $this->days[0];
		$before    = self::counts( $day );
		self::settings( array( 'excludedIps' => array( '198.51.100.0/24', '2001:db8::/32' ) ) );
		foreach ( array( '198.51.100.9', '2001:db8::5' ) as $address ) {
			$this->addresses[] = $address;
			foreach ( array( 'hit', 'online' ) as $method ) {
				$this->assertSame( array( 200, array( 'status' => true ) ), array_values( $collector->$method( self::fields( '/excluded/' ), $address, self::CHROME ) ), "$method $address" );
			}
			$this->assertSame( 200, $collector->custom_event( array( 'event_name' => 'x' ), $address, self::CHROME )['status'] );
			$this->assertSame( 200, $collector->link_event( array( 'en' => 'click', 'tu' => 'https://example.org/' ), $address, self::CHROME )['status'] );
		}
		$this->assertSame( $before, self::counts( $day ), 'nothing stored for excluded addresses' );
		global $wpdb;
		$this->assertSame( 0, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'limits' ) . ' WHERE client = %s', RateLimiter::client( 'stats', '198.51.100.9' ) ) ), 'not even a rate counter' ); // phpcs:ignore WordPress.DB -- table name only.

		$this->address();
		$counted = '203.0.113.5';
		$this->addresses[] = $counted;
		$this->visitor( $day, $counted, self::CHROME );
		$this->assertSame( 200, $collector->hit( self::fields( '/excluded/' ), $counted, self::CHROME )['status'] );
		$this->assertCount( 1, self::rows( 'pages', $day ), 'another address is counted' );

		self::settings( array( 'enabled' => false ) );
		$before = self::counts( $day );
		$answer = $collector->hit( self::fields( '/disabled/' ), $counted, self::CHROME );
		$this->assertSame( array( 200, array( 'status' => true ) ), array( $answer['status'], $answer['body'] ) );
		$this->assertSame( 200, $collector->link_event( array( 'en' => 'click', 'tu' => 'https://example.org/' ), $counted, self::CHROME )['status'] );
		$this->assertSame( $before, self::counts( $day ), 'nothing stored while tracking is off' );
	}

	/**
	 * Link and download events: the tracker's short payload is accepted; fn, fx, m, wcdl, df and dk are ignored
	 * (the name comes from `tu`), a download link's `key` is not stored; malformed optional fields are refused.
	 *
	 * @return void
	 */
	public function test_link_event_short_payload_and_derived_fields(): void {
		$collector = $this->collector( 17 );
		$day       = $this->days[0];
		$address   = $this->address();
		$short     = array( 'en' => 'file_download', 'et' => '1718000000000', 'eid' => 'dl', 'ec' => 'button', 'ev' => 'Get the report', 'mb' => '0', 'tu' => 'https://example.com/files/report.pdf', 'pid' => '12' );
		$this->assertSame( array( 'status' => true ), $collector->link_event( $short, $address, self::CHROME )['body'] );
		$lying = $short + array( 'fn' => 'evil', 'fx' => 'exe', 'm' => 'link', 'wcdl' => '1', 'df' => '999', 'dk' => 'secret' );
		$this->assertSame( array( 'status' => true ), $collector->link_event( $lying, $address, self::CHROME )['body'] );
		$shop = array( 'en' => 'file_download', 'tu' => 'https://shop.example/?download_file=42&order=wc_order_1&key=abc123&email=a%40b.c' ) + $short;
		$this->assertSame( 200, $collector->link_event( $shop, $address, self::CHROME )['status'] );
		$click = array( 'en' => 'click', 'tu' => 'https://docs.example.org/a' );
		$this->assertSame( 200, $collector->link_event( $click, $address, self::CHROME )['status'], 'en and tu alone' );

		$events = array();
		foreach ( self::rows( 'events', $day ) as $row ) {
			$events[ $row['name'] ] = array( $row['kind'], $row['target'], (int) $row['count'] );
		}
		$this->assertSame( array( 'download', 'https://example.com/files/report.pdf', 2 ), $events['report.pdf'], 'fn/fx ignored: one file, counted twice' );
		$this->assertArrayNotHasKey( 'evil', $events );
		$this->assertArrayNotHasKey( 'evil.exe', $events );
		$this->assertSame( array( 'download', 'https://shop.example/?download_file=42&order=wc_order_1&email=a%40b.c', 1 ), $events['download_file 42'] ?? null, 'the key is not stored' );
		$this->assertSame( 'click', $events['docs.example.org'][0] );

		$bad = array(
			'pid negative'  => array( 'pid' => '-1' ),
			'pid text'      => array( 'pid' => '12 OR 1=1' ),
			'pid array'     => array( 'pid' => array( '1' ) ),
			'et text'       => array( 'et' => 'now' ),
			'mb text'       => array( 'mb' => 'left' ),
			'ev control'    => array( 'ev' => "a\x00b" ),
			'ev too long'   => array( 'ev' => str_repeat( 'a', 501 ) ),
			'eid array'     => array( 'eid' => array( 'x' ) ),
			'tu script'     => array( 'tu' => 'javascript:alert(1)//report.pdf' ),
		);
		$before = self::counts( $day );
		foreach ( $bad as $label => $change ) {
			$this->assertSame( 400, $collector->link_event( array_merge( $short, $change ), $address, self::CHROME )['status'], $label );
		}
		$this->assertSame( $before, self::counts( $day ) );
	}

	/**
	 * Rows of an HTTP test's page (by source id).
	 *
	 * @param int $id Source id.
	 * @return int Views stored.
	 */
	private static function views( int $id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT SUM(views) FROM ' . Schema::table( 'pages' ) . ' WHERE source_id = %d', $id ) ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * Bad input over real HTTP, to collect.php and to admin-ajax: each answered with its 4xx and JSON message,
	 * nothing stored (markup in a page_uri or a referrer's host too); a page_uri carrying SQL is valid and stored as
	 * plain text.
	 *
	 * @return void
	 */
	public function test_bad_input_over_http(): void {
		global $wpdb;
		$page    = $this->http_setup( self::CHROME );
		$collect = self::base() . '/wp-content/plugins/tessera/collect.php?endpoint=hit';
		$ajax    = self::base() . '/wp-admin/admin-ajax.php';
		$fields  = self::fields( $page['uri'], 'https://' . $page['host'] . '/', 'post', $page['id'] );
		$wpdb->delete( Schema::table( 'limits' ), array( 'bucket' => 'stats', 'client' => RateLimiter::client( 'stats', '127.0.0.1' ) ) );
		$cases = array(
			'no source_type'          => array( 400, array_diff_key( $fields, array( 'source_type' => 1 ) ) ),
			'no page_uri'             => array( 400, array_diff_key( $fields, array( 'page_uri' => 1 ) ) ),
			'page_uri 2001 bytes'     => array( 400, array( 'page_uri' => rawurlencode( '/' . str_repeat( 'a', 2000 ) ) ) + $fields ),
			'page_uri a list'         => array( 400, array( 'page_uri' => array( '/' ) ) + $fields ),
			'page_uri not a path'     => array( 400, array( 'page_uri' => rawurlencode( '<script>alert(1)</script>' ) ) + $fields ),
			'referred script'         => array( 400, array( 'referred' => rawurlencode( 'javascript:alert(document.cookie)' ) ) + $fields ),
			'referred html'           => array( 400, array( 'referred' => rawurlencode( '<script>alert(1)</script>' ) ) + $fields ),
			'page_uri markup'         => array( 400, array( 'page_uri' => rawurlencode( '/tessera-http-' . $page['id'] . '/?q=<script>alert(1)</script>' ) ) + $fields ),
			'page_uri quote'          => array( 400, array( 'page_uri' => rawurlencode( '/tessera-http-' . $page['id'] . '/"onmouseover="alert(1)' ) ) + $fields ),
			'referred host markup'    => array( 400, array( 'referred' => rawurlencode( 'https://"><svg onload=alert(1)>.example/' ) ) + $fields ),
			'source_id sql'           => array( 400, array( 'source_id' => $page['id'] . ' OR 1=1' ) + $fields ),
			'source_type sql'         => array( 400, array( 'source_type' => "post' OR '1'='1" ) + $fields ),
			'forged source_id'        => array( 403, array( 'source_id' => (string) ( $page['id'] + 1 ) ) + $fields ),
			'signature of another id' => array( 403, array( 'signature' => Collector::signature( 'post', $page['id'] + 1 ) ) + $fields ),
			'huge field'              => array( 400, array( 'page_uri' => '/' . str_repeat( '%41', 5000 ) ) + $fields ),
		);
		foreach ( array( 'collect.php' => $collect, 'admin-ajax' => $ajax ) as $via => $url ) {
			foreach ( $cases as $label => list( $status, $sent ) ) {
				$sent   = 'admin-ajax' === $via ? array( 'action' => 'tessera_stats_hit' ) + $sent : $sent;
				$handle = self::curl( $url, $sent, self::CHROME );
				$body   = json_decode( (string) curl_exec( $handle ), true );
				$this->assertSame( $status, curl_getinfo( $handle, CURLINFO_RESPONSE_CODE ), "$via: $label" );
				$this->assertSame( false, $body['status'] ?? null, "$via: $label" );
				$this->assertIsString( $body['message'] ?? null, "$via: $label" );
			}
		}
		$this->assertSame( 0, self::views( $page['id'] ), 'nothing stored by any refused request' );

		$bad_event = self::curl( $ajax, array( 'action' => 'tessera_stats_event', 'en' => 'click', 'tu' => '<script>alert(1)</script>' ), self::CHROME );
		curl_exec( $bad_event );
		$this->assertSame( 400, curl_getinfo( $bad_event, CURLINFO_RESPONSE_CODE ) );

		$hostile = '/tessera-http-' . $page['id'] . "/?q=1);DROP/**/TABLE/**/{$wpdb->posts};--";
		$handle  = self::curl( $collect, array( 'page_uri' => rawurlencode( $hostile ) ) + $fields, self::CHROME );
		$this->assertSame( '{"status":true}', curl_exec( $handle ) );
		$stored = $wpdb->get_var( $wpdb->prepare( 'SELECT page_uri FROM ' . Schema::table( 'pages' ) . ' WHERE source_id = %d', $page['id'] ) ); // phpcs:ignore WordPress.DB -- table name only.
		$this->assertSame( $hostile, $stored, 'stored as plain text' );
		$this->assertGreaterThan( 0, (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->posts}" ) ); // phpcs:ignore WordPress.DB -- core table.
	}

	/**
	 * A flood from one address over real HTTP: the limit's requests are stored, the rest answered 429 (JSON)
	 * and not stored — through collect.php (its own options read) and admin-ajax alike.
	 *
	 * @return void
	 */
	public function test_flood_over_http(): void {
		global $wpdb;
		$page   = $this->http_setup( self::CHROME );
		$fields = self::fields( $page['uri'], '', 'post', $page['id'] );
		update_option( RateLimit::OPTION_LIMIT, 5 );
		$wpdb->delete( Schema::table( 'limits' ), array( 'bucket' => 'stats', 'client' => RateLimiter::client( 'stats', '127.0.0.1' ) ) );
		$minute = intdiv( time(), 60 );
		$codes  = array();
		for ( $i = 0; $i < 8; $i++ ) {
			$handle = self::curl( self::base() . '/wp-content/plugins/tessera/collect.php?endpoint=hit', $fields, self::CHROME );
			$body   = curl_exec( $handle );
			$code   = (int) curl_getinfo( $handle, CURLINFO_RESPONSE_CODE );
			$codes[] = $code;
			if ( 429 === $code ) {
				$this->assertSame( '{"status":false,"message":"Too many requests."}', $body );
			}
		}
		$handle = self::curl( self::base() . '/wp-admin/admin-ajax.php', array( 'action' => 'tessera_stats_hit' ) + $fields, self::CHROME );
		curl_exec( $handle );
		$ajax = (int) curl_getinfo( $handle, CURLINFO_RESPONSE_CODE );
		if ( intdiv( time(), 60 ) !== $minute ) {
			$this->markTestSkipped( 'The minute changed during the flood; the counts are not comparable.' );
		}
		$this->assertSame( array( 200, 200, 200, 200, 200, 429, 429, 429 ), $codes );
		$this->assertSame( 429, $ajax, 'admin-ajax shares the counter' );
		$this->assertSame( 5, self::views( $page['id'] ), 'refused hits are not stored' );
	}

	/**
	 * collect.php reads the settings itself: an excluded address and disabled tracking get `{"status":true}`
	 * over HTTP and nothing is stored.
	 *
	 * @return void
	 */
	public function test_exclusions_over_http(): void {
		$page   = $this->http_setup( self::CHROME );
		$url    = self::base() . '/wp-content/plugins/tessera/collect.php?endpoint=hit';
		$fields = self::fields( $page['uri'], '', 'post', $page['id'] );
		foreach ( array( array( 'excludedIps' => array( '127.0.0.0/8' ) ), array( 'excludedIps' => array( '::1', '127.0.0.1' ) ), array( 'enabled' => false ) ) as $settings ) {
			self::settings( $settings );
			$handle = self::curl( $url, $fields, self::CHROME );
			$this->assertSame( '{"status":true}', curl_exec( $handle ), (string) wp_json_encode( $settings ) );
			$this->assertSame( 0, self::views( $page['id'] ), (string) wp_json_encode( $settings ) );
		}
		self::settings( array( 'excludedIps' => array( '10.0.0.0/8' ) ) );
		$handle = self::curl( $url, $fields, self::CHROME );
		$this->assertSame( '{"status":true}', curl_exec( $handle ) );
		$this->assertSame( 1, self::views( $page['id'] ), 'counted once the address is no longer excluded' );
	}

	/**
	 * collect.php reads wp-config.php itself only when it has the standard shape; anything unusual (ABSPATH used
	 * elsewhere, a custom content folder, multisite, an unknown database drop-in, the opt-out constant) makes it
	 * load WordPress (SHORTINIT) instead.
	 *
	 * @return void
	 */
	public function test_direct_mode_is_used_only_for_a_standard_config(): void {
		$root = get_temp_dir() . 'tessera-direct-' . wp_generate_password( 8, false );
		wp_mkdir_p( $root . '/wp-content' );
		$this->cleanups[] = static function () use ( $root ): void {
			foreach ( array( '/wp-content/db.php', '/wp-config.php' ) as $file ) {
				if ( is_file( $root . $file ) ) {
					unlink( $root . $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- the test's own files.
				}
			}
			rmdir( $root . '/wp-content' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- see above.
			rmdir( $root ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- see above.
		};
		$standard = "<?php\ndefine( 'DB_NAME', 'wp' );\n\$table_prefix = 'wp_';\nif ( ! defined( 'ABSPATH' ) ) {\n\tdefine( 'ABSPATH', __DIR__ . '/' );\n}\nrequire_once ABSPATH . 'wp-settings.php';\n";
		$write    = static function ( string $file, string $text ) use ( $root ): void {
			file_put_contents( $root . $file, $text ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- the test's own files.
		};
		$this->assertNull( \Tessera\Stats\Direct::available( $root ), 'never inside a loaded WordPress (ABSPATH is set)' );
		$this->assertNull( \Tessera\Stats\Direct::inspect( $root ), 'no wp-config.php' );
		$write( '/wp-config.php', $standard );
		$this->assertSame( array( 'config' => $root . '/wp-config.php', 'kind' => 'mysql' ), \Tessera\Stats\Direct::inspect( $root ) );
		$write( '/wp-content/db.php', "<?php\ndefine( 'SQLITE_DB_DROPIN_VERSION', '1.8.0' );\n" );
		$this->assertSame( 'sqlite', \Tessera\Stats\Direct::inspect( $root )['kind'] ?? null, 'the SQLite Database Integration drop-in' );
		$write( '/wp-content/db.php', "<?php\n// Another database drop-in.\n" );
		$this->assertNull( \Tessera\Stats\Direct::inspect( $root ), 'an unknown drop-in' );
		unlink( $root . '/wp-content/db.php' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.unlink_unlink -- the test's own file.
		$unusual = array(
			'ABSPATH used elsewhere' => str_replace( "require_once", "define( 'X', ABSPATH );\nrequire_once", $standard ),
			'custom content folder'  => str_replace( '$table_prefix', "define( 'WP_CONTENT_DIR', '/srv/c' );\n\$table_prefix", $standard ),
			'multisite'              => str_replace( '$table_prefix', "define( 'MULTISITE', true );\n\$table_prefix", $standard ),
			'opted out'              => str_replace( '$table_prefix', "define( 'TESSERA_STATS_DIRECT', false );\n\$table_prefix", $standard ),
			'no wp-settings.php'     => str_replace( "require_once ABSPATH . 'wp-settings.php';", "require_once ABSPATH . 'other.php';", $standard ),
		);
		foreach ( $unusual as $label => $config ) {
			$write( '/wp-config.php', $config );
			$this->assertNull( \Tessera\Stats\Direct::inspect( $root ), $label );
		}
	}

	/**
	 * The direct connection to a SQLite database in WAL mode does not flush the disk on each hit, and leaves
	 * checkpoints (which do) to one hit in ~800 (docs/stats.md, "Collector"). Run in a PHP process of its own, as
	 * collect.php runs: connect() reads wp-config.php with its own ABSPATH.
	 *
	 * @return void
	 */
	public function test_direct_sqlite_connection_settings(): void {
		if ( ! defined( 'DB_ENGINE' ) || 'sqlite' !== DB_ENGINE ) {
			$this->markTestSkipped( 'The SQLite settings of the direct mode (this site runs on MySQL/MariaDB).' );
		}
		$root  = rtrim( ABSPATH, '/' );
		$found = \Tessera\Stats\Direct::inspect( $root );
		$this->assertSame( 'sqlite', $found['kind'] ?? null );
		$code = 'foreach ( array( "Stats/Schema", "Stats/Db", "Stats/Direct", "Stats/IpRange", "Stats/Visitor", "Stats/RateLimit", "Http/ClientAddress", "Http/RateLimiter", "Stats/Collector" ) as $c ) { require ' . var_export( dirname( __DIR__, 2 ) . '/includes/', true ) . ' . $c . ".php"; }'
			. ' $db = Tessera\Stats\Direct::connect( ' . var_export( $root, true ) . ', ' . var_export( $found, true ) . ' );'
			. ' echo json_encode( array( $db->value( "PRAGMA journal_mode" ), $db->value( "PRAGMA synchronous" ), $db->value( "PRAGMA wal_autocheckpoint" ) ) );';
		$output = shell_exec( escapeshellarg( PHP_BINARY ) . ' -r ' . escapeshellarg( $code ) . ' 2>&1' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.system_calls_shell_exec -- runs the collector's connection as collect.php does.
		$this->assertSame( array( 'wal', '1', '8000' ), json_decode( (string) $output, true ), (string) $output );
	}
}
