<?php
/**
 * The admin-ajax actions of the page-speed check: `twb_check_score` and `twb_notif_check` (spec §7).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Http;

use Tessera\Speed\Speed;
use Tessera\Speed\SpeedStore;
use WP_Error;

/**
 * Both actions, for logged-in administrators only (`wp_ajax_*`, no `nopriv`).
 *
 * Every answer is JSON. Errors are `{ "error": string }` with 403 (nonce, capability), 400 (post),
 * 409 (another check runs) or 200 (PageSpeed Insights failed). See docs/speed.md.
 */
final class SpeedAjax {

	/**
	 * Action: run a check.
	 */
	public const ACTION_CHECK = 'twb_check_score';

	/**
	 * Action: has the running check finished?
	 */
	public const ACTION_NOTIFY = 'twb_notif_check';

	/**
	 * Posted nonce field.
	 */
	public const NONCE_FIELD = 'twb_nonce';

	/**
	 * The feature.
	 *
	 * @var Speed
	 */
	private Speed $speed;

	/**
	 * Creates the controller.
	 *
	 * @param Speed $speed The page-speed feature.
	 */
	public function __construct( Speed $speed ) {
		$this->speed = $speed;
	}

	/**
	 * Hooks both actions.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'wp_ajax_' . self::ACTION_CHECK, array( $this, 'check_score' ) );
		add_action( 'wp_ajax_' . self::ACTION_NOTIFY, array( $this, 'notif_check' ) );
	}

	/**
	 * `twb_check_score`: validates, runs the check and answers the four figures (plus checked_at and metrics).
	 *
	 * @return void
	 */
	public function check_score(): void {
		$denied = $this->authorize();
		if ( null !== $denied ) {
			$this->send_error( $denied );
			return;
		}

		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- verified in authorize().
		$raw  = isset( $_POST['post_id'] ) ? wp_unslash( $_POST['post_id'] ) : null;
		$post = $this->speed->check()->validate_post_id( $raw );
		if ( is_wp_error( $post ) ) {
			$this->send_error( $post );
			return;
		}

		// The check takes up to a minute: keep going (and release the lock) even if the browser leaves.
		ignore_user_abort( true );
		$limit = (int) ini_get( 'max_execution_time' );
		if ( $limit > 0 && $limit < SpeedStore::LOCK_TTL && function_exists( 'set_time_limit' ) ) {
			set_time_limit( SpeedStore::LOCK_TTL );
		}

		$result = $this->speed->check()->run( $post );
		if ( is_wp_error( $result ) ) {
			$this->send_error( $result );
			return;
		}

		$this->send(
			array(
				'desktop_score' => (int) $result['desktop']['score'],
				'desktop_tti'   => (float) $result['desktop']['tti'],
				'mobile_score'  => (int) $result['mobile']['score'],
				'mobile_tti'    => (float) $result['mobile']['tti'],
				'checked_at'    => $result['checked_at'],
				'metrics'       => array(
					'desktop' => $result['desktop'],
					'mobile'  => $result['mobile'],
				),
			),
			200
		);
	}

	/**
	 * `twb_notif_check`: `{ html: '', changeLogo: false }` while a check runs; once none runs, a sentence
	 * about the last check and `changeLogo: true`.
	 *
	 * @return void
	 */
	public function notif_check(): void {
		$denied = $this->authorize();
		if ( null !== $denied ) {
			$this->send_error( $denied );
			return;
		}
		$this->send( $this->notification(), 200 );
	}

	/**
	 * The notification answer.
	 *
	 * @return array{html: string, changeLogo: bool}
	 */
	public function notification(): array {
		$store = $this->speed->store();
		if ( null !== $store->current_lock() ) {
			return array(
				'html'       => '',
				'changeLogo' => false,
			);
		}

		$last  = $store->get_last();
		$stale = $store->stale_or_current_lock();
		if ( null !== $stale && ( null === $last || $last['finished'] < $stale['started'] ) ) {
			// The worker of that check died: its lock expired without an end being recorded.
			$sentence = sprintf(
				/* translators: %s: post title. */
				__( 'The speed check for “%s” did not finish. Check it again.', 'tessera' ),
				self::title( $stale['post_id'] )
			);
		} elseif ( null === $last ) {
			$sentence = __( 'No speed check is running.', 'tessera' );
		} elseif ( ! $last['ok'] ) {
			$sentence = sprintf(
				/* translators: %s: post title. */
				__( 'Speed check for “%s” failed.', 'tessera' ),
				self::title( $last['post_id'] )
			);
		} else {
			$result   = $store->get_result( $last['post_id'] );
			$sentence = null === $result
				? sprintf(
					/* translators: %s: post title. */
					__( 'Speed check for “%s” finished.', 'tessera' ),
					self::title( $last['post_id'] )
				)
				: sprintf(
					/* translators: 1: post title, 2: desktop score 0-100, 3: mobile score 0-100. */
					__( 'Speed check finished for “%1$s”: desktop %2$d, mobile %3$d.', 'tessera' ),
					self::title( $last['post_id'] ),
					(int) $result['desktop']['score'],
					(int) $result['mobile']['score']
				);
		}

		return array(
			'html'       => '<p>' . esc_html( $sentence ) . '</p>',
			'changeLogo' => true,
		);
	}

	/**
	 * A post's title as plain text (tags removed; escaping happens with the sentence).
	 *
	 * @param int $post_id Post ID.
	 * @return string
	 */
	private static function title( int $post_id ): string {
		$title = get_post_field( 'post_title', $post_id, 'raw' );
		$title = is_string( $title ) ? trim( wp_strip_all_tags( $title ) ) : '';
		return '' !== $title ? $title : __( '(no title)', 'tessera' );
	}

	/**
	 * Nonce, then capability. Both fail with 403.
	 *
	 * @return WP_Error|null The refusal, or null when the request may go on.
	 */
	private function authorize(): ?WP_Error {
		// A nonce sent as an array would make wp_verify_nonce() warn: refuse it before it gets there.
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only the type is looked at here.
		$nonce = $_REQUEST[ self::NONCE_FIELD ] ?? null;
		if ( ! is_string( $nonce ) || false === check_ajax_referer( Speed::NONCE_ACTION, self::NONCE_FIELD, false ) ) {
			return new WP_Error( 'tessera_speed_nonce', __( 'Your session has expired. Reload the page and try again.', 'tessera' ), array( 'status' => 403 ) );
		}
		if ( ! Speed::user_can() ) {
			return new WP_Error( 'tessera_speed_forbidden', __( 'You are not allowed to check page speed.', 'tessera' ), array( 'status' => 403 ) );
		}
		return null;
	}

	/**
	 * Answers `{ "error": message }` with the error's `status` (200 when it has none: a PSI failure).
	 *
	 * @param WP_Error $error The error.
	 * @return void
	 */
	private function send_error( WP_Error $error ): void {
		$data   = $error->get_error_data();
		$status = ( is_array( $data ) && isset( $data['status'] ) && is_int( $data['status'] ) ) ? $data['status'] : 200;
		$this->send( array( 'error' => $error->get_error_message() ), $status );
	}

	/**
	 * Sends a JSON answer and ends the request (wp_send_json() calls wp_die()).
	 *
	 * @param array<string, mixed> $body   Answer.
	 * @param int                  $status HTTP status.
	 * @return void
	 */
	private function send( array $body, int $status ): void {
		// A logged-in user's check or its state: never kept.
		CacheHeaders::no_store();
		wp_send_json( $body, $status );
	}
}
