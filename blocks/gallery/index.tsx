/**
 * Entry `blocks/gallery/index` (handle `tessera-block-gallery`, block.json `editorScript`): the gallery block
 * `tessera/gallery`, which shows a gallery post (`tessera_gallery`) by its id. Rendered on the server
 * (render.php), so it saves no markup.
 */

/**
 * WordPress dependencies
 */
import { registerBlockType, type BlockConfiguration } from '@wordpress/blocks';

/**
 * Internal dependencies
 */
import metadata from './block.json';
import { Edit } from './edit';
import { galleryIcon } from './icon';
import type { GalleryAttributes } from './types';

registerBlockType< GalleryAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< GalleryAttributes >,
	{
		icon: galleryIcon,
		edit: Edit,
		save: () => null,
	}
);
