/**
 * The lightbox's image change on its stage (blocks/gallery/lightbox/transition.ts): the effect plays between two
 * temporary layers hidden from assistive technology, over the popup's own image (hidden meanwhile); the outgoing
 * layer goes when the effect ends, the incoming one once the popup's image shows the new picture; nothing at all
 * under reduced motion, for `none` or a duration of 0; the duration rule of spec §4.
 *
 * jsdom has no `element.animate`: the fade falls back to a CSS transition, which a test ends by its event.
 */

/**
 * External dependencies
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import type { ImageRecord } from '../data';
import {
	duration,
	stageTransition,
	type TransitionSettings,
} from '../transition';

const RECORDS = new Map< number, ImageRecord >( [
	[
		0,
		{
			filetype: 'jpeg',
			image_url: '/one.jpg',
			srcset: '',
			sizes: '',
		} as ImageRecord,
	],
	[
		1,
		{
			filetype: 'jpeg',
			image_url: '/two.jpg',
			srcset: '/two.jpg 800w, /two-big.jpg 1600w',
			sizes: '100vw',
		} as ImageRecord,
	],
	[
		2,
		{
			filetype: 'EMBED_OEMBED_YOUTUBE_VIDEO',
			embed_url: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
			image_url: '/poster.jpg',
			srcset: '',
			sizes: '',
		} as ImageRecord,
	],
] );

/**
 * A popup with its stage and its own image.
 *
 * @return The root.
 */
function popup(): HTMLElement {
	document.body.innerHTML =
		'<div class="tessera-lightbox"><div class="tessera-lightbox__stage"><img class="tessera-lightbox__image" src="/one.jpg" alt="One"></div></div>';
	return document.querySelector( '.tessera-lightbox' ) as HTMLElement;
}

const stage = () =>
	document.querySelector( '.tessera-lightbox__stage' ) as HTMLElement;
const layers = () =>
	Array.from(
		document.querySelectorAll< HTMLElement >( '.tessera-lightbox__layer' )
	);

/**
 * Settings with an effect.
 *
 * @param effect   Effect name.
 * @param effectMs Effect duration, ms.
 * @param interval Slideshow interval, s.
 */
const settings = (
	effect: string,
	effectMs = 40,
	interval = 5
): TransitionSettings => ( {
	bwg_image_effect: effect,
	slideshow_effect_duration: effectMs,
	slideshow_interval: interval,
} );

/**
 * Sets whether the visitor prefers reduced motion.
 *
 * @param reduce Reduced motion.
 */
function motion( reduce: boolean ): void {
	window.matchMedia = jest.fn( ( query: string ) => ( {
		matches: reduce && query.includes( 'reduce' ),
	} ) ) as unknown as typeof window.matchMedia;
}

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'stageTransition', () => {
	it( 'plays the effect between two hidden layers over the popup’s image, then leaves only that image', async () => {
		motion( false );
		const root = popup();
		const own = root.querySelector( 'img' ) as HTMLImageElement;
		const change = stageTransition( root, settings( 'fade' ), ( i ) =>
			RECORDS.get( i )
		)( 0, 1, 'right' );
		await Promise.resolve();
		expect( stage().classList.contains( 'is-changing' ) ).toBe( true );
		const [ outgoing, incoming ] = layers();
		expect( layers() ).toHaveLength( 2 );
		expect( outgoing?.getAttribute( 'aria-hidden' ) ).toBe( 'true' );
		// The picture shown, as a plain image (no srcset for the browser to keep: picture.ts).
		expect( outgoing?.querySelector( 'img' )?.src ).toBe( own.src );
		expect(
			outgoing?.querySelector( 'img' )?.hasAttribute( 'srcset' )
		).toBe( false );
		const picture = incoming?.querySelector( 'img' );
		expect( picture?.getAttribute( 'src' ) ).toBe( '/two.jpg' );
		expect( picture?.getAttribute( 'srcset' ) ).toBe(
			'/two.jpg 800w, /two-big.jpg 1600w'
		);
		expect( picture?.alt ).toBe( '' );
		// The CSS fade ends (or its guard, at twice the duration).
		await change;
		expect( layers() ).toEqual( [ incoming ] );
		expect( incoming?.hidden ).toBe( false );
		// The popup shows the new image in its own <img>: once that has loaded, the incoming layer goes.
		let loaded = false;
		Object.defineProperty( own, 'complete', { get: () => loaded } );
		own.setAttribute( 'src', '/two.jpg' );
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
		expect( layers() ).toEqual( [ incoming ] );
		loaded = true;
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
		expect( layers() ).toEqual( [] );
		expect( stage().classList.contains( 'is-changing' ) ).toBe( false );
	} );

	it.each( [
		[ 'reduced motion', 'fade', 800, true, 1 ],
		[ 'none', 'none', 800, false, 1 ],
		[ 'a duration of 0', 'slide_horizontal', 0, false, 1 ],
		[ 'an embed coming (its player is no picture)', 'fade', 800, false, 2 ],
	] )(
		'changes at once with %s',
		async ( _what, effect, effectMs, reduce, to ) => {
			motion( reduce as boolean );
			const root = popup();
			const change = stageTransition(
				root,
				settings( effect as string, effectMs as number ),
				( i ) => RECORDS.get( i )
			)( 0, to as number, 'right' );
			expect( layers() ).toEqual( [] );
			await change;
			expect( layers() ).toEqual( [] );
			expect( stage().classList.contains( 'is-changing' ) ).toBe( false );
		}
	);

	it( 'lasts a quarter of the slideshow interval when that is under four effect durations', async () => {
		motion( false );
		const root = popup();
		// 1 s interval, 800 ms effect: 250 ms. The CSS fade's transition says so.
		const change = stageTransition(
			root,
			settings( 'fade', 800, 1 ),
			( i ) => RECORDS.get( i )
		)( 0, 1, 'left' );
		await Promise.resolve();
		await Promise.resolve();
		const [ outgoing ] = layers();
		expect( outgoing?.style.transition ).toBe( 'opacity 250ms' );
		stage()
			.querySelectorAll( '.tessera-lightbox__layer' )
			.forEach( ( layer ) =>
				layer.dispatchEvent( new Event( 'transitionend' ) )
			);
		await change;
	} );
} );

describe( 'duration', () => {
	it( 'is the effect duration when the interval is at least four of them', () => {
		expect( duration( 400, 5000 ) ).toBe( 400 );
		expect( duration( 400, 1600 ) ).toBe( 400 );
	} );

	it( 'is a quarter of the interval (whole ms) when the interval is under four effect durations', () => {
		expect( duration( 400, 1599 ) ).toBe( 399 );
		expect( duration( 800, 1000 ) ).toBe( 250 );
		expect( duration( 500, 0 ) ).toBe( 0 );
	} );
} );
