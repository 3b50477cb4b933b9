<?php
/**
 * The server-side validation of a form submission (docs/forms.md, "Validation"): the same rules, order and
 * messages as the browser (spec §5 Forms), applied to the stored form.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Stateless rules. validate() takes `$_POST['everest_forms']['form_fields']` (unslashed) and answers a
 * ValidationResult; visible() is public because the renderer and the browser evaluate conditions the same way.
 *
 * Choices (where docs/forms.md leaves room):
 * - Only visible fields that pass every rule are in the result's values; a field with an error is in the errors
 *   only. An empty optional field is kept as `''` (a checkbox as `[]`).
 * - A value that is not valid UTF-8 fails its shape ("Please fix this field").
 * - Control characters are removed before trimming; "control characters" are Unicode's Cc (C0, DEL and C1)
 *   except tab and newline, so a CR LF line end is stored as LF.
 * - Trimming removes Unicode white space (as JavaScript's trim() does), not only ASCII.
 * - A checkbox's empty strings are dropped (a hidden `name[]` fallback input posts one).
 * - A confirmed email or password is empty when both inputs are empty; `required` looks at the first input.
 *   Its clean value is the first input.
 * - url: `http://` is prepended before the cap is checked. Valid = an http(s) URL whose host is a dotted IPv4
 *   address or a domain with a top-level label of two letters or more (the browser's jQuery Validation url rule,
 *   without its private-network exclusions), optional user info and port, and no white space.
 * - number: the HTML floating-point number syntax (`-1.5`, `.5`, `1e3`), finite; `{0}` of min/max/step is the
 *   number in its shortest form (`10`, `0.5`).
 * - Conditions: `is`/`is_not` compare exactly; `contains`/`not_contains` ignore case; `greater`/`less` need
 *   two numbers (otherwise the rule is false). On a checkbox, `is` means "this box is checked" and `contains` "a
 *   checked box contains". A rule on a field that comes later reads its posted value; a rule on an unknown field
 *   reads `''`; a hidden field is read as its default value.
 */
final class Validator {

	/**
	 * HTML's `type=email` pattern (WHATWG), plus the 64-character local part checked apart.
	 */
	public const EMAIL_PATTERN = '/^[a-zA-Z0-9.!#$%&\'*+\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/D';

	/**
	 * Longest local part of an email address.
	 */
	public const EMAIL_LOCAL_MAX = 64;

	/**
	 * An http(s) URL (after `http://` was prepended when missing).
	 */
	public const URL_PATTERN = '~^https?://(?:(?:[^\]\[?/<\~#`!@$^&*()+=}|:";\',>{\s]|%[0-9A-Fa-f]{2})+(?::(?:[^\]\[?/<\~#`!@$^&*()+=}|:";\',>{\s]|%[0-9A-Fa-f]{2})*)?@)?(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|(?:(?:[a-z0-9\x{a1}-\x{10ffff}][a-z0-9\x{a1}-\x{10ffff}_-]{0,62})?[a-z0-9\x{a1}-\x{10ffff}]\.)+[a-z\x{a1}-\x{10ffff}]{2,}\.?)(?::\d{2,5})?(?:[/?#]\S*)?$~iuD';

	/**
	 * HTML's valid floating-point number.
	 */
	public const NUMBER_PATTERN = '/^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/D';

	/**
	 * A phone number's characters: digits, parentheses, hyphen, plus and white space.
	 */
	public const PHONE_PATTERN = '/^[0-9()+\-\s]+$/D';

