<?php
/**
 * Server-side blocking: Blocker::rewrite() on scripts and iframes, the video placeholder, the output-buffer
 * decision and start().
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\Blocker;
use Tessera\Consent\Settings;
use WP_HTML_Tag_Processor;

/**
 * Tessera\Consent\Blocker, with the default settings (providers and categories of Defaults) unless a test
 * replaces the providers.
 */
final class ConsentBlockerTest extends ConsentTestCase {

	/**
	 * Every non-necessary default category.
	 */
	private const ALL_BLOCKED = array( 'functional', 'analytics', 'performance', 'advertisement' );

	/**
	 * A valid YouTube video id (11 characters).
	 */
	private const VIDEO = 'dQw4w9WgXcQ';

	/**
	 * A blocker over the default settings, optionally with other providers.
	 *
	 * @param string[]                               $blocked   Blocked slugs.
	 * @param array<int, array<string, mixed>>|null $providers Providers replacing the defaults.
	 * @return Blocker
	 */
	private function blocker( array $blocked = self::ALL_BLOCKED, ?array $providers = null ): Blocker {
		$settings = Settings::get();
		if ( null !== $providers ) {
			$settings['providers'] = $providers;
		}
		return new Blocker( $settings, $blocked );
	}

	/**
	 * One provider in the settings shape.
	 *
	 * @param string   $re         Pattern.
	 * @param string[] $categories Categories.
	 * @param bool     $full_path  Match the whole URL.
	 * @return array<string, mixed>
	 */
	private static function provider( string $re, array $categories, bool $full_path = false ): array {
		return array(
			're'           => $re,
			'categories'   => $categories,
			'fullPath'     => $full_path,
			'isOverridden' => false,
		);
	}

	/**
	 * The attributes of the first tag of a name in some HTML: name => value (true for a bare attribute).
	 *
	 * @param string $html HTML.
	 * @param string $tag  Tag name.
	 * @return array<string, string|true>|null Null when there is no such tag.
	 */
	private static function attributes( string $html, string $tag ): ?array {
		$processor = new WP_HTML_Tag_Processor( $html );
		if ( ! $processor->next_tag( strtoupper( $tag ) ) ) {
			return null;
		}
		$attributes = array();
		foreach ( (array) $processor->get_attribute_names_with_prefix( '' ) as $name ) {
			$attributes[ $name ] = $processor->get_attribute( $name );
		}
		return $attributes;
	}

	/**
	 * The host (with port) of home_url(), as a pattern.
	 *
	 * @return string
	 */
	private static function home_host_pattern(): string {
		$host = (string) wp_parse_url( home_url(), PHP_URL_HOST );
		$port = wp_parse_url( home_url(), PHP_URL_PORT );
		return preg_quote( $host . ( $port ? ':' . $port : '' ), '/' );
	}

	/**
	 * A Google tag script is neutralised with the category of its provider; its other attributes stay.
	 *
	 * @return void
	 */
	public function test_default_provider_script_is_rewritten(): void {
		$html = '<head><script async src="https://www.googletagmanager.com/gtag/js?id=G-1" id="gtag-js"></script></head>';
		$out  = $this->blocker()->rewrite( $html );

		$this->assertSame(
			array(
				'data-tessera-category' => 'analytics',
				'type'                  => 'text/plain',
				'async'                 => true,
				'src'                   => 'https://www.googletagmanager.com/gtag/js?id=G-1',
				'id'                    => 'gtag-js',
			),
			self::attributes( $out, 'script' )
		);
		$this->assertStringNotContainsString( 'data-tessera-type', $out, 'no original type to keep' );
	}

