<?php
/**
 * SpeedStore and SpeedCheck::run(): results, failures, the lock, and the post meta in REST.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use RuntimeException;
use Tessera\Speed\PsiClient;
use Tessera\Speed\SpeedCheck;
use Tessera\Speed\SpeedStore;
use WP_REST_Request;

/**
 * Storage rules of docs/speed.md.
 */
final class SpeedStoreTest extends TestCase {

	/**
	 * A Device.
	 *
	 * @param int   $score Score.
	 * @param float $tti   TTI seconds.
	 * @return array<string, mixed>
	 */
	private static function device( int $score, float $tti ): array {
		return array(
			'score' => $score,
			'tti'   => $tti,
			'lcp'   => 1.54,
			'cls'   => 0.031,
			'tbt'   => 120,
			'field' => array(
				'lcp'      => 2.1,
				'cls'      => 0.05,
				'inp'      => 150,
				'fcp'      => 1.2,
				'category' => 'FAST',
			),
		);
	}

	/**
	 * Both devices.
	 *
	 * @return array{desktop: array<string, mixed>, mobile: array<string, mixed>}
	 */
	private static function devices(): array {
		$mobile          = self::device( 45, 7.9 );
		$mobile['field'] = null;
		return array(
			'desktop' => self::device( 92, 1.2 ),
			'mobile'  => $mobile,
		);
	}

	/**
	 * The raw lock row (bypassing every cache).
	 *
	 * @return string|null
	 */
	private static function lock_row(): ?string {
		global $wpdb;
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", SpeedStore::OPTION_LOCK ) );
		return is_string( $value ) ? $value : null;
	}

