<?php
/**
 * Statistics (`admin.php?page=tessera-stats`): the visitor-statistics dashboard and its settings, rendered in the
 * browser (src/admin/stats-dashboard) over REST `tessera/v1/stats/*`.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

use Tessera\Assets;

/**
 * Adds the top-level menu entry for users with Stats::view_capability() and loads the screen's script there only,
 * with the configuration it needs (site-local today, the REST nonce for the CSV links, the roles, whether the
 * user may change the settings).
 */
final class DashboardPage {

	/**
	 * Page slug.
	 */
	public const PAGE = 'tessera-stats';

	/**
	 * Its place in the admin menu: after the content menus (Posts 5, Media 10, Pages 20, Comments 25 and every post
	 * type, which WordPress places at 26, 27, … in turn), before Appearance (60). A dashboard of the site's
	 * audience sits with the site's content; it was above Posts (3), pushing the content down (issue 20).
	 */
	public const POSITION = 58;

	/**
	 * Script (and style) handle of the screen.
	 */
	public const HANDLE = 'tessera-stats-dashboard';

	/**
	 * Id of the element the screen is mounted into.
	 */
	public const ROOT_ID = 'tessera-stats-dashboard';

	/**
	 * Global the configuration is printed into (read and checked by the screen).
	 */
	public const CONFIG_GLOBAL = 'tesseraStatsDashboard';

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
	 * Adds the top-level entry Statistics, below Dashboard.
	 *
	 * @return void
	 */
	public function add_page(): void {
		$hook_suffix       = add_menu_page(
			__( 'Statistics', 'tessera' ),
			__( 'Statistics', 'tessera' ),
			Stats::view_capability(),
			self::PAGE,
			array( $this, 'render_page' ),
			'dashicons-chart-area',
			self::POSITION
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
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix || ! current_user_can( Stats::view_capability() ) ) {
			return;
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
	 * The screen's configuration.
	 *
	 * @return array<string, mixed>
	 */
	public static function config(): array {
		$roles = array();
		foreach ( wp_roles()->get_names() as $slug => $name ) {
			$roles[] = array(
				'slug' => (string) $slug,
				'name' => translate_user_role( (string) $name ),
			);
		}
		return array(
			'today'       => wp_date( 'Y-m-d' ),
			'maxDays'     => Report::MAX_DAYS,
			'exportUrl'   => rest_url( 'tessera/v1/stats/export' ),
			'nonce'       => wp_create_nonce( 'wp_rest' ),
			'canManage'   => current_user_can( 'manage_options' ),
			'roles'       => $roles,
			'startOfWeek' => (int) get_option( 'start_of_week', 1 ),
		);
	}

	/**
	 * The page: a heading and the element the screen mounts into.
	 *
	 * @return void
	 */
	public function render_page(): void {
		if ( ! current_user_can( Stats::view_capability() ) ) {
			return;
		}
		echo '<div class="wrap">';
		echo '<h1>' . esc_html__( 'Statistics', 'tessera' ) . '</h1>';
		printf(
			'<div id="%1$s"><p>%2$s</p><noscript><p>%3$s</p></noscript></div>',
			esc_attr( self::ROOT_ID ),
			esc_html__( 'Loading the statistics…', 'tessera' ),
			esc_html__( 'This screen needs JavaScript.', 'tessera' )
		);
		echo '</div>';
	}
}
