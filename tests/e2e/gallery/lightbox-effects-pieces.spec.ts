/**
 * The lightbox's transition effects in a real browser (spec §4 "Transition effects"; docs/lightbox.md "Effects";
 * issue 7), continued from `lightbox-effects.spec.ts`: the piece effects lay their pieces over the stage too;
 * random draws an effect at each change; reduced motion changes at once; changes asked during an effect play
 * after it, in order.
 */

/**
 * External dependencies
 */
import { expect, test } from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor } from '../stats/support';
import {
	changeAndBack,
	DURATION,
	effectSuite,
	left,
	MOTION,
	openFirst,
	PIECES,
	recorded,
	setEffect,
	testEffects,
} from './effects';

test.describe( 'gallery: lightbox effects with pieces, random, reduced motion, a queue', () => {
	const address = effectSuite( test );

	testEffects( test, PIECES, address );

	test( 'random: draws an effect at each change, never none', async ( {
		browser,
	} ) => {
		setEffect( 'random' );
		const { context, page, errors } = await consentingVisitor(
			browser,
			MOTION
		);
		const saw = await changeAndBack( page, address() );
		expect( saw.layers ).toBe( 2 );
		expect( saw.animations ).toBeGreaterThan( 0 );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'under reduced motion a change is instant: no layer, no animation', async ( {
		browser,
	} ) => {
		setEffect( 'cube_horizontal' );
		const { context, page, errors } = await consentingVisitor( browser, {
			reducedMotion: 'reduce',
		} );
		await openFirst( page, address() );
		const status = page.locator( '.tessera-lightbox__status' );
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^2 of \d+: / );
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^3 of \d+: / );
		expect( await recorded( page ) ).toEqual( {
			layers: 0,
			pieces: 0,
			animations: 0,
		} );
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'changes asked during an effect play after it, in order', async ( {
		browser,
	} ) => {
		setEffect( 'slide_horizontal' );
		const { context, page, errors } = await consentingVisitor(
			browser,
			MOTION
		);
		await openFirst( page, address() );
		const status = page.locator( '.tessera-lightbox__status' );
		// Every status the dialog announces, in order (one may last a single effect: the page records them).
		await page.evaluate( () => {
			const line = document.querySelector(
				'.tessera-lightbox__status'
			) as HTMLElement;
			const said: string[] = [];
			( window as unknown as { said: string[] } ).said = said;
			new MutationObserver( () => {
				const at = ( line.textContent || '' ).split( ' ' )[ 0 ] ?? '';
				if ( said[ said.length - 1 ] !== at ) {
					said.push( at );
				}
			} ).observe( line, {
				childList: true,
				characterData: true,
				subtree: true,
			} );
		} );
		const started = Date.now();
		await page.keyboard.press( 'ArrowRight' );
		await page.keyboard.press( 'ArrowRight' );
		await page.keyboard.press( 'ArrowRight' );
		await expect( status ).toHaveText( /^4 of \d+: / );
		const elapsed = Date.now() - started;
		// Each change announces its image when it is over: 2, then 3, then 4, one effect after the other.
		expect(
			await page.evaluate(
				() => ( window as unknown as { said: string[] } ).said
			)
		).toEqual( [ '2', '3', '4' ] );
		expect( elapsed ).toBeGreaterThanOrEqual( 2 * DURATION );
		await expect
			.poll( () => left( page ) )
			.toMatchObject( {
				children: 1,
				changing: false,
			} );
		expect( errors ).toEqual( [] );
		await context.close();
	} );
} );
