<?php
/**
 * The slideshow view (docs/gallery.md, "Views"; spec §2, §3 "Slideshow parameters", §4 "Play state", "Changing
 * image"): one image at a time on a stage `viewWidth` wide at most and `viewWidth` x `viewHeight` in proportion
 * (the images contained in it), every slide in the HTML with only the first shown, and under or beside it a
 * filmstrip (`filmstripType` 1: thumbnails of `filmstripSize` px; 2: `filmstripCount` thumbnails filling the
 * width, at most 5 on containers of 767 px or less) or dots (0).
 *
 * Without JavaScript the first slide shows, and each thumbnail or dot is a link to its full image. The player
 * script (`blocks/gallery/player.ts`) makes them show their slide instead (`aria-current` on the shown one's),
 * adds previous / next, play / pause (autoplay every `interval` seconds, `shuffle`, `loop`), the keyboard and the
 * effects: CSS animations (player.css) as long as `--tessera-fx`, which this view works out (transition_ms()).
 * The music is an `<audio>` with controls beside the player, which only a press on Play starts.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery\Views;

use Tessera\Gallery\Thumbnails;
use Tessera\Html;

/**
 * Renders a page of images as a slideshow.
 */
final class Slideshow {

	/** What the `random` effect draws from, at each change (player.css animates each). */
	public const EFFECTS = array( 'fade', 'slide_horizontal', 'slide_vertical', 'scale_out', 'scale_in' );

	/**
	 * The slideshow.
	 *
	 * @param string               $container Container id (the view's style is inline; unused).
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @return string
	 */
	public static function render( string $container, array $ids, array $settings ): string {
		unset( $container );
		$ids   = array_values( array_filter( $ids, static fn ( int $id ): bool => wp_attachment_is_image( $id ) ) );
		$count = count( $ids );
		if ( 0 === $count ) {
			return '';
		}
		$width  = (int) $settings['viewWidth'];
		$height = (int) $settings['viewHeight'];
		$type   = (int) $settings['filmstripType'];
		$thumbs = (int) $settings['filmstripCount'];
		$strip  = 0 === $type ? 'dots' : ( 'vertical' === $settings['filmstripDirection'] ? 'v' : 'h' );
		$many   = $count > 1;

		$slides = '';
		$picks  = '';
		foreach ( $ids as $k => $id ) {
			$label   = self::label( $k + 1, $count, Thumbnails::title( $id ) );
			$slides .= self::slide( $id, $k, $label, $settings );
			$picks  .= $many ? self::pick( $id, $k, $label, $type, $settings ) : '';
		}

		$stage = $slides . Player::watermark( $settings );
		if ( $many ) {
			$stage .= Player::button( 'step', -1, 'prev', __( 'Previous image', 'tessera' ), 'prev' )
				. Player::button( 'step', 1, 'next', __( 'Next image', 'tessera' ), 'next' )
				. Player::play_button( __( 'Play slideshow', 'tessera' ), __( 'Pause slideshow', 'tessera' ) );
		}
		$main = '<div class="tessera-player__stage">' . $stage . '</div>';
		if ( $many && 'dots' !== $strip ) {
			// The list first: the scroll buttons act on their parent's first child.
			$main .= '<div class="tessera-player__strip"><ul class="tessera-player__thumbs" role="list">' . $picks . '</ul>'
				. Player::button( 'scroll', -1, 'back', __( 'Scroll thumbnails back', 'tessera' ), 'v' === $strip ? 'up' : 'prev', array( 'aria-disabled' => 'true' ) )
				. Player::button( 'scroll', 1, 'fwd', __( 'Scroll thumbnails forward', 'tessera' ), 'v' === $strip ? 'down' : 'next' )
				. '</div>';
		}
		$html = '<div class="tessera-slideshow__main">' . $main . '</div>';
		if ( $many && 'dots' === $strip ) {
			$html .= '<ul class="tessera-player__dots" role="list">' . $picks . '</ul>';
		}
		if ( $many ) {
			// Last: the script writes the visitor's changes into the player's last element.
			$html .= '<p class="screen-reader-text tessera-player__live" aria-live="polite" aria-atomic="true"></p>';
			Player::enqueue();
		}

		$effect = (string) $settings['effect'];
		$style  = sprintf(
			'--tessera-view:%1$dpx;--tessera-thumb-ratio:%1$d / %2$d;--tessera-strip:%3$s;--tessera-thumb:%4$s;--tessera-fx:%5$dms',
			$width,
			$height,
			// The strip's width beside the stage; for a fixed count, the share of the width that makes `count`
			// square thumbnails as tall together as the stage: S = W * h / (count * w + h).
			2 === $type ? self::number( 100 * $height / ( $thumbs * $width + $height ) ) . '%' : (int) $settings['filmstripSize'] . 'px',
			2 === $type ? 'calc(100% / min(' . $thumbs . ', var(--tessera-cap, 99)))' : (int) $settings['filmstripSize'] . 'px',
			'none' === $effect ? 0 : self::transition_ms( (int) $settings['effectDuration'], (int) $settings['interval'] * 1000 )
		);
		return Player::open(
			'slideshow',
			__( 'slideshow', 'tessera' ),
			$settings,
			array(
				'class'        => 'tessera-slideshow--' . $strip,
				// One image: nothing to play.
				'data-player'  => $many ? 'slideshow' : null,
				'data-effect'  => 'random' === $effect ? implode( ' ', self::EFFECTS ) : $effect,
				'data-shuffle' => (bool) $settings['shuffle'],
				'style'        => $style,
			)
		) . $html . '</div>' . self::music( (int) $settings['music'] );
	}

