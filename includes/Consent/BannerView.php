<?php
/**
 * The consent banner's server-rendered markup: the banner, the revisit button and the preference-centre template.
 * Contract: docs/consent.md ("Banner", "Revisit button", "Preference template").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

/**
 * Pure functions from the settings (Settings::get() shape) to HTML. Labels are escaped; descriptions (stored as
 * kses'd HTML, still treated as hostile) go through wp_kses_post.
 */
final class BannerView {

	/**
	 * Colour key of the settings => custom property of the markup.
	 */
	private const COLOUR_PROPERTIES = array(
		'background' => '--tessera-consent-bg',
		'text'       => '--tessera-consent-text',
		'accent'     => '--tessera-consent-accent',
		'accentText' => '--tessera-consent-accent-text',
		'border'     => '--tessera-consent-border',
	);

	/**
	 * The banner (GDPR: customise, reject, accept and close; CCPA: the Do Not Sell link and close).
	 *
	 * @param array<string, mixed> $settings Valid settings.
	 * @return string HTML.
	 */
	public static function banner( array $settings ): string {
		$law      = self::law( $settings );
		$type     = self::token( $settings['bannerType'] ?? '', 'box' );
		$position = self::token( $settings['bannerPosition'] ?? '', 'bottom-left' );

		$html  = '<div' . self::attributes(
			array(
				'class'            => 'tessera-consent tessera-consent--' . $type . ' tessera-consent--' . $position,
				'id'               => 'tessera-consent-banner',
				'role'             => 'region',
				'aria-labelledby'  => 'tessera-consent-title',
				'data-tessera-law' => $law,
				'style'            => self::colour_style( $settings ),
			)
		) . '>';
		$html .= '<div class="tessera-consent__body">';
		$html .= '<p class="tessera-consent__title" id="tessera-consent-title">' . esc_html( self::text( $settings, 'title' ) ) . '</p>';
		$html .= '<div class="tessera-consent__description">' . wp_kses_post( self::text( $settings, 'ccpa' === $law ? 'ccpaDescription' : 'description' ) ) . '</div>';
		$html .= '</div>';
		$html .= '<div class="tessera-consent__actions">';
		if ( 'ccpa' === $law ) {
			$html .= self::button( 'tessera-consent__button tessera-consent__button--link', 'data-tessera-consent', 'preferences', self::text( $settings, 'doNotSell' ) );
		} else {
			$html .= self::button( 'tessera-consent__button', 'data-tessera-consent', 'preferences', self::text( $settings, 'customize' ) );
			$html .= self::button( 'tessera-consent__button', 'data-tessera-consent', 'reject', self::text( $settings, 'rejectAll' ) );
			$html .= self::button( 'tessera-consent__button tessera-consent__button--primary', 'data-tessera-consent', 'accept', self::text( $settings, 'acceptAll' ) );
		}
		$html .= '</div>';
		$html .= self::close_button( 'data-tessera-consent', 'close', self::text( $settings, 'close' ) );
		$html .= '</div>';
		return $html;
	}

	/**
	 * The revisit button (opens the preference centre), in the lower corner on the banner's side.
	 *
	 * @param array<string, mixed> $settings Valid settings.
	 * @param bool                 $hidden   Whether it starts hidden (while the banner is shown).
	 * @return string HTML.
	 */
	public static function revisit( array $settings, bool $hidden ): string {
		$position = str_ends_with( (string) ( $settings['bannerPosition'] ?? '' ), '-right' ) ? 'bottom-right' : 'bottom-left';
		$label    = self::text( $settings, 'revisit' );
		return '<button' . self::attributes(
			array(
				'type'                 => 'button',
				'class'                => 'tessera-consent-revisit tessera-consent-revisit--' . $position,
				'id'                   => 'tessera-consent-revisit',
				'data-tessera-consent' => 'preferences',
				'aria-label'           => $label,
				'title'                => $label,
				'style'                => self::colour_style( $settings ),
				'hidden'               => $hidden,
			)
		) . '>'
			. '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">'
			. '<path fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round" d="M21 12.5A9 9 0 1 1 11.5 3a3 3 0 0 0 3.5 3.5 3 3 0 0 0 3.5 3.5 3 3 0 0 0 2.5 2.5z"/>'
			. '<circle fill="currentColor" cx="8.5" cy="10" r="1.5"/><circle fill="currentColor" cx="14" cy="15" r="1.5"/><circle fill="currentColor" cx="8.5" cy="16" r="1"/>'
			. '</svg></button>';
	}

