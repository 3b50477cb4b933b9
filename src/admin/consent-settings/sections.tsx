/**
 * The sections of the screen: law, banner, texts, colours, categories, providers.
 */

/**
 * WordPress dependencies
 */
import { Button, Card, CardBody, CardHeader } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';
import type { Dispatch, ReactNode } from 'react';

/**
 * Internal dependencies
 */
import { CheckboxGroup, SelectField, TextField, ToggleField } from './fields';
import {
	bannerTypeLabels,
	colourLabels,
	lawLabels,
	positionLabels,
	preferenceCenterLabels,
	textLabels,
} from './labels';
import { isHexColour, type DraftAction } from './state';
import {
	BANNER_POSITIONS,
	BANNER_TYPES,
	COLOUR_KEYS,
	HTML_TEXT_KEYS,
	LAWS,
	PREFERENCE_CENTER_TYPES,
	TEXT_KEYS,
	type BannerType,
	type ConsentCategory,
	type Law,
	type SettingsDraft,
} from './types';

/** Props of every section. */
export interface SectionProps {
	draft: SettingsDraft;
	dispatch: Dispatch< DraftAction >;
}

/**
 * A titled card; its heading names the region.
 *
 * @param props          Props.
 * @param props.id       Heading id.
 * @param props.title    Title.
 * @param props.children Content.
 * @return The section.
 */
function Section( {
	id,
	title,
	children,
}: {
	id: string;
	title: string;
	children: ReactNode;
} ) {
	return (
		<section
			aria-labelledby={ id }
			className="tessera-consent-settings__section"
		>
			<Card>
				<CardHeader>
					<h2 id={ id }>{ title }</h2>
				</CardHeader>
				<CardBody className="tessera-consent-settings__fields">
					{ children }
				</CardBody>
			</Card>
		</section>
	);
}

/**
 * Options of a select from values and their names.
 *
 * @param values Values.
 * @param names  Names by value.
 * @return The options.
 */
const options = (
	values: readonly string[],
	names: Record< string, string >
) => values.map( ( value ) => ( { value, label: names[ value ] ?? value } ) );

/**
 * Law.
 *
 * @param props          Props.
 * @param props.draft
 * @param props.dispatch
 * @return The section.
 */
export function LawSection( { draft, dispatch }: SectionProps ) {
	return (
		<Section
			id="tessera-consent-law-heading"
			title={ __( 'Law', 'tessera' ) }
		>
			<SelectField
				path="activeLaw"
				label={ __( 'Consent law', 'tessera' ) }
				value={ draft.activeLaw }
				options={ options( LAWS, lawLabels() ) }
				onChange={ ( value ) =>
					dispatch( { type: 'set', key: 'activeLaw', value } )
				}
			/>
		</Section>
	);
}

/**
 * Banner.
 *
 * @param props          Props.
 * @param props.draft
 * @param props.dispatch
 * @return The section.
 */
export function BannerSection( { draft, dispatch }: SectionProps ) {
	const set = (
		key:
			'reloadOnAccept' | 'respectDnt' | 'honourGpc' | 'googleConsentMode',
		value: boolean
	) => dispatch( { type: 'set', key, value } );
	return (
		<Section
			id="tessera-consent-banner-heading"
			title={ __( 'Banner', 'tessera' ) }
		>
			<SelectField
				path="bannerType"
				label={ __( 'Banner type', 'tessera' ) }
				value={ draft.bannerType }
				options={ options( BANNER_TYPES, bannerTypeLabels() ) }
				onChange={ ( value ) =>
					dispatch( {
						type: 'setBannerType',
						value: value as BannerType,
					} )
				}
			/>
			<SelectField
				path="bannerPosition"
				label={ __( 'Banner position', 'tessera' ) }
				value={ draft.bannerPosition }
				options={ options(
					BANNER_POSITIONS[ draft.bannerType ],
					positionLabels()
				) }
				onChange={ ( value ) =>
					dispatch( { type: 'set', key: 'bannerPosition', value } )
				}
			/>
			<SelectField
				path="preferenceCenterType"
				label={ __( 'Preference centre type', 'tessera' ) }
				value={ draft.preferenceCenterType }
				options={ options(
					PREFERENCE_CENTER_TYPES,
					preferenceCenterLabels()
				) }
				onChange={ ( value ) =>
					dispatch( {
						type: 'set',
						key: 'preferenceCenterType',
						value,
					} )
				}
			/>
			<TextField
				path="expiryDays"
				type="number"
				min={ 1 }
				max={ 3650 }
				label={ __( 'Consent expiry (days, 1 to 3650)', 'tessera' ) }
				value={ draft.expiryDays }
				onChange={ ( value ) =>
					dispatch( { type: 'set', key: 'expiryDays', value } )
				}
			/>
			<ToggleField
				path="reloadOnAccept"
				label={ __(
					'Reload the page after the visitor accepts',
					'tessera'
				) }
				checked={ draft.reloadOnAccept }
				onChange={ ( value ) => set( 'reloadOnAccept', value ) }
			/>
			<ToggleField
				path="respectDnt"
				label={ __( 'Respect Do Not Track', 'tessera' ) }
				checked={ draft.respectDnt }
				onChange={ ( value ) => set( 'respectDnt', value ) }
			/>
			<ToggleField
				path="honourGpc"
				label={ __( 'Honour Global Privacy Control', 'tessera' ) }
				checked={ draft.honourGpc }
				onChange={ ( value ) => set( 'honourGpc', value ) }
			/>
			<ToggleField
				path="googleConsentMode"
				label={ __(
					'Google Consent Mode v2 (defaults denied, updated on every choice)',
					'tessera'
				) }
				checked={ draft.googleConsentMode }
				onChange={ ( value ) => set( 'googleConsentMode', value ) }
			/>
		</Section>
	);
}

