<?php
/**
 * Server-side blocking: rewrites the `<script src>` and `<iframe src>` of the page whose URL matches a provider of
 * a blocked category into the markup the consent runtime restores. Contract: docs/consent.md, "Server-side
 * blocking (`Tessera\Consent\Blocker`)".
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

use Throwable;
use WP_HTML_Span;
use WP_HTML_Tag_Processor;

/**
 * Rewrites a page for the blocked categories (on pages: every category that is not necessary), with the runtime's
 * matching rules (`src/runtime/consent/blocker.ts`): the first provider whose pattern matches the element's
 * absolute URL (`host + pathname`, or the whole URL when `fullPath`) and names a blocked category decides.
 */
final class Blocker {

	/**
	 * Attribute listing the categories (comma-separated) an element waits for.
	 */
	public const CATEGORY_ATTR = 'data-tessera-category';

	/**
	 * Attribute keeping a blocked script's original `type`.
	 */
	public const TYPE_ATTR = 'data-tessera-type';

	/**
	 * Attribute keeping a blocked iframe's `src`.
	 */
	public const SRC_ATTR = 'data-tessera-src';

	/**
	 * Attribute marking a blocked iframe followed by a video placeholder.
	 */
	public const PLACEHOLDER_ATTR = 'data-tessera-placeholder';

	/**
	 * Script types that run as JavaScript (lower case, trimmed). Anything else is data or a template: left alone.
	 */
	private const SCRIPT_TYPES = array( '', 'text/javascript', 'application/javascript', 'module' );

	/**
	 * Schemes whose URLs have a host (the URL standard's "special" schemes) and their default ports.
	 */
	private const SPECIAL_SCHEMES = array(
		'http'  => '80',
		'https' => '443',
		'ws'    => '80',
		'wss'   => '443',
		'ftp'   => '21',
		'file'  => '',
	);

	/**
	 * Providers that name at least one blocked category, in configuration order, patterns compiled once.
	 *
	 * @var array<int, array{pcre: string, categories: string[], full_path: bool}>
	 */
	private array $providers = array();

	/**
	 * Names of the configured categories: slug => name.
	 *
	 * @var array<string, string>
	 */
	private array $names = array();

	/**
	 * Blocked slugs: slug => true.
	 *
	 * @var array<string, bool>
	 */
	private array $blocked = array();

	/**
	 * Parts of `home_url()`, the base of relative URLs (null when it cannot be parsed).
	 *
	 * @var array{scheme: string, userinfo: string, host: string, hostname: string, pathname: string, query: string|null, fragment: string|null, special: bool}|null
	 */
	private ?array $base;

	/**
	 * Builds a blocker of the given categories (pages use for_every_visitor()).
	 *
	 * @param array<string, mixed> $settings      The `Settings::get()` shape (providers and categories are read).
	 * @param string[]             $blocked_slugs Configured category slugs to block.
	 */
	public function __construct( array $settings, array $blocked_slugs ) {
		foreach ( (array) ( $settings['categories'] ?? array() ) as $category ) {
			if ( is_array( $category ) && isset( $category['slug'] ) && is_string( $category['slug'] ) && ! isset( $this->names[ $category['slug'] ] ) ) {
				$this->names[ $category['slug'] ] = isset( $category['name'] ) && is_string( $category['name'] ) ? $category['name'] : $category['slug'];
			}
		}
		foreach ( $blocked_slugs as $slug ) {
			if ( is_string( $slug ) && isset( $this->names[ $slug ] ) ) {
				$this->blocked[ $slug ] = true;
			}
		}
		foreach ( (array) ( $settings['providers'] ?? array() ) as $provider ) {
			$this->add_provider( $provider );
		}
		$this->base = self::parse_url( home_url(), null );
	}

