<?php
/**
 * The consent settings: option `tessera_consent_settings`, strict validation that names the refused field, and
 * the configuration the consent runtime reads. Contract: docs/consent.md ("Server-provided configuration",
 * "Settings model (server)").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

use WP_Error;

/**
 * Reads, validates and stores the consent settings. Nothing is stored until the site owner saves: until then
 * get() answers the (translated) defaults.
 */
final class Settings {

	/**
	 * Option name (autoloaded: the runtime configuration is printed on every front-end page).
	 */
	public const OPTION = 'tessera_consent_settings';

	/**
	 * Error code of a refused value.
	 */
	public const ERROR_CODE = 'tessera_consent_invalid';

	/**
	 * Laws (docs/consent.md `activeLaw`).
	 */
	public const LAWS = array( 'gdpr', 'ccpa' );

	/**
	 * Banner types and the positions each allows.
	 */
	public const BANNER_POSITIONS = array(
		'classic' => array( 'top', 'bottom' ),
		'popup'   => array( 'center' ),
		'box'     => array( 'bottom-left', 'bottom-right', 'top-left', 'top-right' ),
	);

	/**
	 * Preference-centre types.
	 */
	public const PREFERENCE_CENTER_TYPES = array( 'popup', 'sidebar' );

	/**
	 * Keys of the consent cookie that a category slug may not take.
	 */
	public const RESERVED_SLUGS = array( 'consentid', 'consent', 'action' );

	/**
	 * Text fields: key => [ kind, maximum length in characters ]. `label`: plain text, required; `html`: plain
	 * text and links, may be empty.
	 */
	private const TEXTS = array(
		'title'                 => array( 'label', 200 ),
		'description'           => array( 'html', 5000 ),
		'acceptAll'             => array( 'label', 100 ),
		'rejectAll'             => array( 'label', 100 ),
		'customize'             => array( 'label', 100 ),
		'savePreferences'       => array( 'label', 100 ),
		'close'                 => array( 'label', 100 ),
		'revisit'               => array( 'label', 100 ),
		'preferenceTitle'       => array( 'label', 200 ),
		'preferenceDescription' => array( 'html', 5000 ),
		'ccpaDescription'       => array( 'html', 5000 ),
		'doNotSell'             => array( 'label', 200 ),
	);

	/**
	 * Limits on the lists.
	 */
	private const MAX_CATEGORIES = 20;
	private const MAX_COOKIES    = 100;
	private const MAX_PROVIDERS  = 200;
	private const MAX_SLUG       = 40;

	/**
	 * Expiry of the consent cookie, in days.
	 */
	public const MIN_EXPIRY = 1;
	public const MAX_EXPIRY = 3650;

	/**
	 * Memo of get(): the raw option and locale it was computed for, and the result.
	 *
	 * @var array{raw: mixed, locale: string, settings: array<string, mixed>}|null
	 */
	private static ?array $memo = null;

	/**
	 * The default settings.
	 *
	 * @return array<string, mixed>
	 */
	public static function defaults(): array {
		return Defaults::settings();
	}

	/**
	 * The current settings, complete and valid: the stored ones (known keys only) over the defaults, validated;
	 * the defaults when nothing is stored or the stored value does not validate any more.
	 *
	 * @return array<string, mixed>
	 */
	public static function get(): array {
		$raw    = get_option( self::OPTION, null );
		$locale = get_locale();
		if ( null !== self::$memo && self::$memo['raw'] === $raw && self::$memo['locale'] === $locale ) {
			return self::$memo['settings'];
		}
		$settings = self::defaults();
		if ( is_array( $raw ) && $raw ) {
			$known = array_intersect_key( $raw, $settings );
			foreach ( array( 'texts', 'colours' ) as $group ) {
				if ( isset( $known[ $group ] ) && is_array( $known[ $group ] ) ) {
					$known[ $group ] = array_intersect_key( $known[ $group ], $settings[ $group ] );
				}
			}
			$clean = self::sanitize( $known );
			if ( ! $clean instanceof WP_Error ) {
				$settings = $clean;
			}
		}
		self::$memo = array(
			'raw'      => $raw,
			'locale'   => $locale,
			'settings' => $settings,
		);
		return $settings;
	}

