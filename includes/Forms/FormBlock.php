<?php
/**
 * The form block on a page (`tessera/form`, attribute `ref` = the form's post id): renders the stored form with
 * what a normal post left (values, errors) or its success notice.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

use Tessera\Assets;

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
		self::enqueue( $form );
		$state    = Submission::state( $ref );
		$renderer = new Renderer( $form, $state['values'] ?? array(), $state['errors'] ?? array(), $state['notice'] ?? null, (int) get_queried_object_id(), $state['carry'] ?? array() );
		return $renderer->render(
			null === $wrapper ? 'class="wp-block-tessera-form tessera-form-wrap"' : (string) $wrapper( array( 'class' => 'tessera-form-wrap' ) ),
			remove_query_arg( Submission::SENT_PARAM )
		);
	}

	/**
	 * Handle of the loader (build entry `blocks/form/view`).
	 */
	public const LOADER = 'tessera-block-form-view';

	/**
	 * Handle of the island (build entry `blocks/form/island`; registered, never enqueued: the loader injects it).
	 */
	public const ISLAND = 'tessera-block-form-island';

	/**
	 * The forms rendered on this page, by form id: what the island needs of each.
	 *
	 * @var array<string, array<string, mixed>>
	 */
	private static array $forms = array();

	/**
	 * Enqueues the loader (footer, deferred) once and records the form for the page's configuration, which is
	 * printed on `wp_footer` before the footer scripts.
	 *
	 * @param FormDefinition $form The rendered form.
	 * @return void
	 */
	private static function enqueue( FormDefinition $form ): void {
		if ( ! did_action( 'init' ) ) {
			return;
		}
		if ( array() === self::$forms ) {
			$assets = new Assets();
			if ( ! wp_script_is( self::ISLAND, 'registered' ) ) {
				$assets->register_entry( self::ISLAND, 'blocks/form/island' );
			}
			$assets->enqueue_deferred( self::LOADER, 'blocks/form/view' );
			if ( ! has_action( 'wp_footer', array( self::class, 'print_config' ) ) ) {
				add_action( 'wp_footer', array( self::class, 'print_config' ), 5 );
			}
		}
		self::$forms[ (string) $form->form_id ] = self::form_config( $form );
	}

	/**
	 * What the island needs of one form: its fields (rules, conditions, step) and its step titles.
	 *
	 * @param FormDefinition $form The form.
	 * @return array<string, mixed>
	 */
	public static function form_config( FormDefinition $form ): array {
		$fields = array();
		foreach ( $form->fields as $field ) {
			$fields[] = array(
				'id'              => $field->id,
				'type'            => $field->type,
				'label'           => $field->label,
				'required'        => $field->required,
				'requiredMessage' => $field->required_message,
				'confirm'         => $field->has_confirm(),
				'minWords'        => $field->min_words,
				'minChars'        => $field->min_chars,
				'cap'             => $field->cap(),
				'minWordsMessage' => $field->min_words_message,
				'minCharsMessage' => $field->min_chars_message,
				'choices'         => $field->choices,
				'choiceLimit'     => $field->choice_limit,
				'min'             => $field->min,
				'max'             => $field->max,
				'step'            => $field->step_value,
				'conditions'      => $field->conditions,
				'stepIndex'       => $field->step,
			);
		}
		return array(
			'fields'     => $fields,
			'stepTitles' => $form->step_titles,
		);
	}

	/**
	 * The page's configuration of the forms' browser side (docs/forms.md): the admin-ajax address, the island's
	 * scripts in order, the validation messages of the server, the interface texts, the typo-suggestion domains and
	 * each form's fields.
	 *
	 * @return array<string, mixed>
	 */
	public static function config(): array {
		$domains = array(
			'domains' => array( 'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.co.uk', 'hotmail.com', 'hotmail.co.uk', 'outlook.com', 'live.com', 'msn.com', 'aol.com', 'icloud.com', 'me.com', 'mac.com', 'gmx.com', 'gmx.de', 'gmx.net', 'web.de', 'yandex.com', 'mail.com', 'protonmail.com', 'proton.me', 'comcast.net', 'orange.fr', 'free.fr', 'libero.it', 'btinternet.com' ),
			'tlds'    => array( 'com', 'net', 'org', 'info', 'edu', 'gov', 'co.uk', 'de', 'fr', 'it', 'nl', 'es', 'ca', 'au', 'io', 'me', 'us', 'eu', 'ch', 'at', 'be', 'uk' ),
		);
		/**
		 * Filters the e-mail domains and top-level domains the typo suggestion knows.
		 *
		 * @param array{domains: string[], tlds: string[]} $domains Domains and TLDs.
		 */
		$domains = apply_filters( 'tessera_forms_email_domains', $domains );
		$domains = is_array( $domains ) ? $domains : array();
		return array(
			'ajaxUrl'  => admin_url( 'admin-ajax.php' ),
			'scripts'  => Assets::script_urls( self::ISLAND ),
			'messages' => Validator::messages(),
			'texts'    => array(
				'genericError' => __( 'The form could not be sent. Please try again.', 'tessera' ),
				/* translators: %s: a suggested e-mail address. */
				'didYouMean'   => __( 'Did you mean %s?', 'tessera' ),
				'stepOf'       => Steps::template(),
				'success'      => __( 'Success', 'tessera' ),
				'close'        => __( 'Close', 'tessera' ),
			),
			'domains'  => array_values( array_filter( (array) ( $domains['domains'] ?? array() ), 'is_string' ) ),
			'tlds'     => array_values( array_filter( (array) ( $domains['tlds'] ?? array() ), 'is_string' ) ),
			'forms'    => self::$forms,
		);
	}

	/**
	 * Prints the configuration once (`wp_footer`, before the footer scripts run).
	 *
	 * @return void
	 */
	public static function print_config(): void {
		if ( array() === self::$forms ) {
			return;
		}
		echo '<script type="application/json" id="tessera-form-config">' . wp_json_encode( self::config(), JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP ) . "</script>\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON encoded with every HTML-significant character escaped.
		self::$forms = array();
	}
}
