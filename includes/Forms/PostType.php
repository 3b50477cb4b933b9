<?php
/**
 * The form post type `tessera_form` and its settings meta (docs/forms.md, "Where a form lives").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

use WP_Error;
use WP_REST_Request;

/**
 * Registers `tessera_form` (not public; listed under Forms in the admin; edited in the block editor, in REST
 * under `wp/v2/tessera-forms`) and its settings meta `_tessera_form_settings` with the full JSON schema of the
 * settings table.
 */
final class PostType {

	/**
	 * The post type of a form.
	 */
	public const POST_TYPE = 'tessera_form';

	/**
	 * Post meta: the form's settings (an object, docs/forms.md "Form settings").
	 */
	public const META_SETTINGS = '_tessera_form_settings';

	/**
	 * REST base of the post type (`/wp/v2/tessera-forms`).
	 */
	public const REST_BASE = 'tessera-forms';

	/**
	 * The values `messageLocation` accepts.
	 */
	public const MESSAGE_LOCATIONS = FormDefinition::SETTING_ENUMS['messageLocation'];

	/**
	 * The values `formStateType` accepts.
	 */
	public const FORM_STATE_TYPES = FormDefinition::SETTING_ENUMS['formStateType'];

	/**
	 * Longest countdown and minimum fill time, in seconds.
	 */
	public const MAX_SECONDS = 3600;

	/**
	 * Hooks registration on init.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( $this, 'register' ) );
		add_filter( 'rest_pre_insert_' . self::POST_TYPE, array( self::class, 'check_settings' ), 10, 2 );
	}

	/**
	 * Refuses a form save (REST, as the block editor sends it) whose settings hold a redirect address that is not
	 * an absolute http(s) one (FormDefinition::is_redirect_url()): 400 `tessera_form_invalid_redirect` with
	 * `data.field` = `redirectUrl`, before anything of the form is written. Spaces around the address are trimmed.
	 *
	 * @param \stdClass|WP_Error $prepared_post The post about to be saved.
	 * @param WP_REST_Request    $request       The save request.
	 * @return \stdClass|WP_Error
	 */
	public static function check_settings( $prepared_post, $request ) {
		if ( is_wp_error( $prepared_post ) || ! $request instanceof WP_REST_Request ) {
			return $prepared_post;
		}
		$meta     = $request->get_param( 'meta' );
		$settings = is_array( $meta ) ? ( $meta[ self::META_SETTINGS ] ?? null ) : null;
		if ( ! is_array( $settings ) || ! isset( $settings['redirectUrl'] ) || ! is_string( $settings['redirectUrl'] ) ) {
			return $prepared_post; // Nothing to check; a value of another type is refused by the schema.
		}
		$url = trim( $settings['redirectUrl'] );
		if ( ! FormDefinition::is_redirect_url( $url ) ) {
			return new WP_Error(
				'tessera_form_invalid_redirect',
				__( '"Redirect to" must be a full web address starting with https:// or http://, such as https://example.com/thank-you/. Leave it empty to stay on the page.', 'tessera' ),
				array(
					'status' => 400,
					'field'  => 'redirectUrl',
				)
			);
		}
		if ( $url !== $settings['redirectUrl'] ) {
			$meta[ self::META_SETTINGS ]['redirectUrl'] = $url;
			$request->set_param( 'meta', $meta );
		}
		return $prepared_post;
	}

	/**
	 * Registers the post type and its settings meta.
	 *
	 * @return void
	 */
	public function register(): void {
		if ( ! post_type_exists( self::POST_TYPE ) ) {
			register_post_type( self::POST_TYPE, self::post_type_args() );
		}
		register_post_meta(
			self::POST_TYPE,
			self::META_SETTINGS,
			array(
				'type'          => 'object',
				'single'        => true,
				'description'   => __( 'Form settings: submission, messages, redirect and notifications.', 'tessera' ),
				'default'       => self::default_settings(),
				'auth_callback' => array( self::class, 'can_edit_settings' ),
				'show_in_rest'  => array( 'schema' => self::settings_schema() ),
			)
		);
	}

