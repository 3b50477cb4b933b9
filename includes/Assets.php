<?php
/**
 * Registers the plugin's scripts and styles from the wp-scripts build.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera;

/**
 * Registers (never enqueues) every built entry under its handle.
 *
 * Each entry `build/<entry>.js` comes with `build/<entry>.asset.php` (dependencies and version, written by
 * wp-scripts) and, when the entry imports styles, `build/<entry>.css`. An entry whose build files are missing
 * (a fresh clone before `npm run build`) is skipped quietly: its handle is simply not registered.
 */
final class Assets {

	/**
	 * Script handle => build entry (path below build/, without extension).
	 *
	 * @var array<string, string>
	 */
	public const ENTRIES = array(
		'tessera-speed'               => 'speed/index',
		'tessera-speed-editor'        => 'editor/speed-sidebar',
		'tessera-consent-settings'    => 'admin/consent-settings',
		'tessera-stats-dashboard'     => 'admin/stats-dashboard',
		'tessera-consent'             => 'runtime/consent',
		'tessera-consent-banner'      => 'runtime/consent-banner',
		'tessera-consent-preferences' => 'runtime/consent-preferences',
		'tessera-tracker'             => 'runtime/tracker',
		'tessera-tracker-gate'        => 'runtime/tracker-gate',
	);

	/**
	 * Folder of the build, with a trailing slash.
	 *
	 * @var string
	 */
	private string $build_dir;

	/**
	 * URL of the build folder, with a trailing slash.
	 *
	 * @var string
	 */
	private string $build_url;

	/**
	 * Creates the registry.
	 *
	 * @param string|null $build_dir Build folder (default: the plugin's build/).
	 * @param string|null $build_url Its URL (default: the plugin's build/ URL).
	 */
	public function __construct( ?string $build_dir = null, ?string $build_url = null ) {
		$this->build_dir = trailingslashit( $build_dir ?? TESSERA_DIR . 'build' );
		$this->build_url = trailingslashit( $build_url ?? TESSERA_URL . 'build' );
	}

	/**
	 * Hooks registration on init (front end, admin, REST and admin-ajax alike).
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( $this, 'register_all' ) );
	}

	/**
	 * Registers every entry that has been built.
	 *
	 * @return void
	 */
	public function register_all(): void {
		foreach ( self::ENTRIES as $handle => $entry ) {
			$this->register_entry( $handle, $entry );
		}
	}

	/**
	 * Registers one built entry: the script, its translations and its stylesheet (same handle).
	 *
	 * @param string $handle Script (and style) handle.
	 * @param string $entry  Entry path below build/, without extension, e.g. `speed/index`.
	 * @return bool Whether the script was registered.
	 */
	public function register_entry( string $handle, string $entry ): bool {
		$asset_file = $this->build_dir . $entry . '.asset.php';
		$script     = $this->build_dir . $entry . '.js';
		if ( ! is_readable( $asset_file ) || ! is_readable( $script ) ) {
			return false;
		}

		$asset = include $asset_file;
		if ( ! is_array( $asset ) ) {
			return false;
		}
		$dependencies = array_values( array_filter( (array) ( $asset['dependencies'] ?? array() ), 'is_string' ) );
		$version      = is_string( $asset['version'] ?? null ) ? $asset['version'] : TESSERA_VERSION;

		$registered = wp_register_script(
			$handle,
			$this->build_url . $entry . '.js',
			$dependencies,
			$version,
			array( 'in_footer' => true )
		);
		if ( ! $registered ) {
			return false;
		}
		if ( in_array( 'wp-i18n', $dependencies, true ) ) {
			wp_set_script_translations( $handle, 'tessera', TESSERA_DIR . 'languages' );
		}

		if ( is_readable( $this->build_dir . $entry . '.css' ) ) {
			wp_register_style( $handle, $this->build_url . $entry . '.css', array(), $version );
			$path = $this->build_dir . $entry . '.css';
			if ( is_readable( $this->build_dir . $entry . '-rtl.css' ) ) {
				wp_style_add_data( $handle, 'rtl', 'replace' );
				if ( is_rtl() ) {
					$path = $this->build_dir . $entry . '-rtl.css';
				}
			}
			// With its path, core's wp_maybe_inline_styles() prints a small stylesheet inline (under its
			// `styles_inline_size_limit`) instead of a render-blocking request, as it does for block styles.
			wp_style_add_data( $handle, 'path', $path );
		}
		return true;
	}

	/**
	 * Enqueues a registered script and its style of the same handle, when they exist.
	 *
	 * @param string $handle Script (and style) handle.
	 * @return bool Whether the script was enqueued.
	 */
	public function enqueue( string $handle ): bool {
		if ( wp_style_is( $handle, 'registered' ) ) {
			wp_enqueue_style( $handle );
		}
		if ( ! wp_script_is( $handle, 'registered' ) ) {
			return false;
		}
		wp_enqueue_script( $handle );
		return true;
	}

	/**
	 * A block's front-end script, deferred in the footer: registered from its build entry when it is not yet,
	 * then enqueued. Called from a render callback, so only pages with the block get it.
	 *
	 * @param string $handle Script handle.
	 * @param string $entry  Build entry (`blocks/form/view`).
	 * @return bool Whether the script is enqueued.
	 */
	public function enqueue_deferred( string $handle, string $entry ): bool {
		if ( ! wp_script_is( $handle, 'registered' ) && ! $this->register_entry( $handle, $entry ) ) {
			return false;
		}
		wp_script_add_data( $handle, 'strategy', 'defer' );
		wp_enqueue_script( $handle );
		return true;
	}

	/**
	 * The URL of a registered script or style, with `?ver=` as WordPress prints it; '' when not registered.
	 *
	 * @param \WP_Dependencies $dependencies wp_scripts() or wp_styles().
	 * @param string          $handle       Handle.
	 * @return string
	 */
	public static function registered_url( \WP_Dependencies $dependencies, string $handle ): string {
		$item = $dependencies->registered[ $handle ] ?? null;
		if ( ! is_object( $item ) || ! is_string( $item->src ) || '' === $item->src ) {
			return '';
		}
		$src = $item->src;
		if ( ! preg_match( '|^(https?:)?//|', $src ) && property_exists( $dependencies, 'base_url' ) && is_string( $dependencies->base_url ) ) {
			$src = $dependencies->base_url . $src;
		}
		if ( null === $item->ver ) {
			return $src;
		}
		$version = $item->ver ? (string) $item->ver : (string) ( $dependencies->default_version ?? '' );
		return '' === $version ? $src : add_query_arg( 'ver', rawurlencode( $version ), $src );
	}

	/**
	 * The URLs of a script and of everything it depends on, dependencies first (each once): what an island's loader
	 * injects on intent (forms, the lightbox).
	 *
	 * @param string   $handle Script handle.
	 * @param string[] $seen   Handles already listed.
	 * @return string[]
	 */
	public static function script_urls( string $handle, array &$seen = array() ): array {
		$scripts = wp_scripts();
		$item    = $scripts->registered[ $handle ] ?? null;
		if ( in_array( $handle, $seen, true ) || ! is_object( $item ) ) {
			return array();
		}
		$seen[] = $handle;
		$urls   = array();
		foreach ( (array) $item->deps as $dependency ) {
			$urls = array_merge( $urls, self::script_urls( (string) $dependency, $seen ) );
		}
		$url = self::registered_url( $scripts, $handle );
		if ( '' !== $url ) {
			$urls[] = $url;
		}
		return $urls;
	}
}
