<?php
/**
 * The site-wide lightbox settings (docs/lightbox.md, "Settings"; spec §3 "Lightbox settings (gallery_box_data)"):
 * option `tessera_lightbox`, the keys of gallery_box_data that apply to the lightbox so far (behaviour, filmstrip,
 * positions, zoom, slideshow, sharing, right-click protection) under their spec names, and a few of ours
 * (`popup_enable_*`, `popup_info_always_show`). Rating, comments, hits, the shop and AddThis come with a later issue.
 *
 * Stored values are input: every read goes through normalise(), which keeps only the known keys and replaces a
 * value of the wrong type, outside its range or not in its allow-list by the default.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Lightbox;

/**
 * Option, defaults, normalisation and registration (Settings API and REST `/wp/v2/settings`).
 */
final class Settings {

	/** Option name. */
	public const OPTION = 'tessera_lightbox';

	/** Settings group. */
	public const GROUP = 'tessera_lightbox';

	/** Transition effects (spec §4 "Transition effects"), `bwg_image_effect`. */
	public const EFFECTS = array(
		'cube_horizontal',
		'cube_vertical',
		'fade',
		'none',
		'slice_horizontal',
		'slice_vertical',
		'slide_horizontal',
		'slide_vertical',
		'scale_out',
		'scale_in',
		'block_scale',
		'kaleidoscope',
		'fan',
		'blind_horizontal',
		'blind_vertical',
		'random',
	);

	/** Filmstrip positions by direction: a horizontal filmstrip is above or under the image, a vertical one beside it. */
	public const FILMSTRIP_POSITIONS = array(
		'horizontal' => array( 'bottom', 'top' ),
		'vertical'   => array( 'right', 'left' ),
	);

	/**
	 * Every key: its type, default and rule (`enum`, or `minimum`/`maximum` for integers). Units: slideshow_interval
	 * in seconds (as the spec's slideshow parameters), slideshow_effect_duration in milliseconds, sizes in pixels.
	 */
	private const KEYS = array(
		// Opening.
		'open_with_fullscreen'        => array( 'boolean', false ),
		'open_with_autoplay'          => array( 'boolean', false ),
		// Behaviour.
		'enable_loop'                 => array( 'boolean', true ),
		'preload_images'              => array( 'boolean', true ),
		'preload_images_count'        => array( 'integer', 2, 0, 1000 ),
		// Filmstrip.
		'enable_image_filmstrip'      => array( 'boolean', true ),
		'filmstrip_direction'         => array( 'string', 'horizontal', array( 'horizontal', 'vertical' ) ),
		'image_filmstrip_width'       => array( 'integer', 70, 20, 300 ),
		'image_filmstrip_height'      => array( 'integer', 50, 20, 300 ),
		'lightbox_filmstrip_pos'      => array( 'string', 'bottom', array( 'bottom', 'top', 'left', 'right' ) ),
		// Positions.
		'lightbox_ctrl_btn_pos'       => array( 'string', 'bottom', array( 'bottom', 'top' ) ),
		'lightbox_info_pos'           => array( 'string', 'top', array( 'top', 'bottom' ) ),
		'lightbox_info_margin'        => array( 'integer', 10, 0, 100 ),
		// Panels and links (ours).
		'popup_enable_info'           => array( 'boolean', true ),
		'popup_info_always_show'      => array( 'boolean', false ),
		'popup_enable_fullsize_image' => array( 'boolean', true ),
		'popup_enable_download'       => array( 'boolean', true ),
		// Zoom.
		'popup_enable_zoom'           => array( 'boolean', true ),
		// Slideshow.
		'slideshow_interval'          => array( 'integer', 5, 1, 60 ),
		'slideshow_effect_duration'   => array( 'integer', 800, 0, 5000 ),
		'bwg_image_effect'            => array( 'string', 'fade', self::EFFECTS ),
		// Sharing (ours: one switch for the Facebook, X, Pinterest and Tumblr links).
		'popup_enable_share'          => array( 'boolean', true ),
		// Other.
		'image_right_click'           => array( 'boolean', false ),
	);

	/**
	 * Hooks the registration (on init, so that REST and options.php both know the setting).
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( self::class, 'register_setting' ) );
	}

	/**
	 * The defaults.
	 *
	 * @return array<string, bool|int|string>
	 */
	public static function defaults(): array {
		return array_map( static fn ( array $rule ) => $rule[1], self::KEYS );
	}

