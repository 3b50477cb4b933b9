<?php
/**
 * Where speed results, failures, the one-check-at-a-time lock and the last finished check live.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Speed;

/**
 * Post meta and options of the page-speed check (docs/speed.md, "Storage").
 */
final class SpeedStore {

	/**
	 * Post meta: the last successful result `{ checked_at, desktop, mobile }`.
	 */
	public const META_RESULT = '_tessera_speed';

	/**
	 * Post meta: the last failure `{ message, at }`, deleted by the next success.
	 */
	public const META_ERROR = '_tessera_speed_error';

	/**
	 * Option: the lock `{ post_id, started }` while a check runs (not autoloaded).
	 */
	public const OPTION_LOCK = 'tessera_speed_running';

	/**
	 * Option: the last finished check `{ post_id, ok, finished }`.
	 */
	public const OPTION_LAST = 'tessera_speed_last';

	/**
	 * Seconds after which a lock is treated as abandoned (a killed PHP worker).
	 */
	public const LOCK_TTL = 150;

	/**
	 * The raw (serialized) value of the lock this object holds, or null.
	 *
	 * @var string|null
	 */
	private ?string $held_lock = null;

	/**
	 * Whether the shutdown release is registered.
	 *
	 * @var bool
	 */
	private bool $shutdown_registered = false;

	/*
	 * ------------------------------------------------------------------
	 * Results
	 * ------------------------------------------------------------------
	 */

	/**
	 * Registers both post meta keys for the checked post types, with REST schemas.
	 *
	 * They are shown in REST only in the `edit` context (the editor sidebar reads them; anonymous
	 * `view` requests do not get them) and only administrators may write them.
	 *
	 * @param string[] $post_types Checked post types.
	 * @return void
	 */
	public function register_meta( array $post_types ): void {
		$auth = static function (): bool {
			return current_user_can( 'manage_options' );
		};
		foreach ( $post_types as $post_type ) {
			register_post_meta(
				$post_type,
				self::META_RESULT,
				array(
					'type'          => 'object',
					'single'        => true,
					'description'   => __( 'Last PageSpeed Insights result (desktop and mobile).', 'tessera' ),
					'auth_callback' => $auth,
					'show_in_rest'  => array( 'schema' => self::result_schema() ),
				)
			);
			register_post_meta(
				$post_type,
				self::META_ERROR,
				array(
					'type'          => 'object',
					'single'        => true,
					'description'   => __( 'Last failed PageSpeed Insights check.', 'tessera' ),
					'auth_callback' => $auth,
					'show_in_rest'  => array( 'schema' => self::error_schema() ),
				)
			);
		}
	}

	/**
	 * JSON schema of `_tessera_speed`.
	 *
	 * @return array<string, mixed>
	 */
	public static function result_schema(): array {
		return array(
			'type'                 => 'object',
			'context'              => array( 'edit' ),
			'additionalProperties' => false,
			'properties'           => array(
				'checked_at' => array(
					'type'   => 'string',
					'format' => 'date-time',
				),
				'desktop'    => self::device_schema(),
				'mobile'     => self::device_schema(),
			),
		);
	}

	/**
	 * JSON schema of `_tessera_speed_error`.
	 *
	 * @return array<string, mixed>
	 */
	public static function error_schema(): array {
		return array(
			'type'                 => 'object',
			'context'              => array( 'edit' ),
			'additionalProperties' => false,
			'properties'           => array(
				'message' => array( 'type' => 'string' ),
				'at'      => array(
					'type'   => 'string',
					'format' => 'date-time',
				),
			),
		);
	}

