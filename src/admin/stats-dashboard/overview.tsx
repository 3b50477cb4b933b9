/**
 * The Overview tab: the period picker, totals (visitors, views, online now), the chart, and the lists (pages,
 * referrers, browsers / OS / devices, events, link clicks, downloads), each with its CSV download.
 */

/**
 * WordPress dependencies
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { useCallback, useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { loadReport } from './api';
import { VisitsChart } from './chart';
import { exportLink, formatNumber, type ExportTable } from './format';
import { ImportPanel } from './import-panel';
import { DataTable, Section, viewColumns, type Column } from './lists';
import {
	choiceOf,
	presetRange,
	rangeProblem,
	type Range,
	type RangeChoice,
} from './range';
import { RangePicker } from './range-picker';
import type {
	DashboardConfig,
	EventRow,
	NamedRow,
	OnlinePage,
	PageRow,
	ReferrerRow,
	StatsReport,
} from './types';

interface OverviewProps {
	config: DashboardConfig;
	locale?: string;
}

type LoadState =
	| { status: 'loading' }
	| { status: 'ready'; report: StatsReport }
	| { status: 'failed'; message: string };

/**
 * The period in the address (`?page=tessera-stats&from=…&to=…`), so that a reload keeps it.
 *
 * @param today   Today.
 * @param maxDays The longest period.
 * @return The period, or the last 30 days.
 */
function initialRange( today: string, maxDays: number ): Range {
	const params = new URLSearchParams( window.location.search );
	const range = {
		from: params.get( 'from' ) ?? '',
		to: params.get( 'to' ) ?? '',
	};
	return rangeProblem( range, maxDays ) === null
		? range
		: presetRange( '30d', today );
}

/**
 * Keeps the period in the address without reloading.
 *
 * @param range The period.
 */
function rememberRange( range: Range ): void {
	const url = new URL( window.location.href );
	url.searchParams.set( 'from', range.from );
	url.searchParams.set( 'to', range.to );
	window.history.replaceState( window.history.state, '', url.href );
}

/**
 * The name of a device row ('' = not recognised).
 *
 * @param row The row.
 * @return The text.
 */
const deviceName = ( row: NamedRow ): string =>
	row.name === '' ? __( 'Unknown', 'tessera' ) : row.name;

/**
 * The tab.
 *
 * @param props        Props.
 * @param props.config Page configuration.
 * @param props.locale Language tag.
 * @return The tab.
 */
