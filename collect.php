<?php
/**
 * The statistics collector's fast entry point (docs/stats.md, "Collector"): hands `POST
 * collect.php?endpoint=hit|online` to Tessera\Stats\Collector and answers JSON. WordPress itself is not loaded:
 * Tessera\Stats\Direct reads the database settings from a standard wp-config.php and connects with PDO (MySQL or
 * the SQLite file of the SQLite Database Integration). A wp-config.php it does not recognise as standard makes it
 * load WordPress with SHORTINIT (the database and options, no plugins, no theme) instead.
 *
 * @package Tessera
 */

declare(strict_types=1);

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

require_once __DIR__ . '/includes/Http/CacheHeaders.php';

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
		// Every answer is one visitor's (and a hit stores something): never kept, whatever the method.
		Tessera\Http\CacheHeaders::no_store();
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

// SHORTINIT and the direct mode skip the plugin's autoloader: load the collector's classes directly.
require_once __DIR__ . '/includes/Stats/Schema.php';
require_once __DIR__ . '/includes/Stats/Db.php';
require_once __DIR__ . '/includes/Stats/Direct.php';
require_once __DIR__ . '/includes/Stats/IpRange.php';
require_once __DIR__ . '/includes/Stats/Visitor.php';
require_once __DIR__ . '/includes/Stats/RateLimit.php';
require_once __DIR__ . '/includes/Http/ClientAddress.php';
require_once __DIR__ . '/includes/Http/RateLimiter.php';
require_once __DIR__ . '/includes/Http/Url.php';
require_once __DIR__ . '/includes/Stats/Collector.php';

// `wp=1`: this request must load WordPress (the first hit of a site, which creates the tables; see below).
$tessera_wp     = isset( $_GET['wp'] ) && '1' === $_GET['wp']; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a switch of the public collector, same checks either way.
$tessera_direct = $tessera_wp ? null : Tessera\Stats\Direct::available( dirname( $tessera_load ) );
try {
	if ( null !== $tessera_direct ) {
		Tessera\Stats\Direct::connect( dirname( $tessera_load ), $tessera_direct );
		if ( ! Tessera\Stats\Direct::current() ) {
			// Creating the tables needs WordPress (dbDelta, or the SQLite integration's translation): send the
			// very first hit (or the first after an update that adds tables) again, body and all (307), to this
			// file with WordPress loaded.
			if ( ! headers_sent() ) {
				header( 'Location: ?endpoint=' . rawurlencode( $tessera_endpoint ) . '&wp=1', true, 307 );
				Tessera\Http\CacheHeaders::no_store();
			}
			exit;
		}
	} else {
		Tessera\Stats\Direct::shortinit();
		require $tessera_load;
	}
	// Nothing here runs wp_magic_quotes(): $_POST and $_SERVER are raw.
	$tessera_agent  = isset( $_SERVER['HTTP_USER_AGENT'] ) && is_string( $_SERVER['HTTP_USER_AGENT'] ) ? substr( $_SERVER['HTTP_USER_AGENT'], 0, 1000 ) : '';
	$tessera_answer = ( new Tessera\Stats\Collector() )->$tessera_endpoint( $_POST, Tessera\Http\ClientAddress::from( $_SERVER ), $tessera_agent ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- public collector: signed and rate-limited.
} catch ( PDOException $tessera_error ) {
	// The database is unreachable or busy beyond the wait: nothing was stored (the transaction rolled back).
	// The message stays in the server (it may name the database host).
	$tessera_answer = Tessera\Stats\Collector::error( 503, 'Statistics storage is unavailable.' );
}
$tessera_send( $tessera_answer['status'], $tessera_answer['body'] );
