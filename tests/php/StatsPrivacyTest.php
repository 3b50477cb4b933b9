<?php
/**
 * Tests of the statistics' personal data exporter and eraser (custom event data holding an e-mail address).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\Privacy;
use Tessera\Stats\Schema;

/**
 * Privacy tests.
 */
final class StatsPrivacyTest extends TestCase {

	/**
	 * Creates the tables and empties the events.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		Schema::install();
		$this->empty_events();
	}

	/**
	 * Empties the events again.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$this->empty_events();
		parent::tearDown();
	}

	/**
	 * Deletes every event row.
	 *
	 * @return void
	 */
	private function empty_events(): void {
		global $wpdb;
		$wpdb->query( 'DELETE FROM ' . Schema::table( 'events' ) ); // phpcs:ignore WordPress.DB -- test table reset.
	}

	/**
	 * Stores an event row.
	 *
	 * @param string $kind   Kind.
	 * @param string $name   Name.
	 * @param string $target Target.
	 * @return void
	 */
	private function event( string $kind, string $name, string $target ): void {
		global $wpdb;
		$wpdb->insert( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- test data.
			Schema::table( 'events' ),
			array(
				'day'         => '2026-11-20',
				'kind'        => $kind,
				'name'        => $name,
				'target_hash' => md5( $target ),
				'target'      => $target,
				'count'       => 3,
			)
		);
	}

	/**
	 * The exporter finds the custom events whose data holds the address, the eraser removes exactly those.
	 *
	 * @return void
	 */
	public function test_export_and_erase_custom_events_with_the_address(): void {
		$this->event( 'custom', 'signup', '{"email":"ann@example.test","resource_id":5}' );
		$this->event( 'custom', 'signup', '{"email":"bob@example.test","resource_id":5}' );
		$this->event( 'click', 'example.test', 'https://example.test/?to=ann@example.test' );

		$export = Privacy::export( 'ann@example.test' );
		$this->assertTrue( $export['done'] );
		$this->assertCount( 1, $export['data'] );
		$this->assertSame( Privacy::ID, $export['data'][0]['group_id'] );
		$values = array_column( $export['data'][0]['data'], 'value' );
		$this->assertSame( array( '2026-11-20', 'signup', '{"email":"ann@example.test","resource_id":5}', '3' ), $values );
		$this->assertSame( array(), Privacy::export( 'nobody@example.test' )['data'] );
		$this->assertSame( array(), Privacy::export( '' )['data'] );
		// LIKE wildcards in the address match literally.
		$this->assertSame( array(), Privacy::export( '%' )['data'] );

		$erased = Privacy::erase( 'ann@example.test' );
		$this->assertSame( 1, $erased['items_removed'] );
		$this->assertTrue( $erased['done'] );
		$this->assertSame( array(), Privacy::export( 'ann@example.test' )['data'] );
		$this->assertCount( 1, Privacy::export( 'bob@example.test' )['data'] );
		global $wpdb;
		$this->assertSame( '1', (string) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'events' ) . " WHERE kind = 'click'" ) ); // phpcs:ignore WordPress.DB -- test read-back.
	}

	/**
	 * Both are registered with core's privacy tools.
	 *
	 * @return void
	 */
	public function test_registered_with_the_privacy_tools(): void {
		$this->assertArrayHasKey( Privacy::ID, apply_filters( 'wp_privacy_personal_data_exporters', array() ) );
		$this->assertArrayHasKey( Privacy::ID, apply_filters( 'wp_privacy_personal_data_erasers', array() ) );
	}
}
