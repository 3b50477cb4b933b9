<?php
/**
 * The server-rendered form (docs/forms.md, "Markup"): a real `<form>` that posts normally with no JavaScript,
 * carries the spec's attributes for the browser side, and shows again what the visitor sent with the errors of
 * the server after a normal post.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

use Tessera\Html;

/**
 * Builds the HTML of one form. Every value goes through Html (the Tag Processor escapes attributes) or esc_html().
 */
final class Renderer {

	/**
	 * The form.
	 *
	 * @var FormDefinition
	 */
	private FormDefinition $form;

	/**
	 * What the visitor sent (field id => string or list), or the defaults.
	 *
	 * @var array<string, string|string[]>
	 */
	private array $values;

	/**
	 * Errors by field id.
	 *
	 * @var array<string, string>
	 */
	private array $errors;

	/**
	 * A notice: `success` with the message, or `error` with a text.
	 *
	 * @var array{type: string, text: string}|null
	 */
	private ?array $notice;

	/**
	 * The page the form is shown on (posted as `everest_forms[post_id]`), 0 if none.
	 *
	 * @var int
	 */
	private int $page_id;

	/**
	 * Hidden values carried over from a refused normal post (`evf_submission_start_time`, `tessera_submission`).
	 *
	 * @var array<string, string>
	 */
	private array $carry;

	/**
	 * Which fields are shown (field id => shown), by the conditions on the values shown.
	 *
	 * @var array<string, bool>
	 */
	private array $visible = array();

	/**
	 * Creates the renderer.
	 *
	 * @param FormDefinition                         $form   The stored form.
	 * @param array<string, string|string[]>         $values Values to show (empty: the fields' defaults).
	 * @param array<string, string>                  $errors Errors by field id.
	 * @param array{type: string, text: string}|null $notice Notice above (or instead of) the form.
	 * @param int                                    $page_id The page the form is shown on.
	 * @param array<string, string>                  $carry   Start time and submission token to keep (validated by the caller).
	 */
	public function __construct( FormDefinition $form, array $values = array(), array $errors = array(), ?array $notice = null, int $page_id = 0, array $carry = array() ) {
		$this->carry   = $carry;
		$this->form    = $form;
		$this->values  = $values;
		$this->errors  = $errors;
		$this->notice  = $notice;
		$this->page_id = $page_id;
	}

	/**
	 * The id of a field's input (`evf-{formId}-field_{fieldId}`, as the spec's front end names them).
	 *
	 * @param int    $form_id  Form id.
	 * @param string $field_id Field id.
	 * @return string
	 */
	public static function input_id( int $form_id, string $field_id ): string {
		return 'evf-' . $form_id . '-field_' . $field_id;
	}

