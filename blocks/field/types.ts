/**
 * Attributes of the form field block `tessera/field` (block.json): the field model of docs/forms.md, one
 * attribute per `Field` property, and the pure helpers the editor uses (ids, type groups, choices, conditions).
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/** The field types, in the inserter's order (the block's `type` attribute). */
export const FIELD_TYPES = [
	'text',
	'textarea',
	'email',
	'password',
	'url',
	'number',
	'phone',
	'select',
	'radio',
	'checkbox',
	'privacy-policy',
	'hidden',
] as const;

/** One field type. */
export type FieldType = ( typeof FIELD_TYPES )[ number ];

/** What a field's conditions do when they match. */
export const CONDITION_ACTIONS = [ 'show', 'hide' ] as const;

/** Whether all rules or any rule must hold. */
export const CONDITION_MATCHES = [ 'all', 'any' ] as const;

/** The operators of a condition rule. */
export const CONDITION_OPERATORS = [
	'is',
	'is_not',
	'contains',
	'not_contains',
	'empty',
	'not_empty',
	'greater',
	'less',
] as const;

/** What a field's conditions do when they match. */
export type ConditionAction = ( typeof CONDITION_ACTIONS )[ number ];

/** Whether all rules or any rule must hold. */
export type ConditionMatch = ( typeof CONDITION_MATCHES )[ number ];

/** The operator of a condition rule. */
export type ConditionOperator = ( typeof CONDITION_OPERATORS )[ number ];

/** One rule: compares another field's value. */
export interface ConditionRule {
	/** Id of the field whose value is compared. */
	field: string;
	/** How it is compared. */
	operator: ConditionOperator;
	/** What it is compared with (unused by `empty` and `not_empty`). */
	value: string;
}

/** A field's conditional logic. */
export interface FieldConditions {
	/** Show or hide the field when the rules match. */
	action: ConditionAction;
	/** All rules, or any rule. */
	match: ConditionMatch;
	/** The rules. */
	rules: ConditionRule[];
}

/** The block's attributes (docs/forms.md, "Field model"). */
export interface FieldAttributes extends Record< string, unknown > {
	/** The spec's `field-id`: `[A-Za-z0-9_-]{1,40}`, unique in the form. */
	id: string;
	/** The field type. */
	type: FieldType;
	/** Label shown above the input (a hidden field's name in the entries). */
	label: string;
	/** Help text shown below the input. */
	description: string;
	/** Placeholder of the input. */
	placeholder: string;
	/** Whether a value is required. */
	required: boolean;
	/** Message when the value is missing ('' = the generic one). */
	requiredMessage: string;
	/** Email and password: a second input must repeat the value. */
	confirm: boolean;
	/** Minimum number of words (0 = no rule). */
	minWords: number;
	/** Minimum number of characters (0 = no rule). */
	minChars: number;
	/** Maximum number of characters (0 = the type's cap). */
	maxChars: number;
	/** Message of the minimum words rule ('' = generic). */
	minWordsMessage: string;
	/** Message of the minimum characters rule ('' = generic). */
	minCharsMessage: string;
	/** Select, radio, checkbox: the values offered. */
	choices: string[];
	/** Checkbox: at most this many boxes (0 = no limit). */
	choiceLimit: number;
	/** Checkbox: a "select all" box. */
	selectAll: boolean;
	/** Number: smallest value. */
	min?: number;
	/** Number: largest value. */
	max?: number;
	/** Number: the step values are multiples of. */
	step?: number;
	/** Hidden: the value; others: prefilled. */
	defaultValue: string;
	/** Conditional logic (unset = always shown). */
	conditions?: FieldConditions;
}

/** A field block of the form, as the conditions editor lists it. */
export interface FieldSummary {
	/** The block's client id. */
	clientId: string;
	/** The field id. */
	id: string;
	/** The field's label. */
	label: string;
	/** The field's type ('' when unknown). */
	type: string;
	/** Its choices (select, radio, checkbox). */
	choices: string[];
}

/** The block's name (block.json). */
export const FIELD_BLOCK = 'tessera/field';

/** The step separator's block name. */
export const STEP_BLOCK = 'tessera/form-step';

/** Prefix of generated field ids. */
export const FIELD_ID_PREFIX = 'field_';

/** Longest field id. */
export const MAX_ID_LENGTH = 40;

/** Characters of the random part of a generated id. */
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Whether a value is one of the field types.
 *
 * @param value Any value.
 * @return Whether it is a field type.
 */
export function isFieldType( value: unknown ): value is FieldType {
	return (
		typeof value === 'string' &&
		( FIELD_TYPES as readonly string[] ).includes( value )
	);
}

