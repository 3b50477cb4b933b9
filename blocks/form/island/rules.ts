/**
 * The validation rules of docs/forms.md ("Validation"), the same as Tessera\Forms\Validator, with the same
 * messages (received from the server in the page's configuration).
 */

/**
 * Internal dependencies
 */
import type { FieldConfig, Messages } from './config';

/** A field's value as the form holds it: text, checked boxes, or a confirmed pair. */
export type FieldValue =
	string | string[] | { primary: string; secondary: string };

/** HTML's `type=email` pattern (as Validator::EMAIL_PATTERN). */
export const EMAIL_PATTERN =
	/^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const URL_PATTERN =
	/^https?:\/\/(?:(?:[^\][?/<~#`!@$^&*()+=}|:";',>{\s]|%[0-9A-Fa-f]{2})+(?::(?:[^\][?/<~#`!@$^&*()+=}|:";',>{\s]|%[0-9A-Fa-f]{2})*)?@)?(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}|(?:(?:[a-z0-9\u00a1-\uffff][a-z0-9\u00a1-\uffff_-]{0,62})?[a-z0-9\u00a1-\uffff]\.)+[a-z\u00a1-\uffff]{2,}\.?)(?::\d{2,5})?(?:[/?#]\S*)?$/i;

const NUMBER_PATTERN = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const PHONE_PATTERN = /^[0-9()+\-\s]+$/;

const TEXT_LIKE = [
	'text',
	'textarea',
	'email',
	'password',
	'url',
	'phone',
	'number',
];

/**
 * A message with `{0}` and `{#}` replaced by a number.
 *
 * @param message Message.
 * @param number  Number.
 */
export function fill( message: string, number: number ): string {
	const text = String( number );
	return message.split( '{0}' ).join( text ).split( '{#}' ).join( text );
}

/**
 * Whether an address matches the e-mail pattern with a local part of 64 characters or fewer.
 *
 * @param email Address.
 */
export function isEmail( email: string ): boolean {
	return EMAIL_PATTERN.test( email ) && email.indexOf( '@' ) <= 64;
}

/**
 * A URL with `http://` prepended when it starts with neither `http://` nor `https://`.
 *
 * @param url URL as typed.
 */
export function withScheme( url: string ): string {
	return /^https?:\/\//i.test( url ) ? url : 'http://' + url;
}

/**
 * Whether a text is a valid URL (with its scheme).
 *
 * @param url URL.
 */
export function isUrl( url: string ): boolean {
	return URL_PATTERN.test( url );
}

/**
 * The number a text holds, or null.
 *
 * @param text Text.
 */
export function toNumber( text: string ): number | null {
	if ( ! NUMBER_PATTERN.test( text ) ) {
		return null;
	}
	const value = Number( text );
	return Number.isFinite( value ) ? value : null;
}

/**
 * Whether a value is empty ('' or no box checked; a pair by its first input).
 *
 * @param value Value.
 */
export function isEmpty( value: FieldValue ): boolean {
	if ( typeof value === 'string' ) {
		return value.trim() === '';
	}
	if ( Array.isArray( value ) ) {
		return value.length === 0;
	}
	return value.primary.trim() === '';
}

function numberError(
	field: FieldConfig,
	text: string,
	messages: Messages
): string {
	const value = toNumber( text );
	if ( value === null ) {
		return messages.number;
	}
	if ( field.min !== null && value < field.min ) {
		return fill( messages.min, field.min );
	}
	if ( field.max !== null && value > field.max ) {
		return fill( messages.max, field.max );
	}
	if ( field.step !== null && field.step !== 0 ) {
		const steps = ( value - ( field.min ?? 0 ) ) / field.step;
		if (
			! Number.isFinite( steps ) ||
			Math.abs( steps - Math.round( steps ) ) >
				1e-9 * Math.max( 1, Math.abs( steps ) )
		) {
			return fill( messages.step, field.step );
		}
	}
	return '';
}

function typeError(
	field: FieldConfig,
	value: FieldValue,
	messages: Messages
): string {
	const text = typeof value === 'string' ? value.trim() : '';
	switch ( field.type ) {
		case 'email':
		case 'password': {
			const primary =
				typeof value === 'object' && ! Array.isArray( value )
					? value.primary.trim()
					: text;
			if (
				field.type === 'email' &&
				primary !== '' &&
				! isEmail( primary )
			) {
				return messages.email;
			}
			if (
				typeof value === 'object' &&
				! Array.isArray( value ) &&
				value.primary.trim() !== value.secondary.trim()
			) {
				return messages.confirm;
			}
			return '';
		}
		case 'url':
			return isUrl( withScheme( text ) ) ? '' : messages.url;
		case 'number':
			return numberError( field, text, messages );
		case 'phone':
			return PHONE_PATTERN.test( text ) && /[0-9]/.test( text )
				? ''
				: messages.phone;
		case 'select':
		case 'radio':
			return field.choices.includes( text ) ? '' : messages.invalid;
		case 'checkbox': {
			const list = Array.isArray( value ) ? value : [];
			if (
				new Set( list ).size !== list.length ||
				list.some( ( item ) => ! field.choices.includes( item ) )
			) {
				return messages.invalid;
			}
			if ( field.choiceLimit > 0 && list.length > field.choiceLimit ) {
				return fill( messages.check_limit, field.choiceLimit );
			}
			return '';
		}
		case 'privacy-policy':
			return text === '1' ? '' : messages.invalid;
		default:
			return '';
	}
}

function lengthError(
	field: FieldConfig,
	text: string,
	messages: Messages
): string {
	if ( field.minWords > 0 ) {
		const words = text.split( /[\s\u00a0\ufeff]+/ ).filter( Boolean );
		if ( words.length < field.minWords ) {
			return fill(
				field.minWordsMessage || messages.min_words,
				field.minWords
			);
		}
	}
	if ( field.minChars > 0 && [ ...text ].length < field.minChars ) {
		return fill(
			field.minCharsMessage || messages.min_chars,
			field.minChars
		);
	}
	return '';
}

/**
 * The texts of a value: the text, both inputs of a pair, none for a list of boxes.
 *
 * @param value Value.
 */
function asTexts( value: FieldValue ): string[] {
	if ( typeof value === 'string' ) {
		return [ value ];
	}
	return Array.isArray( value ) ? [] : [ value.primary, value.secondary ];
}

/**
 * The first failing rule's message for a visible field, or '' (hidden fields are never validated).
 *
 * @param field    The field.
 * @param value    Its value.
 * @param messages The generic messages.
 */
export function validateField(
	field: FieldConfig,
	value: FieldValue,
	messages: Messages
): string {
	if ( field.type === 'hidden' ) {
		return '';
	}
	const texts = asTexts( value );
	if ( texts.some( ( text ) => [ ...text.trim() ].length > field.cap ) ) {
		return fill( messages.max_chars, field.cap );
	}
	const empty = isEmpty( value );
	if ( empty && field.required ) {
		return field.requiredMessage || messages.required;
	}
	const bothEmpty =
		typeof value === 'object' && ! Array.isArray( value )
			? empty && value.secondary.trim() === ''
			: empty;
	if ( bothEmpty ) {
		return '';
	}
	const error = typeError( field, value, messages );
	if ( error === '' && TEXT_LIKE.includes( field.type ) ) {
		return lengthError(
			field,
			( asTexts( value )[ 0 ] ?? '' ).trim(),
			messages
		);
	}
	return error;
}

/**
 * The row state of a field's error: `invalid-required` for the required message, `invalid-email` for the e-mail
 * pattern, otherwise `invalid`; `validated` without an error.
 *
 * @param field    The field.
 * @param error    Its error ('' = none).
 * @param messages The generic messages.
 */
export function rowState(
	field: FieldConfig,
	error: string,
	messages: Messages
): 'validated' | 'invalid' | 'invalid-required' | 'invalid-email' {
	if ( error === '' ) {
		return 'validated';
	}
	if ( error === ( field.requiredMessage || messages.required ) ) {
		return 'invalid-required';
	}
	if ( field.type === 'email' && error === messages.email ) {
		return 'invalid-email';
	}
	return 'invalid';
}

/** Key codes that never trigger key-up validation (spec §5). */
export const IGNORED_KEYCODES = [
	16, 17, 18, 20, 35, 36, 37, 38, 39, 40, 45, 144, 225,
];

/**
 * Whether a key-up validates the field.
 *
 * @param keyCode    The event's keyCode.
 * @param noValidate Whether the field is marked `novalidate-onkeyup`.
 */
export function validatesOnKeyUp(
	keyCode: number,
	noValidate: boolean
): boolean {
	return ! noValidate && ! IGNORED_KEYCODES.includes( keyCode );
}
