/**
 * The form block's loader (no React, no WordPress packages): what a page with a form downloads before any
 * interaction. It keeps the submission countdown and the start time, scrolls to the notice or the first invalid
 * field after a normal submission, and on intent (pointerdown, focusin, keydown, touchstart inside a form, or
 * idle time after load) injects React, react-dom and the island, in order. The island drives the
 * server-rendered form in place, so nothing typed before is lost.
 */

/**
 * Internal dependencies
 */
import { scrollToElement } from './island/scroll';

const FORM_SELECTOR = 'form.tessera-form';

let loading = false;

/**
 * Injects the island's scripts (dependencies first), fetched in parallel and run in order; a script already
 * on the page is skipped.
 */
function loadIsland(): void {
	if ( loading ) {
		return;
	}
	loading = true;
	const config = document.getElementById( 'tessera-form-config' );
	let scripts: unknown = [];
	try {
		scripts = JSON.parse( config?.textContent || '{}' ).scripts;
	} catch {
		return;
	}
	if ( ! Array.isArray( scripts ) ) {
		return;
	}
	const present = new Set(
		Array.from( document.scripts, ( script ) => script.src )
	);
	for ( const url of scripts ) {
		if ( typeof url !== 'string' ) {
			continue;
		}
		const absolute = new URL( url, document.baseURI ).href;
		if ( present.has( absolute ) ) {
			continue;
		}
		const script = document.createElement( 'script' );
		script.src = absolute;
		script.async = false;
		document.head.appendChild( script );
	}
}

/**
 * Starts the submission countdowns: each shows the seconds left, ticks every second and removes itself at
 * zero, the submit button disabled meanwhile.
 */
function countdowns(): void {
	document
		.querySelectorAll< HTMLElement >( `${ FORM_SELECTOR } [data-duration]` )
		.forEach( ( element ) => {
			let left = parseInt( element.dataset.duration || '0', 10 );
			const button = element
				.closest( 'form' )
				?.querySelector< HTMLButtonElement >( 'button[type=submit]' );
			if ( ! ( left > 0 ) ) {
				element.remove();
				return;
			}
			const show = () => {
				element.textContent = String( left );
			};
			show();
			element.hidden = false;
			element.setAttribute( 'aria-live', 'off' );
			if ( button ) {
				button.disabled = true;
			}
			const timer = window.setInterval( () => {
				left--;
				if ( left <= 0 ) {
					window.clearInterval( timer );
					element.remove();
					if ( button ) {
						button.disabled = false;
					}
					return;
				}
				show();
			}, 1000 );
		} );
}

/**
 * Start times: the printed value is the server's clock; when it is in the future, the browser's replaces it.
 */
function startTimes(): void {
	document
		.querySelectorAll< HTMLInputElement >(
			`${ FORM_SELECTOR } input[name="evf_submission_start_time"]`
		)
		.forEach( ( input ) => {
			if ( Number( input.value ) > Date.now() || input.value === '' ) {
				input.value = String( Date.now() );
			}
		} );
}

/**
 * After a normal submission: scroll to the notice or to the first invalid field.
 */
function afterSubmission(): void {
	const target =
		document.querySelector< HTMLElement >(
			'.tessera-form-wrap [id^="evf-form-"][id$="-notice"]'
		) ||
		document.querySelector< HTMLElement >(
			`${ FORM_SELECTOR } [aria-invalid="true"]`
		);
	if ( target ) {
		scrollToElement( target, 1000 );
	}
}

/**
 * Wires the page.
 */
function init(): void {
	if ( ! document.querySelector( FORM_SELECTOR ) ) {
		return;
	}
	countdowns();
	startTimes();
	// After the browser's own scroll to the `#evf-form-{id}` fragment of the address.
	const afterLoad = () => window.setTimeout( afterSubmission, 50 );
	if ( document.readyState === 'complete' ) {
		afterLoad();
	} else {
		window.addEventListener( 'load', afterLoad, { once: true } );
	}
	const events = [ 'pointerdown', 'focusin', 'keydown', 'touchstart' ];
	const onIntent = ( event: Event ) => {
		if (
			event.target instanceof Element &&
			event.target.closest( FORM_SELECTOR )
		) {
			events.forEach( ( name ) =>
				document.removeEventListener( name, onIntent, true )
			);
			loadIsland();
		}
	};
	events.forEach( ( name ) =>
		document.addEventListener( name, onIntent, {
			capture: true,
			passive: true,
		} )
	);
	const idle = () => {
		if ( typeof window.requestIdleCallback === 'function' ) {
			window.requestIdleCallback( loadIsland, { timeout: 5000 } );
		} else {
			window.setTimeout( loadIsland, 2000 );
		}
	};
	if ( document.readyState === 'complete' ) {
		idle();
	} else {
		window.addEventListener( 'load', idle, { once: true } );
	}
}

init();
