<?php
/**
 * The consent settings a fresh site starts with: the banner works the moment the plugin is activated.
 * Contract: docs/consent.md, "Settings model (server)".
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

/**
 * Default consent settings. Built on each call (strings are translated in the current locale; cookie domains
 * follow the site's address), so nothing here is stored until the site owner saves the settings.
 */
final class Defaults {

	/**
	 * The complete default settings, in the canonical key order that Settings::sanitize() returns.
	 *
	 * @return array<string, mixed>
	 */
	public static function settings(): array {
		return array(
			'activeLaw'            => 'gdpr',
			'bannerType'           => 'box',
			'bannerPosition'       => 'bottom-left',
			'preferenceCenterType' => 'popup',
			'texts'                => self::texts(),
			'colours'              => self::colours(),
			'expiryDays'           => 365,
			'reloadOnAccept'       => false,
			'respectDnt'           => true,
			'honourGpc'            => true,
			'googleConsentMode'    => true,
			'categories'           => self::categories(),
			'providers'            => self::providers(),
		);
	}

	/**
	 * The banner's and the preference centre's texts. Labels are plain text; descriptions allow links.
	 *
	 * @return array<string, string>
	 */
	public static function texts(): array {
		return array(
			'title'                 => __( 'We value your privacy', 'tessera' ),
			'description'           => __( 'We use cookies to improve your browsing experience, show personalised ads or content, and analyse our traffic. By clicking “Accept all”, you consent to our use of cookies.', 'tessera' ),
			'acceptAll'             => __( 'Accept all', 'tessera' ),
			'rejectAll'             => __( 'Reject all', 'tessera' ),
			'customize'             => __( 'Customize', 'tessera' ),
			'savePreferences'       => __( 'Save my preferences', 'tessera' ),
			'close'                 => __( 'Close', 'tessera' ),
			'revisit'               => __( 'Consent preferences', 'tessera' ),
			'preferenceTitle'       => __( 'Customize consent preferences', 'tessera' ),
			'preferenceDescription' => __( 'We use cookies to help you navigate efficiently and perform certain functions. Cookies in the “Necessary” category are always stored in your browser because the site needs them to work. The other categories are only used with your consent, and you can change your choice at any time.', 'tessera' ),
			'ccpaDescription'       => __( 'This website or its third-party tools process personal data. You can opt out of the sale or sharing of your personal information with the “Do Not Sell or Share My Personal Information” setting.', 'tessera' ),
			'doNotSell'             => __( 'Do Not Sell or Share My Personal Information', 'tessera' ),
		);
	}

	/**
	 * The banner's colours (lower-case #rrggbb).
	 *
	 * @return array<string, string>
	 */
	public static function colours(): array {
		return array(
			'background' => '#ffffff',
			'text'       => '#212121',
			'accent'     => '#1863dc',
			'accentText' => '#ffffff',
			'border'     => '#f4f4f4',
		);
	}

	/**
	 * The five categories, in cookie order: necessary, functional, analytics, performance, advertisement.
	 * GDPR: only necessary is on before consent. CCPA (opt-out): everything is on until the visitor opts out.
	 *
	 * @return array<int, array<string, mixed>>
	 */
	public static function categories(): array {
		$site = self::site_domain();
		$host = self::site_host();
		return array(
			self::category(
				'necessary',
				__( 'Necessary', 'tessera' ),
				__( 'Necessary cookies are required for the basic features of this site, such as secure log-in or remembering your consent preferences. They do not store any personally identifiable data.', 'tessera' ),
				true,
				array(
					self::cookie( 'cookieyes-consent', $host, __( '1 year', 'tessera' ), __( 'Remembers your consent preferences so that they are respected on your next visits.', 'tessera' ) ),
					self::cookie( 'wordpress_test_cookie', $host, __( 'Session', 'tessera' ), __( 'Checks whether your browser accepts cookies.', 'tessera' ) ),
				)
			),
			self::category(
				'functional',
				__( 'Functional', 'tessera' ),
				__( 'Functional cookies help perform certain features, such as embedded videos and maps, sharing content on social media, collecting feedback and other third-party features.', 'tessera' ),
				false,
				array()
			),
			self::category(
				'analytics',
				__( 'Analytics', 'tessera' ),
				__( 'Analytics cookies help us understand how visitors use the website, with figures such as the number of visitors, the bounce rate and where the traffic comes from.', 'tessera' ),
				false,
				array(
					self::cookie( '_ga', $site, __( '2 years', 'tessera' ), __( 'Google Analytics: distinguishes visitors, to count visits and sessions.', 'tessera' ) ),
					self::cookie( '_ga_*', $site, __( '2 years', 'tessera' ), __( 'Google Analytics: keeps the state of the session.', 'tessera' ) ),
					self::cookie( '_gid', $site, __( '1 day', 'tessera' ), __( 'Google Analytics: distinguishes visitors within a day.', 'tessera' ) ),
				)
			),
			self::category(
				'performance',
				__( 'Performance', 'tessera' ),
				__( 'Performance cookies help us understand and analyse how the website performs, so that we can offer visitors a better experience.', 'tessera' ),
				false,
				array(
					self::cookie( '_hjSessionUser_*', $site, __( '1 year', 'tessera' ), __( 'Hotjar: recognises a returning visitor across sessions.', 'tessera' ) ),
					self::cookie( '_hjSession_*', $site, __( '30 minutes', 'tessera' ), __( 'Hotjar: keeps the data of the current session together.', 'tessera' ) ),
				)
			),
			self::category(
				'advertisement',
				__( 'Advertisement', 'tessera' ),
				__( 'Advertisement cookies show you ads based on the pages you visited before and measure how well ad campaigns work.', 'tessera' ),
				false,
				array(
					self::cookie( '_fbp', $site, __( '3 months', 'tessera' ), __( 'Meta (Facebook): stores and tracks visits across websites, for advertising.', 'tessera' ) ),
					self::cookie( 'IDE', 'doubleclick.net', __( '1 year', 'tessera' ), __( 'Google DoubleClick: records what you do on the site after viewing or clicking an ad, to measure it and show relevant ads.', 'tessera' ) ),
					self::cookie( 'test_cookie', 'doubleclick.net', __( '15 minutes', 'tessera' ), __( 'Google DoubleClick: checks whether your browser accepts cookies.', 'tessera' ) ),
					self::cookie( 'YSC', 'youtube.com', __( 'Session', 'tessera' ), __( 'YouTube: counts the views of embedded videos.', 'tessera' ) ),
					self::cookie( 'VISITOR_INFO1_LIVE', 'youtube.com', __( '6 months', 'tessera' ), __( 'YouTube: estimates your bandwidth and remembers your player preferences.', 'tessera' ) ),
				)
			),
		);
	}

