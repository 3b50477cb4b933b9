<?php
/**
 * Base for consent tests: each starts with no consent settings stored (the defaults apply) and the
 * option is put back as it was afterwards.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\Settings;
use Tessera\Consent\VideoThumbnails;

/**
 * Isolates the `tessera_consent_settings` option and the Settings memo.
 */
abstract class ConsentTestCase extends TestCase {

	/**
	 * Starts from nothing stored.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Settings::OPTION );
		delete_option( Settings::OPTION );
		Settings::flush();
	}

	/**
	 * Forgets the memo, and the thumbnail fetches that rendering a blocked YouTube video scheduled.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		Settings::flush();
		self::forget_thumbnail_fetches();
		parent::tearDown();
	}

	/**
	 * Removes every scheduled thumbnail fetch and its transient.
	 *
	 * @return void
	 */
	protected static function forget_thumbnail_fetches(): void {
		global $wpdb;
		wp_unschedule_hook( VideoThumbnails::CRON_HOOK );
		$names = $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( '_transient_' . VideoThumbnails::TRANSIENT_PREFIX ) . '%' ) );
		foreach ( $names as $name ) {
			delete_transient( substr( (string) $name, strlen( '_transient_' ) ) );
		}
	}
}
