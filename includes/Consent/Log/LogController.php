<?php
/**
 * REST `POST tessera/v1/consent/log`: the banner posts the consent cookie value after every action (proof of
 * consent). Contract: docs/consent.md, "Consent log".
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent\Log;

use Tessera\Http\CacheHeaders;
use Tessera\Http\ClientAddress;
use Tessera\Http\RateLimiter;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Public (no nonce needed: pages may be cached; a record names a user only with a valid `wp_rest` nonce) and
 * rate-limited per client: 20 stored records per 10 minutes, the
 * `consent_log` bucket of the one rate limiter (Tessera\Http\RateLimiter, keyed by a hash of the client address;
 * the address itself is never stored). 201 `{ "logged": true }`; 400 `tessera_consent_log_invalid`; 429
 * `tessera_consent_log_rate_limited`.
 */
final class LogController extends WP_REST_Controller {

	/**
	 * Records allowed per client and window.
	 */
	public const RATE_LIMIT = 20;

	/**
	 * Sets the route.
	 */
	public function __construct() {
		$this->namespace = 'tessera/v1';
		$this->rest_base = 'consent/log';
	}

	/**
	 * Hooks the route registration.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
	}

	/**
	 * Registers POST `/tessera/v1/consent/log`.
	 *
	 * @return void
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => $this->get_endpoint_args_for_item_schema( WP_REST_Server::CREATABLE ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Anyone may post a record: visitors are not logged in and pages may be cached (no nonce). Abuse is bounded
	 * by the rate limit and by the strict parsing of the value.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true
	 */
	public function create_item_permissions_check( $request ) {
		return true;
	}

	/**
	 * The logged-in user the record belongs to, or 0. Only a request that proves it comes from the site's own page
	 * names a user: core's REST cookie check (rest_cookie_check_errors) keeps the user logged in only with a valid
	 * `wp_rest` nonce, and logs a nonce-less request out. The login cookie alone is not enough: a third-party page
	 * could post a record in a logged-in visitor's name on a browser that sends cookies on cross-site POSTs. The
	 * banner of a logged-in user's page sends the nonce in the log address (Frontend::log_url()); a visitor's
	 * cached page carries none, and their record has no user.
	 *
	 * @return int
	 */
	private static function user_id(): int {
		return get_current_user_id();
	}

	/**
	 * Checks the rate limit, parses the value and stores it.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$address = ClientAddress::current();
		$now     = time();
		if ( ! RateLimiter::take( 'consent_log', $address, self::limit(), $now ) ) {
			return new WP_Error(
				'tessera_consent_log_rate_limited',
				__( 'Too many consent records. Please try again later.', 'tessera' ),
				array( 'status' => 429 )
			);
		}
		$value = $request->get_param( 'consent' );
		$id    = is_string( $value ) && '' !== $value && strlen( $value ) <= 4096
			? ConsentLog::record( $value, self::user_id() )
			: null;
		if ( null === $id || $id <= 0 ) {
			RateLimiter::give_back( 'consent_log', $address, $now ); // Only stored records count.
		}
		if ( null === $id ) {
			return new WP_Error(
				'tessera_consent_log_invalid',
				__( 'The consent record is not valid.', 'tessera' ),
				array( 'status' => 400 )
			);
		}
		if ( $id <= 0 ) {
			return new WP_Error(
				'tessera_consent_log_failed',
				__( 'The consent record could not be stored.', 'tessera' ),
				array( 'status' => 500 )
			);
		}
		return CacheHeaders::on( new WP_REST_Response( array( 'logged' => true ), 201 ), CacheHeaders::NO_STORE );
	}

	/**
	 * Records one client may store per 10 minutes.
	 *
	 * @return int
	 */
	public static function limit(): int {
		/**
		 * Records one client may send per 10 minutes (default 20). Raise it for sites where many visitors share
		 * one address (a large office behind one NAT); the test site raises it for its browser suite.
		 *
		 * @param int $limit Records per window.
		 */
		return max( 1, (int) apply_filters( 'tessera_consent_log_rate_limit', self::RATE_LIMIT ) );
	}

	/**
	 * The schema: the posted `consent` value (write-only) and the `logged` answer.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'tessera-consent-log',
			'type'       => 'object',
			'properties' => array(
				'consent' => array(
					'description' => __( 'The consent cookie value, as the consent runtime wrote it.', 'tessera' ),
					'type'        => 'string',
					'context'     => array(),
					// Checked by ConsentState::parse() in create_item(), so that every refusal has the same code.
					'arg_options' => array(
						'sanitize_callback' => null,
						'validate_callback' => null,
					),
				),
				'logged'  => array(
					'description' => __( 'Whether the record was stored.', 'tessera' ),
					'type'        => 'boolean',
					'context'     => array( 'view' ),
					'readonly'    => true,
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
