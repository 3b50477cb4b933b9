<?php
/**
 * The forms field model and the server-side validator (docs/forms.md, "Field model" and "Validation"): block
 * attributes to Field, parsed blocks and posts to FormDefinition, settings sanitising, and every validation rule,
 * its order and its message.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\Field;
use Tessera\Forms\FormDefinition;
use Tessera\Forms\ValidationResult;
use Tessera\Forms\Validator;

/**
 * Pure logic, except from_post() (a real post and its meta).
 */
final class FormsValidatorTest extends TestCase {

	/**
	 * A parsed `tessera/field` block.
	 *
	 * @param array<string, mixed> $attrs Attributes.
	 * @return array<string, mixed>
	 */
	private static function field_block( array $attrs ): array {
		return self::block( 'tessera/field', $attrs );
	}

	/**
	 * A parsed block, as parse_blocks() gives it.
	 *
	 * @param string|null              $name  Block name.
	 * @param array<string, mixed>     $attrs Attributes.
	 * @param array<int, array<mixed>> $inner Inner blocks.
	 * @return array<string, mixed>
	 */
	private static function block( ?string $name, array $attrs = array(), array $inner = array() ): array {
		return array(
			'blockName'    => $name,
			'attrs'        => $attrs,
			'innerBlocks'  => $inner,
			'innerHTML'    => '',
			'innerContent' => array_fill( 0, count( $inner ), null ),
		);
	}

	/**
	 * A form of these fields (block attributes), in one step.
	 *
	 * @param array<int, array<string, mixed>> $fields   Field attributes.
	 * @param array<string, mixed>             $settings Settings.
	 * @return FormDefinition
	 */
	private static function form( array $fields, array $settings = array() ): FormDefinition {
		return FormDefinition::from_blocks( 7, array_map( array( self::class, 'field_block' ), $fields ), $settings, 'Contact' );
	}

	/**
	 * Validates one posted value against a one-field form whose field is `f`.
	 *
	 * @param array<string, mixed> $attrs Field attributes (id `f` unless given).
	 * @param mixed                $value Posted value; null = not posted.
	 * @return ValidationResult
	 */
	private static function submit_one( array $attrs, $value ): ValidationResult {
		$form = self::form( array( $attrs + array( 'id' => 'f' ) ) );
		return Validator::validate( $form, null === $value ? array() : array( 'f' => $value ) );
	}

	/**
	 * The error of one field, '' when it passed.
	 *
	 * @param array<string, mixed> $attrs Field attributes.
	 * @param mixed                $value Posted value.
	 * @return string
	 */
	private static function error( array $attrs, $value ): string {
		$result = self::submit_one( $attrs, $value );
		return $result->errors['f'] ?? '';
	}

	/**
	 * Asserts that one field passes and its clean value.
	 *
	 * @param array<string, mixed> $attrs    Field attributes.
	 * @param mixed                $value    Posted value.
	 * @param string|string[]      $expected Clean value.
	 * @param string               $message  Assertion message.
	 * @return void
	 */
	private function assertClean( array $attrs, $value, $expected, string $message = '' ): void {
		$result = self::submit_one( $attrs, $value );
		$this->assertSame( array(), $result->errors, $message );
		$this->assertTrue( $result->ok(), $message );
		$this->assertSame( array( 'f' => $expected ), $result->values, $message );
	}

	/**
	 * Asserts that one field fails with a message and keeps no value.
	 *
	 * @param array<string, mixed> $attrs    Field attributes.
	 * @param mixed                $value    Posted value.
	 * @param string               $expected Message.
	 * @param string               $message  Assertion message.
	 * @return void
	 */
	private function assertFails( array $attrs, $value, string $expected, string $message = '' ): void {
		$result = self::submit_one( $attrs, $value );
		$this->assertFalse( $result->ok(), $message );
		$this->assertSame( array( 'f' => $expected ), $result->errors, $message );
		$this->assertSame( array(), $result->values, $message . ' (no value kept)' );
	}

	/**
	 * The generic messages are exactly the spec's English texts, keyed by rule.
	 *
	 * @return void
	 */
	public function test_messages_are_the_spec_texts(): void {
		$this->assertSame(
			array(
				'required'    => 'This field is required',
				'email'       => 'Please enter a valid email address',
				'url'         => 'Please enter a valid URL',
				'number'      => 'Please enter a valid number',
				'confirm'     => 'Please enter the same value again',
				'check_limit' => 'You have exceeded the number of allowed selections: {#}',
				'phone'       => 'Please enter a valid phone number',
				'min_words'   => 'Please enter at least {0} words',
				'min_chars'   => 'Please enter at least {0} characters',
				'max_chars'   => 'Please enter no more than {0} characters',
				'min'         => 'Please enter a value greater than or equal to {0}',
				'max'         => 'Please enter a value less than or equal to {0}',
				'step'        => 'Please enter a multiple of {0}',
				'invalid'     => 'Please fix this field',
			),
			Validator::messages()
		);
	}

	/**
	 * Messages and default settings go through the `tessera` text domain.
	 *
	 * @return void
	 */
	public function test_messages_and_default_settings_are_translatable(): void {
		$this->add_test_filter(
			'gettext',
			static function ( $translation, $text, $domain ) {
				if ( 'tessera' !== $domain ) {
					return $translation;
				}
				$map = array(
					'This field is required'                   => 'Dieses Feld ist ein Pflichtfeld',
					'Please enter no more than {0} characters' => 'Bitte geben Sie höchstens {0} Zeichen ein',
					'Submit'                                   => 'Senden',
				);
				return $map[ $text ] ?? $translation;
			},
			10,
			3
		);
		$this->assertSame( 'Dieses Feld ist ein Pflichtfeld', Validator::messages()['required'] );
		$this->assertSame( 'Dieses Feld ist ein Pflichtfeld', self::error( array( 'required' => true ), '' ) );
		$this->assertSame( 'Bitte geben Sie höchstens 5 Zeichen ein', self::error( array( 'maxChars' => 5 ), 'abcdef' ) );
		$this->assertSame( 'Senden', FormDefinition::default_settings()['submitLabel'] );
		$this->assertSame( 'Senden', self::form( array() )->settings['submitLabel'] );
	}

