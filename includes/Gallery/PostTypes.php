<?php
/**
 * The gallery content model (docs/gallery.md, "Content model"): the image tag taxonomy on attachments, the gallery
 * and album post types and their ordered contents in post meta, with REST schemas and sanitising.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

use WP_Error;

/**
 * Registers the taxonomy, the post types and their meta.
 */
final class PostTypes {

	/** The image tag taxonomy (attachments). */
	public const TAG_TAXONOMY = 'tessera_image_tag';

	/** The gallery post type. */
	public const GALLERY = 'tessera_gallery';

	/** The album post type. */
	public const ALBUM = 'tessera_album';

	/** A gallery's ordered attachment ids. */
	public const META_IMAGES = '_tessera_gallery_images';

	/** An album's ordered items: `{ type: gallery|album, id }`. */
	public const META_ITEMS = '_tessera_album_items';

	/** Attachment meta: the address a thumbnail goes to with thumb_click_action `redirect_to_url`. */
	public const META_REDIRECT = '_tessera_redirect_url';

	/** Most images in one gallery. */
	public const MAX_IMAGES = 5000;

	/** Most items in one album. */
	public const MAX_ITEMS = 500;

	/**
	 * Hooks.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( $this, 'register' ) );
		add_filter( 'rest_pre_insert_' . self::ALBUM, array( $this, 'check_album_cycle' ), 10, 2 );
		add_filter( 'attachment_fields_to_edit', array( $this, 'link_field' ), 10, 2 );
		add_filter( 'attachment_fields_to_save', array( $this, 'save_link_field' ), 10, 2 );
	}

	/**
	 * The image's gallery link in the media library's attachment details.
	 *
	 * @param array<string, mixed> $fields     Fields.
	 * @param \WP_Post             $attachment The attachment.
	 * @return array<string, mixed>
	 */
	public function link_field( $fields, $attachment ): array {
		$fields = is_array( $fields ) ? $fields : array();
		if ( ! $attachment instanceof \WP_Post || ! wp_attachment_is_image( $attachment ) ) {
			return $fields;
		}
		$fields['tessera_redirect_url'] = array(
			'label' => __( 'Gallery link', 'tessera' ),
			'input' => 'text',
			'value' => (string) get_post_meta( $attachment->ID, self::META_REDIRECT, true ),
			'helps' => __( 'Where a gallery thumbnail goes when its click action is “Go to the image’s URL”.', 'tessera' ),
		);
		return $fields;
	}

	/**
	 * Saves the gallery link of the attachment details: an http(s) address, or nothing.
	 *
	 * @param array<string, mixed> $post       The attachment's data.
	 * @param array<string, mixed> $attachment The posted fields.
	 * @return array<string, mixed>
	 */
	public function save_link_field( $post, $attachment ): array {
		$post = is_array( $post ) ? $post : array();
		if ( ! is_array( $attachment ) || ! isset( $attachment['tessera_redirect_url'], $post['ID'] ) || ! current_user_can( 'edit_post', (int) $post['ID'] ) ) {
			return $post;
		}
		$url = esc_url_raw( trim( (string) $attachment['tessera_redirect_url'] ), array( 'http', 'https' ) );
		if ( '' === $url ) {
			delete_post_meta( (int) $post['ID'], self::META_REDIRECT );
		} else {
			update_post_meta( (int) $post['ID'], self::META_REDIRECT, $url );
		}
		return $post;
	}

