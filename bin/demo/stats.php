<?php
/**
 * Demo content for visitor statistics: the page /demo-stats/ with the view-counter and popular-posts blocks, an
 * outbound link, a file download, a custom event button and an in-page navigation (history.pushState), so that
 * every kind of hit and event the tracker sends can be made by hand (or by the end-to-end tests) and then read on
 * the page itself and in the Statistics dashboard.
 *
 * Include it inside a loaded WordPress as an administrator (`bin/site demo <env>` does). Idempotent.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function (): void {
	if ( ! class_exists( \Tessera\Stats\Frontend::class ) ) {
		echo "stats demo: the Tessera plugin is not active\n";
		return;
	}
	$fake = getenv( 'TESSERA_FAKE_URL' );
	$fake = is_string( $fake ) && '' !== $fake ? untrailingslashit( $fake ) : 'http://127.0.0.1:8891';

	// A small, real PDF to download (the download event is recognised by its extension).
	$uploads = wp_upload_dir();
	$dir     = trailingslashit( $uploads['basedir'] ) . 'tessera-demo';
	$file    = $dir . '/price-list.pdf';
	if ( ! is_file( $file ) ) {
		wp_mkdir_p( $dir );
		$pdf = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
			. "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
		file_put_contents( $file, $pdf ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- demo file in uploads.
	}
	$pdf_url = esc_url( trailingslashit( $uploads['baseurl'] ) . 'tessera-demo/price-list.pdf' );
	$out_url = esc_url( $fake . '/outbound/' );

	// Four weeks of plausible traffic over the site's own pages, ending yesterday, so that a newcomer sees what
	// the Statistics dashboard shows (issue 20). On the dev site only (the test site's numbers are the tests'),
	// and only while those weeks have no visits at all: it never touches real hits, and runs once.
	if ( 'dev' === getenv( 'TESSERA_DEMO_ENV' ) ) {
		$tessera_seed_args = array( '--days=28', '--hits=6000', '--pages=site', '--if-empty', '--end=' . wp_date( 'Y-m-d', time() - DAY_IN_SECONDS ) );
		require dirname( __DIR__ ) . '/seed-stats.php';
	}

	// The page is the one at /demo-stats/.
	if ( null !== get_page_by_path( 'demo-stats' ) ) {
		return;
	}

	$content = <<<HTML
<!-- wp:paragraph -->
<p>This page is counted by Tessera's visitor statistics: each visit sends one hit (cookie-less, about 150 bytes), an online ping every minute while you are here, and the links and the button below send events. Accept analytics in the cookie banner first: statistics wait for that consent. The numbers below and in the Statistics dashboard come from real visits.</p>
<!-- /wp:paragraph -->

<!-- wp:heading -->
<h2 class="wp-block-heading">Views of this page</h2>
<!-- /wp:heading -->

<!-- wp:tessera/view-counter /-->

<!-- wp:heading -->
<h2 class="wp-block-heading">Most viewed pages this month</h2>
<!-- /wp:heading -->

<!-- wp:tessera/popular-posts {"postType":"page","days":30,"number":5,"showViews":true} /-->

<!-- wp:heading -->
<h2 class="wp-block-heading">Links, downloads and events</h2>
<!-- /wp:heading -->

<!-- wp:html -->
<ul>
<li><a id="demo-outbound" class="demo-link" href="{$out_url}">An outbound link</a> (another host: a link click)</li>
<li><a id="demo-download" class="demo-link" href="{$pdf_url}">The price list (PDF)</a> (a file download)</li>
<li><button id="demo-event" type="button">Subscribe to the newsletter</button> (a custom event: <code>tessera.track( 'newsletter_signup', { plan: 'free' } )</code>)</li>
<li><button id="demo-navigate" type="button">Show the next section without reloading</button> (an in-page navigation: <code>history.pushState</code> sends a new hit)</li>
</ul>
<p id="demo-status" role="status"></p>
<script>
document.getElementById( 'demo-event' ).addEventListener( 'click', function () {
	var status = document.getElementById( 'demo-status' );
	if ( window.tessera && window.tessera.track ) {
		window.tessera.track( 'newsletter_signup', { plan: 'free' } );
		status.textContent = 'Event sent: newsletter_signup.';
	} else {
		status.textContent = 'Statistics are not running on this page (no consent, Do Not Track, or an excluded role).';
	}
} );
document.getElementById( 'demo-navigate' ).addEventListener( 'click', function () {
	var section = Number( new URLSearchParams( location.search ).get( 'section' ) || 1 ) + 1;
	history.pushState( null, '', '?section=' + section );
	document.getElementById( 'demo-status' ).textContent = 'Now on section ' + section + '.';
} );
</script>
<!-- /wp:html -->
HTML;

	$id = wp_insert_post(
		array(
			'post_type'    => 'page',
			'post_status'  => 'publish',
			'post_title'   => 'Demo: visitor statistics',
			'post_name'    => 'demo-stats',
			'post_content' => $content,
		),
		true
	);
	if ( is_wp_error( $id ) ) {
		echo 'stats demo: ' . esc_html( $id->get_error_message() ) . "\n";
		return;
	}
	update_post_meta( $id, '_tessera_demo', 'stats' );
	echo 'stats demo: ' . esc_url( (string) get_permalink( $id ) ) . "\n";
} )();
