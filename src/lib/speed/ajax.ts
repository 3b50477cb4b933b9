/**
 * The two admin-ajax calls of the page-speed check (spec §7). Neither
 * function ever rejects: every failure becomes an outcome with `ok: false`.
 */

/**
 * Internal dependencies
 */
import { readSpeedConfig } from './config';
import { parseCheckAnswer, parseNotifAnswer } from './guards';
import { missingConfigMessage, transportFailureMessage } from './messages';
import type { CheckOutcome, NotifOutcome, SpeedConfig } from './types';

/** Action of the score check (spec). */
export const CHECK_ACTION = 'twb_check_score';
/** Action of the notification check (spec). */
export const NOTIF_ACTION = 'twb_notif_check';

/**
 * POSTs form fields to admin-ajax and returns the answer's body.
 *
 * @param config The page configuration (ajaxUrl).
 * @param fields The form fields.
 * @return Status and body text.
 */
async function post(
	config: SpeedConfig,
	fields: Record< string, string >
): Promise< { ok: boolean; text: string } > {
	const response = await window.fetch( config.ajaxUrl, {
		method: 'POST',
		credentials: 'same-origin',
		body: new URLSearchParams( fields ),
	} );
	return { ok: response.ok, text: await response.text() };
}

const parseJson = ( text: string ): unknown => {
	try {
		return JSON.parse( text );
	} catch {
		return undefined;
	}
};

/**
 * Checks the speed of a post: POST `action=twb_check_score`, `post_id`,
 * `twb_nonce` to `config.ajaxUrl`. The server answers with an error body
 * (`{"error": …}`) also on 400/403/409, so the body is read whatever the status.
 *
 * @param postId The post to check.
 * @param config The page configuration (default: `window.tesseraSpeed`).
 * @return The result, or the message to show on failure.
 */
export async function checkScore(
	postId: number,
	config: SpeedConfig | null = readSpeedConfig()
): Promise< CheckOutcome > {
	if ( ! config ) {
		return { ok: false, message: missingConfigMessage() };
	}
	try {
		const { text } = await post( config, {
			action: CHECK_ACTION,
			post_id: String( postId ),
			twb_nonce: config.nonce,
		} );
		return parseCheckAnswer( parseJson( text ) );
	} catch {
		return { ok: false, message: transportFailureMessage() };
	}
}

/**
 * Asks whether the running check has ended: POST `action=twb_notif_check`,
 * `twb_nonce`; the answer is read as text and `JSON.parse`d.
 *
 * @param config The page configuration (default: `window.tesseraSpeed`).
 * @return `{ ok: true, html, changeLogo }`, or `{ ok: false }` on any failure.
 */
export async function notifCheck(
	config: SpeedConfig | null = readSpeedConfig()
): Promise< NotifOutcome > {
	if ( ! config ) {
		return { ok: false };
	}
	try {
		const { ok, text } = await post( config, {
			action: NOTIF_ACTION,
			twb_nonce: config.nonce,
		} );
		return ok ? parseNotifAnswer( parseJson( text ) ) : { ok: false };
	} catch {
		return { ok: false };
	}
}