	/**
	 * Every block attribute maps to its property; unknown ones go to `extra`.
	 *
	 * @return void
	 */
	public function test_field_from_block_maps_every_attribute(): void {
		$field = Field::from_block(
			array(
				'id'              => 'email_1',
				'type'            => 'email',
				'label'           => 'Your email',
				'description'     => 'We reply here',
				'placeholder'     => 'you@example.com',
				'required'        => true,
				'requiredMessage' => 'We need it',
				'confirm'         => true,
				'minWords'        => 1,
				'minChars'        => 6,
				'maxChars'        => 200,
				'minWordsMessage' => 'Words!',
				'minCharsMessage' => 'Chars!',
				'choices'         => array( 'a', 'b' ),
				'choiceLimit'     => 2,
				'selectAll'       => true,
				'min'             => 1,
				'max'             => 9.5,
				'step'            => 0.5,
				'defaultValue'    => 'x@example.com',
				'conditions'      => array(
					'action' => 'hide',
					'match'  => 'any',
					'rules'  => array(
						array(
							'field'    => 'name',
							'operator' => 'is',
							'value'    => 'Bob',
						),
					),
				),
				'className'       => 'is-wide',
				'addressParts'    => array( 'city' ),
			),
			2
		);
		$this->assertInstanceOf( Field::class, $field );
		$this->assertSame( 'email_1', $field->id );
		$this->assertSame( 'email', $field->type );
		$this->assertSame( 'Your email', $field->label );
		$this->assertSame( 'We reply here', $field->description );
		$this->assertSame( 'you@example.com', $field->placeholder );
		$this->assertTrue( $field->required );
		$this->assertSame( 'We need it', $field->required_message );
		$this->assertTrue( $field->confirm );
		$this->assertSame( 1, $field->min_words );
		$this->assertSame( 6, $field->min_chars );
		$this->assertSame( 200, $field->max_chars );
		$this->assertSame( 'Words!', $field->min_words_message );
		$this->assertSame( 'Chars!', $field->min_chars_message );
		$this->assertSame( array( 'a', 'b' ), $field->choices );
		$this->assertSame( 2, $field->choice_limit );
		$this->assertTrue( $field->select_all );
		$this->assertSame( 1.0, $field->min );
		$this->assertSame( 9.5, $field->max );
		$this->assertSame( 0.5, $field->step_value );
		$this->assertSame( 'x@example.com', $field->default_value );
		$this->assertSame(
			array(
				'action' => 'hide',
				'match'  => 'any',
				'rules'  => array(
					array(
						'field'    => 'name',
						'operator' => 'is',
						'value'    => 'Bob',
					),
				),
			),
			$field->conditions
		);
		$this->assertSame( 2, $field->step );
		$this->assertSame(
			array(
				'className'    => 'is-wide',
				'addressParts' => array( 'city' ),
			),
			$field->extra
		);
		$this->assertSame( 'everest_forms[form_fields][email_1]', $field->posted_name() );
		$this->assertSame( 200, $field->cap() );
		$this->assertFalse( $field->is_choice() );
		$this->assertTrue( $field->is_text_like() );
	}

	/**
	 * A block without a valid id or with an unknown type is no field; a missing type is the default `text`.
	 *
	 * @return void
	 */
	public function test_field_from_block_refuses_bad_ids_and_types(): void {
		$this->assertSame( 12, count( Field::TYPES ) );
		$this->assertSame( array( 'text', 'textarea', 'email', 'password', 'url', 'number', 'phone', 'select', 'radio', 'checkbox', 'privacy-policy', 'hidden' ), Field::TYPES );
		foreach ( array( '', 'a b', 'a.b', 'é', 'a/b', 'a[b]', str_repeat( 'a', 41 ), 12, null, true, array( 'a' ) ) as $id ) {
			$this->assertNull( Field::from_block( array( 'id' => $id, 'type' => 'text' ), 0 ), 'id ' . wp_json_encode( $id ) );
		}
		$this->assertNull( Field::from_block( array( 'type' => 'text' ), 0 ), 'no id' );
		foreach ( array( 'Text', 'date', 'address', '', 1, null, array( 'text' ) ) as $type ) {
			$this->assertNull( Field::from_block( array( 'id' => 'a', 'type' => $type ), 0 ), 'type ' . wp_json_encode( $type ) );
		}
		$this->assertSame( str_repeat( 'a', 40 ), Field::from_block( array( 'id' => str_repeat( 'a', 40 ) ), 0 )->id ?? null );
		$this->assertSame( 'A-z_0-9', Field::from_block( array( 'id' => 'A-z_0-9' ), 0 )->id ?? null );
		$this->assertSame( 'text', Field::from_block( array( 'id' => 'a' ), 0 )->type ?? null, 'a missing type is text' );
		foreach ( Field::TYPES as $type ) {
			$this->assertSame( $type, Field::from_block( array( 'id' => 'a', 'type' => $type ), 0 )->type ?? null );
		}
	}

	/**
	 * Wrong attribute types fall back to the defaults; counts are at least 0; choices are clean; step > 0.
	 *
	 * @return void
	 */
	public function test_field_from_block_normalises_attributes(): void {
		$field = Field::from_block(
			array(
				'id'              => 'f',
				'type'            => 'checkbox',
				'label'           => 5,
				'description'     => array( 'x' ),
				'placeholder'     => null,
				'required'        => 'true',
				'requiredMessage' => false,
				'confirm'         => 1,
				'minWords'        => -3,
				'minChars'        => '4',
				'maxChars'        => 7.0,
				'minWordsMessage' => 1,
				'minCharsMessage' => null,
				'choices'         => array( ' Red ', 'Green', 'Red', '', '   ', 3, null, array( 'Blue' ), 'Green', 'Blue' ),
				'choiceLimit'     => 2.5,
				'selectAll'       => 'yes',
				'min'             => '1',
				'max'             => true,
				'step'            => -1,
				'defaultValue'    => 3,
				'conditions'      => 'show',
			),
			-1
		);
		$this->assertInstanceOf( Field::class, $field );
		$this->assertSame( '', $field->label );
		$this->assertSame( '', $field->description );
		$this->assertSame( '', $field->placeholder );
		$this->assertFalse( $field->required, 'only a boolean true is required' );
		$this->assertSame( '', $field->required_message );
		$this->assertFalse( $field->confirm );
		$this->assertSame( 0, $field->min_words, 'negative → 0' );
		$this->assertSame( 0, $field->min_chars, 'a string is not a count' );
		$this->assertSame( 7, $field->max_chars, 'a float without fraction is a count' );
		$this->assertSame( '', $field->min_words_message );
		$this->assertSame( '', $field->min_chars_message );
		$this->assertSame( array( 'Red', 'Green', 'Blue' ), $field->choices, 'trimmed, unique, strings only, no empty' );
		$this->assertSame( 0, $field->choice_limit );
		$this->assertFalse( $field->select_all );
		$this->assertNull( $field->min );
		$this->assertNull( $field->max );
		$this->assertNull( $field->step_value, 'a step must be > 0' );
		$this->assertSame( '', $field->default_value );
		$this->assertNull( $field->conditions );
		$this->assertSame( 0, $field->step );
		$this->assertSame( array(), $field->extra );
		$this->assertSame( 'everest_forms[form_fields][f][]', $field->posted_name() );
		$this->assertTrue( $field->is_choice() );
		$this->assertFalse( $field->is_text_like() );

		$zero_step = Field::from_block( array( 'id' => 'n', 'step' => 0 ), 0 );
		$this->assertInstanceOf( Field::class, $zero_step );
		$this->assertNull( $zero_step->step_value );
		$this->assertSame( -2.5, Field::from_block( array( 'id' => 'n', 'min' => -2.5 ), 0 )->min ?? null );
		$this->assertSame( 0, Field::from_block( array( 'id' => 'n', 'choiceLimit' => -1 ), 0 )->choice_limit ?? null );
		$this->assertSame( array(), Field::from_block( array( 'id' => 'n', 'choices' => 'a,b' ), 0 )->choices ?? null );
	}

