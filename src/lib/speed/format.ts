/**
 * Formatting of the figures shown next to the score circles. Shared by the
 * list column, the admin bar and the editor sidebar. Metric names (LCP, CLS,
 * TBT, INP, FCP) and SI units are not translated.
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type {
	DeviceMetrics,
	FieldData,
	SpeedDevice,
	SpeedReport,
} from './types';

/** Shown for a figure that was not measured. */
export const NOT_MEASURED = '—';

/**
 * Seconds with one decimal and the unit: "1.2 s".
 *
 * @param seconds Seconds, or null.
 * @return The text, or an em dash for null.
 */
export const formatSeconds = ( seconds: number | null ): string =>
	seconds === null ? NOT_MEASURED : seconds.toFixed( 1 ) + ' s';

/**
 * Milliseconds as a whole number with the unit: "120 ms".
 *
 * @param ms Milliseconds, or null.
 * @return The text, or an em dash for null.
 */
export const formatMs = ( ms: number | null ): string =>
	ms === null ? NOT_MEASURED : Math.round( ms ) + ' ms';

/**
 * A layout shift with two decimals: "0.05".
 *
 * @param cls The cumulative layout shift, or null.
 * @return The text, or an em dash for null.
 */
export const formatCls = ( cls: number | null ): string =>
	cls === null ? NOT_MEASURED : cls.toFixed( 2 );

/**
 * The device's name for people.
 *
 * @param device The device.
 * @return "Desktop" or "Mobile", translated.
 */
export const deviceName = ( device: SpeedDevice ): string =>
	device === 'desktop'
		? __( 'Desktop', 'tessera' )
		: __( 'Mobile', 'tessera' );

/**
 * "Load time 1.2 s" (the time to interactive; the server's string).
 *
 * @param tti Seconds.
 * @return The text.
 */
export const formatLoadTime = ( tti: number ): string =>
	sprintf(
		/* translators: %s: load time (time to interactive) in seconds, e.g. 1.2. */
		__( 'Load time %s s', 'tessera' ),
		tti.toFixed( 1 )
	);

/**
 * What a screen reader says after a successful check: "Desktop 92, mobile 45".
 *
 * @param report The result.
 * @return The text.
 */
export const formatScores = ( report: SpeedReport ): string =>
	sprintf(
		/* translators: 1: desktop score, 2: mobile score */
		__( 'Desktop %1$d, mobile %2$d', 'tessera' ),
		report.desktop.score,
		report.mobile.score
	);

/**
 * What a screen reader says after a failed check.
 *
 * @param message The reason.
 * @return "Check failed: <reason>".
 */
export const formatFailure = ( message: string ): string =>
	sprintf(
		/* translators: %s: the reason the speed check failed */
		__( 'Check failed: %s', 'tessera' ),
		message
	);

/**
 * The date of a check for people, in the browser's locale.
 *
 * @param iso ISO 8601 date, or null.
 * @return "Checked Nov 22, 2026, 8:00 PM", or '' when unknown or invalid.
 */
export function formatChecked( iso: string | null ): string {
	const date = new Date( iso ?? NaN );
	return isNaN( date.getTime() )
		? ''
		: sprintf(
				/* translators: %s: date and time of the check */
				__( 'Checked %s', 'tessera' ),
				date.toLocaleString( undefined, {
					dateStyle: 'medium',
					timeStyle: 'short',
				} )
			);
}

/** One row of a metrics table: the metric and the desktop and mobile values. */
export type MetricRow = [ label: string, desktop: string, mobile: string ];

/** A metrics table: its caption and rows. */
export interface MetricTable {
	caption: string;
	rows: MetricRow[];
}

type Reader< T > = ( figures: T ) => string;

/**
 * The tables of the details container, as the server renders them: lab data
 * (LCP, CLS, TBT) and, when either device has some, the field data of real
 * users (LCP, CLS, INP, FCP, overall category).
 *
 * @param report The report to show.
 * @return One or two tables.
 */
export function metricTables( report: SpeedReport ): MetricTable[] {
	const rows = < T >(
		figures: ( device: DeviceMetrics ) => T | null,
		readers: Array< [ string, Reader< T > ] >
	): MetricRow[] =>
		readers.map( ( [ label, read ] ) => {
			const value = ( device: DeviceMetrics ): string => {
				const own = figures( device );
				return own === null ? NOT_MEASURED : read( own );
			};
			return [ label, value( report.desktop ), value( report.mobile ) ];
		} );
	const tables: MetricTable[] = [
		{
			caption: __( 'Lab data', 'tessera' ),
			rows: rows< DeviceMetrics >(
				( device ) => device,
				[
					[ 'LCP', ( d ) => formatSeconds( d.lcp ) ],
					[ 'CLS', ( d ) => formatCls( d.cls ) ],
					[ 'TBT', ( d ) => formatMs( d.tbt ) ],
				]
			),
		},
	];
	if ( report.desktop.field || report.mobile.field ) {
		tables.push( {
			caption: __( 'Real users (field data)', 'tessera' ),
			rows: rows< FieldData >(
				( device ) => device.field,
				[
					[ 'LCP', ( f ) => formatSeconds( f.lcp ) ],
					[ 'CLS', ( f ) => formatCls( f.cls ) ],
					[ 'INP', ( f ) => formatMs( f.inp ) ],
					[ 'FCP', ( f ) => formatSeconds( f.fcp ) ],
					[
						__( 'Overall', 'tessera' ),
						( f ) =>
							f.category
								? f.category.charAt( 0 ) +
									f.category.slice( 1 ).toLowerCase()
								: NOT_MEASURED,
					],
				]
			),
		} );
	}
	return tables;
}
