<?php
/**
 * The visitor: a daily-salted hash instead of the address and user agent, bot detection and the browser, OS and
 * device names derived from the user agent (docs/stats.md, "Collector", privacy). Plain PHP + options, so it runs
 * under SHORTINIT.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Static helpers; nothing here stores the address or the user agent.
 */
final class Visitor {

	/**
	 * Option that holds the daily salt as JSON `{ "day": "Y-m-d", "salt": "<32 hex>" }`. It is replaced (the old
	 * salt is gone) on the first request of a new day, so yesterday's hashes cannot be linked to today's.
	 */
	public const OPTION_SALT = 'tessera_stats_salt';

	/**
	 * User-agent fragments (lower case) of bots, crawlers, monitors and scripted clients. An empty user agent is
	 * treated as a bot as well: every browser sends one.
	 */
	public const BOT_PATTERN = '#bot|crawl|spider|slurp|headless|lighthouse|pagespeed|curl/|wget|python-requests|python-urllib|aiohttp|httpx|go-http-client|java/|okhttp|apache-httpclient|libwww|lwp::|scrapy|phantomjs|puppeteer|playwright|selenium|facebookexternalhit|embedly|feedfetcher|mediapartners|pingdom|uptime|check_http|wordpress/|wp-cli|axios/|node-fetch|undici|postman|archiver|bingpreview|semrush|ahrefs|dataprovider#';

	/**
	 * The visitor id: `sha256( salt . address . user agent )` cut to 16 bytes (32 hex digits).
	 *
	 * @param string $salt       The day's salt.
	 * @param string $address    Client address (REMOTE_ADDR).
	 * @param string $user_agent User agent.
	 * @return string 32 hex digits.
	 */
	public static function hash( string $salt, string $address, string $user_agent ): string {
		return substr( hash( 'sha256', $salt . $address . $user_agent ), 0, 32 );
	}

	/**
	 * The salt of a day: the stored one when it belongs to that day, otherwise a new random salt that replaces it.
	 *
	 * Concurrent first requests of a day agree on one salt: the option is created with add_option() (only one
	 * insert wins) or replaced with a compare-and-swap UPDATE on the old value; the loser reads the winner's salt.
	 *
	 * @param string $day Day, `Y-m-d`.
	 * @return string 32 hex digits.
	 */
	public static function salt( string $day ): string {
		$stored = self::decode( get_option( self::OPTION_SALT, '' ) );
		if ( null !== $stored && $stored['day'] === $day ) {
			return $stored['salt'];
		}
		$db      = Db::get();
		$options = $db->table( 'options' );
		for ( $attempt = 0; $attempt < 3; $attempt++ ) {
			$raw   = $db->value( 'SELECT option_value FROM ' . $options . ' WHERE option_name = ?', array( self::OPTION_SALT ) );
			$fresh = self::decode( $raw );
			if ( null !== $fresh && $fresh['day'] === $day ) {
				self::forget_cache();
				return $fresh['salt'];
			}
			$value = (string) json_encode( // phpcs:ignore WordPress.WP.AlternativeFunctions.json_encode_json_encode -- runs without WordPress too (collect.php).
				array(
					'day'  => $day,
					'salt' => bin2hex( random_bytes( 16 ) ),
				)
			);
			if ( null === $raw ) {
				$db->insert_ignore(
					$options,
					array(
						'option_name'  => self::OPTION_SALT,
						'option_value' => $value,
						'autoload'     => 'on',
					)
				);
			} else {
				$db->exec( 'UPDATE ' . $options . ' SET option_value = ? WHERE option_name = ? AND option_value = ?', array( $value, self::OPTION_SALT, $raw ) );
			}
		}
		// Three lost races in a row (the clock of other requests disagrees): use a salt only this request knows.
		self::forget_cache();
		return bin2hex( random_bytes( 16 ) );
	}

	/**
	 * Drops the cached copies of the salt option so that get_option() reads the stored one again.
	 *
	 * @return void
	 */
	private static function forget_cache(): void {
		if ( ! function_exists( 'wp_cache_delete' ) ) {
			Direct::forget( self::OPTION_SALT );
			return;
		}
		wp_cache_delete( 'alloptions', 'options' );
		wp_cache_delete( 'notoptions', 'options' );
		wp_cache_delete( self::OPTION_SALT, 'options' );
	}

