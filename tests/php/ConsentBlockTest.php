<?php
/**
 * The consent-banner block `tessera/consent-banner`: its registration (Tessera\Blocks), the server render of its
 * three displays (Tessera\Consent\BlockRender) and how the page output (Frontend) leaves the banner and the
 * floating revisit button to it. Contract: docs/consent.md ("Page output"), issue 3.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use DOMElement;
use DOMXPath;
use Tessera\Assets;
use Tessera\Blocks;
use Tessera\Consent\BlockRender;
use Tessera\Consent\Frontend;
use Tessera\Consent\Settings;
use WP_Block_Type_Registry;
use WP_Query;

/**
 * Blocks, BlockRender and the block detection of Frontend.
 */
final class ConsentBlockTest extends ConsentTestCase {

	private const ACTED = 'consentid:Ab3dEfGh1jKlMn0pQrStUvWxYz012345,consent:yes,action:yes,necessary:yes,functional:no,analytics:yes,performance:no,advertisement:no';

	/**
	 * Globals saved in setUp().
	 *
	 * @var array<string, mixed>
	 */
	private array $saved = array();

	/**
	 * Frontends whose hooks tearDown() removes.
	 *
	 * @var Frontend[]
	 */
	private array $hooked = array();

	/**
	 * Whether this test registered the block type (tearDown() unregisters it).
	 *
	 * @var bool
	 */
	private bool $registered_block = false;

	/**
	 * Saves the superglobals and the query; starts as a first-time visitor.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->saved = array(
			'cookie'       => $_COOKIE,
			'server'       => $_SERVER,
			'wp_query'     => $GLOBALS['wp_query'] ?? null,
			'wp_the_query' => $GLOBALS['wp_the_query'] ?? null,
			'template'     => $GLOBALS['_wp_current_template_content'] ?? null,
		);
		unset( $_SERVER['HTTP_COOKIE'], $_SERVER['HTTP_SEC_GPC'], $GLOBALS['_wp_current_template_content'] );
		$_COOKIE = array();
	}

	/**
	 * Puts everything back.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->hooked as $frontend ) {
			remove_action( 'init', array( $frontend, 'register_runtime' ), 5 );
			remove_action( 'wp_enqueue_scripts', array( $frontend, 'enqueue_style' ) );
			remove_action( 'wp_head', array( $frontend, 'print_head' ), 1 );
			remove_action( 'wp_body_open', array( $frontend, 'print_body' ), 5 );
			remove_action( 'wp_footer', array( $frontend, 'print_body' ), 5 );
		}
		$this->hooked = array();
		if ( $this->registered_block ) {
			unregister_block_type( Frontend::BLOCK_NAME );
			$this->registered_block = false;
		}
		$_COOKIE = $this->saved['cookie'];
		$_SERVER = $this->saved['server'];
		foreach ( array( 'wp_query', 'wp_the_query' ) as $global ) {
			$GLOBALS[ $global ] = $this->saved[ $global ];
		}
		if ( null === $this->saved['template'] ) {
			unset( $GLOBALS['_wp_current_template_content'] );
		} else {
			$GLOBALS['_wp_current_template_content'] = $this->saved['template'];
		}
		parent::tearDown();
	}

	/**
	 * A Frontend with its hooks registered (so Frontend::current() is it), removed in tearDown.
	 *
	 * @return Frontend
	 */
	private function frontend(): Frontend {
		$frontend = new Frontend();
		$frontend->register_hooks();
		$this->hooked[] = $frontend;
		$this->assertTrue( $frontend->is_enabled(), 'a front-end page with the runtime built (npm run build)' );
		return $frontend;
	}

	/**
	 * A renderer over settings, for a request without a consent cookie (or with the cookie of a visitor who acted:
	 * the block never reads it).
	 *
	 * @param array<string, mixed>|null $settings Settings (current ones by default).
	 * @param Frontend|null             $frontend Page output.
	 * @param bool                      $preview  Editor preview.
	 * @param bool                      $acted    Whether the request carries the cookie of a visitor who acted.
	 * @return BlockRender
	 */
	private function renderer( ?array $settings = null, ?Frontend $frontend = null, bool $preview = false, bool $acted = false ): BlockRender {
		$_COOKIE = $acted ? array( 'cookieyes-consent' => self::ACTED ) : array();
		if ( $acted ) {
			$_SERVER['HTTP_COOKIE'] = 'cookieyes-consent=' . self::ACTED;
		} else {
			unset( $_SERVER['HTTP_COOKIE'] );
		}
		return new BlockRender( $settings ?? Settings::get(), $frontend, $preview );
	}

