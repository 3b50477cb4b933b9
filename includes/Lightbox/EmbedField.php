<?php
/**
 * The media library's "Embed in the lightbox" field (docs/lightbox.md "Embeds"): on an image's attachment details,
 * the address of a video or post that the lightbox shows in place of the image (the image is its poster in the
 * galleries). An address Tessera cannot read is refused and the saved one is kept; the media library's details
 * show the field again with what was typed and the reason (the media modal drops a save's errors, so the refusal
 * is kept a minute for that editor and that image, and read once); an empty field removes the address.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Lightbox;

/**
 * The attachment field.
 */
final class EmbedField {

	/** The field's name in the attachment form. */
	public const FIELD = 'tessera_embed_url';

	/** Transient prefix of a refused address: `{prefix}{user}_{attachment}`. */
	private const REFUSED = 'tessera_embed_refused_';

	/**
	 * Hooks.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_filter( 'attachment_fields_to_edit', array( $this, 'field' ), 10, 2 );
		add_filter( 'attachment_fields_to_save', array( $this, 'save' ), 10, 2 );
	}

	/**
	 * The field, on images.
	 *
	 * @param array<string, mixed> $fields     Fields.
	 * @param \WP_Post             $attachment The attachment.
	 * @return array<string, mixed>
	 */
	public function field( $fields, $attachment ): array {
		$fields = is_array( $fields ) ? $fields : array();
		if ( ! $attachment instanceof \WP_Post || ! wp_attachment_is_image( $attachment ) ) {
			return $fields;
		}
		$help    = __( 'A YouTube, Vimeo, Dailymotion, Facebook or Instagram address (a video or post), or a picture’s own address on Flickr, Imgur or Google Photos. The lightbox shows it in place of this image, which stays its poster in the galleries. Leave empty for the image itself.', 'tessera' );
		$key     = self::REFUSED . get_current_user_id() . '_' . $attachment->ID;
		$refused = get_transient( $key );
		if ( is_string( $refused ) ) {
			delete_transient( $key );
			$help = self::refusal() . ' ' . $help;
		}
		$fields[ self::FIELD ] = array(
			'label' => __( 'Embed in the lightbox', 'tessera' ),
			'input' => 'text',
			'value' => is_string( $refused ) ? $refused : (string) get_post_meta( $attachment->ID, Embed::META, true ),
			'helps' => esc_html( $help ),
		);
		return $fields;
	}

	/**
	 * Saves the field: a readable address, or nothing; anything else is refused and changes nothing.
	 *
	 * @param array<string, mixed> $post       The attachment's data.
	 * @param array<string, mixed> $attachment The posted fields.
	 * @return array<string, mixed>
	 */
	public function save( $post, $attachment ): array {
		$post = is_array( $post ) ? $post : array();
		if ( ! is_array( $attachment ) || ! isset( $attachment[ self::FIELD ], $post['ID'] ) || ! current_user_can( 'edit_post', (int) $post['ID'] ) ) {
			return $post;
		}
		$id  = (int) $post['ID'];
		$url = trim( sanitize_text_field( (string) wp_unslash( $attachment[ self::FIELD ] ) ) );
		if ( '' === $url ) {
			delete_post_meta( $id, Embed::META );
			return $post;
		}
		if ( null === Embed::parse( $url ) ) {
			$post['errors'][ self::FIELD ]['errors'][] = self::refusal();
			set_transient( self::REFUSED . get_current_user_id() . '_' . $id, $url, MINUTE_IN_SECONDS );
			return $post;
		}
		update_post_meta( $id, Embed::META, esc_url_raw( $url, array( 'http', 'https' ) ) );
		return $post;
	}

	/**
	 * Why an address was refused.
	 *
	 * @return string
	 */
	private static function refusal(): string {
		return __( 'Not saved: Tessera cannot embed this address.', 'tessera' );
	}
}
