/**
 * Hand-written guards for everything the server hands to the page-speed
 * scripts: the `twb_check_score` and `twb_notif_check` answers, the
 * `window.tesseraSpeed` configuration and the `_tessera_speed` post meta.
 * Small on purpose: this code ships in the admin bar bundle (no zod).
 */

/**
 * Internal dependencies
 */
import { unreadableAnswerMessage } from './messages';
import type {
	CheckOutcome,
	DeviceMetrics,
	FieldData,
	NotifOutcome,
	SpeedConfig,
	SpeedReport,
} from './types';

type UnknownRecord = Record< string, unknown >;

const isRecord = ( value: unknown ): value is UnknownRecord =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const isNumber = ( value: unknown ): value is number =>
	typeof value === 'number' && Number.isFinite( value );

/**
 * Whether a value is a score: an integer from 0 to 100.
 *
 * @param value Anything.
 * @return True for 0, 1, …, 100.
 */
export const isScore = ( value: unknown ): value is number =>
	Number.isInteger( value ) &&
	( value as number ) >= 0 &&
	( value as number ) <= 100;

const isDuration = ( value: unknown ): value is number =>
	isNumber( value ) && value >= 0;

const optionalNumber = ( value: unknown ): number | null =>
	isDuration( value ) ? value : null;

const positiveInt = ( value: unknown, fallback: number ): number =>
	Number.isInteger( value ) && ( value as number ) > 0
		? ( value as number )
		: fallback;

const parseField = ( value: unknown ): FieldData | null =>
	isRecord( value )
		? {
				lcp: optionalNumber( value.lcp ),
				cls: optionalNumber( value.cls ),
				inp: optionalNumber( value.inp ),
				fcp: optionalNumber( value.fcp ),
				category:
					typeof value.category === 'string' ? value.category : null,
			}
		: null;

/**
 * Parses one `Device` object of the contract (`_tessera_speed.desktop`,
 * `metrics.mobile`, …). Score and TTI are required; the other figures are
 * optional and become null when absent or invalid.
 *
 * @param value Anything.
 * @return The metrics, or null when score or TTI is missing or invalid.
 */
export function parseDeviceMetrics( value: unknown ): DeviceMetrics | null {
	if (
		! isRecord( value ) ||
		! isScore( value.score ) ||
		! isDuration( value.tti )
	) {
		return null;
	}
	return {
		score: value.score,
		tti: value.tti,
		lcp: optionalNumber( value.lcp ),
		cls: optionalNumber( value.cls ),
		tbt: optionalNumber( value.tbt ),
		field: parseField( value.field ),
	};
}

/**
 * Parses the `_tessera_speed` post meta (`{ checked_at, desktop, mobile }`).
 *
 * @param value Anything (an empty meta value is `null`, `''`, `[]` or `{}`).
 * @return The report, or null when there is no valid stored result.
 */
export function parseStoredSpeed( value: unknown ): SpeedReport | null {
	if ( ! isRecord( value ) ) {
		return null;
	}
	const desktop = parseDeviceMetrics( value.desktop );
	const mobile = parseDeviceMetrics( value.mobile );
	if ( ! desktop || ! mobile ) {
		return null;
	}
	return {
		checkedAt:
			typeof value.checked_at === 'string' ? value.checked_at : null,
		desktop,
		mobile,
	};
}

/**
 * Parses a `twb_check_score` answer (already `JSON.parse`d).
 *
 * `{"error": string}` is a failure with that message; the four figures
 * `desktop_score`, `desktop_tti`, `mobile_score`, `mobile_tti` are required for
 * a success; `checked_at` and `metrics` are optional additions. Anything else
 * is a failure with a generic message.
 *
 * @param value Parsed JSON.
 * @return The outcome; never throws.
 */
export function parseCheckAnswer( value: unknown ): CheckOutcome {
	if ( ! isRecord( value ) ) {
		return { ok: false, message: unreadableAnswerMessage() };
	}
	if ( 'error' in value ) {
		return {
			ok: false,
			message:
				typeof value.error === 'string' && value.error.trim()
					? value.error
					: unreadableAnswerMessage(),
		};
	}
	const {
		desktop_score: desktopScore,
		desktop_tti: desktopTti,
		mobile_score: mobileScore,
		mobile_tti: mobileTti,
	} = value;
	if (
		! isScore( desktopScore ) ||
		! isScore( mobileScore ) ||
		! isDuration( desktopTti ) ||
		! isDuration( mobileTti )
	) {
		return { ok: false, message: unreadableAnswerMessage() };
	}
	const metrics = isRecord( value.metrics ) ? value.metrics : {};
	const desktop = parseDeviceMetrics( metrics.desktop );
	const mobile = parseDeviceMetrics( metrics.mobile );
	return {
		ok: true,
		result: {
			desktop_score: desktopScore,
			desktop_tti: desktopTti,
			mobile_score: mobileScore,
			mobile_tti: mobileTti,
			checked_at:
				typeof value.checked_at === 'string' ? value.checked_at : null,
			metrics: desktop && mobile ? { desktop, mobile } : null,
		},
	};
}

/**
 * Parses a `twb_notif_check` answer (already `JSON.parse`d):
 * `{ html: string, changeLogo: boolean }`. An `{"error": …}` answer or any
 * other shape is a failure.
 *
 * @param value Parsed JSON.
 * @return The outcome; never throws.
 */
export function parseNotifAnswer( value: unknown ): NotifOutcome {
	if (
		! isRecord( value ) ||
		'error' in value ||
		typeof value.html !== 'string'
	) {
		return { ok: false };
	}
	return {
		ok: true,
		html: value.html,
		changeLogo: value.changeLogo === true,
	};
}

/**
 * Parses `window.tesseraSpeed`. `ajaxUrl` and `nonce` are required
 * (non-empty strings); the other fields fall back to safe defaults when
 * absent or of the wrong type. `galleryLink` is kept only when it is an
 * http(s) URL.
 *
 * @param value The global's value.
 * @return The configuration, or null when it is missing or unusable.
 */
export function parseSpeedConfig( value: unknown ): SpeedConfig | null {
	if (
		! isRecord( value ) ||
		typeof value.ajaxUrl !== 'string' ||
		! value.ajaxUrl ||
		typeof value.nonce !== 'string' ||
		! value.nonce
	) {
		return null;
	}
	const inProgress = value.inProgress === true;
	return {
		ajaxUrl: value.ajaxUrl,
		nonce: value.nonce,
		inProgress,
		inProgressPostId: inProgress
			? positiveInt( value.inProgressPostId, 0 )
			: 0,
		pollInterval: positiveInt( value.pollInterval, 30000 ),
		postId: positiveInt( value.postId, 0 ),
		galleryLink:
			typeof value.galleryLink === 'string' &&
			/^https?:\/\//i.test( value.galleryLink )
				? value.galleryLink
				: '',
	};
}
