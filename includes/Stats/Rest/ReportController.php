<?php
/**
 * REST `GET tessera/v1/stats/report` (everything the dashboard shows, in one answer) and `GET
 * tessera/v1/stats/export` (one list as a CSV download), for users with Stats::view_capability().
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats\Rest;

use InvalidArgumentException;
use Tessera\Consent\Log\LogPage;
use Tessera\Http\CacheHeaders;
use Tessera\Stats\Report;
use Tessera\Stats\Stats;
use WP_Error;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The report of a period (`from`, `to`: Y-m-d, site-local days, both included) as JSON, and its lists as CSV.
 * Stored strings (addresses, hosts, event names and targets) are answered as they are: data, escaped by whoever
 * displays them. CSV cells that a spreadsheet would run as a formula are neutralised.
 */
final class ReportController extends WP_REST_Controller {

	/**
	 * Error code of a refused period or parameter.
	 */
	public const ERROR_CODE = 'tessera_stats_invalid_range';

	/**
	 * Tables the export knows.
	 */
	public const EXPORT_TABLES = array( 'pages', 'referrers', 'devices', 'events' );

	/**
	 * Largest number of rows per list in the report.
	 */
	public const MAX_REPORT_LIMIT = 100;

	/**
	 * Sets the route.
	 */
	public function __construct() {
		$this->namespace = 'tessera/v1';
		$this->rest_base = 'stats';
	}

