<?php
/**
 * Tessera → Consent log (`admin.php?page=tessera-consent-log`): the stored consent records (newest
 * first, 20 per page, search by consent id), a CSV download and the retention setting.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent\Log;

use Tessera\Admin\Menu;
use WP_List_Table;

/**
 * The admin page and its two admin-post actions (CSV download, retention). Everything needs manage_options and,
 * for the actions, a nonce.
 */
final class LogPage {

	/**
	 * Page slug.
	 */
	public const PAGE = 'tessera-consent-log';

	/**
	 * Capability for the page and its actions.
	 */
	public const CAPABILITY = 'manage_options';

	/**
	 * admin-post action (and nonce action) of the CSV download.
	 */
	public const CSV_ACTION = 'tessera_consent_log_csv';

	/**
	 * admin-post action (and nonce action) of the retention form.
	 */
	public const RETENTION_ACTION = 'tessera_consent_log_retention';

	/**
	 * Rows per page.
	 */
	public const PER_PAGE = 20;

	/**
	 * Query argument that carries the notice after a redirect.
	 */
	public const NOTICE_ARG = 'tessera-notice';

	/**
	 * Hooks the menu entry and the admin-post actions.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_post_' . self::CSV_ACTION, array( $this, 'download_csv' ) );
		add_action( 'admin_post_' . self::RETENTION_ACTION, array( $this, 'save_retention' ) );
	}

	/**
	 * Adds Tessera → Consent log.
	 *
	 * @return void
	 */
	public function add_page(): void {
		Menu::submenu(
			__( 'Consent log', 'tessera' ),
			__( 'Consent log', 'tessera' ),
			self::CAPABILITY,
			self::PAGE,
			array( $this, 'render_page' ),
			3
		);
	}

	/**
	 * URL of the page.
	 *
	 * @param array<string, string> $args Extra query arguments.
	 * @return string
	 */
	public static function page_url( array $args = array() ): string {
		return Menu::url( self::PAGE, $args );
	}

