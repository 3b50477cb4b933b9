<?php
/**
 * The notification e-mail of a new entry (the form's settings `notify`, `notifyTo`, `notifySubject`), sent with
 * wp_mail() as plain text.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Builds and sends the e-mail. Values are visitor input: the body is plain text (no markup is interpreted) and
 * line breaks never reach a header.
 */
final class Notification {

	/**
	 * Sends the e-mail of an entry when the form asks for it.
	 *
	 * @param FormDefinition                 $form     Form.
	 * @param int                            $entry_id Entry id.
	 * @param array<string, string|string[]> $values   Clean values by field id.
	 * @return bool Whether an e-mail was handed to wp_mail() and accepted.
	 */
	public function send( FormDefinition $form, int $entry_id, array $values ): bool {
		if ( ! $form->settings['notify'] ) {
			return false;
		}
		$to = $this->recipients( (string) $form->settings['notifyTo'] );
		if ( array() === $to ) {
			return false;
		}
		$subject = $this->subject( $form );
		$body    = $this->body( $form, $entry_id, $values );
		$headers = array();
		$reply   = $this->reply_to( $form, $values );
		if ( '' !== $reply ) {
			$headers[] = 'Reply-To: ' . $reply;
		}
		return (bool) wp_mail( $to, $subject, $body, $headers );
	}

	/**
	 * The recipients: comma-separated addresses, `{admin_email}` replaced; invalid ones left out.
	 *
	 * @param string $setting `notifyTo`.
	 * @return string[]
	 */
	public function recipients( string $setting ): array {
		$list = array();
		foreach ( explode( ',', str_replace( '{admin_email}', (string) get_option( 'admin_email' ), $setting ) ) as $address ) {
			$address = trim( $address );
			if ( '' !== $address && false !== is_email( $address ) ) {
				$list[] = $address;
			}
		}
		return array_values( array_unique( $list ) );
	}

	/**
	 * The subject: `{form_title}` replaced, on one line.
	 *
	 * @param FormDefinition $form Form.
	 * @return string
	 */
	public function subject( FormDefinition $form ): string {
		$title   = '' !== $form->title ? $form->title : __( '(untitled form)', 'tessera' );
		$subject = str_replace( '{form_title}', $title, (string) $form->settings['notifySubject'] );
		return trim( (string) preg_replace( '/[\r\n\t]+/', ' ', $subject ) );
	}

	/**
	 * The body: one "Label: value" block per field that has a value, then where to read the entry.
	 *
	 * @param FormDefinition                 $form     Form.
	 * @param int                            $entry_id Entry id.
	 * @param array<string, string|string[]> $values   Clean values.
	 * @return string
	 */
	public function body( FormDefinition $form, int $entry_id, array $values ): string {
		$lines = array();
		foreach ( $form->fields as $field ) {
			if ( ! array_key_exists( $field->id, $values ) || 'password' === $field->type ) {
				continue;
			}
			$value   = $values[ $field->id ];
			$text    = is_array( $value ) ? implode( ', ', $value ) : $value;
			$label   = '' !== $field->label ? $field->label : $field->id;
			$lines[] = $label . ":\n" . ( '' !== $text ? $text : '—' );
		}
		/* translators: 1: entry number, 2: form title. */
		$intro = sprintf( __( 'Entry #%1$d of the form "%2$s":', 'tessera' ), $entry_id, $form->title );
		$link  = admin_url( 'edit.php?post_type=' . PostType::POST_TYPE . '&page=tessera-form-entries&form_id=' . $form->form_id . '&entry_id=' . $entry_id );
		return $intro . "\n\n" . implode( "\n\n", $lines ) . "\n\n-- \n" . __( 'Read it in the admin:', 'tessera' ) . ' ' . $link . "\n";
	}

	/**
	 * Reply-To: the first valid e-mail field's value (a visitor's address), or ''.
	 *
	 * @param FormDefinition                 $form   Form.
	 * @param array<string, string|string[]> $values Clean values.
	 * @return string
	 */
	private function reply_to( FormDefinition $form, array $values ): string {
		foreach ( $form->fields as $field ) {
			$value = $values[ $field->id ] ?? '';
			if ( 'email' === $field->type && is_string( $value ) && false !== is_email( $value ) ) {
				return $value;
			}
		}
		return '';
	}
}
