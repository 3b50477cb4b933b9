<?php
/**
 * The admin-ajax actions `twb_check_score` and `twb_notif_check`, called in-process.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Speed\Settings;
use Tessera\Speed\SpeedStore;
use WP_Post;

/**
 * Status codes, messages, validation and storage of docs/speed.md's wire contract.
 */
final class SpeedAjaxTest extends TestCase {

	private const NONCE_MESSAGE      = 'Your session has expired. Reload the page and try again.';
	private const CAPABILITY_MESSAGE = 'You are not allowed to check page speed.';
	private const INVALID_MESSAGE    = 'Choose a valid post to check.';
	private const UNPUBLISHED        = 'Only published posts can be checked.';
	private const BUSY_MESSAGE       = 'Another speed check is running. Try again when it has finished.';

	/**
	 * `twb_check_score` with the current user's nonce.
	 *
	 * @param mixed $post_id Posted post_id.
	 * @return array{status: int, raw: string, json: mixed, died: bool}
	 */
	private function check( mixed $post_id ): array {
		return $this->ajax(
			'twb_check_score',
			array(
				'post_id'   => $post_id,
				'twb_nonce' => wp_create_nonce( 'twb_speed' ),
			)
		);
	}

	/**
	 * `twb_notif_check` with the current user's nonce.
	 *
	 * @return array{status: int, raw: string, json: mixed, died: bool}
	 */
	private function notif(): array {
		return $this->ajax( 'twb_notif_check', array( 'twb_nonce' => wp_create_nonce( 'twb_speed' ) ) );
	}

	/**
	 * Asserts a JSON error answer.
	 *
	 * @param int                  $status  Expected HTTP status.
	 * @param string               $message Expected message.
	 * @param array<string, mixed> $answer  The answer.
	 * @return void
	 */
	private function assertAjaxError( int $status, string $message, array $answer ): void {
		$this->assertTrue( $answer['died'], 'the handler ended with wp_die()' );
		$this->assertSame( array( 'error' => $message ), $answer['json'], $answer['raw'] );
		$this->assertSame( $status, $answer['status'] );
	}

	/**
	 * Asserts that nothing about a check was stored for a post and no lock is left.
	 *
	 * @param int $post_id Post ID.
	 * @return void
	 */
	private function assertNothingStored( int $post_id ): void {
		$this->assertSame( '', get_post_meta( $post_id, SpeedStore::META_RESULT, true ), 'no result stored' );
		$this->assertSame( '', get_post_meta( $post_id, SpeedStore::META_ERROR, true ), 'no error stored' );
		$this->assertNull( ( new SpeedStore() )->current_lock(), 'no lock left' );
	}

	public function test_no_nonce_is_403(): void {
		$post = $this->make_post();
		$this->as_admin();
		$this->assertAjaxError( 403, self::NONCE_MESSAGE, $this->ajax( 'twb_check_score', array( 'post_id' => (string) $post->ID ) ) );
		$this->assertAjaxError( 403, self::NONCE_MESSAGE, $this->ajax( 'twb_notif_check', array() ) );
		$this->assertNothingStored( $post->ID );
	}

	public function test_wrong_nonce_is_403(): void {
		$post = $this->make_post();
		$this->as_admin();
		$other_action = wp_create_nonce( 'other_action' );
		foreach ( array( '0123456789', 'abc', '', $other_action, array( 'x' ) ) as $nonce ) {
			$answer = $this->ajax(
				'twb_check_score',
				array(
					'post_id'   => (string) $post->ID,
					'twb_nonce' => $nonce,
				)
			);
			$this->assertAjaxError( 403, self::NONCE_MESSAGE, $answer );
		}
		$this->assertAjaxError( 403, self::NONCE_MESSAGE, $this->ajax( 'twb_notif_check', array( 'twb_nonce' => '0123456789' ) ) );
		$this->assertNothingStored( $post->ID );
	}

	public function test_another_users_nonce_is_403(): void {
		$post = $this->make_post();
		$this->as_admin();
		$nonce = wp_create_nonce( 'twb_speed' );
		$this->as_admin();
		$answer = $this->ajax(
			'twb_check_score',
			array(
				'post_id'   => (string) $post->ID,
				'twb_nonce' => $nonce,
			)
		);
		$this->assertAjaxError( 403, self::NONCE_MESSAGE, $answer );
	}

