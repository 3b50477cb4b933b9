<?php
/**
 * The settings option and the Tessera → Page speed screen.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Speed\Settings;
use WP_REST_Request;

/**
 * Sanitizing, registration and the page's fields.
 */
final class SettingsTest extends TestCase {

	/**
	 * Forgets settings errors between tests.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$GLOBALS['wp_settings_errors'] = array();
	}

	/**
	 * Forgets settings errors between tests.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$GLOBALS['wp_settings_errors'] = array();
		parent::tearDown();
	}

	/**
	 * The codes of the settings errors added so far.
	 *
	 * @return string[]
	 */
	private static function error_codes(): array {
		return array_column( get_settings_errors( Settings::OPTION ), 'code' );
	}

	public function test_registered_with_rest_and_a_sanitizer(): void {
		$registered = get_registered_settings();
		$this->assertArrayHasKey( Settings::OPTION, $registered );
		$setting = $registered[ Settings::OPTION ];
		$this->assertSame( 'tessera', $setting['group'] );
		$this->assertSame( 'object', $setting['type'] );
		$this->assertIsArray( $setting['show_in_rest'] );
		$this->assertSame(
			array(
				'api_key'      => '',
				'gallery_link' => '',
			),
			$setting['default']
		);
		$this->assertTrue( has_filter( 'sanitize_option_' . Settings::OPTION ) !== false );
	}

	public function test_api_key_is_trimmed(): void {
		$clean = ( new Settings() )->sanitize(
			array(
				'api_key'      => "  AIzaSyA-1234567890_abcdefghijklmnopqrst \n",
				'gallery_link' => '',
			)
		);
		$this->assertSame( 'AIzaSyA-1234567890_abcdefghijklmnopqrst', $clean['api_key'] );
		$this->assertSame( array(), self::error_codes() );
	}

	/**
	 * @return array<string, array{0: mixed}>
	 */
	public function bad_keys(): array {
		return array(
			'markup'        => array( 'AIza<script>alert(1)</script>' ),
			'spaces inside' => array( 'AIza key' ),
			'quote'         => array( 'AIza"onmouseover=alert(1)' ),
			'url'           => array( 'https://evil.example/?k=1' ),
			'too long'      => array( str_repeat( 'a', 201 ) ),
			'array'         => array( array( 'AIza' ) ),
		);
	}

	/**
	 * @dataProvider bad_keys
	 *
	 * @param mixed $key Submitted key.
	 */
	public function test_a_bad_api_key_keeps_the_old_one( mixed $key ): void {
		update_option(
			Settings::OPTION,
			array(
				'api_key'      => 'old-key',
				'gallery_link' => '',
			)
		);
		$GLOBALS['wp_settings_errors'] = array();
		$clean                         = ( new Settings() )->sanitize( array( 'api_key' => $key ) );
		$this->assertSame( 'old-key', $clean['api_key'] );
		$this->assertSame( array( 'tessera_api_key' ), self::error_codes() );
	}

	public function test_an_empty_api_key_removes_it(): void {
		update_option(
			Settings::OPTION,
			array(
				'api_key'      => 'old-key',
				'gallery_link' => '',
			)
		);
		$this->assertSame( '', ( new Settings() )->sanitize( array( 'api_key' => '   ' ) )['api_key'] );
	}

	/**
	 * @return array<string, array{0: string, 1: string}>
	 */
	public function good_links(): array {
		return array(
			'https'        => array( 'https://example.com/optimize-gallery', 'https://example.com/optimize-gallery' ),
			'http + query' => array( 'http://example.com/a?b=1&c=2', 'http://example.com/a?b=1&c=2' ),
			'trimmed'      => array( '  https://example.com/x  ', 'https://example.com/x' ),
			'empty'        => array( '', '' ),
		);
	}

	/**
	 * @dataProvider good_links
	 *
	 * @param string $link     Submitted.
	 * @param string $expected Stored.
	 */
	public function test_gallery_link_accepted( string $link, string $expected ): void {
		$clean = ( new Settings() )->sanitize( array( 'gallery_link' => $link ) );
		$this->assertSame( $expected, $clean['gallery_link'] );
		$this->assertSame( array(), self::error_codes() );
	}