	/**
	 * Whether the current user may change a form's settings: the one who may edit the form.
	 *
	 * @param bool   $allowed  Whether the user can add the meta (unused: decided here).
	 * @param string $meta_key The meta key.
	 * @param int    $post_id  The form's post id.
	 * @return bool
	 */
	public static function can_edit_settings( $allowed = false, $meta_key = '', $post_id = 0 ): bool {
		unset( $allowed, $meta_key );
		$post_id = (int) $post_id;
		return $post_id > 0 && current_user_can( 'edit_post', $post_id );
	}

	/**
	 * Arguments of register_post_type().
	 *
	 * @return array<string, mixed>
	 */
	public static function post_type_args(): array {
		return array(
			'labels'              => self::labels(),
			'description'         => __( 'Forms built from field blocks; pages embed them with the Form block.', 'tessera' ),
			'public'              => false,
			'publicly_queryable'  => false,
			'exclude_from_search' => true,
			'show_ui'             => true,
			'show_in_menu'        => true,
			'show_in_nav_menus'   => false,
			'show_in_admin_bar'   => false,
			'menu_icon'           => 'dashicons-feedback',
			'show_in_rest'        => true,
			'rest_base'           => self::REST_BASE,
			'supports'            => array( 'title', 'editor', 'custom-fields', 'revisions' ),
			'capability_type'     => 'page',
			'map_meta_cap'        => true,
			'hierarchical'        => false,
			'has_archive'         => false,
			'rewrite'             => false,
			'query_var'           => false,
			'can_export'          => true,
			'delete_with_user'    => false,
			'template'            => self::template(),
		);
	}

	/**
	 * The post type's labels, translatable.
	 *
	 * @return array<string, string>
	 */
	public static function labels(): array {
		return array(
			'name'                     => _x( 'Forms', 'post type general name', 'tessera' ),
			'singular_name'            => _x( 'Form', 'post type singular name', 'tessera' ),
			'menu_name'                => _x( 'Forms', 'admin menu', 'tessera' ),
			'add_new'                  => __( 'Add New Form', 'tessera' ),
			'add_new_item'             => __( 'Add New Form', 'tessera' ),
			'edit_item'                => __( 'Edit Form', 'tessera' ),
			'new_item'                 => __( 'New Form', 'tessera' ),
			'view_item'                => __( 'View Form', 'tessera' ),
			'view_items'               => __( 'View Forms', 'tessera' ),
			'search_items'             => __( 'Search Forms', 'tessera' ),
			'not_found'                => __( 'No forms found.', 'tessera' ),
			'not_found_in_trash'       => __( 'No forms found in Trash.', 'tessera' ),
			'all_items'                => __( 'All Forms', 'tessera' ),
			'archives'                 => __( 'Form Archives', 'tessera' ),
			'attributes'               => __( 'Form Attributes', 'tessera' ),
			'insert_into_item'         => __( 'Insert into form', 'tessera' ),
			'uploaded_to_this_item'    => __( 'Uploaded to this form', 'tessera' ),
			'filter_items_list'        => __( 'Filter forms list', 'tessera' ),
			'items_list_navigation'    => __( 'Forms list navigation', 'tessera' ),
			'items_list'               => __( 'Forms list', 'tessera' ),
			'item_published'           => __( 'Form published.', 'tessera' ),
			'item_published_privately' => __( 'Form published privately.', 'tessera' ),
			'item_reverted_to_draft'   => __( 'Form reverted to draft.', 'tessera' ),
			'item_scheduled'           => __( 'Form scheduled.', 'tessera' ),
			'item_updated'             => __( 'Form updated.', 'tessera' ),
			'item_link'                => __( 'Form Link', 'tessera' ),
			'item_link_description'    => __( 'A link to a form.', 'tessera' ),
		);
	}

