<?php
/**
 * Writes the lightbox parity fixtures (tests/fixtures/lightbox/*.html): the popup as the server renders it
 * (`\Tessera\Lightbox\Popup::render()`), for the island's parity test, which renders the React component from each
 * fixture's own JSON data and expects the same markup (blocks/gallery/lightbox/test/parity.test.tsx).
 *
 *   bin/site php test 'require $argv[3];' bin/dev/lightbox-fixtures.php
 *
 * Cases: the demo galleries of /demo-gallery/ (`demo-all-images`, 40 images; `demo-a-few`, 8) — the first image,
 * a middle one, the last one without loop, the filmstrip and most controls off, the info panel shown with the
 * other positions and opening options — and two handmade galleries that exist only in this process (nothing is
 * saved): a single image whose title, alt text and description hold the characters that need escaping, 150
 * media-library images, to get a records window around the ends and a filmstrip run that is not the first, and the
 * few demo images given embed addresses (one fixture for each way the stage shows an embed).
 *
 * Runs inside a loaded WordPress (bin/site php). Writes only the fixture files; stops when the demo galleries are
 * missing (create them with `bin/site php test 'include "bin/demo/gallery.php";'`).
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function (): void {
	if ( ! class_exists( \Tessera\Lightbox\Popup::class ) ) {
		fwrite( STDERR, "lightbox-fixtures: the Tessera plugin is not active\n" );
		exit( 1 );
	}
	$dir = dirname( __DIR__, 2 ) . '/tests/fixtures/lightbox';
	if ( ! is_dir( $dir ) && ! mkdir( $dir, 0777, true ) ) {
		fwrite( STDERR, "lightbox-fixtures: cannot create {$dir}\n" );
		exit( 1 );
	}
	// The answer renders as a visitor (Endpoint::popup()).
	wp_set_current_user( 0 );

	/**
	 * A published demo gallery by slug, with its visible images in the gallery's own order.
	 *
	 * @param string $slug Slug.
	 * @return array{0: \WP_Post, 1: int[]}
	 */
	$demo = static function ( string $slug ): array {
		$found = get_posts(
			array(
				'post_type'   => \Tessera\Gallery\PostTypes::GALLERY,
				'name'        => $slug,
				'post_status' => 'publish',
				'numberposts' => 1,
			)
		);
		if ( array() === $found ) {
			fwrite( STDERR, "lightbox-fixtures: no demo gallery '{$slug}'; run bin/demo/gallery.php first\n" );
			exit( 1 );
		}
		$ids = \Tessera\Gallery\Images::page( $found[0]->ID, array(), '', 'order', false, 0, 1, 0 )['ids'];
		return array( $found[0], array_map( 'intval', $ids ) );
	};

	/**
	 * A gallery post that exists only in this process.
	 *
	 * @param int    $id    Its id.
	 * @param string $title Its title.
	 * @return \WP_Post
	 */
	$handmade = static function ( int $id, string $title ): \WP_Post {
		return new \WP_Post(
			(object) array(
				'ID'          => $id,
				'post_type'   => \Tessera\Gallery\PostTypes::GALLERY,
				'post_status' => 'publish',
				'post_title'  => $title,
			)
		);
	};

	/**
	 * Settings: the defaults with some keys changed, normalised as the site's would be.
	 *
	 * @param array<string, bool|int|string> $changes Keys to change.
	 * @return array<string, bool|int|string>
	 */
	$settings = static function ( array $changes = array() ): array {
		return \Tessera\Lightbox\Settings::normalise( array_merge( \Tessera\Lightbox\Settings::defaults(), $changes ) );
	};

	$none = array(
		'open_comment'   => false,
		'open_ecommerce' => false,
	);

	[ $all, $all_ids ] = $demo( 'demo-all-images' );
	[ $few, $few_ids ] = $demo( 'demo-a-few' );

	// 150 images of the media library (the demo's first), in id order.
	$library = array_map(
		'intval',
		get_posts(
			array(
				'post_type'      => 'attachment',
				'post_mime_type' => 'image',
				'post_status'    => 'inherit',
				'numberposts'    => 150 - count( $all_ids ),
				'orderby'        => 'ID',
				'order'          => 'ASC',
				'fields'         => 'ids',
				'exclude'        => $all_ids, // phpcs:ignore WordPressVIPMinimum.Performance.WPQueryParams
			)
		)
	);
	$many = array_merge( $all_ids, $library );
	if ( count( $many ) < 150 ) {
		fwrite( STDERR, 'lightbox-fixtures: fewer than 150 images in the media library (' . count( $many ) . ")\n" );
		exit( 1 );
	}

	/**
	 * The single image: a demo attachment whose title, alt text and description are changed in the object cache
	 * only (nothing is saved), after the demo cases are written.
	 *
	 * @return int Its id.
	 */
	$tricky = static function () use ( $all_ids ): int {
		$single = $all_ids[3];
		$post   = get_post( $single );
		if ( ! $post instanceof \WP_Post ) {
			fwrite( STDERR, "lightbox-fixtures: image {$single} is missing\n" );
			exit( 1 );
		}
		$raw               = (object) $post->to_array();
		$raw->post_title   = 'Tom\'s "best" shot & the <b>sea</b> > 3 < 4';
		$raw->post_content = "<p>First line<br>second line, with &amp; and &lt;tags&gt; 'quoted'</p>\n<p>L\u{2019}\u{e9}t\u{e9} \u{ab} ici \u{bb} \u{2014} \u{1f305}</p>";
		wp_cache_set( $single, $raw, 'posts' );
		update_meta_cache( 'post', array( $single ) );
		$meta = wp_cache_get( $single, 'post_meta' );
		$meta = is_array( $meta ) ? $meta : array();

		$meta['_wp_attachment_image_alt'] = array( 'An "alt" text & <more>\'s' );
		wp_cache_set( $single, $meta, 'post_meta' );
		return $single;
	};

	/**
	 * The embeds: the few demo images given an address each in the object cache only (nothing is saved), and an
	 * extension's type read by the filter in this process.
	 *
	 * @return int[] The few images' ids.
	 */
	$embeds = static function () use ( $few_ids ): array {
		$addresses = array(
			'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
			'https://www.instagram.com/p/CyQ1r2sL0aB/',
			'https://lh3.googleusercontent.com/pw/AP1GczNdemo0picture1=w2400',
			'https://www.flickr.com/photos/tessera/53210987654/play/hd/abc123/',
			'https://video.example.org/watch/42',
		);
		add_filter(
			'tessera_lightbox_embed',
			static fn ( $found, string $url ) => 'https://video.example.org/watch/42' === $url
				? array(
					'filetype'  => 'EMBED_EXAMPLE_VIDEO',
					'embed_url' => 'https://video.example.org/embed/42',
				)
				: $found,
			10,
			2
		);
		update_meta_cache( 'post', $few_ids );
		foreach ( $addresses as $at => $address ) {
			$meta = wp_cache_get( $few_ids[ $at ], 'post_meta' );
			$meta = is_array( $meta ) ? $meta : array();

			$meta[ \Tessera\Lightbox\Embed::META ] = array( $address );
			wp_cache_set( $few_ids[ $at ], $meta, 'post_meta' );
		}
		return $few_ids;
	};

	$cases = array(
		'first'          => array( $all, $all_ids, 0, $settings(), $none ),
		'middle'         => array( $all, $all_ids, 19, $settings(), $none ),
		'last-no-loop'   => array( $all, $all_ids, count( $all_ids ) - 1, $settings( array( 'enable_loop' => false ) ), $none ),
		'no-filmstrip'   => array(
			$few,
			$few_ids,
			2,
			$settings(
				array(
					'enable_image_filmstrip'      => false,
					'enable_loop'                 => false,
					'popup_enable_info'           => false,
					'popup_enable_zoom'           => false,
					'popup_enable_fullsize_image' => false,
					'popup_enable_download'       => false,
					'popup_enable_share'          => false,
				)
			),
			$none,
		),
		'info-on'        => array(
			$all,
			$all_ids,
			9,
			$settings(
				array(
					'popup_info_always_show' => true,
					'open_with_fullscreen'   => true,
					'open_with_autoplay'     => true,
					'filmstrip_direction'    => 'vertical',
					'lightbox_filmstrip_pos' => 'left',
					'lightbox_ctrl_btn_pos'  => 'top',
					'lightbox_info_pos'      => 'bottom',
					'image_filmstrip_width'  => 100,
					'image_filmstrip_height' => 60,
					'image_right_click'      => true,
				)
			),
			array(
				'open_comment'   => true,
				'open_ecommerce' => true,
			),
		),
		'window'         => array( $handmade( 900002, '' ), $many, 120, $settings( array( 'preload_images_count' => 0 ) ), $none ),
		// Last: it changes an image of the demo in the object cache.
		'single'         => static fn (): array => array(
			$handmade( 900001, 'Tom\'s "gallery" & <i>friends</i>' ),
			array( $tricky() ),
			0,
			$settings( array( 'popup_info_always_show' => true ) ),
			$none,
		),
		// After it: the embeds change images of the demo in the object cache; a YouTube video, an Instagram post, a
		// Google Photos picture, a Flickr video (nothing shown) and an extension's type, each shown first once.
		'embed-video'     => static fn (): array => array( $handmade( 900003, 'Embeds' ), $embeds(), 0, $settings(), $none ),
		'embed-instagram' => static fn (): array => array( $handmade( 900003, 'Embeds' ), $few_ids, 1, $settings(), $none ),
		'embed-picture'   => static fn (): array => array( $handmade( 900003, 'Embeds' ), $few_ids, 2, $settings(), $none ),
		'embed-none'      => static fn (): array => array( $handmade( 900003, 'Embeds' ), $few_ids, 3, $settings(), $none ),
		'embed-extension' => static fn (): array => array( $handmade( 900003, 'Embeds' ), $few_ids, 4, $settings(), $none ),
	);
	foreach ( $cases as $name => $case ) {
		[ $gallery, $ids, $key, $options, $open ] = is_callable( $case ) ? $case() : $case;
		$html = \Tessera\Lightbox\Popup::render( $gallery, $ids, $key, $options, $open );
		if ( '' === $html ) {
			fwrite( STDERR, "lightbox-fixtures: {$name}: the popup is empty\n" );
			exit( 1 );
		}
		file_put_contents( "{$dir}/{$name}.html", $html );
		echo "{$name}.html: " . strlen( $html ) . " bytes\n";
	}
} )();
