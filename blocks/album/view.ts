/**
 * The album block's Back (spec §2 "Scrolling and navigation"): with a referrer on the same host it goes back in
 * history; otherwise the link's own address (the page address trimmed before the album type marker `type_{n}=`,
 * computed on the server) is followed. Albums with front-end AJAX on are left to the gallery's navigation script.
 * Loaded only on pages where an album has an item open.
 */

/**
 * Whether a referrer is a page of this host.
 *
 * @param referrer `document.referrer`.
 * @param host     `location.host`.
 */
export function sameHost( referrer: string, host: string ): boolean {
	try {
		return referrer !== '' && new URL( referrer ).host === host;
	} catch {
		return false;
	}
}

/**
 * Takes a click on an album's Back link.
 *
 * @param event A click.
 */
export function onBack( event: MouseEvent ): void {
	const link = ( event.target as Element | null )?.closest?.(
		'a.tessera-album__back'
	);
	if (
		link &&
		! link.closest( '[data-ajax-url]' ) &&
		! event.defaultPrevented &&
		event.button === 0 &&
		! (
			event.metaKey ||
			event.ctrlKey ||
			event.shiftKey ||
			event.altKey
		) &&
		sameHost( document.referrer, location.host )
	) {
		event.preventDefault();
		history.back();
	}
}

document.addEventListener( 'click', onBack );
