<?php
/**
 * uninstall.php removes the options and post meta of the page-speed check.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Speed\Settings;
use Tessera\Speed\SpeedStore;

/**
 * Runs uninstall.php once in this process (it defines a function).
 */
final class UninstallTest extends TestCase {

	public function test_uninstall_removes_options_and_meta(): void {
		$post  = $this->make_post();
		$store = new SpeedStore();
		$store->save_result(
			$post->ID,
			array(
				'desktop' => array( 'score' => 90, 'tti' => 1.0 ),
				'mobile'  => array( 'score' => 40, 'tti' => 6.0 ),
			)
		);
		$store->save_error( $post->ID, 'PageSpeed Insights could not be reached.' );
		$store->save_last( $post->ID, true );
		update_option(
			Settings::OPTION,
			array(
				'api_key'      => 'to-be-removed',
				'gallery_link' => '',
			)
		);
		update_option( 'tessera_consent_settings', array( 'law' => 'ccpa' ) );
		// The consent log: its table with a row, its options and its daily pruning.
		\Tessera\Consent\Log\LogTable::maybe_install();
		$this->assertGreaterThan( 0, \Tessera\Consent\Log\LogTable::insert( str_repeat( 'a', 32 ), 'gdpr', 'yes', array( 'necessary' => true ), 'abcdefabcdef' ) );
		update_option( \Tessera\Consent\Log\Retention::OPTION, 30 );
		\Tessera\Consent\Log\Retention::schedule();
		$this->assertNotFalse( wp_next_scheduled( \Tessera\Consent\Log\Retention::HOOK ) );
		// Statistics: the aggregate tables.
		\Tessera\Stats\Schema::maybe_install();
		$this->assertTrue( \Tessera\Stats\Schema::exists( 'pages' ) );
		foreach ( \Tessera\Stats\Stats::OPTIONS as $option ) {
			update_option( $option, 'x' );
		}
		\Tessera\Stats\Retention::schedule();
		$this->assertTrue( $store->acquire_lock( $post->ID ) );
		$store->release_lock();
		add_option( SpeedStore::OPTION_LOCK, array( 'post_id' => $post->ID, 'started' => time() ), '', false );

		if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
			define( 'WP_UNINSTALL_PLUGIN', 'tessera/plugin.php' );
		}
		include dirname( __DIR__, 2 ) . '/uninstall.php';

		global $wpdb;
		$table = \Tessera\Consent\Log\LogTable::table();
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $table ) ), 'the consent log table is dropped' );
		$this->assertFalse( wp_next_scheduled( \Tessera\Consent\Log\Retention::HOOK ), 'no pruning left scheduled' );
		foreach ( array_keys( \Tessera\Stats\Schema::TABLES ) as $name ) {
			$this->assertFalse( \Tessera\Stats\Schema::exists( (string) $name ), "stats table $name dropped" );
		}
		foreach ( \Tessera\Stats\Stats::OPTIONS as $option ) {
			wp_cache_delete( $option, 'options' );
			$this->assertFalse( get_option( $option, false ), "stats option $option deleted" );
		}
		$this->assertFalse( wp_next_scheduled( \Tessera\Stats\Retention::HOOK ), 'no statistics clean-up left scheduled' );
		$this->assertFalse( wp_next_scheduled( \Tessera\Stats\Retention::HOOK_HOURLY ) );
		foreach ( array( SpeedStore::OPTION_LOCK, SpeedStore::OPTION_LAST, Settings::OPTION, 'tessera_consent_settings', \Tessera\Consent\Log\LogTable::OPTION_DB_VERSION, \Tessera\Consent\Log\Retention::OPTION, \Tessera\Stats\Schema::OPTION_DB_VERSION ) as $option ) {
			wp_cache_delete( $option, 'options' );
			$this->assertFalse( get_option( $option, false ), "$option deleted" );
		}
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_RESULT, true ) );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_ERROR, true ) );
		$this->assertInstanceOf( \WP_Post::class, get_post( $post->ID ), 'content stays' );
	}
}
