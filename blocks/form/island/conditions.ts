/**
 * Conditional logic (docs/forms.md, field `conditions`): which fields are shown, evaluated in field order as
 * Validator::visible() does (a hidden field counts as empty for the conditions of later fields).
 */

/**
 * Internal dependencies
 */
import type { FieldConfig } from './config';
import { toNumber, type FieldValue } from './rules';

type ConditionValue = string | string[];

function conditionValue(
	value: FieldValue | undefined,
	type: string
): ConditionValue {
	if ( value === undefined ) {
		return type === 'checkbox' ? [] : '';
	}
	if ( Array.isArray( value ) ) {
		return value.map( ( item ) => item.trim() ).filter( Boolean );
	}
	return ( typeof value === 'string' ? value : value.primary ).trim();
}

function contains( value: ConditionValue, needle: string ): boolean {
	const lower = needle.toLowerCase();
	return ( Array.isArray( value ) ? value : [ value ] ).some( ( item ) =>
		item.toLowerCase().includes( lower )
	);
}

/**
 * Whether one condition rule holds.
 *
 * @param value    The other field's value.
 * @param operator Operator.
 * @param operand  The rule's value.
 */
export function ruleMet(
	value: ConditionValue,
	operator: string,
	operand: string
): boolean {
	const empty = Array.isArray( value ) ? value.length === 0 : value === '';
	switch ( operator ) {
		case 'empty':
			return empty;
		case 'not_empty':
			return ! empty;
		case 'is':
			return Array.isArray( value )
				? value.includes( operand )
				: value === operand;
		case 'is_not':
			return Array.isArray( value )
				? ! value.includes( operand )
				: value !== operand;
		case 'contains':
			return contains( value, operand );
		case 'not_contains':
			return ! contains( value, operand );
		case 'greater':
		case 'less': {
			if ( Array.isArray( value ) ) {
				return false;
			}
			const left = toNumber( value );
			const right = toNumber( operand );
			if ( left === null || right === null ) {
				return false;
			}
			return operator === 'greater' ? left > right : left < right;
		}
		default:
			return false;
	}
}

/**
 * Which fields are shown, by field id.
 *
 * @param fields The form's fields, in order.
 * @param values The current values by field id (hidden fields: their value).
 */
export function visibleFields(
	fields: FieldConfig[],
	values: Record< string, FieldValue >
): Record< string, boolean > {
	const visible: Record< string, boolean > = {};
	const known: Record< string, ConditionValue > = {};
	const byId = new Map( fields.map( ( field ) => [ field.id, field ] ) );
	for ( const field of fields ) {
		let shown = true;
		const conditions = field.conditions;
		if ( conditions ) {
			const any = conditions.match === 'any';
			let met = ! any;
			for ( const rule of conditions.rules ) {
				const other = byId.get( rule.field );
				const operand =
					rule.field in known
						? ( known[ rule.field ] ?? '' )
						: conditionValue(
								values[ rule.field ],
								other?.type ?? ''
							);
				const holds = ruleMet( operand, rule.operator, rule.value );
				if ( any && holds ) {
					met = true;
					break;
				}
				if ( ! any && ! holds ) {
					met = false;
					break;
				}
			}
			shown = conditions.action === 'hide' ? ! met : met;
		}
		visible[ field.id ] = shown;
		const empty: ConditionValue = field.type === 'checkbox' ? [] : '';
		known[ field.id ] = shown
			? conditionValue( values[ field.id ], field.type )
			: empty;
	}
	return visible;
}
