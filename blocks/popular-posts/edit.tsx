/**
 * The popular-posts block in the editor: post type, window, number and what each item shows in the sidebar;
 * the canvas shows the server render.
 */

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';
import { InspectorControls, useBlockProps } from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import {
	PanelBody,
	RangeControl,
	SelectControl,
	ToggleControl,
} from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';

/**
 * Internal dependencies
 */
import {
	clamp,
	LIMITS,
	parsePostTypes,
	type PopularPostsAttributes,
	type PostTypeOption,
} from './types';

/** The block's name (block.json). */
export const BLOCK_NAME = 'tessera/popular-posts';

/**
 * The viewable post types, read once from REST (the current value alone until they arrive or when the
 * request fails).
 *
 * @param current The post type of the block.
 * @return Options for the select control.
 */
function usePostTypes( current: string ): PostTypeOption[] {
	const [ types, setTypes ] = useState< PostTypeOption[] | null >( null );
	useEffect( () => {
		let live = true;
		apiFetch( { path: '/wp/v2/types?context=view' } )
			.then( ( answer: unknown ) => {
				if ( live ) {
					setTypes( parsePostTypes( answer ) );
				}
			} )
			.catch( () => {
				if ( live ) {
					setTypes( [] );
				}
			} );
		return () => {
			live = false;
		};
	}, [] );
	const list = types ?? [];
	return list.some( ( type ) => type.value === current )
		? list
		: [ { label: current, value: current }, ...list ];
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
}: BlockEditProps< PopularPostsAttributes > ): JSX.Element {
	const { postType, days, number, showViews, showDate, showThumbnail } =
		attributes;
	const blockProps = useBlockProps();
	const postTypes = usePostTypes( postType );

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'Popular posts', 'tessera' ) }>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Post type', 'tessera' ) }
						value={ postType }
						options={ postTypes }
						onChange={ ( value: string ) =>
							setAttributes( { postType: value } )
						}
					/>
					<RangeControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Views of the last days', 'tessera' ) }
						value={ days }
						min={ LIMITS.days.min }
						max={ LIMITS.days.max }
						onChange={ ( value?: number ) =>
							setAttributes( {
								days: clamp(
									value,
									LIMITS.days.min,
									LIMITS.days.max,
									30
								),
							} )
						}
					/>
					<RangeControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Number of posts', 'tessera' ) }
						value={ number }
						min={ LIMITS.number.min }
						max={ LIMITS.number.max }
						onChange={ ( value?: number ) =>
							setAttributes( {
								number: clamp(
									value,
									LIMITS.number.min,
									LIMITS.number.max,
									5
								),
							} )
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show the views', 'tessera' ) }
						checked={ showViews }
						onChange={ ( value: boolean ) =>
							setAttributes( { showViews: value } )
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show the date', 'tessera' ) }
						checked={ showDate }
						onChange={ ( value: boolean ) =>
							setAttributes( { showDate: value } )
						}
					/>
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Show the featured image', 'tessera' ) }
						checked={ showThumbnail }
						onChange={ ( value: boolean ) =>
							setAttributes( { showThumbnail: value } )
						}
					/>
				</PanelBody>
			</InspectorControls>
			<div { ...blockProps }>
				<ServerSideRender
					block={ BLOCK_NAME }
					attributes={ attributes }
					skipBlockSupportAttributes
				/>
			</div>
		</>
	);
}
