/**
 * The lightbox's transition effects in a real browser (spec §4 "Transition effects"; docs/lightbox.md "Effects";
 * issue 7), the whole-image ones: for each, a change plays it between two layers over the stage, the new image is
 * announced once it is over, and nothing of the effect stays; `none` changes at once, with no layer at all. The
 * piece effects, random, reduced motion and queued changes: `lightbox-effects-pieces.spec.ts`.
 */

/**
 * External dependencies
 */
import { expect, test } from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, ensureDemo } from '../stats/support';
import { keepLightboxOptions } from './support';
import {
	changeAndBack,
	EFFECTS,
	EXPECTED,
	firstImageAddress,
	MOTION,
	PIECES,
	setEffect,
} from './effects';

test.describe( 'gallery: lightbox effects', () => {
	let restore = () => undefined as void;
	let address = '';

	test.beforeAll( async ( { browser } ) => {
		ensureDemo();
		restore = keepLightboxOptions();
		address = await firstImageAddress( browser );
	} );

	test.afterAll( () => restore() );

	for ( const effect of EFFECTS.filter(
		( name ) => name !== 'random' && ! PIECES.has( name )
	) ) {
		test( `${ effect }: plays, then leaves only the new image, both ways`, async ( {
			browser,
		} ) => {
			setEffect( effect );
			const { context, page, errors } = await consentingVisitor(
				browser,
				MOTION
			);
			const saw = await changeAndBack( page, address );
			expect( {
				layers: saw.layers,
				pieces: saw.pieces >= 8,
				animated: saw.animations > 0,
			} ).toEqual( EXPECTED[ effect ] );
			expect( errors ).toEqual( [] );
			await context.close();
		} );
	}
} );
