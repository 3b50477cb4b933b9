<?php
/**
 * What the server renders: score circles, the list column, the admin bar menu.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use DOMXPath;
use Tessera\Speed\AdminBar;
use Tessera\Speed\ListColumn;
use Tessera\Speed\ScoreCircle;
use Tessera\Speed\SpeedStore;
use WP_Admin_Bar;
use WP_Post;
use WP_Query;

/**
 * Markup of docs/speed.md ("Markup the server renders").
 */
final class MarkupTest extends TestCase {

	/**
	 * The global query before a test changed it.
	 *
	 * @var WP_Query|null
	 */
	private ?WP_Query $saved_query = null;

	/**
	 * Restores the main query.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		if ( null !== $this->saved_query ) {
			$GLOBALS['wp_query']     = $this->saved_query;
			$GLOBALS['wp_the_query'] = $this->saved_query;
			$this->saved_query       = null;
		}
		parent::tearDown();
	}

	/**
	 * Count of elements matching an XPath.
	 *
	 * @param DOMXPath $xpath Document.
	 * @param string   $query XPath.
	 * @return int
	 */
	private static function count_of( DOMXPath $xpath, string $query ): int {
		$nodes = $xpath->query( $query );
		return $nodes ? $nodes->length : 0;
	}

	/**
	 * XPath test for a class.
	 *
	 * @param string $class_name Class.
	 * @return string
	 */
	private static function has_class( string $class_name ): string {
		return "contains(concat(' ', normalize-space(@class), ' '), ' $class_name ')";
	}

	/**
	 * Stores a result for a post.
	 *
	 * @param int  $post_id Post ID.
	 * @param int  $desktop Desktop score.
	 * @param int  $mobile  Mobile score.
	 * @param bool $field   With field data.
	 * @return void
	 */
	private static function store_result( int $post_id, int $desktop, int $mobile, bool $field = true ): void {
		$device = static function ( int $score, float $tti ) use ( $field ): array {
			return array(
				'score' => $score,
				'tti'   => $tti,
				'lcp'   => 2.46,
				'cls'   => 0.031,
				'tbt'   => 1250,
				'field' => $field ? array(
					'lcp'      => 2.1,
					'cls'      => 0.05,
					'inp'      => 150,
					'fcp'      => 1.2,
					'category' => 'AVERAGE',
				) : null,
			);
		};
		( new SpeedStore() )->save_result(
			$post_id,
			array(
				'desktop' => $device( $desktop, 1.2 ),
				'mobile'  => $device( $mobile, 7.9 ),
			),
			1795000000
		);
	}

	/*
	 * ------------------------------------------------------------------
	 * Score circle
	 * ------------------------------------------------------------------
	 */

	public function test_circle_markup(): void {
		$xpath  = self::xpath( ScoreCircle::render( 'desktop', 92, 1.23, 12 ) );
		$circle = $this->one( $xpath, '//div[' . self::has_class( 'tessera-speed-circle' ) . ']' );

		$this->assertSame( 'tessera-speed-circle tessera-speed-circle--green', $circle->getAttribute( 'class' ) );
		$this->assertSame( '92', $circle->getAttribute( 'data-score' ) );
		$this->assertSame( '56', $circle->getAttribute( 'data-size' ) );
		$this->assertSame( '5', $circle->getAttribute( 'data-thickness' ) );
		$this->assertSame( '1.2', $circle->getAttribute( 'data-tti' ) );
		$this->assertSame( '12', $circle->getAttribute( 'data-post_id' ) );
		$this->assertSame( 'desktop', $circle->getAttribute( 'data-device' ) );
		$this->assertSame( 'img', $circle->getAttribute( 'role' ) );
		$this->assertSame( 'Desktop score 92 of 100, load time 1.2 s', $circle->getAttribute( 'aria-label' ) );

		$svg = $this->one( $xpath, '//div/svg' );
		$this->assertSame( '0 0 56 56', $svg->getAttribute( 'viewbox' ) ?: $svg->getAttribute( 'viewBox' ) );
		$this->assertSame( 'true', $svg->getAttribute( 'aria-hidden' ) );
		$this->assertSame( 'false', $svg->getAttribute( 'focusable' ) );
		$this->one( $xpath, '//svg/circle[@class="tessera-speed-circle__track"]' );
		$bar = $this->one( $xpath, '//svg/circle[@class="tessera-speed-circle__bar"]' );

		// The bar is filled to 92 % of the ring.
		[ $filled, $length ] = array_map( 'floatval', explode( ' ', $bar->getAttribute( 'stroke-dasharray' ) ) );
		$this->assertEqualsWithDelta( 2 * M_PI * 25.5, $length, 0.01 );
		$this->assertEqualsWithDelta( 0.92, $filled / $length, 0.001 );

		$value = $this->one( $xpath, '//span[@class="tessera-speed-circle__value"]' );
		$this->assertSame( '92', $value->textContent );
		$this->assertSame( 'true', $value->getAttribute( 'aria-hidden' ) );
	}

