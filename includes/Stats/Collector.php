<?php
/**
 * The statistics collector (docs/stats.md, "Collector" and "Storage"): validates a hit, an online ping, a custom
 * event or a link/download event and records it in the aggregate tables. The same methods serve collect.php
 * (SHORTINIT), admin-ajax and REST, so this class uses only what SHORTINIT provides ($wpdb, options, formatting).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Every public method takes the request fields already unslashed, the client's address and user agent (from the
 * server, never from the body) and answers `array{ status: int, body: array }`: the HTTP status and the JSON
 * body (`{ "status": true }`, or `{ "status": false, "message": "…" }` with 400, 403 or 429).
 *
 * Choices:
 * - Bots (and an empty user agent) are answered `{ "status": true }` and nothing is stored: a bot is not told
 *   that it was recognised.
 * - `pages.visitors` counts the visitors of the day whose first hit of the day landed on that page: the
 *   `visitors` row (day, visitor) is inserted with INSERT IGNORE and, when it is new, the page's `visitors`
 *   column is incremented (no per-page visitor table). The sum over pages equals the day's unique visitors.
 * - Custom events are grouped by name and by their data without `timestamp` (canonical JSON in `target`).
 * - Link events are named by the link's host, downloads by the file name; `target` is the URL.
 */
final class Collector {

	/**
	 * Built-in source types; registered post types are accepted too (see valid_source_type()).
	 */
	public const SOURCE_TYPES = array( 'post', 'page', 'home', 'archive', 'search', '404' );

	/**
	 * Longest decoded `page_uri`, `referred`, link URL, in bytes.
	 */
	public const MAX_URI = 2000;

	/**
	 * Longest custom event name, in characters.
	 */
	public const MAX_EVENT_NAME = 64;

	/**
	 * Longest custom event data, in bytes.
	 */
	public const MAX_EVENT_DATA = 2000;

	/**
	 * Option that holds the signing secret when the site has no usable NONCE_KEY/NONCE_SALT constants.
	 */
	public const OPTION_SECRET = 'tessera_stats_secret';

	/**
	 * Seconds after which an online row counts as gone.
	 */
	public const ONLINE_WINDOW = 300;

	/**
	 * Fixed clock for tests (null: the real time).
	 *
	 * @var int|null
	 */
	private ?int $now;

	/**
	 * Creates the collector.
	 *
	 * @param int|null $now Fixed Unix time (tests); null for the real clock.
	 */
	public function __construct( ?int $now = null ) {
		$this->now = $now;
	}

	/**
	 * The signature of a source: `hash_hmac( 'sha256', source_type . '|' . source_id, key() )`, 16 hex digits.
	 *
	 * @param string $source_type Source type.
	 * @param int    $source_id   Source id.
	 * @return string
	 */
	public static function signature( string $source_type, int $source_id ): string {
		return substr( hash_hmac( 'sha256', $source_type . '|' . $source_id, self::key() ), 0, 16 );
	}

	/**
	 * The HMAC key, identical under SHORTINIT (no pluggable.php, no wp_salt()) and in full WordPress:
	 * NONCE_KEY . NONCE_SALT, which is what wp_salt( 'nonce' ) returns on a site with proper constants. A site
	 * without them gets a random secret in the `tessera_stats_secret` option.
	 *
	 * @return string
	 */
	public static function key(): string {
		static $key = null;
		if ( null !== $key ) {
			return $key;
		}
		$default = 'put your unique phrase here';
		if ( defined( 'NONCE_KEY' ) && defined( 'NONCE_SALT' ) && is_string( NONCE_KEY ) && is_string( NONCE_SALT ) && strlen( NONCE_KEY . NONCE_SALT ) >= 32 && $default !== NONCE_KEY && $default !== NONCE_SALT ) {
			$key = NONCE_KEY . NONCE_SALT;
			return $key;
		}
		$secret = get_option( self::OPTION_SECRET, '' );
		if ( ! is_string( $secret ) || strlen( $secret ) < 64 ) {
			add_option( self::OPTION_SECRET, bin2hex( random_bytes( 32 ) ), '', true );
			wp_cache_delete( 'alloptions', 'options' );
			wp_cache_delete( 'notoptions', 'options' );
			$secret = (string) get_option( self::OPTION_SECRET, '' );
		}
		$key = $secret;
		return $key;
	}

