<?php
/**
 * PsiParser: one PageSpeed Insights answer (status + body) to a Device, or the contract's error.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Speed\PsiParser;
use WP_Error;

/**
 * Rounding, units, optional metrics, field data, and every malformed or failed answer.
 */
final class PsiParserTest extends TestCase {

	private const UNREADABLE = 'PageSpeed Insights returned an answer that could not be read.';

	/**
	 * A minimal successful PSI answer as an array (the parts the parser reads, plus some noise).
	 *
	 * @return array<string, mixed>
	 */
	private static function answer(): array {
		return array(
			'kind'              => 'pagespeedonline#result',
			'id'                => 'https://example.com/',
			'lighthouseResult'  => array(
				'lighthouseVersion' => '12.2.1',
				'categories'        => array(
					'performance' => array(
						'id'    => 'performance',
						'score' => 0.92,
					),
				),
				'audits'            => array(
					'interactive'              => array( 'numericValue' => 1234 ),
					'largest-contentful-paint' => array( 'numericValue' => 1543.2 ),
					'cumulative-layout-shift'  => array( 'numericValue' => 0.0312 ),
					'total-blocking-time'      => array( 'numericValue' => 120.4 ),
				),
			),
			'loadingExperience' => array(
				'id'               => 'https://example.com/',
				'metrics'          => array(
					'LARGEST_CONTENTFUL_PAINT_MS'   => array( 'percentile' => 2100 ),
					'CUMULATIVE_LAYOUT_SHIFT_SCORE' => array( 'percentile' => 5 ),
					'INTERACTION_TO_NEXT_PAINT'     => array( 'percentile' => 150 ),
					'FIRST_CONTENTFUL_PAINT_MS'     => array( 'percentile' => 1200 ),
				),
				'overall_category' => 'FAST',
			),
		);
	}

	/**
	 * Parses an array answer with status 200.
	 *
	 * @param array<string, mixed> $answer Answer.
	 * @return array<string, mixed>|WP_Error
	 */
	private static function parse( array $answer ): array|WP_Error {
		return PsiParser::parse( 200, (string) wp_json_encode( $answer ) );
	}

	/**
	 * Asserts a successful parse and returns the Device.
	 *
	 * @param array<string, mixed>|WP_Error $device Parse result.
	 * @return array<string, mixed>
	 */
	private function device( array|WP_Error $device ): array {
		$this->assertIsArray( $device, is_wp_error( $device ) ? $device->get_error_message() : '' );
		return $device;
	}

	/**
	 * Asserts an error with the exact message.
	 *
	 * @param string                        $message Expected message.
	 * @param array<string, mixed>|WP_Error $result  Parse result.
	 * @return void
	 */
	private function assertPsiError( string $message, array|WP_Error $result ): void {
		$this->assertInstanceOf( WP_Error::class, $result );
		$this->assertSame( $message, $result->get_error_message() );
	}

	public function test_a_realistic_answer(): void {
		$body   = (string) file_get_contents( __DIR__ . '/fixtures/psi-mobile.json' );
		$device = $this->device( PsiParser::parse( 200, $body ) );

		$this->assertSame(
			array(
				'score' => 45,
				'tti'   => 7.9,
				'lcp'   => 4.32,
				'cls'   => 0.12,
				'tbt'   => 640,
				'field' => array(
					'lcp'      => 3.1,
					'cls'      => 0.12,
					'inp'      => 310,
					'fcp'      => 2.2,
					'category' => 'AVERAGE',
				),
			),
			$device
		);
	}

	/**
	 * @return array<string, array{0: mixed, 1: int}>
	 */
	public function scores(): array {
		return array(
			'0.92'             => array( 0.92, 92 ),
			'0.925 rounds up'  => array( 0.925, 93 ),
			'0.924 rounds down' => array( 0.924, 92 ),
			'0.495'            => array( 0.495, 50 ),
			'0.004'            => array( 0.004, 0 ),
			'0 (integer)'      => array( 0, 0 ),
			'1 (integer)'      => array( 1, 100 ),
			'1.0'              => array( 1.0, 100 ),
		);
	}

	/**
	 * @dataProvider scores
	 *
	 * @param mixed $score    Lighthouse score 0–1.
	 * @param int   $expected Score 0–100.
	 */
	public function test_score_is_times_100_rounded( mixed $score, int $expected ): void {
		$answer = self::answer();
		$answer['lighthouseResult']['categories']['performance']['score'] = $score;
		$this->assertSame( $expected, $this->device( self::parse( $answer ) )['score'] );
	}

	/**
	 * @return array<string, array{0: int|float, 1: float}>
	 */
	public function ttis(): array {
		return array(
			'1234 ms'  => array( 1234, 1.2 ),
			'1250 ms'  => array( 1250, 1.3 ),
			'1249.9'   => array( 1249.9, 1.2 ),
			'7890 ms'  => array( 7890, 7.9 ),
			'0 ms'     => array( 0, 0.0 ),
			'12000 ms' => array( 12000, 12.0 ),
			'49.4 ms'  => array( 49.4, 0.0 ),
		);
	}

