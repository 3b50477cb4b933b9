/**
 * The form block's loader: countdown, start time, and the island's scripts injected in order on intent.
 */

/**
 * External dependencies
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';

describe( 'form loader', () => {
	beforeAll( async () => {
		jest.useFakeTimers();
		document.body.innerHTML = `
			<script type="application/json" id="tessera-form-config">{"scripts":["https://example.test/react.js","https://example.test/react-dom.js","https://example.test/island.js"]}</script>
			<div class="tessera-form-wrap">
				<form class="tessera-form" data-formid="7">
					<input type="hidden" name="evf_submission_start_time" value="${
						Date.now() + 60000
					}">
					<input type="hidden" name="tessera_submission" value="0123456789abcdef0123456789abcdef">
					<input type="text" id="name">
					<div class="tessera-form__submit">
						<span class="evf-submission-countdown" data-duration="2" hidden></span>
						<button type="submit">Send</button>
					</div>
				</form>
			</div>`;
		window.scrollTo = () => undefined;
		await jest.isolateModulesAsync( async () => {
			await import( '../view' );
		} );
	} );

	afterAll( () => {
		jest.useRealTimers();
	} );

	it( 'replaces a start time in the future with the browser’s', () => {
		const input = document.querySelector< HTMLInputElement >(
			'input[name="evf_submission_start_time"]'
		);
		expect( Number( input?.value ) ).toBeLessThanOrEqual( Date.now() );
	} );

	it( 'writes a new submission token of its own over whatever the page had', () => {
		const input = document.querySelector< HTMLInputElement >(
			'input[name="tessera_submission"]'
		);
		expect( input?.value ).toMatch( /^[0-9a-f]{32}$/ );
		expect( input?.value ).not.toBe( '0123456789abcdef0123456789abcdef' );
	} );

	it( 'counts down each second with the button disabled, then removes itself', () => {
		const countdown =
			document.querySelector< HTMLElement >( '[data-duration]' );
		const button = document.querySelector( 'button' );
		expect( countdown?.textContent ).toBe( '2' );
		expect( countdown?.hidden ).toBe( false );
		expect( button?.disabled ).toBe( true );
		jest.advanceTimersByTime( 1000 );
		expect( countdown?.textContent ).toBe( '1' );
		jest.advanceTimersByTime( 1000 );
		expect( document.querySelector( '[data-duration]' ) ).toBeNull();
		expect( button?.disabled ).toBe( false );
	} );

	it( 'loads nothing before intent, then the scripts in order, once', () => {
		const injected = () =>
			Array.from( document.head.querySelectorAll( 'script' ) );
		expect( injected() ).toHaveLength( 0 );
		document.body.dispatchEvent(
			new Event( 'focusin', { bubbles: true } )
		);
		expect( injected() ).toHaveLength( 0 );
		document
			.getElementById( 'name' )
			?.dispatchEvent( new Event( 'focusin', { bubbles: true } ) );
		expect( injected().map( ( script ) => script.src ) ).toEqual( [
			'https://example.test/react.js',
			'https://example.test/react-dom.js',
			'https://example.test/island.js',
		] );
		expect( injected().every( ( script ) => ! script.async ) ).toBe( true );
		document
			.getElementById( 'name' )
			?.dispatchEvent( new Event( 'pointerdown', { bubbles: true } ) );
		expect( injected() ).toHaveLength( 3 );
	} );
} );
