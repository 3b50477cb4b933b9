<?php
/**
 * REST routes of the entries screen (Forms → Entries), namespace `tessera/v1`, for users with
 * EntriesPage::capability() (default `manage_options`):
 *
 * - GET    `/forms`                    the forms with their entry totals and unread counts;
 * - GET    `/forms/{id}/entries`       one page of a form's entries (search, status, page, per_page) with the
 *                                      form's field columns;
 * - GET    `/forms/{id}/entries.csv`   every entry of a form as a CSV download (raw, UTF-8 with a BOM);
 * - GET    `/entries/{id}`             one entry (marked read unless `mark=0`);
 * - POST   `/entries/{id}`             `status` read|unread;
 * - DELETE `/entries/{id}`.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms\Rest;

use Tessera\Consent\Log\LogPage;
use Tessera\Forms\Entries;
use Tessera\Forms\EntriesPage;
use Tessera\Forms\Field;
use Tessera\Forms\FormDefinition;
use Tessera\Forms\Pdf;
use Tessera\Forms\PostType;
use WP_Error;
use WP_Post;
use WP_REST_Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * Stored values are answered as they are (data, escaped by whoever displays them). Password fields are never
 * answered nor exported (like the notification e-mail, which leaves them out). A value whose field is no longer
 * in the form is still answered by the entry routes (under its field id), but has no column.
 */
final class EntriesController extends WP_REST_Controller {

	/**
	 * Error code of an unknown form.
	 */
	public const ERROR_NO_FORM = 'tessera_forms_unknown_form';

	/**
	 * Error code of an unknown entry.
	 */
	public const ERROR_NO_ENTRY = 'tessera_forms_unknown_entry';

	/**
	 * Error code of a change the storage refused.
	 */
	public const ERROR_STORAGE = 'tessera_forms_storage';

	/**
	 * The CSV route below the namespace (a regex).
	 */
	public const CSV_ROUTE = '/forms/(?P<id>[\d]+)/entries\.csv';

	/**
	 * Longest search text.
	 */
	public const MAX_SEARCH = 200;

	/**
	 * Rows read per query while the CSV is written.
	 */
	private const CSV_BATCH = 100;

