/**
 * Attributes of the popular-posts block `tessera/popular-posts` (block.json), and the post types the editor
 * offers.
 */

/** The block's own attributes (the supports add their own: style, colours …). */
export interface PopularPostsAttributes extends Record< string, unknown > {
	/** Post type listed (a viewable one). */
	postType: string;
	/** Window of the views, in days (1..365). */
	days: number;
	/** How many posts, 1..20. */
	number: number;
	/** Whether each item shows its views. */
	showViews: boolean;
	/** Whether each item shows its date. */
	showDate: boolean;
	/** Whether each item shows its featured image. */
	showThumbnail: boolean;
}

/** Bounds of the attributes (block.json). */
export const LIMITS = {
	days: { min: 1, max: 365 },
	number: { min: 1, max: 20 },
} as const;

/** A post type the block can list. */
export interface PostTypeOption {
	label: string;
	value: string;
}

/**
 * Clamps a number to bounds, rounded (a range control may give undefined when cleared).
 *
 * @param value    Value.
 * @param min      Minimum.
 * @param max      Maximum.
 * @param fallback Value when there is none.
 * @return The clamped integer.
 */
export function clamp(
	value: number | undefined,
	min: number,
	max: number,
	fallback: number
): number {
	if ( value === undefined || ! Number.isFinite( value ) ) {
		return fallback;
	}
	return Math.min( max, Math.max( min, Math.round( value ) ) );
}

/**
 * The viewable post types of a `GET /wp/v2/types` answer (an object of type objects), media left out;
 * anything malformed is skipped.
 *
 * @param answer The parsed JSON answer.
 * @return Options sorted as the server sent them.
 */
export function parsePostTypes( answer: unknown ): PostTypeOption[] {
	if ( typeof answer !== 'object' || answer === null ) {
		return [];
	}
	const options: PostTypeOption[] = [];
	for ( const value of Object.values(
		answer as Record< string, unknown >
	) ) {
		if ( typeof value !== 'object' || value === null ) {
			continue;
		}
		const type = value as Record< string, unknown >;
		if (
			typeof type.slug === 'string' &&
			typeof type.name === 'string' &&
			type.viewable === true &&
			type.slug !== 'attachment'
		) {
			options.push( { label: type.name, value: type.slug } );
		}
	}
	return options;
}
