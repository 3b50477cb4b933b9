<?php
/**
 * collect.php's direct mode: records hits without loading WordPress at all. It reads the database settings from
 * the site's own wp-config.php, connects with PDO (MySQL/MariaDB, or the SQLite file of the SQLite Database
 * Integration drop-in) and writes straight to the shared database, so several web servers lose nothing.
 *
 * Why: even SHORTINIT loads ~50 files, the object cache, the autoloaded options and (on SQLite) the MySQL-to-SQLite
 * translator, which costs more than all of a hit's statements together (docs/stats.md, "Speed").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Only a plain, standard wp-config.php is read this way. Anything unusual — ABSPATH used for more than the
 * standard guard and the final `require_once ABSPATH . 'wp-settings.php'`, a custom WP_CONTENT_DIR, multisite, a
 * database drop-in other than the SQLite Database Integration, `define( 'TESSERA_STATS_DIRECT', false )` — makes
 * available() answer false before anything is executed, and collect.php loads WordPress with SHORTINIT instead.
 */
final class Direct {

	/**
	 * Options a hit reads, fetched in one query.
	 */
	public const OPTIONS = array(
		'home',
		'timezone_string',
		'gmt_offset',
		Schema::OPTION_DB_VERSION,
		Visitor::OPTION_SALT,
		RateLimit::OPTION_LIMIT,
		\Tessera\Http\ClientAddress::OPTION,
		Collector::OPTION_SECRET,
		Collector::SETTINGS_OPTION,
	);

	/**
	 * Raw option values read so far (name => stored string).
	 *
	 * @var array<string, string|null>
	 */
	private static array $options = array();

	/**
	 * The config file and the database kind when direct mode can be used, else null.
	 *
	 * @param string $root WordPress directory (where wp-load.php is).
	 * @return array{config: string, kind: string}|null
	 */
	public static function available( string $root ): ?array {
		return defined( 'ABSPATH' ) || ! class_exists( \PDO::class ) ? null : self::inspect( $root );
	}