/**
 * Whether a string is a valid field id (`[A-Za-z0-9_-]{1,40}`).
 *
 * @param id Candidate id.
 * @return Whether it is valid.
 */
export function isValidFieldId( id: string ): boolean {
	return /^[A-Za-z0-9_-]{1,40}$/.test( id );
}

/**
 * A new random field id: `field_` and six characters of [a-z0-9].
 *
 * @param random Source of randomness in [0, 1) (tests pass their own).
 * @return The id.
 */
export function newFieldId( random: () => number = Math.random ): string {
	let suffix = '';
	for ( let i = 0; i < 6; i++ ) {
		const index = Math.min(
			ID_ALPHABET.length - 1,
			Math.max( 0, Math.floor( random() * ID_ALPHABET.length ) )
		);
		suffix += ID_ALPHABET.charAt( index );
	}
	return FIELD_ID_PREFIX + suffix;
}

/**
 * An id that no other field has: `id` itself when it is valid and free, otherwise a new random one.
 *
 * @param id     The field's id.
 * @param taken  Ids of the other fields.
 * @param random Source of randomness in [0, 1).
 * @return A valid id not in `taken`.
 */
export function uniqueId(
	id: string,
	taken: Iterable< string >,
	random: () => number = Math.random
): string {
	const used = new Set( taken );
	if ( isValidFieldId( id ) && ! used.has( id ) ) {
		return id;
	}
	for ( let attempt = 0; attempt < 1000; attempt++ ) {
		const candidate = newFieldId( random );
		if ( ! used.has( candidate ) ) {
			return candidate;
		}
	}
	// Only a broken random source gets here: count up until free.
	let counter = 1;
	while ( used.has( `${ FIELD_ID_PREFIX }${ counter }` ) ) {
		counter++;
	}
	return `${ FIELD_ID_PREFIX }${ counter }`;
}

/**
 * Whether a field must get a new id: its id is invalid, or a field before it (in document order) has the same
 * one, as after the block was duplicated (the copy comes after the original and changes, the original keeps
 * its id and so its stored entries).
 *
 * @param id         The field's id.
 * @param earlierIds Ids of the fields before it.
 * @return Whether to regenerate.
 */
export function needsNewId(
	id: string,
	earlierIds: readonly string[]
): boolean {
	return ! isValidFieldId( id ) || earlierIds.includes( id );
}

/**
 * Whether a field type offers choices (select, radio, checkbox).
 *
 * @param type Field type.
 * @return Whether it has choices.
 */
export function isChoiceType( type: string ): boolean {
	return type === 'select' || type === 'radio' || type === 'checkbox';
}

/**
 * Whether the length rules (minimum words and characters, maximum characters) apply to a type.
 *
 * @param type Field type.
 * @return Whether it is text-like.
 */
export function isTextLike( type: string ): boolean {
	return [
		'text',
		'textarea',
		'email',
		'password',
		'url',
		'phone',
		'number',
	].includes( type );
}

/**
 * Whether a type can ask for its value twice (email and password).
 *
 * @param type Field type.
 * @return Whether `confirm` applies.
 */
export function supportsConfirm( type: string ): boolean {
	return type === 'email' || type === 'password';
}

/**
 * Whether a type shows a placeholder.
 *
 * @param type Field type.
 * @return Whether `placeholder` applies.
 */
export function supportsPlaceholder( type: string ): boolean {
	return isTextLike( type ) || type === 'select';
}

/**
 * Whether a type takes a prefilled value (`defaultValue`): a hidden field's value, or a prefill of a text-like
 * field, a select or a radio (never a checkbox or the privacy-policy box: consent is not pre-ticked).
 *
 * @param type Field type.
 * @return Whether `defaultValue` applies.
 */
export function supportsDefaultValue( type: string ): boolean {
	return (
		type === 'hidden' ||
		type === 'select' ||
		type === 'radio' ||
		isTextLike( type )
	);
}

/**
 * The choices a new dropdown, multiple-choice or checkboxes field starts with.
 *
 * @return Three choices.
 */
export function defaultChoices(): string[] {
	return [
		__( 'First choice', 'tessera' ),
		__( 'Second choice', 'tessera' ),
		__( 'Third choice', 'tessera' ),
	];
}

/**
 * Whether a rule's operator compares with a value (all but `empty` and `not_empty`).
 *
 * @param operator Rule operator.
 * @return Whether the value input is needed.
 */
export function operatorNeedsValue( operator: ConditionOperator ): boolean {
	return operator !== 'empty' && operator !== 'not_empty';
}