	/**
	 * The list table of the page (WP_List_Table is loaded on demand: it is admin-only).
	 *
	 * @return WP_List_Table
	 */
	public static function list_table(): WP_List_Table {
		if ( ! class_exists( WP_List_Table::class, false ) ) {
			require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
		}
		return new class() extends WP_List_Table {

			/**
			 * Sets the labels and the screen.
			 */
			public function __construct() {
				parent::__construct(
					array(
						'singular' => 'consent-record',
						'plural'   => 'consent-records',
						'ajax'     => false,
						'screen'   => 'settings_page_' . LogPage::PAGE,
					)
				);
			}

			/**
			 * Columns: id => label.
			 *
			 * @return array<string, string>
			 */
			public function get_columns() {
				return array(
					'consent_id'     => __( 'Consent ID', 'tessera' ),
					'created_at'     => __( 'Date', 'tessera' ),
					'law'            => __( 'Law', 'tessera' ),
					'consent'        => __( 'Consent', 'tessera' ),
					'categories'     => __( 'Categories', 'tessera' ),
					'banner_version' => __( 'Banner version', 'tessera' ),
					'user'           => __( 'User', 'tessera' ),
				);
			}

			/**
			 * Loads one page of rows: newest first, filtered by the search (`s`), page from `paged`.
			 *
			 * @return void
			 */
			public function prepare_items() {
				$search = isset( $_REQUEST['s'] ) && is_string( $_REQUEST['s'] ) ? sanitize_text_field( wp_unslash( $_REQUEST['s'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only search.
				$result = LogTable::query( $search, $this->get_pagenum(), LogPage::PER_PAGE );

				$this->_column_headers = array( $this->get_columns(), array(), array(), 'consent_id' );
				$this->items           = $result['items'];
				$this->set_pagination_args(
					array(
						'total_items' => $result['total'],
						'per_page'    => LogPage::PER_PAGE,
						'total_pages' => (int) ceil( $result['total'] / LogPage::PER_PAGE ),
					)
				);
			}

			/**
			 * The message of an empty table.
			 *
			 * @return void
			 */
			public function no_items() {
				esc_html_e( 'No consent records found.', 'tessera' );
			}

			/**
			 * A cell (escaped HTML).
			 *
			 * @param array<string, mixed> $item        Row (LogTable::normalise()).
			 * @param string               $column_name Column id.
			 * @return string
			 */
			public function column_default( $item, $column_name ) {
				return esc_html( LogPage::cell_text( $item, $column_name ) );
			}
		};
	}

	/**
	 * Plain text of a cell, for the table and the CSV.
	 *
	 * @param array<string, mixed> $row    Row (LogTable::normalise()).
	 * @param string               $column Column id.
	 * @return string
	 */
	public static function cell_text( array $row, string $column ): string {
		switch ( $column ) {
			case 'created_at':
				return self::local_date( (string) ( $row['created_at'] ?? '' ) );
			case 'law':
				return strtoupper( (string) ( $row['law'] ?? '' ) );
			case 'categories':
				return self::categories_text( is_array( $row['categories'] ?? null ) ? $row['categories'] : array() );
			case 'user':
				return self::user_text( (int) ( $row['user_id'] ?? 0 ) );
			default:
				return is_scalar( $row[ $column ] ?? null ) ? (string) $row[ $column ] : '';
		}
	}

	/**
	 * A stored UTC date in the site's time zone and date/time formats.
	 *
	 * @param string $utc UTC `Y-m-d H:i:s`.
	 * @return string
	 */
	public static function local_date( string $utc ): string {
		$time = strtotime( $utc . ' UTC' );
		if ( false === $time ) {
			return '';
		}
		$date = wp_date( get_option( 'date_format', 'Y-m-d' ) . ' ' . get_option( 'time_format', 'H:i' ), $time );
		return is_string( $date ) ? $date : '';
	}

	/**
	 * Categories as `slug: yes, slug: no`.
	 *
	 * @param array<string, bool> $categories Slug => allowed.
	 * @return string
	 */
	public static function categories_text( array $categories ): string {
		$parts = array();
		foreach ( $categories as $slug => $allowed ) {
			$parts[] = $slug . ': ' . ( $allowed ? __( 'yes', 'tessera' ) : __( 'no', 'tessera' ) );
		}
		return implode( ', ', $parts );
	}

	/**
	 * The user of a row: the login name, "Visitor" for 0, `#id` for a deleted user.
	 *
	 * @param int $user_id User id.
	 * @return string
	 */
	public static function user_text( int $user_id ): string {
		if ( $user_id <= 0 ) {
			return __( 'Visitor', 'tessera' );
		}
		$user = get_userdata( $user_id );
		return $user ? (string) $user->user_login : '#' . $user_id;
	}

	/**
	 * Neutralises CSV formula injection: a cell that a spreadsheet would read as a formula (starting with `=`,
	 * `+`, `-`, `@`, a tab or a carriage return) gets a leading single quote.
	 *
	 * @param string $value Cell value.
	 * @return string
	 */
	public static function csv_cell( string $value ): string {
		if ( '' !== $value && str_contains( "=+-@\t\r", $value[0] ) ) {
			return "'" . $value;
		}
		return $value;
	}

	/**
	 * Writes every row (oldest first) as CSV with a header line.
	 *
	 * @param resource $handle Writable stream.
	 * @return int Rows written (without the header).
	 */
	public static function write_csv( $handle ): int {
		$columns = array(
			'consent_id'     => __( 'Consent ID', 'tessera' ),
			'created_at'     => __( 'Date', 'tessera' ),
			'law'            => __( 'Law', 'tessera' ),
			'consent'        => __( 'Consent', 'tessera' ),
			'categories'     => __( 'Categories', 'tessera' ),
			'banner_version' => __( 'Banner version', 'tessera' ),
			'user'           => __( 'User', 'tessera' ),
		);
		fputcsv( $handle, array_map( array( self::class, 'csv_cell' ), array_values( $columns ) ), ',', '"', '' );
		$count = 0;
		$after = 0;
		do {
			$rows = LogTable::batch_after( $after, 500 );
			foreach ( $rows as $row ) {
				$cells = array();
				foreach ( array_keys( $columns ) as $column ) {
					$cells[] = self::csv_cell( self::cell_text( $row, $column ) );
				}
				fputcsv( $handle, $cells, ',', '"', '' );
				$after = $row['id'];
				++$count;
			}
		} while ( count( $rows ) === 500 );
		return $count;
	}

	/**
	 * Refuses the request unless the user may manage options and the nonce is right.
	 *
	 * @param string $action Nonce action.
	 * @return void
	 */
	private static function check_request( string $action ): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to manage the consent log.', 'tessera' ), '', array( 'response' => 403 ) );
		}
		check_admin_referer( $action );
	}

	/**
	 * admin-post: streams the CSV download.
	 *
	 * @return void
	 */
	public function download_csv(): void {
		self::check_request( self::CSV_ACTION );
		nocache_headers();
		header( 'Content-Type: text/csv; charset=utf-8' );
		header( 'Content-Disposition: attachment; filename="tessera-consent-log-' . gmdate( 'Y-m-d' ) . '.csv"' );
		header( 'X-Content-Type-Options: nosniff' );
		$output = fopen( 'php://output', 'w' );
		if ( false !== $output ) {
			self::write_csv( $output );
			fclose( $output );
		}
		exit;
	}

	/**
	 * admin-post: saves the retention (whole days 0–36500, 0 = keep forever) and redirects back with a notice.
	 *
	 * @return void
	 */
	public function save_retention(): void {
		self::check_request( self::RETENTION_ACTION );
		$raw    = isset( $_POST['retention_days'] ) && is_string( $_POST['retention_days'] ) ? trim( sanitize_text_field( wp_unslash( $_POST['retention_days'] ) ) ) : '';
		$saved  = 1 === preg_match( '/^\d{1,5}$/', $raw ) && Retention::set_days( (int) $raw );
		$notice = $saved ? 'retention-saved' : 'retention-invalid';
		wp_safe_redirect( self::page_url( array( self::NOTICE_ARG => $notice ) ) );
		exit;
	}

	/**
	 * The page: notice, table with search, CSV link, retention form.
	 *
	 * @return void
	 */
	public function render_page(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		$table = self::list_table();
		$table->prepare_items();

		echo '<div class="wrap">';
		echo '<h1 class="wp-heading-inline">' . esc_html__( 'Consent log', 'tessera' ) . '</h1> ';
		printf(
			'<a class="page-title-action" href="%1$s">%2$s</a>',
			esc_url( wp_nonce_url( admin_url( 'admin-post.php?action=' . self::CSV_ACTION ), self::CSV_ACTION ) ),
			esc_html__( 'Download CSV', 'tessera' )
		);
		echo '<hr class="wp-header-end">';

		$notice = isset( $_GET[ self::NOTICE_ARG ] ) && is_string( $_GET[ self::NOTICE_ARG ] ) ? sanitize_key( $_GET[ self::NOTICE_ARG ] ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- display only.
		if ( 'retention-saved' === $notice ) {
			echo '<div class="notice notice-success is-dismissible"><p>' . esc_html__( 'Retention saved.', 'tessera' ) . '</p></div>';
		} elseif ( 'retention-invalid' === $notice ) {
			echo '<div class="notice notice-error is-dismissible"><p>' . esc_html__( 'The retention must be a whole number of days from 0 to 36500. Nothing was saved.', 'tessera' ) . '</p></div>';
		}

		echo '<p>' . esc_html__( 'Each record is a consent choice a visitor made in the cookie banner (proof of consent). No IP address or browser details are stored.', 'tessera' ) . '</p>';

		echo '<form method="get">';
		printf( '<input type="hidden" name="page" value="%s">', esc_attr( self::PAGE ) );
		$table->search_box( __( 'Search consent ID', 'tessera' ), 'tessera-consent-log-search' );
		$table->display();
		echo '</form>';

		echo '<h2>' . esc_html__( 'Retention', 'tessera' ) . '</h2>';
		printf( '<form method="post" action="%s">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s">', esc_attr( self::RETENTION_ACTION ) );
		wp_nonce_field( self::RETENTION_ACTION );
		echo '<p><label for="tessera-consent-log-retention">' . esc_html__( 'Delete records older than (days)', 'tessera' ) . '</label> ';
		printf(
			'<input type="number" class="small-text" id="tessera-consent-log-retention" name="retention_days" min="0" max="%1$d" step="1" value="%2$d" aria-describedby="tessera-consent-log-retention-help"></p>',
			(int) Retention::MAX_DAYS,
			(int) Retention::days()
		);
		echo '<p class="description" id="tessera-consent-log-retention-help">' . esc_html__( '0 keeps records forever. Older records are deleted once a day.', 'tessera' ) . '</p>';
		submit_button( __( 'Save retention', 'tessera' ) );
		echo '</form>';
		echo '</div>';
	}
}