	/**
	 * Conditions keep well-formed rules only; show/all by default; no usable rule = no condition.
	 *
	 * @return void
	 */
	public function test_field_conditions_are_normalised(): void {
		$conditions = static function ( $value ) {
			$field = Field::from_block(
				array(
					'id'         => 'c',
					'conditions' => $value,
				),
				0
			);
			return null === $field ? 'no field' : $field->conditions;
		};
		$this->assertSame(
			array(
				'action' => 'show',
				'match'  => 'all',
				'rules'  => array(
					array(
						'field'    => 'a',
						'operator' => 'greater',
						'value'    => '5',
					),
					array(
						'field'    => 'b',
						'operator' => 'empty',
						'value'    => '',
					),
					array(
						'field'    => 'c2',
						'operator' => 'contains',
						'value'    => 'x y',
					),
					array(
						'field'    => 'd',
						'operator' => 'less',
						'value'    => '2.5',
					),
				),
			),
			$conditions(
				array(
					'action' => 'toggle',
					'match'  => 'most',
					'rules'  => array(
						array(
							'field'    => 'a',
							'operator' => 'greater',
							'value'    => 5,
						),
						array(
							'field'    => 'b',
							'operator' => 'empty',
						),
						array(
							'field'    => 'c2',
							'operator' => 'contains',
							'value'    => ' x y ',
						),
						array(
							'field'    => 'd',
							'operator' => 'less',
							'value'    => 2.5,
						),
						array(
							'field'    => 'bad id',
							'operator' => 'is',
							'value'    => 'x',
						),
						array(
							'field'    => 'e',
							'operator' => 'equals',
							'value'    => 'x',
						),
						array(
							'field'    => 'e',
							'operator' => 'is',
							'value'    => array( 'x' ),
						),
						array(
							'operator' => 'is',
							'value'    => 'x',
						),
						'is',
					),
				)
			)
		);
		$this->assertNull( $conditions( array( 'action' => 'hide' ) ), 'no rules' );
		$this->assertNull(
			$conditions(
				array(
					'action' => 'hide',
					'rules'  => array( array( 'field' => 'a' ) ),
				)
			),
			'no usable rule'
		);
		$this->assertNull( $conditions( null ) );
		$this->assertSame(
			array( 'hide', 'any' ),
			array_slice(
				array_values(
					(array) $conditions(
						array(
							'action' => 'hide',
							'match'  => 'any',
							'rules'  => array(
								array(
									'field'    => 'a',
									'operator' => 'not_empty',
								),
							),
						)
					)
				),
				0,
				2
			)
		);
	}

	/**
	 * The cap: 20,000 characters for a textarea, 1,000 for the others; maxChars only lowers it.
	 *
	 * @return void
	 */
	public function test_caps(): void {
		$cap = static function ( array $attrs ): int {
			$field = Field::from_block( $attrs + array( 'id' => 'f' ), 0 );
			return null === $field ? -1 : $field->cap();
		};
		$this->assertSame( 20000, $cap( array( 'type' => 'textarea' ) ) );
		$this->assertSame( 1000, $cap( array( 'type' => 'text' ) ) );
		$this->assertSame( 1000, $cap( array( 'type' => 'email' ) ) );
		$this->assertSame( 50, $cap( array( 'type' => 'textarea', 'maxChars' => 50 ) ) );
		$this->assertSame( 20000, $cap( array( 'type' => 'textarea', 'maxChars' => 30000 ) ) );
		$this->assertSame( 1000, $cap( array( 'type' => 'text', 'maxChars' => 5000 ) ) );

		$this->assertClean( array( 'type' => 'text' ), str_repeat( 'a', 1000 ), str_repeat( 'a', 1000 ) );
		$this->assertFails( array( 'type' => 'text' ), str_repeat( 'a', 1001 ), 'Please enter no more than 1000 characters' );
		$this->assertClean( array( 'type' => 'text' ), '  ' . str_repeat( 'a', 1000 ) . "\n ", str_repeat( 'a', 1000 ), 'trimmed before the cap' );
		$this->assertClean( array( 'type' => 'text' ), str_repeat( 'é', 1000 ), str_repeat( 'é', 1000 ), 'characters, not bytes' );
		$this->assertClean( array( 'type' => 'textarea' ), str_repeat( 'a', 20000 ), str_repeat( 'a', 20000 ) );
		$this->assertFails( array( 'type' => 'textarea' ), str_repeat( 'a', 20001 ), 'Please enter no more than 20000 characters' );
		$this->assertFails( array( 'maxChars' => 10 ), 'abcdefghijk', 'Please enter no more than 10 characters' );
		$this->assertClean( array( 'maxChars' => 10 ), 'abcdefghij', 'abcdefghij' );
		$this->assertFails( array( 'type' => 'email' ), str_repeat( 'a', 1001 ), 'Please enter no more than 1000 characters', 'the cap comes before the type rule' );
		$this->assertFails( array( 'type' => 'url' ), str_repeat( 'a', 995 ) . '.com', 'Please enter no more than 1000 characters', 'the url cap counts the prepended http://' );
		$this->assertFails(
			array(
				'type'    => 'password',
				'confirm' => true,
			),
			array(
				'primary'   => 'a',
				'secondary' => str_repeat( 'a', 1001 ),
			),
			'Please enter no more than 1000 characters',
			'both inputs of a pair are capped'
		);
	}

	/**
	 * Required: empty, blank or missing → the field's message or the generic one; empty and optional → no rule.
	 *
	 * @return void
	 */
	public function test_required(): void {
		$this->assertFails( array( 'required' => true ), '', 'This field is required' );
		$this->assertFails( array( 'required' => true ), " \t\n\u{00A0}", 'This field is required', 'blank, Unicode spaces included' );
		$this->assertFails( array( 'required' => true ), null, 'This field is required', 'not posted' );
		$this->assertFails( array( 'required' => true ), "\x00\x07", 'This field is required', 'control characters only' );
		$this->assertFails(
			array(
				'required'        => true,
				'requiredMessage' => 'Tell us your name',
			),
			'',
			'Tell us your name'
		);
		$this->assertClean( array( 'required' => true ), ' Ann ', 'Ann' );
		$this->assertClean( array(), null, '', 'optional and not posted' );
		foreach ( array( 'email', 'url', 'number', 'phone', 'select', 'radio', 'privacy-policy' ) as $type ) {
			$this->assertClean(
				array(
					'type'     => $type,
					'minChars' => 5,
					'minWords' => 2,
				),
				'  ',
				'',
				"optional empty $type: no other rule"
			);
			$this->assertFails(
				array(
					'type'     => $type,
					'required' => true,
				),
				'',
				'This field is required',
				"required $type"
			);
		}
		$this->assertClean( array( 'type' => 'checkbox' ), null, array(), 'optional checkbox, nothing checked' );
		$this->assertFails(
			array(
				'type'     => 'checkbox',
				'choices'  => array( 'a' ),
				'required' => true,
			),
			array(),
			'This field is required'
		);
		$this->assertFails(
			array(
				'type'            => 'checkbox',
				'choices'         => array( 'a' ),
				'required'        => true,
				'requiredMessage' => 'Pick one',
			),
			null,
			'Pick one'
		);
	}

