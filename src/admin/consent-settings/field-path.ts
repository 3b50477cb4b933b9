/**
 * Field paths of the server's errors (`providers[2].re`, `texts.acceptAll`, `categories[1]`) and the ids
 * of the screen's controls.
 */

/** Prefix of every control id of the screen. */
export const ID_PREFIX = 'tessera-consent-';

/**
 * The id of the control that edits the value at a path: `providers[2].re` → `tessera-consent-providers-2-re`.
 *
 * @param path A field path.
 * @return The control id.
 */
export function controlId( path: string ): string {
	return (
		ID_PREFIX +
		path
			.replace( /\[(\d+)\]/g, '.$1' )
			.split( '.' )
			.filter( ( part ) => part !== '' )
			.join( '-' )
	);
}

/**
 * The id of the element that holds a control's error message.
 *
 * @param id The control id.
 * @return The message's id.
 */
export function errorId( id: string ): string {
	return `${ id }-error`;
}

/**
 * The first control of an object the path names, so that an error about a whole category, cookie or
 * provider lands on something that can take focus.
 *
 * @param path A field path.
 * @return The path of its first control, or null when the path names no such object.
 */
function firstControl( path: string ): string | null {
	if ( /^categories\[\d+\]\.cookies\[\d+\]$/.test( path ) ) {
		return `${ path }.cookieID`;
	}
	if ( /^categories\[\d+\]$/.test( path ) ) {
		return `${ path }.slug`;
	}
	if ( /^categories\[\d+\]\.defaultConsent$/.test( path ) ) {
		return `${ path }.gdpr`;
	}
	if ( /^providers\[\d+\]$/.test( path ) ) {
		return `${ path }.re`;
	}
	return null;
}

/**
 * The ids of the controls a server error may be tied to, best first: the control of the path itself, the
 * first control of the object it names, then those of the enclosing objects. The screen ties the error to
 * the first one that exists. A provider's category `providers[1].categories[0]` is the group of checkboxes
 * `providers[1].categories` (the first one carries that id).
 *
 * @param path The `field` of the error ('' for none).
 * @return Control ids, possibly none.
 */
export function controlIdCandidates( path: string ): string[] {
	const normalised = path
		.trim()
		.replace( /^(providers\[\d+\]\.categories)\[\d+\]$/, '$1' );
	if ( normalised === '' ) {
		return [];
	}
	const paths: string[] = [];
	let current = normalised;
	while ( current !== '' ) {
		paths.push( current );
		const first = firstControl( current );
		if ( first !== null ) {
			paths.push( first );
		}
		const parent = current.replace( /(\[\d+\]|\.[^.[\]]+)$/, '' );
		if ( parent === current ) {
			break;
		}
		current = parent;
	}
	return [ ...new Set( paths.map( controlId ) ) ];
}
