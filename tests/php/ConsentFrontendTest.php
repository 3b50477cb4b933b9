<?php
/**
 * The consent page output: BannerView's markup (banner, revisit button, preference template) and Frontend's
 * head and body output on a simulated front-end request. Contract: docs/consent.md ("Page output").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use DOMElement;
use Tessera\Consent\BannerView;
use Tessera\Consent\Frontend;
use Tessera\Consent\Settings;

/**
 * BannerView and Frontend.
 */
final class ConsentFrontendTest extends ConsentTestCase {

	private const ACTED = 'consentid:Ab3dEfGh1jKlMn0pQrStUvWxYz012345,consent:yes,action:yes,necessary:yes,functional:no,analytics:yes,performance:no,advertisement:no';

	/**
	 * Superglobals and registries saved in setUp().
	 *
	 * @var array<string, mixed>
	 */
	private array $saved = array();

	/**
	 * Frontends whose hooks tearDown() removes.
	 *
	 * @var Frontend[]
	 */
	private array $hooked = array();

	/**
	 * Actions where the plugin prints its consent output.
	 *
	 * @var string[]
	 */
	private const PAGE_HOOKS = array( 'init', 'wp_enqueue_scripts', 'wp_head', 'wp_body_open', 'wp_footer', 'template_redirect' );

	/**
	 * Those actions as they were before the test.
	 *
	 * @var array<string, \WP_Hook|null>
	 */
	private array $saved_hooks = array();

	/**
	 * Saves the superglobals and works on copies of the script and style registries.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->saved = array(
			'cookie'         => $_COOKIE,
			'server'         => $_SERVER,
			'wp_scripts'     => $GLOBALS['wp_scripts'] ?? null,
			'wp_styles'      => $GLOBALS['wp_styles'] ?? null,
			'current_screen' => $GLOBALS['current_screen'] ?? null,
		);
		unset( $_SERVER['HTTP_COOKIE'], $_SERVER['HTTP_SEC_GPC'] );
		$_COOKIE = array();
		// The plugin's own consent output (hooked by Plugin::boot) is set aside: each test hooks its own.
		foreach ( self::PAGE_HOOKS as $hook ) {
			$this->saved_hooks[ $hook ] = isset( $GLOBALS['wp_filter'][ $hook ] ) ? clone $GLOBALS['wp_filter'][ $hook ] : null;
			foreach ( $GLOBALS['wp_filter'][ $hook ]->callbacks ?? array() as $priority => $callbacks ) {
				foreach ( $callbacks as $callback ) {
					$function = $callback['function'];
					if ( is_array( $function ) && is_object( $function[0] ) && str_starts_with( get_class( $function[0] ), 'Tessera\\Consent\\' ) ) {
						remove_action( $hook, $function, $priority );
					}
				}
			}
		}
		foreach ( array( 'wp_scripts' => wp_scripts(), 'wp_styles' => wp_styles() ) as $global => $registry ) {
			$copy = clone $registry;
			foreach ( $copy->registered as $handle => $item ) {
				$copy->registered[ $handle ] = clone $item;
			}
			$GLOBALS[ $global ] = $copy;
		}
		// The preference chunk and the banner stylesheet as Assets registers them once built.
		wp_deregister_script( 'tessera-consent-preferences' );
		wp_deregister_style( 'tessera-consent-preferences' );
		wp_deregister_style( 'tessera-consent-banner' );
		wp_register_script( 'tessera-consent-preferences', TESSERA_URL . 'build/runtime/consent-preferences.js', array(), 'p1', true );
		wp_register_style( 'tessera-consent-preferences', TESSERA_URL . 'build/runtime/consent-preferences.css', array(), 's1' );
		wp_register_style( 'tessera-consent-banner', TESSERA_URL . 'build/runtime/consent-banner.css', array(), 'b1' );
		wp_style_add_data( 'tessera-consent-banner', 'path', TESSERA_DIR . 'build/runtime/consent-banner.css' );
	}

	/**
	 * Puts everything back.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->hooked as $frontend ) {
			remove_action( 'init', array( $frontend, 'register_runtime' ), 5 );
			remove_action( 'wp_enqueue_scripts', array( $frontend, 'enqueue_style' ) );
			remove_action( 'wp_head', array( $frontend, 'print_head' ), 1 );
			remove_action( 'wp_body_open', array( $frontend, 'print_body' ), 5 );
			remove_action( 'wp_footer', array( $frontend, 'print_body' ), 5 );
		}
		$this->hooked = array();
		foreach ( $this->saved_hooks as $hook => $saved ) {
			if ( null === $saved ) {
				unset( $GLOBALS['wp_filter'][ $hook ] );
			} else {
				$GLOBALS['wp_filter'][ $hook ] = $saved; // phpcs:ignore WordPress.WP.GlobalVariablesOverride
			}
		}
		$this->saved_hooks = array();
		$_COOKIE      = $this->saved['cookie'];
		$_SERVER      = $this->saved['server'];
		foreach ( array( 'wp_scripts', 'wp_styles', 'current_screen' ) as $global ) {
			if ( null === $this->saved[ $global ] ) {
				unset( $GLOBALS[ $global ] );
			} else {
				$GLOBALS[ $global ] = $this->saved[ $global ];
			}
		}
		parent::tearDown();
	}

	/**
	 * A Frontend with its hooks registered (removed in tearDown) and the runtime registered.
	 *
	 * @return Frontend
	 */
	private function hooked_frontend(): Frontend {
		$frontend = new Frontend();
		$frontend->register_hooks();
		$this->hooked[] = $frontend;
		$this->assertTrue( $frontend->register_runtime(), 'the runtime is built (npm run build)' );
		return $frontend;
	}

