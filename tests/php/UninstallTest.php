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

		// The lightbox's settings and the render cache (its version, an entry).
		update_option( \Tessera\Lightbox\Settings::OPTION, array( 'popup_width' => 900 ) );
		\Tessera\Gallery\RenderCache::bump();
		set_transient( 'tessera_gv_' . md5( 'uninstall' ), array( 'html' => '', 'images' => 0 ), DAY_IN_SECONDS );
		// Galleries: a gallery, an album, an image tag on an attachment (the attachment stays).
		$gallery    = $this->make_post( array( 'post_type' => \Tessera\Gallery\PostTypes::GALLERY ) );
		$album      = $this->make_post( array( 'post_type' => \Tessera\Gallery\PostTypes::ALBUM ) );
		$attachment = $this->make_post(
			array(
				'post_type'      => 'attachment',
				'post_status'    => 'inherit',
				'post_mime_type' => 'image/jpeg',
			)
		);
		$tag        = wp_insert_term( 'uninstall-test-' . wp_generate_password( 6, false, false ), \Tessera\Gallery\PostTypes::TAG_TAXONOMY );
		$this->assertIsArray( $tag );
		wp_set_object_terms( $attachment->ID, array( (int) $tag['term_id'] ), \Tessera\Gallery\PostTypes::TAG_TAXONOMY );

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
		$this->assertSame( '0', (string) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->options} WHERE option_name LIKE '%tessera\\_gv\\_%'" ), 'render cache entries deleted' ); // phpcs:ignore WordPress.DB
		foreach ( array( SpeedStore::OPTION_LOCK, SpeedStore::OPTION_LAST, Settings::OPTION, \Tessera\Lightbox\Settings::OPTION, \Tessera\Gallery\RenderCache::VERSION_OPTION, 'tessera_consent_settings', \Tessera\Consent\Log\LogTable::OPTION_DB_VERSION, \Tessera\Consent\Log\Retention::OPTION, \Tessera\Stats\Schema::OPTION_DB_VERSION ) as $option ) {
			wp_cache_delete( $option, 'options' );
			$this->assertFalse( get_option( $option, false ), "$option deleted" );
		}
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_RESULT, true ) );
		$this->assertSame( '', get_post_meta( $post->ID, SpeedStore::META_ERROR, true ) );
		$this->assertInstanceOf( \WP_Post::class, get_post( $post->ID ), 'content stays' );
		$this->assertNull( get_post( $gallery->ID ), 'galleries deleted' );
		$this->assertNull( get_post( $album->ID ), 'albums deleted' );
		$this->assertInstanceOf( \WP_Post::class, get_post( $attachment->ID ), 'images stay in the media library' );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( "SELECT term_id FROM {$wpdb->terms} WHERE term_id = %d", (int) $tag['term_id'] ) ), 'image tags deleted' ); // phpcs:ignore WordPress.DB
		$this->assertSame( array(), wp_get_object_terms( $attachment->ID, \Tessera\Gallery\PostTypes::TAG_TAXONOMY, array( 'fields' => 'ids' ) ) );
	}
}