	/**
	 * The preference-centre template (cloned by the preferences chunk): the GDPR dialog with one switch per
	 * category, or the CCPA opt-out dialog.
	 *
	 * @param array<string, mixed>  $settings Valid settings.
	 * @param array<string, string> $urls     `script`, `style` (the preferences chunk) and `log` (REST route); an
	 *                                        empty URL leaves its attribute out.
	 * @return string HTML.
	 */
	public static function preferences_template( array $settings, array $urls ): string {
		$law   = self::law( $settings );
		$type  = 'sidebar' === ( $settings['preferenceCenterType'] ?? '' ) ? 'sidebar' : 'popup';
		$class = 'tessera-consent-prefs tessera-consent-prefs--' . $type . ( 'ccpa' === $law ? ' tessera-consent-prefs--ccpa' : '' );

		$template_attributes = array( 'id' => 'tessera-consent-preferences' );
		foreach ( array( 'script', 'style', 'log' ) as $key ) {
			$url = isset( $urls[ $key ] ) && is_string( $urls[ $key ] ) ? esc_url( $urls[ $key ] ) : '';
			if ( '' !== $url ) {
				$template_attributes[ 'data-' . $key ] = $url;
			}
		}

		$html  = '<template' . self::attributes( $template_attributes, false ) . '>';
		$html .= '<dialog' . self::attributes(
			array(
				'class'            => $class,
				'aria-labelledby'  => 'tessera-consent-prefs-title',
				'data-tessera-law' => $law,
				'data-more'        => __( 'Show more', 'tessera' ),
				'data-less'        => __( 'Show less', 'tessera' ),
				'style'            => self::colour_style( $settings ),
			)
		) . '>';
		$html .= '<div class="tessera-consent-prefs__header">';
		$html .= '<h2 class="tessera-consent-prefs__title" id="tessera-consent-prefs-title">' . esc_html( self::text( $settings, 'ccpa' === $law ? 'doNotSell' : 'preferenceTitle' ) ) . '</h2>';
		$html .= self::close_button( 'data-tessera-prefs', 'dismiss', self::text( $settings, 'close' ) );
		$html .= '</div>';
		$html .= '<div class="tessera-consent-prefs__body">';

		if ( 'ccpa' === $law ) {
			$html .= '<div class="tessera-consent-prefs__description" data-tessera-truncate>' . wp_kses_post( self::text( $settings, 'ccpaDescription' ) ) . '</div>';
			$html .= '<label class="tessera-consent-prefs__optout"><input type="checkbox" role="switch" data-tessera-optout> <span>'
				. esc_html( self::text( $settings, 'doNotSell' ) ) . '</span></label>';
			$html .= '</div>';
			$html .= '<div class="tessera-consent-prefs__footer">';
			$html .= self::button( 'tessera-consent__button', 'data-tessera-prefs', 'dismiss', __( 'Cancel', 'tessera' ) );
			$html .= self::button( 'tessera-consent__button tessera-consent__button--primary', 'data-tessera-prefs', 'save', self::text( $settings, 'savePreferences' ) );
		} else {
			$html .= '<div class="tessera-consent-prefs__description" data-tessera-truncate>' . wp_kses_post( self::text( $settings, 'preferenceDescription' ) ) . '</div>';
			foreach ( is_array( $settings['categories'] ?? null ) ? $settings['categories'] : array() as $category ) {
				if ( is_array( $category ) ) {
					$html .= self::category( $category );
				}
			}
			$html .= '</div>';
			$html .= '<div class="tessera-consent-prefs__footer">';
			$html .= self::button( 'tessera-consent__button', 'data-tessera-prefs', 'reject', self::text( $settings, 'rejectAll' ) );
			$html .= self::button( 'tessera-consent__button', 'data-tessera-prefs', 'save', self::text( $settings, 'savePreferences' ) );
			$html .= self::button( 'tessera-consent__button tessera-consent__button--primary', 'data-tessera-prefs', 'accept', self::text( $settings, 'acceptAll' ) );
		}
		$html .= '</div>';
		$html .= '</dialog></template>';
		return $html;
	}

