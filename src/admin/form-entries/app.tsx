/**
 * The entries screen (Forms → Entries): a form picker with unread counts, a search box, a status filter, the
 * paged list, one entry at a time (marked read when opened), mark read/unread, delete with a confirmation, and
 * the CSV export link. Notices are announced through a live region; the focus moves to the entry when one opens,
 * back to its row when the list comes back, and to the list's heading after a delete.
 */

/**
 * WordPress dependencies
 */
import {
	Button,
	Notice,
	SelectControl,
	Spinner,
	TextControl,
} from '@wordpress/components';
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	csvUrl,
	deleteEntry,
	loadEntries,
	loadEntry,
	loadForms,
	markEntry,
} from './api';
import { EntriesList } from './entries-list';
import { EntryView } from './entry-view';
import { RetentionPanel } from './retention';
import type {
	EntriesConfig,
	EntriesPage,
	EntryDetail,
	EntryStatus,
	FormSummary,
	ListQuery,
	StatusFilter,
} from './types';

/** A notice of the live region. */
interface ScreenNotice {
	status: 'success' | 'error' | 'info';
	message: string;
}

/**
 * Keeps the form and the open entry in the address (a reload shows the same thing).
 *
 * @param formId  The form (0 = none).
 * @param entryId The open entry (0 = none).
 */
function syncAddress( formId: number, entryId: number ): void {
	const url = new URL( window.location.href );
	if ( formId > 0 ) {
		url.searchParams.set( 'form_id', String( formId ) );
	} else {
		url.searchParams.delete( 'form_id' );
	}
	if ( entryId > 0 ) {
		url.searchParams.set( 'entry_id', String( entryId ) );
	} else {
		url.searchParams.delete( 'entry_id' );
	}
	window.history.replaceState( window.history.state, '', url.href );
}

/**
 * The form to show first: the one the address names, else the first with unread entries, else the first.
 *
 * @param forms     The forms.
 * @param requested The form the address names (0 = none).
 * @return The form id (0 when there is no form).
 */
function initialForm( forms: FormSummary[], requested: number ): number {
	return (
		forms.find( ( form ) => form.id === requested )?.id ??
		forms.find( ( form ) => form.unread > 0 )?.id ??
		forms[ 0 ]?.id ??
		0
	);
}

/**
 * The screen.
 *
 * @param props        Props.
 * @param props.config The page configuration, or null when it could not be read.
 * @return The screen.
 */
export function FormEntriesApp( { config }: { config: EntriesConfig | null } ) {
	if ( ! config ) {
		return (
			<Notice status="error" isDismissible={ false }>
				{ __(
					'The entries screen could not start. Reload the page and try again.',
					'tessera'
				) }
			</Notice>
		);
	}
	return <EntriesScreen config={ config } />;
}

/**
 * The screen, configured.
 *
 * @param props        Props.
 * @param props.config The page configuration.
 * @return The screen.
 */
