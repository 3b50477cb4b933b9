/**
 * Tiny DOM builders for the speed bundle (no framework, text only: nothing
 * here ever parses HTML).
 */

/**
 * Internal dependencies
 */
import { RELOAD_ICON } from '../../lib/speed/icons';

/** A child of `h()`: a node, a text, or nothing. */
export type Child = Node | string | false | null | undefined;

/**
 * Creates an element with attributes and children.
 *
 * @param tag        Tag name.
 * @param attributes Attributes; `class` sets the class name.
 * @param children   Nodes or texts; false, null and undefined are skipped.
 * @return The element.
 */
export function h< K extends keyof HTMLElementTagNameMap >(
	tag: K,
	attributes: Record< string, string > = {},
	...children: Child[]
): HTMLElementTagNameMap[ K ] {
	const element = document.createElement( tag );
	for ( const [ key, value ] of Object.entries( attributes ) ) {
		element.setAttribute( key, value );
	}
	for ( const child of children ) {
		if ( child ) {
			element.append( child );
		}
	}
	return element;
}

/**
 * The reload icon as an inline SVG, hidden from assistive technology.
 *
 * @return The icon.
 */
export function reloadIcon(): SVGSVGElement {
	const ns = 'http://www.w3.org/2000/svg';
	const svg = document.createElementNS( ns, 'svg' );
	svg.setAttribute( 'viewBox', RELOAD_ICON.viewBox );
	svg.setAttribute( 'aria-hidden', 'true' );
	svg.setAttribute( 'focusable', 'false' );
	const path = document.createElementNS( ns, 'path' );
	path.setAttribute( 'd', RELOAD_ICON.path );
	svg.append( path );
	return svg;
}

/**
 * Makes a control unusable (or usable again): `disabled` on buttons,
 * `aria-disabled` on links and other elements.
 *
 * @param control  The control.
 * @param disabled Whether it is disabled.
 */
export function setDisabled( control: HTMLElement, disabled: boolean ): void {
	if ( control instanceof HTMLButtonElement ) {
		control.disabled = disabled;
	} else if ( disabled ) {
		control.setAttribute( 'aria-disabled', 'true' );
	} else {
		control.removeAttribute( 'aria-disabled' );
	}
}

/**
 * Finds the container's polite live region (a direct child with `aria-live`,
 * server-rendered or ours), creating `.tessera-speed__status` when there is
 * none. The region is always visually hidden.
 *
 * @param container The cell or admin bar node.
 * @return The region.
 */
export function liveRegion( container: HTMLElement ): HTMLElement {
	let region = container.querySelector< HTMLElement >(
		':scope > [aria-live]'
	);
	if ( ! region ) {
		region = h( 'span', { 'aria-live': 'polite' } );
		container.append( region );
	}
	region.classList.add( 'tessera-speed__status', 'tessera-speed-sr' );
	return region;
}

/**
 * Writes a message into the container's live region (see `liveRegion`).
 *
 * @param container The cell or admin bar node.
 * @param message   The message; '' empties the region.
 */
export function announce( container: HTMLElement, message: string ): void {
	liveRegion( container ).textContent = message;
}