	/**
	 * JSON schema of one Device.
	 *
	 * @return array<string, mixed>
	 */
	public static function device_schema(): array {
		return array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => array(
				'score' => array(
					'type'    => 'integer',
					'minimum' => 0,
					'maximum' => 100,
				),
				'tti'   => array(
					'type'    => 'number',
					'minimum' => 0,
				),
				'lcp'   => array( 'type' => array( 'number', 'null' ) ),
				'cls'   => array( 'type' => array( 'number', 'null' ) ),
				'tbt'   => array( 'type' => array( 'integer', 'null' ) ),
				'field' => array(
					'type'                 => array( 'object', 'null' ),
					'additionalProperties' => false,
					'properties'           => array(
						'lcp'      => array( 'type' => array( 'number', 'null' ) ),
						'cls'      => array( 'type' => array( 'number', 'null' ) ),
						'inp'      => array( 'type' => array( 'integer', 'null' ) ),
						'fcp'      => array( 'type' => array( 'number', 'null' ) ),
						'category' => array( 'type' => array( 'string', 'null' ) ),
					),
				),
			),
		);
	}

	/**
	 * The stored result of a post, or null when there is none (or it is not of the stored shape).
	 *
	 * @param int $post_id Post ID.
	 * @return array{checked_at: string, desktop: array<string, mixed>, mobile: array<string, mixed>}|null
	 */
	public function get_result( int $post_id ): ?array {
		$value = get_post_meta( $post_id, self::META_RESULT, true );
		if ( ! is_array( $value ) || ! is_string( $value['checked_at'] ?? null ) ) {
			return null;
		}
		$desktop = self::clean_device( $value['desktop'] ?? null );
		$mobile  = self::clean_device( $value['mobile'] ?? null );
		if ( null === $desktop || null === $mobile ) {
			return null;
		}
		return array(
			'checked_at' => $value['checked_at'],
			'desktop'    => $desktop,
			'mobile'     => $mobile,
		);
	}

	/**
	 * The stored failure of a post, or null.
	 *
	 * @param int $post_id Post ID.
	 * @return array{message: string, at: string}|null
	 */
	public function get_error( int $post_id ): ?array {
		$value = get_post_meta( $post_id, self::META_ERROR, true );
		if ( ! is_array( $value ) || ! is_string( $value['message'] ?? null ) || ! is_string( $value['at'] ?? null ) ) {
			return null;
		}
		return array(
			'message' => $value['message'],
			'at'      => $value['at'],
		);
	}

	/**
	 * Stores a successful check and forgets an earlier failure.
	 *
	 * @param int                  $post_id Post ID.
	 * @param array<string, mixed> $devices `{ desktop: Device, mobile: Device }` from the PSI client.
	 * @param int|null             $time    Unix time of the check (now when null).
	 * @return array{checked_at: string, desktop: array<string, mixed>, mobile: array<string, mixed>} The stored result.
	 */
	public function save_result( int $post_id, array $devices, ?int $time = null ): array {
		$result = array(
			'checked_at' => gmdate( 'c', $time ?? time() ),
			'desktop'    => self::clean_device( $devices['desktop'] ?? null ) ?? self::empty_device(),
			'mobile'     => self::clean_device( $devices['mobile'] ?? null ) ?? self::empty_device(),
		);
		update_post_meta( $post_id, self::META_RESULT, wp_slash( $result ) );
		delete_post_meta( $post_id, self::META_ERROR );
		return $result;
	}

	/**
	 * Remembers a failed check. The earlier result (if any) is kept.
	 *
	 * @param int      $post_id Post ID.
	 * @param string   $message The translated error message.
	 * @param int|null $time    Unix time of the failure (now when null).
	 * @return void
	 */
	public function save_error( int $post_id, string $message, ?int $time = null ): void {
		update_post_meta(
			$post_id,
			self::META_ERROR,
			wp_slash(
				array(
					'message' => $message,
					'at'      => gmdate( 'c', $time ?? time() ),
				)
			)
		);
	}

	/**
	 * Records the last finished check for `twb_notif_check`.
	 *
	 * @param int  $post_id Post ID.
	 * @param bool $ok      Whether it succeeded.
	 * @return void
	 */
	public function save_last( int $post_id, bool $ok ): void {
		update_option(
			self::OPTION_LAST,
			array(
				'post_id'  => $post_id,
				'ok'       => $ok,
				'finished' => time(),
			),
			false
		);
	}

	/**
	 * The last finished check, or null.
	 *
	 * @return array{post_id: int, ok: bool, finished: int}|null
	 */
	public function get_last(): ?array {
		$value = get_option( self::OPTION_LAST );
		if ( ! is_array( $value ) || ! isset( $value['post_id'], $value['finished'] ) || ! is_numeric( $value['post_id'] ) || ! is_numeric( $value['finished'] ) ) {
			return null;
		}
		return array(
			'post_id'  => (int) $value['post_id'],
			'ok'       => ! empty( $value['ok'] ),
			'finished' => (int) $value['finished'],
		);
	}

	/**
	 * A Device array with the stored types, or null when the value is not one.
	 *
	 * Stored values are treated as untrusted: everything is re-typed on the way out.
	 *
	 * @param mixed $device A Device as stored or parsed.
	 * @return array<string, mixed>|null
	 */
	public static function clean_device( mixed $device ): ?array {
		if ( ! is_array( $device ) || ! is_numeric( $device['score'] ?? null ) || ! is_numeric( $device['tti'] ?? null ) ) {
			return null;
		}
		$field = null;
		if ( is_array( $device['field'] ?? null ) ) {
			$category = $device['field']['category'] ?? null;
			$field    = array(
				'lcp'      => self::float_or_null( $device['field']['lcp'] ?? null ),
				'cls'      => self::float_or_null( $device['field']['cls'] ?? null ),
				'inp'      => self::int_or_null( $device['field']['inp'] ?? null ),
				'fcp'      => self::float_or_null( $device['field']['fcp'] ?? null ),
				'category' => is_string( $category ) ? $category : null,
			);
		}
		return array(
			'score' => max( 0, min( 100, (int) $device['score'] ) ),
			'tti'   => max( 0.0, (float) $device['tti'] ),
			'lcp'   => self::float_or_null( $device['lcp'] ?? null ),
			'cls'   => self::float_or_null( $device['cls'] ?? null ),
			'tbt'   => self::int_or_null( $device['tbt'] ?? null ),
			'field' => $field,
		);
	}

	/**
	 * A Device with zero figures (only used when a caller passes an incomplete result).
	 *
	 * @return array<string, mixed>
	 */
	private static function empty_device(): array {
		return array(
			'score' => 0,
			'tti'   => 0.0,
			'lcp'   => null,
			'cls'   => null,
			'tbt'   => null,
			'field' => null,
		);
	}

	/**
	 * Float, or null for a non-numeric value.
	 *
	 * @param mixed $value Stored value.
	 * @return float|null
	 */
	private static function float_or_null( mixed $value ): ?float {
		return is_numeric( $value ) ? (float) $value : null;
	}

	/**
	 * Integer, or null for a non-numeric value.
	 *
	 * @param mixed $value Stored value.
	 * @return int|null
	 */
	private static function int_or_null( mixed $value ): ?int {
		return is_numeric( $value ) ? (int) round( (float) $value ) : null;
	}

	/*
	 * ------------------------------------------------------------------
	 * Lock
	 * ------------------------------------------------------------------
	 */

	/**
	 * Takes the one-check-at-a-time lock for a post.
	 *
	 * The row is inserted with a plain INSERT that fails on the unique option_name, so exactly one
	 * request wins even when two arrive together (add_option() itself writes
	 * `INSERT … ON DUPLICATE KEY UPDATE` and can report success to both). A lock older than
	 * LOCK_TTL seconds (or unreadable) is removed first with a compare-and-delete on its exact value.
	 * The lock is released by release_lock() and, as a safety net, on shutdown.
	 *
	 * @param int      $post_id Post being checked.
	 * @param int|null $now     Current Unix time (now when null).
	 * @return bool Whether this request now holds the lock.
	 */
	public function acquire_lock( int $post_id, ?int $now = null ): bool {
		global $wpdb;

		$now = $now ?? time();
		$raw = $this->read_lock_raw();
		if ( null !== $raw ) {
			$lock = self::parse_lock( $raw );
			if ( null !== $lock && ! self::is_expired( $lock, $now ) ) {
				return false;
			}
			// Abandoned or unreadable: delete exactly that row (another request may have replaced it meanwhile).
			$wpdb->query(
				$wpdb->prepare(
					"DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s",
					self::OPTION_LOCK,
					$raw
				)
			);
		}

		// The format add_option() writes for this array (maybe_serialize), so get_option() reads it as usual.
		$value = maybe_serialize(
			array(
				'post_id' => $post_id,
				'started' => $now,
			)
		);

		$suppress = $wpdb->suppress_errors( true );
		$inserted = $wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, %s, 'off')",
				self::OPTION_LOCK,
				$value
			)
		);
		$wpdb->suppress_errors( $suppress );
		self::flush_lock_cache();

		if ( 1 !== $inserted ) {
			return false;
		}

		$this->held_lock = $value;
		if ( ! $this->shutdown_registered ) {
			$this->shutdown_registered = true;
			register_shutdown_function( array( $this, 'release_lock' ) );
		}
		return true;
	}

	/**
	 * Releases the lock if this object holds it (a lock taken over by another request is left alone).
	 *
	 * @return void
	 */
	public function release_lock(): void {
		global $wpdb;

		if ( null === $this->held_lock ) {
			return;
		}
		$wpdb->query(
			$wpdb->prepare(
				"DELETE FROM {$wpdb->options} WHERE option_name = %s AND option_value = %s",
				self::OPTION_LOCK,
				$this->held_lock
			)
		);
		$this->held_lock = null;
		self::flush_lock_cache();
	}

	/**
	 * Whether this object holds the lock.
	 *
	 * @return bool
	 */
	public function holds_lock(): bool {
		return null !== $this->held_lock;
	}

	/**
	 * The lock of the running check, or null when no check runs (an expired lock counts as none).
	 *
	 * @param int|null $now Current Unix time (now when null).
	 * @return array{post_id: int, started: int}|null
	 */
	public function current_lock( ?int $now = null ): ?array {
		$lock = $this->stale_or_current_lock();
		if ( null === $lock || self::is_expired( $lock, $now ?? time() ) ) {
			return null;
		}
		return $lock;
	}

	/**
	 * The lock row as stored, expired or not, or null when there is none or it cannot be read.
	 *
	 * @return array{post_id: int, started: int}|null
	 */
	public function stale_or_current_lock(): ?array {
		$raw = $this->read_lock_raw();
		return null === $raw ? null : self::parse_lock( $raw );
	}

	/**
	 * Whether a lock is older than LOCK_TTL.
	 *
	 * @param array{post_id: int, started: int} $lock Lock.
	 * @param int                               $now  Current Unix time.
	 * @return bool
	 */
	public static function is_expired( array $lock, int $now ): bool {
		return $now - $lock['started'] >= self::LOCK_TTL;
	}

	/**
	 * The lock's raw value, read from the database (never from a possibly stale cache).
	 *
	 * @return string|null
	 */
	private function read_lock_raw(): ?string {
		global $wpdb;

		$raw = $wpdb->get_var(
			$wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s LIMIT 1", self::OPTION_LOCK )
		);
		return is_string( $raw ) ? $raw : null;
	}

	/**
	 * Reads a raw lock value without unserialize(): the option is a PHP-serialized array of two integers
	 * (what add_option()/update_option() write for `array( 'post_id' => 12, 'started' => 1700000000 )`),
	 * so the two fields are matched as such. Anything else counts as unreadable.
	 *
	 * @param string $raw Raw option_value.
	 * @return array{post_id: int, started: int}|null
	 */
	public static function parse_lock( string $raw ): ?array {
		$fields = array();
		foreach ( array( 'post_id', 'started' ) as $name ) {
			$pattern = '/s:' . strlen( $name ) . ':"' . $name . '";(?:i:(\d{1,19})|s:\d{1,2}:"(\d{1,19})");/';
			if ( 1 !== preg_match( $pattern, $raw, $match ) ) {
				return null;
			}
			$fields[ $name ] = (int) ( '' !== $match[1] ? $match[1] : $match[2] );
		}
		if ( 1 !== preg_match( '/^a:2:\{.*\}$/s', trim( $raw ) ) ) {
			return null;
		}
		return array(
			'post_id' => $fields['post_id'],
			'started' => $fields['started'],
		);
	}

	/**
	 * Drops cached copies of the lock option after a direct database write.
	 *
	 * @return void
	 */
	private static function flush_lock_cache(): void {
		wp_cache_delete( self::OPTION_LOCK, 'options' );
		$notoptions = wp_cache_get( 'notoptions', 'options' );
		if ( is_array( $notoptions ) && isset( $notoptions[ self::OPTION_LOCK ] ) ) {
			unset( $notoptions[ self::OPTION_LOCK ] );
			wp_cache_set( 'notoptions', $notoptions, 'options' );
		}
		$alloptions = wp_cache_get( 'alloptions', 'options' );
		if ( is_array( $alloptions ) && isset( $alloptions[ self::OPTION_LOCK ] ) ) {
			unset( $alloptions[ self::OPTION_LOCK ] );
			wp_cache_set( 'alloptions', $alloptions, 'options' );
		}
	}
}
