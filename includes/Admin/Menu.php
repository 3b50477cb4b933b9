<?php
/**
 * The Tessera admin menu (README.md, "Settings"): one top-level menu whose landing page lists every
 * place a site owner sets Tessera up, with the settings screens as its submenus; the Settings link on the Plugins
 * screen; and the old Settings → … addresses (`options-general.php?page=<slug>`, in bookmarks and older docs)
 * redirected to the screens' new place.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Admin;

use Tessera\Consent\Log\LogPage;
use Tessera\Consent\SettingsPage as ConsentSettingsPage;
use Tessera\Forms\EntriesPage;
use Tessera\Forms\PostType;
use Tessera\Http\TrustedProxies;
use Tessera\Speed\Settings as SpeedSettings;
use Tessera\Stats\DashboardPage;

/**
 * Registers the menu and its landing page; the screens add themselves to it with submenu().
 */
final class Menu {

	/** The menu's slug: its landing page (`admin.php?page=tessera-settings`). */
	public const SLUG = 'tessera-settings';

	/** Who sees the menu and its landing page (each screen keeps its own capability). */
	public const CAPABILITY = 'manage_options';

	/** Right after core's Settings (80): where a site owner looks for a plugin's settings. */
	public const POSITION = 81;

	/**
	 * The screens that used to live under Settings (`options-general.php?page=<slug>`): each is redirected to
	 * `admin.php?page=<slug>`, its address under this menu.
	 */
	public const MOVED = array(
		SpeedSettings::PAGE,
		ConsentSettingsPage::PAGE,
		LogPage::PAGE,
		TrustedProxies::PAGE,
	);

	/**
	 * Hooks the menu, the redirects and the Plugins screen's link.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		// Before the screens (priority 10) add their submenus to it.
		add_action( 'admin_menu', array( $this, 'add_menu' ), 9 );
		// Before the menu is checked for the page asked (which would refuse an old address).
		add_action( 'admin_menu', array( self::class, 'redirect_moved' ), 0 );
		add_filter( 'plugin_action_links_' . plugin_basename( TESSERA_FILE ), array( self::class, 'action_links' ) );
	}

	/**
	 * The address of a screen of this menu.
	 *
	 * @param string                $slug A screen's slug.
	 * @param array<string, string> $args Further query arguments.
	 * @return string
	 */
	public static function url( string $slug, array $args = array() ): string {
		return add_query_arg( array( 'page' => $slug ) + $args, admin_url( 'admin.php' ) );
	}

	/**
	 * Adds a screen to the menu.
	 *
	 * @param string   $page_title The screen's title.
	 * @param string   $menu_title Its entry in the menu.
	 * @param string   $capability Who may see it.
	 * @param string   $slug       Its slug.
	 * @param callable $render     Renders it.
	 * @param int      $position   Its place in the menu (after the landing page, 0).
	 * @return string The screen's hook suffix, or '' when the user may not see it.
	 */
	public static function submenu( string $page_title, string $menu_title, string $capability, string $slug, callable $render, int $position ): string {
		$hook_suffix = add_submenu_page( self::SLUG, $page_title, $menu_title, $capability, $slug, $render, $position );
		return is_string( $hook_suffix ) ? $hook_suffix : '';
	}

	/**
	 * Adds the top-level menu and its landing page (its first entry, "Overview").
	 *
	 * @return void
	 */
	public function add_menu(): void {
		add_menu_page(
			__( 'Tessera settings', 'tessera' ),
			__( 'Tessera', 'tessera' ),
			self::CAPABILITY,
			self::SLUG,
			array( $this, 'render' ),
			'dashicons-screenoptions',
			self::POSITION
		);
		add_submenu_page( self::SLUG, __( 'Tessera settings', 'tessera' ), __( 'Overview', 'tessera' ), self::CAPABILITY, self::SLUG, array( $this, 'render' ), 0 );
	}

