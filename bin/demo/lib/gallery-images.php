<?php
/**
 * Demo images for the galleries: JPEG pictures generated locally with GD (no network), imported into the media
 * library as attachments with title, caption, description, alt text, tags (`tessera_image_tag`), a date in the
 * last two years and core's sub-sizes (srcset).
 *
 * A library, not a demo script: require it, then call `tessera_demo_gallery_images( 40 )` inside a loaded
 * WordPress as an administrator. Idempotent: each image carries the attachment meta `_tessera_demo_image`
 * ("{set}:{index}") and `_tessera_demo_image_set` ("{set}"); existing ones are reused (their file recreated when
 * it is missing), missing ones are created. The same index always gives the same picture, title and tags.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( ! function_exists( 'tessera_demo_gallery_image_stems' ) ) {
	/**
	 * The 20 subjects: title stem, scene drawn, tags, time of day (null: chosen by index), caption, description.
	 *
	 * @return array<int, array{0: string, 1: string, 2: string[], 3: ?string, 4: string, 5: string}>
	 */
	function tessera_demo_gallery_image_stems(): array {
		return array(
			array( 'Harbour at dawn', 'sea', array( 'sea' ), 'dawn', 'Fishing boats wait for the tide as the first light reaches the harbour wall.', 'The harbour is still asleep; only the gulls are working.' ),
			array( 'Mountain pass', 'mountains', array( 'mountains', 'travel' ), null, 'The old road climbs between two ridges towards the pass.', 'Ridge after ridge fades into the haze beyond the pass.' ),
			array( 'City lights', 'city', array( 'city', 'night' ), 'night', 'Office windows and street lamps light up the city after dark.', 'Somebody is always working late in the towers by the river.' ),
			array( 'Quiet meadow', 'meadow', array( 'flowers', 'summer' ), 'day', 'Wild flowers cover the meadow behind the farm in early summer.', 'Poppies, cornflowers and daisies grow wherever the mower missed.' ),
			array( 'Winter ridge', 'mountains', array( 'mountains', 'winter' ), null, 'Fresh snow on the ridge after the first storm of the winter.', 'The snow line came down overnight and the huts are closed until spring.' ),
			array( 'Old town square', 'city', array( 'architecture', 'city' ), null, 'Gabled houses lean over the cobbles of the old town square.', 'Every house on the square was rebuilt stone by stone after the fire.' ),
			array( 'Lighthouse point', 'sea', array( 'sea', 'architecture' ), null, 'The lighthouse on the point has guided ships for two hundred years.', 'Its keeper left in the sixties; the light now runs on its own.' ),
			array( 'Fox at dusk', 'meadow', array( 'animals' ), 'dusk', 'A fox crosses the field at dusk, looking for its supper.', 'Foxes come out along the hedges as soon as the walkers go home.' ),
			array( 'Night ferry', 'sea', array( 'sea', 'night', 'travel' ), 'night', 'The night ferry leaves the bay with its deck lights on.', 'The crossing takes six hours, long enough for a short sleep.' ),
			array( 'Cathedral steps', 'city', array( 'architecture', 'people' ), null, 'People gather on the cathedral steps to watch the evening go by.', 'The steps are the town\'s meeting place, in every season.' ),
			array( 'Tulip field', 'meadow', array( 'flowers' ), null, 'Rows of tulips stretch to the horizon in the polder.', 'The growers cut the flowers soon after; the bulbs are the harvest.' ),
			array( 'Market morning', 'city', array( 'people', 'city' ), 'day', 'Stalls open early on market morning, before the heat.', 'Fruit, fish and flowers change hands before most of the town is awake.' ),
			array( 'Frozen lake', 'sea', array( 'winter' ), null, 'The lake has frozen over and the skaters are out.', 'The ice is measured every morning before anyone may step on it.' ),
			array( 'Summer coast', 'sea', array( 'summer', 'sea' ), 'day', 'A long summer afternoon on the coast, with a light breeze.', 'The beach is empty again once the last train has left.' ),
			array( 'Alpine village', 'mountains', array( 'mountains', 'travel' ), null, 'An alpine village tucked under the peaks at the end of the valley.', 'The post bus comes up twice a day and turns around by the church.' ),
			array( 'Rooftops after rain', 'city', array( 'city', 'architecture' ), null, 'Wet rooftops shine as the rain clears over the city.', 'Chimneys, aerials and skylights, as far as the eye can see.' ),
			array( 'Deer in the valley', 'meadow', array( 'animals' ), 'dawn', 'Deer graze in the valley in the first light of the day.', 'They keep to the edge of the wood and vanish at the first sound.' ),
			array( 'Midnight skyline', 'city', array( 'city', 'night' ), 'night', 'The skyline at midnight, seen from across the water.', 'Only the red lights on the cranes blink; everything else is still.' ),
			array( 'Road to the north', 'meadow', array( 'travel' ), null, 'The road to the north runs straight across the open land.', 'There is one petrol station in the next hundred kilometres.' ),
			array( 'Lantern festival', 'city', array( 'people', 'night' ), 'night', 'Paper lanterns drift over the rooftops during the festival.', 'Each lantern carries a wish written by hand on its side.' ),
		);
	}
}

