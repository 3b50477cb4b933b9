<?php
/**
 * Script registration from the build, where the speed scripts are enqueued, and `window.tesseraSpeed`.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Assets;
use Tessera\Plugin;
use Tessera\Speed\Settings;
use Tessera\Speed\Speed;
use Tessera\Speed\SpeedStore;

/**
 * Uses a build of its own in a temporary folder, so it does not depend on `npm run build`.
 */
final class AssetsTest extends TestCase {

	/**
	 * Temporary build folder.
	 *
	 * @var string
	 */
	private string $build = '';

	/**
	 * Writes a small build and re-registers our handles from it.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		$this->build = sys_get_temp_dir() . '/tessera-build-' . wp_generate_password( 8, false );
		wp_mkdir_p( $this->build . '/speed' );
		wp_mkdir_p( $this->build . '/editor' );
		file_put_contents( $this->build . '/speed/index.asset.php', "<?php return array( 'dependencies' => array( 'wp-i18n' ), 'version' => 'abc123' );\n" );
		file_put_contents( $this->build . '/speed/index.js', "/* speed */\n" );
		file_put_contents( $this->build . '/speed/index.css', "/* speed */\n" );
		file_put_contents( $this->build . '/editor/speed-sidebar.asset.php', "<?php return array( 'dependencies' => array( 'react', 'wp-plugins', 'wp-i18n' ), 'version' => 'def456' );\n" );
		file_put_contents( $this->build . '/editor/speed-sidebar.js', "/* sidebar */\n" );
		self::forget_handles();
		$this->add_test_filter( 'show_admin_bar', '__return_true' );
	}

	/**
	 * Removes the temporary build and registers the plugin's real handles again.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		self::forget_handles();
		foreach ( array( 'speed/index.asset.php', 'speed/index.js', 'speed/index.css', 'editor/speed-sidebar.asset.php', 'editor/speed-sidebar.js' ) as $file ) {
			if ( is_file( $this->build . '/' . $file ) ) {
				unlink( $this->build . '/' . $file );
			}
		}
		foreach ( array( '/speed', '/editor', '' ) as $dir ) {
			if ( is_dir( $this->build . $dir ) ) {
				rmdir( $this->build . $dir );
			}
		}
		Plugin::instance()->assets()->register_all();
		$GLOBALS['current_screen'] = null;
		unset( $GLOBALS['post'] );
		parent::tearDown();
	}

	/**
	 * Dequeues and deregisters our handles.
	 *
	 * @return void
	 */
	private static function forget_handles(): void {
		foreach ( array_keys( Assets::ENTRIES ) as $handle ) {
			wp_dequeue_script( $handle );
			wp_deregister_script( $handle );
			wp_dequeue_style( $handle );
			wp_deregister_style( $handle );
		}
	}

	/**
	 * A Speed feature on the temporary build.
	 *
	 * @return Speed
	 */
	private function speed(): Speed {
		$assets = new Assets( $this->build, 'http://example.test/build/' );
		$assets->register_all();
		return new Speed( $assets );
	}

	/**
	 * The config object printed before a handle, or null.
	 *
	 * @param string $handle Script handle.
	 * @return array<string, mixed>|null
	 */
	private static function config_of( string $handle ): ?array {
		$before = wp_scripts()->get_data( $handle, 'before' );
		if ( ! is_array( $before ) || array() === $before ) {
			return null;
		}
		$script = implode( "\n", array_filter( $before, 'is_string' ) );
		if ( 1 !== preg_match( '/^window\.tesseraSpeed = (\{.*\});$/s', $script, $match ) ) {
			return null;
		}
		return json_decode( $match[1], true );
	}

	public function test_registers_from_the_asset_files(): void {
		$assets = new Assets( $this->build, 'http://example.test/build/' );
		$assets->register_all();

		$script = wp_scripts()->registered['tessera-speed'];
		$this->assertSame( 'http://example.test/build/speed/index.js', $script->src );
		$this->assertSame( array( 'wp-i18n' ), $script->deps );
		$this->assertSame( 'abc123', $script->ver );
		$this->assertSame( 'tessera', $script->textdomain );
		$this->assertSame( 1, wp_scripts()->get_data( 'tessera-speed', 'group' ), 'in the footer' );
		$this->assertSame( 'http://example.test/build/speed/index.css', wp_styles()->registered['tessera-speed']->src );
		// With its path, core's wp_maybe_inline_styles() may print it inline instead of a render-blocking link.
		$this->assertSame( $this->build . '/speed/index.css', wp_styles()->get_data( 'tessera-speed', 'path' ) );

		$editor = wp_scripts()->registered['tessera-speed-editor'];
		$this->assertSame( array( 'react', 'wp-plugins', 'wp-i18n' ), $editor->deps );
		$this->assertFalse( wp_style_is( 'tessera-speed-editor', 'registered' ), 'no stylesheet built, none registered' );
	}

	public function test_block_stylesheets_are_the_minified_builds_and_inline_under_cores_limit(): void {
		$registry = \WP_Block_Type_Registry::get_instance();
		foreach ( array( 'tessera/gallery', 'tessera/album', 'tessera/form', 'tessera/popular-posts', 'tessera/view-counter', 'tessera/consent-banner' ) as $name ) {
			$handles = $registry->get_registered( $name )->style_handles;
			$this->assertNotEmpty( $handles, $name );
			foreach ( $handles as $handle ) {
				$path = (string) wp_styles()->get_data( $handle, 'path' );
				$this->assertStringStartsWith( wp_normalize_path( TESSERA_DIR . 'build/blocks/' ), wp_normalize_path( $path ), $handle );
				$this->assertFileExists( $path );
				$this->assertStringNotContainsString( "\n", trim( (string) file_get_contents( $path ) ), $handle . ' is minified' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- our own build.
			}
		}
		// A page with a form: its stylesheet fits core's limit and is printed inline.
		$handle = $registry->get_registered( 'tessera/form' )->style_handles[0];
		$style  = clone wp_styles()->registered[ $handle ];
		wp_enqueue_style( $handle );
		wp_maybe_inline_styles();
		$inlined = wp_styles()->registered[ $handle ]->src;
		wp_dequeue_style( $handle );
		wp_styles()->registered[ $handle ] = $style;
		$this->assertFalse( $inlined, 'inline, no link' );
	}

	public function test_a_missing_build_is_skipped_quietly(): void {
		$assets = new Assets( $this->build . '/nothing-here', 'http://example.test/build/' );
		$assets->register_all();
		$this->assertFalse( wp_script_is( 'tessera-speed', 'registered' ) );
		$this->assertFalse( $assets->enqueue( 'tessera-speed' ) );

		unlink( $this->build . '/speed/index.js' );
		$this->assertFalse( ( new Assets( $this->build, 'http://example.test/build/' ) )->register_entry( 'tessera-speed', 'speed/index' ), 'asset file without script' );
	}

	public function test_visitors_get_nothing_on_the_front_end(): void {
		$speed = $this->speed();
		wp_set_current_user( 0 );
		$speed->enqueue_front();
		$this->assertFalse( wp_script_is( 'tessera-speed', 'enqueued' ) );
		$this->assertFalse( wp_style_is( 'tessera-speed', 'enqueued' ) );
		$this->assertNull( self::config_of( 'tessera-speed' ) );

		foreach ( array( 'subscriber', 'editor' ) as $role ) {
			$this->as_role( $role );
			$speed->enqueue_front();
			$this->assertFalse( wp_script_is( 'tessera-speed', 'enqueued' ), $role );
		}
	}

	public function test_administrators_get_the_script_where_the_admin_bar_shows(): void {
		$speed = $this->speed();
		$this->as_admin();
		$speed->enqueue_front();

		$this->assertTrue( wp_script_is( 'tessera-speed', 'enqueued' ) );
		$this->assertTrue( wp_style_is( 'tessera-speed', 'enqueued' ) );
		$config = self::config_of( 'tessera-speed' );
		$this->assertSame( array( 'ajaxUrl', 'nonce', 'inProgress', 'inProgressPostId', 'pollInterval', 'postId', 'galleryLink' ), array_keys( $config ) );
		$this->assertSame( admin_url( 'admin-ajax.php' ), $config['ajaxUrl'] );
		$this->assertSame( 1, wp_verify_nonce( $config['nonce'], 'twb_speed' ) );
		$this->assertFalse( $config['inProgress'] );
		$this->assertSame( 0, $config['inProgressPostId'] );
		$this->assertSame( 30000, $config['pollInterval'] );
		$this->assertSame( 0, $config['postId'] );
		$this->assertSame( '', $config['galleryLink'] );

		$speed->enqueue_front();
		$this->assertCount( 1, array_filter( wp_scripts()->get_data( 'tessera-speed', 'before' ), 'is_string' ), 'printed once' );
	}

	public function test_no_script_when_the_admin_bar_is_hidden(): void {
		$this->add_test_filter( 'show_admin_bar', '__return_false', 20 );
		$speed = $this->speed();
		$this->as_admin();
		$speed->enqueue_front();
		$this->assertFalse( wp_script_is( 'tessera-speed', 'enqueued' ) );
	}

	public function test_config_reports_a_running_check_and_escapes_for_a_script_tag(): void {
		$lock = new SpeedStore();
		$this->assertTrue( $lock->acquire_lock( 321 ) );
		$this->add_test_filter(
			'pre_option_' . Settings::OPTION,
			static function (): array {
				return array(
					'api_key'      => '',
					'gallery_link' => "https://example.com/</script><script>alert('x')</script>&a=1",
				);
			}
		);
		$this->as_admin();
		$script = $this->speed()->config_script( 12 );
		$lock->release_lock();

		$this->assertStringNotContainsString( '<', $script );
		$this->assertStringNotContainsString( "'", $script );
		$this->assertStringNotContainsString( '&', $script );
		$config = json_decode( substr( $script, strlen( 'window.tesseraSpeed = ' ), -1 ), true );
		$this->assertTrue( $config['inProgress'] );
		$this->assertSame( 321, $config['inProgressPostId'] );
		$this->assertSame( 12, $config['postId'] );
		$this->assertSame( "https://example.com/</script><script>alert('x')</script>&a=1", $config['galleryLink'] );
	}

	public function test_the_editor_sidebar_on_checked_post_types_for_administrators(): void {
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		$post            = $this->make_post( array( 'post_type' => 'page' ) );
		$GLOBALS['post'] = $post;
		$speed           = $this->speed();

		$this->as_role( 'editor' );
		set_current_screen( 'page' );
		$speed->enqueue_editor();
		$this->assertFalse( wp_script_is( 'tessera-speed-editor', 'enqueued' ), 'not for editors' );

		$this->as_admin();
		set_current_screen( 'edit-page' );
		$speed->enqueue_editor();
		$this->assertFalse( wp_script_is( 'tessera-speed-editor', 'enqueued' ), 'not on the list screen' );

		set_current_screen( 'page' );
		$speed->enqueue_editor();
		$this->assertTrue( wp_script_is( 'tessera-speed-editor', 'enqueued' ) );
		$this->assertSame( $post->ID, self::config_of( 'tessera-speed-editor' )['postId'] );
	}

	public function test_the_list_screen_of_a_checked_type(): void {
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		$this->add_test_filter( 'show_admin_bar', '__return_false', 20 );
		$speed = $this->speed();
		$this->as_admin();
		set_current_screen( 'edit-post' );
		$speed->enqueue_admin( 'edit.php' );
		$this->assertTrue( wp_script_is( 'tessera-speed', 'enqueued' ) );

		self::forget_handles();
		$speed = $this->speed();
		$this->as_role( 'editor' );
		$speed->enqueue_admin( 'edit.php' );
		$this->assertFalse( wp_script_is( 'tessera-speed', 'enqueued' ) );
	}
}