	/**
	 * Applies changes to the current settings and stores the result, or stores nothing when a value is refused.
	 * Top-level keys replace the current ones (lists replace whole lists); `texts` and `colours` are merged key
	 * by key.
	 *
	 * @param array<mixed> $changes Submitted settings (all or some top-level keys).
	 * @return array<string, mixed>|WP_Error The stored settings, or the error naming the refused field.
	 */
	public static function update( array $changes ): array|WP_Error {
		$merged = self::get();
		foreach ( $changes as $key => $value ) {
			if ( ( 'texts' === $key || 'colours' === $key ) && is_array( $value ) ) {
				$merged[ $key ] = array_merge( $merged[ $key ], $value );
			} else {
				$merged[ $key ] = $value;
			}
		}
		$clean = self::sanitize( $merged );
		if ( $clean instanceof WP_Error ) {
			return $clean;
		}
		update_option( self::OPTION, $clean, true );
		self::$memo = null;
		return $clean;
	}

	/**
	 * Validates complete or partial settings (missing keys take the defaults). Every value is checked strictly:
	 * the first refused one gives a WP_Error (status 400) whose message names the field and whose data holds
	 * its path (`field`, e.g. `providers[2].re`). Texts are cleaned (plain text; descriptions keep links only).
	 *
	 * @param array<mixed> $input Submitted settings.
	 * @return array<string, mixed>|WP_Error The clean settings in canonical order, or the error.
	 */
	public static function sanitize( array $input ): array|WP_Error {
		try {
			return self::clean( $input );
		} catch ( InvalidSetting $invalid ) {
			return new WP_Error(
				self::ERROR_CODE,
				$invalid->getMessage(),
				array(
					'status' => 400,
					'field'  => $invalid->field(),
				)
			);
		}
	}

	/**
	 * The configuration the consent runtime reads (docs/consent.md "Server-provided configuration"), for
	 * `wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP )`.
	 *
	 * @param array<string, mixed>|null $settings Valid settings; the current ones by default.
	 * @return array<string, mixed>
	 */
	public static function to_runtime_config( ?array $settings = null ): array {
		$settings   = $settings ?? self::get();
		$categories = array();
		foreach ( $settings['categories'] as $category ) {
			$cookies = array();
			foreach ( $category['cookies'] as $cookie ) {
				$cookies[] = array(
					'cookieID' => $cookie['cookieID'],
					'domain'   => $cookie['domain'],
				);
			}
			$categories[] = array(
				'slug'           => $category['slug'],
				'name'           => $category['name'],
				'isNecessary'    => $category['isNecessary'],
				'defaultConsent' => array(
					'gdpr' => $category['defaultConsent']['gdpr'],
					'ccpa' => $category['defaultConsent']['ccpa'],
				),
				'cookies'        => $cookies,
			);
		}
		$providers = array();
		foreach ( $settings['providers'] as $provider ) {
			$providers[] = array(
				're'           => $provider['re'],
				'categories'   => array_values( $provider['categories'] ),
				'fullPath'     => $provider['fullPath'],
				'isOverridden' => $provider['isOverridden'],
			);
		}
		return array(
			'activeLaw'      => $settings['activeLaw'],
			'categories'     => $categories,
			'providers'      => $providers,
			'expiryDays'     => $settings['expiryDays'],
			'reloadOnAccept' => $settings['reloadOnAccept'],
			'respectDnt'     => $settings['respectDnt'],
			'honourGpc'      => $settings['honourGpc'],
			'languageCode'   => self::language_code(),
		);
	}

	/**
	 * The page language for the runtime: the primary subtag of the site locale (`de_DE_formal` → `de`).
	 *
	 * @return string
	 */
	public static function language_code(): string {
		$parts = explode( '_', get_locale() );
		return strtolower( preg_replace( '/[^A-Za-z]/', '', $parts[0] ) ?? '' );
	}