	/**
	 * Registers the taxonomy, the post types and the meta.
	 *
	 * @return void
	 */
	public function register(): void {
		if ( ! taxonomy_exists( self::TAG_TAXONOMY ) ) {
			register_taxonomy( self::TAG_TAXONOMY, 'attachment', self::taxonomy_args() );
		}
		if ( ! post_type_exists( self::GALLERY ) ) {
			register_post_type( self::GALLERY, self::post_type_args( self::GALLERY ) );
		}
		if ( ! post_type_exists( self::ALBUM ) ) {
			register_post_type( self::ALBUM, self::post_type_args( self::ALBUM ) );
		}
		register_post_meta(
			self::GALLERY,
			self::META_IMAGES,
			array(
				'type'              => 'array',
				'single'            => true,
				'description'       => __( 'The gallery’s images, in order (attachment ids).', 'tessera' ),
				'default'           => array(),
				'sanitize_callback' => array( self::class, 'sanitize_images' ),
				'auth_callback'     => array( self::class, 'can_edit' ),
				'show_in_rest'      => array(
					'schema' => array(
						'type'     => 'array',
						'maxItems' => self::MAX_IMAGES,
						'items'    => array(
							'type'    => 'integer',
							'minimum' => 1,
						),
					),
				),
			)
		);
		register_post_meta(
			'attachment',
			self::META_REDIRECT,
			array(
				'type'              => 'string',
				'single'            => true,
				'description'       => __( 'Where a gallery thumbnail of this image goes with the click action “Go to the image’s URL”.', 'tessera' ),
				'default'           => '',
				'sanitize_callback' => static fn ( $value ): string => esc_url_raw( trim( (string) $value ), array( 'http', 'https' ) ),
				'auth_callback'     => array( self::class, 'can_edit' ),
				'show_in_rest'      => array( 'schema' => array( 'format' => 'uri' ) ),
			)
		);
		register_post_meta(
			self::ALBUM,
			self::META_ITEMS,
			array(
				'type'              => 'array',
				'single'            => true,
				'description'       => __( 'The album’s galleries and albums, in order.', 'tessera' ),
				'default'           => array(),
				'sanitize_callback' => array( self::class, 'sanitize_items' ),
				'auth_callback'     => array( self::class, 'can_edit' ),
				'show_in_rest'      => array(
					'schema' => array(
						'type'     => 'array',
						'maxItems' => self::MAX_ITEMS,
						'items'    => array(
							'type'                 => 'object',
							'additionalProperties' => false,
							'properties'           => array(
								'type' => array(
									'type'     => 'string',
									'enum'     => array( 'gallery', 'album' ),
									'required' => true,
								),
								'id'   => array(
									'type'     => 'integer',
									'minimum'  => 1,
									'required' => true,
								),
							),
						),
					),
				),
			)
		);
	}

	/**
	 * Whether the current user may change a gallery's or album's contents: the one who may edit it.
	 *
	 * @param bool   $allowed  Unused: decided here.
	 * @param string $meta_key The meta key.
	 * @param int    $post_id  The post id.
	 * @return bool
	 */
	public static function can_edit( $allowed = false, $meta_key = '', $post_id = 0 ): bool {
		unset( $allowed, $meta_key );
		$post_id = (int) $post_id;
		return $post_id > 0 && current_user_can( 'edit_post', $post_id );
	}

	/**
	 * A gallery's images as stored: unique positive ids, in the given order, at most MAX_IMAGES.
	 *
	 * @param mixed $value Raw value.
	 * @return int[]
	 */
	public static function sanitize_images( $value ): array {
		$ids = array();
		foreach ( is_array( $value ) ? $value : array() as $id ) {
			if ( is_int( $id ) || ( is_string( $id ) && ctype_digit( $id ) ) ) {
				$id = (int) $id;
				if ( $id > 0 && ! isset( $ids[ $id ] ) ) {
					$ids[ $id ] = $id;
				}
			}
		}
		return array_slice( array_values( $ids ), 0, self::MAX_IMAGES );
	}