	/**
	 * @return array<string, array{0: string}>
	 */
	public function non_admins(): array {
		return array(
			'logged out'  => array( '' ),
			'subscriber'  => array( 'subscriber' ),
			'contributor' => array( 'contributor' ),
			'author'      => array( 'author' ),
			'editor'      => array( 'editor' ),
		);
	}

	/**
	 * @dataProvider non_admins
	 *
	 * @param string $role Role ('' = logged out).
	 */
	public function test_users_who_are_not_administrators_get_403( string $role ): void {
		$post = $this->make_post();
		if ( '' !== $role ) {
			$this->as_role( $role );
		}
		// With a valid nonce of their own.
		$this->assertAjaxError( 403, self::CAPABILITY_MESSAGE, $this->check( (string) $post->ID ) );
		$this->assertAjaxError( 403, self::CAPABILITY_MESSAGE, $this->notif() );
		$this->assertNothingStored( $post->ID );
	}

	/**
	 * @return array<string, array{0: mixed}>
	 */
	public function bad_post_ids(): array {
		return array(
			'letters'        => array( 'abc' ),
			'digits+letters' => array( '12abc' ),
			'minus one'      => array( '-1' ),
			'zero'           => array( '0' ),
			'empty'          => array( '' ),
			'decimal'        => array( '12.5' ),
			'exponent'       => array( '1e3' ),
			'leading zero'   => array( '012' ),
			'leading space'  => array( ' 12' ),
			'newline'        => array( "12\n" ),
			'plus sign'      => array( '+12' ),
			'hex'            => array( '0x1A' ),
			'huge'           => array( '99999999999999999999999' ),
			'sql'            => array( '1 OR 1=1' ),
			'array'          => array( array( '1' ) ),
		);
	}

	/**
	 * @dataProvider bad_post_ids
	 *
	 * @param mixed $post_id Posted post_id.
	 */
	public function test_bad_post_id_is_400( mixed $post_id ): void {
		$this->as_admin();
		$last = get_option( SpeedStore::OPTION_LAST );
		$this->assertAjaxError( 400, self::INVALID_MESSAGE, $this->check( $post_id ) );
		$this->assertNull( ( new SpeedStore() )->current_lock() );
		$this->assertSame( $last, get_option( SpeedStore::OPTION_LAST ), 'no check ran' );
	}

	public function test_missing_post_id_is_400(): void {
		$this->as_admin();
		$answer = $this->ajax( 'twb_check_score', array( 'twb_nonce' => wp_create_nonce( 'twb_speed' ) ) );
		$this->assertAjaxError( 400, self::INVALID_MESSAGE, $answer );
	}

	public function test_a_post_that_does_not_exist_is_400(): void {
		$post = $this->make_post();
		$gone = $post->ID;
		wp_delete_post( $gone, true );
		$this->as_admin();
		$this->assertAjaxError( 400, self::INVALID_MESSAGE, $this->check( (string) $gone ) );
		$this->assertAjaxError( 400, self::INVALID_MESSAGE, $this->check( (string) ( $gone + 100000 ) ) );
		$this->assertNothingStored( $gone );
	}

	public function test_a_post_type_that_is_not_checked_is_400(): void {
		$block = $this->make_post(
			array(
				'post_type'  => 'wp_block',
				'post_title' => 'Pattern',
			)
		);
		$this->as_admin();
		$this->assertAjaxError( 400, self::INVALID_MESSAGE, $this->check( (string) $block->ID ) );
		$this->assertNothingStored( $block->ID );
	}

	public function test_the_post_types_filter_decides(): void {
		$page = $this->make_post( array( 'post_type' => 'page' ) );
		$this->add_test_filter(
			'tessera_speed_post_types',
			static function (): array {
				return array( 'post' );
			}
		);
		$this->as_admin();
		$this->assertAjaxError( 400, self::INVALID_MESSAGE, $this->check( (string) $page->ID ) );
	}

