/**
 * The score circle of the contract, rendered to the DOM (list column, admin
 * bar). The editor's React component builds the same markup from
 * `describeCircle()`.
 *
 * ```html
 * <div class="tessera-speed-circle tessera-speed-circle--green" data-score="92" data-size="56"
 *      data-thickness="5" data-tti="1.2" data-post_id="12" data-device="desktop" role="img"
 *      aria-label="Desktop score 92 of 100, load time 1.2 s">
 *   <svg viewBox="0 0 56 56" aria-hidden="true" focusable="false">
 *     <circle class="tessera-speed-circle__track" …/><circle class="tessera-speed-circle__bar" … stroke-dasharray/></svg>
 *   <span class="tessera-speed-circle__value" aria-hidden="true">92</span>
 * </div>
 * ```
 */

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { scoreColour } from './colour';
import { countUp, type CountUpOptions } from './count-up';
import type { SpeedDevice } from './types';

/** Default diameter of a circle, px. */
export const CIRCLE_SIZE = 56;
/** Default stroke width of a circle, px. */
export const CIRCLE_THICKNESS = 5;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** What a circle shows. */
export interface CircleOptions {
	/** Score 0–100. */
	score: number;
	/** Time to interactive, seconds. */
	tti: number;
	/** The checked post. */
	postId: number;
	device: SpeedDevice;
	/** Diameter, px (default 56). */
	size?: number;
	/** Stroke width, px (default 5). */
	thickness?: number;
}

/** Everything needed to build a circle's markup, DOM or React. */
export interface CircleDescription {
	/** `tessera-speed-circle tessera-speed-circle--<colour>`. */
	className: string;
	/** Attributes of the outer element: data-*, role, aria-label. */
	attributes: Record< string, string >;
	/** Diameter, px (the svg's width and height). */
	size: number;
	/** `0 0 <size> <size>`. */
	viewBox: string;
	/** Centre coordinate (cx and cy), two decimals as the server writes it. */
	center: string;
	/** Radius, two decimals. */
	radius: string;
	/** Stroke width, px. */
	thickness: number;
	/** Length of the full ring. */
	circumference: number;
	/** `rotate(-90 <centre> <centre>)`: the ring starts at the top. */
	rotate: string;
}

/**
 * The accessible name of a circle: "Desktop score 92 of 100, load time 1.2 s"
 * (the same strings as the server's).
 *
 * @param device The device.
 * @param score  Score 0–100.
 * @param tti    Time to interactive, seconds.
 * @return The label, translated.
 */
export function circleLabel(
	device: SpeedDevice,
	score: number,
	tti: number
): string {
	const time = tti.toFixed( 1 );
	return device === 'desktop'
		? sprintf(
				/* translators: 1: score 0-100, 2: load time in seconds, e.g. 1.2. */
				__( 'Desktop score %1$d of 100, load time %2$s s', 'tessera' ),
				score,
				time
			)
		: sprintf(
				/* translators: 1: score 0-100, 2: load time in seconds, e.g. 7.9. */
				__( 'Mobile score %1$d of 100, load time %2$s s', 'tessera' ),
				score,
				time
			);
}

/**
 * Computes the class, attributes and geometry of a circle.
 *
 * @param options What the circle shows.
 * @return The description.
 */
export function describeCircle( options: CircleOptions ): CircleDescription {
	const { score, tti, device } = options;
	const size = options.size ?? CIRCLE_SIZE;
	const thickness = options.thickness ?? CIRCLE_THICKNESS;
	const radius = ( size - thickness ) / 2;
	const center = ( size / 2 ).toFixed( 2 );
	return {
		className:
			'tessera-speed-circle tessera-speed-circle--' +
			scoreColour( score ),
		attributes: {
			'data-score': String( score ),
			'data-size': String( size ),
			'data-thickness': String( thickness ),
			'data-tti': tti.toFixed( 1 ),
			'data-post_id': String( options.postId ),
			'data-device': device,
			role: 'img',
			'aria-label': circleLabel( device, score, tti ),
		},
		size,
		viewBox: `0 0 ${ size } ${ size }`,
		center,
		radius: radius.toFixed( 2 ),
		thickness,
		circumference: 2 * Math.PI * radius,
		rotate: `rotate(-90 ${ center } ${ center })`,
	};
}