	/**
	 * A stand-in for get_block_wrapper_attributes().
	 *
	 * @param array<string, string> $extra Extra attributes.
	 * @return string
	 */
	public static function wrapper( array $extra ): string {
		return 'class="wp-block-tessera-consent-banner ' . esc_attr( $extra['class'] ?? '' ) . '"';
	}

	/**
	 * Output of a callable.
	 *
	 * @param callable $callback Prints.
	 * @return string
	 */
	private function output( callable $callback ): string {
		ob_start();
		$callback();
		return (string) ob_get_clean();
	}

	/**
	 * The texts of the nodes a query finds.
	 *
	 * @param DOMXPath        $xpath   XPath.
	 * @param string          $query   Query.
	 * @param DOMElement|null $context Context node.
	 * @return string[]
	 */
	private static function texts( DOMXPath $xpath, string $query, ?DOMElement $context = null ): array {
		$texts = array();
		foreach ( $xpath->query( $query, $context ) as $node ) {
			$texts[] = trim( $node->textContent );
		}
		return $texts;
	}

	/**
	 * Block markup of the block.
	 *
	 * @param array<string, mixed> $attributes Attributes.
	 * @return string
	 */
	private static function block( array $attributes = array() ): string {
		return '<!-- wp:' . Frontend::BLOCK_NAME . ( $attributes ? ' ' . wp_json_encode( $attributes ) : '' ) . ' /-->';
	}

	/**
	 * Registers the block through the plugin's registrar (when the plugin has not already).
	 *
	 * @return void
	 */
	private function register_block(): void {
		if ( WP_Block_Type_Registry::get_instance()->is_registered( Frontend::BLOCK_NAME ) ) {
			return;
		}
		$this->assertSame( array( Frontend::BLOCK_NAME ), ( new Blocks( new Assets() ) )->register_all() );
		$this->registered_block = true;
	}

	/**
	 * Makes a post the main query's queried object (is_singular()).
	 *
	 * @param int $post_id Post.
	 * @return void
	 */
	private function query_post( int $post_id ): void {
		$query                   = new WP_Query(
			array(
				'p'         => $post_id,
				'post_type' => 'any',
			)
		);
		$GLOBALS['wp_query']     = $query;
		$GLOBALS['wp_the_query'] = $query;
		$this->assertTrue( is_singular() );
	}

	public function test_cookie_table_lists_every_category_and_cookie(): void {
		$settings = Settings::get();
		$xpath    = $this->xpath( $this->renderer()->render( array( 'display' => 'cookie-table' ), array( self::class, 'wrapper' ) ) );
		$wrapper  = $this->one( $xpath, '//div[contains(concat(" ", @class, " "), " tessera-cookie-table ")][contains(@class, "wp-block-tessera-consent-banner")]' );

		$names = array();
		foreach ( $settings['categories'] as $category ) {
			$names[] = $category['name'] . ( $category['isNecessary'] ? ' (always active)' : '' );
		}
		$this->assertSame( $names, self::texts( $xpath, './/h3', $wrapper ), 'every category in settings order, necessary marked' );
		$this->assertSame( array( '(always active)' ), self::texts( $xpath, '//h3/span[@class="tessera-cookie-table__always"]' ) );

		foreach ( $settings['categories'] as $category ) {
			$section     = $this->one( $xpath, '//div[@class="tessera-cookie-table__category"][@data-category="' . $category['slug'] . '"]' );
			$description = $this->one( $xpath, './div[@class="tessera-cookie-table__description"]', $section );
			$this->assertSame( $category['description'], trim( $description->textContent ) );
			if ( ! $category['cookies'] ) {
				$this->assertSame( 0, $xpath->query( './/table', $section )->length, $category['slug'] . ': no table' );
				$this->assertSame( 'No cookies to display.', trim( $this->one( $xpath, './p[@class="tessera-cookie-table__empty"]', $section )->textContent ) );
				continue;
			}
			$table = $this->one( $xpath, './table', $section );
			$this->assertSame( array( 'Cookie', 'Domain', 'Duration', 'Description' ), self::texts( $xpath, './thead/tr/th[@scope="col"]', $table ) );
			$this->assertSame( 0, $xpath->query( './caption', $table )->length );
			$rows = array();
			foreach ( $xpath->query( './tbody/tr', $table ) as $row ) {
				$rows[] = self::texts( $xpath, './td', $row );
			}
			$expected = array();
			foreach ( $category['cookies'] as $cookie ) {
				$expected[] = array( $cookie['cookieID'], $cookie['domain'], $cookie['duration'], $cookie['description'] );
			}
			$this->assertSame( $expected, $rows, $category['slug'] . ': every cookie' );
		}
		$this->assertContains( '_ga', self::texts( $xpath, '//tbody/tr/td[1]' ) );
		$this->assertSame( 1, $xpath->query( '//p[@class="tessera-cookie-table__empty"]' )->length, 'only functional has no cookies by default' );
	}

