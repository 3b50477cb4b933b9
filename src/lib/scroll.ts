/**
 * Scrolling to an element with an eased animation, instant under prefers-reduced-motion: a form's notice or field
 * (spec §9: offset 100 px, 1000 ms; 800 ms after a submission; focused without a scroll of its own) and a gallery
 * after a navigation (gallery spec §9: offset 150 px, 500 ms; not focused).
 */

/** Offset above the target, in pixels (the forms'). */
export const SCROLL_OFFSET = 100;

/**
 * Whether the visitor prefers reduced motion.
 */
export function reducedMotion(): boolean {
	return (
		typeof window.matchMedia === 'function' &&
		window.matchMedia( '(prefers-reduced-motion: reduce)' ).matches
	);
}

/**
 * Scrolls the page so that an element is `offset` px below the top, and focuses it unless told not to.
 *
 * @param element        The target.
 * @param duration       Milliseconds.
 * @param options        Options.
 * @param options.offset Pixels above the target (default 100).
 * @param options.focus  Whether to focus the target (default true).
 */
export function scrollToElement(
	element: HTMLElement,
	duration: number,
	{
		offset = SCROLL_OFFSET,
		focus = true,
	}: { offset?: number; focus?: boolean } = {}
): void {
	const from = window.scrollY;
	const to = Math.max(
		0,
		from + element.getBoundingClientRect().top - offset
	);
	if ( focus ) {
		element.focus( { preventScroll: true } );
	}
	if ( reducedMotion() || duration <= 0 || Math.abs( to - from ) < 2 ) {
		window.scrollTo( 0, to );
		return;
	}
	const start = performance.now();
	const step = ( now: number ) => {
		const t = Math.min( 1, ( now - start ) / duration );
		const eased = t < 0.5 ? 2 * t * t : 1 - Math.pow( -2 * t + 2, 2 ) / 2;
		window.scrollTo( 0, from + ( to - from ) * eased );
		if ( t < 1 ) {
			requestAnimationFrame( step );
		}
	};
	requestAnimationFrame( step );
}