	/**
	 * The checks of available() on the files (wp-config.php, wp-content/db.php), without looking at the state of
	 * this PHP process.
	 *
	 * @param string $root WordPress directory.
	 * @return array{config: string, kind: string}|null
	 */
	public static function inspect( string $root ): ?array {
		$root   = rtrim( $root, '/' );
		$config = $root . '/wp-config.php';
		if ( ! is_file( $config ) ) {
			$config = dirname( $root ) . '/wp-config.php';
			if ( ! is_file( $config ) || is_file( dirname( $root ) . '/wp-settings.php' ) ) {
				return null;
			}
		}
		$source = (string) file_get_contents( $config ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file, WordPress is not loaded.
		$plain  = 3 === substr_count( $source, 'ABSPATH' )
			&& 1 === preg_match( '/\bif\s*\(\s*!\s*defined\s*\(\s*[\'"]ABSPATH[\'"]\s*\)\s*\)/', $source )
			&& 1 === preg_match( '/\brequire_once\s*\(?\s*ABSPATH\s*\.\s*[\'"]wp-settings\.php[\'"]\s*\)?\s*;/', $source )
			&& false === strpos( $source, 'WP_CONTENT_DIR' )
			&& false === strpos( $source, 'MULTISITE' )
			&& false === strpos( $source, 'WP_ALLOW_MULTISITE' )
			&& 0 === preg_match( '/TESSERA_STATS_DIRECT[\'"]\s*,\s*false/i', $source );
		if ( ! $plain ) {
			return null;
		}
		$kind   = in_array( 'mysql', \PDO::getAvailableDrivers(), true ) ? 'mysql' : '';
		$dropin = $root . '/wp-content/db.php';
		if ( is_file( $dropin ) ) {
			$head = (string) file_get_contents( $dropin, false, null, 0, 4000 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- see above.
			$kind = false !== strpos( $head, 'SQLITE_DB_DROPIN_VERSION' ) && in_array( 'sqlite', \PDO::getAvailableDrivers(), true ) ? 'sqlite' : '';
		}
		return '' === $kind ? null : array(
			'config' => $config,
			'kind'   => $kind,
		);
	}

	/**
	 * Asks wp-load.php for the short WordPress (database and options; no plugins, no theme): collect.php's way when
	 * available() answered null.
	 *
	 * @return void
	 */
	public static function shortinit(): void {
		if ( ! defined( 'SHORTINIT' ) ) {
			define( 'SHORTINIT', true );
		}
	}

	/**
	 * Reads wp-config.php (with ABSPATH pointing at an empty wp-settings.php), connects, reads the hit's options in
	 * one query and makes Db use this connection.
	 *
	 * @param string                             $root  WordPress directory.
	 * @param array{config: string, kind: string} $found What available() answered.
	 * @return Db
	 * @throws \PDOException When the database cannot be reached.
	 */
	public static function connect( string $root, array $found ): Db {
		define( 'ABSPATH', __DIR__ . '/Direct/' );
		$table_prefix = 'wp_'; // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedVariableFound -- set by wp-config.php.
		require $found['config'];
		require_once __DIR__ . '/Direct/functions.php';
		$options = array(
			\PDO::ATTR_ERRMODE            => \PDO::ERRMODE_EXCEPTION,
			\PDO::ATTR_DEFAULT_FETCH_MODE => \PDO::FETCH_NUM,
		);
		if ( 'sqlite' === $found['kind'] ) {
			// A persistent connection (one per PHP worker): closing the last connection to a WAL database
			// checkpoints it and deletes the WAL file, two disk flushes measured at 15-40 ms, more than the rest
			// of a hit. A request that died inside a transaction must not leave it open for the next one.
			$options[ \PDO::ATTR_TIMEOUT ]    = 30;
			$options[ \PDO::ATTR_PERSISTENT ] = true;
			$pdo                              = new \PDO( 'sqlite:' . self::sqlite_file( rtrim( $root, '/' ) ), null, null, $options );
			try {
				$pdo->exec( 'ROLLBACK' );
			} catch ( \PDOException $none ) {
				unset( $none ); // The usual case: no transaction was left open.
			}
			// In WAL mode (the integration's) NORMAL syncs at checkpoints instead of at every commit: the database
			// stays consistent after a crash, and a power cut may lose the last hits — fine for statistics, and it
			// turns a hit from one disk flush (~20 ms here) into none. Other journal modes keep FULL.
			// A checkpoint (two flushes, 10-60 ms) then falls to the commit that takes the log past
			// wal_autocheckpoint frames: 8,000 instead of SQLite's 1,000 makes that one hit in ~800 instead of one in
			// ~100 (measured: the benchmark's ratio 10.1-10.7x before, 10.6-11.1x after). The log file, reused
			// after each checkpoint, may grow to 8,000 pages (32 MB with 4 KiB pages).
			if ( 'wal' === strtolower( (string) $pdo->query( 'PRAGMA journal_mode' )->fetchColumn() ) ) {
				$pdo->exec( 'PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 8000' );
			}
		} else {
			// Persistent too (one connection per PHP worker, reused): the handshake is most of a hit's round
			// trips. PDO rolls back a transaction a request left open. `define( 'TESSERA_STATS_PERSISTENT', false )`
			// in wp-config.php turns it off where the database allows few connections.
			$options[ \PDO::ATTR_PERSISTENT ]            = ! defined( 'TESSERA_STATS_PERSISTENT' ) || false !== TESSERA_STATS_PERSISTENT;
			$options[ \PDO::MYSQL_ATTR_MULTI_STATEMENTS ] = true;
			$pdo = new \PDO( self::mysql_dsn(), (string) DB_USER, (string) DB_PASSWORD, $options );
		}
		$db = Db::use_pdo( $pdo, $found['kind'], (string) $table_prefix );

		$names         = self::OPTIONS;
		self::$options = array_fill_keys( $names, null );
		$rows          = $db->pairs( 'SELECT option_name, option_value FROM ' . $db->table( 'options' ) . ' WHERE option_name IN (' . implode( ', ', array_fill( 0, count( $names ), '?' ) ) . ')', $names );
		foreach ( $rows as $name => $value ) {
			self::$options[ $name ] = $value;
		}
		return $db;
	}

	/**
	 * Whether the statistics tables were ever installed (the schema version option exists).
	 *
	 * @return bool
	 */
	public static function installed(): bool {
		return '' !== (string) self::option( Schema::OPTION_DB_VERSION, '' );
	}

	/**
	 * Whether the statistics tables are those of this version of the code (an update may add tables, which
	 * only WordPress can create).
	 *
	 * @return bool
	 */
	public static function current(): bool {
		return Schema::DB_VERSION === (string) self::option( Schema::OPTION_DB_VERSION, '' );
	}

	/**
	 * An option as get_option() would answer it (WP_HOME wins over `home`, serialized arrays without objects).
	 *
	 * @param string $name          Option name.
	 * @param mixed  $default_value Answer when the option does not exist.
	 * @return mixed
	 */
	public static function option( string $name, $default_value = false ) {
		if ( 'home' === $name && defined( 'WP_HOME' ) ) {
			return WP_HOME;
		}
		if ( ! array_key_exists( $name, self::$options ) ) {
			self::$options[ $name ] = Db::get()->value( 'SELECT option_value FROM ' . Db::get()->table( 'options' ) . ' WHERE option_name = ?', array( $name ) );
		}
		$value = self::$options[ $name ];
		if ( null === $value ) {
			return $default_value;
		}
		if ( 1 === preg_match( '/^(?:a:\d+:\{|b:[01];|i:-?\d+;|d:[^;]+;|s:\d+:"|N;)/', $value ) ) {
			// Options may hold serialized arrays (the settings do). PHP's unserialize() is never used on stored
			// values: this reads arrays, strings, numbers, booleans and null only, and nothing else.
			$offset = 0;
			$data   = self::scalars( $value, $offset, 0 );
			return null !== $data && strlen( $value ) === $offset ? $data['value'] : $default_value;
		}
		return $value;
	}

	/**
	 * Reads one value of PHP's serialize() format at $offset: `a:n:{…}`, `s:n:"…";`, `i:n;`, `d:x;`, `b:0|1;`,
	 * `N;`. Objects and references (anything else) make it answer null.
	 *
	 * @param string $text   Serialized text.
	 * @param int    $offset Position; moved past the value.
	 * @param int    $depth  Nesting depth (at most 8).
	 * @return array{value: mixed}|null
	 */
	private static function scalars( string $text, int &$offset, int $depth ): ?array {
		if ( $depth > 8 || 1 !== preg_match( '/\G(?:(N);|([bid]):([^;]*);|s:(\d+):"|a:(\d+):\{)/', $text, $m, 0, $offset ) ) {
			return null;
		}
		$offset += strlen( $m[0] );
		if ( 'N' === ( $m[1] ?? '' ) ) {
			return array( 'value' => null );
		}
		if ( '' !== ( $m[2] ?? '' ) ) {
			$raw = $m[3];
			if ( 'b' === $m[2] ) {
				return '0' === $raw || '1' === $raw ? array( 'value' => '1' === $raw ) : null;
			}
			if ( 'i' === $m[2] ) {
				return 1 === preg_match( '/^-?\d{1,19}$/', $raw ) ? array( 'value' => (int) $raw ) : null;
			}
			return is_numeric( $raw ) ? array( 'value' => (float) $raw ) : null;
		}
		if ( '' !== ( $m[4] ?? '' ) ) {
			$length = (int) $m[4];
			if ( substr( $text, $offset + $length, 2 ) !== '";' ) {
				return null;
			}
			$string  = substr( $text, $offset, $length );
			$offset += $length + 2;
			return array( 'value' => $string );
		}
		$array = array();
		for ( $i = 0, $n = (int) $m[5]; $i < $n; $i++ ) {
			$key = self::scalars( $text, $offset, $depth + 1 );
			if ( null === $key || ! ( is_int( $key['value'] ) || is_string( $key['value'] ) ) ) {
				return null;
			}
			$item = self::scalars( $text, $offset, $depth + 1 );
			if ( null === $item ) {
				return null;
			}
			$array[ $key['value'] ] = $item['value'];
		}
		if ( '}' !== substr( $text, $offset, 1 ) ) {
			return null;
		}
		++$offset;
		return array( 'value' => $array );
	}

	/**
	 * Forgets a cached option (after the collector changed it).
	 *
	 * @param string $name Option name.
	 * @return void
	 */
	public static function forget( string $name ): void {
		unset( self::$options[ $name ] );
	}

	/**
	 * The SQLite file, as the SQLite Database Integration's constants.php finds it.
	 *
	 * @param string $root WordPress directory.
	 * @return string
	 */
	private static function sqlite_file( string $root ): string {
		if ( defined( 'FQDB' ) ) {
			return (string) FQDB;
		}
		if ( defined( 'FQDBDIR' ) ) {
			$dir = (string) FQDBDIR;
		} elseif ( defined( 'DB_DIR' ) ) {
			$dir = rtrim( (string) DB_DIR, '/\\' ) . '/';
		} else {
			$dir = $root . '/wp-content/database/';
		}
		return $dir . ( defined( 'DB_FILE' ) ? (string) DB_FILE : '.ht.sqlite' );
	}

	/**
	 * The PDO DSN of DB_HOST (`host`, `host:port`, `host:/socket`, `[v6]:port`), DB_NAME and DB_CHARSET.
	 *
	 * @return string
	 */
	private static function mysql_dsn(): string {
		$host = (string) DB_HOST;
		$dsn  = 'mysql:dbname=' . DB_NAME . ';charset=' . ( defined( 'DB_CHARSET' ) && '' !== DB_CHARSET ? DB_CHARSET : 'utf8mb4' );
		if ( 1 === preg_match( '/^(?:\[(?<v6>[^\]]+)\]|(?<host>[^:]*))(?::(?<port>\d+))?(?::(?<socket>\/.*))?$/', $host, $m ) ) {
			$name = '' !== ( $m['v6'] ?? '' ) ? $m['v6'] : ( $m['host'] ?? '' );
			if ( '' !== ( $m['socket'] ?? '' ) ) {
				return $dsn . ';unix_socket=' . $m['socket'];
			}
			return $dsn . ';host=' . ( '' === $name ? 'localhost' : $name ) . ( '' !== ( $m['port'] ?? '' ) ? ';port=' . $m['port'] : '' );
		}
		if ( 1 === preg_match( '/^[^:]*:(\/.*)$/', $host, $m ) ) {
			return $dsn . ';unix_socket=' . $m[1];
		}
		return $dsn . ';host=' . $host;
	}
}
