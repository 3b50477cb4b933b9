<?php
/**
 * The consent log feature (proof of consent): the REST endpoint the banner posts to, the table, the admin page,
 * retention and the privacy exporter/eraser. Contract: docs/consent.md, "Consent log".
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent\Log;

use Tessera\Consent\ConsentState;
use Tessera\Consent\Settings;

/**
 * Wires the parts together and records one consent choice.
 */
final class ConsentLog {

	/**
	 * Registers the hooks of every part. The table is installed (or upgraded) lazily: on admin_init and before
	 * the first insert when its schema version option is outdated.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		( new LogController() )->register_hooks();
		( new LogPage() )->register_hooks();
		( new Retention() )->register_hooks();
		( new Privacy() )->register_hooks();
		add_action( 'admin_init', array( LogTable::class, 'maybe_install' ) );
	}

	/**
	 * The banner version: the first 12 hex digits of the SHA-256 of the current settings as JSON, so a record
	 * shows which texts and categories the visitor saw.
	 *
	 * @return string
	 */
	public static function banner_version(): string {
		return substr( hash( 'sha256', (string) wp_json_encode( Settings::get() ) ), 0, 12 );
	}

	/**
	 * Parses a consent cookie value against the current categories and stores it. Only a valid value with
	 * `action:yes` is stored.
	 *
	 * @param string $value   The cookie value as the runtime wrote it.
	 * @param int    $user_id The logged-in user (0 for visitors).
	 * @return int|null The new row id (0 when the database refused the row); null when the value is not a valid
	 *                  record (nothing stored).
	 */
	public static function record( string $value, int $user_id = 0 ): ?int {
		$settings = Settings::get();
		$state    = ConsentState::parse( $value, $settings['categories'] );
		if ( null === $state || true !== $state['action'] ) {
			return null;
		}
		return LogTable::insert(
			$state['consentID'],
			(string) $settings['activeLaw'],
			$state['consent'],
			$state['categories'],
			self::banner_version(),
			$user_id
		);
	}
}
