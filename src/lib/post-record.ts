/**
 * Reading what the REST API and core-data answer for the plugin's own post types (forms, galleries): shared by
 * the blocks that create or choose such a post in the editor.
 */

/** A post as a picker lists it. */
export interface PostSummary {
	/** The post id. */
	id: number;
	/** The title ('' = none). */
	title: string;
	/** The post status (`publish`, `draft`, `trash` …). */
	status: string;
}

/**
 * A value as a plain object (anything else: an empty one).
 *
 * @param value Any value.
 * @return The object.
 */
export function readRecord( value: unknown ): Record< string, unknown > {
	return typeof value === 'object' &&
		value !== null &&
		! Array.isArray( value )
		? ( value as Record< string, unknown > )
		: {};
}

/**
 * A post record's id, title (raw in the edit context, rendered otherwise, or the edited string) and status.
 *
 * @param value A record as core-data answers it.
 * @return The summary, or null when it is not a post record.
 */
export function parsePostRecord( value: unknown ): PostSummary | null {
	const record = readRecord( value );
	const id = record.id;
	if ( typeof id !== 'number' || ! Number.isInteger( id ) || id <= 0 ) {
		return null;
	}
	let title = '';
	if ( typeof record.title === 'string' ) {
		title = record.title;
	} else {
		const parts = readRecord( record.title );
		if ( typeof parts.raw === 'string' ) {
			title = parts.raw;
		} else if ( typeof parts.rendered === 'string' ) {
			title = parts.rendered;
		}
	}
	return {
		id,
		title,
		status: typeof record.status === 'string' ? record.status : '',
	};
}

/**
 * The message of a failed request (apiFetch rejects with `{ code, message }`, not an Error), or a fallback.
 *
 * @param error    What was thrown.
 * @param fallback The message when the error has none.
 * @return A message to show.
 */
export function requestErrorMessage(
	error: unknown,
	fallback: string
): string {
	if ( error instanceof Error && error.message !== '' ) {
		return error.message;
	}
	const message = readRecord( error ).message;
	return typeof message === 'string' && message !== '' ? message : fallback;
}
