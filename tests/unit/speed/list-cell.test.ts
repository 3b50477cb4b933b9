/**
 * The list-column state machine (contract §Client behaviour, spec §4, §8).
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import { getProgress } from '../../../src/lib/speed/progress';
import {
	CONFIG,
	adminBarNode,
	flush,
	notOptimizedCell,
	result,
	useSpeedUi,
} from './helpers';

const cell = ( postId: number ): HTMLElement => {
	const element = document.querySelector< HTMLElement >(
		`.tessera-speed[data-post_id="${ postId }"]`
	);
	if ( ! element ) {
		throw new Error( `No cell for post ${ postId }` );
	}
	return element;
};
const buttonIn = ( postId: number, selector: string ): HTMLButtonElement => {
	const button =
		cell( postId ).querySelector< HTMLButtonElement >( selector );
	if ( ! button ) {
		throw new Error( `No ${ selector } in cell ${ postId }` );
	}
	return button;
};
const liveText = ( postId: number ): string =>
	cell( postId ).querySelector( '[aria-live="polite"]' )?.textContent ?? '';
const adminBar = (): HTMLElement | null =>
	document.getElementById( 'wp-admin-bar-tessera-speed' );

describe( 'speed score cells', () => {
	const start = useSpeedUi(
		adminBarNode( 0 ) +
			`<table><tbody>${ notOptimizedCell( 12 ) }${ notOptimizedCell(
				13
			) }</tbody></table>`
	);

	it( 'click: the cell is checking, other checks are disabled, the admin bar is optimizing', () => {
		const { check } = start();
		buttonIn( 12, '.tessera-speed__check' ).click();

		expect( check ).toHaveBeenCalledWith( 12 );
		expect( cell( 12 ).dataset.state ).toBe( 'checking' );
		expect(
			cell( 12 ).querySelector( '.tessera-speed__spinner' )
		).not.toBeNull();
		expect( liveText( 12 ) ).toBe( 'Checking…' );
		expect( buttonIn( 13, '.tessera-speed__check' ).disabled ).toBe( true );
		expect(
			cell( 13 ).querySelector( '.tessera-speed__disabled' )?.textContent
		).toBe( 'Another check is running.' );
		expect(
			adminBar()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( true );
		expect( getProgress() ).toEqual( { inProgress: true, postId: 12 } );
	} );

	it( 'success: both circles, checks enabled again, announced', async () => {
		const { calls } = start();
		buttonIn( 12, '.tessera-speed__check' ).click();
		calls[ 0 ]?.resolve( { ok: true, result: result( 92, 45 ) } );
		await flush();

		expect( cell( 12 ).dataset.state ).toBe( 'optimized' );
		const circles = cell( 12 ).querySelectorAll< HTMLElement >(
			'.tessera-speed-circle'
		);
		expect(
			Array.from( circles ).map( ( circle ) => ( { ...circle.dataset } ) )
		).toEqual( [
			{
				score: '92',
				size: '56',
				thickness: '5',
				tti: '1.2',
				post_id: '12',
				device: 'desktop',
			},
			{
				score: '45',
				size: '56',
				thickness: '5',
				tti: '7.9',
				post_id: '12',
				device: 'mobile',
			},
		] );
		expect( cell( 12 ).textContent ).toContain( 'Load time 1.2 s' );
		expect( cell( 12 ).textContent ).toContain( 'Load time 7.9 s' );
		expect(
			cell( 12 ).querySelector( '.tessera-speed__details button' )
				?.textContent
		).toBe( 'Check again' );
		expect( liveText( 12 ) ).toBe( 'Desktop 92, mobile 45' );
		expect( buttonIn( 13, '.tessera-speed__check' ).disabled ).toBe(
			false
		);
		expect(
			cell( 13 ).querySelector( '.tessera-speed__disabled' )
		).toBeNull();
		expect(
			adminBar()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( false );
		expect( getProgress() ).toEqual( { inProgress: false, postId: 12 } );
	} );

	it( 'success: the details container lists the measurements', async () => {
		const { calls } = start();
		buttonIn( 12, '.tessera-speed__check' ).click();
		const device = {
			score: 92,
			tti: 1.2,
			lcp: 2.5,
			cls: 0.1,
			tbt: 300,
			field: null,
		};
		calls[ 0 ]?.resolve( {
			ok: true,
			result: {
				...result( 92, 45 ),
				metrics: { desktop: device, mobile: { ...device, score: 45 } },
			},
		} );
		await flush();

		const details = cell( 12 ).querySelector( '.tessera-speed__details' );
		expect( details?.querySelector( 'caption' )?.textContent ).toBe(
			'Lab data'
		);
		expect(
			Array.from(
				details?.querySelectorAll( ':scope tbody tr' ) ?? []
			).map( ( row ) => row.textContent )
		).toEqual( [ 'LCP2.5 s2.5 s', 'CLS0.100.10', 'TBT300 ms300 ms' ] );
		expect( cell( 12 ).textContent ).toMatch( /Checked .*2026/ );
	} );

	it( 'failure: reload icon with the message in the dismiss container, retry checks again', async () => {
		const { check, calls } = start();
		buttonIn( 12, '.tessera-speed__check' ).click();
		calls[ 0 ]?.resolve( {
			ok: false,
			message: 'PageSpeed Insights answered with an error (HTTP 500).',
		} );
		await flush();

		expect( cell( 12 ).dataset.state ).toBe( 'failed' );
		const retry = buttonIn( 12, '.tessera-speed__retry' );
		expect( retry.getAttribute( 'aria-label' ) ).toBe(
			'Check failed. Check again'
		);
		expect( retry.querySelector( 'svg' ) ).not.toBeNull();
		expect( retry.textContent ).toBe( '' );
		expect(
			cell( 12 ).querySelector( '.tessera-speed__dismiss' )?.textContent
		).toContain( 'PageSpeed Insights answered with an error (HTTP 500).' );
		expect(
			cell( 12 ).querySelector( '.tessera-speed-circle' )
		).toBeNull();
		expect( buttonIn( 13, '.tessera-speed__check' ).disabled ).toBe(
			false
		);
		expect( getProgress().inProgress ).toBe( false );
		expect(
			adminBar()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( false );

		retry.click();
		expect( check ).toHaveBeenCalledTimes( 2 );
		expect( cell( 12 ).dataset.state ).toBe( 'checking' );
		calls[ 1 ]?.resolve( { ok: true, result: result( 95, 30 ) } );
		await flush();
		expect( cell( 12 ).dataset.state ).toBe( 'optimized' );
	} );

	it( 'a check that throws is a failure too, never stuck in checking', async () => {
		const { calls } = start();
		buttonIn( 12, '.tessera-speed__check' ).click();
		calls[ 0 ]?.reject( new Error( 'network down' ) );
		await flush();

		expect( cell( 12 ).dataset.state ).toBe( 'failed' );
		expect( getProgress().inProgress ).toBe( false );
		expect( buttonIn( 13, '.tessera-speed__check' ).disabled ).toBe(
			false
		);
	} );

	it( 'ignores a second check while one runs', () => {
		const { check } = start();
		buttonIn( 12, '.tessera-speed__check' ).click();
		buttonIn( 13, '.tessera-speed__check' ).click();
		expect( check ).toHaveBeenCalledTimes( 1 );
		expect( cell( 13 ).dataset.state ).toBe( 'not-optimized' );
	} );

	it( 'dismissing a failure brings back the check button', async () => {
		const { calls } = start();
		buttonIn( 12, '.tessera-speed__check' ).click();
		calls[ 0 ]?.resolve( { ok: false, message: 'Nope.' } );
		await flush();

		buttonIn( 12, '.tessera-speed__dismiss button' ).click();
		expect( cell( 12 ).dataset.state ).toBe( 'not-optimized' );
		expect( cell( 12 ).textContent ).not.toContain( 'Nope.' );
		expect( buttonIn( 12, '.tessera-speed__check' ).disabled ).toBe(
			false
		);
	} );

	it( 'disables every check at load when a check is already running', () => {
		start( { ...CONFIG, inProgress: true, inProgressPostId: 12 } );

		expect( cell( 12 ).dataset.state ).toBe( 'checking' );
		expect( buttonIn( 13, '.tessera-speed__check' ).disabled ).toBe( true );
		expect(
			cell( 13 ).querySelector( '.tessera-speed__disabled' )
		).not.toBeNull();
		expect(
			adminBar()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( true );
	} );

	it( 'follows checks started by another bundle (the editor sidebar)', async () => {
		start();
		const { setProgress } =
			await import( '../../../src/lib/speed/progress' );
		setProgress( true, 40 );
		expect( buttonIn( 12, '.tessera-speed__check' ).disabled ).toBe( true );
		setProgress( false, 40 );
		expect( buttonIn( 12, '.tessera-speed__check' ).disabled ).toBe(
			false
		);
	} );

	it( 'Escape hides the open container until focus moves', async () => {
		const { calls } = start();
		buttonIn( 12, '.tessera-speed__check' ).click();
		calls[ 0 ]?.resolve( { ok: false, message: 'Nope.' } );
		await flush();

		const retry = buttonIn( 12, '.tessera-speed__retry' );
		retry.focus();
		retry.dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
		);
		expect( cell( 12 ).classList.contains( 'tessera-speed--closed' ) ).toBe(
			true
		);
		buttonIn( 12, '.tessera-speed__dismiss button' ).focus();
		expect( cell( 12 ).classList.contains( 'tessera-speed--closed' ) ).toBe(
			false
		);
	} );

	it( 'gives keyboard focus back to the cell after the check', async () => {
		const { calls } = start();
		const button = buttonIn( 12, '.tessera-speed__check' );
		button.focus();
		button.click();
		calls[ 0 ]?.resolve( { ok: false, message: 'Nope.' } );
		await flush();
		expect( cell( 12 ).ownerDocument.activeElement ).toBe(
			buttonIn( 12, '.tessera-speed__retry' )
		);
	} );
} );
