<?php
/**
 * The collector through admin-ajax (`tessera_stats_hit`, `tessera_stats_online`, `tessera_stats_custom_event`,
 * `tessera_stats_event`, logged-in and not) and REST (`POST tessera/v1/stats/hit|online`). docs/stats.md.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

use Tessera\Http\CacheHeaders;
use Tessera\Http\ClientAddress;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Thin adapters: they read the request, the address and the user agent and answer what Collector answers.
 * No nonce (pages are cached); the collector's signature and rate limit bound abuse.
 */
final class StatsAjax {

	/**
	 * Admin-ajax action => Collector method.
	 */
	public const ACTIONS = array(
		'tessera_stats_hit'          => 'hit',
		'tessera_stats_online'       => 'online',
		'tessera_stats_custom_event' => 'custom_event',
		'tessera_stats_event'        => 'link_event',
	);

	/**
	 * REST namespace.
	 */
	public const REST_NAMESPACE = 'tessera/v1';

	/**
	 * The collector.
	 *
	 * @var Collector
	 */
	private Collector $collector;

	/**
	 * Creates the adapters.
	 *
	 * @param Collector|null $collector Collector (a fixed clock in tests); a real one when null.
	 */
	public function __construct( ?Collector $collector = null ) {
		$this->collector = $collector ?? new Collector();
	}

	/**
	 * Hooks the admin-ajax actions (both `wp_ajax_` and `wp_ajax_nopriv_`) and the REST routes.
	 *
	 * @param int $priority Hook priority.
	 * @return void
	 */
	public function register_hooks( int $priority = 10 ): void {
		foreach ( array_keys( self::ACTIONS ) as $action ) {
			add_action( 'wp_ajax_' . $action, array( $this, $action ), $priority );
			add_action( 'wp_ajax_nopriv_' . $action, array( $this, $action ), $priority );
		}
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
	}

	/**
	 * Registers `POST tessera/v1/stats/hit` and `POST tessera/v1/stats/online`.
	 *
	 * @return void
	 */
	public function register_routes(): void {
		foreach ( array( 'hit', 'online' ) as $endpoint ) {
			register_rest_route(
				self::REST_NAMESPACE,
				'/stats/' . $endpoint,
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'rest_' . $endpoint ),
					// Public on purpose: visitors are anonymous and pages are cached (no nonce). The collector
					// checks the signature and the rate limit.
					'permission_callback' => '__return_true',
				)
			);
		}
	}

	/**
	 * Admin-ajax `tessera_stats_hit`.
	 *
	 * @return void
	 */
	public function tessera_stats_hit(): void {
		$this->ajax( 'hit' );
	}

	/**
	 * Admin-ajax `tessera_stats_online`.
	 *
	 * @return void
	 */
	public function tessera_stats_online(): void {
		$this->ajax( 'online' );
	}

	/**
	 * Admin-ajax `tessera_stats_custom_event`.
	 *
	 * @return void
	 */
	public function tessera_stats_custom_event(): void {
		$this->ajax( 'custom_event' );
	}

	/**
	 * Admin-ajax `tessera_stats_event`.
	 *
	 * @return void
	 */
	public function tessera_stats_event(): void {
		$this->ajax( 'link_event' );
	}

	/**
	 * REST `POST tessera/v1/stats/hit`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function rest_hit( WP_REST_Request $request ): WP_REST_Response {
		return $this->rest( 'hit', $request );
	}

	/**
	 * REST `POST tessera/v1/stats/online`.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function rest_online( WP_REST_Request $request ): WP_REST_Response {
		return $this->rest( 'online', $request );
	}

	/**
	 * Runs a collector method on the POST fields and sends its answer as JSON (ends the request).
	 *
	 * @param string $method Collector method.
	 * @return void
	 */
	private function ajax( string $method ): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- public collector: no nonce (cached pages), signed and rate-limited.
		$input  = is_array( $_POST ) ? wp_unslash( $_POST ) : array();
		$answer = $this->collector->$method( $input, ClientAddress::current(), self::user_agent() );
		// Each visitor's own answer, and it stores something: never kept.
		CacheHeaders::no_store();
		wp_send_json( $answer['body'], $answer['status'] );
	}

	/**
	 * Runs a collector method on a REST request's body fields.
	 *
	 * @param string          $method  Collector method.
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	private function rest( string $method, WP_REST_Request $request ): WP_REST_Response {
		$answer   = $this->collector->$method( $request->get_body_params(), ClientAddress::current(), self::user_agent() );
		return CacheHeaders::on( new WP_REST_Response( $answer['body'], $answer['status'] ), CacheHeaders::NO_STORE );
	}

	/**
	 * The client's user agent (unslashed; hashed and parsed, never stored).
	 *
	 * @return string
	 */
	public static function user_agent(): string {
		return isset( $_SERVER['HTTP_USER_AGENT'] ) && is_string( $_SERVER['HTTP_USER_AGENT'] ) ? substr( wp_unslash( $_SERVER['HTTP_USER_AGENT'] ), 0, 1000 ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- hashed and parsed only.
	}
}
