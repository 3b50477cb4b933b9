/**
 * WordPress dependencies
 */
import { Button, Notice } from '@wordpress/components';
import { useDispatch, useSelect } from '@wordpress/data';
import { store as editorStore } from '@wordpress/editor';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	deviceName,
	formatChecked,
	formatLoadTime,
	metricTables,
} from '../../lib/speed/format';
import { parseStoredSpeed } from '../../lib/speed/guards';
import { getProgress, onProgress } from '../../lib/speed/progress';
import type { SpeedDevice, SpeedReport } from '../../lib/speed/types';
import { checkControlState } from './check-state';
import { ReloadIcon } from './reload-icon';
import { SpeedCircle } from './speed-circle';
import { store as speedStore } from './store';

const DEVICES: SpeedDevice[] = [ 'desktop', 'mobile' ];

/**
 * The page-wide in-progress state, kept up to date.
 *
 * @return The state.
 */
function useProgress() {
	const [ progress, setProgressState ] = useState( getProgress );
	useEffect( () => {
		setProgressState( getProgress() );
		return onProgress( setProgressState );
	}, [] );
	return progress;
}

const readRecord = ( value: unknown ): Record< string, unknown > =>
	typeof value === 'object' && value !== null ? { ...value } : {};

/**
 * The stored failure of the last check (`_tessera_speed_error.message`).
 *
 * @param value The meta value.
 * @return The message, or null.
 */
function storedError( value: unknown ): string | null {
	const message = readRecord( value ).message;
	return typeof message === 'string' && message ? message : null;
}

function Scores( {
	report,
	postId,
	fresh,
}: {
	report: SpeedReport;
	postId: number;
	fresh: boolean;
} ) {
	const checked = formatChecked( report.checkedAt );
	return (
		<>
			<div className="tessera-speed-sidebar__scores">
				{ DEVICES.map( ( device ) => (
					<div
						className="tessera-speed-sidebar__device"
						key={ device }
					>
						<SpeedCircle
							score={ report[ device ].score }
							tti={ report[ device ].tti }
							postId={ postId }
							device={ device }
							animate={ fresh ? {} : false }
						/>
						<span aria-hidden="true">
							<strong>{ deviceName( device ) }</strong>
							<br />
							{ formatLoadTime( report[ device ].tti ) }
						</span>
					</div>
				) ) }
			</div>
			{ checked && (
				<p className="tessera-speed-sidebar__date">{ checked }</p>
			) }
			{ metricTables( report ).map( ( { caption, rows } ) => (
				<table
					className="tessera-speed-sidebar__metrics"
					key={ caption }
				>
					<caption>{ caption }</caption>
					<thead>
						<tr>
							<th scope="col">{ __( 'Metric', 'tessera' ) }</th>
							<th scope="col">{ deviceName( 'desktop' ) }</th>
							<th scope="col">{ deviceName( 'mobile' ) }</th>
						</tr>
					</thead>
					<tbody>
						{ rows.map( ( [ label, desktop, mobile ] ) => (
							<tr key={ label }>
								<th scope="row">{ label }</th>
								<td>{ desktop }</td>
								<td>{ mobile }</td>
							</tr>
						) ) }
					</tbody>
				</table>
			) ) }
			{ ! report.desktop.field && ! report.mobile.field && (
				<p className="tessera-speed-sidebar__note">
					{ __( 'No field data from real visitors yet.', 'tessera' ) }
				</p>
			) }
		</>
	);
}

/**
 * The content of the speed sidebar: the stored or fresh result, the check
 * button and the failure notice.
 *
 * @return The panel.
 */
export function SpeedPanel() {
	const { postId, published, meta } = useSelect( ( select ) => {
		const editor = select( editorStore );
		const id: unknown = editor.getCurrentPostId();
		const status: unknown = editor.getCurrentPostAttribute( 'status' );
		const postMeta: unknown = editor.getEditedPostAttribute( 'meta' );
		return {
			postId: typeof id === 'number' ? id : 0,
			published: status === 'publish',
			meta: readRecord( postMeta ),
		};
	}, [] );
	const { freshReport, error, checking } = useSelect(
		( select ) => {
			const speed = select( speedStore );
			return {
				freshReport: speed.getReport( postId ),
				error: speed.getError( postId ),
				checking: speed.isChecking( postId ),
			};
		},
		[ postId ]
	);
	const { checkSpeed } = useDispatch( speedStore );
	const progress = useProgress();

	const report = freshReport ?? parseStoredSpeed( meta._tessera_speed );
	const failure =
		error ??
		( freshReport ? null : storedError( meta._tessera_speed_error ) );
	const control = checkControlState( {
		postId,
		published,
		checking,
		progress,
	} );
	const onCheck = (): void => {
		if ( ! control.disabled ) {
			checkSpeed( postId );
		}
	};

	return (
		<div className="tessera-speed-sidebar">
			{ report ? (
				<Scores
					report={ report }
					postId={ postId }
					fresh={ !! freshReport }
				/>
			) : (
				<p>
					{ __( 'This page has not been checked yet.', 'tessera' ) }
				</p>
			) }
			{ failure && ! checking && (
				<div className="tessera-speed-sidebar__failure">
					<Button
						className="tessera-speed-sidebar__retry"
						icon={ <ReloadIcon /> }
						label={ __( 'Check failed. Check again', 'tessera' ) }
						onClick={ onCheck }
						disabled={ control.disabled }
					/>
					<Notice status="error" isDismissible={ false }>
						{ failure }
					</Notice>
				</div>
			) }
			<Button
				variant="secondary"
				className="tessera-speed-sidebar__check"
				onClick={ onCheck }
				disabled={ control.disabled }
				isBusy={ control.busy }
			>
				{ control.label }
			</Button>
			{ control.note && (
				<p className="tessera-speed-sidebar__note">{ control.note }</p>
			) }
		</div>
	);
}
