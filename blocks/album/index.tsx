/**
 * Entry `blocks/album/index` (handle `tessera-block-album`, block.json `editorScript`): the album block
 * `tessera/album`, which shows an album post (`tessera_album`) by its id. Rendered on the server (render.php), so
 * it saves no markup.
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
import { albumIcon } from './icon';
import type { AlbumAttributes } from './types';

registerBlockType< AlbumAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< AlbumAttributes >,
	{
		icon: albumIcon,
		edit: Edit,
		save: () => null,
	}
);
