<?php
/**
 * REST routes of the entries screen (Tessera\Forms\Rest\EntriesController): capabilities, the forms list, list /
 * search / status / paging with the form's columns, reading marks read, marking, deleting, unknown ids and bad
 * arguments, the CSV (BOM, columns, formula guard, passwords left out, hostile values kept exactly) and its raw
 * output; the Entries submenu.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\Entries;
use Tessera\Forms\EntriesPage;
use Tessera\Forms\Rest\EntriesController;
use Tessera\Forms\Schema;
use WP_REST_Request;
use WP_REST_Response;

/**
 * Through rest_do_request() and, for the raw CSV, the REST server's serve_request(). The routes are registered
 * here when the plugin has not wired the controller yet.
 */
final class FormsRestTest extends TestCase {

	/**
	 * Forms made by the test (their entries are deleted in tearDown()).
	 *
	 * @var list<int>
	 */
	private array $forms = array();

	/**
	 * The controller whose routes the test registered (null when the plugin registers them).
	 *
	 * @var EntriesController|null
	 */
	private static ?EntriesController $controller = null;

	/**
	 * Installs the tables and makes sure the routes exist.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Schema::OPTION_DB_VERSION );
		Schema::maybe_install();
		$server = rest_get_server();
		if ( ! isset( $server->get_routes()['/tessera/v1/forms'] ) ) {
			self::$controller = new EntriesController();
			self::$controller->register_routes();
		}
		if ( null !== self::$controller ) {
			$this->add_test_filter( 'rest_pre_serve_request', array( self::$controller, 'serve_csv' ), 10, 4 );
		}
	}

	/**
	 * Deletes the entries of the test's forms.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->forms as $form_id ) {
			do {
				$list = Entries::list( $form_id, array( 'per_page' => Entries::MAX_PER_PAGE ) );
				foreach ( $list['rows'] as $row ) {
					Entries::delete( $row['id'] );
				}
			} while ( array() !== $list['rows'] );
		}
		$this->forms = array();
		$_GET        = array();
		parent::tearDown();
	}

	/**
	 * A form: a text, an e-mail, a checkbox, a password and a hidden field (in that order).
	 *
	 * @return int Form id.
	 */
	private function form(): int {
		$blocks        = '<!-- wp:tessera/field {"id":"name","type":"text","label":"Your name"} /-->'
			. '<!-- wp:tessera/field {"id":"email","type":"email","label":"E-mail"} /-->'
			. '<!-- wp:tessera/field {"id":"topic","type":"checkbox","label":"Topics","choices":["Sales","Support","Press"]} /-->'
			. '<!-- wp:tessera/field {"id":"secret","type":"password","label":"Password"} /-->'
			. '<!-- wp:tessera/field {"id":"note","type":"hidden","label":"","defaultValue":"from-test"} /-->';
		$post          = $this->make_post(
			array(
				'post_type'    => 'tessera_form',
				'post_title'   => 'Contact "us" <b>now</b>',
				'post_content' => $blocks,
			)
		);
		$this->forms[] = $post->ID;
		return $post->ID;
	}

	/**
	 * Stores an entry.
	 *
	 * @param int                                $form_id Form id.
	 * @param array<string, string|list<string>> $values  Values over the defaults.
	 * @return int Entry id.
	 */
	private static function entry( int $form_id, array $values = array() ): int {
		$values += array(
			'name'   => 'Ada',
			'email'  => 'ada@example.test',
			'topic'  => array( 'Sales', 'Support' ),
			'secret' => 'hunter2-secret',
			'note'   => 'from-test',
		);
		return Entries::create( $form_id, bin2hex( random_bytes( 16 ) ), $values )['id'];
	}

	/**
	 * A request through the REST server.
	 *
	 * @param string               $method Method.
	 * @param string               $route  Route.
	 * @param array<string, mixed> $params Query (GET, DELETE) or body (POST) parameters.
	 * @return WP_REST_Response
	 */
	private static function call( string $method, string $route, array $params = array() ): WP_REST_Response {
		$request = new WP_REST_Request( $method, $route );
		if ( 'POST' === $method ) {
			$request->set_header( 'Content-Type', 'application/json' );
			$request->set_body( (string) wp_json_encode( $params ) );
		} else {
			$request->set_query_params( $params );
		}
		return rest_do_request( $request );
	}

