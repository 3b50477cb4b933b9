<?php
/**
 * Privacy for visitor statistics: the suggested privacy-policy text, and personal data export and erasure
 * (Tools → Export / Erase Personal Data) for the one place where something personal can end up: custom event
 * data that a site's own code sends with `window.tessera.track()` (e.g. an e-mail address in a sign-up event).
 *
 * Nothing else the statistics keep is personal: no IP address, no user agent, no user ID; a visitor is a hash
 * with a salt that changes every day and is then deleted, so yesterday's rows cannot be tied to anyone.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Registers the exporter and eraser `tessera-stats-events` (100 rows a page) and the policy text.
 */
final class Privacy {

	/**
	 * Exporter and eraser id (also the export group id).
	 */
	public const ID = 'tessera-stats-events';

	/**
	 * Rows per page.
	 */
	public const PER_PAGE = 100;

	/**
	 * Hooks the exporter, the eraser and the policy text.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'add_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( $this, 'add_eraser' ) );
		add_action( 'admin_init', array( $this, 'add_policy_text' ) );
	}

	/**
	 * Adds the exporter.
	 *
	 * @param mixed $exporters Registered exporters.
	 * @return array<string, mixed>
	 */
	public function add_exporter( $exporters ): array {
		$exporters             = is_array( $exporters ) ? $exporters : array();
		$exporters[ self::ID ] = array(
			'exporter_friendly_name' => __( 'Statistics: custom events', 'tessera' ),
			'callback'               => array( self::class, 'export' ),
		);
		return $exporters;
	}

	/**
	 * Adds the eraser.
	 *
	 * @param mixed $erasers Registered erasers.
	 * @return array<string, mixed>
	 */
	public function add_eraser( $erasers ): array {
		$erasers             = is_array( $erasers ) ? $erasers : array();
		$erasers[ self::ID ] = array(
			'eraser_friendly_name' => __( 'Statistics: custom events', 'tessera' ),
			'callback'             => array( self::class, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * The suggested text of Settings → Privacy → Policy guide.
	 *
	 * @return void
	 */
	public function add_policy_text(): void {
		if ( ! function_exists( 'wp_add_privacy_policy_content' ) ) {
			return;
		}
		wp_add_privacy_policy_content(
			__( 'Tessera visitor statistics', 'tessera' ),
			wp_kses_post(
				'<p>' . __( 'This site counts visits to its pages without cookies. For each visit your browser sends the address of the page, the address of the page you came from and, while the page is open, a signal about once a minute. We do not store your IP address or your browser’s full user agent: a visit is counted with a code computed from them and a key that changes every day and is then deleted, so visits cannot be linked to you or to each other across days. We keep the name of your browser, operating system and device type, the links to other sites and the files you click, counted per day.', 'tessera' ) . '</p>'
			)
		);
	}

	/**
	 * Custom event rows whose data holds the e-mail address, a page of them.
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  Page from 1.
	 * @return array<int, array{day: string, name: string, target: string, count: int}>
	 */
	private static function rows( string $email, int $page ): array {
		global $wpdb;
		$email = trim( $email );
		if ( '' === $email || ! Schema::exists( 'events' ) ) {
			return array();
		}
		$table = Schema::table( 'events' );
		$rows  = $wpdb->get_results( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- own table, no cache for an export.
			$wpdb->prepare(
				"SELECT day, name, target, count FROM {$table} WHERE kind = 'custom' AND target LIKE %s ORDER BY day, name LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
				'%' . $wpdb->esc_like( $email ) . '%',
				self::PER_PAGE,
				( max( 1, $page ) - 1 ) * self::PER_PAGE
			),
			ARRAY_A
		);
		$out = array();
		foreach ( (array) $rows as $row ) {
			$out[] = array(
				'day'    => (string) $row['day'],
				'name'   => (string) $row['name'],
				'target' => (string) $row['target'],
				'count'  => (int) $row['count'],
			);
		}
		return $out;
	}

	/**
	 * One page of the export.
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  Page from 1.
	 * @return array{data: array<int, array<string, mixed>>, done: bool}
	 */
	public static function export( $email, $page = 1 ): array {
		$rows = self::rows( (string) $email, (int) $page );
		$data = array();
		foreach ( $rows as $row ) {
			$data[] = array(
				'group_id'    => self::ID,
				'group_label' => __( 'Statistics: custom events', 'tessera' ),
				'item_id'     => 'tessera-stats-event-' . md5( $row['day'] . '|' . $row['name'] . '|' . $row['target'] ),
				'data'        => array(
					array(
						'name'  => __( 'Day', 'tessera' ),
						'value' => $row['day'],
					),
					array(
						'name'  => __( 'Event', 'tessera' ),
						'value' => $row['name'],
					),
					array(
						'name'  => __( 'Event data', 'tessera' ),
						'value' => $row['target'],
					),
					array(
						'name'  => __( 'Count', 'tessera' ),
						'value' => (string) $row['count'],
					),
				),
			);
		}
		return array(
			'data' => $data,
			'done' => count( $rows ) < self::PER_PAGE,
		);
	}

	/**
	 * Erases the custom event rows whose data holds the e-mail address (a page at a time: the next page is the
	 * first one again, as the rows are gone).
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  Page from 1 (unused: see above).
	 * @return array{items_removed: int, items_retained: int, messages: string[], done: bool}
	 */
	public static function erase( $email, $page = 1 ): array {
		global $wpdb;
		unset( $page );
		$removed = 0;
		$rows    = self::rows( (string) $email, 1 );
		$table   = Schema::table( 'events' );
		foreach ( $rows as $row ) {
			$removed += (int) $wpdb->query( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- own table.
				$wpdb->prepare(
					"DELETE FROM {$table} WHERE day = %s AND kind = 'custom' AND name = %s AND target_hash = %s", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
					$row['day'],
					$row['name'],
					md5( $row['target'] )
				)
			);
		}
		return array(
			'items_removed'  => $removed,
			'items_retained' => 0,
			'messages'       => array(),
			'done'           => count( $rows ) < self::PER_PAGE,
		);
	}
}