	/**
	 * @dataProvider ttis
	 *
	 * @param int|float $ms       Time to interactive in ms.
	 * @param float     $expected Seconds, one decimal.
	 */
	public function test_tti_is_seconds_with_one_decimal( int|float $ms, float $expected ): void {
		$answer = self::answer();
		$answer['lighthouseResult']['audits']['interactive']['numericValue'] = $ms;
		$tti = $this->device( self::parse( $answer ) )['tti'];
		$this->assertIsFloat( $tti );
		$this->assertSame( $expected, $tti );
	}

	public function test_lab_metrics(): void {
		$device = $this->device( self::parse( self::answer() ) );
		$this->assertSame( 1.54, $device['lcp'] );
		$this->assertSame( 0.031, $device['cls'] );
		$this->assertSame( 120, $device['tbt'] );
	}

	public function test_optional_metrics_missing_are_null(): void {
		$answer = self::answer();
		unset( $answer['lighthouseResult']['audits']['largest-contentful-paint'] );
		$answer['lighthouseResult']['audits']['cumulative-layout-shift'] = array( 'score' => 1 );
		$answer['lighthouseResult']['audits']['total-blocking-time']     = array( 'numericValue' => 'slow' );

		$device = $this->device( self::parse( $answer ) );
		$this->assertNull( $device['lcp'] );
		$this->assertNull( $device['cls'] );
		$this->assertNull( $device['tbt'] );
		$this->assertSame( 92, $device['score'] );
	}

	public function test_field_data(): void {
		$device = $this->device( self::parse( self::answer() ) );
		$this->assertSame(
			array(
				'lcp'      => 2.1,
				'cls'      => 0.05,
				'inp'      => 150,
				'fcp'      => 1.2,
				'category' => 'FAST',
			),
			$device['field']
		);
	}

	public function test_field_cls_is_the_percentile_divided_by_100(): void {
		foreach ( array(
			0  => 0.0,
			1  => 0.01,
			12 => 0.12,
			25 => 0.25,
			100 => 1.0,
		) as $percentile => $cls ) {
			$answer = self::answer();
			$answer['loadingExperience']['metrics']['CUMULATIVE_LAYOUT_SHIFT_SCORE']['percentile'] = $percentile;
			$this->assertSame( $cls, $this->device( self::parse( $answer ) )['field']['cls'], "percentile $percentile" );
		}
	}

	public function test_no_loading_experience_gives_field_null(): void {
		$answer = self::answer();
		unset( $answer['loadingExperience'] );
		$this->assertNull( $this->device( self::parse( $answer ) )['field'] );
	}

	public function test_loading_experience_without_metrics_gives_field_null(): void {
		// What PSI sends for a page without enough real-user traffic.
		$answer                      = self::answer();
		$answer['loadingExperience'] = array( 'initial_url' => 'https://example.com/' );
		$this->assertNull( $this->device( self::parse( $answer ) )['field'] );
	}

	public function test_partial_field_data(): void {
		$answer = self::answer();
		unset( $answer['loadingExperience']['metrics']['INTERACTION_TO_NEXT_PAINT'], $answer['loadingExperience']['overall_category'] );
		$answer['loadingExperience']['metrics']['FIRST_CONTENTFUL_PAINT_MS'] = array( 'percentile' => null );

		$field = $this->device( self::parse( $answer ) )['field'];
		$this->assertSame( 2.1, $field['lcp'] );
		$this->assertSame( 0.05, $field['cls'] );
		$this->assertNull( $field['inp'] );
		$this->assertNull( $field['fcp'] );
		$this->assertNull( $field['category'] );
	}

	public function test_an_odd_category_is_dropped(): void {
		$answer = self::answer();
		$answer['loadingExperience']['overall_category'] = '<b>FAST</b>';
		$this->assertNull( $this->device( self::parse( $answer ) )['field']['category'] );
	}

	/**
	 * @return array<string, array{0: int, 1: string}>
	 */
	public function http_errors(): array {
		$psi_error = (string) wp_json_encode(
			array(
				'error' => array(
					'code'    => 500,
					'message' => 'Lighthouse returned error: FAILED_DOCUMENT_REQUEST.',
					'status'  => 'INTERNAL',
				),
			)
		);
		return array(
			'500 with PSI error body' => array( 500, $psi_error ),
			'403'                     => array( 403, '{"error":{"code":403,"message":"The caller does not have permission","status":"PERMISSION_DENIED"}}' ),
			'429 empty body'          => array( 429, '' ),
			'400 html body'           => array( 400, '<html><body>Bad Request</body></html>' ),
			'502 truncated'           => array( 502, '{"error":{"co' ),
			'301'                     => array( 301, '' ),
		);
	}

