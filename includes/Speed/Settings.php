<?php
/**
 * The page-speed settings: option `tessera_speed_settings` and the Tessera → Page speed screen.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

use Tessera\Admin\Menu;

/**
 * Registers the option with the Settings API and renders its page (Tessera → Page speed, `admin.php?page=tessera`).
 */
final class Settings {

	/**
	 * Option name.
	 */
	public const OPTION = 'tessera_speed_settings';

	/**
	 * Settings group (`option_page`) and page slug.
	 */
	public const PAGE = 'tessera';

	/**
	 * Settings section of the page-speed check.
	 */
	public const SECTION = 'tessera_speed';

	/**
	 * Hooks the registration and the page.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( $this, 'register_setting' ) );
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_init', array( $this, 'add_fields' ) );
	}

	/**
	 * The option's defaults.
	 *
	 * @return array{api_key: string, gallery_link: string}
	 */
	public static function defaults(): array {
		return array(
			'api_key'      => '',
			'gallery_link' => '',
		);
	}

	/**
	 * The current settings, always complete and typed.
	 *
	 * @return array{api_key: string, gallery_link: string}
	 */
	public static function get(): array {
		$value    = get_option( self::OPTION, array() );
		$value    = is_array( $value ) ? $value : array();
		$settings = self::defaults();
		foreach ( array_keys( $settings ) as $key ) {
			if ( isset( $value[ $key ] ) && is_string( $value[ $key ] ) ) {
				$settings[ $key ] = $value[ $key ];
			}
		}
		return $settings;
	}

	/**
	 * The site owner's PSI API key ('' when none).
	 *
	 * @return string
	 */
	public static function api_key(): string {
		return self::get()['api_key'];
	}

	/**
	 * The gallery optimization link ('' when none).
	 *
	 * @return string
	 */
	public static function gallery_link(): string {
		return self::get()['gallery_link'];
	}

	/**
	 * Registers the option (sanitized, in REST for administrators).
	 *
	 * @return void
	 */
	public function register_setting(): void {
		register_setting(
			self::PAGE,
			self::OPTION,
			array(
				'type'              => 'object',
				'label'             => __( 'Tessera page speed', 'tessera' ),
				'description'       => __( 'PageSpeed Insights API key and gallery optimization link.', 'tessera' ),
				'default'           => self::defaults(),
				'sanitize_callback' => array( $this, 'sanitize' ),
				'show_in_rest'      => array(
					'name'   => self::OPTION,
					'schema' => array(
						'type'                 => 'object',
						'additionalProperties' => false,
						'properties'           => array(
							'api_key'      => array(
								'type'        => 'string',
								'description' => __( 'PageSpeed Insights API key.', 'tessera' ),
							),
							'gallery_link' => array(
								'type'        => 'string',
								'description' => __( 'Gallery optimization link.', 'tessera' ),
							),
						),
					),
				),
			)
		);
	}

	/**
	 * Sanitizes a submitted value. A value that cannot be made valid keeps the stored one and adds a
	 * settings error that the page shows.
	 *
	 * @param mixed $input Submitted value (from the form or from REST).
	 * @return array{api_key: string, gallery_link: string}
	 */
	public function sanitize( mixed $input ): array {
		$current = self::get();
		if ( ! is_array( $input ) ) {
			return $current;
		}
		$clean = $current;

		if ( array_key_exists( 'api_key', $input ) ) {
			// Google API keys are letters, digits, "-" and "_": anything else is a paste error, not a key to store.
			$key = is_string( $input['api_key'] ) ? trim( $input['api_key'] ) : null;
			if ( null !== $key && 1 === preg_match( '/^[A-Za-z0-9_\-]{0,200}$/', $key ) ) {
				$clean['api_key'] = sanitize_text_field( $key );
			} else {
				$this->error( 'tessera_api_key', __( 'The API key can only contain letters, digits, hyphens and underscores. The previous key was kept.', 'tessera' ) );
			}
		}

		if ( array_key_exists( 'gallery_link', $input ) ) {
			$link = self::sanitize_link( $input['gallery_link'] );
			if ( null !== $link ) {
				$clean['gallery_link'] = $link;
			} else {
				$this->error( 'tessera_gallery_link', __( 'The gallery optimization link must be a full http:// or https:// address. The previous link was kept.', 'tessera' ) );
			}
		}

		return $clean;
	}

