/**
 * The form step separator in the editor: a labelled divider "Step N" with the step's title editable in place.
 */

/**
 * WordPress dependencies
 */
import {
	PlainText,
	store as blockEditorStore,
	useBlockProps,
} from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { stepNumber, type FormStepAttributes } from './types';

/** The form block, whose inner blocks are the fields and steps of one form. */
const FORM_BLOCK = 'tessera/form';

/**
 * The number of the step this separator starts, among the blocks of its form (or of the editor's root when
 * the form post itself is edited).
 *
 * @param clientId The separator's client id.
 * @return The step number (0 when unknown).
 */
function useStepNumber( clientId: string ): number {
	return useSelect(
		( select ) => {
			const editor = select( blockEditorStore );
			const [ formClientId ] = editor.getBlockParentsByBlockName(
				clientId,
				FORM_BLOCK,
				true
			);
			const blocks = editor.getBlocks( formClientId ?? '' );
			return stepNumber(
				blocks.map( ( block ) => block.name ),
				blocks.map( ( block ) => block.clientId ),
				clientId
			);
		},
		[ clientId ]
	);
}

/**
 * The block's editor.
 *
 * @param props               Block edit props.
 * @param props.attributes    The block's attributes.
 * @param props.setAttributes Changes attributes.
 * @param props.clientId      The block's client id.
 */
export function Edit( {
	attributes,
	setAttributes,
	clientId,
}: BlockEditProps< FormStepAttributes > ): JSX.Element {
	const number = useStepNumber( clientId );
	const blockProps = useBlockProps( {
		className: 'tessera-form-step',
	} );
	const stepLabel =
		number > 0
			? sprintf(
					/* translators: %d: the step's number. */
					__( 'Step %d:', 'tessera' ),
					number
				)
			: __( 'New step:', 'tessera' );

	return (
		<div { ...blockProps }>
			<div className="tessera-form-step__line" role="separator" />
			<div className="tessera-form-step__heading">
				<span className="tessera-form-step__number">{ stepLabel }</span>
				<PlainText
					className="tessera-form-step__title"
					aria-label={ __( 'Step title', 'tessera' ) }
					placeholder={ __( 'Step title (optional)', 'tessera' ) }
					value={ attributes.title }
					onChange={ ( value: string ) =>
						setAttributes( { title: value } )
					}
				/>
			</div>
		</div>
	);
}