	/**
	 * A module script keeps its type for the runtime; JavaScript types are recognised case-insensitively.
	 *
	 * @return void
	 */
	public function test_module_and_javascript_types(): void {
		$blocker = $this->blocker();

		$module = self::attributes( $blocker->rewrite( '<script type="module" src="https://connect.facebook.net/en_US/fbevents.js"></script>' ), 'script' );
		$this->assertSame( 'text/plain', $module['type'] );
		$this->assertSame( 'module', $module['data-tessera-type'] );
		$this->assertSame( 'advertisement', $module['data-tessera-category'] );

		$upper = self::attributes( $blocker->rewrite( '<SCRIPT TYPE="Text/JavaScript" SRC="https://static.hotjar.com/c/hotjar-1.js"></SCRIPT>' ), 'script' );
		$this->assertSame( 'text/plain', $upper['type'] );
		$this->assertSame( 'Text/JavaScript', $upper['data-tessera-type'] );
		$this->assertSame( 'performance', $upper['data-tessera-category'] );

		$empty = self::attributes( $blocker->rewrite( '<script type="" src="https://www.clarity.ms/tag/abc"></script>' ), 'script' );
		$this->assertSame( 'text/plain', $empty['type'] );
		$this->assertArrayNotHasKey( 'data-tessera-type', $empty );
	}

	/**
	 * Scripts of allowed categories, of unknown hosts, data scripts and scripts already marked are left alone.
	 *
	 * @return void
	 */
	public function test_untouched_scripts(): void {
		$html = '<script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>'
			. '<script src="https://example.org/app.js"></script>'
			. '<script type="application/ld+json" src="https://connect.facebook.net/data.json"></script>'
			. '<script type="text/template" src="https://connect.facebook.net/tpl.html"></script>'
			. '<script type="text/javascript; charset=utf-8" src="https://connect.facebook.net/x.js"></script>'
			. '<script type="text/plain" data-tessera-category="advertisement" src="https://connect.facebook.net/y.js"></script>'
			. '<script data-tessera-category="advertisement" src="https://connect.facebook.net/z.js"></script>'
			. '<iframe data-tessera-category="advertisement" src="https://www.youtube.com/embed/' . self::VIDEO . '" width="5" height="5"></iframe>'
			. '<script>var s = 1;</script>';
		$this->assertSame( $html, $this->blocker( array( 'advertisement' ) )->rewrite( $html ) );
	}

	/**
	 * A `<script src>` written inside inline JavaScript is text, not a tag: it is not rewritten.
	 *
	 * @return void
	 */
	public function test_script_string_inside_inline_script_is_not_touched(): void {
		$html = '<script>document.write( \'<script src="https://www.googletagmanager.com/gtag/js?id=G-1"><\/script>\' ); var t = "<iframe src=\"https://www.youtube.com/embed/' . self::VIDEO . '\" width=\"1\" height=\"1\"></iframe>";</script>'
			. '<p>after</p>';
		$this->assertSame( $html, $this->blocker()->rewrite( $html ) );
	}

	/**
	 * A YouTube embed loses its src, gets the category and the placeholder; no thumbnail while the site has no copy
	 * of it (never YouTube's own: ConsentBlockerThumbnailTest).
	 *
	 * @return void
	 */
	public function test_youtube_iframe_gets_placeholder(): void {
		$src  = 'https://www.youtube.com/embed/' . self::VIDEO . '?feature=oembed';
		$html = '<figure><iframe title="Video" width="560" height="315" src="' . $src . '" allowfullscreen></iframe></figure>';
		$out  = $this->blocker()->rewrite( $html );

		$iframe = self::attributes( $out, 'iframe' );
		$this->assertArrayNotHasKey( 'src', $iframe );
		$this->assertSame( $src, $iframe['data-tessera-src'] );
		$this->assertSame( 'advertisement', $iframe['data-tessera-category'] );
		$this->assertTrue( $iframe['data-tessera-placeholder'] );
		$this->assertSame( '560', $iframe['width'] );

		$this->assertStringContainsString(
			'</iframe><div class="tessera-consent-video" style="aspect-ratio:560/315;max-width:560px">'
			. '<p class="tessera-consent-video__text">This content is blocked until you accept Advertisement cookies.</p>'
			. '<button type="button" class="tessera-consent-video__button" data-tessera-consent="preferences">Manage consent</button>'
			. '</div></figure>',
			$out
		);
		$this->assertSame( 1, substr_count( $out, 'tessera-consent-video"' ) );
		$this->assertStringNotContainsString( 'ytimg', $out );
		$this->assertStringNotContainsString( 'tessera-', str_replace( array( 'data-tessera-', 'tessera-consent-video' ), '', $out ), 'no marker left' );
	}