	/**
	 * Shapes: a string where a string belongs, a list for a checkbox, `{ primary, secondary }` for a confirmed
	 * pair; anything else → "Please fix this field", before the required rule.
	 *
	 * @return void
	 */
	public function test_shapes(): void {
		$fix = 'Please fix this field';
		$this->assertFails( array( 'required' => true ), array( 'a' ), $fix, 'array for a text' );
		$this->assertFails( array(), array(), $fix, 'empty array for a text' );
		$this->assertFails( array(), 5, $fix, 'a number is not a string' );
		$this->assertFails( array(), true, $fix, 'a boolean is not a string' );
		$this->assertFails( array(), "a\xffb", $fix, 'not UTF-8' );
		$this->assertFails( array( 'type' => 'textarea' ), array( 'x' => 'y' ), $fix );
		$this->assertFails( array( 'type' => 'email' ), array( 'primary' => 'a@b.c' ), $fix, 'a pair for an email without confirm' );

		$checkbox = array(
			'type'    => 'checkbox',
			'choices' => array( 'a', 'b', 'c' ),
		);
		$this->assertFails( $checkbox, 'a', $fix, 'a string for a checkbox' );
		$this->assertFails( $checkbox, '', $fix, 'an empty string for a checkbox' );
		$this->assertFails( $checkbox, array( array( 'a' ) ), $fix, 'nested array' );
		$this->assertFails( $checkbox, array( 'x' => 'a' ), $fix, 'a map is not a list' );
		$this->assertFails( $checkbox, array( 1 ), $fix, 'a number in the list' );
		$this->assertFails( $checkbox, array( 'a', 'b', 'c', 'a' ), $fix, 'more values than choices' );
		$this->assertFails( $checkbox + array( 'required' => true ), array( array() ), $fix, 'shape before required' );
		$this->assertClean( $checkbox, array( '', 'b', ' ' ), array( 'b' ), 'empty strings are dropped (a hidden fallback input)' );

		$pair = array(
			'type'    => 'email',
			'confirm' => true,
		);
		$this->assertFails( $pair, 'a@b.c', $fix, 'a string for a confirmed email' );
		$this->assertFails( $pair + array( 'required' => true ), '', $fix, 'an empty string for a confirmed email' );
		$this->assertFails(
			$pair,
			array(
				'primary'   => array( 'a@b.c' ),
				'secondary' => 'a@b.c',
			),
			$fix,
			'nested'
		);
		$this->assertFails(
			$pair,
			array(
				'primary'   => 'a@b.c',
				'secondary' => 3,
			),
			$fix
		);
		$this->assertFails(
			array(
				'type'    => 'password',
				'confirm' => true,
			),
			'secret',
			$fix
		);
	}

	/**
	 * Only fields of the form are in the result: unknown posted ids are ignored; the order is the field order.
	 *
	 * @return void
	 */
	public function test_unknown_posted_ids_are_ignored_and_order_is_field_order(): void {
		$form   = self::form(
			array(
				array( 'id' => 'b' ),
				array(
					'id'       => 'a',
					'required' => true,
				),
				array(
					'id'   => '12',
					'type' => 'email',
				),
				array(
					'id'       => 'c',
					'required' => true,
				),
			)
		);
		$result = Validator::validate(
			$form,
			array(
				'evil'     => 'x',
				'c'        => '',
				'12'       => 'not-an-email',
				'a'        => '',
				'b'        => 'B',
				'b[extra]' => 'y',
			)
		);
		$this->assertSame( array( 'b' => 'B' ), $result->values );
		$this->assertSame( array( 'a', '12', 'c' ), array_map( 'strval', array_keys( $result->errors ) ), 'errors in field order' );
		$this->assertSame(
			array(
				array( 'a' => 'This field is required' ),
				array( '12' => 'Please enter a valid email address' ),
				array( 'c' => 'This field is required' ),
			),
			$result->error_list()
		);
		$this->assertFalse( $result->ok() );

		$ok = Validator::validate(
			$form,
			array(
				'a'  => 'A',
				'c'  => 'C',
				'12' => 'x@example.com',
			)
		);
		$this->assertTrue( $ok->ok() );
		$this->assertSame( array(), $ok->error_list() );
		$this->assertSame(
			array(
				'b'  => '',
				'a'  => 'A',
				'12' => 'x@example.com',
				'c'  => 'C',
			),
			$ok->values,
			'an all-digit id works'
		);
	}

	/**
	 * A hidden field keeps its stored default, whatever is posted, and no rule applies to it.
	 *
	 * @return void
	 */
	public function test_hidden_field_keeps_its_default(): void {
		$this->assertClean(
			array(
				'type'         => 'hidden',
				'defaultValue' => 'campaign-7',
			),
			'hacked',
			'campaign-7'
		);
		$this->assertClean(
			array(
				'type'         => 'hidden',
				'defaultValue' => 'campaign-7',
			),
			array( 'x' ),
			'campaign-7',
			'a wrong shape is ignored too'
		);
		$this->assertClean(
			array(
				'type'     => 'hidden',
				'required' => true,
				'minChars' => 5,
			),
			'posted',
			'',
			'no rule applies'
		);
	}

	/**
	 * Control characters other than tab and newline are removed; HTML is stored as posted.
	 *
	 * @return void
	 */
	public function test_control_characters_are_removed_and_html_kept(): void {
		$this->assertClean( array( 'type' => 'textarea' ), "a\x00b\x07c\r\nd\te\x7f\u{0085}f\x1b", "abc\nd\tef" );
		$this->assertClean( array(), '<b onclick="x()">Hi</b> & <script>', '<b onclick="x()">Hi</b> & <script>' );
		$this->assertClean( array(), "\x01 Ann \x02", 'Ann', 'removed before trimming' );
		$this->assertClean(
			array(
				'type'    => 'checkbox',
				'choices' => array( 'ab' ),
			),
			array( "a\x00b" ),
			array( 'ab' ),
			'in checkbox values too'
		);
	}

	/**
	 * Email: HTML's type=email pattern, local part ≤ 64, labels ≤ 63; kept as typed.
	 *
	 * @return void
	 */
	public function test_email(): void {
		$email = array( 'type' => 'email' );
		$bad   = 'Please enter a valid email address';
		$valid = array(
			'a@b.co',
			'a@localhost',
			'first.last+tag@sub.example.org',
			"o'neil!#$%&*/=?^_`{|}~-@example.com",
			'a..b@example.com',
			'User@Example.COM',
			'a@1-2.example',
			str_repeat( 'l', 64 ) . '@example.com',
			'a@' . str_repeat( 'd', 63 ) . '.com',
		);
		foreach ( $valid as $address ) {
			$this->assertClean( $email, $address, $address, $address );
		}
		$invalid = array(
			'plain',
			'@example.com',
			'a@',
			'a@@b.c',
			'a b@c.d',
			'a@b c.d',
			'a@-b.com',
			'a@b-.com',
			'a@b..com',
			'a@.b.com',
			'a@b.com.',
			'a@b_c.com',
			'ü@example.com',
			'a@exämple.com',
			'"a"@example.com',
			'a@[127.0.0.1]',
			str_repeat( 'l', 65 ) . '@example.com',
			'a@' . str_repeat( 'd', 64 ) . '.com',
			"a@b.c\nd@e.f",
		);
		foreach ( $invalid as $address ) {
			$this->assertFails( $email, $address, $bad, $address );
		}
		$this->assertTrue( Validator::is_email( 'a@b.c' ) );
		$this->assertFalse( Validator::is_email( "a@b.c\n" ), 'a trailing newline does not match' );
	}

	/**
	 * A confirmed email or password: `[secondary]` must equal `[primary]`; the value is the first input.
	 *
	 * @return void
	 */
	public function test_confirm(): void {
		$email = array(
			'type'    => 'email',
			'confirm' => true,
		);
		$same  = 'Please enter the same value again';
		$this->assertClean(
			$email,
			array(
				'primary'   => ' a@b.co ',
				'secondary' => 'a@b.co',
			),
			'a@b.co'
		);
		$this->assertFails(
			$email,
			array(
				'primary'   => 'a@b.co',
				'secondary' => 'a@b.com',
			),
			$same
		);
		$this->assertFails(
			$email,
			array(
				'primary'   => 'nope',
				'secondary' => 'other',
			),
			'Please enter a valid email address',
			'the pattern before the confirm rule'
		);
		$this->assertFails(
			$email,
			array(
				'primary'   => '',
				'secondary' => 'a@b.co',
			),
			$same,
			'optional, only the second input filled'
		);
		$this->assertFails(
			$email + array( 'required' => true ),
			array(
				'primary'   => '',
				'secondary' => 'a@b.co',
			),
			'This field is required',
			'required looks at the first input'
		);
		$this->assertClean(
			$email,
			array(
				'primary'   => '',
				'secondary' => '',
			),
			'',
			'optional and empty'
		);
		$this->assertFails( $email + array( 'required' => true ), null, 'This field is required' );
		$this->assertFails( $email, array( 'primary' => 'a@b.co' ), $same, 'a missing second input is empty' );

		$password = array(
			'type'    => 'password',
			'confirm' => true,
		);
		$this->assertClean(
			$password,
			array(
				'primary'   => 'Secret 1',
				'secondary' => 'Secret 1',
			),
			'Secret 1'
		);
		$this->assertFails(
			$password,
			array(
				'primary'   => 'Secret 1',
				'secondary' => 'secret 1',
			),
			$same,
			'case matters'
		);
		$this->assertClean( array( 'type' => 'password' ), 'any thing', 'any thing', 'no confirm: a plain string' );
		$this->assertClean(
			array(
				'type'    => 'text',
				'confirm' => true,
			),
			'plain',
			'plain',
			'confirm means nothing to a text field'
		);
	}

