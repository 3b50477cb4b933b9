/**
 * The lightbox's transition effects (blocks/gallery/lightbox/effects.ts, spec §4 "Transition effects"): every
 * effect plays and leaves the layers swapped with nothing behind, the pieces tile the stage with their part of the
 * incoming picture, the direction mirrors the moves, `random` draws with the given source and never `none`, and
 * the fallbacks — reduced motion, no `element.animate` (a CSS fade), no 3D (a vertical slice) — and cancelling.
 *
 * jsdom has neither `element.animate` nor `CSS.supports`, nor layout: each test installs a fake `animate` that
 * records its calls and ends when the test says so, and gives the stage and the images their sizes.
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
import {
	EFFECTS,
	cancelEffects,
	isEffect,
	runEffect,
	type Effect,
	type EffectOptions,
} from '../effects';

/** A fake animation: what it was asked, and its end in the test's hands. */
interface FakeAnimation {
	element: HTMLElement;
	keyframes: Keyframe[];
	options: KeyframeAnimationOptions;
	finished: Promise< void >;
	finish: () => void;
	cancel: () => void;
	cancelled: boolean;
}

let animations: FakeAnimation[] = [];

/** Gives elements a fake `animate` (Web Animations API). */
function installAnimate(): void {
	Object.defineProperty( HTMLElement.prototype, 'animate', {
		configurable: true,
		writable: true,
		value( this: HTMLElement, keyframes: Keyframe[], options: object ) {
			let resolve = () => {};
			let reject: ( error: Error ) => void = () => {};
			const animation: FakeAnimation = {
				element: this,
				keyframes,
				options: options as KeyframeAnimationOptions,
				finished: new Promise< void >( ( yes, no ) => {
					resolve = yes;
					reject = no;
				} ),
				finish: () => resolve(),
				cancel: () => {
					animation.cancelled = true;
					reject( new DOMException( 'cancelled', 'AbortError' ) );
				},
				cancelled: false,
			};
			animation.finished.catch( () => {} );
			animations.push( animation );
			return animation;
		},
	} );
}

/**
 * Gives the page a `CSS.supports` (or takes `CSS` away).
 *
 * @param threeD Whether 3D transforms are supported; undefined: no `CSS` at all.
 */
function installCss( threeD?: boolean ): jest.Mock {
	const supports = jest.fn( () => !! threeD );
	Object.defineProperty( globalThis, 'CSS', {
		configurable: true,
		writable: true,
		value: threeD === undefined ? undefined : { supports },
	} );
	return supports;
}

/**
 * Gives an element a box (jsdom lays nothing out).
 *
 * @param element The element.
 * @param width   Width, px.
 * @param height  Height, px.
 * @param left    Left, px.
 * @param top     Top, px.
 */
function size(
	element: Element,
	width: number,
	height: number,
	left = 0,
	top = 0
): void {
	element.getBoundingClientRect = () =>
		( {
			left,
			top,
			width,
			height,
			right: left + width,
			bottom: top + height,
			x: left,
			y: top,
		} ) as DOMRect;
	Object.defineProperty( element, 'clientWidth', { value: width } );
	Object.defineProperty( element, 'clientHeight', { value: height } );
}

/** The stage (800 x 500 at 100, 50) with two layers, the outgoing shown; each image fills its layer. */
function stage() {
	document.body.innerHTML = `<div class="stage"><div class="layer a"><img src="http://x/a.jpg" alt=""></div><div class="layer b" hidden><img src="http://x/b.jpg" alt=""></div></div>`;
	const root = document.querySelector( '.stage' ) as HTMLElement;
	const outgoing = root.querySelector( '.a' ) as HTMLElement;
	const incoming = root.querySelector( '.b' ) as HTMLElement;
	const img = incoming.querySelector( 'img' ) as HTMLImageElement;
	Object.defineProperty( img, 'currentSrc', {
		value: 'http://x/b-1024x640.jpg',
	} );
	size( root, 800, 500, 100, 50 );
	size( img, 800, 500, 100, 50 );
	return { root, outgoing, incoming, img };
}

