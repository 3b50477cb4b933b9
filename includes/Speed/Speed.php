<?php
/**
 * The page-speed check feature: wires storage, settings, list column, admin bar and scripts.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

use Tessera\Assets;

/**
 * Registers the feature's hooks and prints its page configuration.
 *
 * Nothing of this feature reaches a visitor who is not an administrator: every enqueue, admin bar node
 * and inline script is behind `manage_options`.
 */
final class Speed {

	/**
	 * Nonce action of both admin-ajax actions (spec: field `twb_nonce`).
	 */
	public const NONCE_ACTION = 'twb_speed';

	/**
	 * Capability needed for everything here.
	 */
	public const CAPABILITY = 'manage_options';

	/**
	 * Poll interval of `twb_notif_check`, ms (spec §9).
	 */
	public const POLL_INTERVAL = 30000;

	/**
	 * Script handle of the list column and admin bar.
	 */
	public const HANDLE = 'tessera-speed';

	/**
	 * Script handle of the editor sidebar.
	 */
	public const EDITOR_HANDLE = 'tessera-speed-editor';

	/**
	 * Script registration.
	 *
	 * @var Assets
	 */
	private Assets $assets;

	/**
	 * Storage.
	 *
	 * @var SpeedStore
	 */
	private SpeedStore $store;

	/**
	 * Check service.
	 *
	 * @var SpeedCheck
	 */
	private SpeedCheck $check;

	/**
	 * Settings.
	 *
	 * @var Settings
	 */
	private Settings $settings;

	/**
	 * Posts list column.
	 *
	 * @var ListColumn
	 */
	private ListColumn $column;

	/**
	 * Admin bar menu.
	 *
	 * @var AdminBar
	 */
	private AdminBar $admin_bar;

	/**
	 * Handles that already carry the configuration.
	 *
	 * @var array<string, true>
	 */
	private array $configured = array();

	/**
	 * Builds the feature's parts.
	 *
	 * @param Assets $assets Script registration.
	 */
	public function __construct( Assets $assets ) {
		$this->assets    = $assets;
		$this->store     = new SpeedStore();
		$this->check     = new SpeedCheck( $this->store );
		$this->settings  = new Settings();
		$this->column    = new ListColumn( $this->store );
		$this->admin_bar = new AdminBar( $this->store );
	}

	/**
	 * Registers every hook of the feature.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( $this, 'register_meta' ), 20 );
		$this->settings->register_hooks();
		$this->column->register_hooks();
		$this->admin_bar->register_hooks();
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue_front' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue_admin' ) );
		add_action( 'enqueue_block_editor_assets', array( $this, 'enqueue_editor' ) );
	}

	/**
	 * Registers the post meta for the checked post types (after they are registered).
	 *
	 * @return void
	 */
	public function register_meta(): void {
		$this->store->register_meta( SpeedCheck::post_types() );
	}

	/**
	 * Storage.
	 *
	 * @return SpeedStore
	 */
	public function store(): SpeedStore {
		return $this->store;
	}

	/**
	 * Check service.
	 *
	 * @return SpeedCheck
	 */
	public function check(): SpeedCheck {
		return $this->check;
	}

	/**
	 * Whether the current user may use the feature.
	 *
	 * @return bool
	 */
	public static function user_can(): bool {
		return current_user_can( self::CAPABILITY );
	}

	/**
	 * `window.tesseraSpeed` for the scripts.
	 *
	 * @param int $post_id Current post (singular front-end view or editor), else 0.
	 * @return array{ajaxUrl: string, nonce: string, inProgress: bool, inProgressPostId: int, pollInterval: int, postId: int, galleryLink: string}
	 */
	public function config( int $post_id = 0 ): array {
		$lock = $this->store->current_lock();
		return array(
			'ajaxUrl'          => admin_url( 'admin-ajax.php' ),
			'nonce'            => wp_create_nonce( self::NONCE_ACTION ),
			'inProgress'       => null !== $lock,
			'inProgressPostId' => null === $lock ? 0 : $lock['post_id'],
			'pollInterval'     => self::POLL_INTERVAL,
			'postId'           => $post_id,
			'galleryLink'      => Settings::gallery_link(),
		);
	}

	/**
	 * The inline script that defines `window.tesseraSpeed`.
	 *
	 * @param int $post_id Current post, else 0.
	 * @return string
	 */
	public function config_script( int $post_id = 0 ): string {
		return 'window.tesseraSpeed = ' . wp_json_encode( $this->config( $post_id ), JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT ) . ';';
	}

	/**
	 * The post of a singular front-end view of a checked type, else 0.
	 *
	 * @return int
	 */
	public static function front_post_id(): int {
		if ( is_admin() || ! is_singular( SpeedCheck::post_types() ) ) {
			return 0;
		}
		return (int) get_queried_object_id();
	}

	/**
	 * The post being edited on a post editor screen of a checked type, else 0.
	 *
	 * @return int
	 */
	public static function editor_post_id(): int {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( null === $screen || 'post' !== $screen->base || ! SpeedCheck::is_checked_type( (string) $screen->post_type ) ) {
			return 0;
		}
		$post = get_post();
		return $post ? (int) $post->ID : 0;
	}

	/**
	 * Front end: `tessera-speed` for administrators who see the admin bar. Visitors get nothing.
	 *
	 * @return void
	 */
	public function enqueue_front(): void {
		if ( ! self::user_can() || ! is_admin_bar_showing() ) {
			return;
		}
		$this->enqueue( self::HANDLE, self::front_post_id() );
	}

	/**
	 * Admin: `tessera-speed` on the lists of checked post types and wherever the admin bar shows.
	 *
	 * @param string $hook_suffix Current admin page.
	 * @return void
	 */
	public function enqueue_admin( string $hook_suffix = '' ): void {
		if ( ! self::user_can() ) {
			return;
		}
		$screen  = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		$on_list = 'edit.php' === $hook_suffix && null !== $screen && SpeedCheck::is_checked_type( (string) $screen->post_type );
		if ( $on_list || is_admin_bar_showing() ) {
			$this->enqueue( self::HANDLE, self::editor_post_id() );
		}
	}

	/**
	 * Block editor: the sidebar for checked post types.
	 *
	 * @return void
	 */
	public function enqueue_editor(): void {
		if ( ! self::user_can() ) {
			return;
		}
		$post_id = self::editor_post_id();
		if ( 0 === $post_id ) {
			return;
		}
		$this->enqueue( self::EDITOR_HANDLE, $post_id );
	}

	/**
	 * Enqueues a handle (script and style) with the configuration printed before it.
	 *
	 * @param string $handle  Script handle.
	 * @param int    $post_id Current post, else 0.
	 * @return void
	 */
	private function enqueue( string $handle, int $post_id ): void {
		if ( ! $this->assets->enqueue( $handle ) ) {
			return;
		}
		if ( isset( $this->configured[ $handle ] ) ) {
			return;
		}
		$this->configured[ $handle ] = true;
		wp_add_inline_script( $handle, $this->config_script( $post_id ), 'before' );
	}
}
