<?php
/**
 * Must-use plugin of the test site only (bin/site copies it there): settings a browser suite needs that a real
 * site would not want.
 *
 * - The consent log accepts 20 records per 10 minutes from one address; every browser test comes from
 *   127.0.0.1, so the suite raises the limit (the PHP tests check the default and this filter).
 *
 * @package Tessera
 */

declare(strict_types=1);

add_filter( 'tessera_consent_log_rate_limit', static fn (): int => 100000 );

/*
 * The benchmark's control page (bin/bench-consent.mjs): `?tessera-bench=off` serves the same page with Tessera
 * not loaded at all (mu-plugins load before plugins), so both pages are measured side by side in one run.
 */
if ( isset( $_GET['tessera-bench'] ) && 'off' === $_GET['tessera-bench'] ) { // phpcs:ignore WordPress.Security.NonceVerification -- a read-only switch of the test site.
	add_filter(
		'option_active_plugins',
		static fn ( $plugins ): array => array_values( array_diff( (array) $plugins, array( 'tessera/plugin.php' ) ) )
	);
}


/*
 * Front-end pages compressed when the browser accepts it, as a production server does (bin/lib/router.php does
 * the same for static text files): Lighthouse's simulated network (bin/bench-forms.mjs) counts the bytes that
 * travel. Also the HTML that admin-ajax answers to GET requests (the lightbox's popups, a gallery's pages:
 * bin/bench-lightbox.mjs weighs an opening); not the REST API, admin-ajax's POSTs or the collector.
 */
$tessera_compress_html = static function (): void {
	if ( headers_sent() || filter_var( ini_get( 'zlib.output_compression' ), FILTER_VALIDATE_BOOLEAN ) ) {
		return;
	}
	// HTML only: a file served from template_redirect (the entry PDF) keeps its bytes and its Content-Length.
	ob_start(
		static function ( string $buffer, int $phase ) {
			// No body, nothing to compress: a 304 carrying a gzip stream of nothing breaks HTTP clients (the whole
			// output in one call, and empty).
			$whole = PHP_OUTPUT_HANDLER_START === ( $phase & PHP_OUTPUT_HANDLER_START ) && PHP_OUTPUT_HANDLER_FINAL === ( $phase & PHP_OUTPUT_HANDLER_FINAL );
			if ( '' === $buffer && $whole ) {
				return $buffer;
			}
			foreach ( headers_list() as $header ) {
				if ( 0 === stripos( $header, 'content-type:' ) && false === stripos( $header, 'text/html' ) ) {
					return $buffer;
				}
			}
			return ob_gzhandler( $buffer, $phase );
		}
	);
};
add_action( 'template_redirect', $tessera_compress_html, 0 );
add_action(
	'admin_init',
	static function () use ( $tessera_compress_html ): void {
		if ( wp_doing_ajax() && 'GET' === ( $_SERVER['REQUEST_METHOD'] ?? '' ) ) {
			$tessera_compress_html();
		}
	},
	0
);