	/**
	 * The whole form block: wrapper, notice, form.
	 *
	 * @param string $wrapper_attributes Attributes of the block wrapper (get_block_wrapper_attributes()), already escaped.
	 * @param string $action             Where the form posts (the current page).
	 * @return string
	 */
	public function render( string $wrapper_attributes, string $action ): string {
		$settings = $this->form->settings;
		$id       = $this->form->form_id;
		$success  = null !== $this->notice && 'success' === $this->notice['type'];
		$location = (string) $settings['messageLocation'];
		$notice   = null === $this->notice ? '' : $this->notice_html( $this->notice );

		$html = '<div ' . $wrapper_attributes . '>';
		if ( '' !== $this->form->title ) {
			$html .= Html::element( 'h2', array( 'class' => 'tessera-form__title' ), esc_html( $this->form->title ) );
		}
		// A success without JavaScript: the message where the form says (a popup is shown at the top here), and the
		// form itself not at all when its state after success is `hide` or the message replaces it.
		if ( $success && ( 'hide' === $location || 'hide' === $settings['formStateType'] ) ) {
			return $html . $notice . '</div>';
		}
		if ( 'bottom' !== $location || ! $success ) {
			$html .= $notice;
		}
		$html .= Html::open(
			'form',
			array(
				'id'                     => 'evf-form-' . $id,
				'class'                  => 'tessera-form everest-form',
				'method'                 => 'post',
				'action'                 => $action . '#evf-form-' . $id,
				'data-formid'            => (string) $id,
				'data-ajax_submission'   => $settings['ajaxSubmission'] ? '1' : '0',
				'data-process-text'      => (string) $settings['processingText'],
				'data-message_location'  => $location,
				'data-message'           => (string) $settings['successMessage'],
				'data-form_state_type'   => (string) $settings['formStateType'],
				'data-steps'             => (string) $this->form->steps,
				'data-min-fill'          => (string) $settings['minFillSeconds'],
			)
		);
		$html .= $this->hidden_inputs();

		// The layout the island keeps (docs/forms.md, "Steps"): the fields that their conditions hide are hidden,
		// and a multi-step form shows one step (the first, or the first with an error) with its indicator and
		// buttons. Without JavaScript the <noscript> style shows everything again.
		$shown         = array();
		foreach ( $this->form->fields as $field ) {
			$shown[ $field->id ] = $this->value( $field );
		}
		$this->visible = Validator::visible( $this->form, $shown );
		$stepped       = $this->form->steps > 1;
		$current       = $this->current_step();
		if ( $stepped || in_array( false, $this->visible, true ) ) {
			$html .= Steps::noscript();
		}
		if ( $stepped ) {
			$html .= Steps::progress( $this->form, $current );
		}

		$step = -1;
		foreach ( $this->form->fields as $field ) {
			if ( $field->step !== $step ) {
				if ( $step >= 0 ) {
					$html .= '</div>';
				}
				$step  = $field->step;
				$html .= Html::open(
					'div',
					array(
						'class'     => 'tessera-form__step',
						'data-step' => (string) $step,
						'hidden'    => $stepped && $step !== $current,
					)
				);
			}
			$html .= $this->field_html( $field );
		}
		if ( $step >= 0 ) {
			$html .= '</div>';
		}

		$html .= '<div class="tessera-form__submit evf-submit-container">';
		if ( $stepped ) {
			$html .= Steps::nav( $this->form, $current );
		}
		if ( (int) $settings['countdown'] > 0 ) {
			$html .= Html::element(
				'span',
				array(
					'class'         => 'tessera-form__countdown evf-submission-countdown',
					'data-duration' => (string) (int) $settings['countdown'],
					'hidden'        => true,
				)
			);
		}
		$html .= Html::element(
			'button',
			array(
				'type'   => 'submit',
				'class'  => 'tessera-form__button wp-element-button',
				'name'   => 'everest_forms[submit]',
				'value'  => (string) $id,
				'hidden' => $stepped && $current < $this->form->steps - 1,
			),
			esc_html( (string) $settings['submitLabel'] )
		);
		$html .= '</div></form>';
		if ( 'bottom' === $location && $success ) {
			$html .= $notice;
		}
		return $html . '</div>';
	}

	/**
	 * The step shown first: the step of the first field with an error (a refused normal post), else the first.
	 *
	 * @return int From 0.
	 */
	private function current_step(): int {
		foreach ( $this->form->fields as $field ) {
			if ( '' !== ( $this->errors[ $field->id ] ?? '' ) ) {
				return $field->step;
			}
		}
		return 0;
	}

