<?php
/**
 * Consent for other code (docs/consent.md, `<head>` 1): the Consent Mode v2 script, run in Node with a stand-in
 * window and document, and the WP Consent API registration.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\ConsentState;
use Tessera\Consent\Frontend;
use Tessera\Consent\Integrations;
use Tessera\Consent\Settings;

/**
 * Integrations tests.
 */
final class ConsentIntegrationsTest extends ConsentTestCase {

	private const ID = 'abcdefghijabcdefghijabcdefghij12';

	/**
	 * The state of a visitor with a given cookie (or none) under the settings.
	 *
	 * @param array<string, mixed> $settings Settings.
	 * @param string|null          $cookie   Raw cookie value.
	 * @param bool                 $gpc      Sec-GPC header.
	 * @return ConsentState
	 */
	private static function state( array $settings, ?string $cookie = null, bool $gpc = false ): ConsentState {
		$server = null === $cookie ? array() : array( 'HTTP_COOKIE' => 'cookieyes-consent=' . $cookie );
		if ( $gpc ) {
			$server['HTTP_SEC_GPC'] = '1';
		}
		return ConsentState::from_request( $settings, array(), $server );
	}

	/**
	 * Runs the script in Node: `window.dataLayer` and `wp_set_consent` calls are recorded; then each event of
	 * `$events` (categories, cookie) is dispatched as `tessera-consent-change`.
	 *
	 * @param string                                                                $script The script.
	 * @param array<int, array{categories: array<string, bool>, cookie: string}>   $events Changes to dispatch.
	 * @return array{dataLayer: array<int, array<int, mixed>>, wpConsent: array<int, array<int, string>>, consentType: mixed}
	 */
	private static function run_script( string $script, array $events = array() ): array {
		$harness = 'const listeners = {}; const wpConsent = [];'
			. 'const document = { cookie: "", addEventListener: (n, f) => { ( listeners[ n ] ||= [] ).push( f ); }, dispatchEvent: () => true };'
			. 'const window = { wp_set_consent: ( k, v ) => wpConsent.push( [ k, v ] ) };'
			. 'globalThis.window = window; globalThis.document = document; globalThis.CustomEvent = class { constructor( n ) { this.type = n; } };'
			. 'globalThis.gtag = ( ...a ) => window.gtag( ...a );'
			. 'eval( ' . wp_json_encode( $script ) . ' );'
			. 'for ( const e of ' . wp_json_encode( $events ) . ' ) { document.cookie = e.cookie; for ( const f of listeners[ "tessera-consent-change" ] || [] ) f( { detail: { categories: e.categories } } ); }'
			. 'process.stdout.write( JSON.stringify( { dataLayer: ( window.dataLayer || [] ).map( ( a ) => Array.from( a ) ), wpConsent, consentType: window.wp_consent_type ?? null } ) );';
		return self::run_node( $harness );
	}

	/**
	 * The consent calls of a data layer.
	 *
	 * @param array<int, array<int, mixed>> $data_layer Entries.
	 * @return array<int, array<int, mixed>>
	 */
	private static function consent_calls( array $data_layer ): array {
		return array_values( array_filter( $data_layer, static fn ( array $entry ): bool => 'consent' === $entry[0] ) );
	}

	/**
	 * The integrations of a fresh Frontend.
	 *
	 * @return Integrations
	 */
	private static function integrations(): Integrations {
		return new Integrations( new Frontend() );
	}

	public function test_defaults_are_denied_but_security_and_nothing_more_on_a_gdpr_first_visit(): void {
		$settings = Settings::get();
		$result   = self::run_script( self::integrations()->script( $settings, self::state( $settings ), false ) );
		$calls    = self::consent_calls( $result['dataLayer'] );
		$this->assertSame(
			array(
				array(
					'consent',
					'default',
					array(
						'ad_storage'              => 'denied',
						'ad_user_data'            => 'denied',
						'ad_personalization'      => 'denied',
						'analytics_storage'       => 'denied',
						'functionality_storage'   => 'denied',
						'personalization_storage' => 'denied',
						'security_storage'        => 'granted',
						'wait_for_update'         => 500,
					),
				),
			),
			$calls
		);
		$this->assertContains( array( 'set', 'ads_data_redaction', true ), $result['dataLayer'] );
		$this->assertSame( array(), $result['wpConsent'], 'no WP Consent API calls without the plugin' );
	}

