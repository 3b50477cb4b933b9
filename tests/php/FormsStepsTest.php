<?php
/**
 * A multi-step form as the server prints it (docs/forms.md, "Steps and conditions laid out by the server"): one
 * step shown with its indicator and buttons, rows hidden by their conditions, and the no-JavaScript style.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\FormDefinition;
use Tessera\Forms\Renderer;

/**
 * Renderer output of a two-step form with a conditional field.
 */
final class FormsStepsTest extends TestCase {

	/**
	 * Two steps: name and reach (radio) with an e-mail shown only for "E-mail", then the question.
	 *
	 * @return FormDefinition
	 */
	private static function form(): FormDefinition {
		$blocks = parse_blocks(
			'<!-- wp:tessera/field {"id":"name","type":"text","label":"Name","required":true} /-->'
			. '<!-- wp:tessera/field {"id":"reach","type":"radio","label":"Reach","required":true,"choices":["E-mail","Phone"]} /-->'
			. '<!-- wp:tessera/field {"id":"email","type":"email","label":"E-mail","required":true,"conditions":{"action":"show","match":"all","rules":[{"field":"reach","operator":"is","value":"E-mail"}]}} /-->'
			. '<!-- wp:tessera/form-step {"title":"Your question"} /-->'
			. '<!-- wp:tessera/field {"id":"question","type":"textarea","label":"Question","required":true} /-->'
		);
		return FormDefinition::from_blocks( 41, $blocks, array() );
	}

	/**
	 * The first step shown as the island keeps it: the indicator, the step's rows, Next in place of Submit; the
	 * second step and the e-mail row (its condition not met) hidden, and shown again by the <noscript> style.
	 *
	 * @return void
	 */
	public function test_first_step_laid_out_for_the_island(): void {
		$html  = ( new Renderer( self::form() ) )->render( 'class="tessera-form-wrap"', '/page/' );
		$xpath = self::xpath( $html );
		$this->assertSame( 'Step 1 of 2', trim( self::one( $xpath, '//p[contains(@class, "tessera-form__progress-text")]' )->textContent ) );
		$bar = self::one( $xpath, '//*[@role="progressbar"]' );
		$this->assertSame( 'Step 1 of 2', $bar->getAttribute( 'aria-label' ) );
		$this->assertSame( '1', $bar->getAttribute( 'aria-valuenow' ) );
		$this->assertSame( '2', $bar->getAttribute( 'aria-valuemax' ) );
		$this->assertFalse( self::one( $xpath, '//*[@data-step="0"]' )->hasAttribute( 'hidden' ) );
		$this->assertTrue( self::one( $xpath, '//*[@data-step="1"]' )->hasAttribute( 'hidden' ) );
		$this->assertTrue( self::one( $xpath, '//button[contains(@class, "tessera-form__button--previous")]' )->hasAttribute( 'hidden' ) );
		$this->assertFalse( self::one( $xpath, '//button[contains(@class, "tessera-form__button--next")]' )->hasAttribute( 'hidden' ) );
		$this->assertTrue( self::one( $xpath, '//button[@type="submit"]' )->hasAttribute( 'hidden' ) );

		// The e-mail row: hidden while "E-mail" is not chosen; not `required` in HTML (its conditions may leave it
		// out), but said to be required.
		$this->assertTrue( self::one( $xpath, '//*[@id="evf-41-field_email-container"]' )->hasAttribute( 'hidden' ) );
		$email = self::one( $xpath, '//input[@id="evf-41-field_email"]' );
		$this->assertFalse( $email->hasAttribute( 'required' ) );
		$this->assertSame( 'true', $email->getAttribute( 'aria-required' ) );
		$this->assertTrue( self::one( $xpath, '//input[@id="evf-41-field_name"]' )->hasAttribute( 'required' ) );

		$this->assertStringContainsString( '<noscript><style>', $html );
		$this->assertSame( 1, substr_count( $html, '<noscript>' ) );
	}

	/**
	 * After a refused normal post the step of the first error is shown (with its indicator and buttons), and a
	 * chosen "E-mail" shows the e-mail row.
	 *
	 * @return void
	 */
	public function test_step_of_the_first_error_shown(): void {
		$renderer = new Renderer(
			self::form(),
			array(
				'name'  => 'Ada',
				'reach' => 'E-mail',
				'email' => 'ada@example.org',
			),
			array( 'question' => 'This field is required' )
		);
		$xpath    = self::xpath( $renderer->render( 'class="tessera-form-wrap"', '/page/' ) );
		$this->assertTrue( self::one( $xpath, '//*[@data-step="0"]' )->hasAttribute( 'hidden' ) );
		$this->assertFalse( self::one( $xpath, '//*[@data-step="1"]' )->hasAttribute( 'hidden' ) );
		$this->assertSame( 'Step 2 of 2: Your question', trim( self::one( $xpath, '//p[contains(@class, "tessera-form__live")]' )->textContent ) );
		$this->assertSame( '2', self::one( $xpath, '//*[@role="progressbar"]' )->getAttribute( 'aria-valuenow' ) );
		$this->assertFalse( self::one( $xpath, '//button[contains(@class, "tessera-form__button--previous")]' )->hasAttribute( 'hidden' ) );
		$this->assertTrue( self::one( $xpath, '//button[contains(@class, "tessera-form__button--next")]' )->hasAttribute( 'hidden' ) );
		$this->assertFalse( self::one( $xpath, '//button[@type="submit"]' )->hasAttribute( 'hidden' ) );
		$this->assertFalse( self::one( $xpath, '//*[@id="evf-41-field_email-container"]' )->hasAttribute( 'hidden' ) );
	}

	/**
	 * A one-step form without conditions prints none of it.
	 *
	 * @return void
	 */
	public function test_one_step_form_prints_no_step_markup(): void {
		$form = FormDefinition::from_blocks( 42, parse_blocks( '<!-- wp:tessera/field {"id":"name","type":"text","label":"Name","required":true} /-->' ), array() );
		$html = ( new Renderer( $form ) )->render( 'class="tessera-form-wrap"', '/page/' );
		$this->assertStringNotContainsString( 'noscript', $html );
		$this->assertStringNotContainsString( 'tessera-form__progress', $html );
		$this->assertStringNotContainsString( 'tessera-form__nav', $html );
		$this->assertStringNotContainsString( 'hidden', str_replace( array( 'type="hidden"', 'aria-hidden' ), '', $html ) );
	}
}
