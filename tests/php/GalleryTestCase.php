<?php
/**
 * Fixtures of the gallery tests: real image attachments (GD-made JPEGs with core's sub-sizes), galleries, tags,
 * and the gallery block rendered as on a page. Widget numbers start at 0 in each test, as in a page render.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Gallery\GalleryBlock;
use Tessera\Gallery\PostTypes;

/**
 * Base of the gallery tests.
 */
abstract class GalleryTestCase extends TestCase {

	/**
	 * Attachments created by the test (deleted with their files).
	 *
	 * @var int[]
	 */
	protected array $attachments = array();

	/**
	 * Terms created by the test.
	 *
	 * @var int[]
	 */
	private array $terms = array();

	/**
	 * Widget numbers start at 0 in each test, as in a page render.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		GalleryBlock::reset_numbers();
	}

	/**
	 * Deletes the attachments, their files and the terms.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->attachments as $id ) {
			wp_delete_attachment( $id, true );
		}
		$this->attachments = array();
		foreach ( $this->terms as $term ) {
			wp_delete_term( $term, PostTypes::TAG_TAXONOMY );
		}
		$this->terms = array();
		parent::tearDown();
	}

	/**
	 * An image attachment with a real 600 x 400 JPEG and core's sub-sizes.
	 *
	 * @param string               $title Title.
	 * @param array<string, mixed> $args  wp_insert_attachment() arguments.
	 * @param string               $mime  MIME type ('text/plain' makes a non-image).
	 * @return int
	 */
	protected function image( string $title, array $args = array(), string $mime = 'image/jpeg' ): int {
		$uploads = wp_upload_dir();
		$file    = trailingslashit( $uploads['path'] ) . 'tessera-test-' . wp_generate_password( 8, false, false ) . ( 'image/jpeg' === $mime ? '.jpg' : '.txt' );
		if ( 'image/jpeg' === $mime ) {
			$gd = imagecreatetruecolor( 600, 400 );
			imagefill( $gd, 0, 0, (int) imagecolorallocate( $gd, 40, 120, 200 ) );
			imagejpeg( $gd, $file, 70 );
			imagedestroy( $gd );
		} else {
			file_put_contents( $file, 'not an image' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a test fixture.
		}
		$id = wp_insert_attachment(
			$args + array(
				'post_title'     => $title,
				'post_mime_type' => $mime,
				'post_status'    => 'inherit',
			),
			$file,
			(int) ( $args['post_parent'] ?? 0 ),
			true
		);
		$this->assertIsInt( $id );
		require_once ABSPATH . 'wp-admin/includes/image.php';
		wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $file ) );
		$this->attachments[] = $id;
		return $id;
	}

	/**
	 * A gallery of images.
	 *
	 * @param int[]  $ids    Attachment ids, in order.
	 * @param string $status Post status.
	 * @return int
	 */
	protected function gallery( array $ids, string $status = 'publish' ): int {
		$gallery = $this->make_post(
			array(
				'post_type'   => PostTypes::GALLERY,
				'post_status' => $status,
				'post_title'  => 'Test gallery',
			)
		);
		update_post_meta( $gallery->ID, PostTypes::META_IMAGES, $ids );
		return $gallery->ID;
	}

	/**
	 * A tag.
	 *
	 * @param string $name Name.
	 * @return int Term id.
	 */
	protected function tag( string $name ): int {
		$term = wp_insert_term( $name . ' ' . wp_generate_password( 6, false, false ), PostTypes::TAG_TAXONOMY );
		$this->assertIsArray( $term );
		$this->terms[] = (int) $term['term_id'];
		return (int) $term['term_id'];
	}

	/**
	 * The gallery block rendered as on a page.
	 *
	 * @param array<string, mixed> $attributes Attributes.
	 * @return string
	 */
	protected static function render( array $attributes ): string {
		return render_block(
			array(
				'blockName'    => 'tessera/gallery',
				'attrs'        => $attributes,
				'innerBlocks'  => array(),
				'innerHTML'    => '',
				'innerContent' => array(),
			)
		);
	}

	/**
	 * The attachment ids of a render, in order.
	 *
	 * @param string $html Rendered HTML.
	 * @return int[]
	 */
	protected static function shown( string $html ): array {
		preg_match_all( '/data-image-id="(\d+)"/', $html, $m );
		return array_map( 'intval', $m[1] );
	}
}
