/**
 * Rendering of one list-column cell, `.tessera-speed[data-post_id][data-state]`,
 * in each of its states. The cell's live region survives every render.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { animateCircle, createCircle } from '../../lib/speed/circle';
import type { CountUpOptions } from '../../lib/speed/count-up';
import {
	deviceName,
	formatChecked,
	formatLoadTime,
	metricTables,
} from '../../lib/speed/format';
import type {
	CellState,
	SpeedDevice,
	SpeedReport,
} from '../../lib/speed/types';
import { h, liveRegion, reloadIcon } from './dom';

/** What a cell shows. */
export type CellView =
	| { state: 'not-optimized' }
	| { state: 'checking' }
	| {
			state: 'optimized';
			report: SpeedReport;
			/** Count-up options of the fresh scores. */
			animate: CountUpOptions;
	  }
	| { state: 'failed'; message: string };

/** Selector of a list-column cell. */
export const CELL_SELECTOR = '.tessera-speed[data-post_id][data-state]';
/** Selector of the buttons that start a check in a cell. */
export const CHECK_SELECTOR = '.tessera-speed__check, .tessera-speed__retry';

let messageIds = 0;

/**
 * The post id of a cell.
 *
 * @param cell The cell.
 * @return The id, or 0 when `data-post_id` is not a positive integer.
 */
export function cellPostId( cell: HTMLElement ): number {
	const id = Number( cell.dataset.post_id );
	return id > 0 && Number.isInteger( id ) ? id : 0;
}

/**
 * The state of a cell.
 *
 * @param cell The cell.
 * @return `data-state`.
 */
export const cellState = ( cell: HTMLElement ): CellState =>
	cell.dataset.state as CellState;

const checkButton = ( label: string, className: string ): HTMLButtonElement =>
	h(
		'button',
		{ type: 'button', class: className + ' tessera-speed__check' },
		label
	);

/**
 * The nodes of a state (the live region excluded).
 *
 * @param view   What to show.
 * @param postId The cell's post.
 * @return The nodes.
 */
function stateNodes( view: CellView, postId: number ): Node[] {
	if ( view.state === 'checking' ) {
		return [
			h( 'span', {
				class: 'tessera-speed__spinner',
				'aria-hidden': 'true',
			} ),
		];
	}
	if ( view.state === 'failed' ) {
		const id = 'tessera-speed-message-' + ++messageIds;
		return [
			h(
				'button',
				{
					type: 'button',
					class: 'tessera-speed__retry',
					'aria-label': __( 'Check failed. Check again', 'tessera' ),
					'aria-describedby': id,
				},
				reloadIcon()
			),
			h(
				'div',
				{ class: 'tessera-speed__dismiss' },
				h( 'p', { id }, view.message ),
				h(
					'button',
					{ type: 'button', class: 'button-link' },
					__( 'Dismiss', 'tessera' )
				)
			),
		];
	}
	if ( view.state === 'not-optimized' ) {
		return [ checkButton( __( 'Check score', 'tessera' ), 'button' ) ];
	}
	const { report } = view;
	const devices: SpeedDevice[] = [ 'desktop', 'mobile' ];
	const cells = ( tag: 'th' | 'td', values: string[] ): HTMLElement[] =>
		values.map( ( value ) =>
			h( tag, tag === 'th' ? { scope: 'col' } : {}, value )
		);
	return [
		h(
			'div',
			{ class: 'tessera-speed__scores' },
			...devices.map( ( device ) => {
				const { score, tti } = report[ device ];
				const circle = createCircle( { score, tti, postId, device } );
				animateCircle( circle, score, view.animate );
				return h(
					'div',
					{ class: 'tessera-speed__device' },
					circle,
					h(
						'span',
						{ 'aria-hidden': 'true' },
						deviceName( device ),
						h( 'br' ),
						formatLoadTime( tti )
					)
				);
			} )
		),
		h(
			'span',
			{ class: 'tessera-speed__date' },
			formatChecked( report.checkedAt )
		),
		h(
			'div',
			{ class: 'tessera-speed__details' },
			...metricTables( report ).map( ( { caption, rows } ) =>
				h(
					'table',
					{ class: 'tessera-speed__metrics' },
					h( 'caption', {}, caption ),
					h(
						'thead',
						{},
						h(
							'tr',
							{},
							...cells( 'th', [
								__( 'Metric', 'tessera' ),
								...devices.map( deviceName ),
							] )
						)
					),
					h(
						'tbody',
						{},
						...rows.map( ( [ label, ...values ] ) =>
							h(
								'tr',
								{},
								h( 'th', { scope: 'row' }, label ),
								...cells( 'td', values )
							)
						)
					)
				)
			),
			checkButton( __( 'Check again', 'tessera' ), 'button-link' )
		),
	];
}

/**
 * Renders a state into a cell: replaces everything but the live region and
 * sets `data-state`. The live region is left alone (announce separately).
 *
 * @param cell The cell.
 * @param view What to show.
 */
export function renderCell( cell: HTMLElement, view: CellView ): void {
	const region = liveRegion( cell );
	cell.replaceChildren( ...stateNodes( view, cellPostId( cell ) ), region );
	cell.dataset.state = view.state;
}

/**
 * Shows or hides the "Another check is running." container of a cell.
 *
 * @param cell    The cell.
 * @param visible Whether another check is running.
 */
export function setOtherCheckRunning(
	cell: HTMLElement,
	visible: boolean
): void {
	const existing = cell.querySelector( '.tessera-speed__disabled' );
	if ( visible && ! existing ) {
		// First child: the CSS hides the other containers after it.
		cell.prepend(
			h(
				'div',
				{ class: 'tessera-speed__disabled' },
				__( 'Another check is running.', 'tessera' )
			)
		);
	} else if ( ! visible ) {
		existing?.remove();
	}
}