	/**
	 * Forgets the memo of get() (tests, and after a direct update_option()).
	 *
	 * @return void
	 */
	public static function flush(): void {
		self::$memo = null;
	}

	/**
	 * The validation itself.
	 *
	 * @param array<mixed> $input Submitted settings.
	 * @return array<string, mixed>
	 * @throws InvalidSetting On the first refused value.
	 */
	private static function clean( array $input ): array {
		$defaults = self::defaults();
		foreach ( array_keys( $input ) as $key ) {
			if ( ! array_key_exists( (string) $key, $defaults ) ) {
				/* translators: %s: a setting's key. */
				throw new InvalidSetting( (string) $key, sprintf( __( 'Unknown setting “%s”.', 'tessera' ), self::quote( (string) $key ) ) );
			}
		}
		$value = static fn ( string $key ) => array_key_exists( $key, $input ) ? $input[ $key ] : $defaults[ $key ];

		$clean = array();

		$clean['activeLaw'] = self::choice( $value( 'activeLaw' ), self::LAWS, 'activeLaw', __( 'Law', 'tessera' ) );

		$clean['bannerType']     = self::choice( $value( 'bannerType' ), array_keys( self::BANNER_POSITIONS ), 'bannerType', __( 'Banner type', 'tessera' ) );
		$clean['bannerPosition'] = self::choice( $value( 'bannerPosition' ), self::BANNER_POSITIONS[ $clean['bannerType'] ], 'bannerPosition', __( 'Banner position', 'tessera' ) );

		$clean['preferenceCenterType'] = self::choice( $value( 'preferenceCenterType' ), self::PREFERENCE_CENTER_TYPES, 'preferenceCenterType', __( 'Preference centre type', 'tessera' ) );

		$clean['texts']   = self::texts( $value( 'texts' ), $defaults['texts'] );
		$clean['colours'] = self::colours( $value( 'colours' ), $defaults['colours'] );

		$clean['expiryDays'] = self::expiry( $value( 'expiryDays' ) );

		$clean['reloadOnAccept'] = self::boolean( $value( 'reloadOnAccept' ), 'reloadOnAccept', __( 'Reload after accepting', 'tessera' ) );
		$clean['respectDnt']     = self::boolean( $value( 'respectDnt' ), 'respectDnt', __( 'Respect Do Not Track', 'tessera' ) );
		$clean['honourGpc']      = self::boolean( $value( 'honourGpc' ), 'honourGpc', __( 'Honour Global Privacy Control', 'tessera' ) );

		$clean['googleConsentMode'] = self::boolean( $value( 'googleConsentMode' ), 'googleConsentMode', __( 'Google Consent Mode', 'tessera' ) );

		$clean['categories'] = self::categories( $value( 'categories' ) );
		$clean['providers']  = self::providers( $value( 'providers' ), array_column( $clean['categories'], 'slug' ) );

		return $clean;
	}

	/**
	 * One of a list of values.
	 *
	 * @param mixed    $value   Submitted value.
	 * @param string[] $allowed Allowed values.
	 * @param string   $field   Path.
	 * @param string   $label   Translated field name.
	 * @return string
	 * @throws InvalidSetting When not one of them.
	 */
	private static function choice( mixed $value, array $allowed, string $field, string $label ): string {
		if ( ! is_string( $value ) || ! in_array( $value, $allowed, true ) ) {
			throw new InvalidSetting(
				$field,
				self::message(
					$label,
					/* translators: 1: the submitted value, 2: the allowed values, comma-separated. */
					sprintf( __( '“%1$s” is not one of: %2$s.', 'tessera' ), self::quote( $value ), implode( ', ', $allowed ) )
				)
			);
		}
		return $value;
	}