	/**
	 * Sets the namespace.
	 */
	public function __construct() {
		$this->namespace = 'tessera/v1';
		$this->rest_base = 'entries';
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
	 * Registers the routes.
	 *
	 * @return void
	 */
	public function register_routes(): void {
		$id      = array(
			'description'       => __( 'Unique identifier.', 'tessera' ),
			'type'              => 'integer',
			'minimum'           => 1,
			'required'          => true,
			'validate_callback' => 'rest_validate_request_arg',
			'sanitize_callback' => 'absint',
		);
		$allowed = array( $this, 'permissions_check' );

		register_rest_route(
			$this->namespace,
			'/forms',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_forms' ),
					'permission_callback' => $allowed,
					'args'                => array(),
				),
			)
		);
		register_rest_route(
			$this->namespace,
			'/forms/(?P<id>[\d]+)/entries',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => $allowed,
					'args'                => array(
						'id'       => array( 'description' => __( 'The form id.', 'tessera' ) ) + $id,
						'search'   => array(
							'description'       => __( 'Text contained in any value of the entry.', 'tessera' ),
							'type'              => 'string',
							'default'           => '',
							'maxLength'         => self::MAX_SEARCH,
							'validate_callback' => 'rest_validate_request_arg',
							'sanitize_callback' => static fn ( $value ): string => trim( (string) $value ),
						),
						'status'   => array(
							'description'       => __( 'Only entries with this status (empty: any).', 'tessera' ),
							'type'              => 'string',
							'default'           => '',
							'enum'              => array_merge( array( '' ), Entries::STATUSES ),
							'validate_callback' => 'rest_validate_request_arg',
						),
						'page'     => array(
							'description'       => __( 'Page of the list (from 1).', 'tessera' ),
							'type'              => 'integer',
							'default'           => 1,
							'minimum'           => 1,
							'validate_callback' => 'rest_validate_request_arg',
							'sanitize_callback' => 'absint',
						),
						'per_page' => array(
							'description'       => __( 'Entries per page.', 'tessera' ),
							'type'              => 'integer',
							'default'           => Entries::PER_PAGE,
							'minimum'           => 1,
							'maximum'           => Entries::MAX_PER_PAGE,
							'validate_callback' => 'rest_validate_request_arg',
							'sanitize_callback' => 'absint',
						),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			self::CSV_ROUTE,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_csv' ),
					'permission_callback' => $allowed,
					'args'                => array(
						'id' => array( 'description' => __( 'The form id.', 'tessera' ) ) + $id,
					),
				),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>[\d]+)',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_item' ),
					'permission_callback' => $allowed,
					'args'                => array(
						'id'   => array( 'description' => __( 'The entry id.', 'tessera' ) ) + $id,
						'mark' => array(
							'description'       => __( 'Whether reading the entry marks it read.', 'tessera' ),
							'type'              => 'boolean',
							'default'           => true,
							'validate_callback' => 'rest_validate_request_arg',
							'sanitize_callback' => 'rest_sanitize_boolean',
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => $allowed,
					'args'                => array(
						'id'     => array( 'description' => __( 'The entry id.', 'tessera' ) ) + $id,
						'status' => array(
							'description'       => __( 'The new status of the entry.', 'tessera' ),
							'type'              => 'string',
							'enum'              => Entries::STATUSES,
							'required'          => true,
							'validate_callback' => 'rest_validate_request_arg',
						),
					),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'delete_item' ),
					'permission_callback' => $allowed,
					'args'                => array(
						'id' => array( 'description' => __( 'The entry id.', 'tessera' ) ) + $id,
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * Only users with EntriesPage::capability() (default manage_options, filter
	 * `tessera_forms_entries_capability`).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return true|WP_Error 401 logged out, 403 logged in without the capability.
	 */
	public function permissions_check( $request ) {
		if ( current_user_can( EntriesPage::capability() ) ) {
			return true;
		}
		return new WP_Error(
			'rest_forbidden',
			__( 'Sorry, you are not allowed to see form entries.', 'tessera' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * The forms, by title, with their entry totals and unread counts.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response
	 */
	public function get_forms( $request ) {
		$forms = array();
		foreach ( EntriesPage::form_ids() as $form_id ) {
			$post = get_post( $form_id );
			if ( ! $post instanceof WP_Post ) {
				continue;
			}
			$forms[] = array(
				'id'     => $form_id,
				'title'  => self::title( $post ),
				'status' => (string) $post->post_status,
				'total'  => Entries::list( $form_id, array( 'per_page' => 1 ) )['total'],
				'unread' => Entries::count_unread( $form_id ),
			);
		}
		return self::no_store( rest_ensure_response( $forms ) );
	}

	/**
	 * One page of a form's entries with the form's columns.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_items( $request ) {
		$form = self::form( (int) $request->get_param( 'id' ) );
		if ( $form instanceof WP_Error ) {
			return $form;
		}
		$page     = max( 1, (int) $request->get_param( 'page' ) );
		$per_page = min( Entries::MAX_PER_PAGE, max( 1, (int) $request->get_param( 'per_page' ) ) );
		$list     = Entries::list(
			$form->form_id,
			array(
				'search'   => (string) $request->get_param( 'search' ),
				'status'   => (string) $request->get_param( 'status' ),
				'page'     => $page,
				'per_page' => $per_page,
			)
		);
		$rows     = array();
		foreach ( $list['rows'] as $entry ) {
			$rows[] = self::entry_data( $entry, $form );
		}
		return self::no_store(
			rest_ensure_response(
				array(
					'form'     => array(
						'id'     => $form->form_id,
						'title'  => self::title( get_post( $form->form_id ) ),
						'unread' => Entries::count_unread( $form->form_id ),
					),
					'columns'  => self::columns( $form ),
					'rows'     => $rows,
					'total'    => $list['total'],
					'page'     => $page,
					'per_page' => $per_page,
				)
			)
		);
	}

	/**
	 * One entry, marked read first unless `mark` is false.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_item( $request ) {
		$id    = (int) $request->get_param( 'id' );
		$entry = Entries::get( $id );
		if ( null === $entry ) {
			return self::no_entry();
		}
		if ( false !== $request->get_param( 'mark' ) && 'read' !== $entry['status'] && Entries::mark( $id, 'read' ) ) {
			$entry['status'] = 'read';
		}
		return self::no_store( rest_ensure_response( self::entry_answer( $entry ) ) );
	}

	/**
	 * Marks an entry read or unread.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function update_item( $request ) {
		$id    = (int) $request->get_param( 'id' );
		$entry = Entries::get( $id );
		if ( null === $entry ) {
			return self::no_entry();
		}
		$status = (string) $request->get_param( 'status' );
		if ( ! Entries::mark( $id, $status ) ) {
			return new WP_Error( self::ERROR_STORAGE, __( 'The entry could not be changed. Try again.', 'tessera' ), array( 'status' => 500 ) );
		}
		$entry['status'] = $status;
		return self::no_store( rest_ensure_response( self::entry_answer( $entry ) ) );
	}

	/**
	 * Deletes an entry and its values.
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function delete_item( $request ) {
		$id    = (int) $request->get_param( 'id' );
		$entry = Entries::get( $id );
		if ( null === $entry ) {
			return self::no_entry();
		}
		if ( ! Entries::delete( $id ) ) {
			return new WP_Error( self::ERROR_STORAGE, __( 'The entry could not be deleted. Try again.', 'tessera' ), array( 'status' => 500 ) );
		}
		return self::no_store(
			rest_ensure_response(
				array(
					'deleted'  => true,
					'previous' => self::entry_answer( $entry ),
				)
			)
		);
	}

	/**
	 * Every entry of a form as CSV (served raw by serve_csv()).
	 *
	 * @param WP_REST_Request $request Request.
	 * @return WP_REST_Response|WP_Error
	 */
	public function get_csv( $request ) {
		$form = self::form( (int) $request->get_param( 'id' ) );
		if ( $form instanceof WP_Error ) {
			return $form;
		}
		$response = new WP_REST_Response( self::csv( $form ), 200 );
		$response->header( 'Content-Type', 'text/csv; charset=utf-8' );
		$response->header( 'Content-Disposition', 'attachment; filename="tessera-form-' . $form->form_id . '-entries-' . wp_date( 'Y-m-d' ) . '.csv"' );
		$response->header( 'X-Content-Type-Options', 'nosniff' );
		return self::no_store( $response );
	}

	/**
	 * Prints the CSV as it is instead of JSON-encoding it.
	 *
	 * @param bool            $served  Whether the request was served already.
	 * @param mixed           $result  The response.
	 * @param WP_REST_Request $request Request.
	 * @param WP_REST_Server  $server  Server.
	 * @return bool
	 */
	public function serve_csv( $served, $result, $request, $server ) {
		if ( $served || ! $result instanceof WP_REST_Response || ! $request instanceof WP_REST_Request ) {
			return (bool) $served;
		}
		if ( 1 !== preg_match( '#^/' . preg_quote( $this->namespace, '#' ) . '/forms/\d+/entries\.csv$#D', $request->get_route() ) || 200 !== $result->get_status() || ! is_string( $result->get_data() ) ) {
			return (bool) $served;
		}
		echo $result->get_data(); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a CSV file (text/csv, nosniff), its cells neutralised by csv().
		return true;
	}

	/**
	 * The CSV of every entry of a form, newest first: a UTF-8 byte order mark, a header row (one column per field
	 * label in form order, passwords left out, then Date, Status, Entry ID), one row per entry. Checkbox lists are
	 * joined with ", "; every cell that a spreadsheet would run as a formula gets a leading apostrophe.
	 *
	 * @param FormDefinition $form The form.
	 * @return string
	 */
	public static function csv( FormDefinition $form ): string {
		$fields = self::exported_fields( $form );
		$handle = fopen( 'php://temp', 'r+' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- memory stream.
		if ( false === $handle ) {
			return '';
		}
		$header = array();
		foreach ( $fields as $field ) {
			$header[] = '' !== trim( $field->label ) ? $field->label : $field->id;
		}
		$header[] = __( 'Date', 'tessera' );
		$header[] = __( 'Status', 'tessera' );
		$header[] = __( 'Entry ID', 'tessera' );
		self::csv_row( $handle, $header );

		$page = 1;
		do {
			$list = Entries::list(
				$form->form_id,
				array(
					'page'     => $page,
					'per_page' => self::CSV_BATCH,
				)
			);
			foreach ( $list['rows'] as $entry ) {
				$cells = array();
				foreach ( $fields as $field ) {
					$value   = $entry['values'][ $field->id ] ?? '';
					$cells[] = is_array( $value ) ? implode( ', ', $value ) : $value;
				}
				$cells[] = self::local_date( $entry['created_at'], 'Y-m-d H:i:s' );
				$cells[] = self::status_label( $entry['status'] );
				$cells[] = (string) $entry['id'];
				self::csv_row( $handle, $cells );
			}
			++$page;
		} while ( count( $list['rows'] ) === self::CSV_BATCH && ( $page - 1 ) * self::CSV_BATCH < $list['total'] );

		rewind( $handle );
		$csv = (string) stream_get_contents( $handle );
		fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- memory stream.
		return "\xEF\xBB\xBF" . $csv;
	}

	/**
	 * The columns of a form: its fields in form order, passwords left out.
	 *
	 * @param FormDefinition $form The form.
	 * @return list<array{id: string, label: string, type: string}>
	 */
	public static function columns( FormDefinition $form ): array {
		$columns = array();
		foreach ( self::exported_fields( $form ) as $field ) {
			$columns[] = array(
				'id'    => $field->id,
				'label' => $field->label,
				'type'  => $field->type,
			);
		}
		return $columns;
	}

	/**
	 * Writes one CSV row, every cell neutralised against formula injection.
	 *
	 * @param resource     $handle Stream.
	 * @param list<string> $cells  Cells.
	 * @return void
	 */
	private static function csv_row( $handle, array $cells ): void {
		fputcsv( $handle, array_map( static fn ( string $cell ): string => LogPage::csv_cell( $cell ), $cells ), ',', '"', '' );
	}

	/**
	 * The fields whose values may be shown and exported (every field but passwords), in form order.
	 *
	 * @param FormDefinition $form The form.
	 * @return list<Field>
	 */
	private static function exported_fields( FormDefinition $form ): array {
		return array_values( array_filter( $form->fields, static fn ( Field $field ): bool => 'password' !== $field->type ) );
	}

	/**
	 * The form of an id, or a 404 error.
	 *
	 * @param int $form_id Post id.
	 * @return FormDefinition|WP_Error
	 */
	private static function form( int $form_id ): FormDefinition|WP_Error {
		$post = $form_id > 0 ? get_post( $form_id ) : null;
		$form = $post instanceof WP_Post && PostType::POST_TYPE === $post->post_type && 'auto-draft' !== $post->post_status
			? FormDefinition::from_post( $post )
			: null;
		if ( null === $form ) {
			return new WP_Error( self::ERROR_NO_FORM, __( 'There is no form with this id.', 'tessera' ), array( 'status' => 404 ) );
		}
		return $form;
	}

	/**
	 * The 404 error of an unknown entry.
	 *
	 * @return WP_Error
	 */
	private static function no_entry(): WP_Error {
		return new WP_Error( self::ERROR_NO_ENTRY, __( 'There is no entry with this id. It may have been deleted.', 'tessera' ), array( 'status' => 404 ) );
	}

	/**
	 * One entry with its form's columns and title (the entry routes' answer).
	 *
	 * @param array{id: int, form_id: int, submission: string, status: string, created_at: string, page_id: int, user_id: int, values: array<string, string|list<string>>} $entry Entry.
	 * @return array<string, mixed>
	 */
	private static function entry_answer( array $entry ): array {
		$form = FormDefinition::from_post( $entry['form_id'] );
		$data = self::entry_data( $entry, $form );
		return $data + array(
			'form'    => array(
				'id'    => $entry['form_id'],
				'title' => null !== $form ? self::title( get_post( $entry['form_id'] ) ) : '',
			),
			'columns' => null !== $form ? self::columns( $form ) : array(),
		);
	}

	/**
	 * The answered fields of an entry: values of password fields left out, the date in UTC (ISO 8601) and as the
	 * site shows dates.
	 *
	 * @param array{id: int, form_id: int, submission: string, status: string, created_at: string, page_id: int, user_id: int, values: array<string, string|list<string>>} $entry Entry.
	 * @param FormDefinition|null                                                                                                                                             $form  Its form.
	 * @return array{id: int, form_id: int, status: string, created_at: string, date: string, page_id: int, page_title: string, user_id: int, values: array<string, string|list<string>>|\stdClass}
	 */
	private static function entry_data( array $entry, ?FormDefinition $form ): array {
		$values = array();
		foreach ( $entry['values'] as $field_id => $value ) {
			$field = null !== $form ? $form->field( (string) $field_id ) : null;
			if ( null !== $field && 'password' === $field->type ) {
				continue;
			}
			$values[ (string) $field_id ] = $value;
		}
		$page = $entry['page_id'] > 0 ? get_post( $entry['page_id'] ) : null;
		return array(
			'id'         => $entry['id'],
			'form_id'    => $entry['form_id'],
			'status'     => $entry['status'],
			'created_at' => str_replace( ' ', 'T', $entry['created_at'] ) . 'Z',
			'date'       => self::local_date( $entry['created_at'], get_option( 'date_format' ) . ' ' . get_option( 'time_format' ) ),
			'page_id'    => $entry['page_id'],
			'page_title' => $page instanceof WP_Post ? html_entity_decode( wp_strip_all_tags( (string) $page->post_title ), ENT_QUOTES, 'UTF-8' ) : '',
			'user_id'    => $entry['user_id'],
			'pdf_url'    => Pdf::manager_url( $entry['form_id'], $entry['id'] ),
			// An empty map is answered as `{}`, not `[]`.
			'values'     => array() === $values ? new \stdClass() : $values,
		);
	}

	/**
	 * A stored UTC moment in the site's time zone.
	 *
	 * @param string $utc    `Y-m-d H:i:s` UTC.
	 * @param string $format Date format.
	 * @return string
	 */
	private static function local_date( string $utc, string $format ): string {
		$time = strtotime( $utc . ' UTC' );
		return false === $time ? $utc : (string) wp_date( $format, $time );
	}

	/**
	 * The translated name of a status.
	 *
	 * @param string $status `read` or `unread`.
	 * @return string
	 */
	private static function status_label( string $status ): string {
		return 'read' === $status ? __( 'Read', 'tessera' ) : __( 'Unread', 'tessera' );
	}

	/**
	 * A form's title as text (no entities), or a placeholder with its id.
	 *
	 * @param WP_Post|null $post The form's post.
	 * @return string
	 */
	private static function title( ?WP_Post $post ): string {
		if ( ! $post instanceof WP_Post ) {
			return '';
		}
		// The stored title (not get_the_title(): no curly quotes, no "Private:" prefix), as text.
		$title = html_entity_decode( wp_strip_all_tags( (string) $post->post_title ), ENT_QUOTES, 'UTF-8' );
		return '' !== trim( $title ) ? $title : sprintf(
			/* translators: %d: form id. */
			__( '(no title) #%d', 'tessera' ),
			$post->ID
		);
	}

	/**
	 * A response that no cache keeps.
	 *
	 * @param WP_REST_Response $response Response.
	 * @return WP_REST_Response
	 */
	private static function no_store( WP_REST_Response $response ): WP_REST_Response {
		return \Tessera\Http\CacheHeaders::on( $response, \Tessera\Http\CacheHeaders::NO_STORE );
	}

	/**
	 * An entry's schema.
	 *
	 * @return array<string, mixed>
	 */
	public function get_item_schema() {
		if ( $this->schema ) {
			return $this->add_additional_fields_schema( $this->schema );
		}
		$read       = array(
			'context'  => array( 'view' ),
			'readonly' => true,
		);
		$properties = array(
			'id'         => array(
				'type'        => 'integer',
				'description' => __( 'Entry id.', 'tessera' ),
			) + $read,
			'form_id'    => array(
				'type'        => 'integer',
				'description' => __( 'The form the entry was sent with.', 'tessera' ),
			) + $read,
			'status'     => array(
				'type'        => 'string',
				'enum'        => Entries::STATUSES,
				'description' => __( 'Whether the entry was read.', 'tessera' ),
				'context'     => array( 'view', 'edit' ),
			),
			'created_at' => array(
				'type'        => 'string',
				'format'      => 'date-time',
				'description' => __( 'When the entry was sent (UTC).', 'tessera' ),
			) + $read,
			'date'       => array(
				'type'        => 'string',
				'description' => __( 'When the entry was sent, as the site shows dates.', 'tessera' ),
			) + $read,
			'page_id'    => array(
				'type'        => 'integer',
				'description' => __( 'The page the entry was sent from (0: unknown).', 'tessera' ),
			) + $read,
			'page_title' => array(
				'type'        => 'string',
				'description' => __( 'The title of that page.', 'tessera' ),
			) + $read,
			'user_id'    => array(
				'type'        => 'integer',
				'description' => __( 'The user who sent it (0: a visitor).', 'tessera' ),
			) + $read,
			'pdf_url'    => array(
				'type'        => 'string',
				'format'      => 'uri',
				'description' => __( 'The entry as a PDF (for users who may read entries).', 'tessera' ),
			) + $read,
			'values'     => array(
				'type'                 => 'object',
				'description'          => __( 'Field id => value (a list for checkboxes); passwords left out.', 'tessera' ),
				'additionalProperties' => array( 'type' => array( 'string', 'array' ) ),
			) + $read,
		);
		foreach ( $properties as $key => $property ) {
			$properties[ $key ]['sanitize_callback'] = 'status' === $key ? 'sanitize_key' : null;
		}
		$this->schema = array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'tessera-form-entry',
			'type'       => 'object',
			'properties' => $properties,
		);
		return $this->add_additional_fields_schema( $this->schema );
	}
}
