<?php
/**
 * One field of a form (docs/forms.md, "Field model"): the attributes of a `tessera/field` block, checked and
 * normalised once, so that the validator, the renderer and the entries screen read typed values only.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * An immutable field. Built only by from_block(), which refuses a block without a usable id or type.
 *
 * Choices:
 * - A block without a `type` attribute is a text field: parse_blocks() leaves out attributes that equal their
 *   default, and `text` is the default variation. A `type` that is present but unknown (or not a string) refuses
 *   the field.
 * - Every attribute of the wrong type falls back to its default (`''`, `false`, `0`, `null`, `[]`); negative
 *   counts become 0; `min`, `max` and `step` must be finite numbers and `step` must be greater than 0.
 * - Conditions keep only well-formed rules (a valid field id, a known operator, a string or number value); a
 *   condition without any such rule is no condition (null).
 */
final class Field {

	/**
	 * The field types of this increment (the `tessera/field` block's `type` attribute).
	 */
	public const TYPES = array( 'text', 'textarea', 'email', 'password', 'url', 'number', 'phone', 'select', 'radio', 'checkbox', 'privacy-policy', 'hidden' );

	/**
	 * Types whose value is one (or, for checkbox, several) of `choices`.
	 */
	public const CHOICE_TYPES = array( 'select', 'radio', 'checkbox' );

	/**
	 * Types a visitor types text into: the length rules (minWords, minChars) apply to them.
	 */
	public const TEXT_LIKE_TYPES = array( 'text', 'textarea', 'email', 'password', 'url', 'phone', 'number' );

	/**
	 * Operators of a condition rule.
	 */
	public const OPERATORS = array( 'is', 'is_not', 'contains', 'not_contains', 'empty', 'not_empty', 'greater', 'less' );

	/**
	 * A field id (the spec's `field-id`).
	 */
	public const ID_PATTERN = '/^[A-Za-z0-9_-]{1,40}$/';

	/**
	 * Longest value of a textarea, in characters.
	 */
	public const CAP_TEXTAREA = 20000;

	/**
	 * Longest value of every other type, in characters.
	 */
	public const CAP_DEFAULT = 1000;

	/**
	 * The block attributes the model names (everything else goes to `extra`).
	 */
	private const KNOWN = array( 'id', 'type', 'label', 'description', 'placeholder', 'required', 'requiredMessage', 'confirm', 'minWords', 'minChars', 'maxChars', 'minWordsMessage', 'minCharsMessage', 'choices', 'choiceLimit', 'selectAll', 'min', 'max', 'step', 'defaultValue', 'conditions' );

	/**
	 * Field id, unique in the form: `[A-Za-z0-9_-]{1,40}`.
	 *
	 * @var string
	 */
	public readonly string $id;

	/**
	 * One of TYPES.
	 *
	 * @var string
	 */
	public readonly string $type;

	/**
	 * Label, as shown.
	 *
	 * @var string
	 */
	public readonly string $label;

	/**
	 * Help text under the input.
	 *
	 * @var string
	 */
	public readonly string $description;

	/**
	 * Placeholder of the input.
	 *
	 * @var string
	 */
	public readonly string $placeholder;

	/**
	 * Whether a value is required.
	 *
	 * @var bool
	 */
	public readonly bool $required;

	/**
	 * The spec's `required-field-message`; '' = the generic one.
	 *
	 * @var string
	 */
	public readonly string $required_message;

	/**
	 * Email and password: a second input must repeat the first.
	 *
	 * @var bool
	 */
	public readonly bool $confirm;

	/**
	 * Fewest words (0 = no rule).
	 *
	 * @var int
	 */
	public readonly int $min_words;

	/**
	 * Fewest characters (0 = no rule).
	 *
	 * @var int
	 */
	public readonly int $min_chars;

	/**
	 * Most characters (0 = the type's cap).
	 *
	 * @var int
	 */
	public readonly int $max_chars;

