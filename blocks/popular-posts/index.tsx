/**
 * Entry `blocks/popular-posts/index` (handle `tessera-block-popular-posts`, block.json `editorScript`): the
 * popular-posts block `tessera/popular-posts` in the editor. Rendered on the server (render.php), so it saves
 * no markup.
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
import type { PopularPostsAttributes } from './types';

registerBlockType< PopularPostsAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< PopularPostsAttributes >,
	{
		edit: Edit,
		save: () => null,
	}
);