	/**
	 * The blocker of every page: every configured category that is not necessary is blocked, whoever asks. The
	 * same rewrite for every visitor; what a visitor's cookie allows is restored by the runtime in the browser.
	 *
	 * @param array<string, mixed> $settings The `Settings::get()` shape.
	 * @return self
	 */
	public static function for_every_visitor( array $settings ): self {
		$optional = array();
		foreach ( (array) ( $settings['categories'] ?? array() ) as $category ) {
			if ( is_array( $category ) && is_string( $category['slug'] ?? null ) && true !== ( $category['isNecessary'] ?? false ) ) {
				$optional[] = $category['slug'];
			}
		}
		return new self( $settings, $optional );
	}

	/**
	 * Keeps a provider when its pattern is valid and it names a known category that is blocked (as the runtime,
	 * unknown slugs are dropped from its categories).
	 *
	 * @param mixed $provider One provider of the settings.
	 * @return void
	 */
	private function add_provider( $provider ): void {
		if ( ! is_array( $provider ) || ! isset( $provider['re'] ) || ! is_string( $provider['re'] ) || '' === $provider['re'] ) {
			return;
		}
		$categories = array();
		$applies    = false;
		foreach ( (array) ( $provider['categories'] ?? array() ) as $slug ) {
			if ( is_string( $slug ) && isset( $this->names[ $slug ] ) ) {
				$categories[] = $slug;
				$applies      = $applies || isset( $this->blocked[ $slug ] );
			}
		}
		if ( ! $applies ) {
			return;
		}
		$pcre = Pattern::to_pcre( $provider['re'] );
		if ( null === $pcre ) {
			return;
		}
		$this->providers[] = array(
			'pcre'       => $pcre,
			'categories' => $categories,
			'full_path'  => true === ( $provider['fullPath'] ?? false ),
		);
	}

	/**
	 * Whether some provider names a blocked category (otherwise there is nothing to rewrite).
	 *
	 * @return bool
	 */
	public function has_work(): bool {
		return array() !== $this->providers;
	}

	/**
	 * Buffers the page for `rewrite_buffer()` when there is something to block. Called on `template_redirect`.
	 *
	 * @return void
	 */
	public function start(): void {
		if ( $this->has_work() ) {
			ob_start( array( $this, 'rewrite_buffer' ) );
		}
	}

	/**
	 * Output-buffer callback: rewrites an HTML response, passes anything else unchanged. Never fails: on any
	 * error the page is sent as it was.
	 *
	 * @param string $buffer The page.
	 * @return string
	 */
	public function rewrite_buffer( string $buffer ): string {
		try {
			if ( ! self::is_html_response( headers_list(), $buffer ) ) {
				return $buffer;
			}
			return $this->rewrite( $buffer );
		} catch ( Throwable ) {
			return $buffer;
		}
	}

	/**
	 * Whether a response is an HTML page: no `Content-Type` header set yet or `text/html`, and a body that starts
	 * (after white space and a byte-order mark) with `<`.
	 *
	 * @param string[] $headers Headers as `headers_list()` gives them (`Name: value`).
	 * @param string   $buffer  The body.
	 * @return bool
	 */
	public static function is_html_response( array $headers, string $buffer ): bool {
		$type = null;
		foreach ( $headers as $header ) {
			if ( is_string( $header ) && 1 === preg_match( '/^\s*content-type\s*:(.*)$/is', $header, $match ) ) {
				$type = $match[1];
			}
		}
		if ( null !== $type && 'text/html' !== strtolower( trim( explode( ';', $type, 2 )[0] ) ) ) {
			return false;
		}
		$start = substr( $buffer, 0, 2048 );
		if ( str_starts_with( $start, "\xEF\xBB\xBF" ) ) {
			$start = substr( $start, 3 );
		}
		return str_starts_with( ltrim( $start ), '<' );
	}