	/**
	 * The placeholder goes after the real closing tag, even when an attribute of the iframe holds `</iframe>`.
	 *
	 * @return void
	 */
	public function test_placeholder_after_the_real_closing_tag(): void {
		$html = '<iframe title="a > </iframe> b" width="400" height="300" src="https://player.vimeo.com/video/1">fallback</IFRAME ><p>next</p>';
		$out  = $this->blocker()->rewrite( $html );

		$iframe = self::attributes( $out, 'iframe' );
		$this->assertSame( 'a > </iframe> b', $iframe['title'] );
		$this->assertSame( 'https://player.vimeo.com/video/1', $iframe['data-tessera-src'] );
		$this->assertTrue( $iframe['data-tessera-placeholder'] );
		$this->assertSame( 1, substr_count( $out, 'tessera-consent-video"' ) );
		$this->assertStringEndsWith( '>fallback</IFRAME ><div class="tessera-consent-video" style="aspect-ratio:400/300;max-width:400px"><p class="tessera-consent-video__text">This content is blocked until you accept Functional cookies.</p><button type="button" class="tessera-consent-video__button" data-tessera-consent="preferences">Manage consent</button></div><p>next</p>', $out );
	}

	/**
	 * Several blocked iframes each get their own placeholder, in order.
	 *
	 * @return void
	 */
	public function test_placeholders_for_several_iframes(): void {
		$html = '<iframe src="https://www.youtube.com/embed/aaaaaaaaaaa" width="10" height="20"></iframe>'
			. '<iframe src="https://example.org/ok" width="10" height="20"></iframe>'
			. '<iframe src="https://www.youtube-nocookie.com/embed/bbbbbbbbbbb" width="30" height="40"></iframe>';
		$out  = $this->blocker()->rewrite( $html );

		$this->assertSame( 2, substr_count( $out, '<div class="tessera-consent-video"' ) );
		$this->assertMatchesRegularExpression(
			'#aaaaaaaaaaa"[^>]*></iframe><div [^>]*aspect-ratio:10/20.*?</div><iframe src="https://example\.org/ok" width="10" height="20"></iframe><iframe .*?></iframe><div [^>]*aspect-ratio:30/40.*?Functional cookies\.</p>#',
			$out
		);
	}

	/**
	 * An id that is not 11 characters gives a placeholder without a thumbnail.
	 *
	 * @return void
	 */
	public function test_invalid_video_id_has_no_thumbnail(): void {
		$out = $this->blocker()->rewrite( '<iframe src="https://www.youtube.com/embed/dQw4w9WgXc" width="560" height="315"></iframe>' );

		$this->assertStringContainsString( '<div class="tessera-consent-video"', $out );
		$this->assertStringNotContainsString( '<img', $out );
	}