/**
 * The `stroke-dasharray` that fills a ring of `circumference` to `value`/100.
 *
 * @param value         0–100.
 * @param circumference Length of the full ring.
 * @return "<filled> <circumference>", two decimals each.
 */
export const dashArray = ( value: number, circumference: number ): string =>
	`${ (
		( Math.min( 100, Math.max( 0, value ) ) / 100 ) *
		circumference
	).toFixed( 2 ) } ${ circumference.toFixed( 2 ) }`;

const svgElement = (
	name: string,
	attributes: Record< string, string | number >
): SVGElement => {
	const element = document.createElementNS( SVG_NS, name ) as SVGElement;
	for ( const [ key, value ] of Object.entries( attributes ) ) {
		element.setAttribute( key, String( value ) );
	}
	return element;
};

/**
 * Shows `value` in a circle: the number and the filled share of the ring.
 * Used for every frame of the count-up.
 *
 * @param circle A circle made by `createCircle` or rendered by the server.
 * @param value  0–100.
 */
export function setCircleValue( circle: Element, value: number ): void {
	const bar = circle.querySelector( '.tessera-speed-circle__bar' );
	const text = circle.querySelector( '.tessera-speed-circle__value' );
	const radius = Number( bar?.getAttribute( 'r' ) );
	if ( bar && radius > 0 ) {
		bar.setAttribute(
			'stroke-dasharray',
			dashArray( value, 2 * Math.PI * radius )
		);
	}
	if ( text ) {
		text.textContent = String( value );
	}
}

/**
 * Builds a score circle element, filled to its score: the markup the server
 * renders (`Tessera\Speed\ScoreCircle`).
 *
 * @param options What the circle shows.
 * @return The element.
 */
export function createCircle( options: CircleOptions ): HTMLDivElement {
	const circle = describeCircle( options );
	const root = document.createElement( 'div' );
	root.className = circle.className;
	for ( const [ key, value ] of Object.entries( circle.attributes ) ) {
		root.setAttribute( key, value );
	}
	const ring = {
		cx: circle.center,
		cy: circle.center,
		r: circle.radius,
		fill: 'none',
		stroke: 'currentColor',
		'stroke-width': circle.thickness,
	};
	const svg = svgElement( 'svg', {
		viewBox: circle.viewBox,
		width: circle.size,
		height: circle.size,
		'aria-hidden': 'true',
		focusable: 'false',
	} );
	svg.append(
		svgElement( 'circle', {
			class: 'tessera-speed-circle__track',
			...ring,
		} ),
		svgElement( 'circle', {
			class: 'tessera-speed-circle__bar',
			...ring,
			'stroke-dasharray': dashArray(
				options.score,
				circle.circumference
			),
			transform: circle.rotate,
		} )
	);
	const value = document.createElement( 'span' );
	value.className = 'tessera-speed-circle__value';
	value.setAttribute( 'aria-hidden', 'true' );
	value.textContent = String( options.score );
	root.append( svg, value );
	return root;
}

/**
 * Counts a circle up from 0 to its score over 1200 ms (instant under reduced
 * motion).
 *
 * @param circle  The circle.
 * @param score   The final score.
 * @param options Count-up options (duration, reduced motion, clock).
 * @return A function that stops the animation.
 */
export const animateCircle = (
	circle: Element,
	score: number,
	options?: CountUpOptions
): ( () => void ) =>
	countUp( score, ( value ) => setCircleValue( circle, value ), options );
