<?php
/**
 * Page output of the visitor tracker: the `#tessera-tracker-config` JSON element and the tracker's script (or
 * its consent gate). docs/stats.md, "Configuration" and "Consent".
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

use Tessera\Assets;
use Tessera\Consent\Frontend as ConsentFrontend;
use Tessera\Consent\Settings as ConsentSettings;

/**
 * Prints the tracker on front-end pages (wp_head, after the consent runtime).
 *
 * Nothing is printed when tracking is off, on previews (post preview, Customizer), for a logged-in user with an
 * excluded role, or when the tracker has not been built. The script depends on the consent integration:
 * - `none`, `borlabs_cookie`: the tracker, `defer`;
 * - `tessera` (our consent runtime): the tracker, held as an `analytics` script (`type="text/plain"`,
 *   `data-tessera-category="analytics"`) while the visitor's consent blocks analytics, so that the consent
 *   runtime starts it when the visitor allows analytics; a visitor who has not allowed it downloads none of it;
 * - `wp_consent_api`, `real_cookie_banner`: the consent gate (`runtime/tracker-gate`), which loads the tracker
 *   once the banner allows it.
 */
final class Frontend {

	/**
	 * Script handles (registered by Tessera\Assets).
	 */
	public const TRACKER_HANDLE = 'tessera-tracker';
	public const GATE_HANDLE    = 'tessera-tracker-gate';

	/**
	 * The consent category that gates statistics in our consent runtime.
	 */
	public const CONSENT_CATEGORY = 'analytics';

	/**
	 * Consent integrations the tracker configuration names (spec §3, §4).
	 */
	public const INTEGRATIONS = array( 'none', 'tessera', 'wp_consent_api', 'real_cookie_banner', 'borlabs_cookie' );

	/**
	 * Whether the tags were printed in this request.
	 *
	 * @var bool
	 */
	private bool $printed = false;

