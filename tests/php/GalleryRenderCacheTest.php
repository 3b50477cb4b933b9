<?php
/**
 * The render cache of large gallery pages (includes/Gallery/RenderCache.php; docs/gallery.md "Render cache"): a
 * page of 100 images or more is rendered once and then read back the same, with the eager images counted; any
 * change to what it shows renders it again; small pages and a site that turns it off always render.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Gallery\RenderCache;
use Tessera\Gallery\Thumbnails;
use Tessera\Gallery\ViewSettings;
use Tessera\Gallery\Views;

/**
 * Render cache tests.
 */
final class GalleryRenderCacheTest extends GalleryTestCase {

	/**
	 * Renders counted by remember_page().
	 *
	 * @var int
	 */
	private int $renders = 0;

	/**
	 * A page of `count` made-up ids through the cache; each render counts and "renders" its images.
	 *
	 * @param int    $count     Ids.
	 * @param string $container Container id.
	 * @return string
	 */
	private function remember_page( int $count, string $container = 'bwg_container1_0' ): string {
		$ids = range( 1000001, 1000000 + $count );
		return RenderCache::remember(
			'thumbnails',
			$container,
			$ids,
			array( 'view' => 'thumbnails' ),
			function () use ( $count, $container ): string {
				++$this->renders;
				Thumbnails::advance( $count );
				return '<ul data-render="' . $this->renders . '">' . $container . str_repeat( '<li></li>', $count ) . '</ul>';
			}
		);
	}

	/**
	 * A large page is rendered once, read back byte for byte, and counts its images either way.
	 *
	 * @return void
	 */
	public function test_a_large_page_renders_once_and_counts_its_images(): void {
		RenderCache::bump();
		// Past the eager images: the same entry for every later position.
		Thumbnails::advance( 10 );
		$start = Thumbnails::position();
		$first = $this->remember_page( 150 );
		$this->assertSame( 1, $this->renders );
		$this->assertSame( $start + 150, Thumbnails::position() );
		$again = $this->remember_page( 150 );
		$this->assertSame( 1, $this->renders, 'read back, not rendered' );
		$this->assertSame( $first, $again );
		$this->assertSame( $start + 300, Thumbnails::position(), 'the images read back count as rendered' );
		// Another container (a second gallery of the page) is another entry.
		$this->remember_page( 150, 'bwg_container1_1' );
		$this->assertSame( 2, $this->renders );
	}

	/**
	 * Pages under the threshold, and a site that turns the cache off, always render.
	 *
	 * @return void
	 */
	public function test_small_pages_and_a_site_that_turns_it_off_always_render(): void {
		$this->remember_page( RenderCache::MIN_IMAGES - 1 );
		$this->remember_page( RenderCache::MIN_IMAGES - 1 );
		$this->assertSame( 2, $this->renders );
		add_filter( 'tessera_gallery_render_cache', '__return_false' );
		try {
			$this->remember_page( 200 );
			$this->remember_page( 200 );
		} finally {
			remove_filter( 'tessera_gallery_render_cache', '__return_false' );
		}
		$this->assertSame( 4, $this->renders );
	}

