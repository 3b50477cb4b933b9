<?php
/**
 * The statistics settings model: defaults, strict validation that names the field and stores nothing on error,
 * partial saves, and get() under SHORTINIT.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\Settings;
use WP_Error;

/**
 * Settings::defaults(), get(), validate(), save().
 */
final class StatsSettingsTest extends TestCase {

	/**
	 * Starts with nothing stored.
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
		parent::tearDown();
		Settings::flush();
	}

	public function test_defaults_are_the_contract_and_valid(): void {
		$defaults = Settings::defaults();
		$this->assertSame(
			array( 'enabled', 'userOnline', 'onlineInterval', 'dntEnabled', 'bypassAdBlockers', 'linkTracker', 'downloadTracker', 'downloadExtensions', 'consentIntegration', 'consentLevel', 'trackAnonymously', 'excludedRoles', 'excludedIps', 'retentionDays' ),
			array_keys( $defaults )
		);
		$this->assertTrue( $defaults['enabled'] );
		$this->assertTrue( $defaults['userOnline'] );
		$this->assertSame( 60, $defaults['onlineInterval'] );
		$this->assertTrue( $defaults['dntEnabled'] );
		$this->assertFalse( $defaults['bypassAdBlockers'] );
		$this->assertTrue( $defaults['linkTracker'] );
		$this->assertTrue( $defaults['downloadTracker'] );
		$this->assertSame( array( 'pdf', 'zip', 'rar', '7z', 'gz', 'tar', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'csv', 'txt', 'rtf', 'epub', 'mp3', 'wav', 'mp4', 'mov', 'avi', 'dmg', 'exe', 'msi', 'apk', 'iso' ), $defaults['downloadExtensions'] );
		$this->assertSame( 'auto', $defaults['consentIntegration'] );
		$this->assertSame( 'statistics', $defaults['consentLevel'] );
		$this->assertFalse( $defaults['trackAnonymously'] );
		$this->assertSame( array( 'administrator' ), $defaults['excludedRoles'] );
		$this->assertSame( array(), $defaults['excludedIps'] );
		$this->assertSame( 0, $defaults['retentionDays'] );

		$this->assertSame( $defaults, Settings::validate( $defaults ) );
		$this->assertSame( $defaults, Settings::validate( array() ), 'missing keys take the defaults' );
		$this->assertSame( $defaults, Settings::get(), 'nothing stored: the defaults' );
		$this->assertFalse( get_option( Settings::OPTION, false ), 'get() stores nothing' );
	}

	/**
	 * Every key with a refused value: the error names the field (message and data) and nothing is stored.
	 *
	 * @return array<string, array{0: string, 1: mixed}>
	 */
	public function refused_values(): array {
		return array(
			'enabled string'                => array( 'enabled', 'yes' ),
			'enabled int'                   => array( 'enabled', 1 ),
			'userOnline null'               => array( 'userOnline', null ),
			'onlineInterval too small'      => array( 'onlineInterval', 9 ),
			'onlineInterval too large'      => array( 'onlineInterval', 601 ),
			'onlineInterval float'          => array( 'onlineInterval', 60.5 ),
			'onlineInterval text'           => array( 'onlineInterval', '60s' ),
			'dntEnabled string'             => array( 'dntEnabled', 'false' ),
			'bypassAdBlockers int'          => array( 'bypassAdBlockers', 0 ),
			'linkTracker array'             => array( 'linkTracker', array( true ) ),
			'downloadTracker string'        => array( 'downloadTracker', '1' ),
			'downloadExtensions not a list' => array( 'downloadExtensions', 'pdf,zip' ),
			'downloadExtensions object'     => array( 'downloadExtensions', array( 'a' => 'pdf' ) ),
			'downloadExtensions bad char'   => array( 'downloadExtensions', array( 'pdf', 'ta r' ) ),
			'downloadExtensions too long'   => array( 'downloadExtensions', array( 'abcdefghijk' ) ),
			'downloadExtensions script'     => array( 'downloadExtensions', array( '<script>' ) ),
			'downloadExtensions too many'   => array( 'downloadExtensions', array_map( static fn ( int $i ): string => 'x' . $i, range( 1, 101 ) ) ),
			'consentIntegration unknown'    => array( 'consentIntegration', 'cookieyes' ),
			'consentIntegration case'       => array( 'consentIntegration', 'AUTO' ),
			'consentLevel unknown'          => array( 'consentLevel', 'analytics' ),
			'trackAnonymously string'       => array( 'trackAnonymously', 'true' ),
			'excludedRoles missing role'    => array( 'excludedRoles', array( 'administrator', 'no_such_role' ) ),
			'excludedRoles bad slug'        => array( 'excludedRoles', array( "admin'--" ) ),
			'excludedRoles not a list'      => array( 'excludedRoles', 'administrator' ),
			'excludedIps bad address'       => array( 'excludedIps', array( '300.1.1.1' ) ),
			'excludedIps bad prefix v4'     => array( 'excludedIps', array( '10.0.0.0/33' ) ),
			'excludedIps bad prefix v6'     => array( 'excludedIps', array( '2001:db8::/129' ) ),
			'excludedIps bad prefix text'   => array( 'excludedIps', array( '10.0.0.0/a' ) ),
			'excludedIps host name'         => array( 'excludedIps', array( 'example.com' ) ),
			'excludedIps not text'          => array( 'excludedIps', array( 17 ) ),
			'retentionDays too small'       => array( 'retentionDays', 29 ),
			'retentionDays too large'       => array( 'retentionDays', 3651 ),
			'retentionDays negative'        => array( 'retentionDays', -1 ),
			'unknown key'                   => array( 'trackEverything', true ),
		);
	}