	/**
	 * A page hit: rate limit, validation, then one upsert per table (visitors, pages, referrers, devices, online).
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function hit( array $input, string $address, string $user_agent ): array {
		$now     = $this->time();
		$refused = $this->admit( $address, $now );
		if ( null !== $refused ) {
			return $refused;
		}
		$hit = $this->validate_source( $input );
		if ( isset( $hit['error'] ) ) {
			return $hit['error'];
		}
		if ( Visitor::is_bot( $user_agent ) ) {
			return self::ok();
		}
		$this->record_hit( $hit['source'], $address, $user_agent, $now );
		$this->maybe_prune( $now );
		return self::ok();
	}

	/**
	 * An online ping: the same validation as a hit; updates the visitor's `online` row only.
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function online( array $input, string $address, string $user_agent ): array {
		$now     = $this->time();
		$refused = $this->admit( $address, $now );
		if ( null !== $refused ) {
			return $refused;
		}
		$ping = $this->validate_source( $input );
		if ( isset( $ping['error'] ) ) {
			return $ping['error'];
		}
		if ( Visitor::is_bot( $user_agent ) ) {
			return self::ok();
		}
		$day = $this->day( $now );
		$this->record_online( Visitor::hash( Visitor::salt( $day ), $address, $user_agent ), $ping['source'], $now );
		return self::ok();
	}

	/**
	 * A custom event (`tessera.track( name, data )`): `event_name` ≤ 64 characters, `event_data` a JSON object
	 * ≤ 2,000 bytes.
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function custom_event( array $input, string $address, string $user_agent ): array {
		$now     = $this->time();
		$refused = $this->admit( $address, $now );
		if ( null !== $refused ) {
			return $refused;
		}
		$name = $input['event_name'] ?? null;
		if ( ! is_string( $name ) || '' === trim( $name ) || ! self::is_clean_text( $name ) || mb_strlen( $name, 'UTF-8' ) > self::MAX_EVENT_NAME ) {
			return self::error( 400, 'Invalid event name.' );
		}
		$raw = $input['event_data'] ?? '{}';
		if ( ! is_string( $raw ) || strlen( $raw ) > self::MAX_EVENT_DATA ) {
			return self::error( 400, 'Invalid event data.' );
		}
		$data = json_decode( '' === $raw ? '{}' : $raw, true, 16 );
		if ( ! is_array( $data ) || ( array() !== $data && array_is_list( $data ) ) ) {
			return self::error( 400, 'Invalid event data.' );
		}
		if ( Visitor::is_bot( $user_agent ) ) {
			return self::ok();
		}
		unset( $data['timestamp'] );
		ksort( $data );
		$target = (string) wp_json_encode( (object) $data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		$this->record_event( $this->day( $now ), 'custom', trim( $name ), $target );
		return self::ok();
	}

	/**
	 * A link or download event: `en` click|file_download, `tu` an absolute http(s) URL ≤ 2,000 bytes.
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function link_event( array $input, string $address, string $user_agent ): array {
		$now     = $this->time();
		$refused = $this->admit( $address, $now );
		if ( null !== $refused ) {
			return $refused;
		}
		$kind = $input['en'] ?? null;
		if ( 'click' !== $kind && 'file_download' !== $kind ) {
			return self::error( 400, 'Invalid event type.' );
		}
		$url  = $input['tu'] ?? null;
		$host = is_string( $url ) ? self::http_host( $url ) : null;
		if ( ! is_string( $url ) || null === $host ) {
			return self::error( 400, 'Invalid link URL.' );
		}
		if ( Visitor::is_bot( $user_agent ) ) {
			return self::ok();
		}
		if ( 'click' === $kind ) {
			$this->record_event( $this->day( $now ), 'click', $host, $url );
			return self::ok();
		}
		$path = (string) parse_url( $url, PHP_URL_PATH ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- wp_parse_url() is not loaded under SHORTINIT.
		$file = rawurldecode( basename( $path ) );
		$file = self::is_clean_text( $file ) && '' !== $file ? mb_substr( $file, 0, 191, 'UTF-8' ) : $host;
		$this->record_event( $this->day( $now ), 'download', $file, $url );
		return self::ok();
	}

	/**
	 * Checks the rate limit (and installs the tables on the first request).
	 *
	 * @param string $address Client address.
	 * @param int    $now     Unix time.
	 * @return array{status: int, body: array<string, mixed>}|null The 429 answer, or null to go on.
	 */
	private function admit( string $address, int $now ): ?array {
		Schema::maybe_install();
		if ( ! RateLimit::take( $address, $now ) ) {
			return self::error( 429, 'Too many requests.' );
		}
		return null;
	}