	public function test_cookie_table_escapes_hostile_values(): void {
		$settings                                  = Settings::get();
		$settings['categories'][0]['name']         = '<script>alert(1)</script>Necessary';
		$settings['categories'][1]['description']  = 'Read <a href="javascript:alert(2)" onclick="x()">this</a><script>bad()</script>';
		$settings['categories'][1]['slug']         = 'functional" onmouseover="alert(3)';
		$settings['categories'][2]['cookies'][0]   = array(
			'cookieID'    => '<img src=x onerror=alert(4)>',
			'domain'      => '"><svg onload=alert(5)>',
			'duration'    => '<b>2 years</b>',
			'description' => '<img src=x onerror=alert(6)>Counts',
		);
		$html = $this->renderer( $settings )->render( array(), array( self::class, 'wrapper' ) );

		$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;Necessary', $html );
		$this->assertStringContainsString( '&lt;img src=x onerror=alert(4)&gt;', $html );
		$this->assertStringContainsString( '&lt;b&gt;2 years&lt;/b&gt;', $html );
		foreach ( array( '<script', 'javascript:', '<svg', '<b>', 'onclick', 'onmouseover="' ) as $needle ) {
			$this->assertStringNotContainsString( $needle, $html, $needle );
		}
		$xpath = $this->xpath( $html );
		$this->assertSame( 0, $xpath->query( '//@*[starts-with(name(), "on")]' )->length, 'no event-handler attribute' );
		$this->assertSame( 0, $xpath->query( '//script | //svg' )->length );
		$this->one( $xpath, '//div[@class="tessera-cookie-table__description"]/a[text()="this"]' );
		$this->assertSame( 5, $xpath->query( '//h3' )->length, 'still every category' );
	}

	public function test_attributes_are_normalised(): void {
		$this->assertSame(
			array(
				'display'          => 'cookie-table',
				'label'            => '',
				'bannerBackground' => '',
				'bannerText'       => '',
				'bannerAccent'     => '',
			),
			BlockRender::attributes( array() ),
			'the cookie table by default'
		);
		$clean = BlockRender::attributes(
			array(
				'display'          => 'popup',
				'label'            => ' <b>Privacy</b> ',
				'bannerBackground' => '#ABCDEF',
				'bannerText'       => 'red',
				'bannerAccent'     => '#fff;background:url(x)',
			)
		);
		$this->assertSame( 'cookie-table', $clean['display'], 'an unknown display' );
		$this->assertSame( 'Privacy', $clean['label'] );
		$this->assertSame( '#abcdef', $clean['bannerBackground'] );
		$this->assertSame( '', $clean['bannerText'] );
		$this->assertSame( '', $clean['bannerAccent'] );
	}

	public function test_revisit_renders_an_inline_button_with_the_label(): void {
		$xpath  = $this->xpath( $this->renderer()->render( array( 'display' => 'revisit' ), array( self::class, 'wrapper' ) ) );
		$button = $this->one( $xpath, '//div[contains(@class, "wp-block-tessera-consent-banner")]/button' );
		$this->assertSame( 'button', $button->getAttribute( 'type' ) );
		$this->assertSame( 'tessera-consent-revisit-inline wp-element-button', $button->getAttribute( 'class' ) );
		$this->assertSame( 'preferences', $button->getAttribute( 'data-tessera-consent' ) );
		$this->assertSame( 'Consent preferences', trim( $button->textContent ), 'the settings text by default' );
		$this->assertFalse( $button->hasAttribute( 'id' ), 'not the floating button' );
		$this->assertFalse( $button->hasAttribute( 'hidden' ) );

		$settings                     = Settings::get();
		$settings['texts']['revisit'] = 'Cookie <choices>';
		$html                         = $this->renderer( $settings )->render( array( 'display' => 'revisit' ), array( self::class, 'wrapper' ) );
		$this->assertStringContainsString( '>Cookie &lt;choices&gt;</button>', $html );

		$custom = $this->renderer()->render(
			array(
				'display' => 'revisit',
				'label'   => 'Privacy <em>settings</em>',
			),
			array( self::class, 'wrapper' )
		);
		$this->assertSame( 'Privacy settings', trim( $this->one( $this->xpath( $custom ), '//button' )->textContent ) );
	}

