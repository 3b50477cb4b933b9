<?php
/**
 * The galleries' admin screens (docs/gallery.md, "Content model"): on a gallery's edit screen the "Images" box
 * (the script `editor/gallery-screen` mounts the same image list as the gallery block's sidebar into it, with the
 * media library's gallery frame) and a box telling how to show the gallery on a page; on the list of galleries the
 * preview and image count columns.
 *
 * A gallery supports title, excerpt and thumbnail but no content, so WordPress edits it on the classic edit
 * screen (`use_block_editor_for_post_type()` needs `editor` support): the images are a meta box of that screen,
 * and the script is enqueued there only.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

use Tessera\Assets;
use Tessera\Html;

/**
 * Hooks of the gallery edit screen and list table.
 */
final class AdminScreen {

	/** Handle of the edit screen's script (build entry `editor/gallery-screen`). */
	public const SCRIPT = 'tessera-gallery-screen';

	/** The list table column of the preview image. */
	public const COLUMN_PREVIEW = 'tessera_preview';

	/** The list table column of the image count. */
	public const COLUMN_IMAGES = 'tessera_images';

	/** Size of the preview in the list, in pixels. */
	private const PREVIEW_SIZE = 60;

	/**
	 * Hooks.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'add_meta_boxes_' . PostTypes::GALLERY, array( $this, 'add_meta_boxes' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
		add_filter( 'manage_' . PostTypes::GALLERY . '_posts_columns', array( $this, 'columns' ) );
		add_action( 'manage_' . PostTypes::GALLERY . '_posts_custom_column', array( $this, 'column' ), 10, 2 );
	}

	/**
	 * Whether the current admin screen is one of a gallery: its edit screen (`post`) or its list (`edit`).
	 *
	 * @param string $base The screen base (`post` | `edit`).
	 * @return bool
	 */
	private static function on_screen( string $base ): bool {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		return null !== $screen && $base === $screen->base && PostTypes::GALLERY === $screen->post_type;
	}

	/**
	 * The edit screen's boxes: the images (main column, first), how to show the gallery (side).
	 *
	 * @return void
	 */
	public function add_meta_boxes(): void {
		add_meta_box(
			'tessera-gallery-images',
			__( 'Images', 'tessera' ),
			array( $this, 'render_images_box' ),
			PostTypes::GALLERY,
			'normal',
			'high'
		);
		add_meta_box(
			'tessera-gallery-usage',
			__( 'Show it on a page', 'tessera' ),
			array( $this, 'render_usage_box' ),
			PostTypes::GALLERY,
			'side',
			'default'
		);
	}

	/**
	 * The images box: the mount point of the script, with what shows until (or without) it.
	 *
	 * @param \WP_Post $post The gallery.
	 * @return void
	 */
	public function render_images_box( $post ): void {
		if ( ! $post instanceof \WP_Post ) {
			return;
		}
		$count = count( PostTypes::sanitize_images( get_post_meta( $post->ID, PostTypes::META_IMAGES, true ) ) );
		echo Html::element( // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- Html escapes.
			'div',
			array(
				'id'              => 'tessera-gallery-screen',
				'data-gallery-id' => (string) $post->ID,
			),
			Html::element(
				'p',
				array(),
				esc_html(
					sprintf(
						/* translators: %s: how many images the gallery has. */
						_n( 'This gallery has %s image.', 'This gallery has %s images.', $count, 'tessera' ),
						number_format_i18n( $count )
					)
				)
			) . Html::element(
				'p',
				array( 'class' => 'hide-if-js' ),
				esc_html__( 'Editing the images needs JavaScript; the Tessera Gallery block of the block editor edits them too.', 'tessera' )
			)
		);
	}

	/**
	 * How to show the gallery on a page.
	 *
	 * @param \WP_Post $post The gallery.
	 * @return void
	 */
	public function render_usage_box( $post ): void {
		if ( ! $post instanceof \WP_Post ) {
			return;
		}
		$title = '' !== trim( $post->post_title ) ? $post->post_title : __( '(no title)', 'tessera' );
		printf(
			'<p>%1$s</p><p>%2$s</p>',
			esc_html(
				sprintf(
					/* translators: %s: the gallery's title. */
					__( 'Edit a page or post, insert the Tessera Gallery block, and choose “%s” in it. One gallery can be shown on many pages, each with its own view and settings.', 'tessera' ),
					$title
				)
			),
			esc_html__( 'Visitors see it once it is published.', 'tessera' )
		);
	}

