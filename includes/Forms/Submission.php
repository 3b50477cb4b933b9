<?php
/**
 * A form submission, background (admin-ajax `everest_forms_ajax_submission`) or normal (a POST to the page):
 * spam checks, validation against the stored form, one entry, the notification e-mail, and the answer in the
 * spec's shape (docs/forms.md, "Submission").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

use Tessera\Http\CacheHeaders;
use Tessera\Http\ClientAddress;
use Tessera\Http\RateLimiter;

/**
 * Handles submissions and keeps, for the page being rendered after a normal post, what the renderer shows again.
 */
final class Submission {

	/**
	 * The admin-ajax action of a background submission (spec §7).
	 */
	public const AJAX_ACTION = 'everest_forms_ajax_submission';

	/**
	 * Query parameter of the page a normal submission redirects to after success (signed).
	 */
	public const SENT_PARAM = 'evf_sent';

	/**
	 * Seconds of the window in which a normal post without a token is one submission (the server's token for it
	 * is the same for the same form, address and fields within a window): a double click stores one entry.
	 */
	public const MINT_WINDOW = 600;

	/**
	 * What a normal post left for the renderer, by form id.
	 *
	 * @var array<int, array{values: array<string, string|string[]>, errors: array<string, string>, notice: array{type: string, text: string}|null, carry: array<string, string>}>
	 */
	private static array $states = array();

	/**
	 * Current Unix time (tests set it).
	 *
	 * @var int|null
	 */
	private ?int $now;

	/**
	 * Creates the handler.
	 *
	 * @param int|null $now Unix time (null = the clock).
	 */
	public function __construct( ?int $now = null ) {
		$this->now = $now;
	}