	/**
	 * One category of the GDPR preference centre: name, switch, description and the cookie table.
	 *
	 * @param array<string, mixed> $category A category of the settings.
	 * @return string HTML.
	 */
	private static function category( array $category ): string {
		$slug      = is_string( $category['slug'] ?? null ) ? $category['slug'] : '';
		$id        = 'tessera-consent-category-' . (string) preg_replace( '/[^A-Za-z0-9_-]/', '', $slug );
		$necessary = true === ( $category['isNecessary'] ?? false );

		$html  = '<div class="tessera-consent-prefs__category">';
		$html .= '<div class="tessera-consent-prefs__category-header">';
		$html .= '<h3 class="tessera-consent-prefs__category-name" id="' . esc_attr( $id . '-name' ) . '">' . esc_html( is_string( $category['name'] ?? null ) ? $category['name'] : $slug ) . '</h3>';
		$html .= '<input' . self::attributes(
			array(
				'type'                         => 'checkbox',
				'role'                         => 'switch',
				'class'                        => 'tessera-consent-prefs__switch',
				'id'                           => $id,
				'data-tessera-category-switch' => $slug,
				'aria-labelledby'              => $id . '-name',
				'aria-describedby'             => $id . '-description',
				'checked'                      => $necessary,
				'disabled'                     => $necessary,
			)
		) . '>';
		if ( $necessary ) {
			$html .= '<span class="tessera-consent-prefs__always">' . esc_html__( 'Always active', 'tessera' ) . '</span>';
		}
		$html .= '</div>';
		$html .= '<div class="tessera-consent-prefs__category-description" id="' . esc_attr( $id . '-description' ) . '" data-tessera-truncate>'
			. wp_kses_post( is_string( $category['description'] ?? null ) ? $category['description'] : '' ) . '</div>';

		$cookies = is_array( $category['cookies'] ?? null ) ? array_values( array_filter( $category['cookies'], 'is_array' ) ) : array();
		if ( ! $cookies ) {
			$html .= '<p class="tessera-consent-prefs__no-cookies">' . esc_html__( 'No cookies to display.', 'tessera' ) . '</p>';
		} else {
			$count = count( $cookies );
			/* translators: %d: number of cookies in the category. */
			$summary = sprintf( _n( 'Cookies (%d)', 'Cookies (%d)', $count, 'tessera' ), $count );
			$html   .= '<details class="tessera-consent-prefs__cookies"><summary>' . esc_html( $summary ) . '</summary>';
			$html   .= '<table><thead><tr>'
				. '<th scope="col">' . esc_html__( 'Cookie', 'tessera' ) . '</th>'
				. '<th scope="col">' . esc_html__( 'Duration', 'tessera' ) . '</th>'
				. '<th scope="col">' . esc_html__( 'Description', 'tessera' ) . '</th>'
				. '</tr></thead><tbody>';
			foreach ( $cookies as $cookie ) {
				$html .= '<tr><td>' . esc_html( is_string( $cookie['cookieID'] ?? null ) ? $cookie['cookieID'] : '' ) . '</td>'
					. '<td>' . esc_html( is_string( $cookie['duration'] ?? null ) ? $cookie['duration'] : '' ) . '</td>'
					. '<td>' . wp_kses_post( is_string( $cookie['description'] ?? null ) ? $cookie['description'] : '' ) . '</td></tr>';
			}
			$html .= '</tbody></table></details>';
		}
		$html .= '</div>';
		return $html;
	}

