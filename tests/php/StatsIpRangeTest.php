<?php
/**
 * Excluded IP addresses and CIDR ranges (IPv4, IPv6, IPv4-mapped IPv6) as the collector matches them.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\IpRange;

/**
 * Pure matching: no database.
 */
final class StatsIpRangeTest extends TestCase {

	/**
	 * Addresses inside and outside IPv4 ranges and single addresses.
	 *
	 * @return void
	 */
	public function test_ipv4(): void {
		$ranges = array( '203.0.113.0/24', '198.51.100.7', '10.0.0.0/8', '192.0.2.128/25' );
		foreach ( array( '203.0.113.0', '203.0.113.255', '198.51.100.7', '10.255.1.2', '192.0.2.128', '192.0.2.255' ) as $in ) {
			$this->assertTrue( IpRange::contains( $in, $ranges ), $in );
		}
		foreach ( array( '203.0.114.1', '198.51.100.8', '11.0.0.1', '192.0.2.127', '9.255.255.255' ) as $out ) {
			$this->assertFalse( IpRange::contains( $out, $ranges ), $out );
		}
		$this->assertTrue( IpRange::contains( '8.8.8.8', array( '0.0.0.0/0' ) ), '/0 holds every IPv4 address' );
		$this->assertTrue( IpRange::contains( '1.2.3.4', array( '1.2.3.4/32' ) ) );
		$this->assertFalse( IpRange::contains( '1.2.3.5', array( '1.2.3.4/32' ) ) );
		$this->assertTrue( IpRange::contains( '172.16.5.4', array( '172.16.0.0/12' ) ), 'a prefix that does not end on a byte' );
		$this->assertFalse( IpRange::contains( '172.32.0.1', array( '172.16.0.0/12' ) ) );
	}

	/**
	 * IPv6 ranges, written in any case and abbreviation; IPv4 and IPv6 never match each other, except an
	 * IPv4-mapped IPv6 address, which is its IPv4 address.
	 *
	 * @return void
	 */
	public function test_ipv6_and_mixed(): void {
		$ranges = array( '2001:DB8::/32', '::1', 'fe80::/10' );
		foreach ( array( '2001:db8::1', '2001:0db8:ffff:ffff::', '::1', '0:0:0:0:0:0:0:1', 'fe80::abcd', 'febf::1' ) as $in ) {
			$this->assertTrue( IpRange::contains( $in, $ranges ), $in );
		}
		foreach ( array( '2001:db9::1', '::2', 'fec0::1', '127.0.0.1' ) as $out ) {
			$this->assertFalse( IpRange::contains( $out, $ranges ), $out );
		}
		$this->assertFalse( IpRange::contains( '2001:db8::1', array( '0.0.0.0/0' ) ), 'IPv6 is not in an IPv4 range' );
		$this->assertFalse( IpRange::contains( '10.0.0.1', array( '::/0' ) ), 'IPv4 is not in an IPv6 range' );
		$this->assertTrue( IpRange::contains( '::ffff:10.1.2.3', array( '10.0.0.0/8' ) ), 'mapped IPv4 address' );
		$this->assertTrue( IpRange::contains( '10.1.2.3', array( '::ffff:10.0.0.0/104' ) ), 'mapped IPv4 range' );
	}

	/**
	 * Malformed entries and addresses never match (and never raise warnings).
	 *
	 * @return void
	 */
	public function test_malformed(): void {
		$bad = array( '', 'nope', '10.0.0.0/33', '10.0.0.0/-1', '10.0.0.0/8/8', '10.0.0.0/x', '2001:db8::/129', '300.1.1.1', '10.0.0' );
		$this->assertFalse( IpRange::contains( '10.0.0.1', $bad ) );
		$this->assertFalse( IpRange::contains( '', array( '0.0.0.0/0' ) ) );
		$this->assertFalse( IpRange::contains( 'not an ip', array( '0.0.0.0/0', '::/0' ) ) );
		$this->assertFalse( IpRange::contains( '10.0.0.1', array() ) );
		$this->assertTrue( IpRange::contains( ' 10.0.0.1 ', array( ' 10.0.0.0/8 ' ) ), 'surrounding spaces are ignored' );
	}

	/**
	 * A list as the excludedIps setting holds it: single addresses and ranges of both families.
	 *
	 * @return void
	 */
	public function test_a_settings_list_of_addresses_and_ranges(): void {
		$list = array( '192.0.2.7', '10.0.0.0/8', '172.16.0.0/12', '2001:db8::/32', '::1' );
		$this->assertTrue( IpRange::contains( '192.0.2.7', $list ) );
		$this->assertFalse( IpRange::contains( '192.0.2.8', $list ) );
		$this->assertTrue( IpRange::contains( '10.255.1.2', $list ) );
		$this->assertTrue( IpRange::contains( '172.31.255.255', $list ) );
		$this->assertFalse( IpRange::contains( '172.32.0.1', $list ) );
		$this->assertTrue( IpRange::contains( '2001:db8:ffff::1', $list ) );
		$this->assertFalse( IpRange::contains( '2001:db9::1', $list ) );
		$this->assertTrue( IpRange::contains( '::1', $list ) );
		$this->assertFalse( IpRange::contains( 'garbage', $list ) );
		$this->assertFalse( IpRange::contains( '10.0.0.1', array() ) );
	}
}
