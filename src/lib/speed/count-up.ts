/** Duration of the count-up of a fresh score (spec §9), ms. */
export const COUNT_UP_MS = 1200;

/** Options of `countUp`. */
export interface CountUpOptions {
	/** Duration in ms (default 1200). */
	duration?: number;
	/** Jump straight to the target (default: the user's `prefers-reduced-motion`). */
	reducedMotion?: boolean;
}

/**
 * Whether the user asked for reduced motion.
 *
 * @return True under `prefers-reduced-motion: reduce`.
 */
export const prefersReducedMotion = (): boolean =>
	!! window.matchMedia?.( '(prefers-reduced-motion: reduce)' ).matches;

/**
 * Cubic ease-out: fast start, slow end.
 *
 * @param progress Elapsed share of the duration, 0–1.
 * @return Eased share, 0–1.
 */
export const easeOut = ( progress: number ): number =>
	1 - ( 1 - progress ) ** 3;

/**
 * Counts from 0 up to `target` over `duration` ms (default 1200) with an
 * ease-out curve, one value per animation frame: whole numbers that never go
 * down and end exactly on `target`. Under reduced motion `onValue( target )`
 * is called at once. Uses `requestAnimationFrame` and `performance.now()`.
 *
 * @param target                The final value (a score).
 * @param onValue               Called with each value.
 * @param options               Duration and reduced motion.
 * @param options.duration
 * @param options.reducedMotion
 * @return A function that stops the animation.
 */
export function countUp(
	target: number,
	onValue: ( value: number ) => void,
	{
		duration = COUNT_UP_MS,
		reducedMotion = prefersReducedMotion(),
	}: CountUpOptions = {}
): () => void {
	let frame = 0;
	const start = performance.now();
	const tick = (): void => {
		const progress = Math.min(
			1,
			( performance.now() - start ) / duration
		);
		onValue( Math.round( target * easeOut( progress ) ) );
		if ( progress < 1 ) {
			frame = requestAnimationFrame( tick );
		}
	};
	if ( reducedMotion || duration <= 0 ) {
		onValue( target );
	} else {
		onValue( 0 );
		frame = requestAnimationFrame( tick );
	}
	return () => cancelAnimationFrame( frame );
}
