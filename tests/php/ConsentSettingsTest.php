<?php
/**
 * The consent settings model: defaults, strict validation that names the field, storage, and the runtime
 * configuration (docs/consent.md).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\Defaults;
use Tessera\Consent\Settings;
use WP_Error;

/**
 * Settings::get(), sanitize(), update() and to_runtime_config().
 */
final class ConsentSettingsTest extends ConsentTestCase {

	public function test_defaults_are_valid_and_pass_sanitize_unchanged(): void {
		$defaults = Settings::defaults();
		$this->assertSame( $defaults, Settings::sanitize( $defaults ) );
		$this->assertSame( $defaults, Settings::sanitize( array() ), 'missing keys take the defaults' );
		$this->assertSame( $defaults, Settings::get(), 'nothing stored: the defaults' );
		$this->assertFalse( get_option( Settings::OPTION, false ), 'get() stores nothing' );
	}

	public function test_defaults_cover_what_the_banner_needs(): void {
		$defaults = Settings::defaults();
		$this->assertSame( 'gdpr', $defaults['activeLaw'] );
		$this->assertSame( 365, $defaults['expiryDays'] );
		$this->assertFalse( $defaults['reloadOnAccept'] );
		$this->assertTrue( $defaults['respectDnt'] );
		$this->assertTrue( $defaults['honourGpc'] );
		$this->assertSame( 'Do Not Sell or Share My Personal Information', $defaults['texts']['doNotSell'] );
		$this->assertSame( 'Accept all', $defaults['texts']['acceptAll'] );
		$this->assertSame( 'Reject all', $defaults['texts']['rejectAll'] );
		$this->assertSame( 'Customize', $defaults['texts']['customize'] );
		$this->assertSame( 'Save my preferences', $defaults['texts']['savePreferences'] );

		$this->assertSame( array( 'necessary', 'functional', 'analytics', 'performance', 'advertisement' ), array_column( $defaults['categories'], 'slug' ) );
		foreach ( $defaults['categories'] as $category ) {
			$necessary = 'necessary' === $category['slug'];
			$this->assertSame( $necessary, $category['isNecessary'], $category['slug'] );
			$this->assertSame( $necessary, $category['defaultConsent']['gdpr'], $category['slug'] . ': GDPR default' );
			$this->assertSame( $necessary || 'functional' === $category['slug'], $category['defaultConsent']['ccpa'], $category['slug'] . ': CCPA default (what an opt-out does not stop)' );
			$this->assertNotSame( '', $category['name'] );
			$this->assertNotSame( '', $category['description'] );
		}
		$ids = array();
		foreach ( $defaults['categories'] as $category ) {
			$ids[ $category['slug'] ] = array_column( $category['cookies'], 'cookieID' );
		}
		$this->assertSame( array( 'cookieyes-consent', 'wordpress_test_cookie' ), $ids['necessary'] );
		$this->assertSame( array( '_ga', '_ga_*', '_gid' ), $ids['analytics'] );
		$this->assertContains( '_fbp', $ids['advertisement'] );
		$this->assertContains( 'IDE', $ids['advertisement'] );
		$this->assertContains( 'test_cookie', $ids['advertisement'] );
		$this->assertContains( '_hjSessionUser_*', $ids['performance'] );

		$provider = static function ( string $subject ) use ( $defaults ): array {
			foreach ( $defaults['providers'] as $item ) {
				if ( \Tessera\Consent\Pattern::matches( $item['re'], $subject ) ) {
					return $item['categories'];
				}
			}
			return array();
		};
		$this->assertSame( array( 'analytics' ), $provider( 'www.googletagmanager.com/gtag/js' ) );
		$this->assertSame( array( 'analytics' ), $provider( 'www.google-analytics.com/analytics.js' ) );
		$this->assertSame( array( 'advertisement' ), $provider( 'connect.facebook.net/en_US/fbevents.js' ) );
		$this->assertSame( array( 'advertisement' ), $provider( 'googleads.g.doubleclick.net/pagead/viewthroughconversion/1/' ) );
		$this->assertSame( array( 'advertisement' ), $provider( 'pagead2.googlesyndication.com/pagead/js/adsbygoogle.js' ) );
		$this->assertSame( array( 'advertisement' ), $provider( 'www.youtube.com/embed/dQw4w9WgXcQ' ) );
		$this->assertSame( array( 'functional' ), $provider( 'www.youtube-nocookie.com/embed/dQw4w9WgXcQ' ) );
		$this->assertSame( array( 'functional' ), $provider( 'player.vimeo.com/video/76979871' ) );
		$this->assertSame( array( 'performance' ), $provider( 'static.hotjar.com/c/hotjar-1.js' ) );
		$this->assertSame( array(), $provider( 'www.googletagmanager.com/gtm.js' ), 'GTM containers run Consent Mode: not blocked' );
		$this->assertSame( array(), $provider( '127.0.0.1:8890/wp-includes/js/jquery/jquery.min.js' ) );
	}

