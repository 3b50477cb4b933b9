/**
 * Attributes of the form step separator `tessera/form-step` (block.json), and the step numbering.
 */

/** The block's attributes. */
export interface FormStepAttributes extends Record< string, unknown > {
	/** Title of the step the separator starts ('' = none). */
	title: string;
}

/** The block's name (block.json). */
export const STEP_BLOCK = 'tessera/form-step';

/**
 * The number shown for a separator ("Step N"): the fields before the first separator are step 1, each
 * separator starts the next one (the form model numbers the same steps from 0).
 *
 * @param blockNames Names of the form's blocks, in document order.
 * @param clientIds  Their client ids, in the same order.
 * @param clientId   The separator's client id.
 * @return The step number, from 2; 0 when the separator is not in the list.
 */
export function stepNumber(
	blockNames: readonly string[],
	clientIds: readonly string[],
	clientId: string
): number {
	const index = clientIds.indexOf( clientId );
	if ( index < 0 ) {
		return 0;
	}
	let separators = 0;
	for ( let i = 0; i <= index; i++ ) {
		if ( blockNames[ i ] === STEP_BLOCK ) {
			separators++;
		}
	}
	return separators + 1;
}