	/**
	 * Thumbnails for the other YouTube URL forms (with a provider that matches them).
	 *
	 * @return void
	 */
	public function test_thumbnail_for_every_youtube_url_form(): void {
		$blocker = $this->blocker( self::ALL_BLOCKED, array( self::provider( 'youtu', array( 'advertisement' ) ) ) );
		$this->add_test_filter(
			'tessera_consent_video_thumbnail',
			static fn ( string $url, string $id ): string => 'https://site.example/thumb/' . $id . '.jpg',
			10,
			2
		);
		$urls = array(
			'https://youtube.com/embed/' . self::VIDEO                 => true,
			'https://www.youtube-nocookie.com/embed/' . self::VIDEO    => true,
			'https://youtu.be/' . self::VIDEO                          => true,
			'https://www.youtube.com/watch?v=' . self::VIDEO . '&t=10' => true,
			'https://www.youtube.com/watch?list=x'                     => false,
			'https://www.youtube.com/embed/' . self::VIDEO . '/extra'  => false,
			'https://notyoutube.com/embed/' . self::VIDEO              => false,
			'https://www.youtube.com/embed/dQw4w9WgXc!'                => false,
		);
		foreach ( $urls as $url => $thumbnail ) {
			$out = $blocker->rewrite( '<iframe src="' . esc_url( $url ) . '" width="1" height="1"></iframe>' );
			$this->assertStringContainsString( '<div class="tessera-consent-video"', $out, $url );
			$this->assertSame( $thumbnail, str_contains( $out, 'src="https://site.example/thumb/' . self::VIDEO . '.jpg"' ), $url );
		}
	}

	/**
	 * No positive numeric width and height: blocked, but no placeholder.
	 *
	 * @return void
	 */
	public function test_no_placeholder_without_size(): void {
		$blocker = $this->blocker();
		foreach ( array( 'width="0" height="315"', 'width="560"', 'width="100%" height="315"', 'width="-5" height="3"', 'width height="3"' ) as $size ) {
			$out    = $blocker->rewrite( '<iframe ' . $size . ' src="https://www.youtube.com/embed/' . self::VIDEO . '"></iframe>' );
			$iframe = self::attributes( $out, 'iframe' );
			$this->assertSame( 'advertisement', $iframe['data-tessera-category'], $size );
			$this->assertArrayNotHasKey( 'src', $iframe, $size );
			$this->assertArrayNotHasKey( 'data-tessera-placeholder', $iframe, $size );
			$this->assertStringNotContainsString( 'tessera-consent-video', $out, $size );
		}
	}

	/**
	 * The thumbnail filter can replace the URL or remove the image.
	 *
	 * @return void
	 */
	public function test_thumbnail_filter(): void {
		$html = '<iframe src="https://www.youtube.com/embed/' . self::VIDEO . '" width="560" height="315"></iframe>';

		$seen = array();
		$this->add_test_filter(
			'tessera_consent_video_thumbnail',
			static function ( string $url, string $id ) use ( &$seen ): string {
				$seen[] = array( $url, $id );
				return 'https://cdn.example.com/thumb-' . $id . '.jpg?a=1&b=2';
			},
			10,
			2
		);
		$out = $this->blocker()->rewrite( $html );
		$this->assertSame( array( array( '', self::VIDEO ) ), $seen, 'no copy on the site yet: no thumbnail by default' );
		$this->assertStringContainsString( 'src="https://cdn.example.com/thumb-' . self::VIDEO . '.jpg?a=1&#038;b=2"', $out );

		$this->add_test_filter( 'tessera_consent_video_thumbnail', '__return_empty_string', 20 );
		$out = $this->blocker()->rewrite( $html );
		$this->assertStringContainsString( '<div class="tessera-consent-video"', $out );
		$this->assertStringNotContainsString( '<img', $out );
	}

	/**
	 * Category names in the placeholder are escaped, and several are listed.
	 *
	 * @return void
	 */
	public function test_placeholder_text_lists_and_escapes_names(): void {
		$settings = Settings::get();
		foreach ( $settings['categories'] as &$category ) {
			if ( 'analytics' === $category['slug'] ) {
				$category['name'] = '<b>Stats</b>';
			}
		}
		unset( $category );
		$settings['providers'] = array( self::provider( 'maps\.example\.com/', array( 'analytics', 'functional', 'advertisement' ) ) );
		$blocker               = new Blocker( $settings, array( 'analytics', 'advertisement' ) );

		$out = $blocker->rewrite( '<iframe src="https://maps.example.com/embed" width="600" height="450"></iframe>' );
		$this->assertSame( 'analytics,functional,advertisement', self::attributes( $out, 'iframe' )['data-tessera-category'] );
		$this->assertStringContainsString( 'This content is blocked until you accept &lt;b&gt;Stats&lt;/b&gt; and Advertisement cookies.', $out );
		$this->assertStringNotContainsString( '<b>', $out );
	}