if ( ! function_exists( 'tessera_demo_gallery_image_tags' ) ) {
	/**
	 * The tags: slug => name.
	 *
	 * @return array<string, string>
	 */
	function tessera_demo_gallery_image_tags(): array {
		return array(
			'sea'             => 'Sea',
			'mountains'       => 'Mountains',
			'city'            => 'City',
			'night'           => 'Night',
			'people'          => 'People',
			'animals'         => 'Animals',
			'flowers'         => 'Flowers',
			'architecture'    => 'Architecture',
			'winter'          => 'Winter',
			'summer'          => 'Summer',
			'black-and-white' => 'Black and white',
			'travel'          => 'Travel',
		);
	}
}

if ( ! function_exists( 'tessera_demo_gallery_image_spec' ) ) {
	/**
	 * Everything about the image of an index except its pixels, deterministic: size, scene, tags, texts, date.
	 *
	 * @param int $index 1-based index.
	 * @return array{index: int, width: int, height: int, stem: string, scene: string, time: string, tags: string[], title: string, caption: string, description: string, alt: string, age: int}
	 */
	function tessera_demo_gallery_image_spec( int $index ): array {
		$sizes  = array( array( 1600, 1067 ), array( 1067, 1600 ), array( 1400, 1400 ), array( 2000, 900 ) );
		$size   = $sizes[ ( $index - 1 ) % 4 ];
		$stems  = tessera_demo_gallery_image_stems();
		$stem   = $stems[ ( ( $index - 1 ) + intdiv( $index - 1, 20 ) ) % 20 ]; // Shifts each round of 20: a stem gets every shape.
		$hash   = crc32( 'tessera-demo-image-text-' . $index );
		$tags   = $stem[2];
		if ( 0 === $index % 9 && count( $tags ) < 3 ) {
			$tags[] = 'black-and-white';
		}
		$extras = array( 'travel', 'summer', 'winter', 'people', 'animals', 'summer', 'animals', 'winter' );
		$wanted = $hash % 3;
		for ( $k = 0; $k < $wanted && count( $tags ) < 3; $k++ ) {
			$extra = $extras[ ( $hash >> ( 4 + 3 * $k ) ) % count( $extras ) ];
			if ( in_array( $extra, $tags, true )
				|| ( 'winter' === $extra && array_intersect( array( 'summer', 'flowers' ), $tags ) )
				|| ( 'summer' === $extra && in_array( 'winter', $tags, true ) ) ) {
				continue;
			}
			$tags[] = $extra;
		}

		$time = $stem[3];
		if ( null === $time ) {
			$times = array( 'dawn', 'day', 'day', 'dusk' );
			$time  = in_array( 'night', $tags, true ) ? 'night' : $times[ ( $hash >> 12 ) % 4 ];
		}

		$openings = array(
			'Part of the Tessera demo set, generated for testing galleries.',
			'One of a series of generated pictures made to fill the demo galleries.',
			'A generated picture; no photographer was harmed.',
			'Drawn by the demo script, pixel by pixel, with nothing downloaded.',
			'A placeholder with a view, made for the gallery demo.',
		);
		$lights   = array(
			'dawn'  => 'The light is soft and low, the colours still cool.',
			'day'   => 'Bright daylight keeps the shadows short.',
			'dusk'  => 'Warm evening light gives everything a long shadow.',
			'night' => 'Under the night sky only a few lights remain.',
		);
		$scenes   = array(
			'sea'       => 'calm water under a wide sky',
			'mountains' => 'layered mountain ridges fading into the haze',
			'city'      => 'a skyline of towers and roofs',
			'meadow'    => 'rolling hills and open fields',
		);
		$sky      = array(
			'dawn'  => 'a low sun at dawn',
			'day'   => 'a high sun',
			'dusk'  => 'a setting sun',
			'night' => 'the moon and stars',
		);

		$description = $stem[5] . ' ' . $lights[ $time ];
		if ( 0 === ( $hash >> 16 ) % 2 ) {
			$description .= ' ' . $openings[ ( $hash >> 17 ) % count( $openings ) ];
		}

		$alt = ucfirst( $sky[ $time ] ) . ' over ' . $scenes[ $stem[1] ]
			. ( in_array( 'winter', $tags, true ) ? ', covered in snow' : '' )
			. ( in_array( 'black-and-white', $tags, true ) ? ', in black and white' : '' )
			. ', with the number ' . $index . ' in the corner';

		// Age in seconds: spread over the last two years (730 days), deterministic, distinct for each index.
		$age = ( ( $index * 7919 ) % 730 ) * DAY_IN_SECONDS + 3600 + ( $index * 3739 ) % 82800;

		return array(
			'index'       => $index,
			'width'       => $size[0],
			'height'      => $size[1],
			'stem'        => $stem[0],
			'scene'       => $stem[1],
			'time'        => $time,
			'tags'        => $tags,
			'title'       => $stem[0] . ' ' . $index,
			'caption'     => $stem[4],
			'description' => $description,
			'alt'         => $alt,
			'age'         => $age,
		);
	}
}

