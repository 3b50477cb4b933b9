<?php
/**
 * The thumbnails of blocked YouTube videos, served from the site: the blocked video's placeholder must not make the
 * visitor's browser contact Google before consent (issue 20). Contract: docs/consent.md ("Video placeholder").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

/**
 * Each thumbnail is fetched by the server once, in a WP-Cron event (never while a page is rendered), checked by its
 * content (a JPEG, PNG or WebP image of sane size, whatever it is called), stored in the uploads folder
 * (`uploads/tessera/video-thumbnails/<id>.<jpg|png|webp>`, shared by every PHP node on a site with shared storage)
 * and fetched again when older than MAX_AGE. Until a copy exists the placeholder shows without one (neutral CSS).
 * A transient per video keeps a page view from scheduling again while a fetch is due or after one failed.
 */
final class VideoThumbnails {

	/**
	 * WP-Cron hook of one fetch (argument: the video id).
	 */
	public const CRON_HOOK = 'tessera_consent_fetch_video_thumbnail';

	/**
	 * Folder below the uploads folder.
	 */
	public const FOLDER = 'tessera/video-thumbnails';

	/**
	 * Age after which a stored copy is fetched again (kept and served until the new one is in).
	 */
	public const MAX_AGE = 30 * DAY_IN_SECONDS;

	/**
	 * How long a scheduled or failed fetch is not scheduled again.
	 */
	public const RETRY_AFTER = DAY_IN_SECONDS;

	/**
	 * Prefix of the transient that marks a fetch as scheduled or failed (then the 11-character id).
	 */
	public const TRANSIENT_PREFIX = 'tessera_vthumb_';

	/**
	 * Largest accepted image, in bytes (YouTube's hqdefault.jpg is ~10–40 KB).
	 */
	public const MAX_BYTES = 1048576;

	/**
	 * Largest accepted width or height, in pixels (hqdefault is 480 × 360).
	 */
	public const MAX_SIDE = 4096;

	/**
	 * Seconds the server waits for YouTube (in the cron event, never in a page view).
	 */
	public const TIMEOUT = 5;

	/**
	 * Stored extension => MIME type that getimagesizefromstring() must find in the bytes.
	 */
	private const TYPES = array(
		'jpg'  => 'image/jpeg',
		'png'  => 'image/png',
		'webp' => 'image/webp',
	);

	/**
	 * Registers the cron event's handler.
	 *
	 * @return void
	 */
	public static function register_hooks(): void {
		add_action( self::CRON_HOOK, array( self::class, 'fetch' ) );
	}

	/**
	 * The URL of a video's stored thumbnail, '' when there is none yet (a fetch is then scheduled, as it is when
	 * the copy is older than MAX_AGE). The URL carries the file's time, so that a refreshed copy is a new URL.
	 *
	 * @param string $video_id The 11-character YouTube id.
	 * @return string
	 */
	public static function url( string $video_id ): string {
		if ( ! self::is_id( $video_id ) ) {
			return '';
		}
		$stored = self::stored( $video_id );
		if ( null === $stored || $stored['time'] < time() - self::MAX_AGE ) {
			self::schedule( $video_id );
		}
		return null === $stored ? '' : $stored['url'] . '?v=' . $stored['time'];
	}

