<?php
/**
 * The view-counter and popular-posts blocks: registration, server render with aggregate rows (numbers, order,
 * windows, escaping), empty states and hostile attributes.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\Blocks\PopularPosts;
use Tessera\Stats\Blocks\ViewCounter;
use WP_Block;
use WP_Block_Type_Registry;
use WP_Query;

/**
 * Rows of the `pages` table are written directly for posts the test creates; the popular list is checked on a
 * post type registered for the test, so rows of other tests or the demo content cannot interfere.
 */
final class StatsBlocksTest extends TestCase {

	private const TYPE = 'tessera_pp_test';

	/**
	 * Source IDs whose `pages` rows the test wrote.
	 *
	 * @var int[]
	 */
	private array $row_sources = array();

	/**
	 * The main query before the test.
	 *
	 * @var WP_Query|null
	 */
	private ?WP_Query $saved_query = null;

	/**
	 * Registers the test post type.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		require_once __DIR__ . '/StatsRows.php';
		StatsRows::ensure_tables();
		register_post_type(
			self::TYPE,
			array(
				'public' => true,
				'label'  => 'Popular test',
			)
		);
		$this->saved_query = $GLOBALS['wp_query'] ?? null;
	}

	/**
	 * Removes rows, restores the query and the post type.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$GLOBALS['wp_query']     = $this->saved_query;
		$GLOBALS['wp_the_query'] = $this->saved_query;
		unset( $GLOBALS['post'] );
		StatsRows::delete( $this->row_sources );
		$this->row_sources = array();
		parent::tearDown();
		unregister_post_type( self::TYPE );
	}

	/**
	 * Inserts one `pages` row (deleted after the test).
	 *
	 * @param int    $source_id   Post ID.
	 * @param int    $views       Views.
	 * @param int    $ago         Days before today.
	 * @param string $source_type Source type.
	 * @return void
	 */
	private function add_page_row( int $source_id, int $views, int $ago = 0, string $source_type = 'post' ): void {
		$this->row_sources[] = $source_id;
		$this->assertTrue( StatsRows::insert( $source_id, $views, $ago, $source_type ), 'pages row inserted' );
	}

	/**
	 * Renders a block as WordPress does, with a context.
	 *
	 * @param string               $name       Block name.
	 * @param array<string, mixed> $attributes Attributes.
	 * @param array<string, mixed> $context    Context.
	 * @return string
	 */
	private static function render( string $name, array $attributes = array(), array $context = array() ): string {
		$parsed = array(
			'blockName'    => $name,
			'attrs'        => $attributes,
			'innerBlocks'  => array(),
			'innerHTML'    => '',
			'innerContent' => array(),
		);
		return ( new WP_Block( $parsed, $context ) )->render();
	}

	/**
	 * The text of an HTML fragment, trimmed.
	 *
	 * @param string $html HTML.
	 * @return string
	 */
	private static function text( string $html ): string {
		return trim( (string) self::xpath( $html )->document->textContent );
	}

	/**
	 * A query whose conditionals are those of a page (singular or not).
	 *
	 * @param array<string, mixed> $args Query arguments.
	 * @return void
	 */
	private static function main_query( array $args ): void {
		$query                   = new WP_Query( $args );
		$GLOBALS['wp_query']     = $query;
		$GLOBALS['wp_the_query'] = $query;
	}

