<?php
/**
 * The lightbox's server side (docs/lightbox.md): the settings, the `tessera_lightbox` call (query, answers,
 * headers, caching, bad input) and the popup's markup and data.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Gallery\Images;
use Tessera\Gallery\PostTypes;
use Tessera\Gallery\Thumbnails;
use Tessera\Lightbox\Endpoint;
use Tessera\Lightbox\Popup;
use Tessera\Lightbox\Settings;
use WP_REST_Request;

/**
 * Settings, Endpoint and Popup.
 */
final class LightboxTest extends GalleryTestCase {

	/**
	 * Keeps the lightbox option.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->keep_option( Settings::OPTION );
	}

	/**
	 * A published gallery of Alpha, Bravo, Charlie (in that order unless given), with descriptions.
	 *
	 * @param string[] $titles Image titles in gallery order.
	 * @return array{0: int, 1: array<string, int>} Gallery id, image ids by title.
	 */
	private function three( array $titles = array( 'Alpha', 'Bravo', 'Charlie' ) ): array {
		$ids = array();
		foreach ( $titles as $title ) {
			$ids[ $title ] = $this->image( $title, array( 'post_content' => 'About ' . $title . '.' ) );
		}
		return array( $this->gallery( array_values( $ids ) ), $ids );
	}

	/**
	 * Settings stored as given (bypassing the sanitizer, as a hostile or old stored value would be).
	 *
	 * @param mixed $value Stored value.
	 * @return void
	 */
	private function stored( $value ): void {
		$this->add_test_filter( 'pre_option_' . Settings::OPTION, static fn () => $value );
	}

	/**
	 * The island's data of an answer.
	 *
	 * @param string $html Answer.
	 * @return array<string, mixed>
	 */
	private static function data( string $html ): array {
		self::assertSame( 1, preg_match( '#<script type="application/json" class="tessera-lightbox__data">(.*?)</script>#s', $html, $match ), 'the data script' );
		$data = json_decode( $match[1], true );
		self::assertIsArray( $data, 'the data parses' );
		return $data;
	}

	/**
	 * One attribute of the first element an XPath finds ('' when none; null when no element).
	 *
	 * @param string $html  Answer.
	 * @param string $query XPath.
	 * @param string $name  Attribute.
	 * @return string|null
	 */
	private static function attr( string $html, string $query, string $name ): ?string {
		$node = self::xpath( $html )->query( $query )->item( 0 );
		return $node instanceof \DOMElement ? $node->getAttribute( $name ) : null;
	}

	/**
	 * The text of the first element an XPath finds (null when none).
	 *
	 * @param string $html  Answer.
	 * @param string $query XPath.
	 * @return string|null
	 */
	private static function text( string $html, string $query ): ?string {
		$node = self::xpath( $html )->query( $query )->item( 0 );
		return null === $node ? null : $node->textContent;
	}

	/**
	 * A GET answer.
	 *
	 * @param array<string, mixed> $query Query.
	 * @return array{status: int, html: string, headers: array<string, string>}
	 */
	private static function get( array $query ): array {
		return Endpoint::handle( $query, 'GET' );
	}

	public function test_settings_defaults(): void {
		delete_option( Settings::OPTION );
		$settings = Settings::get();
		$this->assertSame( Settings::defaults(), $settings );
		$this->assertTrue( $settings['enable_loop'] );
		$this->assertFalse( $settings['open_with_autoplay'] );
		$this->assertTrue( $settings['enable_image_filmstrip'] );
		$this->assertSame( array( 'horizontal', 'bottom', 70, 50 ), array( $settings['filmstrip_direction'], $settings['lightbox_filmstrip_pos'], $settings['image_filmstrip_width'], $settings['image_filmstrip_height'] ) );
		$this->assertSame( 'bottom', $settings['lightbox_ctrl_btn_pos'] );
		$this->assertTrue( $settings['popup_enable_info'] );
		$this->assertTrue( $settings['popup_enable_zoom'] );
		$this->assertSame( 5, $settings['slideshow_interval'] );
		$this->assertSame( 800, $settings['slideshow_effect_duration'] );
		$this->assertSame( 'fade', $settings['bwg_image_effect'] );
		$this->assertSame( 2, $settings['preload_images_count'] );
		$this->assertFalse( $settings['image_right_click'] );
		$this->assertTrue( $settings['popup_enable_share'] );
	}