	/**
	 * URL: http:// is prepended when the scheme is missing, then the URL must be valid.
	 *
	 * @return void
	 */
	public function test_url(): void {
		$url = array( 'type' => 'url' );
		$this->assertClean( $url, 'example.com', 'http://example.com' );
		$this->assertClean( $url, ' www.example.com/a?b=1#c ', 'http://www.example.com/a?b=1#c' );
		$this->assertClean( $url, 'https://example.com', 'https://example.com' );
		$this->assertClean( $url, 'HTTPS://Example.com/Path', 'HTTPS://Example.com/Path', 'the scheme in any case' );
		$this->assertClean( $url, 'http://user:pw@example.com:8080/x', 'http://user:pw@example.com:8080/x' );
		$this->assertClean( $url, '192.0.2.10/status', 'http://192.0.2.10/status' );
		$this->assertClean( $url, 'münchen.de', 'http://münchen.de' );
		$this->assertClean( $url, 'my_host.example.org', 'http://my_host.example.org' );
		$bad = 'Please enter a valid URL';
		foreach ( array( 'not a url', 'localhost', 'ftp://example.com', 'http://', 'example', 'http://exa mple.com', 'http://-x.com', 'http://example.c0m', 'javascript:alert(1)', 'http://example.com/a b', '//example.com', '300.1.1.1' ) as $value ) {
			$this->assertFails( $url, $value, $bad, $value );
		}
		$this->assertSame( 'http://ftp://x', Validator::with_scheme( 'ftp://x' ) );
		$this->assertSame( 'https://x', Validator::with_scheme( 'https://x' ) );
	}

	/**
	 * Number: a decimal number, then min, max and step (from min, or 0); numbers shown in their shortest form.
	 *
	 * @return void
	 */
	public function test_number(): void {
		$number = array( 'type' => 'number' );
		foreach ( array( '0', '-1.5', '.5', '-.5', '42', '1e3', '2.5E-2', '007' ) as $value ) {
			$this->assertClean( $number, $value, $value, $value );
		}
		foreach ( array( '1,5', '1,000', 'abc', '5.', '+5', '1e', '1e999', '0x1A', '1 000', '--1', 'NaN', 'Infinity' ) as $value ) {
			$this->assertFails( $number, $value, 'Please enter a valid number', $value );
		}
		$range = $number + array(
			'min' => 1,
			'max' => 10,
		);
		$this->assertFails( $range, '0.5', 'Please enter a value greater than or equal to 1' );
		$this->assertFails( $range, '10.01', 'Please enter a value less than or equal to 10' );
		$this->assertClean( $range, '1', '1' );
		$this->assertClean( $range, '10', '10' );
		$this->assertFails( $number + array( 'min' => -2.5 ), '-3', 'Please enter a value greater than or equal to -2.5' );
		$this->assertFails( $number + array( 'max' => 0.25 ), '1', 'Please enter a value less than or equal to 0.25' );

		$stepped = $number + array(
			'min'  => 1,
			'step' => 2,
		);
		$this->assertClean( $stepped, '3', '3', 'a step counts from min' );
		$this->assertFails( $stepped, '4', 'Please enter a multiple of 2' );
		$this->assertFails( $stepped, '-1', 'Please enter a value greater than or equal to 1', 'min before step' );
		$this->assertClean( $number + array( 'step' => 5 ), '-15', '-15', 'from 0 without min' );
		$this->assertFails( $number + array( 'step' => 5 ), '7', 'Please enter a multiple of 5' );
		$this->assertClean( $number + array( 'step' => 0.1 ), '0.3', '0.3', 'floating point noise is tolerated' );
		$this->assertClean( $number + array( 'step' => 0.01 ), '19.99', '19.99' );
		$this->assertFails( $number + array( 'step' => 0.5 ), '0.75', 'Please enter a multiple of 0.5' );
		$this->assertFails(
			$number + array(
				'min' => 10,
				'max' => 1,
			),
			'5',
			'Please enter a value greater than or equal to 10',
			'an impossible range fails on min first'
		);
		$this->assertSame( '10', Validator::format_number( 10.0 ) );
		$this->assertSame( '0', Validator::format_number( -0.0 ) );
		$this->assertSame( '0.3', Validator::format_number( 0.1 + 0.2 ) );
	}

	/**
	 * Phone: digits, parentheses, hyphens, plus and white space only, and at least one digit.
	 *
	 * @return void
	 */
	public function test_phone(): void {
		$phone = array( 'type' => 'phone' );
		foreach ( array( '+1 (555) 123-4567', '0123456789', '5', "+44\t20 7946 0958" ) as $value ) {
			$this->assertClean( $phone, $value, $value, $value );
		}
		foreach ( array( '---', '( )', '+', '555-CALL', '555.123.4567', '123#', '١٢٣' ) as $value ) {
			$this->assertFails( $phone, $value, 'Please enter a valid phone number', $value );
		}
	}

	/**
	 * Select and radio: one of the choices, exactly (after trimming).
	 *
	 * @return void
	 */
	public function test_select_and_radio(): void {
		foreach ( array( 'select', 'radio' ) as $type ) {
			$attrs = array(
				'type'    => $type,
				'choices' => array( 'Red', 'Green' ),
			);
			$this->assertClean( $attrs, 'Green', 'Green', $type );
			$this->assertClean( $attrs, ' Red ', 'Red', $type . ' trimmed' );
			$this->assertFails( $attrs, 'red', 'Please fix this field', $type . ' case matters' );
			$this->assertFails( $attrs, 'Blue', 'Please fix this field', $type . ' not offered' );
			$this->assertFails( $attrs, array( 'Red' ), 'Please fix this field', $type . ' a list' );
		}
		$this->assertFails( array( 'type' => 'select' ), 'anything', 'Please fix this field', 'no choices' );
	}

	/**
	 * Checkbox: each value one of the choices, no repeats, at most choiceLimit ({#} in the message).
	 *
	 * @return void
	 */
	public function test_checkbox(): void {
		$attrs = array(
			'type'    => 'checkbox',
			'choices' => array( 'a', 'b', 'c', 'd' ),
		);
		$this->assertClean( $attrs, array( 'c', 'a' ), array( 'c', 'a' ) );
		$this->assertClean( $attrs, array( 'a', 'b', 'c', 'd' ), array( 'a', 'b', 'c', 'd' ), 'no limit' );
		$this->assertFails( $attrs, array( 'a', 'a' ), 'Please fix this field', 'a repeat' );
		$this->assertFails( $attrs, array( 'a', 'e' ), 'Please fix this field', 'not offered' );
		$this->assertFails( $attrs, array( 'A' ), 'Please fix this field', 'case matters' );
		$limited = $attrs + array( 'choiceLimit' => 2 );
		$this->assertClean( $limited, array( 'a', 'd' ), array( 'a', 'd' ) );
		$this->assertFails( $limited, array( 'a', 'b', 'c' ), 'You have exceeded the number of allowed selections: 2' );
		$this->assertFails( $attrs + array( 'choiceLimit' => 1 ), array( 'a', 'b' ), 'You have exceeded the number of allowed selections: 1' );
		$this->assertFails( $limited, array( 'a', 'x', 'b' ), 'Please fix this field', 'choices before the limit' );
		$this->assertClean( $attrs + array( 'minChars' => 50 ), array( 'a' ), array( 'a' ), 'length rules do not apply' );
	}