	/**
	 * Rewrites the blocked scripts and iframes of an HTML document (pure: no output, no state).
	 *
	 * The tag processor finds the elements (script and iframe contents are raw text, so a `<script` string inside
	 * inline code is never taken for a tag) and gives the span of each element to rewrite; each span is rewritten
	 * on its own and the document is put back together in one pass. Editing through the whole-document processor
	 * instead would make every later tag walk the pending edits (twice as slow on a 1 MB page).
	 *
	 * @param string $html The document or fragment.
	 * @return string
	 */
	public function rewrite( string $html ): string {
		if ( ! $this->providers || ( false === stripos( $html, '<script' ) && false === stripos( $html, '<iframe' ) ) ) {
			return $html;
		}

		$processor = self::processor( $html );
		$out       = '';
		$cursor    = 0;
		while ( $processor->next_tag() ) {
			$tag = $processor->get_tag();
			if ( 'SCRIPT' !== $tag && 'IFRAME' !== $tag ) {
				continue;
			}
			$src = $processor->get_attribute( 'src' );
			if ( ! is_string( $src ) || '' === $src || null !== $processor->get_attribute( self::CATEGORY_ATTR ) ) {
				continue;
			}
			$type = '';
			if ( 'SCRIPT' === $tag ) {
				$type = $processor->get_attribute( 'type' );
				$type = is_string( $type ) ? $type : '';
				if ( ! in_array( strtolower( trim( $type, " \t\n\f\r" ) ), self::SCRIPT_TYPES, true ) ) {
					continue;
				}
			}
			$url        = $this->resolve( $src );
			$categories = null === $url ? null : $this->match( $url );
			$span       = null === $categories ? null : $processor->element_span();
			if ( null === $url || null === $categories || null === $span || $span[0] < $cursor ) {
				continue;
			}
			$element = substr( $html, $span[0], $span[1] );
			if ( '<' !== ( $element[0] ?? '' ) || false === stripos( $element, '</' . $tag, 1 ) ) {
				continue; // Not the whole element (should not happen): leave it to the runtime.
			}

			$placeholder = '';
			if ( 'IFRAME' === $tag ) {
				$width  = self::dimension( $processor->get_attribute( 'width' ) );
				$height = self::dimension( $processor->get_attribute( 'height' ) );
				if ( null !== $width && null !== $height ) {
					$placeholder = $this->placeholder( $url, $categories, $width, $height );
				}
			}
			$out   .= substr( $html, $cursor, $span[0] - $cursor )
				. self::block_element( $element, $categories, $src, $type, '' !== $placeholder )
				. $placeholder;
			$cursor = $span[0] + $span[1];
		}

		return 0 === $cursor ? $html : $out . substr( $html, $cursor );
	}

	/**
	 * A tag processor that also tells the span of the element it stands on.
	 *
	 * @param string $html The document.
	 * @return WP_HTML_Tag_Processor
	 */
	private static function processor( string $html ): WP_HTML_Tag_Processor {
		return new class( $html ) extends WP_HTML_Tag_Processor {

			/**
			 * Offset and length of the current token: for a script or an iframe, from `<` of the opening tag to
			 * `>` of the closing tag (their content is raw text, part of the token). Null when it cannot be told.
			 *
			 * @return array{0: int, 1: int}|null
			 */
			public function element_span(): ?array {
				if ( ! $this->set_bookmark( 'tessera-blocker' ) ) {
					return null;
				}
				$span = $this->bookmarks['tessera-blocker'] ?? null;
				$this->release_bookmark( 'tessera-blocker' );
				return $span instanceof WP_HTML_Span ? array( (int) $span->start, (int) $span->length ) : null;
			}
		};
	}

	/**
	 * Rewrites one element (opening tag, raw content, closing tag) into its blocked markup.
	 *
	 * @param string   $element     The element's HTML.
	 * @param string[] $categories  The categories it waits for.
	 * @param string   $src         Its `src` (decoded).
	 * @param string   $type        A script's original `type` ('' when none); unused for an iframe.
	 * @param bool     $placeholder Whether an iframe is followed by a video placeholder.
	 * @return string
	 */
	private static function block_element( string $element, array $categories, string $src, string $type, bool $placeholder ): string {
		$tag = new WP_HTML_Tag_Processor( $element );
		if ( ! $tag->next_tag() ) {
			return $element;
		}
		if ( 'SCRIPT' === $tag->get_tag() ) {
			if ( '' !== $type ) {
				$tag->set_attribute( self::TYPE_ATTR, $type );
			}
			$tag->set_attribute( 'type', 'text/plain' );
		} else {
			$tag->set_attribute( self::SRC_ATTR, $src );
			$tag->remove_attribute( 'src' );
			if ( $placeholder ) {
				$tag->set_attribute( self::PLACEHOLDER_ATTR, true );
			}
		}
		$tag->set_attribute( self::CATEGORY_ATTR, implode( ',', $categories ) );
		return $tag->get_updated_html();
	}

