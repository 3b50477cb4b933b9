<?php
/**
 * A multi-step form's own markup (docs/forms.md, "Steps"): the step indicator, the Previous/Next buttons and the
 * no-JavaScript style, printed by the server in the layout the island keeps, so that taking the form over moves
 * nothing on the page.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

use Tessera\Html;

/**
 * Step indicator, step buttons and the style that shows every step without JavaScript.
 */
final class Steps {

	/**
	 * The class a form takes when its island cannot load (the loader adds it): every step and field shown, as
	 * without JavaScript.
	 */
	public const STATIC_CLASS = 'tessera-form--static';

	/**
	 * The indicator's text template (the island formats the same one).
	 *
	 * @return string
	 */
	public static function template(): string {
		/* translators: 1: the current step's number, 2: the number of steps. */
		return __( 'Step %1$d of %2$d', 'tessera' );
	}

	/**
	 * "Step 2 of 3: Title" (the title left out when the step has none).
	 *
	 * @param FormDefinition $form  The form.
	 * @param int            $index The step, from 0.
	 * @return string
	 */
	public static function label( FormDefinition $form, int $index ): string {
		$title = $form->step_titles[ $index ] ?? '';
		return sprintf( self::template(), $index + 1, $form->steps ) . ( '' !== $title ? ': ' . $title : '' );
	}

	/**
	 * The step indicator: the text, a progress bar and the live region that announces a change of step.
	 *
	 * @param FormDefinition $form    The form.
	 * @param int            $current The step shown, from 0.
	 * @return string
	 */
	public static function progress( FormDefinition $form, int $current ): string {
		$label = self::label( $form, $current );
		$width = round( ( $current + 1 ) / $form->steps * 100, 4 );
		return '<div class="tessera-form__progress">'
			. Html::element(
				'p',
				array(
					'class'       => 'tessera-form__progress-text',
					'aria-hidden' => 'true',
				),
				esc_html( $label )
			)
			. Html::element(
				'div',
				array(
					'class'         => 'tessera-form__progressbar',
					'role'          => 'progressbar',
					'aria-label'    => $label,
					'aria-valuemin' => '1',
					'aria-valuemax' => (string) $form->steps,
					'aria-valuenow' => (string) ( $current + 1 ),
				),
				Html::element( 'span', array( 'style' => 'width:' . $width . '%' ) )
			)
			. Html::element(
				'p',
				array(
					'class'     => 'screen-reader-text tessera-form__live',
					'aria-live' => 'polite',
				),
				esc_html( $label )
			)
			. '</div>';
	}

	/**
	 * The Previous and Next buttons (each hidden where the step has none to go to).
	 *
	 * @param FormDefinition $form    The form.
	 * @param int            $current The step shown, from 0.
	 * @return string
	 */
	public static function nav( FormDefinition $form, int $current ): string {
		return '<div class="tessera-form__nav">'
			. Html::element(
				'button',
				array(
					'type'   => 'button',
					'class'  => 'tessera-form__button tessera-form__button--previous wp-element-button',
					'hidden' => 0 === $current,
				),
				esc_html__( 'Previous', 'tessera' )
			)
			. Html::element(
				'button',
				array(
					'type'   => 'button',
					'class'  => 'tessera-form__button tessera-form__button--next wp-element-button',
					'hidden' => $current >= $form->steps - 1,
				),
				esc_html__( 'Next', 'tessera' )
			)
			. '</div>';
	}

	/**
	 * Without JavaScript (the same bytes for every visitor, read only by a browser that runs no script): every
	 * step and every field shown, one Submit, no indicator and no step buttons. The stylesheet says the same for
	 * STATIC_CLASS.
	 *
	 * @return string
	 */
	public static function noscript(): string {
		return '<noscript><style>'
			. '.tessera-form .tessera-form__step[hidden],.tessera-form .tessera-form__row[hidden],.tessera-form .tessera-form__submit>[type=submit][hidden]{display:block!important}'
			. '.tessera-form .tessera-form__progress,.tessera-form .tessera-form__nav{display:none!important}'
			. '</style></noscript>';
	}
}