	/**
	 * The blocks a new form starts with: a name, an e-mail address and a message, all required (the same
	 * three fields the Form block's "Create a form" writes).
	 *
	 * @return array<int, array{0: string, 1: array<string, mixed>}>
	 */
	public static function template(): array {
		return array(
			array(
				'tessera/field',
				array(
					'id'       => 'name',
					'type'     => 'text',
					'label'    => __( 'Name', 'tessera' ),
					'required' => true,
				),
			),
			array(
				'tessera/field',
				array(
					'id'       => 'email',
					'type'     => 'email',
					'label'    => __( 'Email', 'tessera' ),
					'required' => true,
				),
			),
			array(
				'tessera/field',
				array(
					'id'       => 'message',
					'type'     => 'textarea',
					'label'    => __( 'Message', 'tessera' ),
					'required' => true,
				),
			),
		);
	}

	/**
	 * The settings of a form that has none stored (docs/forms.md, "Form settings").
	 *
	 * @return array<string, bool|int|string>
	 */
	public static function default_settings(): array {
		return FormDefinition::default_settings();
	}

	/**
	 * JSON schema of `_tessera_form_settings` (REST; only in the `edit` context, since it holds the
	 * notification addresses).
	 *
	 * @return array<string, mixed>
	 */
	public static function settings_schema(): array {
		$defaults = self::default_settings();
		$text     = static function ( string $key, string $description, int $max_length ) use ( $defaults ): array {
			return array(
				'description' => $description,
				'type'        => 'string',
				'maxLength'   => $max_length,
				'default'     => $defaults[ $key ],
			);
		};
		$flag     = static function ( string $key, string $description ) use ( $defaults ): array {
			return array(
				'description' => $description,
				'type'        => 'boolean',
				'default'     => $defaults[ $key ],
			);
		};
		$seconds  = static function ( string $key, string $description ) use ( $defaults ): array {
			return array(
				'description' => $description,
				'type'        => 'integer',
				'minimum'     => 0,
				'maximum'     => self::MAX_SECONDS,
				'default'     => $defaults[ $key ],
			);
		};

		return array(
			'type'                 => 'object',
			'context'              => array( 'edit' ),
			'additionalProperties' => false,
			'properties'           => array(
				'ajaxSubmission'  => $flag( 'ajaxSubmission', __( 'Submit in the background, without reloading the page.', 'tessera' ) ),
				'submitLabel'     => $text( 'submitLabel', __( 'Label of the submit button.', 'tessera' ), 200 ),
				'processingText'  => $text( 'processingText', __( 'Label of the submit button while the form is sent.', 'tessera' ), 200 ),
				'successMessage'  => $text( 'successMessage', __( 'Message shown after a successful submission.', 'tessera' ), 5000 ),
				'messageLocation' => array(
					'description' => __( 'Where the success message is shown.', 'tessera' ),
					'type'        => 'string',
					'enum'        => self::MESSAGE_LOCATIONS,
					'default'     => $defaults['messageLocation'],
				),
				'formStateType'   => array(
					'description' => __( 'What happens to the form after a successful submission.', 'tessera' ),
					'type'        => 'string',
					'enum'        => self::FORM_STATE_TYPES,
					'default'     => $defaults['formStateType'],
				),
				'redirectUrl'     => $text( 'redirectUrl', __( 'Absolute http(s) address to go to after a successful submission ("" = none).', 'tessera' ), FormDefinition::MAX_REDIRECT_URL ),
				'redirectNewTab'  => $flag( 'redirectNewTab', __( 'Open the redirect address in a new tab.', 'tessera' ) ),
				'pdfDownload'     => $flag( 'pdfDownload', __( 'Offer a PDF of the entry after a successful submission.', 'tessera' ) ),
				'notify'          => $flag( 'notify', __( 'Send an e-mail for each entry.', 'tessera' ) ),
				'notifyTo'        => $text( 'notifyTo', __( 'Comma-separated addresses the notification is sent to.', 'tessera' ), 1000 ),
				'notifySubject'   => $text( 'notifySubject', __( 'Subject of the notification e-mail.', 'tessera' ), 255 ),
				'minFillSeconds'  => $seconds( 'minFillSeconds', __( 'A submission sent faster than this many seconds after the page loaded is refused as spam.', 'tessera' ) ),
				'countdown'       => $seconds( 'countdown', __( 'Seconds of the submission countdown (0 = none).', 'tessera' ) ),
			),
		);
	}
}
