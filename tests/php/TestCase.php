<?php
/**
 * Base test case: users, posts and filters that are cleaned up after each test; admin-ajax calls in-process;
 * the fake PageSpeed Insights server.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use PHPUnit\Framework\TestCase as PHPUnitTestCase;
use Tessera\Speed\Settings;
use Tessera\Speed\SpeedStore;
use WP_Post;

/**
 * Shared helpers. Everything a test creates is removed in tearDown().
 */
abstract class TestCase extends PHPUnitTestCase {

	/**
	 * Posts created by the test.
	 *
	 * @var int[]
	 */
	private array $posts = array();

	/**
	 * Users created by the test.
	 *
	 * @var int[]
	 */
	private array $users = array();

	/**
	 * Filters and actions added by the test: [ hook, callback, priority ].
	 *
	 * @var array<int, array{0: string, 1: callable, 2: int}>
	 */
	private array $hooks = array();

	/**
	 * Options to restore: name => raw value or null (did not exist).
	 *
	 * @var array<string, mixed>
	 */
	private array $options = array();

	/**
	 * Size of the PHP error log when the test started.
	 *
	 * @var int
	 */
	private int $log_size = 0;

	/**
	 * Starts every test logged out, with no lock and the settings saved for restoring.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$_GET     = array();
		$_POST    = array();
		$_REQUEST = array();
		wp_set_current_user( 0 );
		$this->keep_option( Settings::OPTION );
		$this->keep_option( SpeedStore::OPTION_LAST );
		delete_option( SpeedStore::OPTION_LOCK );
		$this->log_size = self::log_size();
	}

	/**
	 * Removes what the test created and checks that nothing was written to the PHP error log.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( array_reverse( $this->hooks ) as $hook ) {
			remove_filter( $hook[0], $hook[1], $hook[2] );
		}
		$this->hooks = array();
		foreach ( $this->posts as $post_id ) {
			wp_delete_post( $post_id, true );
		}
		$this->posts = array();
		foreach ( $this->users as $user_id ) {
			wp_delete_user( $user_id );
		}
		$this->users = array();
		foreach ( $this->options as $name => $value ) {
			if ( null === $value ) {
				delete_option( $name );
			} else {
				update_option( $name, $value );
			}
		}
		$this->options = array();
		delete_option( SpeedStore::OPTION_LOCK );
		$_GET          = array();
		$_POST         = array();
		$_REQUEST      = array();
		wp_set_current_user( 0 );

		$log = self::log_since( $this->log_size );
		parent::tearDown();
		$this->assertDoesNotMatchRegularExpression( '/PHP (Fatal error|Warning|Notice|Deprecated|Parse error)|WordPress database error/', $log, 'The PHP error log stays clean' );
	}

	/**
	 * Saves an option's value for tearDown().
	 *
	 * @param string $name Option name.
	 * @return void
	 */
	protected function keep_option( string $name ): void {
		if ( array_key_exists( $name, $this->options ) ) {
			return;
		}
		$value                  = get_option( $name, null );
		$this->options[ $name ] = $value;
	}

	/**
	 * Adds a filter that tearDown() removes.
	 *
	 * @param string   $hook     Hook name.
	 * @param callable $callback Callback.
	 * @param int      $priority Priority.
	 * @param int      $args     Accepted arguments.
	 * @return void
	 */
	protected function add_test_filter( string $hook, callable $callback, int $priority = 10, int $args = 1 ): void {
		add_filter( $hook, $callback, $priority, $args );
		$this->hooks[] = array( $hook, $callback, $priority );
	}

	/**
	 * Creates a user (removed after the test).
	 *
	 * @param string $role Role.
	 * @return int User ID.
	 */
	protected function make_user( string $role ): int {
		$login   = 'tessera_' . $role . '_' . wp_generate_password( 8, false );
		$user_id = wp_insert_user(
			array(
				'user_login' => $login,
				'user_pass'  => wp_generate_password( 16 ),
				'user_email' => $login . '@example.com',
				'role'       => $role,
			)
		);
		$this->assertIsInt( $user_id, 'user created' );
		$this->users[] = $user_id;
		return $user_id;
	}

	/**
	 * Logs in as a new administrator.
	 *
	 * @return int User ID.
	 */
	protected function as_admin(): int {
		return $this->as_role( 'administrator' );
	}

