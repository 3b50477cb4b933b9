<?php
/**
 * Demo content for cookie consent: the page /demo-consent/ with a YouTube embed and two third-party scripts
 * (one in the page, one inserted by code after load), served by the fake server on 127.0.0.1
 * (tests/fake-psi/server.mjs, URL in TESSERA_FAKE_URL), the provider that blocks them (analytics), and the
 * consent-banner block showing the cookie table.
 *
 * Include it inside a loaded WordPress as an administrator (`bin/site demo <env>` does). Idempotent.
 *
 * @package Tessera
 */

declare(strict_types=1);

use Tessera\Consent\Settings;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function (): void {
	if ( ! class_exists( Settings::class ) ) {
		echo "consent demo: the Tessera plugin is not active\n";
		return;
	}
	$fake = getenv( 'TESSERA_FAKE_URL' );
	$fake = is_string( $fake ) && '' !== $fake ? untrailingslashit( $fake ) : 'http://127.0.0.1:8891';
	$host = (string) wp_parse_url( $fake, PHP_URL_HOST ) . ':' . (string) wp_parse_url( $fake, PHP_URL_PORT );

	// The provider that holds the fake third-party scripts back until analytics is accepted.
	$pattern   = preg_quote( $host, '' ) . '/third-party/';
	$pattern   = str_replace( array( '\\:' ), array( ':' ), $pattern );
	$providers = Settings::get()['providers'];
	if ( ! in_array( $pattern, array_column( $providers, 're' ), true ) ) {
		$providers[] = array(
			're'           => $pattern,
			'categories'   => array( 'analytics' ),
			'fullPath'     => false,
			'isOverridden' => false,
		);
		$saved = Settings::update( array( 'providers' => $providers ) );
		if ( is_wp_error( $saved ) ) {
			echo 'consent demo: ' . esc_html( $saved->get_error_message() ) . "\n";
			return;
		}
	}

	// The page is the one at /demo-consent/ (its marker meta may have been cleared, e.g. by the uninstall test).
	if ( null !== get_page_by_path( 'demo-consent' ) ) {
		return;
	}

	$tracker = esc_url( $fake . '/third-party/tracker.js' );
	$late    = wp_json_encode( $fake . '/third-party/late.js', JSON_HEX_TAG | JSON_UNESCAPED_SLASHES );
	$content = <<<HTML
<!-- wp:paragraph -->
<p>This page shows what cookie consent holds back. The video below is an advertisement embed (YouTube) and two analytics scripts come from a third-party server: one printed in the page, one inserted by code after the page loaded. None of them loads before you accept their category in the banner; accept, and they load without a reload. Change your mind with the consent button in the corner.</p>
<!-- /wp:paragraph -->

<!-- wp:heading -->
<h2 class="wp-block-heading">A YouTube embed</h2>
<!-- /wp:heading -->

<!-- wp:html -->
<iframe id="demo-video" width="560" height="315" src="https://www.youtube.com/embed/M7lc1UVf-VE" title="YouTube video player" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture" allowfullscreen></iframe>
<!-- /wp:html -->

<!-- wp:heading -->
<h2 class="wp-block-heading">Third-party analytics scripts</h2>
<!-- /wp:heading -->

<!-- wp:html -->
<p>Scripts that ran: <output id="demo-third-party">none</output></p>
<script id="demo-tracker" src="{$tracker}"></script>
<script>
window.addEventListener( 'load', function () {
	var s = document.createElement( 'script' );
	s.id = 'demo-late';
	s.src = {$late};
	document.body.appendChild( s );
} );
setInterval( function () {
	var ran = window.tesseraThirdParty || [];
	document.getElementById( 'demo-third-party' ).textContent = ran.length ? ran.join( ', ' ) : 'none';
}, 250 );
</script>
<!-- /wp:html -->

<!-- wp:heading -->
<h2 class="wp-block-heading">The cookies of this site</h2>
<!-- /wp:heading -->

<!-- wp:tessera/consent-banner {"display":"cookie-table"} /-->
HTML;

	$id = wp_insert_post(
		array(
			'post_type'    => 'page',
			'post_status'  => 'publish',
			'post_title'   => 'Demo: cookie consent',
			'post_name'    => 'demo-consent',
			'post_content' => $content,
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		echo 'consent demo: ' . esc_html( $id->get_error_message() ) . "\n";
		return;
	}
	update_post_meta( $id, '_tessera_demo', 'consent' );
	echo 'consent demo: ' . esc_url( get_permalink( $id ) ) . "\n";
} )();