	/**
	 * Output of an action.
	 *
	 * @param string $hook Action.
	 * @return string
	 */
	private function capture( string $hook ): string {
		ob_start();
		do_action( $hook );
		return (string) ob_get_clean();
	}

	/**
	 * Output of a callable.
	 *
	 * @param callable $callback Prints.
	 * @return string
	 */
	private function output( callable $callback ): string {
		ob_start();
		$callback();
		return (string) ob_get_clean();
	}

	/**
	 * Settings with changes.
	 *
	 * @param array<string, mixed> $changes Top-level keys.
	 * @return array<string, mixed>
	 */
	private function settings( array $changes = array() ): array {
		return array_merge( Settings::get(), $changes );
	}

	public function test_gdpr_banner_has_the_three_buttons_close_and_region(): void {
		$xpath  = $this->xpath( BannerView::banner( $this->settings() ) );
		$banner = $this->one( $xpath, '//div[@id="tessera-consent-banner"]' );
		$this->assertSame( 'tessera-consent tessera-consent--box tessera-consent--bottom-left', $banner->getAttribute( 'class' ) );
		$this->assertSame( 'region', $banner->getAttribute( 'role' ) );
		$this->assertSame( 'tessera-consent-title', $banner->getAttribute( 'aria-labelledby' ) );
		$this->assertSame( 'gdpr', $banner->getAttribute( 'data-tessera-law' ) );
		$this->assertFalse( $banner->hasAttribute( 'aria-modal' ) );
		$this->assertStringContainsString( '--tessera-consent-bg:#ffffff', $banner->getAttribute( 'style' ) );
		$this->assertStringContainsString( '--tessera-consent-accent-text:#ffffff', $banner->getAttribute( 'style' ) );
		$this->assertSame( 'We value your privacy', trim( $this->one( $xpath, '//p[@id="tessera-consent-title"][@class="tessera-consent__title"]' )->textContent ) );
		$this->one( $xpath, '//div[@class="tessera-consent__description"]' );

		$actions = array();
		foreach ( $xpath->query( '//div[@class="tessera-consent__actions"]/button' ) as $button ) {
			$this->assertInstanceOf( DOMElement::class, $button );
			$this->assertSame( 'button', $button->getAttribute( 'type' ) );
			$actions[ $button->getAttribute( 'data-tessera-consent' ) ] = array( trim( $button->textContent ), $button->getAttribute( 'class' ) );
		}
		$this->assertSame(
			array(
				'preferences' => array( 'Customize', 'tessera-consent__button' ),
				'reject'      => array( 'Reject all', 'tessera-consent__button' ),
				'accept'      => array( 'Accept all', 'tessera-consent__button tessera-consent__button--primary' ),
			),
			$actions
		);

		$close = $this->one( $xpath, '//div[@id="tessera-consent-banner"]/button[@data-tessera-consent="close"]' );
		$this->assertSame( 'tessera-consent__close', $close->getAttribute( 'class' ) );
		$this->assertSame( 'Close', $close->getAttribute( 'aria-label' ) );
		$svg = $this->one( $xpath, '//button[@data-tessera-consent="close"]/svg' );
		$this->assertSame( 'true', $svg->getAttribute( 'aria-hidden' ) );
		$this->assertSame( 'false', $svg->getAttribute( 'focusable' ) );
	}

	public function test_banner_type_and_position_classes(): void {
		$popup = $this->xpath(
			BannerView::banner(
				$this->settings(
					array(
						'bannerType'     => 'popup',
						'bannerPosition' => 'center',
					)
				)
			)
		);
		$this->assertSame( 'tessera-consent tessera-consent--popup tessera-consent--center', $this->one( $popup, '//div[@id="tessera-consent-banner"]' )->getAttribute( 'class' ) );
		$classic = $this->xpath(
			BannerView::banner(
				$this->settings(
					array(
						'bannerType'     => 'classic',
						'bannerPosition' => 'top',
					)
				)
			)
		);
		$this->assertSame( 'tessera-consent tessera-consent--classic tessera-consent--top', $this->one( $classic, '//div[@id="tessera-consent-banner"]' )->getAttribute( 'class' ) );
	}

