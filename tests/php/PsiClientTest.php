<?php
/**
 * PsiClient: endpoint, request URLs, and both strategies against the fake PageSpeed Insights server.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Speed\PsiClient;

/**
 * The HTTP part of a check.
 */
final class PsiClientTest extends TestCase {

	/**
	 * Query arguments of a URL.
	 *
	 * @param string $url URL.
	 * @return array<string, string>
	 */
	private static function query( string $url ): array {
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $args );
		return $args;
	}

	/**
	 * The endpoint before any filter: the constant when the site defines it, else PSI's own.
	 *
	 * @return string
	 */
	private static function unfiltered_endpoint(): string {
		return defined( 'TESSERA_PSI_ENDPOINT' ) ? (string) constant( 'TESSERA_PSI_ENDPOINT' ) : 'https://www.googleapis.com/pagespeedonline/v5/runPagespeed';
	}

	/**
	 * Runs a callback with the site's own `tessera_psi_endpoint` filters (if any) set aside.
	 *
	 * @param callable $callback Test body.
	 * @return void
	 */
	private static function without_site_filters( callable $callback ): void {
		global $wp_filter;
		$saved = $wp_filter['tessera_psi_endpoint'] ?? null;
		unset( $wp_filter['tessera_psi_endpoint'] );
		try {
			$callback();
		} finally {
			unset( $wp_filter['tessera_psi_endpoint'] );
			if ( null !== $saved ) {
				$wp_filter['tessera_psi_endpoint'] = $saved; // phpcs:ignore WordPress.WP.GlobalVariablesOverride -- restoring it.
			}
		}
	}

	public function test_default_endpoint_constant_and_filter(): void {
		self::without_site_filters(
			function (): void {
				$this->assertSame( self::unfiltered_endpoint(), PsiClient::endpoint(), 'the constant, else the public endpoint' );

				$filter = static function ( string $endpoint ): string {
					return 'http://127.0.0.1:1/psi?from=' . rawurlencode( $endpoint );
				};
				add_filter( 'tessera_psi_endpoint', $filter );
				$this->assertSame( 'http://127.0.0.1:1/psi?from=' . rawurlencode( self::unfiltered_endpoint() ), PsiClient::endpoint(), 'the filter gets the constant and wins' );
			}
		);
	}

	public function test_a_filter_returning_nonsense_is_ignored(): void {
		self::without_site_filters(
			function (): void {
				add_filter( 'tessera_psi_endpoint', '__return_empty_array' );
				$this->assertSame( self::unfiltered_endpoint(), PsiClient::endpoint() );
				add_filter( 'tessera_psi_endpoint', '__return_empty_string', 11 );
				$this->assertSame( self::unfiltered_endpoint(), PsiClient::endpoint() );
			}
		);
	}

	public function test_request_url_without_a_key(): void {
		$this->add_test_filter(
			'tessera_psi_endpoint',
			static function (): string {
				return 'https://psi.example/pagespeedonline/v5/runPagespeed';
			}
		);
		$url = ( new PsiClient( '' ) )->request_url( 'https://example.com/a page/?x=1&y=2', 'mobile' );
		$this->assertStringStartsWith( 'https://psi.example/pagespeedonline/v5/runPagespeed?', $url );
		$this->assertSame(
			array(
				'url'      => 'https://example.com/a page/?x=1&y=2',
				'strategy' => 'mobile',
				'category' => 'performance',
			),
			self::query( $url )
		);
		$this->assertStringNotContainsString( 'key=', $url );
	}

	public function test_request_url_with_a_key(): void {
		$url = ( new PsiClient( ' AIza-key_1 ' ) )->request_url( 'https://example.com/', 'desktop' );
		$this->assertSame( 'AIza-key_1', self::query( $url )['key'] );
		$this->assertSame( 'desktop', self::query( $url )['strategy'] );
	}

	public function test_both_strategies_from_the_fake(): void {
		$fake   = $this->use_fake_psi();
		$before = count( $this->fake_requests() );
		$page   = home_url( '/score-88-47-client/' );

		$devices = ( new PsiClient( 'client-key' ) )->check( $page );

		$this->assertIsArray( $devices );
		$this->assertSame( 88, $devices['desktop']['score'] );
		$this->assertSame( 1.2, $devices['desktop']['tti'] );
		$this->assertSame( 47, $devices['mobile']['score'] );
		$this->assertSame( 7.9, $devices['mobile']['tti'] );
		$requests = $this->fake_requests_since( $before );
		$this->assertCount( 2, $requests );
		foreach ( $requests as $request ) {
			$this->assertSame( '/pagespeedonline/v5/runPagespeed', $request['path'] );
			$this->assertSame( $page, $request['url'] );
			$this->assertSame( 'client-key', $request['key'] );
		}
		$this->assertStringStartsWith( 'http', $fake );
	}

	public function test_the_first_failure_is_returned(): void {
		$this->use_fake_psi();
		$result = ( new PsiClient() )->check( home_url( '/psi-403-client/' ) );
		$this->assertInstanceOf( \WP_Error::class, $result );
		$this->assertSame( 'PageSpeed Insights answered with an error (HTTP 403).', $result->get_error_message() );
	}

	public function test_a_closed_port_is_unreachable(): void {
		$this->add_test_filter(
			'tessera_psi_endpoint',
			static function (): string {
				return 'http://127.0.0.1:9/pagespeedonline/v5/runPagespeed';
			}
		);
		$result = ( new PsiClient() )->check( 'https://example.com/' );
		$this->assertInstanceOf( \WP_Error::class, $result );
		$this->assertSame( 'PageSpeed Insights could not be reached.', $result->get_error_message() );
	}

	public function test_blocked_local_requests_are_not_sent(): void {
		if ( ! defined( 'WP_HTTP_BLOCK_EXTERNAL' ) || ! WP_HTTP_BLOCK_EXTERNAL ) {
			$this->markTestSkipped( 'The test site does not set WP_HTTP_BLOCK_EXTERNAL.' );
		}
		$fake = $this->use_fake_psi();
		if ( wp_parse_url( $fake, PHP_URL_HOST ) !== wp_parse_url( (string) get_option( 'siteurl' ), PHP_URL_HOST ) && 'localhost' !== wp_parse_url( $fake, PHP_URL_HOST ) ) {
			$this->markTestSkipped( 'The fake PSI server is not on the site\'s host.' );
		}
		$before = count( $this->fake_requests() );
		// The fake is on this host: WordPress lets such requests through unless `block_local_requests` says no.
		$this->add_test_filter( 'block_local_requests', '__return_true' );

		$result = ( new PsiClient() )->check( home_url( '/score-90-90-blocked/' ) );

		$this->assertInstanceOf( \WP_Error::class, $result );
		$this->assertSame( 'PageSpeed Insights could not be reached.', $result->get_error_message() );
		$this->assertCount( 0, $this->fake_requests_since( $before ), 'nothing reached the server' );
	}
}
