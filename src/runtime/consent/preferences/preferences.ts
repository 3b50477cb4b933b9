/**
 * The preference centre (GDPR) and the CCPA opt-out popup: a modal
 * `<dialog>` cloned from the server's `#tessera-consent-preferences`
 * template, wired to `window.tessera.consent`. Contract: `docs/consent.md`,
 * *Preference centre chunk*.
 */

/**
 * Internal dependencies
 */
import type { ConsentApi } from '../types';
import { truncateTexts } from './truncate';

/** `window.tessera.consentPreferences` (`open` resolves once the dialog is shown). */
export interface PreferencesApi {
	/** Opens the dialog. */
	open: () => Promise< void >;
	/** Closes the dialog and gives the focus back. */
	close: () => void;
}

/** Longest wait for the stylesheet before showing the dialog, in ms. */
const STYLE_TIMEOUT = 1000;

/**
 * The consent API, or undefined (logged) when the runtime has not started.
 *
 * @return The API.
 */
function consentApi(): ConsentApi | undefined {
	const api = window.tessera?.consent;
	if ( ! api ) {
		// eslint-disable-next-line no-console
		console.error( 'Tessera consent: runtime not started' );
	}
	return api;
}

/**
 * The switches of a dialog that can be toggled.
 *
 * @param root      The dialog.
 * @param attribute `data-tessera-category-switch` or `data-tessera-optout`.
 * @return The enabled inputs with that attribute.
 */
const switches = ( root: Element, attribute: string ) =>
	root.querySelectorAll< HTMLInputElement >(
		`[${ attribute }]:not(:disabled)`
	);

/**
 * Whether an element can take the focus back: still in the page, not hidden.
 *
 * @param el The element.
 * @return Whether it can.
 */
const canFocus = ( el: Element | null ): el is HTMLElement =>
	!! el?.isConnected && ! el.closest( '[hidden]' );

/**
 * Keeps Tab inside the dialog: from the last control to the first and back
 * (a modal dialog already makes the page inert; this also keeps the focus
 * from leaving the document for the browser's own controls).
 *
 * @param event The keydown event on the dialog.
 */
function trapTab( event: KeyboardEvent ): void {
	if ( event.key !== 'Tab' ) {
		return;
	}
	const focusable = Array.from(
		( event.currentTarget as Element ).querySelectorAll< HTMLElement >(
			'button,summary,a[href],input:not(:disabled)'
		)
	).filter( ( el ) => el.getClientRects().length > 0 );
	const edge = event.shiftKey ? focusable[ 0 ] : focusable.at( -1 );
	if ( edge && edge.ownerDocument.activeElement === edge ) {
		event.preventDefault();
		( event.shiftKey ? focusable.at( -1 ) : focusable[ 0 ] )?.focus();
	}
}

/**
 * Runs a footer button's action on the consent API.
 *
 * @param dialog The dialog.
 * @param action `accept`, `reject` or `save`.
 * @param api    The consent API.
 */
function act( dialog: HTMLElement, action: string, api: ConsentApi ): void {
	if ( action === 'accept' ) {
		api.acceptAll();
	} else if ( action === 'reject' ) {
		api.rejectAll();
	} else if ( dialog.dataset.tesseraLaw === 'ccpa' ) {
		api.optOut(
			!! switches( dialog, 'data-tessera-optout' )[ 0 ]?.checked
		);
	} else {
		const choices: Record< string, boolean > = {};
		switches( dialog, 'data-tessera-category-switch' ).forEach( ( el ) => {
			choices[ el.dataset.tesseraCategorySwitch ?? '' ] = el.checked;
		} );
		api.save( choices );
	}
}

/**
 * Creates the preference centre of the page (one dialog, cloned on first open).
 *
 * @return Its `open` and `close`.
 */
export function createPreferences(): PreferencesApi {
	let dialog: HTMLDialogElement | undefined;
	let styled: Promise< unknown > | undefined;
	let opener: Element | null = null;

	const close = (): void => {
		if ( ! dialog?.open ) {
			return;
		}
		dialog.close();
		const revisit = document.getElementById( 'tessera-consent-revisit' );
		const target =
			( canFocus( opener ) && opener ) ||
			( canFocus( revisit ) && revisit );
		if ( target ) {
			target.focus();
		} else {
			// Back to the body (it cannot take the focus itself).
			(
				dialog.ownerDocument.activeElement as HTMLElement | null
			 )?.blur();
		}
	};

	const onClick = ( { target, currentTarget }: Event ): void => {
		const box = currentTarget as HTMLDialogElement;
		// A click on the dialog itself is on the backdrop (it has no padding).
		const action =
			target === box
				? 'dismiss'
				: ( target as Element ).closest< HTMLElement >(
						'[data-tessera-prefs]'
					)?.dataset.tesseraPrefs;
		if ( ! action ) {
			return;
		}
		const api = /^(accept|reject|save)$/.test( action ) && consentApi();
		if ( api ) {
			act( box, action, api );
		}
		close();
	};

	const open = async (): Promise< void > => {
		const api = consentApi();
		const template = document.getElementById(
			'tessera-consent-preferences'
		) as HTMLTemplateElement | null;
		if ( ! api || ! template ) {
			return;
		}
		const from = template.ownerDocument.activeElement;
		const href = template.dataset.style;
		await ( styled ||= new Promise( ( resolve ) => {
			if ( href ) {
				const link = document.createElement( 'link' );
				link.rel = 'stylesheet';
				link.href = href;
				link.onload = link.onerror = resolve;
				document.head.append( link );
				setTimeout( resolve, STYLE_TIMEOUT );
			} else {
				resolve( 0 );
			}
		} ) );
		const source = template.content.querySelector( 'dialog' );
		if ( ! dialog && source ) {
			dialog = source.cloneNode( true ) as HTMLDialogElement;
			dialog.addEventListener( 'click', onClick );
			// Escape: close the same way as the buttons (focus included).
			dialog.addEventListener( 'cancel', close );
			dialog.addEventListener( 'keydown', trapTab );
			document.body.append( dialog );
		}
		if ( ! dialog || dialog.open ) {
			return;
		}
		opener = from;
		const { categories, isUserActionCompleted } = api;
		switches( dialog, 'data-tessera-category-switch' ).forEach( ( el ) => {
			el.checked =
				!! categories[ el.dataset.tesseraCategorySwitch ?? '' ];
		} );
		// Opted out: the stored cookie says so (`consent:reject`), or, before any
		// choice, the browser sends Global Privacy Control (the runtime's start).
		const optedOut =
			/(?:^|;) *cookieyes-consent=[^;]*\bconsent:reject/.test(
				document.cookie
			) ||
			( ! isUserActionCompleted &&
				( navigator as { globalPrivacyControl?: unknown } )
					.globalPrivacyControl === true );
		switches( dialog, 'data-tessera-optout' ).forEach( ( el ) => {
			el.checked = optedOut;
		} );
		const { more = '', less = '' } = dialog.dataset;
		truncateTexts( dialog, innerWidth < 376 ? 150 : 300, more, less );
		dialog.showModal();
		(
			dialog.querySelector< HTMLElement >(
				'[role=switch]:not(:disabled)'
			) ?? dialog.querySelector( 'button' )
		)?.focus();
	};

	return { open, close };
}

/**
 * Starts the chunk: exposes `window.tessera.consentPreferences` and opens
 * the dialog (a second copy of the chunk only opens the first one's).
 */
export function startPreferences(): void {
	const tessera = window.tessera;
	if ( consentApi() && tessera ) {
		( tessera.consentPreferences ||= createPreferences() ).open();
	}
}