/**
 * Texts.
 *
 * @param props          Props.
 * @param props.draft
 * @param props.dispatch
 * @return The section.
 */
export function TextsSection( { draft, dispatch }: SectionProps ) {
	const labels = textLabels();
	return (
		<Section
			id="tessera-consent-texts-heading"
			title={ __( 'Texts', 'tessera' ) }
		>
			{ TEXT_KEYS.map( ( key ) => {
				const html = HTML_TEXT_KEYS.includes( key );
				return (
					<TextField
						key={ key }
						path={ `texts.${ key }` }
						label={ labels[ key ] }
						multiline={ html }
						help={
							html
								? __(
										'Plain text; links are allowed.',
										'tessera'
									)
								: undefined
						}
						value={ draft.texts[ key ] }
						onChange={ ( value ) =>
							dispatch( { type: 'setText', key, value } )
						}
					/>
				);
			} ) }
		</Section>
	);
}

/**
 * Colours: hex values, checked as they are typed.
 *
 * @param props          Props.
 * @param props.draft
 * @param props.dispatch
 * @return The section.
 */
export function ColoursSection( { draft, dispatch }: SectionProps ) {
	const labels = colourLabels();
	return (
		<Section
			id="tessera-consent-colours-heading"
			title={ __( 'Colours', 'tessera' ) }
		>
			{ COLOUR_KEYS.map( ( key ) => {
				const value = draft.colours[ key ];
				const valid = isHexColour( value );
				return (
					<div
						key={ key }
						className="tessera-consent-settings__colour"
					>
						<span
							className="tessera-consent-settings__swatch"
							aria-hidden="true"
							style={ valid ? { background: value } : undefined }
						/>
						<TextField
							path={ `colours.${ key }` }
							label={ labels[ key ] }
							value={ value }
							problem={
								valid
									? undefined
									: __(
											'Enter a hex colour such as #1863dc.',
											'tessera'
										)
							}
							onChange={ ( next ) =>
								dispatch( {
									type: 'setColour',
									key,
									value: next,
								} )
							}
						/>
					</div>
				);
			} ) }
		</Section>
	);
}

/**
 * A category's name for labels: its name, else its slug, else its position.
 *
 * @param category The category.
 * @param index    Its index.
 * @return The name.
 */
function categoryName( category: ConsentCategory, index: number ): string {
	return (
		category.name ||
		category.slug ||
		/* translators: %d: the category's position, from 1. */
		sprintf( __( 'Category %d', 'tessera' ), index + 1 )
	);
}

/**
 * One category with its cookies.
 *
 * @param props           Props.
 * @param props.category  The category.
 * @param props.index     Its index.
 * @param props.dispatch  Draft dispatch.
 * @param props.canRemove Whether it may be removed (not the last one).
 * @return The category.
 */
