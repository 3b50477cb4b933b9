/**
 * The lightbox's transition effects in a real browser (spec §4 "Transition effects"; docs/lightbox.md "Effects";
 * issue 7), the whole-image ones: for each, a change plays it between two layers over the stage, the new image is
 * announced once it is over, and nothing of the effect stays; `none` changes at once, with no layer at all. The
 * piece effects, random, reduced motion and queued changes: `lightbox-effects-pieces.spec.ts`.
 */

/**
 * External dependencies
 */
import { test } from '@playwright/test';

/**
 * Internal dependencies
 */
import { EFFECTS, effectSuite, PIECES, testEffects } from './effects';

test.describe( 'gallery: lightbox effects', () => {
	const address = effectSuite( test );

	testEffects(
		test,
		EFFECTS.filter( ( name ) => name !== 'random' && ! PIECES.has( name ) ),
		address
	);
} );
