<?php
/**
 * The blocked YouTube video's thumbnail comes from the site, never from YouTube in the visitor's browser
 * (issue 20, item 3): Tessera\Consent\VideoThumbnails with Blocker's placeholder. No internet here: the server's
 * fetch is answered by `pre_http_request` with real images made by GD.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\Blocker;
use Tessera\Consent\Settings;
use Tessera\Consent\VideoThumbnails;

/**
 * Fetch in WP-Cron, content checks, storage in the uploads folder, refresh, failures and the filter.
 */
final class ConsentBlockerThumbnailTest extends ConsentTestCase {

	/**
	 * A video id of this test only.
	 */
	private const VIDEO = 'Thumb_Test1';

	/**
	 * The URLs the server requested.
	 *
	 * @var string[]
	 */
	private array $requested = array();

	/**
	 * Starts with no copy, no fetch due.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		self::forget_thumbnail_fetches();
		self::remove_copies();
	}

	/**
	 * Removes the copies written.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		self::remove_copies();
		parent::tearDown();
	}

	/**
	 * Removes this test's copies.
	 *
	 * @return void
	 */
	private static function remove_copies(): void {
		$folder = VideoThumbnails::folder();
		foreach ( (array) glob( $folder['path'] . '/' . self::VIDEO . '.*' ) as $file ) {
			wp_delete_file( (string) $file );
		}
	}

	/**
	 * A real image made by GD.
	 *
	 * @param string $type `jpeg`, `png` or `webp`.
	 * @param int    $width  Width.
	 * @param int    $height Height.
	 * @return string
	 */
	private static function image( string $type, int $width = 48, int $height = 36 ): string {
		$image = imagecreatetruecolor( $width, $height );
		imagefill( $image, 0, 0, (int) imagecolorallocate( $image, 200, 40, 40 ) );
		ob_start();
		match ( $type ) {
			'png'  => imagepng( $image ),
			'webp' => imagewebp( $image ),
			default => imagejpeg( $image ),
		};
		return (string) ob_get_clean();
	}

	/**
	 * Answers the server's requests with a body and status, recording the URLs.
	 *
	 * @param string $body   Response body.
	 * @param int    $status Status code.
	 * @param string $type   Content-Type header (never trusted).
	 * @return void
	 */
	private function answer( string $body, int $status = 200, string $type = 'image/jpeg' ): void {
		$this->add_test_filter(
			'pre_http_request',
			function ( $pre, array $args, string $url ) use ( $body, $status, $type ): array {
				$this->requested[] = $url;
				return array(
					'headers'  => array( 'content-type' => $type ),
					'body'     => $body,
					'response' => array(
						'code'    => $status,
						'message' => 200 === $status ? 'OK' : 'Not Found',
					),
					'cookies'  => array(),
					'filename' => null,
				);
			},
			10,
			3
		);
	}

	/**
	 * Runs the scheduled fetch as WP-Cron does: the event leaves the schedule, then its hook runs.
	 *
	 * @return void
	 */
	private static function run_cron(): void {
		$time = wp_next_scheduled( VideoThumbnails::CRON_HOOK, array( self::VIDEO ) );
		self::assertNotFalse( $time, 'a fetch is due' );
		wp_unschedule_event( $time, VideoThumbnails::CRON_HOOK, array( self::VIDEO ) );
		do_action( VideoThumbnails::CRON_HOOK, self::VIDEO );
	}

	/**
	 * The demo's embed, rewritten by the blocker of every page.
	 *
	 * @return string
	 */
	private static function rendered(): string {
		$blocker = Blocker::for_every_visitor( Settings::get() );
		return $blocker->rewrite( '<iframe src="https://www.youtube.com/embed/' . self::VIDEO . '" width="560" height="315"></iframe>' );
	}