	/**
	 * Protocol-relative URLs take home_url()'s scheme; root-relative and relative ones its origin.
	 *
	 * @return void
	 */
	public function test_relative_urls_resolve_against_home_url(): void {
		$scheme = (string) wp_parse_url( home_url(), PHP_URL_SCHEME );
		$other  = 'https' === $scheme ? 'http' : 'https';

		$default = $this->blocker();
		$out     = $default->rewrite( '<script src="//www.googletagmanager.com/gtag/js?id=G-1"></script>' );
		$this->assertSame( 'analytics', self::attributes( $out, 'script' )['data-tessera-category'] );

		$full = $this->blocker( self::ALL_BLOCKED, array( self::provider( '^' . $scheme . ':\/\/cdn\.example\.com\/lib\.js\?v=1$', array( 'analytics' ), true ) ) );
		$this->assertStringContainsString( 'text/plain', $full->rewrite( '<script src="//cdn.example.com/lib.js?v=1"></script>' ), 'the scheme comes from home_url()' );
		$this->assertStringContainsString( 'text/plain', $full->rewrite( '<script src="//CDN.Example.com/a/../lib.js?v=1"></script>' ), 'host lower-cased, dot segments removed' );
		$html = '<script src="' . $other . '://cdn.example.com/lib.js?v=1"></script>';
		$this->assertSame( $html, $full->rewrite( $html ) );

		$local = $this->blocker( self::ALL_BLOCKED, array( self::provider( '^' . self::home_host_pattern() . '\/tracker\/t\.js$', array( 'performance' ) ) ) );
		foreach ( array( '/tracker/t.js?x=1', 'tracker/t.js', '/other/../tracker/./t.js' ) as $src ) {
			$out = $local->rewrite( '<script src="' . $src . '"></script>' );
			$this->assertSame( 'performance', self::attributes( $out, 'script' )['data-tessera-category'] ?? null, $src );
			$this->assertSame( $src, self::attributes( $out, 'script' )['src'], $src );
		}
		$html = '<script src="/tracker/other.js"></script><script src="https://elsewhere.example/tracker/t.js"></script>';
		$this->assertSame( $html, $local->rewrite( $html ) );
	}

	/**
	 * URLs are read as the runtime reads them (`new URL( src, base )` in Node): for each, a provider anchored on
	 * Node's `href` (fullPath) and one anchored on its `host + pathname` both block it; a URL Node refuses is
	 * never blocked. home_url() has a path and a query here, so relative references exercise both.
	 *
	 * @return void
	 */
	public function test_urls_resolve_as_the_runtime_reads_them(): void {
		$base = 'https://Example.com:443/blog/sub?x=1';
		$this->add_test_filter( 'home_url', static fn (): string => $base );
		$urls = array(
			'https://www.googletagmanager.com/gtag/js?id=G-1',
			'//www.googletagmanager.com/gtag/js?id=G-1',
			'/a/b/../c.js',
			'a/./b.js',
			'../x.js',
			'?q=1',
			'#frag',
			'   https://EXAMPLE.com:443/x ',
			'http://example.com:80/',
			'https://example.com:8443/p q"<>`{}?a b\'"#f g`',
			'https:foo',
			'https:/foo',
			'http:/foo',
			'https:////foo.com/x',
			'\\\\host\\path\\x.js',
			'HTTPS://Ex.COM',
			'data:text/javascript,alert(1)',
			'https://user:pw@host.com/x',
			'https://host.com/%2e%2E/a/%2e/b',
			'https://host.com/a/..',
			'https://host.com//double//slash',
			'https://héllo.com/ü?ä=ö#ß',
			'https://host.com:0080/x',
			'http://[::1]:8080/x',
			"https://host.com/a\tb\nc",
			'https://host.com?x',
			'ws://x.com:80/a',
			'foo://Bar.com/Path/../x',
			'https://exa mple.com/',
			'https://host.com:99999/',
		);
		$expected = self::node_urls( $urls, $base );
		foreach ( $urls as $index => $url ) {
			$script = '<script src="' . esc_attr( $url ) . '"></script>';
			if ( null === $expected[ $index ] ) {
				$any = $this->blocker( self::ALL_BLOCKED, array( self::provider( '.', array( 'analytics' ), true ) ) );
				$this->assertSame( $script, $any->rewrite( $script ), 'refused by Node: ' . $url );
				continue;
			}
			list( $href, $short ) = $expected[ $index ];
			$full  = $this->blocker( self::ALL_BLOCKED, array( self::provider( self::exact( $href ), array( 'analytics' ), true ) ) );
			$host  = $this->blocker( self::ALL_BLOCKED, array( self::provider( self::exact( $short ), array( 'analytics' ) ) ) );
			$this->assertStringContainsString( 'text/plain', $full->rewrite( $script ), $url . ' → ' . $href );
			$this->assertStringContainsString( 'text/plain', $host->rewrite( $script ), $url . ' → ' . $short );
		}
	}

