/**
 * The "Page speed" more-menu route and its fallback (spec §2, §8).
 */

/**
 * External dependencies
 */
import { describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	DOCUMENT_AREA,
	SIDEBAR_AREA,
	openSpeedSidebar,
	type SidebarRegistry,
} from '../../../src/editor/speed-sidebar/open-sidebar';

/**
 * A fake registry with `core/interface` and the stores that have
 * `openGeneralSidebar`; every call is logged.
 *
 * @param options                   How the fake behaves.
 * @param options.enableThrows      `enableComplementaryArea` throws this many times.
 * @param options.enableIgnored     `enableComplementaryArea` does nothing this many times.
 * @param options.generalSidebarsIn The stores that have `openGeneralSidebar`.
 * @return The registry and the log.
 */
function fakeRegistry( {
	enableThrows = 0,
	enableIgnored = 0,
	generalSidebarsIn = [ 'core/edit-post' ],
}: {
	enableThrows?: number;
	enableIgnored?: number;
	generalSidebarsIn?: string[];
} ) {
	const log: string[] = [];
	let active: string | null = null;
	const open = ( store: string ) =>
		jest.fn( ( name: string ) => {
			log.push( `${ store } openGeneralSidebar ${ name }` );
			active = name;
		} );
	const stores: Record< string, object > = {
		'core/interface': {
			enableComplementaryArea: ( scope: string, area: string ) => {
				log.push( `enableComplementaryArea ${ scope } ${ area }` );
				if ( enableThrows > 0 ) {
					enableThrows--;
					throw new Error( 'not ready' );
				}
				if ( enableIgnored > 0 ) {
					enableIgnored--;
					return;
				}
				active = area;
			},
		},
	};
	for ( const store of generalSidebarsIn ) {
		stores[ store ] = { openGeneralSidebar: open( store ) };
	}
	const registry: SidebarRegistry = {
		dispatch: ( store ) => stores[ store ],
		select: ( store ) =>
			store === 'core/interface'
				? { getActiveComplementaryArea: () => active }
				: undefined,
	};
	return { registry, log };
}

describe( 'openSpeedSidebar', () => {
	it( 'uses the sidebar id tessera-speed/tessera-speed-sidebar', () => {
		expect( SIDEBAR_AREA ).toBe( 'tessera-speed/tessera-speed-sidebar' );
		expect( DOCUMENT_AREA ).toBe( 'edit-post/document' );
	} );

	it( 'opens the speed sidebar in the core scope', () => {
		const { registry, log } = fakeRegistry( {} );
		expect( openSpeedSidebar( registry ) ).toBe( true );
		expect( log ).toEqual( [
			'enableComplementaryArea core tessera-speed/tessera-speed-sidebar',
		] );
	} );

	it( 'when the route throws, opens the page settings first, then the speed sidebar', () => {
		const { registry, log } = fakeRegistry( { enableThrows: 1 } );
		expect( openSpeedSidebar( registry ) ).toBe( true );
		expect( log ).toEqual( [
			'enableComplementaryArea core tessera-speed/tessera-speed-sidebar',
			'core/edit-post openGeneralSidebar edit-post/document',
			'enableComplementaryArea core tessera-speed/tessera-speed-sidebar',
		] );
	} );

	it( 'when the sidebar is not open afterwards, takes the same fallback', () => {
		const { registry, log } = fakeRegistry( {
			enableIgnored: 1,
			generalSidebarsIn: [ 'core/editor', 'core/edit-post' ],
		} );
		expect( openSpeedSidebar( registry ) ).toBe( true );
		expect( log ).toEqual( [
			'enableComplementaryArea core tessera-speed/tessera-speed-sidebar',
			'core/editor openGeneralSidebar edit-post/document',
			'enableComplementaryArea core tessera-speed/tessera-speed-sidebar',
		] );
	} );

	it( 'opens the speed tab through openGeneralSidebar when core/interface keeps failing', () => {
		const { registry, log } = fakeRegistry( { enableThrows: 5 } );
		expect( openSpeedSidebar( registry ) ).toBe( true );
		expect( log.slice( -2 ) ).toEqual( [
			'enableComplementaryArea core tessera-speed/tessera-speed-sidebar',
			'core/edit-post openGeneralSidebar tessera-speed/tessera-speed-sidebar',
		] );
	} );

	it( 'never throws, even without any of the stores', () => {
		const registry: SidebarRegistry = {
			dispatch: () => {
				throw new Error( 'no store' );
			},
			select: () => undefined,
		};
		expect( openSpeedSidebar( registry ) ).toBe( false );
	} );
} );
