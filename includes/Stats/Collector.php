<?php
/**
 * The statistics collector (docs/stats.md, "Collector" and "Storage"): validates a hit, an online ping, a custom
 * event or a link/download event and records it in the aggregate tables. The same methods serve collect.php
 * (without WordPress, see Direct), admin-ajax and REST: it reaches the database through Db and WordPress only through
 * get_option() (which Direct stands in for) and functions it checks for first.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

use Tessera\Http\RateLimiter;
use Tessera\Http\Url;

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
	 * The statistics settings option (Settings::OPTION; repeated here so that a hit need not load Settings).
	 */
	public const SETTINGS_OPTION = 'tessera_stats_settings';

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
			// Only one insert wins when several first requests race: every one reads the winner's secret back.
			$db = Db::get();
			$db->insert_ignore(
				$db->table( 'options' ),
				array(
					'option_name'  => self::OPTION_SECRET,
					'option_value' => bin2hex( random_bytes( 32 ) ),
					'autoload'     => 'on',
				)
			);
			if ( function_exists( 'wp_cache_delete' ) ) {
				wp_cache_delete( 'alloptions', 'options' );
				wp_cache_delete( 'notoptions', 'options' );
				wp_cache_delete( self::OPTION_SECRET, 'options' );
			}
			$secret = (string) $db->value( 'SELECT option_value FROM ' . $db->table( 'options' ) . ' WHERE option_name = ?', array( self::OPTION_SECRET ) );
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
		return Db::get()->atomically(
			function () use ( $input, $address, $user_agent ): array {
				$now = $this->time();
				$hit = $this->accept( $input, $address, $user_agent, $now );
				if ( isset( $hit['source'] ) ) {
					$this->record_hit( $hit['source'], $address, $user_agent, $now );
				}
				return $hit['answer'];
			}
		);
	}

	/**
	 * What a hit and a ping go through before anything is stored: admission (installation, exclusions, flood
	 * limit), the source's validation and signature, bots. `source` is set only when the request is to be recorded.
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @param int                  $now        Unix time.
	 * @return array{answer: array{status: int, body: array<string, mixed>}, source?: array{type: string, id: int, page_uri: string, referred: string}}
	 */
	private function accept( array $input, string $address, string $user_agent, int $now ): array {
		$refused = $this->admit( $address, $now );
		if ( null !== $refused ) {
			return array( 'answer' => $refused );
		}
		$valid = $this->validate_source( $input );
		if ( isset( $valid['error'] ) ) {
			return array( 'answer' => $valid['error'] );
		}
		if ( Visitor::is_bot( $user_agent ) ) {
			return array( 'answer' => self::ok() );
		}
		return array(
			'answer' => self::ok(),
			'source' => $valid['source'],
		);
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
		return Db::get()->atomically(
			function () use ( $input, $address, $user_agent ): array {
				$now  = $this->time();
				$ping = $this->accept( $input, $address, $user_agent, $now );
				if ( ! isset( $ping['source'] ) ) {
					return $ping['answer'];
				}
				$day = $this->day( $now );
				$this->record_online( Visitor::hash( Visitor::salt( $day ), $address, $user_agent ), $ping['source'], $now );
				return self::ok();
			}
		);
	}

	/**
	 * A custom event (`tessera.track( name, data )`): see Events::custom() (its own file: collect.php never
	 * compiles the event code, which a hit does not need).
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function custom_event( array $input, string $address, string $user_agent ): array {
		return ( new Events( $this ) )->custom( $input, $address, $user_agent );
	}

	/**
	 * A link or download event: see Events::link().
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function link_event( array $input, string $address, string $user_agent ): array {
		return ( new Events( $this ) )->link( $input, $address, $user_agent );
	}

	/**
	 * The two settings a hit needs, `enabled` and `excludedIps`, read from the stored option without loading
	 * Settings (compiling it would cost a hit more than the rest of its work; the option is only ever written
	 * through Settings::save(), which validates it; IpRange ignores what is not an address or range).
	 *
	 * @return array{0: bool, 1: string[]} Whether tracking is on; the excluded addresses and ranges.
	 */
	private static function tracking(): array {
		$raw = get_option( self::SETTINGS_OPTION, array() );
		$raw = is_array( $raw ) ? $raw : array();
		return array(
			false !== ( $raw['enabled'] ?? true ),
			array_values( array_filter( (array) ( $raw['excludedIps'] ?? array() ), 'is_string' ) ),
		);
	}

	/**
	 * What every request goes through first: the storage must be installed, tracking enabled and the address not
	 * excluded (both answered `{ status: true }` with nothing stored), then the rate limit.
	 *
	 * @internal Also used by Events.
	 *
	 * @param string $address Client address.
	 * @param int    $now     Unix time.
	 * @return array{status: int, body: array<string, mixed>}|null The answer, or null to go on.
	 */
	public function admit( string $address, int $now ): ?array {
		if ( Db::get()->is_direct() ) {
			// collect.php without WordPress cannot create tables (the SQLite translation lives in WordPress);
			// they are created on activation/admin_init. An older version only means an upgrade is pending.
			if ( '' === (string) get_option( Schema::OPTION_DB_VERSION, '' ) ) {
				return self::error( 503, 'Statistics storage is not installed yet.' );
			}
		} elseif ( ! Schema::is_current() ) {
			Schema::maybe_install();
		}
		list( $enabled, $excluded ) = self::tracking();
		if ( ! $enabled || IpRange::contains( $address, $excluded ) ) {
			return self::ok();
		}
		if ( ! RateLimiter::take( 'stats', $address, RateLimit::limit(), $now ) ) {
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
		// A browser sends the path and query percent-encoded: markup or a quote in them is forged (an apostrophe
		// too: browsers encode it in a query, and WordPress never puts one in a slug).
		if ( null === $page_uri || '' === $page_uri || '/' !== $page_uri[0] || Url::has_unsafe_characters( $page_uri ) || str_contains( $page_uri, "'" ) ) {
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
	 * @internal Also used by Events.
	 *
	 * @param string $text Text.
	 * @return bool
	 */
	public static function is_clean_text( string $text ): bool {
		return 1 === preg_match( '//u', $text ) && 0 === preg_match( '/[\x00-\x1F\x7F]/', $text );
	}

	/**
	 * Whether a text holds markup (`<` or `>`: no tag without them).
	 *
	 * @internal Also used by Events.
	 *
	 * @param string $text Text.
	 * @return bool
	 */
	public static function has_markup( string $text ): bool {
		return str_contains( $text, '<' ) || str_contains( $text, '>' );
	}

	/**
	 * The lower-case host of an absolute http(s) URL ≤ 2,000 bytes with a real host and nothing a browser would
	 * have encoded (Url::http_host()), or null.
	 *
	 * @internal Also used by Events.
	 *
	 * @param string $url URL.
	 * @return string|null
	 */
	public static function http_host( string $url ): ?string {
		return strlen( $url ) > self::MAX_URI ? null : Url::http_host( $url );
	}

	/**
	 * Stores a counted hit: the visitor's day row (INSERT IGNORE tells whether it is new), then one upsert each for
	 * the page, the referrer (not for internal navigation), the device and the online row.
	 *
	 * @param array{type: string, id: int, page_uri: string, referred: string} $source     Validated fields.
	 * @param string                                                           $address    Client address.
	 * @param string                                                           $user_agent Client user agent.
	 * @param int                                                              $now        Unix time.
	 * @return void
	 */
	private function record_hit( array $source, string $address, string $user_agent, int $now ): void {
		$db      = Db::get();
		$day     = $this->day( $now );
		$visitor = Visitor::hash( Visitor::salt( $day ), $address, $user_agent );
		$is_new  = 1 === $db->insert_ignore(
			$db->table( 'visitors' ),
			array(
				'day'        => $day,
				'visitor'    => $visitor,
				'first_seen' => gmdate( 'Y-m-d H:i:s', $now ),
			)
		) ? 1 : 0;

		$db->upsert(
			$db->table( 'pages' ),
			array(
				'day'         => $day,
				'source_type' => $source['type'],
				'source_id'   => $source['id'],
				'uri_hash'    => md5( $source['page_uri'] ),
				'page_uri'    => $source['page_uri'],
				'views'       => 1,
				'visitors'    => $is_new,
			),
			array( 'day', 'source_type', 'source_id', 'uri_hash' ),
			'views = views + 1, visitors = visitors + ?',
			array( $is_new )
		);

		// The dashboard's rollups: the day's totals and the month's row of the page (docs/stats.md, Storage).
		$month = substr( $day, 0, 7 ) . '-01';
		$db->upsert(
			$db->table( 'days' ),
			array(
				'day'      => $day,
				'visitors' => $is_new,
				'views'    => 1,
			),
			array( 'day' ),
			'views = views + 1, visitors = visitors + ?',
			array( $is_new )
		);
		$db->upsert(
			$db->table( 'pages_month' ),
			array(
				'month'       => $month,
				'source_type' => $source['type'],
				'source_id'   => $source['id'],
				'uri_hash'    => md5( $source['page_uri'] ),
				'views'       => 1,
				'visitors'    => $is_new,
			),
			array( 'month', 'source_type', 'source_id', 'uri_hash' ),
			'views = views + 1, visitors = visitors + ?',
			array( $is_new )
		);

		$host = '' === $source['referred'] ? '' : (string) self::http_host( $source['referred'] );
		if ( '' === $host || $host !== self::own_host() ) {
			$db->upsert(
				$db->table( 'referrers' ),
				array(
					'day'   => $day,
					'host'  => $host,
					'views' => 1,
				),
				array( 'day', 'host' ),
				'views = views + 1'
			);
			$db->upsert(
				$db->table( 'referrers_month' ),
				array(
					'month' => $month,
					'host'  => $host,
					'views' => 1,
				),
				array( 'month', 'host' ),
				'views = views + 1'
			);
		}

		$device = Visitor::parse( $user_agent );
		$db->upsert(
			$db->table( 'devices' ),
			array(
				'day'     => $day,
				'browser' => $device['browser'],
				'os'      => $device['os'],
				'device'  => $device['device'],
				'views'   => 1,
			),
			array( 'day', 'browser', 'os', 'device' ),
			'views = views + 1'
		);

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
		$db  = Db::get();
		$utc = gmdate( 'Y-m-d H:i:s', $now );
		$db->upsert(
			$db->table( 'online' ),
			array(
				'visitor'     => $visitor,
				'last_seen'   => $utc,
				'source_type' => $source['type'],
				'source_id'   => $source['id'],
				'page_uri'    => $source['page_uri'],
			),
			array( 'visitor' ),
			'last_seen = ?, source_type = ?, source_id = ?, page_uri = ?',
			array( $utc, $source['type'], $source['id'], $source['page_uri'] )
		);
	}

	/**
	 * Number of visitors seen in the last five minutes.
	 *
	 * @return int
	 */
	public function online_count(): int {
		$db = Db::get();
		return (int) $db->value( 'SELECT COUNT(*) FROM ' . $db->table( 'online' ) . ' WHERE last_seen >= ?', array( gmdate( 'Y-m-d H:i:s', $this->time() - self::ONLINE_WINDOW ) ) );
	}

	/**
	 * Deletes online rows older than an hour and the rate limiter's finished windows. Not on the hot path: Retention's
	 * hourly cron event calls it (with `$force`); without `$force` it runs for about one call in 100.
	 *
	 * @param int  $now   Unix time.
	 * @param bool $force Prune now.
	 * @return void
	 */
	public function maybe_prune( int $now, bool $force = false ): void {
		if ( ! $force && 0 !== random_int( 0, 99 ) ) {
			return;
		}
		$db = Db::get();
		$db->exec( 'DELETE FROM ' . $db->table( 'online' ) . ' WHERE last_seen < ?', array( gmdate( 'Y-m-d H:i:s', $now - 3600 ) ) );
		RateLimiter::prune( $now );
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
	 * @internal Also used by Events.
	 *
	 * @return int
	 */
	public function time(): int {
		return $this->now ?? time();
	}

	/**
	 * The day of a time in the site's time zone, `Y-m-d`.
	 *
	 * @param int $now Unix time.
	 * @return string
	 */
	public function day( int $now ): string {
		return ( new \DateTimeImmutable( '@' . $now ) )->setTimezone( self::timezone() )->format( 'Y-m-d' );
	}

	/**
	 * The site's time zone, as wp_timezone() computes it (that function is not there without WordPress).
	 *
	 * @return \DateTimeZone
	 */
	private static function timezone(): \DateTimeZone {
		if ( function_exists( 'wp_timezone' ) ) {
			return wp_timezone();
		}
		$name = (string) get_option( 'timezone_string', '' );
		if ( '' !== $name ) {
			try {
				return new \DateTimeZone( $name );
			} catch ( \Exception $e ) {
				unset( $e ); // An unknown name: use the offset, as core does.
			}
		}
		$offset  = (float) get_option( 'gmt_offset', 0 );
		$hours   = (int) $offset;
		$minutes = (int) round( abs( $offset - $hours ) * 60 );
		return new \DateTimeZone( sprintf( '%s%02d:%02d', $offset < 0 ? '-' : '+', abs( $hours ), $minutes ) );
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