	public function test_ccpa_banner_has_do_not_sell_and_no_accept_or_reject(): void {
		$settings = $this->settings( array( 'activeLaw' => 'ccpa' ) );
		$xpath    = $this->xpath( BannerView::banner( $settings ) );
		$this->assertSame( 'ccpa', $this->one( $xpath, '//div[@id="tessera-consent-banner"]' )->getAttribute( 'data-tessera-law' ) );
		$button = $this->one( $xpath, '//div[@class="tessera-consent__actions"]/button' );
		$this->assertSame( 'preferences', $button->getAttribute( 'data-tessera-consent' ) );
		$this->assertSame( 'Do Not Sell or Share My Personal Information', trim( $button->textContent ) );
		$this->assertSame( 0, $xpath->query( '//*[@data-tessera-consent="accept" or @data-tessera-consent="reject"]' )->length );
		$this->one( $xpath, '//button[@data-tessera-consent="close"]' );
		$this->assertStringContainsString( 'Do Not Sell or Share', $this->one( $xpath, '//div[@class="tessera-consent__description"]' )->textContent, 'the CCPA description' );
	}

	public function test_revisit_button_position_and_hidden(): void {
		$revisit = function ( array $changes, bool $hidden ): DOMElement {
			return $this->one( $this->xpath( BannerView::revisit( $this->settings( $changes ), $hidden ) ), '//button[@id="tessera-consent-revisit"]' );
		};
		$button = $revisit( array(), true );
		$this->assertSame( 'tessera-consent-revisit tessera-consent-revisit--bottom-left', $button->getAttribute( 'class' ) );
		$this->assertSame( 'preferences', $button->getAttribute( 'data-tessera-consent' ) );
		$this->assertSame( 'Consent preferences', $button->getAttribute( 'aria-label' ) );
		$this->assertSame( 'Consent preferences', $button->getAttribute( 'title' ) );
		$this->assertTrue( $button->hasAttribute( 'hidden' ) );
		$this->assertStringContainsString( '--tessera-consent-accent:#1863dc', $button->getAttribute( 'style' ) );
		$this->assertFalse( $revisit( array(), false )->hasAttribute( 'hidden' ) );
		$this->assertSame( 'tessera-consent-revisit tessera-consent-revisit--bottom-right', $revisit( array( 'bannerPosition' => 'top-right' ), false )->getAttribute( 'class' ) );
		$this->assertSame( 'tessera-consent-revisit tessera-consent-revisit--bottom-right', $revisit( array( 'bannerPosition' => 'bottom-right' ), false )->getAttribute( 'class' ) );
		$this->assertSame(
			'tessera-consent-revisit tessera-consent-revisit--bottom-left',
			$revisit(
				array(
					'bannerType'     => 'classic',
					'bannerPosition' => 'bottom',
				),
				false
			)->getAttribute( 'class' )
		);
		$this->assertSame( 'true', $this->one( $this->xpath( BannerView::revisit( $this->settings(), false ) ), '//button/svg' )->getAttribute( 'aria-hidden' ) );
	}