	public function test_revisit_block_replaces_the_floating_button(): void {
		$frontend = $this->frontend();
		$this->renderer( null, $frontend )->render( array( 'display' => 'revisit' ), array( self::class, 'wrapper' ) );
		$html = $this->output( array( $frontend, 'print_body' ) );
		$this->assertStringNotContainsString( 'id="tessera-consent-revisit"', $html, 'no floating button next to the inline one' );
		$this->assertStringContainsString( 'id="tessera-consent-banner"', $html );
		$this->assertStringContainsString( 'id="tessera-consent-preferences"', $html );

		$other = new Frontend();
		$this->renderer( null, $other, true )->render( array( 'display' => 'revisit' ), array( self::class, 'wrapper' ) );
		$this->assertStringContainsString( 'id="tessera-consent-revisit"', $this->output( array( $other, 'print_body' ) ), 'an editor preview changes nothing' );
	}

	public function test_banner_renders_with_the_block_colours(): void {
		$frontend = $this->frontend();
		$html     = $this->renderer( null, $frontend )->render(
			array(
				'display'          => 'banner',
				'bannerBackground' => '#123456',
				'bannerAccent'     => '#ABCDEF',
				'bannerText'       => 'not-a-colour',
			),
			array( self::class, 'wrapper' )
		);
		$banner = $this->one( $this->xpath( $html ), '//div[@id="tessera-consent-banner"]' );
		$this->assertSame( 'tessera-consent tessera-consent--box tessera-consent--bottom-left', $banner->getAttribute( 'class' ), 'fixed as configured, not a preview' );
		$style = $banner->getAttribute( 'style' );
		$this->assertStringContainsString( '--tessera-consent-bg:#123456', $style );
		$this->assertStringContainsString( '--tessera-consent-accent:#abcdef', $style );
		$this->assertStringContainsString( '--tessera-consent-text:#212121', $style, 'the settings colour where the block has none' );
		$this->assertStringContainsString( '--tessera-consent-accent-text:#ffffff', $style );
		$this->assertStringNotContainsString( 'wp-block-tessera-consent-banner', $html, 'the banner is not wrapped' );
	}

	public function test_the_banner_is_the_same_for_every_visitor_and_absent_when_consent_is_off(): void {
		$first = $this->renderer( null, $this->frontend() )->render( array( 'display' => 'banner' ), array( self::class, 'wrapper' ) );
		$this->assertSame( 1, substr_count( $first, 'id="tessera-consent-banner"' ) );
		// A visitor who acted gets the same bytes: the runtime hides the banner in the browser.
		$this->assertSame( $first, $this->renderer( null, $this->frontend(), false, true )->render( array( 'display' => 'banner' ), array( self::class, 'wrapper' ) ) );
		$this->assertSame( '', $this->renderer( null, null )->render( array( 'display' => 'banner' ), array( self::class, 'wrapper' ) ), 'no page output, no banner' );
		$frontend = $this->frontend();
		$this->add_test_filter( 'tessera_consent_enabled', '__return_false' );
		$this->assertSame( '', $this->renderer( null, $frontend )->render( array( 'display' => 'banner' ), array( self::class, 'wrapper' ) ), 'consent turned off' );
	}

	public function test_banner_is_never_printed_twice(): void {
		$frontend = $this->frontend();
		$block    = $this->renderer( null, $frontend );
		$first    = $block->render( array( 'display' => 'banner' ), array( self::class, 'wrapper' ) );
		$this->assertSame( 1, substr_count( $first, 'id="tessera-consent-banner"' ) );
		$this->assertSame( '', $block->render( array( 'display' => 'banner' ), array( self::class, 'wrapper' ) ), 'a second banner block' );

		$body = $this->output( array( $frontend, 'print_body' ) );
		$this->assertStringNotContainsString( 'tessera-consent-banner', $body, 'the page output leaves the banner to the block' );
		$this->assertStringContainsString( 'id="tessera-consent-revisit"', $body );
		$this->assertStringContainsString( 'id="tessera-consent-preferences"', $body, 'the template stays printed once' );
		$this->assertSame( '', $this->output( array( $frontend, 'print_body' ) ), 'nothing more at wp_footer' );

		$late = $this->frontend();
		$this->assertStringContainsString( 'id="tessera-consent-banner"', $this->output( array( $late, 'print_body' ) ) );
		$this->assertTrue( $late->printed() );
		$this->assertSame( '', $this->renderer( null, $late )->render( array( 'display' => 'banner' ), array( self::class, 'wrapper' ) ), 'the block renders after the page output printed the banner' );
	}

