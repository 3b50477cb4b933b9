<?php
/**
 * The gallery navigation call (docs/gallery.md, "Navigation — wire"): settings signed by the site and nothing else,
 * the spec's field names mapped to the address's, load more by address and by call, every field checked.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Gallery\GalleryBlock;
use Tessera\Gallery\PageCall;
use Tessera\Gallery\ViewSettings;

/**
 * PageCall::handle(), sign() and verify(), and load more.
 */
final class GalleryPageCallTest extends GalleryTestCase {

	/**
	 * A published gallery of seven images A..G.
	 *
	 * @return array{0: int, 1: int[]}
	 */
	private function seven(): array {
		$ids = array();
		foreach ( array( 'A', 'B', 'C', 'D', 'E', 'F', 'G' ) as $title ) {
			$ids[] = $this->image( $title );
		}
		return array( $this->gallery( $ids ), $ids );
	}

	/**
	 * The fields of a call for gallery 4 of the page.
	 *
	 * @param array<string, mixed> $settings Normalised settings.
	 * @param array<string, string> $more    Further fields.
	 * @return array<string, string>
	 */
	private static function fields( array $settings, array $more = array() ): array {
		return $more + array(
			'shortcode_id' => PageCall::sign( GalleryBlock::NAME, $settings ),
			'bwg'          => '4',
			'current_url'  => home_url( '/some-page/?other=1' ),
		);
	}

	public function test_signed_settings_come_back_and_nothing_else_does(): void {
		$settings = ViewSettings::from_block( GalleryBlock::NAME, array( 'galleryId' => 12, 'view' => 'mosaic', 'imagesPerPage' => 3 ) );
		$signed   = PageCall::sign( GalleryBlock::NAME, $settings );
		$this->assertLessThan( 400, strlen( $signed ), 'only the settings that differ from the defaults are signed' );
		$this->assertSame( array( 'name' => GalleryBlock::NAME, 'settings' => $settings ), PageCall::verify( $signed ) );

		list( $payload, $mac ) = explode( '.', $signed );
		$forged                = rtrim( strtr( base64_encode( (string) wp_json_encode( array( 'b' => GalleryBlock::NAME, 'a' => array( 'galleryId' => 13 ) ) ) ), '+/', '-_' ), '=' );
		foreach ( array( $forged . '.' . $mac, $payload . '.', $payload, '', $signed . '.x', str_repeat( 'a', 9000 ), array( $signed ), 5 ) as $bad ) {
			$this->assertNull( PageCall::verify( $bad ), (string) wp_json_encode( $bad ) );
		}
		// A block this call does not render, even signed.
		$this->assertNull( PageCall::verify( PageCall::sign( 'core/paragraph', array() ) ) );
	}

	public function test_a_call_answers_the_asked_page_with_links_on_the_page_address(): void {
		list( $gallery, $ids ) = $this->seven();
		$settings              = ViewSettings::from_block( GalleryBlock::NAME, array( 'galleryId' => $gallery, 'imagesPerPage' => 3, 'frontendAjax' => true ) );

		$answer = PageCall::handle( self::fields( $settings, array( 'page_number_4' => '2' ) ) );
		$this->assertSame( 200, $answer['status'] );
		$this->assertStringStartsWith( '<div ', $answer['html'] );
		$this->assertStringContainsString( 'id="bwg_container1_4"', $answer['html'] );
		$this->assertSame( array_slice( $ids, 3, 3 ), self::shown( $answer['html'] ) );
		// Links are built on the page's address (with its own parameters), not on admin-ajax.php.
		$this->assertStringContainsString( 'href="' . esc_url( home_url( '/some-page/?other=1&page_number_4=3' ) ) . '#bwg_container1_4"', $answer['html'] );
		$this->assertStringNotContainsString( 'admin-ajax.php?action=tessera_gallery_page&', $answer['html'] );

		// The spec's sort and tag field names.
		$sorted = PageCall::handle( self::fields( $settings, array( 'sortImagesByValue_4' => 'title', 'page_number_4' => '1' ) ) );
		$this->assertSame( array_slice( $ids, 0, 3 ), self::shown( $sorted['html'] ) );
		$tag = $this->tag( 'Sea' );
		wp_set_object_terms( $ids[5], array( $tag ), 'tessera_image_tag' );
		$tagged = PageCall::handle( self::fields( $settings, array( 'bwg_tag_id_bwg_container1_4' => (string) $tag ) ) );
		$this->assertSame( array( $ids[5] ), self::shown( $tagged['html'] ) );
		$searched = PageCall::handle( self::fields( $settings, array( 'bwg_search_4' => 'G' ) ) );
		$this->assertSame( array( $ids[6] ), self::shown( $searched['html'] ) );
	}

