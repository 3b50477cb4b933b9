/**
 * Entry `blocks/form-step/index` (handle `tessera-block-form-step`, block.json `editorScript`): the step
 * separator `tessera/form-step` of multi-step forms, offered only in a form. The form renders its steps on the
 * server, so the block saves no markup.
 */

/**
 * WordPress dependencies
 */
import { registerBlockType, type BlockConfiguration } from '@wordpress/blocks';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import metadata from './block.json';
import { Edit } from './edit';
import type { FormStepAttributes } from './types';
import { blockExample } from '../../src/lib/block-example';
import { formPostPlacement } from '../form/placement';
import './editor.scss';

registerBlockType< FormStepAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< FormStepAttributes >,
	{
		edit: Edit,
		save: () => null,
		example: blockExample( { title: __( 'Your details', 'tessera' ) } ),
		// Directly in a form only (block.json `parent`), but anywhere in the form post's own editor.
		...formPostPlacement(),
	}
);