	/**
	 * The categories a URL waits for: those of the first provider that matches (all providers kept name a
	 * blocked category), or null when it may load.
	 *
	 * @param array{href: string, host: string, pathname: string} $url Parsed absolute URL.
	 * @return string[]|null
	 */
	private function match( array $url ): ?array {
		$short = $url['host'] . $url['pathname'];
		foreach ( $this->providers as $provider ) {
			if ( 1 === preg_match( $provider['pcre'], $provider['full_path'] ? $url['href'] : $short ) ) {
				return $provider['categories'];
			}
		}
		return null;
	}

	/**
	 * A `width` or `height` attribute that is a positive number, as written (trimmed); otherwise null.
	 *
	 * @param string|bool|null $value Attribute value.
	 * @return string|null
	 */
	private static function dimension( $value ): ?string {
		if ( ! is_string( $value ) ) {
			return null;
		}
		$value = trim( $value, " \t\n\f\r" );
		return 1 === preg_match( '/^\d{1,6}(\.\d{1,6})?$/', $value ) && (float) $value > 0 ? $value : null;
	}

	/**
	 * The video placeholder of a blocked iframe.
	 *
	 * @param array{host: string, hostname: string, pathname: string, query: string|null} $url        The iframe's URL.
	 * @param string[]                                                                    $categories The provider's categories.
	 * @param string                                                                      $width      Width attribute.
	 * @param string                                                                      $height     Height attribute.
	 * @return string
	 */
	private function placeholder( array $url, array $categories, string $width, string $height ): string {
		$names = array();
		foreach ( $categories as $slug ) {
			if ( isset( $this->blocked[ $slug ] ) ) {
				$names[] = $this->names[ $slug ];
			}
		}
		$thumbnail = '';
		$video_id  = self::youtube_id( $url );
		if ( null !== $video_id ) {
			/**
			 * Filters the thumbnail of a blocked YouTube video's placeholder ('' for none: the neutral placeholder).
			 * Nothing of the visitor may reach YouTube before consent, so the default is the site's own copy.
			 *
			 * @param string $url      Thumbnail URL: the copy in the uploads folder (VideoThumbnails::url(); '' until
			 *                         the server has fetched it).
			 * @param string $video_id The 11-character video id.
			 */
			$filtered  = apply_filters( 'tessera_consent_video_thumbnail', VideoThumbnails::url( $video_id ), $video_id );
			$thumbnail = is_string( $filtered ) ? $filtered : '';
		}
		/* translators: %s: category names, e.g. "Analytics and Advertisement". */
		$text = sprintf( __( 'This content is blocked until you accept %s cookies.', 'tessera' ), wp_sprintf_l( '%l', $names ) );

		$html = '<div class="tessera-consent-video" style="' . esc_attr( 'aspect-ratio:' . $width . '/' . $height . ';max-width:' . $width . 'px' ) . '">';
		if ( '' !== $thumbnail ) {
			$html .= '<img class="tessera-consent-video__thumbnail" src="' . esc_url( $thumbnail ) . '" alt="" loading="lazy" decoding="async">';
		}
		$html .= '<p class="tessera-consent-video__text">' . esc_html( $text ) . '</p>';
		$html .= '<button type="button" class="tessera-consent-video__button" data-tessera-consent="preferences">' . esc_html__( 'Manage consent', 'tessera' ) . '</button>';
		return $html . '</div>';
	}