	/**
	 * Each kind of refused value: a change to the defaults, the field path and the start of the message.
	 *
	 * @return array<string, array{0: callable, 1: string, 2: string}>
	 */
	public function invalid_settings(): array {
		return array(
			'unknown setting'          => array( static fn ( array $s ): array => $s + array( 'colour' => 'red' ), 'colour', 'Unknown setting “colour”.' ),
			'law'                      => array( static fn ( array $s ): array => array( 'activeLaw' => 'lgpd' ) + $s, 'activeLaw', 'Law: “lgpd” is not one of: gdpr, ccpa.' ),
			'law not a string'         => array( static fn ( array $s ): array => array( 'activeLaw' => array( 'gdpr' ) ) + $s, 'activeLaw', 'Law: “array” is not one of' ),
			'banner type'              => array( static fn ( array $s ): array => array( 'bannerType' => 'modal' ) + $s, 'bannerType', 'Banner type: “modal” is not one of: classic, popup, box.' ),
			'position for the type'    => array( static fn ( array $s ): array => array( 'bannerPosition' => 'center' ) + $s, 'bannerPosition', 'Banner position: “center” is not one of: bottom-left, bottom-right, top-left, top-right.' ),
			'preference centre'        => array( static fn ( array $s ): array => array( 'preferenceCenterType' => 'drawer' ) + $s, 'preferenceCenterType', 'Preference centre type: “drawer” is not one of: popup, sidebar.' ),
			'texts not an object'      => array( static fn ( array $s ): array => array( 'texts' => 'Hello' ) + $s, 'texts', 'Texts: must be an object of texts.' ),
			'unknown text'             => array( static fn ( array $s ): array => self::with( $s, array( 'texts', 'accept' ), 'OK' ), 'texts.accept', 'Texts: unknown field “accept”.' ),
			'empty label'              => array( static fn ( array $s ): array => self::with( $s, array( 'texts', 'acceptAll' ), '  <b></b> ' ), 'texts.acceptAll', 'Texts, acceptAll: cannot be empty.' ),
			'label not text'           => array( static fn ( array $s ): array => self::with( $s, array( 'texts', 'rejectAll' ), 5 ), 'texts.rejectAll', 'Texts, rejectAll: must be text.' ),
			'label too long'           => array( static fn ( array $s ): array => self::with( $s, array( 'texts', 'close' ), str_repeat( 'x', 101 ) ), 'texts.close', 'Texts, close: is longer than 100 characters.' ),
			'colour name'              => array( static fn ( array $s ): array => self::with( $s, array( 'colours', 'accent' ), 'blue' ), 'colours.accent', 'Colours, accent: “blue” is not a hex colour such as #1863dc.' ),
			'colour with alpha'        => array( static fn ( array $s ): array => self::with( $s, array( 'colours', 'background' ), '#ffffff80' ), 'colours.background', 'Colours, background: “#ffffff80” is not a hex colour' ),
			'unknown colour'           => array( static fn ( array $s ): array => self::with( $s, array( 'colours', 'shadow' ), '#000' ), 'colours.shadow', 'Colours: unknown field “shadow”.' ),
			'expiry 0'                 => array( static fn ( array $s ): array => array( 'expiryDays' => 0 ) + $s, 'expiryDays', 'Consent expiry: “0” is not a whole number of days from 1 to 3650.' ),
			'expiry 3651'              => array( static fn ( array $s ): array => array( 'expiryDays' => 3651 ) + $s, 'expiryDays', 'Consent expiry: “3651” is not a whole number' ),
			'expiry fraction'          => array( static fn ( array $s ): array => array( 'expiryDays' => 1.5 ) + $s, 'expiryDays', 'Consent expiry: “1.5” is not a whole number' ),
			'expiry text'              => array( static fn ( array $s ): array => array( 'expiryDays' => '30 days' ) + $s, 'expiryDays', 'Consent expiry: “30 days” is not a whole number' ),
			'reload not boolean'       => array( static fn ( array $s ): array => array( 'reloadOnAccept' => 'yes' ) + $s, 'reloadOnAccept', 'Reload after accepting: must be true or false.' ),
			'dnt not boolean'          => array( static fn ( array $s ): array => array( 'respectDnt' => 1 ) + $s, 'respectDnt', 'Respect Do Not Track: must be true or false.' ),
			'gpc not boolean'          => array( static fn ( array $s ): array => array( 'honourGpc' => null ) + $s, 'honourGpc', 'Honour Global Privacy Control: must be true or false.' ),
			'no category'              => array( static fn ( array $s ): array => array( 'categories' => array() ) + $s, 'categories', 'Categories: must be a list with at least one category.' ),
			'category not an object'   => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 1 ), 'analytics' ), 'categories[1]', 'Category 2: must be an object with a slug and a name.' ),
			'slug with a space'        => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 1, 'slug' ), 'An alytics' ), 'categories[1].slug', 'Category 2: the slug “An alytics” may only contain lower-case letters, digits, hyphens and underscores.' ),
			'slug with a colon'        => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'slug' ), 'a:yes' ), 'categories[2].slug', 'Category 3: the slug “a:yes” may only contain' ),
			'empty slug'               => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 1, 'slug' ), '' ), 'categories[1].slug', 'Category 2: the slug cannot be empty.' ),
			'duplicate slug'           => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'slug' ), 'functional' ), 'categories[2].slug', 'Category 3: the slug “functional” is already used by category 2.' ),
			'reserved slug'            => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 4, 'slug' ), 'consent' ), 'categories[4].slug', 'Category 5: the slug “consent” is reserved by the consent cookie (consentid, consent, action).' ),
			'no necessary category'    => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 0, 'isNecessary' ), false ), 'categories', 'Categories: at least one category must be marked necessary.' ),
			'necessary not boolean'    => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 0, 'isNecessary' ), 1 ), 'categories[0].isNecessary', 'Category 1, isNecessary: must be true or false.' ),
			'default not boolean'      => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'defaultConsent', 'ccpa' ), 'yes' ), 'categories[2].defaultConsent.ccpa', 'Category 3, defaultConsent.ccpa: must be true or false.' ),
			'unknown law default'      => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'defaultConsent', 'lgpd' ), true ), 'categories[2].defaultConsent.lgpd', 'Category 3, defaultConsent: unknown field “lgpd”.' ),
			'empty name'               => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 1, 'name' ), '' ), 'categories[1].name', 'Category 2, name: cannot be empty.' ),
			'unknown category field'   => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 1, 'label' ), 'x' ), 'categories[1].label', 'Category 2: unknown field “label”.' ),
			'cookie id with a space'   => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'cookies', 0, 'cookieID' ), '_g a' ), 'categories[2].cookies[0].cookieID', 'Category 3, cookie 1: the cookie ID “_g a” is not a cookie name' ),
			'cookie id with ;'         => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'cookies', 1, 'cookieID' ), '_ga;domain=x' ), 'categories[2].cookies[1].cookieID', 'Category 3, cookie 2: the cookie ID “_ga;domain=x” is not a cookie name' ),
			'cookie id * inside'       => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'cookies', 1, 'cookieID' ), '_ga*x' ), 'categories[2].cookies[1].cookieID', 'Category 3, cookie 2: the cookie ID “_ga*x”' ),
			'empty cookie id'          => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'cookies', 0, 'cookieID' ), '' ), 'categories[2].cookies[0].cookieID', 'Category 3, cookie 1: the cookie ID cannot be empty.' ),
			'cookie domain'            => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'cookies', 0, 'domain' ), 'https://example.com/' ), 'categories[2].cookies[0].domain', 'Category 3, cookie 1: the domain “https://example.com/” is not a host name' ),
			'cookies not a list'       => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'cookies' ), 'x' ), 'categories[2].cookies', 'Category 3: the cookies must be a list.' ),
			'providers not a list'     => array( static fn ( array $s ): array => array( 'providers' => 'gtag' ) + $s, 'providers', 'Providers: must be a list.' ),
			'pattern not compiling'    => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 2, 're' ), '(ab' ), 'providers[2].re', 'Provider 3: the pattern “(ab” is not a valid pattern (a group “(” is not closed).' ),
			'pattern PHP-only'         => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 0, 're' ), 'a++' ), 'providers[0].re', 'Provider 1: the pattern “a++” is not a valid pattern (“+” has nothing to repeat' ),
			'pattern JS-only'          => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 0, 're' ), '\u0041' ), 'providers[0].re', 'Provider 1: the pattern “\u0041” is not a valid pattern (the escape \u is not supported' ),
			'pattern lookbehind'       => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 1, 're' ), '(?<=www\.)x' ), 'providers[1].re', 'Provider 2: the pattern “(?<=www\.)x” is not a valid pattern (only the groups' ),
			'empty pattern'            => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 1, 're' ), '' ), 'providers[1].re', 'Provider 2: the pattern cannot be empty.' ),
			'unknown provider slug'    => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 0, 'categories' ), array( 'statistics' ) ), 'providers[0].categories[0]', 'Provider 1: the category “statistics” does not exist.' ),
			'provider slug twice'      => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 0, 'categories' ), array( 'analytics', 'analytics' ) ), 'providers[0].categories[1]', 'Provider 1: the category “analytics” is listed twice.' ),
			'provider no category'     => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 0, 'categories' ), array() ), 'providers[0].categories', 'Provider 1: choose at least one category.' ),
			'provider fullPath'        => array( static fn ( array $s ): array => self::with( $s, array( 'providers', 3, 'fullPath' ), 'no' ), 'providers[3].fullPath', 'Provider 4, fullPath: must be true or false.' ),
			'provider of a gone slug'  => array( static fn ( array $s ): array => self::with( $s, array( 'categories', 2, 'slug' ), 'stats' ), 'providers[0].categories[0]', 'Provider 1: the category “analytics” does not exist.' ),
		);
	}

	/**
	 * A copy of `$settings` with one nested value set.
	 *
	 * @param array<string, mixed> $settings Settings.
	 * @param array<int, int|string> $path   Keys down to the value.
	 * @param mixed                $value    New value.
	 * @return array<string, mixed>
	 */
	private static function with( array $settings, array $path, mixed $value ): array {
		$target = &$settings;
		foreach ( $path as $key ) {
			$target = &$target[ $key ];
		}
		$target = $value;
		unset( $target );
		return $settings;
	}

	/**
	 * @dataProvider invalid_settings
	 *
	 * @param callable $change  Makes the invalid settings from the defaults.
	 * @param string   $field   Path of the refused field.
	 * @param string   $message Start of the message.
	 */
	public function test_a_refused_value_names_the_field_and_stores_nothing( callable $change, string $field, string $message ): void {
		$stored = Settings::update( array( 'activeLaw' => 'ccpa' ) );
		$this->assertIsArray( $stored );
		$before = get_option( Settings::OPTION );

		$input = $change( Settings::defaults() );
		$error = Settings::sanitize( $input );
		$this->assertInstanceOf( WP_Error::class, $error );
		$this->assertSame( Settings::ERROR_CODE, $error->get_error_code() );
		$this->assertStringStartsWith( $message, $error->get_error_message() );
		$this->assertSame(
			array(
				'status' => 400,
				'field'  => $field,
			),
			$error->get_error_data()
		);

		$error = Settings::update( $input );
		$this->assertInstanceOf( WP_Error::class, $error );
		$this->assertStringStartsWith( $message, $error->get_error_message() );
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( Settings::OPTION, 'options' );
		$this->assertSame( $before, get_option( Settings::OPTION ), 'the stored option is unchanged' );
		$this->assertSame( 'ccpa', Settings::get()['activeLaw'] );
	}

	public function test_texts_are_cleaned(): void {
		$input                                  = Settings::defaults();
		$input['texts']['title']                = '  <strong>Cookies</strong> here ';
		$input['texts']['description']          = 'Read <a href="https://example.com/privacy" onclick="x()" target="_blank" rel="noopener">our policy</a><script>alert(1)</script> <img src=x onerror=alert(1)>.';
		$input['texts']['ccpaDescription']      = '<a href="javascript:alert(1)">Opt out</a>';
		$input['categories'][1]['name']         = '<em>Functional</em>';
		$input['categories'][1]['description']  = "Two\nlines <b>bold</b>";
		$input['categories'][2]['cookies'][0]   = array( 'cookieID' => '_ga' );
		$input['colours']['accent']             = '#ABC';
		$input['expiryDays']                    = '30';
		$input['categories'][0]['defaultConsent'] = array(
			'gdpr' => false,
			'ccpa' => false,
		);

		$clean = Settings::sanitize( $input );
		$this->assertIsArray( $clean );
		$this->assertSame( 'Cookies here', $clean['texts']['title'] );
		$this->assertSame( 'Read <a href="https://example.com/privacy" target="_blank" rel="noopener">our policy</a>alert(1) .', $clean['texts']['description'] );
		$this->assertSame( '<a href="alert(1)">Opt out</a>', $clean['texts']['ccpaDescription'] );
		$this->assertSame( 'Functional', $clean['categories'][1]['name'] );
		$this->assertSame( "Two\nlines bold", $clean['categories'][1]['description'] );
		$this->assertSame(
			array(
				'cookieID'    => '_ga',
				'domain'      => '',
				'duration'    => '',
				'description' => '',
			),
			$clean['categories'][2]['cookies'][0],
			'missing cookie fields are empty'
		);
		$this->assertSame( '#abc', $clean['colours']['accent'] );
		$this->assertSame( 30, $clean['expiryDays'] );
		$this->assertSame(
			array(
				'gdpr' => true,
				'ccpa' => true,
			),
			$clean['categories'][0]['defaultConsent'],
			'a necessary category is always on'
		);
	}

	public function test_a_new_category_and_provider_are_accepted(): void {
		$input                 = Settings::defaults();
		$input['categories'][] = array(
			'slug'    => 'social_media-2',
			'name'    => 'Social media',
			'cookies' => array( array( 'cookieID' => 'li_*', 'domain' => '.LinkedIn.com' ) ),
		);
		$input['providers'][]  = array(
			're'         => '^platform\.linkedin\.com/(in|badges)/[\w-]{2,}\?x=[^&]+$',
			'categories' => array( 'social_media-2', 'advertisement' ),
			'fullPath'   => true,
		);
		$clean                 = Settings::sanitize( $input );
		$this->assertIsArray( $clean );
		$category = end( $clean['categories'] );
		$this->assertSame( 'social_media-2', $category['slug'] );
		$this->assertFalse( $category['isNecessary'] );
		$this->assertSame(
			array(
				'gdpr' => false,
				'ccpa' => false,
			),
			$category['defaultConsent']
		);
		$this->assertSame( '.linkedin.com', $category['cookies'][0]['domain'] );
		$this->assertSame(
			array(
				're'           => '^platform\.linkedin\.com/(in|badges)/[\w-]{2,}\?x=[^&]+$',
				'categories'   => array( 'social_media-2', 'advertisement' ),
				'fullPath'     => true,
				'isOverridden' => false,
			),
			end( $clean['providers'] )
		);
	}

	public function test_update_merges_and_stores_autoloaded(): void {
		$stored = Settings::update(
			array(
				'activeLaw' => 'ccpa',
				'texts'     => array( 'acceptAll' => 'Allow all' ),
				'colours'   => array( 'accent' => '#000000' ),
			)
		);
		$this->assertIsArray( $stored );
		$this->assertSame( 'ccpa', $stored['activeLaw'] );
		$this->assertSame( 'Allow all', $stored['texts']['acceptAll'] );
		$this->assertSame( Defaults::texts()['rejectAll'], $stored['texts']['rejectAll'], 'other texts kept' );
		$this->assertSame( '#000000', $stored['colours']['accent'] );
		$this->assertSame( Defaults::colours()['background'], $stored['colours']['background'] );
		$this->assertSame( $stored, get_option( Settings::OPTION ) );
		$this->assertSame( $stored, Settings::get() );

		global $wpdb;
		$autoload = $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", Settings::OPTION ) );
		$this->assertContains( $autoload, array( 'yes', 'on', 'auto-on' ), 'autoloaded: read on every front-end page' );

		$again = Settings::update( array( 'texts' => array( 'rejectAll' => 'Refuse' ) ) );
		$this->assertIsArray( $again );
		$this->assertSame( 'Allow all', $again['texts']['acceptAll'], 'earlier change kept' );
		$this->assertSame( 'ccpa', $again['activeLaw'] );
	}

	public function test_get_merges_stored_over_defaults_and_ignores_a_bad_stored_value(): void {
		update_option(
			Settings::OPTION,
			array(
				'expiryDays' => 30,
				'texts'      => array(
					'title'  => 'Cookies?',
					'future' => 'a key from a later version',
				),
				'future'     => true,
			)
		);
		$settings = Settings::get();
		$this->assertSame( 30, $settings['expiryDays'] );
		$this->assertSame( 'Cookies?', $settings['texts']['title'] );
		$this->assertSame( Defaults::texts()['description'], $settings['texts']['description'] );
		$this->assertArrayNotHasKey( 'future', $settings );
		$this->assertSame( Settings::defaults()['categories'], $settings['categories'] );

		update_option( Settings::OPTION, array( 'providers' => array( array( 're' => '(', 'categories' => array( 'analytics' ) ) ) ) );
		$this->assertSame( Settings::defaults(), Settings::get(), 'a stored value that no longer validates: the defaults' );

		update_option( Settings::OPTION, 'garbage' );
		$this->assertSame( Settings::defaults(), Settings::get() );
	}

	/**
	 * The example configuration of docs/consent.md ("Server-provided configuration"), comments removed.
	 *
	 * @return array<string, mixed>
	 */
	private static function documented_config(): array {
		$doc = (string) file_get_contents( dirname( __DIR__, 2 ) . '/docs/consent.md' );
		self::assertSame( 1, preg_match( '/## Server-provided configuration.*?```jsonc\n(.*?)\n```/s', $doc, $match ), 'docs/consent.md has the jsonc example' );
		$json   = (string) preg_replace( '#\s//[^\n]*#', '', $match[1] );
		$config = json_decode( $json, true );
		self::assertIsArray( $config, 'the documented example is JSON once comments are removed: ' . json_last_error_msg() );
		return $config;
	}

	public function test_runtime_config_has_the_documented_shape(): void {
		$doc     = self::documented_config();
		$encoded = wp_json_encode( Settings::to_runtime_config(), JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP );
		$this->assertIsString( $encoded );
		$this->assertStringNotContainsString( '<', $encoded );
		$config = json_decode( $encoded, true );
		$this->assertIsArray( $config );

		$this->assertSame( array_keys( $doc ), array_keys( $config ), 'top-level keys, in the documented order' );
		$this->assertSame( array_keys( $doc['categories'][0] ), array_keys( $config['categories'][0] ), 'category keys' );
		$this->assertSame( array_keys( $doc['categories'][0]['defaultConsent'] ), array_keys( $config['categories'][0]['defaultConsent'] ) );
		$this->assertSame( array_keys( $doc['categories'][0]['cookies'][0] ), array_keys( $config['categories'][0]['cookies'][0] ), 'cookie keys' );
		$this->assertSame( array_keys( $doc['providers'][0] ), array_keys( $config['providers'][0] ), 'provider keys' );

		$this->assertContains( $config['activeLaw'], array( 'gdpr', 'ccpa' ) );
		$this->assertIsInt( $config['expiryDays'] );
		foreach ( array( 'reloadOnAccept', 'respectDnt', 'honourGpc' ) as $key ) {
			$this->assertIsBool( $config[ $key ], $key );
		}
		$this->assertSame( 'en', $config['languageCode'] );
		foreach ( $config['categories'] as $category ) {
			$this->assertMatchesRegularExpression( '/^[A-Za-z0-9_-]+$/', $category['slug'] );
			$this->assertIsBool( $category['isNecessary'] );
			$this->assertIsBool( $category['defaultConsent']['gdpr'] );
			$this->assertIsBool( $category['defaultConsent']['ccpa'] );
			foreach ( $category['cookies'] as $cookie ) {
				$this->assertNotSame( '', $cookie['cookieID'] );
				$this->assertIsString( $cookie['domain'] );
			}
		}
		$slugs = array_column( $config['categories'], 'slug' );
		foreach ( $config['providers'] as $provider ) {
			$this->assertNotSame( '', $provider['re'] );
			$this->assertSame( array(), array_diff( $provider['categories'], $slugs ) );
			$this->assertIsBool( $provider['fullPath'] );
			$this->assertIsBool( $provider['isOverridden'] );
		}
		$this->assertSame( 'googletagmanager\\.com/gtag/js', $config['providers'][0]['re'], 'JSON keeps the backslash of the pattern' );
	}

	public function test_runtime_config_follows_the_stored_settings(): void {
		Settings::update(
			array(
				'activeLaw'      => 'ccpa',
				'expiryDays'     => 180,
				'reloadOnAccept' => true,
				'respectDnt'     => false,
				'honourGpc'      => false,
			)
		);
		$config = Settings::to_runtime_config();
		$this->assertSame( 'ccpa', $config['activeLaw'] );
		$this->assertSame( 180, $config['expiryDays'] );
		$this->assertTrue( $config['reloadOnAccept'] );
		$this->assertFalse( $config['respectDnt'] );
		$this->assertFalse( $config['honourGpc'] );
		$this->assertArrayNotHasKey( 'description', $config['categories'][0], 'descriptions are the banner’s, not the runtime’s' );
		$this->assertArrayNotHasKey( 'duration', $config['categories'][0]['cookies'][0] );
	}
}
