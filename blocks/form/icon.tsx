/**
 * The form block's icon: two fields and a button, drawn as SVG so that it also shows inside the editor's canvas,
 * where the dashicons font is not loaded.
 */

/**
 * The icon, in the inserter, the block toolbar and the block's placeholder.
 */
export const formIcon = (
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
			d="M4 4h16v4.5H4V4Zm1.5 1.5V7h13V5.5h-13ZM4 10.5h16V15H4v-4.5ZM5.5 12v1.5h13V12h-13ZM4 17h8v3H4v-3Z"
		/>
	</svg>
);
