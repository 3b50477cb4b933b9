<?php
/**
 * The slideshow and carousel views (docs/gallery.md, "Views"; includes/Gallery/Views/Slideshow.php, Carousel.php,
 * Player.php): every slide in the HTML with only the first shown, the buttons and their names, the filmstrip types
 * and directions, the dots, the watermark, the music, the settings the player script reads, escaping, and the
 * script enqueued only where one of them shows.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Gallery\Views\Player;
use Tessera\Gallery\Views\Slideshow;

/**
 * Real attachments and the registered block, rendered as on a page.
 */
final class GallerySlideshowTest extends GalleryTestCase {

	/**
	 * Attachments that are not images (deleted after the test).
	 *
	 * @var int[]
	 */
	private array $files = array();

	/**
	 * No player script enqueued before the test.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		wp_dequeue_script( Player::SCRIPT );
	}

	/**
	 * Deletes the audio attachments.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->files as $id ) {
			wp_delete_attachment( $id, true );
		}
		$this->files = array();
		wp_dequeue_script( Player::SCRIPT );
		parent::tearDown();
	}

	/**
	 * A gallery of images with these titles.
	 *
	 * @param string[] $titles Titles.
	 * @return array{0: int, 1: int[]} Gallery id and image ids.
	 */
	private function images( array $titles ): array {
		$ids = array_map( fn ( string $title ): int => $this->image( $title ), $titles );
		return array( $this->gallery( $ids ), $ids );
	}

