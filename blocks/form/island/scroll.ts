/**
 * Scrolling to a notice or a field (spec §9: offset 100 px, 1000 ms; 800 ms after a submission), instant under
 * prefers-reduced-motion, focusing it without a scroll of its own.
 */

/** Offset above the target, in pixels. */
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
 * Scrolls the page so that an element is 100 px below the top, then focuses it.
 *
 * @param element  The target.
 * @param duration Milliseconds.
 */
export function scrollToElement(
	element: HTMLElement,
	duration: number
): void {
	const from = window.scrollY;
	const to = Math.max(
		0,
		from + element.getBoundingClientRect().top - SCROLL_OFFSET
	);
	element.focus( { preventScroll: true } );
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
