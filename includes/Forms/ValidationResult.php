<?php
/**
 * What Validator::validate() answers: the clean values and the errors of a submission.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * An immutable result. `values` and `errors` never share a key: a field is either clean or has an error.
 */
final class ValidationResult {

	/**
	 * Clean values of the visible fields that passed every rule, in field order: a string, or a list of strings
	 * for a checkbox. (PHP turns an all-digit field id such as "12" into an integer key.)
	 *
	 * @var array<string, string|list<string>>
	 */
	public readonly array $values;

	/**
	 * The first failing rule's message of each field that failed, in field order.
	 *
	 * @var array<string, string>
	 */
	public readonly array $errors;

	/**
	 * Creates the result.
	 *
	 * @param array<string, string|list<string>> $values Clean values by field id.
	 * @param array<string, string>              $errors Messages by field id.
	 */
	public function __construct( array $values, array $errors ) {
		$this->values = $values;
		$this->errors = $errors;
	}

	/**
	 * Whether no field failed.
	 *
	 * @return bool
	 */
	public function ok(): bool {
		return array() === $this->errors;
	}

	/**
	 * The errors in the spec's `data.error` shape: a list of single-entry maps, field id => message.
	 *
	 * An entry whose field id is "0" is a PHP list (`[ 0 => message ]`): encode each entry as an object
	 * (`(object) $entry`) where the JSON shape matters.
	 *
	 * @return list<array<string, string>>
	 */
	public function error_list(): array {
		$list = array();
		foreach ( $this->errors as $field_id => $message ) {
			$list[] = array( (string) $field_id => $message );
		}
		return $list;
	}
}
