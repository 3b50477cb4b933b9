<?php
/**
 * REST `tessera/v1/consent/settings`: permissions, reading, saving, refusing (docs/consent.md).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\Settings;
use WP_REST_Request;
use WP_REST_Response;

/**
 * GET and POST through rest_do_request().
 */
final class ConsentSettingsControllerTest extends ConsentTestCase {

	private const ROUTE = '/tessera/v1/consent/settings';

	/**
	 * GET the settings.
	 *
	 * @return WP_REST_Response
	 */
	private function get_settings(): WP_REST_Response {
		return rest_do_request( new WP_REST_Request( 'GET', self::ROUTE ) );
	}

	/**
	 * POST settings as JSON.
	 *
	 * @param mixed $body Body, JSON-encoded.
	 * @return WP_REST_Response
	 */
	private function post_settings( mixed $body ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', self::ROUTE );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( (string) wp_json_encode( $body ) );
		return rest_do_request( $request );
	}

	/**
	 * The raw stored option, read from the database.
	 *
	 * @return mixed
	 */
	private static function stored(): mixed {
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( Settings::OPTION, 'options' );
		return get_option( Settings::OPTION, null );
	}

	public function test_route_is_registered_with_both_methods_and_a_schema(): void {
		$routes = rest_get_server()->get_routes();
		$this->assertArrayHasKey( self::ROUTE, $routes );
		$methods = array();
		foreach ( $routes[ self::ROUTE ] as $handler ) {
			$methods += $handler['methods'];
			$this->assertIsCallable( $handler['permission_callback'] );
		}
		$this->assertArrayHasKey( 'GET', $methods );
		$this->assertArrayHasKey( 'POST', $methods );

		$this->as_admin();
		$response = rest_do_request( new WP_REST_Request( 'OPTIONS', self::ROUTE ) );
		$schema   = $response->get_data()['schema'] ?? null;
		$this->assertIsArray( $schema );
		$this->assertSame( 'tessera-consent-settings', $schema['title'] );
		$this->assertSame( array_keys( Settings::defaults() ), array_keys( $schema['properties'] ) );
		$this->assertArrayNotHasKey( 'arg_options', $schema['properties']['providers'], 'the public schema hides arg_options' );
	}

