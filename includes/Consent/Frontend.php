<?php
/**
 * The consent page output on front-end HTML pages: the configuration JSON and the runtime early in `<head>`, the
 * banner stylesheet, and the banner, revisit button and preference template at the top of `<body>`.
 * Contract: docs/consent.md ("Page output", "<head>", "Banner").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

use Tessera\Assets;
use WP_Post;

/**
 * Prints the consent runtime and the banner. Nothing is printed outside front-end HTML pages, when the runtime
 * has not been built, or when the `tessera_consent_enabled` filter answers false.
 */
final class Frontend {

	/**
	 * Handle of the consent runtime script.
	 */
	public const SCRIPT_HANDLE = 'tessera-consent';

	/**
	 * Handle of the banner stylesheet (registered by Assets).
	 */
	public const STYLE_HANDLE = 'tessera-consent-banner';

	/**
	 * Handle of the preference centre chunk (script and style, registered by Assets).
	 */
	public const PREFERENCES_HANDLE = 'tessera-consent-preferences';

	/**
	 * Name of the consent-banner block.
	 */
	public const BLOCK_NAME = 'tessera/consent-banner';

	/**
	 * The block's `display` when the attribute is absent (its default in block.json).
	 */
	public const BLOCK_DEFAULT_DISPLAY = 'cookie-table';

	/**
	 * How deep synced patterns (`core/block`) are followed when looking for the block.
	 */
	private const MAX_PATTERN_DEPTH = 3;

	/**
	 * Entry of the runtime below the build folder, without extension.
	 */
	private const RUNTIME_ENTRY = 'runtime/consent';

	/**
	 * Build folder, with a trailing slash.
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
	 * Whether the banner, revisit button and template were printed in this request.
	 *
	 * @var bool
	 */
	private bool $printed = false;

	/**
	 * Whether the configuration and the runtime were printed in this request.
	 *
	 * @var bool
	 */
	private bool $head_printed = false;

	/**
	 * Whether this object printed the automatic banner in this request.
	 *
	 * @var bool
	 */
	private bool $banner_printed = false;

	/**
	 * Whether a consent-banner block (display `banner`) rendered the banner in this request.
	 *
	 * @var bool
	 */
	private bool $banner_by_block = false;

	/**
	 * Whether the automatic banner was held back at wp_body_open for a banner block found on the page: printed
	 * at wp_footer after all when the block did not render (e.g. the post's content was not shown).
	 *
	 * @var bool
	 */
	private bool $banner_deferred = false;

	/**
	 * Whether a consent-banner block (display `revisit`) rendered its inline button in this request.
	 *
	 * @var bool
	 */
	private bool $revisit_by_block = false;

	/**
	 * The Frontend whose hooks were registered last: the page output the consent-banner block coordinates with.
	 *
	 * @var Frontend|null
	 */
	private static ?Frontend $current = null;

	/**
	 * Creates the page output.
	 *
	 * @param string|null $build_dir Build folder (default: the plugin's build/).
	 * @param string|null $build_url Its URL (default: the plugin's build/ URL).
	 */
	public function __construct( ?string $build_dir = null, ?string $build_url = null ) {
		$this->build_dir = trailingslashit( $build_dir ?? TESSERA_DIR . 'build' );
		$this->build_url = trailingslashit( $build_url ?? TESSERA_URL . 'build' );
	}

	/**
	 * Hooks the output.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		self::$current = $this;
		// Before Assets (priority 10), so that the runtime is registered for the head, not the footer.
		add_action( 'init', array( $this, 'register_runtime' ), 5 );
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue_style' ) );
		add_action( 'wp_head', array( $this, 'print_head' ), 1 );
		add_action( 'wp_body_open', array( $this, 'print_body' ), 5 );
		add_action( 'wp_footer', array( $this, 'print_body' ), 5 );
	}

	/**
	 * Registers the runtime script in the head group (synchronous, no dependencies). When it is already
	 * registered (by Assets, for the footer), it is moved to the head group.
	 *
	 * @return bool Whether the handle is registered.
	 */
	public function register_runtime(): bool {
		if ( ! $this->has_build() ) {
			return false;
		}
		if ( wp_script_is( self::SCRIPT_HANDLE, 'registered' ) ) {
			wp_scripts()->add_data( self::SCRIPT_HANDLE, 'group', 0 );
			return true;
		}
		$asset   = include $this->build_dir . self::RUNTIME_ENTRY . '.asset.php';
		$version = is_array( $asset ) && is_string( $asset['version'] ?? null ) ? $asset['version'] : TESSERA_VERSION;
		return wp_register_script(
			self::SCRIPT_HANDLE,
			$this->build_url . self::RUNTIME_ENTRY . '.js',
			array(),
			$version,
			array( 'in_footer' => false )
		);
	}