	/**
	 * A boolean (true or false, nothing else).
	 *
	 * @param mixed  $value Submitted value.
	 * @param string $field Path.
	 * @param string $label Translated field name.
	 * @return bool
	 * @throws InvalidSetting When not a boolean.
	 */
	private static function boolean( mixed $value, string $field, string $label ): bool {
		if ( ! is_bool( $value ) ) {
			throw new InvalidSetting( $field, self::message( $label, __( 'must be true or false.', 'tessera' ) ) );
		}
		return $value;
	}

	/**
	 * The cookie's lifetime in days.
	 *
	 * @param mixed $value Submitted value (an integer, or a string of digits).
	 * @return int
	 * @throws InvalidSetting When not a whole number in range.
	 */
	private static function expiry( mixed $value ): int {
		if ( is_string( $value ) && 1 === preg_match( '/^\d{1,5}$/', $value ) ) {
			$value = (int) $value;
		}
		if ( ! is_int( $value ) || $value < self::MIN_EXPIRY || $value > self::MAX_EXPIRY ) {
			throw new InvalidSetting(
				'expiryDays',
				self::message(
					__( 'Consent expiry', 'tessera' ),
					/* translators: 1: the submitted value, 2: minimum, 3: maximum. */
					sprintf( __( '“%1$s” is not a whole number of days from %2$d to %3$d.', 'tessera' ), self::quote( $value ), self::MIN_EXPIRY, self::MAX_EXPIRY )
				)
			);
		}
		return $value;
	}

	/**
	 * The texts: every key known, missing ones from the defaults.
	 *
	 * @param mixed                 $value    Submitted texts.
	 * @param array<string, string> $defaults Default texts.
	 * @return array<string, string>
	 * @throws InvalidSetting On an unknown key or a refused text.
	 */
	private static function texts( mixed $value, array $defaults ): array {
		$label = __( 'Texts', 'tessera' );
		if ( ! is_array( $value ) ) {
			throw new InvalidSetting( 'texts', self::message( $label, __( 'must be an object of texts.', 'tessera' ) ) );
		}
		self::known_keys( $value, self::TEXTS, 'texts', $label );
		$clean = array();
		foreach ( self::TEXTS as $key => $rule ) {
			$clean[ $key ] = self::text(
				array_key_exists( $key, $value ) ? $value[ $key ] : $defaults[ $key ],
				$rule[0],
				$rule[1],
				'texts.' . $key,
				/* translators: %s: a text's key, e.g. acceptAll. */
				sprintf( __( 'Texts, %s', 'tessera' ), $key )
			);
		}
		return $clean;
	}

	/**
	 * The colours: every key known, hex values, lower case.
	 *
	 * @param mixed                 $value    Submitted colours.
	 * @param array<string, string> $defaults Default colours.
	 * @return array<string, string>
	 * @throws InvalidSetting On an unknown key or a value that is not a hex colour.
	 */
	private static function colours( mixed $value, array $defaults ): array {
		$label = __( 'Colours', 'tessera' );
		if ( ! is_array( $value ) ) {
			throw new InvalidSetting( 'colours', self::message( $label, __( 'must be an object of colours.', 'tessera' ) ) );
		}
		self::known_keys( $value, $defaults, 'colours', $label );
		$clean = array();
		foreach ( $defaults as $key => $default ) {
			$colour = array_key_exists( $key, $value ) ? $value[ $key ] : $default;
			if ( ! is_string( $colour ) || 1 !== preg_match( '/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/', $colour ) ) {
				throw new InvalidSetting(
					'colours.' . $key,
					self::message(
						/* translators: %s: a colour's key, e.g. background. */
						sprintf( __( 'Colours, %s', 'tessera' ), $key ),
						/* translators: %s: the submitted value. */
						sprintf( __( '“%s” is not a hex colour such as #1863dc.', 'tessera' ), self::quote( $colour ) )
					)
				);
			}
			$clean[ $key ] = strtolower( $colour );
		}
		return $clean;
	}

