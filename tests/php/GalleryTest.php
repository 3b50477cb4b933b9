<?php
/**
 * Galleries (docs/gallery.md): the content model (taxonomy, post types, ordered contents, album cycles), which
 * images visitors see and in which order, the block settings' normalising, and the thumbnails view with its
 * paging by address.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Gallery\GalleryBlock;
use Tessera\Gallery\Images;
use Tessera\Gallery\Navigation;
use Tessera\Gallery\PostTypes;
use Tessera\Gallery\ViewSettings;
use WP_REST_Request;

/**
 * Real posts, attachments with real image files, and the registered block type.
 */
final class GalleryTest extends GalleryTestCase {

	public function test_the_model_is_registered_for_the_editor(): void {
		$this->assertTrue( taxonomy_exists( PostTypes::TAG_TAXONOMY ) );
		$this->assertContains( 'attachment', get_taxonomy( PostTypes::TAG_TAXONOMY )->object_type );
		foreach ( array( PostTypes::GALLERY => 'tessera-galleries', PostTypes::ALBUM => 'tessera-albums' ) as $type => $base ) {
			$object = get_post_type_object( $type );
			$this->assertNotNull( $object );
			$this->assertFalse( $object->public, $type . ' has no public pages of its own' );
			$this->assertTrue( $object->show_in_rest );
			$this->assertSame( $base, $object->rest_base );
		}
		$this->assertTrue( \WP_Block_Type_Registry::get_instance()->is_registered( 'tessera/gallery' ) );
	}

	public function test_contents_are_cleaned_when_stored(): void {
		$this->assertSame( array( 5, 3, 9 ), PostTypes::sanitize_images( array( 5, '3', 5, 0, -2, 'x', '9', array( 1 ), 3 ) ) );
		$this->assertSame( array(), PostTypes::sanitize_images( 'not a list' ) );
		$this->assertCount( PostTypes::MAX_IMAGES, PostTypes::sanitize_images( range( 1, PostTypes::MAX_IMAGES + 10 ) ) );
		$this->assertSame(
			array(
				array(
					'type' => 'gallery',
					'id'   => 4,
				),
				array(
					'type' => 'album',
					'id'   => 4,
				),
			),
			PostTypes::sanitize_items(
				array(
					array(
						'type' => 'gallery',
						'id'   => '4',
					),
					array(
						'type' => 'album',
						'id'   => 4,
					),
					array(
						'type' => 'gallery',
						'id'   => 4,
					),
					array(
						'type' => 'post',
						'id'   => 1,
					),
					array( 'id' => 7 ),
					'junk',
				)
			)
		);
	}

	public function test_an_album_cannot_contain_itself_through_another(): void {
		$this->as_admin();
		$outer = $this->make_post(
			array(
				'post_type'  => PostTypes::ALBUM,
				'post_title' => 'Outer',
			)
		);
		$inner = $this->make_post(
			array(
				'post_type'  => PostTypes::ALBUM,
				'post_title' => 'Inner',
			)
		);
		update_post_meta(
			$outer->ID,
			PostTypes::META_ITEMS,
			array(
				array(
					'type' => 'album',
					'id'   => $inner->ID,
				),
			)
		);
		$request = new WP_REST_Request( 'POST', '/wp/v2/tessera-albums/' . $inner->ID );
		$request->set_body_params(
			array(
				'meta' => array(
					PostTypes::META_ITEMS => array(
						array(
							'type' => 'album',
							'id'   => $outer->ID,
						),
					),
				),
			)
		);
		$response = rest_do_request( $request );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'tessera_album_cycle', $response->get_data()['code'] );
		$this->assertSame( '', get_post_meta( $inner->ID, PostTypes::META_ITEMS, true ) ?: '', 'nothing stored' );