	/**
	 * @dataProvider refused_values
	 *
	 * @param string $key   The field.
	 * @param mixed  $value Its refused value.
	 */
	public function test_a_refused_value_names_the_field_and_saves_nothing( string $key, mixed $value ): void {
		$valid = Settings::validate( array( $key => $value ) );
		$this->assertInstanceOf( WP_Error::class, $valid );
		$this->assertSame( 'tessera_stats_invalid', $valid->get_error_code() );
		$this->assertSame(
			array(
				'status' => 400,
				'field'  => $key,
			),
			$valid->get_error_data()
		);
		$name = array_key_exists( $key, Settings::defaults() ) ? Settings::label( $key ) : $key;
		$this->assertStringContainsString( $name, $valid->get_error_message(), 'the message names the field' );

		$stored = Settings::save(
			array(
				'onlineInterval' => 30,
				$key             => $value,
			)
		);
		$this->assertInstanceOf( WP_Error::class, $stored );
		$this->assertSame( $key, $stored->get_error_data()['field'] );
		$this->assertFalse( get_option( Settings::OPTION, false ), 'nothing saved' );
		$this->assertSame( Settings::defaults(), Settings::get() );
	}

	public function test_a_refused_value_keeps_what_was_saved_before(): void {
		$this->assertIsArray( Settings::save( array( 'onlineInterval' => 120 ) ) );
		$before = get_option( Settings::OPTION );
		$error  = Settings::save(
			array(
				'onlineInterval' => 30,
				'retentionDays'  => 5,
			)
		);
		$this->assertInstanceOf( WP_Error::class, $error );
		$this->assertSame( 'retentionDays', $error->get_error_data()['field'] );
		$this->assertSame( $before, get_option( Settings::OPTION ) );
		$this->assertSame( 120, Settings::get()['onlineInterval'] );
	}