	/**
	 * Privacy policy: a checkbox that posts "1" when checked.
	 *
	 * @return void
	 */
	public function test_privacy_policy(): void {
		$attrs = array(
			'type'     => 'privacy-policy',
			'required' => true,
		);
		$this->assertClean( $attrs, '1', '1' );
		$this->assertFails( $attrs, null, 'This field is required', 'not checked' );
		$this->assertFails( $attrs + array( 'requiredMessage' => 'Please accept' ), '', 'Please accept' );
		foreach ( array( 'yes', 'on', '0', 'true', '11' ) as $value ) {
			$this->assertFails( $attrs, $value, 'Please fix this field', $value );
		}
		$this->assertFails( $attrs, array( '1' ), 'Please fix this field' );
		$this->assertClean( array( 'type' => 'privacy-policy' ), null, '', 'optional and not checked' );
	}

	/**
	 * Length rules on text-like fields: minWords (split on white space), then minChars; custom messages.
	 *
	 * @return void
	 */
	public function test_length_rules(): void {
		$words = array( 'minWords' => 3 );
		$this->assertFails( $words, 'one two', 'Please enter at least 3 words' );
		$this->assertFails( $words, "one \n\t two   ", 'Please enter at least 3 words', 'runs of white space are one separator' );
		$this->assertClean( $words, "one\ntwo\u{00A0}three", "one\ntwo\u{00A0}three" );
		$this->assertClean( $words, 'a-b c,d e', 'a-b c,d e' );
		$this->assertFails( $words + array( 'minWordsMessage' => 'Say more ({0} words)' ), 'hi', 'Say more (3 words)' );

		$chars = array( 'minChars' => 5 );
		$this->assertFails( $chars, 'abcd', 'Please enter at least 5 characters' );
		$this->assertFails( $chars, '  abcd  ', 'Please enter at least 5 characters', 'counted after trimming' );
		$this->assertClean( $chars, 'ééééé', 'ééééé', 'characters, not bytes' );
		$this->assertFails( $chars + array( 'minCharsMessage' => 'Too short' ), 'ab', 'Too short' );
		$this->assertFails( $chars + array( 'minWords' => 2 ), 'ab', 'Please enter at least 2 words', 'words before characters' );

		$this->assertFails(
			array(
				'type'     => 'email',
				'minChars' => 10,
			),
			'a@b_c',
			'Please enter a valid email address',
			'type rule before length rule'
		);
		$this->assertFails(
			array(
				'type'     => 'email',
				'minChars' => 10,
			),
			'a@b.co',
			'Please enter at least 10 characters',
			'email is text-like'
		);
		$this->assertFails(
			array(
				'type'     => 'url',
				'minChars' => 30,
			),
			'example.com',
			'Please enter at least 30 characters'
		);
		$this->assertFails(
			array(
				'type'     => 'number',
				'minChars' => 3,
			),
			'12',
			'Please enter at least 3 characters'
		);
		$this->assertFails(
			array(
				'type'     => 'phone',
				'minWords' => 2,
			),
			'555',
			'Please enter at least 2 words'
		);
		$this->assertFails(
			array(
				'type'     => 'password',
				'confirm'  => true,
				'minChars' => 8,
			),
			array(
				'primary'   => 'short',
				'secondary' => 'short',
			),
			'Please enter at least 8 characters'
		);
		$this->assertClean(
			array(
				'type'     => 'select',
				'choices'  => array( 'a' ),
				'minChars' => 5,
			),
			'a',
			'a',
			'select is not text-like'
		);
		$this->assertClean(
			array(
				'type'     => 'privacy-policy',
				'minChars' => 5,
			),
			'1',
			'1',
			'privacy policy is not text-like'
		);
	}

	/**
	 * Conditions: show/hide, all/any, every operator, chained hiding; a hidden field is skipped entirely.
	 *
	 * @return void
	 */
	public function test_conditions(): void {
		$rule = static function ( string $field, string $operator, $value = '' ): array {
			return array(
				'field'    => $field,
				'operator' => $operator,
				'value'    => $value,
			);
		};
		$when = static function ( string $action, string $match, array $rules ): array {
			return array(
				'action' => $action,
				'match'  => $match,
				'rules'  => $rules,
			);
		};
		$shown = static function ( array $conditions, array $posted, string $type = 'text' ): bool {
			$form = self::form(
				array(
					array(
						'id'      => 'src',
						'type'    => $type,
						'choices' => array( 'a', 'b', 'c' ),
					),
					array(
						'id'         => 'dst',
						'required'   => true,
						'conditions' => $conditions,
					),
				)
			);
			$visible = Validator::visible( $form, $posted );
			return $visible['dst'];
		};

		$cases = array(
			array( 'is', 'Yes', 'Yes', true ),
			array( 'is', 'Yes', 'yes', false ),
			array( 'is', 'Yes', ' Yes ', true ),
			array( 'is_not', 'Yes', 'No', true ),
			array( 'is_not', 'Yes', 'Yes', false ),
			array( 'contains', 'cat', 'Concatenate', true ),
			array( 'contains', 'CAT', 'concatenate', true ),
			array( 'contains', 'dog', 'Concatenate', false ),
			array( 'not_contains', 'dog', 'Concatenate', true ),
			array( 'not_contains', 'cat', 'Concatenate', false ),
			array( 'empty', '', '', true ),
			array( 'empty', '', '  ', true ),
			array( 'empty', '', 'x', false ),
			array( 'not_empty', '', 'x', true ),
			array( 'not_empty', '', '', false ),
			array( 'greater', '5', '6', true ),
			array( 'greater', '5', '5', false ),
			array( 'greater', '5', '10', true ),
			array( 'greater', '5', 'abc', false ),
			array( 'less', '5', '4.5', true ),
			array( 'less', '5', '5', false ),
			array( 'less', '5', '', false ),
			array( 'less', '5', '-10', true ),
		);
		foreach ( $cases as $case ) {
			list( $operator, $operand, $posted, $expected ) = $case;
			$this->assertSame( $expected, $shown( $when( 'show', 'all', array( $rule( 'src', $operator, $operand ) ) ), array( 'src' => $posted ) ), "show when src $operator '$operand' with '$posted'" );
			$this->assertSame( ! $expected, $shown( $when( 'hide', 'all', array( $rule( 'src', $operator, $operand ) ) ), array( 'src' => $posted ) ), "hide when src $operator '$operand' with '$posted'" );
		}
		$this->assertTrue( $shown( $when( 'show', 'all', array( $rule( 'src', 'empty' ) ) ), array() ), 'not posted is empty' );
		$this->assertTrue( $shown( $when( 'show', 'all', array( $rule( 'src', 'empty' ) ) ), array( 'src' => array( 'x' ) ) ), 'a malformed value is empty' );

		// Checkbox sources: `is` = that box is checked.
		$this->assertTrue( $shown( $when( 'show', 'all', array( $rule( 'src', 'is', 'b' ) ) ), array( 'src' => array( 'a', 'b' ) ), 'checkbox' ) );
		$this->assertFalse( $shown( $when( 'show', 'all', array( $rule( 'src', 'is', 'c' ) ) ), array( 'src' => array( 'a', 'b' ) ), 'checkbox' ) );
		$this->assertTrue( $shown( $when( 'show', 'all', array( $rule( 'src', 'is_not', 'c' ) ) ), array( 'src' => array( 'a' ) ), 'checkbox' ) );
		$this->assertTrue( $shown( $when( 'show', 'all', array( $rule( 'src', 'empty' ) ) ), array(), 'checkbox' ) );
		$this->assertTrue( $shown( $when( 'show', 'all', array( $rule( 'src', 'not_empty' ) ) ), array( 'src' => array( 'a' ) ), 'checkbox' ) );
		$this->assertFalse( $shown( $when( 'show', 'all', array( $rule( 'src', 'greater', '0' ) ) ), array( 'src' => array( '1' ) ), 'checkbox' ) );

		// All / any.
		$two = array( $rule( 'src', 'contains', 'a' ), $rule( 'src', 'contains', 'b' ) );
		$this->assertTrue( $shown( $when( 'show', 'all', $two ), array( 'src' => 'ab' ) ) );
		$this->assertFalse( $shown( $when( 'show', 'all', $two ), array( 'src' => 'a' ) ), 'all: one rule fails' );
		$this->assertTrue( $shown( $when( 'show', 'any', $two ), array( 'src' => 'a' ) ), 'any: one rule holds' );
		$this->assertFalse( $shown( $when( 'show', 'any', $two ), array( 'src' => 'x' ) ) );
		$this->assertFalse( $shown( $when( 'hide', 'any', $two ), array( 'src' => 'b' ) ) );
		$this->assertTrue( $shown( $when( 'hide', 'all', $two ), array( 'src' => 'b' ) ) );

		// Unknown source: read as ''.
		$this->assertTrue( $shown( $when( 'show', 'all', array( $rule( 'nope', 'empty' ) ) ), array( 'nope' => 'posted anyway' ) ), 'an unknown field is empty' );
	}