if ( ! function_exists( 'tessera_demo_gallery_image_draw' ) ) {
	/**
	 * Draws the picture of an index and writes it as a JPEG (quality 82).
	 *
	 * @param array{index: int, width: int, height: int, scene: string, time: string, tags: string[]} $spec From tessera_demo_gallery_image_spec().
	 * @param string                                                                                     $path Where to write.
	 * @return bool Whether the file was written.
	 */
	function tessera_demo_gallery_image_draw( array $spec, string $path ): bool {
		$w  = $spec['width'];
		$h  = $spec['height'];
		$im = imagecreatetruecolor( $w, $h );
		if ( false === $im ) {
			return false;
		}
		imagealphablending( $im, true );

		// A fixed seed per index: the same index always gives the same picture.
		$state = crc32( 'tessera-demo-image-' . $spec['index'] ) & 0x7fffffff;
		$rand  = static function ( int $min, int $max ) use ( &$state ): int {
			$state = ( $state * 1103515245 + 12345 ) & 0x7fffffff;
			return $min + ( $state >> 8 ) % ( $max - $min + 1 );
		};
		$unit  = static function () use ( $rand ): float {
			return $rand( 0, 1000000 ) / 1000000;
		};

		// HSL (hue in degrees, saturation and lightness 0..1) to RGB.
		$hsl   = static function ( float $hue, float $sat, float $lit ): array {
			$hue = fmod( fmod( $hue, 360 ) + 360, 360 ) / 360;
			$sat = max( 0.0, min( 1.0, $sat ) );
			$lit = max( 0.0, min( 1.0, $lit ) );
			$q   = $lit < 0.5 ? $lit * ( 1 + $sat ) : $lit + $sat - $lit * $sat;
			$p   = 2 * $lit - $q;
			$rgb = array();
			foreach ( array( $hue + 1 / 3, $hue, $hue - 1 / 3 ) as $t ) {
				$t = $t < 0 ? $t + 1 : ( $t > 1 ? $t - 1 : $t );
				if ( $t < 1 / 6 ) {
					$v = $p + ( $q - $p ) * 6 * $t;
				} elseif ( $t < 1 / 2 ) {
					$v = $q;
				} elseif ( $t < 2 / 3 ) {
					$v = $p + ( $q - $p ) * ( 2 / 3 - $t ) * 6;
				} else {
					$v = $p;
				}
				$rgb[] = (int) round( $v * 255 );
			}
			return $rgb;
		};
		$mix   = static function ( array $a, array $b, float $t ): array {
			return array(
				(int) round( $a[0] + ( $b[0] - $a[0] ) * $t ),
				(int) round( $a[1] + ( $b[1] - $a[1] ) * $t ),
				(int) round( $a[2] + ( $b[2] - $a[2] ) * $t ),
			);
		};
		$color = static function ( array $rgb, int $alpha = 0 ) use ( $im ): int {
			return (int) imagecolorallocatealpha( $im, $rgb[0], $rgb[1], $rgb[2], $alpha );
		};

		$time   = $spec['time'];
		$tags   = $spec['tags'];
		$winter = in_array( 'winter', $tags, true );
		$vary   = $rand( -25, 25 );
		$skies  = array(
			'dawn'  => array( $hsl( 230 + $vary, 0.45, 0.32 ), $hsl( 20 + $vary, 0.85, 0.78 ) ),
			'day'   => array( $hsl( 212 + $vary / 2, 0.65, 0.45 ), $hsl( 195 + $vary / 2, 0.55, 0.84 ) ),
			'dusk'  => array( $hsl( 262 + $vary, 0.42, 0.22 ), $hsl( 18 + $vary / 2, 0.88, 0.6 ) ),
			'night' => array( $hsl( 232 + $vary, 0.5, 0.05 ), $hsl( 222 + $vary, 0.4, 0.22 ) ),
		);
		$top    = $skies[ $time ][0];
		$bottom = $skies[ $time ][1];
		$land   = array( 120, 150, 32, 275, 205, 85 )[ $rand( 0, 5 ) ] + $rand( -12, 12 );
		$dark   = 'night' === $time ? 0.45 : 1.0;

		// The horizon: lower for mountains, higher for the sea.
		$horizon = (int) round( $h * array(
			'sea'       => 0.56,
			'mountains' => 0.7,
			'city'      => 0.66,
			'meadow'    => 0.6,
		)[ $spec['scene'] ] );

		// Sky: a vertical gradient, brighter towards the horizon.
		for ( $y = 0; $y <= $horizon; $y++ ) {
			imageline( $im, 0, $y, $w - 1, $y, $color( $mix( $top, $bottom, ( $y / max( 1, $horizon ) ) ** 1.4 ) ) );
		}

		// Stars at night.
		if ( 'night' === $time ) {
			$star = $color( array( 255, 250, 230 ), 30 );
			for ( $k = 0; $k < 160; $k++ ) {
				$x = $rand( 0, $w - 1 );
				$y = $rand( 0, (int) ( $horizon * 0.8 ) );
				$r = $rand( 1, 3 );
				imagefilledellipse( $im, $x, $y, $r, $r, $star );
			}
		}

		// The sun (or the moon) with a halo.
		$sun_x   = $rand( (int) ( $w * 0.15 ), (int) ( $w * 0.85 ) );
		$sun_y   = 'day' === $time || 'night' === $time ? $rand( (int) ( $horizon * 0.15 ), (int) ( $horizon * 0.45 ) ) : $rand( (int) ( $horizon * 0.55 ), (int) ( $horizon * 0.85 ) );
		$sun_r   = (int) ( min( $w, $h ) * ( 'night' === $time ? 0.045 : 0.07 ) ) + $rand( 0, 20 );
		$sun_rgb = array(
			'dawn'  => array( 255, 226, 180 ),
			'day'   => array( 255, 250, 225 ),
			'dusk'  => array( 255, 190, 110 ),
			'night' => array( 240, 240, 220 ),
		)[ $time ];
		for ( $k = 4; $k >= 1; $k-- ) {
			$halo = 2 * $sun_r + (int) ( $k * $sun_r * 0.55 );
			imagefilledellipse( $im, $sun_x, $sun_y, $halo, $halo, $color( $sun_rgb, 114 ) );
		}
		imagefilledellipse( $im, $sun_x, $sun_y, 2 * $sun_r, 2 * $sun_r, $color( $sun_rgb ) );

		// Stripes of thin cloud.
		$clouds = $rand( 2, 6 );
		for ( $k = 0; $k < $clouds; $k++ ) {
			$y     = $rand( (int) ( $horizon * 0.1 ), (int) ( $horizon * 0.75 ) );
			$x     = $rand( -200, $w - 100 );
			$len   = $rand( (int) ( $w * 0.2 ), (int) ( $w * 0.6 ) );
			$thick = $rand( 6, 26 );
			$cloud = $color( 'night' === $time ? array( 120, 130, 160 ) : $mix( $bottom, array( 255, 255, 255 ), 0.6 ), $rand( 70, 100 ) );
			imagefilledrectangle( $im, $x + $thick, $y, $x + $len - $thick, $y + $thick, $cloud );
			imagefilledellipse( $im, $x + $thick, $y + intdiv( $thick, 2 ), $thick, $thick, $cloud );
			imagefilledellipse( $im, $x + $len - $thick, $y + intdiv( $thick, 2 ), $thick, $thick, $cloud );
		}

		// Birds.
		if ( in_array( 'animals', $tags, true ) ) {
			imagesetthickness( $im, 3 );
			$bird = $color( 'night' === $time ? array( 200, 200, 210 ) : array( 40, 40, 50 ) );
			for ( $k = 0; $k < 7; $k++ ) {
				$x = $rand( (int) ( $w * 0.1 ), (int) ( $w * 0.9 ) );
				$y = $rand( (int) ( $horizon * 0.15 ), (int) ( $horizon * 0.6 ) );
				$s = $rand( 10, 22 );
				imageline( $im, $x - $s, $y - (int) ( $s * 0.5 ), $x, $y, $bird );
				imageline( $im, $x, $y, $x + $s, $y - (int) ( $s * 0.5 ), $bird );
			}
			imagesetthickness( $im, 1 );
		}

		// A ridge: a jagged (or smooth) line across the picture, filled down to the bottom.
		$ridge = static function ( int $base, int $amplitude, int $segments, bool $smooth, array $rgb, bool $snow ) use ( $im, $w, $h, $rand, $unit, $color ): void {
			$points = array( 0, $h );
			$tops   = array();
			$phase  = $unit() * 6.28;
			$y      = $base - $rand( 0, $amplitude );
			for ( $k = 0; $k <= $segments; $k++ ) {
				$x = (int) round( $w * $k / $segments );
				if ( $smooth ) {
					$y = (int) round( $base - $amplitude * ( 0.5 + 0.3 * sin( $phase + $k * 0.45 ) + 0.2 * sin( $phase * 2 + $k * 1.1 ) ) );
				} else {
					$y = max( $base - $amplitude, min( $base, $y + $rand( -$amplitude, $amplitude ) / 2 ) );
				}
				$points[] = $x;
				$points[] = (int) $y;
				$tops[]   = array( $x, (int) $y );
			}
			$points[] = $w;
			$points[] = $h;
			imagefilledpolygon( $im, $points, $color( $rgb ) );
			if ( $snow ) {
				$white = $color( array( 246, 248, 252 ) );
				$count = count( $tops );
				for ( $k = 1; $k < $count - 1; $k++ ) {
					if ( $tops[ $k ][1] < $tops[ $k - 1 ][1] && $tops[ $k ][1] < $tops[ $k + 1 ][1] ) {
						$depth = (int) ( $amplitude * 0.18 ) + 4;
						$l     = $tops[ $k - 1 ];
						$r     = $tops[ $k + 1 ];
						$p     = $tops[ $k ];
						$tl    = min( 0.9, $depth / max( 1, $l[1] - $p[1] ) );
						$tr    = min( 0.9, $depth / max( 1, $r[1] - $p[1] ) );
						imagefilledpolygon(
							$im,
							array(
								$p[0],
								$p[1],
								(int) ( $p[0] + ( $r[0] - $p[0] ) * $tr ),
								(int) ( $p[1] + ( $r[1] - $p[1] ) * $tr ),
								$p[0],
								$p[1] + (int) ( $depth * 0.6 ),
								(int) ( $p[0] + ( $l[0] - $p[0] ) * $tl ),
								(int) ( $p[1] + ( $l[1] - $p[1] ) * $tl ),
							),
							$white
						);
					}
				}
			}
		};

		// Layers of land, far (hazy, close to the sky's colour) to near (dark and saturated).
		$layers = 'mountains' === $spec['scene'] ? $rand( 3, 4 ) : 2;
		for ( $k = 0; $k < $layers; $k++ ) {
			$t   = ( $k + 1 ) / ( $layers + 1 );
			$rgb = $mix( $bottom, $hsl( $land, 0.35 + 0.2 * $t, ( $winter ? 0.5 : 0.42 - 0.22 * $t ) * $dark ), 0.35 + 0.6 * $t );
			if ( 'mountains' === $spec['scene'] ) {
				$base = (int) ( $horizon + ( $h - $horizon ) * 0.25 * $k );
				$ridge( $base, (int) ( $h * ( 0.32 - 0.06 * $k ) ), $rand( 7, 13 ), false, $rgb, $winter || ( 0 === $k && $rand( 0, 1 ) ) );
			} else {
				$ridge( $horizon + 2, (int) ( $h * ( 0.12 - 0.04 * $k ) ), $rand( 6, 11 ), 'meadow' === $spec['scene'], $rgb, $winter && 0 === $k );
			}
		}

		if ( 'sea' === $spec['scene'] ) {
			// Water from the horizon down, lines of light on it, and the sun's reflection.
			$deep    = $winter ? $hsl( 200, 0.25, 0.7 * $dark ) : $hsl( 205 + $vary, 0.55, 0.28 * $dark );
			$surface = $winter ? array( 235, 240, 245 ) : $mix( $bottom, $deep, 0.35 );
			for ( $y = $horizon; $y < $h; $y++ ) {
				imageline( $im, 0, $y, $w - 1, $y, $color( $mix( $surface, $deep, ( ( $y - $horizon ) / max( 1, $h - $horizon ) ) ** 0.8 ) ) );
			}
			$shine = $color( $mix( $surface, array( 255, 255, 255 ), 0.5 ), 85 );
			for ( $k = 0; $k < 70; $k++ ) {
				$y = $rand( $horizon + 4, $h - 2 );
				$x = $rand( -100, $w );
				imagefilledrectangle( $im, $x, $y, $x + $rand( 40, 260 ) * ( 1 + (int) ( 3 * ( $y - $horizon ) / $h ) ), $y + $rand( 1, 3 ), $shine );
			}
			$glint = $color( $sun_rgb, 60 );
			for ( $y = $horizon + 3; $y < $h; $y += $rand( 8, 18 ) ) {
				$half = (int) ( $sun_r * ( 0.4 + 1.3 * ( $y - $horizon ) / ( $h - $horizon ) ) * ( 0.5 + $unit() ) );
				imagefilledrectangle( $im, $sun_x - $half, $y, $sun_x + $half, $y + $rand( 2, 5 ), $glint );
			}
			// A sail.
			$sx = $rand( (int) ( $w * 0.1 ), (int) ( $w * 0.8 ) );
			$sy = $horizon + (int) ( ( $h - $horizon ) * 0.35 );
			$ss = (int) ( min( $w, $h ) * 0.06 );
			imagefilledpolygon( $im, array( $sx, $sy, $sx + $ss, $sy, $sx + (int) ( $ss * 0.15 ), $sy - 2 * $ss ), $color( array( 250, 246, 236 ) ) );
			imagefilledrectangle( $im, $sx - (int) ( $ss * 0.3 ), $sy, $sx + (int) ( $ss * 1.2 ), $sy + (int) ( $ss * 0.25 ), $color( array( 60, 40, 35 ) ) );
			if ( in_array( 'architecture', $tags, true ) ) {
				// A lighthouse on a rock.
				$lx = $rand( (int) ( $w * 0.6 ), (int) ( $w * 0.85 ) );
				$lw = (int) ( min( $w, $h ) * 0.05 );
				$lh = (int) ( $h * 0.3 );
				imagefilledellipse( $im, $lx, $horizon + (int) ( $h * 0.06 ), $lw * 6, (int) ( $h * 0.1 ), $color( $hsl( $land, 0.2, 0.2 * $dark ) ) );
				imagefilledpolygon( $im, array( $lx - $lw, $horizon + 10, $lx + $lw, $horizon + 10, $lx + (int) ( $lw * 0.6 ), $horizon - $lh, $lx - (int) ( $lw * 0.6 ), $horizon - $lh ), $color( array( 245, 245, 240 ) ) );
				for ( $k = 1; $k <= 3; $k++ ) {
					$y = $horizon - (int) ( $lh * $k / 4 );
					imagefilledrectangle( $im, $lx - $lw + (int) ( $lw * 0.4 * $k / 4 ), $y, $lx + $lw - (int) ( $lw * 0.4 * $k / 4 ), $y + (int) ( $lh / 12 ), $color( array( 200, 40, 40 ) ) );
				}
				imagefilledellipse( $im, $lx, $horizon - $lh - 10, $lw * 2, $lw, $color( array( 255, 230, 120 ) ) );
			}
		} elseif ( 'city' === $spec['scene'] ) {
			// Buildings standing on the ground, with lit windows after dark.
			$ground = (int) ( $h * 0.86 );
			$lit    = 'night' === $time || 'dusk' === $time;
			$x      = $rand( -60, 0 );
			while ( $x < $w ) {
				$bw    = $rand( (int) ( $w * 0.035 ), (int) ( $w * 0.09 ) );
				$bh    = $rand( (int) ( $h * 0.12 ), (int) ( $h * 0.5 ) );
				$shade = $mix( $hsl( $land + 180, 0.15, ( 0.2 + 0.25 * $unit() ) * $dark ), $bottom, 0.15 );
				imagefilledrectangle( $im, $x, $ground - $bh, $x + $bw, $ground, $color( $shade ) );
				if ( 0 === $rand( 0, 3 ) ) {
					imagefilledpolygon( $im, array( $x, $ground - $bh, $x + $bw, $ground - $bh, $x + intdiv( $bw, 2 ), $ground - $bh - intdiv( $bw, 2 ) ), $color( $shade ) );
				}
				$win  = $color( $lit ? array( 255, 214, 120 ) : $mix( $shade, array( 220, 230, 240 ), 0.35 ) );
				$step = 22;
				for ( $wy = $ground - $bh + 14; $wy < $ground - 20; $wy += $step ) {
					for ( $wx = $x + 8; $wx < $x + $bw - 14; $wx += 18 ) {
						if ( ! $lit || 0 === $rand( 0, 2 ) ) {
							imagefilledrectangle( $im, $wx, $wy, $wx + 7, $wy + 10, $win );
						}
					}
				}
				$x += $bw + $rand( 0, 12 );
			}
			imagefilledrectangle( $im, 0, $ground, $w, $h, $color( $mix( $hsl( $land, 0.2, 0.18 * $dark ), array( 240, 240, 245 ), $winter ? 0.8 : 0.0 ) ) );
			if ( 'night' === $time && in_array( 'people', $tags, true ) ) {
				// Lanterns.
				for ( $k = 0; $k < 24; $k++ ) {
					$lx = $rand( 0, $w );
					$ly = $rand( (int) ( $h * 0.1 ), (int) ( $h * 0.6 ) );
					$lr = $rand( 10, 26 );
					imagefilledellipse( $im, $lx, $ly, $lr * 3, $lr * 3, $color( array( 255, 150, 60 ), 105 ) );
					imagefilledellipse( $im, $lx, $ly, $lr, (int) ( $lr * 1.3 ), $color( array( 255, 180, 80 ) ) );
				}
			}
		} else {
			// Meadow: a near hill, then flowers, a road or trees on it.
			$near = $mix( $bottom, $hsl( $land, 0.5, ( $winter ? 0.85 : 0.28 ) * $dark ), 0.9 );
			$ridge( (int) ( $h * 0.82 ), (int) ( $h * 0.12 ), 9, true, $near, false );
			if ( in_array( 'travel', $tags, true ) ) {
				$road = $color( $mix( $near, array( 90, 85, 80 ), 0.8 ) );
				$vx   = $rand( (int) ( $w * 0.35 ), (int) ( $w * 0.65 ) );
				imagefilledpolygon( $im, array( $vx - 4, $horizon + 6, $vx + 4, $horizon + 6, (int) ( $w * 0.62 ), $h, (int) ( $w * 0.38 ), $h ), $road );
				imagesetthickness( $im, 5 );
				imageline( $im, $vx, $horizon + 8, (int) ( $w * 0.5 ), $h, $color( array( 240, 220, 120 ) ) );
				imagesetthickness( $im, 1 );
			}
			if ( in_array( 'flowers', $tags, true ) ) {
				$petals = array( $hsl( $rand( 0, 360 ), 0.85, 0.6 ), $hsl( $rand( 0, 360 ), 0.8, 0.65 ), array( 255, 255, 250 ), array( 250, 210, 60 ) );
				for ( $k = 0; $k < 420; $k++ ) {
					$y = $rand( (int) ( $h * 0.8 ), $h );
					$r = 4 + (int) ( 18 * ( $y - $h * 0.8 ) / ( $h * 0.2 ) );
					imagefilledellipse( $im, $rand( 0, $w ), $y, $r, (int) ( $r * 0.8 ), $color( $petals[ $rand( 0, 3 ) ] ) );
				}
			} else {
				// Trees.
				$tree  = $color( $mix( $near, array( 10, 20, 10 ), 0.5 ) );
				$trees = $rand( 4, 12 );
				for ( $k = 0; $k < $trees; $k++ ) {
					$tx = $rand( 0, $w );
					$ty = $rand( (int) ( $h * 0.78 ), (int) ( $h * 0.9 ) );
					$ts = $rand( (int) ( $h * 0.04 ), (int) ( $h * 0.1 ) );
					imagefilledpolygon( $im, array( $tx - (int) ( $ts * 0.35 ), $ty, $tx + (int) ( $ts * 0.35 ), $ty, $tx, $ty - $ts ), $tree );
				}
			}
		}

		if ( in_array( 'black-and-white', $tags, true ) ) {
			imagefilter( $im, IMG_FILTER_GRAYSCALE );
		}

		// The number, in GD's built-in font, scaled up on a dark plate in the top left corner.
		$label = (string) $spec['index'];
		$font  = 5;
		$small = imagecreatetruecolor( imagefontwidth( $font ) * strlen( $label ), imagefontheight( $font ) );
		if ( false !== $small ) {
			imagestring( $small, $font, 0, 0, $label, (int) imagecolorallocate( $small, 255, 255, 255 ) );
			$scale  = max( 4, intdiv( min( $w, $h ), 260 ) );
			$margin = 3 * $scale;
			$sw     = imagesx( $small );
			$sh     = imagesy( $small );
			imagefilledrectangle( $im, $margin, $margin, $margin * 3 + $sw * $scale, $margin * 3 + $sh * $scale, $color( array( 0, 0, 0 ), 50 ) );
			$white = $color( array( 255, 255, 255 ) );
			for ( $y = 0; $y < $sh; $y++ ) {
				for ( $x = 0; $x < $sw; $x++ ) {
					if ( ( imagecolorat( $small, $x, $y ) & 0xff ) > 127 ) {
						$px = 2 * $margin + $x * $scale;
						$py = 2 * $margin + $y * $scale;
						imagefilledrectangle( $im, $px, $py, $px + $scale - 1, $py + $scale - 1, $white );
					}
				}
			}
			imagedestroy( $small );
		}

		$written = imagejpeg( $im, $path, 82 );
		imagedestroy( $im );
		return $written;
	}
}