	public function test_settings_bad_stored_values_fall_back(): void {
		$this->stored(
			array(
				'enable_loop'               => 'yes',
				'open_with_autoplay'        => '1',
				'popup_enable_zoom'         => 0,
				'preload_images_count'      => -1,
				'slideshow_interval'        => '7',
				'slideshow_effect_duration' => '1e3',
				'image_filmstrip_width'     => 10000,
				'image_filmstrip_height'    => array( 60 ),
				'bwg_image_effect'          => 'explode',
				'filmstrip_direction'       => 'diagonal',
				'lightbox_ctrl_btn_pos'     => 'left',
				'lightbox_info_pos'         => 'bottom',
				'unknown'                   => 'dropped',
			)
		);
		$settings = Settings::get();
		$this->assertSame( array_keys( Settings::defaults() ), array_keys( $settings ), 'only the known keys' );
		$this->assertTrue( $settings['enable_loop'] );
		$this->assertTrue( $settings['open_with_autoplay'] );
		$this->assertFalse( $settings['popup_enable_zoom'] );
		$this->assertSame( 2, $settings['preload_images_count'] );
		$this->assertSame( 7, $settings['slideshow_interval'] );
		$this->assertSame( 800, $settings['slideshow_effect_duration'] );
		$this->assertSame( 70, $settings['image_filmstrip_width'] );
		$this->assertSame( 50, $settings['image_filmstrip_height'] );
		$this->assertSame( 'fade', $settings['bwg_image_effect'] );
		$this->assertSame( 'horizontal', $settings['filmstrip_direction'] );
		$this->assertSame( 'bottom', $settings['lightbox_ctrl_btn_pos'] );
		$this->assertSame( 'bottom', $settings['lightbox_info_pos'] );

		foreach ( Settings::EFFECTS as $effect ) {
			$this->assertSame( $effect, Settings::normalise( array( 'bwg_image_effect' => $effect ) )['bwg_image_effect'] );
		}
		$this->assertSame( Settings::defaults(), Settings::normalise( 'a string' ) );
		// The filmstrip's position follows its direction.
		$this->assertSame( 'right', Settings::normalise( array( 'filmstrip_direction' => 'vertical' ) )['lightbox_filmstrip_pos'] );
		$this->assertSame( 'left', Settings::normalise( array( 'filmstrip_direction' => 'vertical', 'lightbox_filmstrip_pos' => 'left' ) )['lightbox_filmstrip_pos'] );
		$this->assertSame( 'bottom', Settings::normalise( array( 'lightbox_filmstrip_pos' => 'left' ) )['lightbox_filmstrip_pos'] );
		$this->assertSame( 'top', Settings::normalise( array( 'lightbox_filmstrip_pos' => 'top' ) )['lightbox_filmstrip_pos'] );
	}

	public function test_settings_over_rest_for_administrators_only(): void {
		Settings::register_setting();
		$schema = get_registered_settings()[ Settings::OPTION ]['show_in_rest']['schema'];
		$this->assertFalse( $schema['additionalProperties'] );
		$this->assertSame( Settings::EFFECTS, $schema['properties']['bwg_image_effect']['enum'] );
		$this->assertSame( array_keys( Settings::defaults() ), array_keys( $schema['properties'] ) );

		$this->as_admin();
		$request = new WP_REST_Request( 'POST', '/wp/v2/settings' );
		$request->set_body_params( array( Settings::OPTION => array( 'enable_loop' => false, 'bwg_image_effect' => 'kaleidoscope' ) ) );
		$response = rest_do_request( $request );
		$this->assertSame( 200, $response->get_status() );
		$this->assertFalse( Settings::get()['enable_loop'] );
		$this->assertSame( 'kaleidoscope', Settings::get()['bwg_image_effect'] );
		$this->assertSame( 5, Settings::get()['slideshow_interval'], 'a partial update keeps the other keys' );
		$this->assertSame( Settings::get(), $response->get_data()[ Settings::OPTION ] );

		$bad = new WP_REST_Request( 'POST', '/wp/v2/settings' );
		$bad->set_body_params( array( Settings::OPTION => array( 'bwg_image_effect' => '<script>' ) ) );
		$this->assertSame( 400, rest_do_request( $bad )->get_status() );
		$this->assertSame( 'kaleidoscope', Settings::get()['bwg_image_effect'] );

		$this->as_role( 'editor' );
		$this->assertSame( 403, rest_do_request( new WP_REST_Request( 'GET', '/wp/v2/settings' ) )->get_status() );
	}

	public function test_the_popup_of_an_image(): void {
		[ $gallery, $ids ] = $this->three();
		$bravo             = $ids['Bravo'];
		update_post_meta( $bravo, '_wp_attachment_image_alt', 'A bravo picture' );
		$answer = self::get( array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $bravo, 'bwg_gallery_type' => 'thumbnails' ) );
		$html   = $answer['html'];

		$this->assertSame( 200, $answer['status'] );
		$this->assertSame( 'text/html; charset=' . get_option( 'blog_charset' ), $answer['headers']['Content-Type'] );
		$this->assertSame( 'public, max-age=300', $answer['headers']['Cache-Control'] );
		$this->assertSame( 'nosniff', $answer['headers']['X-Content-Type-Options'] );
		$this->assertMatchesRegularExpression( '/^"[0-9a-f]{32}"$/', $answer['headers']['ETag'] );
		$this->assertSame( 0, preg_match( '/>\s+</', $html ), 'no whitespace between tags' );
		$this->assertStringStartsWith( '<div class="tessera-lightbox" role="dialog" aria-modal="true" aria-label="Test gallery: image viewer" tabindex="-1" data-gallery-id="' . $gallery . '" data-image-id="' . $bravo . '" data-count="3" ', $html );