function CategoryEditor( {
	category,
	index,
	dispatch,
	canRemove,
}: {
	category: ConsentCategory;
	index: number;
	dispatch: Dispatch< DraftAction >;
	canRemove: boolean;
} ) {
	const path = `categories[${ index }]`;
	const name = categoryName( category, index );
	const update = ( patch: Partial< Omit< ConsentCategory, 'cookies' > > ) =>
		dispatch( { type: 'updateCategory', index, patch } );
	const laws = lawLabels();
	return (
		<fieldset className="tessera-consent-settings__item">
			<legend>{ name }</legend>
			<TextField
				path={ `${ path }.slug` }
				label={ __( 'Slug', 'tessera' ) }
				help={ __(
					'Lower-case letters, digits, hyphens and underscores.',
					'tessera'
				) }
				value={ category.slug }
				onChange={ ( slug ) => update( { slug } ) }
			/>
			<TextField
				path={ `${ path }.name` }
				label={ __( 'Name', 'tessera' ) }
				value={ category.name }
				onChange={ ( value ) => update( { name: value } ) }
			/>
			<TextField
				path={ `${ path }.description` }
				label={ __( 'Description', 'tessera' ) }
				multiline
				value={ category.description }
				onChange={ ( description ) => update( { description } ) }
			/>
			<ToggleField
				path={ `${ path }.isNecessary` }
				label={ __( 'Necessary (always on)', 'tessera' ) }
				checked={ category.isNecessary }
				onChange={ ( isNecessary ) => update( { isNecessary } ) }
			/>
			{ LAWS.map( ( law: Law ) => (
				<ToggleField
					key={ law }
					path={ `${ path }.defaultConsent.${ law }` }
					label={ sprintf(
						/* translators: %s: a law, e.g. "GDPR (opt-in)". */
						__( 'On by default under %s', 'tessera' ),
						laws[ law ]
					) }
					checked={
						category.isNecessary || category.defaultConsent[ law ]
					}
					disabled={ category.isNecessary }
					onChange={ ( on ) =>
						update( {
							defaultConsent: {
								...category.defaultConsent,
								[ law ]: on,
							},
						} )
					}
				/>
			) ) }
			<h3 className="tessera-consent-settings__subheading">
				{ sprintf(
					/* translators: %s: the category's name. */
					__( 'Cookies of %s', 'tessera' ),
					name
				) }
			</h3>
			{ category.cookies.length === 0 && (
				<p>{ __( 'No cookies listed.', 'tessera' ) }</p>
			) }
			{ category.cookies.map( ( cookie, at ) => {
				const cookiePath = `${ path }.cookies[${ at }]`;
				const updateCookie = ( patch: Partial< typeof cookie > ) =>
					dispatch( {
						type: 'updateCookie',
						category: index,
						index: at,
						patch,
					} );
				const cookieName =
					cookie.cookieID ||
					/* translators: %d: the cookie's position, from 1. */
					sprintf( __( 'Cookie %d', 'tessera' ), at + 1 );
				return (
					<fieldset
						key={ at }
						className="tessera-consent-settings__cookie"
					>
						<legend>{ cookieName }</legend>
						<TextField
							path={ `${ cookiePath }.cookieID` }
							label={ __( 'Cookie ID', 'tessera' ) }
							help={ __(
								'A trailing * matches every name that starts with the rest.',
								'tessera'
							) }
							value={ cookie.cookieID }
							onChange={ ( cookieID ) =>
								updateCookie( { cookieID } )
							}
						/>
						<TextField
							path={ `${ cookiePath }.domain` }
							label={ __( 'Domain', 'tessera' ) }
							help={ __( 'Empty for this site.', 'tessera' ) }
							value={ cookie.domain }
							onChange={ ( domain ) =>
								updateCookie( { domain } )
							}
						/>
						<TextField
							path={ `${ cookiePath }.duration` }
							label={ __( 'Duration', 'tessera' ) }
							value={ cookie.duration }
							onChange={ ( duration ) =>
								updateCookie( { duration } )
							}
						/>
						<TextField
							path={ `${ cookiePath }.description` }
							label={ __( 'Description', 'tessera' ) }
							value={ cookie.description }
							onChange={ ( description ) =>
								updateCookie( { description } )
							}
						/>
						<Button
							variant="secondary"
							isDestructive
							onClick={ () =>
								dispatch( {
									type: 'removeCookie',
									category: index,
									index: at,
								} )
							}
						>
							{ sprintf(
								/* translators: 1: the cookie's name, 2: the category's name. */
								__( 'Remove cookie %1$s from %2$s', 'tessera' ),
								cookieName,
								name
							) }
						</Button>
					</fieldset>
				);
			} ) }
			<div className="tessera-consent-settings__actions">
				<Button
					variant="secondary"
					onClick={ () =>
						dispatch( { type: 'addCookie', category: index } )
					}
				>
					{ sprintf(
						/* translators: %s: the category's name. */
						__( 'Add a cookie to %s', 'tessera' ),
						name
					) }
				</Button>
				{ canRemove && (
					<Button
						variant="secondary"
						isDestructive
						onClick={ () =>
							dispatch( { type: 'removeCategory', index } )
						}
					>
						{ sprintf(
							/* translators: %s: the category's name. */
							__( 'Remove category %s', 'tessera' ),
							name
						) }
					</Button>
				) }
			</div>
		</fieldset>
	);
}