	public function test_circle_size_and_mobile_label(): void {
		$circle = $this->one( self::xpath( ScoreCircle::render( 'mobile', 45, 7.86, 3, 36, 4 ) ), '//div' );
		$this->assertSame( '36', $circle->getAttribute( 'data-size' ) );
		$this->assertSame( '4', $circle->getAttribute( 'data-thickness' ) );
		$this->assertSame( '7.9', $circle->getAttribute( 'data-tti' ) );
		$this->assertSame( 'mobile', $circle->getAttribute( 'data-device' ) );
		$this->assertSame( 'Mobile score 45 of 100, load time 7.9 s', $circle->getAttribute( 'aria-label' ) );
	}

	/**
	 * @return array<string, array{0: int, 1: string}>
	 */
	public function colours(): array {
		return array(
			'0'   => array( 0, 'red' ),
			'49'  => array( 49, 'red' ),
			'50'  => array( 50, 'orange' ),
			'89'  => array( 89, 'orange' ),
			'90'  => array( 90, 'green' ),
			'100' => array( 100, 'green' ),
		);
	}

	/**
	 * @dataProvider colours
	 *
	 * @param int    $score  Score.
	 * @param string $colour Colour.
	 */
	public function test_circle_colour_thresholds( int $score, string $colour ): void {
		$this->assertSame( $colour, ScoreCircle::colour( $score ) );
		$circle = $this->one( self::xpath( ScoreCircle::render( 'desktop', $score, 1.0, 1 ) ), '//div' );
		$this->assertSame( 'tessera-speed-circle tessera-speed-circle--' . $colour, $circle->getAttribute( 'class' ) );
	}

	public function test_circle_clamps_out_of_range_scores(): void {
		$this->assertSame( '100', $this->one( self::xpath( ScoreCircle::render( 'desktop', 250, 1.0, 1 ) ), '//div' )->getAttribute( 'data-score' ) );
		$this->assertSame( '0', $this->one( self::xpath( ScoreCircle::render( 'desktop', -3, 1.0, 1 ) ), '//div' )->getAttribute( 'data-score' ) );
	}

	/*
	 * ------------------------------------------------------------------
	 * List column
	 * ------------------------------------------------------------------
	 */

	public function test_column_is_for_administrators_only(): void {
		$columns = array(
			'cb'    => '<input type="checkbox" />',
			'title' => 'Title',
			'date'  => 'Date',
		);
		$column = new ListColumn( new SpeedStore() );

		$this->as_role( 'editor' );
		$this->assertSame( $columns, $column->add_column( $columns ) );

		$this->as_admin();
		$this->assertSame( array( 'cb', 'title', 'tessera_speed', 'date' ), array_keys( $column->add_column( $columns ) ) );
		$this->assertSame( 'Speed score', $column->add_column( $columns )['tessera_speed'] );

		// Hooked for both checked types (the list screens filter `manage_{type}_posts_columns`).
		$column->hook_post_types();
		$this->assertNotFalse( has_filter( 'manage_post_posts_columns', array( $column, 'add_column' ) ) );
		$this->assertNotFalse( has_filter( 'manage_page_posts_columns', array( $column, 'add_column' ) ) );
		remove_filter( 'manage_post_posts_columns', array( $column, 'add_column' ) );
		remove_filter( 'manage_page_posts_columns', array( $column, 'add_column' ) );
		remove_action( 'manage_post_posts_custom_column', array( $column, 'render_column' ) );
		remove_action( 'manage_page_posts_custom_column', array( $column, 'render_column' ) );
	}