	public function test_admin_reads_the_settings(): void {
		$this->as_admin();
		$response = $this->get_settings();
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( Settings::get(), $response->get_data() );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] ?? '' );
	}

	/**
	 * @return array<string, array{0: string, 1: int}>
	 */
	public function not_allowed(): array {
		return array(
			'logged out' => array( '', 401 ),
			'editor'     => array( 'editor', 403 ),
			'author'     => array( 'author', 403 ),
			'subscriber' => array( 'subscriber', 403 ),
		);
	}

	/**
	 * @dataProvider not_allowed
	 *
	 * @param string $role   Role ('' = logged out).
	 * @param int    $status Expected status.
	 */
	public function test_only_administrators_read_or_change_the_settings( string $role, int $status ): void {
		Settings::update( array( 'activeLaw' => 'ccpa' ) );
		$before = self::stored();
		if ( '' !== $role ) {
			$this->as_role( $role );
		}

		$response = $this->get_settings();
		$this->assertSame( $status, $response->get_status() );
		$this->assertSame( 'rest_forbidden', $response->get_data()['code'] ?? '' );
		$this->assertArrayNotHasKey( 'texts', $response->get_data() );

		$response = $this->post_settings( array( 'activeLaw' => 'gdpr' ) );
		$this->assertSame( $status, $response->get_status() );
		$this->assertSame( 'rest_forbidden', $response->get_data()['code'] ?? '' );
		$this->assertSame( $before, self::stored(), 'nothing stored' );
	}

	public function test_admin_saves_settings(): void {
		$this->as_admin();
		$providers   = Settings::defaults()['providers'];
		$providers[] = array(
			're'         => 'cdn\.example\.com/track\.js',
			'categories' => array( 'analytics' ),
		);
		$response    = $this->post_settings(
			array(
				'activeLaw'  => 'ccpa',
				'bannerType' => 'classic',
				'bannerPosition' => 'top',
				'texts'      => array( 'acceptAll' => 'Allow all' ),
				'providers'  => $providers,
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = $response->get_data();
		$this->assertSame( 'ccpa', $data['activeLaw'] );
		$this->assertSame( 'classic', $data['bannerType'] );
		$this->assertSame( 'top', $data['bannerPosition'] );
		$this->assertSame( 'Allow all', $data['texts']['acceptAll'] );
		$this->assertSame( Settings::defaults()['texts']['rejectAll'], $data['texts']['rejectAll'] );
		$this->assertSame( 'cdn\.example\.com/track\.js', end( $data['providers'] )['re'] );
		$this->assertFalse( end( $data['providers'] )['fullPath'] );
		$this->assertSame( $data, self::stored() );

		$response = $this->get_settings();
		$this->assertSame( $data, $response->get_data() );
	}

	public function test_form_encoded_body_is_read_too(): void {
		$this->as_admin();
		$request = new WP_REST_Request( 'POST', self::ROUTE );
		$request->set_body_params( array( 'activeLaw' => 'ccpa' ) );
		$response = rest_do_request( $request );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'ccpa', Settings::get()['activeLaw'] );
	}

	/**
	 * @return array<string, array{0: mixed, 1: string, 2: string}>
	 */
	public function invalid_bodies(): array {
		$providers            = Settings::defaults()['providers'];
		$providers[2]['re']   = '(ab';
		$categories           = Settings::defaults()['categories'];
		$categories[1]['slug'] = 'An alytics';
		return array(
			'bad pattern'   => array( array( 'activeLaw' => 'ccpa', 'providers' => $providers ), 'providers[2].re', 'Provider 3: the pattern “(ab” is not a valid pattern' ),
			'bad slug'      => array( array( 'categories' => $categories ), 'categories[1].slug', 'Category 2: the slug “An alytics” may only contain lower-case letters, digits, hyphens and underscores.' ),
			'bad expiry'    => array( array( 'expiryDays' => 0 ), 'expiryDays', 'Consent expiry: “0” is not a whole number of days from 1 to 3650.' ),
			'bad boolean'   => array( array( 'honourGpc' => 'false' ), 'honourGpc', 'Honour Global Privacy Control: must be true or false.' ),
			'bad colour'    => array( array( 'colours' => array( 'text' => 'black' ) ), 'colours.text', 'Colours, text: “black” is not a hex colour' ),
			'unknown key'   => array( array( 'banner' => 'box' ), 'banner', 'Unknown setting “banner”.' ),
			'empty body'    => array( array(), '', 'Send the settings as an object with at least one setting.' ),
			'a list'        => array( array( 'ccpa' ), '', 'Send the settings as an object with at least one setting.' ),
		);
	}

	/**
	 * @dataProvider invalid_bodies
	 *
	 * @param mixed  $body    Body.
	 * @param string $field   Path of the refused field.
	 * @param string $message Start of the message.
	 */
	public function test_an_invalid_body_answers_400_naming_the_field_and_stores_nothing( mixed $body, string $field, string $message ): void {
		Settings::update( array( 'expiryDays' => 30 ) );
		$before = self::stored();
		$this->as_admin();

		$response = $this->post_settings( $body );
		$this->assertSame( 400, $response->get_status() );
		$data = $response->get_data();
		$this->assertSame( Settings::ERROR_CODE, $data['code'] );
		$this->assertStringStartsWith( $message, $data['message'] );
		$this->assertSame( $field, $data['data']['field'] );
		$this->assertSame( $before, self::stored(), 'nothing stored' );
		$this->assertSame( 30, Settings::get()['expiryDays'] );
	}

	public function test_invalid_json_answers_400(): void {
		$this->as_admin();
		$request = new WP_REST_Request( 'POST', self::ROUTE );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( '{"activeLaw":' );
		$response = rest_do_request( $request );
		$this->assertSame( 400, $response->get_status() );
		$this->assertNull( self::stored() );
	}
}
