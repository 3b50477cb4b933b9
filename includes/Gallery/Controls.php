<?php
/**
 * A gallery's search box, sort select and tag filter (docs/gallery.md, "Navigation"; spec §2 Tag filter, search
 * and sort), rendered by the server as a GET form and links on the page's own address: they work without
 * JavaScript, and every state has an address. Other galleries' parameters in the address are kept.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * Renders the controls above a gallery.
 */
final class Controls {

	/**
	 * The controls of gallery `{n}`.
	 *
	 * @param string                                                                $container Container id.
	 * @param int                                                                   $number    Widget number.
	 * @param array<string, mixed>                                                  $settings  Normalised block settings.
	 * @param array{page: int, search: string, sort: string, tags: int[], seed: int} $state     Navigation state.
	 * @param \WP_Term[]                                                            $terms     The gallery's tags.
	 * @param string                                                                $title     The gallery's title (in the landmarks' names: each gallery of a page has its own).
	 * @return string
	 */
	public static function render( string $container, int $number, array $settings, array $state, array $terms, string $title = '' ): string {
		$name = static fn ( string $what ): string => '' === $title
			? $what
			/* translators: 1: gallery title, 2: what the landmark holds ("search and sort", "filter by tag"). */
			: sprintf( __( '%1$s: %2$s', 'tessera' ), $title, $what );
		$html = '';
		if ( 'bar' === $settings['tagFilter'] && array() !== $terms ) {
			$html .= self::tag_bar( $container, $number, $state, $terms, $name( __( 'filter by tag', 'tessera' ) ) );
		}
		$fields = '';
		if ( 'select' === $settings['tagFilter'] && array() !== $terms ) {
			$fields .= self::tag_select( $number, $state, $terms );
		}
		if ( $settings['showSearch'] ) {
			$fields .= sprintf(
				'<span class="tessera-gallery__search"><label for="%1$s">%2$s</label><input type="search" id="%1$s" name="%1$s" value="%3$s" maxlength="%4$d" autocomplete="off"></span>',
				esc_attr( Navigation::SEARCH . $number ),
				esc_html__( 'Search', 'tessera' ),
				esc_attr( $state['search'] ),
				Navigation::MAX_SEARCH
			);
		}
		if ( $settings['showSort'] ) {
			$current = '' !== $state['sort'] ? $state['sort'] : (string) $settings['sortBy'];
			$options = '';
			foreach ( self::sort_labels() as $key => $label ) {
				$options .= sprintf( '<option value="%1$s"%2$s>%3$s</option>', esc_attr( $key ), selected( $current, $key, false ), esc_html( $label ) );
			}
			$fields .= sprintf(
				'<span class="tessera-gallery__sort"><label for="%1$s">%2$s</label><select id="%1$s" name="%1$s">%3$s</select></span>',
				esc_attr( Navigation::SORT . $number ),
				esc_html__( 'Sort by', 'tessera' ),
				$options
			);
		}
		if ( '' !== $fields ) {
			$html .= sprintf(
				'<form class="tessera-gallery__controls" method="get" action="%1$s" role="search" aria-label="%2$s">%3$s%4$s<button type="submit" class="tessera-gallery__apply">%5$s</button></form>',
				esc_url( self::path() . '#' . $container ),
				esc_attr( $name( __( 'search and sort', 'tessera' ) ) ),
				self::kept_fields( $number, 'select' === $settings['tagFilter'] ),
				$fields,
				esc_html__( 'Show', 'tessera' )
			);
		}
		return $html;
	}

	/**
	 * The sort keys a visitor may choose, with their labels.
	 *
	 * @return array<string, string>
	 */
	public static function sort_labels(): array {
		return array(
			'order'    => __( 'Default order', 'tessera' ),
			'title'    => __( 'Title', 'tessera' ),
			'date'     => __( 'Date', 'tessera' ),
			'filename' => __( 'File name', 'tessera' ),
			'random'   => __( 'Random', 'tessera' ),
		);
	}