	public function test_blocks_are_registered_from_their_folders(): void {
		$registry = WP_Block_Type_Registry::get_instance();
		foreach ( array( 'view-counter', 'popular-posts' ) as $name ) {
			$type = $registry->get_registered( 'tessera/' . $name );
			$this->assertNotNull( $type, $name );
			$this->assertTrue( $type->is_dynamic(), $name . ' renders on the server' );
			$this->assertSame( array( 'tessera-block-' . $name ), $type->editor_script_handles );
			$this->assertCount( 1, $type->style_handles );
			$this->assertTrue( wp_style_is( $type->style_handles[0], 'registered' ), $name . ' style registered' );
			$css = (string) file_get_contents( TESSERA_DIR . 'blocks/' . $name . '/style.css' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			$this->assertLessThan( 1024, strlen( (string) gzencode( $css, 9 ) ), $name . ': CSS under 1 KB gzip' );
		}
		$this->assertSame( array( 'postId', 'postType' ), $registry->get_registered( 'tessera/view-counter' )->uses_context );
	}

	public function test_view_counter_shows_the_post_views(): void {
		$post = $this->make_post();
		$this->add_page_row( $post->ID, 1200, 0 );
		$this->add_page_row( $post->ID, 34, 10 );
		$this->add_page_row( $post->ID, 5000, 0, 'archive' );

		$xpath = self::xpath( self::render( 'tessera/view-counter', array(), array( 'postId' => $post->ID ) ) );
		$p     = $this->one( $xpath, '//p[contains(@class,"wp-block-tessera-view-counter")]' );
		$this->assertSame( '1,234 views', trim( $p->textContent ), 'accessible text' );
		$this->assertSame( '1234', $p->getAttribute( 'data-views' ) );
		$svg = $this->one( $xpath, '//p/*[local-name()="svg"]' );
		$this->assertSame( 'true', $svg->getAttribute( 'aria-hidden' ), 'the icon is decorative' );

		$xpath = self::xpath(
			self::render(
				'tessera/view-counter',
				array(
					'period'   => 'days',
					'days'     => 7,
					'label'    => 'reads this week',
					'showIcon' => false,
				),
				array( 'postId' => $post->ID )
			)
		);
		$p     = $this->one( $xpath, '//p' );
		$this->assertSame( '1,200 reads this week', trim( $p->textContent ), 'last 7 days, custom label' );
		$this->assertSame( 0, $xpath->query( '//*[local-name()="svg"]' )->length, 'no icon' );
	}

	public function test_view_counter_singular_and_plural(): void {
		$one  = $this->make_post();
		$none = $this->make_post();
		$this->add_page_row( $one->ID, 1 );
		$this->assertSame( '1 view', self::text( self::render( 'tessera/view-counter', array(), array( 'postId' => $one->ID ) ) ) );
		$this->assertSame( '0 views', self::text( self::render( 'tessera/view-counter', array(), array( 'postId' => $none->ID ) ) ) );
	}

	public function test_view_counter_uses_the_singular_post_and_nothing_elsewhere(): void {
		$post = $this->make_post();
		$this->add_page_row( $post->ID, 42 );

		self::main_query( array( 'p' => $post->ID ) );
		$this->assertTrue( is_singular() );
		$this->assertSame( '42 views', self::text( self::render( 'tessera/view-counter' ) ), 'singular view without context' );

		self::main_query( array( 'post_type' => 'post' ) );
		$this->assertFalse( is_singular() );
		$this->assertSame( '', self::render( 'tessera/view-counter' ), 'not singular, no post in context' );
		$this->assertSame( '42 views', self::text( self::render( 'tessera/view-counter', array(), array( 'postId' => $post->ID ) ) ), 'Query Loop context' );
	}

	public function test_view_counter_inside_a_query_loop(): void {
		$first  = $this->make_post(
			array(
				'post_type' => self::TYPE,
				'post_date' => '2020-01-02 10:00:00',
			)
		);
		$second = $this->make_post(
			array(
				'post_type' => self::TYPE,
				'post_date' => '2020-01-01 10:00:00',
			)
		);
		$this->add_page_row( $first->ID, 7, 0, self::TYPE );
		$this->add_page_row( $second->ID, 1300, 2, self::TYPE );
		self::main_query( array( 'post_type' => 'post' ) );

		$html  = do_blocks( '<!-- wp:query {"queryId":7,"query":{"perPage":2,"pages":0,"offset":0,"postType":"' . self::TYPE . '","order":"desc","orderBy":"date","inherit":false}} --><div class="wp-block-query"><!-- wp:post-template --><!-- wp:tessera/view-counter {"showIcon":false} /--><!-- /wp:post-template --></div><!-- /wp:query -->' );
		$texts = array();
		foreach ( self::xpath( $html )->query( '//p[contains(@class,"wp-block-tessera-view-counter")]' ) as $node ) {
			$texts[] = trim( $node->textContent );
		}
		$this->assertSame( array( '7 views', '1,300 views' ), $texts, 'each post of the loop' );
	}

	public function test_view_counter_hides_posts_the_visitor_may_not_read(): void {
		$draft = $this->make_post( array( 'post_status' => 'draft' ) );
		$this->add_page_row( $draft->ID, 9 );
		$this->assertSame( '', self::render( 'tessera/view-counter', array(), array( 'postId' => $draft->ID ) ), 'visitor' );
		$this->assertSame( '', self::render( 'tessera/view-counter', array(), array( 'postId' => 999999999 ) ), 'no such post' );
		$this->as_admin();
		$this->assertSame( '9 views', self::text( self::render( 'tessera/view-counter', array(), array( 'postId' => $draft->ID ) ) ), 'its editor (preview)' );
	}

	public function test_view_counter_attributes_are_validated(): void {
		$this->assertSame(
			array(
				'period'   => 'all',
				'days'     => 365,
				'label'    => 'views',
				'showIcon' => false,
			),
			ViewCounter::attributes(
				array(
					'period'   => 'forever',
					'days'     => 100000,
					'label'    => '<b>views</b>',
					'showIcon' => 'yes',
				)
			)
		);
		$this->assertSame( 1, ViewCounter::attributes( array( 'days' => -4 ) )['days'] );
		$this->assertSame( 30, ViewCounter::attributes( array( 'days' => '1 OR 1=1' ) )['days'] );
		$this->assertSame( 60, mb_strlen( ViewCounter::attributes( array( 'label' => str_repeat( 'é', 200 ) ) )['label'] ) );

		$post = $this->make_post();
		$html = self::render( 'tessera/view-counter', array( 'label' => '"><script>alert(1)</script>' ), array( 'postId' => $post->ID ) );
		$this->assertStringNotContainsString( '<script', $html );
	}

	public function test_popular_posts_lists_the_most_viewed(): void {
		$a     = $this->make_post(
			array(
				'post_type'  => self::TYPE,
				'post_title' => 'Alpha',
			)
		);
		$b     = $this->make_post(
			array(
				'post_type'  => self::TYPE,
				'post_title' => 'Bravo',
			)
		);
		$c     = $this->make_post(
			array(
				'post_type'  => self::TYPE,
				'post_title' => 'Charlie',
			)
		);
		$draft = $this->make_post(
			array(
				'post_type'   => self::TYPE,
				'post_status' => 'draft',
				'post_title'  => 'Draft',
			)
		);
		$this->add_page_row( $a->ID, 1500, 0, self::TYPE );
		$this->add_page_row( $b->ID, 20, 1, self::TYPE );
		$this->add_page_row( $b->ID, 9000, 60, self::TYPE );
		$this->add_page_row( $c->ID, 300, 2, self::TYPE );
		$this->add_page_row( $draft->ID, 99999, 0, self::TYPE );

		$html  = do_blocks( '<!-- wp:tessera/popular-posts {"postType":"' . self::TYPE . '","days":7,"number":5,"showDate":true} /-->' );
		$xpath = self::xpath( $html );
		$this->one( $xpath, '//div[contains(@class,"wp-block-tessera-popular-posts")]/ol' );
		$items = $xpath->query( '//ol/li' );
		$this->assertSame( 3, $items->length, 'published posts with views in the window' );

		$expected = array(
			array( $a, 'Alpha', '1,500 views' ),
			array( $c, 'Charlie', '300 views' ),
			array( $b, 'Bravo', '20 views' ),
		);
		foreach ( $expected as $index => [ $post, $title, $views ] ) {
			$li   = $items->item( $index );
			$link = $this->one( $xpath, './/a', $li );
			$this->assertSame( get_permalink( $post ), $link->getAttribute( 'href' ) );
			$this->assertSame( $title, trim( $link->textContent ) );
			$this->assertSame( $views, $this->one( $xpath, './/span[contains(@class,"__views")]', $li )->textContent );
			$this->assertSame( get_the_date( 'c', $post ), $this->one( $xpath, './/time', $li )->getAttribute( 'datetime' ) );
		}

		$all = self::xpath( do_blocks( '<!-- wp:tessera/popular-posts {"postType":"' . self::TYPE . '","days":365,"number":1,"showViews":false} /-->' ) );
		$this->assertSame( 1, $all->query( '//ol/li' )->length, 'number' );
		$this->assertSame( 'Bravo', trim( $this->one( $all, '//li/a' )->textContent ), 'the last year: the old views count' );
		$this->assertSame( 0, $all->query( '//span[contains(@class,"__views")]' )->length, 'views hidden' );
		$this->assertSame( 0, $all->query( '//time' )->length, 'no date by default' );
	}

	public function test_popular_posts_escapes_titles(): void {
		global $wpdb;
		$post = $this->make_post(
			array(
				'post_type'  => self::TYPE,
				'post_title' => 'Safe',
			)
		);
		// Stored as it is (kses would strip it on insert): what a compromised or imported row could hold.
		$wpdb->update( $wpdb->posts, array( 'post_title' => '<script>alert(1)</script> & "quotes"' ), array( 'ID' => $post->ID ) );
		clean_post_cache( $post->ID );
		$this->add_page_row( $post->ID, 3, 0, self::TYPE );

		$html = do_blocks( '<!-- wp:tessera/popular-posts {"postType":"' . self::TYPE . '"} /-->' );
		$this->assertStringNotContainsString( '<script', $html );
		$this->assertStringContainsString( '&lt;script&gt;alert(1)&lt;/script&gt;', $html );
		$this->assertStringStartsWith( '<script>alert(1)</script> &', trim( $this->one( self::xpath( $html ), '//li/a' )->textContent ), 'shown as text' );
	}

	public function test_popular_posts_empty_state_and_hostile_attributes(): void {
		$empty = self::xpath( do_blocks( '<!-- wp:tessera/popular-posts {"postType":"' . self::TYPE . '"} /-->' ) );
		$this->assertSame( 'No popular posts yet.', $this->one( $empty, '//div[contains(@class,"wp-block-tessera-popular-posts")]/p' )->textContent );
		$this->assertSame( 0, $empty->query( '//ol' )->length );

		$post = $this->make_post();
		$this->add_page_row( $post->ID, 5 );
		foreach ( array( 'attachment', 'wp_template', 'nav_menu_item', 'no_such_type', "post' OR 1=1 -- " ) as $type ) {
			$html = PopularPosts::render( array( 'postType' => $type ) );
			$this->assertStringContainsString( 'No popular posts yet.', $html, $type );
		}
		$this->assertSame(
			array(
				'postType'      => 'post',
				'days'          => 365,
				'number'        => 20,
				'showViews'     => false,
				'showDate'      => false,
				'showThumbnail' => false,
			),
			PopularPosts::attributes(
				array(
					'postType'      => array( 'post' ),
					'days'          => 5000,
					'number'        => 1000,
					'showViews'     => 0,
					'showDate'      => 'true',
					'showThumbnail' => 1,
				)
			)
		);
		$this->assertSame( 1, PopularPosts::attributes( array( 'number' => 0 ) )['number'] );
		$this->assertSame( 1, PopularPosts::attributes( array( 'days' => -3 ) )['days'] );
	}

	public function test_popular_posts_queries(): void {
		global $wpdb;
		$ids = array();
		for ( $i = 1; $i <= 5; $i++ ) {
			$post  = $this->make_post( array( 'post_type' => self::TYPE ) );
			$ids[] = $post->ID;
			$this->add_page_row( $post->ID, $i, 0, self::TYPE );
		}
		wp_cache_flush();
		$before = $wpdb->num_queries;
		$html   = PopularPosts::render( array( 'postType' => self::TYPE ) );
		$this->assertSame( 5, self::xpath( $html )->query( '//li' )->length );
		$this->assertLessThanOrEqual( 4, $wpdb->num_queries - $before, 'aggregates, posts and their meta: a fixed number of queries' );
	}
}
