/**
 * The gallery block's icon: a grid of thumbnails (core's Gallery has a stack of pictures), drawn as SVG so that it
 * also shows inside the editor's canvas, where the dashicons font is not loaded.
 */

/**
 * The icon, in the inserter, the block toolbar and the block's placeholder.
 */
export const galleryIcon = (
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
			d="M4 4h7v7H4V4Zm1.5 1.5v4h4v-4h-4ZM13 4h7v7h-7V4Zm1.5 1.5v4h4v-4h-4ZM4 13h7v7H4v-7Zm1.5 1.5v4h4v-4h-4ZM13 13h7v7h-7v-7Zm1.5 1.5v4h4v-4h-4Z"
		/>
	</svg>
);
