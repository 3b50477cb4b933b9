<?php
/**
 * The score circle, rendered on the server (list column, admin bar). The TypeScript draws the same markup.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

use Tessera\Html;

/**
 * One function for every score circle the server renders.
 */
final class ScoreCircle {

	/**
	 * Default diameter in px.
	 */
	public const SIZE = 56;

	/**
	 * Default stroke width in px.
	 */
	public const THICKNESS = 5;

	/**
	 * Colour of a score (spec §4/§9): 0–49 red, 50–89 orange, 90–100 green.
	 *
	 * @param int $score Score 0–100.
	 * @return string `red`, `orange` or `green`.
	 */
	public static function colour( int $score ): string {
		if ( $score >= 90 ) {
			return 'green';
		}
		return $score <= 49 ? 'red' : 'orange';
	}

	/**
	 * A score as a machine-readable decimal ("1.2"), independent of the locale.
	 *
	 * @param float $value    Value.
	 * @param int   $decimals Decimals.
	 * @return string
	 */
	public static function decimal( float $value, int $decimals = 1 ): string {
		return number_format( $value, $decimals, '.', '' );
	}

	/**
	 * Renders one circle.
	 *
	 * @param string $device    `desktop` or `mobile`.
	 * @param int    $score     Score 0–100.
	 * @param float  $tti       Time to interactive in seconds.
	 * @param int    $post_id   The post the score belongs to.
	 * @param int    $size      Diameter in px.
	 * @param int    $thickness Stroke width in px.
	 * @return string HTML.
	 */
	public static function render( string $device, int $score, float $tti, int $post_id, int $size = self::SIZE, int $thickness = self::THICKNESS ): string {
		$device    = 'mobile' === $device ? 'mobile' : 'desktop';
		$score     = max( 0, min( 100, $score ) );
		$size      = max( 8, $size );
		$thickness = max( 1, min( (int) floor( $size / 2 ) - 1, $thickness ) );
		$centre    = $size / 2;
		$radius    = ( $size - $thickness ) / 2;
		$length    = 2 * M_PI * $radius;
		$filled    = $length * $score / 100;
		$tti_label = number_format_i18n( $tti, 1 );

		$label = 'mobile' === $device
			/* translators: 1: score 0-100, 2: load time in seconds, e.g. 7.9. */
			? sprintf( __( 'Mobile score %1$d of 100, load time %2$s s', 'tessera' ), $score, $tti_label )
			/* translators: 1: score 0-100, 2: load time in seconds, e.g. 1.2. */
			: sprintf( __( 'Desktop score %1$d of 100, load time %2$s s', 'tessera' ), $score, $tti_label );

		$circle = array(
			'cx'           => self::decimal( $centre, 2 ),
			'cy'           => self::decimal( $centre, 2 ),
			'r'            => self::decimal( $radius, 2 ),
			'fill'         => 'none',
			'stroke'       => 'currentColor',
			'stroke-width' => (string) $thickness,
		);

		$svg = Html::element(
			'svg',
			array(
				'viewBox'     => '0 0 ' . $size . ' ' . $size,
				'width'       => (string) $size,
				'height'      => (string) $size,
				'aria-hidden' => 'true',
				'focusable'   => 'false',
			),
			Html::element( 'circle', array( 'class' => 'tessera-speed-circle__track' ) + $circle )
			. Html::element(
				'circle',
				array(
					'class'            => 'tessera-speed-circle__bar',
					'stroke-dasharray' => self::decimal( $filled, 2 ) . ' ' . self::decimal( $length, 2 ),
					'transform'        => 'rotate(-90 ' . self::decimal( $centre, 2 ) . ' ' . self::decimal( $centre, 2 ) . ')',
				) + $circle
			)
		);

		return Html::element(
			'div',
			array(
				'class'          => 'tessera-speed-circle tessera-speed-circle--' . self::colour( $score ),
				'data-score'     => (string) $score,
				'data-size'      => (string) $size,
				'data-thickness' => (string) $thickness,
				'data-tti'       => self::decimal( $tti, 1 ),
				'data-post_id'   => (string) $post_id,
				'data-device'    => $device,
				'role'           => 'img',
				'aria-label'     => $label,
			),
			$svg . Html::element(
				'span',
				array(
					'class'       => 'tessera-speed-circle__value',
					'aria-hidden' => 'true',
				),
				esc_html( (string) $score )
			)
		);
	}
}