	public function test_success_writes_the_result_and_deletes_the_error(): void {
		$post  = $this->make_post();
		$store = new SpeedStore();
		$store->save_error( $post->ID, 'PageSpeed Insights could not be reached.' );
		$this->assertNotNull( $store->get_error( $post->ID ) );

		$time   = 1795000000;
		$result = $store->save_result( $post->ID, self::devices(), $time );

		$this->assertSame( gmdate( 'c', $time ), $result['checked_at'] );
		$stored = get_post_meta( $post->ID, SpeedStore::META_RESULT, true );
		$this->assertSame(
			array(
				'checked_at' => gmdate( 'c', 1795000000 ),
				'desktop'    => self::device( 92, 1.2 ),
				'mobile'     => self::devices()['mobile'],
			),
			$stored
		);
		$this->assertSame( $stored, $store->get_result( $post->ID ) );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_ERROR, true ) );
		$this->assertNull( $store->get_error( $post->ID ) );
	}

	public function test_failure_keeps_the_old_result(): void {
		$post  = $this->make_post();
		$store = new SpeedStore();
		$store->save_result( $post->ID, self::devices() );
		$before = get_post_meta( $post->ID, SpeedStore::META_RESULT, true );

		$store->save_error( $post->ID, 'PageSpeed Insights answered with an error (HTTP 500).', 1795000000 );

		$this->assertSame( $before, get_post_meta( $post->ID, SpeedStore::META_RESULT, true ) );
		$this->assertSame(
			array(
				'message' => 'PageSpeed Insights answered with an error (HTTP 500).',
				'at'      => gmdate( 'c', 1795000000 ),
			),
			get_post_meta( $post->ID, SpeedStore::META_ERROR, true )
		);
	}

	public function test_stored_values_of_another_shape_are_ignored(): void {
		$post  = $this->make_post();
		$store = new SpeedStore();
		foreach ( array( 'a string', array( 'checked_at' => 'x' ), array( 'checked_at' => 'x', 'desktop' => array( 'score' => 'high' ), 'mobile' => array() ) ) as $value ) {
			update_post_meta( $post->ID, SpeedStore::META_RESULT, $value );
			$this->assertNull( $store->get_result( $post->ID ) );
		}
		update_post_meta( $post->ID, SpeedStore::META_ERROR, array( 'message' => array( 'x' ) ) );
		$this->assertNull( $store->get_error( $post->ID ) );
	}

	public function test_meta_is_registered_for_rest_in_the_edit_context_only(): void {
		foreach ( array( 'post', 'page' ) as $type ) {
			$keys = get_registered_meta_keys( 'post', $type );
			foreach ( array( SpeedStore::META_RESULT, SpeedStore::META_ERROR ) as $key ) {
				$this->assertArrayHasKey( $key, $keys, "$key registered for $type" );
				$this->assertTrue( $keys[ $key ]['single'] );
				$this->assertSame( 'object', $keys[ $key ]['type'] );
				$this->assertIsArray( $keys[ $key ]['show_in_rest'] );
			}
		}

		$post  = $this->make_post( array( 'post_type' => 'page' ) );
		$store = new SpeedStore();
		$store->save_result( $post->ID, self::devices(), 1795000000 );
		$store->save_error( $post->ID, 'PageSpeed Insights could not be reached.', 1795000100 );

		$this->as_admin();
		$request = new WP_REST_Request( 'GET', '/wp/v2/pages/' . $post->ID );
		$request->set_param( 'context', 'edit' );
		$data = rest_do_request( $request )->get_data();
		$this->assertSame( $store->get_result( $post->ID ), $data['meta'][ SpeedStore::META_RESULT ] );
		$this->assertSame(
			array(
				'message' => 'PageSpeed Insights could not be reached.',
				'at'      => gmdate( 'c', 1795000100 ),
			),
			$data['meta'][ SpeedStore::META_ERROR ]
		);

		wp_set_current_user( 0 );
		$public = rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/pages/' . $post->ID ) )->get_data();
		$this->assertArrayNotHasKey( SpeedStore::META_RESULT, (array) ( $public['meta'] ?? array() ), 'visitors do not get the results' );
		$this->assertArrayNotHasKey( SpeedStore::META_ERROR, (array) ( $public['meta'] ?? array() ) );
	}

	public function test_only_administrators_may_write_the_meta_over_rest(): void {
		$post = $this->make_post();
		$this->as_role( 'editor' );
		$request = new WP_REST_Request( 'POST', '/wp/v2/posts/' . $post->ID );
		$request->set_body_params( array( 'meta' => array( SpeedStore::META_ERROR => array( 'message' => 'forged', 'at' => '2026-01-01T00:00:00+00:00' ) ) ) );
		$response = rest_do_request( $request );
		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_ERROR, true ) );
	}

	public function test_the_lock_is_taken_once(): void {
		$first  = new SpeedStore();
		$second = new SpeedStore();

		$this->assertTrue( $first->acquire_lock( 12 ) );
		$this->assertTrue( $first->holds_lock() );
		$this->assertFalse( $second->acquire_lock( 13 ) );
		$this->assertFalse( $first->acquire_lock( 12 ), 'not re-entrant' );
		$this->assertSame( 12, $second->current_lock()['post_id'] );

		// Stored as add_option() would store it: a non-autoloaded array that get_option() reads.
		wp_cache_delete( SpeedStore::OPTION_LOCK, 'options' );
		$option = get_option( SpeedStore::OPTION_LOCK );
		$this->assertSame( array( 'post_id', 'started' ), array_keys( $option ) );
		$this->assertSame( 12, $option['post_id'] );
		$this->assertEqualsWithDelta( time(), $option['started'], 5 );
		$this->assertArrayNotHasKey( SpeedStore::OPTION_LOCK, wp_load_alloptions( true ) );

		$second->release_lock();
		$this->assertNotNull( self::lock_row(), 'a store that does not hold the lock cannot release it' );
		$first->release_lock();
		$this->assertNull( self::lock_row() );
		$this->assertNull( $second->current_lock() );
		$this->assertTrue( $second->acquire_lock( 13 ) );
		$second->release_lock();
	}

	public function test_the_lock_is_atomic_even_behind_a_stale_cache(): void {
		global $wpdb;
		$store = new SpeedStore();
		// This process believes there is no lock (notoptions cache), then another process takes it.
		$this->assertFalse( get_option( SpeedStore::OPTION_LOCK ) );
		$wpdb->insert(
			$wpdb->options,
			array(
				'option_name'  => SpeedStore::OPTION_LOCK,
				'option_value' => maybe_serialize( array( 'post_id' => 99, 'started' => time() ) ),
				'autoload'     => 'off',
			)
		);

		$this->assertFalse( $store->acquire_lock( 12 ), 'the row of the other process wins' );
		$this->assertSame( 99, $store->current_lock()['post_id'] );
		$this->assertFalse( $store->holds_lock() );
	}

	public function test_the_lock_expires_after_150_seconds(): void {
		$old   = new SpeedStore();
		$store = new SpeedStore();
		$start = time() - 1000;
		$this->assertTrue( $old->acquire_lock( 12, $start ) );

		$this->assertFalse( $store->acquire_lock( 13, $start + 149 ), 'still held after 149 s' );
		$this->assertNotNull( $store->current_lock( $start + 149 ) );
		$this->assertNull( $store->current_lock( $start + 150 ), 'expired after 150 s' );

		$this->assertTrue( $store->acquire_lock( 13, $start + 150 ), 'an expired lock is taken over' );
		$this->assertSame( 13, $store->current_lock( $start + 150 )['post_id'] );

		// The worker that held the old lock finishes late: it must not free the new one.
		$old->release_lock();
		$this->assertSame( 13, $store->current_lock( $start + 151 )['post_id'] );
		$store->release_lock();
		$this->assertNull( self::lock_row() );
	}

	public function test_an_unreadable_lock_row_is_replaced(): void {
		update_option( SpeedStore::OPTION_LOCK, 'garbage', false );
		$store = new SpeedStore();
		$this->assertNull( $store->current_lock() );
		$this->assertTrue( $store->acquire_lock( 5 ) );
		$this->assertSame( 5, $store->current_lock()['post_id'] );
		$store->release_lock();
	}

	public function test_a_lock_written_with_add_option_is_honoured(): void {
		add_option( SpeedStore::OPTION_LOCK, array( 'post_id' => 7, 'started' => time() ), '', false );
		$store = new SpeedStore();
		$this->assertSame( array( 'post_id' => 7, 'started' => time() ), $store->current_lock() );
		$this->assertFalse( $store->acquire_lock( 8 ) );
	}

	/**
	 * A SpeedCheck whose PSI client talks to a closed port on this machine (fails at once, offline).
	 *
	 * @param SpeedStore $store Storage.
	 * @return SpeedCheck
	 */
	private function unreachable_check( SpeedStore $store ): SpeedCheck {
		$this->add_test_filter(
			'tessera_psi_endpoint',
			static function (): string {
				return 'http://127.0.0.1:9/pagespeedonline/v5/runPagespeed';
			}
		);
		return new SpeedCheck(
			$store,
			static function (): PsiClient {
				return new PsiClient( '' );
			}
		);
	}

	public function test_a_failed_check_releases_the_lock_and_keeps_the_result(): void {
		$post  = $this->make_post();
		$store = new SpeedStore();
		$store->save_result( $post->ID, self::devices(), 1795000000 );
		$before = get_post_meta( $post->ID, SpeedStore::META_RESULT, true );

		$result = $this->unreachable_check( $store )->run( $post );

		$this->assertWPError( $result, 'PageSpeed Insights could not be reached.' );
		$this->assertNull( self::lock_row(), 'lock released' );
		$this->assertFalse( $store->holds_lock() );
		$this->assertSame( $before, get_post_meta( $post->ID, SpeedStore::META_RESULT, true ) );
		$this->assertSame( 'PageSpeed Insights could not be reached.', $store->get_error( $post->ID )['message'] );
		$last = $store->get_last();
		$this->assertSame( $post->ID, $last['post_id'] );
		$this->assertFalse( $last['ok'] );
	}

	public function test_the_lock_is_released_when_the_check_throws(): void {
		$post  = $this->make_post();
		$store = new SpeedStore();
		$check = new SpeedCheck(
			$store,
			static function (): PsiClient {
				throw new RuntimeException( 'boom' );
			}
		);
		try {
			$check->run( $post );
			$this->fail( 'the exception goes through' );
		} catch ( RuntimeException $exception ) {
			$this->assertSame( 'boom', $exception->getMessage() );
		}
		$this->assertNull( self::lock_row() );
		$this->assertNull( $store->get_result( $post->ID ) );
	}

	public function test_a_running_check_blocks_another_and_stores_nothing(): void {
		$post  = $this->make_post();
		$other = new SpeedStore();
		$this->assertTrue( $other->acquire_lock( 4242 ) );

		$store  = new SpeedStore();
		$result = $this->unreachable_check( $store )->run( $post );

		$this->assertWPError( $result, 'Another speed check is running. Try again when it has finished.' );
		$this->assertSame( 409, $result->get_error_data()['status'] );
		$this->assertSame( 4242, $store->current_lock()['post_id'], 'the other lock is untouched' );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_RESULT, true ) );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_ERROR, true ) );
		$other->release_lock();
	}

	/**
	 * Asserts a WP_Error with a message.
	 *
	 * @param mixed  $value   Value.
	 * @param string $message Message.
	 * @return void
	 */
	private function assertWPError( mixed $value, string $message ): void {
		$this->assertInstanceOf( \WP_Error::class, $value );
		$this->assertSame( $message, $value->get_error_message() );
	}
}
