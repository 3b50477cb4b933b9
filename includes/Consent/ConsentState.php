<?php
/**
 * The `cookieyes-consent` value read on the server: the PHP mirror of the runtime's codec
 * (src/runtime/consent/codec.ts parseConsent), for the consent log, which stores what a visitor's browser sends.
 * Pages never read the cookie: they are the same for every visitor (docs/consent.md, "Page caches").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

/**
 * Parsing of a consent record (the cookie's value), with the runtime's rules.
 */
final class ConsentState {

	/**
	 * Name of the consent cookie (spec, binding).
	 */
	public const COOKIE_NAME = 'cookieyes-consent';

	/**
	 * Parses the cookie's raw value exactly as the runtime's parseConsent does. Null (no consent) when a pair has no
	 * `:`, a key appears twice, a value's %-escape is broken, `consentid` is not 32 letters or digits, `consent` is
	 * not yes/no/reject, `action` is not yes or empty, or a configured category is missing or not yes/no. Unknown
	 * keys are ignored; necessary categories are always consented.
	 *
	 * @param string                          $value      The raw cookie value (values still %-encoded).
	 * @param array<int, array<string, mixed>> $categories The configured categories (slug, isNecessary).
	 * @return array{consentID: string, consent: string, action: bool, categories: array<string, bool>}|null
	 */
	public static function parse( string $value, array $categories ): ?array {
		$map = array();
		foreach ( explode( ',', $value ) as $pair ) {
			$at = strpos( $pair, ':' );
			if ( false === $at ) {
				return null;
			}
			$key = substr( $pair, 0, $at );
			if ( array_key_exists( $key, $map ) ) {
				return null;
			}
			$decoded = self::decode( substr( $pair, $at + 1 ) );
			if ( null === $decoded ) {
				return null;
			}
			$map[ $key ] = $decoded;
		}

		$consent_id = $map['consentid'] ?? '';
		$consent    = $map['consent'] ?? '';
		$action     = $map['action'] ?? null;
		if ( 1 !== preg_match( '/^[A-Za-z0-9]{32}\z/', $consent_id )
			|| ! in_array( $consent, array( 'yes', 'no', 'reject' ), true )
			|| ( 'yes' !== $action && '' !== $action ) ) {
			return null;
		}

		$chosen = array();
		foreach ( $categories as $category ) {
			if ( ! is_array( $category ) || ! is_string( $category['slug'] ?? null ) ) {
				continue;
			}
			$slug   = $category['slug'];
			$choice = $map[ $slug ] ?? null;
			if ( 'yes' !== $choice && 'no' !== $choice ) {
				return null;
			}
			$chosen[ $slug ] = true === ( $category['isNecessary'] ?? false ) || 'yes' === $choice;
		}

		return array(
			'consentID'  => $consent_id,
			'consent'    => $consent,
			'action'     => 'yes' === $action,
			'categories' => $chosen,
		);
	}

	/**
	 * decodeURIComponent: null where it would throw (a `%` not followed by two hex digits, or escapes that do not
	 * form UTF-8).
	 *
	 * @param string $value Encoded value.
	 * @return string|null
	 */
	private static function decode( string $value ): ?string {
		if ( ! str_contains( $value, '%' ) ) {
			return $value;
		}
		if ( 1 === preg_match( '/%(?![0-9A-Fa-f]{2})/', $value ) ) {
			return null;
		}
		$decoded = rawurldecode( $value );
		return 1 === preg_match( '//u', $decoded ) ? $decoded : null;
	}
}