	/**
	 * The page render never fetches: it shows the neutral placeholder and schedules one fetch; the cron event
	 * stores the JPEG it got in the uploads folder and the next render shows the site's copy.
	 *
	 * @return void
	 */
	public function test_fetched_in_cron_stored_and_served_from_the_site(): void {
		$jpeg = self::image( 'jpeg' );
		$this->answer( $jpeg );

		$first = self::rendered();
		$this->assertStringContainsString( '<div class="tessera-consent-video"', $first );
		$this->assertStringNotContainsString( '<img', $first, 'no thumbnail until the site has its copy' );
		$this->assertSame( array(), $this->requested, 'nothing fetched while the page renders' );
		$this->assertNotFalse( wp_next_scheduled( VideoThumbnails::CRON_HOOK, array( self::VIDEO ) ), 'a fetch is scheduled' );
		self::rendered();
		$events = 0;
		foreach ( _get_cron_array() as $hooks ) {
			$events += count( $hooks[ VideoThumbnails::CRON_HOOK ] ?? array() );
		}
		$this->assertSame( 1, $events, 'scheduled once for two page views' );

		self::run_cron();
		$this->assertSame( array( 'https://i.ytimg.com/vi/' . self::VIDEO . '/hqdefault.jpg' ), $this->requested );
		$folder = VideoThumbnails::folder();
		$file   = $folder['path'] . '/' . self::VIDEO . '.jpg';
		$this->assertStringEndsWith( '/uploads/tessera/video-thumbnails/' . self::VIDEO . '.jpg', $file );
		$this->assertSame( $jpeg, file_get_contents( $file ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.

		$out = self::rendered();
		$this->assertStringContainsString(
			'<img class="tessera-consent-video__thumbnail" src="' . esc_url( $folder['url'] . '/' . self::VIDEO . '.jpg?v=' . filemtime( $file ) ) . '" alt="" loading="lazy" decoding="async">',
			$out
		);
		$this->assertStringNotContainsString( 'ytimg', $out );
		$this->assertCount( 1, $this->requested, 'a fresh copy is not fetched again' );
	}

	/**
	 * PNG and WebP are kept as what they are, whatever the URL or the header called them.
	 *
	 * @return void
	 */
	public function test_png_and_webp_are_stored_under_their_own_type(): void {
		$this->assertSame( 'jpg', VideoThumbnails::image_type( self::image( 'jpeg' ) ) );
		$this->assertSame( 'png', VideoThumbnails::image_type( self::image( 'png' ) ) );
		$this->assertSame( 'webp', VideoThumbnails::image_type( self::image( 'webp' ) ) );

		$this->answer( self::image( 'png' ) );
		$this->assertTrue( VideoThumbnails::fetch( self::VIDEO ) );
		$this->assertStringContainsString( '/video-thumbnails/' . self::VIDEO . '.png?v=', VideoThumbnails::url( self::VIDEO ) );
	}

	/**
	 * What is not a sane JPEG, PNG or WebP image is refused, however it is named or labelled: nothing stored, the
	 * neutral placeholder, and no new fetch for a day (a failing fetch is not retried for every page view).
	 *
	 * @return void
	 */
	public function test_what_is_not_an_image_is_refused(): void {
		$jpeg     = self::image( 'jpeg' );
		$refusals = array(
			'an HTML page'        => '<!doctype html><title>Not found</title><p>' . str_repeat( 'x', 100 ) . '</p>',
			'an SVG'              => '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><script>alert(1)</script></svg>',
			'a GIF'               => base64_decode( 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7' ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_decode -- A test image.
			'a truncated JPEG'    => substr( $jpeg, 0, 20 ),
			'a JPEG head on junk' => "\xFF\xD8\xFF\xE0" . str_repeat( 'junk', 40 ),
			'a huge image'        => self::image( 'png', 5000, 10 ),
			'too many bytes'      => $jpeg . str_repeat( "\0", VideoThumbnails::MAX_BYTES ),
		);
		foreach ( $refusals as $what => $bytes ) {
			$this->assertNull( VideoThumbnails::image_type( $bytes ), $what );
		}

		$this->answer( $refusals['an HTML page'] );
		self::rendered();
		self::run_cron();
		$this->assertCount( 1, $this->requested );
		$this->assertSame( array(), glob( VideoThumbnails::folder()['path'] . '/' . self::VIDEO . '.*' ) );
		$this->assertStringNotContainsString( '<img', self::rendered() );
		$this->assertFalse( wp_next_scheduled( VideoThumbnails::CRON_HOOK, array( self::VIDEO ) ), 'not scheduled again after a failure' );
	}

	/**
	 * A 404 or a network error stores nothing and keeps the copy the site has.
	 *
	 * @return void
	 */
	public function test_a_failed_refresh_keeps_the_copy(): void {
		$this->answer( self::image( 'jpeg' ) );
		$this->assertTrue( VideoThumbnails::fetch( self::VIDEO ) );
		$file = VideoThumbnails::folder()['path'] . '/' . self::VIDEO . '.jpg';
		$this->assertFileExists( $file );

		remove_all_filters( 'pre_http_request' );
		$this->answer( 'Not found', 404, 'text/html' );
		$this->assertFalse( VideoThumbnails::fetch( self::VIDEO ) );
		$this->assertFileExists( $file );
		$this->assertStringContainsString( self::VIDEO . '.jpg?v=', VideoThumbnails::url( self::VIDEO ) );
	}

	/**
	 * A copy older than a month is fetched again (in cron), and served until the new one is in.
	 *
	 * @return void
	 */
	public function test_an_old_copy_is_refreshed(): void {
		$this->answer( self::image( 'jpeg' ) );
		$this->assertTrue( VideoThumbnails::fetch( self::VIDEO ) );
		$file = VideoThumbnails::folder()['path'] . '/' . self::VIDEO . '.jpg';
		touch( $file, time() - VideoThumbnails::MAX_AGE - 60 ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- A test file.
		clearstatcache();

		$this->assertStringContainsString( self::VIDEO . '.jpg?v=', VideoThumbnails::url( self::VIDEO ) );
		$this->assertNotFalse( wp_next_scheduled( VideoThumbnails::CRON_HOOK, array( self::VIDEO ) ), 'a refresh is scheduled' );
		$this->assertCount( 1, $this->requested, 'not fetched during the render' );
	}

	/**
	 * The filter still decides: a site may point at another address or remove the image.
	 *
	 * @return void
	 */
	public function test_the_filter_still_decides(): void {
		$this->add_test_filter( 'tessera_consent_video_thumbnail', static fn (): string => 'https://cdn.example.com/t.jpg' );
		$this->assertStringContainsString( 'src="https://cdn.example.com/t.jpg"', self::rendered() );
	}
}