	/**
	 * The categories.
	 *
	 * @param mixed $value Submitted list.
	 * @return array<int, array<string, mixed>>
	 * @throws InvalidSetting On the first refused value.
	 */
	private static function categories( mixed $value ): array {
		$label = __( 'Categories', 'tessera' );
		if ( ! is_array( $value ) || ! array_is_list( $value ) || ! $value ) {
			throw new InvalidSetting( 'categories', self::message( $label, __( 'must be a list with at least one category.', 'tessera' ) ) );
		}
		if ( count( $value ) > self::MAX_CATEGORIES ) {
			/* translators: %d: maximum number of categories. */
			throw new InvalidSetting( 'categories', self::message( $label, sprintf( __( 'at most %d categories.', 'tessera' ), self::MAX_CATEGORIES ) ) );
		}
		$clean     = array();
		$slugs     = array();
		$necessary = false;
		foreach ( $value as $index => $category ) {
			$path = 'categories[' . $index . ']';
			/* translators: %d: the category's position, from 1. */
			$name = sprintf( __( 'Category %d', 'tessera' ), $index + 1 );
			if ( ! is_array( $category ) || array_is_list( $category ) ) {
				throw new InvalidSetting( $path, self::message( $name, __( 'must be an object with a slug and a name.', 'tessera' ) ) );
			}
			self::known_keys( $category, array_flip( array( 'slug', 'name', 'description', 'isNecessary', 'defaultConsent', 'cookies' ) ), $path, $name );

			$slug = $category['slug'] ?? null;
			self::slug( $slug, $path . '.slug', $name );
			$previous = array_search( $slug, $slugs, true );
			if ( false !== $previous ) {
				throw new InvalidSetting(
					$path . '.slug',
					/* translators: 1: the slug, 2: position of the category that has it, from 1. */
					self::message( $name, sprintf( __( 'the slug “%1$s” is already used by category %2$d.', 'tessera' ), $slug, (int) $previous + 1 ) )
				);
			}
			$slugs[] = $slug;

			$is_necessary = self::boolean( $category['isNecessary'] ?? false, $path . '.isNecessary', $name . ', isNecessary' );
			$necessary    = $necessary || $is_necessary;

			$consent = $category['defaultConsent'] ?? array();
			if ( ! is_array( $consent ) || ( $consent && array_is_list( $consent ) ) ) {
				throw new InvalidSetting( $path . '.defaultConsent', self::message( $name, __( 'the default consent must be an object with gdpr and ccpa.', 'tessera' ) ) );
			}
			self::known_keys( $consent, array_flip( self::LAWS ), $path . '.defaultConsent', $name . ', defaultConsent' );
			$gdpr = self::boolean( $consent['gdpr'] ?? false, $path . '.defaultConsent.gdpr', $name . ', defaultConsent.gdpr' );
			$ccpa = self::boolean( $consent['ccpa'] ?? false, $path . '.defaultConsent.ccpa', $name . ', defaultConsent.ccpa' );

			$clean[] = array(
				'slug'           => $slug,
				'name'           => self::text( $category['name'] ?? null, 'label', 100, $path . '.name', $name . ', name' ),
				'description'    => self::text( $category['description'] ?? '', 'html', 5000, $path . '.description', $name . ', description' ),
				'isNecessary'    => $is_necessary,
				// A necessary category is always on, whatever the law.
				'defaultConsent' => array(
					'gdpr' => $is_necessary || $gdpr,
					'ccpa' => $is_necessary || $ccpa,
				),
				'cookies'        => self::cookies( $category['cookies'] ?? array(), $path, $name ),
			);
		}
		if ( ! $necessary ) {
			throw new InvalidSetting( 'categories', self::message( $label, __( 'at least one category must be marked necessary.', 'tessera' ) ) );
		}
		return $clean;
	}

