/**
 * WordPress dependencies
 */
import { useEffect, useState } from '@wordpress/element';

/**
 * Internal dependencies
 */
import {
	dashArray,
	describeCircle,
	type CircleOptions,
} from '../../lib/speed/circle';
import {
	countUp,
	prefersReducedMotion,
	type CountUpOptions,
} from '../../lib/speed/count-up';

/** Props of `SpeedCircle`. */
export interface SpeedCircleProps extends CircleOptions {
	/** Count up from 0 (fresh results); false shows the score at once. */
	animate?: CountUpOptions | false;
}

/**
 * The score circle of the contract, in React: the same markup as
 * `createCircle()` in `lib/speed/circle`.
 *
 * @param props         The circle's data.
 * @param props.animate
 * @return The circle.
 */
export function SpeedCircle( {
	animate = false,
	...options
}: SpeedCircleProps ) {
	const circle = describeCircle( options );
	const { score } = options;
	const reduced = animate
		? ( animate.reducedMotion ?? prefersReducedMotion() )
		: true;
	const [ value, setValue ] = useState( reduced ? score : 0 );
	useEffect( () => {
		if ( ! animate ) {
			setValue( score );
			return undefined;
		}
		return countUp( score, setValue, animate );
		// The animation options are read once per score.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ score ] );
	const ring = {
		cx: circle.center,
		cy: circle.center,
		r: circle.radius,
		fill: 'none',
		stroke: 'currentColor',
		strokeWidth: circle.thickness,
	};
	return (
		<div className={ circle.className } { ...circle.attributes }>
			<svg
				viewBox={ circle.viewBox }
				width={ circle.size }
				height={ circle.size }
				aria-hidden="true"
				focusable="false"
			>
				<circle className="tessera-speed-circle__track" { ...ring } />
				<circle
					className="tessera-speed-circle__bar"
					{ ...ring }
					strokeDasharray={ dashArray( value, circle.circumference ) }
					transform={ circle.rotate }
				/>
			</svg>
			<span className="tessera-speed-circle__value" aria-hidden="true">
				{ value }
			</span>
		</div>
	);
}