	/**
	 * The form's hidden inputs: its id, the nonce, the submission token, the start time, the honeypot.
	 *
	 * @return string
	 */
	private function hidden_inputs(): string {
		$id   = $this->form->form_id;
		$html = Html::open(
			'input',
			array(
				'type'  => 'hidden',
				'name'  => 'everest_forms[id]',
				'value' => (string) $id,
			)
		);
		$html .= Html::open(
			'input',
			array(
				'type'  => 'hidden',
				'name'  => 'everest_forms[post_id]',
				'value' => (string) $this->page_id,
			)
		);
		$html .= Html::open(
			'input',
			array(
				'type'  => 'hidden',
				'name'  => 'security',
				'value' => Spam::nonce(),
			)
		);
		// The submission token (32 hex) and the start time (ms) are the browser's (the loader writes them at load):
		// the page is the same for every visitor, so a full-page cache can keep it (docs/forms.md, "Behind a page
		// cache"). Only the answer page of a normal post carries them, for that visitor.
		$html .= Html::open(
			'input',
			array(
				'type'  => 'hidden',
				'name'  => 'tessera_submission',
				'value' => $this->carry['tessera_submission'] ?? '',
			)
		);
		$html .= Html::open(
			'input',
			array(
				'type'  => 'hidden',
				'name'  => 'evf_submission_start_time',
				'value' => $this->carry['evf_submission_start_time'] ?? '',
			)
		);
		// The honeypot: out of sight and out of the tab order; people never fill it, simple bots do.
		$honeypot = self::input_id( $id, 'hp' );
		$html    .= '<div class="tessera-form__hp" aria-hidden="true">'
			. Html::element( 'label', array( 'for' => $honeypot ), esc_html__( 'Leave this field empty', 'tessera' ) )
			. Html::open(
				'input',
				array(
					'type'         => 'text',
					'id'           => $honeypot,
					'name'         => Spam::HONEYPOT,
					'value'        => '',
					'tabindex'     => '-1',
					'autocomplete' => 'off',
				)
			)
			. '</div>';
		return $html;
	}

	/**
	 * A notice (success message or error) in a live region.
	 *
	 * @param array{type: string, text: string} $notice Notice.
	 * @return string
	 */
	private function notice_html( array $notice ): string {
		$success = 'success' === $notice['type'];
		return Html::element(
			'div',
			array(
				'class'    => 'tessera-form__notice everest-forms-notice ' . ( $success ? 'everest-forms-notice--success' : 'everest-forms-notice--error' ),
				'id'       => 'evf-form-' . $this->form->form_id . '-notice',
				'role'     => $success ? 'status' : 'alert',
				'tabindex' => '-1',
			),
			wpautop( esc_html( $notice['text'] ) )
		);
	}

	/**
	 * The value to show for a field (a string; a list for checkboxes).
	 *
	 * @param Field $field Field.
	 * @return string|string[]
	 */
	private function value( Field $field ) {
		if ( array_key_exists( $field->id, $this->values ) ) {
			return $this->values[ $field->id ];
		}
		if ( 'checkbox' === $field->type ) {
			return '' === $field->default_value ? array() : array( $field->default_value );
		}
		return $field->default_value;
	}

