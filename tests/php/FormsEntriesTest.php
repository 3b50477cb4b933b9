<?php
/**
 * The form entries storage: install, one entry per submission token, list/search/paging, mark, delete,
 * retention, the personal-data look-up and hostile values.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\Entries;
use Tessera\Forms\Schema;

/**
 * Runs against the site's real database (SQLite drop-in on the dev site). Every entry is made for form ids no
 * real form has (far above the site's post ids) and is deleted in tearDown(); the tables stay.
 */
final class FormsEntriesTest extends TestCase {

	/**
	 * Form ids used by this test (their entries are deleted in tearDown()).
	 *
	 * @var list<int>
	 */
	private array $forms = array();

	/**
	 * Highest id in the values table when the test started (values this test orphaned are above it).
	 *
	 * @var int
	 */
	private int $values_before = 0;

	/**
	 * Installs the tables and keeps the schema options.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Schema::OPTION_DB_VERSION );
		$this->keep_option( Schema::OPTION_INSTALL_LOCK );
		delete_option( Schema::OPTION_INSTALL_LOCK );
		$this->assertTrue( Schema::maybe_install(), 'the tables are installed' );
		global $wpdb;
		$this->values_before = (int) $wpdb->get_var( 'SELECT MAX(id) FROM ' . Schema::table( 'values' ) ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * Deletes every entry (and value) of the test's forms.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		global $wpdb;
		delete_option( Schema::OPTION_INSTALL_LOCK );
		if ( ! Schema::is_current() ) {
			Schema::maybe_install();
		}
		$entries = Schema::table( 'entries' );
		$values  = Schema::table( 'values' );
		foreach ( $this->forms as $form_id ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$values} WHERE entry_id IN ( SELECT id FROM {$entries} WHERE form_id = %d )", $form_id ) ); // phpcs:ignore WordPress.DB -- table names only.
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$entries} WHERE form_id = %d", $form_id ) ); // phpcs:ignore WordPress.DB -- table names only.
		}
		$this->forms = array();
		// Values left without their entry by a broken delete (only rows added during this test).
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$values} WHERE id > %d AND entry_id NOT IN ( SELECT id FROM {$entries} )", $this->values_before ) ); // phpcs:ignore WordPress.DB -- table names only.
		parent::tearDown();
	}

	/**
	 * A form id for this test only.
	 *
	 * @return int
	 */
	private function form(): int {
		$form_id       = 3000000000 + random_int( 1, 999999999 );
		$this->forms[] = $form_id;
		return $form_id;
	}

	/**
	 * A fresh submission token.
	 *
	 * @return string
	 */
	private static function token(): string {
		return bin2hex( random_bytes( 16 ) );
	}

