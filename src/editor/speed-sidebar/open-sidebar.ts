/**
 * Opening the speed sidebar from the "Page speed" more-menu item (spec §2:
 * "If that route fails, it opens the general page settings first and then
 * the optimization tab"; §8).
 */

/**
 * WordPress dependencies
 */
import { dispatch as wpDispatch, select as wpSelect } from '@wordpress/data';

/** Plugin name given to `registerPlugin`. */
export const PLUGIN_NAME = 'tessera-speed';
/** `PluginSidebar` name. */
export const SIDEBAR_NAME = 'tessera-speed-sidebar';
/** Complementary area id of the sidebar in the editor's `core` scope. */
export const SIDEBAR_AREA = `${ PLUGIN_NAME }/${ SIDEBAR_NAME }`;
/** Complementary area id of the general page settings (document tab). */
export const DOCUMENT_AREA = 'edit-post/document';

/** The part of `@wordpress/data` that opening the sidebar needs. */
export interface SidebarRegistry {
	dispatch: ( storeName: string ) => unknown;
	select: ( storeName: string ) => unknown;
}

type Method = ( ...args: string[] ) => unknown;

/**
 * The named method of a store's actions or selectors, when it has one.
 *
 * @param object A store's actions or selectors (anything).
 * @param name   Method name.
 * @return The method, bound to its object, or null.
 */
function method( object: unknown, name: string ): Method | null {
	if ( typeof object !== 'object' || object === null ) {
		return null;
	}
	const value: unknown = Reflect.get( object, name );
	return typeof value === 'function'
		? ( ...args: string[] ) => Reflect.apply( value, object, args )
		: null;
}

const defaultRegistry: SidebarRegistry = {
	dispatch: ( storeName ) => wpDispatch( storeName ),
	select: ( storeName ) => wpSelect( storeName ),
};

/**
 * Opens the speed sidebar through `core/interface`; when that throws or the
 * sidebar is not the active area afterwards, opens the general page settings
 * (`openGeneralSidebar( 'edit-post/document' )` of `core/editor`, else
 * `core/edit-post`) and then the speed sidebar again.
 *
 * @param registry The data registry (the default one in the editor).
 * @return Whether the speed sidebar is open at the end.
 */
export function openSpeedSidebar(
	registry: SidebarRegistry = defaultRegistry
): boolean {
	const isOpen = (): boolean => {
		try {
			return (
				method(
					registry.select( 'core/interface' ),
					'getActiveComplementaryArea'
				)?.( 'core' ) === SIDEBAR_AREA
			);
		} catch {
			return false;
		}
	};
	const enable = (): boolean => {
		try {
			const enableArea = method(
				registry.dispatch( 'core/interface' ),
				'enableComplementaryArea'
			);
			enableArea?.( 'core', SIDEBAR_AREA );
		} catch {
			return false;
		}
		return isOpen();
	};
	if ( enable() ) {
		return true;
	}
	// Fallback: the general page settings first, then the speed tab.
	let openGeneral: Method | null = null;
	for ( const storeName of [ 'core/editor', 'core/edit-post' ] ) {
		try {
			openGeneral = method(
				registry.dispatch( storeName ),
				'openGeneralSidebar'
			);
		} catch {
			openGeneral = null;
		}
		if ( openGeneral ) {
			break;
		}
	}
	try {
		openGeneral?.( DOCUMENT_AREA );
	} catch {
		// The speed tab is still worth a try.
	}
	if ( enable() ) {
		return true;
	}
	try {
		openGeneral?.( SIDEBAR_AREA );
	} catch {
		return false;
	}
	return isOpen();
}
