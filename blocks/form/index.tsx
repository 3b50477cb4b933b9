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
import { blockExample } from '../../src/lib/block-example';
import { Edit } from './edit';
import { formIcon } from './icon';
import { defaultFields, type FormAttributes } from './types';
import './editor.scss';

registerBlockType< FormAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< FormAttributes >,
	{
		icon: formIcon,
		edit: Edit,
		save: () => null,
		// The inserter's preview: a form's starting fields (drawn by FormSample, no form post needed).
		example: blockExample(
			{},
			defaultFields().map( ( attributes ) => ( {
				name: 'tessera/field',
				attributes,
			} ) )
		),
	}
);
