<?php
/**
 * Consent for other code (docs/consent.md, `<head>` 3): the Consent Mode v2 script, run in Node with a stand-in
 * window and document, and the WP Consent API registration.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\Frontend;
use Tessera\Consent\Integrations;
use Tessera\Consent\Settings;

/**
 * Integrations tests.
 */
final class ConsentIntegrationsTest extends ConsentTestCase {

	private const ID = 'abcdefghijabcdefghijabcdefghij12';

	/**
	 * Runs the script in Node after a stand-in of the runtime: `window.tessera.consent.isAllowed( slug )` answers from
	 * `$at_load` (null: no runtime on the page), then from each entry of `$events` while that entry is dispatched as
	 * `tessera-consent-change`. `window.dataLayer` and `wp_set_consent` calls are recorded. (The runtime's own
	 * isAllowed — cookie, GPC, the law — is tested in tests/unit/consent/runtime.test.ts.)
	 *
	 * @param string                            $script  The script.
	 * @param array<string, bool>|null          $at_load Slug => allowed when the script runs.
	 * @param array<int, array<string, bool>>   $events  Slug => allowed after each change.
	 * @return array{dataLayer: array<int, array<int, mixed>>, wpConsent: array<int, array<int, string>>, consentType: mixed}
	 */
	private static function run_script( string $script, ?array $at_load, array $events = array() ): array {
		$harness = 'const listeners = {}; const wpConsent = []; let allowed = ' . wp_json_encode( (object) ( $at_load ?? array() ) ) . ';'
			. 'const document = { addEventListener: (n, f) => { ( listeners[ n ] ||= [] ).push( f ); }, dispatchEvent: () => true };'
			. 'const window = { wp_set_consent: ( k, v ) => wpConsent.push( [ k, v ] ) };'
			. ( null === $at_load ? '' : 'window.tessera = { consent: { isAllowed: ( s ) => allowed[ s ] === true } };' )
			. 'globalThis.window = window; globalThis.document = document; globalThis.CustomEvent = class { constructor( n ) { this.type = n; } };'
			. 'globalThis.gtag = ( ...a ) => window.gtag( ...a );'
			. 'eval( ' . wp_json_encode( $script ) . ' );'
			. 'for ( const e of ' . wp_json_encode( array_map( static fn ( array $e ): object => (object) $e, $events ) ) . ' ) { allowed = e; for ( const f of listeners[ "tessera-consent-change" ] || [] ) f( { detail: {} } ); }'
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
		foreach ( array( 'first visit' => array( 'necessary' => true ), 'no runtime' => null ) as $label => $at_load ) {
			$result = self::run_script( self::integrations()->script( $settings, false ), $at_load );
			$calls  = self::consent_calls( $result['dataLayer'] );
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
				$calls,
				$label
			);
			$this->assertContains( array( 'set', 'ads_data_redaction', true ), $result['dataLayer'] );
			$this->assertSame( array(), $result['wpConsent'], 'no WP Consent API calls without the plugin' );
		}
	}

	public function test_what_the_runtime_allows_at_load_is_sent_as_an_update_and_every_change_updates(): void {
		$result = self::run_script(
			self::integrations()->script( Settings::get(), false ),
			array(
				'necessary' => true,
				'analytics' => true,
			),
			array(
				array(
					'necessary'     => true,
					'functional'    => true,
					'advertisement' => true,
				),
				array( 'necessary' => true ),
			)
		);
		$calls = self::consent_calls( $result['dataLayer'] );
		$this->assertCount( 4, $calls );
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
		$this->assertSame( 'denied', $calls[3][2]['functionality_storage'], 'a withdrawal is sent too' );
		$this->assertSame( 'granted', $calls[3][2]['security_storage'] );
	}

	public function test_the_script_is_the_same_for_every_visitor(): void {
		$settings = Settings::get();
		$script   = self::integrations()->script( $settings, true );
		foreach ( array( 'cookieyes-consent=consentid:' . self::ID . ',consent:yes,action:yes', '' ) as $cookie ) {
			$_SERVER['HTTP_COOKIE'] = $cookie;
			$_COOKIE                = array( 'cookieyes-consent' => $cookie );
			$this->assertSame( $script, self::integrations()->script( $settings, true ) );
		}
		unset( $_SERVER['HTTP_COOKIE'] );
		$_COOKIE = array();
	}

	public function test_the_wp_consent_api_gets_the_categories_and_the_consent_type(): void {
		$settings                      = Settings::get();
		$settings['googleConsentMode'] = false;
		$result                        = self::run_script(
			self::integrations()->script( $settings, true ),
			array( 'necessary' => true ),
			array(
				array(
					'necessary' => true,
					'analytics' => true,
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
		$this->assertSame( '', self::integrations()->script( $settings, false ) );

		$this->assertSame( 'optin', self::integrations()->consent_type( 'whatever' ) );
		Settings::update( array( 'activeLaw' => 'ccpa' ) );
		$this->assertSame( 'optout', self::integrations()->consent_type( null ) );
	}

	public function test_registered_with_the_wp_consent_api(): void {
		$this->assertTrue( (bool) apply_filters( 'wp_consent_api_registered_' . plugin_basename( TESSERA_FILE ), false ) );
	}
}
