<?php
/**
 * Router for PHP's built-in web server (bin/site): static files as they are, *.php executed, every other
 * path to index.php, as Apache's or nginx' usual WordPress rules do. Dot-files are never served.
 */

$tessera_root = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$tessera_path = rawurldecode( (string) ( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) ?? '/' ) );
if ( preg_match( '#/\.|/node_modules/#', $tessera_path ) ) {
	http_response_code( 403 );
	return true;
}
$tessera_file = realpath( $tessera_root . $tessera_path );
if ( false !== $tessera_file && is_dir( $tessera_file ) ) {
	if ( substr( $tessera_path, -1 ) !== '/' ) {
		$tessera_qs = $_SERVER['QUERY_STRING'] ?? '';
		header( 'Location: ' . $tessera_path . '/' . ( '' !== $tessera_qs ? '?' . $tessera_qs : '' ), true, 301 );
		return true;
	}
	$tessera_file = is_file( $tessera_file . '/index.php' ) ? $tessera_file . '/index.php' : false;
}
if ( false !== $tessera_file && is_file( $tessera_file ) ) {
	if ( substr( $tessera_file, -4 ) !== '.php' ) {
		// Text files compressed when the client accepts it, as every production server does (the benchmarks'
		// page weights and Lighthouse's simulated network would count uncompressed bytes otherwise).
		$tessera_types = array(
			'css'  => 'text/css; charset=UTF-8',
			'js'   => 'text/javascript; charset=UTF-8',
			'svg'  => 'image/svg+xml',
			'json' => 'application/json',
			'html' => 'text/html; charset=UTF-8',
		);
		$tessera_ext   = strtolower( pathinfo( $tessera_file, PATHINFO_EXTENSION ) );
		if ( isset( $tessera_types[ $tessera_ext ] ) && str_contains( (string) ( $_SERVER['HTTP_ACCEPT_ENCODING'] ?? '' ), 'gzip' ) ) {
			$tessera_body = gzencode( (string) file_get_contents( $tessera_file ), 6 );
			header( 'Content-Type: ' . $tessera_types[ $tessera_ext ] );
			header( 'Content-Encoding: gzip' );
			header( 'Vary: Accept-Encoding' );
			header( 'Content-Length: ' . strlen( $tessera_body ) );
			header( 'Cache-Control: max-age=0' );
			header( 'Last-Modified: ' . gmdate( 'D, d M Y H:i:s', (int) filemtime( $tessera_file ) ) . ' GMT' );
			echo $tessera_body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a file of the site, compressed.
			return true;
		}
		return false; // php -S sends the static file itself.
	}
	$_SERVER['SCRIPT_FILENAME'] = $tessera_file;
	$_SERVER['SCRIPT_NAME']     = substr( $tessera_path, -4 ) === '.php' ? $tessera_path : rtrim( $tessera_path, '/' ) . '/index.php';
	$_SERVER['PHP_SELF']        = $_SERVER['SCRIPT_NAME'];
	chdir( dirname( $tessera_file ) );
	require $tessera_file;
	return true;
}
$_SERVER['SCRIPT_FILENAME'] = $tessera_root . '/index.php';
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
chdir( $tessera_root );
require $tessera_root . '/index.php';
