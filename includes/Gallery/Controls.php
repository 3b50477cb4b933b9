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
			// The reset and loupe icons show once the box holds text (spec §2: after a key press): CSS on
			// :placeholder-shown, no script. Reset is a link to the address without the search (in place with AJAX on).
			$fields .= sprintf(
				'<span class="tessera-gallery__search"><label for="%1$s">%2$s</label><span class="tessera-gallery__search-box"><input type="search" id="%1$s" name="%1$s" value="%3$s" maxlength="%4$d" autocomplete="off" placeholder="%5$s">'
				. '<span class="tessera-gallery__search-icons"><a class="tessera-gallery__search-reset" href="%6$s" aria-label="%7$s"><svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2"/></svg></a>'
				. '<button type="submit" class="tessera-gallery__search-go" aria-label="%8$s"><svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><circle cx="10" cy="10" r="6" fill="none" stroke="currentColor" stroke-width="2"/><path d="M15 15l6 6" stroke="currentColor" stroke-width="2"/></svg></button></span></span></span>',
				esc_attr( Navigation::SEARCH . $number ),
				esc_html__( 'Search', 'tessera' ),
				esc_attr( $state['search'] ),
				Navigation::MAX_SEARCH,
				esc_attr__( 'Title, caption or description', 'tessera' ),
				esc_url(
					Navigation::url(
						array(
							Navigation::SEARCH . $number => null,
							Navigation::PAGE . $number   => null,
						)
					) . '#' . $container
				),
				esc_attr__( 'Clear the search', 'tessera' ),
				esc_attr__( 'Search the gallery', 'tessera' )
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
			[ $kept, $album_tail ] = self::kept_fields( $number, 'select' === $settings['tagFilter'] );
			$html                 .= sprintf(
				'<form class="tessera-gallery__controls" method="get" action="%1$s" role="search" aria-label="%2$s">%3$s%4$s%5$s<button type="submit" class="tessera-gallery__apply">%6$s</button></form>',
				esc_url( self::path() . '#' . $container ),
				esc_attr( $name( __( 'search and sort', 'tessera' ) ) ),
				$kept,
				$fields,
				$album_tail,
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
			$url = Navigation::url(
				array(
					Navigation::PAGE . $number => null,
					Navigation::TAGS . $number => array() !== $tags ? implode( ',', $tags ) : null,
				)
			);
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
		// Two rows + 3 px from the first paint (CSS), so that the script's collapse moves nothing; the toggle is
		// here from the start (invisible until the script finds more than two rows). Without scripts every tag shows.
		return sprintf(
			'<nav class="tessera-gallery__tags bwg_tag_container" aria-label="%1$s" data-more="%2$s" data-less="%3$s"><ul id="%4$s">%5$s</ul>'
			. '<button type="button" class="tessera-gallery__more" aria-expanded="false" aria-controls="%4$s">%2$s</button>'
			. '<noscript><style>#%6$s .tessera-gallery__tags ul{max-height:none}#%6$s .tessera-gallery__more{display:none}</style></noscript></nav>',
			esc_attr( $label ),
			esc_attr__( 'See all', 'tessera' ),
			esc_attr__( 'See less', 'tessera' ),
			esc_attr( $container . '-tags' ),
			$items,
			esc_attr( $container )
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
		$path = (string) wp_parse_url( Navigation::page_url(), PHP_URL_PATH );
		return '' === $path ? '/' : $path;
	}

	/**
	 * Hidden fields that keep the rest of the address when the form is sent: every other parameter (other
	 * galleries' states, the page's own), without this gallery's page (a new search starts at page 1), search,
	 * sort and seed — and without its tags when the form has a tag select of its own. In two parts, in the address's
	 * order: what goes before the form's own fields, and an open album's tail (its type marker `type_{m}` and what
	 * follows it), which goes after them unless this gallery is the one open in that album (Navigation::url():
	 * an album's Back trims the address before its marker, and must keep this gallery's new state).
	 *
	 * @param int  $number      Widget number.
	 * @param bool $tags_in_form Whether the form sends the tags itself.
	 * @return array{0: string, 1: string}
	 */
	private static function kept_fields( int $number, bool $tags_in_form ): array {
		$own = array( Navigation::PAGE . $number, Navigation::SEARCH . $number, Navigation::SORT . $number, Navigation::SEED . $number );
		if ( $tags_in_form ) {
			$own[] = Navigation::TAGS . $number;
		}
		$html  = array( '', '' );
		$album = null;
		foreach ( Navigation::page_query() as $name => $value ) {
			if ( ! is_string( $name ) || ! is_string( $value ) || in_array( $name, $own, true ) || strlen( $name ) > 100 || strlen( $value ) > 1000 ) {
				continue;
			}
			if ( null === $album && 1 === preg_match( '/^' . preg_quote( AlbumBlock::TYPE, '/' ) . '(\d+)$/', $name, $m ) && (int) $m[1] !== $number ) {
				$album = $m[1];
			}
			$tail            = null !== $album && str_ends_with( $name, '_' . $album );
			$html[ (int) $tail ] .= '<input type="hidden" name="' . esc_attr( $name ) . '" value="' . esc_attr( $value ) . '">';
		}
		return $html;
	}
}