	/**
	 * Hooks the admin-ajax action (logged in or not) and the normal post.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'wp_ajax_' . self::AJAX_ACTION, array( $this, 'ajax' ) );
		add_action( 'wp_ajax_nopriv_' . self::AJAX_ACTION, array( $this, 'ajax' ) );
		add_action( 'template_redirect', array( $this, 'normal_post' ), 5 );
	}

	/**
	 * The background submission: answers JSON (`{ success, data }`) and ends the request.
	 *
	 * @return void
	 */
	public function ajax(): void {
		CacheHeaders::no_store();
		$result = $this->handle( wp_unslash( $_POST ), ClientAddress::current() ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- handle() verifies the `security` nonce.
		if ( $result['success'] ) {
			wp_send_json_success( $result['data'], 200 );
		}
		wp_send_json_error( $result['data'], $result['status'] );
	}

	/**
	 * A normal post to a page with a form: on success redirects (the form's redirect, or the same page with a
	 * signed `evf_sent`); otherwise keeps the values and errors for the page that follows.
	 *
	 * @return void
	 */
	public function normal_post(): void {
		// The success page shows one visitor's success, and a post's answer page what they typed: neither is
		// ever stored by a page cache or a browser (docs/forms.md, "Behind a page cache").
		if ( isset( $_GET[ self::SENT_PARAM ] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only looks whether the parameter is there.
			CacheHeaders::no_store();
		}
		if ( 'POST' !== ( $_SERVER['REQUEST_METHOD'] ?? '' ) || wp_doing_ajax() || ! isset( $_POST['everest_forms']['id'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification.Missing -- only looks whether a form was posted; handle() verifies the nonce.
			return;
		}
		CacheHeaders::no_store();
		$posted = wp_unslash( $_POST ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- handle() verifies the `security` nonce.
		$result = $this->handle( $posted, ClientAddress::current(), true );
		$form   = (int) $result['data']['form_id'];
		if ( $result['success'] ) {
			if ( self::redirect( (string) ( $result['data']['redirect_url'] ?? '' ) ) ) {
				exit;
			}
			$back = add_query_arg( self::SENT_PARAM, self::sent_token( $form, (int) $result['data']['entry_id'], $this->time() ), self::current_url() );
			wp_safe_redirect( $back . '#evf-form-' . $form, 303 );
			exit;
		}
		if ( $form > 0 ) {
			$fields = isset( $posted['everest_forms']['form_fields'] ) && is_array( $posted['everest_forms']['form_fields'] ) ? $posted['everest_forms']['form_fields'] : array();
			// The form comes back with what was typed, and with the visit's start time and submission token (the
			// fill time counts from the first page; nothing was stored under the token). A post without them (no
			// JavaScript: the page, the same for every visitor, carries neither) gets them here, on its own
			// answer page: the start is now, the token a new one. So does a token refused as used (409).
			$carry = array(
				'evf_submission_start_time' => (string) ( $this->time() * 1000 ),
				'tessera_submission'        => bin2hex( random_bytes( 16 ) ),
			);
			foreach ( array( 'evf_submission_start_time' => '/^\d{10,16}$/', 'tessera_submission' => '/^[0-9a-f]{32}$/' ) as $name => $pattern ) {
				if ( isset( $posted[ $name ] ) && is_string( $posted[ $name ] ) && 1 === preg_match( $pattern, $posted[ $name ] ) ) {
					$carry[ $name ] = $posted[ $name ];
				}
			}
			if ( 409 === $result['status'] ) {
				$carry['tessera_submission'] = bin2hex( random_bytes( 16 ) );
			}
			self::$states[ $form ] = array(
				'values' => self::shown_values( $fields ),
				'errors' => $result['errors'],
				'notice' => array(
					'type' => 'error',
					'text' => self::notice_text( $result['data'], $form ),
				),
				'carry'  => $carry,
			);
		}
	}

	/**
	 * What the renderer shows for a form on this request: the state a failed normal post left, or the success
	 * notice of a valid `evf_sent`, or null.
	 *
	 * @param int $form_id Form id.
	 * @return array{values: array<string, string|string[]>, errors: array<string, string>, notice: array{type: string, text: string}|null, carry: array<string, string>}|null
	 */
	public static function state( int $form_id ): ?array {
		if ( isset( self::$states[ $form_id ] ) ) {
			return self::$states[ $form_id ];
		}
		$sent = isset( $_GET[ self::SENT_PARAM ] ) && is_string( $_GET[ self::SENT_PARAM ] ) ? sanitize_text_field( wp_unslash( $_GET[ self::SENT_PARAM ] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a signed token, checked below.
		$form = '' === $sent ? null : FormDefinition::from_post( $form_id );
		if ( null !== $form && null !== self::check_sent_token( $sent, $form_id, time() ) ) {
			return array(
				'values' => array(),
				'errors' => array(),
				'notice' => array(
					'type' => 'success',
					'text' => (string) $form->settings['successMessage'],
				),
				'carry'  => array(),
			);
		}
		return null;
	}

	/**
	 * Forgets the states of normal posts (tests).
	 *
	 * @return void
	 */
	public static function reset(): void {
		self::$states = array();
	}

	/**
	 * Handles one submission.
	 *
	 * @param array<string, mixed> $post    The request's fields, unslashed.
	 * @param string               $address Client address (rate limit).
	 * @param bool                 $normal  A normal post (no JavaScript may have run): one without a start time
	 *                                      is validated and answered with a request to send it once more.
	 * @return array{success: bool, status: int, data: array<string|int, mixed>, errors: array<string, string>}
	 */
	public function handle( array $post, string $address, bool $normal = false ): array {
		$evf     = isset( $post['everest_forms'] ) && is_array( $post['everest_forms'] ) ? $post['everest_forms'] : array();
		$form_id = isset( $evf['id'] ) && is_scalar( $evf['id'] ) && 1 === preg_match( '/^\d{1,19}$/', (string) $evf['id'] ) ? (int) $evf['id'] : 0;
		$form    = $form_id > 0 ? FormDefinition::from_post( $form_id ) : null;
		if ( null === $form || 'publish' !== get_post_status( $form_id ) ) {
			return self::refused( 400, 0, __( 'This form does not exist (any more).', 'tessera' ) );
		}
		if ( ! Spam::nonce_ok( $post['security'] ?? null ) ) {
			return self::refused( 403, $form_id, __( 'This page had expired. Please send the form again: what you typed is still here.', 'tessera' ) );
		}
		if ( Spam::honeypot_filled( $evf ) ) {
			return self::refused( 400, $form_id, __( 'The form could not be sent: it looks filled in automatically.', 'tessera' ) );
		}
		$fields = $evf['form_fields'] ?? array();
		$fields = is_array( $fields ) ? $fields : array();
		// Without JavaScript the page (the same for every visitor) carries no start time: the first normal post
		// is checked and comes back, with its start time and a token, to be sent once more (the minimum fill
		// time then counts from that answer).
		if ( $normal && (int) $form->settings['minFillSeconds'] > 0 && '' === ( $post['evf_submission_start_time'] ?? '' ) ) {
			$checked = Validator::validate( $form, $fields );
			return $checked->ok()
				? self::refused( 400, $form_id, __( 'Almost done: please check what you typed and send the form once more. (Without JavaScript this second step keeps automated spam out.)', 'tessera' ) )
				: self::invalid( $form_id, $checked );
		}
		if ( Spam::too_fast( $post['evf_submission_start_time'] ?? null, (int) $form->settings['minFillSeconds'], $this->time() ) ) {
			return self::refused( 400, $form_id, __( 'The form was sent too quickly. Please wait a few seconds and send it again.', 'tessera' ) );
		}
		// The browser makes the token (one per form view). A post without one (no JavaScript) gets the server's:
		// the same for the same form, address and fields within MINT_WINDOW, so sending it twice stores it once.
		$token = $post['tessera_submission'] ?? '';
		if ( '' === $token ) {
			$token = self::minted_token( $form_id, $address, $fields, $this->time() );
		}
		if ( ! is_string( $token ) || 1 !== preg_match( '/^[0-9a-f]{32}$/', $token ) ) {
			return self::refused( 400, $form_id, __( 'The form could not be sent. Reload the page and send it again.', 'tessera' ) );
		}
		$result = Validator::validate( $form, $fields );
		if ( ! $result->ok() ) {
			return self::invalid( $form_id, $result );
		}
		// One slot of the address's `forms` bucket per stored entry: taken before storing (atomic, so a burst of
		// concurrent submissions stores exactly the limit), given back when nothing was stored after all.
		$now = $this->time();
		if ( ! RateLimiter::take( 'forms', $address, Spam::limit(), $now ) ) {
			return self::refused( 429, $form_id, __( 'Too many forms were sent from your address. Please try again in a few minutes.', 'tessera' ) );
		}
		$page_id = isset( $evf['post_id'] ) && is_scalar( $evf['post_id'] ) ? absint( $evf['post_id'] ) : 0;
		try {
			$entry = Entries::create( $form_id, $token, $result->values, $page_id, get_current_user_id() );
		} catch ( \RuntimeException $error ) {
			// The database refused (and rolled back): nothing stored; the visitor's form keeps what was typed.
			unset( $error );
			RateLimiter::give_back( 'forms', $address, $now );
			return self::refused( 503, $form_id, __( 'The form could not be saved just now. Please send it again in a moment.', 'tessera' ) );
		}
		if ( ! $entry['created'] ) {
			RateLimiter::give_back( 'forms', $address, $now ); // A repeat or a conflict: nothing was stored.
		}
		if ( '' !== $entry['conflict'] ) {
			// The token was used for another submission (other answers, or another form): nothing stored, and
			// nothing of that submission in the answer. The browser keeps what was typed and makes a new token.
			return self::refused(
				409,
				$form_id,
				'form' === $entry['conflict']
					? __( 'This form could not be saved: its submission code belongs to another form. What you typed is still here; please send it again.', 'tessera' )
					: __( 'This form was already sent from this page with other answers, so these were not saved. What you typed is still here; please send it again to send it as a new message.', 'tessera' )
			);
		}
		if ( $entry['created'] ) {
			( new Notification() )->send( $form, $entry['id'], $result->values );
		}
		return array(
			'success' => true,
			'status'  => 200,
			'data'    => self::success_data( $form, $entry['id'] ),
			'errors'  => array(),
		);
	}

	/**
	 * The answer fields of a success (spec §3).
	 *
	 * @param FormDefinition $form     Form.
	 * @param int            $entry_id Stored entry.
	 * @return array<string, mixed>
	 */
	private static function success_data( FormDefinition $form, int $entry_id ): array {
		$settings = $form->settings;
		$data     = array(
			'message'                   => (string) $settings['successMessage'],
			'response'                  => 'success',
			'form_id'                   => $form->form_id,
			'entry_id'                  => $entry_id,
			'message_display_location'  => (string) $settings['messageLocation'],
			'form_state_type'           => (string) $settings['formStateType'],
			'submission_message_scroll' => true,
		);
		if ( '' !== (string) $settings['redirectUrl'] ) {
			$data['redirect_url']               = esc_url_raw( (string) $settings['redirectUrl'] );
			$data['enable_redirect_in_new_tab'] = (bool) $settings['redirectNewTab'];
		}
		// The PDF of the entry, for this visitor (a signed link valid 30 minutes), when the form offers it.
		$data += Pdf::success_data( $form, $entry_id, time() );
		return $data;
	}

	/**
	 * A validation refusal (spec §8): `data.error` in field order and the form's header, nothing stored.
	 *
	 * @param int              $form_id Form id.
	 * @param ValidationResult $result  The failed validation.
	 * @return array{success: bool, status: int, data: array<string|int, mixed>, errors: array<string, string>}
	 */
	private static function invalid( int $form_id, ValidationResult $result ): array {
		$data             = array(
			'form_id' => $form_id,
			// Objects: an all-digit field id must stay a key (`{"7":"…"}`), not become a list.
			'error'   => array_map( static fn ( array $entry ): object => (object) $entry, $result->error_list() ),
		);
		$data[ $form_id ] = array( 'header' => __( 'The form has not been sent: please correct the fields marked below.', 'tessera' ) );
		return array(
			'success' => false,
			'status'  => 400,
			'data'    => $data,
			'errors'  => $result->errors,
		);
	}

	/**
	 * The server's token of a post that came without one: a keyed digest of the form, the client address, the
	 * posted fields and the MINT_WINDOW it falls in.
	 *
	 * @param int          $form_id Form id.
	 * @param string       $address Client address.
	 * @param array<mixed> $fields  `everest_forms[form_fields]` as posted.
	 * @param int          $now     Unix time.
	 * @return string 32 hexadecimal characters.
	 */
	public static function minted_token( int $form_id, string $address, array $fields, int $now ): string {
		$payload = $form_id . '|' . $address . '|' . intdiv( $now, self::MINT_WINDOW ) . '|' . wp_json_encode( $fields );
		return substr( hash_hmac( 'sha256', $payload, wp_salt( 'nonce' ) ), 0, 32 );
	}

	/**
	 * A refusal before validation: a message in the spec's error shape, nothing stored.
	 *
	 * @param int    $status  HTTP status.
	 * @param int    $form_id Form id (0 = unknown).
	 * @param string $message Message.
	 * @return array{success: bool, status: int, data: array<string|int, mixed>, errors: array<string, string>}
	 */
	private static function refused( int $status, int $form_id, string $message ): array {
		return array(
			'success' => false,
			'status'  => $status,
			'data'    => array(
				'form_id' => $form_id,
				'message' => $message,
			),
			'errors'  => array(),
		);
	}

	/**
	 * The notice of an error answer, as the browser picks it (spec §8): data.message, else the form's header.
	 *
	 * @param array<string|int, mixed> $data    Answer data.
	 * @param int                      $form_id Form id.
	 * @return string
	 */
	private static function notice_text( array $data, int $form_id ): string {
		if ( is_string( $data['message'] ?? null ) ) {
			return $data['message'];
		}
		$header = $data[ $form_id ]['header'] ?? null;
		return is_string( $header ) ? $header : __( 'The form could not be sent. Please try again.', 'tessera' );
	}

	/**
	 * What the visitor sent, to show again (strings and lists of strings only; escaped when printed).
	 *
	 * @param array<mixed> $fields `everest_forms[form_fields]`.
	 * @return array<string, string|string[]>
	 */
	private static function shown_values( array $fields ): array {
		$shown = array();
		foreach ( $fields as $id => $value ) {
			if ( is_string( $value ) ) {
				$shown[ (string) $id ] = $value;
			} elseif ( is_array( $value ) ) {
				$shown[ (string) $id ] = array_map( 'strval', array_filter( $value, 'is_string' ) );
			}
		}
		return $shown;
	}

	/**
	 * The signed `evf_sent` value: form, entry, time, signature.
	 *
	 * @param int $form_id  Form id.
	 * @param int $entry_id Entry id.
	 * @param int $now      Unix time.
	 * @return string
	 */
	public static function sent_token( int $form_id, int $entry_id, int $now ): string {
		$payload = $form_id . '.' . $entry_id . '.' . $now;
		return $payload . '.' . substr( hash_hmac( 'sha256', $payload, wp_salt( 'nonce' ) ), 0, 20 );
	}

	/**
	 * The entry id of a valid `evf_sent` for a form (signed, at most 10 minutes old), else null.
	 *
	 * @param string $token   Token.
	 * @param int    $form_id Form id.
	 * @param int    $now     Unix time.
	 * @return int|null
	 */
	public static function check_sent_token( string $token, int $form_id, int $now ): ?int {
		if ( 1 !== preg_match( '/^(\d+)\.(\d+)\.(\d+)\.([0-9a-f]{20})$/', $token, $m ) || (int) $m[1] !== $form_id ) {
			return null;
		}
		$expected = self::sent_token( (int) $m[1], (int) $m[2], (int) $m[3] );
		if ( ! hash_equals( $expected, $token ) || $now - (int) $m[3] > 600 || (int) $m[3] > $now + 60 ) {
			return null;
		}
		return (int) $m[2];
	}

	/**
	 * Redirects (303) a normal post's success to the form's redirect address with wp_safe_redirect(), which allows
	 * the address's own host for this one redirect: a thank-you page on another site keeps working (the owner
	 * saved it, FormDefinition::is_redirect_url() checked it), while what core's wp_validate_redirect() refuses
	 * (`javascript:`, `//host`, `/\host` and other addresses a browser reads otherwise) is never sent.
	 *
	 * @param string $url The form's redirect address ("" = none).
	 * @return bool Whether the redirect was sent (false: the caller goes on to the page's own success).
	 */
	private static function redirect( string $url ): bool {
		$host = '' === $url || ! FormDefinition::is_redirect_url( $url ) ? null : wp_parse_url( $url, PHP_URL_HOST );
		if ( ! is_string( $host ) || '' === $host ) {
			return false;
		}
		// wp_validate_redirect() compares the host as parsed, case and all.
		$allow = static fn( $hosts ): array => array_merge( (array) $hosts, array( $host ) );
		add_filter( 'allowed_redirect_hosts', $allow );
		try {
			$target = wp_validate_redirect( $url, '' );
			return '' !== $target && wp_safe_redirect( $target, 303 );
		} finally {
			remove_filter( 'allowed_redirect_hosts', $allow );
		}
	}

	/**
	 * The URL of the page being requested, without `evf_sent`.
	 *
	 * @return string
	 */
	private static function current_url(): string {
		// The host of the request (wp_safe_redirect() refuses any host that is not the site's) and its path.
		$uri  = isset( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( (string) $_SERVER['REQUEST_URI'] ) ) : '/';
		$home = wp_parse_url( home_url() );
		$base = ( $home['scheme'] ?? 'http' ) . '://' . ( $home['host'] ?? '' ) . ( isset( $home['port'] ) ? ':' . $home['port'] : '' );
		return remove_query_arg( self::SENT_PARAM, $base . $uri );
	}

	/**
	 * The current Unix time.
	 *
	 * @return int
	 */
	private function time(): int {
		return $this->now ?? time();
	}
}