	/**
	 * The settings in force: the stored option, normalised.
	 *
	 * @return array<string, bool|int|string>
	 */
	public static function get(): array {
		return self::normalise( get_option( self::OPTION, array() ) );
	}

	/**
	 * Every key with a valid value: the given one when valid (booleans also from 0/1, '0'/'1', 'true'/'false';
	 * integers also from digit strings), else the default. Unknown keys are dropped. The filmstrip position follows
	 * its direction (top/bottom for horizontal, left/right for vertical; another one → the direction's default).
	 *
	 * @param mixed $value Stored or submitted value.
	 * @return array<string, bool|int|string>
	 */
	public static function normalise( $value ): array {
		return self::merge( self::defaults(), $value );
	}

	/**
	 * Sanitizes a submitted value (options.php or REST): the valid keys of `$input` over the stored settings, so that
	 * a partial update keeps the other keys.
	 *
	 * @param mixed $input Submitted value.
	 * @return array<string, bool|int|string>
	 */
	public static function sanitize( $input ): array {
		return self::merge( self::get(), $input );
	}

	/**
	 * `$base` with every valid value of `$value` over it.
	 *
	 * @param array<string, bool|int|string> $base  Complete, valid settings.
	 * @param mixed                          $value Values to take.
	 * @return array<string, bool|int|string>
	 */
	private static function merge( array $base, $value ): array {
		$settings = $base;
		if ( is_array( $value ) ) {
			foreach ( self::KEYS as $key => $rule ) {
				if ( array_key_exists( $key, $value ) ) {
					$clean = self::value( $value[ $key ], $rule );
					if ( null !== $clean ) {
						$settings[ $key ] = $clean;
					}
				}
			}
		}
		$positions = self::FILMSTRIP_POSITIONS[ $settings['filmstrip_direction'] ];
		if ( ! in_array( $settings['lightbox_filmstrip_pos'], $positions, true ) ) {
			$settings['lightbox_filmstrip_pos'] = $positions[0];
		}
		return $settings;
	}

	/**
	 * One value checked against its rule; null when it is not valid.
	 *
	 * @param mixed             $value Value.
	 * @param array<int, mixed> $rule  Type, default, then enum or minimum and maximum.
	 * @return bool|int|string|null
	 */
	private static function value( $value, array $rule ) {
		switch ( $rule[0] ) {
			case 'boolean':
				if ( is_bool( $value ) ) {
					return $value;
				}
				if ( 1 === $value || '1' === $value || 'true' === $value ) {
					return true;
				}
				return ( 0 === $value || '0' === $value || 'false' === $value ) ? false : null;
			case 'integer':
				if ( is_string( $value ) && '' !== $value && strlen( $value ) <= 6 && ctype_digit( $value ) ) {
					$value = (int) $value;
				}
				return is_int( $value ) && $value >= $rule[2] && $value <= $rule[3] ? $value : null;
			default:
				return is_string( $value ) && in_array( $value, $rule[2], true ) ? $value : null;
		}
	}

	/**
	 * The REST schema of the option: an object with every key, typed, with its allow-list or range.
	 *
	 * @return array<string, mixed>
	 */
	public static function schema(): array {
		$properties = array();
		foreach ( self::KEYS as $key => $rule ) {
			$property = array(
				'type'    => $rule[0],
				'default' => $rule[1],
			);
			if ( 'integer' === $rule[0] ) {
				$property['minimum'] = $rule[2];
				$property['maximum'] = $rule[3];
			} elseif ( 'string' === $rule[0] ) {
				$property['enum'] = $rule[2];
			}
			$properties[ $key ] = $property;
		}
		return array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => $properties,
		);
	}

	/**
	 * Registers the option (sanitised on every save; in REST `/wp/v2/settings` for those who may manage options).
	 *
	 * @return void
	 */
	public static function register_setting(): void {
		register_setting(
			self::GROUP,
			self::OPTION,
			array(
				'type'              => 'object',
				'label'             => __( 'Tessera lightbox', 'tessera' ),
				'description'       => __( 'How the gallery lightbox opens, plays, moves between images and shares them.', 'tessera' ),
				'default'           => self::defaults(),
				'sanitize_callback' => array( self::class, 'sanitize' ),
				'show_in_rest'      => array(
					'name'   => self::OPTION,
					'schema' => self::schema(),
				),
			)
		);
	}
}
