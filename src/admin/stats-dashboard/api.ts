/**
 * The dashboard's requests over REST (`tessera/v1/stats/*`). apiFetch sends the `wp_rest` nonce that core sets
 * up in the admin; every answer is checked by a guard before use.
 */

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	parseImportStatus,
	parseImportStep,
	parseReport,
	parseRequestError,
	parseSettings,
} from './guard';
import type { Range } from './range';
import type { SettingsPayload } from './settings-draft';
import type {
	ImportStatus,
	ImportStep,
	RequestError,
	StatsReport,
	StatsSettings,
} from './types';

/** Routes below the REST root. */
export const REPORT_PATH = '/tessera/v1/stats/report';
export const SETTINGS_PATH = '/tessera/v1/stats/settings';
export const IMPORT_PATH = '/tessera/v1/stats/import';

/** The outcome of a request: the value, or the error to show. */
export type Outcome< T > =
	{ ok: true; value: T } | { ok: false; error: RequestError };

const unreadable = < T >(): Outcome< T > => ( {
	ok: false,
	error: {
		message: __(
			'The server answered with data that could not be read. Reload the page and try again.',
			'tessera'
		),
		field: '',
		code: 'unreadable',
		status: 0,
	},
} );

/**
 * A rejection of apiFetch (the REST error body, or a network error) as an outcome.
 *
 * @param error What apiFetch rejected with.
 * @return The outcome.
 */
function failure< T >( error: unknown ): Outcome< T > {
	return {
		ok: false,
		error: parseRequestError( error ) ?? {
			message: __(
				'The server could not be reached. Check your connection and try again.',
				'tessera'
			),
			field: '',
			code: 'network',
			status: 0,
		},
	};
}

/**
 * A request whose answer goes through a guard.
 *
 * @param options apiFetch options.
 * @param parse   The guard.
 * @return The outcome.
 */
async function request< T >(
	options: Parameters< typeof apiFetch >[ 0 ],
	parse: ( body: unknown ) => T | null
): Promise< Outcome< T > > {
	try {
		const value = parse( await apiFetch( options ) );
		return value === null ? unreadable() : { ok: true, value };
	} catch ( error ) {
		return failure( error );
	}
}

/**
 * GET the report of a period.
 *
 * @param range  The period.
 * @param signal Aborts the request when the period changes again.
 * @return The outcome.
 */
export function loadReport(
	range: Range,
	signal?: AbortSignal
): Promise< Outcome< StatsReport > > {
	const query = new URLSearchParams( { from: range.from, to: range.to } );
	return request(
		{ path: `${ REPORT_PATH }?${ query.toString() }`, signal },
		parseReport
	);
}

/**
 * GET the settings.
 *
 * @return The outcome.
 */
export function loadSettings(): Promise< Outcome< StatsSettings > > {
	return request( { path: SETTINGS_PATH }, parseSettings );
}

/**
 * POST the settings.
 *
 * @param payload The settings as typed.
 * @return The stored settings, or the server's error (naming the field).
 */
export function saveSettings(
	payload: SettingsPayload
): Promise< Outcome< StatsSettings > > {
	return request(
		{ path: SETTINGS_PATH, method: 'POST', data: payload },
		parseSettings
	);
}

/**
 * GET whether WP Statistics' data can be imported (the route may not exist: an error).
 *
 * @return The outcome.
 */
export function loadImportStatus(): Promise< Outcome< ImportStatus > > {
	return request( { path: IMPORT_PATH }, parseImportStatus );
}

/**
 * POST one slice of the import.
 *
 * @return The outcome.
 */
export function runImportStep(): Promise< Outcome< ImportStep > > {
	return request( { path: IMPORT_PATH, method: 'POST' }, parseImportStep );
}