	/**
	 * Message of the minWords rule; '' = generic.
	 *
	 * @var string
	 */
	public readonly string $min_words_message;

	/**
	 * Message of the minChars rule; '' = generic.
	 *
	 * @var string
	 */
	public readonly string $min_chars_message;

	/**
	 * Values offered by select, radio and checkbox (label = value): trimmed, non-empty, unique.
	 *
	 * @var list<string>
	 */
	public readonly array $choices;

	/**
	 * Checkbox: most boxes checked (the spec's `data-choice-limit`), 0 = no limit.
	 *
	 * @var int
	 */
	public readonly int $choice_limit;

	/**
	 * Checkbox: show a "select all" box (not a value).
	 *
	 * @var bool
	 */
	public readonly bool $select_all;

	/**
	 * Number: smallest value.
	 *
	 * @var float|null
	 */
	public readonly ?float $min;

	/**
	 * Number: largest value.
	 *
	 * @var float|null
	 */
	public readonly ?float $max;

	/**
	 * Number: the step (the block's `step` attribute), greater than 0.
	 *
	 * @var float|null
	 */
	public readonly ?float $step_value;

	/**
	 * Hidden: the value; others: prefilled.
	 *
	 * @var string
	 */
	public readonly string $default_value;

	/**
	 * When the field is shown, or null (always).
	 *
	 * @var array{action: string, match: string, rules: list<array{field: string, operator: string, value: string}>}|null
	 */
	public readonly ?array $conditions;

	/**
	 * The form step the field is on (from 0).
	 *
	 * @var int
	 */
	public readonly int $step;

	/**
	 * Block attributes the model does not name.
	 *
	 * @var array<string, mixed>
	 */
	public readonly array $extra;

	/**
	 * Sets every property (values already checked by from_block()).
	 *
	 * @param array<string, mixed> $props Property name => value, for every property.
	 */
	private function __construct( array $props ) {
		$this->id                = $props['id'];
		$this->type              = $props['type'];
		$this->label             = $props['label'];
		$this->description       = $props['description'];
		$this->placeholder       = $props['placeholder'];
		$this->required          = $props['required'];
		$this->required_message  = $props['required_message'];
		$this->confirm           = $props['confirm'];
		$this->min_words         = $props['min_words'];
		$this->min_chars         = $props['min_chars'];
		$this->max_chars         = $props['max_chars'];
		$this->min_words_message = $props['min_words_message'];
		$this->min_chars_message = $props['min_chars_message'];
		$this->choices           = $props['choices'];
		$this->choice_limit      = $props['choice_limit'];
		$this->select_all        = $props['select_all'];
		$this->min               = $props['min'];
		$this->max               = $props['max'];
		$this->step_value        = $props['step_value'];
		$this->default_value     = $props['default_value'];
		$this->conditions        = $props['conditions'];
		$this->step              = $props['step'];
		$this->extra             = $props['extra'];
	}

