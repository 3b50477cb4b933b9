/**
 * The form block's loader: a background-submission form sent before its island is ready is held, the island
 * loaded, and the submission repeated once the island listens — or posted normally when the island cannot load.
 */

/**
 * External dependencies
 */
import {
	afterAll,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

const form = ( id: string ) => document.getElementById( id ) as HTMLFormElement;

/**
 * Sends a form as a click on its button would: a cancelable submit event with the button as submitter.
 *
 * @param element The form.
 * @return The event, to read whether it was cancelled.
 */
function send( element: HTMLFormElement ): SubmitEvent {
	const event = new SubmitEvent( 'submit', {
		bubbles: true,
		cancelable: true,
		submitter: element.querySelector( 'button' ),
	} );
	element.dispatchEvent( event );
	return event;
}

describe( 'form loader: a submission before the island is ready', () => {
	beforeAll( async () => {
		jest.useFakeTimers();
		document.body.innerHTML = `
			<script type="application/json" id="tessera-form-config">{"scripts":["https://example.test/island.js"]}</script>
			<form class="tessera-form" id="ajax" data-formid="1" data-ajax_submission="1"><button type="submit">Send</button></form>
			<form class="tessera-form" id="normal" data-formid="2" data-ajax_submission="0"><button type="submit">Send</button></form>`;
		window.scrollTo = () => undefined;
		await jest.isolateModulesAsync( async () => {
			await import( '../view' );
		} );
	} );

	beforeEach( () => {
		jest.restoreAllMocks();
	} );

	afterAll( () => {
		jest.useRealTimers();
	} );

	it( 'lets a normal-submission form post', () => {
		expect( send( form( 'normal' ) ).defaultPrevented ).toBe( false );
		expect( document.head.querySelectorAll( 'script' ) ).toHaveLength( 0 );
	} );

	it( 'holds it, loads the island, then repeats it with the same button once the island listens', () => {
		const ajax = form( 'ajax' );
		const repeat = jest
			.spyOn( ajax, 'requestSubmit' )
			.mockImplementation( () => undefined );
		const post = jest
			.spyOn( ajax, 'submit' )
			.mockImplementation( () => undefined );
		expect( send( ajax ).defaultPrevented ).toBe( true );
		expect( ajax.getAttribute( 'aria-busy' ) ).toBe( 'true' );
		expect(
			Array.from(
				document.head.querySelectorAll( 'script' ),
				( script ) => script.src
			)
		).toEqual( [ 'https://example.test/island.js' ] );
		// A second click meanwhile is not sent twice.
		expect( send( ajax ).defaultPrevented ).toBe( true );

		ajax.dataset.island = 'ready';
		ajax.dispatchEvent( new Event( 'tessera-form-ready' ) );
		expect( repeat ).toHaveBeenCalledTimes( 1 );
		const button: HTMLElement | null = ajax.querySelector( 'button' );
		expect( repeat.mock.calls[ 0 ]?.[ 0 ] ).toBe( button );
		expect( post ).not.toHaveBeenCalled();
		expect( ajax.hasAttribute( 'aria-busy' ) ).toBe( false );
		// The island's own listener takes it from now on.
		expect( send( ajax ).defaultPrevented ).toBe( false );
		jest.advanceTimersByTime( 10000 );
		expect( post ).not.toHaveBeenCalled();
	} );

	it( 'posts the form normally when the island does not come', () => {
		const ajax = form( 'ajax' );
		delete ajax.dataset.island;
		const post = jest
			.spyOn( ajax, 'submit' )
			.mockImplementation( () => undefined );
		expect( send( ajax ).defaultPrevented ).toBe( true );
		jest.advanceTimersByTime( 7999 );
		expect( post ).not.toHaveBeenCalled();
		jest.advanceTimersByTime( 1 );
		expect( post ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'posts the form normally at once when a script of the island fails, and from then on lets it post', () => {
		const ajax = form( 'ajax' );
		const post = jest
			.spyOn( ajax, 'submit' )
			.mockImplementation( () => undefined );
		expect( send( ajax ).defaultPrevented ).toBe( true );
		document.head
			.querySelector( 'script' )
			?.dispatchEvent( new Event( 'error' ) );
		expect( post ).toHaveBeenCalledTimes( 1 );
		expect( send( ajax ).defaultPrevented ).toBe( false );
	} );
} );
