<?php
/**
 * `php wp-php.php <site> <code> [args]`: run PHP inside a fully loaded WordPress as user 1 (bin/site php).
 * With WP_INSTALLING_TESSERA set it loads WordPress in installing mode (no database yet).
 */

$tessera_url                = parse_url( (string) getenv( 'WP_URL' ) );
$_SERVER['HTTP_HOST']       = $tessera_url['host'] . ( isset( $tessera_url['port'] ) ? ':' . $tessera_url['port'] : '' );
$_SERVER['SERVER_NAME']     = $tessera_url['host'];
$_SERVER['SERVER_PORT']     = $tessera_url['port'] ?? 80;
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
if ( getenv( 'WP_INSTALLING_TESSERA' ) ) {
	define( 'WP_INSTALLING', true );
}
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
if ( ! getenv( 'WP_INSTALLING_TESSERA' ) ) {
	wp_set_current_user( 1 );
}
eval( $argv[2] ); // phpcs:ignore Squiz.PHP.Eval.Discouraged,Generic.PHP.ForbiddenFunctions.Found -- a developer's command line, never a request.