	/**
	 * The providers blocked until their categories are allowed. `re` is matched against `host + pathname`.
	 * Google Tag Manager containers (gtm.js) are not blocked: they run Consent Mode, which follows consent.
	 *
	 * @return array<int, array{re: string, categories: string[], fullPath: bool, isOverridden: bool}>
	 */
	public static function providers(): array {
		$list = array(
			'googletagmanager\.com/gtag/js' => 'analytics',
			'google-analytics\.com/'        => 'analytics',
			'clarity\.ms/tag/'              => 'analytics',
			'static\.hotjar\.com/'          => 'performance',
			'script\.hotjar\.com/'          => 'performance',
			'connect\.facebook\.net/'       => 'advertisement',
			'doubleclick\.net/'             => 'advertisement',
			'googlesyndication\.com/'       => 'advertisement',
			'googleadservices\.com/'        => 'advertisement',
			'snap\.licdn\.com/'             => 'advertisement',
			'analytics\.tiktok\.com/'       => 'advertisement',
			'youtube\.com/(embed/|iframe_api)' => 'advertisement',
			'youtube-nocookie\.com/embed/'  => 'functional',
			'player\.vimeo\.com/'           => 'functional',
			'google\.com/maps/embed'        => 'functional',
			'maps\.googleapis\.com/'        => 'functional',
		);
		$providers = array();
		foreach ( $list as $re => $category ) {
			$providers[] = array(
				're'           => $re,
				'categories'   => array( $category ),
				'fullPath'     => false,
				'isOverridden' => false,
			);
		}
		return $providers;
	}

	/**
	 * One category in the stored shape.
	 *
	 * @param string                              $slug         Slug (cookie key).
	 * @param string                              $name         Translated name.
	 * @param string                              $description  Translated description.
	 * @param bool                                $is_necessary Necessary (always on).
	 * @param array<int, array<string, string>>   $cookies      Its cookies.
	 * @return array<string, mixed>
	 */
	private static function category( string $slug, string $name, string $description, bool $is_necessary, array $cookies ): array {
		return array(
			'slug'           => $slug,
			'name'           => $name,
			'description'    => $description,
			'isNecessary'    => $is_necessary,
			'defaultConsent' => array(
				'gdpr' => $is_necessary,
				// CCPA is an opt-out law: what is "on by default" is never blocked, even after an opt-out.
				// Only necessary and functional are; the others are what "Do Not Sell or Share" stops.
				'ccpa' => $is_necessary || 'functional' === $slug,
			),
			'cookies'        => $cookies,
		);
	}

	/**
	 * One cookie of a category.
	 *
	 * @param string $id          Cookie name; a trailing `*` is a name prefix.
	 * @param string $domain      Domain it is set for ('' = the page's host).
	 * @param string $duration    Translated lifetime.
	 * @param string $description Translated purpose.
	 * @return array{cookieID: string, domain: string, duration: string, description: string}
	 */
	private static function cookie( string $id, string $domain, string $duration, string $description ): array {
		return array(
			'cookieID'    => $id,
			'domain'      => $domain,
			'duration'    => $duration,
			'description' => $description,
		);
	}

	/**
	 * The site's host, lower case ('' when home_url() has none).
	 *
	 * @return string
	 */
	private static function site_host(): string {
		$host = wp_parse_url( home_url(), PHP_URL_HOST );
		return is_string( $host ) ? strtolower( $host ) : '';
	}

	/**
	 * The domain first-party tracking cookies are usually set for: `.` + the host without `www.`
	 * (`www.example.com` → `.example.com`); the host itself for an IP address or a single-label host.
	 *
	 * @return string
	 */
	private static function site_domain(): string {
		$host = self::site_host();
		if ( '' === $host || false !== filter_var( $host, FILTER_VALIDATE_IP ) || ! str_contains( $host, '.' ) ) {
			return $host;
		}
		return '.' . preg_replace( '/^www\./', '', $host );
	}
}