	/**
	 * Enqueues the images box's script and the media library on a gallery's edit screen; the columns' style on
	 * the list of galleries. Nothing anywhere else.
	 *
	 * @return void
	 */
	public function enqueue(): void {
		if ( self::on_screen( 'edit' ) ) {
			wp_add_inline_style(
				'list-tables',
				sprintf(
					'.fixed .column-%1$s{width:%3$dpx}.fixed .column-%2$s{width:6em}.column-%1$s img{display:block;width:%3$dpx;height:%3$dpx;object-fit:cover}',
					self::COLUMN_PREVIEW,
					self::COLUMN_IMAGES,
					self::PREVIEW_SIZE
				)
			);
			return;
		}
		if ( ! self::on_screen( 'post' ) ) {
			return;
		}
		$post = get_post();
		wp_enqueue_media( $post instanceof \WP_Post ? array( 'post' => $post->ID ) : array() );
		$assets = new Assets();
		if ( $assets->register_entry( self::SCRIPT, 'editor/gallery-screen' ) ) {
			$assets->enqueue( self::SCRIPT );
			// The components' own styles (buttons, fields, notices): the block editor loads them, this screen not.
			wp_enqueue_style( 'wp-components' );
		}
	}

	/**
	 * The list's columns: the preview before the title, the image count after it.
	 *
	 * @param array<string, string> $columns Column key => label.
	 * @return array<string, string>
	 */
	public function columns( $columns ): array {
		$columns = is_array( $columns ) ? $columns : array();
		$out     = array();
		foreach ( $columns as $key => $label ) {
			if ( 'title' === $key ) {
				$out[ self::COLUMN_PREVIEW ] = __( 'Preview', 'tessera' );
			}
			$out[ $key ] = $label;
			if ( 'title' === $key ) {
				$out[ self::COLUMN_IMAGES ] = __( 'Images', 'tessera' );
			}
		}
		if ( ! isset( $out[ self::COLUMN_IMAGES ] ) ) {
			$out[ self::COLUMN_PREVIEW ] = __( 'Preview', 'tessera' );
			$out[ self::COLUMN_IMAGES ]  = __( 'Images', 'tessera' );
		}
		return $out;
	}

	/**
	 * One cell of the columns.
	 *
	 * @param string $column  Column key.
	 * @param int    $post_id The gallery.
	 * @return void
	 */
	public function column( $column, $post_id ): void {
		$post_id = (int) $post_id;
		if ( self::COLUMN_IMAGES === $column ) {
			$count = count( PostTypes::sanitize_images( get_post_meta( $post_id, PostTypes::META_IMAGES, true ) ) );
			echo esc_html( number_format_i18n( $count ) );
			return;
		}
		if ( self::COLUMN_PREVIEW !== $column ) {
			return;
		}
		$image = self::preview_id( $post_id );
		if ( 0 === $image ) {
			echo '<span aria-hidden="true">—</span><span class="screen-reader-text">' . esc_html__( 'No images', 'tessera' ) . '</span>';
			return;
		}
		echo wp_get_attachment_image( // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- core escapes.
			$image,
			array( self::PREVIEW_SIZE, self::PREVIEW_SIZE ),
			false,
			array(
				'alt'      => '',
				'loading'  => 'lazy',
				'decoding' => 'async',
			)
		);
	}

	/**
	 * The image that stands for a gallery in the list: its preview image (featured image) when set, else its first
	 * image that is still an image.
	 *
	 * @param int $post_id The gallery.
	 * @return int Attachment id, 0 when there is none.
	 */
	public static function preview_id( int $post_id ): int {
		$thumbnail = (int) get_post_thumbnail_id( $post_id );
		if ( $thumbnail > 0 && wp_attachment_is_image( $thumbnail ) ) {
			return $thumbnail;
		}
		$ids = PostTypes::sanitize_images( get_post_meta( $post_id, PostTypes::META_IMAGES, true ) );
		foreach ( array_slice( $ids, 0, 10 ) as $id ) {
			if ( wp_attachment_is_image( $id ) ) {
				return $id;
			}
		}
		return 0;
	}
}