		// The current image: core's URLs, srcset, size; eager, high priority; its alt text.
		$image = '//img[@class="tessera-lightbox__image"]';
		$this->assertSame( wp_get_attachment_image_src( $bravo, 'large' )[0], self::attr( $html, $image, 'src' ) );
		$this->assertStringContainsString( ' 300w', (string) self::attr( $html, $image, 'srcset' ) );
		// The width it is shown at, contained in the stage (the default filmstrip, 50 px high, below it).
		$this->assertSame( 'min(100vw, calc((92vh - 56px) * 600 / 400))', self::attr( $html, $image, 'sizes' ) );
		$this->assertSame( array( '600', '400' ), array( self::attr( $html, $image, 'width' ), self::attr( $html, $image, 'height' ) ) );
		$this->assertSame( 'A bravo picture', self::attr( $html, $image, 'alt' ) );
		$this->assertSame( array( 'eager', 'high' ), array( self::attr( $html, $image, 'loading' ), self::attr( $html, $image, 'fetchpriority' ) ) );

		// Arrows, status, info.
		$this->assertSame( 'Previous image', self::attr( $html, '//button[contains(@class,"tessera-lightbox__arrow--prev")]', 'aria-label' ) );
		$this->assertSame( 0, self::xpath( $html )->query( '//button[contains(@class,"tessera-lightbox__arrow")][@hidden]' )->length );
		$this->assertSame( '2 of 3: Bravo', self::text( $html, '//p[@class="tessera-lightbox__status"][@aria-live="polite"]' ) );
		$this->assertSame( 'Bravo', self::text( $html, '//*[@id="' . Popup::INFO_ID . '"]/h2' ) );
		$this->assertSame( 'About Bravo.', self::text( $html, '//*[@id="' . Popup::INFO_ID . '"]/p' ) );

		// The filmstrip: every image, the current one marked.
		$thumbs = self::xpath( $html )->query( '//ul[@class="tessera-lightbox__thumbs"]/li/button[@type="button"]' );
		$this->assertSame( 3, $thumbs->length );
		$this->assertSame( array( '1 of 3: Alpha', '2 of 3: Bravo', '3 of 3: Charlie' ), array_map( static fn ( $b ) => $b->getAttribute( 'aria-label' ), iterator_to_array( $thumbs ) ) );
		$this->assertSame( array( '', 'true', '' ), array_map( static fn ( $b ) => $b->getAttribute( 'aria-current' ), iterator_to_array( $thumbs ) ) );
		$this->assertSame( 'lazy', self::attr( $html, '//button[@aria-current="true"]/img', 'loading' ) );
		$this->assertSame( wp_get_attachment_image_src( $bravo, 'thumbnail' )[0], self::attr( $html, '//button[@aria-current="true"]/img', 'src' ) );

		// The control bar: its toggle controls the controls; toggles carry their state.
		$this->assertSame( 'true', self::attr( $html, '//button[contains(@class,"tessera-lightbox__toggle")]', 'aria-expanded' ) );
		$this->assertSame( 1, self::xpath( $html )->query( '//*[@id="' . self::attr( $html, '//button[contains(@class,"tessera-lightbox__toggle")]', 'aria-controls' ) . '"]' )->length );
		foreach ( array( 'play', 'zoom', 'maximize', 'fullscreen', 'info-toggle' ) as $name ) {
			$this->assertSame( 'false', self::attr( $html, '//button[@class="tessera-lightbox__' . $name . '"]', 'aria-pressed' ), $name );
		}
		$this->assertSame( Popup::INFO_ID, self::attr( $html, '//button[@class="tessera-lightbox__info-toggle"]', 'aria-controls' ) );
		$this->assertSame( 1, self::xpath( $html )->query( '//button[@class="tessera-lightbox__close"][@aria-label="Close"]' )->length );

		// Full size and download: the original file.
		$original = wp_get_original_image_url( $bravo );
		$this->assertSame( $original, self::attr( $html, '//a[@class="tessera-lightbox__download"]', 'href' ) );
		$this->assertSame( wp_basename( $original ), self::attr( $html, '//a[@class="tessera-lightbox__download"]', 'download' ) );
		$this->assertSame( $original, self::attr( $html, '//a[@class="tessera-lightbox__fullsize"]', 'href' ) );

		// Share links: the image's page, encoded, in a new tab.
		$page = rawurlencode( get_permalink( $bravo ) );
		$this->assertSame( 'https://www.facebook.com/sharer/sharer.php?u=' . $page, self::attr( $html, '//a[contains(@class,"share-link--facebook")]', 'href' ) );
		$this->assertSame( 'https://twitter.com/intent/tweet?url=' . $page, self::attr( $html, '//a[contains(@class,"share-link--twitter")]', 'href' ) );
		$this->assertSame( 'https://www.tumblr.com/share/link?url=' . $page, self::attr( $html, '//a[contains(@class,"share-link--tumblr")]', 'href' ) );
		$this->assertSame(
			'https://pinterest.com/pin/create/button/?url=' . $page . '&media=' . rawurlencode( wp_get_attachment_image_src( $bravo, 'large' )[0] ) . '&description=Bravo',
			self::attr( $html, '//a[contains(@class,"share-link--pinterest")]', 'href' )
		);
		$this->assertStringContainsString( '&amp;media=', $html, 'the & of the address is escaped in the HTML' );
		$links = self::xpath( $html )->query( '//a[contains(@class,"share-link")]' );
		$this->assertSame( 4, $links->length );
		foreach ( $links as $link ) {
			$this->assertSame( array( '_blank', 'noopener noreferrer' ), array( $link->getAttribute( 'target' ), $link->getAttribute( 'rel' ) ) );
			$this->assertStringContainsString( 'opens in a new tab', $link->getAttribute( 'aria-label' ) );
		}
		// Each draws its service's mark: the path of the file the island imports too (issue 20).
		$icons = wp_json_file_decode( TESSERA_DIR . 'blocks/gallery/lightbox/share-icons.json', array( 'associative' => true ) );
		foreach ( array( 'facebook', 'twitter', 'pinterest', 'tumblr' ) as $name ) {
			$this->assertNotEmpty( $icons[ $name ] ?? '', $name );
			$this->assertSame( $icons[ $name ], self::attr( $html, '//a[contains(@class,"share-link--' . $name . '")]/*[local-name()="svg"][@aria-hidden="true"]/*[local-name()="path"]', 'd' ), $name );
		}