	public function test_a_stored_choice_is_sent_as_an_update_at_load_and_every_change_updates(): void {
		$settings = Settings::get();
		$cookie   = 'consentid:' . self::ID . ',consent:yes,action:yes,necessary:yes,functional:no,analytics:yes,performance:no,advertisement:no';
		$result   = self::run_script(
			self::integrations()->script( $settings, self::state( $settings, $cookie ), false ),
			array(
				array(
					'categories' => array(
						'necessary'     => true,
						'functional'    => true,
						'analytics'     => false,
						'performance'   => false,
						'advertisement' => true,
					),
					'cookie'     => 'cookieyes-consent=consentid:' . self::ID . ',consent:yes',
				),
			)
		);
		$calls = self::consent_calls( $result['dataLayer'] );
		$this->assertCount( 3, $calls );
		$this->assertSame( 'update', $calls[1][1] );
		$this->assertSame( 'granted', $calls[1][2]['analytics_storage'] );
		$this->assertSame( 'denied', $calls[1][2]['ad_storage'] );
		$this->assertSame(
			array(
				'ad_storage'              => 'granted',
				'ad_user_data'            => 'granted',
				'ad_personalization'      => 'granted',
				'analytics_storage'       => 'denied',
				'functionality_storage'   => 'granted',
				'personalization_storage' => 'granted',
				'security_storage'        => 'granted',
			),
			$calls[2][2]
		);
	}

	public function test_ccpa_grants_until_the_visitor_opts_out(): void {
		$settings = Settings::get();
		$settings['activeLaw'] = 'ccpa';
		$refused               = array(
			'necessary'     => true,
			'functional'    => true,
			'analytics'     => false,
			'performance'   => false,
			'advertisement' => false,
		);
		$result = self::run_script(
			self::integrations()->script( $settings, self::state( $settings ), false ),
			array(
				// Closed without opting out: the CCPA defaults (off) do not block.
				array(
					'categories' => $refused,
					'cookie'     => 'cookieyes-consent=consentid:' . self::ID . ',consent:no,action:yes',
				),
				// Opted out.
				array(
					'categories' => $refused,
					'cookie'     => 'cookieyes-consent=consentid:' . self::ID . ',consent:reject,action:yes',
				),
			)
		);
		$calls = self::consent_calls( $result['dataLayer'] );
		$this->assertCount( 4, $calls );
		$this->assertSame( 'granted', $calls[1][2]['ad_storage'], 'first visit: nothing blocked under CCPA' );
		$this->assertSame( 'granted', $calls[2][2]['analytics_storage'], 'closed: still granted' );
		$this->assertSame( 'denied', $calls[3][2]['analytics_storage'], 'opted out' );
		$this->assertSame( 'denied', $calls[3][2]['ad_user_data'] );
		$this->assertSame( 'granted', $calls[3][2]['functionality_storage'] );
	}

	public function test_global_privacy_control_under_ccpa_denies_from_the_first_visit(): void {
		$settings              = Settings::get();
		$settings['activeLaw'] = 'ccpa';
		$calls                 = self::consent_calls( self::run_script( self::integrations()->script( $settings, self::state( $settings, null, true ), false ) )['dataLayer'] );
		$this->assertSame( 'denied', $calls[1][2]['ad_storage'] );
		$this->assertSame( 'granted', $calls[1][2]['functionality_storage'] );
	}

	public function test_the_wp_consent_api_gets_the_categories_and_the_consent_type(): void {
		$settings                      = Settings::get();
		$settings['googleConsentMode'] = false;
		$result                        = self::run_script(
			self::integrations()->script( $settings, self::state( $settings ), true ),
			array(
				array(
					'categories' => array(
						'necessary'     => true,
						'functional'    => false,
						'analytics'     => true,
						'performance'   => false,
						'advertisement' => false,
					),
					'cookie'     => 'cookieyes-consent=consentid:' . self::ID . ',consent:yes',
				),
			)
		);
		$this->assertSame( array(), $result['dataLayer'], 'Consent Mode off: no data layer' );
		$this->assertSame(
			array(
				array( 'functional', 'allow' ),
				array( 'preferences', 'deny' ),
				array( 'statistics', 'allow' ),
				array( 'statistics-anonymous', 'allow' ),
				array( 'marketing', 'deny' ),
			),
			$result['wpConsent']
		);
		$this->assertSame( 'optin', $result['consentType'] );
	}

	public function test_nothing_is_printed_when_both_are_off_and_the_type_follows_the_law(): void {
		$settings                      = Settings::get();
		$settings['googleConsentMode'] = false;
		$this->assertSame( '', self::integrations()->script( $settings, self::state( $settings ), false ) );

		$this->assertSame( 'optin', self::integrations()->consent_type( 'whatever' ) );
		Settings::update( array( 'activeLaw' => 'ccpa' ) );
		$this->assertSame( 'optout', self::integrations()->consent_type( null ) );
	}

	public function test_registered_with_the_wp_consent_api(): void {
		$this->assertTrue( (bool) apply_filters( 'wp_consent_api_registered_' . plugin_basename( TESSERA_FILE ), false ) );
	}
}
