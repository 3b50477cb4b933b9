<?php
/**
 * The statistics settings: option `tessera_stats_settings`, strict validation that names the refused field, and a
 * SHORTINIT-safe reader for the collector. Contract: docs/stats.md ("Settings").
 *
 * get() runs in the lean collector (collect.php, SHORTINIT): it uses get_option() and plain PHP only. This file
 * therefore depends on no other class of the plugin.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

use WP_Error;

/**
 * Reads, validates and stores the statistics settings. Nothing is stored until the site owner saves: until then
 * get() answers the defaults.
 */
final class Settings {

	/**
	 * Option name (autoloaded: the collector and the tracker configuration read it on every request).
	 */
	public const OPTION = 'tessera_stats_settings';

	/**
	 * Error code of a refused value.
	 */
	public const ERROR_CODE = 'tessera_stats_invalid';

	/**
	 * Consent integrations the tracker knows (the spec's `option.consentIntegration`, plus our own).
	 */
	public const CONSENT_INTEGRATIONS = array( 'auto', 'none', 'tessera', 'wp_consent_api', 'real_cookie_banner', 'borlabs_cookie' );

	/**
	 * Consent levels of the WP Consent API integration.
	 */
	public const CONSENT_LEVELS = array( 'statistics', 'statistics-anonymous', 'marketing', 'functional', 'preferences', 'disabled' );

	/**
	 * File extensions counted as downloads by default.
	 */
	public const DOWNLOAD_EXTENSIONS = array( 'pdf', 'zip', 'rar', '7z', 'gz', 'tar', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'csv', 'txt', 'rtf', 'epub', 'mp3', 'wav', 'mp4', 'mov', 'avi', 'dmg', 'exe', 'msi', 'apk', 'iso' );

	/**
	 * Online ping interval in seconds.
	 */
	public const MIN_INTERVAL = 10;
	public const MAX_INTERVAL = 600;

	/**
	 * Data retention in days (0 = keep forever).
	 */
	public const MIN_RETENTION = 30;
	public const MAX_RETENTION = 3650;

	/**
	 * Limits on the lists.
	 */
	public const MAX_EXTENSIONS = 100;
	public const MAX_ROLES      = 100;
	public const MAX_IPS        = 500;

	/**
	 * Memo of get(): the raw option it was computed for, and the result.
	 *
	 * @var array{raw: mixed, settings: array<string, mixed>}|null
	 */
	private static ?array $memo = null;

	/**
	 * The default settings, in canonical order.
	 *
	 * @return array<string, mixed>
	 */
	public static function defaults(): array {
		return array(
			'enabled'            => true,
			'userOnline'         => true,
			'onlineInterval'     => 60,
			'dntEnabled'         => true,
			'bypassAdBlockers'   => false,
			'linkTracker'        => true,
			'downloadTracker'    => true,
			'downloadExtensions' => self::DOWNLOAD_EXTENSIONS,
			'consentIntegration' => 'auto',
			'consentLevel'       => 'statistics',
			'trackAnonymously'   => false,
			'excludedRoles'      => array( 'administrator' ),
			'excludedIps'        => array(),
			'retentionDays'      => 0,
		);
	}

	/**
	 * The current settings, complete and valid: each stored value that still validates over its default (unknown
	 * keys and refused values are ignored). Uses only get_option() and plain PHP: safe under SHORTINIT. Role
	 * slugs are checked for their form only (whether the role exists is checked when saving).
	 *
	 * @return array<string, mixed>
	 */
	public static function get(): array {
		$raw = get_option( self::OPTION, null );
		if ( null !== self::$memo && self::$memo['raw'] === $raw ) {
			return self::$memo['settings'];
		}
		$settings = self::defaults();
		if ( is_array( $raw ) ) {
			foreach ( array_keys( $settings ) as $key ) {
				if ( ! array_key_exists( $key, $raw ) ) {
					continue;
				}
				$result = self::check( $key, $raw[ $key ], false );
				if ( $result['ok'] ) {
					$settings[ $key ] = $result['value'];
				}
			}
		}
		self::$memo = array(
			'raw'      => $raw,
			'settings' => $settings,
		);
		return $settings;
	}