	/**
	 * Builds a field from a `tessera/field` block's attributes.
	 *
	 * @param array<mixed> $attrs The block's attributes (`attrs` of parse_blocks()).
	 * @param int          $step  The form step the block is on.
	 * @return Field|null Null when the id or the type is unusable.
	 */
	public static function from_block( array $attrs, int $step ): ?Field {
		$id = $attrs['id'] ?? null;
		if ( ! self::valid_id( $id ) ) {
			return null;
		}
		$type = array_key_exists( 'type', $attrs ) ? $attrs['type'] : 'text';
		if ( ! is_string( $type ) || ! in_array( $type, self::TYPES, true ) ) {
			return null;
		}

		$extra = array();
		foreach ( $attrs as $key => $value ) {
			if ( ! in_array( $key, self::KNOWN, true ) ) {
				$extra[ (string) $key ] = $value;
			}
		}

		return new self(
			array(
				'id'                => $id,
				'type'              => $type,
				'label'             => self::string_attr( $attrs, 'label' ),
				'description'       => self::string_attr( $attrs, 'description' ),
				'placeholder'       => self::string_attr( $attrs, 'placeholder' ),
				'required'          => self::bool_attr( $attrs, 'required' ),
				'required_message'  => self::string_attr( $attrs, 'requiredMessage' ),
				'confirm'           => self::bool_attr( $attrs, 'confirm' ),
				'min_words'         => self::count_attr( $attrs, 'minWords' ),
				'min_chars'         => self::count_attr( $attrs, 'minChars' ),
				'max_chars'         => self::count_attr( $attrs, 'maxChars' ),
				'min_words_message' => self::string_attr( $attrs, 'minWordsMessage' ),
				'min_chars_message' => self::string_attr( $attrs, 'minCharsMessage' ),
				'choices'           => self::choices_attr( $attrs['choices'] ?? null ),
				'choice_limit'      => self::count_attr( $attrs, 'choiceLimit' ),
				'select_all'        => self::bool_attr( $attrs, 'selectAll' ),
				'min'               => self::number_attr( $attrs, 'min' ),
				'max'               => self::number_attr( $attrs, 'max' ),
				'step_value'        => self::step_attr( $attrs['step'] ?? null ),
				'default_value'     => self::string_attr( $attrs, 'defaultValue' ),
				'conditions'        => self::conditions_attr( $attrs['conditions'] ?? null ),
				'step'              => max( 0, $step ),
				'extra'             => $extra,
			)
		);
	}

	/**
	 * Whether a value is a valid field id.
	 *
	 * @param mixed $id Candidate.
	 * @return bool
	 */
	public static function valid_id( $id ): bool {
		return is_string( $id ) && 1 === preg_match( self::ID_PATTERN, $id );
	}

	/**
	 * The longest value, in characters: 20,000 for a textarea, 1,000 for every other type, lowered by maxChars.
	 *
	 * @return int
	 */
	public function cap(): int {
		$cap = 'textarea' === $this->type ? self::CAP_TEXTAREA : self::CAP_DEFAULT;
		return $this->max_chars > 0 ? min( $cap, $this->max_chars ) : $cap;
	}

	/**
	 * Whether the value is one (or several) of `choices`: select, radio, checkbox.
	 *
	 * @return bool
	 */
	public function is_choice(): bool {
		return in_array( $this->type, self::CHOICE_TYPES, true );
	}

	/**
	 * Whether the length rules apply: text, textarea, email, password, url, phone, number.
	 *
	 * @return bool
	 */
	public function is_text_like(): bool {
		return in_array( $this->type, self::TEXT_LIKE_TYPES, true );
	}

	/**
	 * Whether the value is posted as `{ primary, secondary }`: email and password with confirm.
	 *
	 * @return bool
	 */
	public function has_confirm(): bool {
		return $this->confirm && in_array( $this->type, array( 'email', 'password' ), true );
	}

	/**
	 * The input's name: `everest_forms[form_fields][{id}]`, with `[]` for a checkbox (a confirmed email or
	 * password adds `[primary]` and `[secondary]` to it).
	 *
	 * @return string
	 */
	public function posted_name(): string {
		return 'everest_forms[form_fields][' . $this->id . ']' . ( 'checkbox' === $this->type ? '[]' : '' );
	}

	/**
	 * A string attribute ('' when missing or not a string).
	 *
	 * @param array<mixed> $attrs Attributes.
	 * @param string       $key   Attribute.
	 * @return string
	 */
	private static function string_attr( array $attrs, string $key ): string {
		$value = $attrs[ $key ] ?? '';
		return is_string( $value ) ? $value : '';
	}

	/**
	 * A boolean attribute (false when missing or not a boolean).
	 *
	 * @param array<mixed> $attrs Attributes.
	 * @param string       $key   Attribute.
	 * @return bool
	 */
	private static function bool_attr( array $attrs, string $key ): bool {
		return true === ( $attrs[ $key ] ?? false );
	}

