<?php
/**
 * The stored form entries (docs/forms.md, "Entries"): create once per submission token, read, list, mark, delete,
 * retention and the personal-data look-up.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Static access to the entries tables (Schema): the class holds no state, every method works on `$wpdb`, every
 * query goes through `$wpdb->prepare()` with the table names from Schema::table().
 *
 * An entry as answered by get() and list():
 * `array{id: int, form_id: int, submission: string, status: string, created_at: string, page_id: int, user_id: int,
 * values: array<string, string|list<string>>}` — `created_at` is UTC `Y-m-d H:i:s`; `values` maps field ids to
 * their values in the order they were stored, a list (a checkbox) decoded from its JSON.
 *
 * Values are stored as given (the Validator trims and cleans them), except that invalid UTF-8 sequences are
 * replaced (by `?`), so that the database never refuses a submission for its bytes.
 *
 * Writes that touch both tables run in one transaction: `START TRANSACTION` / `COMMIT` / `ROLLBACK` through
 * `$wpdb`, which InnoDB honours and the SQLite Database Integration translates (tested on both). As in MySQL,
 * starting one commits a transaction the caller may have left open. Every public method installs the tables
 * first when their version is not current (Schema::maybe_install()).
 */
final class Entries {

	/**
	 * The statuses an entry can have.
	 */
	public const STATUSES = array( 'unread', 'read' );

	/**
	 * Default and largest page size of list().
	 */
	public const PER_PAGE     = 20;
	public const MAX_PER_PAGE = 100;

	/**
	 * Largest batch of delete_before() and find_by_value().
	 */
	public const MAX_BATCH = 5000;

	/**
	 * A field id (the spec's `field-id`).
	 */
	private const FIELD_ID = '/^[A-Za-z0-9_-]{1,40}$/D';

	/**
	 * A submission token: 32 hexadecimal characters.
	 */
	private const SUBMISSION = '/^[0-9a-fA-F]{32}$/D';

	/**
	 * A UTC date and time as stored in `created_at`.
	 */
	private const DATETIME = '/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/D';