function EntriesScreen( { config }: { config: EntriesConfig } ) {
	const [ forms, setForms ] = useState< FormSummary[] | null >( null );
	const [ formId, setFormId ] = useState( 0 );
	const [ searchText, setSearchText ] = useState( '' );
	const [ query, setQuery ] = useState< ListQuery >( {
		search: '',
		status: '',
		page: 1,
		perPage: config.perPage,
	} );
	const [ list, setList ] = useState< EntriesPage | null >( null );
	const [ loadingList, setLoadingList ] = useState( false );
	const [ reloads, setReloads ] = useState( 0 );
	const [ entry, setEntry ] = useState< EntryDetail | null >( null );
	const [ busy, setBusy ] = useState( false );
	const [ notice, setNotice ] = useState< ScreenNotice | null >( null );
	const listHeading = useRef< HTMLHeadingElement >( null );
	// Where the focus goes once the list is shown again: a row's open button, or the heading (-1).
	const focusAfterList = useRef< number | null >( null );

	const retentionNotice = useCallback(
		( status: 'success' | 'error', message: string ) =>
			setNotice( { status, message } ),
		[]
	);

	const refreshForms = useCallback( async () => {
		const outcome = await loadForms();
		if ( outcome.ok ) {
			setForms( outcome.value );
			return outcome.value;
		}
		setNotice( { status: 'error', message: outcome.error.message } );
		setForms( ( previous ) => previous ?? [] );
		return null;
	}, [] );

	const openEntry = useCallback( async ( entryId: number ) => {
		setBusy( true );
		const outcome = await loadEntry( entryId );
		setBusy( false );
		if ( ! outcome.ok ) {
			setNotice( { status: 'error', message: outcome.error.message } );
			syncAddress( 0, 0 );
			return;
		}
		setNotice( null );
		setEntry( outcome.value );
		setFormId( outcome.value.form_id );
		syncAddress( outcome.value.form_id, outcome.value.id );
		// Opening marks it read: the counts change.
		setReloads( ( count ) => count + 1 );
	}, [] );

	// Start: the forms, then the entry the address names (the notification e-mail links to it).
	useEffect( () => {
		void ( async () => {
			const loaded = await refreshForms();
			if ( config.entryId > 0 ) {
				await openEntry( config.entryId );
			} else if ( loaded ) {
				setFormId( initialForm( loaded, config.formId ) );
			}
		} )();
	}, [ config, openEntry, refreshForms ] );

	// The list of the form and query.
	useEffect( () => {
		if ( formId < 1 ) {
			return;
		}
		const controller = new AbortController();
		setLoadingList( true );
		void loadEntries( formId, query, controller.signal ).then(
			( outcome ) => {
				if ( controller.signal.aborted ) {
					return;
				}
				setLoadingList( false );
				if ( outcome.ok ) {
					setList( outcome.value );
				} else {
					setNotice( {
						status: 'error',
						message: outcome.error.message,
					} );
				}
			}
		);
		return () => controller.abort();
	}, [ formId, query, reloads ] );

	// Move the focus where it was asked once the list is on the screen again.
	useEffect( () => {
		if ( entry || loadingList || focusAfterList.current === null ) {
			return;
		}
		const target = focusAfterList.current;
		focusAfterList.current = null;
		const button =
			target > 0
				? document.querySelector< HTMLElement >(
						`.tessera-entries__open[data-entry-id="${ target }"]`
					)
				: null;
		( button ?? listHeading.current )?.focus();
	}, [ entry, loadingList, list ] );

	const chooseForm = ( value: string ) => {
		setFormId( Number( value ) );
		setList( null );
		setEntry( null );
		setQuery( ( current ) => ( { ...current, page: 1 } ) );
		syncAddress( Number( value ), 0 );
	};

	const backToList = () => {
		focusAfterList.current = entry?.id ?? -1;
		setEntry( null );
		syncAddress( formId, 0 );
	};

	const mark = async ( status: EntryStatus ) => {
		if ( ! entry ) {
			return;
		}
		setBusy( true );
		const outcome = await markEntry( entry.id, status );
		setBusy( false );
		if ( ! outcome.ok ) {
			setNotice( { status: 'error', message: outcome.error.message } );
			return;
		}
		setEntry( outcome.value );
		setNotice( {
			status: 'success',
			message:
				status === 'read'
					? __( 'Entry marked as read.', 'tessera' )
					: __( 'Entry marked as unread.', 'tessera' ),
		} );
		setReloads( ( count ) => count + 1 );
		void refreshForms();
	};

	const remove = async () => {
		if ( ! entry ) {
			return;
		}
		setBusy( true );
		const outcome = await deleteEntry( entry.id );
		setBusy( false );
		if ( ! outcome.ok ) {
			setNotice( { status: 'error', message: outcome.error.message } );
			return;
		}
		focusAfterList.current = -1;
		setEntry( null );
		syncAddress( formId, 0 );
		setNotice( {
			status: 'success',
			message: __( 'Entry deleted.', 'tessera' ),
		} );
		// The last entry of a page gone: show the page before.
		if ( list && list.rows.length === 1 && query.page > 1 ) {
			setQuery( ( current ) => ( {
				...current,
				page: current.page - 1,
			} ) );
		} else {
			setReloads( ( count ) => count + 1 );
		}
		void refreshForms();
	};

	// Opening an entry from the list refreshes the picker's unread counts too.
	const openFromList = ( entryId: number ) => {
		void openEntry( entryId ).then( () => refreshForms() );
	};

	const noticeRegion = (
		<div
			className="tessera-entries__live"
			aria-live="polite"
			aria-atomic="true"
		>
			{ notice && (
				<Notice
					status={ notice.status }
					onRemove={ () => setNotice( null ) }
					spokenMessage={ null }
				>
					{ notice.message }
				</Notice>
			) }
		</div>
	);

	if ( forms === null ) {
		return (
			<div className="tessera-entries">
				{ noticeRegion }
				<p className="tessera-entries__loading">
					<Spinner /> { __( 'Loading the forms…', 'tessera' ) }
				</p>
			</div>
		);
	}

	if ( forms.length === 0 && ! entry ) {
		return (
			<div className="tessera-entries">
				{ noticeRegion }
				<p className="tessera-entries__empty">
					{ __(
						'There are no forms yet. Create one under Forms → Add New.',
						'tessera'
					) }
				</p>
			</div>
		);
	}

	const current = forms.find( ( form ) => form.id === formId );
	const formTitle = current?.title ?? list?.form.title ?? '';

	return (
		<div className="tessera-entries">
			{ noticeRegion }
			{ entry ? (
				<EntryView
					entry={ entry }
					busy={ busy }
					onBack={ backToList }
					onMark={ ( status ) => void mark( status ) }
					onDelete={ () => void remove() }
				/>
			) : (
				<>
					<div className="tessera-entries__toolbar">
						<SelectControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Form', 'tessera' ) }
							value={ String( formId ) }
							options={ forms.map( ( form ) => ( {
								value: String( form.id ),
								label: sprintf(
									/* translators: 1: form title, 2: unread entries, 3: all entries. */
									__(
										'%1$s (%2$d unread of %3$d)',
										'tessera'
									),
									form.title,
									form.unread,
									form.total
								),
							} ) ) }
							onChange={ chooseForm }
						/>
						<form
							role="search"
							className="tessera-entries__search"
							onSubmit={ ( event ) => {
								event.preventDefault();
								setQuery( ( q ) => ( {
									...q,
									search: searchText.trim(),
									page: 1,
								} ) );
							} }
						>
							<TextControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								type="search"
								label={ __( 'Search entries', 'tessera' ) }
								value={ searchText }
								maxLength={ 200 }
								onChange={ setSearchText }
							/>
							<Button
								variant="secondary"
								type="submit"
								__next40pxDefaultSize
							>
								{ __( 'Search', 'tessera' ) }
							</Button>
						</form>
						<SelectControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Status', 'tessera' ) }
							value={ query.status }
							options={ [
								{ value: '', label: __( 'All', 'tessera' ) },
								{
									value: 'unread',
									label: __( 'Unread', 'tessera' ),
								},
								{
									value: 'read',
									label: __( 'Read', 'tessera' ),
								},
							] }
							onChange={ ( value: string ) =>
								setQuery( ( q ) => ( {
									...q,
									status:
										value === 'read' || value === 'unread'
											? ( value as StatusFilter )
											: '',
									page: 1,
								} ) )
							}
						/>
						{ formId > 0 && (
							<Button
								variant="secondary"
								__next40pxDefaultSize
								href={ csvUrl( config, formId ) }
								download
								className="tessera-entries__export"
							>
								{ __( 'Export CSV', 'tessera' ) }
							</Button>
						) }
					</div>
					<h2
						ref={ listHeading }
						tabIndex={ -1 }
						className="tessera-entries__heading"
					>
						{ formTitle }
					</h2>
					{ list && list.form.id === formId ? (
						<div aria-busy={ loadingList }>
							<EntriesList
								formTitle={ formTitle }
								columns={ list.columns }
								rows={ list.rows }
								total={ list.total }
								page={ list.page }
								perPage={ list.per_page }
								filtered={
									query.search !== '' || query.status !== ''
								}
								onOpen={ openFromList }
								onPage={ ( page ) =>
									setQuery( ( q ) => ( { ...q, page } ) )
								}
							/>
						</div>
					) : (
						<p className="tessera-entries__loading">
							<Spinner />{ ' ' }
							{ __( 'Loading the entries…', 'tessera' ) }
						</p>
					) }
					<RetentionPanel onNotice={ retentionNotice } />
				</>
			) }
		</div>
	);
}
