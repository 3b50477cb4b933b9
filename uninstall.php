<?php
/**
 * Uninstall: removes Tessera's options (page speed, consent settings, consent log, statistics, forms), the consent
 * log, statistics and form entry tables, the forms, the galleries and albums, the image tags (the images stay in the
 * media library), the lightbox's settings and the gallery render cache, the log's scheduled pruning and page-speed post meta (on every site of a network).
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
	// The blocked videos' thumbnails: their fetches, their transients and their folder in the uploads.
	wp_unschedule_hook( 'tessera_consent_fetch_video_thumbnail' );
	$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_tessera\\_vthumb\\_%' OR option_name LIKE '\\_transient\\_timeout\\_tessera\\_vthumb\\_%'" ); // phpcs:ignore WordPress.DB -- fixed pattern.
	$tessera_uploads = wp_upload_dir( null, false );
	$tessera_thumbs  = is_string( $tessera_uploads['basedir'] ?? null ) ? $tessera_uploads['basedir'] . '/tessera/video-thumbnails' : '';
	if ( '' !== $tessera_thumbs && is_dir( $tessera_thumbs ) ) {
		foreach ( (array) glob( $tessera_thumbs . '/*' ) as $tessera_file ) {
			wp_delete_file( (string) $tessera_file );
		}
		@rmdir( $tessera_thumbs ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- Our own folder; left when not empty.
		@rmdir( dirname( $tessera_thumbs ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- uploads/tessera, when nothing else is in it.
	}
	// Rate-limit counters of the consent log endpoint.
	$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_tessera\\_clog\\_rate\\_%' OR option_name LIKE '\\_transient\\_timeout\\_tessera\\_clog\\_rate\\_%'" ); // phpcs:ignore WordPress.DB -- fixed pattern.
	// Visitor statistics: the aggregate tables and their options.
	foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'events', 'online', 'rate', 'days', 'pages_month', 'referrers_month' ) as $tessera_table ) {
		$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}tessera_stats_{$tessera_table}" ); // phpcs:ignore WordPress.DB -- fixed table names.
	}
	$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}tessera_rate_limits" ); // phpcs:ignore WordPress.DB -- a fixed table name.
	delete_option( 'tessera_trusted_proxies' );
	foreach ( array( 'tessera_stats_db_version', 'tessera_stats_salt', 'tessera_stats_rate_limit', 'tessera_stats_secret', 'tessera_stats_settings', 'tessera_stats_import_wps', 'tessera_stats_import_wps_lock', 'tessera_stats_install_lock' ) as $tessera_option ) {
		delete_option( $tessera_option );
	}
	// Forms: their entries (tables), the forms themselves, their options and rate-limit counters.
	foreach ( array( 'tessera_form_entries', 'tessera_form_entry_values' ) as $tessera_table ) {
		$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}{$tessera_table}" ); // phpcs:ignore WordPress.DB -- fixed table names.
	}
	foreach ( get_posts( array( 'post_type' => 'tessera_form', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) as $tessera_form ) {
		wp_delete_post( (int) $tessera_form, true );
	}
	foreach ( array( 'tessera_forms_db_version', 'tessera_forms_install_lock', 'tessera_forms_rate_limit', 'tessera_forms_retention_days' ) as $tessera_option ) {
		delete_option( $tessera_option );
	}
	$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_tessera\\_form\\_rate\\_%' OR option_name LIKE '\\_transient\\_timeout\\_tessera\\_form\\_rate\\_%'" ); // phpcs:ignore WordPress.DB -- fixed pattern.
	wp_clear_scheduled_hook( 'tessera_forms_retention' );
	// Galleries and albums (the images stay: they belong to the media library), the image tags and their links.
	foreach ( get_posts( array( 'post_type' => array( 'tessera_gallery', 'tessera_album' ), 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids' ) ) as $tessera_gallery ) {
		wp_delete_post( (int) $tessera_gallery, true );
	}
	$tessera_tags = $wpdb->get_results( $wpdb->prepare( "SELECT term_taxonomy_id, term_id FROM {$wpdb->term_taxonomy} WHERE taxonomy = %s", 'tessera_image_tag' ) ); // phpcs:ignore WordPress.DB -- uninstall; the taxonomy is not registered here.
	foreach ( is_array( $tessera_tags ) ? $tessera_tags : array() as $tessera_tag ) {
		$wpdb->delete( $wpdb->term_relationships, array( 'term_taxonomy_id' => (int) $tessera_tag->term_taxonomy_id ) ); // phpcs:ignore WordPress.DB
		$wpdb->delete( $wpdb->term_taxonomy, array( 'term_taxonomy_id' => (int) $tessera_tag->term_taxonomy_id ) ); // phpcs:ignore WordPress.DB
		if ( ! $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->term_taxonomy} WHERE term_id = %d", (int) $tessera_tag->term_id ) ) ) { // phpcs:ignore WordPress.DB
			$wpdb->delete( $wpdb->terms, array( 'term_id' => (int) $tessera_tag->term_id ) ); // phpcs:ignore WordPress.DB
			$wpdb->delete( $wpdb->termmeta, array( 'term_id' => (int) $tessera_tag->term_id ) ); // phpcs:ignore WordPress.DB
		}
	}
	clean_taxonomy_cache( 'tessera_image_tag' );
	// The lightbox's settings, and the render cache of large gallery pages (its version and its entries).
	delete_option( 'tessera_lightbox' );
	delete_option( 'tessera_gallery_render_version' );
	$wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\_transient\\_tessera\\_gv\\_%' OR option_name LIKE '\\_transient\\_timeout\\_tessera\\_gv\\_%'" ); // phpcs:ignore WordPress.DB -- fixed pattern.
	wp_clear_scheduled_hook( 'tessera_stats_retention' );
	wp_clear_scheduled_hook( 'tessera_stats_prune' );
	foreach ( array( '_tessera_speed', '_tessera_speed_error', '_tessera_demo', '_tessera_redirect_url' ) as $tessera_meta_key ) {
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
