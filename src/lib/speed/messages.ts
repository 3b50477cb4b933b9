/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Message shown when the server's answer cannot be read (not JSON, `0` from
 * admin-ajax, missing or invalid fields).
 *
 * @return Translated message.
 */
export const unreadableAnswerMessage = (): string =>
	__(
		'The speed check returned an answer that could not be read.',
		'tessera'
	);

/**
 * Message shown when the request did not reach the server or no answer came back.
 *
 * @return Translated message.
 */
export const transportFailureMessage = (): string =>
	__(
		'The speed check could not reach the site. Check your connection and try again.',
		'tessera'
	);

/**
 * Message shown when the page has no usable `window.tesseraSpeed`.
 *
 * @return Translated message.
 */
export const missingConfigMessage = (): string =>
	__( 'The speed check is not available on this page.', 'tessera' );
