/**
 * The consent settings as `tessera/v1/consent/settings` answers them (docs/consent.md, "Settings model
 * (server)"), and the screen's editable copy of them.
 */

/** Laws the banner works under. */
export const LAWS = [ 'gdpr', 'ccpa' ] as const;
export type Law = ( typeof LAWS )[ number ];

/** Banner types and the positions each allows (the server's `Settings::BANNER_POSITIONS`). */
export const BANNER_POSITIONS = {
	classic: [ 'top', 'bottom' ],
	popup: [ 'center' ],
	box: [ 'bottom-left', 'bottom-right', 'top-left', 'top-right' ],
} as const;
export type BannerType = keyof typeof BANNER_POSITIONS;
export const BANNER_TYPES = Object.keys( BANNER_POSITIONS ) as BannerType[];

/** Preference-centre types. */
export const PREFERENCE_CENTER_TYPES = [ 'popup', 'sidebar' ] as const;
export type PreferenceCenterType = ( typeof PREFERENCE_CENTER_TYPES )[ number ];

/** Text keys, in the server's order. */
export const TEXT_KEYS = [
	'title',
	'description',
	'acceptAll',
	'rejectAll',
	'customize',
	'savePreferences',
	'close',
	'revisit',
	'preferenceTitle',
	'preferenceDescription',
	'ccpaDescription',
	'doNotSell',
] as const;
export type TextKey = ( typeof TEXT_KEYS )[ number ];

/** The texts that may hold links (the others are plain labels). */
export const HTML_TEXT_KEYS: readonly TextKey[] = [
	'description',
	'preferenceDescription',
	'ccpaDescription',
];

/** Colour keys, in the server's order. */
export const COLOUR_KEYS = [
	'background',
	'text',
	'accent',
	'accentText',
	'border',
] as const;
export type ColourKey = ( typeof COLOUR_KEYS )[ number ];

/** A cookie of a category. */
export interface ConsentCookie {
	cookieID: string;
	domain: string;
	duration: string;
	description: string;
}

/** A consent category. */
export interface ConsentCategory {
	slug: string;
	name: string;
	description: string;
	isNecessary: boolean;
	defaultConsent: Record< Law, boolean >;
	cookies: ConsentCookie[];
}

/** A provider whose scripts and iframes are blocked. */
export interface ConsentProvider {
	re: string;
	categories: string[];
	fullPath: boolean;
	isOverridden: boolean;
}

/** The settings, as stored and answered by the server. */
export interface ConsentSettings {
	activeLaw: Law;
	bannerType: BannerType;
	bannerPosition: string;
	preferenceCenterType: PreferenceCenterType;
	texts: Record< TextKey, string >;
	colours: Record< ColourKey, string >;
	expiryDays: number;
	reloadOnAccept: boolean;
	respectDnt: boolean;
	honourGpc: boolean;
	googleConsentMode: boolean;
	categories: ConsentCategory[];
	providers: ConsentProvider[];
}

/**
 * What the screen edits: the settings, with the expiry kept as typed (the server accepts a string of
 * digits and refuses anything else with a message naming the field).
 */
export type SettingsDraft = Omit< ConsentSettings, 'expiryDays' > & {
	expiryDays: string;
};