	/**
	 * Validates complete or partial settings (missing keys take the defaults). Every value is checked strictly:
	 * the first refused one gives a WP_Error (code `tessera_stats_invalid`, status 400) whose message names the
	 * field and whose data holds its key (`field`). Stores nothing.
	 *
	 * @param array<mixed> $input Submitted settings.
	 * @return array<string, mixed>|WP_Error The clean settings in canonical order, or the error.
	 */
	public static function validate( array $input ): array|WP_Error {
		$defaults = self::defaults();
		foreach ( array_keys( $input ) as $key ) {
			if ( ! array_key_exists( (string) $key, $defaults ) ) {
				return self::error(
					(string) $key,
					/* translators: %s: a setting's key. */
					sprintf( __( 'Unknown setting “%s”.', 'tessera' ), self::quote( (string) $key ) )
				);
			}
		}
		$clean = array();
		foreach ( $defaults as $key => $default ) {
			$result = self::check( $key, array_key_exists( $key, $input ) ? $input[ $key ] : $default, true );
			if ( ! $result['ok'] ) {
				return self::error( $key, self::message( $key, $result['problem'], $result['args'] ) );
			}
			$clean[ $key ] = $result['value'];
		}
		return $clean;
	}

	/**
	 * Applies changes (some or all keys; lists replace whole lists) to the current settings, validates the result
	 * and stores it; stores nothing when a value is refused.
	 *
	 * @param array<mixed> $input Submitted settings.
	 * @return array<string, mixed>|WP_Error The stored settings, or the error naming the refused field.
	 */
	public static function save( array $input ): array|WP_Error {
		$defaults = self::defaults();
		foreach ( array_keys( $input ) as $key ) {
			if ( ! array_key_exists( (string) $key, $defaults ) ) {
				return self::validate( $input );
			}
		}
		$clean = self::validate( array_merge( self::get(), $input ) );
		if ( $clean instanceof WP_Error ) {
			return $clean;
		}
		update_option( self::OPTION, $clean, true );
		self::$memo = null;
		return $clean;
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
	 * Checks and normalises one value, without translations (this runs under SHORTINIT too).
	 *
	 * @param string $key   A key of defaults().
	 * @param mixed  $value Submitted or stored value.
	 * @param bool   $full  Whether WordPress is fully loaded for this check (role slugs must exist).
	 * @return array{ok: bool, value?: mixed, problem: string, args: array<int, mixed>}
	 */
	private static function check( string $key, mixed $value, bool $full ): array {
		switch ( $key ) {
			case 'enabled':
			case 'userOnline':
			case 'dntEnabled':
			case 'bypassAdBlockers':
			case 'linkTracker':
			case 'downloadTracker':
			case 'trackAnonymously':
				return is_bool( $value ) ? self::ok( $value ) : self::refuse( 'bool' );

			case 'onlineInterval':
				$number = self::whole( $value );
				if ( null === $number || $number < self::MIN_INTERVAL || $number > self::MAX_INTERVAL ) {
					return self::refuse( 'interval', $value );
				}
				return self::ok( $number );

			case 'retentionDays':
				$number = self::whole( $value );
				if ( null === $number || ( 0 !== $number && ( $number < self::MIN_RETENTION || $number > self::MAX_RETENTION ) ) ) {
					return self::refuse( 'retention', $value );
				}
				return self::ok( $number );

			case 'consentIntegration':
				return is_string( $value ) && in_array( $value, self::CONSENT_INTEGRATIONS, true ) ? self::ok( $value ) : self::refuse( 'choice', $value, self::CONSENT_INTEGRATIONS );

			case 'consentLevel':
				return is_string( $value ) && in_array( $value, self::CONSENT_LEVELS, true ) ? self::ok( $value ) : self::refuse( 'choice', $value, self::CONSENT_LEVELS );

			case 'downloadExtensions':
				return self::extensions( $value );

			case 'excludedRoles':
				return self::roles( $value, $full );

			case 'excludedIps':
				return self::ips( $value );
		}
		return self::refuse( 'unknown' );
	}

	/**
	 * The download extensions: lower case, without a leading dot, [a-z0-9]{1,10}, each once.
	 *
	 * @param mixed $value Submitted list.
	 * @return array{ok: bool, value?: mixed, problem: string, args: array<int, mixed>}
	 */
	private static function extensions( mixed $value ): array {
		if ( ! is_array( $value ) || ! array_is_list( $value ) ) {
			return self::refuse( 'list' );
		}
		if ( count( $value ) > self::MAX_EXTENSIONS ) {
			return self::refuse( 'too_many', self::MAX_EXTENSIONS );
		}
		$clean = array();
		foreach ( $value as $item ) {
			$extension = is_string( $item ) ? strtolower( ltrim( trim( $item ), '.' ) ) : null;
			if ( null === $extension || 1 !== preg_match( '/^[a-z0-9]{1,10}$/', $extension ) ) {
				return self::refuse( 'extension', $item );
			}
			if ( ! in_array( $extension, $clean, true ) ) {
				$clean[] = $extension;
			}
		}
		return self::ok( $clean );
	}

	/**
	 * The excluded roles: slugs of existing roles (existence checked when WordPress is fully loaded), each once.
	 *
	 * @param mixed $value Submitted list.
	 * @param bool  $full  Whether to check that each role exists.
	 * @return array{ok: bool, value?: mixed, problem: string, args: array<int, mixed>}
	 */
	private static function roles( mixed $value, bool $full ): array {
		if ( ! is_array( $value ) || ! array_is_list( $value ) ) {
			return self::refuse( 'list' );
		}
		if ( count( $value ) > self::MAX_ROLES ) {
			return self::refuse( 'too_many', self::MAX_ROLES );
		}
		$check = $full && function_exists( 'wp_roles' );
		$clean = array();
		foreach ( $value as $item ) {
			if ( ! is_string( $item ) || 1 !== preg_match( '/^[a-z0-9_-]{1,64}$/', $item ) ) {
				return self::refuse( 'role', $item );
			}
			if ( $check && ! wp_roles()->is_role( $item ) ) {
				return self::refuse( 'role', $item );
			}
			if ( ! in_array( $item, $clean, true ) ) {
				$clean[] = $item;
			}
		}
		return self::ok( $clean );
	}

	/**
	 * The excluded addresses: IPv4/IPv6 addresses or CIDR ranges (prefix 0..32 / 0..128), each once.
	 *
	 * @param mixed $value Submitted list.
	 * @return array{ok: bool, value?: mixed, problem: string, args: array<int, mixed>}
	 */
	private static function ips( mixed $value ): array {
		if ( ! is_array( $value ) || ! array_is_list( $value ) ) {
			return self::refuse( 'list' );
		}
		if ( count( $value ) > self::MAX_IPS ) {
			return self::refuse( 'too_many', self::MAX_IPS );
		}
		$clean = array();
		foreach ( $value as $item ) {
			$entry = is_string( $item ) ? strtolower( trim( $item ) ) : '';
			$parts = explode( '/', $entry, 2 );
			$ip    = $parts[0];
			$max   = false !== filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4 ) ? 32 : ( false !== filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_IPV6 ) ? 128 : 0 );
			if ( 0 === $max ) {
				return self::refuse( 'ip', $item );
			}
			if ( isset( $parts[1] ) && ( 1 !== preg_match( '/^\d{1,3}$/', $parts[1] ) || (int) $parts[1] > $max ) ) {
				return self::refuse( 'ip', $item );
			}
			if ( ! in_array( $entry, $clean, true ) ) {
				$clean[] = $entry;
			}
		}
		return self::ok( $clean );
	}

	/**
	 * A whole number from an integer or a string of digits; null otherwise.
	 *
	 * @param mixed $value Submitted value.
	 * @return int|null
	 */
	private static function whole( mixed $value ): ?int {
		if ( is_int( $value ) ) {
			return $value;
		}
		if ( is_string( $value ) && 1 === preg_match( '/^\d{1,9}$/', $value ) ) {
			return (int) $value;
		}
		return null;
	}

	/**
	 * An accepted value.
	 *
	 * @param mixed $value Clean value.
	 * @return array{ok: bool, value: mixed, problem: string, args: array<int, mixed>}
	 */
	private static function ok( mixed $value ): array {
		return array(
			'ok'      => true,
			'value'   => $value,
			'problem' => '',
			'args'    => array(),
		);
	}

	/**
	 * A refused value.
	 *
	 * @param string $problem What is wrong (a code that message() turns into words).
	 * @param mixed  ...$args Details for the message.
	 * @return array{ok: bool, problem: string, args: array<int, mixed>}
	 */
	private static function refuse( string $problem, mixed ...$args ): array {
		return array(
			'ok'      => false,
			'problem' => $problem,
			'args'    => $args,
		);
	}

	/**
	 * The translated name of a setting.
	 *
	 * @param string $key A key of defaults().
	 * @return string
	 */
	public static function label( string $key ): string {
		$labels = array(
			'enabled'            => __( 'Tracking', 'tessera' ),
			'userOnline'         => __( 'Online users', 'tessera' ),
			'onlineInterval'     => __( 'Online check interval', 'tessera' ),
			'dntEnabled'         => __( 'Honour Do Not Track', 'tessera' ),
			'bypassAdBlockers'   => __( 'Bypass ad blockers', 'tessera' ),
			'linkTracker'        => __( 'Link tracking', 'tessera' ),
			'downloadTracker'    => __( 'Download tracking', 'tessera' ),
			'downloadExtensions' => __( 'Download extensions', 'tessera' ),
			'consentIntegration' => __( 'Consent integration', 'tessera' ),
			'consentLevel'       => __( 'Consent level', 'tessera' ),
			'trackAnonymously'   => __( 'Track anonymously', 'tessera' ),
			'excludedRoles'      => __( 'Excluded roles', 'tessera' ),
			'excludedIps'        => __( 'Excluded IP addresses', 'tessera' ),
			'retentionDays'      => __( 'Data retention', 'tessera' ),
		);
		return $labels[ $key ] ?? $key;
	}

	/**
	 * "Field: problem", translated.
	 *
	 * @param string            $key     A key of defaults().
	 * @param string            $problem Problem code of check().
	 * @param array<int, mixed> $args    Its details.
	 * @return string
	 */
	private static function message( string $key, string $problem, array $args ): string {
		switch ( $problem ) {
			case 'bool':
				$text = __( 'must be true or false.', 'tessera' );
				break;
			case 'interval':
				/* translators: 1: the submitted value, 2: minimum, 3: maximum. */
				$text = sprintf( __( '“%1$s” is not a whole number of seconds from %2$d to %3$d.', 'tessera' ), self::quote( $args[0] ?? null ), self::MIN_INTERVAL, self::MAX_INTERVAL );
				break;
			case 'retention':
				/* translators: 1: the submitted value, 2: minimum, 3: maximum. */
				$text = sprintf( __( '“%1$s” is neither 0 (keep forever) nor a whole number of days from %2$d to %3$d.', 'tessera' ), self::quote( $args[0] ?? null ), self::MIN_RETENTION, self::MAX_RETENTION );
				break;
			case 'choice':
				/* translators: 1: the submitted value, 2: the allowed values, comma-separated. */
				$text = sprintf( __( '“%1$s” is not one of: %2$s.', 'tessera' ), self::quote( $args[0] ?? null ), implode( ', ', (array) ( $args[1] ?? array() ) ) );
				break;
			case 'list':
				$text = __( 'must be a list.', 'tessera' );
				break;
			case 'too_many':
				/* translators: %d: maximum number of entries. */
				$text = sprintf( __( 'at most %d entries.', 'tessera' ), (int) ( $args[0] ?? 0 ) );
				break;
			case 'extension':
				/* translators: %s: the submitted value. */
				$text = sprintf( __( '“%s” is not a file extension (1 to 10 letters or digits).', 'tessera' ), self::quote( $args[0] ?? null ) );
				break;
			case 'role':
				/* translators: %s: the submitted value. */
				$text = sprintf( __( '“%s” is not a role of this site.', 'tessera' ), self::quote( $args[0] ?? null ) );
				break;
			case 'ip':
				/* translators: %s: the submitted value. */
				$text = sprintf( __( '“%s” is not an IP address or a CIDR range such as 192.0.2.0/24.', 'tessera' ), self::quote( $args[0] ?? null ) );
				break;
			default:
				$text = __( 'is not valid.', 'tessera' );
		}
		/* translators: 1: a field's name, e.g. "Excluded roles", 2: what is wrong with it. */
		return sprintf( __( '%1$s: %2$s', 'tessera' ), self::label( $key ), $text );
	}

	/**
	 * The error answer for a refused field.
	 *
	 * @param string $field   Key of the field.
	 * @param string $message Translated message naming it.
	 * @return WP_Error
	 */
	private static function error( string $field, string $message ): WP_Error {
		return new WP_Error(
			self::ERROR_CODE,
			$message,
			array(
				'status' => 400,
				'field'  => $field,
			)
		);
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
