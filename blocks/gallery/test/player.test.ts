/**
 * The slideshow and carousel player (blocks/gallery/player.ts): the next index with loop and at the ends, the
 * ends of a scroll box, and the slideshow as a visitor drives it — previous / next, thumbnails, keys, the queue
 * of changes during an effect, the announcements, autoplay with its holds, shuffle, the stop at the end, reduced
 * motion, the music and players put in later — on the server's markup.
 */

/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import type * as PlayerModule from '../player';

type Player = typeof PlayerModule;

/**
 * Loads the player afresh (it reads the reduced-motion preference when it loads, and starts the players of the
 * document).
 *
 * @param reduce Whether the visitor prefers reduced motion.
 */
async function load( reduce = false ): Promise< Player > {
	window.matchMedia = ( () => ( {
		matches: reduce,
	} ) ) as unknown as typeof window.matchMedia;
	let player: Player | undefined;
	await jest.isolateModulesAsync( async () => {
		player = await import( '../player' );
	} );
	return player as Player;
}

/**
 * A slideshow as Slideshow.php prints it (the parts the script reads).
 *
 * @param attributes Attributes of the player (`data-*`).
 * @param count      Number of slides.
 */
function slideshow( attributes: string, count = 4 ): string {
	const titles = [ 'Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon' ];
	let slides = '';
	let picks = '';
	for ( let i = 0; i < count; i++ ) {
		const label = `${ i + 1 } of ${ count }: ${ titles[ i ] }`;
		slides += `<div class="tessera-slide" role="group" aria-label="${ label }"${
			i ? ' hidden' : ''
		}><a href="/full-${ i }.jpg"><img src="/large-${ i }.jpg" loading="lazy" width="800" height="500" alt=""></a></div>`;
		picks += `<li><a class="tessera-player__pick" data-act="pick" href="/full-${ i }.jpg"${
			i ? '' : ' aria-current="true"'
		}><img src="/thumb-${ i }.jpg" width="90" height="90" alt="${ titles[ i ] }"></a></li>`;
	}
	return `<div class="tessera-gallery" id="bwg_container1_0"><div class="tessera-player tessera-slideshow" data-player="slideshow" data-interval="5000" data-effect="fade" ${ attributes }>
		<div class="tessera-slideshow__main"><div class="tessera-player__stage">${ slides }
			<button type="button" data-act="step" data-by="-1">Previous image</button>
			<button type="button" data-act="step" data-by="1">Next image</button>
			<button type="button" data-act="play">Play</button>
		</div><div class="tessera-player__strip"><ul class="tessera-player__thumbs">${ picks }</ul><button type="button" data-act="scroll" data-by="-1" aria-disabled="true">Back</button><button type="button" data-act="scroll" data-by="1">Forward</button></div></div>
		<p class="tessera-player__live" aria-live="polite"></p></div><audio src="/music.mp3" controls></audio></div>`;
}

const root = () => document.querySelector( '.tessera-player' ) as HTMLElement;
const slides = () =>
	Array.from( document.querySelectorAll< HTMLElement >( '.tessera-slide' ) );
/** The labels of the slides that show (two during an effect). */
const showing = () =>
	slides()
		.filter( ( slide ) => ! slide.hidden )
		.map(
			( slide ) => slide.getAttribute( 'aria-label' )?.split( ':' )[ 0 ]
		);
const press = ( name: string ) =>
	(
		Array.from( document.querySelectorAll( 'button' ) ).find(
			( button ) => button.textContent === name
		) as HTMLButtonElement
	 ).click();
const live = () =>
	document.querySelector( '.tessera-player__live' )?.textContent;
/**
 * Ends the effect running on the slide coming in, as the browser does: its `animationend` handler (jsdom runs no
 * animations and does not call `on…` handlers of animation events).
 *
 * @param scope Where the player is.
 */
const endEffect = ( scope: ParentNode = document ) => {
	const slide = scope.querySelector< HTMLElement >( '.tessera-slide.is-in' );
	slide?.onanimationend?.( new Event( 'animationend' ) as AnimationEvent );
};
/** Lets the queued changes run (they are promises). */
const settle = () => jest.advanceTimersByTimeAsync( 0 );
/**
 * Puts the player in or out of view.
 *
 * @param visible In view.
 */
const inView = ( visible: boolean ) =>
	( Element.prototype.getBoundingClientRect = () =>
		( visible
			? { top: 100, bottom: 600 }
			: { top: -900, bottom: -400 } ) as DOMRect );

beforeEach( () => {
	jest.useFakeTimers();
	Element.prototype.scrollTo =
		jest.fn() as unknown as typeof Element.prototype.scrollTo;
	Element.prototype.scrollBy =
		jest.fn() as unknown as typeof Element.prototype.scrollBy;
	inView( true );
} );

