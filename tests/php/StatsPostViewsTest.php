<?php
/**
 * Post views read from the `pages` aggregates: sums, day windows, post types, published posts only, limits,
 * one query per call.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\PostViews;

/**
 * Rows are written directly for posts the test creates and deleted afterwards. popular() is checked on a post
 * type registered for the test, so rows of other tests or the demo content cannot interfere.
 */
final class StatsPostViewsTest extends TestCase {

	/**
	 * Source IDs whose `pages` rows the test wrote.
	 *
	 * @var int[]
	 */
	private array $row_sources = array();

	private const TYPE = 'tessera_pv_test';

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
				'label'  => 'Views test',
			)
		);
	}

	/**
	 * Removes rows and the post type.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		StatsRows::delete( $this->row_sources );
		$this->row_sources = array();
		parent::tearDown();
		unregister_post_type( self::TYPE );
	}

	/**
	 * Counts the queries a callback runs.
	 *
	 * @param callable $callback Callback.
	 * @return array{0: mixed, 1: int} Result and number of queries.
	 */
	private static function counting( callable $callback ): array {
		global $wpdb;
		$before = $wpdb->num_queries;
		$result = $callback();
		return array( $result, $wpdb->num_queries - $before );
	}

	/**
	 * Sums over days, URIs and post-type source types; other source kinds and other posts are not counted.
	 *
	 * @return void
	 */
	public function test_for_post_sums_every_row_of_the_post(): void {
		$post  = $this->make_post();
		$other = $this->make_post();
		$this->assertSame( 0, PostViews::for_post( $post->ID ), 'no rows: 0' );

		$this->add_page_row( $post->ID, 5, 0 );
		$this->add_page_row( $post->ID, 7, 0, 'post', '/hello/?utm=x' );
		$this->add_page_row( $post->ID, 11, 3 );
		$this->add_page_row( $post->ID, 13, 400 );
		$this->add_page_row( $post->ID, 1000, 0, 'archive' );
		$this->add_page_row( $post->ID, 2000, 1, 'search' );
		$this->add_page_row( $other->ID, 3, 0 );

		[ $views, $queries ] = self::counting( static fn () => PostViews::for_post( $post->ID ) );
		$this->assertSame( 5 + 7 + 11 + 13, $views );
		$this->assertSame( 1, $queries, 'one query' );
		$this->assertSame( 3, PostViews::for_post( $other->ID ) );
		$this->assertSame( 0, PostViews::for_post( 0 ) );
		$this->assertSame( 0, PostViews::for_post( -5 ) );
	}

	/**
	 * Before the first install (no table, no version option) the views are 0 and no database error is logged.
	 *
	 * @return void
	 */
	public function test_no_table_yet(): void {
		global $wpdb;
		$post = $this->make_post();
		$this->add_page_row( $post->ID, 4 );
		$this->assertSame( 4, PostViews::for_post( $post->ID ) );

		$this->add_test_filter( 'pre_option_tessera_stats_db_version', '__return_empty_string' );
		$this->assertSame( 4, PostViews::for_post( $post->ID ), 'old version option, the table exists' );
		$prefix       = $wpdb->prefix;
		$wpdb->prefix = 'tessera_missing_'; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- a site whose tables do not exist yet.
		try {
			$this->assertSame( 0, PostViews::for_post( $post->ID ) );
			$this->assertSame( array( $post->ID => 0 ), PostViews::for_posts( array( $post->ID ) ) );
			$this->assertSame( array(), PostViews::popular( 'post', 0, 5 ) );
		} finally {
			$wpdb->prefix = $prefix; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- restored.
		}
	}

	/**
	 * A window of N days is today and the N - 1 days before it.
	 *
	 * @return void
	 */
	public function test_day_windows(): void {
		$post = $this->make_post();
		$this->add_page_row( $post->ID, 1, 0 );
		$this->add_page_row( $post->ID, 10, 6 );
		$this->add_page_row( $post->ID, 100, 7 );
		$this->add_page_row( $post->ID, 1000, 29 );
		$this->add_page_row( $post->ID, 10000, 30 );

		$this->assertSame( 1, PostViews::for_post( $post->ID, 1 ), 'today' );
		$this->assertSame( 11, PostViews::for_post( $post->ID, 7 ), 'last 7 days' );
		$this->assertSame( 111, PostViews::for_post( $post->ID, 8 ), 'last 8 days' );
		$this->assertSame( 1111, PostViews::for_post( $post->ID, 30 ), 'last 30 days' );
		$this->assertSame( 11111, PostViews::for_post( $post->ID, 0 ), 'all time' );
		$this->assertSame( 11111, PostViews::for_post( $post->ID, 365 ), 'last year' );
		$this->assertSame( StatsRows::days_ago( 6 ), PostViews::first_day( 7 ) );
	}

	/**
	 * for_posts(): every ID asked, 0 when it has none, invalid IDs dropped, one query for many posts.
	 *
	 * @return void
	 */
	public function test_for_posts_one_query(): void {
		$posts = array();
		for ( $i = 0; $i < 4; $i++ ) {
			$posts[] = $this->make_post();
		}
		$page = $this->make_post( array( 'post_type' => 'page' ) );
		$this->add_page_row( $posts[0]->ID, 3, 0 );
		$this->add_page_row( $posts[0]->ID, 4, 2 );
		$this->add_page_row( $posts[2]->ID, 9, 40 );
		$this->add_page_row( $page->ID, 6, 1, 'page' );

		$ids                 = array( $posts[0]->ID, $posts[1]->ID, (string) $posts[2]->ID, $posts[3]->ID, $page->ID, 0, -1, 'x' );
		[ $views, $queries ] = self::counting( static fn () => PostViews::for_posts( $ids ) );
		$this->assertSame(
			array(
				$posts[0]->ID => 7,
				$posts[1]->ID => 0,
				$posts[2]->ID => 9,
				$posts[3]->ID => 0,
				$page->ID     => 6,
			),
			$views
		);
		$this->assertSame( 1, $queries, 'one query for five posts' );

		$recent = PostViews::for_posts( $ids, 30 );
		$this->assertSame( 7, $recent[ $posts[0]->ID ] );
		$this->assertSame( 0, $recent[ $posts[2]->ID ], 'outside the window' );

		[ $none, $queries ] = self::counting( static fn () => PostViews::for_posts( array( 0, 'a' ) ) );
		$this->assertSame( array(), $none );
		$this->assertSame( 0, $queries, 'nothing to ask: no query' );
	}

	/**
	 * popular(): most views first, only the post type asked, only published posts, the window, the limit.
	 *
	 * @return void
	 */
	public function test_popular(): void {
		$a       = $this->make_post( array( 'post_type' => self::TYPE ) );
		$b       = $this->make_post( array( 'post_type' => self::TYPE ) );
		$c       = $this->make_post( array( 'post_type' => self::TYPE ) );
		$draft   = $this->make_post(
			array(
				'post_type'   => self::TYPE,
				'post_status' => 'draft',
			)
		);
		$private = $this->make_post(
			array(
				'post_type'   => self::TYPE,
				'post_status' => 'private',
			)
		);
		$post    = $this->make_post();

		$this->add_page_row( $a->ID, 10, 0, self::TYPE );
		$this->add_page_row( $a->ID, 5, 20, self::TYPE );
		$this->add_page_row( $b->ID, 30, 1, self::TYPE );
		$this->add_page_row( $c->ID, 12, 2, self::TYPE );
		$this->add_page_row( $c->ID, 100, 100, self::TYPE );
		$this->add_page_row( $draft->ID, 500, 0, self::TYPE );
		$this->add_page_row( $private->ID, 500, 0, self::TYPE );
		$this->add_page_row( $post->ID, 999, 0 );
		$this->add_page_row( $a->ID, 777, 0, 'archive' );

		[ $all, $queries ] = self::counting( static fn () => PostViews::popular( self::TYPE, 0, 10 ) );
		$this->assertSame(
			array(
				array(
					'post_id' => $c->ID,
					'views'   => 112,
				),
				array(
					'post_id' => $b->ID,
					'views'   => 30,
				),
				array(
					'post_id' => $a->ID,
					'views'   => 15,
				),
			),
			$all,
			'all time: published posts of the type only, most views first'
		);
		$this->assertSame( 1, $queries, 'one query' );

		$this->assertSame(
			array( $b->ID, $c->ID, $a->ID ),
			array_column( PostViews::popular( self::TYPE, 7, 10 ), 'post_id' ),
			'last 7 days'
		);
		$this->assertSame( array( 30, 12, 10 ), array_column( PostViews::popular( self::TYPE, 7, 10 ), 'views' ) );
		$this->assertSame( array( $b->ID, $c->ID ), array_column( PostViews::popular( self::TYPE, 7, 2 ), 'post_id' ), 'limit' );
		$this->assertCount( 1, PostViews::popular( self::TYPE, 7, 0 ), 'limit below 1 is 1' );
		$this->assertSame( array(), PostViews::popular( 'no_such_type', 0, 10 ), 'unknown post type' );

		$in_post = array_column( PostViews::popular( 'post', 1, 100 ), 'post_id' );
		$this->assertContains( $post->ID, $in_post );
		$this->assertNotContains( $a->ID, $in_post, 'other post type' );
	}

	/**
	 * Equal views: the newer post first; posts with no views are not listed.
	 *
	 * @return void
	 */
	public function test_popular_ties_and_zero(): void {
		$old = $this->make_post( array( 'post_type' => self::TYPE ) );
		$new = $this->make_post( array( 'post_type' => self::TYPE ) );
		$nil = $this->make_post( array( 'post_type' => self::TYPE ) );
		$this->add_page_row( $old->ID, 4, 0, self::TYPE );
		$this->add_page_row( $new->ID, 4, 0, self::TYPE );
		$this->add_page_row( $nil->ID, 0, 0, self::TYPE );
		$this->assertSame( array( $new->ID, $old->ID ), array_column( PostViews::popular( self::TYPE, 1, 5 ), 'post_id' ) );
	}

	/**
	 * Inserts one `pages` row (deleted after the test).
	 *
	 * @param int    $source_id   Post ID.
	 * @param int    $views       Views.
	 * @param int    $ago         Days before today.
	 * @param string $source_type Source type.
	 * @param string $uri         Page URI ('' = `/?p=<id>`).
	 * @return void
	 */
	private function add_page_row( int $source_id, int $views, int $ago = 0, string $source_type = 'post', string $uri = '' ): void {
		$this->row_sources[] = $source_id;
		$this->assertTrue( StatsRows::insert( $source_id, $views, $ago, $source_type, $uri ), 'pages row inserted' );
	}
}
