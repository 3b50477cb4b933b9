<?php
/**
 * The "Views" column of the posts lists: who sees it, which lists get it, its cells, and one query for a whole
 * list screen (rendered by WordPress's own list table).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Stats\ListColumn;
use WP_Query;

/**
 * Rows of the `pages` table are written directly for posts the test creates.
 */
final class StatsListColumnTest extends TestCase {

	/**
	 * Source IDs whose `pages` rows the test wrote.
	 *
	 * @var int[]
	 */
	private array $row_sources = array();

	private const TYPE = 'tessera_lc_test';

	private const HIDDEN_TYPE = 'tessera_lc_hidden';

	/**
	 * The main query before the test.
	 *
	 * @var WP_Query|null
	 */
	private ?WP_Query $saved_query = null;

	/**
	 * Registers a public and a non-public post type.
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
				'label'  => 'Views column test',
			)
		);
		register_post_type(
			self::HIDDEN_TYPE,
			array(
				'public'  => false,
				'show_ui' => true,
				'label'   => 'Hidden',
			)
		);
		$this->saved_query = $GLOBALS['wp_query'] ?? null;
	}

	/**
	 * Restores the main query, the screen, the rows and the post types.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		$GLOBALS['wp_query']     = $this->saved_query;
		$GLOBALS['wp_the_query'] = $this->saved_query;
		$GLOBALS['current_screen'] = null;
		unset( $GLOBALS['typenow'], $GLOBALS['post_type'] );
		StatsRows::delete( $this->row_sources );
		$this->row_sources = array();
		parent::tearDown();
		unregister_post_type( self::TYPE );
		unregister_post_type( self::HIDDEN_TYPE );
	}

	public function test_column_only_for_users_who_may_view_statistics(): void {
		$columns = array(
			'cb'    => '<input type="checkbox" />',
			'title' => 'Title',
			'date'  => 'Date',
		);
		$column  = new ListColumn();

		$this->as_role( 'editor' );
		$this->assertSame( $columns, $column->add_column( $columns ), 'editor: no column' );

		$this->as_admin();
		$with = $column->add_column( $columns );
		$this->assertSame( array( 'cb', 'title', 'tessera_views', 'date' ), array_keys( $with ) );
		$this->assertSame( 'Views', $with['tessera_views'] );
		$this->assertSame( array( 'title', 'tessera_views' ), array_keys( $column->add_column( array( 'title' => 'Title' ) ) ), 'no date column: last' );

		// The capability filter of the statistics (contract: Stats::view_capability()).
		$this->add_test_filter(
			'tessera_stats_view_capability',
			static function (): string {
				return 'edit_others_posts';
			}
		);
		$this->as_role( 'editor' );
		$this->assertArrayHasKey( 'tessera_views', $column->add_column( $columns ), 'editor with the filtered capability' );
		$this->as_role( 'author' );
		$this->assertSame( $columns, $column->add_column( $columns ), 'author: no column' );
	}

	public function test_render_column_prints_nothing_for_others(): void {
		$post   = $this->make_post();
		$column = new ListColumn();
		$this->add_page_row( $post->ID, 1234 );

		$this->as_role( 'editor' );
		ob_start();
		$column->render_column( 'tessera_views', $post->ID );
		$this->assertSame( '', ob_get_clean(), 'editor' );

		$this->as_admin();
		ob_start();
		$column->render_column( 'date', $post->ID );
		$this->assertSame( '', ob_get_clean(), 'another column' );

		ob_start();
		$column->render_column( 'tessera_views', (string) $post->ID );
		$cell = $this->one( self::xpath( (string) ob_get_clean() ), '//span[@class="tessera-views"]' );
		$this->assertSame( '1,234', $cell->textContent );
		$this->assertSame( '1234', $cell->getAttribute( 'data-views' ) );
	}

	public function test_hooked_on_posts_pages_and_public_custom_types(): void {
		$this->assertContains( 'post', ListColumn::post_types() );
		$this->assertContains( 'page', ListColumn::post_types() );
		$this->assertContains( self::TYPE, ListColumn::post_types() );
		$this->assertNotContains( self::HIDDEN_TYPE, ListColumn::post_types(), 'not public' );
		$this->assertNotContains( 'attachment', ListColumn::post_types(), 'media has its own list' );

		$column = new ListColumn();
		$column->hook_post_types();
		foreach ( array( 'post', 'page', self::TYPE ) as $type ) {
			$this->assertNotFalse( has_filter( "manage_{$type}_posts_columns", array( $column, 'add_column' ) ), $type );
			$this->assertNotFalse( has_action( "manage_{$type}_posts_custom_column", array( $column, 'render_column' ) ), $type );
			remove_filter( "manage_{$type}_posts_columns", array( $column, 'add_column' ) );
			remove_action( "manage_{$type}_posts_custom_column", array( $column, 'render_column' ) );
		}
		$this->assertFalse( has_filter( 'manage_' . self::HIDDEN_TYPE . '_posts_columns', array( $column, 'add_column' ) ) );
	}

	public function test_the_plugin_hooks_the_column(): void {
		$found = false;
		foreach ( $GLOBALS['wp_filter']['admin_init']->callbacks ?? array() as $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof ListColumn ) {
					$found = true;
				}
			}
		}
		$this->assertTrue( $found, 'Stats::register_hooks() hooks ListColumn on admin_init' );
	}

	/**
	 * The whole list screen, as edit.php renders it: every row has its number, and the views of all rows were
	 * read with one query.
	 *
	 * @return void
	 */
	public function test_list_screen_reads_views_with_one_query(): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-list-table.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-posts-list-table.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/list-table.php';

