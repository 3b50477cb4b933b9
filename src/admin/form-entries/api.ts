/**
 * The entries screen's requests over REST (`tessera/v1/forms*`, `tessera/v1/entries/*`). apiFetch sends the
 * `wp_rest` nonce that core sets up in the admin; every answer, and the page configuration, goes through a zod
 * schema before use (`zod/mini`: the same checks, a fraction of the weight).
 */

/**
 * External dependencies
 */
import * as z from 'zod/mini';

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	ENTRY_STATUSES,
	type EntriesConfig,
	type EntriesPage,
	type EntryDetail,
	type EntryStatus,
	type FormSummary,
	type ListQuery,
	type RequestError,
} from './types';

/** Routes below the REST root. */
export const FORMS_PATH = '/tessera/v1/forms';
export const ENTRIES_PATH = '/tessera/v1/entries';

const count = z.int().check( z.minimum( 0 ) );
const id = z.int().check( z.minimum( 1 ) );
const status = z.enum( ENTRY_STATUSES );

const configSchema = z.object( {
	restRoot: z
		.string()
		.check( z.refine( ( value ) => /^https?:\/\/[^\s]+$/i.test( value ) ) ),
	nonce: z.string(),
	formId: count,
	entryId: count,
	perPage: id,
} );

const formSchema = z.object( {
	id,
	title: z.string(),
	status: z.string(),
	total: count,
	unread: count,
} );

const columnSchema = z.object( {
	id: z.string(),
	label: z.string(),
	type: z.string(),
} );

const valueSchema = z.union( [ z.string(), z.array( z.string() ) ] );

const rowSchema = z.object( {
	id,
	form_id: count,
	status,
	created_at: z.string(),
	date: z.string(),
	page_id: count,
	page_title: z.string(),
	pdf_url: z.string(),
	user_id: count,
	// PHP answers an empty map as `{}` (never `[]`).
	values: z.record( z.string(), valueSchema ),
} );

const pageSchema = z.object( {
	form: z.object( { id, title: z.string(), unread: count } ),
	columns: z.array( columnSchema ),
	rows: z.array( rowSchema ),
	total: count,
	page: id,
	per_page: id,
} );

const detailSchema = z.object( {
	...rowSchema.shape,
	form: z.object( { id: count, title: z.string() } ),
	columns: z.array( columnSchema ),
} );

const deletedSchema = z.object( { deleted: z.literal( true ) } );

const errorSchema = z.object( {
	message: z.string().check( z.minLength( 1 ) ),
	code: z.optional( z.string() ),
	data: z.optional( z.object( { status: z.optional( z.int() ) } ) ),
} );

/** The outcome of a request: the value, or the error to show. */
export type Outcome< T > =
	{ ok: true; value: T } | { ok: false; error: RequestError };

/**
 * The page configuration (`window.tesseraFormEntries`), or null when it is not usable.
 *
 * @param value The global's value.
 * @return The configuration, or null.
 */
export function parseConfig( value: unknown ): EntriesConfig | null {
	const parsed = configSchema.safeParse( value );
	return parsed.success ? parsed.data : null;
}

/**
 * A REST error body (what apiFetch rejects with) as the error to show.
 *
 * @param error What apiFetch rejected with.
 * @return The error.
 */
export function toRequestError( error: unknown ): RequestError {
	const parsed = errorSchema.safeParse( error );
	if ( ! parsed.success ) {
		return {
			message: __(
				'The server could not be reached. Check your connection and try again.',
				'tessera'
			),
			code: 'network',
			status: 0,
		};
	}
	return {
		message: parsed.data.message,
		code: parsed.data.code ?? '',
		status: parsed.data.data?.status ?? 0,
	};
}

/**
 * A request whose answer goes through a schema.
 *
 * @param options apiFetch options.
 * @param schema  The schema of the answer.
 * @return The outcome.
 */
async function request< T >(
	options: Parameters< typeof apiFetch >[ 0 ],
	schema: z.ZodMiniType< T >
): Promise< Outcome< T > > {
	let body: unknown;
	try {
		body = await apiFetch( options );
	} catch ( error ) {
		return { ok: false, error: toRequestError( error ) };
	}
	const parsed = schema.safeParse( body );
	return parsed.success
		? { ok: true, value: parsed.data }
		: {
				ok: false,
				error: {
					message: __(
						'The server answered with data that could not be read. Reload the page and try again.',
						'tessera'
					),
					code: 'unreadable',
					status: 0,
				},
			};
}

