<?php
/**
 * The form block on a page (`tessera/form`, attribute `ref` = the form's post id): renders the stored form with
 * what a normal post left (values, errors) or its success notice.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Server render of the form block.
 */
final class FormBlock {

	/**
	 * The block's HTML: nothing for a missing, unpublished or empty form (an editor sees why).
	 *
	 * @param array<string, mixed> $attributes Block attributes.
	 * @param callable|null        $wrapper    Builds the wrapper's attributes (get_block_wrapper_attributes while a
	 *                                         block renders; null: the block's class only).
	 * @return string
	 */
	public static function render( array $attributes, ?callable $wrapper = null ): string {
		$ref  = isset( $attributes['ref'] ) && is_int( $attributes['ref'] ) ? $attributes['ref'] : 0;
		$form = $ref > 0 && 'publish' === get_post_status( $ref ) ? FormDefinition::from_post( $ref ) : null;
		if ( null === $form || array() === $form->fields ) {
			if ( current_user_can( 'edit_posts' ) ) {
				return '<p class="tessera-form__missing">' . esc_html__( 'This form is missing, unpublished or has no fields (only editors see this note).', 'tessera' ) . '</p>';
			}
			return '';
		}
		$state    = Submission::state( $ref );
		$renderer = new Renderer( $form, $state['values'] ?? array(), $state['errors'] ?? array(), $state['notice'] ?? null, (int) get_queried_object_id(), $state['carry'] ?? array() );
		return $renderer->render(
			null === $wrapper ? 'class="wp-block-tessera-form tessera-form-wrap"' : (string) $wrapper( array( 'class' => 'tessera-form-wrap' ) ),
			remove_query_arg( Submission::SENT_PARAM )
		);
	}
}