	/**
	 * Enqueues the banner stylesheet on front-end pages (when Assets registered it), inline: the banner paints
	 * with the page's first content, so its styles are as critical as the runtime and may not wait for a
	 * request (core's wp_maybe_inline_styles() would leave it out on pages whose block styles already fill its
	 * size limit). The file is the one Assets registered as the handle's `path` (the RTL file on RTL sites); when
	 * it cannot be read, the stylesheet is linked as registered.
	 *
	 * @return void
	 */
	public function enqueue_style(): void {
		if ( ! $this->is_enabled() || ! wp_style_is( self::STYLE_HANDLE, 'registered' ) ) {
			return;
		}
		wp_enqueue_style( self::STYLE_HANDLE );
		$styles = wp_styles();
		$path   = $styles->get_data( self::STYLE_HANDLE, 'path' );
		$css    = is_string( $path ) && is_readable( $path ) ? file_get_contents( $path ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local build file.
		if ( is_string( $css ) && '' !== $css && false === stripos( $css, '</style' ) ) {
			$styles->registered[ self::STYLE_HANDLE ]->src = false;
			wp_add_inline_style( self::STYLE_HANDLE, $css );
		}
	}

	/**
	 * Prints the configuration JSON element, then the runtime (wp_head, priority 1): inline, so that the one script
	 * every page needs before any other costs no request on the critical path (docs/consent.md, "Runtime"). The
	 * handle stays registered and is marked done, so nothing prints it again; a build that cannot be read (or that
	 * could close the element) is printed as its script tag instead.
	 *
	 * @return void
	 */
	public function print_head(): void {
		if ( $this->head_printed || ! $this->is_enabled() ) {
			return;
		}
		if ( ! wp_script_is( self::SCRIPT_HANDLE, 'registered' ) && ! $this->register_runtime() ) {
			return;
		}
		$this->head_printed = true;
		$json               = (string) wp_json_encode( Settings::to_runtime_config(), JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP );
		wp_print_inline_script_tag(
			$json,
			array(
				'type' => 'application/json',
				'id'   => 'tessera-consent-config',
			)
		);
		$code = $this->runtime_code();
		if ( null === $code ) {
			wp_print_scripts( self::SCRIPT_HANDLE );
			return;
		}
		wp_print_inline_script_tag( $code, array( 'id' => self::SCRIPT_HANDLE . '-js' ) );
		wp_scripts()->done[] = self::SCRIPT_HANDLE;
	}

	/**
	 * The built runtime's code to print inline, or null when the file cannot be read or holds `</script` or `<!--`
	 * (which would end the element early or change how the parser reads it; the minifier leaves neither today).
	 *
	 * @return string|null
	 */
	private function runtime_code(): ?string {
		$file = $this->build_dir . self::RUNTIME_ENTRY . '.js';
		$code = is_readable( $file ) ? file_get_contents( $file ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local build file.
		if ( ! is_string( $code ) || '' === $code || false !== stripos( $code, '</script' ) || str_contains( $code, '<!--' ) ) {
			return null;
		}
		// Named as the file it comes from: browsers' tools (and the consent benchmark's trace) tell its work apart
		// from the page's other inline scripts.
		return rtrim( $code ) . "\n//# sourceURL=" . esc_url_raw( $this->build_url . self::RUNTIME_ENTRY . '.js' );
	}

	/**
	 * Prints the banner, the revisit button (hidden) and the preference template, once per request (wp_body_open,
	 * and wp_footer for themes without it). Never from the visitor's cookie: the runtime decides what shows.
	 *
	 * The banner is left to a consent-banner block with display `banner` that the page holds (page_has_block())
	 * or that already rendered it; when such a block was expected but did not render, the banner is printed at
	 * wp_footer after all. The floating revisit button is left out when the page has a revisit block.
	 *
	 * @return void
	 */
	public function print_body(): void {
		if ( $this->printed ) {
			$this->print_deferred_banner();
			return;
		}
		if ( ! $this->is_enabled() ) {
			return;
		}
		$this->printed = true;
		$settings      = Settings::get();

		// The same for every visitor: the banner, and the revisit button hidden. The runtime hides the banner and
		// shows the revisit button before the first paint for a visitor who has acted.
		$html = '';
		if ( ! $this->banner_by_block ) {
			if ( $this->page_has_block( 'banner' ) ) {
				$this->banner_deferred = true;
			} else {
				$this->banner_printed = true;
				$html                 = BannerView::banner( $settings );
			}
		}
		$own_revisit = ! $this->revisit_by_block && ! $this->page_has_block( 'revisit' );
		/**
		 * Whether to print the revisit button (themes that place their own answer false).
		 *
		 * @param bool $show Default true; false when the page has a consent-banner block that shows it inline.
		 */
		if ( true === apply_filters( 'tessera_consent_show_revisit', $own_revisit ) ) {
			$html .= BannerView::revisit( $settings, true );
		}
		$html .= BannerView::preferences_template(
			$settings,
			array(
				'script' => Assets::registered_url( wp_scripts(), self::PREFERENCES_HANDLE ),
				'style'  => Assets::registered_url( wp_styles(), self::PREFERENCES_HANDLE ),
				'log'    => self::log_url(),
			)
		);
		echo $html; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- BannerView escapes every value.
	}

	/**
	 * The consent log's address. For a logged-in user it carries the `wp_rest` nonce (`_wpnonce`, which core's
	 * REST cookie check reads from the query as from a header: the banner's beacon cannot send headers), so that
	 * the record names the user (LogController::user_id()). A visitor's page gets the bare address: every
	 * anonymous visitor still gets the same bytes, and a logged-in user's page is never the one caches share.
	 *
	 * @return string
	 */
	private static function log_url(): string {
		$url = rest_url( 'tessera/v1/consent/log' );
		return is_user_logged_in() ? add_query_arg( '_wpnonce', wp_create_nonce( 'wp_rest' ), $url ) : $url;
	}

	/**
	 * Prints the banner held back for a banner block that did not render after all (the second print_body call,
	 * at wp_footer). Nothing when nothing was held back or the block rendered it.
	 *
	 * @return void
	 */
	private function print_deferred_banner(): void {
		if ( ! $this->banner_deferred || $this->banner_by_block || $this->banner_printed ) {
			return;
		}
		$this->banner_deferred = false;
		$this->banner_printed  = true;
		echo BannerView::banner( Settings::get() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- BannerView escapes every value.
	}

	/**
	 * Called by the consent-banner block before it renders the banner: answers whether it may (no banner was
	 * printed yet in this request, by this object or by another block) and, if so, records that the block
	 * shows it, so that no second banner (same ids) is printed.
	 *
	 * @return bool Whether the block renders the banner.
	 */
	public function claim_banner(): bool {
		if ( $this->banner_printed || $this->banner_by_block ) {
			return false;
		}
		$this->banner_by_block = true;
		return true;
	}

	/**
	 * Called by the consent-banner block when it renders its inline revisit button: the floating one is then
	 * not printed (when print_body() has not run yet: block themes render the template before wp_head).
	 *
	 * @return void
	 */
	public function note_revisit_block(): void {
		$this->revisit_by_block = true;
	}

	/**
	 * Whether this object printed the automatic banner in this request.
	 *
	 * @return bool
	 */
	public function banner_printed(): bool {
		return $this->banner_printed;
	}

	/**
	 * The Frontend whose hooks were registered last (the plugin's page output), if any.
	 *
	 * @return Frontend|null
	 */
	public static function current(): ?Frontend {
		return self::$current;
	}

	/**
	 * Whether the page being served holds a consent-banner block with this display: the current block template
	 * (block themes; known before wp_head) or the queried singular post's content.
	 *
	 * @param string $display `banner`, `revisit` or `cookie-table`.
	 * @return bool
	 */
	public function page_has_block( string $display ): bool {
		$template = $GLOBALS['_wp_current_template_content'] ?? null;
		if ( is_string( $template ) && self::content_has_block( $template, $display ) ) {
			return true;
		}
		if ( ! is_singular() ) {
			return false;
		}
		$post = get_queried_object();
		return $post instanceof WP_Post && self::content_has_block( $post->post_content, $display );
	}

	/**
	 * Whether block markup holds a consent-banner block with this display, at any depth of inner blocks and
	 * inside synced patterns (`core/block`).
	 *
	 * @param string $content Block markup.
	 * @param string $display `banner`, `revisit` or `cookie-table`.
	 * @return bool
	 */
	public static function content_has_block( string $content, string $display ): bool {
		return self::markup_has_block( $content, $display, 0 );
	}

	/**
	 * Content_has_block() with the depth of synced patterns followed so far.
	 *
	 * @param string $content Block markup.
	 * @param string $display Display looked for.
	 * @param int    $depth   Synced patterns followed.
	 * @return bool
	 */
	private static function markup_has_block( string $content, string $display, int $depth ): bool {
		if ( ! str_contains( $content, '<!-- wp:' . self::BLOCK_NAME ) && ! str_contains( $content, '<!-- wp:block ' ) ) {
			return false;
		}
		return self::blocks_have( parse_blocks( $content ), $display, $depth );
	}

	/**
	 * Whether parsed blocks hold the block with this display.
	 *
	 * @param array<mixed> $blocks  Parsed blocks (parse_blocks() shape).
	 * @param string       $display Display looked for.
	 * @param int          $depth   Synced patterns followed.
	 * @return bool
	 */
	private static function blocks_have( array $blocks, string $display, int $depth ): bool {
		foreach ( $blocks as $block ) {
			if ( ! is_array( $block ) ) {
				continue;
			}
			$name  = $block['blockName'] ?? null;
			$attrs = is_array( $block['attrs'] ?? null ) ? $block['attrs'] : array();
			if ( self::BLOCK_NAME === $name ) {
				$found = is_string( $attrs['display'] ?? null ) ? $attrs['display'] : self::BLOCK_DEFAULT_DISPLAY;
				if ( $found === $display ) {
					return true;
				}
			}
			if ( 'core/block' === $name && $depth < self::MAX_PATTERN_DEPTH && is_int( $attrs['ref'] ?? null ) ) {
				$pattern = get_post( $attrs['ref'] );
				if ( $pattern instanceof WP_Post && 'wp_block' === $pattern->post_type && 'publish' === $pattern->post_status
					&& self::markup_has_block( $pattern->post_content, $display, $depth + 1 ) ) {
					return true;
				}
			}
			if ( is_array( $block['innerBlocks'] ?? null ) && self::blocks_have( $block['innerBlocks'], $display, $depth ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether the banner, revisit button and template were printed in this request.
	 *
	 * @return bool
	 */
	public function printed(): bool {
		return $this->printed;
	}

	/**
	 * Whether this request is a front-end HTML page: not admin, admin-ajax, REST, XML-RPC, cron, a feed, an embed,
	 * robots.txt, the favicon or wp-login.php.
	 *
	 * @return bool
	 */
	public function is_front_end_page(): bool {
		if ( is_admin() || wp_doing_ajax() || wp_doing_cron() ) {
			return false;
		}
		if ( ( defined( 'REST_REQUEST' ) && REST_REQUEST ) || ( function_exists( 'wp_is_serving_rest_request' ) && wp_is_serving_rest_request() ) ) {
			return false;
		}
		if ( ( defined( 'XMLRPC_REQUEST' ) && XMLRPC_REQUEST ) || ( isset( $GLOBALS['pagenow'] ) && 'wp-login.php' === $GLOBALS['pagenow'] ) ) {
			return false;
		}
		return ! is_feed() && ! is_embed() && ! is_robots() && ! is_favicon();
	}

	/**
	 * Whether to print anything: a front-end page, the runtime built, and the `tessera_consent_enabled` filter.
	 *
	 * @return bool
	 */
	public function is_enabled(): bool {
		if ( ! $this->is_front_end_page() || ! $this->has_build() ) {
			return false;
		}
		/**
		 * Whether the consent banner and runtime are printed on this page.
		 *
		 * @param bool $enabled Default true.
		 */
		return true === apply_filters( 'tessera_consent_enabled', true );
	}

	/**
	 * Whether the runtime has been built (its script and asset file exist).
	 *
	 * @return bool
	 */
	private function has_build(): bool {
		return is_readable( $this->build_dir . self::RUNTIME_ENTRY . '.js' )
			&& is_readable( $this->build_dir . self::RUNTIME_ENTRY . '.asset.php' );
	}
}
