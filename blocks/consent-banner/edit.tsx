/**
 * The consent-banner block in the editor: the display, the revisit label and the banner colours in the
 * sidebar; the canvas shows the server render (the banner in the flow, class `tessera-consent--preview`).
 */

/**
 * WordPress dependencies
 */
import {
	InspectorControls,
	PanelColorSettings,
	useBlockProps,
} from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import { PanelBody, SelectControl, TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';

/**
 * Internal dependencies
 */
import {
	isDisplay,
	type BannerColourKey,
	type ConsentBlockAttributes,
} from './types';

/** The block's name (block.json). */
export const BLOCK_NAME = 'tessera/consent-banner';

/**
 * The choices of the display select.
 *
 * @return Options in the order shown.
 */
function displayOptions(): Array< { label: string; value: string } > {
	return [
		{
			label: __( 'Cookie table (cookie policy page)', 'tessera' ),
			value: 'cookie-table',
		},
		{
			label: __( 'Consent preferences button', 'tessera' ),
			value: 'revisit',
		},
		{ label: __( 'Consent banner', 'tessera' ), value: 'banner' },
	];
}

/**
 * The block's editor.
 *
 * @param props               Block edit props.
 * @param props.attributes    The block's attributes.
 * @param props.setAttributes Changes attributes.
 */
export function Edit( {
	attributes,
	setAttributes,
}: BlockEditProps< ConsentBlockAttributes > ): JSX.Element {
	const { display, label } = attributes;
	const blockProps = useBlockProps();

	const colour = ( key: BannerColourKey, title: string ) => ( {
		label: title,
		value: attributes[ key ] || undefined,
		onChange: ( value: string | undefined ) =>
			setAttributes( { [ key ]: value ?? '' } ),
		clearable: true,
	} );

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'Cookie consent', 'tessera' ) }>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Display', 'tessera' ) }
						value={ display }
						options={ displayOptions() }
						onChange={ ( value: string ) => {
							if ( isDisplay( value ) ) {
								setAttributes( { display: value } );
							}
						} }
						help={
							display === 'banner'
								? __(
										'The banner shows here instead of its usual place, until the visitor makes a choice.',
										'tessera'
									)
								: undefined
						}
					/>
					{ display === 'revisit' && (
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Button text', 'tessera' ) }
							help={ __(
								'Leave empty to use the text of the consent settings.',
								'tessera'
							) }
							value={ label }
							onChange={ ( value: string ) =>
								setAttributes( { label: value } )
							}
						/>
					) }
				</PanelBody>
				{ display === 'banner' && (
					<PanelColorSettings
						title={ __( 'Banner colours', 'tessera' ) }
						initialOpen={ false }
						colorSettings={ [
							colour(
								'bannerBackground',
								__( 'Background', 'tessera' )
							),
							colour( 'bannerText', __( 'Text', 'tessera' ) ),
							colour(
								'bannerAccent',
								__( 'Accent (buttons)', 'tessera' )
							),
						] }
					/>
				) }
			</InspectorControls>
			<div { ...blockProps }>
				{ display === 'banner' && (
					<p className="tessera-consent-block__notice">
						{ __(
							'Preview of the consent banner. Visitors see it until they make a choice.',
							'tessera'
						) }
					</p>
				) }
				<ServerSideRender
					block={ BLOCK_NAME }
					attributes={ attributes }
					skipBlockSupportAttributes
				/>
			</div>
		</>
	);
}