	public function test_preference_template_has_one_switch_per_category(): void {
		$urls     = array(
			'script' => 'https://example.com/p.js?ver=1',
			'style'  => 'https://example.com/p.css?ver=2',
			'log'    => 'https://example.com/wp-json/tessera/v1/consent/log',
		);
		$settings = $this->settings();
		$xpath    = $this->xpath( BannerView::preferences_template( $settings, $urls ) );
		$template = $this->one( $xpath, '//template[@id="tessera-consent-preferences"]' );
		$this->assertSame( $urls['script'], $template->getAttribute( 'data-script' ) );
		$this->assertSame( $urls['style'], $template->getAttribute( 'data-style' ) );
		$this->assertSame( $urls['log'], $template->getAttribute( 'data-log' ) );

		$dialog = $this->one( $xpath, '//template/dialog' );
		$this->assertSame( 'tessera-consent-prefs tessera-consent-prefs--popup', $dialog->getAttribute( 'class' ) );
		$this->assertSame( 'tessera-consent-prefs-title', $dialog->getAttribute( 'aria-labelledby' ) );
		$this->assertSame( 'gdpr', $dialog->getAttribute( 'data-tessera-law' ) );
		$this->assertSame( 'Show more', $dialog->getAttribute( 'data-more' ) );
		$this->assertSame( 'Show less', $dialog->getAttribute( 'data-less' ) );
		$this->assertStringContainsString( '--tessera-consent-text:#212121', $dialog->getAttribute( 'style' ) );
		$this->assertSame( 'Customize consent preferences', trim( $this->one( $xpath, '//h2[@id="tessera-consent-prefs-title"]' )->textContent ) );
		$this->one( $xpath, '//div[@class="tessera-consent-prefs__header"]/button[@data-tessera-prefs="dismiss"][@aria-label="Close"]/svg[@aria-hidden="true"]' );
		$this->one( $xpath, '//div[@class="tessera-consent-prefs__description"][@data-tessera-truncate]' );

		$switches = $xpath->query( '//input[@data-tessera-category-switch]' );
		$slugs    = array_column( $settings['categories'], 'slug' );
		$this->assertSame( count( $slugs ), $switches->length, 'one switch per category' );
		foreach ( $switches as $index => $switch ) {
			$this->assertInstanceOf( DOMElement::class, $switch );
			$slug = $slugs[ $index ];
			$id   = 'tessera-consent-category-' . $slug;
			$this->assertSame( $slug, $switch->getAttribute( 'data-tessera-category-switch' ), 'configuration order' );
			$this->assertSame( 'checkbox', $switch->getAttribute( 'type' ) );
			$this->assertSame( 'switch', $switch->getAttribute( 'role' ) );
			$this->assertSame( 'tessera-consent-prefs__switch', $switch->getAttribute( 'class' ) );
			$this->assertSame( $id, $switch->getAttribute( 'id' ) );
			$this->assertSame( $id . '-name', $switch->getAttribute( 'aria-labelledby' ) );
			$this->assertSame( $id . '-description', $switch->getAttribute( 'aria-describedby' ) );
			$this->one( $xpath, '//h3[@class="tessera-consent-prefs__category-name"][@id="' . $id . '-name"]' );
			$this->one( $xpath, '//div[@class="tessera-consent-prefs__category-description"][@id="' . $id . '-description"][@data-tessera-truncate]' );
			$necessary = 'necessary' === $slug;
			$this->assertSame( $necessary, $switch->hasAttribute( 'checked' ), $slug . ' checked' );
			$this->assertSame( $necessary, $switch->hasAttribute( 'disabled' ), $slug . ' disabled' );
		}
		$always = $this->one( $xpath, '//span[@class="tessera-consent-prefs__always"]' );
		$this->assertSame( 'Always active', $always->textContent );
		$this->assertSame( 'tessera-consent-category-necessary', $always->previousSibling instanceof DOMElement ? $always->previousSibling->getAttribute( 'id' ) : '' );

		$analytics = $this->one( $xpath, '//div[@class="tessera-consent-prefs__category"][.//input[@data-tessera-category-switch="analytics"]]' );
		$details   = $this->one( $xpath, './/details[@class="tessera-consent-prefs__cookies"]', $analytics );
		$this->assertSame( 'Cookies (3)', trim( $xpath->query( 'summary', $details )->item( 0 )->textContent ) );
		$headers = array();
		foreach ( $xpath->query( './/thead//th[@scope="col"]', $details ) as $th ) {
			$headers[] = $th->textContent;
		}
		$this->assertSame( array( 'Cookie', 'Duration', 'Description' ), $headers );
		$cookies = array();
		foreach ( $xpath->query( './/tbody/tr', $details ) as $row ) {
			$cookies[] = $xpath->query( 'td', $row )->item( 0 )->textContent;
		}
		$this->assertSame( array( '_ga', '_ga_*', '_gid' ), $cookies );

		$functional = $this->one( $xpath, '//div[@class="tessera-consent-prefs__category"][.//input[@data-tessera-category-switch="functional"]]' );
		$this->assertSame( 0, $xpath->query( './/details', $functional )->length );
		$this->assertSame( 'No cookies to display.', $this->one( $xpath, './/p[@class="tessera-consent-prefs__no-cookies"]', $functional )->textContent );

		$footer = array();
		foreach ( $xpath->query( '//div[@class="tessera-consent-prefs__footer"]/button' ) as $button ) {
			$footer[ $button->getAttribute( 'data-tessera-prefs' ) ] = trim( $button->textContent );
		}
		$this->assertSame(
			array(
				'reject' => 'Reject all',
				'save'   => 'Save my preferences',
				'accept' => 'Accept all',
			),
			$footer
		);
	}

	public function test_sidebar_and_ccpa_templates(): void {
		$sidebar = $this->xpath( BannerView::preferences_template( $this->settings( array( 'preferenceCenterType' => 'sidebar' ) ), array() ) );
		$this->assertSame( 'tessera-consent-prefs tessera-consent-prefs--sidebar', $this->one( $sidebar, '//dialog' )->getAttribute( 'class' ) );
		$this->assertFalse( $this->one( $sidebar, '//template' )->hasAttribute( 'data-script' ), 'no URL, no attribute' );

		$ccpa   = $this->xpath( BannerView::preferences_template( $this->settings( array( 'activeLaw' => 'ccpa' ) ), array( 'log' => 'https://example.com/log' ) ) );
		$dialog = $this->one( $ccpa, '//dialog' );
		$this->assertSame( 'tessera-consent-prefs tessera-consent-prefs--popup tessera-consent-prefs--ccpa', $dialog->getAttribute( 'class' ) );
		$this->assertSame( 'ccpa', $dialog->getAttribute( 'data-tessera-law' ) );
		$this->assertSame( 'Do Not Sell or Share My Personal Information', trim( $this->one( $ccpa, '//h2[@id="tessera-consent-prefs-title"]' )->textContent ) );
		$optout = $this->one( $ccpa, '//label[@class="tessera-consent-prefs__optout"]/input[@type="checkbox"][@role="switch"][@data-tessera-optout]' );
		$this->assertSame( 'Do Not Sell or Share My Personal Information', trim( $optout->parentNode->textContent ) );
		$this->assertSame( 0, $ccpa->query( '//input[@data-tessera-category-switch]' )->length );
		$footer = array();
		foreach ( $ccpa->query( '//div[@class="tessera-consent-prefs__footer"]/button' ) as $button ) {
			$footer[ $button->getAttribute( 'data-tessera-prefs' ) ] = trim( $button->textContent );
		}
		$this->assertSame(
			array(
				'dismiss' => 'Cancel',
				'save'    => 'Save my preferences',
			),
			$footer
		);
	}

