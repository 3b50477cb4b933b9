/**
 * The page's forms configuration (printed by Tessera\Forms\FormBlock as `#tessera-form-config`) and its guard.
 */

/** A condition rule: another field, an operator, a value. */
export interface ConditionRule {
	field: string;
	operator: string;
	value: string;
}

/** A field's conditional logic. */
export interface Conditions {
	action: 'show' | 'hide';
	match: 'all' | 'any';
	rules: ConditionRule[];
}

/** What the browser knows of one field (docs/forms.md, "Field model"). */
export interface FieldConfig {
	id: string;
	type: string;
	label: string;
	required: boolean;
	requiredMessage: string;
	confirm: boolean;
	minWords: number;
	minChars: number;
	cap: number;
	minWordsMessage: string;
	minCharsMessage: string;
	choices: string[];
	choiceLimit: number;
	min: number | null;
	max: number | null;
	step: number | null;
	conditions: Conditions | null;
	stepIndex: number;
}

/** One form's configuration. */
export interface FormConfig {
	fields: FieldConfig[];
	stepTitles: string[];
}

/** The generic messages, the same as Validator::messages(). */
export type Messages = Record<
	| 'required'
	| 'email'
	| 'url'
	| 'number'
	| 'confirm'
	| 'check_limit'
	| 'phone'
	| 'min_words'
	| 'min_chars'
	| 'max_chars'
	| 'min'
	| 'max'
	| 'step'
	| 'invalid',
	string
>;

/** Interface texts. */
export interface Texts {
	genericError: string;
	didYouMean: string;
	stepOf: string;
	success: string;
	close: string;
}

/** The page's configuration. */
export interface PageConfig {
	ajaxUrl: string;
	scripts: string[];
	messages: Messages;
	texts: Texts;
	domains: string[];
	tlds: string[];
	forms: Record< string, FormConfig >;
}

type Json = Record< string, unknown >;

const isObject = ( value: unknown ): value is Json =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const str = ( value: unknown ): string =>
	typeof value === 'string' ? value : '';

const num = ( value: unknown ): number =>
	typeof value === 'number' && Number.isFinite( value ) ? value : 0;

const numOrNull = ( value: unknown ): number | null =>
	typeof value === 'number' && Number.isFinite( value ) ? value : null;

const strings = ( value: unknown ): string[] =>
	Array.isArray( value )
		? value.filter( ( item ): item is string => typeof item === 'string' )
		: [];

/**
 * Reads conditional logic (null when absent or malformed).
 *
 * @param value The decoded `conditions`.
 */
export function parseConditions( value: unknown ): Conditions | null {
	if ( ! isObject( value ) || ! Array.isArray( value.rules ) ) {
		return null;
	}
	const rules: ConditionRule[] = [];
	for ( const rule of value.rules ) {
		if ( isObject( rule ) ) {
			rules.push( {
				field: str( rule.field ),
				operator: str( rule.operator ),
				value:
					typeof rule.value === 'number'
						? String( rule.value )
						: str( rule.value ),
			} );
		}
	}
	return {
		action: value.action === 'hide' ? 'hide' : 'show',
		match: value.match === 'any' ? 'any' : 'all',
		rules,
	};
}

/**
 * Reads one field's configuration.
 *
 * @param value Decoded JSON.
 */
function parseField( value: unknown ): FieldConfig | null {
	if ( ! isObject( value ) || typeof value.id !== 'string' ) {
		return null;
	}
	return {
		id: value.id,
		type: str( value.type ),
		label: str( value.label ),
		required: value.required === true,
		requiredMessage: str( value.requiredMessage ),
		confirm: value.confirm === true,
		minWords: num( value.minWords ),
		minChars: num( value.minChars ),
		cap: num( value.cap ) || 1000,
		minWordsMessage: str( value.minWordsMessage ),
		minCharsMessage: str( value.minCharsMessage ),
		choices: strings( value.choices ),
		choiceLimit: num( value.choiceLimit ),
		min: numOrNull( value.min ),
		max: numOrNull( value.max ),
		step: numOrNull( value.step ),
		conditions: parseConditions( value.conditions ),
		stepIndex: num( value.stepIndex ),
	};
}

/**
 * Reads the page's configuration from its decoded JSON; null when it is not an object.
 *
 * @param value Decoded JSON.
 */
export function parseConfig( value: unknown ): PageConfig | null {
	if ( ! isObject( value ) ) {
		return null;
	}
	const messages = isObject( value.messages ) ? value.messages : {};
	const texts = isObject( value.texts ) ? value.texts : {};
	const forms: Record< string, FormConfig > = {};
	if ( isObject( value.forms ) ) {
		for ( const [ id, form ] of Object.entries( value.forms ) ) {
			if ( isObject( form ) && Array.isArray( form.fields ) ) {
				forms[ id ] = {
					fields: form.fields
						.map( parseField )
						.filter( ( f ): f is FieldConfig => f !== null ),
					stepTitles: strings( form.stepTitles ),
				};
			}
		}
	}
	const m = ( key: keyof Messages ): string => str( messages[ key ] );
	const t = ( key: keyof Texts ): string => str( texts[ key ] );
	return {
		ajaxUrl: str( value.ajaxUrl ),
		scripts: strings( value.scripts ),
		messages: {
			required: m( 'required' ),
			email: m( 'email' ),
			url: m( 'url' ),
			number: m( 'number' ),
			confirm: m( 'confirm' ),
			check_limit: m( 'check_limit' ),
			phone: m( 'phone' ),
			min_words: m( 'min_words' ),
			min_chars: m( 'min_chars' ),
			max_chars: m( 'max_chars' ),
			min: m( 'min' ),
			max: m( 'max' ),
			step: m( 'step' ),
			invalid: m( 'invalid' ),
		},
		texts: {
			genericError: t( 'genericError' ),
			didYouMean: t( 'didYouMean' ),
			stepOf: t( 'stepOf' ),
			success: t( 'success' ),
			close: t( 'close' ),
		},
		domains: strings( value.domains ),
		tlds: strings( value.tlds ),
		forms,
	};
}

/**
 * Reads `#tessera-form-config` from the page.
 *
 * @param doc The document.
 */
export function readConfig( doc: Document ): PageConfig | null {
	const script = doc.getElementById( 'tessera-form-config' );
	if ( ! script ) {
		return null;
	}
	try {
		return parseConfig( JSON.parse( script.textContent || '' ) );
	} catch {
		return null;
	}
}