	/**
	 * The id of a YouTube video URL (`youtube.com/embed/<ID>`, `youtube-nocookie.com/embed/<ID>`, `youtu.be/<ID>`,
	 * `youtube.com/watch?v=<ID>`) when it is 11 characters of `[A-Za-z0-9_-]`; otherwise null.
	 *
	 * @param array{hostname: string, pathname: string, query: string|null} $url Parsed URL.
	 * @return string|null
	 */
	private static function youtube_id( array $url ): ?string {
		$host = $url['hostname'];
		$path = $url['pathname'];
		$id   = null;
		if ( self::is_host( $host, 'youtube.com' ) || self::is_host( $host, 'youtube-nocookie.com' ) ) {
			if ( 1 === preg_match( '#^/embed/([^/]*)/?$#', $path, $match ) ) {
				$id = $match[1];
			} elseif ( '/watch' === $path && self::is_host( $host, 'youtube.com' ) ) {
				foreach ( explode( '&', (string) $url['query'] ) as $pair ) {
					$parts = explode( '=', $pair, 2 );
					if ( 'v' === $parts[0] ) {
						$id = urldecode( $parts[1] ?? '' );
						break;
					}
				}
			}
		} elseif ( self::is_host( $host, 'youtu.be' ) && 1 === preg_match( '#^/([^/]*)$#', $path, $match ) ) {
			$id = $match[1];
		}
		return null !== $id && 1 === preg_match( '/^[A-Za-z0-9_-]{11}$/', $id ) ? $id : null;
	}

	/**
	 * Whether a host name is a domain or one of its subdomains.
	 *
	 * @param string $host   Host name (lower case).
	 * @param string $domain Domain.
	 * @return bool
	 */
	private static function is_host( string $host, string $domain ): bool {
		return $host === $domain || str_ends_with( $host, '.' . $domain );
	}

	/**
	 * Resolves an attribute URL against `home_url()`, as `new URL( url, base )` does.
	 *
	 * @param string $url The `src` value.
	 * @return array{href: string, host: string, hostname: string, pathname: string, query: string|null}|null Null when it does not parse.
	 */
	private function resolve( string $url ): ?array {
		$parts = self::parse_url( $url, $this->base );
		if ( null === $parts ) {
			return null;
		}
		$parts['href'] = self::href( $parts );
		return $parts;
	}

	/**
	 * Parses a URL reference (a subset of the URL standard's parser: what `src` attributes hold). Host names are
	 * lower-cased, the default port dropped, dot segments removed and unsafe characters percent-encoded.
	 *
	 * @param string     $url  The reference.
	 * @param array|null $base Parsed base URL, or null for an absolute URL.
	 * @phpstan-param array{scheme: string, userinfo: string, host: string, hostname: string, pathname: string, query: string|null, fragment: string|null, special: bool}|null $base
	 * @return array{scheme: string, userinfo: string, host: string, hostname: string, pathname: string, query: string|null, fragment: string|null, special: bool}|null
	 */
	private static function parse_url( string $url, ?array $base ): ?array {
		$url = str_replace( array( "\t", "\n", "\r" ), '', trim( $url, "\x00..\x20" ) );

		$fragment = null;
		$hash     = strpos( $url, '#' );
		if ( false !== $hash ) {
			$fragment = self::encode( substr( $url, $hash + 1 ), ' "<>`' );
			$url      = substr( $url, 0, $hash );
		}

		if ( 1 === preg_match( '/^([A-Za-z][A-Za-z0-9+.\-]*):(.*)$/s', $url, $match ) ) {
			$scheme  = strtolower( $match[1] );
			$rest    = $match[2];
			$special = isset( self::SPECIAL_SCHEMES[ $scheme ] );
			if ( ! $special ) {
				if ( ! str_starts_with( $rest, '//' ) ) {
					// An opaque path (data:, javascript:, mailto:…): no host.
					list( $path, $query ) = self::split_query( $rest );
					return self::parts( $scheme, '', '', '', $path, $query, $fragment, false );
				}
				return self::with_authority( $scheme, substr( $rest, 2 ), $fragment, false );
			}
			if ( null === $base || $base['scheme'] !== $scheme ) {
				return self::with_authority( $scheme, ltrim( $rest, '/\\' ), $fragment, true );
			}
			// Same scheme as the base: `https:/x` and `https:x` are relative, `https://x` has a host (below).
			$url = $rest;
		}

		if ( null === $base ) {
			return null;
		}
		$slashes = $base['special'] ? '/\\' : '/';
		$leading = strspn( $url, $slashes );
		if ( $leading >= 2 ) {
			return self::with_authority( $base['scheme'], substr( $url, $leading ), $fragment, $base['special'] );
		}
		list( $path, $query ) = self::split_query( $url );
		if ( 1 === $leading ) {
			$pathname = $path;
		} elseif ( '' === $path ) {
			$pathname = $base['pathname'];
			$query    = $query ?? $base['query'];
		} else {
			$slash    = strrpos( $base['pathname'], '/' );
			$pathname = ( false === $slash ? '/' : substr( $base['pathname'], 0, $slash + 1 ) ) . $path;
		}
		return self::parts( $base['scheme'], $base['userinfo'], $base['host'], $base['hostname'], $pathname, $query, $fragment, $base['special'] );
	}

