/**
 * The screen's draft of the settings and its reducer (pure: unit-tested in tests/unit/consent-settings).
 */

/**
 * Internal dependencies
 */
import {
	BANNER_POSITIONS,
	type BannerType,
	type ColourKey,
	type ConsentCategory,
	type ConsentCookie,
	type ConsentProvider,
	type ConsentSettings,
	type SettingsDraft,
	type TextKey,
} from './types';

/** The position a banner type takes when the current one does not fit it. */
export const DEFAULT_POSITION: Record< BannerType, string > = {
	classic: 'bottom',
	popup: 'center',
	box: 'bottom-left',
};

/** Top-level settings that a single control edits. */
export type ScalarKey =
	| 'activeLaw'
	| 'preferenceCenterType'
	| 'bannerPosition'
	| 'expiryDays'
	| 'reloadOnAccept'
	| 'respectDnt'
	| 'honourGpc'
	| 'googleConsentMode';

/** Actions of the draft. */
export type DraftAction =
	| { type: 'replace'; settings: ConsentSettings }
	| {
			type: 'set';
			key: ScalarKey;
			value: string | boolean;
	  }
	| { type: 'setBannerType'; value: BannerType }
	| { type: 'setText'; key: TextKey; value: string }
	| { type: 'setColour'; key: ColourKey; value: string }
	| {
			type: 'updateCategory';
			index: number;
			patch: Partial< Omit< ConsentCategory, 'cookies' > >;
	  }
	| { type: 'addCategory' }
	| { type: 'removeCategory'; index: number }
	| {
			type: 'updateCookie';
			category: number;
			index: number;
			patch: Partial< ConsentCookie >;
	  }
	| { type: 'addCookie'; category: number }
	| { type: 'removeCookie'; category: number; index: number }
	| {
			type: 'updateProvider';
			index: number;
			patch: Partial< ConsentProvider >;
	  }
	| {
			type: 'toggleProviderCategory';
			index: number;
			slug: string;
			on: boolean;
	  }
	| { type: 'addProvider' }
	| { type: 'removeProvider'; index: number };

/**
 * The editable copy of server settings.
 *
 * @param settings Settings as the server answered them.
 * @return The draft.
 */
export function toDraft( settings: ConsentSettings ): SettingsDraft {
	return { ...settings, expiryDays: String( settings.expiryDays ) };
}

/**
 * The body of the save: the whole settings. The expiry goes as a number when it is one, else as typed
 * (the server refuses it with a message naming the field).
 *
 * @param draft The draft.
 * @return The JSON body.
 */
export function toPayload(
	draft: SettingsDraft
): Omit< ConsentSettings, 'expiryDays' > & { expiryDays: number | string } {
	const days = draft.expiryDays.trim();
	return {
		...draft,
		expiryDays: /^\d{1,9}$/.test( days ) ? Number( days ) : days,
	};
}

/**
 * A list with one item replaced.
 *
 * @param list  The list.
 * @param index Item to replace.
 * @param next  Its replacement, from the old item.
 * @return A new list.
 */
function replaceAt< T >(
	list: T[],
	index: number,
	next: ( item: T ) => T
): T[] {
	return list.map( ( item, at ) => ( at === index ? next( item ) : item ) );
}

/**
 * The draft with the cookie list of one category replaced.
 *
 * @param draft    Current draft.
 * @param category Index of the category.
 * @param next     Makes the new cookie list from the old one.
 * @return The new draft.
 */
function withCookies(
	draft: SettingsDraft,
	category: number,
	next: (
		cookies: ConsentCategory[ 'cookies' ]
	) => ConsentCategory[ 'cookies' ]
): SettingsDraft {
	return {
		...draft,
		categories: replaceAt( draft.categories, category, ( item ) => ( {
			...item,
			cookies: next( item.cookies ),
		} ) ),
	};
}

/**
 * A new slug that no category uses yet: `category`, `category-2`, ….
 *
 * @param categories Current categories.
 * @return The slug.
 */
export function freshSlug( categories: ConsentCategory[] ): string {
	const used = new Set( categories.map( ( category ) => category.slug ) );
	let slug = 'category';
	for ( let n = 2; used.has( slug ); n++ ) {
		slug = `category-${ n }`;
	}
	return slug;
}

