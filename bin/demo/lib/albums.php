<?php
/**
 * Demo albums (issue 6, album block): three more galleries made of the demo images (by the sea, mountains, city),
 * two albums of galleries and a top album "An album of albums" holding both albums and a gallery. Each post is found
 * again by its slug (created when missing, its contents written again when they changed).
 *
 * A library: bin/demo/gallery.php requires it and calls `tessera_demo_albums( $all, $small )` inside a loaded
 * WordPress as an administrator. Idempotent.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( ! function_exists( 'tessera_demo_album_post' ) ) {
	/**
	 * A published gallery or album by slug, with this meta value (written again when it changed).
	 *
	 * @param string $type  Post type (`tessera_gallery` or `tessera_album`).
	 * @param string $slug  Slug.
	 * @param string $title Title.
	 * @param string $about Description (excerpt).
	 * @param string $key   Meta key of the contents.
	 * @param array  $value The contents.
	 * @return int The post id, 0 on failure.
	 */
	function tessera_demo_album_post( string $type, string $slug, string $title, string $about, string $key, array $value ): int {
		$existing = get_posts(
			array(
				'post_type'   => $type,
				'name'        => $slug,
				'post_status' => 'any',
				'numberposts' => 1,
				'fields'      => 'ids',
			)
		);
		$fields = array(
			'post_type'    => $type,
			'post_status'  => 'publish',
			'post_name'    => $slug,
			'post_title'   => $title,
			'post_excerpt' => $about,
		);
		if ( array() !== $existing ) {
			$id   = (int) $existing[0];
			$post = get_post( $id );
			if ( null !== $post && ( 'publish' !== $post->post_status || $title !== $post->post_title || $about !== $post->post_excerpt ) ) {
				wp_update_post( wp_slash( array( 'ID' => $id ) + $fields ) );
			}
		} else {
			$id = wp_insert_post( wp_slash( $fields ), true );
			if ( is_wp_error( $id ) ) {
				echo 'album demo: ' . esc_html( $id->get_error_message() ) . "\n";
				return 0;
			}
		}
		if ( get_post_meta( (int) $id, $key, true ) !== $value ) {
			update_post_meta( (int) $id, $key, $value );
		}
		return (int) $id;
	}
}

if ( ! function_exists( 'tessera_demo_albums' ) ) {
	/**
	 * Creates the demo galleries and albums (idempotent).
	 *
	 * @param int $all   The gallery of all demo images.
	 * @param int $small The small gallery.
	 * @return int The top album's id, 0 on failure.
	 */
	function tessera_demo_albums( int $all, int $small ): int {
		if ( ! post_type_exists( 'tessera_album' ) || $all <= 0 || $small <= 0 ) {
			return 0;
		}
		$images = get_post_meta( $all, '_tessera_gallery_images', true );
		$images = is_array( $images ) ? array_values( array_map( 'intval', $images ) ) : array();
		if ( array() === $images ) {
			return 0;
		}
		// The scene each image shows, from the title stem it was made with (gallery-images.php).
		$scenes = array();
		$stems  = function_exists( 'tessera_demo_gallery_image_stems' ) ? tessera_demo_gallery_image_stems() : array();
		foreach ( $images as $id ) {
			$title = (string) get_the_title( $id );
			foreach ( $stems as $stem ) {
				if ( str_starts_with( $title, $stem[0] ) ) {
					$scenes[ $stem[1] ][] = $id;
					break;
				}
			}
		}
		$pick = static fn ( string $scene, int $offset ): array => $scenes[ $scene ] ?? array_slice( $images, $offset, 8 );

		$gallery = static fn ( string $slug, string $title, string $about, array $ids ): int => tessera_demo_album_post( 'tessera_gallery', $slug, $title, $about, '_tessera_gallery_images', $ids );
		$album   = static function ( string $slug, string $title, string $about, array $items ): int {
			$items = array_values( array_filter( $items, static fn ( array $item ): bool => $item['id'] > 0 ) );
			return tessera_demo_album_post( 'tessera_album', $slug, $title, $about, '_tessera_album_items', $items );
		};

		$sea       = $gallery( 'demo-by-the-sea', 'By the sea', 'Harbours, coasts and a lighthouse.', $pick( 'sea', 0 ) );
		$mountains = $gallery( 'demo-mountains', 'Mountains', 'Passes, ridges and an alpine village.', $pick( 'mountains', 8 ) );
		$city      = $gallery( 'demo-city', 'In the city', 'Squares, markets and skylines by day and by night.', $pick( 'city', 16 ) );

		$landscapes = $album(
			'demo-album-landscapes',
			'Landscapes',
			'The sea, the mountains, and every demo image.',
			array(
				array(
					'type' => 'gallery',
					'id'   => $sea,
				),
				array(
					'type' => 'gallery',
					'id'   => $mountains,
				),
				array(
					'type' => 'gallery',
					'id'   => $all,
				),
			)
		);
		$towns      = $album(
			'demo-album-towns',
			'Towns and favourites',
			'City scenes and a few favourites.',
			array(
				array(
					'type' => 'gallery',
					'id'   => $city,
				),
				array(
					'type' => 'gallery',
					'id'   => $small,
				),
			)
		);
		return $album(
			'demo-album-of-albums',
			'An album of albums',
			'Two albums and a gallery: open one, then go back with the breadcrumb.',
			array(
				array(
					'type' => 'album',
					'id'   => $landscapes,
				),
				array(
					'type' => 'album',
					'id'   => $towns,
				),
				array(
					'type' => 'gallery',
					'id'   => $small,
				),
			)
		);
	}
}