	/**
	 * One field's row: label, input(s), description, error.
	 *
	 * @param Field $field Field.
	 * @return string
	 */
	private function field_html( Field $field ): string {
		$form_id = $this->form->form_id;
		$input   = self::input_id( $form_id, $field->id );
		if ( 'hidden' === $field->type ) {
			return Html::open(
				'input',
				array(
					'type'  => 'hidden',
					'id'    => $input,
					'name'  => $field->posted_name(),
					'value' => $field->default_value,
				)
			);
		}
		$error       = $this->errors[ $field->id ] ?? '';
		$described   = array();
		$description = '';
		if ( '' !== $field->description ) {
			$described[] = $input . '-description';
			$description = Html::element(
				'p',
				array(
					'class' => 'tessera-form__description evf-field-description',
					'id'    => $input . '-description',
				),
				esc_html( $field->description )
			);
		}
		$error_html = '';
		if ( '' !== $error ) {
			$described[] = $input . '-error';
			$error_html  = Html::element(
				'p',
				array(
					'class' => 'tessera-form__error evf-error',
					'id'    => $input . '-error',
				),
				esc_html( $error )
			);
		}
		$row_class = 'tessera-form__row evf-field tessera-form__row--' . $field->type . ( $field->required ? ' is-required' : '' ) . ( '' !== $error ? ' is-invalid' . ( self::is_required_error( $field, $error ) ? ' is-invalid-required' : '' ) : '' );
		$row       = array(
			'class'                       => $row_class,
			'id'                          => $input . '-container',
			'data-field-id'               => $field->id,
			'data-required-field-message' => '' !== $field->required_message ? $field->required_message : null,
			'data-conditions'             => null === $field->conditions ? null : (string) wp_json_encode( $field->conditions ),
			'hidden'                      => false === ( $this->visible[ $field->id ] ?? true ),
		);
		$common    = array(
			'aria-describedby' => array() === $described ? null : implode( ' ', $described ),
			'aria-invalid'     => '' !== $error ? 'true' : null,
			// A field that its conditions may hide cannot be `required` in HTML (the browser would ask for it hidden
			// or, without JavaScript, when the visitor's answers leave it out): the server and the island check it.
			'required'         => $field->required && null === $field->conditions,
			'aria-required'    => $field->required && null !== $field->conditions ? 'true' : null,
		);
		$label     = esc_html( $field->label ) . ( $field->required ? ' <span class="tessera-form__required" aria-hidden="true">*</span>' : '' );

		if ( in_array( $field->type, array( 'radio', 'checkbox' ), true ) ) {
			return Html::open( 'fieldset', $row )
				. Html::element( 'legend', array( 'class' => 'tessera-form__label' ), $label )
				. $this->choices_html( $field, $input, $common )
				. $description . $error_html . '</fieldset>';
		}
		if ( 'privacy-policy' === $field->type ) {
			$checked = '1' === $this->value( $field );
			$policy  = get_privacy_policy_url();
			return Html::open( 'div', $row )
				. Html::open(
					'input',
					$common + array(
						'type'    => 'checkbox',
						'id'      => $input,
						'name'    => $field->posted_name(),
						'value'   => '1',
						'checked' => $checked,
					)
				)
				. ' ' . Html::element( 'label', array( 'for' => $input ), $label )
				. ( '' !== $policy ? ' ' . Html::element( 'a', array( 'href' => $policy ), esc_html__( 'Privacy policy', 'tessera' ) ) : '' )
				. $description . $error_html . '</div>';
		}

		$html = Html::open( 'div', $row ) . Html::element(
			'label',
			array(
				'class' => 'tessera-form__label evf-label',
				'for'   => $input,
			),
			$label
		);
		$value = $this->value( $field );
		if ( $field->confirm && in_array( $field->type, array( 'email', 'password' ), true ) ) {
			$pair  = is_array( $value ) ? $value : array( 'primary' => $value );
			$html .= $this->input_html( $field, $input, $field->posted_name() . '[primary]', 'password' === $field->type ? '' : (string) ( $pair['primary'] ?? '' ), $common );
			/* translators: %s: the field's label. */
			$confirm_label = sprintf( __( 'Confirm %s', 'tessera' ), $field->label );
			$html         .= Html::element(
				'label',
				array(
					'class' => 'tessera-form__label tessera-form__label--confirm',
					'for'   => $input . '-secondary',
				),
				esc_html( $confirm_label )
			);
			$html         .= $this->input_html( $field, $input . '-secondary', $field->posted_name() . '[secondary]', 'password' === $field->type ? '' : (string) ( $pair['secondary'] ?? '' ), $common );
		} else {
			$html .= $this->input_html( $field, $input, $field->posted_name(), is_array( $value ) ? '' : (string) $value, $common );
		}
		return $html . $description . $error_html . '</div>';
	}

	/**
	 * Whether an error is the field's required message (the row state `invalid-required`).
	 *
	 * @param Field  $field Field.
	 * @param string $error Its error.
	 * @return bool
	 */
	private static function is_required_error( Field $field, string $error ): bool {
		return $error === ( '' !== $field->required_message ? $field->required_message : Validator::messages()['required'] );
	}