	/**
	 * Checks a category slug: `[a-z0-9_-]`, not a key of the consent cookie.
	 *
	 * @param mixed  $slug  Submitted slug.
	 * @param string $field Path.
	 * @param string $name  Translated name of the category ("Category 2").
	 * @return void
	 * @throws InvalidSetting When refused.
	 */
	private static function slug( mixed $slug, string $field, string $name ): void {
		if ( ! is_string( $slug ) || '' === $slug ) {
			throw new InvalidSetting( $field, self::message( $name, __( 'the slug cannot be empty.', 'tessera' ) ) );
		}
		if ( 1 !== preg_match( '/^[a-z0-9_-]+$/', $slug ) ) {
			/* translators: %s: the submitted slug. */
			throw new InvalidSetting( $field, self::message( $name, sprintf( __( 'the slug “%s” may only contain lower-case letters, digits, hyphens and underscores.', 'tessera' ), self::quote( $slug ) ) ) );
		}
		if ( strlen( $slug ) > self::MAX_SLUG ) {
			/* translators: 1: the submitted slug, 2: maximum length. */
			throw new InvalidSetting( $field, self::message( $name, sprintf( __( 'the slug “%1$s” is longer than %2$d characters.', 'tessera' ), self::quote( $slug ), self::MAX_SLUG ) ) );
		}
		if ( in_array( $slug, self::RESERVED_SLUGS, true ) ) {
			/* translators: 1: the submitted slug, 2: the reserved slugs. */
			throw new InvalidSetting( $field, self::message( $name, sprintf( __( 'the slug “%1$s” is reserved by the consent cookie (%2$s).', 'tessera' ), $slug, implode( ', ', self::RESERVED_SLUGS ) ) ) );
		}
	}

	/**
	 * The cookies of a category.
	 *
	 * @param mixed  $value Submitted list.
	 * @param string $path  Path of the category.
	 * @param string $name  Translated name of the category.
	 * @return array<int, array{cookieID: string, domain: string, duration: string, description: string}>
	 * @throws InvalidSetting On the first refused value.
	 */
	private static function cookies( mixed $value, string $path, string $name ): array {
		if ( ! is_array( $value ) || ! array_is_list( $value ) ) {
			throw new InvalidSetting( $path . '.cookies', self::message( $name, __( 'the cookies must be a list.', 'tessera' ) ) );
		}
		if ( count( $value ) > self::MAX_COOKIES ) {
			/* translators: %d: maximum number of cookies. */
			throw new InvalidSetting( $path . '.cookies', self::message( $name, sprintf( __( 'at most %d cookies.', 'tessera' ), self::MAX_COOKIES ) ) );
		}
		$clean = array();
		foreach ( $value as $index => $cookie ) {
			$field = $path . '.cookies[' . $index . ']';
			/* translators: 1: the category's name ("Category 2"), 2: the cookie's position, from 1. */
			$label = sprintf( __( '%1$s, cookie %2$d', 'tessera' ), $name, $index + 1 );
			if ( ! is_array( $cookie ) || array_is_list( $cookie ) ) {
				throw new InvalidSetting( $field, self::message( $label, __( 'must be an object with a cookie ID.', 'tessera' ) ) );
			}
			self::known_keys( $cookie, array_flip( array( 'cookieID', 'domain', 'duration', 'description' ) ), $field, $label );

			$id = $cookie['cookieID'] ?? null;
			if ( ! is_string( $id ) || '' === $id ) {
				throw new InvalidSetting( $field . '.cookieID', self::message( $label, __( 'the cookie ID cannot be empty.', 'tessera' ) ) );
			}
			// RFC 6265 token characters; a trailing * matches every name with that prefix.
			if ( strlen( $id ) > 200 || 1 !== preg_match( '/^[A-Za-z0-9!#$%&\'+.^_`|~-]+\*?$/', $id ) ) {
				throw new InvalidSetting(
					$field . '.cookieID',
					/* translators: %s: the submitted cookie ID. */
					self::message( $label, sprintf( __( 'the cookie ID “%s” is not a cookie name (letters, digits and !#$%%&\'+-.^_`|~, at most 200, with an optional * at the end).', 'tessera' ), self::quote( $id ) ) )
				);
			}

			$domain = $cookie['domain'] ?? '';
			if ( is_string( $domain ) ) {
				$domain = strtolower( $domain );
			}
			if ( ! is_string( $domain ) || strlen( $domain ) > 253 || ( '' !== $domain && 1 !== preg_match( '/^\.?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/', $domain ) ) ) {
				throw new InvalidSetting(
					$field . '.domain',
					/* translators: %s: the submitted domain. */
					self::message( $label, sprintf( __( 'the domain “%s” is not a host name such as example.com or .example.com (empty: this site).', 'tessera' ), self::quote( $domain ) ) )
				);
			}

			$clean[] = array(
				'cookieID'    => $id,
				'domain'      => $domain,
				'duration'    => self::text( $cookie['duration'] ?? '', 'plain', 100, $field . '.duration', $label . ', duration' ),
				'description' => self::text( $cookie['description'] ?? '', 'html', 1000, $field . '.description', $label . ', description' ),
			);
		}
		return $clean;
	}

