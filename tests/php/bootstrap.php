<?php
/**
 * PHPUnit bootstrap: loads the test WordPress (with Tessera active) in this process.
 *
 * Environment:
 * - TESSERA_WP_DIR: the site root that holds wp-load.php (e.g. wp-<checkout>/test/site), required.
 * - WP_BASE_URL:    the site's URL (default http://127.0.0.1:8890); sets HTTP_HOST and friends.
 * - FAKE_PSI_URL:   the fake PageSpeed Insights server; tests that need it are skipped without it.
 *
 * There is no WordPress test library here: every test cleans up what it creates (see TestCase).
 *
 * @package Tessera
 */

declare(strict_types=1);

// PHPUnit includes this file from inside a method: the variables wp-config.php and wp-settings.php
// set at "top level" must be bound to the globals that WordPress reads with `global`.
global $table_prefix, $wpdb, $wp_version, $wp_db_version, $wp_rewrite, $wp, $wp_query, $wp_the_query,
	$wp_locale, $wp_embed, $wp_widget_factory, $wp_roles, $wp_scripts, $wp_styles, $wp_filter, $wp_actions,
	$wp_current_filter, $shortcode_tags, $wp_plugin_paths, $pagenow, $allowedposttags, $allowedtags;

$tessera_wp_dir = rtrim( (string) getenv( 'TESSERA_WP_DIR' ), '/' );
if ( '' === $tessera_wp_dir || ! is_file( $tessera_wp_dir . '/wp-load.php' ) ) {
	fwrite( STDERR, "Set TESSERA_WP_DIR to the test site's root (the folder with wp-load.php), e.g. wp-<checkout>/test/site.\n" );
	exit( 1 );
}

$tessera_base = parse_url( getenv( 'WP_BASE_URL' ) ?: 'http://127.0.0.1:8890' );
if ( ! is_array( $tessera_base ) || empty( $tessera_base['host'] ) ) {
	fwrite( STDERR, "WP_BASE_URL is not a URL.\n" );
	exit( 1 );
}
$_SERVER['HTTP_HOST']       = $tessera_base['host'] . ( isset( $tessera_base['port'] ) ? ':' . $tessera_base['port'] : '' );
$_SERVER['SERVER_NAME']     = $tessera_base['host'];
$_SERVER['SERVER_PORT']     = (string) ( $tessera_base['port'] ?? ( 'https' === ( $tessera_base['scheme'] ?? 'http' ) ? 443 : 80 ) );
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
if ( 'https' === ( $tessera_base['scheme'] ?? 'http' ) ) {
	$_SERVER['HTTPS'] = 'on';
}

require $tessera_wp_dir . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/user.php';
require_once ABSPATH . 'wp-admin/includes/post.php';
require_once ABSPATH . 'wp-admin/includes/template.php';

if ( ! class_exists( \Tessera\Plugin::class ) ) {
	fwrite( STDERR, "Tessera is not active on the test site in $tessera_wp_dir (activate tessera/plugin.php).\n" );
	exit( 1 );
}
if ( realpath( TESSERA_DIR ) !== realpath( dirname( __DIR__, 2 ) ) ) {
	fwrite( STDERR, 'Note: the site runs Tessera from ' . TESSERA_DIR . ', not from this checkout (' . dirname( __DIR__, 2 ) . ").\n" );
}

wp_set_current_user( 0 );

require_once __DIR__ . '/AjaxDie.php';
require_once __DIR__ . '/TestCase.php';
require_once __DIR__ . '/ConsentTestCase.php';
require_once __DIR__ . '/GalleryTestCase.php';
