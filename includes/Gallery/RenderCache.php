<?php
/**
 * The rendered images of a large gallery page, kept between requests (docs/gallery.md, "Render cache"). Rendering
 * an image costs ~0.12 ms in core (`wp_get_attachment_image()`: sizes, srcset, filters), so a page of 1,000 takes
 * 120-200 ms on every view; from the cache it takes a few milliseconds.
 *
 * - Only pages of MIN_IMAGES images or more are kept (smaller ones render fast enough), as a transient that
 *   expires after a day, compressed (a 1,000-image page: ~980 KB of HTML, ~80 KB stored).
 * - The key is everything the HTML depends on: the view, the container, the ids in order, the block's settings,
 *   the page's eager-image position, the locale, the site's address, the plugin's version and its markup's
 *   (MARKUP), and a version that any change to content the galleries show moves on (a post or attachment saved,
 *   trashed or deleted, an attachment's meta, terms, the theme, the site's address and media settings, Tessera's
 *   gallery options). An old entry is never read again and expires.
 * - The filter `tessera_gallery_render_cache` (bool, view, ids) turns it off, for a site whose image markup varies
 *   per request (a plugin that signs image addresses, for instance).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * The cache of large gallery pages.
 */
final class RenderCache {

	/** The fewest images a page must have to be kept. */
	public const MIN_IMAGES = 100;

	/** The option that holds the version (a number that moves on with each change). */
	public const VERSION_OPTION = 'tessera_gallery_render_version';

	/**
	 * The images' markup as this code writes it: moved on by hand whenever the HTML of the views changes, so that a
	 * page kept by an older version of the plugin is never read (with the plugin's version, also in the key).
	 * 2: the lists of tiles end with `.tessera-gallery__end`.
	 */
	public const MARKUP = 2;

	/** Transient name prefix. */
	private const PREFIX = 'tessera_gv_';

	/**
	 * Hooks that move the version on.
	 */
	public function register_hooks(): void {
		foreach ( array( 'save_post', 'deleted_post', 'trashed_post', 'untrashed_post', 'edit_attachment', 'add_attachment', 'delete_attachment', 'set_object_terms', 'edited_term', 'delete_term', 'created_term', 'switch_theme' ) as $hook ) {
			add_action( $hook, array( self::class, 'bump' ), 10, 0 );
		}
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( self::class, 'meta_changed' ), 10, 2 );
		}
		add_action( 'updated_option', array( self::class, 'option_changed' ), 10, 1 );
	}

	/**
	 * Moves the version on: every entry kept so far is out of date.
	 */
	public static function bump(): void {
		update_option( self::VERSION_OPTION, (string) ( self::version() + 1 ), true );
	}

	/**
	 * A post's meta changed: an attachment's (its alt text, sizes, metadata) moves the version on.
	 *
	 * @param mixed $meta_id   Meta id(s).
	 * @param mixed $object_id Post id.
	 */
	public static function meta_changed( $meta_id, $object_id ): void {
		unset( $meta_id );
		if ( is_numeric( $object_id ) && 'attachment' === get_post_type( (int) $object_id ) ) {
			self::bump();
		}
	}

	/**
	 * An option changed: the site's address, the media settings and Tessera's gallery and lightbox options move the
	 * version on.
	 *
	 * @param mixed $name Option name.
	 */
	public static function option_changed( $name ): void {
		$name = (string) $name;
		if (
			self::VERSION_OPTION !== $name
			&& 1 === preg_match( '/^(home|siteurl|upload_path|upload_url_path|uploads_use_yearmonth_folders|\w+_size_[wh]|\w+_crop|tessera_(gallery|lightbox)\w*)$/', $name )
		) {
			self::bump();
		}
	}

	/**
	 * The version.
	 *
	 * @return int
	 */
	public static function version(): int {
		return (int) get_option( self::VERSION_OPTION, 0 );
	}

	/**
	 * A page of images in a view: kept, or rendered now (and kept when it is large).
	 *
	 * @param string               $view      View name.
	 * @param string               $container Container id.
	 * @param int[]                $ids       Attachment ids of the page.
	 * @param array<string, mixed> $settings  Normalised block settings.
	 * @param callable(): string   $render    Renders it.
	 * @return string
	 */
	public static function remember( string $view, string $container, array $ids, array $settings, callable $render ): string {
		if (
			count( $ids ) < self::MIN_IMAGES
			|| ! function_exists( 'gzdeflate' )
			|| ! apply_filters( 'tessera_gallery_render_cache', true, $view, $ids )
		) {
			return $render();
		}
		$start = Thumbnails::position();
		$key   = self::PREFIX . md5(
			(string) wp_json_encode(
				array(
					self::version(),
					self::MARKUP,
					TESSERA_VERSION,
					$view,
					$container,
					$ids,
					$settings,
					Thumbnails::eager_position( $start ),
					determine_locale(),
					home_url( '/' ),
				)
			)
		);
		$kept = get_transient( $key );
		if ( is_array( $kept ) && isset( $kept['html'], $kept['images'] ) && is_string( $kept['html'] ) && is_int( $kept['images'] ) ) {
			$html = gzinflate( (string) base64_decode( $kept['html'], true ) );
			if ( is_string( $html ) ) {
				Thumbnails::advance( $kept['images'] );
				return $html;
			}
		}
		$html   = $render();
		$packed = gzdeflate( $html, 6 );
		if ( false !== $packed ) {
			set_transient(
				$key,
				array(
					'html'   => base64_encode( $packed ),
					'images' => Thumbnails::position() - $start,
				),
				DAY_IN_SECONDS
			);
		}
		return $html;
	}
}
