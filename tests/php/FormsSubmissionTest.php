<?php
/**
 * Form submissions (docs/forms.md, "Submission"): the spec's answer shapes, spam defences, one entry per
 * submission, the notification e-mail, the server-rendered form and what a normal post shows again.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\Entries;
use Tessera\Forms\FormBlock;
use Tessera\Forms\NonceEndpoint;
use Tessera\Forms\Schema;
use Tessera\Forms\Spam;
use Tessera\Forms\Submission;

/**
 * Submission tests against the test site's database.
 */
final class FormsSubmissionTest extends TestCase {

	/**
	 * Entries created by the test (deleted in tearDown).
	 *
	 * @var int[]
	 */
	private array $forms = array();

	/**
	 * E-mails handed to wp_mail(): [ to, subject, message, headers ].
	 *
	 * @var array<int, array<string, mixed>>
	 */
	private array $mails = array();

	/**
	 * $_SERVER values the test changes, restored in tearDown.
	 *
	 * @var array<string, mixed>
	 */
	private array $server = array();

	/**
	 * Installs the tables, keeps the rate limit option and catches e-mails.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		Schema::maybe_install();
		$this->keep_option( Spam::OPTION_RATE_LIMIT );
		update_option( Spam::OPTION_RATE_LIMIT, 1000 );
		$this->add_test_filter(
			'pre_wp_mail',
			function ( $result, array $atts ) {
				$this->mails[] = $atts;
				return true;
			},
			10,
			2
		);
		foreach ( array( 'REMOTE_ADDR', 'REQUEST_METHOD' ) as $key ) {
			$this->server[ $key ] = $_SERVER[ $key ] ?? null;
		}
		$_SERVER['REMOTE_ADDR'] = '192.0.2.' . wp_rand( 1, 254 );
	}

	/**
	 * Removes the entries of the test's forms.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->forms as $form_id ) {
			foreach ( Entries::list( $form_id, array( 'per_page' => 100 ) )['rows'] as $row ) {
				Entries::delete( (int) $row['id'] );
			}
		}
		Submission::reset();
		foreach ( $this->server as $key => $value ) {
			if ( null === $value ) {
				unset( $_SERVER[ $key ] );
			} else {
				$_SERVER[ $key ] = $value;
			}
		}
		parent::tearDown();
	}

	/**
	 * A published form: name (required text), email (required), topic (checkbox, limit 2), secret (password with
	 * confirmation), note (hidden).
	 *
	 * @param array<string, mixed> $settings Form settings.
	 * @return int Form id.
	 */
	private function form( array $settings = array() ): int {
		$blocks  = '<!-- wp:tessera/field {"id":"name","type":"text","label":"Your name","required":true,"description":"As you like to be called"} /-->'
			. '<!-- wp:tessera/field {"id":"email","type":"email","label":"E-mail","required":true} /-->'
			. '<!-- wp:tessera/field {"id":"topic","type":"checkbox","label":"Topics","choices":["Sales","Support","Press"],"choiceLimit":2} /-->'
			. '<!-- wp:tessera/field {"id":"secret","type":"password","label":"Password","confirm":true} /-->'
			. '<!-- wp:tessera/field {"id":"note","type":"hidden","defaultValue":"from-test"} /-->';
		$post    = $this->make_post(
			array(
				'post_type'    => 'tessera_form',
				'post_title'   => 'Contact "us"',
				'post_content' => $blocks,
			)
		);
		if ( array() !== $settings ) {
			update_post_meta( $post->ID, '_tessera_form_settings', $settings );
		}
		$this->forms[] = $post->ID;
		return $post->ID;
	}

