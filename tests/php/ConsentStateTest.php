<?php
/**
 * ConsentState: the server's reading of the `cookieyes-consent` cookie, with the runtime's rules (codec.ts
 * parseConsent, state.ts initialState/isBlocked). Contract: docs/consent.md ("The cookie", "Transitions").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\ConsentState;
use Tessera\Consent\Settings;

/**
 * parse(), from_request(), is_blocked() and blocked_slugs().
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

	/**
	 * Settings with another law (and GPC setting).
	 *
	 * @param string $law  gdpr or ccpa.
	 * @param bool   $gpc  honourGpc.
	 * @return array<string, mixed>
	 */
	private function settings( string $law, bool $gpc = true ): array {
		$settings              = Settings::get();
		$settings['activeLaw'] = $law;
		$settings['honourGpc'] = $gpc;
		// Explicit CCPA defaults (the shipped defaults may change): analytics and advertisement off.
		foreach ( $settings['categories'] as $index => $category ) {
			$settings['categories'][ $index ]['defaultConsent']['ccpa'] = ! in_array( $category['slug'], array( 'analytics', 'advertisement' ), true );
		}
		return $settings;
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

	public function test_first_visit_gdpr(): void {
		$state = ConsentState::from_request( $this->settings( 'gdpr' ), array(), array() );
		$this->assertSame( 'gdpr', $state->law() );
		$this->assertFalse( $state->has_acted() );
		$this->assertSame( 'no', $state->consent() );
		$this->assertSame( '', $state->consent_id() );
		$this->assertSame(
			array(
				'necessary'     => true,
				'functional'    => false,
				'analytics'     => false,
				'performance'   => false,
				'advertisement' => false,
			),
			$state->categories()
		);
		$this->assertSame( array( 'functional', 'analytics', 'performance', 'advertisement' ), $state->blocked_slugs() );
	}

	public function test_first_visit_ccpa(): void {
		$state = ConsentState::from_request( $this->settings( 'ccpa' ), array(), array() );
		$this->assertSame( 'ccpa', $state->law() );
		$this->assertSame( 'no', $state->consent() );
		$this->assertFalse( $state->has_acted() );
		$this->assertSame(
			array(
				'necessary'     => true,
				'functional'    => true,
				'analytics'     => false,
				'performance'   => true,
				'advertisement' => false,
			),
			$state->categories(),
			'each category its defaultConsent.ccpa'
		);
		$this->assertFalse( $state->is_blocked( 'analytics' ), 'CCPA: off by default but not opted out, so not blocked' );
		$this->assertSame( array(), $state->blocked_slugs() );
	}

	public function test_gpc_header_is_a_reject_without_action(): void {
		$gpc = array( 'HTTP_SEC_GPC' => '1' );

		$gdpr = ConsentState::from_request( $this->settings( 'gdpr' ), array(), $gpc );
		$this->assertSame( 'no', $gdpr->consent() );
		$this->assertFalse( $gdpr->has_acted() );
		$this->assertSame( array( 'functional', 'analytics', 'performance', 'advertisement' ), $gdpr->blocked_slugs() );

		$settings = $this->settings( 'ccpa' );
		$ccpa     = ConsentState::from_request( $settings, array(), $gpc );
		$this->assertSame( 'reject', $ccpa->consent(), 'CCPA with GPC: opted out' );
		$this->assertFalse( $ccpa->has_acted() );
		$this->assertTrue( $ccpa->categories()['performance'], 'CCPA keeps defaultConsent.ccpa' );
		$this->assertSame( array( 'analytics', 'advertisement' ), $ccpa->blocked_slugs() );

		$this->assertSame( 'no', ConsentState::from_request( $settings, array(), array( 'HTTP_SEC_GPC' => '0' ) )->consent(), 'Sec-GPC: 0 is no signal' );
		$this->assertSame( 'no', ConsentState::from_request( $this->settings( 'ccpa', false ), array(), $gpc )->consent(), 'honourGpc off' );

		$stored = ConsentState::from_request( $this->settings( 'ccpa' ), array(), $gpc + array( 'HTTP_COOKIE' => 'cookieyes-consent=' . self::VALID ) );
		$this->assertSame( 'yes', $stored->consent(), 'a stored choice wins over GPC' );
	}

	public function test_is_blocked_per_law(): void {
		$gdpr_no = ConsentState::from_request( $this->settings( 'gdpr' ), array(), array( 'HTTP_COOKIE' => 'cookieyes-consent=' . self::VALID ) );
		$this->assertTrue( $gdpr_no->has_acted() );
		$this->assertTrue( $gdpr_no->is_blocked( 'advertisement' ), 'GDPR no → blocked' );
		$this->assertFalse( $gdpr_no->is_blocked( 'analytics' ), 'GDPR yes → allowed' );
		$this->assertFalse( $gdpr_no->is_blocked( 'necessary' ) );
		$this->assertTrue( $gdpr_no->is_blocked( 'unknown' ), 'unknown slug → blocked' );
		$this->assertSame( array( 'functional', 'performance', 'advertisement' ), $gdpr_no->blocked_slugs() );

		$reject = str_replace( 'consent:yes', 'consent:reject', self::VALID );
		$ccpa   = ConsentState::from_request( $this->settings( 'ccpa' ), array(), array( 'HTTP_COOKIE' => 'cookieyes-consent=' . $reject ) );
		$this->assertTrue( $ccpa->is_blocked( 'advertisement' ), 'CCPA reject + no → blocked' );
		$this->assertFalse( $ccpa->is_blocked( 'analytics' ), 'CCPA reject + yes → allowed' );

		$ccpa_no = ConsentState::from_request( $this->settings( 'ccpa' ), array(), array( 'HTTP_COOKIE' => 'cookieyes-consent=' . str_replace( 'consent:yes', 'consent:no', self::VALID ) ) );
		$this->assertFalse( $ccpa_no->is_blocked( 'advertisement' ), 'CCPA no without reject → not blocked' );
		$this->assertSame( array(), $ccpa_no->blocked_slugs() );
		$this->assertTrue( $ccpa_no->is_blocked( 'unknown' ) );
	}

	public function test_from_request_reads_the_cookie_header_first(): void {
		$other = 'consentid:' . self::ID . ',consent:no,action:yes,necessary:yes,functional:no,analytics:no,performance:no,advertisement:no';
		$state = ConsentState::from_request(
			Settings::get(),
			array( 'cookieyes-consent' => $other ),
			array( 'HTTP_COOKIE' => 'a=b;  cookieyes-consent=' . self::VALID . '; cookieyes-consent=' . $other )
		);
		$this->assertSame( 'yes', $state->consent(), 'the first cookieyes-consent of the header' );
		$this->assertSame( self::ID, $state->consent_id() );

		$this->assertFalse(
			ConsentState::from_request( Settings::get(), array( 'cookieyes-consent' => self::VALID ), array( 'HTTP_COOKIE' => 'x-cookieyes-consent=' . self::VALID ) )->has_acted(),
			'another cookie whose name ends the same does not count'
		);

		$fallback = ConsentState::from_request( Settings::get(), array( 'cookieyes-consent' => $other ), array() );
		$this->assertTrue( $fallback->has_acted(), 'without the header: $_COOKIE' );
		$this->assertSame( 'no', $fallback->consent() );

		$invalid = ConsentState::from_request( Settings::get(), array( 'cookieyes-consent' => str_replace( ',performance:no', '', $other ) ), array() );
		$this->assertFalse( $invalid->has_acted(), 'an invalid cookie is a first visit' );
		$this->assertSame( '', $invalid->consent_id() );
	}
}