		// A gallery inside is fine.
		$gallery = $this->gallery( array() );
		$request = new WP_REST_Request( 'POST', '/wp/v2/tessera-albums/' . $inner->ID );
		$request->set_body_params(
			array(
				'meta' => array(
					PostTypes::META_ITEMS => array(
						array(
							'type' => 'gallery',
							'id'   => $gallery,
						),
					),
				),
			)
		);
		$this->assertSame( 200, rest_do_request( $request )->get_status() );
	}

	public function test_visitors_see_only_visible_images_in_the_gallery_order(): void {
		$draft_parent   = $this->make_post( array( 'post_status' => 'draft' ) );
		$private_parent = $this->make_post( array( 'post_status' => 'private' ) );
		$public_parent  = $this->make_post();
		$a              = $this->image( 'A' );
		$b              = $this->image( 'B', array( 'post_parent' => $public_parent->ID ) );
		$c              = $this->image( 'C', array( 'post_parent' => $draft_parent->ID ) );
		$d              = $this->image( 'D', array( 'post_parent' => $private_parent->ID ) );
		$e              = $this->image( 'E' );
		$text           = $this->image( 'Text', array(), 'text/plain' );
		$gallery        = $this->gallery( array( $e, $c, $text, $b, 999999999, $d, $a ) );
		$this->assertSame( array( $e, $b, $a ), Images::visible_ids( $gallery ) );
	}

	public function test_a_large_gallery_is_read_by_its_id_range_with_the_same_result(): void {
		$draft_parent = $this->make_post( array( 'post_status' => 'draft' ) );
		$insert       = function ( string $title, string $mime = 'image/jpeg', int $parent = 0 ): int {
			// Attachments without files: the query reads posts and meta only.
			$id = wp_insert_attachment(
				array(
					'post_title'     => $title,
					'post_mime_type' => $mime,
					'post_status'    => 'inherit',
				),
				false,
				$parent,
				true
			);
			$this->assertIsInt( $id );
			$this->attachments[] = $id;
			update_post_meta( $id, '_wp_attachment_image_alt', 'Alt ' . $title );
			return $id;
		};
		$members = array();
		$hidden  = array();
		for ( $i = 0; $i < 110; $i++ ) {
			$members[] = $insert( 'Image ' . $i );
			if ( 50 === $i ) {
				// Inside the range but not in the gallery, or in it but not for visitors.
				$outsider = $insert( 'Not in the gallery' );
				$hidden[] = $insert( 'Under a draft', 'image/jpeg', $draft_parent->ID );
				$hidden[] = $insert( 'A text file', 'text/plain' );
			}
		}
		$order = array_merge( array_reverse( $members ), $hidden );

		[ $where, $args ] = Images::id_condition( 'p.ID', $order );
		$this->assertSame( 'p.ID BETWEEN %d AND %d', $where, 'a dense set of 112 ids is a range' );
		$this->assertSame( array( min( $members ), max( $members ) ), $args );
		[ $where ] = Images::id_condition( 'p.ID', array( 1, 500000 ) );
		$this->assertSame( 'p.ID IN (%d, %d)', $where, 'a small or sparse set stays a list' );
		[ $where ] = Images::id_condition( 'p.ID', range( 1, 400 * 100, 400 ) );
		$this->assertStringStartsWith( 'p.ID IN (', $where );

		$gallery = $this->gallery( $order );
		$this->assertSame( array_reverse( $members ), Images::visible_ids( $gallery ), 'the outsider, the draft\'s image and the text file are left out; the order is the gallery\'s' );

		wp_cache_flush();
		$page = Images::page( $gallery, array(), '', 'title', false, 0, 2, 30 );
		$this->assertSame( 110, $page['total'] );
		$this->assertCount( 30, $page['ids'] );
		wp_cache_flush();
		$all = Images::page( $gallery, array(), '', 'order', false, 0, 1, 0 );
		$this->assertSame( array_reverse( $members ), $all['ids'] );
		$this->assertFalse( wp_cache_get( $members[7], 'posts' ), 'the ids only: what renders them primes them' );
		Images::prime( $all['ids'] );
		// Primed: posts and meta come from the cache, the outsider was read by the range but not cached.
		$this->assertIsObject( wp_cache_get( $members[7], 'posts' ), 'cached as core caches posts (the raw row)' );
		$this->assertFalse( wp_cache_get( $outsider, 'posts' ) );
		$this->assertFalse( wp_cache_get( $outsider, 'post_meta' ) );
		$queries = $GLOBALS['wpdb']->num_queries;
		$this->assertSame( 'Image 7', get_the_title( $members[7] ) );
		$this->assertSame( 'Alt Image 7', get_post_meta( $members[7], '_wp_attachment_image_alt', true ) );
		$this->assertSame( '', get_post_meta( $members[7], '_no_such_key', true ) );
		$this->assertSame( $queries, $GLOBALS['wpdb']->num_queries, 'no query after priming' );
	}

	public function test_a_page_with_a_gallery_holds_the_lightbox_islands_translations_when_its_language_has_them(): void {
		$gallery = $this->gallery( array( $this->image( 'Alpha' ) ) );
		wp_dequeue_script( GalleryBlock::SCRIPT );
		self::render( array( 'galleryId' => $gallery ) );
		$this->assertSame( 10, has_action( 'wp_footer', array( GalleryBlock::class, 'print_lightbox_translations' ) ), 'printed at the end of the page' );
		$printed = static function (): string {
			ob_start();
			GalleryBlock::print_lightbox_translations();
			return (string) ob_get_clean();
		};
		// An English site (none): nothing.
		$this->assertSame( '', $printed() );

		// A file made by `wp i18n make-json` for the island's script, with a translation that would close a script.
		$asked = array();
		$file  = static function ( $translations, $path, string $handle, string $domain ) use ( &$asked ) {
			$asked[] = array( $handle, $domain );
			return GalleryBlock::LIGHTBOX_SCRIPT === $handle && 'tessera' === $domain
				? (string) wp_json_encode(
					array(
						'domain'      => 'messages',
						'locale_data' => array(
							'messages' => array(
								''      => array(
									'domain' => 'messages',
									'lang'   => 'de_DE',
								),
								'Close' => array( 'Schließen' ),
								'Zoom'  => array( '</script><b>Zoom' ),
							),
						),
					)
				)
				: $translations;
		};
		add_filter( 'pre_load_script_translations', $file, 10, 4 );
		$html = $printed();
		remove_filter( 'pre_load_script_translations', $file, 10 );
		$this->assertContains( array( GalleryBlock::LIGHTBOX_SCRIPT, 'tessera' ), $asked );
		$this->assertSame( 1, preg_match( '#^<script type="application/json" id="tessera-lightbox-l10n">(.*)</script>\s*$#s', $html, $m ), $html );
		$this->assertStringNotContainsString( '<', $m[1], 'no tag can close it early' );
		$this->assertSame(
			array(
				''      => array(
					'domain' => 'tessera',
					'lang'   => 'de_DE',
				),
				'Close' => array( 'Schließen' ),
				'Zoom'  => array( '</script><b>Zoom' ),
			),
			json_decode( $m[1], true )
		);
	}

	public function test_the_container_names_the_lightbox_call_for_the_state_it_shows(): void {
		$a       = $this->image( 'Alpha sea' );
		$b       = $this->image( 'Beta sea' );
		$c       = $this->image( 'Gamma' );
		$sea     = $this->tag( 'sea' );
		$gallery = $this->gallery( array( $a, $b, $c ) );
		wp_set_object_terms( $a, array( $sea ), PostTypes::TAG_TAXONOMY );
		wp_set_object_terms( $b, array( $sea ), PostTypes::TAG_TAXONOMY );
		$url = static function ( string $html ): ?array {
			if ( 1 !== preg_match( '/ data-lightbox-url="([^"]+)"/', $html, $m ) ) {
				return null;
			}
			$args = array();
			wp_parse_str( (string) wp_parse_url( html_entity_decode( $m[1] ), PHP_URL_QUERY ), $args );
			return $args;
		};

		$_GET = array(
			'filter_tag_0'  => (string) $sea,
			'bwg_search_0'  => 'sea',
			'sort_by_0'     => 'title',
			'unrelated'     => 'x',
		);
		$args = $url(
			self::render(
				array(
					'galleryId' => $gallery,
					'view'      => 'masonry',
					'order'     => 'desc',
				) + array( 'showSearch' => true )
			)
		);
		$_GET = array();
		$this->assertSame(
			array(
				'action'             => 'tessera_lightbox',
				'gallery_id'         => (string) $gallery,
				'bwg_gallery_type'   => 'masonry',
				'bwg_random_seed'    => '0',
				'filter_tag'         => (string) $sea,
				'filter_search_name' => 'sea',
				'filtersortby'       => 'title_desc',
			),
			$args
		);
		// The island's files, loaded on intent: its stylesheet, then React before the island, each once.
		\Tessera\Gallery\GalleryBlock::reset_numbers();
		$html = self::render( array( 'galleryId' => $gallery ) );
		$this->assertSame( 1, preg_match( "/ data-lightbox='([^']+)'/", $html, $m ), 'data-lightbox' );
		$files = json_decode( html_entity_decode( $m[1], ENT_QUOTES ), true );
		$this->assertIsArray( $files );
		$names = array_map( static fn( string $url ): string => (string) preg_replace( '/\?.*$/', '', basename( $url ) ), $files );
		$this->assertSame( 'island.css', $names[0] );
		$this->assertSame( 'island.js', end( $names ) );
		$this->assertContains( 'react.min.js', $names );
		$this->assertLessThan( array_search( 'react-dom.min.js', $names, true ), array_search( 'react.min.js', $names, true ) );
		$this->assertSame( array_unique( $files ), $files );

		// The call answers for an image the gallery shows, and its order is the gallery's: Beta, Alpha.
		$answer = \Tessera\Lightbox\Endpoint::handle( $args + array( 'image_id' => (string) $b ), 'GET' );
		$this->assertSame( 200, $answer['status'] );
		$this->assertStringContainsString( '1 of 2: Beta sea', $answer['html'] );
		$this->assertSame( 404, \Tessera\Lightbox\Endpoint::handle( $args + array( 'image_id' => (string) $c ), 'GET' )['status'], 'Gamma is filtered out' );

		// A random order: the seed drawn for the page is the lightbox's too.
		\Tessera\Gallery\GalleryBlock::reset_numbers();
		$html = self::render(
			array(
				'galleryId'     => $gallery,
				'sortBy'        => 'random',
				'imagesPerPage' => 1,
			)
		);
		$args = $url( $html );
		$this->assertNotNull( $args );
		$this->assertMatchesRegularExpression( '/^[1-9]\d*$/', $args['bwg_random_seed'] );
		$this->assertStringContainsString( 'bwg_random_seed_0=' . $args['bwg_random_seed'], $html, 'the page links carry the same seed' );
		$this->assertSame( 'random', $args['filtersortby'] );

		// The seed is not drawn at render time: every visitor gets the same page (a page cache keeps one copy).
		\Tessera\Gallery\GalleryBlock::reset_numbers();
		$again = self::render(
			array(
				'galleryId'     => $gallery,
				'sortBy'        => 'random',
				'imagesPerPage' => 1,
			)
		);
		$this->assertSame( $html, $again, 'the same bytes for a second visitor' );
		$this->assertSame( (string) \Tessera\Gallery\GalleryBlock::daily_seed( $gallery, 0 ), $args['bwg_random_seed'] );
		$days = array_map( static fn ( int $day ): int => \Tessera\Gallery\GalleryBlock::daily_seed( $gallery, 0, $day * DAY_IN_SECONDS ), range( 20000, 20005 ) );
		$this->assertGreaterThan( 1, count( array_unique( $days ) ), 'the order changes from one day to the next' );
		$this->assertNotSame( \Tessera\Gallery\GalleryBlock::daily_seed( $gallery, 0 ), \Tessera\Gallery\GalleryBlock::daily_seed( $gallery, 1 ), 'each gallery of a page its own order' );
		foreach ( $days as $seed ) {
			$this->assertGreaterThanOrEqual( 1, $seed );
			$this->assertLessThanOrEqual( 2147483647, $seed );
		}

		// No lightbox: no call.
		$this->assertNull(
			$url(
				self::render(
					array(
						'galleryId'        => $gallery,
						'thumbClickAction' => 'do_nothing',
					)
				)
			)
		);
	}

	public function test_tags_search_sort_and_pages(): void {
		$sea   = $this->tag( 'sea' );
		$night = $this->tag( 'night' );
		$ids   = array();
		foreach ( array( 'Delta', 'alpha', 'Charlie', 'bravo', 'Echo' ) as $i => $title ) {
			$ids[ $title ] = $this->image(
				$title,
				array(
					'post_date'    => sprintf( '2026-0%d-01 10:00:00', 5 - $i ),
					'post_excerpt' => 'Caption ' . $title,
				)
			);
		}
		wp_set_object_terms( $ids['Delta'], array( $sea ), PostTypes::TAG_TAXONOMY );
		wp_set_object_terms( $ids['bravo'], array( $night ), PostTypes::TAG_TAXONOMY );
		wp_set_object_terms( $ids['Echo'], array( $sea, $night ), PostTypes::TAG_TAXONOMY );
		update_post_meta( $ids['Charlie'], '_wp_attachment_image_alt', 'a lighthouse at dusk' );
		wp_update_post(
			array(
				'ID'           => $ids['alpha'],
				'post_content' => 'A long description mentioning a Lighthouse too.',
			)
		);
		$gallery = $this->gallery( array_values( $ids ) );

		$page = static fn ( array $tags, string $search, string $sort, bool $desc = false, int $seed = 0, int $n = 1, int $per = 0 ): array => Images::page( $gallery, $tags, $search, $sort, $desc, $seed, $n, $per );

		$this->assertSame( array_values( $ids ), $page( array(), '', 'order' )['ids'] );
		$this->assertSame( array( $ids['alpha'], $ids['bravo'], $ids['Charlie'], $ids['Delta'], $ids['Echo'] ), $page( array(), '', 'title' )['ids'], 'by title, case-insensitive' );
		$this->assertSame( array( $ids['Echo'], $ids['Delta'], $ids['Charlie'], $ids['bravo'], $ids['alpha'] ), $page( array(), '', 'title', true )['ids'] );
		$this->assertSame( array_reverse( array_values( $ids ) ), $page( array(), '', 'date' )['ids'], 'oldest first' );
		$this->assertSame( array_values( $ids ), $page( array(), '', 'unknown sort' )['ids'], 'an unknown sort is the gallery order' );

		// Any of the tags; the gallery order kept.
		$this->assertSame( array( $ids['Delta'], $ids['Echo'] ), $page( array( $sea ), '', 'order' )['ids'] );
		$this->assertSame( array( $ids['Delta'], $ids['bravo'], $ids['Echo'] ), $page( array( $sea, $night ), '', 'order' )['ids'] );

		// Search in the title, the caption, the description and the alt text; LIKE wildcards are literal.
		$this->assertSame( array( $ids['alpha'], $ids['Charlie'] ), $page( array(), 'lighthouse', 'order' )['ids'] );
		$this->assertSame( array( $ids['bravo'] ), $page( array(), 'caption brav', 'order' )['ids'] );
		$this->assertSame( array(), $page( array(), '%', 'order' )['ids'] );
		$this->assertSame( array(), $page( array(), "' OR 1=1 --", 'order' )['ids'] );

		// Random: the same seed, the same order; another seed, another order (for five images, almost surely).
		$first = $page( array(), '', 'random', false, 42 )['ids'];
		$this->assertSame( $first, $page( array(), '', 'random', false, 42 )['ids'] );
		$this->assertEqualsCanonicalizing( array_values( $ids ), $first );
		$others = array();
		foreach ( range( 1, 6 ) as $seed ) {
			$others[] = implode( ',', $page( array(), '', 'random', false, $seed )['ids'] );
		}
		$this->assertGreaterThan( 1, count( array_unique( $others ) ) );

		// Pages: 2 per page; past the last → the last.
		$second = $page( array(), '', 'order', false, 0, 2, 2 );
		$this->assertSame( array( $ids['Charlie'], $ids['bravo'] ), $second['ids'] );
		$this->assertSame( array( 5, 2, 3 ), array( $second['total'], $second['page'], $second['pages'] ) );
		$last = $page( array(), '', 'order', false, 0, 99, 2 );
		$this->assertSame( array( $ids['Echo'] ), $last['ids'] );
		$this->assertSame( 3, $last['page'] );
	}

	public function test_block_attributes_are_input_checked_against_block_json(): void {
		$clean = ViewSettings::from_block(
			'tessera/gallery',
			array(
				'galleryId'        => '12',
				'view'             => 'evil<script>',
				'maxColumns'       => 99,
				'thumbWidth'       => 'wide',
				'imagesPerPage'    => -1,
				'showTitles'       => 'yes please',
				'thumbClickAction' => 'redirect_to_url',
				'unknown'          => 'dropped',
			)
		);
		$this->assertSame( 12, $clean['galleryId'] );
		$this->assertSame( 'thumbnails', $clean['view'] );
		$this->assertSame( 5, $clean['maxColumns'] );
		$this->assertSame( 250, $clean['thumbWidth'] );
		$this->assertSame( 24, $clean['imagesPerPage'] );
		$this->assertFalse( $clean['showTitles'] );
		$this->assertSame( 'redirect_to_url', $clean['thumbClickAction'] );
		$this->assertArrayNotHasKey( 'unknown', $clean );
	}

	public function test_page_numbers_from_the_address_are_cast(): void {
		$this->assertSame( 1, Navigation::page_number( null ) );
		$this->assertSame( 3, Navigation::page_number( '3' ) );
		$this->assertSame( 1, Navigation::page_number( '0' ) );
		$this->assertSame( 1, Navigation::page_number( '-2' ) );
		$this->assertSame( 1, Navigation::page_number( '2 OR 1=1' ) );
		$this->assertSame( 1, Navigation::page_number( array( '2' ) ) );
		$this->assertSame( 1, Navigation::page_number( '<script>' ) );
		$this->assertSame( Navigation::MAX_PAGE, Navigation::page_number( '99999999999999999999' ) );
		$this->assertSame( 4, Navigation::from_query( 2, array( 'page_number_2' => '4', 'page_number_0' => '9' ) )['page'] );
		$this->assertSame( array( 1, 0, 4, 5, 6, 7, 8, 0, 20 ), GalleryBlock::page_numbers( 6, 20 ) );
		$this->assertSame( array( 1, 2, 3 ), GalleryBlock::page_numbers( 1, 3 ) );
	}

	public function test_search_sort_tags_and_seed_from_the_address_are_checked(): void {
		$sea = $this->tag( 'sea' );
		$this->assertSame( 'harbour at dawn', Navigation::search( "  harbour\n <b>at</b>   dawn " ) );
		$this->assertSame( "it's", Navigation::search( "it\\'s" ), 'unslashed' );
		$this->assertSame( 100, mb_strlen( Navigation::search( str_repeat( 'é', 300 ) ) ) );
		$this->assertSame( '', Navigation::search( array( 'x' ) ) );
		$this->assertSame( 'title', Navigation::sort( 'title' ) );
		$this->assertSame( '', Navigation::sort( 'post_title DESC; DROP TABLE' ) );
		$this->assertSame( '', Navigation::sort( array( 'title' ) ) );
		$this->assertSame( array( $sea ), Navigation::tags( $sea . ',999999999,x,-3,' . $sea ), 'existing tags only, once' );
		$this->assertSame( array(), Navigation::tags( '1 OR 1=1' ) );
		$this->assertSame( array(), Navigation::tags( array( $sea ) ) );
		$this->assertSame( 42, Navigation::seed( '42' ) );
		$this->assertSame( 0, Navigation::seed( '99999999999' ) );
		$this->assertSame( 0, Navigation::seed( '-1' ) );
		$this->assertSame(
			array(
				'page'   => 2,
				'search' => 'boat',
				'sort'   => 'date',
				'tags'   => array( $sea ),
				'seed'   => 7,
			),
			Navigation::from_query(
				1,
				array(
					'page_number_1'     => '2',
					'bwg_search_1'      => 'boat',
					'sort_by_1'         => 'date',
					'filter_tag_1'      => (string) $sea,
					'bwg_random_seed_1' => '7',
					'bwg_search_0'      => 'other gallery',
				)
			)
		);
	}

	public function test_controls_filter_by_address_and_keep_other_galleries_state(): void {
		$sea   = $this->tag( 'Sea' );
		$night = $this->tag( 'Night' );
		$a     = $this->image( 'Harbour' );
		$b     = $this->image( 'Lighthouse' );
		$c     = $this->image( 'Market' );
		wp_set_object_terms( $a, array( $sea ), PostTypes::TAG_TAXONOMY );
		wp_set_object_terms( $b, array( $sea, $night ), PostTypes::TAG_TAXONOMY );
		$gallery = $this->gallery( array( $a, $b, $c ) );
		$attrs   = array(
			'galleryId'  => $gallery,
			'showSearch' => true,
			'showSort'   => true,
			'tagFilter'  => 'bar',
		);

		$_GET = array(
			'page_number_1' => '3',
			'utm_source'    => 'news"letter',
		);
		$html = self::render( $attrs );
		$this->assertSame( array( $a, $b, $c ), self::shown( $html ) );
		$this->assertStringContainsString( '<form class="tessera-gallery__controls" method="get"', $html );
		$this->assertStringContainsString( 'role="search"', $html );
		$this->assertMatchesRegularExpression( '/<label for="bwg_search_0">Search<\/label><span class="tessera-gallery__search-box"><input type="search" id="bwg_search_0" name="bwg_search_0" value=""/', $html );
		$this->assertStringContainsString( '<select id="sort_by_0" name="sort_by_0">', $html );
		$this->assertStringContainsString( '<input type="hidden" name="page_number_1" value="3">', $html, 'another gallery’s page is kept' );
		$this->assertStringContainsString( '<input type="hidden" name="utm_source" value="news&quot;letter">', $html );
		// The tag bar: the gallery's tags by name, each a link adding it to the filter.
		$this->assertMatchesRegularExpression( '/<nav class="tessera-gallery__tags bwg_tag_container" aria-label="Test gallery: filter by tag" data-more="See all" data-less="See less"><ul id="bwg_container1_0-tags">/', $html );
		$this->assertMatchesRegularExpression( '/aria-current="true">All<\/a>/', $html );
		$this->assertMatchesRegularExpression( '/href="[^"]*filter_tag_0=' . $night . '#bwg_container1_0">Night/', $html );
		$this->assertLessThan( strpos( $html, '>Sea ' ), strpos( $html, '>Night ' ), 'by name' );

		GalleryBlock::reset_numbers();
		$_GET = array( 'filter_tag_0' => (string) $sea );
		$html = self::render( $attrs );
		$this->assertSame( array( $a, $b ), self::shown( $html ) );
		$this->assertMatchesRegularExpression( '/class="tessera-gallery__tag is-active" href="[^"]*#bwg_container1_0" aria-current="true">Sea/', $html );
		$this->assertMatchesRegularExpression( '/<input type="hidden" name="filter_tag_0" value="' . $sea . '">/', $html, 'a search keeps the tag filter' );

		GalleryBlock::reset_numbers();
		$_GET = array(
			'bwg_search_0' => 'light',
			'sort_by_0'    => 'title',
		);
		$html = self::render( $attrs );
		$this->assertSame( array( $b ), self::shown( $html ) );
		$this->assertStringContainsString( 'value="light"', $html );
		$this->assertStringContainsString( '<option value="title" selected=\'selected\'>Title</option>', $html );

		GalleryBlock::reset_numbers();
		$_GET = array( 'bwg_search_0' => 'nothing like this' );
		$this->assertStringContainsString( 'No images match.', self::render( $attrs ) );

		// A random order carries its seed into the page links, so its pages do not repeat images.
		GalleryBlock::reset_numbers();
		$_GET   = array( 'sort_by_0' => 'random' );
		$random = self::render( $attrs + array( 'imagesPerPage' => 2 ) );
		$this->assertMatchesRegularExpression( '/href="[^"]*bwg_random_seed_0=\d+[^"]*page_number_0=2/', $random );
		preg_match( '/bwg_random_seed_0=(\d+)/', $random, $seed );
		GalleryBlock::reset_numbers();
		$_GET  = array(
			'sort_by_0'         => 'random',
			'bwg_random_seed_0' => $seed[1],
			'page_number_0'     => '2',
		);
		$second = self::shown( self::render( $attrs + array( 'imagesPerPage' => 2 ) ) );
		$this->assertCount( 1, $second );
		$this->assertEqualsCanonicalizing( array( $a, $b, $c ), array_merge( self::shown( $random ), $second ) );

		// A select instead of the bar: the form sends the tag.
		GalleryBlock::reset_numbers();
		$_GET   = array( 'filter_tag_0' => (string) $night );
		$select = self::render( array( 'tagFilter' => 'select' ) + $attrs );
		$this->assertStringContainsString( '<option value="">Select tags</option>', $select );
		$this->assertStringContainsString( '<option value="' . $night . '" selected=\'selected\'>' . get_term( $night )->name . '</option>', $select );
		$this->assertStringNotContainsString( 'type="hidden" name="filter_tag_0"', $select );
		$this->assertSame( array( $b ), self::shown( $select ) );
	}

	public function test_thumbnails_render_responsive_images_linked_to_the_full_files(): void {
		$a       = $this->image( 'Harbour <b>at</b> dawn' );
		$b       = $this->image( 'Second' );
		$gallery = $this->gallery( array( $a, $b ) );
		update_post_meta( $b, '_wp_attachment_image_alt', 'Boats in fog' );
		$html = self::render(
			array(
				'galleryId'  => $gallery,
				'thumbWidth' => 200,
				'maxColumns' => 4,
				'showTitles' => true,
			)
		);
		$this->assertStringContainsString( 'id="bwg_container1_0"', $html );
		$this->assertStringContainsString( 'data-bwg="0"', $html );
		$this->assertStringContainsString( 'wp-block-tessera-gallery', $html );
		$this->assertSame( array( $a, $b ), self::shown( $html ) );
		$this->assertSame( 2, preg_match_all( '/<img [^>]*srcset="[^"]+"/', $html ) );
		$this->assertSame( 2, preg_match_all( '/<img [^>]*width="\d+" height="\d+"/', $html ) );
		$this->assertStringContainsString( 'sizes="(max-width: 200px) 100vw, 200px"', $html );
		$this->assertStringContainsString( 'href="' . esc_url( (string) wp_get_attachment_url( $a ) ) . '"', $html );
		$this->assertStringContainsString( 'alt="Harbour at dawn"', $html, 'the title stands in for a missing alt, without tags' );
		$this->assertStringContainsString( 'alt="Boats in fog"', $html );
		$this->assertStringContainsString( '<span class="tessera-gallery__title">Harbour at dawn</span>', $html );
		$this->assertStringNotContainsString( '<b>', $html );
		// Columns: floor(width / 200) + 1, at most 4: three container rules after the 1-column default.
		$this->assertSame( 3, substr_count( $html, '@container tessera-gallery' ) );
		$this->assertStringContainsString( '(min-width:600px){#bwg_container1_0 .tessera-gallery__grid{--tessera-cols:4}}', $html );

		// A second gallery on the page gets the next widget number.
		$this->assertStringContainsString( 'id="bwg_container1_1"', self::render( array( 'galleryId' => $gallery ) ) );
	}

	public function test_click_actions(): void {
		$a       = $this->image( 'A' );
		$gallery = $this->gallery( array( $a ) );
		update_post_meta( $a, '_tessera_redirect_url', 'https://example.org/print?id=1&x=<y>' );
		$html = self::render(
			array(
				'galleryId'        => $gallery,
				'thumbClickAction' => 'redirect_to_url',
				'thumbLinkTarget'  => true,
			)
		);
		$this->assertStringContainsString( 'href="https://example.org/print?id=1&#038;x=y"', $html );
		$this->assertStringContainsString( 'target="_blank" rel="noopener"', $html );
		$none = self::render(
			array(
				'galleryId'        => $gallery,
				'thumbClickAction' => 'do_nothing',
			)
		);
		$this->assertStringNotContainsString( '<a ', $none );
		$this->assertSame( array( $a ), self::shown( $none ) );
	}

	public function test_the_gallery_link_is_edited_in_the_media_library(): void {
		$a      = $this->image( 'A' );
		$types  = new PostTypes();
		$fields = $types->link_field( array(), get_post( $a ) );
		$this->assertSame( 'Gallery link', $fields['tessera_redirect_url']['label'] );

		$post = array( 'ID' => $a );
		$types->save_link_field( $post, array( 'tessera_redirect_url' => 'https://example.org/a' ) );
		$this->assertSame( '', (string) get_post_meta( $a, PostTypes::META_REDIRECT, true ), 'a visitor cannot set it' );
		$this->as_admin();
		$types->save_link_field( $post, array( 'tessera_redirect_url' => ' https://example.org/a ' ) );
		$this->assertSame( 'https://example.org/a', get_post_meta( $a, PostTypes::META_REDIRECT, true ) );
		$types->save_link_field( $post, array( 'tessera_redirect_url' => 'javascript:alert(1)' ) );
		$this->assertSame( '', (string) get_post_meta( $a, PostTypes::META_REDIRECT, true ), 'only http(s) addresses' );
	}

	public function test_pages_by_address_and_hidden_galleries(): void {
		$ids = array();
		foreach ( range( 1, 5 ) as $i ) {
			$ids[] = $this->image( 'Image ' . $i );
		}
		$gallery = $this->gallery( $ids );
		$attrs   = array(
			'galleryId'     => $gallery,
			'imagesPerPage' => 2,
		);

		$first = self::render( $attrs );
		$this->assertSame( array_slice( $ids, 0, 2 ), self::shown( $first ) );
		$this->assertMatchesRegularExpression( '/<nav class="tessera-gallery__paging" aria-label="Test gallery: pages">/', $first );
		$this->assertMatchesRegularExpression( '/aria-current="page" href="[^"]*page_number_0=1#bwg_container1_0"/', $first );
		$this->assertMatchesRegularExpression( '/rel="next" href="[^"]*page_number_0=2#bwg_container1_0"/', $first );

		GalleryBlock::reset_numbers();
		$_GET = array( 'page_number_0' => '3' );
		$this->assertSame( array( $ids[4] ), self::shown( self::render( $attrs ) ) );
		GalleryBlock::reset_numbers();
		$_GET = array( 'page_number_0' => "2' OR '1'='1" );
		$this->assertSame( array_slice( $ids, 0, 2 ), self::shown( self::render( $attrs ) ), 'not a number: the first page' );
		GalleryBlock::reset_numbers();
		$_GET = array( 'page_number_1' => '2' );
		$this->assertSame( array_slice( $ids, 0, 2 ), self::shown( self::render( $attrs ) ), 'another gallery’s page' );
		$this->assertSame( array_slice( $ids, 2, 2 ), self::shown( self::render( $attrs ) ), 'the second gallery on the page' );

		// Drafts, private galleries and unknown ids show nothing to visitors.
		foreach ( array( 'draft', 'private' ) as $status ) {
			$hidden = $this->gallery( $ids, $status );
			$this->assertSame( '', self::render( array( 'galleryId' => $hidden ) ), $status );
		}
		$this->assertSame( '', self::render( array( 'galleryId' => 0 ) ) );
		$post = $this->make_post();
		$this->assertSame( '', self::render( array( 'galleryId' => $post->ID ) ), 'a post that is not a gallery' );
	}
}