	/**
	 * A text button.
	 *
	 * @param string $class_name Classes.
	 * @param string $attribute  The data attribute the runtime reads (data-tessera-consent or data-tessera-prefs).
	 * @param string $action     Its value.
	 * @param string $label      Plain-text label.
	 * @return string HTML.
	 */
	private static function button( string $class_name, string $attribute, string $action, string $label ): string {
		return '<button' . self::attributes(
			array(
				'type'     => 'button',
				'class'    => $class_name,
				$attribute => $action,
			)
		) . '>' . esc_html( $label ) . '</button>';
	}

	/**
	 * The × close button.
	 *
	 * @param string $attribute The data attribute the runtime reads.
	 * @param string $action    Its value.
	 * @param string $label     Accessible name.
	 * @return string HTML.
	 */
	private static function close_button( string $attribute, string $action, string $label ): string {
		return '<button' . self::attributes(
			array(
				'type'       => 'button',
				'class'      => 'tessera-consent__close',
				$attribute   => $action,
				'aria-label' => $label,
			)
		) . '>'
			. '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">'
			. '<path fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" d="M6 6l12 12M18 6L6 18"/></svg></button>';
	}

	/**
	 * The colour custom properties for a `style` attribute (only values that are #hex colours).
	 *
	 * @param array<string, mixed> $settings Valid settings.
	 * @return string
	 */
	private static function colour_style( array $settings ): string {
		$colours = is_array( $settings['colours'] ?? null ) ? $settings['colours'] : array();
		$style   = array();
		foreach ( self::COLOUR_PROPERTIES as $key => $property ) {
			$value = $colours[ $key ] ?? null;
			if ( is_string( $value ) && 1 === preg_match( '/^#(?:[0-9a-fA-F]{3}){1,2}\z/', $value ) ) {
				$style[] = $property . ':' . $value;
			}
		}
		return implode( ';', $style );
	}

	/**
	 * HTML attributes: a string value is escaped, true gives a boolean attribute, false or '' leaves it out.
	 *
	 * @param array<string, string|bool> $attributes Name => value.
	 * @param bool                       $escape     Whether to esc_attr the values (URLs arrive esc_url'd).
	 * @return string With a leading space per attribute.
	 */
	private static function attributes( array $attributes, bool $escape = true ): string {
		$html = '';
		foreach ( $attributes as $name => $value ) {
			if ( true === $value ) {
				$html .= ' ' . $name;
			} elseif ( is_string( $value ) && '' !== $value ) {
				$html .= ' ' . $name . '="' . ( $escape ? esc_attr( $value ) : $value ) . '"';
			}
		}
		return $html;
	}

	/**
	 * A text of the settings ('' when missing).
	 *
	 * @param array<string, mixed> $settings Valid settings.
	 * @param string               $key      Text key.
	 * @return string
	 */
	private static function text( array $settings, string $key ): string {
		$value = $settings['texts'][ $key ] ?? '';
		return is_string( $value ) ? $value : '';
	}

	/**
	 * The law of the settings.
	 *
	 * @param array<string, mixed> $settings Valid settings.
	 * @return string gdpr or ccpa.
	 */
	private static function law( array $settings ): string {
		return 'ccpa' === ( $settings['activeLaw'] ?? '' ) ? 'ccpa' : 'gdpr';
	}

	/**
	 * A class-name token (lower-case letters and hyphens), or the fallback.
	 *
	 * @param mixed  $value    Value of the settings.
	 * @param string $fallback Fallback token.
	 * @return string
	 */
	private static function token( mixed $value, string $fallback ): string {
		return is_string( $value ) && 1 === preg_match( '/^[a-z-]+\z/', $value ) ? $value : $fallback;
	}
}
