/**
 * Attributes of the view-counter block `tessera/view-counter` (block.json).
 */

/** Which views are counted. */
export type ViewCounterPeriod = 'all' | 'days';

/** The block's own attributes (the supports add their own: style, colours …). */
export interface ViewCounterAttributes extends Record< string, unknown > {
	/** All-time views, or the views of the last `days` days. */
	period: ViewCounterPeriod;
	/** Length of the window when `period` is `days`, 1..365. */
	days: number;
	/** Text after the number ('' = "view" / "views"). */
	label: string;
	/** Whether the eye icon is shown before the number. */
	showIcon: boolean;
}

/** Longest window of the "last N days" period (block.json `days.maximum`). */
export const MAX_DAYS = 365;

/**
 * Whether a value is one of the periods.
 *
 * @param value Value from the select control.
 * @return Whether it is a period.
 */
export function isPeriod( value: string ): value is ViewCounterPeriod {
	return value === 'all' || value === 'days';
}
