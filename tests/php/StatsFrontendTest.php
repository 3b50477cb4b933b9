<?php
/**
 * Tests of the tracker's page output (docs/stats.md, "Configuration" and "Consent"): the configuration, the
 * consent integration, the script held for our consent runtime, the gate for third-party banners, and the pages
 * that get nothing.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\ConsentState;
use Tessera\Stats\Collector;
use Tessera\Stats\Frontend;
use Tessera\Stats\Settings;

/**
 * Frontend tests.
 */
final class StatsFrontendTest extends TestCase {

	/**
	 * A consent cookie that allows every category.
	 */
	private const ALLOW_ALL = 'consentid:abcdefghijklmnopqrstuvwxyz012345,consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes';

	/**
	 * A consent cookie that refuses everything optional.
	 */
	private const REJECT_ALL = 'consentid:abcdefghijklmnopqrstuvwxyz012345,consent:no,action:yes,necessary:yes,functional:no,analytics:no,performance:no,advertisement:no';

	/**
	 * Superglobals and the query as they were.
	 *
	 * @var array<string, mixed>
	 */
	private array $saved = array();

	/**
	 * Keeps the settings, the cookies and the main query.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Settings::OPTION );
		delete_option( Settings::OPTION );
		$this->saved = array(
			'cookie'   => $_COOKIE,
			'wp_query' => $GLOBALS['wp_query'],
		);
		$_COOKIE = array();
		$this->assertNotFalse( wp_script_is( Frontend::TRACKER_HANDLE, 'registered' ), 'the tracker is built (npm run build)' );
	}

	/**
	 * Puts them back.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$_COOKIE              = $this->saved['cookie'];
		$GLOBALS['wp_query']  = $this->saved['wp_query']; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
		$GLOBALS['wp_the_query'] = $this->saved['wp_query']; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
		wp_set_current_user( 0 );
		parent::tearDown();
	}

	/**
	 * Saves statistics settings.
	 *
	 * @param array<string, mixed> $changes Keys to change.
	 * @return void
	 */
	private function use_settings( array $changes ): void {
		$saved = Settings::save( array_merge( Settings::get(), $changes ) );
		$this->assertIsArray( $saved );
	}

	/**
	 * What the tracker's wp_head callback prints.
	 *
	 * @return string
	 */
	private function tags(): string {
		ob_start();
		( new Frontend() )->print_tags();
		return (string) ob_get_clean();
	}

	/**
	 * The printed configuration.
	 *
	 * @param string $html Page output.
	 * @return array<string, mixed>
	 */
	private function printed_config( string $html ): array {
		$element = self::one( self::xpath( $html ), '//script[@id="tessera-tracker-config"]' );
		$this->assertSame( 'application/json', $element->getAttribute( 'type' ) );
		$config = json_decode( trim( $element->textContent ), true );
		$this->assertIsArray( $config );
		return $config;
	}

	/**
	 * The configuration has every key of the spec, the signed source and the options as the tracker reads them.
	 *
	 * @return void
	 */
	public function test_config_has_the_spec_keys_and_a_signed_source(): void {
		$config = Frontend::config( Settings::defaults(), array( 'post', 12 ), 'https://example.test/tracker.js' );
		$this->assertSame(
			array( 'requestUrl', 'ajaxUrl', 'customEventAjaxUrl', 'eventAjaxUrl', 'isLegacyEventLoaded', 'jsCheckTime', 'trackerUrl', 'option', 'hitParams', 'onlineParams' ),
			array_keys( $config )
		);
		$this->assertStringEndsWith( '/wp-content/plugins/tessera/collect.php?endpoint=', $config['requestUrl'] );
		$this->assertSame( admin_url( 'admin-ajax.php' ), $config['ajaxUrl'] );
		$this->assertSame( admin_url( 'admin-ajax.php?action=tessera_stats_custom_event' ), $config['customEventAjaxUrl'] );
		$this->assertSame( admin_url( 'admin-ajax.php?action=tessera_stats_event' ), $config['eventAjaxUrl'] );
		$this->assertSame( 60000, $config['jsCheckTime'] );
		$signature = Collector::signature( 'post', 12 );
		$this->assertSame(
			array(
				'endpoint'    => 'hit',
				'source_type' => 'post',
				'source_id'   => 12,
				'signature'   => $signature,
			),
			$config['hitParams']
		);
		$this->assertSame( 'online', $config['onlineParams']['endpoint'] );
		$this->assertSame( $signature, $config['onlineParams']['signature'] );
		$option = $config['option'];
		$this->assertFalse( $option['isPreview'] );
		$this->assertTrue( $option['userOnline'] );
		$this->assertTrue( $option['dntEnabled'] );
		$this->assertFalse( $option['bypassAdBlockers'] );
		$this->assertStringStartsWith( 'pdf|zip|', $option['downloadExtensions'] );
		$this->assertSame(
			array(
				'consent_level'     => 'statistics',
				'track_anonymously' => false,
			),
			$option['consentIntegration']['status']
		);
	}