	/**
	 * The cron event: fetches a video's thumbnail and stores it when it is a real image. On failure a stored
	 * copy is kept, and the transient set when scheduling keeps the next try RETRY_AFTER away.
	 *
	 * @param mixed $video_id The video id (from the event's arguments).
	 * @return bool Whether a new copy was stored.
	 */
	public static function fetch( $video_id ): bool {
		if ( ! is_string( $video_id ) || ! self::is_id( $video_id ) ) {
			return false;
		}
		/**
		 * Filters the address the server fetches a YouTube thumbnail from.
		 *
		 * @param string $url      https://i.ytimg.com/vi/<id>/hqdefault.jpg
		 * @param string $video_id The 11-character video id.
		 */
		$source   = apply_filters( 'tessera_consent_video_thumbnail_source', 'https://i.ytimg.com/vi/' . $video_id . '/hqdefault.jpg', $video_id );
		$response = is_string( $source ) && '' !== $source ? wp_safe_remote_get(
			$source,
			array(
				'timeout'             => self::TIMEOUT,
				'redirection'         => 2,
				'limit_response_size' => self::MAX_BYTES + 1,
			)
		) : null;
		if ( ! is_array( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ) {
			set_transient( self::TRANSIENT_PREFIX . $video_id, 'failed', self::RETRY_AFTER );
			return false;
		}
		$body      = wp_remote_retrieve_body( $response );
		$extension = self::image_type( $body );
		if ( null === $extension || ! self::store( $video_id, $extension, $body ) ) {
			set_transient( self::TRANSIENT_PREFIX . $video_id, 'failed', self::RETRY_AFTER );
			return false;
		}
		delete_transient( self::TRANSIENT_PREFIX . $video_id );
		return true;
	}

	/**
	 * The stored extension for image bytes: a JPEG, PNG or WebP by its signature, confirmed by
	 * getimagesizefromstring() with the same type and sides of 1 to MAX_SIDE pixels, at most MAX_BYTES; otherwise
	 * null (an HTML error page, an SVG, a GIF, something truncated …). Names and headers are never trusted.
	 *
	 * @param string $bytes The response body.
	 * @return string|null `jpg`, `png`, `webp` or null.
	 */
	public static function image_type( string $bytes ): ?string {
		if ( strlen( $bytes ) < 32 || strlen( $bytes ) > self::MAX_BYTES ) {
			return null;
		}
		if ( str_starts_with( $bytes, "\xFF\xD8\xFF" ) ) {
			$extension = 'jpg';
		} elseif ( str_starts_with( $bytes, "\x89PNG\r\n\x1A\n" ) ) {
			$extension = 'png';
		} elseif ( str_starts_with( $bytes, 'RIFF' ) && 'WEBP' === substr( $bytes, 8, 4 ) ) {
			$extension = 'webp';
		} else {
			return null;
		}
		$size = @getimagesizefromstring( $bytes ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- Hostile bytes: a warning is expected, false is the answer.
		if ( ! is_array( $size ) || self::TYPES[ $extension ] !== ( $size['mime'] ?? '' ) ) {
			return null;
		}
		foreach ( array( $size[0], $size[1] ) as $side ) {
			if ( ! is_int( $side ) || $side < 1 || $side > self::MAX_SIDE ) {
				return null;
			}
		}
		return $extension;
	}

	/**
	 * The folder of the stored thumbnails: its path and URL (no trailing slash).
	 *
	 * @return array{path: string, url: string}|null Null when the uploads folder is unknown.
	 */
	public static function folder(): ?array {
		$uploads = wp_upload_dir( null, false );
		if ( ! empty( $uploads['error'] ) || ! is_string( $uploads['basedir'] ?? null ) || ! is_string( $uploads['baseurl'] ?? null ) ) {
			return null;
		}
		return array(
			'path' => untrailingslashit( $uploads['basedir'] ) . '/' . self::FOLDER,
			'url'  => untrailingslashit( $uploads['baseurl'] ) . '/' . self::FOLDER,
		);
	}

	/**
	 * A video's stored copy: its URL and modification time, or null.
	 *
	 * @param string $video_id A valid video id.
	 * @return array{url: string, time: int}|null
	 */
	private static function stored( string $video_id ): ?array {
		$folder = self::folder();
		if ( null === $folder ) {
			return null;
		}
		foreach ( array_keys( self::TYPES ) as $extension ) {
			$file = $folder['path'] . '/' . $video_id . '.' . $extension;
			$time = is_file( $file ) ? filemtime( $file ) : false;
			if ( false !== $time ) {
				return array(
					'url'  => $folder['url'] . '/' . $video_id . '.' . $extension,
					'time' => $time,
				);
			}
		}
		return null;
	}

	/**
	 * Schedules a fetch unless one is due or failed within RETRY_AFTER (the transient): most page views then cost
	 * one transient read (the object cache's, where there is one).
	 *
	 * @param string $video_id A valid video id.
	 * @return void
	 */
	private static function schedule( string $video_id ): void {
		if ( false !== get_transient( self::TRANSIENT_PREFIX . $video_id ) ) {
			return;
		}
		set_transient( self::TRANSIENT_PREFIX . $video_id, 'scheduled', self::RETRY_AFTER );
		if ( false === wp_next_scheduled( self::CRON_HOOK, array( $video_id ) ) ) {
			wp_schedule_single_event( time(), self::CRON_HOOK, array( $video_id ) );
		}
	}

	/**
	 * Writes a copy: to a temporary name, then renamed over the old one (a visitor never gets half a file); the
	 * copies of that video in other formats are removed.
	 *
	 * @param string $video_id  A valid video id.
	 * @param string $extension A key of TYPES.
	 * @param string $bytes     The checked image.
	 * @return bool
	 */
	private static function store( string $video_id, string $extension, string $bytes ): bool {
		$folder = self::folder();
		if ( null === $folder || ! wp_mkdir_p( $folder['path'] ) ) {
			return false;
		}
		$file      = $folder['path'] . '/' . $video_id . '.' . $extension;
		$temporary = $file . '.' . wp_generate_password( 8, false ) . '.tmp';
		// phpcs:disable WordPress.WP.AlternativeFunctions -- A file of our own in the uploads folder, written atomically.
		if ( strlen( $bytes ) !== file_put_contents( $temporary, $bytes ) || ! rename( $temporary, $file ) ) {
			wp_delete_file( $temporary );
			return false;
		}
		// phpcs:enable WordPress.WP.AlternativeFunctions
		foreach ( array_keys( self::TYPES ) as $other ) {
			if ( $other !== $extension ) {
				wp_delete_file( $folder['path'] . '/' . $video_id . '.' . $other );
			}
		}
		return true;
	}

	/**
	 * Whether a string is a YouTube video id (11 characters of `[A-Za-z0-9_-]`): the only thing a file name or
	 * transient key is made of.
	 *
	 * @param string $video_id Candidate.
	 * @return bool
	 */
	private static function is_id( string $video_id ): bool {
		return 1 === preg_match( '/^[A-Za-z0-9_-]{11}\z/', $video_id );
	}
}
