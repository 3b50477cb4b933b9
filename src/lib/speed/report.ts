/**
 * Internal dependencies
 */
import type { DeviceMetrics, ScoreResult, SpeedReport } from './types';

const bare = ( score: number, tti: number ): DeviceMetrics => ( {
	score,
	tti,
	lcp: null,
	cls: null,
	tbt: null,
	field: null,
} );

/**
 * Turns a successful `twb_check_score` answer into what the client shows.
 * The four spec figures always win; `metrics` fill in the rest when present.
 *
 * @param result The parsed answer.
 * @param now    Fallback check time when the answer has no `checked_at`.
 * @return The report.
 */
export function reportFromResult(
	result: ScoreResult,
	now: () => Date = () => new Date()
): SpeedReport {
	return {
		checkedAt: result.checked_at ?? now().toISOString(),
		desktop: {
			...( result.metrics?.desktop ?? bare( 0, 0 ) ),
			score: result.desktop_score,
			tti: result.desktop_tti,
		},
		mobile: {
			...( result.metrics?.mobile ?? bare( 0, 0 ) ),
			score: result.mobile_score,
			tti: result.mobile_tti,
		},
	};
}