	/**
	 * A pattern matching exactly a string of printable ASCII (every other character escaped).
	 *
	 * @param string $text The string.
	 * @return string
	 */
	private static function exact( string $text ): string {
		return '^' . preg_replace( '/[^A-Za-z0-9]/', '\\\\$0', $text ) . '$';
	}

	/**
	 * `[ href, host + pathname ]` of `new URL( url, base )` in Node for each URL (null when it throws). Skips the
	 * test when Node is not available.
	 *
	 * @param string[] $urls URLs.
	 * @param string   $base Base URL.
	 * @return array<int, array{0: string, 1: string}|null>
	 */
	private static function node_urls( array $urls, string $base ): array {
		$script  = 'const input = JSON.parse( require( "fs" ).readFileSync( 0, "utf8" ) );'
			. 'process.stdout.write( JSON.stringify( input.urls.map( ( u ) => {'
			. ' try { const p = new URL( u, input.base ); return [ p.href, p.host + p.pathname ]; } catch { return null; }'
			. ' } ) ) );';
		$result  = self::run_node( $script, (string) wp_json_encode( array( 'urls' => $urls, 'base' => $base ) ) );
		self::assertCount( count( $urls ), $result );
		return $result;
	}

	/**
	 * A fullPath provider matches the whole URL with scheme and query; otherwise only host and path count.
	 *
	 * @return void
	 */
	public function test_full_path_provider(): void {
		$pattern = '^https:\/\/widgets\.example\.com\/w\.js\?track=1';
		$full    = $this->blocker( self::ALL_BLOCKED, array( self::provider( $pattern, array( 'analytics' ), true ) ) );
		$short   = $this->blocker( self::ALL_BLOCKED, array( self::provider( $pattern, array( 'analytics' ), false ) ) );

		$tracked = '<script src="https://widgets.example.com/w.js?track=1"></script>';
		$plain   = '<script src="https://widgets.example.com/w.js?track=0"></script>';
		$this->assertStringContainsString( 'data-tessera-category="analytics"', $full->rewrite( $tracked ) );
		$this->assertSame( $plain, $full->rewrite( $plain ) );
		$this->assertSame( $tracked, $short->rewrite( $tracked ), 'without fullPath the query is not part of the subject' );

		$host_path = $this->blocker( self::ALL_BLOCKED, array( self::provider( '^widgets\.example\.com:8443\/w\.js$', array( 'analytics' ) ) ) );
		$this->assertStringContainsString( 'text/plain', $host_path->rewrite( '<script src="https://widgets.example.com:8443/w.js?track=1#x"></script>' ) );
		$this->assertSame( '<script src="https://widgets.example.com:443/w.js"></script>', $host_path->rewrite( '<script src="https://widgets.example.com:443/w.js"></script>' ) );
	}