	/**
	 * An album's items as stored: `{ type, id }` with a known type and a positive id, no repeats, at most MAX_ITEMS.
	 *
	 * @param mixed $value Raw value.
	 * @return array<int, array{type: string, id: int}>
	 */
	public static function sanitize_items( $value ): array {
		$items = array();
		foreach ( is_array( $value ) ? $value : array() as $item ) {
			if ( ! is_array( $item ) ) {
				continue;
			}
			$type = $item['type'] ?? '';
			$id   = $item['id'] ?? 0;
			$id   = is_int( $id ) || ( is_string( $id ) && ctype_digit( $id ) ) ? (int) $id : 0;
			if ( ( 'gallery' === $type || 'album' === $type ) && $id > 0 ) {
				$items[ $type . ':' . $id ] = array(
					'type' => $type,
					'id'   => $id,
				);
			}
		}
		return array_slice( array_values( $items ), 0, self::MAX_ITEMS );
	}

	/**
	 * Refuses to save an album that would contain itself, directly or through the albums it contains.
	 *
	 * @param \stdClass|WP_Error $prepared The post about to be saved.
	 * @param \WP_REST_Request   $request  The request.
	 * @return \stdClass|WP_Error
	 */
	public function check_album_cycle( $prepared, $request ) {
		if ( is_wp_error( $prepared ) ) {
			return $prepared;
		}
		$meta = $request->get_param( 'meta' );
		if ( ! is_array( $meta ) || ! array_key_exists( self::META_ITEMS, $meta ) ) {
			return $prepared;
		}
		$album = (int) ( $prepared->ID ?? 0 );
		if ( $album > 0 && self::contains_album( self::sanitize_items( $meta[ self::META_ITEMS ] ), $album ) ) {
			return new WP_Error(
				'tessera_album_cycle',
				__( 'An album cannot contain itself, directly or through another album.', 'tessera' ),
				array( 'status' => 400 )
			);
		}
		return $prepared;
	}

	/**
	 * Whether a list of album items reaches an album, following the albums it contains (stored contents).
	 *
	 * @param array<int, array{type: string, id: int}> $items  Items.
	 * @param int                                      $target Album id.
	 * @return bool
	 */
	public static function contains_album( array $items, int $target ): bool {
		$seen  = array();
		$queue = $items;
		while ( array() !== $queue ) {
			$item = array_shift( $queue );
			if ( 'album' !== $item['type'] ) {
				continue;
			}
			if ( $item['id'] === $target ) {
				return true;
			}
			if ( isset( $seen[ $item['id'] ] ) || count( $seen ) > 1000 ) {
				continue;
			}
			$seen[ $item['id'] ] = true;
			$queue               = array_merge( $queue, self::sanitize_items( get_post_meta( $item['id'], self::META_ITEMS, true ) ) );
		}
		return false;
	}

	/**
	 * Arguments of register_taxonomy() for the image tags.
	 *
	 * @return array<string, mixed>
	 */
	public static function taxonomy_args(): array {
		return array(
			'labels'             => array(
				'name'          => _x( 'Image tags', 'taxonomy general name', 'tessera' ),
				'singular_name' => _x( 'Image tag', 'taxonomy singular name', 'tessera' ),
				'search_items'  => __( 'Search image tags', 'tessera' ),
				'all_items'     => __( 'All image tags', 'tessera' ),
				'edit_item'     => __( 'Edit image tag', 'tessera' ),
				'update_item'   => __( 'Update image tag', 'tessera' ),
				'add_new_item'  => __( 'Add new image tag', 'tessera' ),
				'new_item_name' => __( 'New image tag name', 'tessera' ),
				'menu_name'     => __( 'Image tags', 'tessera' ),
				'not_found'     => __( 'No image tags found.', 'tessera' ),
			),
			'description'        => __( 'Tags of media-library images, used by the galleries’ tag filter.', 'tessera' ),
			'public'             => false,
			'publicly_queryable' => false,
			'show_ui'            => true,
			'show_in_menu'       => true,
			'show_in_nav_menus'  => false,
			'show_admin_column'  => true,
			'show_in_rest'       => true,
			'rest_base'          => 'tessera-image-tags',
			'hierarchical'       => false,
			'rewrite'            => false,
			'query_var'          => false,
			// Attachments have the status `inherit`: count them as core does for its media taxonomies.
			'update_count_callback' => '_update_generic_term_count',
		);
	}