	/**
	 * Sends an old Settings → … address to the screen's new one, with the rest of its query (a search, a filter).
	 *
	 * @return void
	 */
	public static function redirect_moved(): void {
		global $pagenow;
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- a GET that only redirects; the screen checks what it does.
		if ( 'options-general.php' !== $pagenow || ! isset( $_GET['page'] ) || ! in_array( $_GET['page'], self::MOVED, true ) ) {
			return;
		}
		$args = array();
		foreach ( wp_unslash( $_GET ) as $name => $value ) {
			if ( is_string( $name ) && 1 === preg_match( '/^[A-Za-z0-9_-]+$/', $name ) && is_string( $value ) ) {
				$args[ $name ] = rawurlencode( $value );
			}
		}
		// phpcs:enable WordPress.Security.NonceVerification.Recommended
		wp_safe_redirect( add_query_arg( $args, admin_url( 'admin.php' ) ) );
		exit;
	}

	/**
	 * Puts "Settings" first among the plugin's links on the Plugins screen.
	 *
	 * @param array<int|string, string> $links The plugin's action links.
	 * @return array<int|string, string>
	 */
	public static function action_links( $links ): array {
		$links = is_array( $links ) ? $links : array();
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return $links;
		}
		return array( 'settings' => '<a href="' . esc_url( self::url( self::SLUG ) ) . '">' . esc_html__( 'Settings', 'tessera' ) . '</a>' ) + $links;
	}

	/**
	 * The places a site owner sets Tessera up, in the menu's order: title, what is set there, address, capability.
	 *
	 * @return array<int, array{title: string, text: string, url: string, capability: string}>
	 */
	private static function sections(): array {
		return array(
			array(
				'title'      => __( 'Page speed', 'tessera' ),
				'text'       => __( 'The PageSpeed Insights key of the page-speed checks.', 'tessera' ),
				'url'        => self::url( SpeedSettings::PAGE ),
				'capability' => 'manage_options',
			),
			array(
				'title'      => __( 'Cookie consent', 'tessera' ),
				'text'       => __( 'The cookie banner, its texts, the cookie categories and what waits for consent.', 'tessera' ),
				'url'        => self::url( ConsentSettingsPage::PAGE ),
				'capability' => 'manage_options',
			),
			array(
				'title'      => __( 'Consent log', 'tessera' ),
				'text'       => __( 'The consent records of visitors, how long they are kept, and their export.', 'tessera' ),
				'url'        => self::url( LogPage::PAGE ),
				'capability' => LogPage::CAPABILITY,
			),
			array(
				'title'      => __( 'Proxies', 'tessera' ),
				'text'       => __( 'The proxies in front of the site, so that every feature sees the visitor’s own address.', 'tessera' ),
				'url'        => self::url( TrustedProxies::PAGE ),
				'capability' => 'manage_options',
			),
			array(
				'title'      => __( 'Statistics', 'tessera' ),
				'text'       => __( 'Who sees the statistics, what is counted and how long it is kept: the Settings tab of the Statistics screen.', 'tessera' ),
				'url'        => self::url( DashboardPage::PAGE ) . '#settings',
				'capability' => 'manage_options',
			),
			array(
				'title'      => __( 'Form entries', 'tessera' ),
				'text'       => __( 'How long form entries are kept: below the list of entries, on Forms → Entries.', 'tessera' ),
				'url'        => admin_url( 'edit.php?post_type=' . PostType::POST_TYPE . '&page=' . EntriesPage::PAGE ),
				'capability' => EntriesPage::capability(),
			),
		);
	}

	/**
	 * The landing page: a link to each place the current user may open.
	 *
	 * @return void
	 */
	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html__( 'Tessera settings', 'tessera' ) . '</h1>';
		echo '<p>' . esc_html__( 'Each part of Tessera is set up on its own screen:', 'tessera' ) . '</p>';
		echo '<ul class="tessera-settings-sections">';
		foreach ( self::sections() as $section ) {
			if ( ! current_user_can( $section['capability'] ) ) {
				continue;
			}
			echo '<li><a href="' . esc_url( $section['url'] ) . '"><strong>' . esc_html( $section['title'] ) . '</strong></a> — ' . esc_html( $section['text'] ) . '</li>';
		}
		echo '</ul></div>';
	}
}