/**
 * The draft's reducer. Removing a category takes its slug out of the providers; renaming a slug renames it
 * in the providers; a banner type keeps the position when it fits, else takes the type's default.
 *
 * @param draft  Current draft.
 * @param action The action.
 * @return Next draft.
 */
export function draftReducer(
	draft: SettingsDraft,
	action: DraftAction
): SettingsDraft {
	switch ( action.type ) {
		case 'replace':
			return toDraft( action.settings );
		case 'set':
			return { ...draft, [ action.key ]: action.value };
		case 'setBannerType': {
			const positions: readonly string[] =
				BANNER_POSITIONS[ action.value ];
			return {
				...draft,
				bannerType: action.value,
				bannerPosition: positions.includes( draft.bannerPosition )
					? draft.bannerPosition
					: DEFAULT_POSITION[ action.value ],
			};
		}
		case 'setText':
			return {
				...draft,
				texts: { ...draft.texts, [ action.key ]: action.value },
			};
		case 'setColour':
			return {
				...draft,
				colours: { ...draft.colours, [ action.key ]: action.value },
			};
		case 'updateCategory': {
			const old = draft.categories[ action.index ];
			if ( ! old ) {
				return draft;
			}
			const renamed =
				action.patch.slug !== undefined &&
				action.patch.slug !== old.slug;
			return {
				...draft,
				categories: replaceAt(
					draft.categories,
					action.index,
					( category ) => ( { ...category, ...action.patch } )
				),
				providers: renamed
					? draft.providers.map( ( provider ) => ( {
							...provider,
							categories: provider.categories.map( ( slug ) =>
								slug === old.slug
									? ( action.patch.slug as string )
									: slug
							),
						} ) )
					: draft.providers,
			};
		}
		case 'addCategory':
			return {
				...draft,
				categories: [
					...draft.categories,
					{
						slug: freshSlug( draft.categories ),
						name: '',
						description: '',
						isNecessary: false,
						defaultConsent: { gdpr: false, ccpa: false },
						cookies: [],
					},
				],
			};
		case 'removeCategory': {
			const removed = draft.categories[ action.index ];
			if ( ! removed ) {
				return draft;
			}
			return {
				...draft,
				categories: draft.categories.filter(
					( _category, at ) => at !== action.index
				),
				providers: draft.providers.map( ( provider ) => ( {
					...provider,
					categories: provider.categories.filter(
						( slug ) => slug !== removed.slug
					),
				} ) ),
			};
		}
		case 'updateCookie':
			return withCookies( draft, action.category, ( cookies ) =>
				replaceAt( cookies, action.index, ( cookie ) => ( {
					...cookie,
					...action.patch,
				} ) )
			);
		case 'addCookie':
			return withCookies( draft, action.category, ( cookies ) => [
				...cookies,
				{ cookieID: '', domain: '', duration: '', description: '' },
			] );
		case 'removeCookie':
			return withCookies( draft, action.category, ( cookies ) =>
				cookies.filter( ( _cookie, at ) => at !== action.index )
			);
		case 'updateProvider':
			return {
				...draft,
				providers: replaceAt(
					draft.providers,
					action.index,
					( provider ) => ( { ...provider, ...action.patch } )
				),
			};
		case 'toggleProviderCategory':
			return {
				...draft,
				providers: replaceAt(
					draft.providers,
					action.index,
					( provider ) => {
						const without = provider.categories.filter(
							( slug ) => slug !== action.slug
						);
						// Keep the order of the categories list.
						const order = draft.categories.map( ( c ) => c.slug );
						const next = action.on
							? [ ...without, action.slug ].sort(
									( a, b ) =>
										order.indexOf( a ) - order.indexOf( b )
								)
							: without;
						return { ...provider, categories: next };
					}
				),
			};
		case 'addProvider':
			return {
				...draft,
				providers: [
					...draft.providers,
					{
						re: '',
						categories: [],
						fullPath: false,
						isOverridden: false,
					},
				],
			};
		case 'removeProvider':
			return {
				...draft,
				providers: draft.providers.filter(
					( _provider, at ) => at !== action.index
				),
			};
	}
	return draft;
}

/**
 * A hex colour as the server accepts it: `#rgb` or `#rrggbb`.
 * @param value
 */
export function isHexColour( value: string ): boolean {
	return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test( value );
}
