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
	 * Forgets the memo.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		Settings::flush();
		parent::tearDown();
	}
}
