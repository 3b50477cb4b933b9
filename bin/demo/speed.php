<?php
/**
 * Demo content for the page-speed check: posts and pages with results in every stored state.
 *
 * Include it inside a loaded WordPress as an administrator (`bin/site demo <env>` does). Idempotent: each
 * demo item carries the post meta `_tessera_demo` and is skipped when it already exists.
 *
 * States: optimized green (>= 90), orange and red (<= 49), with and without field data; not optimized;
 * failed; failed with an older good result kept.
 *
 * @package Tessera
 */

declare(strict_types=1);

use Tessera\Speed\SpeedStore;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function (): void {
	if ( ! class_exists( SpeedStore::class ) ) {
		echo "speed demo: the Tessera plugin is not active\n";
		return;
	}

	$store = new SpeedStore();
	$now   = time();

	/*
	 * One Device. Field data: [ lcp ms, cls x 100, inp ms, fcp ms, category ] or null.
	 */
	$device = static function ( int $score, float $tti, float $lcp, float $cls, int $tbt, ?array $field = null ): array {
		return array(
			'score' => $score,
			'tti'   => $tti,
			'lcp'   => $lcp,
			'cls'   => $cls,
			'tbt'   => $tbt,
			'field' => null === $field ? null : array(
				'lcp'      => round( $field[0] / 1000, 2 ),
				'cls'      => round( $field[1] / 100, 2 ),
				'inp'      => $field[2],
				'fcp'      => round( $field[3] / 1000, 2 ),
				'category' => $field[4],
			),
		);
	};

	$paragraphs = static function ( string ...$texts ): string {
		$blocks = array();
		foreach ( $texts as $text ) {
			$blocks[] = "<!-- wp:paragraph -->\n<p>" . esc_html( $text ) . "</p>\n<!-- /wp:paragraph -->";
		}
		return implode( "\n\n", $blocks );
	};

	$items = array(
		array(
			'key'     => 'speed-green-field',
			'type'    => 'post',
			'title'   => 'A Weekend of Coastal Walks in Cornwall',
			'content' => $paragraphs(
				'We set off from St Ives before sunrise, with the tide still out and the harbour lights reflecting on wet sand.',
				'By the second day the light had turned soft and grey, which is exactly what you want for long exposures of the cliffs.'
			),
			'result'  => array(
				'desktop' => $device( 96, 0.9, 0.82, 0.01, 30, array( 1650, 2, 110, 900, 'FAST' ) ),
				'mobile'  => $device( 91, 2.8, 2.21, 0.03, 140, array( 2300, 4, 180, 1500, 'FAST' ) ),
			),
			'hours'   => 3,
		),
		array(
			'key'     => 'speed-green-nofield',
			'type'    => 'page',
			'title'   => 'Visit the Studio',
			'content' => $paragraphs(
				'The studio is on the first floor of the old print works, five minutes from the station.',
				'We are open Tuesday to Saturday, 10:00 to 17:00. Portrait sessions are by appointment.'
			),
			'result'  => array(
				'desktop' => $device( 93, 1.1, 0.95, 0.0, 40 ),
				'mobile'  => $device( 90, 3.2, 2.48, 0.02, 190 ),
			),
			'hours'   => 26,
		),
		array(
			'key'     => 'speed-orange-field',
			'type'    => 'post',
			'title'   => 'Behind the Lens: Shooting the Northern Lights',
			'content' => $paragraphs(
				'The forecast said Kp 5, the sky said otherwise until well past midnight.',
				'Here is the kit list, the settings that worked, and the three that did not.'
			),
			'result'  => array(
				'desktop' => $device( 78, 2.4, 1.92, 0.06, 260, array( 2700, 8, 240, 1700, 'AVERAGE' ) ),
				'mobile'  => $device( 62, 6.1, 3.84, 0.11, 520, array( 3300, 14, 310, 2300, 'AVERAGE' ) ),
			),
			'hours'   => 50,
		),
		array(
			'key'     => 'speed-orange-nofield',
			'type'    => 'page',
			'title'   => 'Wedding Photography Packages',
			'content' => $paragraphs(
				'Every package includes a planning call, an online gallery and a printed album of your choice.',
				'Travel within 50 miles is included; beyond that we charge the cost of the journey only.'
			),
			'result'  => array(
				'desktop' => $device( 89, 1.9, 1.45, 0.04, 180 ),
				'mobile'  => $device( 50, 7.2, 4.12, 0.09, 690 ),
			),
			'hours'   => 75,
		),
		array(
			'key'     => 'speed-red-field',
			'type'    => 'post',
			'title'   => 'Our Complete Archive of Night Photography',
			'content' => $paragraphs(
				'Ten years of night photography in one place: cities, coastlines and a few very cold mountain tops.',
				'Every image is shown at full size, which is beautiful and, as the score shows, heavy.'
			),
			'result'  => array(
				'desktop' => $device( 41, 5.8, 4.9, 0.31, 1250, array( 4600, 28, 560, 3200, 'SLOW' ) ),
				'mobile'  => $device( 23, 14.6, 9.73, 0.42, 3100, array( 6100, 35, 780, 4100, 'SLOW' ) ),
			),
			'hours'   => 5,
		),
		array(
			'key'     => 'speed-red-nofield',
			'type'    => 'page',
			'title'   => 'Full Portfolio (All 1,000 Images)',
			'content' => $paragraphs(
				'The whole portfolio on a single page, sorted by year.',
				'Use the filters at the top to show only portraits, landscapes or events.'
			),
			'result'  => array(
				'desktop' => $device( 49, 4.9, 3.95, 0.22, 980 ),
				'mobile'  => $device( 18, 16.3, 11.2, 0.38, 3600 ),
			),
			'hours'   => 30,
		),
		array(
			'key'     => 'speed-not-optimized',
			'type'    => 'post',
			'title'   => 'Notes on Film Grain and Digital Noise',
			'content' => $paragraphs(
				'Grain and noise look alike at a glance, but they come from very different places.',
				'A short comparison with crops at 100 % from three cameras and two film stocks.'
			),
		),
		array(
			'key'     => 'speed-failed',
			'type'    => 'page',
			'title'   => 'Print Shop',
			'content' => $paragraphs(
				'Archival giclée prints on cotton rag paper, signed and numbered.',
				'Sizes from A4 to A1; framing is available for UK orders.'
			),
			'error'   => __( 'PageSpeed Insights answered with an error (HTTP 500).', 'tessera' ),
			'hours'   => 1,
		),
		array(
			'key'     => 'speed-failed-with-result',
			'type'    => 'post',
			'title'   => 'Five Lessons from a Year of Street Photography',
			'content' => $paragraphs(
				'Walk slowly, carry one lens, and come back to the same corner at a different hour.',
				'The other two lessons took longer to learn and are about people, not cameras.'
			),
			'result'  => array(
				'desktop' => $device( 92, 1.2, 1.05, 0.02, 70, array( 1900, 3, 130, 1100, 'FAST' ) ),
				'mobile'  => $device( 88, 3.6, 2.6, 0.05, 260, array( 2600, 6, 210, 1700, 'AVERAGE' ) ),
			),
			'hours'   => 120,
			'error'   => __( 'PageSpeed Insights could not be reached.', 'tessera' ),
		),
	);

	foreach ( $items as $item ) {
		$existing = get_posts(
			array(
				'post_type'        => $item['type'],
				'post_status'      => 'any',
				'meta_key'         => '_tessera_demo', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- a one-off demo script.
				'meta_value'       => $item['key'], // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
				'fields'           => 'ids',
				'numberposts'      => 1,
				'suppress_filters' => true,
			)
		);
		if ( array() !== $existing ) {
			echo 'speed demo: "' . $item['title'] . '" exists (#' . (int) $existing[0] . "), skipped\n"; // phpcs:ignore WordPress.Security.EscapeOutput -- command line output.
			continue;
		}

		$post_id = wp_insert_post(
			wp_slash(
				array(
					'post_type'    => $item['type'],
					'post_status'  => 'publish',
					'post_title'   => $item['title'],
					'post_content' => $item['content'],
					'meta_input'   => array( '_tessera_demo' => $item['key'] ),
				)
			),
			true
		);
		if ( is_wp_error( $post_id ) ) {
			echo 'speed demo: could not create "' . $item['title'] . '": ' . $post_id->get_error_message() . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput -- command line output.
			continue;
		}

		$checked = $now - 3600 * ( $item['hours'] ?? 1 );
		if ( isset( $item['result'] ) ) {
			// An older result when the item also failed later.
			$store->save_result( $post_id, $item['result'], isset( $item['error'] ) ? $checked - 86400 : $checked );
		}
		if ( isset( $item['error'] ) ) {
			$store->save_error( $post_id, $item['error'], $checked );
		}

		$state = isset( $item['error'] ) ? ( isset( $item['result'] ) ? 'failed, older result kept' : 'failed' )
			: ( isset( $item['result'] ) ? sprintf( 'desktop %d, mobile %d', $item['result']['desktop']['score'], $item['result']['mobile']['score'] ) : 'not optimized' );
		echo 'speed demo: created ' . $item['type'] . ' "' . $item['title'] . '" (#' . (int) $post_id . '): ' . $state . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput -- command line output.
	}
} )();
