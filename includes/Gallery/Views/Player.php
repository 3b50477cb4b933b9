<?php
/**
 * What the slideshow and the carousel share (docs/gallery.md, "Views"; spec §2, §3 "Slideshow parameters"): the
 * player's root with the settings its script reads (`data-*`), its buttons, the watermark, and the script itself
 * (`blocks/gallery/player`), enqueued only by a page that shows one of them.
 *
 * The buttons need the script: they are printed hidden (`visibility`, so nothing moves when the script shows
 * them) and laid over the images, and the view stays whole without them (the first slide and its thumbnails as
 * links, or a row that scrolls).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery\Views;

use Tessera\Html;

/**
 * Markup shared by the slideshow and carousel views.
 */
final class Player {

	/** Handle of the player script (build entry `blocks/gallery/player`). */
	public const SCRIPT = 'tessera-block-gallery-player';

	/** Watermark position (block attribute) => CSS `place-self` in the stage's single grid cell. */
	private const PLACES = array(
		'top-left'     => 'start start',
		'top-right'    => 'start end',
		'bottom-left'  => 'end start',
		'bottom-right' => 'end end',
		'center'       => 'center center',
	);

	/** Icon paths (24 x 24). */
	private const ICONS = array(
		'prev'  => '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.5"/>',
		'next'  => '<path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" stroke-width="2.5"/>',
		'up'    => '<path d="M5 15l7-7 7 7" fill="none" stroke="currentColor" stroke-width="2.5"/>',
		'down'  => '<path d="M5 9l7 7 7-7" fill="none" stroke="currentColor" stroke-width="2.5"/>',
		'play'  => '<path d="M8 5v14l11-7z" fill="currentColor"/>',
		'pause' => '<path d="M6 5h4v14H6zm8 0h4v14h-4z" fill="currentColor"/>',
	);

	/**
	 * Enqueues the player script once (deferred, footer).
	 *
	 * @return void
	 */
	public static function enqueue(): void {
		if ( ! wp_script_is( self::SCRIPT, 'enqueued' ) && did_action( 'init' ) ) {
			( new \Tessera\Assets() )->enqueue_deferred( self::SCRIPT, 'blocks/gallery/player' );
		}
	}

	/**
	 * The player script's address ('' when it is not registered).
	 *
	 * @return string
	 */
	private static function script_url(): string {
		self::enqueue();
		return \Tessera\Assets::registered_url( wp_scripts(), self::SCRIPT );
	}

	/**
	 * The player's opening tag: a named region ("{gallery}: slideshow") with the settings the script reads.
	 *
	 * @param string                                    $kind     `slideshow` or `carousel` (ours).
	 * @param string                                    $role     Translated role description ("slideshow").
	 * @param array<string, mixed>                      $settings Normalised block settings.
	 * @param array<string, string|int|bool|null>       $extra    More attributes, over ours (class added to ours;
	 *                                                            `data-player` null: no player, a single image).
	 * @return string
	 */
	public static function open( string $kind, string $role, array $settings, array $extra ): string {
		$title = trim( wp_strip_all_tags( get_the_title( (int) $settings['galleryId'] ) ) );
		$class = trim( 'tessera-player tessera-' . $kind . ' ' . ( $extra['class'] ?? '' ) );
		unset( $extra['class'] );
		return Html::open(
			'div',
			array_merge(
				array(
				'class'                => $class,
				'role'                 => 'region',
				'aria-roledescription' => $role,
				/* translators: 1: gallery title, 2: "slideshow" or "carousel". */
				'aria-label'           => '' === $title ? $role : sprintf( __( '%1$s: %2$s', 'tessera' ), $title, $role ),
				'data-player'          => $kind,
				// Milliseconds (spec §9: seconds x 1000).
				'data-interval'        => (int) $settings['interval'] * 1000,
				'data-autoplay'        => (bool) $settings['autoplay'],
				'data-loop'            => (bool) $settings['loop'],
				// The player script's address: a player that arrives by in-place navigation on a page that had
				// none loads it (blocks/gallery/nav.ts).
				'data-src'             => array_key_exists( 'data-player', $extra ) && null === $extra['data-player'] ? null : self::script_url(),
				),
				$extra
			)
		);
	}

