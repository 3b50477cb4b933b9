<?php
/**
 * Seeding of the 1,000-image gallery benchmark (issue 6, "Weight and speed"; docs/gallery.md, "Benchmark"; run by
 * bin/bench-gallery.mjs):
 *
 * - 1,000 image attachments, real ones (posts, `_wp_attached_file`, `_wp_attachment_metadata` with core's
 *   sub-sizes, alt text, distinct file names and so distinct URLs), made fast: the 40 demo pictures
 *   (bin/demo/lib/gallery-images.php, drawn with GD only when missing) are the sources, and image n's files are
 *   hard links (copies where a link cannot be made) of source ((n - 1) mod 40) + 1's original and sub-size files
 *   under the names `tessera-bench-{n}[-{w}x{h}].jpg` in uploads/tessera-bench/. No image is resized here.
 * - The gallery `bench-1000-images` (post type `tessera_gallery`) holding them in order.
 * - One page per view, `/bench-gallery-{view}/`, with the gallery block (wide): thumbnails, masonry and mosaic show
 *   all 1,000 images on one page (imagesPerPage 0, the heavy case); the others page (see VIEWS below).
 * - The plain twin `/bench-gallery-plain/`: the same intro paragraph, then a core HTML block with a list of the same
 *   1,000 images as plain `<li><a href="{full}"><img …></a></li>`, each `<img>` carrying exactly the attributes
 *   the live thumbnails page serves (src, srcset, sizes, width, height, alt, loading, decoding, fetchpriority; read
 *   from that page over HTTP, so the site must be running), and a few lines of inline CSS laying them out in the
 *   same 250 x 180 cells and the same columns at every width (that page's own column rules, rewritten), under a
 *   title as long as that page's: no script, no Tessera markup or style.
 * - The benchmark's switch: bin/bench/gallery-mu-plugin.php copied into the site's mu-plugins
 *   (`?tessera-bench=noscript` serves a page without the gallery's scripts).
 *
 * Idempotent and fast on a second run: existing images (attachment meta `_tessera_bench_image` = n) are reused,
 * missing files linked again; posts are written only when their content changed.
 *
 *   bin/site php <env> 'require $argv[3];' bin/bench/gallery-seed.php [--count=1000]
 *
 * The last line printed is `BENCH-SEED {json}`: gallery id, image count, what was created, seconds, the pages.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function ( array $args ): void {
	global $wpdb;
	$started = microtime( true );
	$count   = 1000;
	foreach ( $args as $arg ) {
		if ( 1 === preg_match( '/^--count=(\d{1,4})$/', (string) $arg, $m ) ) {
			$count = max( 1, min( 5000, (int) $m[1] ) );
		}
	}
	$fail = static function ( string $message ): void {
		fwrite( STDERR, 'bench gallery seed: ' . $message . "\n" );
		exit( 1 );
	};
	if ( ! post_type_exists( 'tessera_gallery' ) ) {
		$fail( 'the Tessera plugin is not active' );
	}

	// The pages: view => [ block attributes beyond the shared ones, what the output says about the paging ].
	$views = array(
		'thumbnails'    => array( array( 'imagesPerPage' => 0, 'pagination' => 'none' ), 'all 1,000 on one page' ),
		'masonry'       => array( array( 'imagesPerPage' => 0, 'pagination' => 'none' ), 'all 1,000 on one page' ),
		'mosaic'        => array( array( 'imagesPerPage' => 0, 'pagination' => 'none' ), 'all 1,000 on one page' ),
		'image_browser' => array( array( 'imagesPerPage' => 1, 'pagination' => 'numbers' ), '1 a page, numbered pages' ),
		'blog_style'    => array( array( 'imagesPerPage' => 10, 'pagination' => 'load_more' ), '10 a page, load more' ),
		'slideshow'     => array( array( 'imagesPerPage' => 100, 'pagination' => 'numbers' ), '100 a page, numbered pages' ),
		'carousel'      => array( array( 'imagesPerPage' => 100, 'pagination' => 'numbers' ), '100 a page, numbered pages' ),
	);

	// The switch of the benchmark's control pages, as a must-use plugin of this site.
	$mu_source = __DIR__ . '/gallery-mu-plugin.php';
	$mu_target = WPMU_PLUGIN_DIR . '/tessera-bench-gallery.php';
	if ( ! is_file( $mu_target ) || md5_file( $mu_target ) !== md5_file( $mu_source ) ) {
		wp_mkdir_p( WPMU_PLUGIN_DIR );
		if ( ! copy( $mu_source, $mu_target ) ) {
			$fail( 'could not copy the switch into ' . $mu_target );
		}
	}

	// The source pictures: the demo's 40 (existing ones are reused, as `bin/site demo` made them).
	require_once dirname( __DIR__ ) . '/demo/lib/gallery-images.php';
	ob_start();
	$sources = tessera_demo_gallery_images( 40 );
	$said    = trim( (string) ob_get_clean() );
	if ( count( $sources ) < 40 ) {
		$fail( 'the 40 source pictures could not be made: ' . $said );
	}
	$uploads = wp_upload_dir();
	if ( ! empty( $uploads['error'] ) ) {
		$fail( (string) $uploads['error'] );
	}
	$folder = 'tessera-bench';
	$dir    = $uploads['basedir'] . '/' . $folder;
	wp_mkdir_p( $dir );

	// Each source: its directory, file stem (name without ".jpg"), metadata and texts.
	$source = array();
	foreach ( $sources as $k => $id ) {
		$file = (string) get_attached_file( $id );
		$meta = wp_get_attachment_metadata( $id );
		if ( '' === $file || ! is_file( $file ) || ! is_array( $meta ) || empty( $meta['sizes'] ) ) {
			$fail( "source image {$id} has no file or no sub-sizes" );
		}
		$spec         = tessera_demo_gallery_image_spec( $k + 1 );
		$source[ $k ] = array(
			'dir'  => dirname( $file ),
			'stem' => pathinfo( $file, PATHINFO_FILENAME ),
			'meta' => $meta,
			'spec' => $spec,
		);
	}

	/**
	 * Links (or copies) a source file to a new name unless that file is already there.
	 *
	 * @param string $from Source path.
	 * @param string $to   Target path.
	 * @return bool Whether the target exists now.
	 */
	$place = static function ( string $from, string $to ): bool {
		if ( is_file( $to ) ) {
			return true;
		}
		// phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- a failed link (another file system) falls back to a copy.
		return @link( $from, $to ) || copy( $from, $to );
	};

	/**
	 * Image n's metadata and files: the source's metadata with the new names, its files linked under them.
	 *
	 * @param int $n Image number (1-based).
	 * @return array<string, mixed>|null Metadata, or null when a file could not be placed.
	 */
	$files = static function ( int $n ) use ( $source, $dir, $folder, $place ): ?array {
		$src  = $source[ ( $n - 1 ) % count( $source ) ];
		$stem = sprintf( 'tessera-bench-%04d', $n );
		$meta = $src['meta'];
		if ( ! $place( $src['dir'] . '/' . $src['stem'] . '.jpg', $dir . '/' . $stem . '.jpg' ) ) {
			return null;
		}
		$meta['file'] = $folder . '/' . $stem . '.jpg';
		foreach ( $meta['sizes'] as $name => $size ) {
			$new = $stem . substr( (string) $size['file'], strlen( $src['stem'] ) );
			if ( ! $place( $src['dir'] . '/' . $size['file'], $dir . '/' . $new ) ) {
				return null;
			}
			$meta['sizes'][ $name ]['file'] = $new;
		}
		unset( $meta['original_image'] );
		return $meta;
	};

	// The images made before: number => attachment id (one query for the marks).
	$existing = array();
	$rows     = $wpdb->get_results(
		"SELECT m.post_id, m.meta_value FROM {$wpdb->postmeta} m INNER JOIN {$wpdb->posts} p ON p.ID = m.post_id
		WHERE m.meta_key = '_tessera_bench_image' AND p.post_type = 'attachment' ORDER BY m.post_id ASC"
	);
	foreach ( (array) $rows as $row ) {
		$n = (int) $row->meta_value;
		if ( $n > 0 && ! isset( $existing[ $n ] ) ) {
			$existing[ $n ] = (int) $row->post_id;
		}
	}

	$now      = time();
	$ids      = array();
	$missing  = array();
	$repaired = 0;
	for ( $n = 1; $n <= $count; $n++ ) {
		if ( ! isset( $existing[ $n ] ) ) {
			$missing[] = $n;
			continue;
		}
		$id   = $existing[ $n ];
		$file = $dir . '/' . sprintf( 'tessera-bench-%04d', $n ) . '.jpg';
		$meta = wp_get_attachment_metadata( $id );
		$ok   = is_array( $meta ) && ! empty( $meta['sizes'] ) && is_file( $file );
		foreach ( $ok ? $meta['sizes'] : array() as $size ) {
			$ok = $ok && is_file( $dir . '/' . $size['file'] );
		}
		if ( ! $ok ) {
			$meta = $files( $n );
			if ( null === $meta ) {
				$fail( "could not place the files of image {$n}" );
			}
			update_attached_file( $id, $file );
			wp_update_attachment_metadata( $id, $meta );
			++$repaired;
		}
	}

	/*
	 * The missing images, 100 at a time in three statements (the posts, their ids back by name, their meta), in one
	 * transaction: what wp_insert_attachment() would write, without its ~15 statements and hooks per image (40 s
	 * for 1,000 on SQLite, where the SQL is translated statement by statement). Nothing here needs those hooks: no
	 * parent post, no terms, no thumbnails to generate.
	 */
	$user = get_current_user_id();
	$wpdb->query( 'START TRANSACTION' );
	foreach ( array_chunk( $missing, 100 ) as $chunk ) {
		$rows  = array();
		$metas = array();
		$names = array();
		foreach ( $chunk as $n ) {
			$meta = $files( $n );
			if ( null === $meta ) {
				$wpdb->query( 'ROLLBACK' );
				$fail( "could not place the files of image {$n}" );
			}
			$spec  = $source[ ( $n - 1 ) % count( $source ) ]['spec'];
			$when  = $now - ( ( $n * 7919 ) % 730 ) * DAY_IN_SECONDS - ( $n * 3739 ) % 82800;
			$local = wp_date( 'Y-m-d H:i:s', $when );
			$gmt   = gmdate( 'Y-m-d H:i:s', $when );
			$name  = sprintf( 'tessera-bench-%04d', $n );
			// The picture shows its source's number; the title tells the images apart.
			$rows[]         = $wpdb->prepare(
				"(%d, %s, %s, %s, %s, %s, 'inherit', 'closed', 'closed', %s, '', '', %s, %s, '', 0, %s, 0, 'attachment', 'image/jpeg', 0)",
				$user,
				$local,
				$gmt,
				$spec['description'],
				$spec['stem'] . ' ' . $n,
				$spec['caption'],
				$name,
				$local,
				$gmt,
				$uploads['baseurl'] . '/' . $meta['file']
			);
			$names[ $name ] = $n;
			$metas[ $n ]    = array(
				'_wp_attached_file'        => $meta['file'],
				'_wp_attachment_metadata'  => maybe_serialize( $meta ),
				'_wp_attachment_image_alt' => $spec['alt'],
				'_tessera_bench_image'     => (string) $n,
			);
		}
		$wpdb->query(
			"INSERT INTO {$wpdb->posts} (post_author, post_date, post_date_gmt, post_content, post_title, post_excerpt, post_status,
			comment_status, ping_status, post_name, to_ping, pinged, post_modified, post_modified_gmt, post_content_filtered,
			post_parent, guid, menu_order, post_type, post_mime_type, comment_count) VALUES " . implode( ', ', $rows ) // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- every row was prepared above.
		);
		$made = $wpdb->get_results(
			"SELECT ID, post_name FROM {$wpdb->posts} WHERE post_type = 'attachment' AND post_name IN ('"
			. implode( "', '", array_keys( $names ) ) . "') ORDER BY ID ASC" // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- names of our own pattern.
		);
		$values = array();
		foreach ( (array) $made as $row ) {
			$n = $names[ $row->post_name ] ?? 0;
			if ( $n > 0 ) {
				$existing[ $n ] = (int) $row->ID;
			}
		}
		foreach ( $chunk as $n ) {
			if ( ! isset( $existing[ $n ] ) ) {
				$wpdb->query( 'ROLLBACK' );
				$fail( "image {$n} was not written" );
			}
			foreach ( $metas[ $n ] as $key => $value ) {
				$values[] = $wpdb->prepare( '(%d, %s, %s)', $existing[ $n ], $key, $value );
			}
		}
		$wpdb->query( "INSERT INTO {$wpdb->postmeta} (post_id, meta_key, meta_value) VALUES " . implode( ', ', $values ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- every row was prepared above.
	}
	$wpdb->query( 'COMMIT' );
	$created = count( $missing );
	if ( $created > 0 ) {
		wp_cache_flush();
		wp_cache_set_posts_last_changed();
	}
	for ( $n = 1; $n <= $count; $n++ ) {
		$ids[] = $existing[ $n ];
	}

	// The gallery.
	$found   = get_posts(
		array(
			'post_type'   => 'tessera_gallery',
			'name'        => 'bench-1000-images',
			'post_status' => 'any',
			'numberposts' => 1,
			'fields'      => 'ids',
		)
	);
	$gallery = array() !== $found ? (int) $found[0] : wp_insert_post(
		array(
			'post_type'    => 'tessera_gallery',
			'post_status'  => 'publish',
			'post_name'    => 'bench-1000-images',
			'post_title'   => 'Benchmark: 1,000 images',
			'post_excerpt' => 'The gallery of bin/bench-gallery.mjs.',
		),
		true
	);
	if ( is_wp_error( $gallery ) ) {
		$fail( $gallery->get_error_message() );
	}
	$gallery = (int) $gallery;
	if ( 'publish' !== get_post_status( $gallery ) ) {
		wp_update_post(
			array(
				'ID'          => $gallery,
				'post_status' => 'publish',
			)
		);
	}
	if ( get_post_meta( $gallery, '_tessera_gallery_images', true ) !== $ids ) {
		update_post_meta( $gallery, '_tessera_gallery_images', $ids );
	}

	/**
	 * A published page by slug with this content (written only when it differs).
	 *
	 * @param string $slug    Slug.
	 * @param string $title   Title.
	 * @param string $content Block markup.
	 * @return void
	 */
	$page = static function ( string $slug, string $title, string $content ) use ( $fail ): void {
		$existing = get_page_by_path( $slug );
		if ( null !== $existing && $existing->post_content === $content && $existing->post_title === $title && 'publish' === $existing->post_status ) {
			return;
		}
		$id = wp_insert_post(
			wp_slash(
				array(
					'ID'           => null === $existing ? 0 : $existing->ID,
					'post_type'    => 'page',
					'post_status'  => 'publish',
					'post_name'    => $slug,
					'post_title'   => $title,
					'post_content' => $content,
				)
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			$fail( $id->get_error_message() );
		}
		update_post_meta( (int) $id, '_tessera_demo', 'bench-gallery' );
	};
	$intro = static fn ( string $what ): string => "<!-- wp:paragraph -->\n<p>Benchmark page of bin/bench-gallery.mjs: "
		. esc_html( $what ) . ".</p>\n<!-- /wp:paragraph -->\n";

	$pages = array();
	foreach ( $views as $view => [ $attributes, $paging ] ) {
		$attributes = array(
			'galleryId' => $gallery,
			'view'      => $view,
			'align'     => 'wide',
		) + $attributes;
		$slug       = 'bench-gallery-' . str_replace( '_', '-', $view );
		$page(
			$slug,
			'Benchmark: 1,000-image gallery, ' . str_replace( '_', ' ', $view ),
			$intro( "a gallery of {$count} images in the {$view} view" )
				. '<!-- wp:tessera/gallery ' . wp_json_encode( $attributes ) . " /-->\n"
		);
		$pages[] = array(
			'view'       => $view,
			'path'       => '/' . $slug . '/',
			'paging'     => $paging,
			'attributes' => $attributes,
		);
	}

	// The plain twin: the images of the live thumbnails page, as plain HTML.
	$url      = home_url( '/bench-gallery-thumbnails/' );
	$response = wp_remote_get(
		$url,
		array(
			'timeout'     => 120,
			'redirection' => 0,
		)
	);
	if ( is_wp_error( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ) {
		$fail( 'the thumbnails page did not answer (is the site running?): ' . ( is_wp_error( $response ) ? $response->get_error_message() : wp_remote_retrieve_response_code( $response ) ) );
	}
	$tags = new WP_HTML_Tag_Processor( wp_remote_retrieve_body( $response ) );
	$copy = array( 'src', 'srcset', 'sizes', 'width', 'height', 'alt', 'loading', 'decoding', 'fetchpriority' );
	$href = '';
	$list = '';
	$shown = 0;
	while ( $tags->next_tag() ) {
		$class = (string) $tags->get_attribute( 'class' );
		if ( 'A' === $tags->get_tag() && str_contains( $class, 'tessera-gallery__link' ) ) {
			$href = (string) $tags->get_attribute( 'href' );
		} elseif ( 'IMG' === $tags->get_tag() && str_contains( $class, 'tessera-gallery__image' ) ) {
			$img = '<img';
			foreach ( $copy as $name ) {
				$value = $tags->get_attribute( $name );
				if ( is_string( $value ) ) {
					$img .= ' ' . $name . '="' . esc_attr( $value ) . '"';
				}
			}
			$img  .= ' />';
			$list .= '' !== $href ? '<li><a href="' . esc_url( $href ) . '">' . $img . '</a></li>' : '<li>' . $img . '</li>';
			$href  = '';
			++$shown;
		}
	}
	if ( $shown !== $count ) {
		$fail( "the thumbnails page shows {$shown} images, not {$count}" );
	}
	// The same columns as the thumbnails page at every width: its own rules (Thumbnails::style(), columns = the
	// container's width / the thumbnail width + 1, capped), read from that page and written for the plain list. With
	// other columns the images would have other sizes, and Lighthouse would time another element as the largest.
	$body = wp_remote_retrieve_body( $response );
	if ( 1 !== preg_match( '~<style>(#bwg_container1_\d+ \.tessera-gallery__grid\{--tessera-cols:1\}[^<]*)</style>~', $body, $rules ) ) {
		$fail( 'the thumbnails page has no column rules' );
	}
	$columns = (string) preg_replace(
		array( '~#bwg_container1_\d+ \.tessera-gallery__grid\{--tessera-cols:(\d+)\}~', '~@container tessera-gallery ~' ),
		array( '.tessera-bench-plain ul{--cols:$1}', '@container tessera-bench ' ),
		$rules[1]
	);
	$style = '<style>.tessera-bench-plain{container:tessera-bench/inline-size}'
		. '.tessera-bench-plain ul{list-style:none;margin:0;padding:0;display:grid;gap:8px;'
		. 'grid-template-columns:repeat(var(--cols),minmax(0,1fr))}' . $columns
		. '.tessera-bench-plain img{display:block;width:100%;height:auto;aspect-ratio:250/180;object-fit:cover}</style>';
	// The title as long as the thumbnails page's: the page's largest text is timed too.
	$page(
		'bench-gallery-plain',
		'Benchmark: 1,000-image gallery, plain HTML',
		$intro( "the same {$count} images as plain HTML" )
			. "<!-- wp:html -->\n" . $style . "\n" . '<div class="tessera-bench-plain alignwide"><ul>' . $list . "</ul></div>\n<!-- /wp:html -->\n"
	);

	echo 'BENCH-SEED ' . wp_json_encode(
		array(
			'gallery'  => $gallery,
			'images'   => count( $ids ),
			'created'  => $created,
			'repaired' => $repaired,
			'sources'  => count( $source ),
			'seconds'  => round( microtime( true ) - $started, 2 ),
			'pages'    => $pages,
			'plain'    => '/bench-gallery-plain/',
		)
	) . "\n";
} )( array_slice( $argv ?? array(), 4 ) );
