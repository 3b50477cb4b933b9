/**
 * The notification poll (spec §4, §8, §9: every 30000 ms until non-empty html or a failure).
 */

/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import { startSpeedUi } from '../../../src/admin/speed/controller';
import { startNotifPoll } from '../../../src/admin/speed/poll';
import { getProgress } from '../../../src/lib/speed/progress';
import type { NotifOutcome } from '../../../src/lib/speed/types';
import {
	CONFIG,
	adminBarNode,
	notOptimizedCell,
	pendingChecks,
} from './helpers';

/**
 * A notification check that gives the queued answers in order, then fails.
 *
 * @param answers Answers of the successive calls.
 * @return The mock.
 */
const answering = ( ...answers: NotifOutcome[] ) =>
	jest.fn(
		async (): Promise< NotifOutcome > => answers.shift() ?? { ok: false }
	);

describe( 'startNotifPoll', () => {
	beforeEach( () => {
		jest.useFakeTimers();
	} );
	afterEach( () => {
		jest.useRealTimers();
	} );

	it( 'polls first after 30000 ms, then every 30000 ms while html is empty', async () => {
		const notif = answering(
			{ ok: true, html: '', changeLogo: false },
			{ ok: true, html: '', changeLogo: false },
			{ ok: true, html: '', changeLogo: false }
		);
		const onDone = jest.fn();
		startNotifPoll( notif, 30000, onDone );

		await jest.advanceTimersByTimeAsync( 29999 );
		expect( notif ).not.toHaveBeenCalled();
		await jest.advanceTimersByTimeAsync( 1 );
		expect( notif ).toHaveBeenCalledTimes( 1 );
		await jest.advanceTimersByTimeAsync( 29999 );
		expect( notif ).toHaveBeenCalledTimes( 1 );
		await jest.advanceTimersByTimeAsync( 1 );
		expect( notif ).toHaveBeenCalledTimes( 2 );
		await jest.advanceTimersByTimeAsync( 30000 );
		expect( notif ).toHaveBeenCalledTimes( 3 );
		expect( onDone ).not.toHaveBeenCalled();
	} );

	it( 'stops on the first answer with html and hands it over', async () => {
		const notif = answering(
			{ ok: true, html: '', changeLogo: false },
			{ ok: true, html: '<p>Finished.</p>', changeLogo: true },
			{ ok: true, html: '', changeLogo: false }
		);
		const onDone = jest.fn();
		startNotifPoll( notif, 30000, onDone );

		await jest.advanceTimersByTimeAsync( 60000 );
		expect( onDone ).toHaveBeenCalledTimes( 1 );
		expect( onDone ).toHaveBeenCalledWith( {
			ok: true,
			html: '<p>Finished.</p>',
			changeLogo: true,
		} );
		await jest.advanceTimersByTimeAsync( 120000 );
		expect( notif ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'stops silently when a request fails', async () => {
		const notif = answering( { ok: true, html: '', changeLogo: false } );
		const onDone = jest.fn();
		startNotifPoll( notif, 30000, onDone );

		await jest.advanceTimersByTimeAsync( 60000 );
		expect( notif ).toHaveBeenCalledTimes( 2 );
		await jest.advanceTimersByTimeAsync( 120000 );
		expect( notif ).toHaveBeenCalledTimes( 2 );
		expect( onDone ).not.toHaveBeenCalled();
	} );

	it( 'stops when a request throws', async () => {
		const notif = jest.fn( async (): Promise< NotifOutcome > => {
			throw new Error( 'offline' );
		} );
		startNotifPoll( notif, 30000, jest.fn() );
		await jest.advanceTimersByTimeAsync( 120000 );
		expect( notif ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'can be stopped', async () => {
		const notif = answering();
		const stop = startNotifPoll( notif, 30000, jest.fn() );
		stop();
		await jest.advanceTimersByTimeAsync( 60000 );
		expect( notif ).not.toHaveBeenCalled();
	} );
} );

describe( 'a page loaded while a check runs', () => {
	let stop: () => void = () => {};

	beforeEach( () => {
		jest.useFakeTimers();
		delete window.tesseraSpeedProgress;
		document.body.innerHTML =
			adminBarNode( 0, 'tessera-speed-ab--optimizing' ) +
			`<table><tbody>${ notOptimizedCell( 5 ) }</tbody></table>`;
	} );
	afterEach( () => {
		stop();
		jest.useRealTimers();
		document.body.innerHTML = '';
	} );

	const start = (
		notif: () => Promise< NotifOutcome >,
		inProgress = true
	) => {
		stop = startSpeedUi( {
			config: {
				...CONFIG,
				inProgress,
				inProgressPostId: inProgress ? 9 : 0,
			},
			check: pendingChecks().check,
			notif,
		} );
	};
	const node = () => document.getElementById( 'wp-admin-bar-tessera-speed' );
	const checkButton = () =>
		document.querySelector< HTMLButtonElement >( '.tessera-speed__check' );

	it( 'shows the html in the admin bar and re-enables checks when the logo changes', async () => {
		start(
			answering(
				{ ok: true, html: '', changeLogo: false },
				{
					ok: true,
					html: '<p>Speed check <strong>finished</strong>.</p><script>window.hacked = true</script>',
					changeLogo: true,
				}
			)
		);
		expect( checkButton()?.disabled ).toBe( true );

		await jest.advanceTimersByTimeAsync( 30000 );
		expect(
			node()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( true );
		await jest.advanceTimersByTimeAsync( 30000 );

		const notice = document.getElementById(
			'wp-admin-bar-tessera-speed-notif'
		);
		expect( notice?.textContent ).toContain( 'Speed check finished.' );
		expect( notice?.querySelector( 'script, strong' ) ).toBeNull();
		expect(
			node()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( false );
		expect( checkButton()?.disabled ).toBe( false );
		expect( getProgress().inProgress ).toBe( false );
	} );

	it( 'keeps checks disabled when the answer does not change the logo', async () => {
		start(
			answering( {
				ok: true,
				html: '<p>Still busy.</p>',
				changeLogo: false,
			} )
		);
		await jest.advanceTimersByTimeAsync( 30000 );
		expect(
			document.getElementById( 'wp-admin-bar-tessera-speed-notif' )
				?.textContent
		).toBe( 'Still busy.' );
		expect( checkButton()?.disabled ).toBe( true );
	} );

	it( 'stops polling silently on a failure, leaving the page as it was', async () => {
		const notif = answering();
		start( notif );
		await jest.advanceTimersByTimeAsync( 90000 );
		expect( notif ).toHaveBeenCalledTimes( 1 );
		expect(
			document.getElementById( 'wp-admin-bar-tessera-speed-notif' )
		).toBeNull();
	} );

	it( 'does not poll when no check was running at load', async () => {
		const notif = answering();
		start( notif, false );
		await jest.advanceTimersByTimeAsync( 90000 );
		expect( notif ).not.toHaveBeenCalled();
	} );
} );
