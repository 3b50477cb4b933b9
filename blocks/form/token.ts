/**
 * The submission token — made in the browser, one per form view: the page is the same for every visitor (a
 * full-page cache may keep it), so no token can be printed in it (docs/forms.md, "Behind a page cache").
 */

/**
 * A new submission token: 32 hexadecimal characters from the browser's random source.
 */
export function newToken(): string {
	const bytes = new Uint8Array( 16 );
	crypto.getRandomValues( bytes );
	return Array.from( bytes, ( b ) =>
		b.toString( 16 ).padStart( 2, '0' )
	).join( '' );
}
