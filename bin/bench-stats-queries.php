<?php
/**
 * Times every public query of Tessera\Stats\Report over the last 7, 30 and 365 days (issue 4: "dashboard queries
 * over 1,000,000 synthetic hits under 200 ms each on both databases"). Seed first (bin/seed-stats.php).
 *
 *   bin/site php <env> 'require $argv[3];' bin/bench-stats-queries.php [--runs=5] [--limit-ms=200] [--json=FILE] [--quick]
 *
 * Each figure is the best and the median of --runs runs (one warm-up run first, not counted). Prints a table and
 * exits 1 when a median is over --limit-ms, or when a public method of Report is not measured here (so that a new
 * query cannot escape the budget); with --quick it exits 0 and only prints them.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

( static function ( array $args ): void {
	global $wpdb;
	if ( ! class_exists( \Tessera\Stats\Report::class ) ) {
		fwrite( STDERR, "bench-stats-queries: Tessera\\Stats\\Report does not exist (is the plugin active and up to date?)\n" );
		exit( 1 );
	}
	$opt = array(
		'runs'     => 5,
		'limit-ms' => 200,
		'json'     => '',
		'quick'    => false,
	);
	foreach ( $args as $arg ) {
		if ( 1 === preg_match( '/^--(runs|limit-ms)=(\d{1,6})$/', (string) $arg, $m ) ) {
			$opt[ $m[1] ] = max( 1, (int) $m[2] );
		} elseif ( 1 === preg_match( '/^--json=(.+)$/', (string) $arg, $m ) ) {
			$opt['json'] = $m[1];
		} elseif ( '--quick' === $arg ) {
			$opt['quick'] = true;
		}
	}

	// Every public method of Report and how to call it; [ label, callable( Report ) ].
	$queries = array(
		array( 'totals()', static fn ( $r ) => $r->totals() ),
		array( 'daily()', static fn ( $r ) => $r->daily() ),
		array( 'top_pages(10)', static fn ( $r ) => $r->top_pages( 10 ) ),
		array( 'top_pages(50, 100)', static fn ( $r ) => $r->top_pages( 50, 100 ) ),
		array( 'referrers(10)', static fn ( $r ) => $r->referrers( 10 ) ),
		array( 'devices(browser)', static fn ( $r ) => $r->devices( 'browser' ) ),
		array( 'devices(os)', static fn ( $r ) => $r->devices( 'os' ) ),
		array( 'devices(device)', static fn ( $r ) => $r->devices( 'device' ) ),
		array( 'events(custom)', static fn ( $r ) => $r->events( 'custom' ) ),
		array( 'events(click)', static fn ( $r ) => $r->events( 'click' ) ),
		array( 'events(download)', static fn ( $r ) => $r->events( 'download' ) ),
		array( 'online(10)', static fn ( $r ) => \Tessera\Stats\Report::online( 10 ) ),
	);
	// Accessors and helpers that run no query.
	$no_query = array( '__construct', 'from', 'to', 'days', 'parts' );
	$measured = array_map( static fn ( array $q ): string => (string) strtok( $q[0], '(' ), $queries );
	$missing  = array();
	foreach ( ( new ReflectionClass( \Tessera\Stats\Report::class ) )->getMethods( ReflectionMethod::IS_PUBLIC ) as $method ) {
		if ( ! in_array( $method->getName(), $measured, true ) && ! in_array( $method->getName(), $no_query, true ) ) {
			$missing[] = $method->getName();
		}
	}

	$today  = new DateTimeImmutable( wp_date( 'Y-m-d' ) );
	$ranges = array(
		'7 days'   => 7,
		'30 days'  => 30,
		'365 days' => 365,
	);
	$engine = defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE ? 'SQLite ' . ( class_exists( 'SQLite3' ) ? SQLite3::version()['versionString'] : '' ) : 'MariaDB/MySQL ' . $wpdb->db_server_info();
	$views  = ( new \Tessera\Stats\Report( $today->modify( '-364 days' )->format( 'Y-m-d' ), $today->format( 'Y-m-d' ) ) )->totals();
	printf( "Report queries on %s, %s views / %s visitors in the last 365 days; best / median of %d runs, ms\n\n", esc_html( $engine ), esc_html( number_format( $views['views'] ) ), esc_html( number_format( $views['visitors'] ) ), (int) $opt['runs'] );
	printf( "%-20s %17s %17s %17s\n", 'query', ...array_keys( $ranges ) );

	$results = array();
	$slow    = array();
	foreach ( $queries as $query ) {
		list( $label, $call ) = $query;
		$cells                = array();
		foreach ( $ranges as $range => $length ) {
			$report = new \Tessera\Stats\Report( $today->modify( '-' . ( $length - 1 ) . ' days' )->format( 'Y-m-d' ), $today->format( 'Y-m-d' ) );
			$call( $report );
			$times = array();
			for ( $i = 0; $i < $opt['runs']; $i++ ) {
				$t0      = hrtime( true );
				$call( $report );
				$times[] = ( hrtime( true ) - $t0 ) / 1e6;
			}
			sort( $times );
			$best   = $times[0];
			$median = $times[ intdiv( count( $times ), 2 ) ];
			$over   = $median > $opt['limit-ms'];
			if ( $over ) {
				$slow[] = "{$label} over {$range}: " . round( $median, 1 ) . ' ms';
			}
			$results[] = array(
				'query'    => $label,
				'range'    => $range,
				'bestMs'   => round( $best, 2 ),
				'medianMs' => round( $median, 2 ),
			);
			$cells[]   = sprintf( '%7.1f / %7.1f%s', $best, $median, $over ? '!' : ' ' );
		}
		printf( "%-20s %s\n", esc_html( $label ), esc_html( implode( ' ', $cells ) ) );
	}
	// The checks as bin/lib/bench.mjs records them (bin/lib/bench-summary.mjs prints them); a --quick run gates none
	// (no regression floor here: the limit is far above the figures, printed as met or missed).
	$slowest = array_reduce( $results, static fn ( $a, $r ) => null === $a || $r['medianMs'] > $a['medianMs'] ? $r : $a );
	$checks  = array(
		array(
			'name'   => 'Report queries over 365 days of hits: the slowest median',
			'bar'    => "< {$opt['limit-ms']} ms each",
			'figure' => null === $slowest ? 'none measured' : "{$slowest['medianMs']} ms ({$slowest['query']}, {$slowest['range']})",
			'met'    => array() === $slow && null !== $slowest,
			'gated'  => ! $opt['quick'],
		),
		array(
			'name'   => 'public methods of Report not measured',
			'bar'    => 'none',
			'figure' => (string) count( $missing ),
			'met'    => array() === $missing,
			'gated'  => ! $opt['quick'],
		),
	);
	if ( '' !== $opt['json'] ) {
		file_put_contents( // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a developer's command line.
			$opt['json'],
			(string) wp_json_encode(
				array(
					'engine'  => $engine,
					'limitMs' => $opt['limit-ms'],
					'runs'    => $opt['runs'],
					'results' => $results,
					'checks'  => $checks,
				),
				JSON_PRETTY_PRINT
			)
		);
	}
	echo "\n";
	foreach ( $missing as $name ) {
		echo esc_html( "NOT MEASURED: Report::{$name}() is public and not in this benchmark\n" );
	}
	foreach ( $slow as $line ) {
		echo esc_html( "OVER {$opt['limit-ms']} ms: {$line}\n" );
	}
	if ( array() === $slow && array() === $missing ) {
		echo esc_html( "every query under {$opt['limit-ms']} ms (median)\n" );
		return;
	}
	if ( ! $opt['quick'] ) {
		exit( 1 );
	}
} )( array_slice( $argv ?? array(), 4 ) );