	/**
	 * A provider with several categories applies when one is blocked, and the element waits for all of them.
	 *
	 * @return void
	 */
	public function test_multi_category_provider(): void {
		$providers = array( self::provider( 'cdn\.mixed\.example\/', array( 'analytics', 'advertisement' ) ) );
		$html      = '<script src="https://cdn.mixed.example/t.js"></script>';

		$out = $this->blocker( array( 'advertisement' ), $providers )->rewrite( $html );
		$this->assertSame( 'analytics,advertisement', self::attributes( $out, 'script' )['data-tessera-category'] );
		$this->assertSame( 'text/plain', self::attributes( $out, 'script' )['type'] );

		$this->assertSame( $html, $this->blocker( array( 'functional' ), $providers )->rewrite( $html ), 'none of its categories blocked' );
	}

	/**
	 * The first matching provider that names a blocked category decides; invalid patterns and unknown slugs are
	 * ignored.
	 *
	 * @return void
	 */
	public function test_first_applying_provider_and_invalid_ones(): void {
		$providers = array(
			self::provider( '(ab', array( 'functional' ) ),
			self::provider( 'shared\.example\/', array( 'nonexistent' ) ),
			self::provider( 'shared\.example\/', array( 'analytics' ) ),
			self::provider( 'shared\.example\/', array( 'performance', 'nonexistent' ) ),
			self::provider( 'shared\.example\/', array( 'advertisement' ) ),
		);
		$html      = '<script src="https://shared.example/x.js"></script><iframe src="https://ab.example/"></iframe>';

		$out = $this->blocker( array( 'performance', 'advertisement', 'functional' ), $providers )->rewrite( $html );
		$this->assertSame( 'performance', self::attributes( $out, 'script' )['data-tessera-category'] );
		$this->assertSame( 'https://ab.example/', self::attributes( $out, 'iframe' )['src'], 'invalid pattern ignored' );

		$out = $this->blocker( array( 'analytics', 'advertisement' ), $providers )->rewrite( $html );
		$this->assertSame( 'analytics', self::attributes( $out, 'script' )['data-tessera-category'] );
	}

	/**
	 * Only HTML responses are rewritten: no Content-Type yet or text/html, and a body starting with `<`.
	 *
	 * @return void
	 */
	public function test_is_html_response(): void {
		$page = "\xEF\xBB\xBF\n  <!DOCTYPE html><html></html>";
		$this->assertTrue( Blocker::is_html_response( array(), $page ) );
		$this->assertTrue( Blocker::is_html_response( array( 'X-Powered-By: PHP', 'Content-Type: text/html; charset=UTF-8' ), $page ) );
		$this->assertTrue( Blocker::is_html_response( array( 'content-type:TEXT/HTML' ), '<p>x</p>' ) );
		$this->assertFalse( Blocker::is_html_response( array( 'Content-Type: application/json; charset=UTF-8' ), '<script src="x"></script>' ) );
		$this->assertFalse( Blocker::is_html_response( array( 'Content-Type: application/rss+xml; charset=UTF-8' ), '<?xml version="1.0"?><rss/>' ) );
		$this->assertFalse( Blocker::is_html_response( array(), '{"html":"<script src=\"https://www.googletagmanager.com/gtag/js\"></script>"}' ) );
		$this->assertFalse( Blocker::is_html_response( array(), '' ) );
	}

	/**
	 * The buffer callback rewrites a page and leaves a JSON body alone (no headers are set in the CLI).
	 *
	 * @return void
	 */
	public function test_rewrite_buffer(): void {
		$blocker = $this->blocker();
		$json    = wp_json_encode( array( 'html' => '<script src="https://www.googletagmanager.com/gtag/js"></script>' ) );
		$this->assertSame( $json, $blocker->rewrite_buffer( $json ) );

		$page = '<!DOCTYPE html><html><head><script src="https://www.googletagmanager.com/gtag/js"></script></head></html>';
		$this->assertStringContainsString( 'type="text/plain"', $blocker->rewrite_buffer( $page ) );
	}

