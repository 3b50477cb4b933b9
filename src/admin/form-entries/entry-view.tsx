/**
 * One entry: every field with its label (in form order, then values of fields no longer in the form), the date,
 * the page it was sent from and its status; mark read/unread, delete (after a confirmation dialog), back to the
 * list. Values are rendered as text by React (escaped), never as HTML.
 */

/**
 * WordPress dependencies
 */
import { Button, Modal } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { columnTitle, statusLabel, valueText } from './entries-list';
import type { EntryDetail, EntryStatus } from './types';

interface EntryViewProps {
	entry: EntryDetail;
	/** A request about the entry is running (its buttons wait). */
	busy: boolean;
	onBack: () => void;
	onMark: ( status: EntryStatus ) => void;
	onDelete: () => void;
}

/**
 * The entry.
 *
 * @param props          Props.
 * @param props.entry    The entry.
 * @param props.busy     Whether a request is running.
 * @param props.onBack   Back to the list.
 * @param props.onMark   Marks it read or unread.
 * @param props.onDelete Deletes it (confirmed).
 * @return The entry.
 */
export function EntryView( {
	entry,
	busy,
	onBack,
	onMark,
	onDelete,
}: EntryViewProps ) {
	const heading = useRef< HTMLHeadingElement >( null );
	const [ confirming, setConfirming ] = useState( false );

	// Opening an entry moves the focus to its heading.
	useEffect( () => {
		heading.current?.focus();
	}, [ entry.id ] );

	const known = new Set( entry.columns.map( ( column ) => column.id ) );
	const fields = [
		...entry.columns.map( ( column ) => ( {
			id: column.id,
			label: columnTitle( column ),
		} ) ),
		...Object.keys( entry.values )
			.filter( ( fieldId ) => ! known.has( fieldId ) )
			.map( ( fieldId ) => ( {
				id: fieldId,
				label: sprintf(
					/* translators: %s: field id. */
					__( '%s (no longer in the form)', 'tessera' ),
					fieldId
				),
			} ) ),
	];
	const next: EntryStatus = entry.status === 'read' ? 'unread' : 'read';

	return (
		<section
			className="tessera-entries__entry"
			aria-labelledby="tessera-entries-entry-heading"
		>
			<Button
				variant="link"
				className="tessera-entries__back"
				onClick={ onBack }
			>
				{ __( '← Back to the entries', 'tessera' ) }
			</Button>
			<h2
				id="tessera-entries-entry-heading"
				ref={ heading }
				tabIndex={ -1 }
			>
				{ sprintf(
					/* translators: 1: entry id, 2: form title. */
					__( 'Entry #%1$d of %2$s', 'tessera' ),
					entry.id,
					entry.form.title
				) }
			</h2>
			<dl className="tessera-entries__fields">
				{ fields.map( ( field ) => (
					<div className="tessera-entries__field" key={ field.id }>
						<dt>{ field.label }</dt>
						<dd>
							{ valueText( entry.values[ field.id ] ) || (
								<span className="tessera-entries__none">
									{ __( '(empty)', 'tessera' ) }
								</span>
							) }
						</dd>
					</div>
				) ) }
				<div className="tessera-entries__field">
					<dt>{ __( 'Date', 'tessera' ) }</dt>
					<dd>
						<time dateTime={ entry.created_at }>
							{ entry.date }
						</time>
					</dd>
				</div>
				{ entry.page_title !== '' && (
					<div className="tessera-entries__field">
						<dt>{ __( 'Sent from', 'tessera' ) }</dt>
						<dd>{ entry.page_title }</dd>
					</div>
				) }
				<div className="tessera-entries__field">
					<dt>{ __( 'Status', 'tessera' ) }</dt>
					<dd className="tessera-entries__status">
						{ statusLabel( entry.status ) }
					</dd>
				</div>
			</dl>
			<div className="tessera-entries__actions">
				<Button
					variant="secondary"
					isBusy={ busy }
					disabled={ busy }
					accessibleWhenDisabled
					onClick={ () => onMark( next ) }
				>
					{ next === 'read'
						? __( 'Mark as read', 'tessera' )
						: __( 'Mark as unread', 'tessera' ) }
				</Button>
				<Button variant="secondary" href={ entry.pdf_url }>
					{ __( 'Download PDF', 'tessera' ) }
				</Button>
				<Button
					variant="secondary"
					isDestructive
					disabled={ busy }
					accessibleWhenDisabled
					onClick={ () => setConfirming( true ) }
				>
					{ __( 'Delete entry', 'tessera' ) }
				</Button>
			</div>
			{ confirming && (
				<Modal
					title={ __( 'Delete this entry?', 'tessera' ) }
					onRequestClose={ () => setConfirming( false ) }
					size="small"
				>
					<p>
						{ __(
							'The entry and every value in it are deleted for good. This cannot be undone.',
							'tessera'
						) }
					</p>
					<div className="tessera-entries__actions">
						<Button
							variant="primary"
							isDestructive
							onClick={ () => {
								setConfirming( false );
								onDelete();
							} }
						>
							{ __( 'Delete', 'tessera' ) }
						</Button>
						<Button
							variant="tertiary"
							onClick={ () => setConfirming( false ) }
						>
							{ __( 'Cancel', 'tessera' ) }
						</Button>
					</div>
				</Modal>
			) }
		</section>
	);
}
