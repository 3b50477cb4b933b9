/**
 * Hand-written guards for the answers of `tessera/v1/consent/settings` (guide §3.7): the settings of a
 * GET or successful POST, and the error of a refused POST.
 */

/**
 * Internal dependencies
 */
import {
	BANNER_POSITIONS,
	BANNER_TYPES,
	COLOUR_KEYS,
	LAWS,
	PREFERENCE_CENTER_TYPES,
	TEXT_KEYS,
	type BannerType,
	type ConsentCategory,
	type ConsentCookie,
	type ConsentProvider,
	type ConsentSettings,
	type Law,
	type PreferenceCenterType,
} from './types';

type Dict = Record< string, unknown >;

const isDict = ( value: unknown ): value is Dict =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const isString = ( value: unknown ): value is string =>
	typeof value === 'string';

const isBool = ( value: unknown ): value is boolean =>
	typeof value === 'boolean';

const oneOf = < T extends string >(
	list: readonly T[],
	value: unknown
): value is T =>
	isString( value ) && ( list as readonly string[] ).includes( value );

/**
 * An object whose listed keys are all strings, or null.
 *
 * @param value The value.
 * @param keys  Keys it must have.
 * @return The strings by key, or null.
 */
function stringRecord< K extends string >(
	value: unknown,
	keys: readonly K[]
): Record< K, string > | null {
	if ( ! isDict( value ) ) {
		return null;
	}
	const out: Partial< Record< K, string > > = {};
	for ( const key of keys ) {
		const item = value[ key ];
		if ( ! isString( item ) ) {
			return null;
		}
		out[ key ] = item;
	}
	return out as Record< K, string >;
}

/**
 * Every item of a list through a parser, or null when it is not a list or an item fails.
 *
 * @param value The value.
 * @param parse Item parser.
 * @return The parsed items, or null.
 */
function listOf< T >(
	value: unknown,
	parse: ( item: unknown ) => T | null
): T[] | null {
	if ( ! Array.isArray( value ) ) {
		return null;
	}
	const out: T[] = [];
	for ( const item of value ) {
		const parsed = parse( item );
		if ( parsed === null ) {
			return null;
		}
		out.push( parsed );
	}
	return out;
}

function parseCookie( value: unknown ): ConsentCookie | null {
	const record = stringRecord( value, [
		'cookieID',
		'domain',
		'duration',
		'description',
	] as const );
	return record
		? {
				cookieID: record.cookieID,
				domain: record.domain,
				duration: record.duration,
				description: record.description,
			}
		: null;
}

function parseCategory( value: unknown ): ConsentCategory | null {
	if ( ! isDict( value ) ) {
		return null;
	}
	const { slug, name, description, isNecessary, defaultConsent } = value;
	if (
		! isString( slug ) ||
		! isString( name ) ||
		! isString( description ) ||
		! isBool( isNecessary ) ||
		! isDict( defaultConsent ) ||
		! isBool( defaultConsent.gdpr ) ||
		! isBool( defaultConsent.ccpa )
	) {
		return null;
	}
	const cookies = listOf( value.cookies, parseCookie );
	if ( ! cookies ) {
		return null;
	}
	return {
		slug,
		name,
		description,
		isNecessary,
		defaultConsent: {
			gdpr: defaultConsent.gdpr,
			ccpa: defaultConsent.ccpa,
		},
		cookies,
	};
}

function parseProvider( value: unknown ): ConsentProvider | null {
	if ( ! isDict( value ) ) {
		return null;
	}
	const { re, fullPath, isOverridden } = value;
	const categories = listOf( value.categories, ( item ) =>
		isString( item ) ? item : null
	);
	if (
		! isString( re ) ||
		! categories ||
		! isBool( fullPath ) ||
		! isBool( isOverridden )
	) {
		return null;
	}
	return { re, categories, fullPath, isOverridden };
}

/**
 * The settings of a GET (or successful POST) answer, or null when the answer does not have their shape.
 *
 * @param value The parsed JSON body.
 * @return The settings, or null.
 */
export function parseSettings( value: unknown ): ConsentSettings | null {
	if ( ! isDict( value ) ) {
		return null;
	}
	const texts = stringRecord( value.texts, TEXT_KEYS );
	const colours = stringRecord( value.colours, COLOUR_KEYS );
	const categories = listOf( value.categories, parseCategory );
	const providers = listOf( value.providers, parseProvider );
	const {
		activeLaw,
		bannerType,
		bannerPosition,
		preferenceCenterType,
		expiryDays,
		reloadOnAccept,
		respectDnt,
		honourGpc,
		googleConsentMode,
	} = value;
	if (
		! oneOf< Law >( LAWS, activeLaw ) ||
		! oneOf< BannerType >( BANNER_TYPES, bannerType ) ||
		! oneOf< string >( BANNER_POSITIONS[ bannerType ], bannerPosition ) ||
		! oneOf< PreferenceCenterType >(
			PREFERENCE_CENTER_TYPES,
			preferenceCenterType
		) ||
		typeof expiryDays !== 'number' ||
		! Number.isInteger( expiryDays ) ||
		! isBool( reloadOnAccept ) ||
		! isBool( respectDnt ) ||
		! isBool( honourGpc ) ||
		! isBool( googleConsentMode ) ||
		! texts ||
		! colours ||
		! categories ||
		! providers
	) {
		return null;
	}
	return {
		activeLaw,
		bannerType,
		bannerPosition,
		preferenceCenterType,
		texts,
		colours,
		expiryDays,
		reloadOnAccept,
		respectDnt,
		honourGpc,
		googleConsentMode,
		categories,
		providers,
	};
}

/** A refused save: the server's message and the path of the field it names ('' for none). */
export interface SaveError {
	message: string;
	field: string;
}

/**
 * The message and field path of a REST error answer (`{ code, message, data: { status, field } }`), or
 * null when the value is not one.
 *
 * @param value What apiFetch rejected with (the parsed error body).
 * @return The error, or null.
 */
export function parseSaveError( value: unknown ): SaveError | null {
	if ( ! isDict( value ) || ! isString( value.message ) ) {
		return null;
	}
	const message = value.message.trim();
	if ( message === '' ) {
		return null;
	}
	const data = value.data;
	const field = isDict( data ) && isString( data.field ) ? data.field : '';
	return { message, field };
}
