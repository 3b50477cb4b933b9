<?php
/**
 * A stored form (docs/forms.md, "Where a form lives" and "Field model"): the fields of a `tessera_form` post's
 * blocks, in document order, and its settings merged over the defaults.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

use Tessera\Http\Url;
use WP_Post;

/**
 * An immutable form. The server validates against this, built from the stored post, never from what a request
 * says the fields are.
 *
 * Choices:
 * - Every `tessera/form-step` block starts a new step, wherever it is: `steps` = separators + 1.
 * - Blocks are walked depth first (inner blocks of groups, columns, … included). A field block whose id is
 *   already taken is skipped: the first one wins.
 * - Settings keep only the keys of the table in docs/forms.md; a value of the wrong type (or outside its enum)
 *   falls back to the default, counts below 0 become 0, and an empty `submitLabel` or `processingText` falls
 *   back to the default (a button needs a name). A `redirectUrl` that is_redirect_url() refuses is dropped
 *   (a value stored before the check existed, or written around it): the form then stays on its page.
 */
final class FormDefinition {

	/**
	 * The post type of forms.
	 */
	public const POST_TYPE = 'tessera_form';

	/**
	 * The post meta of a form's settings.
	 */
	public const META_SETTINGS = '_tessera_form_settings';

	/**
	 * The field block.
	 */
	public const FIELD_BLOCK = 'tessera/field';

	/**
	 * The step separator block.
	 */
	public const STEP_BLOCK = 'tessera/form-step';

	/**
	 * Allowed values of the enum settings.
	 */
	public const SETTING_ENUMS = array(
		'messageLocation' => array( 'hide', 'top', 'bottom', 'popup' ),
		'formStateType'   => array( 'reset', 'hide' ),
	);

	/**
	 * Longest `redirectUrl`, in bytes (the REST schema's maxLength).
	 */
	public const MAX_REDIRECT_URL = 2048;

	/**
	 * Settings that must not be empty.
	 */
	private const NON_EMPTY_SETTINGS = array( 'submitLabel', 'processingText' );

	/**
	 * The form's post id.
	 *
	 * @var int
	 */
	public readonly int $form_id;

	/**
	 * The form's title (post_title).
	 *
	 * @var string
	 */
	public readonly string $title;

	/**
	 * Fields in document order.
	 *
	 * @var list<Field>
	 */
	public readonly array $fields;

	/**
	 * Settings: every key of default_settings(), sanitised.
	 *
	 * @var array{ajaxSubmission: bool, submitLabel: string, processingText: string, successMessage: string, messageLocation: string, formStateType: string, redirectUrl: string, redirectNewTab: bool, pdfDownload: bool, notify: bool, notifyTo: string, notifySubject: string, minFillSeconds: int, countdown: int}
	 */
	public readonly array $settings;

	/**
	 * Number of steps (1 for a form without step separators).
	 *
	 * @var int
	 */
	public readonly int $steps;

	/**
	 * The title of each step (`tessera/form-step` attribute `title`; '' for the first step and untitled ones).
	 *
	 * @var list<string>
	 */
	public readonly array $step_titles;

	/**
	 * Fields by id.
	 *
	 * @var array<string, Field>
	 */
	private array $by_id = array();

	/**
	 * Creates the form.
	 *
	 * @param int                  $form_id  Post id.
	 * @param string               $title    Title.
	 * @param list<Field>          $fields   Fields (unique ids).
	 * @param array<string, mixed> $settings Settings, sanitised here.
	 * @param list<string>         $step_titles Title of each step (at least the first).
	 */
	private function __construct( int $form_id, string $title, array $fields, array $settings, array $step_titles ) {
		$this->form_id     = $form_id;
		$this->title       = $title;
		$this->fields      = $fields;
		$this->settings    = self::sanitize_settings( $settings );
		$this->step_titles = $step_titles;
		$this->steps       = count( $step_titles );
		foreach ( $fields as $field ) {
			$this->by_id[ $field->id ] = $field;
		}
	}

	/**
	 * The default settings (docs/forms.md, "Form settings"), translated.
	 *
	 * @return array{ajaxSubmission: bool, submitLabel: string, processingText: string, successMessage: string, messageLocation: string, formStateType: string, redirectUrl: string, redirectNewTab: bool, pdfDownload: bool, notify: bool, notifyTo: string, notifySubject: string, minFillSeconds: int, countdown: int}
	 */
	public static function default_settings(): array {
		return array(
			'ajaxSubmission'  => true,
			'submitLabel'     => __( 'Submit', 'tessera' ),
			'processingText'  => __( 'Processing…', 'tessera' ),
			'successMessage'  => __( 'Thanks for contacting us! We will be in touch with you shortly.', 'tessera' ),
			'messageLocation' => 'top',
			'formStateType'   => 'reset',
			'redirectUrl'     => '',
			'redirectNewTab'  => false,
			'pdfDownload'     => false,
			'notify'          => true,
			'notifyTo'        => '{admin_email}',
			/* translators: {form_title} is replaced by the form's title; keep it as is. */
			'notifySubject'   => __( 'New entry: {form_title}', 'tessera' ),
			'minFillSeconds'  => 3,
			'countdown'       => 0,
		);
	}

