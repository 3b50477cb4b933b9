/**
 * Attributes of the consent-banner block `tessera/consent-banner` (block.json).
 */

/** What the block shows. */
export type ConsentBlockDisplay = 'banner' | 'revisit' | 'cookie-table';

/** The block's own attributes (the supports add their own: style, colours …). */
export interface ConsentBlockAttributes extends Record< string, unknown > {
	/** The banner, an inline "consent preferences" button, or the cookie table. */
	display: ConsentBlockDisplay;
	/** Visible text of the revisit button ('' = the consent settings' text). */
	label: string;
	/** Banner background colour, #hex ('' = the consent settings' colour). */
	bannerBackground: string;
	/** Banner text colour, #hex ('' = the consent settings' colour). */
	bannerText: string;
	/** Banner accent (primary button) colour, #hex ('' = the consent settings' colour). */
	bannerAccent: string;
}

/** The banner colour attributes. */
export type BannerColourKey =
	'bannerBackground' | 'bannerText' | 'bannerAccent';

/**
 * Whether a value is one of the displays.
 * @param value
 */
export function isDisplay( value: string ): value is ConsentBlockDisplay {
	return (
		value === 'banner' || value === 'revisit' || value === 'cookie-table'
	);
}