	public function test_hostile_values_are_escaped_by_the_view(): void {
		$settings                          = $this->settings();
		$settings['bannerType']            = 'box" onclick="x()';
		$settings['texts']['title']        = '<script>alert(1)</script>';
		$settings['texts']['acceptAll']    = '"><img src=x onerror=alert(2)>';
		$settings['texts']['close']        = '" onfocus="alert(3)';
		$settings['texts']['description']  = '<a href="javascript:alert(4)" onclick="x()">link</a><script>bad()</script>';
		$settings['colours']['background'] = '#fff" onmouseover="alert(5)';
		$settings['colours']['text']       = 'red;background:url(https://evil.example/)';
		$settings['categories'][1]['name'] = '<b onmouseover=alert(6)>Functional</b>';
		$settings['categories'][2]['cookies'][0]['description'] = '<img src=x onerror=alert(7)>Cookie';
		$settings['categories'][2]['cookies'][0]['cookieID']    = '<i>_ga</i>';

		$html = BannerView::banner( $settings ) . BannerView::revisit( $settings, false ) . BannerView::preferences_template( $settings, array( 'script' => 'javascript:alert(8)' ) );
		$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;', $html );
		$this->assertStringContainsString( '&lt;b onmouseover=alert(6)&gt;Functional&lt;/b&gt;', $html );
		$this->assertStringContainsString( '&lt;i&gt;_ga&lt;/i&gt;', $html );
		foreach ( array( '<script', '<img src=x', 'javascript:', 'evil.example', '<b ', '<i>' ) as $needle ) {
			$this->assertStringNotContainsString( $needle, $html, $needle );
		}
		$xpath = $this->xpath( $html );
		$this->assertSame( 0, $xpath->query( '//@*[starts-with(name(), "on")]' )->length, 'no event-handler attribute anywhere' );
		$this->assertSame( 0, $xpath->query( '//script' )->length );
		$this->assertSame( '<img src="x">Cookie', (string) preg_replace( '#^.*<td>(<img src="x">Cookie)</td>.*$#s', '$1', $html ), 'wp_kses_post keeps a plain image in a description, never its handlers' );
		$this->assertSame( 'tessera-consent tessera-consent--box tessera-consent--bottom-left', $this->one( $xpath, '//div[@id="tessera-consent-banner"]' )->getAttribute( 'class' ) );
		$this->assertSame( '" onfocus="alert(3)', $this->one( $xpath, '//div[@id="tessera-consent-banner"]/button[@data-tessera-consent="close"]' )->getAttribute( 'aria-label' ), 'an attribute value, not markup' );
		$this->one( $xpath, '//div[@class="tessera-consent__description"]/a[text()="link"]' );
	}

	public function test_hostile_stored_text_is_escaped_on_the_page(): void {
		$stored                          = Settings::defaults();
		$stored['texts']['title']        = 'Tom & "Jerry" <script>alert(1)</script>';
		$stored['texts']['description']  = 'Read <a href="javascript:alert(2)" onclick="x()">this</a><img src=x onerror=alert(3)>';
		$stored['categories'][1]['name'] = 'Func <svg onload=alert(4)>';
		update_option( Settings::OPTION, $stored );
		Settings::flush();

		$html = $this->output( array( $this->hooked_frontend(), 'print_body' ) );
		$this->assertStringContainsString( 'id="tessera-consent-banner"', $html );
		$this->assertStringContainsString( 'Tom &amp; &quot;Jerry&quot;', $html );
		foreach ( array( '<script', 'javascript:', 'onclick', '<img', 'onerror', '<svg onload', 'onload=' ) as $needle ) {
			$this->assertStringNotContainsString( $needle, $html, $needle );
		}
	}

	public function test_hooks_are_registered_with_their_priorities(): void {
		$frontend = $this->hooked_frontend();
		$this->assertSame( 5, has_action( 'init', array( $frontend, 'register_runtime' ) ) );
		$this->assertSame( 10, has_action( 'wp_enqueue_scripts', array( $frontend, 'enqueue_style' ) ) );
		$this->assertSame( 1, has_action( 'wp_head', array( $frontend, 'print_head' ) ) );
		$this->assertSame( 5, has_action( 'wp_body_open', array( $frontend, 'print_body' ) ) );
		$this->assertSame( 5, has_action( 'wp_footer', array( $frontend, 'print_body' ) ) );
	}

