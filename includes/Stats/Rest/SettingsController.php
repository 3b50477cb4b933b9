<?php
/**
 * REST `tessera/v1/stats/settings`: read and save the statistics settings (the dashboard's Settings tab).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats\Rest;

use Tessera\Http\CacheHeaders;
use Tessera\Stats\Settings;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * GET answers the current settings; POST applies the submitted keys with Settings::save() and answers the stored
 * settings, or 400 with the message that names the refused field (`data.field`) and stores nothing. Both need `manage_options`; cookie authentication needs the
 * `wp_rest` nonce, as for every REST request.
 */
final class SettingsController extends WP_REST_Controller {

	/**
	 * Sets the route.
	 */
	public function __construct() {
		$this->namespace = 'tessera/v1';
		$this->rest_base = 'stats/settings';
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
	 * Registers GET and POST on `/tessera/v1/stats/settings`.
	 *
	 * @return void
	 */
	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => array( $this, 'get_item_permissions_check' ),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'update_item_permissions_check' ),
					'args'                => $this->get_endpoint_args_for_item_schema( WP_REST_Server::CREATABLE ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Only administrators (manage_options) read the settings.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return self::can_manage();
	}

	/**
	 * Only administrators (manage_options) change the settings.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function update_item_permissions_check( $request ) {
		return self::can_manage();
	}

	/**
	 * The current settings.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return self::answer( Settings::get() );
	}

	/**
	 * Validates and stores the submitted settings.
	 *
	 * @param WP_REST_Request $request Request (JSON body).
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$changes = $request->get_json_params();
		if ( ! is_array( $changes ) ) {
			$changes = $request->get_body_params();
		}
		if ( ! is_array( $changes ) || ! $changes || array_is_list( $changes ) ) {
			return new WP_Error(
				Settings::ERROR_CODE,
				__( 'Send the settings as an object with at least one setting.', 'tessera' ),
				array(
					'status' => 400,
					'field'  => '',
				)
			);
		}
		$settings = Settings::save( $changes );
		if ( $settings instanceof WP_Error ) {
			return $settings;
		}
		return self::answer( $settings );
	}

	/**
	 * The settings as the response.
	 *
	 * @param array<string, mixed> $settings Settings.
	 * @return WP_REST_Response
	 */
	private static function answer( array $settings ): WP_REST_Response {
		return CacheHeaders::on( rest_ensure_response( $settings ), CacheHeaders::NO_STORE );
	}

	/**
	 * The schema. Values are validated as a whole by Settings::validate() (messages that name the field), so the
	 * generated endpoint arguments validate and sanitize nothing themselves.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$bool       = static fn ( string $description ): array => array(
			'type'        => 'boolean',
			'description' => $description,
		);
		$strings    = static fn ( string $description ): array => array(
			'type'        => 'array',
			'description' => $description,
			'items'       => array( 'type' => 'string' ),
		);
		$properties = array(
			'enabled'            => $bool( __( 'Record visits.', 'tessera' ) ),
			'userOnline'         => $bool( __( 'Send online pings.', 'tessera' ) ),
			'onlineInterval'     => array(
				'type'        => 'integer',
				'description' => __( 'Seconds between online pings.', 'tessera' ),
				'minimum'     => Settings::MIN_INTERVAL,
				'maximum'     => Settings::MAX_INTERVAL,
			),
			'dntEnabled'         => $bool( __( 'Honour Do Not Track.', 'tessera' ) ),
			'bypassAdBlockers'   => $bool( __( 'Send hits through admin-ajax.', 'tessera' ) ),
			'linkTracker'        => $bool( __( 'Count clicks on links to other sites.', 'tessera' ) ),
			'downloadTracker'    => $bool( __( 'Count file downloads.', 'tessera' ) ),
			'downloadExtensions' => $strings( __( 'File extensions counted as downloads.', 'tessera' ) ),
			'consentIntegration' => array(
				'type'        => 'string',
				'description' => __( 'Consent integration.', 'tessera' ),
				'enum'        => Settings::CONSENT_INTEGRATIONS,
			),
			'consentLevel'       => array(
				'type'        => 'string',
				'description' => __( 'Consent level (WP Consent API).', 'tessera' ),
				'enum'        => Settings::CONSENT_LEVELS,
			),
			'trackAnonymously'   => $bool( __( 'Track anonymously without consent (WP Consent API).', 'tessera' ) ),
			'excludedRoles'      => $strings( __( 'Roles whose visits are not counted.', 'tessera' ) ),
			'excludedIps'        => $strings( __( 'IP addresses and CIDR ranges whose visits are not counted.', 'tessera' ) ),
			'retentionDays'      => array(
				'type'        => 'integer',
				'description' => __( 'Days to keep statistics (0 = forever).', 'tessera' ),
			),
		);
		foreach ( $properties as $key => $property ) {
			$properties[ $key ] += array(
				'context'     => array( 'view', 'edit' ),
				'arg_options' => array(
					'validate_callback' => null,
					'sanitize_callback' => null,
				),
			);
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'tessera-stats-settings',
			'type'       => 'object',
			'properties' => $properties,
		);
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * True for a user with manage_options, else the REST error (401 logged out, 403 logged in).
	 *
	 * @return true|WP_Error
	 */
	private static function can_manage(): bool|WP_Error {
		if ( current_user_can( 'manage_options' ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'Sorry, you are not allowed to manage the statistics settings.', 'tessera' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}
}
