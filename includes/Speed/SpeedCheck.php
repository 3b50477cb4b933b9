<?php
/**
 * One speed check: which posts may be checked, and running a check under the lock.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

use Closure;
use WP_Error;
use WP_Post;

/**
 * Validates the post to check and runs the check (lock, PSI, storage).
 */
final class SpeedCheck {

	/**
	 * Storage.
	 *
	 * @var SpeedStore
	 */
	private SpeedStore $store;

	/**
	 * Builds the PSI client for a check (default: with the API key from the settings).
	 *
	 * @var Closure(): PsiClient
	 */
	private Closure $client_factory;

	/**
	 * Creates the service.
	 *
	 * @param SpeedStore                $store          Storage.
	 * @param (Closure(): PsiClient)|null $client_factory Builds the PSI client; null = settings' API key.
	 */
	public function __construct( SpeedStore $store, ?Closure $client_factory = null ) {
		$this->store          = $store;
		$this->client_factory = $client_factory ?? static function (): PsiClient {
			return new PsiClient( Settings::api_key() );
		};
	}

	/**
	 * The checked post types: `post` and `page`, filtered by `tessera_speed_post_types`.
	 *
	 * @return string[]
	 */
	public static function post_types(): array {
		/**
		 * Filters the post types whose speed can be checked.
		 *
		 * @param string[] $post_types Post type names.
		 */
		$types = apply_filters( 'tessera_speed_post_types', array( 'post', 'page' ) );
		if ( ! is_array( $types ) ) {
			$types = array( 'post', 'page' );
		}
		$types = array_filter(
			$types,
			static function ( $type ): bool {
				return is_string( $type ) && post_type_exists( $type );
			}
		);
		return array_values( array_unique( $types ) );
	}

	/**
	 * Whether a post type is checked.
	 *
	 * @param string $post_type Post type name.
	 * @return bool
	 */
	public static function is_checked_type( string $post_type ): bool {
		return in_array( $post_type, self::post_types(), true );
	}

	/**
	 * Whether a post can be checked now: a checked type, published and publicly viewable.
	 *
	 * @param WP_Post $post Post.
	 * @return bool
	 */
	public static function is_checkable( WP_Post $post ): bool {
		return self::is_checked_type( $post->post_type )
			&& 'publish' === $post->post_status
			&& is_post_publicly_viewable( $post );
	}

	/**
	 * Validates a submitted post id strictly: digits only (no sign, spaces or leading zero), an existing post
	 * of a checked type that is published and publicly viewable.
	 *
	 * @param mixed $raw The submitted value (unslashed).
	 * @return WP_Post|WP_Error The post, or an error with `status` 400.
	 */
	public function validate_post_id( mixed $raw ): WP_Post|WP_Error {
		$invalid = new WP_Error( 'tessera_speed_invalid_post', __( 'Choose a valid post to check.', 'tessera' ), array( 'status' => 400 ) );

		if ( is_int( $raw ) ) {
			$raw = (string) $raw;
		}
		if ( ! is_string( $raw ) || 1 !== preg_match( '/^[1-9][0-9]{0,18}\z/', $raw ) ) {
			return $invalid;
		}
		$post_id = (int) $raw;
		if ( (string) $post_id !== $raw ) {
			return $invalid;
		}

		$post = get_post( $post_id );
		if ( ! $post instanceof WP_Post || ! self::is_checked_type( $post->post_type ) ) {
			return $invalid;
		}
		if ( ! self::is_checkable( $post ) ) {
			return new WP_Error( 'tessera_speed_not_published', __( 'Only published posts can be checked.', 'tessera' ), array( 'status' => 400 ) );
		}
		return $post;
	}

	/**
	 * Runs one check under the lock and stores its outcome.
	 *
	 * Success stores `_tessera_speed` and deletes `_tessera_speed_error`; a PSI failure stores only
	 * `_tessera_speed_error` (the earlier result stays). Either way `tessera_speed_last` records the end and
	 * the lock is released. When another check holds the lock nothing is stored.
	 *
	 * @param WP_Post $post A post that passed validate_post_id().
	 * @return array{checked_at: string, desktop: array<string, mixed>, mobile: array<string, mixed>}|WP_Error
	 *         The stored result; an error with `status` 409 when another check runs; a PSI error otherwise.
	 */
	public function run( WP_Post $post ): array|WP_Error {
		if ( ! $this->store->acquire_lock( $post->ID ) ) {
			return new WP_Error(
				'tessera_speed_busy',
				__( 'Another speed check is running. Try again when it has finished.', 'tessera' ),
				array( 'status' => 409 )
			);
		}

		try {
			$url     = (string) get_permalink( $post );
			$devices = ( $this->client_factory )()->check( $url );
			if ( is_wp_error( $devices ) ) {
				$this->store->save_error( $post->ID, $devices->get_error_message() );
				$this->store->save_last( $post->ID, false );
				return $devices;
			}
			$result = $this->store->save_result( $post->ID, $devices );
			$this->store->save_last( $post->ID, true );
			return $result;
		} finally {
			$this->store->release_lock();
		}
	}

	/**
	 * Storage.
	 *
	 * @return SpeedStore
	 */
	public function store(): SpeedStore {
		return $this->store;
	}
}
