<?php
/**
 * Excluded IP addresses and ranges of the statistics settings (`excludedIps`): IPv4 and IPv6 addresses and CIDR
 * ranges. Plain PHP (collect.php runs it without WordPress).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Binary comparison of packed addresses (inet_pton), so `10.0.0.0/8`, `2001:db8::/32` and `::1` all work, and an
 * IPv4 address never matches an IPv6 range (nor the reverse), IPv4-mapped IPv6 addresses (`::ffff:10.0.0.1`)
 * included: they are compared as the IPv4 address they carry.
 */
final class IpRange {

	/**
	 * Whether an address is one of the listed addresses or inside one of the listed ranges. Malformed entries (and
	 * a malformed address) never match.
	 *
	 * @param string   $ip     Address (IPv4 or IPv6).
	 * @param string[] $ranges Addresses and `address/prefix` ranges.
	 * @return bool
	 */
	public static function contains( string $ip, array $ranges ): bool {
		$address = self::pack( $ip );
		if ( null === $address ) {
			return false;
		}
		foreach ( $ranges as $range ) {
			if ( is_string( $range ) && self::in_range( $address, $range ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether a packed address lies in one range.
	 *
	 * @param string $address Packed address (4 or 16 bytes).
	 * @param string $range   Address or `address/prefix`.
	 * @return bool
	 */
	private static function in_range( string $address, string $range ): bool {
		$parts = explode( '/', trim( $range ), 2 );
		$net   = self::pack( $parts[0] );
		if ( null === $net || strlen( $net ) !== strlen( $address ) ) {
			return false;
		}
		// A mapped IPv4 range written as ::ffff:a.b.c.d/n counts its prefix over 128 bits.
		$mapped = 4 === strlen( $net ) && false !== strpos( $parts[0], ':' );
		$max    = $mapped ? 128 : strlen( $net ) * 8;
		if ( isset( $parts[1] ) ) {
			if ( 1 !== preg_match( '/^\d{1,3}$/', $parts[1] ) || (int) $parts[1] > $max ) {
				return false;
			}
			$bits = $mapped ? max( 0, (int) $parts[1] - 96 ) : (int) $parts[1];
		} else {
			$bits = strlen( $net ) * 8;
		}
		$bytes = intdiv( $bits, 8 );
		if ( substr( $net, 0, $bytes ) !== substr( $address, 0, $bytes ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
		return ( ord( $net[ $bytes ] ) & $mask ) === ( ord( $address[ $bytes ] ) & $mask );
	}

	/**
	 * The packed form of an address (IPv4-mapped IPv6 as 4 bytes), or null when it is not an address.
	 *
	 * @param string $ip Address.
	 * @return string|null
	 */
	private static function pack( string $ip ): ?string {
		$ip = strtolower( trim( $ip ) );
		if ( false === filter_var( $ip, FILTER_VALIDATE_IP ) ) {
			return null;
		}
		$packed = inet_pton( $ip );
		if ( false === $packed ) {
			return null;
		}
		if ( 16 === strlen( $packed ) && str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
			return substr( $packed, 12 );
		}
		return $packed;
	}
}
