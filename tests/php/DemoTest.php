<?php
/**
 * bin/demo/speed.php: demo content in every stored state, created once.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Speed\ListColumn;
use Tessera\Speed\ScoreCircle;
use Tessera\Speed\SpeedStore;

/**
 * Runs the demo script twice and removes what it created.
 */
final class DemoTest extends TestCase {

	/**
	 * IDs of demo posts that existed before the test (left alone).
	 *
	 * @var int[]
	 */
	private array $existing = array();

	/**
	 * Demo posts.
	 *
	 * @return array<string, int> Demo key => post ID.
	 */
	private static function demo_posts(): array {
		$ids = get_posts(
			array(
				'post_type'   => array( 'post', 'page' ),
				'post_status' => 'any',
				'meta_key'    => '_tessera_demo', // phpcs:ignore WordPress.DB.SlowDBQuery
				'fields'      => 'ids',
				'numberposts' => -1,
			)
		);
		$posts = array();
		foreach ( $ids as $id ) {
			$key = (string) get_post_meta( $id, '_tessera_demo', true );
			// The pages of bin/demo/consent.php, stats.php, forms.php and gallery.php are other demos'.
			if ( ! in_array( $key, array( 'consent', 'stats', 'forms', 'gallery' ), true ) ) {
				$posts[ $key ] = (int) $id;
			}
		}
		return $posts;
	}

	/**
	 * Remembers demo content that was already there.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->existing = array_values( self::demo_posts() );
	}

	/**
	 * Deletes the demo content this test created.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( self::demo_posts() as $id ) {
			if ( ! in_array( $id, $this->existing, true ) ) {
				wp_delete_post( $id, true );
			}
		}
		parent::tearDown();
	}

	/**
	 * Runs the demo script.
	 *
	 * @return string Its output.
	 */
	private static function run_demo(): string {
		ob_start();
		include dirname( __DIR__, 2 ) . '/bin/demo/speed.php';
		return (string) ob_get_clean();
	}

	public function test_demo_content_in_every_state_and_idempotent(): void {
		$this->as_admin();
		self::run_demo();
		$posts = self::demo_posts();
		$this->assertCount( 9, $posts );

		$store  = new SpeedStore();
		$column = new ListColumn( $store );
		$states = array();
		$colours = array();
		$field   = array();
		foreach ( $posts as $key => $id ) {
			$states[ $key ] = $column->state( $id );
			$result         = $store->get_result( $id );
			if ( null !== $result && null === $store->get_error( $id ) ) {
				$colours[] = ScoreCircle::colour( $result['desktop']['score'] );
				$field[]   = null !== $result['desktop']['field'];
			}
			$this->assertSame( 'publish', get_post_status( $id ) );
		}
		$this->assertSame( array( 'failed', 'not-optimized', 'optimized' ), self::sorted_unique( array_values( $states ) ) );
		$this->assertSame( array( 'green', 'orange', 'red' ), self::sorted_unique( $colours ) );
		$this->assertSame( array( false, true ), self::sorted_unique( $field ) );
		$this->assertNotNull( $store->get_result( $posts['speed-failed-with-result'] ), 'a failure that kept an older result' );
		$this->assertNull( $store->get_result( $posts['speed-failed'] ) );

		$output = self::run_demo();
		$this->assertSame( $posts, self::demo_posts(), 'a second run creates nothing' );
		$this->assertStringContainsString( 'skipped', $output );
	}

	/**
	 * Sorted unique values.
	 *
	 * @param array<mixed> $values Values.
	 * @return array<mixed>
	 */
	private static function sorted_unique( array $values ): array {
		$values = array_values( array_unique( $values, SORT_REGULAR ) );
		sort( $values );
		return $values;
	}
}