	/**
	 * The generic messages by rule, translated (the browser receives the same set). `{0}` and `{#}` are
	 * replaced by numbers.
	 *
	 * @return array{required: string, email: string, url: string, number: string, confirm: string, check_limit: string, phone: string, min_words: string, min_chars: string, max_chars: string, min: string, max: string, step: string, invalid: string}
	 */
	public static function messages(): array {
		return array(
			'required'    => __( 'This field is required', 'tessera' ),
			'email'       => __( 'Please enter a valid email address', 'tessera' ),
			'url'         => __( 'Please enter a valid URL', 'tessera' ),
			'number'      => __( 'Please enter a valid number', 'tessera' ),
			'confirm'     => __( 'Please enter the same value again', 'tessera' ),
			/* translators: {#}: the number of boxes that may be checked; keep it as is. */
			'check_limit' => __( 'You have exceeded the number of allowed selections: {#}', 'tessera' ),
			'phone'       => __( 'Please enter a valid phone number', 'tessera' ),
			/* translators: {0}: a number of words; keep it as is. */
			'min_words'   => __( 'Please enter at least {0} words', 'tessera' ),
			/* translators: {0}: a number of characters; keep it as is. */
			'min_chars'   => __( 'Please enter at least {0} characters', 'tessera' ),
			/* translators: {0}: a number of characters; keep it as is. */
			'max_chars'   => __( 'Please enter no more than {0} characters', 'tessera' ),
			/* translators: {0}: a number; keep it as is. */
			'min'         => __( 'Please enter a value greater than or equal to {0}', 'tessera' ),
			/* translators: {0}: a number; keep it as is. */
			'max'         => __( 'Please enter a value less than or equal to {0}', 'tessera' ),
			/* translators: {0}: a number; keep it as is. */
			'step'        => __( 'Please enter a multiple of {0}', 'tessera' ),
			'invalid'     => __( 'Please fix this field', 'tessera' ),
		);
	}

	/**
	 * Validates a submission against the stored form.
	 *
	 * @param FormDefinition $form   The stored form.
	 * @param array<mixed>   $posted `$_POST['everest_forms']['form_fields']`, unslashed: field id => value.
	 * @return ValidationResult
	 */
	public static function validate( FormDefinition $form, array $posted ): ValidationResult {
		$visible = self::visible( $form, $posted );
		$values  = array();
		$errors  = array();
		foreach ( $form->fields as $field ) {
			if ( true !== ( $visible[ $field->id ] ?? false ) ) {
				continue;
			}
			if ( 'hidden' === $field->type ) {
				$values[ $field->id ] = $field->default_value;
				continue;
			}
			$raw    = array_key_exists( $field->id, $posted ) ? $posted[ $field->id ] : null;
			$result = self::check( $field, $raw );
			if ( '' === $result['error'] ) {
				$values[ $field->id ] = $result['value'];
			} else {
				$errors[ $field->id ] = $result['error'];
			}
		}
		return new ValidationResult( $values, $errors );
	}

	/**
	 * Which fields are shown, by the posted values: conditions evaluated in field order, a field hidden by its
	 * own conditions counting as empty for the conditions of later fields.
	 *
	 * @param FormDefinition $form   The form.
	 * @param array<mixed>   $values Posted values: field id => value (as validate() receives them).
	 * @return array<string, bool> Field id => shown.
	 */
	public static function visible( FormDefinition $form, array $values ): array {
		$visible = array();
		$known   = array();
		foreach ( $form->fields as $field ) {
			$shown = true;
			if ( null !== $field->conditions ) {
				$met = 'any' !== $field->conditions['match'];
				foreach ( $field->conditions['rules'] as $rule ) {
					if ( array_key_exists( $rule['field'], $known ) ) {
						$operand = $known[ $rule['field'] ];
					} else {
						$other   = $form->field( $rule['field'] );
						$operand = null === $other ? '' : self::condition_value( $other, $values );
					}
					$true = self::rule_met( $operand, $rule['operator'], $rule['value'] );
					if ( 'any' === $field->conditions['match'] && $true ) {
						$met = true;
						break;
					}
					if ( 'any' !== $field->conditions['match'] && ! $true ) {
						$met = false;
						break;
					}
				}
				$shown = 'hide' === $field->conditions['action'] ? ! $met : $met;
			}
			$visible[ $field->id ] = $shown;
			$known[ $field->id ]   = $shown ? self::condition_value( $field, $values ) : ( 'checkbox' === $field->type ? array() : '' );
		}
		return $visible;
	}

	/**
	 * Removes control characters (Unicode Cc other than tab and newline) and trims.
	 *
	 * @param string $value Posted text.
	 * @return string|null Null when the text is not valid UTF-8.
	 */
	public static function clean( string $value ): ?string {
		if ( ! mb_check_encoding( $value, 'UTF-8' ) ) {
			return null;
		}
		return self::trim( (string) preg_replace( '/[^\P{Cc}\t\n]/u', '', $value ) );
	}