/**
 * GET the forms with their entry totals and unread counts.
 *
 * @return The outcome.
 */
export function loadForms(): Promise< Outcome< FormSummary[] > > {
	return request( { path: FORMS_PATH }, z.array( formSchema ) );
}

/**
 * GET one page of a form's entries.
 *
 * @param formId The form.
 * @param query  Search, status, page and page size.
 * @param signal Aborts the request when the query changes again.
 * @return The outcome.
 */
export function loadEntries(
	formId: number,
	query: ListQuery,
	signal?: AbortSignal
): Promise< Outcome< EntriesPage > > {
	const params = new URLSearchParams( {
		page: String( query.page ),
		per_page: String( query.perPage ),
	} );
	if ( query.search !== '' ) {
		params.set( 'search', query.search );
	}
	if ( query.status !== '' ) {
		params.set( 'status', query.status );
	}
	return request(
		{
			path: `${ FORMS_PATH }/${ formId }/entries?${ params.toString() }`,
			signal,
		},
		pageSchema
	);
}

/**
 * GET one entry (the server marks it read).
 *
 * @param entryId The entry.
 * @return The outcome.
 */
export function loadEntry(
	entryId: number
): Promise< Outcome< EntryDetail > > {
	return request( { path: `${ ENTRIES_PATH }/${ entryId }` }, detailSchema );
}

/**
 * POST an entry's status.
 *
 * @param entryId  The entry.
 * @param newState `read` or `unread`.
 * @return The outcome (the entry as stored now).
 */
export function markEntry(
	entryId: number,
	newState: EntryStatus
): Promise< Outcome< EntryDetail > > {
	return request(
		{
			path: `${ ENTRIES_PATH }/${ entryId }`,
			method: 'POST',
			data: { status: newState },
		},
		detailSchema
	);
}

/**
 * DELETE an entry.
 *
 * @param entryId The entry.
 * @return The outcome.
 */
export function deleteEntry(
	entryId: number
): Promise< Outcome< { deleted: true } > > {
	return request(
		{ path: `${ ENTRIES_PATH }/${ entryId }`, method: 'DELETE' },
		deletedSchema
	);
}

/**
 * The address of a form's CSV download, authenticated by the nonce (a plain link sends no header). Works with
 * pretty permalinks (`/wp-json/tessera/v1/`) and without (`?rest_route=/tessera/v1/`).
 *
 * @param config The page configuration.
 * @param formId The form.
 * @return The address.
 */
export function csvUrl( config: EntriesConfig, formId: number ): string {
	const url = new URL( config.restRoot );
	const route = `forms/${ formId }/entries.csv`;
	const restRoute = url.searchParams.get( 'rest_route' );
	if ( restRoute !== null ) {
		url.searchParams.set(
			'rest_route',
			restRoute.replace( /\/?$/, '/' ) + route
		);
	} else {
		url.pathname = url.pathname.replace( /\/?$/, '/' ) + route;
	}
	url.searchParams.set( '_wpnonce', config.nonce );
	return url.href;
}

/** Core's settings route, where the retention of entries is stored (`tessera_forms_retention_days`). */
export const SETTINGS_PATH = '/wp/v2/settings';
/** Most days an entry may be kept before it is deleted (0 = forever); the server's bound. */
export const MAX_RETENTION_DAYS = 3650;

const retentionSchema = z.object( {
	tessera_forms_retention_days: z
		.int()
		.check( z.minimum( 0 ), z.maximum( MAX_RETENTION_DAYS ) ),
} );

/**
 * The retention of entries in days (0 = keep them forever).
 *
 * @return The outcome.
 */
export async function loadRetention(): Promise< Outcome< number > > {
	const outcome = await request( { path: SETTINGS_PATH }, retentionSchema );
	return outcome.ok
		? { ok: true, value: outcome.value.tessera_forms_retention_days }
		: outcome;
}

/**
 * Stores the retention of entries.
 *
 * @param days Days (0 = keep them forever).
 * @return The outcome (the value as stored).
 */
export async function saveRetention(
	days: number
): Promise< Outcome< number > > {
	const outcome = await request(
		{
			path: SETTINGS_PATH,
			method: 'POST',
			data: { tessera_forms_retention_days: days },
		},
		retentionSchema
	);
	return outcome.ok
		? { ok: true, value: outcome.value.tessera_forms_retention_days }
		: outcome;
}