	/**
	 * @dataProvider http_errors
	 *
	 * @param int    $status HTTP status.
	 * @param string $body   Body.
	 */
	public function test_http_error_status( int $status, string $body ): void {
		$result = PsiParser::parse( $status, $body );
		$this->assertPsiError( "PageSpeed Insights answered with an error (HTTP $status).", $result );
		$this->assertSame( PsiParser::ERROR_HTTP, $result->get_error_code() );
		$this->assertSame( $status, $result->get_error_data()['http_status'] );
	}

	public function test_psi_message_is_kept_as_data_only(): void {
		$result = PsiParser::parse( 500, '{"error":{"code":500,"message":"Lighthouse <b>failed</b>"}}' );
		$this->assertPsiError( 'PageSpeed Insights answered with an error (HTTP 500).', $result );
		$this->assertSame( 'Lighthouse failed', $result->get_error_data()['psi_message'] );
	}

	public function test_error_body_with_status_200(): void {
		$result = PsiParser::parse( 200, '{"error":{"code":429,"message":"Quota exceeded"}}' );
		$this->assertPsiError( 'PageSpeed Insights answered with an error (HTTP 429).', $result );
	}

	/**
	 * @return array<string, array{0: string}>
	 */
	public function unreadable_bodies(): array {
		$full = (string) wp_json_encode( self::answer() );
		return array(
			'empty'                 => array( '' ),
			'truncated JSON'        => array( substr( $full, 0, (int) ( strlen( $full ) / 2 ) ) ),
			'HTML'                  => array( '<!DOCTYPE html><title>Error</title>' ),
			'JSON null'             => array( 'null' ),
			'JSON string'           => array( '"ok"' ),
			'JSON number'           => array( '92' ),
			'empty object'          => array( '{}' ),
			'empty list'            => array( '[]' ),
			'no lighthouseResult'   => array( '{"loadingExperience":{}}' ),
			'lighthouseResult list' => array( '{"lighthouseResult":[1,2]}' ),
		);
	}

	/**
	 * @dataProvider unreadable_bodies
	 *
	 * @param string $body Body sent with 200.
	 */
	public function test_unreadable_answers( string $body ): void {
		$result = PsiParser::parse( 200, $body );
		$this->assertPsiError( self::UNREADABLE, $result );
		$this->assertSame( PsiParser::ERROR_MALFORMED, $result->get_error_code() );
	}

	/**
	 * @return array<string, array{0: callable}>
	 */
	public function missing_fields(): array {
		return array(
			'no performance score'   => array(
				static function ( array &$a ): void {
					unset( $a['lighthouseResult']['categories']['performance']['score'] );
				},
			),
			'score null (Lighthouse runtime error)' => array(
				static function ( array &$a ): void {
					$a['lighthouseResult']['categories']['performance']['score'] = null;
				},
			),
			'score as string'        => array(
				static function ( array &$a ): void {
					$a['lighthouseResult']['categories']['performance']['score'] = '0.9';
				},
			),
			'score above 1'          => array(
				static function ( array &$a ): void {
					$a['lighthouseResult']['categories']['performance']['score'] = 1.5;
				},
			),
			'score below 0'          => array(
				static function ( array &$a ): void {
					$a['lighthouseResult']['categories']['performance']['score'] = -0.1;
				},
			),
			'score boolean'          => array(
				static function ( array &$a ): void {
					$a['lighthouseResult']['categories']['performance']['score'] = true;
				},
			),
			'no categories'          => array(
				static function ( array &$a ): void {
					unset( $a['lighthouseResult']['categories'] );
				},
			),
			'no interactive audit'   => array(
				static function ( array &$a ): void {
					unset( $a['lighthouseResult']['audits']['interactive'] );
				},
			),
			'interactive without value' => array(
				static function ( array &$a ): void {
					$a['lighthouseResult']['audits']['interactive'] = array( 'score' => 0.5 );
				},
			),
			'interactive as string'  => array(
				static function ( array &$a ): void {
					$a['lighthouseResult']['audits']['interactive']['numericValue'] = '1234';
				},
			),
			'interactive negative'   => array(
				static function ( array &$a ): void {
					$a['lighthouseResult']['audits']['interactive']['numericValue'] = -5;
				},
			),
			'no audits'              => array(
				static function ( array &$a ): void {
					unset( $a['lighthouseResult']['audits'] );
				},
			),
		);
	}

	/**
	 * @dataProvider missing_fields
	 *
	 * @param callable $break Breaks the answer.
	 */
	public function test_missing_or_wrong_required_fields( callable $break ): void {
		$answer = self::answer();
		$break( $answer );
		$this->assertPsiError( self::UNREADABLE, self::parse( $answer ) );
	}

	public function test_unreachable_message(): void {
		$this->assertPsiError( 'PageSpeed Insights could not be reached.', PsiParser::unreachable( 'cURL error 7' ) );
		$this->assertSame( PsiParser::ERROR_UNREACHABLE, PsiParser::unreachable()->get_error_code() );
	}
}