	/**
	 * Trims white space, Unicode spaces and the byte order mark included (as JavaScript's trim() does).
	 *
	 * @param string $value Text (UTF-8).
	 * @return string
	 */
	public static function trim( string $value ): string {
		$trimmed = preg_replace( '/^[\s\p{Z}\x{FEFF}]+|[\s\p{Z}\x{FEFF}]+$/uD', '', $value );
		return null === $trimmed ? trim( $value ) : $trimmed;
	}

	/**
	 * A number as messages show it: `10`, `0.5`, `-2.25`.
	 *
	 * @param float $number Number.
	 * @return string
	 */
	public static function format_number( float $number ): string {
		$number += 0.0;
		if ( floor( $number ) === $number && abs( $number ) < 1e21 ) {
			return sprintf( '%.0f', $number + 0.0 );
		}
		// PHP writes 1.0E-7 where JavaScript writes 1e-7.
		return str_replace( array( '.0E', 'E' ), 'e', sprintf( '%.15G', $number ) );
	}

	/**
	 * Whether an email address matches HTML's `type=email` pattern and has a local part of 64 characters or fewer.
	 *
	 * @param string $email Address.
	 * @return bool
	 */
	public static function is_email( string $email ): bool {
		if ( 1 !== preg_match( self::EMAIL_PATTERN, $email ) ) {
			return false;
		}
		return strlen( (string) strstr( $email, '@', true ) ) <= self::EMAIL_LOCAL_MAX;
	}

	/**
	 * Whether a text is a valid URL (with its scheme).
	 *
	 * @param string $url URL.
	 * @return bool
	 */
	public static function is_url( string $url ): bool {
		return 1 === preg_match( self::URL_PATTERN, $url );
	}

	/**
	 * A URL with `http://` prepended when it starts with neither `http://` nor `https://`.
	 *
	 * @param string $url URL as typed.
	 * @return string
	 */
	public static function with_scheme( string $url ): string {
		return 1 === preg_match( '~^https?://~i', $url ) ? $url : 'http://' . $url;
	}

	/**
	 * The number a text holds (HTML's floating-point number syntax, finite), or null.
	 *
	 * @param string $text Text.
	 * @return float|null
	 */
	public static function number( string $text ): ?float {
		if ( 1 !== preg_match( self::NUMBER_PATTERN, $text ) ) {
			return null;
		}
		$number = (float) $text;
		return is_finite( $number ) ? $number : null;
	}

	/**
	 * Validates one visible, non-hidden field.
	 *
	 * @param Field $field The field.
	 * @param mixed $raw   Its posted value (null when not posted).
	 * @return array{value: string|list<string>, error: string} The clean value, and '' or the first failing message.
	 */
	private static function check( Field $field, $raw ): array {
		$messages = self::messages();
		$shaped   = self::shape( $field, $raw );
		if ( null === $shaped ) {
			return self::fail( $messages['invalid'] );
		}

		// Cap (after trimming; a checkbox is bounded by its choices instead).
		if ( 'checkbox' !== $field->type ) {
			foreach ( (array) $shaped as $text ) {
				if ( mb_strlen( $text ) > $field->cap() ) {
					return self::fail( self::fill( $messages['max_chars'], $field->cap() ) );
				}
			}
		}

		// Required.
		$value   = $field->has_confirm() ? $shaped['primary'] : $shaped;
		$missing = '' === $value || array() === $value;
		if ( $missing && $field->required ) {
			return self::fail( '' !== $field->required_message ? $field->required_message : $messages['required'] );
		}
		$empty = $field->has_confirm() ? ( '' === $shaped['primary'] && '' === $shaped['secondary'] ) : $missing;
		if ( $empty ) {
			return array(
				'value' => $value,
				'error' => '',
			);
		}

		// Type rules.
		$error = self::type_error( $field, $shaped );
		if ( '' === $error && $field->is_text_like() && is_string( $value ) ) {
			$error = self::length_error( $field, $value );
		}
		return array(
			'value' => $value,
			'error' => $error,
		);
	}

