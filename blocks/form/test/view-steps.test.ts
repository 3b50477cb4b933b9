/**
 * The form block's loader and a multi-step form: a first tap on Next before the island is ready is repeated once
 * the island listens, and a form whose island cannot load shows all its steps.
 */

/**
 * External dependencies
 */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';

describe( 'form loader: a multi-step form before the island is ready', () => {
	beforeAll( async () => {
		document.body.innerHTML = `
			<script type="application/json" id="tessera-form-config">{"scripts":["https://example.test/island.js"]}</script>
			<form class="tessera-form" id="steps" data-formid="3" data-ajax_submission="1">
				<div class="tessera-form__step" data-step="0"></div>
				<div class="tessera-form__step" data-step="1" hidden></div>
				<div class="tessera-form__submit"><div class="tessera-form__nav">
					<button type="button" class="tessera-form__button--previous" hidden>Previous</button>
					<button type="button" class="tessera-form__button--next">Next</button>
				</div><button type="submit" hidden>Send</button></div>
			</form>`;
		window.scrollTo = () => undefined;
		await jest.isolateModulesAsync( async () => {
			await import( '../view' );
		} );
	} );

	it( 'repeats a tap on Next once the island listens, once however often it was tapped', () => {
		const form = document.getElementById( 'steps' ) as HTMLFormElement;
		const next = form.querySelector(
			'.tessera-form__button--next'
		) as HTMLButtonElement;
		const clicks = jest.fn();
		next.click();
		next.click();
		expect(
			Array.from(
				document.head.querySelectorAll( 'script' ),
				( script ) => script.src
			)
		).toEqual( [ 'https://example.test/island.js' ] );
		// The island is ready: its own listener takes the repeated click (and every one after it).
		form.addEventListener( 'click', clicks );
		form.dataset.island = 'ready';
		form.dispatchEvent( new Event( 'tessera-form-ready' ) );
		expect( clicks ).toHaveBeenCalledTimes( 1 );
		next.click();
		expect( clicks ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'shows every step when a script of the island fails', () => {
		const form = document.getElementById( 'steps' ) as HTMLFormElement;
		expect( form.classList.contains( 'tessera-form--static' ) ).toBe(
			false
		);
		document.head
			.querySelector( 'script' )
			?.dispatchEvent( new Event( 'error' ) );
		expect( form.classList.contains( 'tessera-form--static' ) ).toBe(
			true
		);
	} );
} );