/** Lets pending promise callbacks run. */
async function flush(): Promise< void > {
	for ( let i = 0; i < 10; i++ ) {
		await Promise.resolve();
	}
}

/**
 * Starts an effect on the stage, watching whether its promise resolved.
 *
 * @param options Effect options (400 ms to the right unless told).
 */
function start( options: Partial< EffectOptions > & { effect: Effect } ) {
	const parts = stage();
	const state = { over: false };
	const promise = runEffect( parts.root, parts.outgoing, parts.incoming, {
		direction: 'right',
		duration: 400,
		...options,
	} ).then( () => {
		state.over = true;
	} );
	return { ...parts, state, promise };
}

/**
 * Checks that the change is over: the outgoing layer hidden, the incoming shown, only the layers in the stage, no
 * style attribute, every animation cancelled.
 *
 * @param parts          The stage and its layers.
 * @param parts.root     The stage.
 * @param parts.outgoing The outgoing layer.
 * @param parts.incoming The incoming layer.
 */
function expectClean( parts: {
	root: HTMLElement;
	outgoing: HTMLElement;
	incoming: HTMLElement;
} ): void {
	expect( parts.outgoing.hidden ).toBe( true );
	expect( parts.incoming.hidden ).toBe( false );
	expect( [ ...parts.root.children ] ).toEqual( [
		parts.outgoing,
		parts.incoming,
	] );
	expect( parts.root.querySelectorAll( '[style]' ) ).toHaveLength( 0 );
	expect( animations.every( ( animation ) => animation.cancelled ) ).toBe(
		true
	);
}

/**
 * The temporary pieces laid over the stage.
 *
 * @param root The stage.
 */
const piecesOf = ( root: HTMLElement ) =>
	[ ...root.children ].filter(
		( child ) => ! child.classList.contains( 'layer' )
	) as HTMLElement[];

/**
 * The transforms an element's animation goes through.
 *
 * @param element The element.
 */
const transforms = ( element: Element ) =>
	animations
		.filter( ( animation ) => animation.element === element )
		.flatMap( ( animation ) =>
			animation.keyframes.map( ( keyframe ) => keyframe.transform )
		);

beforeEach( () => {
	animations = [];
	installAnimate();
	installCss( true );
} );

afterEach( () => {
	delete ( HTMLElement.prototype as { animate?: unknown } ).animate;
	delete ( globalThis as { CSS?: unknown } ).CSS;
	jest.useRealTimers();
} );

describe( 'EFFECTS and isEffect', () => {
	it( 'lists every effect of the spec and recognises only those', () => {
		expect( [ ...EFFECTS ].sort() ).toEqual(
			[
				'blind_horizontal',
				'blind_vertical',
				'block_scale',
				'cube_horizontal',
				'cube_vertical',
				'fade',
				'fan',
				'kaleidoscope',
				'none',
				'random',
				'scale_in',
				'scale_out',
				'slice_horizontal',
				'slice_vertical',
				'slide_horizontal',
				'slide_vertical',
			].sort()
		);
		expect( EFFECTS.every( isEffect ) ).toBe( true );
		expect( isEffect( 'zoom' ) ).toBe( false );
		expect( isEffect( 'Fade' ) ).toBe( false );
		expect( isEffect( 1 ) ).toBe( false );
		expect( isEffect( undefined ) ).toBe( false );
	} );
} );