if ( ! function_exists( 'tessera_demo_gallery_images' ) ) {
	/**
	 * Makes sure the demo images of a set exist in the media library.
	 *
	 * @param int    $count How many demo images to have (idempotent: existing ones, found by the attachment meta
	 *                      `_tessera_demo_image` = their 1-based index, are reused; missing ones are created).
	 * @param string $set   Name of the set ('demo' by default), stored in the meta `_tessera_demo_image_set`, so a
	 *                      benchmark set of 1,000 and the demo's 40 do not mix. The meta value of
	 *                      `_tessera_demo_image` is "{set}:{index}".
	 * @return int[] Attachment ids in index order.
	 */
	function tessera_demo_gallery_images( int $count, string $set = 'demo' ): array {
		static $told_no_taxonomy = false;

		$set = sanitize_key( $set );
		if ( '' === $set ) {
			$set = 'demo';
		}
		if ( $count < 1 ) {
			return array();
		}
		if ( ! function_exists( 'imagecreatetruecolor' ) || ! function_exists( 'imagejpeg' ) ) {
			echo "gallery images: PHP's GD extension (with JPEG) is missing; no images made\n";
			return array();
		}
		if ( ! function_exists( 'wp_generate_attachment_metadata' ) ) {
			require_once ABSPATH . 'wp-admin/includes/image.php';
		}

		$taxonomy = 'tessera_image_tag';
		$tagging  = taxonomy_exists( $taxonomy );
		if ( ! $tagging && ! $told_no_taxonomy ) {
			$told_no_taxonomy = true;
			echo "gallery images: the taxonomy tessera_image_tag is not registered; the images are not tagged\n";
		}

		// The existing images of the set: index => attachment id (the lowest id wins should there be two).
		$existing = array();
		$found    = get_posts(
			array(
				'post_type'        => 'attachment',
				'post_status'      => 'any',
				'numberposts'      => -1,
				'fields'           => 'ids',
				'orderby'          => 'ID',
				'order'            => 'ASC',
				'no_found_rows'    => true,
				'suppress_filters' => true,
				'meta_key'         => '_tessera_demo_image_set', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- a developer's tool, once.
				'meta_value'       => $set, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value
			)
		);
		$found    = array_map( 'intval', $found );
		update_meta_cache( 'post', $found );
		foreach ( $found as $id ) {
			$value = (string) get_post_meta( $id, '_tessera_demo_image', true );
			if ( 0 === strpos( $value, $set . ':' ) ) {
				$index = (int) substr( $value, strlen( $set ) + 1 );
				if ( $index > 0 && ! isset( $existing[ $index ] ) ) {
					$existing[ $index ] = $id;
				}
			}
		}

		// The tags' term ids (created when missing).
		$term_ids = array();
		if ( $tagging ) {
			foreach ( tessera_demo_gallery_image_tags() as $slug => $name ) {
				$term = get_term_by( 'slug', $slug, $taxonomy );
				if ( $term instanceof WP_Term ) {
					$term_ids[ $slug ] = (int) $term->term_id;
					continue;
				}
				$made = wp_insert_term( $name, $taxonomy, array( 'slug' => $slug ) );
				if ( is_wp_error( $made ) ) {
					echo 'gallery images: tag ' . esc_html( $slug ) . ': ' . esc_html( $made->get_error_message() ) . "\n";
					continue;
				}
				$term_ids[ $slug ] = (int) $made['term_id'];
			}
		}
		$tagged = array();
		if ( $tagging && array() !== $existing ) {
			foreach ( wp_get_object_terms( array_values( $existing ), $taxonomy, array( 'fields' => 'all_with_object_id' ) ) as $term ) {
				$tagged[ (int) $term->object_id ] = true;
			}
		}

		$now      = time();
		$ids      = array();
		$created  = 0;
		$repaired = 0;
		wp_defer_term_counting( true );
		for ( $index = 1; $index <= $count; $index++ ) {
			$spec     = tessera_demo_gallery_image_spec( $index );
			$filename = sprintf( 'tessera-%s-%04d.jpg', $set, $index );
			$when     = $now - $spec['age'];

			if ( isset( $existing[ $index ] ) ) {
				$id   = $existing[ $index ];
				$file = (string) get_attached_file( $id );
				$meta = wp_get_attachment_metadata( $id );
				$ok   = '' !== $file && is_file( $file ) && is_array( $meta ) && ! empty( $meta['sizes'] );
				if ( $ok ) {
					foreach ( $meta['sizes'] as $size ) {
						if ( ! is_file( dirname( $file ) . '/' . $size['file'] ) ) {
							$ok = false;
							break;
						}
					}
				}
				if ( ! $ok ) {
					if ( '' === $file ) {
						$uploads = wp_upload_dir( gmdate( 'Y/m', $when ) );
						$file    = $uploads['path'] . '/' . $filename;
						update_attached_file( $id, $file );
					}
					if ( ! is_file( $file ) ) {
						wp_mkdir_p( dirname( $file ) );
						if ( ! tessera_demo_gallery_image_draw( $spec, $file ) ) {
							echo 'gallery images: could not write ' . esc_html( $file ) . "\n";
							continue;
						}
					}
					wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $file ) );
					++$repaired;
				}
				if ( $tagging && ! isset( $tagged[ $id ] ) ) {
					wp_set_object_terms( $id, array_values( array_intersect_key( $term_ids, array_flip( $spec['tags'] ) ) ), $taxonomy );
				}
				$ids[] = $id;
				continue;
			}

			$uploads = wp_upload_dir( gmdate( 'Y/m', $when ) );
			if ( ! empty( $uploads['error'] ) ) {
				echo 'gallery images: ' . esc_html( (string) $uploads['error'] ) . "\n";
				break;
			}
			$file = $uploads['path'] . '/' . $filename;
			if ( ! tessera_demo_gallery_image_draw( $spec, $file ) ) {
				echo 'gallery images: could not write ' . esc_html( $file ) . "\n";
				break;
			}
			$id = wp_insert_attachment(
				wp_slash(
					array(
						'post_mime_type' => 'image/jpeg',
						'post_title'     => $spec['title'],
						'post_excerpt'   => $spec['caption'],
						'post_content'   => $spec['description'],
						'post_status'    => 'inherit',
						'post_date'      => wp_date( 'Y-m-d H:i:s', $when ),
						'post_date_gmt'  => gmdate( 'Y-m-d H:i:s', $when ),
						'guid'           => $uploads['url'] . '/' . $filename,
						// Written with the post: an interrupted run leaves no unmarked attachment behind.
						'meta_input'     => array(
							'_tessera_demo_image'      => $set . ':' . $index,
							'_tessera_demo_image_set'  => $set,
							'_wp_attachment_image_alt' => $spec['alt'],
						),
					)
				),
				$file,
				0,
				true
			);
			if ( is_wp_error( $id ) ) {
				echo 'gallery images: ' . esc_html( $id->get_error_message() ) . "\n";
				break;
			}
			wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $file ) );
			if ( $tagging ) {
				wp_set_object_terms( $id, array_values( array_intersect_key( $term_ids, array_flip( $spec['tags'] ) ) ), $taxonomy );
			}
			$ids[] = (int) $id;
			++$created;
		}
		wp_defer_term_counting( false );

		echo esc_html(
			sprintf(
				'gallery images (%s): %d (%d created%s)',
				$set,
				count( $ids ),
				$created,
				$repaired > 0 ? ', ' . $repaired . ' repaired' : ''
			)
		) . "\n";
		return $ids;
	}
}
