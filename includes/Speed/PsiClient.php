<?php
/**
 * PageSpeed Insights v5 client: one check = desktop and mobile, requested in parallel.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

use WP_Error;
use WP_HTTP_Proxy;
use WpOrg\Requests\Exception as RequestsException;
use WpOrg\Requests\Proxy\Http as RequestsHttpProxy;
use WpOrg\Requests\Requests;
use WpOrg\Requests\Response;

/**
 * Calls PSI for both strategies at once (curl multi through Requests) and parses both answers.
 */
final class PsiClient {

	/**
	 * The public PSI endpoint.
	 */
	public const DEFAULT_ENDPOINT = 'https://www.googleapis.com/pagespeedonline/v5/runPagespeed';

	/**
	 * Seconds each request may take.
	 */
	public const TIMEOUT = 60;

	/**
	 * The strategies of one check, in answer order.
	 */
	public const STRATEGIES = array( 'desktop', 'mobile' );

	/**
	 * The site owner's API key ('' = none: the request is sent without a key).
	 *
	 * @var string
	 */
	private string $api_key;

	/**
	 * Creates a client.
	 *
	 * @param string $api_key The site owner's API key, or '' for none. There is never a built-in key.
	 */
	public function __construct( string $api_key = '' ) {
		$this->api_key = trim( $api_key );
	}

	/**
	 * The endpoint: the constant TESSERA_PSI_ENDPOINT when defined, then the filter `tessera_psi_endpoint`.
	 *
	 * @return string
	 */
	public static function endpoint(): string {
		$endpoint = self::DEFAULT_ENDPOINT;
		if ( defined( 'TESSERA_PSI_ENDPOINT' ) && is_string( constant( 'TESSERA_PSI_ENDPOINT' ) ) && '' !== constant( 'TESSERA_PSI_ENDPOINT' ) ) {
			$endpoint = (string) constant( 'TESSERA_PSI_ENDPOINT' );
		}

		/**
		 * Filters the PageSpeed Insights v5 endpoint (`…/pagespeedonline/v5/runPagespeed`).
		 *
		 * @param string $endpoint Endpoint URL.
		 */
		$filtered = apply_filters( 'tessera_psi_endpoint', $endpoint );

		return ( is_string( $filtered ) && '' !== $filtered ) ? $filtered : $endpoint;
	}

	/**
	 * The request URL for one strategy.
	 *
	 * @param string $page_url The page to check.
	 * @param string $strategy `desktop` or `mobile`.
	 * @return string
	 */
	public function request_url( string $page_url, string $strategy ): string {
		$args = array(
			'url'      => $page_url,
			'strategy' => $strategy,
			'category' => 'performance',
		);
		if ( '' !== $this->api_key ) {
			$args['key'] = $this->api_key;
		}
		return add_query_arg( array_map( 'rawurlencode', $args ), self::endpoint() );
	}

	/**
	 * Checks one page on desktop and mobile.
	 *
	 * @param string $page_url The public URL of the page.
	 * @return array{desktop: array<string, mixed>, mobile: array<string, mixed>}|WP_Error
	 *         Both Device arrays, or the first failure (desktop's before mobile's).
	 */
	public function check( string $page_url ): array|WP_Error {
		$requests = array();
		foreach ( self::STRATEGIES as $strategy ) {
			$url = $this->request_url( $page_url, $strategy );
			if ( _wp_http_get_object()->block_request( $url ) ) {
				return PsiParser::unreachable( 'blocked by WP_HTTP_BLOCK_EXTERNAL' );
			}
			$requests[ $strategy ] = array(
				'url'     => $url,
				'type'    => Requests::GET,
				'headers' => array( 'Accept' => 'application/json' ),
				'data'    => array(),
				'options' => $this->request_options( $url ),
			);
		}

		try {
			$responses = Requests::request_multiple( $requests, array( 'timeout' => self::TIMEOUT ) );
		} catch ( RequestsException $exception ) {
			return PsiParser::unreachable( $exception->getMessage() );
		}

		$devices = array();
		foreach ( self::STRATEGIES as $strategy ) {
			$response = $responses[ $strategy ] ?? null;
			if ( ! $response instanceof Response ) {
				$detail = $response instanceof \Throwable ? $response->getMessage() : 'no response';
				return PsiParser::unreachable( $detail );
			}
			if ( $response->status_code < 100 ) {
				return PsiParser::unreachable( 'no HTTP status' );
			}
			$device = PsiParser::parse( (int) $response->status_code, (string) $response->body );
			if ( is_wp_error( $device ) ) {
				return $device;
			}
			$devices[ $strategy ] = $device;
		}

		return array(
			'desktop' => $devices['desktop'],
			'mobile'  => $devices['mobile'],
		);
	}

	/**
	 * Requests options for one request, mirroring what WP_Http sets (timeouts, CA bundle, proxy, user agent).
	 *
	 * @param string $url The request URL.
	 * @return array<string, mixed>
	 */
	private function request_options( string $url ): array {
		$options = array(
			'timeout'          => self::TIMEOUT,
			'connect_timeout'  => 10,
			'useragent'        => 'Tessera/' . TESSERA_VERSION . '; ' . home_url( '/' ),
			'follow_redirects' => true,
			'redirects'        => 3,
			'verify'           => ABSPATH . WPINC . '/certificates/ca-bundle.crt',
			'blocking'         => true,
		);

		$proxy = new WP_HTTP_Proxy();
		if ( $proxy->is_enabled() && $proxy->send_through_proxy( $url ) ) {
			$options['proxy'] = $proxy->use_authentication()
				? new RequestsHttpProxy( array( $proxy->host() . ':' . $proxy->port(), $proxy->username(), $proxy->password() ) )
				: new RequestsHttpProxy( $proxy->host() . ':' . $proxy->port() );
		}

		return $options;
	}
}