	/**
	 * Parses `authority path?query` after `scheme://`.
	 *
	 * @param string      $scheme   Scheme (lower case).
	 * @param string      $rest     Text after the slashes.
	 * @param string|null $fragment Fragment, already encoded.
	 * @param bool        $special  Whether the scheme is special.
	 * @return array{scheme: string, userinfo: string, host: string, hostname: string, pathname: string, query: string|null, fragment: string|null, special: bool}|null
	 */
	private static function with_authority( string $scheme, string $rest, ?string $fragment, bool $special ): ?array {
		$length    = strcspn( $rest, $special ? '/\\?' : '/?' );
		$authority = substr( $rest, 0, $length );
		$rest      = substr( $rest, $length );
		$userinfo  = '';
		$at        = strrpos( $authority, '@' );
		if ( false !== $at ) {
			$userinfo  = substr( $authority, 0, $at );
			$authority = substr( $authority, $at + 1 );
		}
		if ( 1 !== preg_match( '/^(\[[0-9A-Fa-f:.]+\]|[^:\[\]]*)(?::(\d*))?$/', $authority, $match ) ) {
			return null;
		}
		$hostname = rawurldecode( $match[1] );
		if ( 1 === preg_match( '/[^\x00-\x7f]/', $hostname ) ) {
			$ascii    = function_exists( 'idn_to_ascii' ) ? idn_to_ascii( $hostname, IDNA_NONTRANSITIONAL_TO_ASCII, INTL_IDNA_VARIANT_UTS46 ) : false;
			$hostname = false === $ascii ? '' : $ascii;
		}
		// Only the hosts of special schemes are domains (lower-cased); others are opaque.
		$hostname = $special ? strtolower( $hostname ) : $hostname;
		if ( ( $special && '' === $hostname && 'file' !== $scheme ) || 1 === preg_match( '/[\x00-\x20#%\/<>?@\\\\^|]/', $hostname ) ) {
			return null;
		}
		$port = $match[2] ?? '';
		if ( '' !== $port ) {
			$port = ltrim( $port, '0' );
			$port = '' === $port ? '0' : $port;
			if ( strlen( $port ) > 5 || (int) $port > 65535 ) {
				return null;
			}
			if ( $special && self::SPECIAL_SCHEMES[ $scheme ] === $port ) {
				$port = '';
			}
		}
		$host                 = '' === $port ? $hostname : $hostname . ':' . $port;
		list( $path, $query ) = self::split_query( $rest );
		return self::parts( $scheme, $userinfo, $host, $hostname, $path, $query, $fragment, $special );
	}

	/**
	 * Splits `path?query`.
	 *
	 * @param string $text Path and query.
	 * @return array{0: string, 1: string|null} Path, and the query without `?` (null when there is none).
	 */
	private static function split_query( string $text ): array {
		$mark = strpos( $text, '?' );
		return false === $mark ? array( $text, null ) : array( substr( $text, 0, $mark ), substr( $text, $mark + 1 ) );
	}