/**
 * A copy of a list with one item moved.
 *
 * @param list The list.
 * @param from Index of the item to move.
 * @param to   Its new index.
 * @return The new list (the same items when an index is out of range).
 */
export function moveItem< T >(
	list: readonly T[],
	from: number,
	to: number
): T[] {
	const copy = [ ...list ];
	if (
		from < 0 ||
		from >= copy.length ||
		to < 0 ||
		to >= copy.length ||
		from === to
	) {
		return copy;
	}
	const [ item ] = copy.splice( from, 1 );
	if ( item !== undefined ) {
		copy.splice( to, 0, item );
	}
	return copy;
}

/**
 * The choices that are empty or repeated (after trimming), which a visitor could not tell apart.
 *
 * @param choices The choices.
 * @return Indexes of the problem choices, with the reason.
 */
export function choiceProblems(
	choices: readonly string[]
): Map< number, 'empty' | 'duplicate' > {
	const problems = new Map< number, 'empty' | 'duplicate' >();
	const seen = new Set< string >();
	choices.forEach( ( choice, index ) => {
		const value = choice.trim();
		if ( value === '' ) {
			problems.set( index, 'empty' );
		} else if ( seen.has( value ) ) {
			problems.set( index, 'duplicate' );
		}
		seen.add( value );
	} );
	return problems;
}

/**
 * Reads stored conditions: unset or malformed become `undefined`, rules without a field or with an unknown
 * operator are dropped.
 *
 * @param value The `conditions` attribute.
 * @return The conditions, or undefined.
 */
export function readConditions( value: unknown ): FieldConditions | undefined {
	if ( typeof value !== 'object' || value === null ) {
		return undefined;
	}
	const record = value as Record< string, unknown >;
	const action: ConditionAction = record.action === 'hide' ? 'hide' : 'show';
	const match: ConditionMatch = record.match === 'any' ? 'any' : 'all';
	const rules: ConditionRule[] = [];
	if ( Array.isArray( record.rules ) ) {
		for ( const rule of record.rules as unknown[] ) {
			if ( typeof rule !== 'object' || rule === null ) {
				continue;
			}
			const entry = rule as Record< string, unknown >;
			const operator = entry.operator;
			if (
				typeof entry.field !== 'string' ||
				typeof operator !== 'string' ||
				! ( CONDITION_OPERATORS as readonly string[] ).includes(
					operator
				)
			) {
				continue;
			}
			rules.push( {
				field: entry.field,
				operator: operator as ConditionOperator,
				value: typeof entry.value === 'string' ? entry.value : '',
			} );
		}
	}
	return { action, match, rules };
}

/** A block as the block editor store answers it (the parts the form's field list needs). */
export interface BlockLike {
	clientId: string;
	name: string;
	attributes: Record< string, unknown >;
	innerBlocks: BlockLike[];
}

/**
 * The field blocks of a block tree, in document order (nested blocks included).
 *
 * @param blocks The blocks.
 * @return One summary per `tessera/field` block.
 */
export function collectFields( blocks: readonly BlockLike[] ): FieldSummary[] {
	const fields: FieldSummary[] = [];
	const walk = ( list: readonly BlockLike[] ): void => {
		for ( const block of list ) {
			if ( block.name === FIELD_BLOCK ) {
				const { id, label, type, choices } = block.attributes;
				fields.push( {
					clientId: block.clientId,
					id: typeof id === 'string' ? id : '',
					label: typeof label === 'string' ? label : '',
					type: typeof type === 'string' ? type : '',
					choices: Array.isArray( choices )
						? choices.filter(
								( choice ): choice is string =>
									typeof choice === 'string'
							)
						: [],
				} );
			}
			walk( block.innerBlocks );
		}
	};
	walk( blocks );
	return fields;
}

/**
 * Parses an integer typed in a number input: a whole number from `min` up, or `fallback`.
 *
 * @param value    What the input answered.
 * @param min      Smallest value.
 * @param fallback Value for empty or invalid input.
 * @return The integer.
 */
export function readInteger(
	value: string | number | undefined,
	min: number,
	fallback: number
): number {
	const number = typeof value === 'number' ? value : Number( value );
	if ( value === '' || value === undefined || ! Number.isFinite( number ) ) {
		return fallback;
	}
	return Math.max( min, Math.round( number ) );
}

/**
 * Parses an optional decimal typed in a number input: undefined when empty or invalid.
 *
 * @param value What the input answered.
 * @return The number, or undefined.
 */
export function readOptionalNumber(
	value: string | number | undefined
): number | undefined {
	if ( value === '' || value === undefined ) {
		return undefined;
	}
	const number = typeof value === 'number' ? value : Number( value );
	return Number.isFinite( number ) ? number : undefined;
}
