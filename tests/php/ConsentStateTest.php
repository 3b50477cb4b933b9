<?php
/**
 * ConsentState: the server's parsing of a `cookieyes-consent` value (the consent log's records), with the runtime's
 * rules (codec.ts parseConsent). Contract: docs/consent.md ("The cookie"). Pages never read the cookie.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\ConsentState;
use Tessera\Consent\Settings;

/**
 * parse().
 */
final class ConsentStateTest extends ConsentTestCase {

	private const ID = 'Ab3dEfGh1jKlMn0pQrStUvWxYz012345';

	private const VALID = 'consentid:' . self::ID . ',consent:yes,action:yes,necessary:yes,functional:no,analytics:yes,performance:no,advertisement:no';

	/**
	 * The default categories.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	private function categories(): array {
		return Settings::get()['categories'];
	}

	public function test_parse_accepts_a_valid_cookie(): void {
		$this->assertSame(
			array(
				'consentID'  => self::ID,
				'consent'    => 'yes',
				'action'     => true,
				'categories' => array(
					'necessary'     => true,
					'functional'    => false,
					'analytics'     => true,
					'performance'   => false,
					'advertisement' => false,
				),
			),
			ConsentState::parse( self::VALID, $this->categories() )
		);
		$before = ConsentState::parse( str_replace( 'action:yes', 'action:', self::VALID ), $this->categories() );
		$this->assertIsArray( $before, 'action empty is valid' );
		$this->assertFalse( $before['action'] );
		$this->assertSame( 'reject', ConsentState::parse( str_replace( 'consent:yes', 'consent:reject', self::VALID ), $this->categories() )['consent'] ?? null );
		$this->assertSame( 'no', ConsentState::parse( str_replace( 'consent:yes', 'consent:n%6F', self::VALID ), $this->categories() )['consent'] ?? null, 'values are %-decoded' );
	}

	/**
	 * Malformed cookies: each one counts as no consent.
	 *
	 * @return array<string, array{0: string}>
	 */
	public function malformed(): array {
		$valid = self::VALID;
		return array(
			'empty'                      => array( '' ),
			'truncated'                  => array( substr( $valid, 0, -20 ) ),
			'truncated inside a pair'    => array( substr( $valid, 0, strlen( $valid ) - 3 ) ),
			'pair without colon'         => array( $valid . ',stray' ),
			'duplicate key'              => array( $valid . ',analytics:no' ),
			'duplicate consentid'        => array( $valid . ',consentid:' . self::ID ),
			'broken escape'              => array( str_replace( 'consent:yes', 'consent:y%4', $valid ) ),
			'escape not UTF-8'           => array( str_replace( 'action:yes', 'action:%C3', $valid ) ),
			'tampered consentid (short)' => array( str_replace( self::ID, substr( self::ID, 1 ), $valid ) ),
			'tampered consentid (char)'  => array( str_replace( self::ID, substr( self::ID, 1 ) . '-', $valid ) ),
			'consentid with newline'     => array( str_replace( self::ID, self::ID . '%0A', $valid ) ),
			'missing consentid'          => array( str_replace( 'consentid:' . self::ID . ',', '', $valid ) ),
			'consent not allowed'        => array( str_replace( 'consent:yes', 'consent:maybe', $valid ) ),
			'consent with newline'       => array( str_replace( 'consent:yes', 'consent:yes%0A', $valid ) ),
			'missing consent'            => array( str_replace( 'consent:yes,', '', $valid ) ),
			'action not yes'             => array( str_replace( 'action:yes', 'action:no', $valid ) ),
			'missing action'             => array( str_replace( 'action:yes,', '', $valid ) ),
			'unknown category value'     => array( str_replace( 'analytics:yes', 'analytics:true', $valid ) ),
			'category value upper case'  => array( str_replace( 'analytics:yes', 'analytics:YES', $valid ) ),
			'missing category'           => array( str_replace( ',performance:no', '', $valid ) ),
			'necessary value invalid'    => array( str_replace( 'necessary:yes', 'necessary:1', $valid ) ),
		);
	}

	/**
	 * Each malformed cookie parses to null.
	 *
	 * @dataProvider malformed
	 * @param string $value Cookie value.
	 * @return void
	 */
	public function test_parse_rejects_a_malformed_cookie( string $value ): void {
		$this->assertNotNull( ConsentState::parse( self::VALID, $this->categories() ), 'the valid cookie parses' );
		$this->assertNull( ConsentState::parse( $value, $this->categories() ) );
	}

	public function test_necessary_is_always_yes_and_unknown_keys_are_ignored(): void {
		$value  = str_replace( 'necessary:yes', 'necessary:no', self::VALID ) . ',tracking:yes,zzz:whatever';
		$parsed = ConsentState::parse( $value, $this->categories() );
		$this->assertIsArray( $parsed );
		$this->assertTrue( $parsed['categories']['necessary'], 'necessary forced yes' );
		$this->assertArrayNotHasKey( 'tracking', $parsed['categories'], 'unknown keys are never accepted' );
		$this->assertSame( array( 'necessary', 'functional', 'analytics', 'performance', 'advertisement' ), array_keys( $parsed['categories'] ), 'configuration order' );

		$reordered = 'advertisement:no,performance:no,analytics:yes,functional:no,necessary:yes,action:yes,consent:yes,consentid:' . self::ID;
		$this->assertSame( $parsed['categories'], ConsentState::parse( $reordered, $this->categories() )['categories'] ?? null, 'order in the cookie does not matter' );
	}

	public function test_a_category_added_in_settings_asks_again(): void {
		$categories   = $this->categories();
		$categories[] = array(
			'slug'           => 'social',
			'name'           => 'Social',
			'isNecessary'    => false,
			'defaultConsent' => array(
				'gdpr' => false,
				'ccpa' => true,
			),
			'cookies'        => array(),
		);
		$this->assertNull( ConsentState::parse( self::VALID, $categories ) );
		$this->assertNotNull( ConsentState::parse( self::VALID . ',social:no', $categories ) );
	}
}
