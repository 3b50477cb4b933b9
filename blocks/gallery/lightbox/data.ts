/**
 * The lightbox's data (docs/lightbox.md, "Data"; spec §3 "Lightbox image record", "Lightbox settings"): the JSON
 * of the popup's `script.tessera-lightbox__data` — `settings` (gallery_box_data), `ids` (every image of the set, in
 * order) and `images` (the records of a window around the current image) — its types and the guard that checks
 * it at the boundary (no zod in a visitor bundle: GUIDE §3.7). Free of React and of the DOM.
 */

/**
 * Internal dependencies
 */
import { EFFECTS } from './effects';

/** What a value must be: a type, or the list of the strings it may be. */
type Rule = 'boolean' | 'integer' | 'string' | readonly string[];

/** The type a rule describes. */
type Typed< R > = R extends 'boolean'
	? boolean
	: R extends 'integer'
		? number
		: R extends 'string'
			? string
			: R extends readonly ( infer U )[]
				? U
				: never;

/** An object type from its rules. */
type FromRules< T extends Record< string, Rule > > = {
	readonly [ K in keyof T ]: Typed< T[ K ] >;
};

/** The transition effects (`bwg_image_effect`; `Settings::EFFECTS` on the server): the effects module's list. */
export const EFFECT_NAMES = EFFECTS;

const SETTINGS = {
	gallery_id: 'integer',
	current_image_key: 'integer',
	current_image_id: 'integer',
	open_comment: 'boolean',
	open_ecommerce: 'boolean',
	site_url: 'string',
	open_with_fullscreen: 'boolean',
	open_with_autoplay: 'boolean',
	enable_loop: 'boolean',
	preload_images: 'boolean',
	preload_images_count: 'integer',
	enable_image_filmstrip: 'boolean',
	filmstrip_direction: [ 'horizontal', 'vertical' ],
	image_filmstrip_width: 'integer',
	image_filmstrip_height: 'integer',
	lightbox_filmstrip_pos: [ 'bottom', 'top', 'left', 'right' ],
	lightbox_ctrl_btn_pos: [ 'bottom', 'top' ],
	lightbox_info_pos: [ 'top', 'bottom' ],
	lightbox_info_margin: 'integer',
	popup_enable_info: 'boolean',
	popup_info_always_show: 'boolean',
	popup_enable_fullsize_image: 'boolean',
	popup_enable_download: 'boolean',
	popup_enable_zoom: 'boolean',
	slideshow_interval: 'integer',
	slideshow_effect_duration: 'integer',
	bwg_image_effect: EFFECT_NAMES,
	popup_enable_share: 'boolean',
	image_right_click: 'boolean',
} as const;

const RECORD = {
	id: 'integer',
	alt: 'string',
	image_alt: 'string',
	description: 'string',
	filetype: 'string',
	embed_url: 'string',
	image_url: 'string',
	image_width: 'integer',
	image_height: 'integer',
	srcset: 'string',
	sizes: 'string',
	thumb_url: 'string',
	thumb_srcset: 'string',
	thumb_sizes: 'string',
	pure_image_url: 'string',
	filename: 'string',
	share_url: 'string',
	number: 'integer',
} as const;

/**
 * The lightbox settings as the popup's data holds them (gallery_box_data): the gallery, the current image and the
 * opening options, then every key of `Settings::get()`.
 */
export type LightboxSettings = FromRules< typeof SETTINGS >;

/** One image record (spec §3 "Lightbox image record"; docs/lightbox.md): `number` is its 1-based position. */
export type ImageRecord = FromRules< typeof RECORD >;

/** The popup's data. */
export interface LightboxData {
	/** gallery_box_data. */
	readonly settings: LightboxSettings;
	/** Every image id of the set, in order. */
	readonly ids: readonly number[];
	/** The records of a window of the set, in gallery order. */
	readonly images: readonly ImageRecord[];
}

/**
 * Whether a value is a plain object.
 *
 * @param value Anything.
 */
const isObject = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

/**
 * Whether a value follows a rule.
 *
 * @param value Anything.
 * @param rule  The rule.
 */
function follows( value: unknown, rule: Rule ): boolean {
	if ( typeof rule !== 'string' ) {
		return rule.includes( value as string );
	}
	return rule === 'integer'
		? Number.isSafeInteger( value )
		: typeof value === rule;
}

/**
 * Whether every key of the rules is in the object with a valid value (other keys are let through: the server may
 * add some).
 *
 * @param value Anything.
 * @param rules Key => rule.
 */
function matches< T extends Record< string, Rule > >(
	value: unknown,
	rules: T
): value is FromRules< T > {
	return (
		isObject( value ) &&
		Object.keys( rules ).every( ( key ) =>
			follows( value[ key ], rules[ key ] as Rule )
		)
	);
}

/**
 * Whether a value is an image record.
 *
 * @param value Anything.
 * @return Whether it has every field, typed, with a positive id and number.
 */
export function isImageRecord( value: unknown ): value is ImageRecord {
	return matches( value, RECORD ) && value.id > 0 && value.number > 0;
}

/**
 * Checks the popup's data: every setting typed and allowed, the ids positive integers, the current image one of
 * them, every record typed and at its place (`ids[ number - 1 ] === id`), and the current image's record there
 * with an address.
 *
 * @param value The parsed JSON.
 * @return The data, or null when anything is wrong.
 */
export function toLightboxData( value: unknown ): LightboxData | null {
	if (
		! isObject( value ) ||
		! matches( value.settings, SETTINGS ) ||
		! Array.isArray( value.ids ) ||
		! Array.isArray( value.images )
	) {
		return null;
	}
	const settings = value.settings;
	const ids: unknown[] = value.ids;
	const images: unknown[] = value.images;
	if (
		ids.length === 0 ||
		! ids.every(
			( id ) => Number.isSafeInteger( id ) && Number( id ) > 0
		) ||
		ids[ settings.current_image_key ] !== settings.current_image_id ||
		! images.every(
			( image ) =>
				isImageRecord( image ) && ids[ image.number - 1 ] === image.id
		)
	) {
		return null;
	}
	const records = images as ImageRecord[];
	const current = records.find(
		( record ) => record.number === settings.current_image_key + 1
	);
	return current && current.image_url
		? { settings, ids: ids as number[], images: records }
		: null;
}

/**
 * Parses the text of the data script.
 *
 * @param text JSON.
 * @return The data, or null when it is not valid.
 */
export function parseLightboxData( text: string ): LightboxData | null {
	try {
		return toLightboxData( JSON.parse( text ) );
	} catch {
		return null;
	}
}

/**
 * The text of the data script in a popup's HTML (an answer of the lightbox URL). Its JSON holds no `<`
 * (JSON_HEX_TAG), so the script ends at the first `</script>`.
 *
 * @param html The popup's HTML.
 * @return The JSON text, or null when there is no data script.
 */
export function dataScriptText( html: string ): string | null {
	const match =
		/<script type="application\/json" class="tessera-lightbox__data">([^<]*)<\/script>/.exec(
			html
		);
	return match ? ( match[ 1 ] ?? null ) : null;
}

/**
 * The data of a popup given as its HTML, its JSON text's parse, or its data: the answer of a window request.
 *
 * @param answer The popup's HTML, or the data (parsed JSON).
 * @return The data, or null when it is not valid.
 */
export function readAnswer( answer: unknown ): LightboxData | null {
	if ( typeof answer !== 'string' ) {
		return toLightboxData( answer );
	}
	const text = dataScriptText( answer );
	return text === null ? null : parseLightboxData( text );
}
