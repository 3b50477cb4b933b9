/**
 * The dashboard's lists: a titled section with a table (or an empty state) and a CSV download link. Every stored
 * string is rendered as text by React (escaped), never as HTML.
 */

/**
 * External dependencies
 */
import type { ReactNode } from 'react';

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { formatNumber, formatShare } from './format';

/** A column of a table. */
export interface Column< Row > {
	/** Heading. */
	title: string;
	/** The cell of a row. */
	cell: ( row: Row ) => ReactNode;
	/** Right-aligned numbers. */
	numeric?: boolean;
}

interface DataTableProps< Row > {
	caption: string;
	columns: Array< Column< Row > >;
	rows: Row[];
	rowKey: ( row: Row, index: number ) => string;
}

/**
 * A table whose first column heads each row.
 *
 * @param props         Props.
 * @param props.caption Caption (read by screen readers; the section heading shows it).
 * @param props.columns Columns.
 * @param props.rows    Rows.
 * @param props.rowKey  Key of a row.
 * @return The table, or the empty state.
 */
export function DataTable< Row >( {
	caption,
	columns,
	rows,
	rowKey,
}: DataTableProps< Row > ) {
	if ( rows.length === 0 ) {
		return (
			<p className="tessera-stats__empty">
				{ __( 'Nothing recorded in this period.', 'tessera' ) }
			</p>
		);
	}
	return (
		<table className="widefat striped tessera-stats__table">
			<caption className="screen-reader-text">{ caption }</caption>
			<thead>
				<tr>
					{ columns.map( ( column ) => (
						<th
							key={ column.title }
							scope="col"
							className={
								column.numeric
									? 'tessera-stats__number'
									: undefined
							}
						>
							{ column.title }
						</th>
					) ) }
				</tr>
			</thead>
			<tbody>
				{ rows.map( ( row, index ) => (
					<tr key={ rowKey( row, index ) }>
						{ columns.map( ( column, position ) => {
							const className = column.numeric
								? 'tessera-stats__number'
								: undefined;
							return position === 0 ? (
								<th
									key={ column.title }
									scope="row"
									className={ className }
								>
									{ column.cell( row ) }
								</th>
							) : (
								<td
									key={ column.title }
									className={ className }
								>
									{ column.cell( row ) }
								</td>
							);
						} ) }
					</tr>
				) ) }
			</tbody>
		</table>
	);
}

interface SectionProps {
	id: string;
	title: string;
	children: ReactNode;
	download?: { href: string; label: string };
}

/**
 * A titled section of the overview with an optional CSV download link.
 *
 * @param props          Props.
 * @param props.id       Id of the heading.
 * @param props.title    Heading.
 * @param props.children Content.
 * @param props.download Link and its (unique) text.
 * @return The section.
 */
export function Section( { id, title, children, download }: SectionProps ) {
	return (
		<section className="tessera-stats__section" aria-labelledby={ id }>
			<div className="tessera-stats__section-head">
				<h2 id={ id }>{ title }</h2>
				{ download && (
					<a
						className="tessera-stats__download"
						href={ download.href }
					>
						{ download.label }
					</a>
				) }
			</div>
			{ children }
		</section>
	);
}

/**
 * Columns "Views" and "Share" for rows that have views.
 *
 * @param total  The whole the shares are of.
 * @param locale Language tag.
 * @return Two columns.
 */
export function viewColumns< Row extends { views: number } >(
	total: number,
	locale?: string
): Array< Column< Row > > {
	return [
		{
			title: __( 'Views', 'tessera' ),
			numeric: true,
			cell: ( row ) => formatNumber( row.views, locale ),
		},
		{
			title: __( 'Share', 'tessera' ),
			numeric: true,
			cell: ( row ) => formatShare( row.views, total, locale ),
		},
	];
}