	/**
	 * Arguments of register_post_type() for galleries and albums.
	 *
	 * @param string $type self::GALLERY or self::ALBUM.
	 * @return array<string, mixed>
	 */
	public static function post_type_args( string $type ): array {
		$gallery = self::GALLERY === $type;
		return array(
			'labels'              => $gallery ? self::gallery_labels() : self::album_labels(),
			'description'         => $gallery
				? __( 'An ordered set of media-library images that pages and albums show with the Tessera Gallery block.', 'tessera' )
				: __( 'Galleries and other albums, browsed with the Album block.', 'tessera' ),
			'public'              => false,
			'publicly_queryable'  => false,
			'exclude_from_search' => true,
			'show_ui'             => true,
			'show_in_menu'        => $gallery ? true : 'edit.php?post_type=' . self::GALLERY,
			'show_in_nav_menus'   => false,
			'show_in_admin_bar'   => false,
			'menu_icon'           => 'dashicons-format-gallery',
			'show_in_rest'        => true,
			'rest_base'           => $gallery ? 'tessera-galleries' : 'tessera-albums',
			'supports'            => array( 'title', 'excerpt', 'thumbnail', 'custom-fields', 'revisions' ),
			'capability_type'     => 'page',
			'map_meta_cap'        => true,
			'hierarchical'        => false,
			'has_archive'         => false,
			'rewrite'             => false,
			'query_var'           => false,
			'can_export'          => true,
			'delete_with_user'    => false,
		);
	}

	/**
	 * Labels of galleries.
	 *
	 * @return array<string, string>
	 */
	private static function gallery_labels(): array {
		return array(
			'name'               => _x( 'Galleries', 'post type general name', 'tessera' ),
			'singular_name'      => _x( 'Gallery', 'post type singular name', 'tessera' ),
			'menu_name'          => _x( 'Galleries', 'admin menu', 'tessera' ),
			'add_new'            => __( 'Add New Gallery', 'tessera' ),
			'add_new_item'       => __( 'Add New Gallery', 'tessera' ),
			'edit_item'          => __( 'Edit Gallery', 'tessera' ),
			'new_item'           => __( 'New Gallery', 'tessera' ),
			'search_items'       => __( 'Search Galleries', 'tessera' ),
			'not_found'          => __( 'No galleries found.', 'tessera' ),
			'not_found_in_trash' => __( 'No galleries found in Trash.', 'tessera' ),
			'all_items'          => __( 'All Galleries', 'tessera' ),
			'item_published'     => __( 'Gallery published.', 'tessera' ),
			'item_updated'       => __( 'Gallery updated.', 'tessera' ),
		);
	}

	/**
	 * Labels of albums.
	 *
	 * @return array<string, string>
	 */
	private static function album_labels(): array {
		return array(
			'name'               => _x( 'Albums', 'post type general name', 'tessera' ),
			'singular_name'      => _x( 'Album', 'post type singular name', 'tessera' ),
			'menu_name'          => _x( 'Albums', 'admin menu', 'tessera' ),
			'add_new'            => __( 'Add New Album', 'tessera' ),
			'add_new_item'       => __( 'Add New Album', 'tessera' ),
			'edit_item'          => __( 'Edit Album', 'tessera' ),
			'new_item'           => __( 'New Album', 'tessera' ),
			'search_items'       => __( 'Search Albums', 'tessera' ),
			'not_found'          => __( 'No albums found.', 'tessera' ),
			'not_found_in_trash' => __( 'No albums found in Trash.', 'tessera' ),
			'all_items'          => __( 'Albums', 'tessera' ),
			'item_published'     => __( 'Album published.', 'tessera' ),
			'item_updated'       => __( 'Album updated.', 'tessera' ),
		);
	}
}
