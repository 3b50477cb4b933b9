<?php
/**
 * Consent for other code: Google Consent Mode v2 (defaults before any tag, an update at load and on every choice)
 * and the WP Consent API (consent type and categories for plugins that ask it). Contract: docs/consent.md,
 * `<head>` 3. The WP Consent API's PHP side is not answered from our cookie: pages never read it.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

/**
 * Prints the Consent Mode script right after the runtime in `<head>` and registers with the WP Consent API.
 */
final class Integrations {

	/**
	 * Consent Mode type => the category slug that grants it ('' = always granted).
	 *
	 * @var array<string, string>
	 */
	public const CONSENT_MODE_TYPES = array(
		'ad_storage'              => 'advertisement',
		'ad_user_data'            => 'advertisement',
		'ad_personalization'      => 'advertisement',
		'analytics_storage'       => 'analytics',
		'functionality_storage'   => 'functional',
		'personalization_storage' => 'functional',
		'security_storage'        => '',
	);

	/**
	 * WP Consent API category => the category slug that allows it ('' = always allowed).
	 *
	 * @var array<string, string>
	 */
	public const WP_CONSENT_CATEGORIES = array(
		'functional'           => '',
		'preferences'          => 'functional',
		'statistics'           => 'analytics',
		'statistics-anonymous' => 'analytics',
		'marketing'            => 'advertisement',
	);

	/**
	 * The page output, asked whether this is a page to print on.
	 *
	 * @var Frontend
	 */
	private Frontend $frontend;

	/**
	 * Creates the integrations.
	 *
	 * @param Frontend $frontend The consent page output.
	 */
	public function __construct( Frontend $frontend ) {
		$this->frontend = $frontend;
	}

	/**
	 * Hooks: the script at wp_head priority 1, right after the runtime (Frontend prints it at the same priority and
	 * registers first) and before every tag; WP Consent API filters.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'wp_head', array( $this, 'print_head' ), 1 );
		add_filter( 'wp_consent_api_registered_' . plugin_basename( TESSERA_FILE ), '__return_true' );
		add_filter( 'wp_get_consent_type', array( $this, 'consent_type' ) );
	}

	/**
	 * The WP Consent API consent type: opt-in under GDPR, opt-out under CCPA.
	 *
	 * @param mixed $type The type so far.
	 * @return string
	 */
	public function consent_type( $type ): string {
		unset( $type );
		return 'ccpa' === Settings::get()['activeLaw'] ? 'optout' : 'optin';
	}

	/**
	 * Prints the integration script on front-end pages.
	 *
	 * @return void
	 */
	public function print_head(): void {
		if ( ! $this->frontend->is_front_end_page() ) {
			return;
		}
		$script = $this->script( Settings::get(), function_exists( 'wp_has_consent' ) );
		if ( '' !== $script ) {
			wp_print_inline_script_tag( $script, array( 'id' => 'tessera-consent-mode-js' ) );
		}
	}

	/**
	 * The inline script, the same for every visitor: Consent Mode defaults (every type denied but security), an
	 * update with what the visitor's state allows at load, and a listener that sends an update (and tells the WP
	 * Consent API) on every choice. What is allowed comes from the runtime printed just before
	 * (`window.tessera.consent.isAllowed`: the visitor's cookie, or the first-visit state with GPC, the law applied);
	 * without the runtime, only the defaults.
	 *
	 * @param array<string, mixed> $settings   Consent settings.
	 * @param bool                 $wp_consent Whether the WP Consent API is active.
	 * @return string JavaScript ('' when there is nothing to do).
	 */
	public function script( array $settings, bool $wp_consent ): string {
		$consent_mode = true === $settings['googleConsentMode'];
		if ( ! $consent_mode && ! $wp_consent ) {
			return '';
		}
		$flags = JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP;

		$js = '(function(){';
		// map(types, allowed, yes, no): one value per type, from whether its slug is allowed ('' = always).
		$js .= 'function map(m,a,y,n){var o={};for(var k in m){o[k]=!m[k]||a(m[k])?y:n}return o}';
		$js .= 'var c=window.tessera&&window.tessera.consent;';
		$js .= 'var a=function(s){return !!c&&c.isAllowed(s)};';
		if ( $consent_mode ) {
			$js .= 'var T=' . wp_json_encode( self::CONSENT_MODE_TYPES, $flags ) . ';';
			$js .= 'window.dataLayer=window.dataLayer||[];';
			$js .= 'window.gtag=window.gtag||function(){window.dataLayer.push(arguments)};';
			$js .= 'var d=map(T,function(){return false},"granted","denied");d.wait_for_update=500;';
			$js .= 'gtag("consent","default",d);';
			$js .= 'gtag("set","ads_data_redaction",true);';
			// What this visitor's state allows at load, when it grants a type that a category decides.
			$js .= 'var u=map(T,a,"granted","denied");';
			$js .= 'for(var k in T){if(T[k]&&u[k]==="granted"){gtag("consent","update",u);break}}';
		}
		$js .= 'document.addEventListener("tessera-consent-change",function(){';
		if ( $consent_mode ) {
			$js .= 'gtag("consent","update",map(T,a,"granted","denied"));';
		}
		if ( $wp_consent ) {
			$js .= 'if(typeof window.wp_set_consent==="function"){var w=map(' . wp_json_encode( self::WP_CONSENT_CATEGORIES, $flags ) . ',a,"allow","deny");for(var k in w){window.wp_set_consent(k,w[k])}}';
		}
		$js .= '});';
		if ( $wp_consent ) {
			$js .= 'window.wp_consent_type=' . wp_json_encode( $this->consent_type( null ), $flags ) . ';';
			$js .= 'document.dispatchEvent(new CustomEvent("wp_consent_type_defined"));';
		}
		$js .= '})();';
		return $js;
	}
}
