<?php
/**
 * Uninstall: removes Tessera's options (page speed, consent settings) and page-speed post meta (on every site of a network).
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
	foreach ( array( 'tessera_speed_running', 'tessera_speed_last', 'tessera_speed_settings', 'tessera_consent_settings' ) as $tessera_option ) {
		delete_option( $tessera_option );
	}
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