describe( 'runEffect', () => {
	it.each( EFFECTS.filter( ( name ) => name !== 'none' ) )(
		'%s animates, then leaves the incoming layer shown and nothing behind',
		async ( effect ) => {
			const parts = start( { effect, random: () => 0.5 } );
			expect( animations.length ).toBeGreaterThan( 0 );
			// Meanwhile both show: the incoming layer itself, or the pieces of its picture.
			expect( parts.outgoing.hidden ).toBe( false );
			expect( parts.incoming.hidden ).toBe(
				piecesOf( parts.root ).length > 0
			);
			animations.forEach( ( animation ) => {
				expect( animation.options.fill ).toBe( 'both' );
				expect(
					( animation.options.delay as number ) +
						( animation.options.duration as number )
				).toBeLessThanOrEqual( 400 );
			} );
			await flush();
			expect( parts.state.over ).toBe( false );
			animations.forEach( ( animation ) => animation.finish() );
			await parts.promise;
			expectClean( parts );
		}
	);

	it( 'none swaps at once without animating', async () => {
		const parts = start( { effect: 'none' } );
		expect( parts.outgoing.hidden ).toBe( true );
		expect( parts.incoming.hidden ).toBe( false );
		await parts.promise;
		expect( animations ).toHaveLength( 0 );
		expectClean( parts );
	} );

	it.each( [ 'cube_horizontal', 'slice_vertical', 'random' ] as Effect[] )(
		'%s swaps at once under reduced motion, or for a duration of 0',
		async ( effect ) => {
			const reduced = start( { effect, reducedMotion: true } );
			expect( reduced.outgoing.hidden ).toBe( true );
			await reduced.promise;
			expectClean( reduced );
			const instant = start( { effect, duration: 0 } );
			await instant.promise;
			expectClean( instant );
			expect( animations ).toHaveLength( 0 );
		}
	);

	it( 'slides the incoming layer in from the right and the outgoing out to the left, mirrored for left', () => {
		const right = start( { effect: 'slide_horizontal' } );
		expect( transforms( right.outgoing ) ).toEqual( [
			'none',
			'translateX(-100%)',
		] );
		expect( transforms( right.incoming ) ).toEqual( [
			'translateX(100%)',
			'none',
		] );
		animations = [];
		const left = start( {
			effect: 'slide_horizontal',
			direction: 'left',
		} );
		expect( transforms( left.outgoing ) ).toEqual( [
			'none',
			'translateX(100%)',
		] );
		expect( transforms( left.incoming ) ).toEqual( [
			'translateX(-100%)',
			'none',
		] );
	} );

	it( 'turns a cube round its centre (half the stage deep), the new face from the side of the direction', () => {
		const right = start( { effect: 'cube_horizontal' } );
		const face = ( angle: number ) =>
			`perspective(1600px) translateZ(-400px) rotateY(${ angle }deg) translateZ(400px)`;
		expect( transforms( right.outgoing ) ).toEqual( [
			face( 0 ),
			face( -90 ),
		] );
		expect( transforms( right.incoming ) ).toEqual( [
			face( 90 ),
			face( 0 ),
		] );
		animations = [];
		const left = start( { effect: 'cube_horizontal', direction: 'left' } );
		expect( transforms( left.incoming ) ).toEqual( [
			face( -90 ),
			face( 0 ),
		] );
		animations = [];
		const vertical = start( { effect: 'cube_vertical' } );
		expect( transforms( vertical.incoming )[ 0 ] ).toBe(
			'perspective(1000px) translateZ(-250px) rotateX(-90deg) translateZ(250px)'
		);
	} );

	it( 'cross-fades both layers for fade', () => {
		const parts = start( { effect: 'fade' } );
		const opacities = ( element: Element ) =>
			animations
				.filter( ( animation ) => animation.element === element )
				.flatMap( ( animation ) =>
					animation.keyframes.map( ( keyframe ) => keyframe.opacity )
				);
		expect( opacities( parts.outgoing ) ).toEqual( [ 1, 0 ] );
		expect( opacities( parts.incoming ) ).toEqual( [ 0, 1 ] );
		expect( piecesOf( parts.root ) ).toHaveLength( 0 );
	} );

	it.each( [
		[ 'slice_vertical', 8, 1 ],
		[ 'blind_vertical', 8, 1 ],
		[ 'slice_horizontal', 1, 8 ],
		[ 'blind_horizontal', 1, 8 ],
		[ 'block_scale', 4, 4 ],
		[ 'kaleidoscope', 4, 4 ],
	] as Array< [ Effect, number, number ] > )(
		'%s lays %i x %i pieces that tile the stage, each showing its part of the incoming picture',
		( effect, cols, rows ) => {
			let draw = 0;
			const parts = start( {
				effect,
				random: () => ( draw++ % 5 ) / 5,
			} );
			const pieces = piecesOf( parts.root );
			expect( pieces ).toHaveLength( cols * rows );
			// While the pieces come in, the incoming layer waits hidden.
			expect( parts.incoming.hidden ).toBe( true );
			// Every pixel of the stage in exactly one piece.
			const cover = new Uint8Array( 800 * 500 );
			for ( const piece of pieces ) {
				const { style } = piece;
				const [ left, top, width, height ] = [
					style.left,
					style.top,
					style.width,
					style.height,
				].map( parseFloat ) as [ number, number, number, number ];
				expect( style.position ).toBe( 'absolute' );
				expect( style.backgroundImage ).toBe(
					'url("http://x/b-1024x640.jpg")'
				);
				expect( style.backgroundSize ).toBe( '800px 500px' );
				// The picture's origin is the stage's: each piece shifts it by its own place.
				expect( style.backgroundPosition ).toBe(
					`${ -left }px ${ -top }px`
				);
				for ( let y = top; y < top + height; y++ ) {
					for ( let x = left; x < left + width; x++ ) {
						cover[ y * 800 + x ] =
							( cover[ y * 800 + x ] ?? 0 ) + 1;
					}
				}
			}
			expect( cover.every( ( count ) => count === 1 ) ).toBe( true );
			// One animation per piece, staggered within the duration, from a transform to its place.
			const own = animations.filter( ( animation ) =>
				pieces.includes( animation.element )
			);
			expect( own ).toHaveLength( pieces.length );
			expect(
				new Set( own.map( ( animation ) => animation.options.delay ) )
					.size
			).toBeGreaterThan( 1 );
			own.forEach( ( animation ) => {
				expect( animation.keyframes[ 0 ]?.transform ).not.toBe(
					'none'
				);
				expect( animation.keyframes[ 1 ] ).toEqual( {
					transform: 'none',
					opacity: 1,
				} );
			} );
		}
	);

	it( 'places the picture where object-fit: contain paints it', () => {
		const { root, outgoing, incoming, img } = stage();
		img.style.objectFit = 'contain';
		Object.defineProperty( img, 'naturalWidth', { value: 1000 } );
		Object.defineProperty( img, 'naturalHeight', { value: 1000 } );
		runEffect( root, outgoing, incoming, {
			effect: 'slice_vertical',
			direction: 'left',
			duration: 400,
		} );
		const [ first, second ] = piecesOf( root );
		// 1000 x 1000 in 800 x 500: 500 x 500, 150 px from the left.
		expect( first?.style.backgroundSize ).toBe( '500px 500px' );
		expect( first?.style.backgroundPosition ).toBe( '150px 0px' );
		expect( second?.style.backgroundPosition ).toBe( '50px 0px' );
	} );

	it( 'starts the vertical slices from the side the new image comes from', () => {
		const delays = ( direction: 'left' | 'right' ) => {
			animations = [];
			const { root } = start( { effect: 'slice_vertical', direction } );
			const pieces = piecesOf( root );
			return animations
				.filter( ( animation ) => pieces.includes( animation.element ) )
				.map( ( animation ) => animation.options.delay as number );
		};
		const right = delays( 'right' );
		const left = delays( 'left' );
		expect( right[ 7 ] ).toBe( 0 );
		expect( right[ 0 ] ).toBeGreaterThan( right[ 7 ] as number );
		expect( left ).toEqual( [ ...right ].reverse() );
	} );

	it( 'fades instead of the piece effects when the incoming layer has no image (an embed)', async () => {
		const { root, outgoing, incoming } = stage();
		incoming.innerHTML = '<iframe title="video"></iframe>';
		const promise = runEffect( root, outgoing, incoming, {
			effect: 'kaleidoscope',
			direction: 'right',
			duration: 400,
		} );
		expect( piecesOf( root ) ).toHaveLength( 0 );
		expect( animations.map( ( animation ) => animation.element ) ).toEqual(
			[ outgoing, incoming ]
		);
		expect( animations[ 1 ]?.keyframes ).toEqual( [
			{ transform: 'none', opacity: 0 },
			{ transform: 'none', opacity: 1 },
		] );
		animations.forEach( ( animation ) => animation.finish() );
		await promise;
		expect( outgoing.hidden ).toBe( true );
	} );

	it( 'random draws with the given source, one of the others, never none', async () => {
		const drawn = new Set< string >();
		for ( let i = 0; i < 100; i++ ) {
			animations = [];
			const random = jest.fn( () => i / 100 );
			const parts = start( { effect: 'random', random } );
			expect( random ).toHaveBeenCalled();
			// `none` would animate nothing.
			expect( animations.length ).toBeGreaterThan( 0 );
			drawn.add(
				piecesOf( parts.root ).length +
					String( transforms( parts.incoming ) ) +
					String(
						animations[ animations.length - 1 ]?.keyframes[ 0 ]
							?.transform
					)
			);
			cancelEffects( parts.root );
			await parts.promise;
		}
		// Every effect but none and random looks different (the cubes, the slices …): 14 of them.
		expect( drawn.size ).toBe( 14 );
		animations = [];
		const first = start( { effect: 'random', random: () => 0 } );
		expect( transforms( first.incoming )[ 0 ] ).toContain(
			'rotateY(90deg)'
		);
		animations = [];
		const last = start( { effect: 'random', random: () => 0.999 } );
		expect( piecesOf( last.root ) ).toHaveLength( 8 );
		expect( animations[ 1 ]?.keyframes[ 0 ]?.transform ).toBe(
			'scaleX(0)'
		);
	} );

	it( 'plays a vertical slice for the cubes without 3D transforms', () => {
		const supports = installCss( false );
		const parts = start( { effect: 'cube_horizontal' } );
		expect( supports ).toHaveBeenCalledWith(
			'transform-style',
			'preserve-3d'
		);
		expect( piecesOf( parts.root ) ).toHaveLength( 8 );
		expect( transforms( piecesOf( parts.root )[ 0 ] as Element ) ).toEqual(
			[ 'translateY(-100%)', 'none' ]
		);
		expect( transforms( parts.incoming ) ).toEqual( [] );
		// No CSS object at all: the same.
		installCss();
		const bare = start( { effect: 'cube_vertical' } );
		expect( piecesOf( bare.root ) ).toHaveLength( 8 );
	} );

	it( 'ends even when an animation is cancelled from outside', async () => {
		const parts = start( { effect: 'block_scale' } );
		animations[ 3 ]?.cancel();
		await parts.promise;
		expect( parts.state.over ).toBe( true );
		expectClean( parts );
	} );

	it( 'ends at twice the duration when the animations never report', async () => {
		jest.useFakeTimers();
		const parts = start( { effect: 'slide_vertical' } );
		jest.advanceTimersByTime( 799 );
		await flush();
		expect( parts.state.over ).toBe( false );
		jest.advanceTimersByTime( 1 );
		await flush();
		expect( parts.state.over ).toBe( true );
		expectClean( parts );
	} );
} );

