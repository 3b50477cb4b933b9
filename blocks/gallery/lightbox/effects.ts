/**
 * The lightbox's transition effects (spec §4 "Transition effects", issue 7): one change between two layers of a
 * stage, played with the Web Animations API — no style sheet, nothing left behind.
 *
 * The stage is a positioned box that clips (`overflow: hidden`) and holds the layers; each layer is absolutely
 * stacked over the whole stage and holds the image (`<img>`), or an embed. Whatever the effect, when it is over
 * the outgoing layer is `hidden`, the incoming one is not, and neither keeps an animation, an inline style of the
 * effect, or a temporary node.
 *
 * - Layer effects move both layers: fade (a cross-fade), slide, scale, cube (the faces of a turning cube), fan
 *   (the incoming image swings in round a bottom corner).
 * - Piece effects — slice, blind (8 strips), block scale and kaleidoscope (a 4 x 4 grid) — lay temporary pieces over
 *   the stage (`z-index: 1`, after the layers), each showing its part of the incoming picture (its `currentSrc`, at
 *   the place and size the `<img>` shows it, `object-fit: contain` understood); they come in one after the other
 *   within the duration while the outgoing layer fades out in the second half. An incoming layer without an image
 *   (an embed) gets the fade instead.
 * - `right` (to a higher index) brings the new image from the right or the bottom; `left` mirrors it.
 * - Fallbacks (spec): no motion under reduced motion, for `none` or for a duration of 0; a fade by a CSS transition
 *   without `element.animate` (none at all without CSS transitions); a vertical slice for the cubes without 3D.
 * - A guard ends an effect whose animations never report (a page in the background): at twice the duration.
 */

/** Which way a change goes: `right` to a higher index, `left` to a lower one (spec §4: by index). */
export type Direction = 'left' | 'right';

/** Every effect name of the spec (the lightbox setting's values). */
export const EFFECTS = [
	'cube_horizontal',
	'cube_vertical',
	'fade',
	'none',
	'slice_horizontal',
	'slice_vertical',
	'slide_horizontal',
	'slide_vertical',
	'scale_out',
	'scale_in',
	'block_scale',
	'kaleidoscope',
	'fan',
	'blind_horizontal',
	'blind_vertical',
	'random',
] as const;

/** An effect name. */
export type Effect = ( typeof EFFECTS )[ number ];

/** How one change plays. */
export interface EffectOptions {
	/** The effect (`random`: one of the others but `none`, drawn at each call). */
	effect: Effect;
	/** `right` to a higher index, `left` to a lower one. */
	direction: Direction;
	/** Milliseconds (transition.ts `duration()`); 0 swaps at once. */
	duration: number;
	/** Whether the visitor prefers reduced motion: then the swap is instant. */
	reducedMotion?: boolean;
	/** Random source in [0, 1) for `random` and the block scale's order (Math.random when left out). */
	random?: () => number;
}

/** What `random` draws from. */
const DRAWN = EFFECTS.filter(
	( name ) => name !== 'none' && name !== 'random'
);

/** The end of the running effect of each stage. */
const running = new WeakMap< HTMLElement, () => void >();

/**
 * Whether a value is an effect name.
 *
 * @param value Anything (a setting read from the page).
 * @return Whether it is one of EFFECTS.
 */
export function isEffect( value: unknown ): value is Effect {
	return ( EFFECTS as readonly unknown[] ).includes( value );
}

/**
 * Ends the effect running on a stage at once, as if it were over (the lightbox closes): the incoming layer shown,
 * the outgoing one hidden, animations and pieces gone, its promise resolved. Nothing when none runs.
 *
 * @param stage The stage.
 */
export function cancelEffects( stage: HTMLElement ): void {
	running.get( stage )?.();
}

/**
 * A keyframe of transform and opacity.
 *
 * @param transform CSS transform.
 * @param opacity   Opacity.
 */
const frame = ( transform: string, opacity = 1 ): Keyframe => ( {
	transform,
	opacity,
} );

/**
 * Where and how large an image is painted inside the stage (`object-fit: contain` and `scale-down` centre the
 * picture in the element's box; anything else fills it).
 *
 * @param img   The image.
 * @param stage The stage.
 * @return Left, top, width, height, in px from the stage's padding box.
 */
function picture( img: HTMLImageElement, stage: HTMLElement ): number[] {
	const box = img.getBoundingClientRect();
	const at = stage.getBoundingClientRect();
	const fit = getComputedStyle( img ).objectFit;
	const nw = img.naturalWidth;
	const nh = img.naturalHeight;
	const place = [
		box.left - at.left - stage.clientLeft,
		box.top - at.top - stage.clientTop,
		box.width,
		box.height,
	] as [ number, number, number, number ];
	if ( nw && nh && /contain|scale-down/.test( fit ) ) {
		const k = Math.min(
			place[ 2 ] / nw,
			place[ 3 ] / nh,
			fit === 'contain' ? Infinity : 1
		);
		place[ 0 ] += ( place[ 2 ] - nw * k ) / 2;
		place[ 1 ] += ( place[ 3 ] - nh * k ) / 2;
		place[ 2 ] = nw * k;
		place[ 3 ] = nh * k;
	}
	return place;
}

