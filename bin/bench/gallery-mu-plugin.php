<?php
/**
 * Plugin Name: Tessera gallery benchmark switch
 * Description: Copied into the test site's mu-plugins by bin/bench/gallery-seed.php. `?tessera-bench=noscript`
 * serves the page without the gallery's scripts: the same HTML and styles, with every script tag of Tessera left
 * out except the site-wide runtime (build/runtime/: the consent banner and the tracker, which every page of the
 * site has, the plain twin page too). bin/bench-gallery.mjs compares a gallery page's blocking time with and
 * without them.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( isset( $_GET['tessera-bench'] ) && 'noscript' === $_GET['tessera-bench'] ) { // phpcs:ignore WordPress.Security.NonceVerification -- a read-only switch of the test site.
	add_filter(
		'script_loader_tag',
		static function ( $tag, $handle, $src ) {
			$src = (string) $src;
			return str_contains( $src, '/plugins/tessera/' ) && ! str_contains( $src, '/plugins/tessera/build/runtime/' ) ? '' : $tag;
		},
		PHP_INT_MAX,
		3
	);
}

/*
 * Server-Timing on every front-end page of the test site: `tessera-gallery` = the time spent rendering gallery
 * and album blocks (from pre_render_block to the first render_block filter) and how many were rendered, `template` = from the request's
 * start to the head (the block template is rendered before it). bin/bench-gallery.mjs reads it.
 */
$GLOBALS['tessera_bench_timing'] = array(
	'gallery' => 0.0,
	'blocks'  => 0,
	'started' => array(),
);
add_filter(
	'pre_render_block',
	static function ( $pre, $block ) {
		if ( in_array( $block['blockName'] ?? '', array( 'tessera/gallery', 'tessera/album' ), true ) ) {
			$GLOBALS['tessera_bench_timing']['started'][] = hrtime( true );
		}
		return $pre;
	},
	PHP_INT_MAX,
	2
);
add_filter(
	'render_block',
	static function ( $content, $block ) {
		if ( in_array( $block['blockName'] ?? '', array( 'tessera/gallery', 'tessera/album' ), true ) ) {
			$start = array_pop( $GLOBALS['tessera_bench_timing']['started'] );
			if ( null !== $start && array() === $GLOBALS['tessera_bench_timing']['started'] ) {
				$GLOBALS['tessera_bench_timing']['gallery'] += ( hrtime( true ) - $start ) / 1e6;
				++$GLOBALS['tessera_bench_timing']['blocks'];
			}
		}
		return $content;
	},
	-PHP_INT_MAX,
	2
);
add_action(
	'wp_head',
	static function () {
		if ( headers_sent() ) {
			return;
		}
		$start = (float) ( $_SERVER['REQUEST_TIME_FLOAT'] ?? microtime( true ) );
		header(
			sprintf(
				'Server-Timing: tessera-gallery;dur=%.1f;desc="%d blocks", template;dur=%.1f',
				$GLOBALS['tessera_bench_timing']['gallery'],
				$GLOBALS['tessera_bench_timing']['blocks'],
				( microtime( true ) - $start ) * 1000
			)
		);
	},
	0
);
