<?php
/**
 * REST `tessera/v1/consent/settings`: read and save the cookie-consent settings (for the settings screen).
 * Contract: docs/consent.md, "Settings model (server)".
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Http;

use Tessera\Consent\Settings;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * GET answers the current settings; POST applies the submitted top-level keys (texts and colours merged key by
 * key), validates everything with Settings::sanitize() and stores the result, or answers 400 with the message
 * that names the refused field and stores nothing. Both need `manage_options`; with cookie authentication core
 * requires the `wp_rest` nonce (X-WP-Nonce), as for every REST request.
 */
final class ConsentSettingsController extends WP_REST_Controller {

	/**
	 * Sets the route.
	 */
	public function __construct() {
		$this->namespace = 'tessera/v1';
		$this->rest_base = 'consent/settings';
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
	 * Registers GET and POST on `/tessera/v1/consent/settings`.
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
					'args'                => array(
						'context' => $this->get_context_param( array( 'default' => 'edit' ) ),
					),
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
		return $this->can_manage();
	}

	/**
	 * Only administrators (manage_options) change the settings.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function update_item_permissions_check( $request ) {
		return $this->can_manage();
	}

	/**
	 * The current settings.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return $this->prepare_item_for_response( Settings::get(), $request );
	}

	/**
	 * Validates and stores the submitted settings.
	 *
	 * @param WP_REST_Request $request Request (JSON body, or form fields).
	 * @return WP_REST_Response|WP_Error 200 with the stored settings, or 400 naming the refused field.
	 */
	public function update_item( $request ) {
		$changes = $request->get_json_params();
		if ( ! is_array( $changes ) ) {
			$changes = $request->get_body_params();
		}
		if ( ! $changes || array_is_list( $changes ) ) {
			return new WP_Error(
				Settings::ERROR_CODE,
				__( 'Send the settings as an object with at least one setting.', 'tessera' ),
				array(
					'status' => 400,
					'field'  => '',
				)
			);
		}
		$settings = Settings::update( $changes );
		if ( $settings instanceof WP_Error ) {
			return $settings;
		}
		return $this->prepare_item_for_response( $settings, $request );
	}

