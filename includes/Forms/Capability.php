<?php
/**
 * Who may read form entries (the entries screen, the PDF of any entry, CSV): `manage_options` by default, changed
 * with the filter `tessera_forms_entries_capability`.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * The capability of the entries, in one place.
 */
final class Capability {

	/**
	 * The capability when no filter changes it.
	 */
	public const DEFAULT_CAPABILITY = 'manage_options';

	/**
	 * The filter that changes it (answers a capability name).
	 */
	public const FILTER = 'tessera_forms_entries_capability';

	/**
	 * The capability needed to read, export and delete form entries.
	 *
	 * @return string A capability name (the default when the filter answers anything but a non-empty string).
	 */
	public static function entries(): string {
		$capability = apply_filters( self::FILTER, self::DEFAULT_CAPABILITY );
		return is_string( $capability ) && '' !== trim( $capability ) ? $capability : self::DEFAULT_CAPABILITY;
	}

	/**
	 * Whether the current user may read form entries.
	 *
	 * @return bool
	 */
	public static function current_user_can_manage(): bool {
		return current_user_can( self::entries() );
	}
}
