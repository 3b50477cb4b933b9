<?php
/**
 * Plugin Name: Tessera local site tweaks
 * Description: Written by bin/site into the local sites only: no mail (no sendmail here), no avatars,
 * and no update checks that would call the internet on every admin page.
 */

add_filter( 'pre_wp_mail', '__return_true' );
add_filter( 'pre_option_show_avatars', '__return_zero' );
foreach ( array(
	array( 'admin_init', '_maybe_update_core' ),
	array( 'admin_init', '_maybe_update_plugins' ),
	array( 'admin_init', '_maybe_update_themes' ),
	array( 'wp_version_check', 'wp_version_check' ),
	array( 'wp_update_plugins', 'wp_update_plugins' ),
	array( 'wp_update_themes', 'wp_update_themes' ),
	array( 'load-plugins.php', 'wp_update_plugins' ),
	array( 'load-themes.php', 'wp_update_themes' ),
	array( 'load-update.php', 'wp_update_plugins' ),
	array( 'load-update.php', 'wp_update_themes' ),
	array( 'load-update-core.php', 'wp_update_plugins' ),
	array( 'load-update-core.php', 'wp_update_themes' ),
	array( 'wp_maybe_auto_update', 'wp_maybe_auto_update' ),
	array( 'init', 'wp_schedule_update_checks' ),
) as $tessera_hook ) {
	remove_action( $tessera_hook[0], $tessera_hook[1] );
}
// The dashboard's news and events widgets fetch feeds from the internet.
add_action(
	'wp_dashboard_setup',
	static function () {
		remove_meta_box( 'dashboard_primary', 'dashboard', 'side' );
	}
);
