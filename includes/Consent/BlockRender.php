<?php
/**
 * The server render of the consent-banner block `tessera/consent-banner`: the table of cookie categories and
 * cookies (for a cookie policy page), an inline button that reopens the preference centre, or the banner itself.
 * Contract: docs/consent.md ("Page output"), issue 3.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

use WP_HTML_Tag_Processor;

/**
 * Renders the three displays of the block from the settings (Settings::get() shape) and the page output it
 * coordinates with (one banner per page, no floating revisit button next to an inline one).
 */
final class BlockRender {

	/**
	 * The displays of the block.
	 */
	public const DISPLAYS = array( 'banner', 'revisit', 'cookie-table' );

	/**
	 * Colour attribute of the block => colour key of the settings.
	 */
	private const COLOUR_ATTRIBUTES = array(
		'bannerBackground' => 'background',
		'bannerText'       => 'text',
		'bannerAccent'     => 'accent',
	);

	/**
	 * Valid settings.
	 *
	 * @var array<string, mixed>
	 */
	private array $settings;

	/**
	 * The page output (null: consent is not printed on this page, so no banner either).
	 *
	 * @var Frontend|null
	 */
	private ?Frontend $frontend;

	/**
	 * Whether this is the editor's preview (the block renderer REST route): the banner is rendered in the flow
	 * (class `tessera-consent--preview`).
	 *
	 * @var bool
	 */
	private bool $preview;

	/**
	 * Creates a renderer.
	 *
	 * @param array<string, mixed> $settings Valid settings.
	 * @param Frontend|null        $frontend The page output the block coordinates with.
	 * @param bool                 $preview  Whether this is the editor's preview.
	 */
	public function __construct( array $settings, ?Frontend $frontend, bool $preview = false ) {
		$this->settings = $settings;
		$this->frontend = $frontend;
		$this->preview  = $preview;
	}

	/**
	 * The renderer for the current request: current settings, the plugin's page output and the preview flag of the
	 * block renderer route.
	 *
	 * @return self
	 */
	public static function for_request(): self {
		return new self( Settings::get(), Frontend::current(), self::is_preview_request() );
	}

