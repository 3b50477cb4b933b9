/**
 * Reading the server-rendered form (docs/forms.md, "Markup"): ids, rows, inputs and values.
 */

/**
 * Internal dependencies
 */
import type { FieldConfig } from './config';
import type { FieldValue } from './rules';

/**
 * The id of a field's input: `evf-{formId}-field_{fieldId}`.
 *
 * @param formId  Form id.
 * @param fieldId Field id.
 */
export function inputId( formId: string, fieldId: string ): string {
	return `evf-${ formId }-field_${ fieldId }`;
}

/**
 * The posted name of a field.
 *
 * @param field The field.
 */
export function postedName( field: FieldConfig ): string {
	return `everest_forms[form_fields][${ field.id }]${
		field.type === 'checkbox' ? '[]' : ''
	}`;
}

/**
 * The inputs of a field (select-all box excluded).
 *
 * @param form  The form.
 * @param field The field.
 */
export function fieldInputs(
	form: HTMLFormElement,
	field: FieldConfig
): Array< HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement > {
	const name = postedName( field );
	return Array.from(
		form.querySelectorAll<
			HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement
		>( 'input, textarea, select' )
	).filter(
		( element ) =>
			element.name === name ||
			element.name === name + '[primary]' ||
			element.name === name + '[secondary]'
	);
}

/**
 * The row of a field (null for a hidden field).
 *
 * @param form   The form.
 * @param formId Form id.
 * @param field  The field.
 */
export function fieldRow(
	form: HTMLFormElement,
	formId: string,
	field: FieldConfig
): HTMLElement | null {
	return form.querySelector< HTMLElement >(
		`#${ CSS.escape( inputId( formId, field.id ) ) }-container`
	);
}

/**
 * A field's current value.
 *
 * @param form  The form.
 * @param field The field.
 */
export function readValue(
	form: HTMLFormElement,
	field: FieldConfig
): FieldValue {
	const inputs = fieldInputs( form, field );
	if ( field.type === 'checkbox' ) {
		return inputs
			.filter(
				( input ) => input instanceof HTMLInputElement && input.checked
			)
			.map( ( input ) => input.value );
	}
	if ( field.type === 'radio' || field.type === 'privacy-policy' ) {
		const checked = inputs.find(
			( input ) => input instanceof HTMLInputElement && input.checked
		);
		return checked ? checked.value : '';
	}
	if ( field.confirm ) {
		const name = postedName( field );
		return {
			primary:
				inputs.find( ( i ) => i.name === name + '[primary]' )?.value ??
				'',
			secondary:
				inputs.find( ( i ) => i.name === name + '[secondary]' )
					?.value ?? '',
		};
	}
	return inputs[ 0 ]?.value ?? '';
}

/**
 * Whether a number input holds text the browser cannot read as a number.
 *
 * @param form  The form.
 * @param field The field.
 */
export function hasBadInput(
	form: HTMLFormElement,
	field: FieldConfig
): boolean {
	return fieldInputs( form, field ).some(
		( input ) =>
			input instanceof HTMLInputElement && input.validity.badInput
	);
}

/**
 * The field an element belongs to, by its posted name.
 *
 * @param fields  The form's fields.
 * @param element An element of the form.
 */
export function fieldOf(
	fields: FieldConfig[],
	element: EventTarget | null
): FieldConfig | null {
	if ( ! (
		element instanceof HTMLInputElement ||
		element instanceof HTMLTextAreaElement ||
		element instanceof HTMLSelectElement
	) ) {
		return null;
	}
	const match = /^everest_forms\[form_fields\]\[([^\]]+)\]/.exec(
		element.name
	);
	const id = match ? match[ 1 ] : element.dataset.selectAll;
	return fields.find( ( field ) => field.id === id ) ?? null;
}