	public function test_load_more_by_call_and_by_address(): void {
		list( $gallery, $ids ) = $this->seven();
		$attributes            = array(
			'galleryId'     => $gallery,
			'imagesPerPage' => 3,
			'pagination'    => 'load_more',
			'frontendAjax'  => true,
		);
		$settings              = ViewSettings::from_block( GalleryBlock::NAME, $attributes );

		// The call appends one page.
		$more = PageCall::handle( self::fields( $settings, array( 'page_number_4' => '2', 'bwg_load_more_4' => '1' ) ) );
		$this->assertSame( array_slice( $ids, 3, 3 ), self::shown( $more['html'] ) );
		$this->assertStringContainsString( 'Showing 6 of 7 images', $more['html'] );
		$this->assertStringContainsString( 'page_number_4=3', $more['html'] );

		// The address shows every page up to the asked one; the last has no link.
		$_GET = array( 'page_number_0' => '2' );
		$html = self::render( $attributes );
		$this->assertSame( array_slice( $ids, 0, 6 ), self::shown( $html ) );
		$this->assertStringContainsString( 'Load more', $html );
		$_GET = array( 'page_number_0' => '3' );
		GalleryBlock::reset_numbers();
		$html = self::render( $attributes );
		$this->assertSame( $ids, self::shown( $html ) );
		$this->assertStringContainsString( 'Showing 7 of 7 images', $html );
		$this->assertStringNotContainsString( 'tessera-gallery__load-more', $html );
		$_GET = array();
	}

	public function test_landmark_names_are_unique_on_the_page_and_kept_by_the_call(): void {
		list( $gallery ) = $this->seven();
		$attributes      = array(
			'galleryId'     => $gallery,
			'imagesPerPage' => 3,
			'showSearch'    => true,
			'frontendAjax'  => true,
		);
		$first           = self::render( $attributes );
		$second          = self::render( $attributes );
		$this->assertStringContainsString( 'aria-label="Test gallery: pages"', $first );
		$this->assertStringContainsString( 'aria-label="Test gallery (2): pages"', $second );
		$this->assertStringContainsString( 'aria-label="Test gallery (2): search and sort"', $second );
		$this->assertStringContainsString( 'data-title="Test gallery (2)"', $second );

		// The call keeps the name the page gave; a name that is not this title's is not taken.
		$settings = ViewSettings::from_block( GalleryBlock::NAME, $attributes );
		GalleryBlock::reset_numbers();
		$kept = PageCall::handle( self::fields( $settings, array( 'title_4' => 'Test gallery (2)' ) ) );
		$this->assertStringContainsString( 'aria-label="Test gallery (2): pages"', $kept['html'] );
		GalleryBlock::reset_numbers();
		$other = PageCall::handle( self::fields( $settings, array( 'title_4' => '<b>Other</b>' ) ) );
		$this->assertStringContainsString( 'aria-label="Test gallery: pages"', $other['html'] );
		$this->assertStringNotContainsString( 'Other', $other['html'] );
	}

	public function test_every_field_is_checked(): void {
		list( $gallery ) = $this->seven();
		$settings        = ViewSettings::from_block( GalleryBlock::NAME, array( 'galleryId' => $gallery, 'imagesPerPage' => 3 ) );
		$message         = 'Sorry, there was an error loading the next page.';
		foreach (
			array(
				array( 'bwg' => 'x' ),
				array( 'bwg' => '100' ),
				array( 'bwg' => '' ),
				array( 'current_url' => 'https://elsewhere.example/' ),
				array( 'current_url' => 'javascript:alert(1)' ),
				array( 'shortcode_id' => 'nope' ),
			) as $bad
		) {
			$answer = PageCall::handle( $bad + self::fields( $settings ) );
			$this->assertSame( array( 'status' => 400, 'html' => $message ), $answer, (string) wp_json_encode( $bad ) );
		}

		// A gallery that is no longer published: the message, nothing of it.
		wp_update_post( array( 'ID' => $gallery, 'post_status' => 'draft' ) );
		$this->assertSame( 400, PageCall::handle( self::fields( $settings ) )['status'] );
		wp_update_post( array( 'ID' => $gallery, 'post_status' => 'publish' ) );

		// Values of the state fall back as in the address.
		$answer = PageCall::handle(
			self::fields(
				$settings,
				array(
					'page_number_4'               => '1; DROP TABLE x',
					'sortImagesByValue_4'         => 'ID DESC',
					'bwg_tag_id_bwg_container1_4' => '0 OR 1=1',
					'bwg_search_4'                => '<img src=x onerror=alert(1)>',
				)
			)
		);
		$this->assertSame( 200, $answer['status'] );
		$this->assertCount( 3, self::shown( $answer['html'] ) );
		$this->assertStringNotContainsString( 'onerror', $answer['html'] );
	}
}
