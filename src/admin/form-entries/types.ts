/**
 * Shapes of the entries screen's data: the page configuration (includes/Forms/EntriesPage.php) and the answers
 * of `tessera/v1/forms`, `forms/{id}/entries` and `entries/{id}` (includes/Forms/Rest/EntriesController.php).
 */

/** The statuses an entry can have. */
export const ENTRY_STATUSES = [ 'unread', 'read' ] as const;

/** An entry's status. */
export type EntryStatus = ( typeof ENTRY_STATUSES )[ number ];

/** The status filter of the list ('' = any). */
export type StatusFilter = EntryStatus | '';

/** The page configuration (`window.tesseraFormEntries`). */
export interface EntriesConfig {
	/** REST root of `tessera/v1/`, with a trailing slash (or a `rest_route` query). */
	restRoot: string;
	/** The `wp_rest` nonce, for the CSV link (apiFetch sends its own). */
	nonce: string;
	/** The form the address asks for (0 = none). */
	formId: number;
	/** The entry the address asks for (0 = none). */
	entryId: number;
	/** Entries per page. */
	perPage: number;
}

/** A form of the picker. */
export interface FormSummary {
	id: number;
	title: string;
	status: string;
	total: number;
	unread: number;
}

/** A field column of a form, in form order (passwords are never sent). */
export interface FieldColumn {
	id: string;
	label: string;
	type: string;
}

/** A stored value: text, or a list (checkboxes). */
export type EntryValue = string | string[];

/** An entry as the list and the entry routes answer it. */
export interface EntryRow {
	id: number;
	form_id: number;
	status: EntryStatus;
	/** UTC, ISO 8601. */
	created_at: string;
	/** As the site shows dates. */
	date: string;
	page_id: number;
	page_title: string;
	/** The entry as a PDF. */
	pdf_url: string;
	user_id: number;
	values: Record< string, EntryValue >;
}

/** One page of a form's entries. */
export interface EntriesPage {
	form: { id: number; title: string; unread: number };
	columns: FieldColumn[];
	rows: EntryRow[];
	total: number;
	page: number;
	per_page: number;
}

/** One entry with its form's title and columns. */
export interface EntryDetail extends EntryRow {
	form: { id: number; title: string };
	columns: FieldColumn[];
}

/** The list's query. */
export interface ListQuery {
	search: string;
	status: StatusFilter;
	page: number;
	perPage: number;
}

/** A request's failure, as shown to the user. */
export interface RequestError {
	message: string;
	code: string;
	status: number;
}