	/**
	 * A button that moves: `step` (previous / next slide) or `scroll` (a filmstrip's or a carousel's list, the
	 * first child of the button's parent), by -1 or +1; with its icon.
	 *
	 * @param string                     $act   `step` or `scroll` (`data-act`, read by the script).
	 * @param int                        $by    -1 back, +1 forward.
	 * @param string                     $class Its place (`prev`, `next`, `back`, `fwd`).
	 * @param string                     $label Its name.
	 * @param string                     $icon  Icon key (ICONS).
	 * @param array<string, string|bool> $extra More attributes.
	 * @return string
	 */
	public static function button( string $act, int $by, string $class, string $label, string $icon, array $extra = array() ): string {
		return Html::element(
			'button',
			array(
				'type'       => 'button',
				'class'      => 'tessera-player__ctl tessera-player__' . $class,
				'data-act'   => $act,
				'data-by'    => $by,
				'aria-label' => $label,
			) + $extra,
			self::icon( $icon )
		);
	}

	/**
	 * Play / pause: its name says what a press does ("Play slideshow" while paused, "Pause slideshow" while
	 * playing): both names with their icons, the style shows the one for the state (`is-playing`, set by the
	 * script), so the name is always the shown one's.
	 *
	 * @param string $play  "Play …".
	 * @param string $pause "Pause …".
	 * @return string
	 */
	public static function play_button( string $play, string $pause ): string {
		return Html::element(
			'button',
			array(
				'type'     => 'button',
				'class'    => 'tessera-player__ctl tessera-player__play',
				'data-act' => 'play',
			),
			'<span class="tessera-player__paused">' . self::icon( 'play' ) . '<span class="screen-reader-text">' . esc_html( $play ) . '</span></span>'
				. '<span class="tessera-player__playing">' . self::icon( 'pause' ) . '<span class="screen-reader-text">' . esc_html( $pause ) . '</span></span>'
		);
	}

	/**
	 * An icon (decorative).
	 *
	 * @param string $name ICONS key.
	 * @return string
	 */
	private static function icon( string $name ): string {
		return '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">' . ( self::ICONS[ $name ] ?? '' ) . '</svg>';
	}

	/**
	 * The watermark over the images (text or image), placed and faded as set, hidden from assistive technology and
	 * never selectable or clickable; '' without one.
	 *
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	public static function watermark( array $settings ): string {
		$inner = '';
		if ( 'text' === $settings['watermarkType'] ) {
			$inner = esc_html( trim( (string) $settings['watermarkText'] ) );
		} elseif ( 'image' === $settings['watermarkType'] && self::attachment( (int) $settings['watermarkImage'], 'image' ) ) {
			$inner = wp_get_attachment_image(
				(int) $settings['watermarkImage'],
				'medium',
				false,
				array(
					'alt'     => '',
					'class'   => 'tessera-player__mark-image',
					'loading' => 'lazy',
				)
			);
		}
		if ( '' === $inner ) {
			return '';
		}
		$place   = self::PLACES[ (string) $settings['watermarkPosition'] ] ?? self::PLACES['bottom-right'];
		$opacity = max( 0, min( 100, (int) $settings['watermarkOpacity'] ) ) / 100;
		return Html::element(
			'span',
			array(
				'class'       => 'tessera-player__mark',
				'aria-hidden' => 'true',
				'style'       => sprintf( 'place-self:%1$s;opacity:%2$s', $place, number_format( $opacity, 2, '.', '' ) ),
			),
			$inner
		);
	}

	/**
	 * Whether an attachment of this kind (`image`, `audio`) exists and visitors may see it (its status, or its
	 * parent's, `publish` or `inherit`, as for the gallery's images).
	 *
	 * @param int    $id   Attachment id.
	 * @param string $type `image` or `audio`.
	 * @return bool
	 */
	public static function attachment( int $id, string $type ): bool {
		$post = $id > 0 ? get_post( $id ) : null;
		return null !== $post
			&& 'attachment' === $post->post_type
			&& in_array( get_post_status( $post ), array( 'publish', 'inherit' ), true )
			&& wp_attachment_is( $type, $post );
	}
}