	/**
	 * A valid submission's fields.
	 *
	 * @param int                  $form_id Form id.
	 * @param array<string, mixed> $fields  Field values over the valid defaults.
	 * @return array<string, mixed>
	 */
	private static function posted( int $form_id, array $fields = array() ): array {
		return array(
			'everest_forms'             => array(
				'id'          => (string) $form_id,
				'post_id'     => '0',
				'hp'          => '',
				'form_fields' => $fields + array(
					'name'   => 'Ada <b>Lovelace</b>',
					'email'  => 'ada@example.org',
					'topic'  => array( 'Sales' ),
					'secret' => array(
						'primary'   => 'abc',
						'secondary' => 'abc',
					),
				),
			),
			'security'                  => Spam::nonce(),
			'tessera_submission'        => bin2hex( random_bytes( 16 ) ),
			'evf_submission_start_time' => (string) ( ( time() - 30 ) * 1000 ),
		);
	}

	/**
	 * A valid submission stores one entry with the clean values and answers the spec's fields; the same
	 * submission again (a double click) stores nothing more and answers the same entry.
	 *
	 * @return void
	 */
	public function test_success_stores_one_entry(): void {
		$form   = $this->form();
		$post   = self::posted( $form );
		$answer = ( new Submission() )->handle( $post, '192.0.2.10' );
		$this->assertTrue( $answer['success'] );
		$this->assertSame( 200, $answer['status'] );
		$data = $answer['data'];
		$this->assertSame( 'success', $data['response'] );
		$this->assertSame( $form, $data['form_id'] );
		$this->assertIsInt( $data['entry_id'] );
		$this->assertSame( 'Thanks for contacting us! We will be in touch with you shortly.', $data['message'] );
		$this->assertSame( 'top', $data['message_display_location'] );
		$this->assertSame( 'reset', $data['form_state_type'] );
		$this->assertArrayNotHasKey( 'redirect_url', $data );

		$entry = Entries::get( $data['entry_id'] );
		$this->assertNotNull( $entry );
		$this->assertSame( 'Ada <b>Lovelace</b>', $entry['values']['name'] ?? null, 'stored as typed (escaped on output)' );
		$this->assertSame( array( 'Sales' ), $entry['values']['topic'] ?? null );
		$this->assertSame( 'from-test', $entry['values']['note'] ?? null, 'the hidden field keeps its stored value' );

		$again = ( new Submission() )->handle( $post, '192.0.2.10' );
		$this->assertTrue( $again['success'] );
		$this->assertSame( $data['entry_id'], $again['data']['entry_id'] );
		$this->assertSame( 1, Entries::list( $form, array() )['total'] );
		$this->assertCount( 1, $this->mails, 'one e-mail for one entry' );
	}