	/**
	 * Hooks the route registration and the raw CSV output.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
		add_filter( 'rest_pre_serve_request', array( $this, 'serve_csv' ), 10, 4 );
	}

	/**
	 * Registers GET `/tessera/v1/stats/report` and GET `/tessera/v1/stats/export`.
	 *
	 * @return void
	 */
	public function register_routes(): void {
		$date = array(
			'type'              => 'string',
			'required'          => true,
			'validate_callback' => null,
			'sanitize_callback' => null,
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/report',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_report' ),
					'permission_callback' => array( $this, 'get_items_permissions_check' ),
					'args'                => array(
						'from'  => $date + array( 'description' => __( 'First day of the period (Y-m-d, site time).', 'tessera' ) ),
						'to'    => $date + array( 'description' => __( 'Last day of the period (Y-m-d, site time).', 'tessera' ) ),
						'limit' => array(
							'description' => __( 'Rows per list.', 'tessera' ),
							'type'        => 'integer',
							'default'     => 10,
							'minimum'     => 1,
							'maximum'     => self::MAX_REPORT_LIMIT,
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/export',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_export' ),
					'permission_callback' => array( $this, 'get_items_permissions_check' ),
					'args'                => array(
						'from'  => $date + array( 'description' => __( 'First day of the period (Y-m-d, site time).', 'tessera' ) ),
						'to'    => $date + array( 'description' => __( 'Last day of the period (Y-m-d, site time).', 'tessera' ) ),
						'table' => array(
							'description' => __( 'The list to export.', 'tessera' ),
							'type'        => 'string',
							'enum'        => self::EXPORT_TABLES,
							'required'    => true,
						),
					),
				),
			)
		);
	}

	/**
	 * Only users with the statistics capability (Stats::view_capability(), default manage_options).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error 401 logged out, 403 logged in without the capability.
	 */
	public function get_items_permissions_check( $request ) {
		if ( current_user_can( Stats::view_capability() ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'Sorry, you are not allowed to view the statistics.', 'tessera' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * The dashboard's data of a period.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_report( $request ) {
		$report = self::report( $request );
		if ( $report instanceof WP_Error ) {
			return $report;
		}
		$limit = (int) $request->get_param( 'limit' );
		// The totals are the sums of the days (the same numbers as totals(), without counting twice).
		$daily = $report->daily();
		$body  = array(
			'from'      => $report->from(),
			'to'        => $report->to(),
			'totals'    => array(
				'visitors' => (int) array_sum( array_column( $daily, 'visitors' ) ),
				'views'    => (int) array_sum( array_column( $daily, 'views' ) ),
			),
			'daily'     => $daily,
			'online'    => Report::online( $limit ),
			'pages'     => self::with_links( $report->top_pages( $limit ) ),
			'referrers' => $report->referrers( $limit ),
			'browsers'  => $report->devices( 'browser' ),
			'os'        => $report->devices( 'os' ),
			'devices'   => $report->devices( 'device' ),
			'events'    => $report->events( 'custom', $limit ),
			'clicks'    => $report->events( 'click', $limit ),
			'downloads' => $report->events( 'download', $limit ),
		);
		return CacheHeaders::on( rest_ensure_response( $body ), CacheHeaders::NO_STORE );
	}

	/**
	 * One list of a period as CSV (served raw by serve_csv()).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_export( $request ) {
		$report = self::report( $request );
		if ( $report instanceof WP_Error ) {
			return $report;
		}
		$table = (string) $request->get_param( 'table' );
		$csv   = self::csv( self::export_rows( $report, $table ) );

		$response = new WP_REST_Response( $csv, 200 );
		$response->header( 'Content-Type', 'text/csv; charset=utf-8' );
		$response->header( 'Content-Disposition', 'attachment; filename="tessera-stats-' . $table . '-' . $report->from() . '-' . $report->to() . '.csv"' );
		$response->header( 'X-Content-Type-Options', 'nosniff' );
		return CacheHeaders::on( $response, CacheHeaders::NO_STORE );
	}

	/**
	 * Prints an export's CSV as it is instead of JSON-encoding it.
	 *
	 * @param bool             $served  Whether the request was served already.
	 * @param mixed            $result  The response.
	 * @param WP_REST_Request  $request Request.
	 * @param \WP_REST_Server  $server  Server.
	 * @return bool
	 */
	public function serve_csv( $served, $result, $request, $server ) {
		if ( $served || ! $result instanceof WP_REST_Response || ! $request instanceof WP_REST_Request ) {
			return (bool) $served;
		}
		if ( '/' . $this->namespace . '/' . $this->rest_base . '/export' !== $request->get_route() || 200 !== $result->get_status() || ! is_string( $result->get_data() ) ) {
			return (bool) $served;
		}
		echo $result->get_data(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a CSV file (text/csv, nosniff), its cells neutralised by csv().
		return true;
	}

	/**
	 * The rows of an export, header first.
	 *
	 * @param Report $report The period.
	 * @param string $table  One of EXPORT_TABLES.
	 * @return array<int, array<int, string|int>>
	 */
	public static function export_rows( Report $report, string $table ): array {
		$rows = array();
		switch ( $table ) {
			case 'pages':
				$rows[] = array( 'source_type', 'source_id', 'page_uri', 'views', 'visitors' );
				foreach ( $report->top_pages( Report::MAX_LIMIT ) as $page ) {
					$rows[] = array( $page['source_type'], $page['source_id'], $page['page_uri'], $page['views'], $page['visitors'] );
				}
				break;
			case 'referrers':
				$rows[] = array( 'host', 'views' );
				foreach ( $report->referrers( Report::MAX_LIMIT ) as $referrer ) {
					$rows[] = array( $referrer['host'], $referrer['views'] );
				}
				break;
			case 'devices':
				$rows[] = array( 'group', 'name', 'views' );
				foreach ( array_keys( Report::DEVICE_COLUMNS ) as $by ) {
					foreach ( $report->devices( $by ) as $device ) {
						$rows[] = array( $by, $device['name'], $device['views'] );
					}
				}
				break;
			case 'events':
				$rows[] = array( 'kind', 'name', 'target', 'count' );
				foreach ( Report::EVENT_KINDS as $kind ) {
					foreach ( $report->events( $kind, Report::MAX_LIMIT ) as $event ) {
						$rows[] = array( $kind, $event['name'], $event['target'], $event['count'] );
					}
				}
				break;
		}
		return $rows;
	}

	/**
	 * CSV text of rows (RFC 4180 quoting), each cell neutralised against formula injection.
	 *
	 * @param array<int, array<int, string|int>> $rows Rows.
	 * @return string
	 */
	public static function csv( array $rows ): string {
		$handle = fopen( 'php://temp', 'r+' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- memory stream.
		if ( false === $handle ) {
			return '';
		}
		foreach ( $rows as $row ) {
			fputcsv( $handle, array_map( static fn ( $cell ): string => LogPage::csv_cell( (string) $cell ), $row ), ',', '"', '' );
		}
		rewind( $handle );
		$csv = (string) stream_get_contents( $handle );
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- memory stream.
		return $csv;
	}

	/**
	 * The Report of the request's period, or a 400 error.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return Report|WP_Error
	 */
	private static function report( WP_REST_Request $request ): Report|WP_Error {
		$from = $request->get_param( 'from' );
		$to   = $request->get_param( 'to' );
		try {
			if ( ! is_string( $from ) || ! is_string( $to ) ) {
				throw new InvalidArgumentException( 'not text' );
			}
			return new Report( $from, $to );
		} catch ( InvalidArgumentException $invalid ) {
			return new WP_Error(
				self::ERROR_CODE,
				sprintf(
					/* translators: %d: the longest period in days. */
					__( 'Choose a period of real dates (YYYY-MM-DD), the first not after the last, at most %d days long.', 'tessera' ),
					Report::MAX_DAYS
				),
				array( 'status' => 400 )
			);
		}
	}

	/**
	 * Adds to each page row the page's address on this site and, for posts that still exist, their title.
	 *
	 * @param array<int, array{source_type: string, source_id: int, page_uri: string, views: int, visitors: int}> $pages Rows.
	 * @return array<int, array<string, mixed>>
	 */
	private static function with_links( array $pages ): array {
		$ids = array();
		foreach ( $pages as $page ) {
			if ( $page['source_id'] > 0 && ! in_array( $page['source_type'], array( 'home', 'archive', 'search', '404' ), true ) ) {
				$ids[] = $page['source_id'];
			}
		}
		if ( $ids ) {
			_prime_post_caches( array_unique( $ids ), false, false );
		}
		$list = array();
		foreach ( $pages as $page ) {
			$title = '';
			if ( in_array( $page['source_id'], $ids, true ) ) {
				$post = get_post( $page['source_id'] );
				if ( $post && 'publish' === $post->post_status && $post->post_type === $page['source_type'] ) {
					$title = wp_strip_all_tags( get_the_title( $post ) );
				}
			}
			$list[] = $page + array(
				'title' => html_entity_decode( $title, ENT_QUOTES, 'UTF-8' ),
				'url'   => esc_url_raw( home_url( $page['page_uri'] ) ),
			);
		}
		return $list;
	}

	/**
	 * The report's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$int    = array( 'type' => 'integer' );
		$string = array( 'type' => 'string' );
		$list   = static fn ( array $properties ): array => array(
			'type'  => 'array',
			'items' => array(
				'type'       => 'object',
				'properties' => $properties,
			),
		);
		$named  = $list(
			array(
				'name'  => $string,
				'views' => $int,
			)
		);
		$events = $list(
			array(
				'name'   => $string,
				'target' => $string,
				'count'  => $int,
			)
		);

		$properties = array(
			'from'      => $string + array( 'description' => __( 'First day.', 'tessera' ) ),
			'to'        => $string + array( 'description' => __( 'Last day.', 'tessera' ) ),
			'totals'    => array(
				'type'       => 'object',
				'properties' => array(
					'visitors' => $int,
					'views'    => $int,
				),
			),
			'daily'     => $list(
				array(
					'day'      => $string,
					'visitors' => $int,
					'views'    => $int,
				)
			),
			'online'    => array(
				'type'       => 'object',
				'properties' => array(
					'count' => $int,
					'pages' => $list(
						array(
							'page_uri'    => $string,
							'source_type' => $string,
							'source_id'   => $int,
							'visitors'    => $int,
						)
					),
				),
			),
			'pages'     => $list(
				array(
					'source_type' => $string,
					'source_id'   => $int,
					'page_uri'    => $string,
					'views'       => $int,
					'visitors'    => $int,
					'title'       => $string,
					'url'         => $string,
				)
			),
			'referrers' => $list(
				array(
					'host'  => $string,
					'views' => $int,
				)
			),
			'browsers'  => $named,
			'os'        => $named,
			'devices'   => $named,
			'events'    => $events,
			'clicks'    => $events,
			'downloads' => $events,
		);
		foreach ( $properties as $key => $property ) {
			$properties[ $key ] += array(
				'context'  => array( 'view' ),
				'readonly' => true,
			);
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'tessera-stats-report',
			'type'       => 'object',
			'properties' => $properties,
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