	/**
	 * Under bypass the parameters carry their admin-ajax action (the tracker sends them as they are).
	 *
	 * @return void
	 */
	public function test_bypass_puts_the_actions_in_the_parameters(): void {
		$settings = array_merge( Settings::defaults(), array( 'bypassAdBlockers' => true, 'onlineInterval' => 30 ) );
		$config   = Frontend::config( $settings, array( 'home', 0 ), 'u' );
		$this->assertTrue( $config['option']['bypassAdBlockers'] );
		$this->assertSame( 'tessera_stats_hit', $config['hitParams']['action'] );
		$this->assertSame( 'tessera_stats_online', $config['onlineParams']['action'] );
		$this->assertSame( 30000, $config['jsCheckTime'] );
	}

	/**
	 * Downloads are off when no extension is configured; the list is joined for the tracker's pattern.
	 *
	 * @return void
	 */
	public function test_download_extensions_are_joined_and_an_empty_list_turns_downloads_off(): void {
		$settings = array_merge( Settings::defaults(), array( 'downloadExtensions' => array( 'pdf', 'epub' ) ) );
		$this->assertSame( 'pdf|epub', Frontend::config( $settings, array( 'home', 0 ), 'u' )['option']['downloadExtensions'] );
		$settings['downloadExtensions'] = array();
		$this->assertFalse( Frontend::config( $settings, array( 'home', 0 ), 'u' )['option']['downloadTracker'] );
	}

	/**
	 * `auto` is our consent runtime when it prints with an analytics category; explicit names are kept.
	 *
	 * @return void
	 */
	public function test_integration_auto_and_explicit(): void {
		$settings = Settings::defaults();
		$this->assertSame( 'auto', $settings['consentIntegration'] );
		$this->assertSame( 'tessera', Frontend::integration( $settings ) );
		$this->add_test_filter( 'tessera_consent_enabled', '__return_false' );
		$this->assertSame( 'none', Frontend::integration( $settings ) );
		foreach ( Frontend::INTEGRATIONS as $name ) {
			$this->assertSame( $name, Frontend::integration( array_merge( $settings, array( 'consentIntegration' => $name ) ) ) );
		}
	}

	/**
	 * With our consent runtime the tracker is held as an analytics script for every visitor, whatever their cookie
	 * (the page is the same for all; the runtime restores it in the browser when the visitor's choice allows it).
	 *
	 * @return void
	 */
	public function test_tracker_is_held_for_every_visitor(): void {
		$first = null;
		foreach ( array( null, self::REJECT_ALL, self::ALLOW_ALL ) as $cookie ) {
			$_COOKIE = null === $cookie ? array() : array( ConsentState::COOKIE_NAME => $cookie );
			if ( null === $cookie ) {
				unset( $_SERVER['HTTP_COOKIE'] );
			} else {
				$_SERVER['HTTP_COOKIE'] = ConsentState::COOKIE_NAME . '=' . $cookie;
			}
			$html   = $this->tags();
			$first  = $first ?? $html;
			$script = self::one( self::xpath( $html ), '//script[@id="tessera-tracker-js"]' );
			$this->assertSame( 'text/plain', $script->getAttribute( 'type' ) );
			$this->assertSame( 'analytics', $script->getAttribute( 'data-tessera-category' ) );
			$this->assertTrue( $script->hasAttribute( 'defer' ) );
			$this->assertStringContainsString( '/build/runtime/tracker.js?ver=', $script->getAttribute( 'src' ) );
			$this->assertSame( 'tessera', $this->printed_config( $html )['option']['consentIntegration']['name'] );
			$this->assertSame( $first, $html, 'the same bytes for every visitor' );
		}
		unset( $_SERVER['HTTP_COOKIE'] );
		// The configuration comes first: the tracker reads it as soon as it runs.
		$this->assertLessThan( strpos( $first, 'tessera-tracker-js' ), strpos( $first, 'tessera-tracker-config' ) );
	}

