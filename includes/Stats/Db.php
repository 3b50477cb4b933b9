<?php
/**
 * The collector's database access (docs/stats.md, "Collector"): the same few statements through WordPress's
 * $wpdb (admin-ajax, REST, SHORTINIT, tests) or through a PDO connection that collect.php opens itself without
 * loading WordPress (Direct). Plain PHP: loaded without the plugin's autoloader by collect.php.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * Statements are written with `?` placeholders and a list of parameters (int or string). Through $wpdb they become
 * `%d` / `%s` placeholders of `$wpdb->prepare()` in MySQL's dialect (the SQLite Database Integration translates
 * them); through PDO they are bound parameters, and the two statements whose syntax differs (INSERT IGNORE and
 * the upsert) are written in SQLite's own dialect when the connection is SQLite.
 */
final class Db {

	/**
	 * The connection of the request (null: $wpdb).
	 *
	 * @var Db|null
	 */
	private static ?Db $current = null;

	/**
	 * PDO connection (null: use $wpdb).
	 *
	 * @var \PDO|null
	 */
	private ?\PDO $pdo;

	/**
	 * `mysql` or `sqlite` (PDO), or `wpdb`.
	 *
	 * @var string
	 */
	private string $driver;

	/**
	 * Table prefix of the site.
	 *
	 * @var string
	 */
	private string $prefix;

	/**
	 * Upserts held back until the transaction's end, sent then in one round trip (MySQL through PDO).
	 *
	 * @var array<int, array{0: string, 1: array<int|string>}>|null Null when not deferring.
	 */
	private ?array $deferred = null;

	/**
	 * Statements run (for the benchmark's queries-per-hit figure).
	 *
	 * @var int
	 */
	public int $count = 0;

	/**
	 * Creates a connection wrapper.
	 *
	 * @param \PDO|null $pdo    PDO connection; null for $wpdb.
	 * @param string    $driver `mysql`, `sqlite` or `wpdb`.
	 * @param string    $prefix Table prefix.
	 */
	private function __construct( ?\PDO $pdo, string $driver, string $prefix ) {
		$this->pdo    = $pdo;
		$this->driver = $driver;
		$this->prefix = $prefix;
	}

	/**
	 * Uses a PDO connection for the rest of the request (collect.php's direct mode).
	 *
	 * @param \PDO   $pdo    Connection (errors as exceptions).
	 * @param string $driver `mysql` or `sqlite`.
	 * @param string $prefix Table prefix.
	 * @return Db
	 */
	public static function use_pdo( \PDO $pdo, string $driver, string $prefix ): Db {
		self::$current = new self( $pdo, $driver, $prefix );
		return self::$current;
	}

	/**
	 * The connection of the request: the PDO one when collect.php opened it, else $wpdb.
	 *
	 * @return Db
	 */
	public static function get(): Db {
		if ( null === self::$current ) {
			global $wpdb;
			self::$current = new self( null, 'wpdb', (string) $wpdb->prefix );
		}
		return self::$current;
	}

	/**
	 * Whether the statements go through PDO (WordPress is not loaded).
	 *
	 * @return bool
	 */
	public function is_direct(): bool {
		return null !== $this->pdo;
	}

	/**
	 * Full name of a statistics table, or of `options`.
	 *
	 * @param string $name Short name (a key of Schema::TABLES, or `options`).
	 * @return string
	 */
	public function table( string $name ): string {
		$prefix = $this->prefix;
		if ( null === $this->pdo ) {
			global $wpdb;
			$prefix = (string) $wpdb->prefix; // Follows switch_to_blog() on multisite.
		}
		return $prefix . ( 'options' === $name ? 'options' : Schema::TABLES[ $name ] );
	}