	/**
	 * @return array<string, array{0: array<string, mixed>}>
	 */
	public function unpublished(): array {
		return array(
			'draft'           => array( array( 'post_status' => 'draft' ) ),
			'pending'         => array( array( 'post_status' => 'pending' ) ),
			'private'         => array( array( 'post_status' => 'private' ) ),
			'scheduled'       => array(
				array(
					'post_status' => 'future',
					'post_date'   => gmdate( 'Y-m-d H:i:s', time() + 7 * DAY_IN_SECONDS ),
				),
			),
			'trashed'         => array( array( 'post_status' => 'trash' ) ),
			'draft page'      => array(
				array(
					'post_type'   => 'page',
					'post_status' => 'draft',
				),
			),
		);
	}

	/**
	 * @dataProvider unpublished
	 *
	 * @param array<string, mixed> $args Post arguments.
	 */
	public function test_unpublished_posts_are_400( array $args ): void {
		$post = $this->make_post( $args );
		$this->as_admin();
		$this->assertAjaxError( 400, self::UNPUBLISHED, $this->check( (string) $post->ID ) );
		$this->assertNothingStored( $post->ID );
	}

	public function test_another_running_check_is_409(): void {
		$post  = $this->make_post();
		$other = new SpeedStore();
		$this->assertTrue( $other->acquire_lock( 4242 ) );
		$this->as_admin();

		$this->assertAjaxError( 409, self::BUSY_MESSAGE, $this->check( (string) $post->ID ) );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_RESULT, true ) );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_ERROR, true ) );
		$this->assertSame( 4242, $other->current_lock()['post_id'] );

		$notif = $this->notif();
		$this->assertSame( 200, $notif['status'] );
		$this->assertSame( array( 'html' => '', 'changeLogo' => false ), $notif['json'] );
		$other->release_lock();
	}

	public function test_psi_unreachable_is_200_with_the_error(): void {
		$post = $this->make_post( array( 'post_title' => 'Unreachable' ) );
		$this->add_test_filter(
			'tessera_psi_endpoint',
			static function (): string {
				return 'http://127.0.0.1:9/pagespeedonline/v5/runPagespeed';
			}
		);
		$this->as_admin();
		$this->assertAjaxError( 200, 'PageSpeed Insights could not be reached.', $this->check( (string) $post->ID ) );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_RESULT, true ) );
		$this->assertSame( 'PageSpeed Insights could not be reached.', get_post_meta( $post->ID, SpeedStore::META_ERROR, true )['message'] );
		$this->assertNull( ( new SpeedStore() )->current_lock() );

		$notif = $this->notif();
		$this->assertSame( array( 'html' => '<p>Speed check for “Unreachable” failed.</p>', 'changeLogo' => true ), $notif['json'] );
	}

	public function test_blocked_external_requests_are_not_sent(): void {
		if ( ! defined( 'WP_HTTP_BLOCK_EXTERNAL' ) || ! WP_HTTP_BLOCK_EXTERNAL ) {
			$this->markTestSkipped( 'The test site does not set WP_HTTP_BLOCK_EXTERNAL.' );
		}
		if ( defined( 'WP_ACCESSIBLE_HOSTS' ) ) {
			$this->markTestSkipped( 'The test site sets WP_ACCESSIBLE_HOSTS.' );
		}
		$post = $this->make_post();
		$this->add_test_filter(
			'tessera_psi_endpoint',
			static function (): string {
				return 'https://psi.tessera-test.invalid/pagespeedonline/v5/runPagespeed';
			}
		);
		$this->as_admin();
		$started = microtime( true );
		$this->assertAjaxError( 200, 'PageSpeed Insights could not be reached.', $this->check( (string) $post->ID ) );
		$this->assertLessThan( 1.0, microtime( true ) - $started, 'refused before any network' );
	}

	/*
	 * ------------------------------------------------------------------
	 * With the fake PageSpeed Insights server (FAKE_PSI_URL).
	 * ------------------------------------------------------------------
	 */

	/**
	 * A published post whose slug steers the fake.
	 *
	 * @param string $slug  Slug.
	 * @param string $type  Post type.
	 * @param string $title Title.
	 * @return WP_Post
	 */
	private function steered_post( string $slug, string $type = 'post', string $title = '' ): WP_Post {
		$slug = $slug . '-' . strtolower( wp_generate_password( 6, false ) );
		$post = $this->make_post(
			array(
				'post_type'  => $type,
				'post_name'  => $slug,
				'post_title' => '' !== $title ? $title : 'Speed ' . $slug,
			)
		);
		$this->assertSame( $slug, $post->post_name );
		return $post;
	}

	public function test_success_answers_the_four_figures_and_stores_the_result(): void {
		$this->use_fake_psi();
		$post = $this->steered_post( 'score-95-30' );
		( new SpeedStore() )->save_error( $post->ID, 'PageSpeed Insights could not be reached.' );
		$this->as_admin();
		$before = count( $this->fake_requests() );

		$answer = $this->check( (string) $post->ID );

		$this->assertSame( 200, $answer['status'], $answer['raw'] );
		$body = $answer['json'];
		$this->assertSame( array( 'desktop_score', 'desktop_tti', 'mobile_score', 'mobile_tti', 'checked_at', 'metrics' ), array_keys( $body ) );
		$this->assertSame( 95, $body['desktop_score'] );
		$this->assertSame( 1.2, $body['desktop_tti'] );
		$this->assertSame( 30, $body['mobile_score'] );
		$this->assertSame( 7.9, $body['mobile_tti'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/', $body['checked_at'] );
		$this->assertStringContainsString( '"desktop_tti":1.2', $answer['raw'] );
		$this->assertSame( 0.05, $body['metrics']['desktop']['field']['cls'] );
		$this->assertSame( 120, $body['metrics']['desktop']['tbt'] );

		$stored = get_post_meta( $post->ID, SpeedStore::META_RESULT, true );
		$this->assertSame( $body['checked_at'], $stored['checked_at'] );
		$this->assertEquals( $body['metrics']['desktop'], $stored['desktop'] );
		$this->assertEquals( $body['metrics']['mobile'], $stored['mobile'] );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_ERROR, true ), 'success deletes the old error' );
		$this->assertNull( ( new SpeedStore() )->current_lock() );

		$requests = $this->fake_requests_since( $before );
		$this->assertCount( 2, $requests );
		$strategies = array_column( $requests, 'strategy' );
		sort( $strategies );
		$this->assertSame( array( 'desktop', 'mobile' ), $strategies );
		foreach ( $requests as $request ) {
			$this->assertSame( get_permalink( $post ), $request['url'] );
			$this->assertSame( 'performance', $request['query']['category'] );
			$this->assertArrayNotHasKey( 'key', $request['query'], 'no key unless the owner set one' );
		}

		$notif = $this->notif();
		$this->assertSame( 200, $notif['status'] );
		$this->assertSame(
			array(
				'html'       => '<p>Speed check finished for “' . esc_html( $post->post_title ) . '”: desktop 95, mobile 30.</p>',
				'changeLogo' => true,
			),
			$notif['json']
		);
	}

	public function test_the_api_key_is_sent_when_set(): void {
		$this->use_fake_psi();
		$post = $this->steered_post( 'score-80-70-key' );
		update_option(
			Settings::OPTION,
			array(
				'api_key'      => 'AIza-test_key-0123456789',
				'gallery_link' => '',
			)
		);
		$this->as_admin();
		$before = count( $this->fake_requests() );
		$this->assertSame( 200, $this->check( (string) $post->ID )['status'] );
		$this->assertSame( array( 'AIza-test_key-0123456789', 'AIza-test_key-0123456789' ), array_column( $this->fake_requests_since( $before ), 'key' ) );
	}

	public function test_pages_are_checked(): void {
		$this->use_fake_psi();
		$page = $this->steered_post( 'score-91-60-page', 'page' );
		$this->as_admin();
		$answer = $this->check( (string) $page->ID );
		$this->assertSame( 200, $answer['status'], $answer['raw'] );
		$this->assertSame( 91, $answer['json']['desktop_score'] );
		$this->assertSame( 60, $answer['json']['mobile_score'] );
	}

	public function test_no_field_data_gives_field_null(): void {
		$this->use_fake_psi();
		$post = $this->steered_post( 'score-97-12-psi-nofield' );
		$this->as_admin();
		$answer = $this->check( (string) $post->ID );
		$this->assertSame( 200, $answer['status'], $answer['raw'] );
		$this->assertNull( $answer['json']['metrics']['desktop']['field'] );
		$this->assertNull( $answer['json']['metrics']['mobile']['field'] );
		$this->assertNull( get_post_meta( $post->ID, SpeedStore::META_RESULT, true )['mobile']['field'] );
	}

	/**
	 * @return array<string, array{0: string, 1: string}>
	 */
	public function psi_failures(): array {
		return array(
			'HTTP 500'          => array( 'psi-500', 'PageSpeed Insights answered with an error (HTTP 500).' ),
			'HTTP 403'          => array( 'psi-403', 'PageSpeed Insights answered with an error (HTTP 403).' ),
			'truncated JSON'    => array( 'psi-malformed', 'PageSpeed Insights returned an answer that could not be read.' ),
			'no score'          => array( 'psi-missing', 'PageSpeed Insights returned an answer that could not be read.' ),
		);
	}

	/**
	 * @dataProvider psi_failures
	 *
	 * @param string $slug    Slug part that makes the fake fail.
	 * @param string $message Expected message.
	 */
	public function test_psi_failures_are_200_with_the_error_and_keep_the_old_result( string $slug, string $message ): void {
		$this->use_fake_psi();
		$post = $this->steered_post( $slug );
		$old  = ( new SpeedStore() )->save_result(
			$post->ID,
			array(
				'desktop' => array( 'score' => 91, 'tti' => 1.1, 'lcp' => null, 'cls' => null, 'tbt' => null, 'field' => null ),
				'mobile'  => array( 'score' => 60, 'tti' => 4.0, 'lcp' => null, 'cls' => null, 'tbt' => null, 'field' => null ),
			),
			1795000000
		);
		$this->as_admin();

		$this->assertAjaxError( 200, $message, $this->check( (string) $post->ID ) );

		$this->assertSame( $old, get_post_meta( $post->ID, SpeedStore::META_RESULT, true ), 'old result kept' );
		$error = get_post_meta( $post->ID, SpeedStore::META_ERROR, true );
		$this->assertSame( $message, $error['message'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\dT/', $error['at'] );
		$this->assertNull( ( new SpeedStore() )->current_lock(), 'lock released' );
		$this->assertFalse( ( new SpeedStore() )->get_last()['ok'] );
	}

	public function test_desktop_and_mobile_are_requested_in_parallel(): void {
		$this->use_fake_psi();
		$post = $this->steered_post( 'psi-slow-parallel' );
		$this->as_admin();
		$before  = count( $this->fake_requests() );
		$started = microtime( true );
		$answer  = $this->check( (string) $post->ID );
		$took    = microtime( true ) - $started;

		$this->assertSame( 200, $answer['status'], $answer['raw'] );
		$requests = $this->fake_requests_since( $before );
		$this->assertCount( 2, $requests );
		$this->assertLessThan( 500, abs( $requests[0]['receivedAt'] - $requests[1]['receivedAt'] ), 'both sent at once' );
		$this->assertLessThan( 3.5, $took, 'two 2 s answers in parallel, not one after the other' );
	}

	public function test_notification_escapes_the_title(): void {
		$this->use_fake_psi();
		$post = $this->steered_post( 'score-90-49-escape', 'post', 'Tom & <em>Jerry</em> <script>alert(1)</script>' );
		$this->as_admin();
		$this->assertSame( 200, $this->check( (string) $post->ID )['status'] );
		$html = $this->notif()['json']['html'];
		$this->assertStringStartsWith( '<p>', $html );
		$this->assertStringNotContainsString( '<script', $html );
		$this->assertStringNotContainsString( '<em>', $html );
		$this->assertStringContainsString( 'desktop 90, mobile 49.', $html );
	}

	public function test_notification_when_nothing_ran(): void {
		delete_option( SpeedStore::OPTION_LAST );
		$this->as_admin();
		$this->assertSame(
			array(
				'html'       => '<p>No speed check is running.</p>',
				'changeLogo' => true,
			),
			$this->notif()['json']
		);
	}

	public function test_notification_after_a_worker_died(): void {
		$post = $this->make_post( array( 'post_title' => 'Killed' ) );
		update_option(
			SpeedStore::OPTION_LAST,
			array(
				'post_id'  => $post->ID,
				'ok'       => true,
				'finished' => time() - 1000,
			)
		);
		add_option( SpeedStore::OPTION_LOCK, array( 'post_id' => $post->ID, 'started' => time() - 151 ), '', false );
		$this->as_admin();
		$this->assertSame(
			array(
				'html'       => '<p>The speed check for “Killed” did not finish. Check it again.</p>',
				'changeLogo' => true,
			),
			$this->notif()['json']
		);
	}
}