	/**
	 * Checks the shape of a posted value and cleans it: a string (a url with its scheme), a list of strings
	 * (checkbox) or `{ primary, secondary }` (email, password with confirm). A missing value is empty.
	 *
	 * @param Field $field The field.
	 * @param mixed $raw   Posted value, null when not posted.
	 * @return string|list<string>|array{primary: string, secondary: string}|null Null when the shape is wrong.
	 */
	private static function shape( Field $field, $raw ) {
		if ( 'checkbox' === $field->type ) {
			if ( null === $raw ) {
				return array();
			}
			if ( ! is_array( $raw ) || ! array_is_list( $raw ) ) {
				return null;
			}
			$list = array();
			foreach ( $raw as $item ) {
				$item = is_string( $item ) ? self::clean( $item ) : null;
				if ( null === $item ) {
					return null;
				}
				if ( '' !== $item ) {
					$list[] = $item;
				}
				if ( count( $list ) > count( $field->choices ) ) {
					return null;
				}
			}
			return $list;
		}
		if ( $field->has_confirm() ) {
			if ( null === $raw ) {
				return array(
					'primary'   => '',
					'secondary' => '',
				);
			}
			if ( ! is_array( $raw ) ) {
				return null;
			}
			$pair = array();
			foreach ( array( 'primary', 'secondary' ) as $key ) {
				$text = $raw[ $key ] ?? '';
				$text = is_string( $text ) ? self::clean( $text ) : null;
				if ( null === $text ) {
					return null;
				}
				$pair[ $key ] = $text;
			}
			return $pair;
		}
		if ( null === $raw ) {
			return '';
		}
		$text = is_string( $raw ) ? self::clean( $raw ) : null;
		if ( null !== $text && 'url' === $field->type && '' !== $text ) {
			$text = self::with_scheme( $text );
		}
		return $text;
	}

	/**
	 * The type rule's message, or ''.
	 *
	 * @param Field                                                      $field  The field.
	 * @param string|list<string>|array{primary: string, secondary: string} $shaped The clean value, not empty.
	 * @return string
	 */
	private static function type_error( Field $field, $shaped ): string {
		$messages = self::messages();
		switch ( $field->type ) {
			case 'email':
			case 'password':
				$text = is_array( $shaped ) ? (string) ( $shaped['primary'] ?? '' ) : $shaped;
				if ( 'email' === $field->type && '' !== $text && ! self::is_email( $text ) ) {
					return $messages['email'];
				}
				if ( is_array( $shaped ) && ( $shaped['primary'] ?? '' ) !== ( $shaped['secondary'] ?? '' ) ) {
					return $messages['confirm'];
				}
				return '';
			case 'url':
				return self::is_url( (string) $shaped ) ? '' : $messages['url'];
			case 'number':
				return self::number_error( $field, (string) $shaped );
			case 'phone':
				return ( 1 === preg_match( self::PHONE_PATTERN, (string) $shaped ) && 1 === preg_match( '/[0-9]/', (string) $shaped ) ) ? '' : $messages['phone'];
			case 'select':
			case 'radio':
				return in_array( $shaped, $field->choices, true ) ? '' : $messages['invalid'];
			case 'checkbox':
				$list = (array) $shaped;
				if ( count( array_unique( $list ) ) !== count( $list ) || array() !== array_diff( $list, $field->choices ) ) {
					return $messages['invalid'];
				}
				if ( $field->choice_limit > 0 && count( $list ) > $field->choice_limit ) {
					return self::fill( $messages['check_limit'], $field->choice_limit );
				}
				return '';
			case 'privacy-policy':
				return '1' === $shaped ? '' : $messages['invalid'];
			default:
				return '';
		}
	}

	/**
	 * The number rules' message (valid number, min, max, step), or ''.
	 *
	 * @param Field  $field The number field.
	 * @param string $text  The clean value, not empty.
	 * @return string
	 */
	private static function number_error( Field $field, string $text ): string {
		$messages = self::messages();
		$number   = self::number( $text );
		if ( null === $number ) {
			return $messages['number'];
		}
		if ( null !== $field->min && $number < $field->min ) {
			return self::fill( $messages['min'], $field->min );
		}
		if ( null !== $field->max && $number > $field->max ) {
			return self::fill( $messages['max'], $field->max );
		}
		if ( null !== $field->step_value ) {
			$steps = ( $number - ( $field->min ?? 0.0 ) ) / $field->step_value;
			if ( ! is_finite( $steps ) || abs( $steps - round( $steps ) ) > 1e-9 * max( 1.0, abs( $steps ) ) ) {
				return self::fill( $messages['step'], $field->step_value );
			}
		}
		return '';
	}

