<?php
/**
 * Server render time of the 1,000-image gallery block per view (issue 6, "Weight and speed"; docs/gallery.md,
 * "Benchmark"; run by bin/bench-gallery.mjs after bin/bench/gallery-seed.php): for each page
 * `/bench-gallery-{view}/`, its gallery block rendered with render_block() — one warm-up, then --runs times, each
 * after wp_cache_flush() so that every run reads the database as a page view on a site without a persistent object
 * cache does; once with the render cache off (the first view after a change) and once read back from it (every
 * later view; includes/Gallery/RenderCache.php). Also its database queries and the bytes and images of its HTML.
 *
 *   bin/site php <env> 'require $argv[3];' bin/bench/gallery-render.php [--runs=5]
 *
 * The last line printed is `BENCH-RENDER {json}`: view => { runs (ms), median (ms), cached (ms), cachedRuns,
 * cachedQueries, queries, bytes, images }.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function ( array $args ): void {
	global $wpdb;
	$runs = 5;
	foreach ( $args as $arg ) {
		if ( 1 === preg_match( '/^--runs=(\d{1,3})$/', (string) $arg, $m ) ) {
			$runs = max( 1, (int) $m[1] );
		}
	}
	if ( ! class_exists( \Tessera\Gallery\GalleryBlock::class ) ) {
		fwrite( STDERR, "bench gallery render: the Tessera plugin is not active\n" );
		exit( 1 );
	}
	// A visitor's render (drafts and editor notes are for editors only).
	wp_set_current_user( 0 );

	$views = array( 'thumbnails', 'masonry', 'mosaic', 'image_browser', 'blog_style', 'slideshow', 'carousel' );
	$out   = array();
	foreach ( $views as $view ) {
		$page  = get_page_by_path( 'bench-gallery-' . str_replace( '_', '-', $view ) );
		$block = null;
		foreach ( null === $page ? array() : parse_blocks( $page->post_content ) as $parsed ) {
			if ( \Tessera\Gallery\GalleryBlock::NAME === $parsed['blockName'] ) {
				$block = $parsed;
				break;
			}
		}
		if ( null === $block ) {
			fwrite( STDERR, "bench gallery render: no gallery block on /bench-gallery-{$view}/ (run bin/bench/gallery-seed.php)\n" );
			exit( 1 );
		}
		// Rendered: the render cache off (the first view after a change, or a page under its threshold).
		// Cached: read back from the render cache (filled by the warm-up), as every later view.
		$measure = static function ( bool $cached ) use ( $block, $runs, $wpdb ): array {
			$off = static fn(): bool => false;
			if ( ! $cached ) {
				add_filter( 'tessera_gallery_render_cache', $off );
			}
			$times   = array();
			$queries = 0;
			$html    = '';
			for ( $i = 0; $i <= $runs; $i++ ) {
				wp_cache_flush();
				\Tessera\Gallery\GalleryBlock::reset_numbers();
				\Tessera\Gallery\Thumbnails::reset_position();
				$before = $wpdb->num_queries;
				$start  = hrtime( true );
				$html   = render_block( $block );
				$ms     = ( hrtime( true ) - $start ) / 1e6;
				if ( $i > 0 ) {
					// The first run (autoloading, PHP's own caches; filling the render cache) is a warm-up.
					$times[] = round( $ms, 1 );
					$queries = $wpdb->num_queries - $before;
				}
			}
			remove_filter( 'tessera_gallery_render_cache', $off );
			return array( $times, $queries, $html );
		};
		$median = static function ( array $times ): float {
			sort( $times );
			$mid = intdiv( count( $times ), 2 );
			return (float) ( count( $times ) % 2 ? $times[ $mid ] : ( $times[ $mid - 1 ] + $times[ $mid ] ) / 2 );
		};
		list( $times, $queries, $html )   = $measure( false );
		list( $cached, $cached_queries, ) = $measure( true );
		$out[ $view ]                     = array(
			'runs'          => $times,
			'median'        => $median( $times ),
			'cached'        => $median( $cached ),
			'cachedRuns'    => $cached,
			'cachedQueries' => $cached_queries,
			'queries'       => $queries,
			'bytes'         => strlen( $html ),
			'images'        => substr_count( $html, '<img ' ),
		);
	}
	echo 'BENCH-RENDER ' . wp_json_encode( $out ) . "\n";
} )( array_slice( $argv ?? array(), 4 ) );