	/**
	 * Without consent integration the tracker runs at load whatever the consent cookie says.
	 *
	 * @return void
	 */
	public function test_none_and_borlabs_print_the_tracker_ready_to_run(): void {
		foreach ( array( 'none', 'borlabs_cookie' ) as $name ) {
			$this->use_settings( array( 'consentIntegration' => $name ) );
			$script = self::one( self::xpath( $this->tags() ), '//script[@id="tessera-tracker-js"]' );
			$this->assertFalse( $script->hasAttribute( 'type' ), $name );
		}
	}

	/**
	 * Third-party banners get the consent gate instead of the tracker, and the tracker's address in the
	 * configuration.
	 *
	 * @return void
	 */
	public function test_third_party_banners_get_the_gate(): void {
		foreach ( array( 'wp_consent_api', 'real_cookie_banner' ) as $name ) {
			$this->use_settings( array( 'consentIntegration' => $name ) );
			$html  = $this->tags();
			$xpath = self::xpath( $html );
			$this->assertSame( 0, $xpath->query( '//script[@id="tessera-tracker-js"]' )->length, $name );
			$gate = self::one( $xpath, '//script[@id="tessera-tracker-gate-js"]' );
			$this->assertStringContainsString( '/build/runtime/tracker-gate.js', $gate->getAttribute( 'src' ) );
			$this->assertTrue( $gate->hasAttribute( 'defer' ) );
			$config = $this->printed_config( $html );
			$this->assertSame( $name, $config['option']['consentIntegration']['name'] );
			$this->assertStringContainsString( '/build/runtime/tracker.js?ver=', $config['trackerUrl'] );
		}
	}

	/**
	 * Tracking off, an excluded role, a preview: nothing at all.
	 *
	 * @return void
	 */
	public function test_nothing_for_disabled_tracking_excluded_roles_and_previews(): void {
		$this->assertNotSame( '', $this->tags() );

		$this->use_settings( array( 'enabled' => false ) );
		$this->assertSame( '', $this->tags() );
		$this->use_settings( array( 'enabled' => true ) );

		$this->as_admin();
		$this->assertSame( '', $this->tags(), 'administrators are excluded by default' );
		$this->use_settings( array( 'excludedRoles' => array( 'editor' ) ) );
		$this->assertNotSame( '', $this->tags() );
		$this->as_role( 'editor' );
		$this->assertSame( '', $this->tags() );
		wp_set_current_user( 0 );

		$GLOBALS['wp_query']->is_preview = true;
		$this->assertSame( '', $this->tags() );
		$GLOBALS['wp_query']->is_preview = false;

		$this->add_test_filter( 'tessera_stats_track_page', '__return_false' );
		$this->assertSame( '', $this->tags() );
	}

	/**
	 * The source of a singular post, a search, a 404 and the home page.
	 *
	 * @return void
	 */
	public function test_source_of_the_page(): void {
		$post = $this->make_post( array( 'post_status' => 'publish' ) );
		query_posts( array( 'p' => $post->ID ) ); // phpcs:ignore WordPress.WP.DiscouragedFunctions.query_posts_query_posts -- sets the main query as a page request would.
		$this->assertSame( array( 'post', $post->ID ), Frontend::source() );
		$this->assertSame(
			Collector::signature( 'post', $post->ID ),
			Frontend::config( Settings::get(), Frontend::source(), 'u' )['hitParams']['signature']
		);

		query_posts( array( 's' => 'tessera' ) ); // phpcs:ignore WordPress.WP.DiscouragedFunctions.query_posts_query_posts
		$this->assertSame( array( 'search', 0 ), Frontend::source() );

		$GLOBALS['wp_query'] = new \WP_Query(); // phpcs:ignore WordPress.WP.GlobalVariablesOverride
		$GLOBALS['wp_query']->set_404();
		$this->assertSame( array( '404', 0 ), Frontend::source() );

		query_posts( array() ); // phpcs:ignore WordPress.WP.DiscouragedFunctions.query_posts_query_posts
		$this->assertSame( array( 'home', 0 ), Frontend::source() );
	}
}