/**
 * Plays one change on a stage: `incoming` comes in over `outgoing` with the effect. Any effect still running on the
 * stage is ended first (cancelEffects()).
 *
 * @param stage    The stage (positioned, clipping, holding the layers).
 * @param outgoing The layer shown.
 * @param incoming The layer to show (hidden or not).
 * @param options  Effect, direction, duration, reduced motion, random source.
 * @return A promise resolved when it is over (or cancelled): `outgoing` hidden, `incoming` shown.
 */
export function runEffect(
	stage: HTMLElement,
	outgoing: HTMLElement,
	incoming: HTMLElement,
	options: EffectOptions
): Promise< void > {
	const { effect, direction, duration, reducedMotion } = options;
	const random = options.random ?? Math.random;
	cancelEffects( stage );
	return new Promise( ( resolve ) => {
		const layers = [ outgoing, incoming ];
		const animations: Animation[] = [];
		const pieces: HTMLElement[] = [];
		const s = direction === 'right' ? 1 : -1;
		const img = incoming.querySelector( 'img' );
		const src = img?.currentSrc || img?.src;
		let name: Effect =
			effect === 'random'
				? ( DRAWN[ Math.floor( random() * DRAWN.length ) ] as Effect )
				: effect;
		let timer = 0;
		let over = false;

		/** The end, once: the layers swapped, everything of the effect removed. */
		const done = () => {
			if ( over ) {
				return;
			}
			over = true;
			if ( running.get( stage ) === done ) {
				running.delete( stage );
			}
			clearTimeout( timer );
			incoming.removeEventListener( 'transitionend', ended );
			outgoing.hidden = true;
			incoming.hidden = false;
			animations.forEach( ( animation ) => animation.cancel() );
			pieces.forEach( ( piece ) => piece.remove() );
			layers.forEach( ( layer ) => {
				layer.style.removeProperty( 'opacity' );
				layer.style.removeProperty( 'transition' );
				if ( ! layer.style.length ) {
					layer.removeAttribute( 'style' );
				}
			} );
			resolve();
		};

		/**
		 * The fallback fade's end (not a transition of something inside the layer).
		 *
		 * @param event `transitionend`.
		 */
		const ended = ( event: Event ) => event.target === incoming && done();

		/**
		 * Animates an element (the animation is cancelled at the end: the keyframes hold until then).
		 *
		 * @param element   Layer or piece.
		 * @param keyframes Keyframes.
		 * @param delay     Delay, ms.
		 * @param time      Duration, ms.
		 */
		const play = (
			element: Element,
			keyframes: Keyframe[],
			delay = 0,
			time = duration
		) =>
			animations.push(
				element.animate( keyframes, {
					duration: time,
					delay,
					easing: 'ease-in-out',
					fill: 'both',
				} )
			);

		running.set( stage, done );
		if ( reducedMotion || name === 'none' || ! ( duration > 0 ) ) {
			return done();
		}
		incoming.hidden = false;
		timer = window.setTimeout( done, 2 * duration );
		if ( typeof stage.animate !== 'function' ) {
			// Fade by a CSS transition; at once without CSS transitions.
			if ( ! ( 'transition' in stage.style ) ) {
				return done();
			}
			outgoing.style.opacity = '1';
			incoming.style.opacity = '0';
			// Lays the start out, so that the transition runs from it.
			incoming.getBoundingClientRect();
			layers.forEach(
				( layer ) =>
					( layer.style.transition = `opacity ${ duration }ms` )
			);
			outgoing.style.opacity = '0';
			incoming.style.opacity = '1';
			incoming.addEventListener( 'transitionend', ended );
			return;
		}
		if (
			/^cube/.test( name ) &&
			! globalThis.CSS?.supports( 'transform-style', 'preserve-3d' )
		) {
			name = 'slice_vertical';
		}
		const width = stage.clientWidth;
		const height = stage.clientHeight;

		/**
		 * Order from the edge the new image comes from.
		 *
		 * @param i Column.
		 * @param n Columns.
		 */
		const lead = ( i: number, n: number ) =>
			( s > 0 ? n - 1 - i : i ) / ( n - 1 );
		// Pieces: columns, rows, the transform a piece comes in from, when it starts (0 … 1).
		const grid = (
			{
				slice_horizontal: [
					1,
					8,
					() => `translateX(${ s * 100 }%)`,
					( _c, r ) => r / 7,
				],
				slice_vertical: [
					8,
					1,
					( c ) => `translateY(${ c % 2 ? 100 : -100 }%)`,
					( c ) => lead( c, 8 ),
				],
				blind_horizontal: [
					1,
					8,
					() => 'scaleY(0)',
					( _c, r ) => r / 7,
				],
				blind_vertical: [
					8,
					1,
					() => 'scaleX(0)',
					( c ) => lead( c, 8 ),
				],
				block_scale: [ 4, 4, () => 'scale(0)', random ],
				kaleidoscope: [
					4,
					4,
					() => `rotate(${ s * 180 }deg) scale(0)`,
					( c, r ) => ( 3 * lead( c, 4 ) + r ) / 6,
				],
			} as Record<
				string,
				[
					number,
					number,
					( c: number, r: number ) => string,
					( c: number, r: number ) => number,
				]
			>
		 )[ name ];
		if ( grid && img && src ) {
			const [ cols, rows, from, start ] = grid;
			const [ x = 0, y = 0, w = 0, h = 0 ] = picture( img, stage );
			const part = duration / 2;
			incoming.hidden = true;
			play( outgoing, [
				{ opacity: 1 },
				{ opacity: 1, offset: 0.5 },
				{ opacity: 0 },
			] );
			for ( let r = 0; r < rows; r++ ) {
				for ( let c = 0; c < cols; c++ ) {
					const piece = document.createElement( 'div' );
					const left = Math.round( ( width * c ) / cols );
					const top = Math.round( ( height * r ) / rows );
					piece.style.cssText = `position:absolute;z-index:1;pointer-events:none;left:${ left }px;top:${ top }px;width:${
						Math.round( ( width * ( c + 1 ) ) / cols ) - left
					}px;height:${
						Math.round( ( height * ( r + 1 ) ) / rows ) - top
					}px;background-image:url(${ JSON.stringify(
						src
					) });background-size:${ w }px ${ h }px;background-position:${
						x - left
					}px ${ y - top }px;background-repeat:no-repeat`;
					stage.append( piece );
					pieces.push( piece );
					play(
						piece,
						[ frame( from( c, r ), 0 ), frame( 'none' ) ],
						start( c, r ) * part,
						part
					);
				}
			}
		} else {
			/**
			 * A cube's face turned by an angle.
			 *
			 * @param axis  X or Y.
			 * @param half  Half the cube's side, px.
			 * @param angle Degrees.
			 */
			const face = ( axis: string, half: number, angle: number ) =>
				frame(
					`perspective(${ 4 * half }px) translateZ(${ -half }px) rotate${ axis }(${ angle }deg) translateZ(${ half }px)`
				);
			const corner = `${ s > 0 ? 0 : 100 }% 100%`;
			const rest = frame( 'none' );
			// Outgoing from, to; incoming from, to.
			const moves: Record< string, Keyframe[] > = {
				slide_horizontal: [
					rest,
					frame( `translateX(${ -s * 100 }%)` ),
					frame( `translateX(${ s * 100 }%)` ),
					rest,
				],
				slide_vertical: [
					rest,
					frame( `translateY(${ -s * 100 }%)` ),
					frame( `translateY(${ s * 100 }%)` ),
					rest,
				],
				scale_out: [
					rest,
					frame( 'scale(1.5)', 0 ),
					frame( 'scale(.5)', 0 ),
					rest,
				],
				scale_in: [
					rest,
					frame( 'scale(.5)', 0 ),
					frame( 'scale(1.5)', 0 ),
					rest,
				],
				cube_horizontal: [
					face( 'Y', width / 2, 0 ),
					face( 'Y', width / 2, -s * 90 ),
					face( 'Y', width / 2, s * 90 ),
					face( 'Y', width / 2, 0 ),
				],
				cube_vertical: [
					face( 'X', height / 2, 0 ),
					face( 'X', height / 2, s * 90 ),
					face( 'X', height / 2, -s * 90 ),
					face( 'X', height / 2, 0 ),
				],
				fan: [
					rest,
					frame( 'none', 0 ),
					{
						...frame( `rotate(${ s * 90 }deg)`, 0 ),
						transformOrigin: corner,
					},
					{ ...frame( 'rotate(0deg)' ), transformOrigin: corner },
				],
			};
			const [ a, b, c, d ] = moves[ name ] ?? [
				rest,
				frame( 'none', 0 ),
				frame( 'none', 0 ),
				rest,
			];
			play( outgoing, [ a as Keyframe, b as Keyframe ] );
			play( incoming, [ c as Keyframe, d as Keyframe ] );
		}
		Promise.all(
			animations.map( ( animation ) => animation.finished )
		).then( done, done );
	} );
}
