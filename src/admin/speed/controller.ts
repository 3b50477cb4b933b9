/**
 * The page-speed check on an admin or front-end page: list-column cells and
 * the admin bar node, driven by the page-wide in-progress state (contract
 * §Client behaviour, spec §4).
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { checkScore, notifCheck } from '../../lib/speed/ajax';
import type { CountUpOptions } from '../../lib/speed/count-up';
import { formatFailure, formatScores } from '../../lib/speed/format';
import { transportFailureMessage } from '../../lib/speed/messages';
import {
	getProgress,
	initProgress,
	onProgress,
	setProgress,
} from '../../lib/speed/progress';
import { reportFromResult } from '../../lib/speed/report';
import type {
	CheckOutcome,
	NotifOutcome,
	ProgressState,
	SpeedConfig,
} from '../../lib/speed/types';
import { setupAdminBar } from './admin-bar';
import {
	CELL_SELECTOR,
	CHECK_SELECTOR,
	cellPostId,
	cellState,
	renderCell,
	setOtherCheckRunning,
} from './cell';
import { announce, setDisabled } from './dom';
import { startNotifPoll } from './poll';

/** Dependencies of the speed UI; everything but `config` has a default. */
export interface SpeedUiOptions {
	config: SpeedConfig;
	/** Runs a score check (default: `checkScore`). */
	check?: ( postId: number ) => Promise< CheckOutcome >;
	/** Runs a notification check (default: `notifCheck`). */
	notif?: () => Promise< NotifOutcome >;
	/** Count-up options of fresh circles (default: 1200 ms, user's motion preference). */
	animation?: CountUpOptions;
}

/** Class that hides a cell's hover/focus container after Escape. */
export const CLOSED_CLASS = 'tessera-speed--closed';

/**
 * Starts the speed UI on the current document.
 *
 * @param options Configuration and dependencies.
 * @return A function that removes every listener and stops polling.
 */
export function startSpeedUi( options: SpeedUiOptions ): () => void {
	const { config, animation = {} } = options;
	const check =
		options.check ?? ( ( postId: number ) => checkScore( postId, config ) );
	const cells = (): HTMLElement[] =>
		Array.from( document.querySelectorAll< HTMLElement >( CELL_SELECTOR ) );
	/** Cells whose check this page started and that have not been updated yet. */
	const running = new Set< HTMLElement >();
	const bar = setupAdminBar( config.galleryLink, config.postId );
	const initial = initProgress( config );

	const sync = ( { inProgress }: ProgressState ): void => {
		for ( const cell of cells() ) {
			if (
				! inProgress &&
				cellState( cell ) === 'checking' &&
				! running.has( cell )
			) {
				// A check started elsewhere has ended; its result is on the server.
				renderCell( cell, { state: 'not-optimized' } );
			}
			setOtherCheckRunning(
				cell,
				inProgress && cellState( cell ) !== 'checking'
			);
			cell.querySelectorAll< HTMLElement >( CHECK_SELECTOR ).forEach(
				( button ) => setDisabled( button, inProgress )
			);
		}
		bar?.sync( inProgress );
	};

	const run = async ( postId: number, fromBar: boolean ): Promise< void > => {
		if ( getProgress().inProgress || ! postId ) {
			return;
		}
		const targets = cells().filter(
			( cell ) => cellPostId( cell ) === postId
		);
		// Keyboard focus on the clicked button comes back to the cell afterwards.
		const focusCell = targets.find( ( cell ) => {
			const focused = cell.ownerDocument.activeElement;
			return (
				focused &&
				cell.contains( focused ) &&
				focused.matches( ':focus-visible' )
			);
		} );
		for ( const cell of targets ) {
			running.add( cell );
			renderCell( cell, { state: 'checking' } );
			announce( cell, __( 'Checking…', 'tessera' ) );
		}
		if ( fromBar ) {
			bar?.checking();
		}
		setProgress( true, postId );
		let outcome: CheckOutcome;
		try {
			outcome = await check( postId );
		} catch {
			outcome = { ok: false, message: transportFailureMessage() };
		}
		setProgress( false, postId );
		const report = outcome.ok ? reportFromResult( outcome.result ) : null;
		const message = outcome.ok ? '' : outcome.message;
		for ( const cell of targets ) {
			running.delete( cell );
			renderCell(
				cell,
				report
					? { state: 'optimized', report, animate: animation }
					: { state: 'failed', message }
			);
			announce(
				cell,
				report ? formatScores( report ) : formatFailure( message )
			);
		}
		if ( focusCell ) {
			const retry = focusCell.querySelector< HTMLElement >(
				'.tessera-speed__retry'
			);
			focusCell.tabIndex = -1;
			( retry ?? focusCell ).focus();
		}
		if ( report && ( fromBar || postId === bar?.postId ) ) {
			bar?.succeeded( report, animation );
		} else if ( fromBar && ! report ) {
			bar?.failed( message );
		}
	};

	const onClick = ( event: MouseEvent ): void => {
		const target = event.target as Element;
		const cell = target.closest?.< HTMLElement >( CELL_SELECTOR );
		const button = target.closest?.( 'button' );
		if ( cell && button?.matches( CHECK_SELECTOR ) ) {
			run( cellPostId( cell ), false );
		} else if ( cell && button?.closest( '.tessera-speed__dismiss' ) ) {
			// Dismissing a failure is client-only: back to "not optimized".
			renderCell( cell, { state: 'not-optimized' } );
			announce( cell, '' );
			sync( getProgress() );
			cell.querySelector< HTMLElement >(
				'.tessera-speed__check'
			)?.focus();
		} else if ( bar?.trigger?.contains( target ) ) {
			event.preventDefault();
			run( bar.postId, true );
		}
	};

	// Escape hides a hover/focus container without moving focus (WCAG 1.4.13);
	// it shows again on the next focus change or once the pointer left the cell.
	const onKeydown = ( event: KeyboardEvent ): void => {
		if ( event.key === 'Escape' ) {
			( event.target as Element )
				.closest?.( CELL_SELECTOR )
				?.classList.add( CLOSED_CLASS );
		}
	};
	const reopen = ( event: FocusEvent | MouseEvent ): void => {
		const cell = ( event.target as Element ).closest?.( CELL_SELECTOR );
		if (
			event.type === 'focusin' ||
			! cell?.contains( event.relatedTarget as Node )
		) {
			cell?.classList.remove( CLOSED_CLASS );
		}
	};

	if ( initial.inProgress ) {
		for ( const cell of cells() ) {
			if ( cellPostId( cell ) === initial.postId ) {
				renderCell( cell, { state: 'checking' } );
			}
		}
	}
	sync( initial );
	const stopListening = onProgress( sync );
	const stopPolling = initial.inProgress
		? startNotifPoll(
				options.notif ?? ( () => notifCheck( config ) ),
				config.pollInterval,
				( answer ) => {
					bar?.notify( answer.html );
					if ( answer.changeLogo ) {
						setProgress( false, initial.postId );
					}
				}
			)
		: () => {};
	const listeners = [
		[ 'click', onClick ],
		[ 'keydown', onKeydown ],
		[ 'focusin', reopen ],
		[ 'mouseout', reopen ],
	] as const;
	for ( const [ type, listener ] of listeners ) {
		document.addEventListener( type, listener as EventListener );
	}
	return () => {
		stopListening();
		stopPolling();
		for ( const [ type, listener ] of listeners ) {
			document.removeEventListener( type, listener as EventListener );
		}
	};
}
