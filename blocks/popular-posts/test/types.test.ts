/**
 * The popular-posts block's pure helpers: the post types offered from a REST answer, and the range clamp.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import { clamp, parsePostTypes } from '../types';

describe( 'parsePostTypes', () => {
	it( 'keeps viewable types, without media, in the order received', () => {
		expect(
			parsePostTypes( {
				post: { slug: 'post', name: 'Posts', viewable: true },
				page: { slug: 'page', name: 'Pages', viewable: true },
				attachment: {
					slug: 'attachment',
					name: 'Media',
					viewable: true,
				},
				wp_block: {
					slug: 'wp_block',
					name: 'Patterns',
					viewable: false,
				},
				book: { slug: 'book', name: 'Books', viewable: true },
			} )
		).toEqual( [
			{ label: 'Posts', value: 'post' },
			{ label: 'Pages', value: 'page' },
			{ label: 'Books', value: 'book' },
		] );
	} );

	it( 'skips malformed entries and answers', () => {
		expect( parsePostTypes( null ) ).toEqual( [] );
		expect( parsePostTypes( 'post' ) ).toEqual( [] );
		expect(
			parsePostTypes( {
				a: null,
				b: { slug: 3, name: 'Three', viewable: true },
				c: { slug: 'c', viewable: true },
				d: { slug: 'd', name: 'D', viewable: 'yes' },
			} )
		).toEqual( [] );
	} );
} );

describe( 'clamp', () => {
	it( 'rounds into the bounds and falls back when empty', () => {
		expect( clamp( 7.6, 1, 20, 5 ) ).toBe( 8 );
		expect( clamp( 0, 1, 20, 5 ) ).toBe( 1 );
		expect( clamp( 400, 1, 365, 30 ) ).toBe( 365 );
		expect( clamp( undefined, 1, 20, 5 ) ).toBe( 5 );
		expect( clamp( Number.NaN, 1, 20, 5 ) ).toBe( 5 );
	} );
} );