	/**
	 * Runs a statement and answers the number of rows it changed (0 on failure).
	 *
	 * @param string            $sql    Statement with `?` placeholders.
	 * @param array<int|string> $params Parameters.
	 * @return int
	 */
	public function exec( string $sql, array $params = array() ): int {
		++$this->count;
		if ( null !== $this->pdo ) {
			return $this->statement( $sql, $params )->rowCount();
		}
		global $wpdb;
		$result = $wpdb->query( $this->wpdb_sql( $sql, $params ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared in wpdb_sql().
		return false === $result ? 0 : (int) $wpdb->rows_affected;
	}

	/**
	 * The first column of the first row, or null.
	 *
	 * @param string            $sql    Statement with `?` placeholders.
	 * @param array<int|string> $params Parameters.
	 * @return string|null
	 */
	public function value( string $sql, array $params = array() ): ?string {
		++$this->count;
		if ( null !== $this->pdo ) {
			$value = $this->statement( $sql, $params )->fetchColumn();
			return false === $value || null === $value ? null : (string) $value;
		}
		global $wpdb;
		$value = $wpdb->get_var( $this->wpdb_sql( $sql, $params ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared in wpdb_sql().
		return null === $value ? null : (string) $value;
	}

	/**
	 * All rows as lists of two columns (key => value).
	 *
	 * @param string            $sql    Statement selecting two columns, with `?` placeholders.
	 * @param array<int|string> $params Parameters.
	 * @return array<string, string>
	 */
	public function pairs( string $sql, array $params = array() ): array {
		++$this->count;
		$pairs = array();
		if ( null !== $this->pdo ) {
			foreach ( $this->statement( $sql, $params )->fetchAll( \PDO::FETCH_NUM ) as $row ) {
				$pairs[ (string) $row[0] ] = (string) $row[1];
			}
			return $pairs;
		}
		global $wpdb;
		foreach ( (array) $wpdb->get_results( $this->wpdb_sql( $sql, $params ), ARRAY_N ) as $row ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared in wpdb_sql().
			$pairs[ (string) $row[0] ] = (string) $row[1];
		}
		return $pairs;
	}

	/**
	 * Inserts a row unless its key exists; answers 1 when it was inserted.
	 *
	 * @param string                    $table Full table name.
	 * @param array<string, int|string> $row   Column => value.
	 * @return int
	 */
	public function insert_ignore( string $table, array $row ): int {
		$verb = 'sqlite' === $this->driver ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
		return $this->exec( $verb . ' INTO ' . $table . ' (' . implode( ', ', array_keys( $row ) ) . ') VALUES (' . implode( ', ', array_fill( 0, count( $row ), '?' ) ) . ')', array_values( $row ) );
	}

	/**
	 * Inserts a row or, when its key exists, updates it — one atomic statement.
	 *
	 * @param string                    $table         Full table name.
	 * @param array<string, int|string> $row           Column => value.
	 * @param string[]                  $keys          Columns of the primary key (SQLite's conflict target).
	 * @param string                    $update        `col = expression, …` applied to the existing row.
	 * @param array<int|string>         $update_params Parameters of $update.
	 * @return int
	 */
	public function upsert( string $table, array $row, array $keys, string $update, array $update_params = array() ): int {
		$sql = 'INSERT INTO ' . $table . ' (' . implode( ', ', array_keys( $row ) ) . ') VALUES (' . implode( ', ', array_fill( 0, count( $row ), '?' ) ) . ')';
		$sql .= 'sqlite' === $this->driver ? ' ON CONFLICT(' . implode( ', ', $keys ) . ') DO UPDATE SET ' . $update : ' ON DUPLICATE KEY UPDATE ' . $update;
		if ( null !== $this->deferred ) {
			$this->deferred[] = array( $sql, array_merge( array_values( $row ), $update_params ) );
			return 1;
		}
		return $this->exec( $sql, array_merge( array_values( $row ), $update_params ) );
	}

	/**
	 * Runs a callback in one transaction when the connection is PDO (collect.php): a hit's few statements then
	 * take one lock and one commit (one log flush) instead of one each. A deadlock or a busy database rolls back
	 * and runs the callback again, up to three times; then the exception goes up (nothing was stored). Through
	 * $wpdb each statement commits on its own, as before.
	 *
	 * @param callable $work Callback.
	 * @return mixed What the callback answers.
	 * @throws \PDOException When the third attempt fails too.
	 */
	public function atomically( callable $work ) {
		if ( null === $this->pdo ) {
			return $work();
		}
		for ( $attempt = 1; ; $attempt++ ) {
			try {
				if ( 'sqlite' === $this->driver ) {
					$this->pdo->exec( 'BEGIN IMMEDIATE' );
					$result = $work();
					$this->pdo->exec( 'COMMIT' );
					return $result;
				}
				// MySQL: a round trip to the server costs more than the statement itself, so the upserts (whose
				// answers nothing needs) go together in one multi-statement request before the commit.
				$this->pdo->beginTransaction();
				$this->deferred = array();
				$result         = $work();
				$this->flush();
				$this->pdo->commit();
				return $result;
			} catch ( \PDOException $error ) {
				$this->deferred = null;
				try {
					$this->pdo->exec( 'ROLLBACK' );
				} catch ( \PDOException $ignored ) {
					unset( $ignored ); // No transaction was open.
				}
				$retry = in_array( (string) $error->getCode(), array( '40001', 'HY000' ), true ) || 1 === preg_match( '/deadlock|locked|busy/i', $error->getMessage() );
				if ( ! $retry || $attempt >= 3 ) {
					throw $error;
				}
			}
		}
	}

	/**
	 * Sends the deferred upserts as one multi-statement request (MySQL, emulated prepares) and reads every result,
	 * so that an error in any of them is raised here.
	 *
	 * @return void
	 * @throws \PDOException When a statement fails.
	 */
	private function flush(): void {
		$deferred       = $this->deferred ?? array();
		$this->deferred = null;
		if ( array() === $deferred ) {
			return;
		}
		$this->count += count( $deferred );
		$sql          = implode( '; ', array_column( $deferred, 0 ) );
		$params       = array_merge( ...array_column( $deferred, 1 ) );
		$statement    = $this->pdo->prepare( $sql, array( \PDO::ATTR_EMULATE_PREPARES => true ) );
		foreach ( $params as $i => $param ) {
			$statement->bindValue( $i + 1, $param, is_int( $param ) ? \PDO::PARAM_INT : \PDO::PARAM_STR );
		}
		$statement->execute();
		while ( $statement->nextRowset() ) {
			continue;
		}
		$statement->closeCursor();
	}

	/**
	 * A prepared and executed PDO statement.
	 *
	 * @param string            $sql    Statement.
	 * @param array<int|string> $params Parameters.
	 * @return \PDOStatement
	 */
	private function statement( string $sql, array $params ): \PDOStatement {
		$statement = $this->pdo->prepare( $sql );
		foreach ( array_values( $params ) as $i => $param ) {
			$statement->bindValue( $i + 1, $param, is_int( $param ) ? \PDO::PARAM_INT : \PDO::PARAM_STR );
		}
		$statement->execute();
		return $statement;
	}

	/**
	 * A statement with `?` placeholders prepared by $wpdb (`%d` for integers, `%s` for strings).
	 *
	 * @param string            $sql    Statement.
	 * @param array<int|string> $params Parameters.
	 * @return string
	 */
	private function wpdb_sql( string $sql, array $params ): string {
		global $wpdb;
		if ( array() === $params ) {
			return $sql;
		}
		$i      = 0;
		$format = (string) preg_replace_callback(
			'/\?/',
			static function () use ( $params, &$i ): string {
				return is_int( $params[ $i++ ] ?? '' ) ? '%d' : '%s';
			},
			str_replace( '%', '%%', $sql )
		);
		return (string) $wpdb->prepare( $format, ...array_values( $params ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the placeholders are built above from fixed SQL.
	}
}