export function Overview( { config, locale }: OverviewProps ) {
	const [ range, setRange ] = useState< Range >( () =>
		initialRange( config.today, config.maxDays )
	);
	const [ choice, setChoice ] = useState< RangeChoice >( () =>
		choiceOf( range, config.today )
	);
	const [ state, setState ] = useState< LoadState >( { status: 'loading' } );
	const [ updating, setUpdating ] = useState( false );
	const [ attempt, setAttempt ] = useState( 0 );

	useEffect( () => {
		const controller = new AbortController();
		setUpdating( true );
		loadReport( range, controller.signal ).then( ( outcome ) => {
			if ( controller.signal.aborted ) {
				return;
			}
			setUpdating( false );
			setState(
				outcome.ok
					? { status: 'ready', report: outcome.value }
					: { status: 'failed', message: outcome.error.message }
			);
		} );
		return () => controller.abort();
	}, [ range, attempt ] );

	const change = useCallback( ( next: RangeChoice, nextRange: Range ) => {
		setChoice( next );
		setRange( nextRange );
		rememberRange( nextRange );
	}, [] );

	const reload = useCallback(
		() => setAttempt( ( value ) => value + 1 ),
		[]
	);

	const download = ( table: ExportTable, label: string ) => ( {
		href: exportLink( config.exportUrl, range, table, config.nonce ),
		label,
	} );

	const picker = (
		<RangePicker
			choice={ choice }
			range={ range }
			today={ config.today }
			maxDays={ config.maxDays }
			onChange={ change }
		/>
	);

	if ( state.status === 'loading' ) {
		return (
			<div className="tessera-stats__overview">
				{ picker }
				<p className="tessera-stats__loading" role="status">
					<Spinner />
					{ __( 'Loading the statistics…', 'tessera' ) }
				</p>
			</div>
		);
	}
	if ( state.status === 'failed' ) {
		return (
			<div className="tessera-stats__overview">
				{ picker }
				<Notice status="error" isDismissible={ false }>
					<p>{ state.message }</p>
					<Button variant="secondary" onClick={ reload }>
						{ __( 'Try again', 'tessera' ) }
					</Button>
				</Notice>
			</div>
		);
	}

	const { report } = state;
	const empty = report.totals.views === 0 && report.totals.visitors === 0;
	const referrerTotal = report.referrers.reduce(
		( sum, row ) => sum + row.views,
		0
	);
	const deviceTotal = report.devices.reduce(
		( sum, row ) => sum + row.views,
		0
	);

	const pageColumns: Array< Column< PageRow > > = [
		{
			title: __( 'Page', 'tessera' ),
			cell: ( row ) => (
				<>
					{ row.url ? (
						<a href={ row.url }>{ row.title || row.page_uri }</a>
					) : (
						row.title || row.page_uri
					) }
					{ row.title && (
						<span className="tessera-stats__uri">
							{ row.page_uri }
						</span>
					) }
				</>
			),
		},
		{
			title: __( 'Views', 'tessera' ),
			numeric: true,
			cell: ( row ) => formatNumber( row.views, locale ),
		},
		{
			title: __( 'Visitors', 'tessera' ),
			numeric: true,
			cell: ( row ) => formatNumber( row.visitors, locale ),
		},
	];
	const referrerColumns: Array< Column< ReferrerRow > > = [
		{
			title: __( 'Referrer', 'tessera' ),
			cell: ( row ) =>
				row.host === ''
					? __( 'Direct or unknown', 'tessera' )
					: row.host,
		},
		...viewColumns< ReferrerRow >( referrerTotal, locale ),
	];
	const namedColumns = (
		title: string,
		total: number
	): Array< Column< NamedRow > > => [
		{ title, cell: deviceName },
		...viewColumns< NamedRow >( total, locale ),
	];
	const eventColumns = (
		name: string,
		target: string,
		count: string
	): Array< Column< EventRow > > => [
		{ title: name, cell: ( row ) => row.name },
		{
			title: target,
			cell: ( row ) => (
				<span className="tessera-stats__target">{ row.target }</span>
			),
		},
		{
			title: count,
			numeric: true,
			cell: ( row ) => formatNumber( row.count, locale ),
		},
	];
	const onlineColumns: Array< Column< OnlinePage > > = [
		{ title: __( 'Page', 'tessera' ), cell: ( row ) => row.page_uri },
		{
			title: __( 'Visitors', 'tessera' ),
			numeric: true,
			cell: ( row ) => formatNumber( row.visitors, locale ),
		},
	];
	const eventKey = ( row: EventRow, index: number ) =>
		`${ index }-${ row.name }-${ row.target }`;

	return (
		<div className="tessera-stats__overview" aria-busy={ updating }>
			{ picker }
			<div role="status" className="screen-reader-text">
				{ updating ? __( 'Updating the statistics…', 'tessera' ) : '' }
			</div>
			<dl className="tessera-stats__totals">
				<div>
					<dt>{ __( 'Visitors', 'tessera' ) }</dt>
					<dd data-total="visitors">
						{ formatNumber( report.totals.visitors, locale ) }
					</dd>
				</div>
				<div>
					<dt>{ __( 'Views', 'tessera' ) }</dt>
					<dd data-total="views">
						{ formatNumber( report.totals.views, locale ) }
					</dd>
				</div>
				<div>
					<dt>{ __( 'Online now', 'tessera' ) }</dt>
					<dd data-total="online">
						{ formatNumber( report.online.count, locale ) }
					</dd>
				</div>
			</dl>
			{ empty && (
				<Notice status="info" isDismissible={ false }>
					{ __( 'No visits yet in this period.', 'tessera' ) }
				</Notice>
			) }
			{ config.canManage && (
				<ImportPanel locale={ locale } onImported={ reload } />
			) }
			<VisitsChart daily={ report.daily } locale={ locale } />

			<div className="tessera-stats__grid">
				<Section
					id="tessera-stats-pages"
					title={ __( 'Top pages', 'tessera' ) }
					download={ download(
						'pages',
						__( 'Download pages as CSV', 'tessera' )
					) }
				>
					<DataTable
						caption={ __( 'Top pages', 'tessera' ) }
						columns={ pageColumns }
						rows={ report.pages }
						rowKey={ ( row, index ) =>
							`${ index }-${ row.page_uri }`
						}
					/>
				</Section>
				<Section
					id="tessera-stats-referrers"
					title={ __( 'Referrers', 'tessera' ) }
					download={ download(
						'referrers',
						__( 'Download referrers as CSV', 'tessera' )
					) }
				>
					<DataTable
						caption={ __( 'Referrers', 'tessera' ) }
						columns={ referrerColumns }
						rows={ report.referrers }
						rowKey={ ( row ) => row.host }
					/>
				</Section>
				<Section
					id="tessera-stats-online"
					title={ __( 'Online now', 'tessera' ) }
				>
					<DataTable
						caption={ __( 'Pages visitors are on now', 'tessera' ) }
						columns={ onlineColumns }
						rows={ report.online.pages }
						rowKey={ ( row, index ) =>
							`${ index }-${ row.page_uri }`
						}
					/>
				</Section>
				<Section
					id="tessera-stats-devices"
					title={ __( 'Browsers, systems and devices', 'tessera' ) }
					download={ download(
						'devices',
						__(
							'Download browsers, systems and devices as CSV',
							'tessera'
						)
					) }
				>
					<h3>{ __( 'Browsers', 'tessera' ) }</h3>
					<DataTable
						caption={ __( 'Browsers', 'tessera' ) }
						columns={ namedColumns(
							__( 'Browser', 'tessera' ),
							deviceTotal
						) }
						rows={ report.browsers }
						rowKey={ ( row ) => row.name }
					/>
					<h3>{ __( 'Operating systems', 'tessera' ) }</h3>
					<DataTable
						caption={ __( 'Operating systems', 'tessera' ) }
						columns={ namedColumns(
							__( 'Operating system', 'tessera' ),
							deviceTotal
						) }
						rows={ report.os }
						rowKey={ ( row ) => row.name }
					/>
					<h3>{ __( 'Device types', 'tessera' ) }</h3>
					<DataTable
						caption={ __( 'Device types', 'tessera' ) }
						columns={ namedColumns(
							__( 'Device', 'tessera' ),
							deviceTotal
						) }
						rows={ report.devices }
						rowKey={ ( row ) => row.name }
					/>
				</Section>
				<Section
					id="tessera-stats-events"
					title={ __( 'Events', 'tessera' ) }
					download={ download(
						'events',
						__(
							'Download events, link clicks and downloads as CSV',
							'tessera'
						)
					) }
				>
					<h3>{ __( 'Custom events', 'tessera' ) }</h3>
					<DataTable
						caption={ __( 'Custom events', 'tessera' ) }
						columns={ eventColumns(
							__( 'Event', 'tessera' ),
							__( 'Data', 'tessera' ),
							__( 'Count', 'tessera' )
						) }
						rows={ report.events }
						rowKey={ eventKey }
					/>
					<h3>{ __( 'Link clicks', 'tessera' ) }</h3>
					<DataTable
						caption={ __( 'Link clicks', 'tessera' ) }
						columns={ eventColumns(
							__( 'Event', 'tessera' ),
							__( 'Link', 'tessera' ),
							__( 'Clicks', 'tessera' )
						) }
						rows={ report.clicks }
						rowKey={ eventKey }
					/>
					<h3>{ __( 'Downloads', 'tessera' ) }</h3>
					<DataTable
						caption={ __( 'Downloads', 'tessera' ) }
						columns={ eventColumns(
							__( 'Event', 'tessera' ),
							__( 'File', 'tessera' ),
							__( 'Downloads', 'tessera' )
						) }
						rows={ report.downloads }
						rowKey={ eventKey }
					/>
				</Section>
			</div>
		</div>
	);
}
