<?php
/**
 * Forms → Entries (`edit.php?post_type=tessera_form&page=tessera-form-entries`): the site owner's screen of the
 * stored form entries, rendered in the browser (src/admin/form-entries) over REST `tessera/v1/forms/*` and
 * `tessera/v1/entries/*` (Rest\EntriesController).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

use Tessera\Assets;

/**
 * Adds the submenu entry (with the number of unread entries as a bubble) for users with capability(), and loads
 * the screen's script on that page only, with its configuration (REST root, nonce, the form and entry the
 * address asks for: the notification e-mail links to `&form_id=…&entry_id=…`).
 *
 * Capability: reading, marking, deleting and exporting entries needs `manage_options` by default (entries hold
 * visitors' personal data; editors manage forms but do not read what visitors sent). Sites change it with the
 * filter `tessera_forms_entries_capability` (a capability name, e.g. `edit_others_pages`); the menu, the screen
 * and every REST route use the same answer.
 */
final class EntriesPage {

	/**
	 * Page slug.
	 */
	public const PAGE = 'tessera-form-entries';

	/**
	 * The parent menu: Forms (the post type's list).
	 */
	public const PARENT = 'edit.php?post_type=' . PostType::POST_TYPE;

	/**
	 * Script (and style) handle of the screen.
	 */
	public const HANDLE = 'tessera-form-entries';

	/**
	 * Build entry of the screen (build/admin/form-entries.js).
	 */
	public const ENTRY = 'admin/form-entries';

	/**
	 * Id of the element the screen is mounted into.
	 */
	public const ROOT_ID = 'tessera-form-entries';

	/**
	 * Global the configuration is printed into (read and checked by the screen).
	 */
	public const CONFIG_GLOBAL = 'tesseraFormEntries';

	/**
	 * Default capability of the screen and its REST routes.
	 */
	public const DEFAULT_CAPABILITY = 'manage_options';

	/**
	 * Filter that changes the capability.
	 */
	public const CAPABILITY_FILTER = 'tessera_forms_entries_capability';

	/**
	 * Most forms whose unread entries are counted for the menu bubble.
	 */
	public const MAX_COUNTED_FORMS = 200;

	/**
	 * Script registration.
	 *
	 * @var Assets
	 */
	private Assets $assets;

	/**
	 * Hook suffix of the page once added ('' before).
	 *
	 * @var string
	 */
	private string $hook_suffix = '';

	/**
	 * Creates the page.
	 *
	 * @param Assets $assets Script registration.
	 */
	public function __construct( Assets $assets ) {
		$this->assets = $assets;
	}

	/**
	 * Hooks the menu entry and the scripts.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * The capability needed to read and manage entries: `manage_options` unless the filter
	 * `tessera_forms_entries_capability` answers another non-empty capability name.
	 *
	 * @return string
	 */
	public static function capability(): string {
		$capability = apply_filters( self::CAPABILITY_FILTER, self::DEFAULT_CAPABILITY );
		return is_string( $capability ) && '' !== trim( $capability ) ? trim( $capability ) : self::DEFAULT_CAPABILITY;
	}

	/**
	 * The ids of the forms (every status but trash and auto-draft), newest first, at most $limit.
	 *
	 * @param int $limit Most ids.
	 * @return list<int>
	 */
	public static function form_ids( int $limit = self::MAX_COUNTED_FORMS ): array {
		$ids = get_posts(
			array(
				'post_type'        => PostType::POST_TYPE,
				'post_status'      => array( 'publish', 'draft', 'pending', 'private', 'future' ),
				'numberposts'      => max( 1, $limit ),
				'orderby'          => 'title',
				'order'            => 'ASC',
				'fields'           => 'ids',
				'suppress_filters' => false,
			)
		);
		return array_values( array_map( 'intval', $ids ) );
	}

	/**
	 * Unread entries of every form (the menu bubble).
	 *
	 * @return int
	 */
	public static function unread_total(): int {
		return Entries::count_unread_in( self::form_ids() );
	}

	/**
	 * Adds Forms → Entries, with the unread count as a bubble (core's comments markup: the number for sight,
	 * a sentence for screen readers).
	 *
	 * @return void
	 */
	public function add_page(): void {
		$capability = self::capability();
		$title      = __( 'Entries', 'tessera' );
		$menu_title = $title;
		if ( current_user_can( $capability ) ) {
			$unread = self::unread_total();
			if ( $unread > 0 ) {
				$menu_title .= sprintf(
					' <span class="awaiting-mod count-%1$d"><span class="pending-count" aria-hidden="true">%2$s</span><span class="screen-reader-text">%3$s</span></span>',
					$unread,
					esc_html( number_format_i18n( $unread ) ),
					esc_html(
						sprintf(
							/* translators: %s: number of unread form entries. */
							_n( '%s unread entry', '%s unread entries', $unread, 'tessera' ),
							number_format_i18n( $unread )
						)
					)
				);
			}
		}
		$hook_suffix       = add_submenu_page(
			self::PARENT,
			__( 'Form entries', 'tessera' ),
			$menu_title,
			$capability,
			self::PAGE,
			array( $this, 'render_page' )
		);
		$this->hook_suffix = is_string( $hook_suffix ) ? $hook_suffix : '';
	}

	/**
	 * Loads the screen's script, styles and configuration on its page only.
	 *
	 * @param string $hook_suffix The current admin page.
	 * @return void
	 */
	public function enqueue( string $hook_suffix = '' ): void {
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix || ! current_user_can( self::capability() ) ) {
			return;
		}
		if ( ! wp_script_is( self::HANDLE, 'registered' ) ) {
			$this->assets->register_entry( self::HANDLE, self::ENTRY );
		}
		wp_enqueue_style( 'wp-components' );
		if ( $this->assets->enqueue( self::HANDLE ) ) {
			wp_add_inline_script(
				self::HANDLE,
				'window.' . self::CONFIG_GLOBAL . ' = ' . wp_json_encode( self::config(), JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP ) . ';',
				'before'
			);
		}
	}

	/**
	 * The screen's configuration: the REST root of the routes, the nonce for the CSV link, and the form and
	 * entry the address names (0 = none).
	 *
	 * @return array{restRoot: string, nonce: string, formId: int, entryId: int, perPage: int}
	 */
	public static function config(): array {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- read-only navigation parameters.
		$form_id  = isset( $_GET['form_id'] ) ? absint( wp_unslash( $_GET['form_id'] ) ) : 0;
		$entry_id = isset( $_GET['entry_id'] ) ? absint( wp_unslash( $_GET['entry_id'] ) ) : 0;
		// phpcs:enable
		return array(
			'restRoot' => esc_url_raw( rest_url( 'tessera/v1/' ) ),
			'nonce'    => wp_create_nonce( 'wp_rest' ),
			'formId'   => $form_id,
			'entryId'  => $entry_id,
			'perPage'  => Entries::PER_PAGE,
		);
	}

	/**
	 * The page: a heading and the element the screen mounts into.
	 *
	 * @return void
	 */
	public function render_page(): void {
		if ( ! current_user_can( self::capability() ) ) {
			return;
		}
		echo '<div class="wrap">';
		echo '<h1>' . esc_html__( 'Form entries', 'tessera' ) . '</h1>';
		printf(
			'<div id="%1$s"><p>%2$s</p><noscript><p>%3$s</p></noscript></div>',
			esc_attr( self::ROOT_ID ),
			esc_html__( 'Loading the entries…', 'tessera' ),
			esc_html__( 'This screen needs JavaScript.', 'tessera' )
		);
		echo '</div>';
	}
}
