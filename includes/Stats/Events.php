<?php
/**
 * Custom, link and download events (admin-ajax `tessera_stats_custom_event`, `tessera_stats_event`). Apart from
 * Collector so that collect.php, which answers hits and pings only, never compiles this code. docs/stats.md.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Validates and counts events, with the collector's admission (installation, exclusions, flood limit) and clock.
 */
final class Events {

	/**
	 * The collector whose admission and clock the events use.
	 *
	 * @var Collector
	 */
	private Collector $collector;

	/**
	 * Events of a collector.
	 *
	 * @param Collector $collector The collector.
	 */
	public function __construct( Collector $collector ) {
		$this->collector = $collector;
	}

	/**
	 * A custom event (`tessera.track( name, data )`): `event_name` ≤ 64 characters without markup (see
	 * Collector::has_markup()), `event_data` a JSON object ≤ 2,000 bytes.
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function custom( array $input, string $address, string $user_agent ): array {
		$now     = $this->collector->time();
		$refused = $this->collector->admit( $address, $now );
		if ( null !== $refused ) {
			return $refused;
		}
		$name = $input['event_name'] ?? null;
		if ( ! is_string( $name ) || '' === trim( $name ) || ! Collector::is_clean_text( $name ) || Collector::has_markup( $name ) || mb_strlen( $name, 'UTF-8' ) > Collector::MAX_EVENT_NAME ) {
			return Collector::error( 400, 'Invalid event name.' );
		}
		$raw = $input['event_data'] ?? '{}';
		if ( ! is_string( $raw ) || strlen( $raw ) > Collector::MAX_EVENT_DATA ) {
			return Collector::error( 400, 'Invalid event data.' );
		}
		$data = json_decode( '' === $raw ? '{}' : $raw, true, 16 );
		if ( ! is_array( $data ) || ( array() !== $data && array_is_list( $data ) ) ) {
			return Collector::error( 400, 'Invalid event data.' );
		}
		if ( Visitor::is_bot( $user_agent ) ) {
			return Collector::ok();
		}
		unset( $data['timestamp'] );
		ksort( $data );
		$target = (string) json_encode( (object) $data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- decoded from valid JSON just above.
		$this->record( $this->collector->day( $now ), 'custom', trim( $name ), $target );
		return Collector::ok();
	}

	/**
	 * A link or download event. Accepted payloads: the spec's 14 fields (`en, et, eid, ec, ev, mb, fn, fx, m, tu,
	 * pid, wcdl, df, dk`) or the tracker's short one (`en, et, eid, ec, ev, mb, tu, pid`). `fn`, `fx`, `m`, `wcdl`,
	 * `df` and `dk` are ignored even when sent: what they say is derived here from `tu`, so nothing the browser
	 * claims about the file is trusted. `en` click|file_download and `tu` (an absolute http(s) URL ≤ 2,000 bytes
	 * with a valid host and no markup, see Collector::http_host()) are required; `et`, `mb` and `pid` must be whole
	 * numbers and `eid`, `ec`, `ev` short clean text when present (not stored).
	 * `pid` (the page's source id) is checked for its form only and not stored: events carry no signature.
	 *
	 * @param array<string, mixed> $input      Request fields (unslashed).
	 * @param string               $address    Client address.
	 * @param string               $user_agent Client user agent.
	 * @return array{status: int, body: array<string, mixed>}
	 */
	public function link( array $input, string $address, string $user_agent ): array {
		$now     = $this->collector->time();
		$refused = $this->collector->admit( $address, $now );
		if ( null !== $refused ) {
			return $refused;
		}
		$kind = $input['en'] ?? null;
		if ( 'click' !== $kind && 'file_download' !== $kind ) {
			return Collector::error( 400, 'Invalid event type.' );
		}
		$url  = $input['tu'] ?? null;
		$host = is_string( $url ) ? Collector::http_host( $url ) : null;
		if ( ! is_string( $url ) || null === $host ) {
			return Collector::error( 400, 'Invalid link URL.' );
		}
		foreach ( array( 'et' => 15, 'mb' => 1, 'pid' => 19 ) as $field => $digits ) {
			$value = $input[ $field ] ?? '';
			if ( ! is_string( $value ) && ! is_int( $value ) ) {
				return Collector::error( 400, 'Invalid event field ' . $field . '.' );
			}
			if ( '' !== (string) $value && 1 !== preg_match( '/^(0|[1-9][0-9]{0,' . ( $digits - 1 ) . '})$/', (string) $value ) ) {
				return Collector::error( 400, 'Invalid event field ' . $field . '.' );
			}
		}
		foreach ( array( 'eid', 'ec', 'ev' ) as $field ) {
			$value = $input[ $field ] ?? '';
			if ( ! is_string( $value ) || strlen( $value ) > 500 || ! Collector::is_clean_text( $value ) ) {
				return Collector::error( 400, 'Invalid event field ' . $field . '.' );
			}
		}
		if ( Visitor::is_bot( $user_agent ) ) {
			return Collector::ok();
		}
		if ( 'click' === $kind ) {
			$this->record( $this->collector->day( $now ), 'click', $host, $url );
			return Collector::ok();
		}
		$download = self::download( $url, $host );
		if ( null === $download ) {
			return Collector::error( 400, 'Invalid link URL.' );
		}
		$this->record( $this->collector->day( $now ), 'download', $download['name'], $download['target'] );
		return Collector::ok();
	}

	/**
	 * A download's name and stored target, derived from its URL: the file name of the path (decoded), or for a
	 * `download_file` link (WooCommerce) `download_file <value>`; the `key` parameter of such a link (a customer's
	 * secret) is removed from the stored URL. Null when the decoded name holds markup (`%3Cscript%3E.pdf`): the URL
	 * passed Collector::http_host(), but its name would be stored decoded.
	 *
	 * @param string $url  Validated URL.
	 * @param string $host Its host.
	 * @return array{name: string, target: string}|null
	 */
	private static function download( string $url, string $host ): ?array {
		$query = array();
		parse_str( (string) parse_url( $url, PHP_URL_QUERY ), $query ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- wp_parse_url() may not be loaded.
		$target = $url;
		$name   = rawurldecode( basename( (string) parse_url( $url, PHP_URL_PATH ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.parse_url_parse_url -- see above.
		if ( isset( $query['download_file'] ) && is_string( $query['download_file'] ) ) {
			$name   = 'download_file ' . $query['download_file'];
			$target = (string) preg_replace( '/([?&])key=[^&#]*(&|(?=#)|$)/', '$1', $url );
			$target = rtrim( $target, '?&' );
		}
		if ( Collector::has_markup( $name ) ) {
			return null;
		}
		$name = '' !== $name && Collector::is_clean_text( $name ) ? mb_substr( $name, 0, 191, 'UTF-8' ) : $host;
		return array(
			'name'   => $name,
			'target' => $target,
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
	private function record( string $day, string $kind, string $name, string $target ): void {
		$db = Db::get();
		$db->upsert(
			$db->table( 'events' ),
			array(
				'day'         => $day,
				'kind'        => $kind,
				'name'        => $name,
				'target_hash' => md5( $target ),
				'target'      => $target,
				'count'       => 1,
			),
			array( 'day', 'kind', 'name', 'target_hash' ),
			'count = count + 1'
		);
	}
}
