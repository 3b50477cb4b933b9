/**
 * "Import from WP Statistics": shown only when `GET tessera/v1/stats/import` answers that WP Statistics' tables
 * exist (any error, e.g. 404 while the route does not exist, hides it). The import runs in slices: POST until the
 * server answers `done`.
 */

/**
 * WordPress dependencies
 */
import { Button, Notice } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { loadImportStatus, runImportStep } from './api';
import { addCounts, formatNumber } from './format';
import type { ImportStatus } from './types';

/** Most slices one click runs (a safety net against a server that never says done). */
const MAX_STEPS = 200;

interface ImportPanelProps {
	locale?: string;
	onImported: () => void;
}

/**
 * The panel.
 *
 * @param props            Props.
 * @param props.locale     Language tag.
 * @param props.onImported Called after a finished import (to reload the report).
 * @return The panel, or nothing.
 */
export function ImportPanel( { locale, onImported }: ImportPanelProps ) {
	const [ status, setStatus ] = useState< ImportStatus | null >( null );
	const [ running, setRunning ] = useState( false );
	const [ result, setResult ] = useState<
		| { ok: true; counts: Record< string, number > }
		| { ok: false; message: string }
		| null
	>( null );

	useEffect( () => {
		let active = true;
		loadImportStatus().then( ( outcome ) => {
			if ( active && outcome.ok ) {
				setStatus( outcome.value );
			}
		} );
		return () => {
			active = false;
		};
	}, [] );

	if ( ! status?.available ) {
		return null;
	}

	const run = async () => {
		setRunning( true );
		setResult( null );
		let counts: Record< string, number > = {};
		for ( let step = 0; step < MAX_STEPS; step++ ) {
			const outcome = await runImportStep();
			if ( ! outcome.ok ) {
				setRunning( false );
				setResult( { ok: false, message: outcome.error.message } );
				return;
			}
			counts = addCounts( counts, outcome.value.imported );
			if ( outcome.value.done ) {
				break;
			}
		}
		setRunning( false );
		setResult( { ok: true, counts } );
		onImported();
	};

	const tables = Object.entries( status.tables );
	return (
		<section
			className="tessera-stats__section tessera-stats__import"
			aria-labelledby="tessera-stats-import-title"
		>
			<h2 id="tessera-stats-import-title">
				{ __( 'Import from WP Statistics', 'tessera' ) }
			</h2>
			<p>
				{ __(
					'The tables of WP Statistics were found on this site. Their daily totals can be added to these statistics.',
					'tessera'
				) }
			</p>
			{ tables.length > 0 && (
				<ul className="tessera-stats__import-tables">
					{ tables.map( ( [ table, count ] ) => (
						<li key={ table }>
							{ sprintf(
								/* translators: 1: a table's name, 2: its number of rows. */
								__( '%1$s: %2$s rows', 'tessera' ),
								table,
								formatNumber( count, locale )
							) }
						</li>
					) ) }
				</ul>
			) }
			{ status.lastImport && (
				<p>{ __( 'An import was run before.', 'tessera' ) }</p>
			) }
			<div role="status" className="tessera-stats__import-status">
				{ running &&
					__( 'Importing… this can take a while.', 'tessera' ) }
				{ result?.ok &&
					sprintf(
						/* translators: %s: list of "kind: count". */
						__( 'Import finished. Imported: %s.', 'tessera' ),
						Object.entries( result.counts )
							.map(
								( [ key, value ] ) =>
									`${ key } ${ formatNumber( value, locale ) }`
							)
							.join( ', ' ) || '0'
					) }
			</div>
			{ result && ! result.ok && (
				<Notice status="error" isDismissible={ false }>
					{ result.message }
				</Notice>
			) }
			<Button
				variant="secondary"
				isBusy={ running }
				aria-disabled={ running }
				onClick={ () => {
					if ( ! running ) {
						run();
					}
				} }
			>
				{ __( 'Import from WP Statistics', 'tessera' ) }
			</Button>
		</section>
	);
}
