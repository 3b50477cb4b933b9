/**
 * Internal dependencies
 */
import { blockIcon } from '../../src/lib/block-icon';

/** The gallery block's icon: a grid of thumbnails (core's Gallery has a stack of pictures). */
export const galleryIcon = blockIcon(
	'M4 4h7v7H4V4Zm1.5 1.5v4h4v-4h-4ZM13 4h7v7h-7V4Zm1.5 1.5v4h4v-4h-4ZM4 13h7v7H4v-7Zm1.5 1.5v4h4v-4h-4ZM13 13h7v7h-7v-7Zm1.5 1.5v4h4v-4h-4Z'
);