	/**
	 * A hidden field is skipped (no rule, no value); chained: a field hidden by its conditions is empty for later
	 * conditions; a hidden-type field is read as its default; later fields are read as posted.
	 *
	 * @return void
	 */
	public function test_hidden_by_conditions_and_chained(): void {
		$form   = self::form(
			array(
				array(
					'id'      => 'contact',
					'type'    => 'radio',
					'choices' => array( 'email', 'phone' ),
				),
				array(
					'id'         => 'email',
					'type'       => 'email',
					'required'   => true,
					'conditions' => array(
						'action' => 'show',
						'rules'  => array(
							array(
								'field'    => 'contact',
								'operator' => 'is',
								'value'    => 'email',
							),
						),
					),
				),
				array(
					'id'         => 'newsletter',
					'type'       => 'checkbox',
					'choices'    => array( 'yes' ),
					'required'   => true,
					'conditions' => array(
						'action' => 'hide',
						'rules'  => array(
							array(
								'field'    => 'email',
								'operator' => 'empty',
							),
						),
					),
				),
				array(
					'id'           => 'source',
					'type'         => 'hidden',
					'defaultValue' => 'ads',
				),
				array(
					'id'         => 'coupon',
					'required'   => true,
					'conditions' => array(
						'action' => 'show',
						'match'  => 'all',
						'rules'  => array(
							array(
								'field'    => 'source',
								'operator' => 'is',
								'value'    => 'ads',
							),
							array(
								'field'    => 'later',
								'operator' => 'is',
								'value'    => 'go',
							),
						),
					),
				),
				array( 'id' => 'later' ),
			)
		);
		$posted = array(
			'contact'    => 'phone',
			'email'      => 'not an email',
			'newsletter' => array( 'yes' ),
			'source'     => 'organic',
			'later'      => 'go',
		);
		$this->assertSame(
			array(
				'contact'    => true,
				'email'      => false,
				'newsletter' => false,
				'source'     => true,
				'coupon'     => true,
				'later'      => true,
			),
			Validator::visible( $form, $posted ),
			'email hidden, so newsletter (hidden when email is empty) is hidden although email was posted'
		);
		$result = Validator::validate( $form, $posted );
		$this->assertSame( array( 'coupon' => 'This field is required' ), $result->errors, 'no rule on hidden fields' );
		$this->assertSame(
			array(
				'contact' => 'phone',
				'source'  => 'ads',
				'later'   => 'go',
			),
			$result->values,
			'no value of hidden fields'
		);

		$posted['contact'] = 'email';
		$posted['email']   = 'a@b.co';
		$posted['coupon']  = 'SAVE';
		$posted['later']   = 'stop';
		$this->assertSame(
			array(
				'contact'    => true,
				'email'      => true,
				'newsletter' => true,
				'source'     => true,
				'coupon'     => false,
				'later'      => true,
			),
			Validator::visible( $form, $posted )
		);
		$result = Validator::validate( $form, $posted );
		$this->assertTrue( $result->ok() );
		$this->assertSame(
			array(
				'contact'    => 'email',
				'email'      => 'a@b.co',
				'newsletter' => array( 'yes' ),
				'source'     => 'ads',
				'later'      => 'stop',
			),
			$result->values
		);
	}

	/**
	 * from_blocks(): fields in document order through nested blocks, steps, first id wins, bad blocks skipped.
	 *
	 * @return void
	 */
	public function test_from_blocks(): void {
		$blocks = array(
			self::block( null ),
			self::field_block(
				array(
					'id'    => 'name',
					'label' => 'Name',
				)
			),
			self::block( 'core/paragraph' ),
			self::block(
				'core/group',
				array(),
				array(
					self::block(
						'core/columns',
						array(),
						array(
							self::block( 'core/column', array(), array( self::field_block( array( 'id' => 'inner', 'type' => 'textarea' ) ) ) ),
							self::block( 'core/column', array(), array( self::field_block( array( 'id' => 'name', 'type' => 'email' ) ) ) ),
						)
					),
				)
			),
			self::block( 'tessera/form-step' ),
			self::field_block( array( 'id' => 'bad id' ) ),
			self::field_block(
				array(
					'id'   => 'x',
					'type' => 'signature',
				)
			),
			self::field_block( array( 'id' => 'second' ) ),
			self::block( 'core/group', array(), array( self::block( 'tessera/form-step', array( 'title' => 'Last' ) ) ) ),
			self::field_block( array( 'id' => 'third' ) ),
			self::block( 'tessera/other', array( 'id' => 'nope' ) ),
			'not a block',
		);
		$form   = FormDefinition::from_blocks( 42, $blocks, array(), 'Signup' );
		$this->assertSame( 42, $form->form_id );
		$this->assertSame( 'Signup', $form->title );
		$this->assertSame( 3, $form->steps );
		$this->assertSame( array( '', '', 'Last' ), $form->step_titles, 'a title per step, from nested separators too' );
		$this->assertSame(
			array(
				'name'   => 0,
				'inner'  => 0,
				'second' => 1,
				'third'  => 2,
			),
			array_combine(
				array_map( static fn( Field $field ): string => $field->id, $form->fields ),
				array_map( static fn( Field $field ): int => $field->step, $form->fields )
			)
		);
		$this->assertSame( array( 0, 1, 2, 3 ), array_keys( $form->fields ), 'a list' );
		$this->assertSame( 'text', $form->field( 'name' )->type ?? null, 'the first field with an id wins' );
		$this->assertSame( 'Name', $form->field( 'name' )->label ?? null );
		$this->assertSame( 'textarea', $form->field( 'inner' )->type ?? null );
		$this->assertNull( $form->field( 'x' ) );
		$this->assertNull( $form->field( 'nope' ) );
		$this->assertNull( $form->field( 'bad id' ) );
		$this->assertSame( FormDefinition::default_settings(), $form->settings );

		$empty = FormDefinition::from_blocks( 1, array(), array() );
		$this->assertSame( array(), $empty->fields );
		$this->assertSame( 1, $empty->steps );
		$this->assertSame( '', $empty->title );
	}