	public function test_render_column_prints_nothing_for_editors_or_other_columns(): void {
		$post   = $this->make_post();
		$column = new ListColumn( new SpeedStore() );
		$this->as_role( 'editor' );
		ob_start();
		$column->render_column( 'tessera_speed', $post->ID );
		$this->assertSame( '', ob_get_clean() );

		$this->as_admin();
		ob_start();
		$column->render_column( 'date', $post->ID );
		$this->assertSame( '', ob_get_clean() );
		ob_start();
		$column->render_column( 'tessera_speed', (string) $post->ID );
		$this->assertStringContainsString( 'class="tessera-speed"', (string) ob_get_clean() );
	}

	public function test_cell_not_optimized(): void {
		$post  = $this->make_post();
		$xpath = self::xpath( ( new ListColumn( new SpeedStore() ) )->cell( $post ) );

		$cell = $this->one( $xpath, '//div[@class="tessera-speed"]' );
		$this->assertSame( (string) $post->ID, $cell->getAttribute( 'data-post_id' ) );
		$this->assertSame( 'not-optimized', $cell->getAttribute( 'data-state' ) );
		$button = $this->one( $xpath, '//button[' . self::has_class( 'tessera-speed__check' ) . ']' );
		$this->assertSame( 'button', $button->getAttribute( 'type' ) );
		$this->assertSame( 'Check score', trim( $button->textContent ) );
		$this->assertFalse( $button->hasAttribute( 'disabled' ) );
		$this->assertSame( 0, self::count_of( $xpath, '//*[' . self::has_class( 'tessera-speed-circle' ) . ']' ) );
		$this->assertSame( 0, self::count_of( $xpath, '//*[' . self::has_class( 'tessera-speed__disabled' ) . ']' ) );
		$this->one( $xpath, '//div[@aria-live="polite"]' );
	}