	/**
	 * Rows of a form in the entries table.
	 *
	 * @param int $form_id Form id.
	 * @return int
	 */
	private static function entry_rows( int $form_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'entries' ) . ' WHERE form_id = %d', $form_id ) ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * Rows of an entry in the values table.
	 *
	 * @param int $entry_id Entry id.
	 * @return int
	 */
	private static function value_rows( int $entry_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . Schema::table( 'values' ) . ' WHERE entry_id = %d', $entry_id ) ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * Sets an entry's creation time.
	 *
	 * @param int    $entry_id Entry id.
	 * @param string $utc      UTC `Y-m-d H:i:s`.
	 * @return void
	 */
	private static function created_at( int $entry_id, string $utc ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'UPDATE ' . Schema::table( 'entries' ) . ' SET created_at = %s WHERE id = %d', $utc, $entry_id ) ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * Creates an entry that must be new and answers its id.
	 *
	 * @param int                                $form_id Form id.
	 * @param array<string, string|list<string>> $values  Values.
	 * @return int
	 */
	private function entry( int $form_id, array $values = array( 'name' => 'Ana' ) ): int {
		$result = Entries::create( $form_id, self::token(), $values );
		$this->assertTrue( $result['created'] );
		return $result['id'];
	}

	/**
	 * Installing twice creates both tables with their keys once and changes nothing the second time.
	 *
	 * @return void
	 */
	public function test_install_is_idempotent(): void {
		global $wpdb;
		Schema::install();
		$this->assertSame( array(), Schema::install(), 'the second dbDelta has nothing to change' );
		$this->assertTrue( Schema::exists( 'entries' ) );
		$this->assertTrue( Schema::exists( 'values' ) );
		$this->assertSame( Schema::DB_VERSION, get_option( Schema::OPTION_DB_VERSION ) );
		$this->assertSame( $wpdb->prefix . 'tessera_form_entries', Schema::table( 'entries' ) );
		$this->assertSame( $wpdb->prefix . 'tessera_form_entry_values', Schema::table( 'values' ) );

		$keys = array();
		foreach ( array( 'entries', 'values' ) as $short ) {
			foreach ( (array) $wpdb->get_results( 'SHOW INDEX FROM ' . Schema::table( $short ), ARRAY_A ) as $index ) { // phpcs:ignore WordPress.DB -- table name only.
				$keys[ $short . '.' . $index['Key_name'] ][] = $index['Column_name'] . ( null === $index['Sub_part'] ? '' : '(' . $index['Sub_part'] . ')' ) . ( '0' === (string) $index['Non_unique'] ? '!' : '' );
			}
		}
		ksort( $keys );
		$this->assertSame(
			array(
				'entries.PRIMARY'         => array( 'id!' ),
				'entries.form_created'    => array( 'form_id', 'created_at' ),
				'entries.form_submission' => array( 'form_id!', 'submission!' ),
				'entries.status'          => array( 'status' ),
				'entries.submission'      => array( 'submission!' ),
				'values.PRIMARY'          => array( 'id!' ),
				'values.entry_id'         => array( 'entry_id' ),
				'values.field_value'      => array( 'field_id', 'value(191)' ),
			),
			$keys,
			'keys (! = unique, (n) = prefix length)'
		);
	}

	/**
	 * An outdated version option makes maybe_install() run dbDelta, store the current version and release the
	 * claim.
	 *
	 * @return void
	 */
	public function test_outdated_version_is_upgraded(): void {
		global $wpdb;
		// A version-1 table: no key on the token alone.
		$wpdb->query( 'ALTER TABLE ' . Schema::table( 'entries' ) . ' DROP INDEX submission' ); // phpcs:ignore WordPress.DB -- table name only.
		$this->assertSame( array(), (array) $wpdb->get_results( 'SHOW INDEX FROM ' . Schema::table( 'entries' ) . " WHERE Key_name = 'submission'" ) ); // phpcs:ignore WordPress.DB -- table name only.
		update_option( Schema::OPTION_DB_VERSION, '1' );
		$this->assertFalse( Schema::is_current() );
		$this->assertTrue( Schema::maybe_install() );
		$this->assertTrue( Schema::is_current() );
		$this->assertSame( Schema::DB_VERSION, get_option( Schema::OPTION_DB_VERSION ) );
		$this->assertFalse( get_option( Schema::OPTION_INSTALL_LOCK ), 'the claim is released' );
		$this->assertCount( 1, (array) $wpdb->get_results( 'SHOW INDEX FROM ' . Schema::table( 'entries' ) . " WHERE Key_name = 'submission'" ), 'the token key is added' ); // phpcs:ignore WordPress.DB -- table name only.
	}

	/**
	 * A fresh claim of another request is respected; one older than a minute is taken over.
	 *
	 * @return void
	 */
	public function test_install_claim(): void {
		update_option( Schema::OPTION_DB_VERSION, '0' );
		add_option( Schema::OPTION_INSTALL_LOCK, time() - 5, '', false );
		$this->assertFalse( Schema::maybe_install(), 'another request is installing' );
		$this->assertSame( '0', get_option( Schema::OPTION_DB_VERSION ), 'nothing installed under a fresh claim' );

		update_option( Schema::OPTION_INSTALL_LOCK, time() - Schema::LOCK_SECONDS - 1, false );
		$this->assertTrue( Schema::maybe_install(), 'a stale claim is taken over' );
		$this->assertTrue( Schema::is_current() );
		$this->assertFalse( get_option( Schema::OPTION_INSTALL_LOCK ), 'the claim is released' );
	}

	/**
	 * create() stores the entry row and one value row per field; a list is stored as JSON and get() decodes it.
	 *
	 * @return void
	 */
	public function test_create_stores_entry_and_values(): void {
		global $wpdb;
		$form_id = $this->form();
		$token   = self::token();
		$before  = time();
		$result  = Entries::create(
			$form_id,
			$token,
			array(
				'name'   => 'Ana Lima',
				'colors' => array( 'Red', 'Blue/Green', 'Çà' ),
				'empty'  => '',
				'none'   => array(),
			),
			42,
			7
		);
		$this->assertTrue( $result['created'] );
		$this->assertGreaterThan( 0, $result['id'] );

		$entry = Entries::get( $result['id'] );
		$this->assertIsArray( $entry );
		$this->assertSame( $result['id'], $entry['id'] );
		$this->assertSame( $form_id, $entry['form_id'] );
		$this->assertSame( $token, $entry['submission'] );
		$this->assertSame( 'unread', $entry['status'] );
		$this->assertSame( 42, $entry['page_id'] );
		$this->assertSame( 7, $entry['user_id'] );
		$created = strtotime( $entry['created_at'] . ' UTC' );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/', $entry['created_at'] );
		$this->assertGreaterThanOrEqual( $before, $created, 'created_at is UTC now' );
		$this->assertLessThanOrEqual( time() + 1, $created );
		$this->assertSame(
			array(
				'name'   => 'Ana Lima',
				'colors' => array( 'Red', 'Blue/Green', 'Çà' ),
				'empty'  => '',
				'none'   => array(),
			),
			$entry['values']
		);

		$this->assertSame( 4, self::value_rows( $result['id'] ) );
		$stored = $wpdb->get_var( $wpdb->prepare( 'SELECT value FROM ' . Schema::table( 'values' ) . ' WHERE entry_id = %d AND field_id = %s', $result['id'], 'colors' ) ); // phpcs:ignore WordPress.DB -- table name only.
		$this->assertSame( '["Red","Blue/Green","Çà"]', $stored, 'a list is stored as JSON' );
		$this->assertSame( array( 'Red', 'Blue/Green', 'Çà' ), json_decode( (string) $stored, true ) );

		$this->assertNull( Entries::get( $result['id'] + 1000000 ), 'no such entry' );
	}

	/**
	 * A second create() with the same token and values answers the first entry with `created` false and stores
	 * nothing; the token's case does not matter. Other values under the token are a conflict: id 0, nothing
	 * stored.
	 *
	 * @return void
	 */
	public function test_duplicate_submission_stores_one_entry(): void {
		$form_id = $this->form();
		$token   = self::token();
		$first   = Entries::create( $form_id, $token, array( 'name' => 'first' ) );
		$second  = Entries::create( $form_id, $token, array( 'name' => 'second', 'extra' => 'x' ) );
		$upper   = Entries::create( $form_id, strtoupper( $token ), array( 'name' => 'first' ) );
		$shout   = Entries::create( $form_id, strtoupper( self::token() ), array( 'name' => 'fourth' ) );
		$this->assertTrue( $shout['created'] );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', Entries::get( $shout['id'] )['submission'] ?? '', 'tokens are stored in lower case' );

		$this->assertSame( array( 'id' => $first['id'], 'created' => true, 'conflict' => '' ), $first );
		$this->assertSame( array( 'id' => 0, 'created' => false, 'conflict' => 'values' ), $second );
		$this->assertSame( array( 'id' => $first['id'], 'created' => false, 'conflict' => '' ), $upper );
		$this->assertSame( 2, self::entry_rows( $form_id ) );
		$this->assertSame( 1, self::value_rows( $first['id'] ), 'the duplicates added no values' );
		$this->assertSame( array( 'name' => 'first' ), Entries::get( $first['id'] )['values'] ?? null );
	}

	/**
	 * Twenty creates of one submission in a row (a double click, retries) store one entry.
	 *
	 * @return void
	 */
	public function test_twenty_duplicate_creates_store_one_row(): void {
		$form_id = $this->form();
		$token   = self::token();
		$results = array();
		for ( $i = 0; $i < 20; $i++ ) {
			$results[] = Entries::create( $form_id, $token, array( 'name' => 'Ana', 'topics' => array( 'a', 'b' ) ) );
		}
		$this->assertSame( 1, count( array_filter( array_column( $results, 'created' ) ) ), 'one call created it' );
		$this->assertTrue( $results[0]['created'] );
		$this->assertSame( array( $results[0]['id'] ), array_values( array_unique( array_column( $results, 'id' ) ) ), 'every call answers the same id' );
		$this->assertSame( 1, self::entry_rows( $form_id ) );
		$this->assertSame( 2, self::value_rows( $results[0]['id'] ) );
		$this->assertSame( array( 'name' => 'Ana', 'topics' => array( 'a', 'b' ) ), Entries::get( $results[0]['id'] )['values'] ?? null );
	}

	/**
	 * Six PHP processes that create the same submission at the same moment store one entry: exactly one of them
	 * answers `created` true, all answer its id.
	 *
	 * @return void
	 */
	public function test_parallel_duplicate_creates_store_one_row(): void {
		$wp_dir = rtrim( (string) getenv( 'TESSERA_WP_DIR' ), '/' );
		$this->assertFileExists( $wp_dir . '/wp-load.php' );
		$form_id = $this->form();
		$token   = self::token();
		$start   = microtime( true ) + 1.5;
		$base    = parse_url( (string) ( getenv( 'WP_BASE_URL' ) ? getenv( 'WP_BASE_URL' ) : 'http://127.0.0.1:8890' ) );
		$host    = ( $base['host'] ?? '127.0.0.1' ) . ( isset( $base['port'] ) ? ':' . $base['port'] : '' );
		$script  = '$_SERVER["HTTP_HOST"] = $argv[1]; $_SERVER["SERVER_NAME"] = "127.0.0.1"; $_SERVER["REQUEST_URI"] = "/"; $_SERVER["REQUEST_METHOD"] = "GET"; $_SERVER["REMOTE_ADDR"] = "127.0.0.1";'
			. ' require $argv[2] . "/wp-load.php";'
			. ' if ( microtime( true ) < (float) $argv[5] ) { time_sleep_until( (float) $argv[5] ); }'
			. ' echo json_encode( \Tessera\Forms\Entries::create( (int) $argv[3], $argv[4], array( "name" => "parallel" ) ) );';
		$processes = array();
		for ( $i = 0; $i < 6; $i++ ) {
			$process = proc_open(
				array( PHP_BINARY, '-r', $script, $host, $wp_dir, (string) $form_id, $token, sprintf( '%.3F', $start ) ),
				array(
					1 => array( 'pipe', 'w' ),
					2 => array( 'pipe', 'w' ),
				),
				$pipes
			);
			$this->assertIsResource( $process );
			$processes[] = array( $process, $pipes );
		}
		$results = array();
		foreach ( $processes as list( $process, $pipes ) ) {
			$out = (string) stream_get_contents( $pipes[1] );
			$err = (string) stream_get_contents( $pipes[2] );
			fclose( $pipes[1] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- a pipe.
			fclose( $pipes[2] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- a pipe.
			$this->assertSame( 0, proc_close( $process ), 'the process succeeded: ' . $out . $err );
			$result = json_decode( $out, true );
			$this->assertIsArray( $result, 'answered JSON: ' . $out . $err );
			$results[] = $result;
		}
		$this->assertSame( 1, count( array_filter( array_column( $results, 'created' ) ) ), 'exactly one process created it' );
		$this->assertCount( 1, array_unique( array_column( $results, 'id' ) ), 'all answer the same id' );
		$this->assertSame( 1, self::entry_rows( $form_id ) );
		$this->assertSame( 1, self::value_rows( (int) $results[0]['id'] ) );
	}

	/**
	 * Different tokens make different entries; a token already used on another form is refused there (a token
	 * names one submission across all forms).
	 *
	 * @return void
	 */
	public function test_different_submissions_make_different_rows(): void {
		$form_id = $this->form();
		$other   = $this->form();
		$token   = self::token();
		$a       = Entries::create( $form_id, $token, array( 'name' => 'a' ) );
		$b       = Entries::create( $form_id, self::token(), array( 'name' => 'b' ) );
		$c       = Entries::create( $other, $token, array( 'name' => 'a' ) );
		$d       = Entries::create( $other, self::token(), array( 'name' => 'd' ) );
		$this->assertTrue( $a['created'] && $b['created'] && $d['created'] );
		$this->assertSame( array( 'id' => 0, 'created' => false, 'conflict' => 'form' ), $c );
		$this->assertCount( 3, array_unique( array( $a['id'], $b['id'], $d['id'] ) ) );
		$this->assertSame( 2, self::entry_rows( $form_id ) );
		$this->assertSame( 1, self::entry_rows( $other ) );
		$this->assertSame( array( 'name' => 'b' ), Entries::get( $b['id'] )['values'] ?? null );
		$this->assertSame( array( 'name' => 'd' ), Entries::get( $d['id'] )['values'] ?? null );
	}

	/**
	 * Tokens that are not 32 hexadecimal characters.
	 *
	 * @return array<string, array{0: string}>
	 */
	public static function invalid_tokens(): array {
		return array(
			'empty'         => array( '' ),
			'31 characters' => array( str_repeat( 'a', 31 ) ),
			'33 characters' => array( str_repeat( 'a', 33 ) ),
			'not hex'       => array( str_repeat( 'g', 32 ) ),
			'newline'       => array( str_repeat( 'a', 32 ) . "\n" ),
			'SQL'           => array( "aaaaaaaaaaaaaaaa' OR '1'='1' -- " ),
		);
	}

	/**
	 * An invalid submission token is refused and nothing is stored.
	 *
	 * @dataProvider invalid_tokens
	 * @param string $token Token.
	 * @return void
	 */
	public function test_invalid_submission_token_is_rejected( string $token ): void {
		$form_id = $this->form();
		try {
			Entries::create( $form_id, $token, array( 'name' => 'Ana' ) );
			$this->fail( 'the token was accepted' );
		} catch ( \InvalidArgumentException $exception ) {
			$this->assertStringContainsString( 'submission', $exception->getMessage() );
		}
		$this->assertSame( 0, self::entry_rows( $form_id ) );
	}

	/**
	 * Values of the wrong shape (bad field id, nested list, number) are refused before anything is stored.
	 *
	 * @return void
	 */
	public function test_invalid_values_are_rejected(): void {
		$form_id = $this->form();
		$bad     = array(
			array( 'bad id' => 'x' ),
			array( str_repeat( 'f', 41 ) => 'x' ),
			array( 'list' => array( 'a', array( 'b' ) ) ),
			array( 'map' => array( 'k' => 'v' ) ),
			array( 'number' => 5 ),
		);
		foreach ( $bad as $values ) {
			try {
				Entries::create( $form_id, self::token(), array( 'ok' => 'fine' ) + $values );
				$this->fail( 'accepted ' . (string) wp_json_encode( $values ) );
			} catch ( \InvalidArgumentException $exception ) {
				$this->assertNotSame( '', $exception->getMessage() );
			}
		}
		$this->assertSame( 0, self::entry_rows( $form_id ), 'no entry without its values' );
	}

	/**
	 * When a value cannot be stored the transaction is rolled back: no entry without its values, and the same
	 * submission can be stored afterwards.
	 *
	 * @return void
	 */
	public function test_failed_value_rolls_back_the_entry(): void {
		global $wpdb;
		$form_id = $this->form();
		$token   = self::token();
		$values  = Schema::table( 'values' );
		// The second value's INSERT fails without a database error ($wpdb->query() answers false for an empty
		// query), so that only Entries' own ROLLBACK can undo the entry row and the first value.
		$fail = static function ( $query ) use ( $values ) {
			return is_string( $query ) && str_contains( $query, "INSERT INTO {$values}" ) && str_contains( $query, "'second'" ) ? '' : $query;
		};
		$this->add_test_filter( 'query', $fail );
		try {
			Entries::create( $form_id, $token, array( 'first' => 'one', 'second' => 'two' ) );
			$this->fail( 'the failed value was not reported' );
		} catch ( \RuntimeException $exception ) {
			$this->assertStringContainsString( 'second', $exception->getMessage() );
		} finally {
			remove_filter( 'query', $fail );
		}
		$this->assertSame( 0, self::entry_rows( $form_id ), 'the entry row was rolled back' );
		$orphans = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$values} WHERE value = %s AND field_id = %s", 'one', 'first' ) ); // phpcs:ignore WordPress.DB -- table name only.
		$this->assertSame( 0, $orphans, 'the first value was rolled back' );

		$again = Entries::create( $form_id, $token, array( 'first' => 'one' ) );
		$this->assertTrue( $again['created'], 'the retry stores the submission' );
	}

	/**
	 * The search finds a text contained in any value (a checkbox's list included), with `%` and `_` taken
	 * literally.
	 *
	 * @return void
	 */
	public function test_list_search_is_literal(): void {
		$form_id = $this->form();
		$percent = $this->entry( $form_id, array( 'offer' => '50% off' ) );
		$digits  = $this->entry( $form_id, array( 'offer' => '5000 off' ) );
		$under   = $this->entry( $form_id, array( 'code' => 'a_b' ) );
		$this->entry( $form_id, array( 'code' => 'axb' ) );
		$slash = $this->entry( $form_id, array( 'path' => 'C:\\temp' ) );
		$list  = $this->entry( $form_id, array( 'colors' => array( 'Red', 'Teal' ) ) );
		$other = $this->form();
		$this->entry( $other, array( 'offer' => '50% off' ) );

		$ids = static fn ( array $result ): array => array_column( $result['rows'], 'id' );
		$this->assertSame( array( $percent ), $ids( Entries::list( $form_id, array( 'search' => '50%' ) ) ), '% is literal' );
		$this->assertSame( array( $percent ), $ids( Entries::list( $form_id, array( 'search' => '%' ) ) ) );
		$this->assertSame( array( $under ), $ids( Entries::list( $form_id, array( 'search' => 'a_b' ) ) ), '_ is literal' );
		$this->assertSame( array( $under ), $ids( Entries::list( $form_id, array( 'search' => '_' ) ) ) );
		$this->assertSame( array( $slash ), $ids( Entries::list( $form_id, array( 'search' => ':\\t' ) ) ), 'a backslash is literal' );
		$this->assertSame( array( $list ), $ids( Entries::list( $form_id, array( 'search' => 'teal' ) ) ), 'lists are searched, case-insensitively' );
		$this->assertSame( array( $digits, $percent ), $ids( Entries::list( $form_id, array( 'search' => ' off' ) ) ) );
		$none = Entries::list( $form_id, array( 'search' => "' OR 1=1 -- " ) );
		$this->assertSame( array( 'rows' => array(), 'total' => 0 ), $none );
		$this->assertSame( 6, Entries::list( $form_id, array( 'search' => '' ) )['total'], 'an empty search finds all' );
	}

	/**
	 * The list is newest first (then by id), paged, filtered by status, with the total that matches; rows carry
	 * their values.
	 *
	 * @return void
	 */
	public function test_list_status_paging_total_order(): void {
		$form_id = $this->form();
		$ids     = array();
		foreach ( array( '2024-01-01 10:00:00', '2024-01-03 10:00:00', '2024-01-02 10:00:00', '2024-01-02 10:00:00', '2024-01-05 10:00:00' ) as $i => $time ) {
			$ids[ $i ] = $this->entry( $form_id, array( 'n' => (string) $i ) );
			self::created_at( $ids[ $i ], $time );
		}
		$this->entry( $this->form() );
		$newest_first = array( $ids[4], $ids[1], $ids[3], $ids[2], $ids[0] );
		$page         = static fn ( array $args ): array => array_column( Entries::list( $form_id, $args )['rows'], 'id' );

		$all = Entries::list( $form_id, array() );
		$this->assertSame( 5, $all['total'] );
		$this->assertSame( $newest_first, array_column( $all['rows'], 'id' ), 'newest first, same time: higher id first' );
		$this->assertSame( array( 'n' => '4' ), $all['rows'][0]['values'] );
		$this->assertSame( $form_id, $all['rows'][0]['form_id'] );
		$this->assertSame( '2024-01-05 10:00:00', $all['rows'][0]['created_at'] );

		$this->assertSame( array_slice( $newest_first, 0, 2 ), $page( array( 'per_page' => 2 ) ) );
		$this->assertSame( array_slice( $newest_first, 2, 2 ), $page( array( 'per_page' => 2, 'page' => 2 ) ) );
		$this->assertSame( array_slice( $newest_first, 4, 1 ), $page( array( 'per_page' => 2, 'page' => 3 ) ) );
		$this->assertSame( array(), $page( array( 'per_page' => 2, 'page' => 4 ) ) );
		$this->assertSame( 5, Entries::list( $form_id, array( 'per_page' => 2, 'page' => 4 ) )['total'], 'the total past the last page' );
		$this->assertSame( array_slice( $newest_first, 0, 1 ), $page( array( 'per_page' => 0 ) ), 'per_page at least 1' );
		$this->assertSame( array_slice( $newest_first, 0, 2 ), $page( array( 'per_page' => 2, 'page' => 0 ) ), 'page at least 1' );

		Entries::mark( $ids[1], 'read' );
		Entries::mark( $ids[2], 'read' );
		$read = Entries::list( $form_id, array( 'status' => 'read' ) );
		$this->assertSame( 2, $read['total'] );
		$this->assertSame( array( $ids[1], $ids[2] ), array_column( $read['rows'], 'id' ) );
		$this->assertSame( array( 'read', 'read' ), array_column( $read['rows'], 'status' ) );
		$unread = Entries::list( $form_id, array( 'status' => 'unread', 'per_page' => 1 ) );
		$this->assertSame( 3, $unread['total'] );
		$this->assertSame( array( $ids[4] ), array_column( $unread['rows'], 'id' ) );
		$this->assertSame( 5, Entries::list( $form_id, array( 'status' => '' ) )['total'] );
		$this->assertSame( array( $ids[2] ), $page( array( 'status' => 'read', 'search' => '2' ) ), 'status and search together' );
		$this->assertSame( array(), $page( array( 'status' => 'unread', 'search' => '2' ) ) );
	}

	/**
	 * per_page is at most 100, 20 by default.
	 *
	 * @return void
	 */
	public function test_list_page_size_limits(): void {
		$form_id = $this->form();
		for ( $i = 0; $i < 101; $i++ ) {
			$this->entry( $form_id, array( 'n' => (string) $i ) );
		}
		$this->assertCount( 20, Entries::list( $form_id, array() )['rows'] );
		$this->assertCount( 100, Entries::list( $form_id, array( 'per_page' => 500 ) )['rows'] );
		$this->assertSame( 101, Entries::list( $form_id, array( 'per_page' => 500 ) )['total'] );
	}

	/**
	 * mark() sets read/unread (and says so when it already was), refuses another status and a missing entry;
	 * count_unread() follows.
	 *
	 * @return void
	 */
	public function test_mark_and_count_unread(): void {
		$form_id = $this->form();
		$id      = $this->entry( $form_id );
		$this->entry( $form_id );
		$this->assertSame( 2, Entries::count_unread( $form_id ) );

		$this->assertTrue( Entries::mark( $id, 'read' ) );
		$this->assertSame( 'read', Entries::get( $id )['status'] ?? null );
		$this->assertSame( 1, Entries::count_unread( $form_id ) );
		$this->assertTrue( Entries::mark( $id, 'read' ), 'already read' );

		$this->assertFalse( Entries::mark( $id, 'spam' ), 'unknown status refused' );
		$this->assertFalse( Entries::mark( $id, 'READ' ) );
		$this->assertFalse( Entries::mark( $id, '' ) );
		$this->assertSame( 'read', Entries::get( $id )['status'] ?? null, 'status unchanged' );

		$this->assertTrue( Entries::mark( $id, 'unread' ) );
		$this->assertSame( 'unread', Entries::get( $id )['status'] ?? null );
		$this->assertSame( 2, Entries::count_unread( $form_id ) );
		$this->assertFalse( Entries::mark( $id + 1000000, 'read' ), 'no such entry' );
		$other = $this->form();
		$this->assertSame( 0, Entries::count_unread( $other ) );

		// Several forms in one query: each counted once, unknown and repeated ids ignored.
		$this->entry( $other );
		$this->assertSame( 3, Entries::count_unread_in( array( $form_id, $other, $other, 0, -4 ) ) );
		$this->assertSame( 1, Entries::count_unread_in( array( $other ) ) );
		$this->assertSame( 0, Entries::count_unread_in( array() ) );
	}

	/**
	 * delete() removes the entry and its values, and nothing else.
	 *
	 * @return void
	 */
	public function test_delete_removes_values(): void {
		$form_id = $this->form();
		$id      = $this->entry( $form_id, array( 'a' => '1', 'b' => array( 'x' ) ) );
		$keep    = $this->entry( $form_id, array( 'a' => '2' ) );
		$this->assertSame( 2, self::value_rows( $id ) );

		$this->assertTrue( Entries::delete( $id ) );
		$this->assertNull( Entries::get( $id ) );
		$this->assertSame( 0, self::value_rows( $id ), 'its values are gone' );
		$this->assertFalse( Entries::delete( $id ), 'already gone' );
		$this->assertSame( array( 'a' => '2' ), Entries::get( $keep )['values'] ?? null, 'the other entry is kept' );
		$this->assertSame( 1, self::entry_rows( $form_id ) );
	}

	/**
	 * delete_before() deletes entries created strictly before the moment, oldest first, at most a batch per
	 * call, with their values.
	 *
	 * @return void
	 */
	public function test_delete_before_respects_date_and_batch(): void {
		// Dates before any real entry: retention works on every form of the site.
		$form_id = $this->form();
		$other   = $this->form();
		$ids     = array();
		foreach ( array( '1970-01-05 00:00:00', '1970-01-02 00:00:00', '1970-01-04 00:00:00', '1970-01-03 00:00:00', '1970-01-06 00:00:00' ) as $i => $time ) {
			$ids[ $i ] = $this->entry( 2 === $i ? $other : $form_id, array( 'n' => (string) $i ) );
			self::created_at( $ids[ $i ], $time );
		}
		// Oldest first: 1 (01-02), 3 (01-03), 2 (01-04, other form); 0 (01-05) is at the moment, 4 after it.
		$this->assertSame( 2, Entries::delete_before( '1970-01-05 00:00:00', 2 ) );
		$this->assertNull( Entries::get( $ids[1] ) );
		$this->assertNull( Entries::get( $ids[3] ) );
		$this->assertNotNull( Entries::get( $ids[2] ), 'the batch stopped after two' );
		$this->assertSame( 0, self::value_rows( $ids[1] ) + self::value_rows( $ids[3] ), 'their values are gone' );

		$this->assertSame( 1, Entries::delete_before( '1970-01-05 00:00:00', 2 ) );
		$this->assertNull( Entries::get( $ids[2] ), 'every form' );
		$this->assertSame( 0, Entries::delete_before( '1970-01-05 00:00:00', 2 ) );
		$this->assertSame( array( 'n' => '0' ), Entries::get( $ids[0] )['values'] ?? null, 'created at the moment: kept' );
		$this->assertNotNull( Entries::get( $ids[4] ) );
		$this->assertSame( 1, self::value_rows( $ids[0] ) );

		$this->expectException( \InvalidArgumentException::class );
		Entries::delete_before( "1970-01-05' OR '1'='1", 2 );
	}

	/**
	 * find_by_value() answers the entries (of every form) that hold exactly the value in any field, by id,
	 * paged.
	 *
	 * @return void
	 */
	public function test_find_by_value(): void {
		$email = 'ana.' . wp_generate_password( 10, false ) . '@example.com';
		$first = $this->entry( $this->form(), array( 'email' => $email ) );
		$other = $this->entry( $this->form(), array( 'name' => 'Ana', 'contact_2' => $email ) );
		$this->entry( $this->form(), array( 'email' => $email . '.au' ) );
		$this->entry( $this->form(), array( 'email' => 'x' . $email ) );
		$this->entry( $this->form(), array( 'email' => ' ' . $email ) );
		$this->entry( $this->form(), array( 'emails' => array( $email ) ) );

		$this->assertSame( array( $first, $other ), Entries::find_by_value( $email, 10, 0 ) );
		$this->assertSame( array( $first ), Entries::find_by_value( $email, 1, 0 ) );
		$this->assertSame( array( $other ), Entries::find_by_value( $email, 1, 1 ) );
		$this->assertSame( array(), Entries::find_by_value( $email, 1, 2 ) );
		$this->assertSame( array(), Entries::find_by_value( 'nobody.' . wp_generate_password( 10, false ) . '@example.com', 10, 0 ) );
		$like = Entries::find_by_value( '%' . substr( $email, 1 ), 10, 0 );
		$this->assertSame( array(), $like, 'no pattern matching' );
	}

	/**
	 * Hostile values (markup, SQL quotes, placeholders, emoji, backslashes, a 20,000-character text) are stored
	 * and read back byte for byte; invalid UTF-8 is replaced, not refused.
	 *
	 * @return void
	 */
	public function test_hostile_values_round_trip(): void {
		$long   = str_repeat( 'é€😀a', 5000 );
		$values = array(
			'script'       => '<script>alert(document.cookie)</script><img src=x onerror=alert(1)>',
			'sql'          => "Robert'); DROP TABLE wp_users; -- \" OR \"1\"=\"1' OR '1'='1",
			'placeholders' => '%s %d %1$s %% {$wpdb->prefix} ?',
			'emoji'        => '👩‍👩‍👧‍👦 🏳️‍🌈 ✓ 😀 𝄞',
			'backslashes'  => 'C:\\Users\\\\ana \\\' \\" \\0 \\n',
			'whitespace'   => "  line 1\r\n\tline 2\n ",
			'long'         => $long,
			'json_like'    => '{"a":[1,2]}',
			'list'         => array( '<b>x</b>', "it's", '"quoted"', '😀', '\\' ),
		);
		$this->assertSame( 20000, mb_strlen( $long ) );
		$id    = $this->entry( $this->form(), $values );
		$entry = Entries::get( $id );
		$this->assertIsArray( $entry );
		$this->assertSame( $values, $entry['values'] );
		foreach ( $values as $field => $value ) {
			if ( is_string( $value ) ) {
				$this->assertSame( bin2hex( $value ), bin2hex( $entry['values'][ $field ] ), "$field byte-identical" );
			}
		}

		$broken = Entries::create( $this->form(), self::token(), array( 'name' => "Ana \xC3\x28 \xFF end" ) );
		$this->assertTrue( $broken['created'], 'invalid UTF-8 does not lose the entry' );
		$this->assertSame( 'Ana ?( ? end', Entries::get( $broken['id'] )['values']['name'] ?? null );
	}

	/**
	 * drop() removes both tables and the version (uninstall); maybe_install() brings them back. Only runs when
	 * the tables hold no entries but this test's.
	 *
	 * @return void
	 */
	public function test_drop_and_reinstall(): void {
		global $wpdb;
		$rows = (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'entries' ) ) + (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'values' ) ); // phpcs:ignore WordPress.DB -- table names only.
		if ( $rows > 0 ) {
			$this->markTestSkipped( 'The site has form entries; not dropping them.' );
		}
		Schema::drop();
		$this->assertFalse( Schema::exists( 'entries' ) );
		$this->assertFalse( Schema::exists( 'values' ) );
		$this->assertFalse( get_option( Schema::OPTION_DB_VERSION ) );
		$this->assertTrue( Schema::maybe_install() );
		$this->assertTrue( Schema::exists( 'entries' ) );
		$this->assertTrue( Schema::exists( 'values' ) );
		$this->assertTrue( Entries::create( $this->form(), self::token(), array( 'a' => 'b' ) )['created'] );
	}
}