	/**
	 * Logs in as a new user of a role.
	 *
	 * @param string $role Role.
	 * @return int User ID.
	 */
	protected function as_role( string $role ): int {
		$user_id = $this->make_user( $role );
		wp_set_current_user( $user_id );
		return $user_id;
	}

	/**
	 * Creates a post (removed after the test).
	 *
	 * @param array<string, mixed> $args wp_insert_post() arguments; published post by default.
	 * @return WP_Post
	 */
	protected function make_post( array $args = array() ): WP_Post {
		$post_id = wp_insert_post(
			wp_slash(
				$args + array(
					'post_type'    => 'post',
					'post_status'  => 'publish',
					'post_title'   => 'Tessera test post',
					'post_content' => '<!-- wp:paragraph --><p>Test.</p><!-- /wp:paragraph -->',
					'post_author'  => 1,
				)
			),
			true
		);
		$this->assertIsInt( $post_id, 'post created' );
		$this->posts[] = $post_id;
		$post          = get_post( $post_id );
		$this->assertInstanceOf( WP_Post::class, $post );
		return $post;
	}

	/**
	 * Calls an admin-ajax action in this process, as admin-ajax.php would (wp_doing_ajax() true), with
	 * wp_die() turned into an exception.
	 *
	 * @param string               $action Action name (without `wp_ajax_`).
	 * @param array<string, mixed> $post   POST fields (`action` is added).
	 * @return array{status: int, raw: string, json: mixed, died: bool}
	 */
	protected function ajax( string $action, array $post ): array {
		$this->assertFalse( headers_sent(), 'headers not sent yet (run phpunit with stderr="true")' );
		$post['action'] = $action;
		$_POST          = $post;
		$_REQUEST       = $post;

		$doing_ajax = '__return_true';
		$die        = static function (): callable {
			return static function ( $message = '' ): void {
				throw new AjaxDie( is_string( $message ) ? $message : 'wp_die' );
			};
		};
		add_filter( 'wp_doing_ajax', $doing_ajax );
		add_filter( 'wp_die_ajax_handler', $die );
		http_response_code( 200 );

		$died = false;
		ob_start();
		try {
			do_action( 'wp_ajax_' . $action );
		} catch ( AjaxDie $exception ) {
			$died = true;
		} finally {
			$raw = (string) ob_get_clean();
			remove_filter( 'wp_doing_ajax', $doing_ajax );
			remove_filter( 'wp_die_ajax_handler', $die );
			$_POST    = array();
			$_REQUEST = array();
		}
		$status = http_response_code();
		http_response_code( 200 );

		return array(
			'status' => is_int( $status ) ? $status : 0,
			'raw'    => $raw,
			'json'   => json_decode( $raw, true ),
			'died'   => $died,
		);
	}

	/**
	 * The fake PSI server's base URL; skips the test when it is not configured.
	 *
	 * @return string
	 */
	protected function fake_psi(): string {
		$url = rtrim( (string) getenv( 'FAKE_PSI_URL' ), '/' );
		if ( '' === $url ) {
			$this->markTestSkipped( 'FAKE_PSI_URL is not set (the fake PageSpeed Insights server).' );
		}
		return $url;
	}

	/**
	 * Points the PSI client at the fake server for this test.
	 *
	 * Page URLs are the posts' pretty permalinks (the fake reads its instructions from their path); on a
	 * site with plain permalinks the post slug is put into the path instead.
	 *
	 * @return string The fake's base URL.
	 */
	protected function use_fake_psi(): string {
		$url = $this->fake_psi();
		$this->add_test_filter(
			'tessera_psi_endpoint',
			static function () use ( $url ): string {
				return $url . '/pagespeedonline/v5/runPagespeed';
			}
		);
		if ( '' === (string) get_option( 'permalink_structure' ) ) {
			$pretty = static function ( $link, $post ) {
				$post = get_post( $post );
				return $post ? home_url( '/' . $post->post_name . '/' ) : $link;
			};
			$this->add_test_filter( 'post_link', $pretty, 10, 2 );
			$this->add_test_filter( 'page_link', $pretty, 10, 2 );
		}
		return $url;
	}

