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

