/**
 * "Show more" for long texts in the preference centre: a
 * `[data-tessera-truncate]` element whose text is longer than the limit shows
 * its first characters + `…` and a button that swaps the full HTML back.
 */

/** The full HTML of every element seen, so that truncating again is idempotent. */
const fullHtml = new WeakMap< Element, string >();

/**
 * Truncates every `[data-tessera-truncate]` element of a container (again:
 * each call starts from the full HTML, so the limit may change between calls).
 *
 * @param root  The dialog.
 * @param limit Number of characters kept.
 * @param more  Label of the button that shows the full text.
 * @param less  Label of the button that shows the truncated text.
 */
export function truncateTexts(
	root: Element,
	limit: number,
	more: string,
	less: string
): void {
	root.querySelectorAll( '[data-tessera-truncate]' ).forEach( ( el ) => {
		const html = fullHtml.get( el ) ?? el.innerHTML;
		fullHtml.set( el, html );
		el.innerHTML = html;
		const text = ( el.textContent ?? '' ).replace( /\s+/g, ' ' ).trim();
		if ( text.length <= limit ) {
			return;
		}
		const button = document.createElement( 'button' );
		button.type = 'button';
		button.className = 'tessera-consent-prefs__more';
		// The button stays in place (and keeps the focus): only what precedes it changes.
		const show = ( expanded: boolean ): void => {
			while ( button.previousSibling ) {
				button.previousSibling.remove();
			}
			const full = document.createElement( 'template' );
			full.innerHTML = html;
			button.before(
				expanded ? full.content : text.slice( 0, limit ) + '…',
				' '
			);
			button.textContent = expanded ? less : more;
			button.setAttribute( 'aria-expanded', String( expanded ) );
		};
		button.onclick = () =>
			show( button.getAttribute( 'aria-expanded' ) !== 'true' );
		el.replaceChildren( button );
		show( false );
	} );
}
