<?php
/**
 * A fresh `security` nonce for a form page that may be older than its nonce (docs/forms.md, "Behind a page
 * cache"): admin-ajax `GET ?action=tessera_form_nonce`, never cached.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * The nonce refresh. It is an admin-ajax action, as the submission it serves and as core's heartbeat nonce
 * refresh, because it must answer the nonce of the user the submission will be checked against: admin-ajax
 * authenticates by the login cookie, while the REST API treats a cookie without its own (equally stale) nonce as
 * logged out. The answer is JSON that only the site's own pages may read (no CORS beyond the site's origins), so
 * another site cannot take a logged-in user's nonce: CSRF protection stays as it was.
 */
final class NonceEndpoint {

	/**
	 * The admin-ajax action.
	 */
	public const ACTION = 'tessera_form_nonce';

	/**
	 * Hooks the action, logged in or not.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'wp_ajax_' . self::ACTION, array( $this, 'serve' ) );
		add_action( 'wp_ajax_nopriv_' . self::ACTION, array( $this, 'serve' ) );
	}

	/**
	 * Answers `{ success: true, data: { nonce } }` with `Cache-Control: no-store` and ends the request.
	 *
	 * @return void
	 */
	public function serve(): void {
		\Tessera\Http\CacheHeaders::no_store();
		header( 'X-Robots-Tag: noindex' );
		wp_send_json_success( self::answer(), 200 );
	}

	/**
	 * The answer's data: the current user's form nonce.
	 *
	 * @return array{nonce: string}
	 */
	public static function answer(): array {
		return array( 'nonce' => Spam::nonce() );
	}
}