afterEach( () => {
	jest.useRealTimers();
	document.body.innerHTML = '';
} );

describe( 'pure logic', () => {
	it( 'steps to the next index, wrapping round only with loop', async () => {
		const { step } = await load();
		expect( step( 0, 4, 1, false ) ).toBe( 1 );
		expect( step( 3, 4, 1, false ) ).toBe( -1 );
		expect( step( 3, 4, 1, true ) ).toBe( 0 );
		expect( step( 0, 4, -1, false ) ).toBe( -1 );
		expect( step( 0, 4, -1, true ) ).toBe( 3 );
		// A shuffle's jump of up to count - 1 wraps as well.
		expect( step( 2, 4, 3, true ) ).toBe( 1 );
	} );

	it( 'knows when a row or a column is scrolled to its start or its end', async () => {
		const { ends } = await load();
		const box = ( left: number, top: number ) =>
			( {
				scrollLeft: left,
				scrollTop: top,
				clientWidth: 300,
				clientHeight: 90,
				scrollWidth: 900,
				scrollHeight: 90,
			} ) as Element;
		expect( ends( box( 0, 0 ) ) ).toEqual( [ true, false ] );
		expect( ends( box( 300, 0 ) ) ).toEqual( [ false, false ] );
		expect( ends( box( 600, 0 ) ) ).toEqual( [ false, true ] );
		const column = {
			...box( 0, 410 ),
			clientWidth: 90,
			scrollWidth: 90,
			clientHeight: 500,
			scrollHeight: 910,
		} as Element;
		expect( ends( column ) ).toEqual( [ false, true ] );
	} );
} );

