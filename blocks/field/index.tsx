/**
 * Entry `blocks/field/index` (handle `tessera-block-field`, block.json `editorScript`): the form field block
 * `tessera/field`, one variation per field type, offered only inside a form. The form renders its fields on the
 * server from the stored form, so the block saves no markup.
 */

/**
 * WordPress dependencies
 */
import {
	registerBlockType,
	type BlockConfiguration,
	type BlockVariation,
} from '@wordpress/blocks';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import metadata from './block.json';
import { Edit } from './edit';
import { blockExample } from '../../src/lib/block-example';
import { formPostPlacement } from '../form/placement';
import { defaultChoices, type FieldAttributes, type FieldType } from './types';
import './editor.scss';

/**
 * One variation per field type, in the inserter and in the block's transform menu.
 *
 * @return The variations.
 */
function fieldVariations(): BlockVariation< FieldAttributes >[] {
	const variation = (
		type: FieldType,
		title: string,
		description: string,
		icon: string,
		extra: Partial< FieldAttributes > = {}
	): BlockVariation< FieldAttributes > => ( {
		name: type,
		title,
		description,
		icon,
		// Only the attributes the variation sets; the others keep their block.json defaults.
		attributes: { type, ...extra } as FieldAttributes,
		isActive: [ 'type' ],
		scope: [ 'inserter', 'transform' ],
		isDefault: type === 'text',
	} );
	return [
		variation(
			'text',
			__( 'Text field', 'tessera' ),
			__( 'A single line of text.', 'tessera' ),
			'editor-textcolor'
		),
		variation(
			'textarea',
			__( 'Paragraph text', 'tessera' ),
			__( 'Several lines of text.', 'tessera' ),
			'editor-paragraph'
		),
		variation(
			'email',
			__( 'Email field', 'tessera' ),
			__( 'An e-mail address, optionally typed twice.', 'tessera' ),
			'email'
		),
		variation(
			'password',
			__( 'Password field', 'tessera' ),
			__( 'A hidden text, optionally typed twice.', 'tessera' ),
			'lock'
		),
		variation(
			'url',
			__( 'Website field', 'tessera' ),
			__( 'A web address.', 'tessera' ),
			'admin-links'
		),
		variation(
			'number',
			__( 'Number field', 'tessera' ),
			__( 'A number, with an optional range and step.', 'tessera' ),
			'calculator'
		),
		variation(
			'phone',
			__( 'Phone field', 'tessera' ),
			__( 'A phone number.', 'tessera' ),
			'phone'
		),
		variation(
			'select',
			__( 'Dropdown', 'tessera' ),
			__( 'One choice from a list.', 'tessera' ),
			'menu-alt',
			{ choices: defaultChoices() }
		),
		variation(
			'radio',
			__( 'Multiple choice', 'tessera' ),
			__( 'One choice from buttons.', 'tessera' ),
			'marker',
			{ choices: defaultChoices() }
		),
		variation(
			'checkbox',
			__( 'Checkboxes', 'tessera' ),
			__( 'Any number of choices.', 'tessera' ),
			'yes-alt',
			{ choices: defaultChoices() }
		),
		variation(
			'privacy-policy',
			__( 'Privacy policy', 'tessera' ),
			__(
				'A box the visitor checks to agree to the privacy policy.',
				'tessera'
			),
			'privacy',
			{
				label: __( 'I agree to the privacy policy.', 'tessera' ),
				required: true,
			}
		),
		variation(
			'hidden',
			__( 'Hidden field', 'tessera' ),
			__( 'A value sent with every entry, not shown.', 'tessera' ),
			'hidden'
		),
	];
}

registerBlockType< FieldAttributes >(
	// block.json is the block's metadata; the server registers the same file.
	metadata as unknown as BlockConfiguration< FieldAttributes >,
	{
		edit: Edit,
		save: () => null,
		variations: fieldVariations(),
		// The inserter's preview (a variation's own attributes are merged over these).
		example: blockExample( {
			type: 'email',
			label: __( 'Email', 'tessera' ),
			required: true,
		} ),
		// Inside a form only (block.json `ancestor`), but anywhere in the form post's own editor.
		...formPostPlacement(),
	}
);