	/**
	 * Whether the current request is the editor's server-side preview of this block
	 * (`/wp/v2/block-renderer/tessera/consent-banner`).
	 *
	 * @return bool
	 */
	public static function is_preview_request(): bool {
		if ( ! defined( 'REST_REQUEST' ) || ! REST_REQUEST ) {
			return false;
		}
		$wp    = $GLOBALS['wp'] ?? null;
		$route = is_object( $wp ) && isset( $wp->query_vars ) && is_array( $wp->query_vars ) ? ( $wp->query_vars['rest_route'] ?? '' ) : '';
		if ( ! is_string( $route ) || '' === $route ) {
			$route = isset( $_GET['rest_route'] ) && is_string( $_GET['rest_route'] ) ? sanitize_text_field( wp_unslash( $_GET['rest_route'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- Read only, to tell the route.
		}
		return str_starts_with( '/' . ltrim( $route, '/' ), '/wp/v2/block-renderer/' . Frontend::BLOCK_NAME );
	}

	/**
	 * The block's attributes, normalised: a known display (default `cookie-table`), a plain-text label and the
	 * colour overrides that are #hex colours ('' otherwise).
	 *
	 * @param array<mixed> $attributes Raw block attributes.
	 * @return array{display: string, label: string, bannerBackground: string, bannerText: string, bannerAccent: string}
	 */
	public static function attributes( array $attributes ): array {
		$display = $attributes['display'] ?? null;
		$clean   = array(
			'display' => is_string( $display ) && in_array( $display, self::DISPLAYS, true ) ? $display : Frontend::BLOCK_DEFAULT_DISPLAY,
			'label'   => is_string( $attributes['label'] ?? null ) ? trim( sanitize_text_field( $attributes['label'] ) ) : '',
		);
		foreach ( array_keys( self::COLOUR_ATTRIBUTES ) as $key ) {
			$value         = $attributes[ $key ] ?? null;
			$clean[ $key ] = is_string( $value ) && 1 === preg_match( '/^#(?:[0-9a-fA-F]{3}){1,2}\z/', $value ) ? strtolower( $value ) : '';
		}
		return $clean;
	}

	/**
	 * The block's HTML.
	 *
	 * @param array<mixed>                         $attributes Block attributes.
	 * @param callable(array<string, string>): string $wrapper    Gives the wrapper's attributes for extra ones
	 *                                                           (get_block_wrapper_attributes in a block render).
	 * @return string
	 */
	public function render( array $attributes, callable $wrapper ): string {
		$attributes = self::attributes( $attributes );
		switch ( $attributes['display'] ) {
			case 'banner':
				return $this->banner( $attributes );
			case 'revisit':
				return $this->revisit( $attributes['label'], (string) $wrapper( array( 'class' => 'tessera-consent-revisit-block' ) ) );
			default:
				return $this->cookie_table( (string) $wrapper( array( 'class' => 'tessera-cookie-table' ) ) );
		}
	}

	/**
	 * The cookie table: per category (settings order) its name (necessary ones marked always active), its
	 * description and a table of its cookies (or a "No cookies to display." line).
	 *
	 * @param string $wrapper_attributes Attributes of the wrapper `div` (escaped by their producer).
	 * @return string
	 */
	public function cookie_table( string $wrapper_attributes ): string {
		$html       = '<div ' . $wrapper_attributes . '>';
		$categories = is_array( $this->settings['categories'] ?? null ) ? $this->settings['categories'] : array();
		foreach ( $categories as $category ) {
			if ( is_array( $category ) ) {
				$html .= self::category_table( $category );
			}
		}
		return $html . '</div>';
	}

	/**
	 * One category of the cookie table.
	 *
	 * @param array<string, mixed> $category A category of the settings.
	 * @return string
	 */
	private static function category_table( array $category ): string {
		$slug = is_string( $category['slug'] ?? null ) ? $category['slug'] : '';
		$name = is_string( $category['name'] ?? null ) ? $category['name'] : $slug;

		$html = '<div class="tessera-cookie-table__category" data-category="' . esc_attr( $slug ) . '">';
		$html .= '<h3 class="tessera-cookie-table__name">' . esc_html( $name );
		if ( true === ( $category['isNecessary'] ?? false ) ) {
			$html .= ' <span class="tessera-cookie-table__always">' . esc_html__( '(always active)', 'tessera' ) . '</span>';
		}
		$html .= '</h3>';
		$html .= '<div class="tessera-cookie-table__description">' . wp_kses_post( is_string( $category['description'] ?? null ) ? $category['description'] : '' ) . '</div>';

		$cookies = is_array( $category['cookies'] ?? null ) ? array_values( array_filter( $category['cookies'], 'is_array' ) ) : array();
		if ( ! $cookies ) {
			return $html . '<p class="tessera-cookie-table__empty">' . esc_html__( 'No cookies to display.', 'tessera' ) . '</p></div>';
		}
		// The explicit roles keep the table's semantics where the narrow layout (style.css) makes its parts blocks;
		// data-label heads each value there.
		$labels = array(
			'cookieID'    => __( 'Cookie', 'tessera' ),
			'domain'      => __( 'Domain', 'tessera' ),
			'duration'    => __( 'Duration', 'tessera' ),
			'description' => __( 'Description', 'tessera' ),
		);
		$html  .= '<table class="tessera-cookie-table__cookies" role="table"><thead role="rowgroup"><tr role="row">';
		foreach ( $labels as $label ) {
			$html .= '<th scope="col" role="columnheader">' . esc_html( $label ) . '</th>';
		}
		$html .= '</tr></thead><tbody role="rowgroup">';
		foreach ( $cookies as $cookie ) {
			$html .= '<tr role="row">';
			foreach ( $labels as $key => $label ) {
				$value = is_string( $cookie[ $key ] ?? null ) ? $cookie[ $key ] : '';
				$html .= '<td role="cell" data-label="' . esc_attr( $label ) . '">'
					. ( 'description' === $key ? wp_kses_post( $value ) : esc_html( $value ) ) . '</td>';
			}
			$html .= '</tr>';
		}
		return $html . '</tbody></table></div>';
	}

	/**
	 * The inline revisit button: the runtime's delegated click listener opens the preference centre. The page
	 * output is told, so that it leaves out its floating button.
	 *
	 * @param string $label              Visible text ('' = the settings' revisit text).
	 * @param string $wrapper_attributes Attributes of the wrapper `div` (escaped by their producer).
	 * @return string
	 */
	public function revisit( string $label, string $wrapper_attributes ): string {
		if ( '' === $label ) {
			$texts = is_array( $this->settings['texts'] ?? null ) ? $this->settings['texts'] : array();
			$label = is_string( $texts['revisit'] ?? null ) ? $texts['revisit'] : '';
		}
		if ( ! $this->preview && null !== $this->frontend ) {
			$this->frontend->note_revisit_block();
		}
		return '<div ' . $wrapper_attributes . '>'
			. '<button type="button" class="tessera-consent-revisit-inline wp-element-button" data-tessera-consent="preferences">'
			. esc_html( $label ) . '</button></div>';
	}

	/**
	 * The banner where the block is, with the block's colours over the settings' ones: when the page output is
	 * enabled and no banner was printed yet (one banner per page, fixed ids), for every visitor (the runtime hides
	 * it before the first paint for a visitor who has acted). The editor's preview always shows it, in the flow.
	 *
	 * @param array<string, string> $attributes Normalised attributes (attributes()).
	 * @return string
	 */
	public function banner( array $attributes ): string {
		$settings = $this->settings;
		$colours  = is_array( $settings['colours'] ?? null ) ? $settings['colours'] : array();
		foreach ( self::COLOUR_ATTRIBUTES as $attribute => $key ) {
			if ( '' !== ( $attributes[ $attribute ] ?? '' ) ) {
				$colours[ $key ] = $attributes[ $attribute ];
			}
		}
		$settings['colours'] = $colours;

		if ( $this->preview ) {
			$processor = new WP_HTML_Tag_Processor( BannerView::banner( $settings ) );
			if ( $processor->next_tag() ) {
				$processor->add_class( 'tessera-consent--preview' );
			}
			return $processor->get_updated_html();
		}
		if ( null === $this->frontend || ! $this->frontend->is_enabled() || ! $this->frontend->claim_banner() ) {
			return '';
		}
		return BannerView::banner( $settings );
	}
}
