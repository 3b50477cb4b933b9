<?php
/**
 * Plugin Name: Tessera stack: test switches
 * Description: Written by bin/stack into the stack's test site only (`bin/stack start test`), beside the test
 * site's own mu-plugin (bin/lib/test-mu-plugin.php). What the stack's tests (tests/e2e/stack/) need to see and
 * steer that a real site would not expose.
 *
 * - The life of every nonce, in seconds, from the option `tessera_stack_nonce_life` when it is set: a test makes
 *   nonces short-lived so that a page kept in the cache outlives the nonce it was rendered with, without waiting
 *   a day (core's default). Deleting the option restores the default.
 * - `?tessera-stack-node` answers, uncached, which PHP-FPM node ran the request (its pool name, its master's and
 *   its own process id, how many scripts its OPcache holds): the node tests prove two masters and two OPcaches.
 *
 * @package Tessera
 */

declare(strict_types=1);

add_filter(
	'nonce_life',
	static function ( $life ) {
		$short = (int) get_option( 'tessera_stack_nonce_life', 0 );
		return $short > 0 ? $short : $life;
	}
);

if ( isset( $_GET['tessera-stack-node'] ) ) { // phpcs:ignore WordPress.Security.NonceVerification -- a read-only probe of the test stack.
	$tessera_stack_opcache = function_exists( 'opcache_get_status' ) ? opcache_get_status( false ) : false;
	nocache_headers();
	header( 'Cache-Control: no-store' );
	header( 'Content-Type: application/json' );
	echo wp_json_encode(
		array(
			'node'           => (string) getenv( 'WP_NODE' ),
			'master'         => function_exists( 'posix_getppid' ) ? posix_getppid() : 0,
			'pid'            => getmypid(),
			'cachedScripts'  => is_array( $tessera_stack_opcache ) ? (int) $tessera_stack_opcache['opcache_statistics']['num_cached_scripts'] : 0,
			'remoteAddr'     => isset( $_SERVER['REMOTE_ADDR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['REMOTE_ADDR'] ) ) : '',
			'forwardedFor'   => isset( $_SERVER['HTTP_X_FORWARDED_FOR'] ) ? sanitize_text_field( wp_unslash( $_SERVER['HTTP_X_FORWARDED_FOR'] ) ) : '',
			'trustedProxies' => defined( 'TESSERA_TRUSTED_PROXIES' ) ? TESSERA_TRUSTED_PROXIES : null,
		)
	);
	exit;
}
