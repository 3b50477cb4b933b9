<?php
/**
 * The exception the consent settings validation throws internally; Settings::sanitize() turns it into a WP_Error.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

use RuntimeException;

/**
 * A refused setting: the field's path (for the settings screen) and the translated message that names it.
 */
final class InvalidSetting extends RuntimeException {

	/**
	 * Path of the refused field, e.g. `providers[2].re` (0-based indices), or '' when unknown yet.
	 *
	 * @var string
	 */
	private string $field;

	/**
	 * Builds the exception.
	 *
	 * @param string $field   Path of the field.
	 * @param string $message Translated message naming the field.
	 */
	public function __construct( string $field, string $message ) {
		parent::__construct( $message );
		$this->field = $field;
	}

	/**
	 * Path of the refused field.
	 *
	 * @return string
	 */
	public function field(): string {
		return $this->field;
	}
}
