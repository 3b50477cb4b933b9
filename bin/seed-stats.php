<?php
/**
 * Seeds the statistics aggregates with the equivalent of 1,000,000 synthetic hits, for the query benchmark
 * (bin/bench-stats-queries.php) and for looking at a busy dashboard.
 *
 *   bin/site php <env> 'require $argv[3];' bin/seed-stats.php [--hits=1000000] [--days=365] [--seed=42] [--clear]
 *       [--end=YYYY-MM-DD] [--pages=site] [--if-empty] [--quiet]
 *
 * --clear only deletes (the same period and online rows as a seed would), writes nothing. --end: the period's last
 * day (default today). --pages=site: the site's own published pages and posts instead of ~2,000 synthetic ones.
 * --if-empty: nothing at all when any day of the period already has a visitor row (so it never wipes real hits).
 * --quiet: no progress lines.
 * The demo content (bin/demo/stats.php) seeds four weeks this way, from PHP: it sets `$tessera_seed_args` (the
 * arguments) before requiring this file.
 *
 * Runs inside a loaded WordPress (bin/site php). DESTRUCTIVE for the seeded period: it first deletes every
 * aggregate row (visitors, pages, referrers, devices, events) of the days it writes, and the online rows it
 * wrote before. Deterministic for a given --seed.
 *
 * The spread: `--days` days ending today (site time), a weekly rhythm (weekends ~35% lower), slow growth and
 * noise; ~2,000 pages with a Zipf long tail (plus home, a search and a 404 page); ~30% unique visitors a day,
 * each with a landing page (`pages.visitors`) and a referrer (40% direct, the rest over ~300 hosts, Zipf); ~40
 * browser/OS/device combinations; custom, click and download events (~3% of hits); a few visitors online now.
 * Everything is written straight into the tables with multi-row INSERTs inside one transaction.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function ( array $args ): void {
	global $wpdb;
	if ( ! class_exists( \Tessera\Stats\Schema::class ) ) {
		fwrite( STDERR, "seed-stats: the Tessera plugin is not active\n" );
		exit( 1 );
	}
	$opt       = array(
		'hits' => 1000000,
		'days' => 365,
		'seed' => 42,
	);
	$clear     = false;
	$end       = wp_date( 'Y-m-d' );
	$own_pages = false;
	$if_empty  = false;
	$quiet     = false;
	foreach ( $args as $arg ) {
		if ( 1 === preg_match( '/^--(hits|days|seed)=(\d{1,9})$/', (string) $arg, $m ) ) {
			$opt[ $m[1] ] = (int) $m[2];
		} elseif ( '--clear' === $arg ) {
			$clear = true;
		} elseif ( 1 === preg_match( '/^--end=(\d{4}-\d{2}-\d{2})$/', (string) $arg, $m ) ) {
			$end = $m[1];
		} elseif ( '--pages=site' === $arg ) {
			$own_pages = true;
		} elseif ( '--if-empty' === $arg ) {
			$if_empty = true;
		} elseif ( '--quiet' === $arg ) {
			$quiet = true;
		} else {
			fwrite( STDERR, 'seed-stats: unknown argument ' . $arg . "\n" );
			exit( 2 );
		}
	}
	$opt['days'] = max( 1, min( 3650, $opt['days'] ) );
	$opt['hits'] = max( $opt['days'], $opt['hits'] );
	mt_srand( $opt['seed'] );
	$t0 = microtime( true );
	\Tessera\Stats\Schema::maybe_install();
	$table = static fn ( string $name ): string => \Tessera\Stats\Schema::table( $name );
	$say   = static function ( string $line ) use ( $t0, $quiet ): void {
		if ( $quiet ) {
			return;
		}
		fwrite( STDOUT, sprintf( "[%6.2f s] %s\n", microtime( true ) - $t0, $line ) );
	};

	// Days, oldest first, and the hits of each (weekly rhythm, growth, noise), summing to exactly --hits.
	$today  = new DateTimeImmutable( $end );
	$days   = array();
	$weight = array();
	for ( $i = $opt['days'] - 1; $i >= 0; $i-- ) {
		$day      = $today->modify( "-{$i} days" );
		$days[]   = $day->format( 'Y-m-d' );
		$weekend  = (int) $day->format( 'N' ) >= 6 ? 0.65 : 1.0;
		$growth   = 1.0 + 0.6 * ( $opt['days'] - $i ) / $opt['days'];
		$weight[] = $weekend * $growth * ( 0.85 + 0.3 * mt_rand() / mt_getrandmax() );
	}
	$sum  = array_sum( $weight );
	$hits = array_map( static fn ( float $w ): int => (int) floor( $opt['hits'] * $w / $sum ), $weight );
	$hits[ count( $hits ) - 1 ] += $opt['hits'] - array_sum( $hits );
	$first = $days[0];
	$last  = $days[ count( $days ) - 1 ];

	if ( $if_empty && (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . $table( 'visitors' ) . ' WHERE day >= %s AND day <= %s', $first, $last ) ) > 0 ) { // phpcs:ignore WordPress.DB -- table name only.
		$say( "{$first} .. {$last} already has visits: nothing seeded" );
		return;
	}

	// Delete what an earlier seed (or anything else) left in the period.
	foreach ( array( 'visitors', 'pages', 'referrers', 'devices', 'events' ) as $name ) {
		$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . $table( $name ) . ' WHERE day >= %s AND day <= %s', $first, $last ) ); // phpcs:ignore WordPress.DB -- table name only.
	}
	$wpdb->query( $wpdb->prepare( 'DELETE FROM ' . $table( 'online' ) . ' WHERE visitor LIKE %s', '5eed%' ) ); // phpcs:ignore WordPress.DB -- table name only.
	\Tessera\Stats\Rollup::rebuild( $first, $last );
	$say( "cleared {$first} .. {$last}" );
	if ( $clear ) {
		return;
	}

	// Zipf weights, as a cumulative table for sampling.
	$zipf = static function ( int $n, float $s ): array {
		$w = array();
		for ( $k = 1; $k <= $n; $k++ ) {
			$w[] = 1.0 / ( $k ** $s );
		}
		$total = array_sum( $w );
		return array_map( static fn ( float $x ): float => $x / $total, $w );
	};
	// Splits $n into buckets by probabilities: floor of the expectation plus a random remainder.
	$split = static function ( int $n, array $p ): array {
		$out  = array();
		$left = $n;
		foreach ( $p as $i => $pi ) {
			$e      = $n * $pi;
			$c      = (int) floor( $e );
			$c     += ( mt_rand() / mt_getrandmax() ) < ( $e - floor( $e ) ) ? 1 : 0;
			$c      = min( $c, $left );
			$out[]  = $c;
			$left  -= $c;
		}
		$out[0] += $left;
		return $out;
	};
	// Buffered multi-row INSERTs. On SQLite they go straight to the database's own PDO connection (the SQLite
	// Database Integration exposes it): translating a 1,000-row MySQL statement costs more than running it, and
	// a plain multi-row INSERT means the same in both dialects. Values are quoted by the connection they go to.
	$pdo    = ( defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE && ( $GLOBALS['@pdo'] ?? null ) instanceof PDO ) ? $GLOBALS['@pdo'] : null;
	$quote  = null !== $pdo
		? static fn ( string $v ): string => $pdo->quote( $v )
		: static fn ( string $v ): string => "'" . esc_sql( $v ) . "'";
	$writer = static function ( string $name, string $columns, string $types ) use ( $wpdb, $table, $pdo, $quote ): object {
		return new class( $wpdb, $pdo, $quote, $table( $name ), $columns, $types ) {
			/**
			 * Rows waiting to be written.
			 *
			 * @var array<int, string>
			 */
			private array $rows = array();

			/**
			 * Rows written.
			 *
			 * @var int
			 */
			private int $written = 0;

			/**
			 * Keeps the connection and the table.
			 *
			 * @param wpdb     $db      WordPress database.
			 * @param PDO|null $pdo     SQLite connection, or null for $db.
			 * @param callable $quote   String quoting for that connection.
			 * @param string   $table   Table.
			 * @param string   $columns Column list.
			 * @param string   $types   One letter a column: s (string) or d (integer).
			 */
			public function __construct( private wpdb $db, private ?PDO $pdo, private $quote, private string $table, private string $columns, private string $types ) {
			}

			/**
			 * Adds a row.
			 *
			 * @param string|int ...$values Row values, in the column order.
			 * @return void
			 */
			public function add( ...$values ): void {
				foreach ( $values as $i => $value ) {
					$values[ $i ] = 'd' === $this->types[ $i ] ? (string) (int) $value : ( $this->quote )( (string) $value );
				}
				$this->rows[] = '(' . implode( ',', $values ) . ')';
				if ( count( $this->rows ) >= 1000 ) {
					$this->flush();
				}
			}

			/**
			 * Writes the buffered rows.
			 *
			 * @return void
			 */
			public function flush(): void {
				if ( array() === $this->rows ) {
					return;
				}
				$sql = "INSERT INTO {$this->table} ({$this->columns}) VALUES " . implode( ',', $this->rows );
				$this->exec( $sql, $sql );
				$this->written += count( $this->rows );
				$this->rows     = array();
			}

			/**
			 * Flushes.
			 *
			 * @return int Rows written.
			 */
			public function close(): int {
				$this->flush();
				return $this->written;
			}

			/**
			 * Runs a statement on the right connection; stops the script on an error.
			 *
			 * @param string $mysql  Statement for $wpdb.
			 * @param string $sqlite Statement for SQLite.
			 * @return void
			 */
			public function exec( string $mysql, string $sqlite ): void {
				if ( null !== $this->pdo ) {
					if ( false === $this->pdo->exec( $sqlite ) ) {
						fwrite( STDERR, 'seed-stats: ' . implode( ' ', $this->pdo->errorInfo() ) . "\n" );
						exit( 1 );
					}
					return;
				}
				$this->db->query( $mysql ); // phpcs:ignore WordPress.DB -- every value quoted in add().
				if ( '' !== $this->db->last_error ) {
					fwrite( STDERR, 'seed-stats: ' . $this->db->last_error . "\n" );
					exit( 1 );
				}
			}
		};
	};

	// One transaction for everything.
	$transaction = $writer( 'online', '', '' );
	$transaction->exec( 'START TRANSACTION', 'BEGIN' );

	// Pages: home, search, 404 and ~2,000 posts/pages, Zipf (s = 1.05): views and landing visitors per day.
	$catalogue = array( array( 'home', 0, '/' ) );
	if ( $own_pages ) {
		$own = get_posts(
			array(
				'post_type'   => array( 'page', 'post' ),
				'post_status' => 'publish',
				'numberposts' => 200,
				'orderby'     => 'ID',
				'order'       => 'ASC',
			)
		);
		foreach ( $own as $post ) {
			$path = wp_parse_url( (string) get_permalink( $post ), PHP_URL_PATH );
			if ( is_string( $path ) && '' !== $path ) {
				$catalogue[] = array( $post->post_type, $post->ID, $path );
			}
		}
		// The demo pages first: a newcomer sees them at the top.
		usort( $catalogue, static fn ( array $a, array $b ): int => (int) str_starts_with( $b[2], '/demo-' ) - (int) str_starts_with( $a[2], '/demo-' ) );
	} else {
		for ( $p = 1; $p <= 2000; $p++ ) {
			$catalogue[] = 0 === $p % 7 ? array( 'page', 100000 + $p, "/page-{$p}/" ) : array( 'post', 100000 + $p, "/post-{$p}-synthetic-title/" );
		}
	}
	$catalogue[] = array( 'search', 0, '/?s=tessera' );
	$catalogue[] = array( '404', 0, '/missing-page/' );
	$page_p      = $zipf( count( $catalogue ), 1.05 );
	$pages       = $writer( 'pages', 'day, source_type, source_id, uri_hash, page_uri, views, visitors', 'ssdssdd' );
	$visitors    = $writer( 'visitors', 'day, visitor, first_seen', 'sss' );
	$hashes      = array_map( static fn ( array $c ): string => md5( $c[2] ), $catalogue );
	$unique      = array();
	$view_total  = 0;
	foreach ( $days as $d => $day ) {
		$views      = $split( $hits[ $d ], $page_p );
		$rate       = 0.27 + 0.06 * mt_rand() / mt_getrandmax();
		$landing    = array();
		foreach ( $views as $i => $n ) {
			$e             = $n * $rate;
			$landing[ $i ] = (int) floor( $e ) + ( ( mt_rand() / mt_getrandmax() ) < ( $e - floor( $e ) ) ? 1 : 0 );
		}
		$unique[ $d ] = array_sum( $landing );
		$midnight   = strtotime( get_gmt_from_date( $day . ' 00:00:00' ) . ' UTC' );
		foreach ( $catalogue as $i => $c ) {
			if ( $views[ $i ] > 0 ) {
				$view_total += $views[ $i ];
				$pages->add( $day, $c[0], $c[1], $hashes[ $i ], $c[2], $views[ $i ], $landing[ $i ] );
			}
		}
		for ( $v = 0; $v < $unique[ $d ]; $v++ ) {
			$visitors->add( $day, bin2hex( random_bytes( 16 ) ), gmdate( 'Y-m-d H:i:s', $midnight + mt_rand( 0, 86399 ) ) );
		}
	}
	$say( sprintf( 'pages: %d rows (%d pages, %s views)', $pages->close(), count( $catalogue ), number_format( $view_total ) ) );
	$say( sprintf( 'visitors: %d rows (%.1f%% of hits)', $visitors->close(), 100 * array_sum( $unique ) / array_sum( $hits ) ) );

	// Referrers: one per visit; 40% direct (''), the rest over 300 hosts, Zipf (s = 1.2).
	$hosts = array( 'www.google.com', 'www.bing.com', 'duckduckgo.com', 'news.ycombinator.com', 'www.reddit.com', 'www.facebook.com', 't.co', 'www.linkedin.com' );
	for ( $h = count( $hosts ); $h < 300; $h++ ) {
		$hosts[] = sprintf( 'blog-%03d.example.org', $h );
	}
	$host_p    = $zipf( count( $hosts ), 1.2 );
	$referrers = $writer( 'referrers', 'day, host, views', 'ssd' );
	foreach ( $days as $d => $day ) {
		$direct = (int) round( $unique[ $d ] * 0.4 );
		$referrers->add( $day, '', $direct );
		foreach ( $split( $unique[ $d ] - $direct, $host_p ) as $i => $n ) {
			if ( $n > 0 ) {
				$referrers->add( $day, $hosts[ $i ], $n );
			}
		}
	}
	$say( sprintf( 'referrers: %d rows (%d hosts + direct)', $referrers->close(), count( $hosts ) ) );

	// Devices: ~40 browser/OS/device combinations with fixed shares.
	$combos = array();
	foreach ( array(
		array( 'Chrome', 'Windows', 'desktop', 30 ),
		array( 'Edge', 'Windows', 'desktop', 8 ),
		array( 'Firefox', 'Windows', 'desktop', 4 ),
		array( 'Opera', 'Windows', 'desktop', 1 ),
		array( 'Other', 'Windows', 'desktop', 0.5 ),
		array( 'Chrome', 'macOS', 'desktop', 5 ),
		array( 'Safari', 'macOS', 'desktop', 6 ),
		array( 'Firefox', 'macOS', 'desktop', 1 ),
		array( 'Edge', 'macOS', 'desktop', 0.5 ),
		array( 'Chrome', 'Linux', 'desktop', 1.5 ),
		array( 'Firefox', 'Linux', 'desktop', 1.2 ),
		array( 'Other', 'Linux', 'desktop', 0.2 ),
		array( 'Chrome', 'ChromeOS', 'desktop', 0.8 ),
		array( 'Chrome', 'Android', 'mobile', 16 ),
		array( 'Samsung Internet', 'Android', 'mobile', 3 ),
		array( 'Firefox', 'Android', 'mobile', 0.6 ),
		array( 'Opera', 'Android', 'mobile', 0.7 ),
		array( 'Edge', 'Android', 'mobile', 0.3 ),
		array( 'Other', 'Android', 'mobile', 0.8 ),
		array( 'Chrome', 'Android', 'tablet', 1.5 ),
		array( 'Samsung Internet', 'Android', 'tablet', 0.4 ),
		array( 'Firefox', 'Android', 'tablet', 0.1 ),
		array( 'Safari', 'iOS', 'mobile', 12 ),
		array( 'Chrome', 'iOS', 'mobile', 2.5 ),
		array( 'Firefox', 'iOS', 'mobile', 0.3 ),
		array( 'Edge', 'iOS', 'mobile', 0.2 ),
		array( 'Opera', 'iOS', 'mobile', 0.1 ),
		array( 'Other', 'iOS', 'mobile', 0.4 ),
		array( 'Safari', 'iOS', 'tablet', 2.5 ),
		array( 'Chrome', 'iOS', 'tablet', 0.4 ),
		array( 'Other', 'iOS', 'tablet', 0.1 ),
		array( 'Edge', 'Windows', 'tablet', 0.1 ),
		array( 'Chrome', 'Windows', 'tablet', 0.1 ),
		array( 'Other', 'Other', 'desktop', 0.3 ),
		array( 'Other', 'Other', 'mobile', 0.2 ),
		array( 'Chrome', 'Other', 'desktop', 0.2 ),
		array( 'Firefox', 'Other', 'desktop', 0.1 ),
		array( 'Safari', 'Other', 'mobile', 0.05 ),
		array( 'Opera', 'Linux', 'desktop', 0.05 ),
		array( 'Samsung Internet', 'Other', 'mobile', 0.05 ),
	) as $combo ) {
		$combos[] = $combo;
	}
	$share   = array_sum( array_column( $combos, 3 ) );
	$combo_p = array_map( static fn ( array $c ): float => $c[3] / $share, $combos );
	$devices = $writer( 'devices', 'day, browser, os, device, views', 'ssssd' );
	foreach ( $days as $d => $day ) {
		foreach ( $split( $hits[ $d ], $combo_p ) as $i => $n ) {
			if ( $n > 0 ) {
				$devices->add( $day, $combos[ $i ][0], $combos[ $i ][1], $combos[ $i ][2], $n );
			}
		}
	}
	$say( sprintf( 'devices: %d rows (%d combinations)', $devices->close(), count( $combos ) ) );

	// Events (~3% of hits): 6 custom events x 4 payloads, 60 outbound link targets, 25 downloads, Zipf each.
	$targets = array();
	foreach ( array( 'signup', 'newsletter', 'play_video', 'add_to_cart', 'share', 'contact' ) as $name ) {
		foreach ( array( 'header', 'footer', 'sidebar', 'inline' ) as $where ) {
			$targets[] = array( 'custom', $name, '{"position":"' . $where . '"}' );
		}
	}
	for ( $l = 0; $l < 60; $l++ ) {
		$host      = $hosts[ ( $l * 7 ) % count( $hosts ) ];
		$targets[] = array( 'click', $host, "https://{$host}/article-{$l}/" );
	}
	for ( $f = 0; $f < 25; $f++ ) {
		$targets[] = array( 'download', "brochure-{$f}.pdf", home_url( "/wp-content/uploads/brochure-{$f}.pdf" ) );
	}
	$event_p = $zipf( count( $targets ), 0.9 );
	$events  = $writer( 'events', 'day, kind, name, target_hash, target, count', 'sssssd' );
	$total   = 0;
	foreach ( $days as $d => $day ) {
		foreach ( $split( (int) round( $hits[ $d ] * 0.03 ), $event_p ) as $i => $n ) {
			if ( $n > 0 ) {
				$events->add( $day, $targets[ $i ][0], $targets[ $i ][1], md5( $targets[ $i ][2] ), $targets[ $i ][2], $n );
				$total += $n;
			}
		}
	}
	$say( sprintf( 'events: %d rows (%s events, %d targets)', $events->close(), number_format( $total ), count( $targets ) ) );

	// Online now: 40 visitors over the most visited pages, seen in the last four minutes.
	$online = $writer( 'online', 'visitor, last_seen, source_type, source_id, page_uri', 'sssds' );
	for ( $o = 0; $o < 40; $o++ ) {
		$c = $catalogue[ min( count( $catalogue ) - 1, (int) floor( ( mt_rand( 0, 1000 ) / 1000 ) ** 3 * 30 ) ) ];
		$online->add( '5eed' . bin2hex( random_bytes( 14 ) ), gmdate( 'Y-m-d H:i:s', time() - mt_rand( 0, 240 ) ), $c[0], $c[1], $c[2] );
	}
	$say( sprintf( 'online: %d rows', $online->close() ) );
	$transaction->exec( 'COMMIT', 'COMMIT' );
	$say( 'committed' );
	// The dashboard's rollups (days, months), as the collector would have kept them.
	\Tessera\Stats\Rollup::rebuild( $first, $last );
	$say( 'rollups rebuilt' );
	$say( sprintf( 'seeded the equivalent of %s hits over %d days (%s .. %s)', number_format( array_sum( $hits ) ), count( $days ), $first, $last ) );
} )( $tessera_seed_args ?? array_slice( $argv ?? array(), 4 ) );