	public function test_cell_optimized_with_field_data(): void {
		$post = $this->make_post();
		self::store_result( $post->ID, 92, 45 );
		$xpath = self::xpath( ( new ListColumn( new SpeedStore() ) )->cell( $post ) );

		$this->assertSame( 'optimized', $this->one( $xpath, '//div[@class="tessera-speed"]' )->getAttribute( 'data-state' ) );
		$desktop = $this->one( $xpath, '//div[@data-device="desktop"]' );
		$this->assertSame( 'tessera-speed-circle tessera-speed-circle--green', $desktop->getAttribute( 'class' ) );
		$this->assertSame( '1.2', $desktop->getAttribute( 'data-tti' ) );
		$this->assertSame( (string) $post->ID, $desktop->getAttribute( 'data-post_id' ) );
		$mobile = $this->one( $xpath, '//div[@data-device="mobile"]' );
		$this->assertSame( 'tessera-speed-circle tessera-speed-circle--red', $mobile->getAttribute( 'class' ) );
		$this->assertSame( '45', $mobile->getAttribute( 'data-score' ) );

		$this->assertSame( 2, self::count_of( $xpath, '//*[' . self::has_class( 'tessera-speed__tti' ) . ']' ) );
		$this->assertStringContainsString( 'Load time 7.9 s', $xpath->document->textContent );
		$time = $this->one( $xpath, '//time' );
		$this->assertSame( gmdate( 'c', 1795000000 ), $time->getAttribute( 'datetime' ) );
		$this->assertSame( wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), 1795000000 ), $time->textContent );

		$details = $this->one( $xpath, '//div[@class="tessera-speed__details"]' );
		$text    = $details->textContent;
		foreach ( array( 'LCP', 'CLS', 'TBT', 'INP', 'FCP', '2.5 s', '0.03', '1,250 ms', '150 ms', 'Average', 'Real users (field data)' ) as $expected ) {
			$this->assertStringContainsString( $expected, $text );
		}
		$again = $this->one( $xpath, '//div[@class="tessera-speed"]/div[@class="tessera-speed__details"]/button[' . self::has_class( 'tessera-speed__check' ) . ']' );
		$this->assertSame( 'Check again', $again->textContent );
	}

	public function test_cell_optimized_without_field_data(): void {
		$post = $this->make_post();
		self::store_result( $post->ID, 70, 50, false );
		$xpath = self::xpath( ( new ListColumn( new SpeedStore() ) )->cell( $post ) );
		$this->assertSame( 2, self::count_of( $xpath, '//*[' . self::has_class( 'tessera-speed-circle--orange' ) . ']' ) );
		$this->assertSame( 1, self::count_of( $xpath, '//table[' . self::has_class( 'tessera-speed__metrics' ) . ']' ), 'lab data only' );
		$this->assertStringNotContainsString( 'field data', $xpath->document->textContent );
	}

	public function test_cell_failed_escapes_the_message(): void {
		$post = $this->make_post();
		( new SpeedStore() )->save_error( $post->ID, 'Bad <img src=x onerror=alert(1)> answer', 1795000000 );
		$html  = ( new ListColumn( new SpeedStore() ) )->cell( $post );
		$xpath = self::xpath( $html );

		$this->assertStringNotContainsString( '<img', $html );
		$this->assertSame( 'failed', $this->one( $xpath, '//div[@class="tessera-speed"]' )->getAttribute( 'data-state' ) );
		$retry = $this->one( $xpath, '//button[' . self::has_class( 'tessera-speed__retry' ) . ']' );
		$this->assertSame( 'Check failed. Check again', $retry->getAttribute( 'aria-label' ) );
		$dismiss = $this->one( $xpath, '//div[@class="tessera-speed__dismiss"]' );
		$this->assertStringContainsString( 'Bad <img src=x onerror=alert(1)> answer', $dismiss->textContent );
		$this->assertStringContainsString( 'Dismiss', $dismiss->textContent );
		$this->assertSame( 0, self::count_of( $xpath, '//*[' . self::has_class( 'tessera-speed-circle' ) . ']' ) );
	}

	public function test_cell_failed_with_an_older_result(): void {
		$post = $this->make_post();
		self::store_result( $post->ID, 92, 88 );
		( new SpeedStore() )->save_error( $post->ID, 'PageSpeed Insights could not be reached.' );
		$xpath = self::xpath( ( new ListColumn( new SpeedStore() ) )->cell( $post ) );
		$this->assertSame( 'failed', $this->one( $xpath, '//div[@class="tessera-speed"]' )->getAttribute( 'data-state' ) );
		$this->assertStringContainsString( 'Previous result: desktop 92, mobile 88.', $this->one( $xpath, '//div[@class="tessera-speed__dismiss"]' )->textContent );
	}

	public function test_cell_checking_and_other_cells_disabled(): void {
		$running = $this->make_post();
		$waiting = $this->make_post();
		self::store_result( $waiting->ID, 95, 91 );
		$lock = new SpeedStore();
		$this->assertTrue( $lock->acquire_lock( $running->ID ) );

		$column = new ListColumn( new SpeedStore() );
		$xpath  = self::xpath( $column->cell( $running ) );
		$this->assertSame( 'checking', $this->one( $xpath, '//div[@class="tessera-speed"]' )->getAttribute( 'data-state' ) );
		$live = $this->one( $xpath, '//div[@aria-live="polite"]' );
		$this->assertSame( 'Checking…', trim( $live->textContent ) );
		$this->one( $xpath, '//div[@class="tessera-speed"]/span[@class="tessera-speed__spinner"][@aria-hidden="true"]' );
		$this->assertStringContainsString( 'screen-reader-text', $live->getAttribute( 'class' ) );
		$this->assertSame( 0, self::count_of( $xpath, '//button' ) );

		$xpath = self::xpath( $column->cell( $waiting ) );
		$this->assertSame( 'optimized', $this->one( $xpath, '//div[@class="tessera-speed"]' )->getAttribute( 'data-state' ) );
		$this->assertTrue( $this->one( $xpath, '//button[' . self::has_class( 'tessera-speed__check' ) . ']' )->hasAttribute( 'disabled' ) );
		$disabled = $this->one( $xpath, '//div[@class="tessera-speed"]/div[@class="tessera-speed__disabled"]' );
		$this->assertSame( 'Another check is running.', trim( $disabled->textContent ) );
		$this->assertNull( $disabled->previousSibling, 'first in the cell: the stylesheet hides the containers after it' );

		$lock->release_lock();
	}

	public function test_cell_of_a_draft_has_no_check_button(): void {
		$draft = $this->make_post( array( 'post_status' => 'draft' ) );
		$xpath = self::xpath( ( new ListColumn( new SpeedStore() ) )->cell( $draft ) );
		$this->assertSame( 0, self::count_of( $xpath, '//button' ) );
		$this->assertStringContainsString( 'Publish to check the speed.', $xpath->document->textContent );
	}

	/*
	 * ------------------------------------------------------------------
	 * Admin bar
	 * ------------------------------------------------------------------
	 */

	/**
	 * Makes a post the main query (a singular front-end view).
	 *
	 * @param WP_Post $post Post.
	 * @return void
	 */
	private function view( WP_Post $post ): void {
		$this->saved_query       = $this->saved_query ?? $GLOBALS['wp_query'];
		$query                   = new WP_Query(
			array(
				'p'         => $post->ID,
				'post_type' => $post->post_type,
			)
		);
		$GLOBALS['wp_query']     = $query;
		$GLOBALS['wp_the_query'] = $query;
		$this->assertTrue( is_singular() );
	}

	/**
	 * A fresh admin bar with our nodes.
	 *
	 * @return WP_Admin_Bar
	 */
	private static function bar(): WP_Admin_Bar {
		require_once ABSPATH . WPINC . '/class-wp-admin-bar.php';
		$bar = new WP_Admin_Bar();
		( new AdminBar( new SpeedStore() ) )->add_nodes( $bar );
		return $bar;
	}

	public function test_admin_bar_menu_for_administrators(): void {
		$post = $this->make_post();
		self::store_result( $post->ID, 95, 30 );
		$this->view( $post );
		$this->as_admin();
		$bar = self::bar();

		$node = $bar->get_node( 'tessera-speed' );
		$this->assertNotNull( $node );
		$this->assertStringContainsString( 'Optimize Images', $node->title );
		$this->assertStringContainsString( 'tessera-speed-ab__logo', $node->title );
		$this->assertSame( 'tessera-speed-ab', $node->meta['class'] );

		$check = $bar->get_node( 'tessera-speed-check' );
		$this->assertSame( 'tessera-speed', $check->parent );
		$xpath = self::xpath( $check->title );
		$this->assertSame( (string) $post->ID, $this->one( $xpath, '//span[@data-post_id]' )->getAttribute( 'data-post_id' ) );
		$this->assertSame( 'Check this page’s speed', $xpath->document->textContent );

		$result = self::xpath( $bar->get_node( 'tessera-speed-result' )->title );
		$this->assertSame( 2, self::count_of( $result, '//div[' . self::has_class( 'tessera-speed-circle' ) . ']' ) );
		$this->assertSame( 'tessera-speed-circle tessera-speed-circle--green', $this->one( $result, '//div[@data-device="desktop"]' )->getAttribute( 'class' ) );
		$this->assertSame( (string) $post->ID, $this->one( $result, '//div[@data-device="mobile"]' )->getAttribute( 'data-post_id' ) );

		$this->assertStringContainsString( 'edit.php', $bar->get_node( 'tessera-speed-list' )->href );
		$this->assertStringEndsWith( 'admin.php?page=tessera', $bar->get_node( 'tessera-speed-settings' )->href );
	}

	public function test_admin_bar_without_a_result_or_off_a_post(): void {
		$post = $this->make_post();
		$this->view( $post );
		$this->as_admin();
		$this->assertStringContainsString( 'Not checked yet.', self::bar()->get_node( 'tessera-speed-result' )->title );

		$draft = $this->make_post( array( 'post_status' => 'draft' ) );
		$this->view( $draft );
		$bar = self::bar();
		$this->assertNotNull( $bar->get_node( 'tessera-speed' ) );
		$this->assertNull( $bar->get_node( 'tessera-speed-check' ), 'a draft cannot be checked' );
	}

	public function test_admin_bar_marks_a_running_check(): void {
		$lock = new SpeedStore();
		$this->assertTrue( $lock->acquire_lock( 77 ) );
		$this->as_admin();
		$this->assertSame( 'tessera-speed-ab tessera-speed-ab--optimizing', self::bar()->get_node( 'tessera-speed' )->meta['class'] );
		$lock->release_lock();
	}

	public function test_admin_bar_is_for_administrators_only(): void {
		$post = $this->make_post();
		$this->view( $post );
		foreach ( array( 'editor', 'author', 'subscriber' ) as $role ) {
			$this->as_role( $role );
			$this->assertNull( self::bar()->get_node( 'tessera-speed' ), $role );
		}
		wp_set_current_user( 0 );
		$this->assertNull( self::bar()->get_node( 'tessera-speed' ), 'logged out' );
	}
}
