<?php
/**
 * Reads one PageSpeed Insights v5 answer into a Device result.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

use WP_Error;

/**
 * Pure parser: HTTP status + body in, Device array or WP_Error out. No I/O, no storage.
 *
 * Device shape (docs/speed.md):
 * `{ score: int, tti: float s, lcp: float s|null, cls: float|null, tbt: int ms|null,
 *    field: null|{ lcp: float s|null, cls: float|null, inp: int ms|null, fcp: float s|null, category: string|null } }`
 */
final class PsiParser {

	/**
	 * Error code: PSI answered with an HTTP error status or an error body.
	 */
	public const ERROR_HTTP = 'tessera_psi_http';

	/**
	 * Error code: the answer could not be read (not JSON, or required fields missing).
	 */
	public const ERROR_MALFORMED = 'tessera_psi_malformed';

	/**
	 * Error code: PSI could not be reached (transport failure or blocked request).
	 */
	public const ERROR_UNREACHABLE = 'tessera_psi_unreachable';

	/**
	 * Parses one answer.
	 *
	 * @param int    $status HTTP status code of the answer.
	 * @param string $body   Raw answer body.
	 * @return array<string, mixed>|WP_Error Device array, or the error to show.
	 */
	public static function parse( int $status, string $body ): array|WP_Error {
		if ( $status < 200 || $status > 299 ) {
			return self::http_error( $status, self::psi_error_message( $body ) );
		}

		$data = json_decode( $body, true );
		if ( ! is_array( $data ) ) {
			return self::malformed();
		}

		// A 2xx answer that still carries PSI's error object.
		if ( isset( $data['error'] ) ) {
			$code = ( is_array( $data['error'] ) && is_int( $data['error']['code'] ?? null ) ) ? $data['error']['code'] : $status;
			return self::http_error( $code, self::psi_error_message( $body ) );
		}

		$lighthouse = self::child( $data, 'lighthouseResult' );
		$audits     = self::child( $lighthouse, 'audits' );
		$score      = self::number( self::child( self::child( $lighthouse, 'categories' ), 'performance' )['score'] ?? null );
		$tti        = self::audit_value( $audits, 'interactive' );
		if ( null === $score || $score > 1 || null === $tti ) {
			return self::malformed();
		}

		$lcp = self::audit_value( $audits, 'largest-contentful-paint' );
		$cls = self::audit_value( $audits, 'cumulative-layout-shift' );
		$tbt = self::audit_value( $audits, 'total-blocking-time' );

		return array(
			'score' => (int) round( $score * 100 ),
			'tti'   => self::seconds( $tti, 1 ),
			'lcp'   => null === $lcp ? null : self::seconds( $lcp, 2 ),
			'cls'   => null === $cls ? null : round( $cls, 3 ),
			'tbt'   => null === $tbt ? null : (int) round( $tbt ),
			'field' => self::field_data( self::child( $data, 'loadingExperience' ) ),
		);
	}

	/**
	 * Reads the field (real-user, CrUX) data, or null when the answer has none.
	 *
	 * @param array<mixed> $experience The `loadingExperience` object.
	 * @return array<string, mixed>|null
	 */
	private static function field_data( array $experience ): ?array {
		$metrics = self::child( $experience, 'metrics' );
		if ( array() === $metrics ) {
			return null;
		}

		$lcp      = self::percentile( $metrics, 'LARGEST_CONTENTFUL_PAINT_MS' );
		$cls      = self::percentile( $metrics, 'CUMULATIVE_LAYOUT_SHIFT_SCORE' );
		$inp      = self::percentile( $metrics, 'INTERACTION_TO_NEXT_PAINT' );
		$fcp      = self::percentile( $metrics, 'FIRST_CONTENTFUL_PAINT_MS' );
		$category = $experience['overall_category'] ?? null;
		$category = ( is_string( $category ) && 1 === preg_match( '/^[A-Z_]{1,32}$/', $category ) ) ? $category : null;

		if ( null === $lcp && null === $cls && null === $inp && null === $fcp && null === $category ) {
			return null;
		}

		return array(
			'lcp'      => null === $lcp ? null : self::seconds( $lcp, 2 ),
			// PSI reports the CLS percentile multiplied by 100.
			'cls'      => null === $cls ? null : round( $cls / 100, 2 ),
			'inp'      => null === $inp ? null : (int) round( $inp ),
			'fcp'      => null === $fcp ? null : self::seconds( $fcp, 2 ),
			'category' => $category,
		);
	}

