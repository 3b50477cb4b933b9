/**
 * Formatting for the dashboard: numbers and dates in the admin's language, shares, the chart's series and the
 * CSV export links. Pure functions (the locale is a parameter).
 */

/**
 * Internal dependencies
 */
import { parseDay, type Range } from './range';
import type { DailyRow } from './types';

/** The lists the CSV export knows (`table` of `tessera/v1/stats/export`). */
export type ExportTable = 'pages' | 'referrers' | 'devices' | 'events';

/**
 * A BCP 47 language tag from a WordPress locale or `<html lang>` (`de_DE` → `de-DE`); undefined when unusable.
 *
 * @param locale The locale.
 * @return The tag, or undefined (the browser's default).
 */
export function languageTag(
	locale: string | null | undefined
): string | undefined {
	if ( ! locale ) {
		return undefined;
	}
	const tag = locale.replace( /_/g, '-' );
	try {
		return Intl.getCanonicalLocales( tag )[ 0 ];
	} catch {
		return undefined;
	}
}

/**
 * A whole number with the language's grouping (12,345 / 12.345).
 *
 * @param value  The number.
 * @param locale Language tag.
 * @return The text.
 */
export function formatNumber( value: number, locale?: string ): string {
	return new Intl.NumberFormat( locale, { maximumFractionDigits: 0 } ).format(
		value
	);
}

/**
 * A number in compact form for the chart's axis (1.2K, 3M).
 *
 * @param value  The number.
 * @param locale Language tag.
 * @return The text.
 */
export function formatCompact( value: number, locale?: string ): string {
	return new Intl.NumberFormat( locale, {
		notation: 'compact',
		maximumFractionDigits: 1,
	} ).format( value );
}

/**
 * The share of a part in a whole, as a percentage with at most one decimal ('' when the whole is 0).
 *
 * @param part   The part.
 * @param total  The whole.
 * @param locale Language tag.
 * @return The text, e.g. "42.5%".
 */
export function formatShare(
	part: number,
	total: number,
	locale?: string
): string {
	if ( total <= 0 ) {
		return '';
	}
	return new Intl.NumberFormat( locale, {
		style: 'percent',
		maximumFractionDigits: 1,
	} ).format( part / total );
}

/**
 * A `Y-m-d` day in the language's medium date style (Nov 23, 2026); the input itself when it is not a date.
 *
 * @param day    The day.
 * @param locale Language tag.
 * @param style  `medium` (with the year) or `short` (day and month).
 * @return The text.
 */
export function formatDay(
	day: string,
	locale?: string,
	style: 'medium' | 'short' = 'medium'
): string {
	const time = parseDay( day );
	if ( time === null ) {
		return day;
	}
	const options: Intl.DateTimeFormatOptions =
		style === 'medium'
			? { dateStyle: 'medium', timeZone: 'UTC' }
			: { month: 'short', day: 'numeric', timeZone: 'UTC' };
	return new Intl.DateTimeFormat( locale, options ).format(
		new Date( time )
	);
}

/**
 * The chart's data: x = each day's UTC midnight in seconds, then visitors, then views.
 *
 * @param daily The days.
 * @return uPlot's aligned data.
 */
export function chartData(
	daily: DailyRow[]
): [ number[], number[], number[] ] {
	const xs: number[] = [];
	const visitors: number[] = [];
	const views: number[] = [];
	for ( const row of daily ) {
		const time = parseDay( row.day );
		if ( time === null ) {
			continue;
		}
		xs.push( time / 1000 );
		visitors.push( row.visitors );
		views.push( row.views );
	}
	return [ xs, visitors, views ];
}

/**
 * The link of a CSV export: the REST route with the period, the list and the REST nonce (cookie auth).
 *
 * @param exportUrl The route's URL (may already have a query, e.g. `?rest_route=`).
 * @param range     The period.
 * @param table     The list.
 * @param nonce     The `wp_rest` nonce.
 * @return The URL.
 */
export function exportLink(
	exportUrl: string,
	range: Range,
	table: ExportTable,
	nonce: string
): string {
	const url = new URL( exportUrl );
	url.searchParams.set( 'from', range.from );
	url.searchParams.set( 'to', range.to );
	url.searchParams.set( 'table', table );
	url.searchParams.set( '_wpnonce', nonce );
	return url.href;
}

/**
 * Splits what was typed into a list field: one entry per line or comma, trimmed, empty entries dropped.
 *
 * @param text What was typed.
 * @return The entries.
 */
export function splitList( text: string ): string[] {
	return text
		.split( /[\n,]+/ )
		.map( ( item ) => item.trim() )
		.filter( ( item ) => item !== '' );
}

/**
 * A whole number typed in a field as a number; what was typed otherwise (the server names the problem).
 *
 * @param text What was typed.
 * @return The number, or the text.
 */
export function typedNumber( text: string ): number | string {
	const trimmed = text.trim();
	return /^\d{1,9}$/.test( trimmed ) ? Number( trimmed ) : trimmed;
}

/**
 * Adds up the counts of two slices.
 *
 * @param total The counts so far.
 * @param step  One slice's counts.
 * @return The sum.
 */
export function addCounts(
	total: Record< string, number >,
	step: Record< string, number >
): Record< string, number > {
	const out = { ...total };
	for ( const [ key, value ] of Object.entries( step ) ) {
		out[ key ] = ( out[ key ] ?? 0 ) + value;
	}
	return out;
}
