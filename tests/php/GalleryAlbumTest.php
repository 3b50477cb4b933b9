<?php
/**
 * The album block (docs/gallery.md, "Blocks"; spec §2 extended album and album back, §3 album breadcrumb): preview
 * cards, opening a gallery or a sub-album by address inside the album's container, the breadcrumb, the Back
 * address trimmed before the album type marker, paging of the items, and every address parameter checked.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Gallery\AlbumBlock;
use Tessera\Gallery\PostTypes;

/**
 * Real albums, galleries and image attachments.
 */
final class GalleryAlbumTest extends GalleryTestCase {

	/**
	 * The request address before the test.
	 *
	 * @var string|null
	 */
	private ?string $request_uri = null;

	/**
	 * Images of the fixture.
	 *
	 * @var int[]
	 */
	private array $images = array();

	/**
	 * Galleries of the fixture: sea (2 images), hills (1 image, in the sub-album).
	 *
	 * @var array<string, int>
	 */
	private array $galleries = array();

	/**
	 * Albums of the fixture: top (sub, sea), sub (hills).
	 *
	 * @var array<string, int>
	 */
	private array $albums = array();

	/**
	 * The album tree: top → [ album "Sub", gallery "Sea" ], sub → [ gallery "Hills" ].
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->request_uri        = isset( $_SERVER['REQUEST_URI'] ) ? (string) $_SERVER['REQUEST_URI'] : null; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- restored as it was.
		$_SERVER['REQUEST_URI']   = '/albums/';
		$this->images             = array( $this->image( 'Wave one' ), $this->image( 'Wave two' ), $this->image( 'Hill one' ) );
		$this->galleries['sea']   = $this->titled_gallery( array( $this->images[0], $this->images[1] ), 'Sea & shore', 'Waves, mostly.' );
		$this->galleries['hills'] = $this->titled_gallery( array( $this->images[2] ), 'Hills', '' );
		$this->albums['sub']      = $this->album( 'Sub album', 'Inside the top one.', array( array( 'gallery', $this->galleries['hills'] ) ) );
		$this->albums['top']      = $this->album(
			'Top album',
			'The album of albums.',
			array(
				array( 'album', $this->albums['sub'] ),
				array( 'gallery', $this->galleries['sea'] ),
			)
		);
	}

	/**
	 * Restores the request address.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		if ( null === $this->request_uri ) {
			unset( $_SERVER['REQUEST_URI'] );
		} else {
			$_SERVER['REQUEST_URI'] = $this->request_uri;
		}
		wp_dequeue_script( AlbumBlock::VIEW_SCRIPT );
		parent::tearDown();
	}

	public function test_compact_cards_link_every_item_with_the_album_parameters_at_the_tail(): void {
		$_SERVER['REQUEST_URI'] = '/albums/?page_number_0=1&type_0=bogus&keep=1&bwg_search_0=x';
		$html                   = self::album_html( array( 'maxColumns' => 3 ) );

		$this->assertMatchesRegularExpression( '/^<div class="[^"]*\btessera-album\b[^"]*\bbwg_container\b[^"]*" id="bwg_container1_0" data-bwg="0" data-album-id="' . $this->albums['top'] . '"/', $html );
		$this->assertSame( array( 'album:' . $this->albums['sub'], 'gallery:' . $this->galleries['sea'] ), self::cards( $html ) );
		$this->assertStringContainsString( '@container tessera-gallery (min-width:500px){#bwg_container1_0 .tessera-gallery__grid{--tessera-cols:3}}', $html );
		$this->assertStringNotContainsString( '--tessera-cols:4', $html, 'columns capped by maxColumns' );

		$links = self::links( $html, 'tessera-album__link' );
		$this->assertCount( 2, $links );
		$url = wp_parse_url( $links[1] );
		$this->assertSame( '/albums/', $url['path'] );
		$this->assertSame( 'bwg_container1_0', $url['fragment'] );
		wp_parse_str( $url['query'], $args );
		// The old album state is gone, other parameters stay, and the album's own come last, in this order.
		$this->assertSame( array( 'keep', 'type_0', 'album_gallery_id_0', 'bwg_album_breadcrumb_0' ), array_keys( $args ) );
		$this->assertSame( 'gallery', $args['type_0'] );
		$this->assertSame( (string) $this->galleries['sea'], $args['album_gallery_id_0'] );
		$this->assertSame(
			array(
				array(
					'id'     => $this->albums['top'],
					'page'   => 1,
					'search' => '',
				),
			),
			json_decode( $args['bwg_album_breadcrumb_0'], true )
		);

		// Responsive, sized and lazy preview images; the title is the link's name.
		$this->assertSame( 2, preg_match_all( '/<img [^>]*width="\d+" height="\d+"[^>]*class="tessera-album__image"[^>]*alt=""[^>]*loading="lazy"[^>]*srcset="[^"]*\d+w/', $html ) );
		$this->assertStringContainsString( '<span class="tessera-album__title">Sea &amp; shore</span>', $html );
		$this->assertStringContainsString( '<span class="tessera-album__title">Sub album</span>', $html );
		// The sub-album's preview image is its first gallery's first image.
		$this->assertStringContainsString( wp_get_attachment_image_url( $this->images[2], 'medium_large' ), $html );

		// Without titles the image carries the name.
		$plain = self::album_html( array( 'showTitles' => false ) );
		$this->assertStringNotContainsString( 'tessera-album__title', $plain );
		$this->assertStringContainsString( 'alt="Sea &amp; shore"', $plain );
	}

	public function test_the_album_brings_the_gallery_stylesheets_on_a_page_without_a_gallery_block(): void {
		$handles = \WP_Block_Type_Registry::get_instance()->get_registered( 'tessera/gallery' )->style_handles;
		$this->assertCount( 3, $handles, 'style.css, layouts.css, player.css' );
		foreach ( $handles as $handle ) {
			wp_dequeue_style( $handle );
		}
		self::album_html( array() );
		foreach ( $handles as $handle ) {
			$this->assertTrue( wp_style_is( $handle, 'enqueued' ), $handle . ': the album container is a gallery container' );
		}
	}

	public function test_another_gallerys_state_goes_before_an_open_albums_tail_so_back_keeps_it(): void {
		$_SERVER['REQUEST_URI'] = '/albums/?keep=1&type_0=gallery&album_gallery_id_0=5&bwg_album_breadcrumb_0=x&page_number_0=2#here';
		$this->assertSame(
			'/albums/?keep=1&page_number_1=3&type_0=gallery&album_gallery_id_0=5&bwg_album_breadcrumb_0=x&page_number_0=2#here',
			\Tessera\Gallery\Navigation::url( array( 'page_number_1' => 3 ) ),
			'gallery 1 paged: before the album\'s marker'
		);
		$this->assertSame(
			'/albums/?keep=1&type_0=gallery&album_gallery_id_0=5&bwg_album_breadcrumb_0=x&page_number_0=3#here',
			\Tessera\Gallery\Navigation::url( array( 'page_number_0' => 3 ) ),
			'the open gallery of album 0 paged: its own tail'
		);
		$this->assertSame(
			'/albums/?keep=1&bwg_search_10=sea&type_0=gallery&album_gallery_id_0=5&bwg_album_breadcrumb_0=x&page_number_0=2#here',
			\Tessera\Gallery\Navigation::url( array( 'bwg_search_10' => 'sea' ) ),
			'widget 10 is not album 0'
		);
		$_SERVER['REQUEST_URI'] = '/albums/?b=2&a=1';
		$this->assertSame( '/albums/?b=2&a=1&page_number_1=3', \Tessera\Gallery\Navigation::url( array( 'page_number_1' => 3 ) ), 'no album open: appended' );

		// The search form of another gallery sends its fields before the album's tail (fields go in DOM order).
		$_SERVER['REQUEST_URI'] = '/albums/?keep=1&type_0=gallery&album_gallery_id_0=' . $this->galleries['sea'] . '&page_number_1=4';
		$_GET                   = array(
			'keep'               => '1',
			'type_0'             => 'gallery',
			'album_gallery_id_0' => (string) $this->galleries['sea'],
			'page_number_1'      => '4',
		);
		self::album_html();
		$html = self::render(
			array(
				'galleryId'  => $this->galleries['hills'],
				'showSearch' => true,
			)
		);
		$this->assertStringContainsString( 'id="bwg_container1_1"', $html );
		preg_match_all( '/<input type="(?:hidden|search)"[^>]* name="([^"]+)"|<input type="(?:hidden|search)" id="[^"]+" name="([^"]+)"/', $html, $m );
		$names = array_values( array_filter( array_map( static fn ( string $a, string $b ): string => '' !== $a ? $a : $b, $m[1], $m[2] ) ) );
		$this->assertSame( array( 'keep', 'bwg_search_1', 'type_0', 'album_gallery_id_0' ), $names, 'its own page dropped, its search before the album tail' );
		$_GET = array();
	}

	public function test_extended_and_masonry_previews(): void {
		$extended = self::album_html( array( 'preview' => 'extended' ) );
		$this->assertStringContainsString( 'tessera-album__grid--extended', $extended );
		$this->assertStringContainsString( '<p class="tessera-album__description">Waves, mostly.</p>', $extended );
		$this->assertStringContainsString( '<p class="tessera-album__count">2 images</p>', $extended );
		$this->assertStringContainsString( '<p class="tessera-album__count">1 gallery</p>', $extended );
		// Two item widths per column: from 500 px two columns.
		$this->assertStringContainsString( '@container tessera-gallery (min-width:500px){#bwg_container1_0 .tessera-gallery__grid{--tessera-cols:2}}', $extended );

		$masonry = self::album_html( array( 'preview' => 'masonry' ) );
		$this->assertStringContainsString( 'tessera-album__grid--masonry', $masonry );
		$this->assertStringNotContainsString( 'tessera-album__frame', $masonry, 'natural proportions: no fixed frame' );
		$this->assertSame( 2, preg_match_all( '/<img [^>]*width="\d+" height="\d+"/', $masonry ) );

		$this->assertSame( '1 album', \Tessera\Gallery\AlbumPreviews::count( 'album', get_post( $this->album( 'Only albums', '', array( array( 'album', $this->albums['sub'] ) ) ) ) ) );
		$this->assertSame( '1 gallery, 1 album', \Tessera\Gallery\AlbumPreviews::count( 'album', get_post( $this->albums['top'] ) ) );
	}

	public function test_a_gallery_opens_by_address_inside_the_album_with_its_own_pages(): void {
		$this->go( $this->open( 'gallery', $this->galleries['sea'], array( $this->albums['top'] ) ) );
		$html = self::album_html( array( 'imagesPerPage' => 1 ) );

		$this->assertStringContainsString( 'id="bwg_container1_0"', $html );
		$this->assertStringContainsString( 'data-gallery-id="' . $this->galleries['sea'] . '"', $html );
		$this->assertSame( array( $this->images[0] ), self::shown( $html ), 'the gallery block\'s settings from the album: 1 per page' );
		$this->assertSame( array(), self::cards( $html ) );
		$this->assertSame( array( 'Top album' ), self::crumbs( $html ) );
		$this->assertStringContainsString( '<span aria-current="page">Sea &amp; shore</span>', $html );
		$this->assertStringContainsString( '<nav class="tessera-album__breadcrumb" aria-label="Top album: breadcrumb">', $html );
		$this->assertTrue( wp_script_is( AlbumBlock::VIEW_SCRIPT, 'enqueued' ) || ! file_exists( TESSERA_DIR . 'build/blocks/album/view.js' ) );

		// The gallery's page links keep the album's state; page 2 shows its second image.
		$pages = self::links( $html, 'tessera-gallery__page' );
		$this->assertNotEmpty( $pages );
		wp_parse_str( (string) wp_parse_url( end( $pages ), PHP_URL_QUERY ), $args );
		$this->assertSame( 'gallery', $args['type_0'] );
		$this->assertSame( '2', $args['page_number_0'] );
		$this->go( array( 'page_number_0' => '2' ) + $_GET );
		$this->assertSame( array( $this->images[1] ), self::shown( self::album_html( array( 'imagesPerPage' => 1 ) ) ) );

		// The top level opens no script.
		wp_dequeue_script( AlbumBlock::VIEW_SCRIPT );
		$_GET = array();
		self::album_html();
		$this->assertFalse( wp_script_is( AlbumBlock::VIEW_SCRIPT, 'enqueued' ) );
	}

	public function test_a_sub_album_opens_with_its_cards_and_every_level_in_the_breadcrumb(): void {
		$this->go( $this->open( 'album', $this->albums['sub'], array( $this->albums['top'] ) ) );
		$html = self::album_html();
		$this->assertSame( array( 'gallery:' . $this->galleries['hills'] ), self::cards( $html ) );
		$this->assertSame( array( 'Top album' ), self::crumbs( $html ) );
		$this->assertStringContainsString( '<span aria-current="page">Sub album</span>', $html );
		// Its cards carry both albums passed through.
		wp_parse_str( (string) wp_parse_url( self::links( $html, 'tessera-album__link' )[0], PHP_URL_QUERY ), $args );
		$this->assertSame( array( $this->albums['top'], $this->albums['sub'] ), array_column( json_decode( $args['bwg_album_breadcrumb_0'], true ), 'id' ) );

		// Two levels down: the gallery of the sub-album.
		$this->go( $this->open( 'gallery', $this->galleries['hills'], array( $this->albums['top'], $this->albums['sub'] ) ) );
		$html = self::album_html();
		$this->assertSame( array( $this->images[2] ), self::shown( $html ) );
		$this->assertSame( array( 'Top album', 'Sub album' ), self::crumbs( $html ) );
		$crumbs = self::links( $html, '' , 'tessera-album__crumb' );
		$this->assertSame( '/albums/#bwg_container1_0', $crumbs[0], 'the top level: the album parameters removed' );
		wp_parse_str( (string) wp_parse_url( $crumbs[1], PHP_URL_QUERY ), $args );
		$this->assertSame( 'album', $args['type_0'] );
		$this->assertSame( (string) $this->albums['sub'], $args['album_gallery_id_0'] );
		$this->assertSame( array( $this->albums['top'] ), array_column( json_decode( $args['bwg_album_breadcrumb_0'], true ), 'id' ) );
	}

	public function test_back_is_the_address_trimmed_before_the_album_type_marker(): void {
		$query                  = 'type_0=gallery&album_gallery_id_0=' . $this->galleries['sea'] . '&bwg_album_breadcrumb_0=' . rawurlencode( '[{"id":' . $this->albums['top'] . ',"page":1,"search":""}]' );
		$_GET                   = $this->open( 'gallery', $this->galleries['sea'], array( $this->albums['top'] ) );
		$_SERVER['REQUEST_URI'] = '/albums/?other_type_0=x&page_number_1=2&' . $query . '&page_number_0=2';
		$this->assertSame( array( '/albums/?other_type_0=x&page_number_1=2#bwg_container1_0' ), self::links( self::album_html(), 'tessera-album__back' ) );
		$this->assertStringContainsString( 'data-action="back"', self::album_html() );

		$_SERVER['REQUEST_URI'] = '/albums/?' . $query;
		$this->assertSame( array( '/albums/#bwg_container1_0' ), self::links( self::album_html(), 'tessera-album__back' ) );
		$this->assertSame( '/albums/#bwg_container1_0', AlbumBlock::back_url( 0 ) );

		// Widget 1's marker is not widget 10's, nor part of another name.
		$_SERVER['REQUEST_URI'] = '/albums/?type_10=album&gallery_type_1=x&type_1=gallery&album_gallery_id_1=5';
		$this->assertSame( '/albums/?type_10=album&gallery_type_1=x#bwg_container1_1', AlbumBlock::back_url( 1 ) );
	}

	public function test_bad_address_values_show_the_top_level_and_are_never_echoed(): void {
		$top   = array( 'album:' . $this->albums['sub'], 'gallery:' . $this->galleries['sea'] );
		$crumb = '[{"id":' . $this->albums['top'] . ',"page":1,"search":""}]';
		$cases = array(
			'non-numeric id'        => array(
				'type_0'             => 'gallery',
				'album_gallery_id_0' => 'abc',
			),
			'negative id'           => array(
				'type_0'             => 'gallery',
				'album_gallery_id_0' => '-' . $this->galleries['sea'],
			),
			'SQL in the id'         => array(
				'type_0'             => 'gallery',
				'album_gallery_id_0' => $this->galleries['sea'] . ' OR 1=1',
			),
			'an array for the id'   => array(
				'type_0'             => 'gallery',
				'album_gallery_id_0' => array( $this->galleries['sea'] ),
			),
			'unknown type'          => array(
				'type_0'             => '<script>alert(1)</script>',
				'album_gallery_id_0' => (string) $this->galleries['sea'],
			),
			'wrong type for the id' => array(
				'type_0'             => 'album',
				'album_gallery_id_0' => (string) $this->galleries['sea'],
			),
			'not in the album'      => array(
				'type_0'             => 'gallery',
				'album_gallery_id_0' => (string) $this->galleries['hills'],
				'bwg_album_breadcrumb_0' => $crumb,
			),
			'a gallery elsewhere'   => array(
				'type_0'             => 'gallery',
				'album_gallery_id_0' => (string) $this->titled_gallery( array( $this->images[0] ), 'Elsewhere', '' ),
			),
		);
		foreach ( $cases as $case => $query ) {
			$_GET = $query;
			$html = self::album_html();
			$this->assertSame( $top, self::cards( $html ), $case );
			$this->assertStringNotContainsString( 'tessera-album__breadcrumb', $html, $case );
			$this->assertStringNotContainsString( '<script>', $html, $case );
			$this->assertStringNotContainsString( 'OR 1=1', $html, $case );
		}

		// A breadcrumb that does not hold: dropped, so only items of the top album open.
		$hills = $this->open( 'gallery', $this->galleries['hills'], array() );
		$sea   = $this->open( 'gallery', $this->galleries['sea'], array() );
		$bad   = array(
			'script'              => '[{"id":' . $this->albums['top'] . ',"page":1,"search":"<script>alert(1)</script>"},{"id":"<script>"}]',
			'SQL'                 => '[{"id":"' . $this->albums['top'] . ' OR 1=1","page":1,"search":""}]',
			'not JSON'            => '[{"id":' . $this->albums['top'],
			'an object'           => '{"id":' . $this->albums['top'] . ',"page":1,"search":""}',
			'oversized'           => '[{"id":' . $this->albums['top'] . ',"page":1,"search":"' . str_repeat( 'a', 2000 ) . '"},{"id":' . $this->albums['sub'] . ',"page":1,"search":""}]',
			'eleven entries'      => '[' . implode( ',', array_fill( 0, 11, '{"id":' . $this->albums['top'] . ',"page":1,"search":""}' ) ) . ']',
			'too deep'            => '[{"id":' . $this->albums['top'] . ',"page":1,"search":[[["x"]]]},{"id":' . $this->albums['sub'] . ',"page":1,"search":""}]',
			'not starting at top' => '[{"id":' . $this->albums['sub'] . ',"page":1,"search":""}]',
			'outside the chain'   => '[{"id":' . $this->albums['top'] . ',"page":1,"search":""},{"id":' . $this->album( 'Stray', '', array( array( 'gallery', $this->galleries['hills'] ) ) ) . ',"page":1,"search":""}]',
		);
		foreach ( $bad as $case => $breadcrumb ) {
			$_GET = array( 'bwg_album_breadcrumb_0' => wp_slash( $breadcrumb ) ) + $hills;
			$html = self::album_html();
			$this->assertSame( $top, self::cards( $html ), $case . ': the hills are not in the top album' );
			$this->assertStringNotContainsString( '<script>', $html, $case );
			$this->assertStringNotContainsString( 'OR 1=1', $html, $case );

			$_GET = array( 'bwg_album_breadcrumb_0' => wp_slash( $breadcrumb ) ) + $sea;
			$html = self::album_html();
			$this->assertSame( array( $this->images[0], $this->images[1] ), self::shown( $html ), $case . ': the sea gallery is' );
			$this->assertSame( array( 'Top album' ), self::crumbs( $html ), $case );
			$this->assertStringNotContainsString( '<script>', $html, $case );
		}

		// A search with markup in a good breadcrumb: plain text in the links, never markup.
		$_GET = array( 'bwg_album_breadcrumb_0' => wp_slash( '[{"id":' . $this->albums['top'] . ',"page":"<b>","search":"<img src=x onerror=alert(1)>\"q"}]' ) ) + $sea;
		$html = self::album_html();
		$this->assertSame( array( 'Top album' ), self::crumbs( $html ) );
		$this->assertStringNotContainsString( '<img src=x', $html );
		$this->assertStringNotContainsString( 'onerror', $html );
	}

	public function test_drafts_and_private_items_are_hidden_from_visitors(): void {
		$draft   = $this->titled_gallery( array( $this->images[0] ), 'Draft gallery', '', 'draft' );
		$private = $this->album( 'Private album', '', array( array( 'gallery', $this->galleries['sea'] ) ), 'private' );
		$mixed   = $this->album(
			'Mixed',
			'',
			array(
				array( 'gallery', $draft ),
				array( 'album', $private ),
				array( 'gallery', $this->galleries['sea'] ),
				array( 'gallery', 999999999 ),
			)
		);
		$html = self::album_html( array( 'albumId' => $mixed ) );
		$this->assertSame( array( 'gallery:' . $this->galleries['sea'] ), self::cards( $html ) );
		$this->assertStringNotContainsString( 'Draft gallery', $html );
		$this->assertStringNotContainsString( 'Private album', $html );

		foreach ( array( array( 'gallery', $draft ), array( 'album', $private ) ) as $item ) {
			$this->go( $this->open( $item[0], $item[1], array( $mixed ) ) );
			$this->assertSame( array( 'gallery:' . $this->galleries['sea'] ), self::cards( self::album_html( array( 'albumId' => $mixed ) ) ), $item[0] );
		}
		$_GET = array();

		// A draft or missing album shows nothing at all.
		$this->assertSame( '', self::album_html( array( 'albumId' => $this->album( 'Draft album', '', array(), 'draft' ) ) ) );
		$this->assertSame( '', self::album_html( array( 'albumId' => $this->galleries['sea'] ) ) );
		$this->assertSame( '', self::album_html( array( 'albumId' => 0 ) ) );
		$this->assertStringContainsString( 'There is nothing in this album yet.', self::album_html( array( 'albumId' => $this->album( 'Empty', '', array() ) ) ) );
	}

	public function test_album_items_are_paged_and_the_breadcrumb_keeps_the_page(): void {
		$html = self::album_html( array( 'itemsPerPage' => 1 ) );
		$this->assertSame( array( 'album:' . $this->albums['sub'] ), self::cards( $html ) );
		$this->assertStringContainsString( 'aria-label="Top album: pages"', $html );

		$_GET = array( 'page_number_0' => '2' );
		$html = self::album_html( array( 'itemsPerPage' => 1 ) );
		$this->assertSame( array( 'gallery:' . $this->galleries['sea'] ), self::cards( $html ) );
		wp_parse_str( (string) wp_parse_url( self::links( $html, 'tessera-album__link' )[0], PHP_URL_QUERY ), $args );
		$this->assertArrayNotHasKey( 'page_number_0', $args, 'the opened gallery starts on its first page' );
		$this->assertSame( 2, json_decode( $args['bwg_album_breadcrumb_0'], true )[0]['page'] );

		// Past the end: the last page.
		$_GET = array( 'page_number_0' => '99' );
		$this->assertSame( array( 'gallery:' . $this->galleries['sea'] ), self::cards( self::album_html( array( 'itemsPerPage' => 1 ) ) ) );

		// The breadcrumb's link back to the top returns to page 2.
		$this->go( wp_slash( $args ) );
		$html = self::album_html( array( 'itemsPerPage' => 1 ) );
		$this->assertSame( '/albums/?page_number_0=2#bwg_container1_0', self::links( $html, '', 'tessera-album__crumb' )[0] );
	}

	public function test_the_opened_gallery_takes_the_gallery_block_settings_and_the_ajax_wiring(): void {
		$settings = AlbumBlock::gallery_settings(
			\Tessera\Gallery\ViewSettings::from_block(
				AlbumBlock::NAME,
				array(
					'galleryView'   => 'masonry',
					'thumbWidth'    => 99999,
					'imagesPerPage' => 7,
					'pagination'    => 'sideways',
					'maxColumns'    => 2,
				)
			)
		);
		$this->assertSame( 'masonry', $settings['view'] );
		$this->assertSame( 250, $settings['thumbWidth'], 'out of the gallery block\'s range: its default' );
		$this->assertSame( 7, $settings['imagesPerPage'] );
		$this->assertSame( 'numbers', $settings['pagination'] );
		$this->assertSame( 2, $settings['maxColumns'] );
		$this->assertSame( 'thumbnails', AlbumBlock::gallery_settings( \Tessera\Gallery\ViewSettings::from_block( AlbumBlock::NAME, array( 'galleryView' => 'nope' ) ) )['view'] );

		// render_with(): the navigation call's entry, with the widget number it names.
		$html = AlbumBlock::render_with(
			\Tessera\Gallery\ViewSettings::from_block(
				AlbumBlock::NAME,
				array(
					'albumId'      => $this->albums['top'],
					'frontendAjax' => true,
				)
			),
			$this->open( 'album', $this->albums['sub'], array( $this->albums['top'] ), 7 ),
			7
		);
		$this->assertStringContainsString( 'id="bwg_container1_7" data-bwg="7" data-album-id="' . $this->albums['top'] . '"', $html );
		$this->assertStringContainsString( 'data-shortcode-id="', $html );
		$this->assertSame( array( 'gallery:' . $this->galleries['hills'] ), self::cards( $html ) );
		$signed = \Tessera\Gallery\PageCall::verify( html_entity_decode( (string) preg_replace( '/.*data-shortcode-id="([^"]+)".*/s', '$1', $html ) ) );
		$this->assertNotNull( $signed );
		$this->assertSame( AlbumBlock::NAME, $signed['name'] );
		$this->assertSame( $this->albums['top'], $signed['settings']['albumId'] );
	}

	public function test_titles_are_escaped_everywhere(): void {
		$evil = $this->album( '<img src=x onerror=alert(1)>"Evil"', '<script>alert(2)</script>', array( array( 'gallery', $this->galleries['sea'] ) ) );
		wp_update_post(
			array(
				'ID'         => $this->galleries['sea'],
				'post_title' => 'Sea "quoted" <script>alert(3)</script>',
			)
		);
		$html = self::album_html(
			array(
				'albumId' => $evil,
				'preview' => 'extended',
			)
		);
		$this->assertStringNotContainsString( '<script>', $html );
		$this->assertStringContainsString( '<span class="tessera-album__title">Sea &quot;quoted&quot;', $html );
		$this->go( $this->open( 'gallery', $this->galleries['sea'], array( $evil ) ) );
		$html = self::album_html( array( 'albumId' => $evil ) );
		$this->assertStringNotContainsString( '<img src=x', $html );
		$this->assertStringContainsString( 'aria-label="&quot;Evil&quot;: breadcrumb"', $html );
	}

	/**
	 * A gallery with a title and a description.
	 *
	 * @param int[]  $ids    Attachment ids.
	 * @param string $title  Title.
	 * @param string $about  Excerpt.
	 * @param string $status Post status.
	 * @return int
	 */
	private function titled_gallery( array $ids, string $title, string $about, string $status = 'publish' ): int {
		$id = $this->gallery( $ids, $status );
		wp_update_post(
			wp_slash(
				array(
					'ID'           => $id,
					'post_title'   => $title,
					'post_excerpt' => $about,
				)
			)
		);
		return $id;
	}

	/**
	 * An album.
	 *
	 * @param string                        $title  Title.
	 * @param string                        $about  Excerpt.
	 * @param array<int, array{0: string, 1: int}> $items  [ type, id ] pairs.
	 * @param string                        $status Post status.
	 * @return int
	 */
	private function album( string $title, string $about, array $items, string $status = 'publish' ): int {
		$album = $this->make_post(
			array(
				'post_type'    => PostTypes::ALBUM,
				'post_status'  => $status,
				'post_title'   => $title,
				'post_excerpt' => $about,
			)
		);
		update_post_meta(
			$album->ID,
			PostTypes::META_ITEMS,
			array_map(
				static fn ( array $item ): array => array(
					'type' => $item[0],
					'id'   => $item[1],
				),
				$items
			)
		);
		return $album->ID;
	}

	/**
	 * The address parameters that open an item (as $_GET holds them: slashed).
	 *
	 * @param string $type   gallery | album.
	 * @param int    $id     The item.
	 * @param int[]  $trail  Album ids passed through.
	 * @param int    $number Widget number.
	 * @return array<string, string>
	 */
	private function open( string $type, int $id, array $trail, int $number = 0 ): array {
		$query = array(
			'type_' . $number             => $type,
			'album_gallery_id_' . $number => (string) $id,
		);
		if ( array() !== $trail ) {
			$query[ 'bwg_album_breadcrumb_' . $number ] = wp_slash(
				(string) wp_json_encode(
					array_map(
						static fn ( int $album ): array => array(
							'id'     => $album,
							'page'   => 1,
							'search' => '',
						),
						$trail
					)
				)
			);
		}
		return $query;
	}

	/**
	 * Visits the page with these parameters: $_GET (slashed, as WordPress holds it) and the request address.
	 *
	 * @param array<string, mixed> $query Parameters, slashed.
	 * @return void
	 */
	private function go( array $query ): void {
		$_GET                   = $query;
		$_SERVER['REQUEST_URI'] = '/albums/' . ( array() === $query ? '' : '?' . http_build_query( wp_unslash( $query ), '', '&', PHP_QUERY_RFC3986 ) );
	}

	/**
	 * The album block rendered as on a page (widget 0), the top album unless said otherwise.
	 *
	 * @param array<string, mixed> $attributes Attributes.
	 * @return string
	 */
	private function album_html( array $attributes = array() ): string {
		\Tessera\Gallery\GalleryBlock::reset_numbers();
		return render_block(
			array(
				'blockName'    => 'tessera/album',
				'attrs'        => $attributes + array( 'albumId' => $this->albums['top'] ),
				'innerBlocks'  => array(),
				'innerHTML'    => '',
				'innerContent' => array(),
			)
		);
	}

	/**
	 * The cards of a render: `type:id`, in order.
	 *
	 * @param string $html Rendered HTML.
	 * @return string[]
	 */
	private static function cards( string $html ): array {
		preg_match_all( '/data-item-type="(\w+)" data-item-id="(\d+)"/', $html, $m, PREG_SET_ORDER );
		return array_map( static fn ( array $match ): string => $match[1] . ':' . $match[2], $m );
	}

	/**
	 * The linked levels of the breadcrumb, by name.
	 *
	 * @param string $html Rendered HTML.
	 * @return string[]
	 */
	private static function crumbs( string $html ): array {
		preg_match_all( '/<li class="tessera-album__crumb"><a [^>]*>([^<]*)<\/a>/', $html, $m );
		return array_map( 'html_entity_decode', $m[1] );
	}

	/**
	 * The hrefs of links with a class, or inside list items with a class, decoded.
	 *
	 * @param string $html       Rendered HTML.
	 * @param string $class      The link's class ('' = any).
	 * @param string $item_class The list item's class.
	 * @return string[]
	 */
	private static function links( string $html, string $class, string $item_class = '' ): array {
		$pattern = '' !== $item_class
			? '/<li class="' . preg_quote( $item_class, '/' ) . '"><a href="([^"]*)"/'
			: '/<a class="' . preg_quote( $class, '/' ) . '[^"]*"[^>]* href="([^"]*)"/';
		preg_match_all( $pattern, $html, $m );
		return array_map( static fn ( string $href ): string => html_entity_decode( $href ), $m[1] );
	}
}