	public function test_editor_preview_shows_the_banner_in_the_flow_always(): void {
		$frontend = $this->frontend();
		$html     = $this->renderer( null, $frontend, true, true )->render(
			array(
				'display'    => 'banner',
				'bannerText' => '#010203',
			),
			array( self::class, 'wrapper' )
		);
		$banner = $this->one( $this->xpath( $html ), '//div[@id="tessera-consent-banner"]' );
		$this->assertSame( 'tessera-consent tessera-consent--box tessera-consent--bottom-left tessera-consent--preview', $banner->getAttribute( 'class' ) );
		$this->assertStringContainsString( '--tessera-consent-text:#010203', $banner->getAttribute( 'style' ) );
		$this->assertStringContainsString( 'id="tessera-consent-banner"', $this->output( array( $frontend, 'print_body' ) ), 'a preview does not take the page banner' );

		$this->assertFalse( BlockRender::is_preview_request(), 'not a REST request here' );
	}

	public function test_detection_in_block_markup(): void {
		$nested = '<!-- wp:group --><div class="wp-block-group"><!-- wp:columns --><div class="wp-block-columns"><!-- wp:column --><div class="wp-block-column">'
			. self::block( array( 'display' => 'banner' ) )
			. '</div><!-- /wp:column --></div><!-- /wp:columns --></div><!-- /wp:group -->';
		$this->assertTrue( Frontend::content_has_block( $nested, 'banner' ), 'inside inner blocks' );
		$this->assertFalse( Frontend::content_has_block( $nested, 'revisit' ) );
		$this->assertTrue( Frontend::content_has_block( self::block(), 'cookie-table' ), 'the default display' );
		$this->assertFalse( Frontend::content_has_block( self::block(), 'banner' ) );
		$this->assertTrue( Frontend::content_has_block( '<p>x</p>' . self::block( array( 'display' => 'revisit' ) ), 'revisit' ) );
		$this->assertFalse( Frontend::content_has_block( '<p>tessera/consent-banner {"display":"banner"}</p>', 'banner' ), 'text is not a block' );
		$this->assertFalse( Frontend::content_has_block( '<!-- wp:tessera/other {"display":"banner"} /-->', 'banner' ) );

		$pattern = $this->make_post(
			array(
				'post_type'    => 'wp_block',
				'post_title'   => 'Consent pattern',
				'post_content' => self::block( array( 'display' => 'banner' ) ),
			)
		);
		$this->assertTrue( Frontend::content_has_block( '<!-- wp:block {"ref":' . $pattern->ID . '} /-->', 'banner' ), 'inside a synced pattern' );
		$this->assertFalse( Frontend::content_has_block( '<!-- wp:block {"ref":' . $pattern->ID . '} /-->', 'revisit' ) );
	}

	public function test_detection_in_the_block_template(): void {
		$frontend = $this->frontend();
		$this->assertFalse( $frontend->page_has_block( 'banner' ) );
		$GLOBALS['_wp_current_template_content'] = '<!-- wp:template-part {"slug":"header"} /--><!-- wp:group -->' . self::block( array( 'display' => 'banner' ) ) . '<!-- /wp:group -->';
		$this->assertTrue( $frontend->page_has_block( 'banner' ) );
		$this->assertFalse( $frontend->page_has_block( 'revisit' ) );
		$body = $this->output( array( $frontend, 'print_body' ) );
		$this->assertStringNotContainsString( 'tessera-consent-banner', $body, 'the template places the banner' );
		$this->assertStringContainsString( 'id="tessera-consent-revisit"', $body );
	}

