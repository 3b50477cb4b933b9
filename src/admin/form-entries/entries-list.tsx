/**
 * The list of a form's entries: a table (date, the first three field values, status) whose date opens the entry,
 * and the paging below it. Every stored value is rendered as text by React (escaped), never as HTML.
 */

/**
 * WordPress dependencies
 */
import { Button } from '@wordpress/components';
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { EntryRow, EntryStatus, EntryValue, FieldColumn } from './types';

/** Field columns the table shows (the rest are in the entry). */
export const LIST_FIELDS = 3;

/**
 * A value as text: a list (checkboxes) joined with ", ".
 *
 * @param value The stored value (undefined: none).
 * @return The text.
 */
export function valueText( value: EntryValue | undefined ): string {
	if ( value === undefined ) {
		return '';
	}
	return Array.isArray( value ) ? value.join( ', ' ) : value;
}

/**
 * A column's heading: its label, or its field id when the label is empty.
 *
 * @param column The column.
 * @return The heading.
 */
export function columnTitle( column: FieldColumn ): string {
	return column.label.trim() !== '' ? column.label : column.id;
}

/**
 * The translated name of a status.
 *
 * @param status The status.
 * @return The name.
 */
export function statusLabel( status: EntryStatus ): string {
	return status === 'read'
		? __( 'Read', 'tessera' )
		: __( 'Unread', 'tessera' );
}

interface EntriesListProps {
	/** The form's title (the table's caption). */
	formTitle: string;
	columns: FieldColumn[];
	rows: EntryRow[];
	total: number;
	page: number;
	perPage: number;
	/** Whether a search or a status filter is on (the empty state says so). */
	filtered: boolean;
	onOpen: ( entryId: number ) => void;
	onPage: ( page: number ) => void;
}

/**
 * The table and its paging.
 *
 * @param props           Props.
 * @param props.formTitle The form's title.
 * @param props.columns   The form's field columns.
 * @param props.rows      The page's entries.
 * @param props.total     Entries that match.
 * @param props.page      The page shown (from 1).
 * @param props.perPage   Entries per page.
 * @param props.filtered  Whether a filter is on.
 * @param props.onOpen    Opens an entry.
 * @param props.onPage    Shows another page.
 * @return The list.
 */
export function EntriesList( {
	formTitle,
	columns,
	rows,
	total,
	page,
	perPage,
	filtered,
	onOpen,
	onPage,
}: EntriesListProps ) {
	if ( rows.length === 0 ) {
		return (
			<p className="tessera-entries__empty">
				{ filtered
					? __( 'No entries match.', 'tessera' )
					: __( 'This form has no entries yet.', 'tessera' ) }
			</p>
		);
	}
	const shown = columns
		.filter( ( column ) => column.type !== 'hidden' )
		.slice( 0, LIST_FIELDS );
	const pages = Math.max( 1, Math.ceil( total / perPage ) );
	return (
		<>
			<table className="widefat striped tessera-entries__table">
				<caption className="screen-reader-text">
					{ sprintf(
						/* translators: %s: form title. */
						__( 'Entries of %s', 'tessera' ),
						formTitle
					) }
				</caption>
				<thead>
					<tr>
						<th scope="col">{ __( 'Date', 'tessera' ) }</th>
						{ shown.map( ( column ) => (
							<th scope="col" key={ column.id }>
								{ columnTitle( column ) }
							</th>
						) ) }
						<th scope="col">{ __( 'Status', 'tessera' ) }</th>
					</tr>
				</thead>
				<tbody>
					{ rows.map( ( row ) => (
						<tr
							key={ row.id }
							className={
								row.status === 'unread'
									? 'tessera-entries__row is-unread'
									: 'tessera-entries__row'
							}
						>
							<th scope="row">
								<Button
									variant="link"
									className="tessera-entries__open"
									data-entry-id={ row.id }
									onClick={ () => onOpen( row.id ) }
									aria-label={ sprintf(
										/* translators: 1: entry id, 2: date. */
										__(
											'Open entry %1$d of %2$s',
											'tessera'
										),
										row.id,
										row.date
									) }
								>
									{ row.date }
								</Button>
							</th>
							{ shown.map( ( column ) => (
								<td key={ column.id }>
									<span className="tessera-entries__cell">
										{ valueText( row.values[ column.id ] ) }
									</span>
								</td>
							) ) }
							<td>{ statusLabel( row.status ) }</td>
						</tr>
					) ) }
				</tbody>
			</table>
			<nav
				className="tessera-entries__paging"
				aria-label={ __( 'Pages of entries', 'tessera' ) }
			>
				<span className="tessera-entries__count">
					{ sprintf(
						/* translators: %s: number of entries. */
						_n( '%s entry', '%s entries', total, 'tessera' ),
						total.toLocaleString()
					) }
				</span>
				<Button
					variant="secondary"
					size="compact"
					disabled={ page <= 1 }
					accessibleWhenDisabled
					onClick={ () => onPage( page - 1 ) }
				>
					{ __( 'Previous page', 'tessera' ) }
				</Button>
				<span>
					{ sprintf(
						/* translators: 1: current page, 2: number of pages. */
						__( 'Page %1$d of %2$d', 'tessera' ),
						page,
						pages
					) }
				</span>
				<Button
					variant="secondary"
					size="compact"
					disabled={ page >= pages }
					accessibleWhenDisabled
					onClick={ () => onPage( page + 1 ) }
				>
					{ __( 'Next page', 'tessera' ) }
				</Button>
			</nav>
		</>
	);
}