	/**
	 * Validates the fields of a hit or ping.
	 *
	 * @param array<string, mixed> $input Request fields.
	 * @return array{source?: array{type: string, id: int, page_uri: string, referred: string}, error?: array{status: int, body: array<string, mixed>}}
	 */
	private function validate_source( array $input ): array {
		$type = $input['source_type'] ?? null;
		if ( ! is_string( $type ) || ! self::valid_source_type( $type ) ) {
			return array( 'error' => self::error( 400, 'Invalid source type.' ) );
		}
		$id = $input['source_id'] ?? null;
		if ( ! is_string( $id ) && ! is_int( $id ) ) {
			return array( 'error' => self::error( 400, 'Invalid source id.' ) );
		}
		$id = (string) $id;
		if ( ! preg_match( '/^(0|[1-9][0-9]{0,18})$/', $id ) ) {
			return array( 'error' => self::error( 400, 'Invalid source id.' ) );
		}
		$page_uri = self::decoded( $input['page_uri'] ?? null );
		if ( null === $page_uri || '' === $page_uri || '/' !== $page_uri[0] ) {
			return array( 'error' => self::error( 400, 'Invalid page URI.' ) );
		}
		$referred = self::decoded( $input['referred'] ?? '' );
		if ( null === $referred || ( '' !== $referred && null === self::http_host( $referred ) ) ) {
			return array( 'error' => self::error( 400, 'Invalid referrer.' ) );
		}
		$signature = $input['signature'] ?? '';
		if ( ! is_string( $signature ) || ! hash_equals( self::signature( $type, (int) $id ), $signature ) ) {
			return array( 'error' => self::error( 403, 'Invalid signature.' ) );
		}
		return array(
			'source' => array(
				'type'     => $type,
				'id'       => (int) $id,
				'page_uri' => $page_uri,
				'referred' => $referred,
			),
		);
	}

	/**
	 * Whether a source type is acceptable: a built-in one, or a post type name. In full WordPress it must be a
	 * registered post type; under SHORTINIT post types are not registered, and a well-formed name is accepted
	 * because the signature (checked next) proves that this site issued it.
	 *
	 * @param string $type Source type.
	 * @return bool
	 */
	public static function valid_source_type( string $type ): bool {
		if ( in_array( $type, self::SOURCE_TYPES, true ) ) {
			return true;
		}
		if ( ! preg_match( '/^[a-z0-9_-]{1,20}$/', $type ) ) {
			return false;
		}
		return function_exists( 'post_type_exists' ) ? post_type_exists( $type ) : true;
	}

	/**
	 * A field sent encoded by the tracker (`encodeURIComponent`, then form-encoded), decoded once more; null when
	 * it is not a string, longer than 2,000 bytes, not UTF-8 or has control characters.
	 *
	 * @param mixed $value Field value.
	 * @return string|null
	 */
	private static function decoded( $value ): ?string {
		if ( ! is_string( $value ) || strlen( $value ) > 3 * self::MAX_URI ) {
			return null;
		}
		$decoded = rawurldecode( $value );
		if ( strlen( $decoded ) > self::MAX_URI || ! self::is_clean_text( $decoded ) ) {
			return null;
		}
		return $decoded;
	}

	/**
	 * Valid UTF-8 without control characters.
	 *
	 * @param string $text Text.
	 * @return bool
	 */
	private static function is_clean_text( string $text ): bool {
		return 1 === preg_match( '//u', $text ) && 0 === preg_match( '/[\x00-\x1F\x7F]/', $text );
	}