	/**
	 * A failure while rewriting never breaks the page: the buffer comes back unchanged.
	 *
	 * @return void
	 */
	public function test_rewrite_buffer_survives_a_failure(): void {
		$this->add_test_filter(
			'tessera_consent_video_thumbnail',
			static function (): string {
				throw new \RuntimeException( 'broken filter' );
			}
		);
		$page = '<!DOCTYPE html><p>x</p><iframe src="https://www.youtube.com/embed/' . self::VIDEO . '" width="560" height="315"></iframe>';
		$this->assertSame( $page, $this->blocker()->rewrite_buffer( $page ) );
	}

	/**
	 * start() buffers the page only when some provider names a blocked category.
	 *
	 * @return void
	 */
	public function test_start(): void {
		$page  = '<html><script src="https://www.googletagmanager.com/gtag/js?id=G-1"></script></html>';
		$level = ob_get_level();

		$this->blocker( array( 'functional' ), array( self::provider( 'googletagmanager\.com', array( 'analytics' ) ) ) )->start();
		$this->assertSame( $level, ob_get_level(), 'nothing to block: no buffer' );

		ob_start();
		$this->blocker()->start();
		$this->assertSame( $level + 2, ob_get_level() );
		echo $page; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- test page.
		ob_end_flush();
		$out = (string) ob_get_clean();
		$this->assertStringContainsString( 'data-tessera-category="analytics"', $out );
	}

	/**
	 * A 1 MB page with hundreds of images: every matching element rewritten, nothing else changed. Prints the
	 * time taken (no timing assertion: machines differ).
	 *
	 * @return void
	 */
	public function test_large_page(): void {
		$body = '';
		for ( $i = 0; $i < 600; $i++ ) {
			$body .= '<figure class="wp-block-image"><img src="https://example.org/wp-content/uploads/2024/01/photo-' . $i . '.jpg" alt="Photo ' . $i . '" width="1200" height="800" loading="lazy" decoding="async" srcset="https://example.org/a-' . $i . '-300.jpg 300w, https://example.org/a-' . $i . '-768.jpg 768w"><figcaption>' . str_repeat( 'Lorem ipsum dolor sit amet. ', 55 ) . '</figcaption></figure>';
			if ( 0 === $i % 50 ) {
				$body .= '<script src="https://www.googletagmanager.com/gtag/js?id=G-' . $i . '"></script>'
					. '<iframe src="https://www.youtube.com/embed/' . self::VIDEO . '" width="560" height="315"></iframe>'
					. '<script src="https://example.org/wp-includes/js/app-' . $i . '.js"></script>';
			}
		}
		$page = '<!DOCTYPE html><html><head><title>Big</title></head><body>' . $body . '</body></html>';
		$this->assertGreaterThan( 1000000, strlen( $page ) );

		$blocker = $this->blocker();
		$start   = hrtime( true );
		$out     = $blocker->rewrite( $page );
		$elapsed = ( hrtime( true ) - $start ) / 1e6;
		fwrite( STDERR, sprintf( "\n[ConsentBlockerTest] rewrite() of a %.2f MB page with 600 images: %.1f ms\n", strlen( $page ) / 1e6, $elapsed ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- the measured figure.

		$this->assertSame( 12, substr_count( $out, 'type="text/plain" data-tessera-category="analytics"' ) + substr_count( $out, 'data-tessera-category="analytics" type="text/plain"' ) );
		$this->assertSame( 12, substr_count( $out, '<div class="tessera-consent-video"' ) );
		$this->assertSame( 12, substr_count( $out, 'src="https://example.org/wp-includes/js/app-' ) );
		$this->assertSame( 600, substr_count( $out, '<img src="https://example.org/wp-content/uploads/' ) );
	}
}
