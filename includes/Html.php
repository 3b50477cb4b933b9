<?php
/**
 * Small HTML builder on top of WP_HTML_Tag_Processor (attributes are never concatenated by hand).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera;

use WP_HTML_Tag_Processor;

/**
 * Builds opening tags and elements; attribute values are escaped by the Tag Processor.
 */
final class Html {

	/**
	 * An opening tag with attributes.
	 *
	 * @param string                                  $tag        Tag name from our own code (letters and digits).
	 * @param array<string, string|int|float|bool|null> $attributes Name => value; true = boolean attribute, false/null = left out.
	 * @return string
	 */
	public static function open( string $tag, array $attributes = array() ): string {
		if ( 1 !== preg_match( '/^[a-z][a-z0-9]*$/i', $tag ) ) {
			return '';
		}
		// With its closer: the Tag Processor does not parse an unclosed `<textarea>` or `<title>` (their text runs to
		// the closer), so it would set nothing on them.
		$closer    = '</' . $tag . '>';
		$processor = new WP_HTML_Tag_Processor( '<' . $tag . '>' . $closer );
		$processor->next_tag();
		foreach ( $attributes as $name => $value ) {
			if ( null === $value || false === $value ) {
				continue;
			}
			$processor->set_attribute( (string) $name, true === $value ? true : (string) $value );
		}
		$html = $processor->get_updated_html();
		return substr( $html, 0, -strlen( $closer ) );
	}

	/**
	 * A whole element.
	 *
	 * @param string                                  $tag        Tag name from our own code.
	 * @param array<string, string|int|float|bool|null> $attributes Name => value (see open()).
	 * @param string                                  $inner_html Already escaped inner HTML.
	 * @return string
	 */
	public static function element( string $tag, array $attributes, string $inner_html = '' ): string {
		$open = self::open( $tag, $attributes );
		return '' === $open ? '' : $open . $inner_html . '</' . $tag . '>';
	}
}
