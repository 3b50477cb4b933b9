<?php
/**
 * The masonry, mosaic, image browser and blog style views (docs/gallery.md, "Views"; spec §2, §4, §9): their
 * markup as the gallery block renders it — items in order, core's responsive images with the sizes of each
 * layout, the aspect ratios the CSS lays out with, the click-action links, escaping — the masonry and mosaic
 * directions, the mosaic's breakpoints, and the blog style's "More" / "Less" on long descriptions only.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Gallery\GalleryBlock;
use Tessera\Gallery\Views\BlogStyle;

/**
 * Real attachments with real image files, rendered through the registered block.
 */
final class GalleryViewsTest extends GalleryTestCase {

	/** The views of this class. */
	private const VIEWS = array( 'masonry', 'mosaic', 'image_browser', 'blog_style' );

	/**
	 * Portrait attachments made by portrait() (deleted with their files).
	 *
	 * @var int[]
	 */
	private array $portraits = array();

	/**
	 * Deletes the portraits.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->portraits as $id ) {
			wp_delete_attachment( $id, true );
		}
		$this->portraits = array();
		parent::tearDown();
	}

	/**
	 * A portrait image attachment: a real 300 x 500 JPEG (the base fixture's are 600 x 400 landscapes).
	 *
	 * @param string $title Title.
	 * @return int
	 */
	private function portrait( string $title ): int {
		$uploads = wp_upload_dir();
		$file    = trailingslashit( $uploads['path'] ) . 'tessera-test-' . wp_generate_password( 8, false, false ) . '.jpg';
		$gd      = imagecreatetruecolor( 300, 500 );
		imagejpeg( $gd, $file, 70 );
		imagedestroy( $gd );
		$id = wp_insert_attachment(
			array(
				'post_title'     => $title,
				'post_mime_type' => 'image/jpeg',
				'post_status'    => 'inherit',
			),
			$file,
			0,
			true
		);
		$this->assertIsInt( $id );
		require_once ABSPATH . 'wp-admin/includes/image.php';
		wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $file ) );
		$this->portraits[] = $id;
		return $id;
	}

	/**
	 * The list of a render (the one element with `role="list"` holding the items).
	 *
	 * @param string $html Rendered HTML.
	 * @return array{0: \DOMXPath, 1: \DOMElement}
	 */
	private static function list_of( string $html ): array {
		$xpath = self::xpath( $html );
		return array( $xpath, self::one( $xpath, '//ul[contains(concat(" ", @class, " "), " tessera-gallery__items ")]' ) );
	}

	/**
	 * The `--tessera-thumb-ratio` of each item of a render.
	 *
	 * @param string $html Rendered HTML.
	 * @return string[]
	 */
	private static function ratios( string $html ): array {
		preg_match_all( '/<li class="tessera-gallery__item bwg-item" data-image-id="\d+" style="--tessera-thumb-ratio:([\d.]+)">/', $html, $m );
		return $m[1];
	}

	public function test_every_view_lists_its_items_in_order_with_responsive_images_in_their_links(): void {
		$a       = $this->image( 'First' );
		$b       = $this->portrait( 'Second' );
		$c       = $this->image( 'Third' );
		$gallery = $this->gallery( array( $a, $b, $c ) );
		foreach ( self::VIEWS as $view ) {
			GalleryBlock::reset_numbers();
			$html = self::render(
				array(
					'galleryId'     => $gallery,
					'view'          => $view,
					'imagesPerPage' => 3,
				)
			);
			$this->assertSame( array( $a, $b, $c ), self::shown( $html ), $view );
			$this->assertStringContainsString( 'data-view="' . $view . '"', $html );
			[ $xpath, $list ] = self::list_of( $html );
			$this->assertSame( 'list', $list->getAttribute( 'role' ), $view );
			$items = $xpath->query( 'li[not(@hidden)]', $list );
			$this->assertNotFalse( $items );
			$this->assertSame( 3, $items->length, $view . ': the items are the list’s children' );
			if ( in_array( $view, array( 'masonry', 'mosaic' ), true ) ) {
				// The tiles' list ends with a hidden marker: layouts.css paints a list of rows whole only once it is parsed.
				$last = $xpath->query( 'li[last()]', $list );
				$this->assertNotFalse( $last );
				$end = $last->item( 0 );
				$this->assertInstanceOf( \DOMElement::class, $end );
				$this->assertSame( 'tessera-gallery__end', $end->getAttribute( 'class' ), $view );
				$this->assertTrue( $end->hasAttribute( 'hidden' ), $view );
				$this->assertSame( '', $end->textContent, $view );
			}
			foreach ( $items as $item ) {
				$this->assertInstanceOf( \DOMElement::class, $item );
				$this->assertSame( 'tessera-gallery__item bwg-item', $item->getAttribute( 'class' ), $view );
				$img  = self::one( $xpath, './/img', $item );
				$link = self::one( $xpath, './/a[@class="tessera-gallery__link"]', $item );
				$id   = (int) $item->getAttribute( 'data-image-id' );
				$this->assertSame( wp_get_attachment_url( $id ), $link->getAttribute( 'href' ), $view . ': the link opens the full image' );
				$this->assertMatchesRegularExpression( '/ \d+w, /', $img->getAttribute( 'srcset' ), $view );
				$this->assertNotSame( '', $img->getAttribute( 'sizes' ), $view );
				// Width and height (nothing shifts), and the item's aspect ratio is the image's.
				$width  = (int) $img->getAttribute( 'width' );
				$height = (int) $img->getAttribute( 'height' );
				$this->assertGreaterThan( 0, $width * $height, $view );
				$this->assertStringContainsString( 'tessera-gallery__image', $img->getAttribute( 'class' ) );
				$this->assertMatchesRegularExpression( '/^--tessera-thumb-ratio:([\d.]+)$/', $item->getAttribute( 'style' ) );
				$this->assertEqualsWithDelta( $width / $height, (float) substr( $item->getAttribute( 'style' ), 22 ), 0.001, $view );
			}
			$this->assertSame( array( '1.5', '0.6', '1.5' ), self::ratios( $html ), $view . ': landscape, portrait, landscape' );
		}
	}

	public function test_click_actions_in_every_view(): void {
		$a       = $this->image( 'A' );
		$gallery = $this->gallery( array( $a ) );
		update_post_meta( $a, '_tessera_redirect_url', 'https://example.org/print?id=1&x=<y>' );
		foreach ( self::VIEWS as $view ) {
			$none = self::render(
				array(
					'galleryId'        => $gallery,
					'view'             => $view,
					'thumbClickAction' => 'do_nothing',
				)
			);
			$this->assertStringNotContainsString( '<a ', $none, $view );
			$this->assertStringContainsString( '<span class="tessera-gallery__link"><img ', $none, $view );
			$this->assertSame( array( $a ), self::shown( $none ), $view );
			$redirect = self::render(
				array(
					'galleryId'        => $gallery,
					'view'             => $view,
					'thumbClickAction' => 'redirect_to_url',
					'thumbLinkTarget'  => true,
				)
			);
			$this->assertStringContainsString( '<a class="tessera-gallery__link" href="https://example.org/print?id=1&#038;x=y" target="_blank" rel="noopener"><img ', $redirect, $view );
		}
	}

	public function test_titles_and_texts_are_escaped(): void {
		global $wpdb;
		$a = $this->image( 'A' );
		// Stored as they are (an author with unfiltered_html, an import): the render is what must make them safe.
		$wpdb->update(
			$wpdb->posts,
			array(
				'post_title'   => 'Tom "&" Jerry <script>alert(1)</script>',
				'post_excerpt' => 'A caption <em>kept</em><script>alert(2)</script>',
				'post_content' => 'A description <strong>kept</strong> <img src=x onerror="alert(3)"><script>alert(4)</script>',
			),
			array( 'ID' => $a )
		);
		clean_post_cache( $a );
		$gallery = $this->gallery( array( $a ) );
		foreach ( self::VIEWS as $view ) {
			$html = self::render(
				array(
					'galleryId'  => $gallery,
					'view'       => $view,
					'showTitles' => true,
				)
			);
			$this->assertStringNotContainsString( '<script', $html, $view );
			$this->assertStringNotContainsString( 'alert(1)', $html, $view );
			$this->assertStringNotContainsString( 'onerror', $html, $view );
			$xpath = self::xpath( $html );
			$this->assertSame( 'Tom “&” Jerry', self::one( $xpath, '//*[@class="tessera-gallery__title"]' )->textContent, $view );
			$this->assertSame( 'Tom “&” Jerry', self::one( $xpath, '//img[contains(@class, "tessera-gallery__image")]' )->getAttribute( 'alt' ), $view );
			if ( in_array( $view, array( 'image_browser', 'blog_style' ), true ) ) {
				$this->assertStringContainsString( 'A description <strong>kept</strong>', $html, $view );
			}
		}
		$browser = self::render(
			array(
				'galleryId' => $gallery,
				'view'      => 'image_browser',
			)
		);
		$this->assertStringContainsString( '<div class="tessera-stack__caption">A caption <em>kept</em>alert(2)</div>', $browser );
	}

	public function test_masonry_vertical_columns_and_horizontal_rows(): void {
		$a       = $this->image( 'Landscape' );
		$b       = $this->portrait( 'Portrait' );
		$gallery = $this->gallery( array( $a, $b ) );
		$attrs   = array(
			'galleryId'   => $gallery,
			'view'        => 'masonry',
			'thumbWidth'  => 220,
			'thumbHeight' => 150,
			'maxColumns'  => 3,
			'showTitles'  => true,
		);

		// Vertical (the default): columns at least thumbWidth wide, at most maxColumns; images at their own height.
		$vertical    = self::render( $attrs );
		[ , $list ]  = self::list_of( $vertical );
		$this->assertSame( 'tessera-gallery__items tessera-masonry tessera-cols', $list->getAttribute( 'class' ) );
		$this->assertSame( '--tessera-size:220px;--tessera-max:3', $list->getAttribute( 'style' ) );
		$this->assertSame( 2, substr_count( $vertical, 'sizes="(max-width: 440px) 100vw, 440px"' ), 'a column is narrower than two thumbnails' );
		$this->assertSame( 2, substr_count( $vertical, '<span class="tessera-gallery__title">' ) );
		$this->assertStringContainsString( '<span class="tessera-gallery__title">Portrait</span>', $vertical );

		// Horizontal: rows thumbHeight high; each image's width by its aspect ratio.
		$horizontal = self::render( array( 'masonryDirection' => 'horizontal' ) + $attrs );
		[ , $list ] = self::list_of( $horizontal );
		$this->assertSame( 'tessera-gallery__items tessera-masonry tessera-rows', $list->getAttribute( 'class' ) );
		$this->assertSame( '--tessera-size:150px', $list->getAttribute( 'style' ) );
		$this->assertSame( array( $a, $b ), self::shown( $horizontal ) );
		$this->assertSame( array( '1.5', '0.6' ), self::ratios( $horizontal ) );
		// 1.5 x 150 and 0.6 x 150 wide at the row height, with room for the row's stretch (x 1.5).
		$this->assertStringContainsString( 'sizes="(max-width: 338px) 100vw, 338px"', $horizontal );
		$this->assertStringContainsString( 'sizes="(max-width: 135px) 100vw, 135px"', $horizontal );

		// Without titles, none.
		$this->assertStringNotContainsString( 'tessera-gallery__title', self::render( array( 'showTitles' => false ) + $attrs ) );
	}

	public function test_mosaic_directions_and_its_breakpoints_at_1920_and_640(): void {
		$a       = $this->image( 'Landscape' );
		$b       = $this->portrait( 'Portrait' );
		$gallery = $this->gallery( array( $a, $b ) );
		$attrs   = array(
			'galleryId'   => $gallery,
			'view'        => 'mosaic',
			'thumbWidth'  => 200,
			'thumbHeight' => 120,
		);

		$horizontal = self::render( $attrs );
		[ , $list ] = self::list_of( $horizontal );
		$this->assertSame( 'tessera-gallery__items tessera-mosaic tessera-rows', $list->getAttribute( 'class' ) );
		$this->assertSame( '--tessera-base:120px', $list->getAttribute( 'style' ) );
		$this->assertSame( array( '1.5', '0.6' ), self::ratios( $horizontal ) );
		// 1.5 x 120 x 1.5 = 270 px, scaled by 1.5 from a 1920 px window.
		$this->assertStringContainsString( 'sizes="(min-width: 1920px) 405px, (max-width: 270px) 100vw, 270px"', $horizontal );

		$vertical   = self::render( array( 'mosaicDirection' => 'vertical' ) + $attrs );
		[ , $list ] = self::list_of( $vertical );
		$this->assertSame( 'tessera-gallery__items tessera-mosaic tessera-cols', $list->getAttribute( 'class' ) );
		$this->assertSame( '--tessera-base:200px', $list->getAttribute( 'style' ) );
		$this->assertSame( array( $a, $b ), self::shown( $vertical ) );

		// The CSS scales the base size: x 1.5 at 1920 px or more, x 0.5 at 640 px or less, nowhere else.
		$css = (string) file_get_contents( TESSERA_DIR . 'blocks/gallery/layouts.css' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- our own file.
		$css = (string) preg_replace( '#/\*.*?\*/#s', '', $css );
		$css = (string) preg_replace( '/\s+/', '', $css );
		$this->assertStringContainsString( '@media(min-width:1920px){.tessera-mosaic{--tessera-size:calc(var(--tessera-base)*1.5);}}', $css );
		$this->assertStringContainsString( '@media(max-width:640px){.tessera-mosaic{--tessera-size:calc(var(--tessera-base)*0.5);}}', $css );
		$this->assertSame( 2, substr_count( $css, '@media' ) );
		$this->assertStringContainsString( '.tessera-mosaic{--tessera-gap:0;--tessera-size:var(--tessera-base);}', $css );
	}

	public function test_image_browser_one_large_image_a_page_with_its_texts(): void {
		$a       = $this->image( 'Harbour', array( 'post_content' => 'Boats wait for the tide.' ) );
		$b       = $this->image(
			'Ridge',
			array(
				'post_excerpt' => 'Snow on the ridge.',
				'post_content' => "First paragraph.\n\nSecond paragraph.",
			)
		);
		$gallery = $this->gallery( array( $a, $b ) );
		$attrs   = array(
			'galleryId'     => $gallery,
			'view'          => 'image_browser',
			'imagesPerPage' => 1,
			'viewWidth'     => 700,
		);
		$first = self::render( $attrs );
		$this->assertSame( array( $a ), self::shown( $first ) );
		$this->assertStringContainsString( 'sizes="(max-width: 700px) 100vw, 700px"', $first );
		$this->assertStringContainsString( 'style="--tessera-view:700px"', $first );
		$this->assertStringContainsString( '<figcaption class="tessera-stack__text"><span class="tessera-gallery__title">Harbour</span><div class="tessera-stack__desc"><p>Boats wait for the tide.</p>', $first );
		$this->assertMatchesRegularExpression( '/rel="next" href="[^"]*page_number_0=2#bwg_container1_0"/', $first, 'the paging moves to the next image' );

		GalleryBlock::reset_numbers();
		$_GET   = array( 'page_number_0' => '2' );
		$second = self::render( $attrs );
		$this->assertSame( array( $b ), self::shown( $second ) );
		$this->assertStringContainsString( '<span class="tessera-gallery__title">Ridge</span><div class="tessera-stack__caption">Snow on the ridge.</div><div class="tessera-stack__desc"><p>First paragraph.</p>', $second );
		$this->assertStringContainsString( '<p>Second paragraph.</p>', $second );
		$this->assertStringNotContainsString( '<details', $second, 'the browser shows the whole description' );

		GalleryBlock::reset_numbers();
		$plain = self::render( array( 'showDescription' => false ) + $attrs );
		$this->assertStringNotContainsString( 'Second paragraph', $plain );
		$this->assertStringContainsString( 'Snow on the ridge.', $plain, 'the caption stays' );

		// More images a page: each large, one under the other.
		GalleryBlock::reset_numbers();
		$_GET = array();
		$this->assertSame( array( $a, $b ), self::shown( self::render( array( 'imagesPerPage' => 2 ) + $attrs ) ) );
	}

	public function test_blog_style_more_and_less_on_long_descriptions_only(): void {
		$long       = str_repeat( 'The harbour is still asleep and only the gulls are working. ', 5 ) . '<em>End.</em>';
		$short      = $this->image( 'Short', array( 'post_content' => 'Only a line.' ) );
		$lengthy    = $this->image( 'Lengthy', array( 'post_content' => $long ) );
		$paragraphs = $this->image( 'Two paragraphs', array( 'post_content' => "One.\n\nTwo." ) );
		$none       = $this->image( 'Nothing to say' );
		$gallery    = $this->gallery( array( $short, $lengthy, $paragraphs, $none ) );
		$attrs      = array(
			'galleryId' => $gallery,
			'view'      => 'blog_style',
			'viewWidth' => 640,
		);
		$html       = self::render( $attrs );
		$this->assertSame( array( $short, $lengthy, $paragraphs, $none ), self::shown( $html ) );
		$xpath = self::xpath( $html );
		$items = array();
		foreach ( array( $short, $lengthy, $paragraphs, $none ) as $id ) {
			$items[ $id ] = self::one( $xpath, '//li[@data-image-id="' . $id . '"]' );
		}

		// Short: the whole text, no toggle. None: no description at all.
		$this->assertSame( 0, $xpath->query( './/details', $items[ $short ] )->length );
		$this->assertSame( 'Only a line.', trim( self::one( $xpath, './/div[@class="tessera-stack__desc"]', $items[ $short ] )->textContent ) );
		$this->assertSame( 0, $xpath->query( './/details|.//*[contains(@class, "tessera-stack__desc")]', $items[ $none ] )->length );
		$this->assertSame( 'Nothing to say', trim( self::one( $xpath, './/figcaption', $items[ $none ] )->textContent ) );

		// Long: the short text (cut at a word, with an ellipsis) and the full text behind "More" / "Less".
		$cut = self::one( $xpath, './/p[@class="tessera-more__short"]', $items[ $lengthy ] )->textContent;
		$plain = wp_strip_all_tags( $long );
		$this->assertStringEndsWith( '…', $cut );
		$cut = mb_substr( $cut, 0, -1 );
		$this->assertStringStartsWith( $cut, $plain );
		$this->assertSame( ' ', mb_substr( $plain, mb_strlen( $cut ), 1 ), 'cut at a word' );
		$this->assertGreaterThan( 150, mb_strlen( $cut ) );
		$this->assertLessThanOrEqual( BlogStyle::SHORT_LENGTH, mb_strlen( $cut ) );
		$details = self::one( $xpath, './/details', $items[ $lengthy ] );
		$this->assertFalse( $details->hasAttribute( 'open' ), 'closed at first' );
		$summary = self::one( $xpath, 'summary', $details );
		$this->assertSame( 'MoreLess description of Lengthy', $summary->textContent );
		$this->assertSame( 'More', self::one( $xpath, './/span[@class="tessera-more__more"]', $summary )->textContent );
		$this->assertSame( 'Less', self::one( $xpath, './/span[@class="tessera-more__less"]', $summary )->textContent );
		$this->assertStringContainsString( '<em>End.</em>', $html, 'the full text keeps its markup' );
		$this->assertStringContainsString( trim( $long ), (string) $details->ownerDocument->saveHTML( $details ) );

		// Two short paragraphs are long too: the first one shows.
		$this->assertSame( 'One…', self::one( $xpath, './/p[@class="tessera-more__short"]', $items[ $paragraphs ] )->textContent );
		self::one( $xpath, './/details/p[.="Two."]', $items[ $paragraphs ] );

		// Without descriptions: titles only.
		$plain = self::render( array( 'showDescription' => false ) + $attrs );
		$this->assertStringNotContainsString( '<details', $plain );
		$this->assertStringNotContainsString( 'gulls', $plain );
		$this->assertSame( 4, substr_count( $plain, '<span class="tessera-gallery__title">' ) );
		$this->assertStringContainsString( 'sizes="(max-width: 640px) 100vw, 640px"', $plain );
	}

	public function test_short_text_rules(): void {
		$this->assertNull( BlogStyle::shorten( '<p>' . str_repeat( 'a', 200 ) . '</p>' ) );
		$this->assertSame( str_repeat( 'a', 200 ) . '…', BlogStyle::shorten( '<p>' . str_repeat( 'a', 201 ) . '</p>' ), 'one long word is cut where it must be' );
		$this->assertSame( 'Fish & chips…', BlogStyle::shorten( "<p>Fish &amp; chips.</p>\n<p>More.</p>" ), 'plain text, escaped when printed' );
	}
}
