<?php
/**
 * An entry as text for people (the PDF of an entry, the personal-data export): the form's title, the date in the
 * site's time zone and one label/value row per field.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Plain text only: callers escape it for where it goes (a PDF string literal, core's export report).
 *
 * Choices:
 * - Rows follow the form's fields in document order and list the fields that have a stored value (a field the
 *   conditions hid has none). Passwords are never shown.
 * - A checkbox's list is joined with ", "; an accepted privacy-policy box reads "Accepted".
 * - Values of fields the form no longer has are listed after the others, labelled with the field id, only when
 *   the caller asks (the personal-data export must be complete; the PDF shows the form as it stands).
 */
final class EntryText {

	/**
	 * The title of a form for people.
	 *
	 * @param FormDefinition|null $form Form (null: deleted).
	 * @return string
	 */
	public static function title( ?FormDefinition $form ): string {
		if ( null === $form ) {
			return __( '(deleted form)', 'tessera' );
		}
		return '' !== trim( $form->title ) ? $form->title : __( '(untitled form)', 'tessera' );
	}

	/**
	 * A stored UTC time in the site's time zone and date and time formats.
	 *
	 * @param string $utc UTC `Y-m-d H:i:s`.
	 * @return string The formatted date, or $utc as it is when it is not a date.
	 */
	public static function date( string $utc ): string {
		$time = \DateTimeImmutable::createFromFormat( '!Y-m-d H:i:s', $utc, new \DateTimeZone( 'UTC' ) );
		if ( false === $time ) {
			return $utc;
		}
		$format = trim( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ) );
		$text   = wp_date( '' !== $format ? $format : 'Y-m-d H:i', $time->getTimestamp() );
		return is_string( $text ) ? $text : $utc;
	}

	/**
	 * A value as text.
	 *
	 * @param Field|null          $field The field (null: the form no longer has it).
	 * @param string|list<string> $value Stored value.
	 * @return string
	 */
	public static function value( ?Field $field, string|array $value ): string {
		if ( is_array( $value ) ) {
			return implode( ', ', $value );
		}
		if ( null !== $field && 'privacy-policy' === $field->type && '1' === $value ) {
			return __( 'Accepted', 'tessera' );
		}
		return $value;
	}

	/**
	 * The rows of an entry: label and value of each field with a value, in the form's order; passwords left out.
	 *
	 * @param FormDefinition|null                $form    The entry's form (null: deleted, every value is an orphan).
	 * @param array<string, string|list<string>> $values  The entry's values by field id.
	 * @param bool                               $orphans Whether to add the values of fields the form does not
	 *                                                    have (labelled with the field id).
	 * @return list<array{id: string, label: string, value: string}>
	 */
	public static function rows( ?FormDefinition $form, array $values, bool $orphans ): array {
		$rows  = array();
		$known = array();
		foreach ( null !== $form ? $form->fields : array() as $field ) {
			$known[ $field->id ] = true;
			if ( 'password' === $field->type || ! array_key_exists( $field->id, $values ) ) {
				continue;
			}
			$rows[] = array(
				'id'    => $field->id,
				'label' => '' !== trim( $field->label ) ? $field->label : $field->id,
				'value' => self::value( $field, $values[ $field->id ] ),
			);
		}
		if ( $orphans ) {
			foreach ( $values as $id => $value ) {
				if ( ! isset( $known[ (string) $id ] ) ) {
					$rows[] = array(
						'id'    => (string) $id,
						'label' => (string) $id,
						'value' => self::value( null, $value ),
					);
				}
			}
		}
		return $rows;
	}
}