	/**
	 * Stores one entry and its values in one transaction, once per submission token.
	 *
	 * A token names one submission across all forms (the unique key on `submission`). The entry row is inserted
	 * with INSERT IGNORE; when the token is already stored (before, or by a concurrent request that has
	 * committed since):
	 * - the same form with the same values (a double click, a retried request) answers that entry, `created`
	 *   false, and stores nothing;
	 * - other values (`conflict` `values`) or another form (`conflict` `form`) store nothing and answer id 0:
	 *   the caller never learns, nor shows, the other submission's entry.
	 * The token is stored in lower case.
	 *
	 * @param int                                $form_id    The form's post id (> 0).
	 * @param string                             $submission The submission token (32 hexadecimal characters).
	 * @param array<string, string|list<string>> $values     Field id => value; a list (a checkbox) is stored as
	 *                                                       JSON.
	 * @param int                                $page_id    The post the form was sent from (0 = unknown).
	 * @param int                                $user_id    The logged-in user (0 = anonymous).
	 * @return array{id: int, created: bool, conflict: string} `conflict`: '' (stored now, or the same
	 *         submission again), `values` or `form`.
	 * @throws \InvalidArgumentException When the form id, the token, a field id or a value is not valid.
	 * @throws \RuntimeException         When the database refuses the entry (nothing is stored then).
	 */
	public static function create( int $form_id, string $submission, array $values, int $page_id = 0, int $user_id = 0 ): array {
		global $wpdb;
		if ( $form_id < 1 ) {
			throw new \InvalidArgumentException( 'The form id must be positive.' );
		}
		if ( 1 !== preg_match( self::SUBMISSION, $submission ) ) {
			throw new \InvalidArgumentException( 'The submission token must be 32 hexadecimal characters.' );
		}
		$submission = strtolower( $submission );
		$rows       = self::encode_values( $values );
		if ( ! self::ready() ) {
			throw new \RuntimeException( 'The entries tables are being installed.' );
		}

		$entries = Schema::table( 'entries' );
		$table   = Schema::table( 'values' );
		$wpdb->query( 'START TRANSACTION' );
		try {
			$inserted = $wpdb->query(
				$wpdb->prepare(
					"INSERT IGNORE INTO {$entries} (form_id, submission, status, created_at, page_id, user_id) VALUES (%d, %s, %s, %s, %d, %d)", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
					$form_id,
					$submission,
					'unread',
					gmdate( 'Y-m-d H:i:s' ),
					max( 0, $page_id ),
					max( 0, $user_id )
				)
			);
			if ( false === $inserted ) {
				throw new \RuntimeException( 'The entry could not be stored: ' . $wpdb->last_error );
			}
			if ( 0 === (int) $inserted ) {
				$answer = self::stored_before( $submission, $form_id, $rows );
				$wpdb->query( 'COMMIT' );
				return $answer;
			}
			$id = (int) $wpdb->insert_id;
			if ( $id < 1 ) {
				throw new \RuntimeException( 'The database did not answer the new entry id.' );
			}
			foreach ( $rows as $field_id => $value ) {
				$stored = $wpdb->query(
					$wpdb->prepare( "INSERT INTO {$table} (entry_id, field_id, value) VALUES (%d, %s, %s)", $id, $field_id, $value ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
				);
				if ( 1 !== $stored ) {
					throw new \RuntimeException( 'The value of ' . $field_id . ' could not be stored: ' . $wpdb->last_error );
				}
			}
			$wpdb->query( 'COMMIT' );
		} catch ( \Throwable $error ) {
			$wpdb->query( 'ROLLBACK' );
			throw $error;
		}
		return array(
			'id'       => $id,
			'created'  => true,
			'conflict' => '',
		);
	}

	/**
	 * The answer of create() for a token that is already stored: its entry when the form and the values are the
	 * same, else a conflict with id 0.
	 *
	 * @param string                $submission The token (lower case).
	 * @param int                   $form_id    The form being sent.
	 * @param array<string, string> $rows       The values being sent, encoded as stored.
	 * @return array{id: int, created: bool, conflict: string}
	 * @throws \RuntimeException When the token is neither insertable nor found.
	 */
	private static function stored_before( string $submission, int $form_id, array $rows ): array {
		global $wpdb;
		$entries = Schema::table( 'entries' );
		$table   = Schema::table( 'values' );
		$row     = $wpdb->get_row(
			$wpdb->prepare( "SELECT id, form_id FROM {$entries} WHERE submission = %s", $submission ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
			ARRAY_A
		);
		if ( ! is_array( $row ) || (int) $row['id'] < 1 ) {
			throw new \RuntimeException( 'The entry was neither stored nor found: ' . $wpdb->last_error );
		}
		$conflict = '';
		if ( (int) $row['form_id'] !== $form_id ) {
			$conflict = 'form';
		} else {
			$stored = array();
			foreach ( (array) $wpdb->get_results( $wpdb->prepare( "SELECT field_id, value FROM {$table} WHERE entry_id = %d", (int) $row['id'] ), ARRAY_A ) as $value ) { // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
				$stored[ (string) $value['field_id'] ] = (string) $value['value'];
			}
			ksort( $stored, SORT_STRING );
			ksort( $rows, SORT_STRING );
			$conflict = $stored === $rows ? '' : 'values';
		}
		return array(
			'id'       => '' === $conflict ? (int) $row['id'] : 0,
			'created'  => false,
			'conflict' => $conflict,
		);
	}

	/**
	 * One entry with its values.
	 *
	 * @param int $id Entry id.
	 * @return array{id: int, form_id: int, submission: string, status: string, created_at: string, page_id: int, user_id: int, values: array<string, string|list<string>>}|null
	 *         Null when there is no such entry.
	 */
	public static function get( int $id ): ?array {
		global $wpdb;
		if ( $id < 1 || ! self::ready() ) {
			return null;
		}
		$entries = Schema::table( 'entries' );
		$row     = $wpdb->get_row( $wpdb->prepare( "SELECT * FROM {$entries} WHERE id = %d", $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		if ( ! is_array( $row ) ) {
			return null;
		}
		$values = self::values_of( array( $id ) );
		return self::shape( $row, $values[ $id ] ?? array() );
	}

	/**
	 * One page of a form's entries, newest first, with the total that matches.
	 *
	 * @param int                                                                 $form_id The form's post id.
	 * @param array{search?: string, status?: string, page?: int, per_page?: int} $args    `search`: a text
	 *        contained in any value, taken literally (`%` and `_` included), case-insensitive; `status`: `unread`,
	 *        `read` or `''` (any; another word counts as any); `page`: 1-based; `per_page`: 1 to 100, default 20.
	 * @return array{rows: list<array{id: int, form_id: int, submission: string, status: string, created_at: string, page_id: int, user_id: int, values: array<string, string|list<string>>}>, total: int}
	 */
	public static function list( int $form_id, array $args = array() ): array {
		global $wpdb;
		$empty = array(
			'rows'  => array(),
			'total' => 0,
		);
		if ( ! self::ready() ) {
			return $empty;
		}
		$search   = trim( (string) ( $args['search'] ?? '' ) );
		$status   = (string) ( $args['status'] ?? '' );
		$status   = in_array( $status, self::STATUSES, true ) ? $status : '';
		$per_page = (int) ( $args['per_page'] ?? self::PER_PAGE );
		$per_page = min( self::MAX_PER_PAGE, max( 1, $per_page ) );
		$page     = max( 1, (int) ( $args['page'] ?? 1 ) );
		$offset   = ( $page - 1 ) * $per_page;

		$entries = Schema::table( 'entries' );
		$table   = Schema::table( 'values' );
		// Every filter is always in the statement; an unused one compares a placeholder with itself.
		$where = $wpdb->prepare(
			"e.form_id = %d AND ( %s = '' OR e.status = %s ) AND ( %s = '' OR EXISTS ( SELECT 1 FROM {$table} v WHERE v.entry_id = e.id AND v.value LIKE %s ) )", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
			$form_id,
			$status,
			$status,
			$search,
			'%' . $wpdb->esc_like( $search ) . '%'
		);
		$total = (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$entries} e WHERE {$where}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- prepared above.
		if ( 0 === $total || $offset >= $total ) {
			return array(
				'rows'  => array(),
				'total' => $total,
			);
		}
		$rows = $wpdb->get_results(
			$wpdb->prepare( "SELECT e.* FROM {$entries} e WHERE {$where} ORDER BY e.created_at DESC, e.id DESC LIMIT %d OFFSET %d", $per_page, $offset ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name and the prepared condition.
			ARRAY_A
		);
		$rows   = is_array( $rows ) ? $rows : array();
		$values = self::values_of( array_map( static fn ( array $row ): int => (int) $row['id'], $rows ) );
		$list   = array();
		foreach ( $rows as $row ) {
			$list[] = self::shape( $row, $values[ (int) $row['id'] ] ?? array() );
		}
		return array(
			'rows'  => $list,
			'total' => $total,
		);
	}

	/**
	 * Marks an entry read or unread.
	 *
	 * @param int    $id     Entry id.
	 * @param string $status `read` or `unread`.
	 * @return bool Whether the entry exists and has that status now (false for another status: nothing changes).
	 */
	public static function mark( int $id, string $status ): bool {
		global $wpdb;
		if ( $id < 1 || ! in_array( $status, self::STATUSES, true ) || ! self::ready() ) {
			return false;
		}
		$entries = Schema::table( 'entries' );
		$changed = $wpdb->query( $wpdb->prepare( "UPDATE {$entries} SET status = %s WHERE id = %d", $status, $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		if ( false === $changed ) {
			return false;
		}
		if ( $changed > 0 ) {
			return true;
		}
		// No row changed: the entry had that status already, or does not exist.
		return $status === $wpdb->get_var( $wpdb->prepare( "SELECT status FROM {$entries} WHERE id = %d", $id ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
	}

	/**
	 * Deletes an entry and its values.
	 *
	 * @param int $id Entry id.
	 * @return bool Whether the entry existed (and is gone now).
	 */
	public static function delete( int $id ): bool {
		if ( $id < 1 || ! self::ready() ) {
			return false;
		}
		return 1 === self::delete_ids( array( $id ) );
	}

	/**
	 * Retention: deletes the entries (of every form) created before a moment, oldest first, at most one batch.
	 *
	 * @param string $utc   UTC `Y-m-d H:i:s`; entries created strictly before it are deleted.
	 * @param int    $batch Most entries deleted by this call (1 to MAX_BATCH); call again while it answers $batch.
	 * @return int How many entries were deleted (with their values).
	 * @throws \InvalidArgumentException When $utc is not `Y-m-d H:i:s`.
	 */
	public static function delete_before( string $utc, int $batch = 500 ): int {
		global $wpdb;
		if ( 1 !== preg_match( self::DATETIME, $utc ) ) {
			throw new \InvalidArgumentException( 'The moment must be a UTC date and time (Y-m-d H:i:s).' );
		}
		if ( ! self::ready() ) {
			return 0;
		}
		$batch   = min( self::MAX_BATCH, max( 1, $batch ) );
		$entries = Schema::table( 'entries' );
		$ids     = $wpdb->get_col(
			$wpdb->prepare( "SELECT id FROM {$entries} WHERE created_at < %s ORDER BY created_at ASC, id ASC LIMIT %d", $utc, $batch ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		);
		return self::delete_ids( array_map( 'intval', is_array( $ids ) ? $ids : array() ) );
	}

	/**
	 * The entries that hold exactly a value in any field (the personal-data exporter and eraser, by e-mail
	 * address), by ascending id. The comparison is the database's: the column's collation, case-insensitive with
	 * the `_ci` collations WordPress creates and on the SQLite drop-in. A checkbox's JSON list never matches a
	 * single value.
	 *
	 * @param string $value  The value.
	 * @param int    $limit  Most ids answered (1 to MAX_BATCH).
	 * @param int    $offset Ids to skip (paging).
	 * @return list<int>
	 */
	public static function find_by_value( string $value, int $limit, int $offset = 0 ): array {
		global $wpdb;
		if ( '' === $value || ! self::ready() ) {
			return array();
		}
		$table = Schema::table( 'values' );
		// The index (field_id, value(191)) starts with the field: name every field so that it is used.
		$fields = $wpdb->get_col( "SELECT DISTINCT field_id FROM {$table}" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
		if ( ! is_array( $fields ) || array() === $fields ) {
			return array();
		}
		$fields = array_map( 'strval', $fields );
		$marks  = implode( ', ', array_fill( 0, count( $fields ), '%s' ) );
		$ids    = $wpdb->get_col(
			$wpdb->prepare(
				"SELECT DISTINCT entry_id FROM {$table} WHERE field_id IN ({$marks}) AND value = %s ORDER BY entry_id ASC LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL -- table name and one placeholder per field.
				array_merge( $fields, array( $value, min( self::MAX_BATCH, max( 1, $limit ) ), max( 0, $offset ) ) )
			)
		);
		return array_map( 'intval', is_array( $ids ) ? $ids : array() );
	}

	/**
	 * How many entries of a form are unread.
	 *
	 * @param int $form_id The form's post id.
	 * @return int
	 */
	public static function count_unread( int $form_id ): int {
		global $wpdb;
		if ( ! self::ready() ) {
			return 0;
		}
		$entries = Schema::table( 'entries' );
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$entries} WHERE form_id = %d AND status = %s", $form_id, 'unread' ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name only.
	}

	/**
	 * Unread entries of several forms together, in one query (the admin menu's bubble).
	 *
	 * @param int[] $form_ids Form ids.
	 * @return int
	 */
	public static function count_unread_in( array $form_ids ): int {
		global $wpdb;
		$form_ids = array_values( array_unique( array_filter( array_map( 'intval', $form_ids ), static fn ( int $id ): bool => $id > 0 ) ) );
		if ( array() === $form_ids || ! self::ready() ) {
			return 0;
		}
		$entries = Schema::table( 'entries' );
		$in      = implode( ', ', array_fill( 0, count( $form_ids ), '%d' ) );
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$entries} WHERE status = %s AND form_id IN ({$in})", 'unread', ...$form_ids ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name and placeholders only.
	}

	/**
	 * The stored text of a value: a string as it is (invalid UTF-8 replaced by `?`), a list as JSON.
	 *
	 * @param string|list<string> $value A field's value.
	 * @return string
	 */
	public static function encode_value( string|array $value ): string {
		if ( is_string( $value ) ) {
			return self::clean_utf8( $value );
		}
		return (string) wp_json_encode( array_values( array_map( array( self::class, 'clean_utf8' ), $value ) ), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
	}

	/**
	 * A stored value as get() answers it: the JSON of a list of strings (exactly as encode_value() writes it)
	 * becomes the list, anything else stays the string. A text field's value that is exactly such JSON also reads
	 * back as a list (the tables do not record the field's type; the form definition does).
	 *
	 * @param string $stored Stored text.
	 * @return string|list<string>
	 */
	public static function decode_value( string $stored ): string|array {
		if ( '' === $stored || '[' !== $stored[0] ) {
			return $stored;
		}
		$list = json_decode( $stored, true );
		if ( ! is_array( $list ) || ! array_is_list( $list ) ) {
			return $stored;
		}
		foreach ( $list as $item ) {
			if ( ! is_string( $item ) ) {
				return $stored;
			}
		}
		return self::encode_value( $list ) === $stored ? $list : $stored;
	}

	/**
	 * Checks the values before anything is stored and encodes them.
	 *
	 * @param array<array-key, mixed> $values Field id => value.
	 * @return array<string, string> Field id => stored text.
	 * @throws \InvalidArgumentException When a field id or a value has the wrong shape.
	 */
	private static function encode_values( array $values ): array {
		$rows = array();
		foreach ( $values as $field_id => $value ) {
			$field_id = (string) $field_id;
			if ( 1 !== preg_match( self::FIELD_ID, $field_id ) ) {
				throw new \InvalidArgumentException( 'A field id must be 1 to 40 of A-Z, a-z, 0-9, _ and -.' );
			}
			if ( is_array( $value ) ) {
				if ( ! array_is_list( $value ) || array() !== array_filter( $value, static fn ( $item ): bool => ! is_string( $item ) ) ) {
					throw new \InvalidArgumentException( 'A list value must be a list of strings.' );
				}
			} elseif ( ! is_string( $value ) ) {
				throw new \InvalidArgumentException( 'A value must be a string or a list of strings.' );
			}
			$rows[ $field_id ] = self::encode_value( $value );
		}
		return $rows;
	}

	/**
	 * A string with its invalid UTF-8 sequences replaced by `?` (valid UTF-8 is answered unchanged).
	 *
	 * @param string $text Text.
	 * @return string
	 */
	private static function clean_utf8( string $text ): string {
		if ( 1 === preg_match( '//u', $text ) ) {
			return $text;
		}
		return (string) mb_convert_encoding( $text, 'UTF-8', 'UTF-8' );
	}

	/**
	 * The values of some entries, in the order they were stored.
	 *
	 * @param list<int> $ids Entry ids.
	 * @return array<int, array<string, string|list<string>>> Entry id => field id => value.
	 */
	private static function values_of( array $ids ): array {
		global $wpdb;
		if ( array() === $ids ) {
			return array();
		}
		$table = Schema::table( 'values' );
		$marks = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$rows  = $wpdb->get_results(
			$wpdb->prepare( "SELECT entry_id, field_id, value FROM {$table} WHERE entry_id IN ({$marks}) ORDER BY id ASC", $ids ), // phpcs:ignore WordPress.DB.PreparedSQL -- table name and one placeholder per id.
			ARRAY_A
		);
		$values = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$values[ (int) $row['entry_id'] ][ (string) $row['field_id'] ] = self::decode_value( (string) $row['value'] );
		}
		return $values;
	}

	/**
	 * Deletes entries and their values in one transaction.
	 *
	 * @param list<int> $ids Entry ids.
	 * @return int How many entry rows were deleted.
	 */
	private static function delete_ids( array $ids ): int {
		global $wpdb;
		if ( array() === $ids ) {
			return 0;
		}
		$entries = Schema::table( 'entries' );
		$table   = Schema::table( 'values' );
		$marks   = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		$wpdb->query( 'START TRANSACTION' );
		$values  = $wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE entry_id IN ({$marks})", $ids ) ); // phpcs:ignore WordPress.DB.PreparedSQL -- table name and one placeholder per id.
		$deleted = false === $values ? false : $wpdb->query( $wpdb->prepare( "DELETE FROM {$entries} WHERE id IN ({$marks})", $ids ) ); // phpcs:ignore WordPress.DB.PreparedSQL -- table name and one placeholder per id.
		if ( false === $deleted ) {
			$wpdb->query( 'ROLLBACK' );
			return 0;
		}
		$wpdb->query( 'COMMIT' );
		return (int) $deleted;
	}

	/**
	 * An entry row with typed columns and its values.
	 *
	 * @param array<string, mixed>                  $row    Row of the entries table.
	 * @param array<string, string|list<string>>    $values Field id => value.
	 * @return array{id: int, form_id: int, submission: string, status: string, created_at: string, page_id: int, user_id: int, values: array<string, string|list<string>>}
	 */
	private static function shape( array $row, array $values ): array {
		return array(
			'id'         => (int) $row['id'],
			'form_id'    => (int) $row['form_id'],
			'submission' => (string) $row['submission'],
			'status'     => (string) $row['status'],
			'created_at' => (string) $row['created_at'],
			'page_id'    => (int) $row['page_id'],
			'user_id'    => (int) $row['user_id'],
			'values'     => $values,
		);
	}

	/**
	 * Installs the tables when they are not current (the first use after an update, before `init` did). While
	 * another request holds the install claim, existing tables are used as they are.
	 *
	 * @return bool Whether the tables can be used.
	 */
	private static function ready(): bool {
		return Schema::maybe_install() || ( Schema::exists( 'entries' ) && Schema::exists( 'values' ) );
	}
}
