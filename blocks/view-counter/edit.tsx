/**
 * The view-counter block in the editor: the period, the window, the label and the icon in the sidebar; the
 * canvas shows the server render for the post being edited (or the Query Loop's post).
 */

/**
 * WordPress dependencies
 */
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import {
	PanelBody,
	RangeControl,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { __ } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';

/**
 * Internal dependencies
 */
import { isPeriod, MAX_DAYS, type ViewCounterAttributes } from './types';

/** The block's name (block.json). */
export const BLOCK_NAME = 'tessera/view-counter';

/** The block context the editor passes (block.json `usesContext`). */
interface ViewCounterContext {
	postId?: number;
	postType?: string;
}

/**
 * What the canvas shows when the server renders nothing (no post, e.g. in a template).
 */
function NoPost(): JSX.Element {
	return (
		<p className="wp-block-tessera-view-counter__placeholder">
			{ __(
				'View counter: shows the views of the post it is placed in.',
				'tessera'
			) }
		</p>
	);
}

/**
 * The block's editor.
 *
 * @param props               Block edit props.
 * @param props.attributes    The block's attributes.
 * @param props.setAttributes Changes attributes.
 * @param props.context       Block context (postId inside a Query Loop).
 */
export function Edit( {
	attributes,
	setAttributes,
	context,
}: BlockEditProps< ViewCounterAttributes > & {
	context: ViewCounterContext;
} ): JSX.Element {
	const { period, days, label, showIcon } = attributes;
	const blockProps = useBlockProps();
	const postId =
		typeof context?.postId === 'number' && context.postId > 0
			? context.postId
			: undefined;

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'View counter', 'tessera' ) }>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Views counted', 'tessera' ) }
						value={ period }
						options={ [
							{
								label: __( 'All time', 'tessera' ),
								value: 'all',
							},
							{
								label: __( 'Last days', 'tessera' ),
								value: 'days',
							},
						] }
						onChange={ ( value: string ) => {
							if ( isPeriod( value ) ) {
								setAttributes( { period: value } );
							}
						} }
					/>
					{ period === 'days' && (
						<RangeControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Number of days', 'tessera' ) }
							value={ days }
							min={ 1 }
							max={ MAX_DAYS }
							onChange={ ( value?: number ) =>
								setAttributes( {
									days: Math.min(
										MAX_DAYS,
										Math.max( 1, Math.round( value ?? 30 ) )
									),
								} )
							}
						/>
					) }
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Text after the number', 'tessera' ) }
						help={ __( 'Leave empty for “views”.', 'tessera' ) }
						value={ label }
						onChange={ ( value: string ) =>
							setAttributes( { label: value } )
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show the icon', 'tessera' ) }
						checked={ showIcon }
						onChange={ ( value: boolean ) =>
							setAttributes( { showIcon: value } )
						}
					/>
				</PanelBody>
			</InspectorControls>
			<div { ...blockProps }>
				<ServerSideRender
					block={ BLOCK_NAME }
					attributes={ attributes }
					skipBlockSupportAttributes
					urlQueryArgs={ postId ? { post_id: postId } : undefined }
					EmptyResponsePlaceholder={ NoPost }
				/>
			</div>
		</>
	);
}
