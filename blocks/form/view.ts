/**
 * The form block's loader (no React, no WordPress packages): what a page with a form downloads before any
 * interaction. It writes each form's submission token and start time, keeps the submission countdown, scrolls
 * to the notice or the first invalid field after a normal submission, and on intent (pointerdown, focusin,
 * keydown, touchstart inside a form) injects React, react-dom and the island, in order. The island drives the
 * server-rendered form in place, so nothing typed before is lost. Nothing is loaded without intent (no idle
 * preload: it cost a page's Lighthouse score its blocking time), so a background-submission form sent before its
 * island is ready (a first click on Send after the browser's autofill) is held until the island takes it, or
 * posted normally if the island cannot load; a first tap on a step's Next or Previous is repeated once the island
 * is ready, and a multi-step form whose island cannot load shows all its steps (as without JavaScript).
 */

/**
 * Internal dependencies
 */
import { scrollToElement } from '../../src/lib/scroll';
import { newToken } from './token';

const FORM_SELECTOR = 'form.tessera-form';

/** The class a form takes when its island cannot load (`Steps::STATIC_CLASS` on the server). */
const STATIC_CLASS = 'tessera-form--static';

/** How long a held submission waits for the island before the form is posted normally, in ms. */
const HOLD_MS = 8000;

let loading = false;
let failed = false;

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
		script.addEventListener( 'error', () => {
			failed = true;
			showAllSteps();
			document.dispatchEvent( new Event( 'tessera-form-island-failed' ) );
		} );
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
 * Submission tokens: a new one for every form on every page view. The page, the same for every visitor, carries
 * none; the answer page of a normal post carries one under which nothing was stored, so a new one is as good.
 * Written always, also over what a browser restores into the input or an older cached page printed.
 */
function tokens(): void {
	document
		.querySelectorAll< HTMLInputElement >(
			`${ FORM_SELECTOR } input[name="tessera_submission"]`
		)
		.forEach( ( input ) => {
			input.value = newToken();
		} );
}

/**
 * Start times: the page carries none (the browser's clock at load is written); the answer page of a normal post
 * carries the visit's, kept unless it is in the future.
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
 * A background-submission form sent before its island is ready: the submission is held (the browser has already
 * checked its own constraints), the island loaded, and the same submit repeated once the island listens; when the
 * island cannot load (a script failed, or nothing after HOLD_MS), the form is posted normally, as without
 * JavaScript. The island marks its form `data-island="ready"` and dispatches `tessera-form-ready` on it.
 *
 * @param event The submit event, seen first (capture on the document).
 */
function holdSubmit( event: SubmitEvent ): void {
	const form = event.target;
	if (
		! ( form instanceof HTMLFormElement ) ||
		! form.matches( FORM_SELECTOR ) ||
		form.dataset.ajax_submission !== '1' ||
		form.dataset.island === 'ready' ||
		failed
	) {
		return;
	}
	event.preventDefault();
	if ( form.dataset.held ) {
		return;
	}
	form.dataset.held = '1';
	form.setAttribute( 'aria-busy', 'true' );
	const submitter =
		event.submitter instanceof HTMLElement ? event.submitter : null;
	const settle = ( ready: boolean ) => {
		window.clearTimeout( timer );
		form.removeEventListener( 'tessera-form-ready', onReady );
		document.removeEventListener( 'tessera-form-island-failed', onFailed );
		delete form.dataset.held;
		form.removeAttribute( 'aria-busy' );
		if ( ready ) {
			form.requestSubmit( submitter );
		} else {
			form.submit();
		}
	};
	const onReady = () => settle( true );
	const onFailed = () => settle( false );
	const timer = window.setTimeout( onFailed, HOLD_MS );
	form.addEventListener( 'tessera-form-ready', onReady );
	document.addEventListener( 'tessera-form-island-failed', onFailed );
	loadIsland();
}

/**
 * The island cannot load: multi-step forms (and fields their conditions hide) show everything, one Submit, as
 * without JavaScript (the server prints one step at a time for the island; the stylesheet expands this class).
 */
function showAllSteps(): void {
	document
		.querySelectorAll( FORM_SELECTOR )
		.forEach( ( form ) => form.classList.add( STATIC_CLASS ) );
}

/**
 * A click on Previous or Next before the island is ready (the pointerdown that came with it only asked for the
 * island): repeated once the island listens, so the first tap is not lost; once only, however often it was tapped.
 *
 * @param event The click, seen first (capture on the document).
 */
function holdStepClick( event: MouseEvent ): void {
	const button =
		event.target instanceof Element
			? event.target.closest< HTMLButtonElement >(
					'.tessera-form__nav button'
				)
			: null;
	const form = button?.closest< HTMLFormElement >( FORM_SELECTOR );
	if ( ! button || ! form || form.dataset.island === 'ready' || failed ) {
		return;
	}
	if ( form.dataset.heldStep ) {
		return;
	}
	form.dataset.heldStep = '1';
	form.addEventListener(
		'tessera-form-ready',
		() => {
			delete form.dataset.heldStep;
			button.click();
		},
		{ once: true }
	);
	loadIsland();
}

/**
 * Wires the page.
 */
function init(): void {
	if ( ! document.querySelector( FORM_SELECTOR ) ) {
		return;
	}
	countdowns();
	tokens();
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
	document.addEventListener( 'submit', holdSubmit, true );
	document.addEventListener( 'click', holdStepClick, true );
}

init();
