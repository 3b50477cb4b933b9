<?php
/**
 * The blog style view (docs/gallery.md, "Views"; spec §2, §4): the images one under the other, at most `viewWidth`
 * wide, each with its title and — when `showDescription` — its description. A long description (more than
 * 200 characters, or more than one paragraph) shows a short text and a "More" / "Less" toggle between the short
 * and the full text (spec §4 "The description 'more' toggles between full and short text"), without JavaScript:
 * a `<details>` element, whose summary is a real, keyboard-operable disclosure button with its expanded state;
 * layouts.css swaps the summary's words and hides the short text while it is open.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery\Views;

use Tessera\Gallery\Thumbnails;

/**
 * Renders a page of images in blog style.
 */
final class BlogStyle {

	/** A description longer than this (in characters of plain text) is shortened behind "More". */
	public const SHORT_LENGTH = 200;

	/**
	 * The list of images with their texts.
	 *
	 * @param string               $container Container id (the view needs no style of its own).
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @return string
	 */
	public static function render( string $container, array $ids, array $settings ): string {
		unset( $container );
		$items = '';
		foreach ( $ids as $id ) {
			$text   = ImageBrowser::title( $id ) . ( $settings['showDescription'] ? self::description( $id ) : '' );
			$items .= ImageBrowser::item( $id, $settings, $text );
		}
		return ImageBrowser::stack( 'tessera-blog', $settings, $items );
	}

	/**
	 * The description: whole when short; else the short text and a toggle to the full text.
	 *
	 * @param int $id Attachment id.
	 * @return string
	 */
	private static function description( int $id ): string {
		$full = ImageBrowser::description_html( $id );
		if ( '' === $full ) {
			return '';
		}
		$short = self::shorten( $full );
		if ( null === $short ) {
			return '<div class="tessera-stack__desc">' . $full . '</div>';
		}
		$title = Thumbnails::title( $id );
		$about = '' === $title
			? ''
			/* translators: %s: image title. Read after "More" or "Less" by screen readers. */
			: '<span class="screen-reader-text"> ' . esc_html( sprintf( __( 'description of %s', 'tessera' ), $title ) ) . '</span>';
		return '<div class="tessera-stack__desc tessera-more">'
			. '<p class="tessera-more__short">' . esc_html( $short ) . '</p>'
			. '<details><summary>'
			. '<span class="tessera-more__more">' . esc_html_x( 'More', 'show the whole description', 'tessera' ) . '</span>'
			. '<span class="tessera-more__less">' . esc_html_x( 'Less', 'show the short description', 'tessera' ) . '</span>'
			. $about . '</summary>' . $full . '</details></div>';
	}

	/**
	 * The short text of a long description (its first paragraph as plain text, cut at a word to at most
	 * SHORT_LENGTH characters, with an ellipsis); null when the description is short enough to show whole.
	 *
	 * @param string $html The description's paragraphs (ImageBrowser::description_html()).
	 * @return string|null
	 */
	public static function shorten( string $html ): ?string {
		$paragraphs = preg_split( '#</p>#i', $html, -1, PREG_SPLIT_NO_EMPTY );
		$paragraphs = array_values(
			array_filter(
				array_map( static fn ( string $part ): string => trim( html_entity_decode( wp_strip_all_tags( $part ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) ), (array) $paragraphs ),
				static fn ( string $text ): bool => '' !== $text
			)
		);
		$all = implode( ' ', $paragraphs );
		if ( count( $paragraphs ) <= 1 && mb_strlen( $all ) <= self::SHORT_LENGTH ) {
			return null;
		}
		$first = $paragraphs[0] ?? '';
		if ( mb_strlen( $first ) > self::SHORT_LENGTH ) {
			$first = mb_substr( $first, 0, self::SHORT_LENGTH );
			$space = mb_strrpos( $first, ' ' );
			if ( false !== $space && $space > self::SHORT_LENGTH / 2 ) {
				$first = mb_substr( $first, 0, $space );
			}
		}
		return rtrim( $first, " \t\n\r\0\x0B.,;:!?-" ) . '…';
	}
}