	/**
	 * Saving a post, an attachment's meta, an image size or a term renders the page again; another post's meta
	 * (an editor's lock) does not.
	 *
	 * @return void
	 */
	public function test_a_change_to_what_galleries_show_renders_again(): void {
		$image = $this->image( 'Changing' );
		$post  = $this->make_post( array( 'post_title' => 'A post' ) );
		$this->remember_page( 120 );
		$this->assertSame( 1, $this->renders );
		update_post_meta( $post->ID, '_edit_lock', time() . ':1' );
		$this->remember_page( 120 );
		$this->assertSame( 1, $this->renders, 'a post\'s meta is not a gallery\'s' );

		$changes = array(
			'alt text'   => static fn() => update_post_meta( $image, '_wp_attachment_image_alt', 'New alt ' . wp_rand() ),
			'title'      => static fn() => wp_update_post(
				array(
					'ID'         => $image,
					'post_title' => 'Changed ' . wp_rand(),
				)
			),
			'image size' => static fn() => update_option( 'medium_large_size_w', (int) get_option( 'medium_large_size_w' ) + 1 ),
			'a tag'      => fn() => wp_set_object_terms( $image, array( $this->tag( 'new' ) ), \Tessera\Gallery\PostTypes::TAG_TAXONOMY ),
		);
		$size = get_option( 'medium_large_size_w' );
		try {
			foreach ( $changes as $what => $change ) {
				$before = $this->renders;
				$change();
				$this->remember_page( 120 );
				$this->assertSame( $before + 1, $this->renders, $what );
			}
		} finally {
			update_option( 'medium_large_size_w', $size );
		}
	}

	/**
	 * Real thumbnails: read back, the page is the same HTML as rendered, and the eager images are where they were
	 * (the first four of the request; a page rendered after them is all lazy, and shares its entry with any later
	 * position).
	 *
	 * @return void
	 */
	public function test_real_thumbnails_read_back_the_same(): void {
		$images   = array( $this->image( 'One' ), $this->image( 'Two' ), $this->image( 'Three' ) );
		$ids      = array_merge( ...array_fill( 0, 35, $images ) );
		$settings = ViewSettings::from_block( 'tessera/gallery', array( 'view' => 'thumbnails' ) );
		RenderCache::bump();
		Thumbnails::reset_position();
		$rendered = Views::render( 'thumbnails', 'bwg_container1_0', $ids, $settings );
		$queries  = get_num_queries();
		wp_cache_flush();
		Thumbnails::reset_position();
		$read = Views::render( 'thumbnails', 'bwg_container1_0', $ids, $settings );
		$this->assertSame( $rendered, $read );
		$this->assertLessThanOrEqual( $queries + 3, get_num_queries(), 'read back with a few queries' );
		$this->assertFalse( wp_cache_get( $images[0], 'posts' ), 'read back without reading the images\' posts' );
		$this->assertSame( 1, substr_count( $read, 'fetchpriority="high"' ) );
		$this->assertSame( 4, substr_count( $read, 'loading="eager"' ) );
		// Later in the page: all lazy, one entry for any later position.
		$later = Views::render( 'thumbnails', 'bwg_container1_0', $ids, $settings );
		$this->assertSame( 0, substr_count( $later, 'loading="eager"' ) );
		$this->assertSame( $later, Views::render( 'thumbnails', 'bwg_container1_0', $ids, $settings ) );
	}

	/**
	 * A player read back from the cache still enqueues its script, as its render does.
	 *
	 * @return void
	 */
	public function test_a_player_read_back_enqueues_its_script(): void {
		$images   = array( $this->image( 'One' ), $this->image( 'Two' ) );
		$ids      = array_merge( ...array_fill( 0, 55, $images ) );
		$settings = ViewSettings::from_block( 'tessera/gallery', array( 'view' => 'carousel' ) );
		RenderCache::bump();
		$rendered = Views::render( 'carousel', 'bwg_container1_0', $ids, $settings );
		$this->assertStringContainsString( ' data-player="carousel"', $rendered );
		$this->assertTrue( wp_script_is( \Tessera\Gallery\Views\Player::SCRIPT, 'enqueued' ) );
		wp_dequeue_script( \Tessera\Gallery\Views\Player::SCRIPT );
		$read = Views::render( 'carousel', 'bwg_container1_0', $ids, $settings );
		$this->assertSame( $rendered, $read );
		$this->assertTrue( wp_script_is( \Tessera\Gallery\Views\Player::SCRIPT, 'enqueued' ), 'enqueued from the cache too' );
		wp_dequeue_script( \Tessera\Gallery\Views\Player::SCRIPT );
	}
}
