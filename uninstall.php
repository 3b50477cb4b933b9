<?php
/**
 * Uninstall: removes Tessera's options (page speed, consent settings, consent log), the consent log table, its
 * scheduled pruning and page-speed post meta (on every site of a network).
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

/**
 * Deletes the page-speed data of the current site.
 */
$tessera_uninstall_site = static function (): void {
	global $wpdb;
	foreach ( array( 'tessera_speed_running', 'tessera_speed_last', 'tessera_speed_settings', 'tessera_consent_settings', 'tessera_consent_log_db_version', 'tessera_consent_log_retention' ) as $tessera_option ) {
		delete_option( $tessera_option );
	}
	$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}tessera_consent_log" ); // phpcs:ignore WordPress.DB -- a fixed table name, nothing to prepare.
	wp_clear_scheduled_hook( 'tessera_consent_log_prune' );
	// Rate-limit counters of the consent log endpoint.
	$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_tessera\\_clog\\_rate\\_%' OR option_name LIKE '\\_transient\\_timeout\\_tessera\\_clog\\_rate\\_%'" ); // phpcs:ignore WordPress.DB -- fixed pattern.
	foreach ( array( '_tessera_speed', '_tessera_speed_error', '_tessera_demo' ) as $tessera_meta_key ) {
		delete_post_meta_by_key( $tessera_meta_key );
	}
};

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $tessera_site_id ) {
		switch_to_blog( (int) $tessera_site_id );
		$tessera_uninstall_site();
		restore_current_blog();
	}
} else {
	$tessera_uninstall_site();
}
