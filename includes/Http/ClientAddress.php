<?php
/**
 * The one reader of the client's address (docs/deployment.md, "Proxies"): REMOTE_ADDR, or the address a trusted
 * proxy forwarded. Every feature asks it: the form and consent-log rate limits, the statistics collector.
 *
 * Plain PHP: collect.php runs it without WordPress (get_option() is the collector's reader there), so it uses no
 * other WordPress function unless it exists.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Http;

use Tessera\Stats\IpRange;

/**
 * Forwarding headers (`X-Forwarded-For`, `Forwarded`) are written by whoever sends the request, so they are read
 * only when the peer (REMOTE_ADDR) is one of the proxies the site owner trusts, and then from the right: each hop
 * a trusted proxy added is stepped over, and the first address that is not a trusted proxy is the client. A
 * visitor who forges `X-Forwarded-For: 1.2.3.4` behind a trusted proxy only adds a hop to the left of the one the
 * proxy appended, which is the one taken.
 */
final class ClientAddress {

	/**
	 * Option of the trusted proxies: `{ presets: string[], addresses: string[] }` (TrustedProxies sanitises it).
	 */
	public const OPTION = 'tessera_trusted_proxies';

	/**
	 * Constant (wp-config.php) with more trusted proxies: an array or a comma-separated string. The statistics'
	 * older name `TESSERA_STATS_TRUSTED_PROXIES` is read as well.
	 */
	public const CONSTANT = 'TESSERA_TRUSTED_PROXIES';

	/**
	 * Published proxy ranges the settings screen offers as one checkbox each.
	 *
	 * Cloudflare: https://www.cloudflare.com/ips/ (checked 2026-12; the list changes rarely, and a site whose
	 * proxies are not all listed counts the missing ones as clients, which errs on the safe side).
	 */
	public const PRESETS = array(
		'cloudflare' => array(
			'173.245.48.0/20',
			'103.21.244.0/22',
			'103.22.200.0/22',
			'103.31.4.0/22',
			'141.101.64.0/18',
			'108.162.192.0/18',
			'190.93.240.0/20',
			'188.114.96.0/20',
			'197.234.240.0/22',
			'198.41.128.0/17',
			'162.158.0.0/15',
			'104.16.0.0/13',
			'104.24.0.0/14',
			'172.64.0.0/13',
			'131.0.72.0/22',
			'2400:cb00::/32',
			'2606:4700::/32',
			'2803:f800::/32',
			'2405:b500::/32',
			'2405:8100::/32',
			'2a06:98c0::/29',
			'2c0f:f248::/32',
		),
		'local'      => array( '127.0.0.0/8', '::1' ),
		'private'    => array( '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7' ),
	);

	/**
	 * Memo of trusted(): the raw option it was computed for, and the ranges.
	 *
	 * @var array{raw: mixed, ranges: string[]}|null
	 */
	private static ?array $memo = null;

	/**
	 * The client address of the current request, in full WordPress (which adds slashes to $_SERVER); collect.php,
	 * which leaves $_SERVER raw, calls from().
	 *
	 * @return string A valid IP address, or '' when there is none.
	 */
	public static function current(): string {
		return self::from( wp_unslash( $_SERVER ) );
	}

	/**
	 * The client address of a request.
	 *
	 * @param array<string, mixed> $server $_SERVER (or its like).
	 * @return string A valid IP address, or '' when there is none.
	 */
	public static function from( array $server ): string {
		$remote  = isset( $server['REMOTE_ADDR'] ) && is_string( $server['REMOTE_ADDR'] ) ? trim( $server['REMOTE_ADDR'] ) : '';
		$address = false !== filter_var( $remote, FILTER_VALIDATE_IP ) ? $remote : '';
		$proxies = '' === $address ? array() : self::trusted();
		if ( array() !== $proxies && IpRange::contains( $address, $proxies ) ) {
			foreach ( array_reverse( self::hops( $server ) ) as $hop ) {
				if ( false === filter_var( $hop, FILTER_VALIDATE_IP ) ) {
					break; // A malformed hop: the last valid address is as far as the chain can be believed.
				}
				$address = $hop;
				if ( ! IpRange::contains( $hop, $proxies ) ) {
					break;
				}
			}
		}
		if ( function_exists( 'apply_filters' ) ) {
			/**
			 * The address every Tessera feature counts a request under (rate limits, statistics).
			 *
			 * @param string               $address REMOTE_ADDR, or the forwarded address behind trusted proxies.
			 * @param array<string, mixed> $server  $_SERVER.
			 */
			$filtered = \apply_filters( 'tessera_client_address', $address, $server );
			$address  = is_string( $filtered ) && false !== filter_var( $filtered, FILTER_VALIDATE_IP ) ? $filtered : $address;
		}
		return $address;
	}