describe( 'cancelEffects', () => {
	it( 'ends the running effect at once and cleans up, and only once', async () => {
		const parts = start( { effect: 'slice_horizontal' } );
		expect( piecesOf( parts.root ) ).toHaveLength( 8 );
		cancelEffects( parts.root );
		// At once: before any promise callback.
		expect( piecesOf( parts.root ) ).toHaveLength( 0 );
		expect( parts.outgoing.hidden ).toBe( true );
		expect( parts.incoming.hidden ).toBe( false );
		await parts.promise;
		expectClean( parts );
		// The next change, back to the first layer, is not disturbed by the first one's late rejections.
		animations = [];
		const back = runEffect( parts.root, parts.incoming, parts.outgoing, {
			effect: 'fade',
			direction: 'left',
			duration: 400,
		} );
		await flush();
		expect( parts.outgoing.hidden ).toBe( false );
		expect( parts.incoming.hidden ).toBe( false );
		animations.forEach( ( animation ) => animation.finish() );
		await back;
		expect( parts.incoming.hidden ).toBe( true );
		expect( parts.outgoing.hidden ).toBe( false );
	} );

	it( 'ends the running effect when another starts on the stage', async () => {
		const parts = start( { effect: 'kaleidoscope' } );
		const again = runEffect( parts.root, parts.incoming, parts.outgoing, {
			effect: 'none',
			direction: 'left',
			duration: 400,
		} );
		await parts.promise;
		await again;
		expect( piecesOf( parts.root ) ).toHaveLength( 0 );
		expect( parts.incoming.hidden ).toBe( true );
		expect( parts.outgoing.hidden ).toBe( false );
	} );

	it( 'does nothing on a stage without an effect', () => {
		const { root, outgoing, incoming } = stage();
		cancelEffects( root );
		expect( outgoing.hidden ).toBe( false );
		expect( incoming.hidden ).toBe( true );
	} );
} );