	/**
	 * A text-like input, a textarea or a select.
	 *
	 * @param Field                                    $field  Field.
	 * @param string                                   $id     Element id.
	 * @param string                                   $name   Posted name.
	 * @param string                                   $value  Value to show.
	 * @param array<string, string|bool|null>          $common aria-* and required.
	 * @return string
	 */
	private function input_html( Field $field, string $id, string $name, string $value, array $common ): string {
		$base = $common + array(
			'id'                    => $id,
			'name'                  => $name,
			'class'                 => 'tessera-form__input input-text',
			'placeholder'           => '' !== $field->placeholder ? $field->placeholder : null,
			'data-text-min-length'  => $field->min_chars > 0 ? (string) $field->min_chars : null,
			'data-min-words'        => $field->min_words > 0 ? (string) $field->min_words : null,
			'maxlength'             => (string) $field->cap(),
		);
		if ( 'textarea' === $field->type ) {
			return Html::element( 'textarea', $base + array( 'rows' => '5' ), esc_textarea( $value ) );
		}
		if ( 'select' === $field->type ) {
			unset( $base['placeholder'], $base['maxlength'], $base['data-text-min-length'], $base['data-min-words'] );
			$options = Html::element( 'option', array( 'value' => '' ), esc_html( '' !== $field->placeholder ? $field->placeholder : __( '— Select —', 'tessera' ) ) );
			foreach ( $field->choices as $choice ) {
				$options .= Html::element(
					'option',
					array(
						'value'    => $choice,
						'selected' => $choice === $value,
					),
					esc_html( $choice )
				);
			}
			return Html::element( 'select', $base, $options );
		}
		$types = array(
			'text'     => 'text',
			'email'    => 'email',
			'password' => 'password',
			'url'      => 'text',
			'number'   => 'number',
			'phone'    => 'tel',
		);
		$extra = array(
			'type'  => $types[ $field->type ] ?? 'text',
			'value' => $value,
		);
		switch ( $field->type ) {
			case 'email':
				$extra['autocomplete'] = 'email';
				break;
			case 'password':
				$extra['autocomplete'] = 'new-password';
				break;
			case 'url':
				// Not type=url: "example.org" is accepted (the server prepends http://, as the browser side does).
				$extra['inputmode']    = 'url';
				$extra['autocomplete'] = 'url';
				break;
			case 'phone':
				$extra['autocomplete'] = 'tel';
				$extra['pattern']      = '[0-9()+\-\s]*[0-9][0-9()+\-\s]*';
				break;
			case 'number':
				unset( $base['maxlength'] );
				$extra['min']  = null === $field->min ? null : Validator::format_number( $field->min );
				$extra['max']  = null === $field->max ? null : Validator::format_number( $field->max );
				$extra['step'] = null === $field->step_value ? 'any' : Validator::format_number( $field->step_value );
				break;
		}
		if ( $field->min_chars > 0 && 'number' !== $field->type ) {
			$extra['minlength'] = (string) $field->min_chars;
		}
		return Html::open( 'input', $base + $extra );
	}

	/**
	 * The boxes of a radio or checkbox group (with "select all" first when the field asks for it).
	 *
	 * @param Field                           $field  Field.
	 * @param string                          $input  Base element id.
	 * @param array<string, string|bool|null> $common aria-* and required.
	 * @return string
	 */
	private function choices_html( Field $field, string $input, array $common ): string {
		$value    = $this->value( $field );
		$selected = is_array( $value ) ? $value : ( '' === $value ? array() : array( $value ) );
		$checkbox = 'checkbox' === $field->type;
		$html     = '<ul class="tessera-form__choices">';
		if ( $checkbox && $field->select_all ) {
			$html .= '<li class="tessera-form__choice tessera-form__choice--all">'
				. Html::open(
					'input',
					array(
						'type'            => 'checkbox',
						'id'              => $input . '-all',
						'class'           => 'evf-select-all',
						'data-select-all' => $field->id,
					)
				)
				. ' ' . Html::element( 'label', array( 'for' => $input . '-all' ), esc_html__( 'Select all', 'tessera' ) ) . '</li>';
		}
		foreach ( $field->choices as $i => $choice ) {
			$id    = $input . '_' . $i;
			$html .= '<li class="tessera-form__choice">'
				. Html::open(
					'input',
					array(
						'type'              => $checkbox ? 'checkbox' : 'radio',
						'id'                => $id,
						'name'              => $field->posted_name(),
						'value'             => $choice,
						'checked'           => in_array( $choice, $selected, true ),
						// A required checkbox group cannot say "one of these" in HTML: the server (and the island) do.
						'required'          => ! $checkbox && $field->required && null === $field->conditions,
						'aria-describedby'  => $common['aria-describedby'] ?? null,
						'data-choice-limit' => $checkbox && $field->choice_limit > 0 ? (string) $field->choice_limit : null,
					)
				)
				. ' ' . Html::element( 'label', array( 'for' => $id ), esc_html( $choice ) ) . '</li>';
		}
		return $html . '</ul>';
	}
}