	/**
	 * The forwarded chain, client first: `X-Forwarded-For` when present, else the `for=` values of `Forwarded`
	 * (RFC 7239: quoted, bracketed IPv6 and ports are unwrapped; `unknown` and obfuscated names stay as they are,
	 * and end the walk as malformed hops).
	 *
	 * @param array<string, mixed> $server $_SERVER.
	 * @return string[]
	 */
	public static function hops( array $server ): array {
		$xff = $server['HTTP_X_FORWARDED_FOR'] ?? '';
		if ( is_string( $xff ) && '' !== trim( $xff ) ) {
			return array_map( 'trim', explode( ',', $xff ) );
		}
		$forwarded = $server['HTTP_FORWARDED'] ?? '';
		if ( ! is_string( $forwarded ) || '' === trim( $forwarded ) ) {
			return array();
		}
		$hops = array();
		foreach ( explode( ',', $forwarded ) as $element ) {
			$for = '';
			foreach ( explode( ';', $element ) as $pair ) {
				$parts = explode( '=', trim( $pair ), 2 );
				if ( 2 === count( $parts ) && 'for' === strtolower( trim( $parts[0] ) ) ) {
					$for = trim( trim( $parts[1] ), '"' );
				}
			}
			if ( 1 === preg_match( '/^\[([^\]]+)\](?::\d+)?$/', $for, $m ) ) {
				$for = $m[1];
			} elseif ( 1 === preg_match( '/^([0-9.]+):\d+$/', $for, $m ) ) {
				$for = $m[1];
			}
			$hops[] = $for;
		}
		return $hops;
	}

	/**
	 * Every trusted proxy: the stored presets and addresses, the constants, then the `tessera_trusted_proxies`
	 * filter (full WordPress only).
	 *
	 * @return string[] Addresses and CIDR ranges.
	 */
	public static function trusted(): array {
		$raw = function_exists( 'get_option' ) ? get_option( self::OPTION, array() ) : array();
		if ( null === self::$memo || self::$memo['raw'] !== $raw ) {
			$stored = self::stored( $raw );
			$ranges = $stored['addresses'];
			foreach ( $stored['presets'] as $preset ) {
				$ranges = array_merge( $ranges, self::PRESETS[ $preset ] );
			}
			foreach ( array( self::CONSTANT, 'TESSERA_STATS_TRUSTED_PROXIES' ) as $name ) {
				$value  = defined( $name ) ? constant( $name ) : array();
				$value  = is_string( $value ) ? explode( ',', $value ) : ( is_array( $value ) ? $value : array() );
				$ranges = array_merge( $ranges, array_map( 'trim', array_filter( $value, 'is_string' ) ) );
			}
			self::$memo = array(
				'raw'    => $raw,
				'ranges' => array_values( array_unique( array_filter( $ranges ) ) ),
			);
		}
		$ranges = self::$memo['ranges'];
		if ( function_exists( 'apply_filters' ) ) {
			/**
			 * The proxies whose forwarding headers are believed (addresses and CIDR ranges).
			 *
			 * @param string[] $ranges From the settings and the TESSERA_TRUSTED_PROXIES constant.
			 */
			$filtered = \apply_filters( 'tessera_trusted_proxies', $ranges );
			$ranges   = is_array( $filtered ) ? array_values( array_filter( $filtered, 'is_string' ) ) : $ranges;
		}
		return $ranges;
	}

	/**
	 * The stored setting in its canonical shape; anything else in the option is ignored.
	 *
	 * @param mixed $raw Stored option.
	 * @return array{presets: string[], addresses: string[]}
	 */
	public static function stored( $raw ): array {
		$raw       = is_array( $raw ) ? $raw : array();
		$presets   = isset( $raw['presets'] ) && is_array( $raw['presets'] ) ? $raw['presets'] : array();
		$addresses = isset( $raw['addresses'] ) && is_array( $raw['addresses'] ) ? $raw['addresses'] : array();
		return array(
			'presets'   => array_values( array_intersect( array_keys( self::PRESETS ), $presets ) ),
			'addresses' => array_values( array_filter( $addresses, static fn ( $entry ): bool => is_string( $entry ) && self::is_range( $entry ) ) ),
		);
	}

	/**
	 * Whether a string is an IPv4 or IPv6 address, or one with a valid `/prefix`.
	 *
	 * @param string $entry Entry.
	 * @return bool
	 */
	public static function is_range( string $entry ): bool {
		$parts = explode( '/', $entry, 2 );
		$ip    = filter_var( $parts[0], FILTER_VALIDATE_IP );
		if ( false === $ip ) {
			return false;
		}
		if ( ! isset( $parts[1] ) ) {
			return true;
		}
		$max = false !== strpos( $parts[0], ':' ) ? 128 : 32;
		return 1 === preg_match( '/^\d{1,3}$/', $parts[1] ) && (int) $parts[1] <= $max;
	}
}