		// The island's data: gallery_box_data and the records in gallery order.
		$data = self::data( $html );
		$this->assertSame( $gallery, $data['settings']['gallery_id'] );
		$this->assertSame( 1, $data['settings']['current_image_key'] );
		$this->assertSame( $bravo, $data['settings']['current_image_id'] );
		$this->assertFalse( $data['settings']['open_comment'] );
		$this->assertTrue( $data['settings']['enable_loop'] );
		$this->assertSame( array_values( $ids ), $data['ids'] );
		$this->assertSame( array_values( $ids ), array_column( $data['images'], 'id' ) );
		$this->assertSame( array( 1, 2, 3 ), array_column( $data['images'], 'number' ) );
		$record = $data['images'][1];
		$this->assertSame( 'Bravo', $record['alt'] );
		$this->assertSame( 'A bravo picture', $record['image_alt'] );
		$this->assertSame( 'About Bravo.', $record['description'] );
		$this->assertSame( 'jpeg', $record['filetype'] );
		$this->assertSame( self::attr( $html, $image, 'srcset' ), $record['srcset'] );
		$this->assertSame( $original, $record['pure_image_url'] );
		$this->assertSame( wp_basename( $original ), $record['filename'] );
		$this->assertSame( get_permalink( $bravo ), $record['share_url'] );
		$this->assertSame( array( 600, 400 ), array( $record['image_width'], $record['image_height'] ) );
	}

	public function test_texts_read_back_exactly_and_nothing_is_injected(): void {
		[ $gallery, $ids ] = $this->three( array( 'Tom & "Jerry" <b>x</b> &amp; co', 'Plain', 'Other' ) );
		$tom               = array_values( $ids )[0];
		wp_update_post(
			array(
				'ID'           => $tom,
				'post_content' => "<script>alert(1)</script>First &lt;line&gt;\r\n\r\n\r\n\r\nSecond line<p>Third</p><p>Fourth<br>fifth</p>",
			)
		);
		wp_update_post(
			array(
				'ID'         => $gallery,
				'post_title' => 'Fish & <i>"chips"</i>',
			)
		);
		$html = self::get( array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $tom ) )['html'];
		$data = self::data( $html );
		$this->assertStringNotContainsString( '<script>alert', $html );
		$this->assertStringNotContainsString( '<b>', $html );
		$this->assertSame( 1, substr_count( $html, '<script' ), 'only the data script' );
		// What the island renders from the data is exactly what the HTML holds.
		$record = $data['images'][0];
		$this->assertSame( self::text( $html, '//*[@id="' . Popup::INFO_ID . '"]/h2' ), $record['alt'] );
		$this->assertSame( self::text( $html, '//*[@id="' . Popup::INFO_ID . '"]/p' ), $record['description'] );
		$this->assertMatchesRegularExpression( '/^(alert\(1\))?First <line>\n\nSecond line\n\nThird\n\nFourth\nfifth$/', $record['description'], 'plain text, one empty line at most' );
		$this->assertSame( self::attr( $html, '//img[@class="tessera-lightbox__image"]', 'alt' ), $record['image_alt'] );
		$this->assertSame( '1 of 3: ' . $record['alt'], self::text( $html, '//p[@class="tessera-lightbox__status"]' ) );
		$this->assertStringContainsString( '"chips"', (string) self::attr( $html, '/html/body/div', 'aria-label' ) );
		$this->assertSame( 'Fish & "chips": image viewer', self::attr( $html, '/html/body/div', 'aria-label' ) );
	}

	public function test_the_popup_does_not_take_one_of_the_pages_eager_images(): void {
		[ $gallery, $ids ] = $this->three();
		$count             = new \ReflectionProperty( Thumbnails::class, 'images' );
		$count->setAccessible( true );
		$before = $count->getValue();
		$this->assertSame( 200, self::get( array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $ids['Alpha'] ) )['status'] );
		$this->assertSame( $before, $count->getValue() );
	}

	public function test_filter_search_sort_and_seed_choose_the_set_and_its_order(): void {
		[ $gallery, $ids ] = $this->three( array( 'Charlie', 'Alpha', 'Bravo' ) );
		$red               = $this->tag( 'red' );
		$blue              = $this->tag( 'blue' );
		wp_set_object_terms( $ids['Alpha'], array( $red ), PostTypes::TAG_TAXONOMY );
		wp_set_object_terms( $ids['Charlie'], array( $red ), PostTypes::TAG_TAXONOMY );
		wp_set_object_terms( $ids['Bravo'], array( $blue ), PostTypes::TAG_TAXONOMY );
		$base = array(
			'gallery_id' => (string) $gallery,
			'image_id'   => (string) $ids['Alpha'],
		);

		$tagged = self::get( $base + array( 'filter_tag' => (string) $red ) );
		$this->assertSame( 200, $tagged['status'] );
		$this->assertSame( array( $ids['Charlie'], $ids['Alpha'] ), self::data( $tagged['html'] )['ids'] );
		$this->assertSame( '2 of 2: Alpha', self::text( $tagged['html'], '//p[@class="tessera-lightbox__status"]' ) );
		$this->assertSame( array_values( $ids ), self::data( self::get( $base + array( 'filter_tag' => $red . ',' . $blue ) )['html'] )['ids'], 'any of the tags' );
		$this->assertSame( 404, self::get( array( 'image_id' => (string) $ids['Bravo'] ) + $base + array( 'filter_tag' => (string) $red ) )['status'], 'filtered out' );

		$found = self::get( array( 'image_id' => (string) $ids['Bravo'] ) + $base + array( 'filter_search_name' => 'rav' ) );
		$this->assertSame( array( $ids['Bravo'] ), self::data( $found['html'] )['ids'] );
		$this->assertSame( '1 of 1: Bravo', self::text( $found['html'], '//p[@class="tessera-lightbox__status"]' ) );
		$this->assertSame( 404, self::get( $base + array( 'filter_search_name' => 'rav' ) )['status'], 'not found by the search' );

		$this->assertSame( array( $ids['Alpha'], $ids['Bravo'], $ids['Charlie'] ), self::data( self::get( $base + array( 'filtersortby' => 'title' ) )['html'] )['ids'] );
		$this->assertSame( array( $ids['Charlie'], $ids['Bravo'], $ids['Alpha'] ), self::data( self::get( $base + array( 'filtersortby' => 'title_desc' ) )['html'] )['ids'] );
		$this->assertSame( array_values( $ids ), self::data( self::get( $base + array( 'filtersortby' => 'order' ) )['html'] )['ids'] );
		$this->assertSame( array_values( $ids ), self::data( self::get( $base )['html'] )['ids'] );

		$orders = array();
		foreach ( range( 1, 12 ) as $seed ) {
			$order = self::data( self::get( $base + array( 'filtersortby' => 'random', 'bwg_random_seed' => (string) $seed ) )['html'] )['ids'];
			$this->assertSame( Images::page( $gallery, array(), '', 'random', false, $seed, 1, 0 )['ids'], $order, "the gallery's order for seed $seed" );
			$orders[ implode( ',', $order ) ] = true;
		}
		$this->assertGreaterThan( 1, count( $orders ), 'the seed changes the order' );
	}

	public function test_without_loop_the_arrows_hide_at_the_ends(): void {
		[ $gallery, $ids ] = $this->three();
		$hidden            = static function ( string $html ): array {
			return array(
				null !== self::attr( $html, '//button[contains(@class,"arrow--prev")][@hidden]', 'class' ),
				null !== self::attr( $html, '//button[contains(@class,"arrow--next")][@hidden]', 'class' ),
			);
		};
		$query             = static fn ( string $title ): array => array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $ids[ $title ] );

		$this->assertSame( array( false, false ), $hidden( self::get( $query( 'Alpha' ) )['html'] ), 'loop on: none hidden' );
		$this->assertSame( array( false, false ), $hidden( self::get( $query( 'Charlie' ) )['html'] ) );

		$this->stored( array( 'enable_loop' => false ) );
		$this->assertSame( array( true, false ), $hidden( self::get( $query( 'Alpha' ) )['html'] ) );
		$this->assertSame( array( false, false ), $hidden( self::get( $query( 'Bravo' ) )['html'] ) );
		$this->assertSame( array( false, true ), $hidden( self::get( $query( 'Charlie' ) )['html'] ) );
	}

	public function test_settings_shape_the_popup(): void {
		[ $gallery, $ids ] = $this->three();
		$query             = array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $ids['Alpha'] );
		$this->stored(
			array(
				'enable_image_filmstrip' => false,
				'popup_enable_zoom'      => false,
				'popup_enable_share'     => false,
				'popup_enable_download'  => false,
				'popup_info_always_show' => true,
				'open_with_autoplay'     => true,
				'lightbox_ctrl_btn_pos'  => 'top',
			)
		);
		$html = self::get( $query )['html'];
		$this->assertStringNotContainsString( 'tessera-lightbox__filmstrip', $html );
		$this->assertStringNotContainsString( 'tessera-lightbox__zoom', $html );
		$this->assertStringNotContainsString( 'share-link', $html );
		$this->assertStringNotContainsString( 'tessera-lightbox__download', $html );
		$this->assertSame( 'true', self::attr( $html, '//button[@class="tessera-lightbox__play"]', 'aria-pressed' ) );
		$this->assertSame( 'true', self::attr( $html, '//button[@class="tessera-lightbox__info-toggle"]', 'aria-pressed' ) );
		$this->assertNull( self::attr( $html, '//*[@id="' . Popup::INFO_ID . '"][@hidden]', 'id' ), 'the info panel shows' );
		$this->assertSame( 'top', self::attr( $html, '/html/body/div', 'data-bar' ) );
		$this->assertSame( 'none', self::attr( $html, '/html/body/div', 'data-filmstrip' ) );
		$this->assertFalse( self::data( $html )['settings']['enable_image_filmstrip'] );

		// One image: no arrows to follow, nothing to play, no filmstrip.
		$single = $this->gallery( array( $ids['Bravo'] ) );
		$html   = self::get( array( 'gallery_id' => (string) $single, 'image_id' => (string) $ids['Bravo'] ) )['html'];
		$this->assertSame( 2, self::xpath( $html )->query( '//button[contains(@class,"tessera-lightbox__arrow")][@hidden]' )->length );
		$this->assertStringNotContainsString( 'tessera-lightbox__play', $html );
	}

	public function test_bad_input_answers_the_empty_state(): void {
		[ $gallery, $ids ] = $this->three();
		$alpha             = (string) $ids['Alpha'];
		$other             = $this->image( 'Elsewhere' );
		$text              = $this->image( 'Notes', array(), 'text/plain' );
		update_post_meta( $gallery, PostTypes::META_IMAGES, array_merge( array_values( $ids ), array( $text ) ) );
		$draft   = $this->gallery( array_values( $ids ), 'draft' );
		$private = $this->gallery( array_values( $ids ), 'private' );
		$post    = $this->make_post();
		update_post_meta( $post->ID, PostTypes::META_IMAGES, array_values( $ids ) );
		$before = get_post_meta( $gallery, PostTypes::META_IMAGES, true );

		$valid = array(
			'gallery_id'         => (string) $gallery,
			'image_id'           => $alpha,
			'bwg_gallery_type'   => 'thumbnails',
			'bwg_random_seed'    => '5',
			'filter_tag'         => '',
			'filter_search_name' => '',
			'filtersortby'       => 'order',
			'open_ecommerce'     => '1',
			'open_comment'       => '1',
		);
		$this->assertSame( 200, self::get( $valid )['status'], 'the valid query' );

		$cases = array(
			'no gallery'             => array( 'gallery_id' => null ),
			'no image'               => array( 'image_id' => null ),
			'unknown gallery'        => array( 'gallery_id' => '999999999' ),
			'draft gallery'          => array( 'gallery_id' => (string) $draft ),
			'private gallery'        => array( 'gallery_id' => (string) $private ),
			'a post, not a gallery'  => array( 'gallery_id' => (string) $post->ID ),
			'image of no gallery'    => array( 'image_id' => (string) $other ),
			'not an image'           => array( 'image_id' => (string) $text ),
			'the gallery as image'   => array( 'image_id' => (string) $gallery ),
			'non-numeric id'         => array( 'image_id' => 'abc' ),
			'exponent'               => array( 'image_id' => '1e99' ),
			'negative'               => array( 'image_id' => '-' . $alpha ),
			'zero'                   => array( 'gallery_id' => '0' ),
			'leading zero'           => array( 'image_id' => '0' . $alpha ),
			'huge'                   => array( 'image_id' => str_repeat( '9', 40 ) ),
			'eleven digits'          => array( 'gallery_id' => '12345678901' ),
			'space'                  => array( 'image_id' => ' ' . $alpha ),
			'array'                  => array( 'image_id' => array( $alpha ) ),
			'float'                  => array( 'image_id' => $alpha . '.0' ),
			'unknown view'           => array( 'bwg_gallery_type' => 'album' ),
			'unknown sort'           => array( 'filtersortby' => 'size' ),
			'random descending'      => array( 'filtersortby' => 'random_desc' ),
			'bad seed'               => array( 'bwg_random_seed' => '-1' ),
			'seed too big'           => array( 'bwg_random_seed' => '2147483648' ),
			'bad flag'               => array( 'open_comment' => 'yes' ),
			'bad tag list'           => array( 'filter_tag' => '1,,2' ),
			'too many tags'          => array( 'filter_tag' => implode( ',', range( 1, 21 ) ) ),
			'search far too long'    => array( 'filter_search_name' => str_repeat( 'a', 1001 ) ),
			'search as an array'     => array( 'filter_search_name' => array( 'a' ) ),
		);
		$payloads = array( "1' OR '1'='1", '1 UNION SELECT user_pass FROM wp_users--', '"><script>alert(1)</script>', "<img src=x onerror=alert('x')>" );
		foreach ( array_keys( $valid ) as $name ) {
			foreach ( $payloads as $number => $payload ) {
				$cases[ "payload $number in $name" ] = array( $name => $payload );
			}
		}
		// A search that is only a tag is no search once cleaned, as in the gallery: the whole set, nothing echoed.
		unset( $cases['payload 3 in filter_search_name'] );
		$cleaned = self::get( array( 'filter_search_name' => $payloads[3] ) + $valid );
		$this->assertSame( 200, $cleaned['status'] );
		$this->assertSame( array_values( $ids ), self::data( $cleaned['html'] )['ids'] );
		$this->assertStringNotContainsString( 'onerror', $cleaned['html'] );
		foreach ( $cases as $case => $change ) {
			$query  = array_filter( array_merge( $valid, $change ), static fn ( $value ): bool => null !== $value );
			$answer = self::get( $query );
			$this->assertSame( 404, $answer['status'], $case );
			$this->assertSame( '<div class="tessera-lightbox-empty" role="alert">This image is not available.</div>', $answer['html'], $case );
			$this->assertSame( 'no-store', $answer['headers']['Cache-Control'], $case );
			$this->assertArrayNotHasKey( 'ETag', $answer['headers'], $case );
		}
		$this->assertSame( $before, get_post_meta( $gallery, PostTypes::META_IMAGES, true ), 'nothing was changed' );
		$this->assertSame( 'publish', get_post_status( $gallery ) );
	}

	public function test_other_methods_are_refused(): void {
		[ $gallery, $ids ] = $this->three();
		$query             = array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $ids['Alpha'] );
		foreach ( array( 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH' ) as $method ) {
			$answer = Endpoint::handle( $query, $method );
			$this->assertSame( 405, $answer['status'], $method );
			$this->assertSame( 'GET', $answer['headers']['Allow'], $method );
			$this->assertSame( Popup::empty_state(), $answer['html'], $method );
		}
	}

	public function test_the_same_query_gives_the_same_bytes_for_everyone(): void {
		[ $gallery, $ids ] = $this->three();
		$query             = array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $ids['Bravo'], 'filtersortby' => 'title' );
		$first             = self::get( $query );
		$this->assertSame( $first, self::get( $query ) );
		$this->assertSame( $first, self::get( $query + array( 'other' => 'ignored', '_' => '123' ) ), 'other parameters change nothing' );

		$admin = $this->as_admin();
		$this->assertSame( $first, self::get( $query ), 'an administrator gets what a visitor gets' );
		$this->assertSame( $admin, get_current_user_id(), 'the user is restored' );
		$this->assertStringNotContainsString( 'nonce', $first['html'] );
	}

	public function test_a_matching_etag_answers_304(): void {
		[ $gallery, $ids ] = $this->three();
		$query             = array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $ids['Alpha'] );
		$etag              = self::get( $query )['headers']['ETag'];
		$this->assertSame( '"' . substr( hash( 'sha256', self::get( $query )['html'] ), 0, 32 ) . '"', $etag, 'the tag is the hash of the body' );
		foreach ( array( $etag, 'W/' . $etag, '"other", ' . $etag, '*' ) as $header ) {
			$answer = Endpoint::handle( $query, 'GET', $header );
			$this->assertSame( 304, $answer['status'], $header );
			$this->assertSame( '', $answer['html'] );
			$this->assertSame( $etag, $answer['headers']['ETag'] );
			$this->assertSame( 'public, max-age=300', $answer['headers']['Cache-Control'] );
		}
		$this->assertSame( 200, Endpoint::handle( $query, 'GET', '"other"' )['status'] );
		$this->assertSame( 200, Endpoint::handle( array( 'image_id' => (string) $ids['Bravo'] ) + $query, 'GET', $etag )['status'], 'another image, another tag' );
		$this->assertSame( 404, Endpoint::handle( array( 'image_id' => 'x' ) + $query, 'GET', '*' )['status'] );
	}

	public function test_the_ajax_handler_sends_the_answer(): void {
		[ $gallery, $ids ] = $this->three();
		$endpoint          = new Endpoint();
		$endpoint->register_hooks();
		$this->assertSame( 10, has_action( 'wp_ajax_nopriv_' . Endpoint::ACTION, array( $endpoint, 'ajax' ) ) );
		$this->assertSame( 10, has_action( 'wp_ajax_' . Endpoint::ACTION, array( $endpoint, 'ajax' ) ) );
		remove_action( 'wp_ajax_' . Endpoint::ACTION, array( $endpoint, 'ajax' ) );
		remove_action( 'wp_ajax_nopriv_' . Endpoint::ACTION, array( $endpoint, 'ajax' ) );
		$this->assertSame( admin_url( 'admin-ajax.php' ) . '?action=' . Endpoint::ACTION, Endpoint::url() );

		$query = array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $ids['Charlie'] );
		foreach ( array( 'GET' => 200, 'POST' => 405 ) as $method => $status ) {
			$_GET                      = wp_slash( $query );
			$_SERVER['REQUEST_METHOD'] = $method;
			$die                       = static fn (): callable => static function (): void {
				throw new AjaxDie( 'wp_die' );
			};
			$this->add_test_filter( 'wp_die_ajax_handler', $die );
			add_filter( 'wp_doing_ajax', '__return_true' );
			ob_start();
			try {
				$endpoint->ajax();
				$this->fail( 'the handler ends the request' );
			} catch ( AjaxDie $exception ) {
				$body = (string) ob_get_clean();
			} finally {
				remove_filter( 'wp_doing_ajax', '__return_true' );
				$_SERVER['REQUEST_METHOD'] = 'GET';
			}
			$this->assertSame( $status, http_response_code(), $method );
			$this->assertSame( Endpoint::handle( $query, $method )['html'], $body, $method );
			$this->assertFalse( has_filter( 'nocache_headers', '__return_empty_array' ), 'the header filter is gone' );
			http_response_code( 200 );
		}
	}

	public function test_a_large_gallery_answers_a_window(): void {
		$this->assertSame( array( 0, 31 ), Popup::filmstrip_run( 0, 1000 ) );
		$this->assertSame( array( 485, 516 ), Popup::filmstrip_run( 500, 1000 ) );
		$this->assertSame( array( 969, 1000 ), Popup::filmstrip_run( 999, 1000 ) );
		$this->assertSame( array( 0, 5 ), Popup::filmstrip_run( 3, 5 ) );
		$this->assertSame( range( 0, 100 ), Popup::window( 7, 101 ) );
		$window = Popup::window( 0, 1000 );
		$this->assertSame( array_merge( range( 0, 50 ), range( 950, 999 ) ), $window, 'around the ends' );
		$this->assertSame( range( 450, 550 ), Popup::window( 500, 1000 ) );

		$bench = get_posts(
			array(
				'post_type'   => PostTypes::GALLERY,
				'name'        => 'bench-1000-images',
				'post_status' => 'publish',
				'numberposts' => 1,
			)
		);
		if ( array() === $bench ) {
			$this->markTestSkipped( 'The seeded 1,000-image gallery (bench-1000-images) is not on this site.' );
		}
		$ids = Images::visible_ids( $bench[0]->ID );
		foreach ( array( 0, 499, count( $ids ) - 1 ) as $key ) {
			$answer = self::get( array( 'gallery_id' => (string) $bench[0]->ID, 'image_id' => (string) $ids[ $key ] ) );
			$this->assertSame( 200, $answer['status'] );
			$this->assertLessThan( 250000, strlen( $answer['html'] ), 'well under 500 KB' );
			$data = self::data( $answer['html'] );
			$this->assertSame( $ids, $data['ids'] );
			$this->assertSame( Popup::window( $key, count( $ids ) ), array_map( static fn ( array $record ): int => $record['number'] - 1, $data['images'] ) );
			$this->assertSame( Popup::FILMSTRIP, self::xpath( $answer['html'] )->query( '//ul[@class="tessera-lightbox__thumbs"]/li' )->length );
		}
	}

	public function test_over_http_on_the_test_site(): void {
		[ $gallery, $ids ] = $this->three();
		$query             = array( 'gallery_id' => (string) $gallery, 'image_id' => (string) $ids['Bravo'] );
		$url               = add_query_arg( $query, Endpoint::url() );
		$response          = wp_remote_get( $url, array( 'timeout' => 20 ) );
		if ( is_wp_error( $response ) ) {
			$this->markTestSkipped( 'The test site does not answer at ' . Endpoint::url() . ': ' . $response->get_error_message() );
		}
		if ( 400 === wp_remote_retrieve_response_code( $response ) && in_array( wp_remote_retrieve_body( $response ), array( '', '0' ), true ) ) {
			$this->markTestSkipped( 'The test site does not register ' . Endpoint::ACTION . ' (Lightbox is not wired in Plugin.php yet).' );
		}
		$this->assertSame( 200, wp_remote_retrieve_response_code( $response ) );
		$body = wp_remote_retrieve_body( $response );
		$this->assertSame( self::get( $query )['html'], $body, 'the site answers what handle() answers' );
		$this->assertSame( 'text/html; charset=UTF-8', wp_remote_retrieve_header( $response, 'content-type' ) );
		$this->assertSame( 'public, max-age=300', wp_remote_retrieve_header( $response, 'cache-control' ) );
		$this->assertSame( 'nosniff', wp_remote_retrieve_header( $response, 'x-content-type-options' ) );
		$this->assertSame( '', wp_remote_retrieve_header( $response, 'expires' ) );
		$this->assertSame( '', wp_remote_retrieve_header( $response, 'pragma' ) );
		$etag = wp_remote_retrieve_header( $response, 'etag' );
		$this->assertSame( self::get( $query )['headers']['ETag'], $etag );

		$again = wp_remote_get(
			$url,
			array(
				'timeout' => 20,
				'headers' => array( 'If-None-Match' => $etag ),
			)
		);
		$this->assertSame( 304, wp_remote_retrieve_response_code( $again ) );
		$this->assertSame( '', wp_remote_retrieve_body( $again ) );

		$post = wp_remote_post( $url, array( 'timeout' => 20 ) );
		$this->assertSame( 405, wp_remote_retrieve_response_code( $post ) );
		$this->assertSame( 'GET', wp_remote_retrieve_header( $post, 'allow' ) );

		$bad = wp_remote_get( add_query_arg( 'filter_search_name', rawurlencode( '"><script>alert(1)</script>' ), $url ), array( 'timeout' => 20 ) );
		$this->assertSame( 404, wp_remote_retrieve_response_code( $bad ) );
		$this->assertSame( Popup::empty_state(), wp_remote_retrieve_body( $bad ) );
	}
}