describe( 'slideshow', () => {
	it( 'shows the next and the previous slide by button and by key, and announces the visitor’s changes', async () => {
		document.body.innerHTML = slideshow( '' );
		await load();
		expect( root().dataset.ready ).toBe( '1' );
		press( 'Next image' );
		await settle();
		// The next one comes in over the shown one with the effect, to the right.
		expect( showing() ).toEqual( [ '1 of 4', '2 of 4' ] );
		expect( slides()[ 1 ]?.classList.contains( 'is-in' ) ).toBe( true );
		expect( root().dataset.fx ).toBe( 'fade' );
		expect( live() ).toBe( '2 of 4: Beta' );
		// The one after it loads ahead.
		expect( slides()[ 2 ]?.querySelector( 'img' )?.loading ).toBe(
			'eager'
		);
		endEffect();
		expect( showing() ).toEqual( [ '2 of 4' ] );
		const picks = document.querySelectorAll( '[data-act=pick]' );
		expect( picks[ 1 ]?.getAttribute( 'aria-current' ) ).toBe( 'true' );
		expect( picks[ 0 ]?.hasAttribute( 'aria-current' ) ).toBe( false );

		slides()[ 1 ]?.dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'ArrowLeft', bubbles: true } )
		);
		await settle();
		expect( root().dataset.fx ).toBe( 'fade left' );
		endEffect();
		expect( showing() ).toEqual( [ '1 of 4' ] );
		expect( live() ).toBe( '1 of 4: Alpha' );

		// The visitor's own moves wrap round (spec §2 keyboard), even without loop.
		root().dispatchEvent(
			new KeyboardEvent( 'keydown', { key: 'ArrowLeft', bubbles: true } )
		);
		await settle();
		endEffect();
		expect( showing() ).toEqual( [ '4 of 4' ] );
	} );

	it( 'shows a thumbnail’s slide instead of following its link; the shown one does nothing', async () => {
		document.body.innerHTML = slideshow( '' );
		await load();
		const picks =
			document.querySelectorAll< HTMLElement >( '[data-act=pick]' );
		const click = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
		} );
		picks[ 2 ]?.querySelector( 'img' )?.dispatchEvent( click );
		expect( click.defaultPrevented ).toBe( true );
		await settle();
		endEffect();
		expect( showing() ).toEqual( [ '3 of 4' ] );
		expect( live() ).toBe( '3 of 4: Gamma' );
		// The filmstrip keeps the current thumbnail in view.
		expect(
			document.querySelector( '.tessera-player__thumbs' )?.scrollTo
		).toHaveBeenCalled();

		picks[ 2 ]?.click();
		await settle();
		expect( document.querySelector( '.is-in' ) ).toBeNull();
		expect( showing() ).toEqual( [ '3 of 4' ] );
	} );

	it( 'makes thumbnails and dots buttons that Space presses too', async () => {
		document.body.innerHTML = slideshow( '' );
		await load();
		const picks = [
			...document.querySelectorAll< HTMLElement >( '[data-act=pick]' ),
		];
		expect( picks.map( ( pick ) => pick.getAttribute( 'role' ) ) ).toEqual(
			[ 'button', 'button', 'button', 'button' ]
		);
		const space = new KeyboardEvent( 'keydown', {
			key: ' ',
			bubbles: true,
			cancelable: true,
		} );
		picks[ 1 ]?.dispatchEvent( space );
		expect( space.defaultPrevented ).toBe( true );
		await settle();
		endEffect();
		expect( showing() ).toEqual( [ '2 of 4' ] );
		expect( picks[ 1 ]?.getAttribute( 'aria-current' ) ).toBe( 'true' );
	} );

	it( 'queues the changes asked for during an effect and plays them after it, in order', async () => {
		document.body.innerHTML = slideshow( '' );
		await load();
		press( 'Next image' );
		press( 'Next image' );
		press( 'Next image' );
		await settle();
		// One change at a time: the second waits for the first one's effect.
		expect( showing() ).toEqual( [ '1 of 4', '2 of 4' ] );
		expect( live() ).toBe( '4 of 4: Delta' );
		endEffect();
		await settle();
		expect( showing() ).toEqual( [ '2 of 4', '3 of 4' ] );
		endEffect();
		await settle();
		expect( showing() ).toEqual( [ '3 of 4', '4 of 4' ] );
		endEffect();
		await settle();
		expect( showing() ).toEqual( [ '4 of 4' ] );
		expect( document.querySelector( '.is-in' ) ).toBeNull();
	} );

	it( 'plays every interval while in view, not announcing, and holds while the page is hidden or the player out of view', async () => {
		document.body.innerHTML = slideshow( 'data-autoplay data-loop' );
		await load();
		expect( root().classList.contains( 'is-playing' ) ).toBe( true );
		await jest.advanceTimersByTimeAsync( 4999 );
		expect( document.querySelector( '.is-in' ) ).toBeNull();
		await jest.advanceTimersByTimeAsync( 1 );
		endEffect();
		expect( showing() ).toEqual( [ '2 of 4' ] );
		expect( live() ).toBe( '' );

		inView( false );
		await jest.advanceTimersByTimeAsync( 10000 );
		expect( showing() ).toEqual( [ '2 of 4' ] );
		inView( true );
		Object.defineProperty( document, 'hidden', {
			configurable: true,
			get: () => true,
		} );
		await jest.advanceTimersByTimeAsync( 10000 );
		expect( showing() ).toEqual( [ '2 of 4' ] );
		Object.defineProperty( document, 'hidden', {
			configurable: true,
			get: () => false,
		} );
		// Back in view and visible: it goes on (it was playing).
		await jest.advanceTimersByTimeAsync( 5000 );
		endEffect();
		expect( showing() ).toEqual( [ '3 of 4' ] );
		expect( root().classList.contains( 'is-playing' ) ).toBe( true );
	} );

	it( 'stops at the end without loop; Pause stops and Play starts again, with the music', async () => {
		document.body.innerHTML = slideshow( 'data-autoplay', 2 );
		await load();
		const audio = document.querySelector( 'audio' ) as HTMLAudioElement;
		const play = jest.fn( () => Promise.resolve() );
		const pause = jest.fn();
		audio.play = play;
		audio.pause = pause;
		await jest.advanceTimersByTimeAsync( 5000 );
		endEffect();
		expect( showing() ).toEqual( [ '2 of 2' ] );
		await jest.advanceTimersByTimeAsync( 5000 );
		expect( showing() ).toEqual( [ '2 of 2' ] );
		expect( root().classList.contains( 'is-playing' ) ).toBe( false );
		// Autoplay never started the music.
		expect( play ).not.toHaveBeenCalled();

		press( 'Play' );
		expect( root().classList.contains( 'is-playing' ) ).toBe( true );
		expect( play ).toHaveBeenCalledTimes( 1 );
		press( 'Play' );
		expect( root().classList.contains( 'is-playing' ) ).toBe( false );
		expect( pause ).toHaveBeenCalledTimes( 1 );
		await jest.advanceTimersByTimeAsync( 20000 );
		expect( document.querySelector( '.is-in' ) ).toBeNull();
	} );

	it( 'holds while the pointer is on an image or the focus on a link of the player', async () => {
		document.body.innerHTML = slideshow( 'data-autoplay data-loop' );
		await load();
		const link = slides()[ 0 ]?.querySelector( 'a' ) as HTMLElement;
		link.focus();
		await jest.advanceTimersByTimeAsync( 15000 );
		expect( showing() ).toEqual( [ '1 of 4' ] );
		link.blur();
		await jest.advanceTimersByTimeAsync( 5000 );
		expect( showing() ).toEqual( [ '1 of 4', '2 of 4' ] );
	} );

	it( 'jumps at random with shuffle, never to the same slide', async () => {
		document.body.innerHTML = slideshow( 'data-autoplay data-shuffle' );
		await load();
		const random = jest.spyOn( Math, 'random' ).mockReturnValue( 0.99 );
		await jest.advanceTimersByTimeAsync( 5000 );
		endEffect();
		// 1 + floor(0.99 x 3) = 3 slides on: the fourth.
		expect( showing() ).toEqual( [ '4 of 4' ] );
		random.mockReturnValue( 0 );
		await jest.advanceTimersByTimeAsync( 5000 );
		endEffect();
		// One on, round past the end (shuffle wraps).
		expect( showing() ).toEqual( [ '1 of 4' ] );
		random.mockRestore();
	} );

	it( 'draws the effect of a random slideshow at each change', async () => {
		document.body.innerHTML = slideshow( '' ).replace(
			'data-effect="fade"',
			'data-effect="fade slide_horizontal scale_in"'
		);
		await load();
		const random = jest.spyOn( Math, 'random' ).mockReturnValue( 0.5 );
		press( 'Next image' );
		await settle();
		expect( root().dataset.fx ).toBe( 'slide_horizontal' );
		random.mockRestore();
	} );

	it( 'under reduced motion: changes at once and autoplay does not start', async () => {
		document.body.innerHTML = slideshow( 'data-autoplay data-loop' );
		await load( true );
		expect( root().classList.contains( 'is-playing' ) ).toBe( false );
		await jest.advanceTimersByTimeAsync( 20000 );
		expect( showing() ).toEqual( [ '1 of 4' ] );
		press( 'Next image' );
		await settle();
		expect( showing() ).toEqual( [ '2 of 4' ] );
		expect( document.querySelector( '.is-in' ) ).toBeNull();
	} );

	it( 'marks the filmstrip’s scroll buttons disabled at its ends, and scrolls it by one thumbnail', async () => {
		document.body.innerHTML = slideshow( '' );
		const list = () =>
			document.querySelector( '.tessera-player__thumbs' ) as HTMLElement;
		let left = 0;
		Object.defineProperties( HTMLElement.prototype, {
			scrollLeft: { configurable: true, get: () => left },
			clientWidth: { configurable: true, get: () => 300 },
			scrollWidth: { configurable: true, get: () => 900 },
			offsetWidth: { configurable: true, get: () => 90 },
		} );
		await load();
		const [ back, forward ] = Array.from(
			document.querySelectorAll( '[data-act=scroll]' )
		);
		expect( back?.getAttribute( 'aria-disabled' ) ).toBe( 'true' );
		expect( forward?.getAttribute( 'aria-disabled' ) ).toBe( 'false' );
		press( 'Forward' );
		expect( list().scrollBy ).toHaveBeenCalledWith( 90, 0 );
		left = 600;
		list().dispatchEvent( new Event( 'scroll' ) );
		expect( back?.getAttribute( 'aria-disabled' ) ).toBe( 'false' );
		expect( forward?.getAttribute( 'aria-disabled' ) ).toBe( 'true' );
		( list().scrollBy as jest.Mock ).mockClear();
		press( 'Forward' );
		expect( list().scrollBy ).not.toHaveBeenCalled();
		for ( const name of [
			'scrollLeft',
			'clientWidth',
			'scrollWidth',
			'offsetWidth',
		] ) {
			delete (
				HTMLElement.prototype as unknown as Record< string, unknown >
			 )[ name ];
		}
	} );

	it( 'starts the players the gallery navigation puts in later, each with its own state', async () => {
		document.body.innerHTML = slideshow( '' );
		await load();
		const first = root();
		const later = document.createElement( 'div' );
		later.innerHTML = slideshow( '' );
		document.body.append( later );
		document.dispatchEvent(
			new CustomEvent( 'tessera-gallery:updated', { detail: later } )
		);
		const second = later.querySelector< HTMLElement >(
			'.tessera-player'
		) as HTMLElement;
		expect( second.dataset.ready ).toBe( '1' );
		second
			.querySelector< HTMLButtonElement >(
				'[data-by="1"][data-act=step]'
			)
			?.click();
		await settle();
		endEffect( second );
		expect(
			second.querySelector( '.tessera-slide:not([hidden])' )?.ariaLabel
		).toBe( '2 of 4: Beta' );
		expect(
			first.querySelector( '.tessera-slide:not([hidden])' )?.ariaLabel
		).toBe( '1 of 4: Alpha' );
	} );
} );