	/**
	 * The settings as the response body.
	 *
	 * @param mixed           $item    The settings.
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function prepare_item_for_response( $item, $request ) {
		return CacheHeaders::on( rest_ensure_response( $item ), CacheHeaders::NO_STORE );
	}

	/**
	 * The settings' schema. Values are validated as a whole by Settings::sanitize() (cross-field rules, messages
	 * that name the field), so the generated endpoint arguments validate and sanitize nothing themselves.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$string = static fn ( string $description, array $extra = array() ): array => array(
			'type'        => 'string',
			'description' => $description,
		) + $extra;
		$bool   = static fn ( string $description ): array => array(
			'type'        => 'boolean',
			'description' => $description,
		);
		$object = static fn ( string $description, array $properties ): array => array(
			'type'                 => 'object',
			'description'          => $description,
			'properties'           => $properties,
			'additionalProperties' => false,
		);
		$list   = static fn ( string $description, array $items ): array => array(
			'type'        => 'array',
			'description' => $description,
			'items'       => $items,
		);

		$texts = array();
		foreach ( array_keys( Settings::defaults()['texts'] ) as $key ) {
			$texts[ $key ] = $string( __( 'Banner or preference-centre text (descriptions may contain links).', 'tessera' ) );
		}
		$colours = array();
		foreach ( array_keys( Settings::defaults()['colours'] ) as $key ) {
			$colours[ $key ] = $string( __( 'Hex colour.', 'tessera' ), array( 'pattern' => '^#([0-9a-fA-F]{3}){1,2}$' ) );
		}
		$positions = array_values( array_unique( array_merge( ...array_values( Settings::BANNER_POSITIONS ) ) ) );

		$properties = array(
			'activeLaw'            => $string( __( 'Law the banner works under.', 'tessera' ), array( 'enum' => Settings::LAWS ) ),
			'bannerType'           => $string( __( 'Banner type.', 'tessera' ), array( 'enum' => array_keys( Settings::BANNER_POSITIONS ) ) ),
			'bannerPosition'       => $string( __( 'Banner position (classic: top, bottom; popup: center; box: the four corners).', 'tessera' ), array( 'enum' => $positions ) ),
			'preferenceCenterType' => $string( __( 'Preference-centre type.', 'tessera' ), array( 'enum' => Settings::PREFERENCE_CENTER_TYPES ) ),
			'texts'                => $object( __( 'Texts of the banner and the preference centre.', 'tessera' ), $texts ),
			'colours'              => $object( __( 'Colours of the banner.', 'tessera' ), $colours ),
			'expiryDays'           => array(
				'type'        => 'integer',
				'description' => __( 'Lifetime of the consent cookie, in days.', 'tessera' ),
				'minimum'     => Settings::MIN_EXPIRY,
				'maximum'     => Settings::MAX_EXPIRY,
			),
			'reloadOnAccept'       => $bool( __( 'Reload the page after the visitor accepts.', 'tessera' ) ),
			'respectDnt'           => $bool( __( 'Respect Do Not Track.', 'tessera' ) ),
			'honourGpc'            => $bool( __( 'Honour Global Privacy Control.', 'tessera' ) ),
			'googleConsentMode'    => $bool( __( 'Send Google Consent Mode v2 defaults and updates.', 'tessera' ) ),
			'categories'           => $list(
				__( 'Consent categories, in cookie order.', 'tessera' ),
				$object(
					__( 'A consent category.', 'tessera' ),
					array(
						'slug'           => $string( __( 'Slug (lower-case letters, digits, hyphens, underscores).', 'tessera' ), array( 'pattern' => '^[a-z0-9_-]+$' ) ),
						'name'           => $string( __( 'Name.', 'tessera' ) ),
						'description'    => $string( __( 'Description (plain text and links).', 'tessera' ) ),
						'isNecessary'    => $bool( __( 'Always on.', 'tessera' ) ),
						'defaultConsent' => $object(
							__( 'Consent before the visitor chooses, per law.', 'tessera' ),
							array(
								'gdpr' => $bool( __( 'On under GDPR.', 'tessera' ) ),
								'ccpa' => $bool( __( 'On under CCPA.', 'tessera' ) ),
							)
						),
						'cookies'        => $list(
							__( 'Cookies of the category (deleted when it is refused).', 'tessera' ),
							$object(
								__( 'A cookie.', 'tessera' ),
								array(
									'cookieID'    => $string( __( 'Cookie name; a trailing * matches a prefix.', 'tessera' ) ),
									'domain'      => $string( __( 'Domain ("" = this site).', 'tessera' ) ),
									'duration'    => $string( __( 'Lifetime, as shown to visitors.', 'tessera' ) ),
									'description' => $string( __( 'Purpose (plain text and links).', 'tessera' ) ),
								)
							)
						),
					)
				)
			),
			'providers'            => $list(
				__( 'Providers whose scripts and iframes are blocked until their categories are allowed.', 'tessera' ),
				$object(
					__( 'A provider.', 'tessera' ),
					array(
						're'           => $string( __( 'Pattern matched against host + path (see docs/consent.md for the syntax).', 'tessera' ) ),
						'categories'   => $list( __( 'Category slugs; all must be allowed.', 'tessera' ), array( 'type' => 'string' ) ),
						'fullPath'     => $bool( __( 'Match the whole URL, with scheme and query.', 'tessera' ) ),
						'isOverridden' => $bool( __( 'A built-in provider the site owner changed.', 'tessera' ) ),
					)
				)
			),
		);
		foreach ( $properties as $key => $property ) {
			$properties[ $key ] += array(
				'context'     => array( 'view', 'edit' ),
				// Settings::sanitize() validates and cleans the whole object and names the refused field.
				'arg_options' => array(
					'validate_callback' => null,
					'sanitize_callback' => null,
				),
			);
		}

		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'tessera-consent-settings',
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
	private function can_manage(): bool|WP_Error {
		if ( current_user_can( 'manage_options' ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'Sorry, you are not allowed to manage the consent settings.', 'tessera' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}
}