	public function test_page_output_skips_the_banner_and_revisit_on_a_post_with_the_block(): void {
		$post = $this->make_post(
			array(
				'post_type'    => 'page',
				'post_content' => '<!-- wp:paragraph --><p>Policy.</p><!-- /wp:paragraph -->'
					. self::block( array( 'display' => 'banner' ) ) . self::block( array( 'display' => 'revisit' ) ) . self::block(),
			)
		);
		$this->query_post( $post->ID );
		$frontend = $this->frontend();
		$this->assertTrue( $frontend->page_has_block( 'banner' ) );
		$this->assertTrue( $frontend->page_has_block( 'revisit' ) );
		$this->assertTrue( $frontend->page_has_block( 'cookie-table' ) );

		$body = $this->output( array( $frontend, 'print_body' ) );
		$this->assertStringNotContainsString( 'tessera-consent-banner', $body, 'no automatic banner' );
		$this->assertStringNotContainsString( 'tessera-consent-revisit', $body, 'no floating revisit button' );
		$this->assertStringContainsString( 'id="tessera-consent-preferences"', $body );
		$this->assertFalse( $frontend->banner_printed() );

		// The post's content renders after wp_body_open (classic themes): the block shows the banner.
		$this->register_block();
		$content = do_blocks( $post->post_content );
		$this->assertSame( 1, substr_count( $content, 'id="tessera-consent-banner"' ) );
		$this->assertSame( 1, substr_count( $content, 'tessera-consent-revisit-inline' ) );
		$this->assertStringContainsString( 'tessera-cookie-table', $content );
		$this->assertSame( '', $this->output( array( $frontend, 'print_body' ) ), 'wp_footer prints no second banner' );
	}

	public function test_held_back_banner_is_printed_at_the_footer_when_the_block_did_not_render(): void {
		$post = $this->make_post( array( 'post_content' => self::block( array( 'display' => 'banner' ) ) ) );
		$this->query_post( $post->ID );
		$frontend = $this->frontend();
		$this->assertStringNotContainsString( 'tessera-consent-banner', $this->output( array( $frontend, 'print_body' ) ) );
		$footer = $this->output( array( $frontend, 'print_body' ) );
		$this->assertSame( 1, substr_count( $footer, 'id="tessera-consent-banner"' ), 'the banner is not lost' );
		$this->assertSame( '', $this->output( array( $frontend, 'print_body' ) ) );
	}

	public function test_registered_block_renders_with_the_supports(): void {
		$this->register_block();
		$type = WP_Block_Type_Registry::get_instance()->get_registered( Frontend::BLOCK_NAME );
		$this->assertNotNull( $type );
		$this->assertSame( 3, $type->api_version );
		$this->assertSame( array( 'tessera-block-consent-banner' ), $type->editor_script_handles );
		$this->assertSame( 'cookie-table', $type->attributes['display']['default'] );
		$this->assertFalse( $type->supports['html'] );
		if ( is_readable( TESSERA_DIR . 'build/blocks/consent-banner/index.js' ) ) {
			$this->assertTrue( wp_script_is( 'tessera-block-consent-banner', 'registered' ), 'the editor script, from the build' );
		}

		$this->frontend();
		$html = do_blocks(
			self::block(
				array(
					'display' => 'revisit',
					'label'   => 'Privacy choices',
					'align'   => 'wide',
					'style'   => array( 'spacing' => array( 'padding' => array( 'top' => '12px' ) ) ),
				)
			)
		);
		$wrapper = $this->one( $this->xpath( $html ), '//div[button]' );
		$classes = explode( ' ', $wrapper->getAttribute( 'class' ) );
		$this->assertContains( 'wp-block-tessera-consent-banner', $classes );
		$this->assertContains( 'alignwide', $classes );
		$this->assertStringContainsString( 'padding-top:12px', $wrapper->getAttribute( 'style' ) );
		$this->assertSame( 'Privacy choices', trim( $wrapper->textContent ) );

		$table = $this->one( $this->xpath( do_blocks( self::block() ) ), '//div[contains(concat(" ", @class, " "), " tessera-cookie-table ")]' );
		$this->assertContains( 'wp-block-tessera-consent-banner', explode( ' ', $table->getAttribute( 'class' ) ) );
		$this->assertSame( 5, $this->xpath( do_blocks( self::block() ) )->query( '//h3' )->length );
	}

	public function test_registrar_finds_every_block_folder(): void {
		$blocks = new Blocks( new Assets() );
		$this->assertContains( 'consent-banner', $blocks->names() );
		$this->assertSame( 'tessera-block-consent-banner', Blocks::script_handle( 'consent-banner' ) );
		$this->assertSame( '', $blocks->register( 'no-such-block' ) );
		$this->assertSame( array(), ( new Blocks( new Assets(), sys_get_temp_dir() . '/tessera-no-blocks-' . wp_generate_password( 8, false ) ) )->register_all() );
	}
}
