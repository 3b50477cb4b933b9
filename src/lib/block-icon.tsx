/**
 * A block's icon from one SVG path (24 x 24 grid, even-odd fill), drawn as SVG so that it also shows inside the
 * editor's canvas, where the dashicons font is not loaded: in the inserter, the block toolbar and the block's
 * placeholder.
 *
 * @param path The path's `d`.
 * @return The icon element.
 */
export function blockIcon( path: string ): JSX.Element {
	return (
		<svg
			xmlns="http://www.w3.org/2000/svg"
			viewBox="0 0 24 24"
			width={ 24 }
			height={ 24 }
			aria-hidden="true"
			focusable="false"
		>
			<path fillRule="evenodd" d={ path } />
		</svg>
	);
}