	/**
	 * The providers to block.
	 *
	 * @param mixed    $value Submitted list.
	 * @param string[] $slugs The valid category slugs.
	 * @return array<int, array{re: string, categories: string[], fullPath: bool, isOverridden: bool}>
	 * @throws InvalidSetting On the first refused value.
	 */
	private static function providers( mixed $value, array $slugs ): array {
		$label = __( 'Providers', 'tessera' );
		if ( ! is_array( $value ) || ! array_is_list( $value ) ) {
			throw new InvalidSetting( 'providers', self::message( $label, __( 'must be a list.', 'tessera' ) ) );
		}
		if ( count( $value ) > self::MAX_PROVIDERS ) {
			/* translators: %d: maximum number of providers. */
			throw new InvalidSetting( 'providers', self::message( $label, sprintf( __( 'at most %d providers.', 'tessera' ), self::MAX_PROVIDERS ) ) );
		}
		$clean = array();
		foreach ( $value as $index => $provider ) {
			$path = 'providers[' . $index . ']';
			/* translators: %d: the provider's position, from 1. */
			$name = sprintf( __( 'Provider %d', 'tessera' ), $index + 1 );
			if ( ! is_array( $provider ) || array_is_list( $provider ) ) {
				throw new InvalidSetting( $path, self::message( $name, __( 'must be an object with a pattern and categories.', 'tessera' ) ) );
			}
			self::known_keys( $provider, array_flip( array( 're', 'categories', 'fullPath', 'isOverridden' ) ), $path, $name );

			$re = $provider['re'] ?? null;
			if ( ! is_string( $re ) || '' === $re ) {
				throw new InvalidSetting( $path . '.re', self::message( $name, __( 'the pattern cannot be empty.', 'tessera' ) ) );
			}
			$reason = Pattern::error( $re );
			if ( null !== $reason ) {
				throw new InvalidSetting(
					$path . '.re',
					/* translators: 1: the submitted pattern, 2: why it is refused. */
					self::message( $name, sprintf( __( 'the pattern “%1$s” is not a valid pattern (%2$s).', 'tessera' ), self::quote( $re ), $reason ) )
				);
			}

			$categories = $provider['categories'] ?? null;
			if ( ! is_array( $categories ) || ! array_is_list( $categories ) || ! $categories ) {
				throw new InvalidSetting( $path . '.categories', self::message( $name, __( 'choose at least one category.', 'tessera' ) ) );
			}
			foreach ( $categories as $position => $slug ) {
				if ( ! is_string( $slug ) || ! in_array( $slug, $slugs, true ) ) {
					/* translators: %s: the submitted category slug. */
					throw new InvalidSetting( $path . '.categories[' . $position . ']', self::message( $name, sprintf( __( 'the category “%s” does not exist.', 'tessera' ), self::quote( $slug ) ) ) );
				}
				if ( array_search( $slug, $categories, true ) !== $position ) {
					/* translators: %s: the category slug. */
					throw new InvalidSetting( $path . '.categories[' . $position . ']', self::message( $name, sprintf( __( 'the category “%s” is listed twice.', 'tessera' ), $slug ) ) );
				}
			}

			$clean[] = array(
				're'           => $re,
				'categories'   => $categories,
				'fullPath'     => self::boolean( $provider['fullPath'] ?? false, $path . '.fullPath', $name . ', fullPath' ),
				'isOverridden' => self::boolean( $provider['isOverridden'] ?? false, $path . '.isOverridden', $name . ', isOverridden' ),
			);
		}
		return $clean;
	}