	/**
	 * The length rules' message (minWords, then minChars), or ''.
	 *
	 * @param Field  $field The text-like field.
	 * @param string $text  The clean value, not empty.
	 * @return string
	 */
	private static function length_error( Field $field, string $text ): string {
		$messages = self::messages();
		if ( $field->min_words > 0 ) {
			$words = preg_split( '/[\s\p{Z}\x{FEFF}]+/u', $text, -1, PREG_SPLIT_NO_EMPTY );
			if ( ! is_array( $words ) || count( $words ) < $field->min_words ) {
				return self::fill( '' !== $field->min_words_message ? $field->min_words_message : $messages['min_words'], $field->min_words );
			}
		}
		if ( $field->min_chars > 0 && mb_strlen( $text ) < $field->min_chars ) {
			return self::fill( '' !== $field->min_chars_message ? $field->min_chars_message : $messages['min_chars'], $field->min_chars );
		}
		return '';
	}

	/**
	 * The value a field has for the conditions of others: a checkbox's checked boxes, the first input of a
	 * confirmed pair, a hidden field's default, otherwise the posted text ('' when missing or malformed).
	 *
	 * @param Field        $field  The field.
	 * @param array<mixed> $values Posted values.
	 * @return string|list<string>
	 */
	private static function condition_value( Field $field, array $values ) {
		if ( 'hidden' === $field->type ) {
			return self::clean( $field->default_value ) ?? '';
		}
		$raw = array_key_exists( $field->id, $values ) ? $values[ $field->id ] : null;
		if ( 'checkbox' === $field->type ) {
			$list = array();
			foreach ( is_array( $raw ) ? $raw : array() as $item ) {
				$item = is_string( $item ) ? self::clean( $item ) : null;
				if ( null !== $item && '' !== $item ) {
					$list[] = $item;
				}
			}
			return $list;
		}
		if ( $field->has_confirm() && is_array( $raw ) ) {
			$raw = $raw['primary'] ?? null;
		}
		return is_string( $raw ) ? ( self::clean( $raw ) ?? '' ) : '';
	}

	/**
	 * Whether one condition rule holds.
	 *
	 * @param string|list<string> $value    The other field's value.
	 * @param string              $operator One of Field::OPERATORS.
	 * @param string              $operand  The rule's value.
	 * @return bool
	 */
	private static function rule_met( $value, string $operator, string $operand ): bool {
		switch ( $operator ) {
			case 'empty':
				return '' === $value || array() === $value;
			case 'not_empty':
				return '' !== $value && array() !== $value;
			case 'is':
				return is_array( $value ) ? in_array( $operand, $value, true ) : $value === $operand;
			case 'is_not':
				return is_array( $value ) ? ! in_array( $operand, $value, true ) : $value !== $operand;
			case 'contains':
				return self::contains( $value, $operand );
			case 'not_contains':
				return ! self::contains( $value, $operand );
			case 'greater':
			case 'less':
				if ( is_array( $value ) ) {
					return false;
				}
				$left  = self::number( $value );
				$right = self::number( $operand );
				if ( null === $left || null === $right ) {
					return false;
				}
				return 'greater' === $operator ? $left > $right : $left < $right;
			default:
				return false;
		}
	}

	/**
	 * Whether a value (or one of a list's values) contains a text, ignoring case.
	 *
	 * @param string|list<string> $value  Value.
	 * @param string              $needle Text.
	 * @return bool
	 */
	private static function contains( $value, string $needle ): bool {
		$needle = mb_strtolower( $needle );
		foreach ( (array) $value as $item ) {
			if ( str_contains( mb_strtolower( $item ), $needle ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * A message with its placeholders `{0}` and `{#}` replaced by a number.
	 *
	 * @param string    $message Message.
	 * @param int|float $number  Number.
	 * @return string
	 */
	private static function fill( string $message, $number ): string {
		$text = self::format_number( (float) $number );
		return str_replace( array( '{0}', '{#}' ), $text, $message );
	}

	/**
	 * A failed check.
	 *
	 * @param string $message Error message.
	 * @return array{value: string, error: string}
	 */
	private static function fail( string $message ): array {
		return array(
			'value' => '',
			'error' => $message,
		);
	}
}