	/**
	 * Hooks the output.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'wp_head', array( $this, 'print_tags' ), 5 );
	}

	/**
	 * Prints the configuration element and the script (once per request).
	 *
	 * @return void
	 */
	public function print_tags(): void {
		if ( $this->printed || ! $this->should_track() ) {
			return;
		}
		$tracker = Assets::registered_url( wp_scripts(), self::TRACKER_HANDLE );
		if ( '' === $tracker ) {
			return;
		}
		$this->printed = true;
		$settings      = Settings::get();
		$config        = self::config( $settings, self::source(), $tracker );
		$integration   = $config['option']['consentIntegration']['name'];

		wp_print_inline_script_tag(
			(string) wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES ),
			array(
				'type' => 'application/json',
				'id'   => 'tessera-tracker-config',
			)
		);
		if ( 'wp_consent_api' === $integration || 'real_cookie_banner' === $integration ) {
			$gate = Assets::registered_url( wp_scripts(), self::GATE_HANDLE );
			if ( '' !== $gate ) {
				wp_print_script_tag(
					array(
						'src'   => $gate,
						'defer' => true,
						'id'    => self::GATE_HANDLE . '-js',
					)
				);
			}
			return;
		}
		$attributes = array(
			'src'   => $tracker,
			'defer' => true,
			'id'    => self::TRACKER_HANDLE . '-js',
		);
		// Held as an analytics script for every visitor (the page never depends on the consent cookie): the consent
		// runtime restores it as the parser reaches it when the visitor's choice allows analytics.
		if ( 'tessera' === $integration ) {
			$attributes['type']                  = 'text/plain';
			$attributes['data-tessera-category'] = self::CONSENT_CATEGORY;
		}
		wp_print_script_tag( $attributes );
	}

	/**
	 * Whether this request gets the tracker: a front-end HTML page, tracking on, not a preview, and the current
	 * user not in an excluded role.
	 *
	 * @return bool
	 */
	public function should_track(): bool {
		if ( is_admin() || wp_doing_ajax() || wp_doing_cron() || wp_is_serving_rest_request() ) {
			return false;
		}
		if ( ( defined( 'XMLRPC_REQUEST' ) && XMLRPC_REQUEST ) || is_feed() || is_embed() || is_robots() || is_favicon() ) {
			return false;
		}
		if ( is_preview() || is_customize_preview() ) {
			return false;
		}
		$settings = Settings::get();
		if ( true !== $settings['enabled'] ) {
			return false;
		}
		if ( is_user_logged_in() ) {
			$roles = (array) wp_get_current_user()->roles;
			if ( array() !== array_intersect( $roles, (array) $settings['excludedRoles'] ) ) {
				return false;
			}
		}
		/**
		 * Whether the visitor tracker is printed on this page.
		 *
		 * @param bool $track Default true.
		 */
		return true === apply_filters( 'tessera_stats_track_page', true );
	}

	/**
	 * What the current page is, as the collector records it: a singular post (its post type and ID), the posts
	 * home or front page (`home`, 0), a search (`search`, 0), a 404 (`404`, 0) or an archive (`archive`, the
	 * queried term or author ID, else 0).
	 *
	 * @return array{0: string, 1: int} Source type and ID.
	 */
	public static function source(): array {
		$queried = get_queried_object();
		if ( is_singular() && $queried instanceof \WP_Post && Collector::valid_source_type( $queried->post_type ) ) {
			return array( $queried->post_type, $queried->ID );
		}
		if ( is_front_page() || is_home() ) {
			return array( 'home', 0 );
		}
		if ( is_search() ) {
			return array( 'search', 0 );
		}
		if ( is_404() ) {
			return array( '404', 0 );
		}
		if ( is_archive() ) {
			return array( 'archive', max( 0, (int) get_queried_object_id() ) );
		}
		return array( 'home', 0 );
	}

	/**
	 * The tracker configuration (docs/stats.md, Configuration).
	 *
	 * @param array<string, mixed> $settings Statistics settings (Settings::get()).
	 * @param array{0: string, 1: int} $source   Source type and ID.
	 * @param string               $tracker  The tracker's URL (read by the consent gate).
	 * @return array<string, mixed>
	 */
	public static function config( array $settings, array $source, string $tracker ): array {
		list( $type, $id ) = $source;
		$ajax              = admin_url( 'admin-ajax.php' );
		$bypass            = true === $settings['bypassAdBlockers'];
		$params            = array(
			'source_type' => $type,
			'source_id'   => $id,
			'signature'   => Collector::signature( $type, $id ),
		);
		$hit               = array( 'endpoint' => 'hit' ) + $params;
		$online            = array( 'endpoint' => 'online' ) + $params;
		if ( $bypass ) {
			// The tracker posts hitParams / onlineParams as they are: admin-ajax needs its action among them.
			$hit['action']    = 'tessera_stats_hit';
			$online['action'] = 'tessera_stats_online';
		}
		$integration = self::integration( $settings );
		return array(
			'requestUrl'         => self::request_url(),
			'ajaxUrl'            => $ajax,
			'customEventAjaxUrl' => add_query_arg( 'action', 'tessera_stats_custom_event', $ajax ),
			'eventAjaxUrl'       => add_query_arg( 'action', 'tessera_stats_event', $ajax ),
			'isLegacyEventLoaded' => false,
			'jsCheckTime'        => 1000 * (int) $settings['onlineInterval'],
			'trackerUrl'         => $tracker,
			'option'             => array(
				'isPreview'          => false,
				'userOnline'         => true === $settings['userOnline'],
				'dntEnabled'         => true === $settings['dntEnabled'],
				'bypassAdBlockers'   => $bypass,
				'linkTracker'        => true === $settings['linkTracker'],
				'downloadTracker'    => true === $settings['downloadTracker'] && array() !== $settings['downloadExtensions'],
				'downloadExtensions' => implode( '|', array_map( 'strval', (array) $settings['downloadExtensions'] ) ),
				'consentIntegration' => array(
					'name'   => $integration,
					'status' => array(
						'consent_level'     => (string) $settings['consentLevel'],
						'track_anonymously' => true === $settings['trackAnonymously'],
					),
				),
			),
			'hitParams'          => $hit,
			'onlineParams'       => $online,
		);
	}

	/**
	 * The collector's address, `endpoint` appended by the tracker: the lean `collect.php` (filterable, e.g. to
	 * the REST route `tessera/v1/stats/` where a host refuses direct PHP files).
	 *
	 * @return string
	 */
	public static function request_url(): string {
		$url = plugins_url( 'collect.php', TESSERA_FILE ) . '?endpoint=';
		/**
		 * The collector address the tracker appends `hit` or `online` to.
		 *
		 * @param string $url Default `…/wp-content/plugins/tessera/collect.php?endpoint=`.
		 */
		$filtered = apply_filters( 'tessera_stats_request_url', $url );
		return is_string( $filtered ) && '' !== $filtered ? $filtered : $url;
	}

	/**
	 * The consent integration: the setting, or with `auto` the first banner found — our consent runtime when it
	 * prints on this page and knows the analytics category, then WP Consent API, Real Cookie Banner, Borlabs
	 * Cookie, else `none`.
	 *
	 * @param array<string, mixed> $settings Statistics settings.
	 * @return string One of INTEGRATIONS.
	 */
	public static function integration( array $settings ): string {
		$name = (string) $settings['consentIntegration'];
		if ( 'auto' !== $name ) {
			return in_array( $name, self::INTEGRATIONS, true ) ? $name : 'none';
		}
		if ( self::own_consent_gates() ) {
			return 'tessera';
		}
		if ( function_exists( 'wp_has_consent' ) ) {
			return 'wp_consent_api';
		}
		if ( defined( 'RCB_FILE' ) || function_exists( 'wp_rcb_consent_given' ) ) {
			return 'real_cookie_banner';
		}
		if ( defined( 'BORLABS_COOKIE_VERSION' ) ) {
			return 'borlabs_cookie';
		}
		return 'none';
	}

	/**
	 * Whether our consent runtime prints on this page with an analytics category to gate statistics.
	 *
	 * @return bool
	 */
	private static function own_consent_gates(): bool {
		$consent = ConsentFrontend::current();
		if ( null === $consent || ! $consent->is_enabled() ) {
			return false;
		}
		foreach ( (array) ( ConsentSettings::get()['categories'] ?? array() ) as $category ) {
			if ( is_array( $category ) && self::CONSENT_CATEGORY === ( $category['slug'] ?? null ) ) {
				return true;
			}
		}
		return false;
	}
}