	/**
	 * The error code of a response.
	 *
	 * @param WP_REST_Response $response Response.
	 * @return string
	 */
	private static function code( WP_REST_Response $response ): string {
		$data = $response->get_data();
		return is_array( $data ) ? (string) ( $data['code'] ?? '' ) : '';
	}

	/**
	 * The rows of a CSV body (after its byte order mark).
	 *
	 * @param string $csv CSV text.
	 * @return list<list<string>>
	 */
	private static function parse_csv( string $csv ): array {
		$handle = fopen( 'php://temp', 'r+' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- memory stream.
		fwrite( $handle, substr( $csv, 3 ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- memory stream.
		rewind( $handle );
		$rows = array();
		while ( false !== ( $row = fgetcsv( $handle, null, ',', '"', '' ) ) ) { // phpcs:ignore Generic.CodeAnalysis.AssignmentInCondition -- reading rows.
			$rows[] = array_map( 'strval', $row );
		}
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- memory stream.
		return $rows;
	}

	public function test_every_route_needs_the_capability(): void {
		$form  = $this->form();
		$entry = self::entry( $form );
		$calls = array(
			array( 'GET', '/tessera/v1/forms', array() ),
			array( 'GET', "/tessera/v1/forms/{$form}/entries", array() ),
			array( 'GET', "/tessera/v1/forms/{$form}/entries.csv", array() ),
			array( 'GET', "/tessera/v1/entries/{$entry}", array() ),
			array( 'POST', "/tessera/v1/entries/{$entry}", array( 'status' => 'read' ) ),
			array( 'DELETE', "/tessera/v1/entries/{$entry}", array() ),
		);
		foreach ( array(
			''              => 401,
			'subscriber'    => 403,
			'editor'        => 403,
			'administrator' => 200,
		) as $role => $status ) {
			if ( '' === $role ) {
				wp_set_current_user( 0 );
			} else {
				$this->as_role( $role );
			}
			foreach ( $calls as $call ) {
				if ( 'DELETE' === $call[0] && 200 === $status ) {
					continue; // Deleted below, last.
				}
				$response = self::call( ...$call );
				$this->assertSame( $status, $response->get_status(), ( '' === $role ? 'anonymous' : $role ) . ': ' . $call[0] . ' ' . $call[1] );
				if ( 200 !== $status ) {
					$this->assertSame( 'rest_forbidden', self::code( $response ) );
				}
			}
			$this->assertNotNull( Entries::get( $entry ), 'nothing deleted by ' . $role );
		}
		$this->assertSame( 200, self::call( 'DELETE', "/tessera/v1/entries/{$entry}" )->get_status(), 'an administrator deletes' );

		// The filter opens the routes to another capability.
		$other = self::entry( $form );
		$this->as_role( 'editor' );
		$this->add_test_filter( EntriesPage::CAPABILITY_FILTER, static fn (): string => 'edit_others_pages' );
		$this->assertSame( 'edit_others_pages', EntriesPage::capability() );
		$this->assertSame( 200, self::call( 'GET', "/tessera/v1/entries/{$other}" )->get_status(), 'an editor with the filter' );
		$this->as_role( 'subscriber' );
		$this->assertSame( 403, self::call( 'GET', "/tessera/v1/entries/{$other}" )->get_status() );
	}

	public function test_forms_answer_totals_and_unread_counts(): void {
		$form  = $this->form();
		$empty = $this->form();
		$first = self::entry( $form );
		self::entry( $form );
		self::entry( $form );
		Entries::mark( $first, 'read' );
		$this->as_admin();
		$response = self::call( 'GET', '/tessera/v1/forms' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] ?? '' );
		$by_id = array_column( $response->get_data(), null, 'id' );
		$this->assertSame(
			array(
				'id'     => $form,
				'title'  => 'Contact "us" now',
				'status' => 'publish',
				'total'  => 3,
				'unread' => 2,
			),
			$by_id[ $form ] ?? null
		);
		$this->assertSame( 0, $by_id[ $empty ]['total'] ?? null );
		$this->assertSame( 0, $by_id[ $empty ]['unread'] ?? null );
	}

	public function test_list_searches_filters_and_pages_with_the_form_columns(): void {
		$form = $this->form();
		$ids  = array();
		for ( $i = 1; $i <= 5; $i++ ) {
			$ids[ $i ] = self::entry( $form, array( 'name' => 'Person ' . $i . ( 3 === $i ? ' 100%_match' : '' ) ) );
		}
		Entries::mark( $ids[2], 'read' );
		Entries::mark( $ids[4], 'read' );
		$this->as_admin();

		$page = self::call( 'GET', "/tessera/v1/forms/{$form}/entries", array( 'per_page' => 2 ) );
		$this->assertSame( 200, $page->get_status() );
		$data = $page->get_data();
		$this->assertSame( 5, $data['total'] );
		$this->assertSame( 1, $data['page'] );
		$this->assertSame( 2, $data['per_page'] );
		$this->assertSame(
			array(
				'id'     => $form,
				'title'  => 'Contact "us" now',
				'unread' => 3,
			),
			$data['form']
		);
		$this->assertSame(
			array(
				array(
					'id'    => 'name',
					'label' => 'Your name',
					'type'  => 'text',
				),
				array(
					'id'    => 'email',
					'label' => 'E-mail',
					'type'  => 'email',
				),
				array(
					'id'    => 'topic',
					'label' => 'Topics',
					'type'  => 'checkbox',
				),
				array(
					'id'    => 'note',
					'label' => '',
					'type'  => 'hidden',
				),
			),
			$data['columns'],
			'form order, no password column'
		);
		$this->assertSame( array( $ids[5], $ids[4] ), array_column( $data['rows'], 'id' ), 'newest first' );
		$row = $data['rows'][0];
		$this->assertSame(
			array(
				'name'  => 'Person 5',
				'email' => 'ada@example.test',
				'topic' => array( 'Sales', 'Support' ),
				'note'  => 'from-test',
			),
			$row['values'],
			'the password is never answered'
		);
		$this->assertSame( 'unread', $row['status'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/', $row['created_at'] );
		$this->assertNotSame( '', $row['date'] );
		$this->assertStringNotContainsString( 'hunter2', (string) wp_json_encode( $data ) );

		$last = self::call(
			'GET',
			"/tessera/v1/forms/{$form}/entries",
			array(
				'per_page' => 2,
				'page'     => 3,
			)
		)->get_data();
		$this->assertSame( array( $ids[1] ), array_column( $last['rows'], 'id' ) );
		$beyond = self::call(
			'GET',
			"/tessera/v1/forms/{$form}/entries",
			array(
				'per_page' => 2,
				'page'     => 9,
			)
		)->get_data();
		$this->assertSame( array(), $beyond['rows'] );
		$this->assertSame( 5, $beyond['total'] );

		$search = self::call( 'GET', "/tessera/v1/forms/{$form}/entries", array( 'search' => '100%_' ) )->get_data();
		$this->assertSame( array( $ids[3] ), array_column( $search['rows'], 'id' ), 'search is literal' );
		$this->assertSame( 1, $search['total'] );

		$read = self::call( 'GET', "/tessera/v1/forms/{$form}/entries", array( 'status' => 'read' ) )->get_data();
		$this->assertSame( array( $ids[4], $ids[2] ), array_column( $read['rows'], 'id' ) );
		$unread = self::call(
			'GET',
			"/tessera/v1/forms/{$form}/entries",
			array(
				'status' => 'unread',
				'search' => 'person 1',
			)
		)->get_data();
		$this->assertSame( array( $ids[1] ), array_column( $unread['rows'], 'id' ) );
	}

	public function test_reading_an_entry_marks_it_read_unless_asked_not_to(): void {
		$form  = $this->form();
		$entry = self::entry( $form, array( 'name' => '<script>alert(1)</script>' ) );
		$this->as_admin();

		$peek = self::call( 'GET', "/tessera/v1/entries/{$entry}", array( 'mark' => '0' ) );
		$this->assertSame( 200, $peek->get_status() );
		$this->assertSame( 'unread', $peek->get_data()['status'] );
		$this->assertSame( 'unread', Entries::get( $entry )['status'], 'mark=0 leaves it unread' );

		$read = self::call( 'GET', "/tessera/v1/entries/{$entry}" );
		$this->assertSame( 200, $read->get_status() );
		$data = $read->get_data();
		$this->assertSame( 'read', $data['status'] );
		$this->assertSame( 'read', Entries::get( $entry )['status'] );
		$this->assertSame( $form, $data['form']['id'] );
		$this->assertSame( 'Contact "us" now', $data['form']['title'] );
		$this->assertSame( array( 'name', 'email', 'topic', 'note' ), array_column( $data['columns'], 'id' ) );
		$this->assertSame( '<script>alert(1)</script>', $data['values']['name'], 'answered as data' );
		$this->assertArrayNotHasKey( 'secret', $data['values'] );
		$this->assertSame( home_url( '/?page=evf-entries-pdf&form_id=' . $form . '&entry_id=' . $entry ), $data['pdf_url'], 'the PDF for readers of entries' );
	}

	public function test_mark_read_and_unread(): void {
		$form  = $this->form();
		$entry = self::entry( $form );
		$this->as_admin();
		$read = self::call( 'POST', "/tessera/v1/entries/{$entry}", array( 'status' => 'read' ) );
		$this->assertSame( 200, $read->get_status() );
		$this->assertSame( 'read', $read->get_data()['status'] );
		$this->assertSame( 'read', Entries::get( $entry )['status'] );
		$again = self::call( 'POST', "/tessera/v1/entries/{$entry}", array( 'status' => 'read' ) );
		$this->assertSame( 200, $again->get_status(), 'marking twice is fine' );
		$unread = self::call( 'POST', "/tessera/v1/entries/{$entry}", array( 'status' => 'unread' ) );
		$this->assertSame( 'unread', $unread->get_data()['status'] );
		$this->assertSame( 'unread', Entries::get( $entry )['status'] );

		foreach ( array(
			array( 'status' => 'spam' ),
			array( 'status' => '' ),
			array(),
		) as $body ) {
			$bad = self::call( 'POST', "/tessera/v1/entries/{$entry}", $body );
			$this->assertSame( 400, $bad->get_status(), (string) wp_json_encode( $body ) );
			$this->assertContains( self::code( $bad ), array( 'rest_invalid_param', 'rest_missing_callback_param' ) );
			$this->assertSame( 'unread', Entries::get( $entry )['status'], 'nothing changed' );
		}
	}

	public function test_delete_removes_the_entry(): void {
		$form  = $this->form();
		$keep  = self::entry( $form );
		$entry = self::entry( $form );
		$this->as_admin();
		$deleted = self::call( 'DELETE', "/tessera/v1/entries/{$entry}" );
		$this->assertSame( 200, $deleted->get_status() );
		$this->assertTrue( $deleted->get_data()['deleted'] );
		$this->assertSame( $entry, $deleted->get_data()['previous']['id'] );
		$this->assertNull( Entries::get( $entry ) );
		$this->assertNotNull( Entries::get( $keep ), 'only that entry' );
		$again = self::call( 'DELETE', "/tessera/v1/entries/{$entry}" );
		$this->assertSame( 404, $again->get_status() );
		$this->assertSame( EntriesController::ERROR_NO_ENTRY, self::code( $again ) );
	}

	public function test_unknown_ids_are_404_and_bad_arguments_400(): void {
		$form  = $this->form();
		$post  = $this->make_post()->ID;
		$gone  = self::entry( $form );
		$entry = self::entry( $form );
		Entries::delete( $gone );
		$this->as_admin();

		foreach ( array( "/tessera/v1/forms/{$post}/entries", "/tessera/v1/forms/{$post}/entries.csv", '/tessera/v1/forms/999999999/entries', '/tessera/v1/forms/0/entries' ) as $route ) {
			$response = self::call( 'GET', $route );
			$this->assertContains( $response->get_status(), array( 400, 404 ), $route );
			if ( ! str_contains( $route, '/0/' ) ) {
				$this->assertSame( 404, $response->get_status(), $route );
				$this->assertSame( EntriesController::ERROR_NO_FORM, self::code( $response ), $route );
				$this->assertSame( 'There is no form with this id.', $response->get_data()['message'] );
			}
		}
		foreach ( array( 'GET', 'POST', 'DELETE' ) as $method ) {
			$response = self::call( $method, "/tessera/v1/entries/{$gone}", 'POST' === $method ? array( 'status' => 'read' ) : array() );
			$this->assertSame( 404, $response->get_status(), $method );
			$this->assertSame( EntriesController::ERROR_NO_ENTRY, self::code( $response ) );
		}

		foreach ( array(
			array( 'per_page' => 0 ),
			array( 'per_page' => 101 ),
			array( 'page' => 0 ),
			array( 'page' => 'two' ),
			array( 'status' => 'spam' ),
			array( 'search' => str_repeat( 'x', EntriesController::MAX_SEARCH + 1 ) ),
		) as $params ) {
			$response = self::call( 'GET', "/tessera/v1/forms/{$form}/entries", $params );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $params ) );
			$this->assertSame( 'rest_invalid_param', self::code( $response ) );
			$this->assertSame( array_keys( $params ), array_keys( $response->get_data()['data']['params'] ), 'the error names the parameter' );
		}
		$bad_mark = self::call( 'GET', "/tessera/v1/entries/{$entry}", array( 'mark' => 'perhaps' ) );
		$this->assertSame( 400, $bad_mark->get_status() );
		$this->assertSame( 'unread', Entries::get( $entry )['status'], 'not marked by a refused request' );
	}

	public function test_csv_has_a_bom_the_columns_and_guarded_exact_values(): void {
		$form     = $this->form();
		$hostile  = "He said \"hi\", then\nleft <script>alert('x')</script> &amp; more";
		$first    = self::entry(
			$form,
			array(
				'name'  => '=HYPERLINK("http://evil.test","click")',
				'email' => '+1@example.test',
				'topic' => array( 'Sales' ),
			)
		);
		$second   = self::entry(
			$form,
			array(
				'name'  => $hostile,
				'email' => '@SUM(A1)',
				'topic' => array( 'Support', 'Press' ),
				'note'  => "\tTabbed",
			)
		);
		$third    = self::entry(
			$form,
			array(
				'name'  => '-2+3',
				'email' => "\rcarriage",
				'topic' => array(),
			)
		);
		$unlisted = self::entry( $form, array( 'name' => 'Ünïcödé ✓ 日本' ) );
		Entries::mark( $second, 'read' );
		$this->as_admin();

		$response = self::call( 'GET', "/tessera/v1/forms/{$form}/entries.csv" );
		$this->assertSame( 200, $response->get_status() );
		$headers = $response->get_headers();
		$this->assertSame( 'text/csv; charset=utf-8', $headers['Content-Type'] ?? '' );
		$this->assertMatchesRegularExpression( '/^attachment; filename="tessera-form-' . $form . '-entries-\d{4}-\d{2}-\d{2}\.csv"$/', $headers['Content-Disposition'] ?? '' );
		$this->assertSame( 'nosniff', $headers['X-Content-Type-Options'] ?? '' );
		$csv = $response->get_data();
		$this->assertIsString( $csv );
		$this->assertSame( "\xEF\xBB\xBF", substr( $csv, 0, 3 ), 'UTF-8 byte order mark' );
		$this->assertStringNotContainsString( 'hunter2', $csv, 'passwords are never exported' );
		$this->assertStringNotContainsString( 'Password', $csv );

		$rows = self::parse_csv( $csv );
		$this->assertSame( array( 'Your name', 'E-mail', 'Topics', 'note', 'Date', 'Status', 'Entry ID' ), $rows[0], 'labels in form order (the id when a label is empty), then date, status, id' );
		$this->assertCount( 5, $rows );
		$by_id = array();
		foreach ( array_slice( $rows, 1 ) as $row ) {
			$this->assertCount( 7, $row );
			$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/', $row[4] );
			$by_id[ (int) $row[6] ] = array( $row[0], $row[1], $row[2], $row[3], $row[5] );
		}
		$this->assertSame( array( $unlisted, $third, $second, $first ), array_keys( $by_id ), 'newest first' );
		$this->assertSame( array( "'=HYPERLINK(\"http://evil.test\",\"click\")", "'+1@example.test", 'Sales', 'from-test', 'Unread' ), $by_id[ $first ] );
		$this->assertSame( array( $hostile, "'@SUM(A1)", 'Support, Press', "'\tTabbed", 'Read' ), $by_id[ $second ], 'quotes, newlines and HTML exactly as stored' );
		$this->assertSame( array( "'-2+3", "'\rcarriage", '', 'from-test', 'Unread' ), $by_id[ $third ] );
		$this->assertSame( 'Ünïcödé ✓ 日本', $by_id[ $unlisted ][0] );
		// The quoting itself: a value with quotes and a newline is one quoted cell.
		$this->assertStringContainsString( "\"He said \"\"hi\"\", then\nleft <script>alert('x')</script> &amp; more\"", $csv );
	}

	public function test_csv_of_many_entries_has_every_row(): void {
		$form = $this->form();
		for ( $i = 0; $i < 205; $i++ ) {
			self::entry( $form, array( 'name' => 'n' . $i ) );
		}
		$this->as_admin();
		$rows = self::parse_csv( (string) self::call( 'GET', "/tessera/v1/forms/{$form}/entries.csv" )->get_data() );
		$this->assertCount( 206, $rows );
		$this->assertCount( 205, array_unique( array_column( array_slice( $rows, 1 ), 6 ) ) );
	}

	public function test_csv_is_served_raw(): void {
		$form  = $this->form();
		$entry = self::entry( $form, array( 'name' => '=1+1' ) );
		$this->as_admin();
		$_GET = array();
		ob_start();
		rest_get_server()->serve_request( "/tessera/v1/forms/{$form}/entries.csv" );
		$body = (string) ob_get_clean();
		$date = self::parse_csv( $body )[1][4] ?? '';
		$this->assertSame( "\xEF\xBB\xBF\"Your name\",E-mail,Topics,note,Date,Status,\"Entry ID\"\n'=1+1,ada@example.test,\"Sales, Support\",from-test,\"{$date}\",Unread,{$entry}\n", $body, 'the CSV itself, not a JSON string' );
	}

	public function test_menu_entry_shows_the_unread_count(): void {
		global $submenu;
		$form = $this->form();
		self::entry( $form );
		self::entry( $form );
		$this->as_admin();
		$this->assertGreaterThanOrEqual( 2, EntriesPage::unread_total() );
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$before = $submenu[ EntriesPage::PARENT ] ?? array();
		$page   = new EntriesPage( new \Tessera\Assets() );
		$page->add_page();
		$items = $submenu[ EntriesPage::PARENT ] ?? array();
		$ours  = array_values( array_filter( $items, static fn ( array $item ): bool => EntriesPage::PAGE === $item[2] ) );
		$submenu[ EntriesPage::PARENT ] = $before; // phpcs:ignore WordPress.WP.GlobalVariablesOverride -- restored.
		$this->assertNotEmpty( $ours );
		$this->assertSame( 'manage_options', $ours[0][1] );
		$this->assertMatchesRegularExpression( '/^Entries <span class="awaiting-mod count-\d+"><span class="pending-count" aria-hidden="true">[\d,.]+<\/span><span class="screen-reader-text">[\d,.]+ unread entries<\/span><\/span>$/', $ours[0][0] );

		$config = EntriesPage::config();
		$this->assertSame( rest_url( 'tessera/v1/' ), $config['restRoot'] );
		$this->assertSame( 1, wp_verify_nonce( $config['nonce'], 'wp_rest' ) );
	}
}