	/**
	 * Field errors: HTTP 400, `data.error` as a list of single-entry maps in field order, the form's header under
	 * `data[formId]`, nothing stored.
	 *
	 * @return void
	 */
	public function test_field_errors_in_the_spec_shape(): void {
		$form   = $this->form();
		$answer = ( new Submission() )->handle(
			self::posted(
				$form,
				array(
					'name'  => '  ',
					'email' => 'ada@',
					'topic' => array( 'Sales', 'Support', 'Press' ),
				)
			),
			'192.0.2.11'
		);
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 400, $answer['status'] );
		$this->assertSame(
			array(
				array( 'name' => 'This field is required' ),
				array( 'email' => 'Please enter a valid email address' ),
				array( 'topic' => 'You have exceeded the number of allowed selections: 2' ),
			),
			json_decode( (string) wp_json_encode( $answer['data']['error'] ), true )
		);
		$this->assertIsString( $answer['data'][ $form ]['header'] ?? null );
		$this->assertSame( 0, Entries::list( $form, array() )['total'] );
		$this->assertSame( array(), $this->mails );
	}

	/**
	 * Unknown or unpublished form, missing or forged nonce, honeypot, too fast, malformed token: a message in
	 * `data.message`, the right status, nothing stored.
	 *
	 * @return void
	 */
	public function test_refusals_store_nothing(): void {
		$form  = $this->form();
		$draft = $this->make_post(
			array(
				'post_type'    => 'tessera_form',
				'post_status'  => 'draft',
				'post_content' => '<!-- wp:tessera/field {"id":"name","type":"text","label":"Name"} /-->',
			)
		);
		$page  = $this->make_post( array( 'post_type' => 'page' ) );
		$cases = array(
			'unknown form'     => array( 400, array( 'everest_forms' => array( 'id' => '999999999' ) + self::posted( $form )['everest_forms'] ) ),
			'not a form'       => array( 400, array( 'everest_forms' => array( 'id' => (string) $page->ID ) + self::posted( $form )['everest_forms'] ) ),
			'draft form'       => array( 400, array( 'everest_forms' => array( 'id' => (string) $draft->ID ) + self::posted( $form )['everest_forms'] ) ),
			'form id an array' => array( 400, array( 'everest_forms' => array( 'id' => array( (string) $form ) ) + self::posted( $form )['everest_forms'] ) ),
			'no nonce'         => array( 403, array( 'security' => null ) ),
			'forged nonce'     => array( 403, array( 'security' => 'abcdef1234' ) ),
			'honeypot'         => array( 400, array( 'everest_forms' => array( 'hp' => 'http://spam.example' ) + self::posted( $form )['everest_forms'] ) ),
			'too fast'         => array( 400, array( 'evf_submission_start_time' => (string) ( time() * 1000 ) ) ),
			'no start time'    => array( 400, array( 'evf_submission_start_time' => null ) ),
			'bad token'        => array( 400, array( 'tessera_submission' => 'not-a-token' ) ),
		);
		foreach ( $cases as $label => list( $status, $override ) ) {
			$post   = array_filter( $override + self::posted( $form ), static fn ( $value ) => null !== $value );
			$answer = ( new Submission() )->handle( $post, '192.0.2.12' );
			$this->assertFalse( $answer['success'], $label );
			$this->assertSame( $status, $answer['status'], $label );
			$this->assertIsString( $answer['data']['message'] ?? null, $label );
		}
		$this->assertSame( 0, Entries::list( $form, array() )['total'] );
		$this->assertSame( 0, Entries::list( $draft->ID, array() )['total'] );
	}

	/**
	 * The rate limit counts stored submissions per address: over it, 429 and nothing stored; another address is
	 * not affected.
	 *
	 * @return void
	 */
	public function test_rate_limit_per_address(): void {
		update_option( Spam::OPTION_RATE_LIMIT, 2 );
		$form    = $this->form();
		$address = '2001:db8::' . bin2hex( random_bytes( 2 ) ) . ':' . bin2hex( random_bytes( 2 ) );
		$this->assertTrue( ( new Submission() )->handle( self::posted( $form ), $address )['success'] );
		$this->assertTrue( ( new Submission() )->handle( self::posted( $form ), $address )['success'] );
		$third = ( new Submission() )->handle( self::posted( $form ), $address );
		$this->assertSame( 429, $third['status'] );
		$this->assertSame( 2, Entries::list( $form, array() )['total'] );
		$this->assertTrue( ( new Submission() )->handle( self::posted( $form ), '203.0.113.9' )['success'] );
	}

	/**
	 * The admin-ajax action answers JSON `{ success, data }` for visitors and logged-in users alike.
	 *
	 * @return void
	 */
	public function test_ajax_action(): void {
		$handler = new Submission();
		$this->add_test_filter( 'wp_ajax_nopriv_' . Submission::AJAX_ACTION, array( $handler, 'ajax' ), 1, 0 );
		$form = $this->form();
		$ok   = $this->ajax( 'nopriv_' . Submission::AJAX_ACTION, wp_slash( self::posted( $form ) ) );
		$this->assertSame( 200, $ok['status'] );
		$this->assertTrue( $ok['json']['success'] ?? null );
		$this->assertSame( 'success', $ok['json']['data']['response'] ?? null );

		$bad = $this->ajax( 'nopriv_' . Submission::AJAX_ACTION, wp_slash( self::posted( $form, array( 'email' => 'x' ) ) ) );
		$this->assertSame( 400, $bad['status'] );
		$this->assertFalse( $bad['json']['success'] ?? null );
		$this->assertSame( array( array( 'email' => 'Please enter a valid email address' ) ), $bad['json']['data']['error'] ?? null );
		$this->assertSame( 1, Entries::list( $form, array() )['total'] );
	}

	/**
	 * The notification: the form's recipients, subject with the title, every value but passwords as plain text,
	 * Reply-To the visitor's address; none when the form turns it off.
	 *
	 * @return void
	 */
	public function test_notification_email(): void {
		$form = $this->form(
			array(
				'notifyTo'      => 'owner@example.org, not an address, {admin_email}',
				'notifySubject' => "New: {form_title}\nBcc: x@example.org",
			)
		);
		$this->assertTrue( ( new Submission() )->handle( self::posted( $form ), '192.0.2.13' )['success'] );
		$this->assertCount( 1, $this->mails );
		$mail = $this->mails[0];
		$this->assertSame( array( 'owner@example.org', get_option( 'admin_email' ) ), $mail['to'] );
		$this->assertSame( 'New: Contact "us" Bcc: x@example.org', $mail['subject'], 'one line: no header injection' );
		$this->assertStringContainsString( "Your name:\nAda <b>Lovelace</b>", $mail['message'] );
		$this->assertStringNotContainsString( 'abc', $mail['message'], 'passwords are not e-mailed' );
		$this->assertContains( 'Reply-To: ada@example.org', $mail['headers'] );

		$quiet = $this->form( array( 'notify' => false ) );
		$this->assertTrue( ( new Submission() )->handle( self::posted( $quiet ), '192.0.2.13' )['success'] );
		$this->assertCount( 1, $this->mails );
	}

	/**
	 * The rendered form: the spec's attributes and posted names, labels tied to inputs, descriptions by
	 * aria-describedby, the hidden inputs (id, nonce, token, start time, honeypot).
	 *
	 * @return void
	 */
	public function test_rendered_form(): void {
		$form  = $this->form(
			array(
				'ajaxSubmission'  => false,
				'messageLocation' => 'popup',
			)
		);
		$html  = FormBlock::render( array( 'ref' => $form ) );
		$xpath = self::xpath( $html );
		$el    = self::one( $xpath, '//form' );
		$this->assertSame( (string) $form, $el->getAttribute( 'data-formid' ) );
		$this->assertSame( '0', $el->getAttribute( 'data-ajax_submission' ) );
		$this->assertSame( 'popup', $el->getAttribute( 'data-message_location' ) );
		$this->assertSame( 'reset', $el->getAttribute( 'data-form_state_type' ) );
		$this->assertSame( 'post', $el->getAttribute( 'method' ) );
		$this->assertNotSame( '', $el->getAttribute( 'data-process-text' ) );

		$name = self::one( $xpath, '//input[@name="everest_forms[form_fields][name]"]' );
		$this->assertTrue( $name->hasAttribute( 'required' ) );
		$this->assertSame( 'evf-' . $form . '-field_name', $name->getAttribute( 'id' ) );
		self::one( $xpath, '//label[@for="evf-' . $form . '-field_name"]' );
		$this->assertSame( 'evf-' . $form . '-field_name-description', $name->getAttribute( 'aria-describedby' ) );
		self::one( $xpath, '//*[@id="evf-' . $form . '-field_name-description"]' );
		$this->assertSame( 'name', self::one( $xpath, '//*[@id="evf-' . $form . '-field_name-container"]' )->getAttribute( 'data-field-id' ) );

		$this->assertSame( 3, $xpath->query( '//input[@name="everest_forms[form_fields][topic][]"]' )->length );
		$this->assertSame( '2', self::one( $xpath, '//input[@name="everest_forms[form_fields][topic][]"][@value="Sales"]' )->getAttribute( 'data-choice-limit' ) );
		self::one( $xpath, '//fieldset/legend[contains(., "Topics")]' );
		self::one( $xpath, '//input[@name="everest_forms[form_fields][secret][primary]"]' );
		self::one( $xpath, '//input[@name="everest_forms[form_fields][secret][secondary]"]' );
		$this->assertSame( 'from-test', self::one( $xpath, '//input[@name="everest_forms[form_fields][note]"]' )->getAttribute( 'value' ) );

		$this->assertSame( (string) $form, self::one( $xpath, '//input[@name="everest_forms[id]"]' )->getAttribute( 'value' ) );
		$this->assertNotFalse( wp_verify_nonce( self::one( $xpath, '//input[@name="security"]' )->getAttribute( 'value' ), Spam::NONCE_ACTION ) );
		// The token and the start time are the browser's: the page carries neither (the same page for everyone).
		$this->assertSame( '', self::one( $xpath, '//input[@name="tessera_submission"]' )->getAttribute( 'value' ) );
		$this->assertSame( '', self::one( $xpath, '//input[@name="evf_submission_start_time"]' )->getAttribute( 'value' ) );
		$this->assertSame( $html, FormBlock::render( array( 'ref' => $form ) ), 'rendered again: the same bytes' );
		$honeypot = self::one( $xpath, '//input[@name="everest_forms[hp]"]' );
		$this->assertSame( '-1', $honeypot->getAttribute( 'tabindex' ) );
		self::one( $xpath, '//button[@type="submit"][contains(., "Submit")]' );
		$this->assertStringContainsString( 'Contact &quot;us&quot;', $html, 'the title is escaped' );
	}

	/**
	 * A failed normal post shows the page again with what was typed (escaped), the errors tied to their fields
	 * and an error notice; a successful one redirects with a signed token that shows the success message.
	 *
	 * @return void
	 */
	public function test_normal_post_shows_values_and_errors_again(): void {
		$form                      = $this->form();
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_POST                     = wp_slash(
			self::posted(
				$form,
				array(
					'name'  => '"><script>alert(1)</script>',
					'email' => 'nope',
				)
			)
		);
		( new Submission() )->normal_post();
		$_POST = array();

		$html  = FormBlock::render( array( 'ref' => $form ) );
		$xpath = self::xpath( $html );
		$this->assertStringNotContainsString( '<script>alert(1)</script>', $html );
		$this->assertSame( '"><script>alert(1)</script>', self::one( $xpath, '//input[@name="everest_forms[form_fields][name]"]' )->getAttribute( 'value' ) );
		$email = self::one( $xpath, '//input[@name="everest_forms[form_fields][email]"]' );
		$this->assertSame( 'nope', $email->getAttribute( 'value' ) );
		$this->assertSame( 'true', $email->getAttribute( 'aria-invalid' ) );
		$error = self::one( $xpath, '//*[@id="' . $email->getAttribute( 'aria-describedby' ) . '"]' );
		$this->assertSame( 'Please enter a valid email address', trim( $error->textContent ) );
		$this->assertSame( 'alert', self::one( $xpath, '//*[contains(@class, "tessera-form__notice")]' )->getAttribute( 'role' ) );
		$this->assertSame( 0, Entries::list( $form, array() )['total'] );

		// The success page: a valid token of this form shows the message; a forged, expired or other form's does not.
		$now   = time();
		$token = Submission::sent_token( $form, 7, $now );
		$this->assertSame( 7, Submission::check_sent_token( $token, $form, $now + 5 ) );
		$this->assertNull( Submission::check_sent_token( $token, $form + 1, $now ) );
		$this->assertNull( Submission::check_sent_token( $token, $form, $now + 601 ) );
		$this->assertNull( Submission::check_sent_token( substr( $token, 0, -1 ) . ( '0' === substr( $token, -1 ) ? '1' : '0' ), $form, $now ) );
		Submission::reset();
		$_GET[ Submission::SENT_PARAM ] = $token;
		$done                           = FormBlock::render( array( 'ref' => $form ) );
		unset( $_GET[ Submission::SENT_PARAM ] );
		$this->assertStringContainsString( 'Thanks for contacting us!', $done );
		$this->assertSame( 'status', self::one( self::xpath( $done ), '//*[contains(@class, "tessera-form__notice")]' )->getAttribute( 'role' ) );
	}

	/**
	 * Issue 20, item 17: a normal post's success goes to the form's saved redirect address, another site's too,
	 * with wp_safe_redirect(); an address that is not an absolute http(s) one (stored around the save check) is
	 * never sent: the visitor gets the page's own success (`evf_sent`).
	 *
	 * @return void
	 */
	public function test_normal_post_redirects_only_to_an_absolute_http_address(): void {
		$this->add_test_filter(
			'wp_redirect',
			static function ( $location, $status ) {
				throw new \RuntimeException( (string) $location, (int) $status ); // Stops before exit.
			},
			10,
			2
		);
		$cases = array(
			'https://thanks.example.org/merci/?from=form' => 'https://thanks.example.org/merci/?from=form',
			'HTTPS://Thanks.Example.ORG/x'                => 'https://Thanks.Example.ORG/x',
			'//evil.example/'                             => null,
			'/\\evil.example/'                            => null,
			'javascript:alert(1)'                         => null,
			'https://good.example\\@evil.example/'        => null,
			'http://user:pass@evil.example/'              => null,
			'https://"><svg onload=alert(1)>.example/'    => null,
		);
		$form                      = $this->form();
		$_SERVER['REQUEST_METHOD'] = 'POST';
		foreach ( $cases as $saved => $expected ) {
			update_post_meta( $form, '_tessera_form_settings', array( 'redirectUrl' => $saved ) );
			$_POST = wp_slash( self::posted( $form ) );
			try {
				( new Submission() )->normal_post();
				$this->fail( 'no redirect for ' . $saved );
			} catch ( \RuntimeException $sent ) {
				$this->assertSame( 303, $sent->getCode(), $saved );
				if ( null === $expected ) {
					$this->assertStringStartsWith( home_url( '/' ), $sent->getMessage(), $saved );
					$this->assertStringContainsString( Submission::SENT_PARAM . '=', $sent->getMessage(), $saved );
				} else {
					$this->assertSame( $expected, $sent->getMessage(), $saved );
				}
			} finally {
				$_POST = array();
				Submission::reset();
			}
		}
		$this->assertSame( count( $cases ), Entries::list( $form, array() )['total'], 'each post stored its entry' );
	}

	/**
	 * Issue 20, item 17: saving a form (REST, as the block editor does) with a redirect address that is not an
	 * absolute http(s) one is refused with a message naming the setting, and nothing of the form is written; a
	 * valid address (spaces trimmed) is saved.
	 *
	 * @return void
	 */
	public function test_saving_a_form_refuses_a_redirect_that_is_not_an_absolute_http_address(): void {
		$this->as_admin();
		$form  = $this->form( array( 'redirectUrl' => 'https://example.org/before/' ) );
		$route = '/wp/v2/tessera-forms/' . $form;
		$save  = static function ( string $redirect ) use ( $route ): \WP_REST_Response {
			$request = new \WP_REST_Request( 'POST', $route );
			$request->set_header( 'Content-Type', 'application/json' );
			$request->set_body(
				(string) wp_json_encode(
					array(
						'title' => 'Changed',
						'meta'  => array( '_tessera_form_settings' => array( 'redirectUrl' => $redirect ) ),
					)
				)
			);
			return rest_do_request( $request );
		};
		foreach ( array( 'javascript:alert(1)', '/thanks/', '//evil.example/', 'example.com/thanks', 'ftp://example.com/', 'https://"><svg onload=alert(1)>.example/' ) as $bad ) {
			$response = $save( $bad );
			$this->assertSame( 400, $response->get_status(), $bad );
			$error = $response->get_data();
			$this->assertSame( 'tessera_form_invalid_redirect', $error['code'] ?? null, $bad );
			$this->assertSame( 'redirectUrl', $error['data']['field'] ?? null, $bad );
			$this->assertStringContainsString( 'Redirect to', (string) ( $error['message'] ?? '' ), $bad );
			clean_post_cache( $form );
			$this->assertSame( 'Contact "us"', get_post( $form )->post_title, 'nothing of the form is written: ' . $bad );
			$this->assertSame( 'https://example.org/before/', get_post_meta( $form, '_tessera_form_settings', true )['redirectUrl'] ?? null, $bad );
		}
		$response = $save( '  https://thanks.example.org/merci/ ' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'https://thanks.example.org/merci/', get_post_meta( $form, '_tessera_form_settings', true )['redirectUrl'] ?? null );
		$this->assertSame( 200, $save( '' )->get_status(), 'empty: no redirect' );
	}

	/**
	 * A token names one submission: the same one again answers its entry; the token with other answers, or on
	 * another form, is refused (409) with nothing stored and nothing of the first entry in the answer.
	 *
	 * @return void
	 */
	public function test_reused_token_is_refused_without_the_other_entry(): void {
		$form  = $this->form( array( 'pdfDownload' => true ) );
		$other = $this->form();
		$post  = self::posted( $form );
		$first = ( new Submission() )->handle( $post, '192.0.2.20' );
		$this->assertTrue( $first['success'] );
		$this->assertArrayHasKey( 'pdf_download_url', $first['data'] );

		$same = ( new Submission() )->handle( $post, '192.0.2.21' );
		$this->assertTrue( $same['success'], 'a double click' );
		$this->assertSame( $first['data']['entry_id'], $same['data']['entry_id'] );

		$changed                                     = $post;
		$changed['everest_forms']['form_fields']['name'] = 'Grace Hopper';
		$conflict                                    = ( new Submission() )->handle( $changed, '192.0.2.22' );
		$this->assertFalse( $conflict['success'] );
		$this->assertSame( 409, $conflict['status'] );
		$this->assertStringContainsString( 'other answers', (string) ( $conflict['data']['message'] ?? '' ) );
		$this->assertSame( array( 'form_id', 'message' ), array_keys( $conflict['data'] ), 'no entry id, no PDF link' );

		$elsewhere                      = self::posted( $other );
		$elsewhere['tessera_submission'] = $post['tessera_submission'];
		$moved                          = ( new Submission() )->handle( $elsewhere, '192.0.2.23' );
		$this->assertSame( 409, $moved['status'] );
		$this->assertStringContainsString( 'another form', (string) ( $moved['data']['message'] ?? '' ) );
		$this->assertSame( array( 'form_id', 'message' ), array_keys( $moved['data'] ) );

		$this->assertSame( 1, Entries::list( $form, array() )['total'] );
		$this->assertSame( 0, Entries::list( $other, array() )['total'] );
		$this->assertSame( 'Ada <b>Lovelace</b>', Entries::get( $first['data']['entry_id'] )['values']['name'] ?? null );
		$this->assertCount( 1, $this->mails );
	}

	/**
	 * A post without a token (no JavaScript) gets the server's: the same post again (a double click) is the same
	 * entry; other answers, or another visitor's address, another entry.
	 *
	 * @return void
	 */
	public function test_post_without_token_gets_the_servers(): void {
		$form = $this->form();
		$post = self::posted( $form );
		unset( $post['tessera_submission'] );
		$first = ( new Submission() )->handle( $post, '192.0.2.30', true );
		$again = ( new Submission() )->handle( $post, '192.0.2.30', true );
		$this->assertTrue( $first['success'] && $again['success'] );
		$this->assertSame( $first['data']['entry_id'], $again['data']['entry_id'] );

		$other                                     = $post;
		$other['everest_forms']['form_fields']['name'] = 'Grace';
		$second                                    = ( new Submission() )->handle( $other, '192.0.2.30', true );
		$third                                     = ( new Submission() )->handle( $post, '192.0.2.31', true );
		$this->assertTrue( $second['success'] && $third['success'] );
		$this->assertCount( 3, array_unique( array( $first['data']['entry_id'], $second['data']['entry_id'], $third['data']['entry_id'] ) ) );
		$this->assertSame( 3, Entries::list( $form, array() )['total'] );
		$this->assertSame(
			Submission::minted_token( $form, '192.0.2.30', $post['everest_forms']['form_fields'], 6 * Submission::MINT_WINDOW ),
			Submission::minted_token( $form, '192.0.2.30', $post['everest_forms']['form_fields'], 7 * Submission::MINT_WINDOW - 1 ),
			'one window, one token'
		);
	}

	/**
	 * Without JavaScript a page carries no start time: the first normal post is validated, stores nothing and comes
	 * back with the values, a start time and a token; sent once more (after the minimum fill time) it is stored.
	 * A background submission without a start time stays "too fast".
	 *
	 * @return void
	 */
	public function test_normal_post_without_start_time_is_sent_once_more(): void {
		$form = $this->form( array( 'minFillSeconds' => 3 ) );
		$post = self::posted( $form, array( 'secret' => array( 'primary' => '', 'secondary' => '' ) ) );
		unset( $post['tessera_submission'], $post['evf_submission_start_time'] );
		$this->assertSame( 400, ( new Submission() )->handle( $post, '192.0.2.40' )['status'], 'background: too fast' );

		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_POST                     = wp_slash( $post );
		( new Submission() )->normal_post();
		$_POST = array();
		$this->assertSame( 0, Entries::list( $form, array() )['total'] );

		$xpath  = self::xpath( FormBlock::render( array( 'ref' => $form ) ) );
		$notice = self::one( $xpath, '//*[contains(@class, "tessera-form__notice")]' );
		$this->assertSame( 'alert', $notice->getAttribute( 'role' ) );
		$this->assertStringContainsString( 'send the form once more', $notice->textContent );
		$this->assertSame( 'Ada <b>Lovelace</b>', self::one( $xpath, '//input[@name="everest_forms[form_fields][name]"]' )->getAttribute( 'value' ) );
		$token = self::one( $xpath, '//input[@name="tessera_submission"]' )->getAttribute( 'value' );
		$start = self::one( $xpath, '//input[@name="evf_submission_start_time"]' )->getAttribute( 'value' );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{32}$/', $token );
		$this->assertMatchesRegularExpression( '/^\d{13}$/', $start );

		$resent = $post + array(
			'tessera_submission'        => $token,
			'evf_submission_start_time' => $start,
		);
		$this->assertSame( 400, ( new Submission() )->handle( $resent, '192.0.2.40', true )['status'], 'at once: too fast' );
		$stored = ( new Submission( time() + 5 ) )->handle( $resent, '192.0.2.40', true );
		$this->assertTrue( $stored['success'] );
		$this->assertSame( 1, Entries::list( $form, array() )['total'] );
	}

	/**
	 * A normal post from a page older than its nonce comes back with what was typed, the "expired" notice and a
	 * fresh nonce; the nonce endpoint answers the current user's nonce.
	 *
	 * @return void
	 */
	public function test_stale_nonce_normal_post_and_the_nonce_endpoint(): void {
		$form                      = $this->form();
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$_POST                     = wp_slash( array( 'security' => 'abcdef1234' ) + self::posted( $form ) );
		( new Submission() )->normal_post();
		$_POST = array();
		$xpath = self::xpath( FormBlock::render( array( 'ref' => $form ) ) );
		$this->assertStringContainsString( 'expired', self::one( $xpath, '//*[contains(@class, "tessera-form__notice")]' )->textContent );
		$this->assertSame( 'ada@example.org', self::one( $xpath, '//input[@name="everest_forms[form_fields][email]"]' )->getAttribute( 'value' ) );
		$this->assertTrue( Spam::nonce_ok( self::one( $xpath, '//input[@name="security"]' )->getAttribute( 'value' ) ) );
		$this->assertSame( 0, Entries::list( $form, array() )['total'] );

		$handler = new NonceEndpoint();
		$this->add_test_filter( 'wp_ajax_nopriv_' . NonceEndpoint::ACTION, array( $handler, 'serve' ), 1, 0 );
		$answer = $this->ajax( 'nopriv_' . NonceEndpoint::ACTION, array() );
		$this->assertSame( 200, $answer['status'] );
		$this->assertTrue( $answer['json']['success'] ?? null );
		$this->assertTrue( Spam::nonce_ok( $answer['json']['data']['nonce'] ?? null ) );
	}
}