	/**
	 * @return array<string, array{0: mixed}>
	 */
	public function bad_links(): array {
		return array(
			'javascript' => array( 'javascript:alert(1)' ),
			'data'       => array( 'data:text/html,<script>alert(1)</script>' ),
			'ftp'        => array( 'ftp://example.com/file' ),
			'no scheme'  => array( 'example.com/gallery' ),
			'relative'   => array( '/wp-admin/' ),
			'no host'    => array( 'https://' ),
			'words'      => array( 'not a url' ),
			'array'      => array( array( 'https://example.com/' ) ),
		);
	}

	/**
	 * @dataProvider bad_links
	 *
	 * @param mixed $link Submitted.
	 */
	public function test_a_bad_gallery_link_is_rejected( mixed $link ): void {
		update_option(
			Settings::OPTION,
			array(
				'api_key'      => '',
				'gallery_link' => 'https://example.com/kept',
			)
		);
		$GLOBALS['wp_settings_errors'] = array();
		$clean                         = ( new Settings() )->sanitize( array( 'gallery_link' => $link ) );
		$this->assertSame( 'https://example.com/kept', $clean['gallery_link'] );
		$this->assertSame( array( 'tessera_gallery_link' ), self::error_codes() );
	}

	public function test_non_array_input_keeps_the_settings(): void {
		update_option(
			Settings::OPTION,
			array(
				'api_key'      => 'k',
				'gallery_link' => '',
			)
		);
		$this->assertSame(
			array(
				'api_key'      => 'k',
				'gallery_link' => '',
			),
			( new Settings() )->sanitize( 'api_key=x' )
		);
	}

	public function test_update_option_goes_through_the_sanitizer(): void {
		update_option(
			Settings::OPTION,
			array(
				'api_key'      => ' spaced-key ',
				'gallery_link' => 'javascript:alert(1)',
				'extra'        => 'dropped',
			)
		);
		$this->assertSame(
			array(
				'api_key'      => 'spaced-key',
				'gallery_link' => '',
			),
			get_option( Settings::OPTION )
		);
		$this->assertSame( 'spaced-key', Settings::api_key() );
	}

	public function test_rest_settings_for_administrators(): void {
		$this->as_admin();
		$request = new WP_REST_Request( 'POST', '/wp/v2/settings' );
		$request->set_body_params(
			array(
				Settings::OPTION => array(
					'api_key'      => 'rest-key_1',
					'gallery_link' => 'https://example.com/g',
				),
			)
		);
		$response = rest_do_request( $request );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame(
			array(
				'api_key'      => 'rest-key_1',
				'gallery_link' => 'https://example.com/g',
			),
			$response->get_data()[ Settings::OPTION ]
		);

		$this->as_role( 'editor' );
		$this->assertSame( 403, rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/settings' ) )->get_status() );
	}

	public function test_the_settings_page(): void {
		global $wp_settings_sections, $wp_settings_fields;
		// The stored value is whatever passed the sanitizer; render a hostile one anyway.
		$this->add_test_filter(
			'pre_option_' . Settings::OPTION,
			static function (): array {
				return array(
					'api_key'      => 'key"><b>x',
					'gallery_link' => 'https://example.com/"><script>',
				);
			}
		);
		$this->as_admin();
		$settings = new Settings();
		$settings->add_fields();
		ob_start();
		$settings->render_page();
		$html = (string) ob_get_clean();
		unset( $wp_settings_sections[ Settings::PAGE ], $wp_settings_fields[ Settings::PAGE ] );

		$this->assertStringContainsString( '<h2>Page speed</h2>', $html );
		$this->assertStringContainsString( 'action="' . esc_url( admin_url( 'options.php' ) ) . '"', $html );
		$this->assertStringContainsString( "name='option_page' value='tessera'", $html );
		$this->assertMatchesRegularExpression( '/<input type="password" id="tessera_speed_api_key" name="tessera_speed_settings\[api_key\]" value="key&quot;&gt;&lt;b&gt;x"[^>]* autocomplete="off"/', $html );
		$this->assertStringContainsString( 'Without a key the PageSpeed Insights API answers at a low quota', $html );
		$this->assertMatchesRegularExpression( '/<input type="url" id="tessera_speed_gallery_link" name="tessera_speed_settings\[gallery_link\]"/', $html );
		$this->assertStringNotContainsString( '<b>x', $html );
		$this->assertStringNotContainsString( '<script>', $html );

		$this->as_role( 'editor' );
		ob_start();
		$settings->render_page();
		$this->assertSame( '', ob_get_clean() );
	}
}
