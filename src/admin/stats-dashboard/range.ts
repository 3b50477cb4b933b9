/**
 * Periods of days (`Y-m-d`, site-local, both ends included): the presets of the range picker, a custom period's
 * validation, and the days of a period. Pure calendar arithmetic on dates (UTC midnights), no time zones.
 */

/** The presets of the range picker. */
export const PRESETS = [ '7d', '30d', '90d', '12m' ] as const;

/** A preset, or a custom period. */
export type RangeChoice = ( typeof PRESETS )[ number ] | 'custom';

/** A period: first and last day, both included. */
export interface Range {
	from: string;
	to: string;
}

/** Why a custom period is refused, and which end is at fault. */
export interface RangeProblem {
	field: 'from' | 'to';
	reason: 'invalid' | 'reversed' | 'tooLong';
}

const DAY_MS = 86400000;

/**
 * The UTC midnight of a real `Y-m-d` date (no overflow such as 2026-02-30), or null.
 *
 * @param day The date.
 * @return Milliseconds since the epoch, or null.
 */
export function parseDay( day: string ): number | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec( day );
	if ( ! match ) {
		return null;
	}
	const year = Number( match[ 1 ] );
	const month = Number( match[ 2 ] );
	const date = Number( match[ 3 ] );
	const time = Date.UTC( year, month - 1, date );
	const check = new Date( time );
	if (
		check.getUTCFullYear() !== year ||
		check.getUTCMonth() !== month - 1 ||
		check.getUTCDate() !== date
	) {
		return null;
	}
	return time;
}

/**
 * A UTC midnight as `Y-m-d`.
 *
 * @param time Milliseconds since the epoch.
 * @return The date.
 */
export function formatDayKey( time: number ): string {
	return new Date( time ).toISOString().slice( 0, 10 );
}

/**
 * A date moved by a number of days.
 *
 * @param day  `Y-m-d`.
 * @param days Days to add (negative: earlier).
 * @return `Y-m-d`.
 */
export function addDays( day: string, days: number ): string {
	const time = parseDay( day );
	if ( time === null ) {
		throw new RangeError( `Not a date: ${ day }` );
	}
	return formatDayKey( time + days * DAY_MS );
}

/**
 * The number of days of a period, both ends included (0 when invalid or reversed).
 *
 * @param range The period.
 * @return Days.
 */
export function dayCount( range: Range ): number {
	const from = parseDay( range.from );
	const to = parseDay( range.to );
	if ( from === null || to === null || to < from ) {
		return 0;
	}
	return Math.round( ( to - from ) / DAY_MS ) + 1;
}

/**
 * The period of a preset that ends today: the last 7, 30 or 90 days, or the last 12 months (from the day after
 * the same date a year earlier; 29 February a year earlier is taken as 28 February).
 *
 * @param preset A preset.
 * @param today  Today, `Y-m-d` (site-local).
 * @return The period.
 */
export function presetRange(
	preset: ( typeof PRESETS )[ number ],
	today: string
): Range {
	switch ( preset ) {
		case '7d':
			return { from: addDays( today, -6 ), to: today };
		case '30d':
			return { from: addDays( today, -29 ), to: today };
		case '90d':
			return { from: addDays( today, -89 ), to: today };
		case '12m': {
			const year = Number( today.slice( 0, 4 ) ) - 1;
			const rest = today.slice( 4 );
			const sameDay =
				parseDay( `${ year }${ rest }` ) === null
					? `${ year }-02-28`
					: `${ year }${ rest }`;
			return { from: addDays( sameDay, 1 ), to: today };
		}
	}
}

/**
 * Checks a custom period: both real dates, the first not after the last, at most `maxDays` days.
 *
 * @param range   The period as typed.
 * @param maxDays The longest period.
 * @return The problem, or null when it is fine.
 */
export function rangeProblem(
	range: Range,
	maxDays: number
): RangeProblem | null {
	if ( parseDay( range.from ) === null ) {
		return { field: 'from', reason: 'invalid' };
	}
	if ( parseDay( range.to ) === null ) {
		return { field: 'to', reason: 'invalid' };
	}
	const days = dayCount( range );
	if ( days === 0 ) {
		return { field: 'to', reason: 'reversed' };
	}
	if ( days > maxDays ) {
		return { field: 'from', reason: 'tooLong' };
	}
	return null;
}

/**
 * Every day of a period, in order.
 *
 * @param range The period.
 * @return `Y-m-d` dates.
 */
export function daysOf( range: Range ): string[] {
	const from = parseDay( range.from );
	if ( from === null ) {
		return [];
	}
	const count = dayCount( range );
	const out: string[] = [];
	for ( let index = 0; index < count; index++ ) {
		out.push( formatDayKey( from + index * DAY_MS ) );
	}
	return out;
}

/**
 * The range picker's choice for a period: the preset that gives exactly this period today, else custom.
 *
 * @param range The period.
 * @param today Today, `Y-m-d`.
 * @return The choice.
 */
export function choiceOf( range: Range, today: string ): RangeChoice {
	for ( const preset of PRESETS ) {
		const candidate = presetRange( preset, today );
		if ( candidate.from === range.from && candidate.to === range.to ) {
			return preset;
		}
	}
	return 'custom';
}
