/**
 * Entry `blocks/form/index` (handle `tessera-block-form`, block.json `editorScript`): the form block
 * `tessera/form`, which embeds a form post (`tessera_form`) by its id. Rendered on the server, so it saves no
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
import type { FormAttributes } from './types';
import './editor.scss';

registerBlockType< FormAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< FormAttributes >,
	{
		edit: Edit,
		save: () => null,
	}
);