	/**
	 * How long a change lasts (spec §4): the effect duration, or a quarter of the interval when the interval is
	 * under four times the effect duration.
	 *
	 * @param int $duration Effect duration, ms.
	 * @param int $interval Autoplay interval, ms.
	 * @return int Milliseconds.
	 */
	public static function transition_ms( int $duration, int $interval ): int {
		return $interval < 4 * $duration ? intdiv( $interval, 4 ) : $duration;
	}

	/**
	 * What a slide is called, and what the live region says when a visitor changes slides: "3 of 8: Title".
	 *
	 * @param int    $position 1-based position.
	 * @param int    $count    Slides.
	 * @param string $title    Image title (plain text).
	 * @return string
	 */
	public static function label( int $position, int $count, string $title ): string {
		return '' === $title
			/* translators: 1: slide position, 2: number of slides. */
			? sprintf( __( '%1$d of %2$d', 'tessera' ), $position, $count )
			/* translators: 1: slide position, 2: number of slides, 3: image title. */
			: sprintf( __( '%1$d of %2$d: %3$s', 'tessera' ), $position, $count, $title );
	}

	/**
	 * One slide: the image (contained in the stage) in its link (thumb_click_action), with its title and
	 * description when shown. Only the first is visible; the others are `hidden` and load lazily (the script
	 * loads the next one ahead).
	 *
	 * @param int                  $id       Attachment id.
	 * @param int                  $index    0-based position.
	 * @param string               $label    The slide's name.
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	private static function slide( int $id, int $index, string $label, array $settings ): string {
		$width = (int) $settings['viewWidth'];
		$image = Thumbnails::image(
			$id,
			'large',
			sprintf( '(max-width: %1$dpx) 100vw, %1$dpx', $width ),
			// The first as core decides (eager when it is high on the page); the second loads ahead, quietly, as the
			// next one; the others when they become the next (the script).
			0 === $index ? array() : ( 1 === $index ? array(
				'loading'       => 'eager',
				'fetchpriority' => 'low',
			) : array( 'loading' => 'lazy' ) )
		);
		$text        = array();
		$title       = Thumbnails::title( $id );
		$post        = get_post( $id );
		$description = null === $post ? '' : trim( wp_strip_all_tags( $post->post_content ) );
		if ( $settings['showTitles'] && '' !== $title ) {
			$text[] = '<strong>' . esc_html( $title ) . '</strong>';
		}
		if ( $settings['showDescription'] && '' !== $description ) {
			$text[] = esc_html( $description );
		}
		$text = implode( '<br>', $text );
		return Html::open(
			'div',
			array(
				'class'                => 'tessera-slide',
				'role'                 => 'group',
				'aria-roledescription' => __( 'slide', 'tessera' ),
				'aria-label'           => $label,
				'data-image-id'        => $id,
				'hidden'               => 0 !== $index,
			)
		) . Thumbnails::linked( $id, $image, $settings )
			. ( '' === $text ? '' : '<p class="tessera-slide__text">' . $text . '</p>' )
			. '</div>';
	}

	/**
	 * A thumbnail of the filmstrip (types 1, 2) or a dot (type 0): a link to the full image, which the script
	 * makes a button showing the slide; the current one `aria-current`.
	 *
	 * @param int                  $id       Attachment id.
	 * @param int                  $index    0-based position.
	 * @param string               $label    The slide's name.
	 * @param int                  $type     Filmstrip type.
	 * @param array<string, mixed> $settings Normalised block settings.
	 * @return string
	 */
	private static function pick( int $id, int $index, string $label, int $type, array $settings ): string {
		$full = wp_get_attachment_url( $id );
		if ( 0 === $type ) {
			$inner = '<span class="screen-reader-text">' . esc_html( $label ) . '</span>';
		} else {
			$px    = 2 === $type ? (int) ceil( (int) $settings['viewWidth'] / max( 1, (int) $settings['filmstripCount'] ) ) : (int) $settings['filmstripSize'];
			$inner = Thumbnails::image( $id, $px > 150 ? 'medium' : 'thumbnail', $px . 'px', array( 'loading' => 'lazy' ) );
		}
		return '<li>' . Html::element(
			'a',
			array(
				'class'        => 0 === $type ? 'tessera-player__pick tessera-player__dot' : 'tessera-player__pick',
				// The Tag Processor escapes attribute values (URLs with esc_url()).
				'href'         => false === $full ? '#' : $full,
				'data-act'     => 'pick',
				'aria-current' => 0 === $index ? 'true' : null,
			),
			$inner
		) . '</li>';
	}

	/**
	 * The music: an audio player with controls, beside the player (its keys stay its own), never started by itself:
	 * a press on Play starts it, Pause pauses it; '' without music or when the attachment is not a visible audio
	 * file.
	 *
	 * @param int $id Audio attachment id.
	 * @return string
	 */
	private static function music( int $id ): string {
		$url = Player::attachment( $id, 'audio' ) ? wp_get_attachment_url( $id ) : false;
		if ( false === $url ) {
			return '';
		}
		return Html::element(
			'audio',
			array(
				'class'      => 'tessera-player__music',
				'src'        => $url,
				'controls'   => true,
				'loop'       => true,
				'preload'    => 'none',
				'aria-label' => __( 'Slideshow music', 'tessera' ),
			),
			Html::element( 'a', array( 'href' => $url ), esc_html__( 'Slideshow music', 'tessera' ) )
		);
	}

	/**
	 * A number for CSS, at most 4 decimals, without trailing zeros.
	 *
	 * @param float $value Value.
	 * @return string
	 */
	private static function number( float $value ): string {
		return rtrim( rtrim( number_format( $value, 4, '.', '' ), '0' ), '.' );
	}
}
