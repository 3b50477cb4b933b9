/**
 * The album block's icon: a stack of galleries, drawn as SVG so that it also shows inside the editor's canvas,
 * where the dashicons font is not loaded.
 */

/**
 * The icon, in the inserter, the block toolbar and the block's placeholder.
 */
export const albumIcon = (
	<svg
		xmlns="http://www.w3.org/2000/svg"
		viewBox="0 0 24 24"
		width={ 24 }
		height={ 24 }
		aria-hidden="true"
		focusable="false"
	>
		<path
			fillRule="evenodd"
			d="M7 3h14v14H7V3Zm1.5 1.5v11h11v-11h-11ZM3 7h1.5v12.5H17V21H3V7Zm7 6.5 2.5-3.5 2 2.5 1.5-1.5 2.5 2.5h-8.5Z"
		/>
	</svg>
);
