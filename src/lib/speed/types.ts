/**
 * Types of the page-speed check, as the client sees them after parsing.
 * Wire names (snake_case) are the spec's and are kept as they are.
 */

/** The two PageSpeed Insights strategies. */
export type SpeedDevice = 'desktop' | 'mobile';

/** The state of one list-column cell (`data-state`). */
export type CellState = 'not-optimized' | 'checking' | 'optimized' | 'failed';

/** `window.tesseraSpeed`, the page configuration printed by PHP. */
export interface SpeedConfig {
	/** `admin_url( 'admin-ajax.php' )`. */
	ajaxUrl: string;
	/** `wp_create_nonce( 'twb_speed' )`, sent as `twb_nonce`. */
	nonce: string;
	/** True when a check was running when the page was rendered. */
	inProgress: boolean;
	/** The post being checked when `inProgress`, else 0. */
	inProgressPostId: number;
	/** Notification poll interval in ms (spec: 30000). */
	pollInterval: number;
	/** The current post (singular front-end view / editor), else 0. */
	postId: number;
	/** Settings link opened by the admin bar header on gallery pages (http/https only, else ''). */
	galleryLink: string;
}

/** Field data (CrUX) of one device, as stored by the server. */
export interface FieldData {
	/** Largest contentful paint, seconds. */
	lcp: number | null;
	/** Cumulative layout shift. */
	cls: number | null;
	/** Interaction to next paint, ms. */
	inp: number | null;
	/** First contentful paint, seconds. */
	fcp: number | null;
	/** `loadingExperience.overall_category` (FAST, AVERAGE, SLOW). */
	category: string | null;
}

/** The measurements of one device (`Device` in the contract). */
export interface DeviceMetrics {
	/** Performance score 0–100. */
	score: number;
	/** Time to interactive, seconds. */
	tti: number;
	/** Largest contentful paint, seconds. */
	lcp: number | null;
	/** Cumulative layout shift. */
	cls: number | null;
	/** Total blocking time, ms. */
	tbt: number | null;
	/** Field data, null when PageSpeed Insights has none. */
	field: FieldData | null;
}

/** A successful `twb_check_score` answer. */
export interface ScoreResult {
	desktop_score: number;
	desktop_tti: number;
	mobile_score: number;
	mobile_tti: number;
	/** ISO 8601, an addition to the spec's answer; null when absent. */
	checked_at: string | null;
	/** Full measurements, an addition to the spec's answer; null when absent or unreadable. */
	metrics: { desktop: DeviceMetrics; mobile: DeviceMetrics } | null;
}

/** The outcome of a score check: the result, or the message to show. */
export type CheckOutcome =
	{ ok: true; result: ScoreResult } | { ok: false; message: string };

/** The outcome of a notification check. */
export type NotifOutcome =
	{ ok: true; html: string; changeLogo: boolean } | { ok: false };

/** What the client shows for a checked post: from post meta or from a fresh answer. */
export interface SpeedReport {
	/** ISO 8601, null when unknown. */
	checkedAt: string | null;
	desktop: DeviceMetrics;
	mobile: DeviceMetrics;
}

/** The page-wide in-progress state shared by every bundle on the page. */
export interface ProgressState {
	inProgress: boolean;
	/** The post being checked, or whose check ended last; 0 when unknown. */
	postId: number;
}
