<?php
/**
 * Demo content for galleries (issue 6): 40 images generated locally (bin/demo/lib/gallery-images.php, no
 * download), two galleries and the page /demo-gallery/ showing them with the Tessera Gallery block. Each gallery is a
 * `tessera_gallery` post found again by its slug (created when missing, its images written again when they
 * changed).
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
	if ( ! post_type_exists( 'tessera_gallery' ) ) {
		echo "gallery demo: the Tessera plugin is not active\n";
		return;
	}
	require_once __DIR__ . '/lib/gallery-images.php';
	$images = tessera_demo_gallery_images( 40 );
	if ( count( $images ) < 40 ) {
		echo "gallery demo: the images could not be created\n";
		return;
	}

	/**
	 * A gallery post by slug, with these images in this order.
	 *
	 * @param string $slug  Slug.
	 * @param string $title Title.
	 * @param string $about Description (excerpt).
	 * @param int[]  $ids   Attachment ids.
	 * @return int
	 */
	$gallery = static function ( string $slug, string $title, string $about, array $ids ): int {
		$existing = get_posts(
			array(
				'post_type'   => 'tessera_gallery',
				'name'        => $slug,
				'post_status' => 'any',
				'numberposts' => 1,
				'fields'      => 'ids',
			)
		);
		$id = array() !== $existing ? (int) $existing[0] : wp_insert_post(
			wp_slash(
				array(
					'post_type'    => 'tessera_gallery',
					'post_status'  => 'publish',
					'post_name'    => $slug,
					'post_title'   => $title,
					'post_excerpt' => $about,
				)
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			echo 'gallery demo: ' . esc_html( $id->get_error_message() ) . "\n";
			return 0;
		}
		if ( get_post_meta( (int) $id, '_tessera_gallery_images', true ) !== $ids ) {
			update_post_meta( (int) $id, '_tessera_gallery_images', $ids );
		}
		return (int) $id;
	};

	$all   = $gallery( 'demo-all-images', 'All demo images', 'Forty images generated for the demo, in their own order.', $images );
	$small = $gallery( 'demo-a-few', 'A few favourites', 'Eight of them, in another order.', array_reverse( array_slice( $images, 0, 8 ) ) );

	$block   = static fn ( array $attributes ): string => '<!-- wp:tessera/gallery ' . wp_json_encode( $attributes ) . " /-->\n";
	$content = "<!-- wp:paragraph -->\n<p>Galleries of media-library images, rendered on the server: every page of a gallery has its own address, so they work without JavaScript and can be shared.</p>\n<!-- /wp:paragraph -->\n"
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Thumbnails with search, sort and tags</h2>\n<!-- /wp:heading -->\n"
		. $block(
			array(
				'galleryId'     => $all,
				'imagesPerPage' => 12,
				'showTitles'    => true,
				'showSearch'    => true,
				'showSort'      => true,
				'tagFilter'     => 'bar',
			)
		)
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">A second gallery on the same page</h2>\n<!-- /wp:heading -->\n"
		. $block(
			array(
				'galleryId'     => $small,
				'thumbWidth'    => 180,
				'thumbHeight'   => 180,
				'maxColumns'    => 4,
				'imagesPerPage' => 4,
				'tagFilter'     => 'select',
			)
		)
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Masonry, loading more in place</h2>\n<!-- /wp:heading -->\n"
		. $block(
			array(
				'galleryId'     => $all,
				'view'          => 'masonry',
				'imagesPerPage' => 12,
				'pagination'    => 'load_more',
				'frontendAjax'  => true,
				'showSearch'    => true,
				'tagFilter'     => 'bar',
			)
		)
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Mosaic, paged in place</h2>\n<!-- /wp:heading -->\n"
		. $block(
			array(
				'galleryId'     => $all,
				'view'          => 'mosaic',
				'imagesPerPage' => 15,
				'frontendAjax'  => true,
				'showSort'      => true,
			)
		)
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Slideshow</h2>\n<!-- /wp:heading -->\n"
		. $block(
			array(
				'galleryId'     => $small,
				'view'          => 'slideshow',
				'imagesPerPage' => 0,
				'pagination'    => 'none',
				'watermarkType' => 'text',
				'watermarkText' => 'Tessera demo',
			)
		)
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Carousel</h2>\n<!-- /wp:heading -->\n"
		. $block(
			array(
				'galleryId'     => $small,
				'view'          => 'carousel',
				'imagesPerPage' => 0,
				'pagination'    => 'none',
			)
		)
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Image browser</h2>\n<!-- /wp:heading -->\n"
		. $block(
			array(
				'galleryId'     => $all,
				'view'          => 'image_browser',
				'imagesPerPage' => 1,
			)
		)
		. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">Blog style</h2>\n<!-- /wp:heading -->\n"
		. $block(
			array(
				'galleryId'     => $small,
				'view'          => 'blog_style',
				'imagesPerPage' => 3,
				'pagination'    => 'load_more',
			)
		);
	if ( is_readable( __DIR__ . '/lib/albums.php' ) ) {
		require_once __DIR__ . '/lib/albums.php';
		$album = tessera_demo_albums( $all, $small );
		if ( $album > 0 ) {
			$content .= "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">An album of albums</h2>\n<!-- /wp:heading -->\n"
				. '<!-- wp:tessera/album ' . wp_json_encode( array( 'albumId' => $album ) ) . " /-->\n"
				. "<!-- wp:heading -->\n<h2 class=\"wp-block-heading\">The same album, extended, browsed in place</h2>\n<!-- /wp:heading -->\n"
				. '<!-- wp:tessera/album ' . wp_json_encode(
					array(
						'albumId'      => $album,
						'preview'      => 'extended',
						'frontendAjax' => true,
					)
				) . " /-->\n";
		}
	}

	$existing = get_page_by_path( 'demo-gallery' );
	if ( null !== $existing && $existing->post_content === $content ) {
		return;
	}
	$page = wp_insert_post(
		wp_slash(
			array(
				'ID'           => null === $existing ? 0 : $existing->ID,
				'post_type'    => 'page',
				'post_status'  => 'publish',
				'post_name'    => 'demo-gallery',
				'post_title'   => 'Demo: gallery',
				'post_content' => $content,
			)
		),
		true
	);
	if ( is_wp_error( $page ) ) {
		echo 'gallery demo: ' . esc_html( $page->get_error_message() ) . "\n";
		return;
	}
	update_post_meta( (int) $page, '_tessera_demo', 'gallery' );
	echo "gallery demo: /demo-gallery/\n";
} )();