	/**
	 * Assembles the parts of a URL, normalising the path and encoding the query.
	 *
	 * @param string      $scheme   Scheme.
	 * @param string      $userinfo User info (before `@`).
	 * @param string      $host     Host name and non-default port.
	 * @param string      $hostname Host name.
	 * @param string      $path     Path as written (`/` and `\` separators for special schemes).
	 * @param string|null $query    Query without `?`, raw.
	 * @param string|null $fragment Fragment, encoded.
	 * @param bool        $special  Whether the scheme is special.
	 * @return array{scheme: string, userinfo: string, host: string, hostname: string, pathname: string, query: string|null, fragment: string|null, special: bool}
	 */
	private static function parts( string $scheme, string $userinfo, string $host, string $hostname, string $path, ?string $query, ?string $fragment, bool $special ): array {
		// Idempotent: a path and query taken from the base come out unchanged.
		if ( $special || '' !== $host ) {
			$path = self::normalise_path( $path, $special );
		} else {
			$path = self::encode( $path, '' );
		}
		if ( null !== $query ) {
			$query = self::encode( $query, $special ? ' "#<>\'' : ' "#<>' );
		}
		return array(
			'scheme'   => $scheme,
			'userinfo' => $userinfo,
			'host'     => $host,
			'hostname' => $hostname,
			'pathname' => $path,
			'query'    => $query,
			'fragment' => $fragment,
			'special'  => $special,
		);
	}

	/**
	 * Removes dot segments (`.`, `..`, `%2e`…) and percent-encodes a hierarchical path.
	 *
	 * @param string $path    The path.
	 * @param bool   $special Whether `\` separates segments too.
	 * @return string Starts with `/` (special schemes) or is empty.
	 */
	private static function normalise_path( string $path, bool $special ): string {
		if ( $special ) {
			$path = str_replace( '\\', '/', $path );
		}
		if ( '' === $path ) {
			return $special ? '/' : '';
		}
		$segments = explode( '/', str_starts_with( $path, '/' ) ? substr( $path, 1 ) : $path );
		$out      = array();
		$last     = count( $segments ) - 1;
		foreach ( $segments as $index => $segment ) {
			$dots = str_ireplace( '%2e', '.', $segment );
			if ( '..' === $dots ) {
				array_pop( $out );
				if ( $index === $last ) {
					$out[] = '';
				}
			} elseif ( '.' === $dots ) {
				if ( $index === $last ) {
					$out[] = '';
				}
			} else {
				$out[] = $segment;
			}
		}
		return '/' . self::encode( implode( '/', $out ), ' "#<>?`{}' );
	}

	/**
	 * Percent-encodes controls, non-ASCII bytes and the listed characters (existing `%xx` are kept).
	 *
	 * @param string $text  Text.
	 * @param string $chars Characters to encode besides controls and non-ASCII.
	 * @return string
	 */
	private static function encode( string $text, string $chars ): string {
		$set = '\x00-\x1f\x7f-\xff' . preg_quote( $chars, '/' );
		return (string) preg_replace_callback(
			'/[' . $set . ']/',
			static fn ( array $match ): string => '%' . strtoupper( bin2hex( $match[0] ) ),
			$text
		);
	}

	/**
	 * The serialised URL (`URL.href`).
	 *
	 * @param array{scheme: string, userinfo: string, host: string, pathname: string, query: string|null, fragment: string|null, special: bool} $parts Parsed URL.
	 * @return string
	 */
	private static function href( array $parts ): string {
		$href = $parts['scheme'] . ':';
		if ( $parts['special'] || '' !== $parts['host'] ) {
			$href .= '//' . ( '' !== $parts['userinfo'] ? $parts['userinfo'] . '@' : '' ) . $parts['host'];
		}
		$href .= $parts['pathname'];
		if ( null !== $parts['query'] ) {
			$href .= '?' . $parts['query'];
		}
		if ( null !== $parts['fragment'] ) {
			$href .= '#' . $parts['fragment'];
		}
		return $href;
	}
}
