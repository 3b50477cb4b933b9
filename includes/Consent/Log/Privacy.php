<?php
/**
 * Personal data export and erasure (Tools → Export / Erase Personal Data) for the consent log: the rows stored
 * for the user with the requested e-mail address.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent\Log;

/**
 * Registers the exporter and the eraser `tessera-consent-log`, both paginated 100 rows per page. Visitors'
 * rows (user id 0) carry no e-mail address and cannot be found: an address without a user finds nothing.
 */
final class Privacy {

	/**
	 * Exporter and eraser id (also the export group id).
	 */
	public const ID = 'tessera-consent-log';

	/**
	 * Rows per page.
	 */
	public const PER_PAGE = 100;

	/**
	 * Hooks the exporter and eraser filters.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'add_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( $this, 'add_eraser' ) );
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
			'exporter_friendly_name' => __( 'Cookie consent log', 'tessera' ),
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
			'eraser_friendly_name' => __( 'Cookie consent log', 'tessera' ),
			'callback'             => array( self::class, 'erase' ),
		);
		return $erasers;
	}

	/**
	 * The user with that e-mail address, 0 when there is none.
	 *
	 * @param string $email E-mail address.
	 * @return int
	 */
	private static function user_id( string $email ): int {
		$user = '' !== trim( $email ) ? get_user_by( 'email', trim( $email ) ) : false;
		return $user ? (int) $user->ID : 0;
	}

	/**
	 * One page of the export.
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  Page from 1.
	 * @return array{data: array<int, array<string, mixed>>, done: bool}
	 */
	public static function export( $email, $page = 1 ): array {
		$user_id = self::user_id( (string) $email );
		if ( 0 === $user_id ) {
			return array(
				'data' => array(),
				'done' => true,
			);
		}
		$rows = LogTable::rows_by_user( $user_id, max( 1, (int) $page ), self::PER_PAGE );
		$data = array();
		foreach ( $rows as $row ) {
			$data[] = array(
				'group_id'    => self::ID,
				'group_label' => __( 'Cookie consent', 'tessera' ),
				'item_id'     => self::ID . '-' . $row['id'],
				'data'        => array(
					array(
						'name'  => __( 'Consent ID', 'tessera' ),
						'value' => $row['consent_id'],
					),
					array(
						'name'  => __( 'Date', 'tessera' ),
						'value' => LogPage::local_date( $row['created_at'] ),
					),
					array(
						'name'  => __( 'Consent', 'tessera' ),
						'value' => $row['consent'],
					),
					array(
						'name'  => __( 'Categories', 'tessera' ),
						'value' => LogPage::categories_text( $row['categories'] ),
					),
					array(
						'name'  => __( 'Banner version', 'tessera' ),
						'value' => $row['banner_version'],
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
	 * Erases up to one page of the user's rows. Rows already erased are gone, so every call deletes the oldest
	 * remaining ones; done when none is left.
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  Page from 1 (not needed: see above).
	 * @return array{items_removed: bool, items_retained: bool, messages: array<int, string>, done: bool}
	 */
	public static function erase( $email, $page = 1 ): array {
		$user_id = self::user_id( (string) $email );
		$removed = 0 === $user_id ? 0 : LogTable::delete_by_user( $user_id, self::PER_PAGE );
		return array(
			'items_removed'  => $removed > 0,
			'items_retained' => false,
			'messages'       => array(),
			'done'           => 0 === $user_id || 0 === LogTable::count_by_user( $user_id ),
		);
	}
}