	public function test_head_prints_the_config_then_the_runtime_before_other_scripts(): void {
		wp_deregister_script( Frontend::SCRIPT_HANDLE );
		// As Assets registers it: in the footer.
		wp_register_script( Frontend::SCRIPT_HANDLE, TESSERA_URL . 'build/runtime/consent.js', array(), 'footer', true );
		$this->hooked_frontend();
		wp_register_script( 'tessera-test-head', 'https://example.com/head.js', array(), '1', false );
		wp_enqueue_script( 'tessera-test-head' );

		$head = $this->capture( 'wp_head' );

		$config  = strpos( $head, 'id="tessera-consent-config"' );
		$runtime = strpos( $head, 'id="tessera-consent-js"' );
		$this->assertNotFalse( $config, 'config printed' );
		$this->assertNotFalse( $runtime, 'runtime printed in the head' );
		$this->assertLessThan( $runtime, $config );
		$this->assertLessThan( (int) strpos( $head, 'head.js' ), $runtime, 'before the other head scripts' );
		$first_script = strpos( $head, '<script' );
		$this->assertSame( $first_script, strrpos( substr( $head, 0, $config ), '<script' ), 'no script before the config' );

		$this->assertSame( 1, preg_match( '#<script type="application/json" id="tessera-consent-config">(.*?)</script>#s', $head, $match ), 'a JSON element' );
		$this->assertSame( Settings::to_runtime_config(), json_decode( $match[1], true ) );
		// Inline (issue 20, point 7): the runtime costs no request on the critical path.
		$this->assertSame( 1, preg_match( '#<script id="tessera-consent-js">\n?(.*?)\n?</script>#s', $head, $script ), 'printed inline' );
		$this->assertSame( trim( (string) file_get_contents( TESSERA_DIR . 'build/runtime/consent.js' ) ) . "\n//# sourceURL=" . TESSERA_URL . 'build/runtime/consent.js', trim( $script[1] ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- our own build.
		$this->assertDoesNotMatchRegularExpression( '#<script[^>]*\ssrc=[^>]*runtime/consent\.js#', $head, 'no script tag with a src' );
		$this->assertSame( 1, substr_count( $head, 'id="tessera-consent-js"' ), 'once' );
		$this->assertTrue( wp_script_is( Frontend::SCRIPT_HANDLE, 'done' ) );

		// The banner's styles inline as well, whatever room core's inline size limit has left.
		$this->assertStringNotContainsString( "id='tessera-consent-banner-css'", $head, 'no stylesheet link' );
		$this->assertSame( 1, preg_match( "#<style id='tessera-consent-banner-inline-css'>\n?(.*?)\n?</style>#s", $head, $style ), 'banner styles inline' );
		$this->assertStringContainsString( '.tessera-consent{', $style[1] );
		$this->assertTrue( wp_style_is( 'tessera-consent-banner', 'done' ) );

		$footer = $this->output( 'wp_print_footer_scripts' );
		$this->assertStringNotContainsString( 'tessera-consent-js', $footer, 'not printed again in the footer' );
	}

	public function test_config_json_cannot_close_the_element(): void {
		$stored                      = Settings::defaults();
		$stored['providers'][0]['re'] = 'x</script><b>&';
		$this->assertIsArray( Settings::sanitize( $stored ), 'the pattern is valid' );
		update_option( Settings::OPTION, $stored );
		Settings::flush();

		$head = $this->output( array( $this->hooked_frontend(), 'print_head' ) );
		$this->assertStringNotContainsString( '</script><b>', $head );
		$this->assertSame( 1, preg_match( '#id="tessera-consent-config">(.*?)</script>#s', $head, $match ) );
		$this->assertStringContainsString( '\u003C\/script\u003E\u003Cb\u003E\u0026', $match[1] );
		$this->assertSame( 'x</script><b>&', json_decode( $match[1], true )['providers'][0]['re'] );
	}

	public function test_body_prints_banner_revisit_and_template_once(): void {
		$frontend = $this->hooked_frontend();
		$this->assertFalse( $frontend->printed() );
		$html = $this->capture( 'wp_body_open' );
		$this->assertTrue( $frontend->printed() );

		$banner   = strpos( $html, 'id="tessera-consent-banner"' );
		$revisit  = strpos( $html, 'id="tessera-consent-revisit"' );
		$template = strpos( $html, '<template id="tessera-consent-preferences"' );
		$this->assertNotFalse( $banner );
		$this->assertNotFalse( $revisit );
		$this->assertNotFalse( $template );
		$this->assertLessThan( $revisit, $banner );
		$this->assertLessThan( $template, $revisit );

		$xpath = $this->xpath( $html );
		$this->assertTrue( $this->one( $xpath, '//button[@id="tessera-consent-revisit"]' )->hasAttribute( 'hidden' ), 'hidden while the banner shows' );
		$node = $this->one( $xpath, '//template' );
		$this->assertSame( rest_url( 'tessera/v1/consent/log' ), $node->getAttribute( 'data-log' ) );
		$this->assertSame( TESSERA_URL . 'build/runtime/consent-preferences.js?ver=p1', $node->getAttribute( 'data-script' ) );
		$this->assertSame( TESSERA_URL . 'build/runtime/consent-preferences.css?ver=s1', $node->getAttribute( 'data-style' ) );

		$this->assertSame( '', $this->output( array( $frontend, 'print_body' ) ), 'once per request' );
	}

	/**
	 * A logged-in user's page sends the consent log the `wp_rest` nonce (in the address: the beacon cannot send a
	 * header), so that their record names them; a visitor's page has the bare address (issue 20, item 16).
	 *
	 * @return void
	 */
	public function test_the_log_address_carries_the_rest_nonce_only_for_a_logged_in_user(): void {
		$this->as_role( 'subscriber' );
		$this->hooked_frontend();
		$node  = $this->one( $this->xpath( $this->capture( 'wp_body_open' ) ), '//template' );
		$query = array();
		parse_str( (string) wp_parse_url( $node->getAttribute( 'data-log' ), PHP_URL_QUERY ), $query );
		$this->assertSame( 1, wp_verify_nonce( (string) ( $query['_wpnonce'] ?? '' ), 'wp_rest' ) );
		$this->assertSame( rest_url( 'tessera/v1/consent/log' ), remove_query_arg( '_wpnonce', $node->getAttribute( 'data-log' ) ) );
	}

	public function test_footer_prints_when_the_theme_has_no_body_open(): void {
		$frontend = $this->hooked_frontend();
		$html     = $this->output( array( $frontend, 'print_body' ) );
		$this->assertSame( 1, substr_count( $html, 'id="tessera-consent-banner"' ) );
		$other = new Frontend();
		// Only ours (core's footer callbacks are no part of this; tearDown puts them back).
		remove_all_actions( 'wp_footer' );
		add_action( 'wp_footer', array( $other, 'print_body' ), 5 );
		$this->hooked[] = $other;
		$footer         = $this->output(
			static function () use ( $other ): void {
				do_action( 'wp_footer' );
			}
		);
		$this->assertTrue( $other->printed() );
		$this->assertSame( 1, substr_count( $footer, 'id="tessera-consent-banner"' ), 'the footer prints it when nothing did' );
	}

	/**
	 * The consent cookies a visitor may send: none, accept all, reject all, a custom choice, CCPA opted out, a
	 * malformed one and one that records no action.
	 *
	 * @return array<string, string|null>
	 */
	private static function visitor_cookies(): array {
		$id = 'consentid:Ab3dEfGh1jKlMn0pQrStUvWxYz012345';
		return array(
			'no cookie'     => null,
			'accept all'    => $id . ',consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes',
			'reject all'    => $id . ',consent:no,action:yes,necessary:yes,functional:no,analytics:no,performance:no,advertisement:no',
			'custom'        => self::ACTED,
			'ccpa opted out' => $id . ',consent:reject,action:yes,necessary:yes,functional:yes,analytics:no,performance:no,advertisement:no',
			'malformed'     => 'consentid:x,consent:yes,action:yes,analytics:yes',
			'action empty'  => $id . ',consent:yes,action:,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes',
		);
	}

	/**
	 * Everything consent adds to a page, as one visitor with this cookie gets it: the head (configuration, runtime,
	 * Consent Mode), the banner, revisit button and template, and the page's scripts and iframes through the
	 * server-side blocking that Consent starts on template_redirect.
	 *
	 * @param string|null $cookie The visitor's `cookieyes-consent` value, or null for none.
	 * @return string
	 */
	private function page_for( ?string $cookie ): string {
		$_COOKIE = null === $cookie ? array() : array( 'cookieyes-consent' => $cookie );
		if ( null === $cookie ) {
			unset( $_SERVER['HTTP_COOKIE'] );
		} else {
			$_SERVER['HTTP_COOKIE'] = 'other=1; cookieyes-consent=' . $cookie;
		}
		Settings::flush();
		// Each page is a request of its own: WordPress prints a script handle once per request.
		wp_scripts()->done = array_values( array_diff( wp_scripts()->done, array( Frontend::SCRIPT_HANDLE ) ) );
		$frontend          = new Frontend();
		$this->assertTrue( $frontend->register_runtime() );
		$consent = new \Tessera\Consent\Consent();
		$level   = ob_get_level();
		ob_start();
		$consent->start_blocking();
		$frontend->print_head();
		( new \Tessera\Consent\Integrations( $frontend ) )->print_head();
		$frontend->print_body();
		echo '<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>'
			. '<iframe src="https://www.youtube.com/embed/M7lc1UVf-VE" width="560" height="315"></iframe>';
		while ( ob_get_level() > $level + 1 ) {
			ob_end_flush();
		}
		return (string) ob_get_clean();
	}

	public function test_the_page_is_the_same_bytes_whatever_the_consent_cookie(): void {
		$pages = array();
		foreach ( self::visitor_cookies() as $label => $cookie ) {
			$pages[ $label ] = $this->page_for( $cookie );
		}
		$first = $pages['no cookie'];
		foreach ( $pages as $label => $page ) {
			$this->assertSame( $first, $page, $label . ': the same bytes as a first visit' );
		}
		// What every visitor gets: the banner, the revisit button hidden, the third-party tags blocked.
		$xpath = $this->xpath( '<!DOCTYPE html><html><body>' . $first . '</body></html>' );
		$this->one( $xpath, '//div[@id="tessera-consent-banner"]' );
		$this->assertTrue( $this->one( $xpath, '//button[@id="tessera-consent-revisit"]' )->hasAttribute( 'hidden' ) );
		$this->one( $xpath, '//template[@id="tessera-consent-preferences"]' );
		$tag = $this->one( $xpath, '//script[contains(@src, "googletagmanager")]' );
		$this->assertSame( 'text/plain', $tag->getAttribute( 'type' ) );
		$this->assertSame( 'analytics', $tag->getAttribute( 'data-tessera-category' ) );
		$video = $this->one( $xpath, '//iframe[@data-tessera-src]' );
		$this->assertFalse( $video->hasAttribute( 'src' ) );
		$this->assertSame( 'advertisement', $video->getAttribute( 'data-tessera-category' ) );
		$this->one( $xpath, '//script[@id="tessera-consent-mode-js"]' );
		$this->assertStringNotContainsString( 'Ab3dEfGh1jKlMn0pQrStUvWxYz012345', $first, 'nothing of a cookie in the page' );
	}

	public function test_a_ccpa_page_is_the_same_bytes_whatever_the_consent_cookie(): void {
		$this->assertIsArray( Settings::update( array( 'activeLaw' => 'ccpa' ) ) );
		$first = $this->page_for( null );
		$this->assertStringContainsString( 'data-tessera-law="ccpa"', $first );
		foreach ( self::visitor_cookies() as $label => $cookie ) {
			$this->assertSame( $first, $this->page_for( $cookie ), $label );
		}
		// Under CCPA analytics runs until the visitor opts out, yet the server blocks it for everyone: the runtime
		// restores it in the browser.
		$this->assertStringContainsString( 'data-tessera-category="analytics"', $first );
	}

	public function test_revisit_filter_hides_the_button(): void {
		$this->add_test_filter( 'tessera_consent_show_revisit', '__return_false' );
		$html = $this->output( array( $this->hooked_frontend(), 'print_body' ) );
		$this->assertStringContainsString( 'id="tessera-consent-banner"', $html );
		$this->assertStringNotContainsString( 'tessera-consent-revisit', $html );
		$this->assertStringContainsString( 'id="tessera-consent-preferences"', $html );
	}

	public function test_nothing_outside_front_end_pages(): void {
		$frontend = $this->hooked_frontend();
		$this->assertTrue( $frontend->is_front_end_page() );
		$this->assertTrue( $frontend->is_enabled() );

		$print_all = function () use ( $frontend ): string {
			return $this->output(
				static function () use ( $frontend ): void {
					$frontend->print_head();
					$frontend->print_body();
				}
			);
		};

		$this->add_test_filter( 'tessera_consent_enabled', '__return_false' );
		$this->assertSame( '', $print_all(), 'filter off' );
		$this->assertFalse( $frontend->printed() );
		remove_filter( 'tessera_consent_enabled', '__return_false' );

		$this->add_test_filter( 'wp_doing_ajax', '__return_true' );
		$this->assertFalse( $frontend->is_front_end_page(), 'admin-ajax' );
		$this->assertSame( '', $print_all() );
		remove_filter( 'wp_doing_ajax', '__return_true' );

		$this->add_test_filter( 'wp_doing_cron', '__return_true' );
		$this->assertFalse( $frontend->is_front_end_page(), 'cron' );
		remove_filter( 'wp_doing_cron', '__return_true' );

		$GLOBALS['current_screen'] = new class() {
			/**
			 * In the admin.
			 *
			 * @return bool
			 */
			public function in_admin(): bool {
				return true;
			}
		};
		$this->assertFalse( $frontend->is_front_end_page(), 'admin' );
		$this->assertSame( '', $print_all() );
		unset( $GLOBALS['current_screen'] );

		$this->assertTrue( $frontend->is_front_end_page(), 'back on the front end' );
		$this->assertNotSame( '', $print_all() );
		$this->assertTrue( $frontend->printed() );
	}

	public function test_nothing_without_the_build(): void {
		$frontend = new Frontend( sys_get_temp_dir() . '/tessera-no-build-' . wp_generate_password( 8, false ), 'https://example.com/build/' );
		wp_deregister_script( Frontend::SCRIPT_HANDLE );
		$this->assertFalse( $frontend->register_runtime() );
		$this->assertFalse( $frontend->is_enabled() );
		$html = $this->output(
			static function () use ( $frontend ): void {
				$frontend->enqueue_style();
				$frontend->print_head();
				$frontend->print_body();
			}
		);
		$this->assertSame( '', $html );
		$this->assertFalse( wp_style_is( 'tessera-consent-banner', 'enqueued' ) );
		$this->assertFalse( wp_script_is( Frontend::SCRIPT_HANDLE, 'registered' ) );
	}
}