	/**
	 * The tag filter bar: "All" and one link per tag, each toggling that tag in the filter (any of the chosen).
	 *
	 * @param string                                                                $container Container id.
	 * @param int                                                                   $number    Widget number.
	 * @param array{page: int, search: string, sort: string, tags: int[], seed: int} $state     Navigation state.
	 * @param \WP_Term[]                                                            $terms     Tags.
	 * @param string                                                                $label     The landmark's name.
	 * @return string
	 */
	private static function tag_bar( string $container, int $number, array $state, array $terms, string $label ): string {
		$link  = static function ( array $tags ) use ( $container, $number ): string {
			$url = remove_query_arg( array( Navigation::PAGE . $number, Navigation::TAGS . $number ) );
			if ( array() !== $tags ) {
				$url = add_query_arg( Navigation::TAGS . $number, implode( ',', $tags ), $url );
			}
			return esc_url( $url . '#' . $container );
		};
		$items = sprintf(
			'<li><a class="tessera-gallery__tag%1$s" href="%2$s"%3$s>%4$s</a></li>',
			array() === $state['tags'] ? ' is-active' : '',
			$link( array() ),
			array() === $state['tags'] ? ' aria-current="true"' : '',
			esc_html__( 'All', 'tessera' )
		);
		foreach ( $terms as $term ) {
			$active = in_array( (int) $term->term_id, $state['tags'], true );
			$next   = $active
				? array_values( array_diff( $state['tags'], array( (int) $term->term_id ) ) )
				: array_merge( $state['tags'], array( (int) $term->term_id ) );
			$items .= sprintf(
				'<li><a class="tessera-gallery__tag%1$s" href="%2$s"%3$s>%4$s</a></li>',
				$active ? ' is-active' : '',
				$link( $next ),
				$active ? ' aria-current="true"' : '',
				esc_html( $term->name )
			);
		}
		return sprintf(
			'<nav class="tessera-gallery__tags bwg_tag_container" aria-label="%1$s" data-more="%2$s" data-less="%3$s"><ul id="%4$s">%5$s</ul></nav>',
			esc_attr( $label ),
			esc_attr__( 'See all', 'tessera' ),
			esc_attr__( 'See less', 'tessera' ),
			esc_attr( $container . '-tags' ),
			$items
		);
	}

	/**
	 * The tag select of the form, with its placeholder when no tag is chosen.
	 *
	 * @param int                                                                   $number Widget number.
	 * @param array{page: int, search: string, sort: string, tags: int[], seed: int} $state  Navigation state.
	 * @param \WP_Term[]                                                            $terms  Tags.
	 * @return string
	 */
	private static function tag_select( int $number, array $state, array $terms ): string {
		$current = $state['tags'][0] ?? 0;
		$options = '<option value="">' . esc_html__( 'Select tags', 'tessera' ) . '</option>';
		foreach ( $terms as $term ) {
			$options .= sprintf( '<option value="%1$d"%2$s>%3$s</option>', (int) $term->term_id, selected( $current, (int) $term->term_id, false ), esc_html( $term->name ) );
		}
		return sprintf(
			'<span class="tessera-gallery__tag-select"><label for="%1$s">%2$s</label><select id="%1$s" name="%1$s">%3$s</select></span>',
			esc_attr( Navigation::TAGS . $number ),
			esc_html__( 'Tag', 'tessera' ),
			$options
		);
	}

	/**
	 * The page's address without its query (the form sends the query itself).
	 *
	 * @return string
	 */
	private static function path(): string {
		$uri = isset( $_SERVER['REQUEST_URI'] ) ? (string) wp_unslash( $_SERVER['REQUEST_URI'] ) : '/'; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- only its path is used, through esc_url.
		$path = (string) wp_parse_url( $uri, PHP_URL_PATH );
		return '' === $path ? '/' : $path;
	}

	/**
	 * Hidden fields that keep the rest of the address when the form is sent: every other parameter (other
	 * galleries' states, the page's own), without this gallery's page (a new search starts at page 1), search,
	 * sort and seed — and without its tags when the form has a tag select of its own.
	 *
	 * @param int  $number      Widget number.
	 * @param bool $tags_in_form Whether the form sends the tags itself.
	 * @return string
	 */
	private static function kept_fields( int $number, bool $tags_in_form ): string {
		$own = array( Navigation::PAGE . $number, Navigation::SEARCH . $number, Navigation::SORT . $number, Navigation::SEED . $number );
		if ( $tags_in_form ) {
			$own[] = Navigation::TAGS . $number;
		}
		$html = '';
		foreach ( $_GET as $name => $value ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only: the address as it is, escaped.
			if ( ! is_string( $name ) || ! is_string( $value ) || in_array( $name, $own, true ) || strlen( $name ) > 100 || strlen( $value ) > 1000 ) {
				continue;
			}
			$html .= '<input type="hidden" name="' . esc_attr( $name ) . '" value="' . esc_attr( wp_unslash( $value ) ) . '">';
		}
		return $html;
	}
}