	/**
	 * Real block markup through parse_blocks(): attributes left out because they equal the default still work.
	 *
	 * @return void
	 */
	public function test_from_blocks_with_parsed_markup(): void {
		$markup = '<!-- wp:tessera/field {"id":"who","label":"Who","required":true} /-->'
			. '<!-- wp:group --><div class="wp-block-group"><!-- wp:tessera/field {"id":"mail","type":"email","confirm":true} /--></div><!-- /wp:group -->'
			. '<!-- wp:tessera/form-step /-->'
			. '<!-- wp:tessera/field {"id":"topics","type":"checkbox","choices":["A","B"],"choiceLimit":1} /-->';
		$form   = FormDefinition::from_blocks( 3, parse_blocks( $markup ), array() );
		$this->assertSame( array( 'who', 'mail', 'topics' ), array_map( static fn( Field $field ): string => $field->id, $form->fields ) );
		$this->assertSame( 2, $form->steps );
		$result = Validator::validate(
			$form,
			array(
				'who'    => 'Ann',
				'mail'   => array(
					'primary'   => 'a@b.co',
					'secondary' => 'a@b.co',
				),
				'topics' => array( 'A', 'B' ),
			)
		);
		$this->assertSame( array( 'topics' => 'You have exceeded the number of allowed selections: 1' ), $result->errors );
	}

	/**
	 * Settings: merged over the defaults key by key; wrong types, unknown enums and empty labels fall back.
	 *
	 * @return void
	 */
	public function test_settings_are_sanitised(): void {
		$defaults = FormDefinition::default_settings();
		$this->assertSame(
			array(
				'ajaxSubmission'  => true,
				'submitLabel'     => 'Submit',
				'processingText'  => 'Processing…',
				'successMessage'  => 'Thanks for contacting us! We will be in touch with you shortly.',
				'messageLocation' => 'top',
				'formStateType'   => 'reset',
				'redirectUrl'     => '',
				'redirectNewTab'  => false,
				'pdfDownload'     => false,
				'notify'          => true,
				'notifyTo'        => '{admin_email}',
				'notifySubject'   => 'New entry: {form_title}',
				'minFillSeconds'  => 3,
				'countdown'       => 0,
			),
			$defaults
		);
		$good = array(
			'ajaxSubmission'  => false,
			'submitLabel'     => 'Send',
			'processingText'  => 'Sending',
			'successMessage'  => '',
			'messageLocation' => 'popup',
			'formStateType'   => 'hide',
			'redirectUrl'     => 'https://example.com/thanks',
			'redirectNewTab'  => true,
			'pdfDownload'     => true,
			'notify'          => false,
			'notifyTo'        => 'a@b.co, c@d.co',
			'notifySubject'   => 'Hi',
			'minFillSeconds'  => 0,
			'countdown'       => 30,
		);
		$this->assertSame( $good, FormDefinition::sanitize_settings( $good ) );
		$this->assertSame( $good, self::form( array(), $good + array( 'unknown' => 'x' ) )->settings, 'unknown keys are dropped' );

		$bad = array(
			'ajaxSubmission'  => 'false',
			'submitLabel'     => '  ',
			'processingText'  => '',
			'successMessage'  => array( 'x' ),
			'messageLocation' => 'left',
			'formStateType'   => 'Hide',
			'redirectUrl'     => null,
			'redirectNewTab'  => 1,
			'pdfDownload'     => 'yes',
			'notify'          => 0,
			'notifyTo'        => array( 'a@b.co' ),
			'notifySubject'   => 5,
			'minFillSeconds'  => '10',
			'countdown'       => 2.5,
		);
		$this->assertSame( $defaults, FormDefinition::sanitize_settings( $bad ), 'every wrong value falls back' );
		$clamped = FormDefinition::sanitize_settings(
			array(
				'minFillSeconds' => -5,
				'countdown'      => 60.0,
			)
		);
		$this->assertSame( 0, $clamped['minFillSeconds'], 'below 0 → 0' );
		$this->assertSame( 60, $clamped['countdown'], 'a float without fraction is an int' );
		$this->assertSame( array_keys( $defaults ), array_keys( $clamped ) );
	}

	/**
	 * from_post(): a `tessera_form` post's blocks, settings meta and title; any other post is no form.
	 *
	 * @return void
	 */
	public function test_from_post(): void {
		$content = '<!-- wp:tessera/field {"id":"name","label":"Name","required":true} /-->'
			. '<!-- wp:tessera/form-step /-->'
			. '<!-- wp:tessera/field {"id":"mail","type":"email"} /-->';
		$post    = $this->make_post(
			array(
				'post_type'    => FormDefinition::POST_TYPE,
				'post_title'   => 'Contact us',
				'post_content' => $content,
			)
		);
		update_post_meta(
			$post->ID,
			FormDefinition::META_SETTINGS,
			array(
				'submitLabel'     => 'Send',
				'messageLocation' => 'sideways',
				'countdown'       => 10,
			)
		);

		$form = FormDefinition::from_post( $post );
		$this->assertInstanceOf( FormDefinition::class, $form );
		$this->assertSame( $post->ID, $form->form_id );
		$this->assertSame( 'Contact us', $form->title );
		$this->assertSame( 2, $form->steps );
		$this->assertSame( array( 'name', 'mail' ), array_map( static fn( Field $field ): string => $field->id, $form->fields ) );
		$this->assertSame( 1, $form->field( 'mail' )->step ?? null );
		$this->assertTrue( $form->field( 'name' )->required ?? false );
		$this->assertSame( 'Send', $form->settings['submitLabel'] );
		$this->assertSame( 'top', $form->settings['messageLocation'], 'an unknown enum falls back' );
		$this->assertSame( 10, $form->settings['countdown'] );
		$this->assertTrue( $form->settings['notify'], 'missing keys are the defaults' );

		$by_id = FormDefinition::from_post( $post->ID );
		$this->assertInstanceOf( FormDefinition::class, $by_id );
		$this->assertSame( array( 'name', 'mail' ), array_map( static fn( Field $field ): string => $field->id, $by_id->fields ) );

		delete_post_meta( $post->ID, FormDefinition::META_SETTINGS );
		$this->assertSame( FormDefinition::default_settings(), FormDefinition::from_post( $post->ID )->settings ?? null, 'no meta: the defaults' );
		update_post_meta( $post->ID, FormDefinition::META_SETTINGS, 'junk' );
		$this->assertSame( FormDefinition::default_settings(), FormDefinition::from_post( $post->ID )->settings ?? null, 'meta that is not an array: the defaults' );

		$page = $this->make_post(
			array(
				'post_type'    => 'page',
				'post_content' => $content,
			)
		);
		$this->assertNull( FormDefinition::from_post( $page ), 'a page is not a form' );
		$this->assertNull( FormDefinition::from_post( $page->ID ) );
		$this->assertNull( FormDefinition::from_post( 0 ) );
		$this->assertNull( FormDefinition::from_post( PHP_INT_MAX ), 'no such post' );
	}
}
