/**
 * Visitors and views per day: a uPlot line chart (canvas, hidden from assistive technology) and the same data as
 * a table, always available to screen readers and shown on request.
 */

/**
 * External dependencies
 */
import uPlot from 'uplot';

/**
 * WordPress dependencies
 */
import { Button } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { chartData, formatCompact, formatDay, formatNumber } from './format';
import { formatDayKey } from './range';
import type { DailyRow } from './types';

/** Colours of the two lines (3:1 or more against white; views also dashed). */
const VISITORS_COLOUR = '#2271b1';
const VIEWS_COLOUR = '#b26200';
const HEIGHT = 260;
const DAY = 86400;

interface ChartProps {
	daily: DailyRow[];
	locale?: string;
}

/**
 * The uPlot chart, drawn into a div that follows its container's width.
 *
 * @param props        Props.
 * @param props.daily  The days.
 * @param props.locale Language tag.
 * @return The chart's container.
 */
function Plot( { daily, locale }: ChartProps ) {
	const container = useRef< HTMLDivElement >( null );

	useEffect( () => {
		const element = container.current;
		if ( ! element ) {
			return;
		}
		const width = () => Math.max( element.clientWidth, 280 );
		const dayLabel = ( seconds: number ) =>
			formatDay( formatDayKey( seconds * 1000 ), locale, 'short' );
		const plot = new uPlot(
			{
				width: width(),
				height: HEIGHT,
				tzDate: ( seconds ) =>
					uPlot.tzDate( new Date( seconds * 1000 ), 'Etc/UTC' ),
				cursor: { drag: { x: false, y: false } },
				scales: {
					x: { time: true },
					y: {
						range: ( _self, _min, max ) => [
							0,
							max > 0 ? Math.ceil( max * 1.1 ) : 1,
						],
					},
				},
				axes: [
					{
						space: 64,
						incrs: [ 1, 2, 7, 14, 30, 61, 91, 182, 365 ].map(
							( days ) => days * DAY
						),
						values: ( _self, splits ) =>
							splits.map( ( seconds ) => dayLabel( seconds ) ),
					},
					{
						values: ( _self, splits ) =>
							splits.map( ( value ) =>
								Number.isInteger( value )
									? formatCompact( value, locale )
									: ''
							),
					},
				],
				series: [
					{
						label: __( 'Day', 'tessera' ),
						value: ( _self, seconds ) =>
							seconds === null ? '' : dayLabel( seconds ),
					},
					{
						label: __( 'Visitors', 'tessera' ),
						stroke: VISITORS_COLOUR,
						fill: 'rgba(34, 113, 177, 0.08)',
						width: 2,
						value: ( _self, value ) =>
							value === null
								? '–'
								: formatNumber( value, locale ),
					},
					{
						label: __( 'Views', 'tessera' ),
						stroke: VIEWS_COLOUR,
						width: 2,
						dash: [ 6, 4 ],
						value: ( _self, value ) =>
							value === null
								? '–'
								: formatNumber( value, locale ),
					},
				],
			},
			chartData( daily ),
			element
		);
		const observer =
			typeof ResizeObserver === 'undefined'
				? null
				: new ResizeObserver( () =>
						plot.setSize( { width: width(), height: HEIGHT } )
					);
		observer?.observe( element );
		return () => {
			observer?.disconnect();
			plot.destroy();
		};
	}, [ daily, locale ] );

	return (
		<div
			ref={ container }
			className="tessera-stats__plot"
			aria-hidden="true"
		/>
	);
}

/**
 * The chart and its table.
 *
 * @param props        Props.
 * @param props.daily  The days.
 * @param props.locale Language tag.
 * @return The figure.
 */
export function VisitsChart( { daily, locale }: ChartProps ) {
	const [ tableShown, setTableShown ] = useState( false );
	const first = daily[ 0 ];
	const last = daily[ daily.length - 1 ];
	const caption =
		first && last
			? sprintf(
					/* translators: 1: first day, 2: last day. */
					__( 'Visitors and views per day, %1$s to %2$s', 'tessera' ),
					formatDay( first.day, locale ),
					formatDay( last.day, locale )
				)
			: __( 'Visitors and views per day', 'tessera' );
	return (
		<figure className="tessera-stats__chart">
			<figcaption className="tessera-stats__chart-caption">
				<span>{ caption }</span>
				<Button
					variant="link"
					onClick={ () => setTableShown( ! tableShown ) }
				>
					{ tableShown
						? __( 'Hide the table', 'tessera' )
						: __( 'Show as table', 'tessera' ) }
				</Button>
			</figcaption>
			<Plot daily={ daily } locale={ locale } />
			{ /* Scrollable when shown: focusable so that it scrolls from the keyboard. */ }
			<div
				className={
					tableShown
						? 'tessera-stats__chart-table'
						: 'screen-reader-text'
				}
				role={ tableShown ? 'region' : undefined }
				aria-label={ tableShown ? caption : undefined }
				tabIndex={ tableShown ? 0 : undefined }
			>
				<table className="widefat striped">
					<caption className="screen-reader-text">
						{ caption }
					</caption>
					<thead>
						<tr>
							<th scope="col">{ __( 'Day', 'tessera' ) }</th>
							<th scope="col" className="tessera-stats__number">
								{ __( 'Visitors', 'tessera' ) }
							</th>
							<th scope="col" className="tessera-stats__number">
								{ __( 'Views', 'tessera' ) }
							</th>
						</tr>
					</thead>
					<tbody>
						{ daily.map( ( row ) => (
							<tr key={ row.day }>
								<th scope="row">
									{ formatDay( row.day, locale ) }
								</th>
								<td className="tessera-stats__number">
									{ formatNumber( row.visitors, locale ) }
								</td>
								<td className="tessera-stats__number">
									{ formatNumber( row.views, locale ) }
								</td>
							</tr>
						) ) }
					</tbody>
				</table>
			</div>
		</figure>
	);
}
