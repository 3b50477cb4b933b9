<?php
/**
 * The statistics collector's fast entry point (docs/stats.md, "Collector"): loads WordPress with SHORTINIT (the
 * database and options, no plugins, no theme), then hands `POST collect.php?endpoint=hit|online` to
 * Tessera\Stats\Collector and answers JSON.
 *
 * @package Tessera
 */

declare(strict_types=1);

define( 'SHORTINIT', true );

/*
 * Find wp-load.php. The plugin folder may be a symlink (the local sites): __DIR__ and a SCRIPT_FILENAME that the
 * server resolved (PHP's built-in server with bin/lib/router.php does) point into the checkout, so the
 * document root + SCRIPT_NAME path (the symlinked one) is tried as well.
 */
$tessera_starts = array();
if ( isset( $_SERVER['SCRIPT_FILENAME'] ) && is_string( $_SERVER['SCRIPT_FILENAME'] ) ) {
	$tessera_starts[] = dirname( $_SERVER['SCRIPT_FILENAME'] );
}
if ( isset( $_SERVER['DOCUMENT_ROOT'], $_SERVER['SCRIPT_NAME'] ) && is_string( $_SERVER['DOCUMENT_ROOT'] ) && is_string( $_SERVER['SCRIPT_NAME'] ) && '' !== $_SERVER['DOCUMENT_ROOT'] ) {
	$tessera_starts[] = dirname( rtrim( $_SERVER['DOCUMENT_ROOT'], '/' ) . '/' . ltrim( $_SERVER['SCRIPT_NAME'], '/' ) );
}
$tessera_starts[] = __DIR__;
$tessera_load     = null;
foreach ( $tessera_starts as $tessera_dir ) {
	for ( $tessera_depth = 0; $tessera_depth < 8 && null === $tessera_load; $tessera_depth++ ) {
		if ( is_file( $tessera_dir . '/wp-load.php' ) ) {
			$tessera_load = $tessera_dir . '/wp-load.php';
		}
		$tessera_parent = dirname( $tessera_dir );
		if ( $tessera_parent === $tessera_dir ) {
			break;
		}
		$tessera_dir = $tessera_parent;
	}
	if ( null !== $tessera_load ) {
		break;
	}
}

/**
 * Sends a JSON answer and ends the request.
 *
 * @param int                  $status HTTP status.
 * @param array<string, mixed> $body   Body.
 * @return never
 */
$tessera_send = static function ( int $status, array $body ): void {
	if ( ! headers_sent() ) {
		http_response_code( $status );
		header( 'Content-Type: application/json; charset=utf-8' );
		header( 'Cache-Control: no-store, max-age=0' );
		header( 'X-Content-Type-Options: nosniff' );
		header( 'X-Robots-Tag: noindex' );
		if ( 405 === $status ) {
			header( 'Allow: POST' );
		}
	}
	echo json_encode( $body ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode, WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON answer.
	exit;
};

if ( null === $tessera_load ) {
	$tessera_send(
		500,
		array(
			'status'  => false,
			'message' => 'WordPress not found.',
		)
	);
}

if ( 'POST' !== ( $_SERVER['REQUEST_METHOD'] ?? '' ) ) {
	$tessera_send(
		405,
		array(
			'status'  => false,
			'message' => 'Only POST is allowed.',
		)
	);
}

$tessera_endpoint = isset( $_GET['endpoint'] ) && is_string( $_GET['endpoint'] ) ? $_GET['endpoint'] : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- public collector.
if ( 'hit' !== $tessera_endpoint && 'online' !== $tessera_endpoint ) {
	$tessera_send(
		400,
		array(
			'status'  => false,
			'message' => 'Unknown endpoint.',
		)
	);
}

require $tessera_load;

// SHORTINIT skips the plugin's autoloader: load the collector's classes directly.
require_once __DIR__ . '/includes/Stats/Schema.php';
require_once __DIR__ . '/includes/Stats/Visitor.php';
require_once __DIR__ . '/includes/Stats/RateLimit.php';
require_once __DIR__ . '/includes/Stats/Collector.php';

// SHORTINIT does not run wp_magic_quotes(): $_POST and $_SERVER are raw here.
$tessera_address = isset( $_SERVER['REMOTE_ADDR'] ) && is_string( $_SERVER['REMOTE_ADDR'] ) && false !== filter_var( $_SERVER['REMOTE_ADDR'], FILTER_VALIDATE_IP ) ? $_SERVER['REMOTE_ADDR'] : '';
$tessera_agent   = isset( $_SERVER['HTTP_USER_AGENT'] ) && is_string( $_SERVER['HTTP_USER_AGENT'] ) ? substr( $_SERVER['HTTP_USER_AGENT'], 0, 1000 ) : '';
$tessera_answer  = ( new Tessera\Stats\Collector() )->$tessera_endpoint( $_POST, $tessera_address, $tessera_agent ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- public collector: signed and rate-limited.
$tessera_send( $tessera_answer['status'], $tessera_answer['body'] );