	/**
	 * Every request the fake PSI server has received so far.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	protected function fake_requests(): array {
		$body = file_get_contents( $this->fake_psi() . '/__requests', false, stream_context_create( array( 'http' => array( 'timeout' => 5 ) ) ) );
		$this->assertIsString( $body, 'the fake PSI server answers /__requests' );
		$list = json_decode( $body, true );
		$this->assertIsArray( $list );
		return $list;
	}

	/**
	 * The requests the fake received after `$before` of them.
	 *
	 * @param int $before Count before.
	 * @return array<int, array<string, mixed>>
	 */
	protected function fake_requests_since( int $before ): array {
		return array_values( array_slice( $this->fake_requests(), $before ) );
	}

	/**
	 * Current size of the PHP error log (0 when there is none).
	 *
	 * @return int
	 */
	private static function log_size(): int {
		$file = (string) ini_get( 'error_log' );
		clearstatcache();
		return ( '' !== $file && is_file( $file ) ) ? (int) filesize( $file ) : 0;
	}

	/**
	 * What was written to the PHP error log after `$offset`.
	 *
	 * @param int $offset Byte offset.
	 * @return string
	 */
	private static function log_since( int $offset ): string {
		$file = (string) ini_get( 'error_log' );
		clearstatcache();
		if ( '' === $file || ! is_file( $file ) || filesize( $file ) <= $offset ) {
			return '';
		}
		return (string) file_get_contents( $file, false, null, $offset );
	}

	/**
	 * Runs a Node script in the plugin's folder (`TESSERA_ROOT` in its environment) with `$stdin` on its standard
	 * input, and decodes the JSON it writes. Skips the test when Node is not available; fails it when Node exits
	 * with an error or answers something else than JSON.
	 *
	 * @param string $script JavaScript for `node -e`.
	 * @param string $stdin  Standard input.
	 * @return array<mixed> The decoded answer.
	 */
	protected static function run_node( string $script, string $stdin = '' ): array {
		$root    = dirname( __DIR__, 2 );
		$process = @proc_open( // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a missing Node skips the test.
			array( 'node', '-e', $script ),
			array(
				0 => array( 'pipe', 'r' ),
				1 => array( 'pipe', 'w' ),
				2 => array( 'pipe', 'w' ),
			),
			$pipes,
			$root,
			array(
				'TESSERA_ROOT' => $root,
				'PATH'         => (string) getenv( 'PATH' ),
			)
		);
		if ( ! is_resource( $process ) ) {
			self::markTestSkipped( 'Node is not available.' );
		}
		fwrite( $pipes[0], $stdin ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- a pipe.
		fclose( $pipes[0] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- a pipe.
		$out = (string) stream_get_contents( $pipes[1] );
		$err = (string) stream_get_contents( $pipes[2] );
		fclose( $pipes[1] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- a pipe.
		fclose( $pipes[2] ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- a pipe.
		$status = proc_close( $process );
		if ( 127 === $status ) {
			self::markTestSkipped( 'Node is not available.' );
		}
		self::assertSame( 0, $status, 'node failed: ' . $err );
		$result = json_decode( $out, true );
		self::assertIsArray( $result, 'node answered JSON: ' . $out . $err );
		return $result;
	}

	/**
	 * An XPath over an HTML fragment (parsed as the body of a UTF-8 document; libxml's complaints about HTML5
	 * elements are ignored).
	 *
	 * @param string $html Fragment.
	 * @return \DOMXPath
	 */
	protected static function xpath( string $html ): \DOMXPath {
		$document = new \DOMDocument();
		$previous = libxml_use_internal_errors( true );
		$document->loadHTML( '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>' . $html . '</body></html>' );
		libxml_clear_errors();
		libxml_use_internal_errors( $previous );
		return new \DOMXPath( $document );
	}

	/**
	 * The single element an XPath query finds (the test fails unless there is exactly one).
	 *
	 * @param \DOMXPath        $xpath   XPath.
	 * @param string           $query   Query.
	 * @param \DOMElement|null $context Context node of a relative query.
	 * @return \DOMElement
	 */
	protected static function one( \DOMXPath $xpath, string $query, ?\DOMElement $context = null ): \DOMElement {
		$nodes = $xpath->query( $query, $context );
		self::assertNotFalse( $nodes );
		self::assertSame( 1, $nodes->length, "exactly one $query" );
		$node = $nodes->item( 0 );
		self::assertInstanceOf( \DOMElement::class, $node );
		return $node;
	}
}
