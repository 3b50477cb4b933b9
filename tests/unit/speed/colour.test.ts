/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import { scoreColour } from '../../../src/lib/speed/colour';

describe( 'scoreColour', () => {
	it.each( [
		[ 0, 'red' ],
		[ 49, 'red' ],
		[ 50, 'orange' ],
		[ 89, 'orange' ],
		[ 90, 'green' ],
		[ 100, 'green' ],
	] )( 'gives score %i the colour %s', ( score, colour ) => {
		expect( scoreColour( score ) ).toBe( colour );
	} );
} );
