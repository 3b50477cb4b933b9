<?php
/**
 * REST `tessera/v1/stats/import`: the WP Statistics importer for the dashboard's "Import from WP Statistics" panel.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats\Import;

use Tessera\Http\CacheHeaders;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * GET answers `{ available, tables: { pages, visitor, visit }, lastImport }`; POST imports what is new and answers
 * `{ imported: { pages, views, visitors, devices, referrers, visitTotals, skipped }, done, deferred }` (404 when
 * there is nothing to import, 409 while another import runs). `done: false` means the time budget was spent:
 * POST again to resume. Both need `manage_options`; with cookie authentication core requires the `wp_rest` nonce.
 */
final class ImportController extends WP_REST_Controller {

	/**
	 * Seconds one POST may spend importing.
	 */
	public const TIME_BUDGET = 15.0;

	/**
	 * Sets the route.
	 */
	public function __construct() {
		$this->namespace = 'tessera/v1';
		$this->rest_base = 'stats/import';
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
	 * Registers GET and POST on `/tessera/v1/stats/import`.
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
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Only administrators (manage_options) see the import status.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function get_item_permissions_check( $request ) {
		return $this->can_manage();
	}

	/**
	 * Only administrators (manage_options) import.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error
	 */
	public function create_item_permissions_check( $request ) {
		return $this->can_manage();
	}

	/**
	 * Whether WP Statistics' tables exist, their row counts and the last import.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_item( $request ) {
		return $this->no_store( rest_ensure_response( WpStatistics::status() ) );
	}

	/**
	 * Runs (or resumes) the import for at most TIME_BUDGET seconds.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function create_item( $request ) {
		$result = ( new WpStatistics() )->run( (float) apply_filters( 'tessera_stats_import_time_budget', self::TIME_BUDGET ) );
		if ( $result instanceof WP_Error ) {
			return $result;
		}
		return $this->no_store( rest_ensure_response( $result ) );
	}

	/**
	 * The answers' schema.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$count        = array(
			'type'     => 'integer',
			'context'  => array( 'view', 'edit' ),
			'readonly' => true,
		);
		$counters     = array_fill_keys( WpStatistics::COUNTERS, $count );
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'tessera-stats-import',
			'type'       => 'object',
			'properties' => array(
				'available'  => array(
					'description' => __( 'Whether WP Statistics tables were found.', 'tessera' ),
					'type'        => 'boolean',
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
				'tables'     => array(
					'description' => __( 'Rows in each WP Statistics table found.', 'tessera' ),
					'type'        => 'object',
					'properties'  => array_fill_keys( WpStatistics::TABLES, $count ),
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
				'lastImport' => array(
					'description' => __( 'Summary of the last import, or null.', 'tessera' ),
					'type'        => array( 'object', 'null' ),
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
				'imported'   => array(
					'description' => __( 'What this import added.', 'tessera' ),
					'type'        => 'object',
					'properties'  => $counters,
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
				'done'       => array(
					'description' => __( 'False when the time budget ran out: send the request again to resume.', 'tessera' ),
					'type'        => 'boolean',
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
				'deferred'   => array(
					'description' => __( 'True when rows of today were left for a later import.', 'tessera' ),
					'type'        => 'boolean',
					'context'     => array( 'view', 'edit' ),
					'readonly'    => true,
				),
			),
		);
		return $this->add_additional_fields_schema( $this->schema );
	}

	/**
	 * Marks an answer as not cacheable.
	 *
	 * @param WP_REST_Response $response Response.
	 * @return WP_REST_Response
	 */
	private function no_store( WP_REST_Response $response ): WP_REST_Response {
		return CacheHeaders::on( $response, CacheHeaders::NO_STORE );
	}

	/**
	 * The manage_options check.
	 *
	 * @return true|WP_Error
	 */
	private function can_manage() {
		if ( current_user_can( 'manage_options' ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'Sorry, you are not allowed to import statistics.', 'tessera' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}
}
