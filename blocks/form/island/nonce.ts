/**
 * The fresh `security` nonce (docs/forms.md, "Behind a page cache"): a cached page may be older than the nonce it
 * carries, so the island asks admin-ajax `tessera_form_nonce` (never cached) for the current one on intent, and
 * again when a submission is refused as expired.
 */

/** The admin-ajax action. */
export const NONCE_ACTION = 'tessera_form_nonce';

let pending: Promise< string | null > | null = null;

/**
 * Reads the endpoint's answer: the nonce (10 hexadecimal characters), or null when it is not the shape.
 *
 * @param value Decoded JSON.
 */
export function parseNonce( value: unknown ): string | null {
	if ( typeof value !== 'object' || value === null ) {
		return null;
	}
	const { success, data } = value as { success?: unknown; data?: unknown };
	const nonce =
		typeof data === 'object' && data !== null
			? ( data as { nonce?: unknown } ).nonce
			: undefined;
	return success === true &&
		typeof nonce === 'string' &&
		/^[0-9a-f]{10}$/.test( nonce )
		? nonce
		: null;
}

/**
 * The current nonce, fetched once per page (all forms share it) or again when `again` is set; null when the
 * request fails (the page's nonce is then sent as it is).
 *
 * @param ajaxUrl The admin-ajax address.
 * @param again   Asks again (after a refusal as expired).
 */
export function freshNonce(
	ajaxUrl: string,
	again = false
): Promise< string | null > {
	if ( pending && ! again ) {
		return pending;
	}
	const url = new URL( ajaxUrl, document.baseURI );
	url.searchParams.set( 'action', NONCE_ACTION );
	pending = fetch( url.href, {
		credentials: 'same-origin',
		cache: 'no-store',
		headers: { Accept: 'application/json' },
	} )
		.then( ( answer ) => ( answer.ok ? answer.json() : null ) )
		.then( parseNonce )
		.catch( () => null );
	return pending;
}

/**
 * Writes a nonce into every form of the page (one nonce serves all).
 *
 * @param doc   The document.
 * @param nonce The nonce.
 */
export function applyNonce( doc: Document, nonce: string ): void {
	doc.querySelectorAll< HTMLInputElement >(
		'form.tessera-form input[name="security"]'
	).forEach( ( input ) => {
		input.value = nonce;
	} );
}

/**
 * Fetches the current nonce (freshNonce()) and writes it into every form of the document.
 *
 * @param ajaxUrl The admin-ajax address.
 * @param doc     The document.
 * @param again   Asks again (after a refusal as expired).
 * @return Whether a nonce was written (false: the request failed; the page's nonce stays).
 */
export async function refreshNonce(
	ajaxUrl: string,
	doc: Document,
	again = false
): Promise< boolean > {
	const nonce = await freshNonce( ajaxUrl, again );
	if ( nonce ) {
		applyNonce( doc, nonce );
	}
	return nonce !== null;
}