	/**
	 * A submitted gallery link, cleaned: '' for none, the URL, or null when it is not a valid http(s) URL.
	 *
	 * @param mixed $value Submitted value.
	 * @return string|null
	 */
	public static function sanitize_link( mixed $value ): ?string {
		if ( ! is_string( $value ) ) {
			return null;
		}
		$value = trim( $value );
		if ( '' === $value ) {
			return '';
		}
		if ( strlen( $value ) > 2000 || 1 !== preg_match( '#^https?://#i', $value ) ) {
			return null;
		}
		$url   = esc_url_raw( $value, array( 'http', 'https' ) );
		$parts = wp_parse_url( $url );
		if ( '' === $url || ! is_array( $parts ) || empty( $parts['host'] ) || ! filter_var( $url, FILTER_VALIDATE_URL ) ) {
			return null;
		}
		return $url;
	}

	/**
	 * Adds a settings error once (sanitize callbacks can run twice on the first save).
	 *
	 * @param string $code    Error code.
	 * @param string $message Translated message.
	 * @return void
	 */
	private function error( string $code, string $message ): void {
		if ( ! function_exists( 'add_settings_error' ) ) {
			return;
		}
		foreach ( get_settings_errors( self::OPTION ) as $existing ) {
			if ( ( $existing['code'] ?? '' ) === $code ) {
				return;
			}
		}
		add_settings_error( self::OPTION, $code, $message, 'error' );
	}

	/**
	 * Adds Tessera → Page speed.
	 *
	 * @return void
	 */
	public function add_page(): void {
		Menu::submenu(
			__( 'Page speed', 'tessera' ),
			__( 'Page speed', 'tessera' ),
			'manage_options',
			self::PAGE,
			array( $this, 'render_page' ),
			1
		);
	}

	/**
	 * Adds the "Page speed" section and its fields.
	 *
	 * @return void
	 */
	public function add_fields(): void {
		add_settings_section(
			self::SECTION,
			__( 'Page speed', 'tessera' ),
			array( $this, 'render_section' ),
			self::PAGE
		);
		add_settings_field(
			'tessera_speed_api_key',
			__( 'PageSpeed Insights API key', 'tessera' ),
			array( $this, 'render_api_key_field' ),
			self::PAGE,
			self::SECTION,
			array( 'label_for' => 'tessera_speed_api_key' )
		);
		add_settings_field(
			'tessera_speed_gallery_link',
			__( 'Gallery optimization link', 'tessera' ),
			array( $this, 'render_gallery_link_field' ),
			self::PAGE,
			self::SECTION,
			array( 'label_for' => 'tessera_speed_gallery_link' )
		);
	}

	/**
	 * The section's introduction.
	 *
	 * @return void
	 */
	public function render_section(): void {
		echo '<p>' . esc_html__( 'Speed scores of your posts and pages come from Google PageSpeed Insights, for desktop and mobile.', 'tessera' ) . '</p>';
	}

	/**
	 * The API key field.
	 *
	 * @return void
	 */
	public function render_api_key_field(): void {
		printf(
			'<input type="password" id="tessera_speed_api_key" name="%1$s[api_key]" value="%2$s" class="regular-text code" autocomplete="off" spellcheck="false" aria-describedby="tessera_speed_api_key_description" />',
			esc_attr( self::OPTION ),
			esc_attr( self::api_key() )
		);
		printf(
			'<p class="description" id="tessera_speed_api_key_description">%s</p>',
			esc_html__( 'Optional. Without a key the PageSpeed Insights API answers at a low quota, so checks may fail when many sites share it. A key from the Google Cloud console raises the quota.', 'tessera' )
		);
	}

	/**
	 * The gallery optimization link field.
	 *
	 * @return void
	 */
	public function render_gallery_link_field(): void {
		printf(
			'<input type="url" id="tessera_speed_gallery_link" name="%1$s[gallery_link]" value="%2$s" class="regular-text code" placeholder="https://" aria-describedby="tessera_speed_gallery_link_description" />',
			esc_attr( self::OPTION ),
			esc_attr( self::gallery_link() )
		);
		printf(
			'<p class="description" id="tessera_speed_gallery_link_description">%s</p>',
			esc_html__( 'On pages with a gallery, the admin bar item “Optimize gallery images” opens this address in a new tab.', 'tessera' )
		);
	}

	/**
	 * The settings page.
	 *
	 * @return void
	 */
	public function render_page(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap">';
		echo '<h1>' . esc_html__( 'Page speed', 'tessera' ) . '</h1>';
		// Under Settings, core showed the saved notice and the errors; under the Tessera menu the screen does.
		settings_errors();
		echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post">';
		settings_fields( self::PAGE );
		do_settings_sections( self::PAGE );
		submit_button();
		echo '</form></div>';
	}
}
