/**
 * Entry `blocks/view-counter/index` (handle `tessera-block-view-counter`, block.json `editorScript`): the
 * view-counter block `tessera/view-counter` in the editor. Rendered on the server (render.php), so it saves no
 * markup.
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
import type { ViewCounterAttributes } from './types';

registerBlockType< ViewCounterAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< ViewCounterAttributes >,
	{
		edit: Edit,
		save: () => null,
	}
);