	/**
	 * The `numericValue` of one Lighthouse audit.
	 *
	 * @param array<mixed> $audits The `lighthouseResult.audits` object.
	 * @param string       $id     Audit id.
	 * @return float|null Null when missing or not a non-negative number.
	 */
	private static function audit_value( array $audits, string $id ): ?float {
		return self::number( self::child( $audits, $id )['numericValue'] ?? null );
	}

	/**
	 * The `percentile` of one field metric.
	 *
	 * @param array<mixed> $metrics The `loadingExperience.metrics` object.
	 * @param string       $id      Metric id.
	 * @return float|null Null when missing or not a non-negative number.
	 */
	private static function percentile( array $metrics, string $id ): ?float {
		return self::number( self::child( $metrics, $id )['percentile'] ?? null );
	}

	/**
	 * A child object of a decoded JSON object, or an empty array.
	 *
	 * @param array<mixed> $parent Decoded object.
	 * @param string       $key    Property name.
	 * @return array<mixed>
	 */
	private static function child( array $parent, string $key ): array {
		return ( isset( $parent[ $key ] ) && is_array( $parent[ $key ] ) ) ? $parent[ $key ] : array();
	}

	/**
	 * A finite, non-negative JSON number as float.
	 *
	 * @param mixed $value Decoded JSON value.
	 * @return float|null
	 */
	private static function number( mixed $value ): ?float {
		if ( ! is_int( $value ) && ! is_float( $value ) ) {
			return null;
		}
		$value = (float) $value;
		return ( is_finite( $value ) && $value >= 0 ) ? $value : null;
	}

	/**
	 * Milliseconds to seconds, rounded.
	 *
	 * @param float $milliseconds Duration in ms.
	 * @param int   $precision    Decimals.
	 * @return float
	 */
	private static function seconds( float $milliseconds, int $precision ): float {
		return round( $milliseconds / 1000, $precision );
	}

	/**
	 * PSI's own error message from an error body, for the error data (never shown as our message).
	 *
	 * @param string $body Raw answer body.
	 * @return string
	 */
	private static function psi_error_message( string $body ): string {
		$data    = json_decode( $body, true, 16 );
		$message = is_array( $data ) && is_array( $data['error'] ?? null ) ? ( $data['error']['message'] ?? '' ) : '';
		return is_string( $message ) ? mb_substr( sanitize_text_field( $message ), 0, 300 ) : '';
	}

	/**
	 * "PageSpeed Insights answered with an error (HTTP %d)."
	 *
	 * @param int    $status      HTTP status (or PSI error code).
	 * @param string $psi_message PSI's own message, kept as error data.
	 * @return WP_Error
	 */
	public static function http_error( int $status, string $psi_message = '' ): WP_Error {
		return new WP_Error(
			self::ERROR_HTTP,
			sprintf(
				/* translators: %d: HTTP status code, e.g. 500. */
				__( 'PageSpeed Insights answered with an error (HTTP %d).', 'tessera' ),
				$status
			),
			array(
				'http_status' => $status,
				'psi_message' => $psi_message,
			)
		);
	}

	/**
	 * "PageSpeed Insights returned an answer that could not be read."
	 *
	 * @return WP_Error
	 */
	public static function malformed(): WP_Error {
		return new WP_Error(
			self::ERROR_MALFORMED,
			__( 'PageSpeed Insights returned an answer that could not be read.', 'tessera' )
		);
	}

	/**
	 * "PageSpeed Insights could not be reached."
	 *
	 * @param string $detail Transport detail, kept as error data.
	 * @return WP_Error
	 */
	public static function unreachable( string $detail = '' ): WP_Error {
		return new WP_Error(
			self::ERROR_UNREACHABLE,
			__( 'PageSpeed Insights could not be reached.', 'tessera' ),
			array( 'detail' => $detail )
		);
	}
}
