<?php
/**
 * Privacy for form entries: core's personal data exporter and eraser (Tools → Export / Erase Personal Data) and the
 * suggested privacy-policy text. An entry belongs to an e-mail address when one of its values is exactly that
 * address (Entries::find_by_value(), case-insensitive with the database's collation).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Registers the exporter and eraser `tessera-form-entries` (PER_PAGE entries a page) and the policy text.
 *
 * Choices:
 * - The export lists every entry as one item of the group "Form entries": the form's title, the date (site time
 *   zone) and every value — values of fields the form no longer has too (labelled with the field id) — but never a
 *   password. Values are plain text as typed; core filters the HTML report it builds from them.
 * - Erasing deletes the whole entry (its values are what the person sent; nothing of it is kept). Each page takes
 *   the first PER_PAGE entries still matching (the ones before are gone); when an entry cannot be deleted the
 *   eraser reports it retained and stops, so that core never loops on it.
 */
final class Privacy {

	/**
	 * Exporter and eraser id (also the export group id).
	 */
	public const ID = 'tessera-form-entries';

	/**
	 * Entries per page.
	 */
	public const PER_PAGE = 20;

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
			'exporter_friendly_name' => __( 'Form entries', 'tessera' ),
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
			'eraser_friendly_name' => __( 'Form entries', 'tessera' ),
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
			__( 'Tessera forms', 'tessera' ),
			wp_kses_post(
				'<p>' . __( 'When you send a form on this site, what you entered is stored as an entry with the date and the page you sent it from, and may be e-mailed to the site’s staff. Your IP address is not stored. Entries are kept until the site’s staff delete them, or for the retention period the site has set. You can ask for an export or the deletion of the entries that contain your e-mail address.', 'tessera' ) . '</p>'
			)
		);
	}

	/**
	 * One page of the export: the entries holding the e-mail address.
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  Page from 1.
	 * @return array{data: list<array{group_id: string, group_label: string, group_description: string, item_id: string, data: list<array{name: string, value: string}>}>, done: bool}
	 */
	public static function export( $email, $page = 1 ): array {
		$email = trim( (string) $email );
		if ( '' === $email ) {
			return array(
				'data' => array(),
				'done' => true,
			);
		}
		$ids   = Entries::find_by_value( $email, self::PER_PAGE, ( max( 1, (int) $page ) - 1 ) * self::PER_PAGE );
		$forms = array();
		$data  = array();
		foreach ( $ids as $id ) {
			$entry = Entries::get( $id );
			if ( null === $entry ) {
				continue;
			}
			$form_id = $entry['form_id'];
			if ( ! array_key_exists( $form_id, $forms ) ) {
				$forms[ $form_id ] = FormDefinition::from_post( $form_id );
			}
			$form  = $forms[ $form_id ];
			$items = array(
				array(
					'name'  => __( 'Form', 'tessera' ),
					'value' => EntryText::title( $form ),
				),
				array(
					'name'  => __( 'Submitted', 'tessera' ),
					'value' => EntryText::date( $entry['created_at'] ),
				),
			);
			foreach ( EntryText::rows( $form, $entry['values'], true ) as $row ) {
				$items[] = array(
					'name'  => $row['label'],
					'value' => $row['value'],
				);
			}
			$data[] = array(
				'group_id'          => self::ID,
				'group_label'       => __( 'Form entries', 'tessera' ),
				'group_description' => __( 'What you sent with the forms of this site.', 'tessera' ),
				'item_id'           => 'tessera-form-entry-' . $entry['id'],
				'data'              => $items,
			);
		}
		return array(
			'data' => $data,
			'done' => count( $ids ) < self::PER_PAGE,
		);
	}

	/**
	 * Deletes the entries holding the e-mail address, PER_PAGE at a time (each page takes the first ones still
	 * matching: those of the pages before are gone).
	 *
	 * @param string $email E-mail address.
	 * @param int    $page  Page from 1 (unused: see above).
	 * @return array{items_removed: int, items_retained: int, messages: list<string>, done: bool}
	 */
	public static function erase( $email, $page = 1 ): array {
		unset( $page );
		$email    = trim( (string) $email );
		$ids      = '' === $email ? array() : Entries::find_by_value( $email, self::PER_PAGE, 0 );
		$removed  = 0;
		$retained = 0;
		foreach ( $ids as $id ) {
			if ( Entries::delete( $id ) ) {
				++$removed;
			} else {
				++$retained;
			}
		}
		$messages = array();
		if ( $removed > 0 ) {
			/* translators: %d: number of form entries. */
			$messages[] = sprintf( _n( '%d form entry was deleted.', '%d form entries were deleted.', $removed, 'tessera' ), $removed );
		}
		if ( $retained > 0 ) {
			/* translators: %d: number of form entries. */
			$messages[] = sprintf( _n( '%d form entry could not be deleted. Please try again.', '%d form entries could not be deleted. Please try again.', $retained, 'tessera' ), $retained );
		}
		return array(
			'items_removed'  => $removed,
			'items_retained' => $retained,
			'messages'       => $messages,
			'done'           => $retained > 0 || count( $ids ) < self::PER_PAGE,
		);
	}
}