	/**
	 * An audio attachment (an MP3 file name: core tells audio by its extension).
	 *
	 * @return int
	 */
	private function audio(): int {
		$uploads = wp_upload_dir();
		$file    = trailingslashit( $uploads['path'] ) . 'tessera-test-' . wp_generate_password( 8, false, false ) . '.mp3';
		file_put_contents( $file, 'ID3' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a test fixture.
		$id = wp_insert_attachment(
			array(
				'post_title'     => 'Music',
				'post_mime_type' => 'audio/mpeg',
				'post_status'    => 'inherit',
			),
			$file,
			0,
			true
		);
		$this->assertIsInt( $id );
		$this->files[] = $id;
		return $id;
	}

	public function test_every_slide_is_in_the_html_and_only_the_first_shows(): void {
		list( $gallery, $ids ) = $this->images( array( 'One', 'Two', 'Three' ) );
		$html                  = self::render(
			array(
				'galleryId' => $gallery,
				'view'      => 'slideshow',
			)
		);
		$this->assertSame( $ids, self::shown( $html ) );
		$xpath  = self::xpath( $html );
		$player = self::one( $xpath, '//div[@data-player="slideshow"]' );
		$this->assertSame( 'region', $player->getAttribute( 'role' ) );
		$this->assertSame( 'Test gallery: slideshow', $player->getAttribute( 'aria-label' ) );
		$this->assertStringContainsString( '--tessera-view:800px', $player->getAttribute( 'style' ) );
		$this->assertStringContainsString( '--tessera-thumb-ratio:800 / 500', $player->getAttribute( 'style' ) );

		$slides = $xpath->query( '//div[@class="tessera-slide"]' );
		$this->assertNotFalse( $slides );
		$this->assertSame( 3, $slides->length );
		$labels = array();
		foreach ( $slides as $k => $slide ) {
			$this->assertInstanceOf( \DOMElement::class, $slide );
			$labels[] = $slide->getAttribute( 'aria-label' );
			$this->assertSame( 0 !== $k, $slide->hasAttribute( 'hidden' ), 'only the first slide shows' );
			$this->assertSame( 'group', $slide->getAttribute( 'role' ) );
			$image = self::one( $xpath, './/img', $slide );
			$this->assertMatchesRegularExpression( '/^\d+$/', $image->getAttribute( 'width' ) );
			$this->assertMatchesRegularExpression( '/^\d+$/', $image->getAttribute( 'height' ) );
			// The first as core decides; the second loads ahead as the next; the others when they become it.
			if ( 1 === $k ) {
				$this->assertSame( 'eager', $image->getAttribute( 'loading' ) );
				$this->assertSame( 'low', $image->getAttribute( 'fetchpriority' ) );
			} elseif ( 2 === $k ) {
				$this->assertSame( 'lazy', $image->getAttribute( 'loading' ) );
			}
			// Each in its link to the full image (thumb_click_action open_lightbox).
			$this->assertSame( wp_get_attachment_url( $ids[ $k ] ), self::one( $xpath, './/a', $slide )->getAttribute( 'href' ) );
		}
		$this->assertSame( array( '1 of 3: One', '2 of 3: Two', '3 of 3: Three' ), $labels );
		// The live region is the player's last element, empty.
		$live = $xpath->query( '//div[@data-player]/*[last()]' )->item( 0 );
		$this->assertInstanceOf( \DOMElement::class, $live );
		$this->assertSame( 'polite', $live->getAttribute( 'aria-live' ) );
		$this->assertSame( '', $live->textContent );
	}

	public function test_buttons_have_names_and_say_what_they_do(): void {
		list( $gallery ) = $this->images( array( 'One', 'Two' ) );
		$xpath           = self::xpath(
			self::render(
				array(
					'galleryId' => $gallery,
					'view'      => 'slideshow',
				)
			)
		);
		$previous = self::one( $xpath, '//button[@aria-label="Previous image"]' );
		$this->assertSame( array( 'step', '-1', 'button' ), array( $previous->getAttribute( 'data-act' ), $previous->getAttribute( 'data-by' ), $previous->getAttribute( 'type' ) ) );
		$next = self::one( $xpath, '//button[@aria-label="Next image"]' );
		$this->assertSame( array( 'step', '1' ), array( $next->getAttribute( 'data-act' ), $next->getAttribute( 'data-by' ) ) );
		// Play / pause: both names, the style shows the one for the state (paused until the script plays).
		$play = self::one( $xpath, '//button[@data-act="play"]' );
		$this->assertSame( 'Play slideshow', trim( self::one( $xpath, './/span[@class="tessera-player__paused"]', $play )->textContent ) );
		$this->assertSame( 'Pause slideshow', trim( self::one( $xpath, './/span[@class="tessera-player__playing"]', $play )->textContent ) );
		self::one( $xpath, '//button[@aria-label="Scroll thumbnails back"][@data-act="scroll"][@aria-disabled="true"]' );
		self::one( $xpath, '//button[@aria-label="Scroll thumbnails forward"][@data-act="scroll"]' );
		foreach ( $xpath->query( '//svg' ) as $icon ) {
			$this->assertInstanceOf( \DOMElement::class, $icon );
			$this->assertSame( 'true', $icon->getAttribute( 'aria-hidden' ) );
		}
		$this->assertTrue( wp_script_is( Player::SCRIPT, 'enqueued' ), 'the player script is enqueued' );
	}

	public function test_filmstrip_types_directions_and_dots(): void {
		list( $gallery, $ids ) = $this->images( array( 'One', 'Two', 'Three' ) );
		$render                = fn ( array $attributes ): \DOMXPath => self::xpath(
			self::render(
				$attributes + array(
					'galleryId' => $gallery,
					'view'      => 'slideshow',
				)
			)
		);

		// Type 1: thumbnails of filmstripSize px, links to the full images, the first current.
		$xpath  = $render( array( 'filmstripSize' => 120 ) );
		$player = self::one( $xpath, '//div[@data-player]' );
		$this->assertStringContainsString( 'tessera-slideshow--h', $player->getAttribute( 'class' ) );
		$this->assertStringContainsString( '--tessera-thumb:120px', $player->getAttribute( 'style' ) );
		$picks = $xpath->query( '//ul[@class="tessera-player__thumbs"]/li/a[@data-act="pick"]' );
		$this->assertSame( 3, $picks->length );
		foreach ( $picks as $k => $pick ) {
			$this->assertInstanceOf( \DOMElement::class, $pick );
			$this->assertSame( wp_get_attachment_url( $ids[ $k ] ), $pick->getAttribute( 'href' ) );
			$this->assertSame( 0 === $k ? 'true' : '', $pick->getAttribute( 'aria-current' ) );
			$this->assertSame( 'lazy', self::one( $xpath, './/img', $pick )->getAttribute( 'loading' ) );
		}
		// The list first in its strip: the scroll buttons act on their parent's first child.
		$this->assertSame( 'ul', self::one( $xpath, '//div[@class="tessera-player__strip"]' )->firstChild->nodeName );

		// Type 2: filmstripCount thumbnails fill the width (at most 5 on narrow containers, by the style).
		$player = self::one( $render( array( 'filmstripType' => 2, 'filmstripCount' => 4 ) ), '//div[@data-player]' );
		$this->assertStringContainsString( '--tessera-thumb:calc(100% / min(4, var(--tessera-cap, 99)))', $player->getAttribute( 'style' ) );

		// Vertical: beside the stage; for a fixed count, square thumbnails as tall together as the stage:
		// 100 x 500 / (4 x 800 + 500) = 13.5135 %.
		$xpath  = $render(
			array(
				'filmstripType'      => 2,
				'filmstripCount'     => 4,
				'filmstripDirection' => 'vertical',
			)
		);
		$player = self::one( $xpath, '//div[@data-player]' );
		$this->assertStringContainsString( 'tessera-slideshow--v', $player->getAttribute( 'class' ) );
		$this->assertStringContainsString( '--tessera-strip:13.5135%', $player->getAttribute( 'style' ) );
		$this->assertStringContainsString( 'M5 15l7-7 7 7', $xpath->document->saveHTML( self::one( $xpath, '//button[@data-act="scroll"][@data-by="-1"]' ) ), 'an up arrow' );

		// Type 0: dots, each named by its slide, no thumbnails.
		$xpath = $render( array( 'filmstripType' => 0 ) );
		$this->assertSame( 0, $xpath->query( '//ul[@class="tessera-player__thumbs"]' )->length );
		$dots = $xpath->query( '//ul[@class="tessera-player__dots"]/li/a[@data-act="pick"]' );
		$this->assertSame( 3, $dots->length );
		$this->assertSame( '2 of 3: Two', trim( $dots->item( 1 )->textContent ) );
		$this->assertSame( 0, $xpath->query( '//ul[@class="tessera-player__dots"]//img' )->length );
	}

	public function test_the_settings_the_script_reads(): void {
		list( $gallery ) = $this->images( array( 'One', 'Two' ) );
		$player          = static fn ( array $attributes ): \DOMElement => self::one(
			self::xpath(
				self::render(
					$attributes + array(
						'galleryId' => $gallery,
						'view'      => 'slideshow',
					)
				)
			),
			'//div[@data-player]'
		);

		$defaults = $player( array() );
		$this->assertSame( '5000', $defaults->getAttribute( 'data-interval' ), 'seconds x 1000 (spec §9)' );
		$this->assertTrue( $defaults->hasAttribute( 'data-autoplay' ) );
		$this->assertTrue( $defaults->hasAttribute( 'data-loop' ) );
		$this->assertFalse( $defaults->hasAttribute( 'data-shuffle' ) );
		$this->assertSame( 'fade', $defaults->getAttribute( 'data-effect' ) );
		$this->assertStringContainsString( '--tessera-fx:800ms', $defaults->getAttribute( 'style' ) );
		$this->assertMatchesRegularExpression( '#/build/blocks/gallery/player\.js\?ver=#', $defaults->getAttribute( 'data-src' ), 'what in-place navigation loads for a player that arrives later' );

		$set = $player(
			array(
				'interval'       => 2,
				'autoplay'       => false,
				'loop'           => false,
				'shuffle'        => true,
				'effect'         => 'random',
				'effectDuration' => 1000,
			)
		);
		$this->assertSame( '2000', $set->getAttribute( 'data-interval' ) );
		$this->assertFalse( $set->hasAttribute( 'data-autoplay' ) );
		$this->assertFalse( $set->hasAttribute( 'data-loop' ) );
		$this->assertTrue( $set->hasAttribute( 'data-shuffle' ) );
		$this->assertSame( implode( ' ', Slideshow::EFFECTS ), $set->getAttribute( 'data-effect' ) );
		// 2,000 ms is under 4 x 1,000: a quarter of the interval.
		$this->assertStringContainsString( '--tessera-fx:500ms', $set->getAttribute( 'style' ) );
		$this->assertStringContainsString( '--tessera-fx:0ms', $player( array( 'effect' => 'none' ) )->getAttribute( 'style' ) );
		// A bad value falls back to the default.
		$this->assertSame( '5000', $player( array( 'interval' => 'soon' ) )->getAttribute( 'data-interval' ) );
	}

	public function test_transition_duration_rule(): void {
		$this->assertSame( 800, Slideshow::transition_ms( 800, 5000 ) );
		$this->assertSame( 800, Slideshow::transition_ms( 800, 3200 ), 'exactly four times: the effect duration' );
		$this->assertSame( 750, Slideshow::transition_ms( 800, 3000 ) );
		$this->assertSame( 250, Slideshow::transition_ms( 5000, 1000 ) );
		$this->assertSame( 0, Slideshow::transition_ms( 0, 1000 ) );
	}

	public function test_watermark_text_image_and_none(): void {
		list( $gallery ) = $this->images( array( 'One', 'Two' ) );
		$render          = fn ( array $attributes ): string => self::render(
			$attributes + array(
				'galleryId' => $gallery,
				'view'      => 'slideshow',
			)
		);
		$html = $render(
			array(
				'watermarkType'     => 'text',
				'watermarkText'     => '<b>Mine</b> & "yours"',
				'watermarkPosition' => 'top-left',
				'watermarkOpacity'  => 35,
			)
		);
		$this->assertStringNotContainsString( '<b>Mine', $html );
		$mark = self::one( self::xpath( $html ), '//span[@class="tessera-player__mark"]' );
		$this->assertSame( '<b>Mine</b> & "yours"', $mark->textContent );
		$this->assertSame( 'true', $mark->getAttribute( 'aria-hidden' ) );
		$this->assertSame( 'place-self:start start;opacity:0.35', $mark->getAttribute( 'style' ) );

		$logo = $this->image( 'Logo' );
		$mark = self::one(
			self::xpath(
				$render(
					array(
						'watermarkType'     => 'image',
						'watermarkImage'    => $logo,
						'watermarkPosition' => 'center',
					)
				)
			),
			'//span[@class="tessera-player__mark"]'
		);
		$this->assertSame( 'place-self:center center;opacity:0.60', $mark->getAttribute( 'style' ) );
		$image = $mark->getElementsByTagName( 'img' )->item( 0 );
		$this->assertInstanceOf( \DOMElement::class, $image );
		$this->assertSame( '', $image->getAttribute( 'alt' ) );
		$this->assertMatchesRegularExpression( '/^\d+$/', $image->getAttribute( 'width' ) );

		// None, an empty text, or an attachment that is not a visible image: no watermark.
		$this->assertStringNotContainsString( 'tessera-player__mark', $render( array( 'watermarkType' => 'text' ) ) );
		$this->assertStringNotContainsString(
			'tessera-player__mark',
			$render(
				array(
					'watermarkType'  => 'image',
					'watermarkImage' => $this->audio(),
				)
			)
		);
		$this->assertStringNotContainsString( 'tessera-player__mark', $render( array( 'watermarkText' => 'Not shown' ) ) );
	}

	public function test_music_has_controls_never_autoplays_and_sits_beside_the_player(): void {
		list( $gallery ) = $this->images( array( 'One', 'Two' ) );
		$music           = $this->audio();
		$html            = self::render(
			array(
				'galleryId' => $gallery,
				'view'      => 'slideshow',
				'music'     => $music,
			)
		);
		$xpath = self::xpath( $html );
		$audio = self::one( $xpath, '//audio' );
		$this->assertTrue( $audio->hasAttribute( 'controls' ) );
		$this->assertFalse( $audio->hasAttribute( 'autoplay' ) );
		$this->assertSame( 'none', $audio->getAttribute( 'preload' ) );
		$this->assertSame( wp_get_attachment_url( $music ), $audio->getAttribute( 'src' ) );
		$this->assertSame( 'Slideshow music', $audio->getAttribute( 'aria-label' ) );
		$this->assertSame( 0, $xpath->query( '//div[@data-player]//audio' )->length, 'beside the player: its keys stay its own' );

		// An image is not music.
		$this->assertStringNotContainsString(
			'<audio',
			self::render(
				array(
					'galleryId' => $gallery,
					'view'      => 'slideshow',
					'music'     => $this->image( 'Not music' ),
				)
			)
		);
	}

	public function test_titles_and_descriptions_are_escaped(): void {
		$image   = $this->image(
			'Sun <script>alert(1)</script> & sea',
			array( 'post_content' => '<p>Calm <img src=x onerror=alert(2)> water</p>' )
		);
		$other   = $this->image( 'Other' );
		$gallery = $this->gallery( array( $image, $other ) );
		$html    = self::render(
			array(
				'galleryId'  => $gallery,
				'view'       => 'slideshow',
				'showTitles' => true,
			)
		);
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertStringNotContainsString( 'onerror', $html );
		$xpath = self::xpath( $html );
		$text  = self::one( $xpath, '//div[@data-image-id="' . $image . '"]//p[@class="tessera-slide__text"]' );
		$this->assertSame( 'Sun alert(1) & sea', self::one( $xpath, './/strong', $text )->textContent );
		$this->assertStringContainsString( 'Calm  water', $text->textContent );
		$this->assertSame( '1 of 2: Sun alert(1) & sea', self::one( $xpath, '//div[@data-image-id="' . $image . '"]' )->getAttribute( 'aria-label' ) );

		// Titles and descriptions off: no text over the image.
		$this->assertStringNotContainsString(
			'tessera-slide__text',
			self::render(
				array(
					'galleryId'       => $gallery,
					'view'            => 'slideshow',
					'showDescription' => false,
				)
			)
		);
	}

	public function test_a_single_image_needs_no_player(): void {
		list( $gallery ) = $this->images( array( 'Alone' ) );
		$html            = self::render(
			array(
				'galleryId' => $gallery,
				'view'      => 'slideshow',
			)
		);
		$this->assertSame( 1, substr_count( $html, 'class="tessera-slide"' ) );
		$this->assertStringNotContainsString( '<button', $html );
		$this->assertStringNotContainsString( 'data-act="pick"', $html );
		$this->assertStringNotContainsString( 'data-player', $html, 'nothing for a player script to start' );
		$this->assertStringNotContainsString( 'data-src', $html );
		$this->assertFalse( wp_script_is( Player::SCRIPT, 'enqueued' ) );
	}

	public function test_load_more_becomes_numbered_pages_in_a_player(): void {
		list( $gallery ) = $this->images( array( 'One', 'Two', 'Three', 'Four', 'Five' ) );
		foreach ( array( 'slideshow', 'carousel' ) as $view ) {
			$html = self::render(
				array(
					'galleryId'     => $gallery,
					'view'          => $view,
					'imagesPerPage' => 2,
					'pagination'    => 'load_more',
				)
			);
			$this->assertStringNotContainsString( 'tessera-gallery__load-more', $html, $view . ': no list to append to' );
			$this->assertStringContainsString( 'tessera-gallery__paging', $html, $view . ': numbered pages instead' );
			$this->assertStringContainsString( 'page_number_', $html );
		}
		// The grid views keep load more.
		$html = self::render(
			array(
				'galleryId'     => $gallery,
				'view'          => 'thumbnails',
				'imagesPerPage' => 2,
				'pagination'    => 'load_more',
			)
		);
		$this->assertStringContainsString( 'tessera-gallery__load-more', $html );
	}

	public function test_carousel_is_a_row_with_buttons(): void {
		list( $gallery, $ids ) = $this->images( array( 'One', 'Two', 'Three', 'Four' ) );
		$html                  = self::render(
			array(
				'galleryId'     => $gallery,
				'view'          => 'carousel',
				'carouselItems' => 2,
				'thumbWidth'    => 300,
				'thumbHeight'   => 200,
				'showTitles'    => true,
				'interval'      => 3,
			)
		);
		$this->assertSame( $ids, self::shown( $html ) );
		$xpath  = self::xpath( $html );
		$player = self::one( $xpath, '//div[@data-player="carousel"]' );
		$this->assertSame( 'Test gallery: carousel', $player->getAttribute( 'aria-label' ) );
		$this->assertSame( '3000', $player->getAttribute( 'data-interval' ) );
		$this->assertSame( '--tessera-items:2;--tessera-thumb-ratio:300 / 200', $player->getAttribute( 'style' ) );
		$row = self::one( $xpath, '//div[@class="tessera-player__stage"]/*[1]' );
		$this->assertSame( 'ul', $row->nodeName, 'the row first: the scroll buttons act on it' );
		$this->assertSame( 4, $xpath->query( './li[@data-image-id]//img[@width][@height]', $row )->length );
		$this->assertSame( 4, $xpath->query( './/span[@class="tessera-gallery__title"]', $row )->length );
		self::one( $xpath, '//button[@aria-label="Previous image"][@data-act="scroll"][@data-by="-1"]' );
		self::one( $xpath, '//button[@aria-label="Next image"][@data-act="scroll"][@data-by="1"]' );
		$this->assertSame( 'Pause carousel', trim( self::one( $xpath, '//button[@data-act="play"]/span[2]' )->textContent ) );
		$this->assertTrue( wp_script_is( Player::SCRIPT, 'enqueued' ) );
	}

	public function test_the_script_is_only_for_pages_with_a_player(): void {
		list( $gallery ) = $this->images( array( 'One', 'Two' ) );
		self::render( array( 'galleryId' => $gallery ) );
		$this->assertFalse( wp_script_is( Player::SCRIPT, 'enqueued' ), 'not for thumbnails' );
		self::render(
			array(
				'galleryId' => $gallery,
				'view'      => 'carousel',
			)
		);
		self::render(
			array(
				'galleryId' => $gallery,
				'view'      => 'slideshow',
			)
		);
		$this->assertTrue( wp_script_is( Player::SCRIPT, 'enqueued' ) );
		$this->assertSame( 1, count( array_keys( wp_scripts()->queue, Player::SCRIPT, true ) ), 'once' );
		$this->assertSame( 'defer', wp_scripts()->get_data( Player::SCRIPT, 'strategy' ) );
	}
}