		$expected = array();
		for ( $i = 0; $i < 6; $i++ ) {
			$post                  = $this->make_post(
				array(
					'post_type'  => self::TYPE,
					'post_title' => 'Row ' . $i,
				)
			);
			$expected[ $post->ID ] = 0;
			if ( $i % 2 ) {
				$this->add_page_row( $post->ID, 1000 * $i + 1, 0, self::TYPE );
				$this->add_page_row( $post->ID, 1, 9, self::TYPE );
				$expected[ $post->ID ] = 1000 * $i + 2;
			}
		}
		$this->as_admin();

		$column = new ListColumn();
		$column->hook_post_types();
		$queries = 0;
		$this->add_test_filter(
			'query',
			static function ( $sql ) use ( &$queries ) {
				if ( is_string( $sql ) && str_contains( $sql, 'tessera_stats_pages' ) ) {
					++$queries;
				}
				return $sql;
			}
		);

		$GLOBALS['typenow']   = self::TYPE;
		$GLOBALS['post_type'] = self::TYPE;
		set_current_screen( 'edit-' . self::TYPE );
		$_GET = array( 'post_type' => self::TYPE );
		wp_edit_posts_query();
		$table = _get_list_table( 'WP_Posts_List_Table', array( 'screen' => 'edit-' . self::TYPE ) );
		$this->assertNotFalse( $table );
		$table->prepare_items();
		ob_start();
		$table->display();
		$html = (string) ob_get_clean();

		foreach ( array( 'post', 'page', self::TYPE ) as $type ) {
			remove_filter( "manage_{$type}_posts_columns", array( $column, 'add_column' ) );
			remove_action( "manage_{$type}_posts_custom_column", array( $column, 'render_column' ) );
		}

		$xpath = self::xpath( $html );
		$this->one( $xpath, '//thead//th[@id="tessera_views"]' );
		foreach ( $expected as $post_id => $views ) {
			$cell = $this->one( $xpath, '//tr[@id="post-' . $post_id . '"]//td[contains(@class,"column-tessera_views")]//span[@class="tessera-views"]' );
			$this->assertSame( number_format_i18n( $views ), $cell->textContent, "post $post_id" );
		}
		$this->assertSame( '5,003', number_format_i18n( 5003 ) );
		$this->assertSame( 1, $queries, 'one query for the whole list' );
	}

	/**
	 * A row printed alone (quick edit's answer) reads its own post.
	 *
	 * @return void
	 */
	public function test_row_outside_the_list_reads_its_post(): void {
		$listed = $this->make_post();
		$alone  = $this->make_post();
		$this->add_page_row( $listed->ID, 3 );
		$this->add_page_row( $alone->ID, 8 );
		$GLOBALS['wp_query'] = new WP_Query(
			array(
				'p'         => $listed->ID,
				'post_type' => 'post',
			)
		);

		$column = new ListColumn();
		$this->assertSame( 3, $column->views( $listed->ID ) );
		$this->assertSame( 8, $column->views( $alone->ID ) );
		$column->reset();
		$GLOBALS['wp_query'] = new WP_Query();
		$this->assertSame( 8, $column->views( $alone->ID ), 'no list at all' );
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