	/**
	 * A cleaned text. `label`: plain text, required; `plain`: plain text, may be empty; `html`: plain text and
	 * links (`a` with href, target, rel; http, https, mailto), may be empty.
	 *
	 * @param mixed  $value Submitted text.
	 * @param string $kind  label | plain | html.
	 * @param int    $max   Maximum length in characters (after cleaning).
	 * @param string $field Path.
	 * @param string $label Translated field name.
	 * @return string
	 * @throws InvalidSetting When not text, empty where required, or too long.
	 */
	private static function text( mixed $value, string $kind, int $max, string $field, string $label ): string {
		if ( ! is_string( $value ) ) {
			throw new InvalidSetting( $field, self::message( $label, __( 'must be text.', 'tessera' ) ) );
		}
		if ( 'html' === $kind ) {
			$clean = trim(
				wp_kses(
					$value,
					array(
						'a' => array(
							'href'   => true,
							'target' => true,
							'rel'    => true,
						),
					),
					array( 'http', 'https', 'mailto' )
				)
			);
		} else {
			$clean = sanitize_text_field( $value );
		}
		if ( 'label' === $kind && '' === $clean ) {
			throw new InvalidSetting( $field, self::message( $label, __( 'cannot be empty.', 'tessera' ) ) );
		}
		if ( mb_strlen( $clean ) > $max ) {
			/* translators: %d: maximum number of characters. */
			throw new InvalidSetting( $field, self::message( $label, sprintf( __( 'is longer than %d characters.', 'tessera' ), $max ) ) );
		}
		return $clean;
	}

	/**
	 * Refuses keys that are not in `$known`.
	 *
	 * @param array<mixed> $value Submitted object.
	 * @param array<mixed> $known Known keys (as keys).
	 * @param string       $field Path of the object.
	 * @param string       $label Translated name of the object.
	 * @return void
	 * @throws InvalidSetting On an unknown key.
	 */
	private static function known_keys( array $value, array $known, string $field, string $label ): void {
		foreach ( array_keys( $value ) as $key ) {
			if ( ! array_key_exists( $key, $known ) ) {
				/* translators: %s: the unknown key. */
				throw new InvalidSetting( $field . '.' . $key, self::message( $label, sprintf( __( 'unknown field “%s”.', 'tessera' ), self::quote( (string) $key ) ) ) );
			}
		}
	}

	/**
	 * "Field: problem".
	 *
	 * @param string $label   Translated field name.
	 * @param string $problem Translated problem.
	 * @return string
	 */
	private static function message( string $label, string $problem ): string {
		/* translators: 1: a field's name, e.g. "Provider 3", 2: what is wrong with it. */
		return sprintf( __( '%1$s: %2$s', 'tessera' ), $label, $problem );
	}

	/**
	 * A submitted value for a message: scalars as text (at most 80 characters), anything else by its type.
	 *
	 * @param mixed $value Submitted value.
	 * @return string
	 */
	private static function quote( mixed $value ): string {
		if ( is_bool( $value ) ) {
			return $value ? 'true' : 'false';
		}
		if ( is_int( $value ) || is_float( $value ) ) {
			return (string) $value;
		}
		if ( ! is_string( $value ) ) {
			return get_debug_type( $value );
		}
		return mb_strlen( $value ) > 80 ? mb_substr( $value, 0, 79 ) . '…' : $value;
	}
}
