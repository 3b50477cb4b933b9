<?php
/**
 * Tessera → Cookie consent (`admin.php?page=tessera-consent`): the screen of the consent settings,
 * rendered in the browser (src/admin/consent-settings) over REST `tessera/v1/consent/settings`.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

use Tessera\Admin\Menu;
use Tessera\Assets;

/**
 * Adds the page for administrators (manage_options) and loads its script there only.
 */
final class SettingsPage {

	/**
	 * Page slug.
	 */
	public const PAGE = 'tessera-consent';

	/**
	 * Script (and style) handle of the screen.
	 */
	public const HANDLE = 'tessera-consent-settings';

	/**
	 * Id of the element the screen is mounted into.
	 */
	public const ROOT_ID = 'tessera-consent-settings';

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
	 * Adds Tessera → Cookie consent (manage_options).
	 *
	 * @return void
	 */
	public function add_page(): void {
		$this->hook_suffix = Menu::submenu(
			__( 'Cookie consent', 'tessera' ),
			__( 'Cookie consent', 'tessera' ),
			'manage_options',
			self::PAGE,
			array( $this, 'render_page' ),
			2
		);
	}

	/**
	 * Loads the screen's script and styles on its page only.
	 *
	 * @param string $hook_suffix The current admin page.
	 * @return void
	 */
	public function enqueue( string $hook_suffix = '' ): void {
		if ( '' === $this->hook_suffix || $hook_suffix !== $this->hook_suffix || ! current_user_can( 'manage_options' ) ) {
			return;
		}
		wp_enqueue_style( 'wp-components' );
		$this->assets->enqueue( self::HANDLE );
	}

	/**
	 * The page: a heading and the element the screen mounts into.
	 *
	 * @return void
	 */
	public function render_page(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap">';
		echo '<h1>' . esc_html__( 'Cookie consent', 'tessera' ) . '</h1>';
		printf(
			'<div id="%1$s"><p>%2$s</p><noscript><p>%3$s</p></noscript></div>',
			esc_attr( self::ROOT_ID ),
			esc_html__( 'Loading the consent settings…', 'tessera' ),
			esc_html__( 'This screen needs JavaScript.', 'tessera' )
		);
		echo '</div>';
	}
}