	public function test_save_merges_partial_changes_and_normalises(): void {
		add_role( 'tessera_test_role', 'Tessera test role' );
		try {
			$saved = Settings::save(
				array(
					'enabled'            => false,
					'onlineInterval'     => '600',
					'downloadExtensions' => array( '.PDF', 'Zip', 'pdf', '7z' ),
					'excludedRoles'      => array( 'editor', 'tessera_test_role' ),
					'excludedIps'        => array( ' 192.0.2.1 ', '10.0.0.0/8', '2001:DB8::/32', '::1' ),
					'retentionDays'      => 30,
				)
			);
			$this->assertIsArray( $saved );
			$this->assertFalse( $saved['enabled'] );
			$this->assertSame( 600, $saved['onlineInterval'] );
			$this->assertSame( array( 'pdf', 'zip', '7z' ), $saved['downloadExtensions'] );
			$this->assertSame( array( 'editor', 'tessera_test_role' ), $saved['excludedRoles'] );
			$this->assertSame( array( '192.0.2.1', '10.0.0.0/8', '2001:db8::/32', '::1' ), $saved['excludedIps'] );
			$this->assertSame( 30, $saved['retentionDays'] );
			$this->assertTrue( $saved['userOnline'], 'untouched keys keep their value' );
			$this->assertSame( $saved, get_option( Settings::OPTION ) );
			$this->assertSame( $saved, Settings::get() );

			$again = Settings::save( array( 'retentionDays' => 0 ) );
			$this->assertIsArray( $again );
			$this->assertFalse( $again['enabled'], 'a second partial save keeps the first one' );
			$this->assertSame( 0, $again['retentionDays'] );
			$this->assertSame( 10, Settings::save( array( 'onlineInterval' => 10 ) )['onlineInterval'] );
			$this->assertSame( 3650, Settings::save( array( 'retentionDays' => 3650 ) )['retentionDays'] );
		} finally {
			remove_role( 'tessera_test_role' );
		}
	}

	public function test_get_ignores_refused_and_unknown_stored_values(): void {
		update_option(
			Settings::OPTION,
			array(
				'enabled'        => false,
				'onlineInterval' => 5,
				'consentLevel'   => 'marketing',
				'excludedIps'    => array( 'nonsense' ),
				'somethingElse'  => 'x',
			)
		);
		Settings::flush();
		$settings = Settings::get();
		$this->assertFalse( $settings['enabled'] );
		$this->assertSame( 60, $settings['onlineInterval'], 'an invalid stored value falls back to its default' );
		$this->assertSame( 'marketing', $settings['consentLevel'] );
		$this->assertSame( array(), $settings['excludedIps'] );
		$this->assertArrayNotHasKey( 'somethingElse', $settings );

		update_option( Settings::OPTION, 'not an array' );
		$this->assertSame( Settings::defaults(), Settings::get(), 'a changed option is read again' );
	}

	/**
	 * get() in a PHP process that loads WordPress with SHORTINIT (as collect.php does): no i18n, no sanitize_*,
	 * no roles. It answers the stored values over the defaults.
	 */
	public function test_get_works_under_shortinit(): void {
		$this->assertIsArray(
			Settings::save(
				array(
					'onlineInterval' => 45,
					'excludedRoles'  => array( 'editor' ),
					'excludedIps'    => array( '10.0.0.0/8' ),
				)
			)
		);
		$script = get_temp_dir() . 'tessera-shortinit-' . wp_generate_password( 12, false ) . '.php';
		$code   = '<?php
define( "SHORTINIT", true );
$_SERVER["HTTP_HOST"] = ' . var_export( (string) wp_parse_url( home_url(), PHP_URL_HOST ), true ) . ';
$_SERVER["REQUEST_URI"] = "/";
require ' . var_export( ABSPATH . 'wp-load.php', true ) . ';
require ' . var_export( TESSERA_DIR . '/includes/Stats/Settings.php', true ) . ';
echo json_encode( array( "l10n" => function_exists( "__" ), "settings" => \Tessera\Stats\Settings::get() ) );';
		file_put_contents( $script, $code ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a throw-away script.
		$output = array();
		$status = 0;
		exec( escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( $script ) . ' 2>&1', $output, $status ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions -- runs a SHORTINIT process.
		wp_delete_file( $script );
		$this->assertSame( 0, $status, implode( "\n", $output ) );
		$answer = json_decode( implode( "\n", $output ), true );
		$this->assertIsArray( $answer, implode( "\n", $output ) );
		$this->assertFalse( $answer['l10n'], 'the process really ran without the l10n functions' );
		$this->assertSame( Settings::get(), $answer['settings'] );
		$this->assertSame( 45, $answer['settings']['onlineInterval'] );
		$this->assertSame( array( 'editor' ), $answer['settings']['excludedRoles'] );
	}
}
