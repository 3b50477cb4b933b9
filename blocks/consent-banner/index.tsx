/**
 * Entry `blocks/consent-banner/index` (handle `tessera-block-consent-banner`, block.json `editorScript`): the
 * consent-banner block `tessera/consent-banner` in the editor. Rendered on the server (render.php), so it
 * saves no markup.
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
import type { ConsentBlockAttributes } from './types';
import './editor.scss';

registerBlockType< ConsentBlockAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< ConsentBlockAttributes >,
	{
		edit: Edit,
		save: () => null,
	}
);