describe( 'without element.animate', () => {
	beforeEach( () => {
		delete ( HTMLElement.prototype as { animate?: unknown } ).animate;
	} );

	it( 'fades by a CSS transition, whatever the effect, ending on the incoming layer’s transitionend', async () => {
		const parts = start( { effect: 'cube_horizontal' } );
		parts.outgoing.style.left = '0px';
		expect( parts.incoming.hidden ).toBe( false );
		expect( parts.outgoing.style.transition ).toBe( 'opacity 400ms' );
		expect( parts.incoming.style.transition ).toBe( 'opacity 400ms' );
		expect( parts.outgoing.style.opacity ).toBe( '0' );
		expect( parts.incoming.style.opacity ).toBe( '1' );
		expect( piecesOf( parts.root ) ).toHaveLength( 0 );
		// A transition inside the layer (it bubbles) is not the end.
		parts.incoming
			.querySelector( 'img' )
			?.dispatchEvent( new Event( 'transitionend', { bubbles: true } ) );
		await flush();
		expect( parts.state.over ).toBe( false );
		parts.incoming.dispatchEvent( new Event( 'transitionend' ) );
		await parts.promise;
		expect( parts.outgoing.hidden ).toBe( true );
		// The effect's styles gone, the lightbox's own kept.
		expect( parts.outgoing.getAttribute( 'style' ) ).toBe( 'left: 0px;' );
		expect( parts.incoming.hasAttribute( 'style' ) ).toBe( false );
	} );

	it( 'ends the fade by its timeout guard when no transitionend comes', async () => {
		jest.useFakeTimers();
		const parts = start( { effect: 'fade', duration: 300 } );
		jest.advanceTimersByTime( 599 );
		await flush();
		expect( parts.state.over ).toBe( false );
		jest.advanceTimersByTime( 1 );
		await flush();
		expect( parts.state.over ).toBe( true );
		expectClean( parts );
	} );

	it( 'swaps at once without CSS transitions', async () => {
		const { root, outgoing, incoming } = stage();
		Object.defineProperty( root, 'style', {
			value: {} as CSSStyleDeclaration,
		} );
		const promise = runEffect( root, outgoing, incoming, {
			effect: 'fade',
			direction: 'right',
			duration: 400,
		} );
		expect( outgoing.hidden ).toBe( true );
		expect( incoming.hidden ).toBe( false );
		expect( incoming.hasAttribute( 'style' ) ).toBe( false );
		await promise;
	} );

	it( 'can be cancelled mid-fade', async () => {
		const parts = start( { effect: 'fade' } );
		cancelEffects( parts.root );
		expect( parts.outgoing.hidden ).toBe( true );
		await parts.promise;
		expectClean( parts );
	} );
} );