	/**
	 * Settings merged over the defaults, key by key: unknown keys are dropped; a value of the wrong type, outside
	 * its enum or (submitLabel, processingText) empty gives the default; integers below 0 become 0.
	 *
	 * @param array<mixed> $settings Stored settings.
	 * @return array{ajaxSubmission: bool, submitLabel: string, processingText: string, successMessage: string, messageLocation: string, formStateType: string, redirectUrl: string, redirectNewTab: bool, pdfDownload: bool, notify: bool, notifyTo: string, notifySubject: string, minFillSeconds: int, countdown: int}
	 */
	public static function sanitize_settings( array $settings ): array {
		$clean = self::default_settings();
		foreach ( $clean as $key => $default ) {
			if ( ! array_key_exists( $key, $settings ) ) {
				continue;
			}
			$value = $settings[ $key ];
			if ( is_bool( $default ) ) {
				if ( is_bool( $value ) ) {
					$clean[ $key ] = $value;
				}
			} elseif ( is_int( $default ) ) {
				if ( is_float( $value ) && is_finite( $value ) && floor( $value ) === $value && abs( $value ) < PHP_INT_MAX ) {
					$value = (int) $value;
				}
				if ( is_int( $value ) ) {
					$clean[ $key ] = max( 0, $value );
				}
			} elseif ( is_string( $value ) ) {
				if ( isset( self::SETTING_ENUMS[ $key ] ) && ! in_array( $value, self::SETTING_ENUMS[ $key ], true ) ) {
					continue;
				}
				if ( in_array( $key, self::NON_EMPTY_SETTINGS, true ) && '' === trim( $value ) ) {
					continue;
				}
				if ( 'redirectUrl' === $key && ! self::is_redirect_url( $value ) ) {
					continue;
				}
				$clean[ $key ] = $value;
			}
		}
		return $clean;
	}

	/**
	 * Whether a value may be a form's redirect address: "" (none), or an absolute http:// or https:// address with
	 * a real host (Url::http_host(): no `javascript:`, no `//host` or `/\host` that a browser would read as another
	 * site, no credentials, nothing that needs encoding) of at most 2,048 bytes. Any host: a thank-you page on
	 * another site is the owner's choice.
	 *
	 * @param string $url Address.
	 * @return bool
	 */
	public static function is_redirect_url( string $url ): bool {
		return '' === $url || ( strlen( $url ) <= self::MAX_REDIRECT_URL && null !== Url::http_host( $url ) );
	}

	/**
	 * Builds a form from parsed blocks (parse_blocks() output): one field per valid `tessera/field` block, in
	 * document order, inner blocks included; `tessera/form-step` starts the next step.
	 *
	 * @param int          $form_id       The form's post id.
	 * @param array<mixed> $parsed_blocks Parsed blocks.
	 * @param array<mixed> $settings      Stored settings (sanitised and merged over the defaults).
	 * @param string       $title         The form's title.
	 * @return self
	 */
	public static function from_blocks( int $form_id, array $parsed_blocks, array $settings, string $title = '' ): self {
		$fields = array();
		$titles = array( '' );
		self::walk( $parsed_blocks, $fields, $titles );
		return new self( $form_id, $title, array_values( $fields ), $settings, $titles );
	}

	/**
	 * Builds the stored form of a `tessera_form` post: its blocks, its `_tessera_form_settings` meta and its title.
	 *
	 * @param WP_Post|int $post Post or post id.
	 * @return self|null Null when there is no such post or it is not a form.
	 */
	public static function from_post( $post ): ?self {
		// Not 0: get_post( 0 ) is the global post (a REST request or the loop leaves one), which is no form id.
		if ( ! $post instanceof WP_Post && ( ! is_int( $post ) || $post <= 0 ) ) {
			return null;
		}
		$post = get_post( $post );
		if ( ! $post instanceof WP_Post || self::POST_TYPE !== $post->post_type ) {
			return null;
		}
		$settings = get_post_meta( $post->ID, self::META_SETTINGS, true );
		return self::from_blocks(
			(int) $post->ID,
			parse_blocks( (string) $post->post_content ),
			is_array( $settings ) ? $settings : array(),
			(string) $post->post_title
		);
	}

	/**
	 * The field with this id.
	 *
	 * @param string $id Field id.
	 * @return Field|null
	 */
	public function field( string $id ): ?Field {
		return $this->by_id[ $id ] ?? null;
	}

	/**
	 * Collects the fields of a list of blocks, depth first.
	 *
	 * @param array<mixed>         $blocks Parsed blocks.
	 * @param array<string, Field> $fields Fields found so far, by id.
	 * @param list<string>         $titles Titles of the steps so far (the last one is the current step).
	 * @return void
	 */
	private static function walk( array $blocks, array &$fields, array &$titles ): void {
		foreach ( $blocks as $block ) {
			if ( ! is_array( $block ) ) {
				continue;
			}
			$name = $block['blockName'] ?? null;
			$attrs = is_array( $block['attrs'] ?? null ) ? $block['attrs'] : array();
			if ( self::STEP_BLOCK === $name ) {
				$titles[] = is_string( $attrs['title'] ?? null ) ? $attrs['title'] : '';
			} elseif ( self::FIELD_BLOCK === $name ) {
				$field = Field::from_block( $attrs, count( $titles ) - 1 );
				if ( null !== $field && ! isset( $fields[ $field->id ] ) ) {
					$fields[ $field->id ] = $field;
				}
			}
			if ( is_array( $block['innerBlocks'] ?? null ) ) {
				self::walk( $block['innerBlocks'], $fields, $titles );
			}
		}
	}
}
