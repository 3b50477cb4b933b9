<?php
/**
 * The one owner of "is this an absolute http(s) address with a real host?": the statistics collector (referrers,
 * link events; without WordPress, collect.php requires this file by path) and a form's redirect address use it.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Http;

/**
 * Checks URLs with PHP alone (no WordPress function: it also runs under collect.php's direct mode).
 */
final class Url {

	/**
	 * Whether a URL, or a path and query, holds a character that a browser never leaves raw in a URL it serialises
	 * (`location`, `document.referrer`, a link's `href`) and that only a forged or mistyped value carries: `<`, `>`,
	 * a double quote, a backtick, white space, a backslash (which browsers read as `/`, PHP's parser does not) or a
	 * control character.
	 *
	 * @param string $url URL, or path and query.
	 * @return bool
	 */
	public static function has_unsafe_characters( string $url ): bool {
		return 1 === preg_match( '/[<>"`\s\\\\\x00-\x1F\x7F]/', $url );
	}

	/**
	 * The lower-case host of an absolute http(s) URL in valid UTF-8, without an unsafe character (see
	 * has_unsafe_characters()) and without credentials, whose host is a host name (letter, digit and inner hyphen
	 * labels of at most 63 characters, an IDN in its punycode form as browsers send it, an optional final dot), an
	 * IPv4 address or a bracketed IPv6 literal; null for anything else (`javascript:`, `//host`,
	 * `https://"><svg …>.example/`, …).
	 *
	 * @param string $url URL.
	 * @return string|null
	 */
	public static function http_host( string $url ): ?string {
		if ( 1 !== preg_match( '//u', $url ) || self::has_unsafe_characters( $url ) || 1 !== preg_match( '#^https?://#i', $url ) ) {
			return null;
		}
		$parts = parse_url( $url ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- wp_parse_url() is not loaded under SHORTINIT.
		if ( ! is_array( $parts ) || isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			return null;
		}
		$host = $parts['host'] ?? '';
		if ( ! is_string( $host ) || '' === $host || strlen( $host ) > 191 || ! self::is_host( $host ) ) {
			return null;
		}
		return strtolower( $host );
	}

	/**
	 * Whether a URL's host (as parse_url() returns it) is a host name, an IPv4 address or `[IPv6]`.
	 *
	 * @param string $host Host.
	 * @return bool
	 */
	public static function is_host( string $host ): bool {
		if ( str_starts_with( $host, '[' ) ) {
			return str_ends_with( $host, ']' ) && false !== filter_var( substr( $host, 1, -1 ), FILTER_VALIDATE_IP, FILTER_FLAG_IPV6 );
		}
		if ( false !== filter_var( $host, FILTER_VALIDATE_IP, FILTER_FLAG_IPV4 ) ) {
			return true;
		}
		$label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
		return strlen( $host ) <= 254 && 1 === preg_match( '/^' . $label . '(?:\.' . $label . ')*\.?$/i', $host );
	}
}