	/**
	 * A count attribute: an integer (or a float without fraction, as JSON may give one), at least 0; 0 when missing
	 * or of another type.
	 *
	 * @param array<mixed> $attrs Attributes.
	 * @param string       $key   Attribute.
	 * @return int
	 */
	private static function count_attr( array $attrs, string $key ): int {
		$value = $attrs[ $key ] ?? 0;
		if ( is_float( $value ) && is_finite( $value ) && floor( $value ) === $value && abs( $value ) < PHP_INT_MAX ) {
			$value = (int) $value;
		}
		return is_int( $value ) ? max( 0, $value ) : 0;
	}

	/**
	 * A number attribute: a finite int or float, or null.
	 *
	 * @param array<mixed> $attrs Attributes.
	 * @param string       $key   Attribute.
	 * @return float|null
	 */
	private static function number_attr( array $attrs, string $key ): ?float {
		$value = $attrs[ $key ] ?? null;
		if ( ! is_int( $value ) && ! is_float( $value ) ) {
			return null;
		}
		$value = (float) $value;
		return is_finite( $value ) ? $value : null;
	}

	/**
	 * The number step: a finite number greater than 0, or null.
	 *
	 * @param mixed $value Attribute value.
	 * @return float|null
	 */
	private static function step_attr( $value ): ?float {
		$step = self::number_attr( array( 'step' => $value ), 'step' );
		return ( null !== $step && $step > 0 ) ? $step : null;
	}

	/**
	 * The choices: strings only, trimmed, without empty ones and repeats, in their order.
	 *
	 * @param mixed $value Attribute value.
	 * @return list<string>
	 */
	private static function choices_attr( $value ): array {
		if ( ! is_array( $value ) ) {
			return array();
		}
		$choices = array();
		foreach ( $value as $choice ) {
			if ( ! is_string( $choice ) ) {
				continue;
			}
			$choice = self::trim( $choice );
			if ( '' !== $choice && ! in_array( $choice, $choices, true ) ) {
				$choices[] = $choice;
			}
		}
		return $choices;
	}

	/**
	 * The conditions, normalised: `{ action: show|hide, match: all|any, rules: [ { field, operator, value } ] }`
	 * (action `show` and match `all` when missing or unknown), or null when there is no usable rule.
	 *
	 * @param mixed $value Attribute value.
	 * @return array{action: string, match: string, rules: list<array{field: string, operator: string, value: string}>}|null
	 */
	private static function conditions_attr( $value ): ?array {
		if ( ! is_array( $value ) || ! is_array( $value['rules'] ?? null ) ) {
			return null;
		}
		$rules = array();
		foreach ( $value['rules'] as $rule ) {
			if ( ! is_array( $rule ) || ! self::valid_id( $rule['field'] ?? null ) ) {
				continue;
			}
			$operator = $rule['operator'] ?? null;
			if ( ! is_string( $operator ) || ! in_array( $operator, self::OPERATORS, true ) ) {
				continue;
			}
			$operand = $rule['value'] ?? '';
			if ( is_int( $operand ) || ( is_float( $operand ) && is_finite( $operand ) ) ) {
				$operand = Validator::format_number( (float) $operand );
			}
			if ( ! is_string( $operand ) ) {
				continue;
			}
			$rules[] = array(
				'field'    => $rule['field'],
				'operator' => $operator,
				'value'    => self::trim( $operand ),
			);
		}
		if ( array() === $rules ) {
			return null;
		}
		$action = $value['action'] ?? 'show';
		$match  = $value['match'] ?? 'all';
		return array(
			'action' => 'hide' === $action ? 'hide' : 'show',
			'match'  => 'any' === $match ? 'any' : 'all',
			'rules'  => $rules,
		);
	}

	/**
	 * Trims white space, Unicode spaces included (as JavaScript's String.prototype.trim() does).
	 *
	 * @param string $value Text.
	 * @return string
	 */
	private static function trim( string $value ): string {
		return Validator::trim( $value );
	}
}