	/**
	 * The stored salt value, or null when it is not a `{ day, salt }` object.
	 *
	 * @param mixed $raw Option value.
	 * @return array{day: string, salt: string}|null
	 */
	private static function decode( $raw ): ?array {
		if ( ! is_string( $raw ) || '' === $raw ) {
			return null;
		}
		$data = json_decode( $raw, true );
		if ( ! is_array( $data ) || ! isset( $data['day'], $data['salt'] ) || ! is_string( $data['day'] ) || ! is_string( $data['salt'] ) || ! preg_match( '/^[0-9a-f]{32}$/', $data['salt'] ) ) {
			return null;
		}
		return array(
			'day'  => $data['day'],
			'salt' => $data['salt'],
		);
	}

	/**
	 * Whether a user agent is a bot (or empty).
	 *
	 * @param string $user_agent User agent.
	 * @return bool
	 */
	public static function is_bot( string $user_agent ): bool {
		$ua = strtolower( trim( $user_agent ) );
		return '' === $ua || 1 === preg_match( self::BOT_PATTERN, $ua );
	}

	/**
	 * Browser, OS and device type of a user agent. Only these names are stored.
	 *
	 * @param string $user_agent User agent.
	 * @return array{browser: string, os: string, device: string}
	 */
	public static function parse( string $user_agent ): array {
		return array(
			'browser' => self::browser( $user_agent ),
			'os'      => self::os( $user_agent ),
			'device'  => self::device( $user_agent ),
		);
	}

	/**
	 * The browser. Order matters: Edge, Opera and Samsung Internet also say "Chrome", Chrome also says "Safari".
	 *
	 * @param string $ua User agent.
	 * @return string Chrome | Edge | Firefox | Safari | Opera | Samsung Internet | Other.
	 */
	public static function browser( string $ua ): string {
		$rules = array(
			'Edge'             => '#\b(?:Edg|EdgA|EdgiOS|Edge)/\d#',
			'Opera'            => '#\b(?:OPR|OPiOS|OPT)/\d|\bOpera\b#',
			'Samsung Internet' => '#\bSamsungBrowser/\d#',
			'Firefox'          => '#\b(?:Firefox|FxiOS)/\d#',
			'Chrome'           => '#\b(?:Chrome|CriOS|Chromium)/\d#',
			'Safari'           => '#\bVersion/\d[^ ]* (?:Mobile/\S+ )?Safari/\d#',
		);
		foreach ( $rules as $name => $pattern ) {
			if ( 1 === preg_match( $pattern, $ua ) ) {
				return $name;
			}
		}
		return 'Other';
	}

	/**
	 * The operating system. iOS before macOS (iPad and iPhone say "like Mac OS X"), Android before Linux.
	 *
	 * @param string $ua User agent.
	 * @return string Windows | macOS | iOS | Android | ChromeOS | Linux | Other.
	 */
	public static function os( string $ua ): string {
		$rules = array(
			'Windows'  => '#\bWindows (?:NT|Phone)\b|\bWin(?:32|64)\b#',
			'iOS'      => '#\b(?:iPhone|iPad|iPod)\b#',
			'Android'  => '#\bAndroid\b#',
			'macOS'    => '#\bMacintosh\b|\bMac OS X\b#',
			'ChromeOS' => '#\bCrOS\b#',
			'Linux'    => '#\bLinux\b|\bX11\b#',
		);
		foreach ( $rules as $name => $pattern ) {
			if ( 1 === preg_match( $pattern, $ua ) ) {
				return $name;
			}
		}
		return 'Other';
	}

	/**
	 * The device type. Android without "Mobile" is a tablet (Google's rule for Android browsers).
	 *
	 * @param string $ua User agent.
	 * @return string desktop | mobile | tablet.
	 */
	public static function device( string $ua ): string {
		if ( 1 === preg_match( '#\biPad\b|\bTablet\b|\bKindle\b|\bSilk/|\bPlayBook\b#i', $ua ) ) {
			return 'tablet';
		}
		if ( 1 === preg_match( '#\bAndroid\b#', $ua ) ) {
			return 1 === preg_match( '#\bMobile\b#', $ua ) ? 'mobile' : 'tablet';
		}
		if ( 1 === preg_match( '#\bMobi|\biPhone\b|\biPod\b|\bWindows Phone\b|\bOpera Mini\b#', $ua ) ) {
			return 'mobile';
		}
		return 'desktop';
	}
}