	/**
	 * The lower-case host of an absolute http(s) URL ≤ 2,000 bytes, or null.
	 *
	 * @param string $url URL.
	 * @return string|null
	 */
	private static function http_host( string $url ): ?string {
		if ( strlen( $url ) > self::MAX_URI || ! self::is_clean_text( $url ) || 1 !== preg_match( '#^https?://#i', $url ) ) {
			return null;
		}
		$host = parse_url( $url, PHP_URL_HOST ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- wp_parse_url() is not loaded under SHORTINIT.
		if ( ! is_string( $host ) || '' === $host || strlen( $host ) > 191 ) {
			return null;
		}
		return strtolower( $host );
	}

	/**
	 * Stores a counted hit.
	 *
	 * @param array{type: string, id: int, page_uri: string, referred: string} $source     Validated fields.
	 * @param string                                                           $address    Client address.
	 * @param string                                                           $user_agent Client user agent.
	 * @param int                                                              $now        Unix time.
	 * @return void
	 */
	private function record_hit( array $source, string $address, string $user_agent, int $now ): void {
		global $wpdb;
		$day     = $this->day( $now );
		$visitor = Visitor::hash( Visitor::salt( $day ), $address, $user_agent );
		$utc     = gmdate( 'Y-m-d H:i:s', $now );

		$visitors = Schema::table( 'visitors' );
		$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO {$visitors} (day, visitor, first_seen) VALUES (%s, %s, %s)", $day, $visitor, $utc ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		$is_new = 1 === (int) $wpdb->rows_affected;

		$pages = Schema::table( 'pages' );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$pages} (day, source_type, source_id, uri_hash, page_uri, views, visitors) VALUES (%s, %s, %d, %s, %s, 1, %d) ON DUPLICATE KEY UPDATE views = views + 1, visitors = visitors + %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
				$day,
				$source['type'],
				$source['id'],
				md5( $source['page_uri'] ),
				$source['page_uri'],
				$is_new ? 1 : 0,
				$is_new ? 1 : 0
			)
		);

		$host = '' === $source['referred'] ? '' : (string) self::http_host( $source['referred'] );
		if ( '' === $host || $host !== self::own_host() ) {
			$referrers = Schema::table( 'referrers' );
			$wpdb->query( $wpdb->prepare( "INSERT INTO {$referrers} (day, host, views) VALUES (%s, %s, 1) ON DUPLICATE KEY UPDATE views = views + 1", $day, $host ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		}

		$device  = Visitor::parse( $user_agent );
		$devices = Schema::table( 'devices' );
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$devices} (day, browser, os, device, views) VALUES (%s, %s, %s, %s, 1) ON DUPLICATE KEY UPDATE views = views + 1", $day, $device['browser'], $device['os'], $device['device'] ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.

		$this->record_online( $visitor, $source, $now );
	}

	/**
	 * Marks a visitor online on a page.
	 *
	 * @param string                                                           $visitor Visitor hash.
	 * @param array{type: string, id: int, page_uri: string, referred: string} $source  Validated fields.
	 * @param int                                                              $now     Unix time.
	 * @return void
	 */
	private function record_online( string $visitor, array $source, int $now ): void {
		global $wpdb;
		$online = Schema::table( 'online' );
		$utc    = gmdate( 'Y-m-d H:i:s', $now );
		$wpdb->query(
			$wpdb->prepare(
				"INSERT INTO {$online} (visitor, last_seen, source_type, source_id, page_uri) VALUES (%s, %s, %s, %d, %s) ON DUPLICATE KEY UPDATE last_seen = %s, source_type = %s, source_id = %d, page_uri = %s", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
				$visitor,
				$utc,
				$source['type'],
				$source['id'],
				$source['page_uri'],
				$utc,
				$source['type'],
				$source['id'],
				$source['page_uri']
			)
		);
	}

	/**
	 * Counts one event.
	 *
	 * @param string $day    Day.
	 * @param string $kind   custom | click | download.
	 * @param string $name   Name.
	 * @param string $target Target (URL or data).
	 * @return void
	 */
	private function record_event( string $day, string $kind, string $name, string $target ): void {
		global $wpdb;
		$events = Schema::table( 'events' );
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$events} (day, kind, name, target_hash, target, count) VALUES (%s, %s, %s, %s, %s, 1) ON DUPLICATE KEY UPDATE count = count + 1", $day, $kind, $name, md5( $target ), $target ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
	}

	/**
	 * Number of visitors seen in the last five minutes.
	 *
	 * @return int
	 */
	public function online_count(): int {
		global $wpdb;
		$online = Schema::table( 'online' );
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$online} WHERE last_seen >= %s", gmdate( 'Y-m-d H:i:s', $this->time() - self::ONLINE_WINDOW ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
	}

	/**
	 * Deletes online rows older than an hour and finished rate-limit minutes (about one request in 100).
	 *
	 * @param int  $now   Unix time.
	 * @param bool $force Prune now.
	 * @return void
	 */
	public function maybe_prune( int $now, bool $force = false ): void {
		global $wpdb;
		if ( ! $force && 0 !== random_int( 0, 99 ) ) {
			return;
		}
		$online = Schema::table( 'online' );
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$online} WHERE last_seen < %s", gmdate( 'Y-m-d H:i:s', $now - HOUR_IN_SECONDS ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		RateLimit::prune( $now );
	}

	/**
	 * The site's own host (referrers from it are internal navigation and not counted).
	 *
	 * @return string
	 */
	private static function own_host(): string {
		$host = parse_url( (string) get_option( 'home' ), PHP_URL_HOST ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- wp_parse_url() is not loaded under SHORTINIT.
		return is_string( $host ) ? strtolower( $host ) : '';
	}

	/**
	 * The current Unix time.
	 *
	 * @return int
	 */
	private function time(): int {
		return $this->now ?? time();
	}

	/**
	 * The day of a time in the site's time zone, `Y-m-d`.
	 *
	 * @param int $now Unix time.
	 * @return string
	 */
	public function day( int $now ): string {
		return ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( wp_timezone() )->format( 'Y-m-d' );
	}

	/**
	 * The success answer.
	 *
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public static function ok(): array {
		return array(
			'status' => 200,
			'body'   => array( 'status' => true ),
		);
	}

	/**
	 * An error answer (messages are plain English: this code also runs under SHORTINIT, without i18n).
	 *
	 * @param int    $status  HTTP status.
	 * @param string $message Message.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public static function error( int $status, string $message ): array {
		return array(
			'status' => $status,
			'body'   => array(
				'status'  => false,
				'message' => $message,
			),
		);
	}
}
