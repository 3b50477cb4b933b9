/**
 * Reading and saving the settings over REST (`tessera/v1/consent/settings`, docs/consent.md). apiFetch
 * sends the `wp_rest` nonce that core sets up in the admin.
 */

/**
 * WordPress dependencies
 */
// The WordPress handle `wp-api-fetch` (external, from core); its types come with @wordpress/scripts' tree.
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { parseSaveError, parseSettings, type SaveError } from './guard';
import { toPayload } from './state';
import type { ConsentSettings, SettingsDraft } from './types';

/** The route, below the REST root. */
export const SETTINGS_PATH = '/tessera/v1/consent/settings';

/** The outcome of a request: the settings, or the error to show. */
export type Outcome =
	{ ok: true; settings: ConsentSettings } | { ok: false; error: SaveError };

const unreadable = (): Outcome => ( {
	ok: false,
	error: {
		message: __(
			'The server answered with settings that could not be read. Reload the page and try again.',
			'tessera'
		),
		field: '',
	},
} );

/**
 * An answer as an outcome.
 *
 * @param body The parsed body.
 * @return The outcome.
 */
function settingsOutcome( body: unknown ): Outcome {
	const settings = parseSettings( body );
	return settings ? { ok: true, settings } : unreadable();
}

/**
 * A rejection of apiFetch (the REST error body, or a network error) as an outcome.
 *
 * @param error What apiFetch rejected with.
 * @return The outcome.
 */
function errorOutcome( error: unknown ): Outcome {
	return {
		ok: false,
		error: parseSaveError( error ) ?? {
			message: __(
				'The server could not be reached. Check your connection and try again.',
				'tessera'
			),
			field: '',
		},
	};
}

/**
 * GET the current settings.
 *
 * @return The outcome.
 */
export async function loadSettings(): Promise< Outcome > {
	try {
		return settingsOutcome( await apiFetch( { path: SETTINGS_PATH } ) );
	} catch ( error ) {
		return errorOutcome( error );
	}
}

/**
 * POST the whole draft.
 *
 * @param draft The draft.
 * @return The outcome: the stored settings, or the server's error.
 */
export async function saveSettings( draft: SettingsDraft ): Promise< Outcome > {
	try {
		return settingsOutcome(
			await apiFetch( {
				path: SETTINGS_PATH,
				method: 'POST',
				data: toPayload( draft ),
			} )
		);
	} catch ( error ) {
		return errorOutcome( error );
	}
}