/**
 * Categories.
 *
 * @param props          Props.
 * @param props.draft
 * @param props.dispatch
 * @return The section.
 */
export function CategoriesSection( { draft, dispatch }: SectionProps ) {
	return (
		<Section
			id="tessera-consent-categories-heading"
			title={ __( 'Categories', 'tessera' ) }
		>
			{ draft.categories.map( ( category, index ) => (
				<CategoryEditor
					key={ index }
					category={ category }
					index={ index }
					dispatch={ dispatch }
					canRemove={ draft.categories.length > 1 }
				/>
			) ) }
			<div className="tessera-consent-settings__actions">
				<Button
					variant="secondary"
					onClick={ () => dispatch( { type: 'addCategory' } ) }
				>
					{ __( 'Add a category', 'tessera' ) }
				</Button>
			</div>
		</Section>
	);
}

/**
 * Providers.
 *
 * @param props          Props.
 * @param props.draft
 * @param props.dispatch
 * @return The section.
 */
export function ProvidersSection( { draft, dispatch }: SectionProps ) {
	const categoryOptions = draft.categories.map( ( category, index ) => ( {
		value: category.slug,
		label: categoryName( category, index ),
	} ) );
	return (
		<Section
			id="tessera-consent-providers-heading"
			title={ __( 'Providers to block', 'tessera' ) }
		>
			<p>
				{ __(
					'Scripts and embeds whose address matches a pattern wait until all of the provider’s categories are allowed.',
					'tessera'
				) }
			</p>
			{ draft.providers.map( ( provider, index ) => {
				const path = `providers[${ index }]`;
				const title =
					provider.re ||
					/* translators: %d: the provider's position, from 1. */
					sprintf( __( 'Provider %d', 'tessera' ), index + 1 );
				return (
					<fieldset
						key={ index }
						className="tessera-consent-settings__item"
					>
						<legend>
							{ sprintf(
								/* translators: %d: the provider's position, from 1. */
								__( 'Provider %d', 'tessera' ),
								index + 1
							) }
						</legend>
						<TextField
							path={ `${ path }.re` }
							label={ __( 'Pattern', 'tessera' ) }
							help={ __(
								'A regular expression matched against host and path, e.g. googletagmanager\\.com/gtag/js',
								'tessera'
							) }
							value={ provider.re }
							onChange={ ( re ) =>
								dispatch( {
									type: 'updateProvider',
									index,
									patch: { re },
								} )
							}
						/>
						<CheckboxGroup
							path={ `${ path }.categories` }
							legend={ __( 'Categories', 'tessera' ) }
							options={ categoryOptions }
							selected={ provider.categories }
							onToggle={ ( slug, on ) =>
								dispatch( {
									type: 'toggleProviderCategory',
									index,
									slug,
									on,
								} )
							}
						/>
						<ToggleField
							path={ `${ path }.fullPath` }
							label={ __(
								'Match the whole address (with scheme and query)',
								'tessera'
							) }
							checked={ provider.fullPath }
							onChange={ ( fullPath ) =>
								dispatch( {
									type: 'updateProvider',
									index,
									patch: { fullPath },
								} )
							}
						/>
						<div className="tessera-consent-settings__actions">
							<Button
								variant="secondary"
								isDestructive
								onClick={ () =>
									dispatch( {
										type: 'removeProvider',
										index,
									} )
								}
							>
								{ sprintf(
									/* translators: %s: the provider's pattern or position. */
									__( 'Remove provider %s', 'tessera' ),
									title
								) }
							</Button>
						</div>
					</fieldset>
				);
			} ) }
			<div className="tessera-consent-settings__actions">
				<Button
					variant="secondary"
					onClick={ () => dispatch( { type: 'addProvider' } ) }
				>
					{ __( 'Add a provider', 'tessera' ) }
				</Button>
			</div>
		</Section>
	);
}
