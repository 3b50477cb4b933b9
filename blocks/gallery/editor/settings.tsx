/**
 * The gallery block's sidebar settings (block.json attributes): the view, and for each view only the settings it
 * uses (VIEW_SETTINGS, settingApplies()); paging and in-place navigation; search, sort and tags; the click on a
 * thumbnail. Every control keeps its value within block.json (ranges, enums, lengths).
 */

/**
 * WordPress dependencies
 */
import { MediaUpload, MediaUploadCheck } from '@wordpress/block-editor';
import {
	Button,
	PanelBody,
	RangeControl,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { store as coreStore } from '@wordpress/core-data';
import { useSelect } from '@wordpress/data';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	choiceAttribute,
	clampAttribute,
	limitText,
	maxLengthOf,
	numberChoiceAttribute,
	numberOptionsOf,
	optionsOf,
	paginationFor,
	rangeOf,
	readRecord,
	settingApplies,
	type ChoiceAttribute,
	type GalleryAttributes,
	type NumberAttribute,
	type Option,
} from '../types';
import { parseAttachment } from './images';

/** Changes attributes. */
type SetAttributes = ( attributes: Partial< GalleryAttributes > ) => void;

/**
 * A select control of an enum attribute (options from block.json).
 *
 * @param props          Component props.
 * @param props.name     The attribute.
 * @param props.label    Visible label.
 * @param props.help     Help text.
 * @param props.value    The value.
 * @param props.onChange Receives a valid value.
 * @param props.options  The options, when not all of block.json's apply.
 */
export function ChoiceControl( {
	name,
	label,
	help,
	value,
	onChange,
	options,
}: {
	name: ChoiceAttribute;
	label: string;
	help?: string;
	value: string;
	onChange: ( value: string ) => void;
	options?: Option[];
} ): JSX.Element {
	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			help={ help }
			value={ value }
			options={ options ?? optionsOf( name ) }
			onChange={ ( next: string ) =>
				onChange( choiceAttribute( name, next ) )
			}
		/>
	);
}

/**
 * A range control of a number attribute (bounds from block.json).
 *
 * @param props          Component props.
 * @param props.name     The attribute.
 * @param props.label    Visible label.
 * @param props.help     Help text.
 * @param props.value    The value.
 * @param props.step     Step of the slider.
 * @param props.onChange Receives a value within the bounds.
 */
export function NumberAttributeControl( {
	name,
	label,
	help,
	value,
	step = 1,
	onChange,
}: {
	name: NumberAttribute;
	label: string;
	help?: string;
	value: number;
	step?: number;
	onChange: ( value: number ) => void;
} ): JSX.Element {
	const { min, max } = rangeOf( name );
	return (
		<RangeControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			help={ help }
			value={ value }
			min={ min }
			max={ max }
			step={ step }
			onChange={ ( next?: number ) =>
				onChange( clampAttribute( name, next ) )
			}
		/>
	);
}

/**
 * A toggle of a flag attribute.
 *
 * @param props          Component props.
 * @param props.label    Visible label.
 * @param props.help     Help text.
 * @param props.checked  The value.
 * @param props.onChange Receives the new value.
 */
function Flag( {
	label,
	help,
	checked,
	onChange,
}: {
	label: string;
	help?: string;
	checked: boolean;
	onChange: ( value: boolean ) => void;
} ): JSX.Element {
	return (
		<ToggleControl
			__nextHasNoMarginBottom
			label={ label }
			help={ help }
			checked={ checked }
			onChange={ onChange }
		/>
	);
}

/**
 * Chooses one attachment of the media library (the slideshow's music, the watermark's image), with its name
 * and a Remove button.
 *
 * @param props              Component props.
 * @param props.label        What is chosen ("Music" …).
 * @param props.help         Help text.
 * @param props.value        The attachment id (0: none).
 * @param props.allowedTypes Media types offered (`audio`, `image`).
 * @param props.choose       The button's text when nothing is chosen.
 * @param props.onChange     Receives the id (0 when removed).
 */
export function AttachmentPicker( {
	label,
	help,
	value,
	allowedTypes,
	choose,
	onChange,
}: {
	label: string;
	help?: string;
	value: number;
	allowedTypes: string[];
	choose: string;
	onChange: ( id: number ) => void;
} ): JSX.Element {
	const record = useSelect(
		( select ) =>
			value > 0
				? select( coreStore ).getEntityRecord(
						'postType',
						'attachment',
						value
					)
				: null,
		[ value ]
	);
	const attachment = readRecord( record );
	const title = readRecord( attachment.title );
	let name = '';
	if ( typeof title.raw === 'string' && title.raw !== '' ) {
		name = title.raw;
	} else if ( typeof title.rendered === 'string' ) {
		name = title.rendered;
	}
	if ( name === '' && typeof attachment.source_url === 'string' ) {
		name = attachment.source_url.split( '/' ).pop() ?? '';
	}
	const picture = parseAttachment( record )?.picture ?? null;
	const id = `tessera-attachment-${ label
		.toLowerCase()
		.replace( /[^a-z0-9]+/g, '-' ) }`;
	let chosen: string = __( 'None', 'tessera' );
	if ( value > 0 ) {
		chosen =
			name !== ''
				? name
				: sprintf(
						/* translators: %d: an attachment id. */
						__( 'File #%d', 'tessera' ),
						value
					);
	}
	return (
		<div
			role="group"
			aria-labelledby={ `${ id }-label` }
			style={ { marginBottom: '16px' } }
		>
			<p
				id={ `${ id }-label` }
				style={ { margin: '0 0 8px', fontWeight: 500 } }
			>
				{ label }
			</p>
			<p id={ id } style={ { margin: '0 0 8px' } }>
				{ picture && (
					<img
						src={ picture.url }
						width={ 48 }
						height={ 48 }
						alt=""
						style={ {
							width: '48px',
							height: '48px',
							objectFit: 'contain',
							verticalAlign: 'middle',
							marginInlineEnd: '8px',
						} }
					/>
				) }
				{ chosen }
			</p>
			<div style={ { display: 'flex', gap: '8px' } }>
				<MediaUploadCheck>
					<MediaUpload
						allowedTypes={ allowedTypes }
						value={ value > 0 ? value : undefined }
						title={ label }
						onSelect={ ( media: unknown ) => {
							const next = readRecord( media ).id;
							if (
								typeof next === 'number' &&
								Number.isInteger( next ) &&
								next > 0
							) {
								onChange( next );
							}
						} }
						render={ ( { open } ) => (
							<Button
								variant="secondary"
								onClick={ open }
								aria-describedby={ id }
							>
								{ value > 0
									? __( 'Replace', 'tessera' )
									: choose }
							</Button>
						) }
					/>
				</MediaUploadCheck>
				{ value > 0 && (
					<Button
						variant="tertiary"
						isDestructive
						aria-describedby={ id }
						onClick={ () => onChange( 0 ) }
					>
						{ __( 'Remove', 'tessera' ) }
					</Button>
				) }
			</div>
			{ help && (
				<p
					className="components-base-control__help"
					style={ { margin: '8px 0 0' } }
				>
					{ help }
				</p>
			) }
		</div>
	);
}

/**
 * The view's own settings (in the View panel): those settingApplies() allows.
 *
 * @param props           Component props.
 * @param props.settings  The block's attributes, normalised.
 * @param props.setAttrib Changes attributes.
 */
function ViewLayout( {
	settings,
	setAttrib,
}: {
	settings: GalleryAttributes;
	setAttrib: SetAttributes;
} ): JSX.Element {
	const shows = ( name: keyof GalleryAttributes ): boolean =>
		settingApplies( settings, name );
	const { view } = settings;
	const columnsOrCells = view === 'thumbnails' ? 'cell' : 'column';
	return (
		<>
			{ shows( 'masonryDirection' ) && (
				<ChoiceControl
					name="masonryDirection"
					label={ __( 'Direction', 'tessera' ) }
					help={ __(
						'Columns: images one under the other. Rows: images side by side, all as high.',
						'tessera'
					) }
					value={ settings.masonryDirection }
					onChange={ ( masonryDirection ) =>
						setAttrib( { masonryDirection } )
					}
				/>
			) }
			{ shows( 'mosaicDirection' ) && (
				<ChoiceControl
					name="mosaicDirection"
					label={ __( 'Direction', 'tessera' ) }
					help={ __(
						'Rows fill the width without gaps; columns fill it one under the other.',
						'tessera'
					) }
					value={ settings.mosaicDirection }
					onChange={ ( mosaicDirection ) =>
						setAttrib( { mosaicDirection } )
					}
				/>
			) }
			{ shows( 'thumbWidth' ) && (
				<NumberAttributeControl
					name="thumbWidth"
					label={
						columnsOrCells === 'cell'
							? __( 'Thumbnail width (px)', 'tessera' )
							: __( 'Column width (px)', 'tessera' )
					}
					value={ settings.thumbWidth }
					onChange={ ( thumbWidth ) => setAttrib( { thumbWidth } ) }
				/>
			) }
			{ shows( 'thumbHeight' ) && (
				<NumberAttributeControl
					name="thumbHeight"
					label={
						view === 'thumbnails'
							? __( 'Thumbnail height (px)', 'tessera' )
							: __( 'Row height (px)', 'tessera' )
					}
					help={
						view === 'mosaic'
							? __(
									'Scaled by 1.5 on wide screens and by 0.5 on small ones.',
									'tessera'
								)
							: undefined
					}
					value={ settings.thumbHeight }
					onChange={ ( thumbHeight ) => setAttrib( { thumbHeight } ) }
				/>
			) }
			{ shows( 'maxColumns' ) && (
				<NumberAttributeControl
					name="maxColumns"
					label={ __( 'Maximum columns', 'tessera' ) }
					help={ __(
						'As many columns as the width allows, at most this many.',
						'tessera'
					) }
					value={ settings.maxColumns }
					onChange={ ( maxColumns ) => setAttrib( { maxColumns } ) }
				/>
			) }
			{ shows( 'showTitles' ) && (
				<Flag
					label={ __( 'Show titles', 'tessera' ) }
					checked={ settings.showTitles }
					onChange={ ( showTitles ) => setAttrib( { showTitles } ) }
				/>
			) }
			{ shows( 'carouselItems' ) && (
				<NumberAttributeControl
					name="carouselItems"
					label={ __( 'Images shown at once', 'tessera' ) }
					value={ settings.carouselItems }
					onChange={ ( carouselItems ) =>
						setAttrib( { carouselItems } )
					}
				/>
			) }
			{ shows( 'viewWidth' ) && (
				<NumberAttributeControl
					name="viewWidth"
					label={ __( 'Width (px)', 'tessera' ) }
					help={ __(
						'The largest width; narrower screens get less.',
						'tessera'
					) }
					step={ 10 }
					value={ settings.viewWidth }
					onChange={ ( viewWidth ) => setAttrib( { viewWidth } ) }
				/>
			) }
			{ shows( 'viewHeight' ) && (
				<NumberAttributeControl
					name="viewHeight"
					label={ __( 'Height (px)', 'tessera' ) }
					step={ 10 }
					value={ settings.viewHeight }
					onChange={ ( viewHeight ) => setAttrib( { viewHeight } ) }
				/>
			) }
			{ shows( 'showDescription' ) && (
				<Flag
					label={ __( 'Show descriptions', 'tessera' ) }
					help={ __(
						'The description of each image (Media Library → the image → Description).',
						'tessera'
					) }
					checked={ settings.showDescription }
					onChange={ ( showDescription ) =>
						setAttrib( { showDescription } )
					}
				/>
			) }
		</>
	);
}

/**
 * The playing settings of the slideshow and carousel, the slideshow's filmstrip, music and watermark.
 *
 * @param props           Component props.
 * @param props.settings  The block's attributes, normalised.
 * @param props.setAttrib Changes attributes.
 */
function PlayerPanels( {
	settings,
	setAttrib,
}: {
	settings: GalleryAttributes;
	setAttrib: SetAttributes;
} ): JSX.Element | null {
	const shows = ( name: keyof GalleryAttributes ): boolean =>
		settingApplies( settings, name );
	if ( ! shows( 'interval' ) ) {
		return null;
	}
	return (
		<>
			<PanelBody title={ __( 'Playback', 'tessera' ) }>
				{ shows( 'effect' ) && (
					<ChoiceControl
						name="effect"
						label={ __( 'Transition effect', 'tessera' ) }
						value={ settings.effect }
						onChange={ ( effect ) => setAttrib( { effect } ) }
					/>
				) }
				{ shows( 'effectDuration' ) && settings.effect !== 'none' && (
					<NumberAttributeControl
						name="effectDuration"
						label={ __(
							'Transition duration (milliseconds)',
							'tessera'
						) }
						step={ 50 }
						value={ settings.effectDuration }
						onChange={ ( effectDuration ) =>
							setAttrib( { effectDuration } )
						}
					/>
				) }
				<NumberAttributeControl
					name="interval"
					label={ __( 'Seconds per image', 'tessera' ) }
					value={ settings.interval }
					onChange={ ( interval ) => setAttrib( { interval } ) }
				/>
				<Flag
					label={ __( 'Play automatically', 'tessera' ) }
					checked={ settings.autoplay }
					onChange={ ( autoplay ) => setAttrib( { autoplay } ) }
				/>
				<Flag
					label={ __(
						'Start again after the last image',
						'tessera'
					) }
					checked={ settings.loop }
					onChange={ ( loop ) => setAttrib( { loop } ) }
				/>
				{ shows( 'shuffle' ) && (
					<Flag
						label={ __( 'Shuffle the images', 'tessera' ) }
						checked={ settings.shuffle }
						onChange={ ( shuffle ) => setAttrib( { shuffle } ) }
					/>
				) }
			</PanelBody>
			{ shows( 'filmstripType' ) && (
				<PanelBody
					title={ __( 'Filmstrip', 'tessera' ) }
					initialOpen={ false }
				>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Filmstrip', 'tessera' ) }
						value={ String( settings.filmstripType ) }
						options={ numberOptionsOf( 'filmstripType' ) }
						onChange={ ( next: string ) =>
							setAttrib( {
								filmstripType: numberChoiceAttribute(
									'filmstripType',
									next
								),
							} )
						}
					/>
					{ shows( 'filmstripDirection' ) && (
						<ChoiceControl
							name="filmstripDirection"
							label={ __( 'Filmstrip direction', 'tessera' ) }
							help={ __(
								'Horizontal: below the image. Vertical: beside it.',
								'tessera'
							) }
							value={ settings.filmstripDirection }
							onChange={ ( filmstripDirection ) =>
								setAttrib( { filmstripDirection } )
							}
						/>
					) }
					{ shows( 'filmstripSize' ) && (
						<NumberAttributeControl
							name="filmstripSize"
							label={ __( 'Thumbnail size (px)', 'tessera' ) }
							value={ settings.filmstripSize }
							onChange={ ( filmstripSize ) =>
								setAttrib( { filmstripSize } )
							}
						/>
					) }
					{ shows( 'filmstripCount' ) && (
						<NumberAttributeControl
							name="filmstripCount"
							label={ __(
								'Thumbnails shown at once',
								'tessera'
							) }
							value={ settings.filmstripCount }
							onChange={ ( filmstripCount ) =>
								setAttrib( { filmstripCount } )
							}
						/>
					) }
				</PanelBody>
			) }
			{ shows( 'music' ) && (
				<PanelBody
					title={ __( 'Music', 'tessera' ) }
					initialOpen={ false }
				>
					<AttachmentPicker
						label={ __( 'Background music', 'tessera' ) }
						help={ __(
							'An audio file of the media library, played with the slideshow.',
							'tessera'
						) }
						value={ settings.music }
						allowedTypes={ [ 'audio' ] }
						choose={ __( 'Choose music', 'tessera' ) }
						onChange={ ( music ) => setAttrib( { music } ) }
					/>
				</PanelBody>
			) }
			{ shows( 'watermarkType' ) && (
				<PanelBody
					title={ __( 'Watermark', 'tessera' ) }
					initialOpen={ false }
				>
					<ChoiceControl
						name="watermarkType"
						label={ __( 'Watermark', 'tessera' ) }
						value={ settings.watermarkType }
						onChange={ ( watermarkType ) =>
							setAttrib( { watermarkType } )
						}
					/>
					{ shows( 'watermarkText' ) && (
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Watermark text', 'tessera' ) }
							help={ sprintf(
								/* translators: %d: the most characters. */
								__( 'At most %d characters.', 'tessera' ),
								maxLengthOf( 'watermarkText' )
							) }
							value={ settings.watermarkText }
							maxLength={ maxLengthOf( 'watermarkText' ) }
							onChange={ ( next: string ) =>
								setAttrib( {
									watermarkText: limitText(
										'watermarkText',
										next
									),
								} )
							}
						/>
					) }
					{ shows( 'watermarkImage' ) && (
						<AttachmentPicker
							label={ __( 'Watermark image', 'tessera' ) }
							value={ settings.watermarkImage }
							allowedTypes={ [ 'image' ] }
							choose={ __( 'Choose an image', 'tessera' ) }
							onChange={ ( watermarkImage ) =>
								setAttrib( { watermarkImage } )
							}
						/>
					) }
					{ shows( 'watermarkPosition' ) && (
						<ChoiceControl
							name="watermarkPosition"
							label={ __( 'Position', 'tessera' ) }
							value={ settings.watermarkPosition }
							onChange={ ( watermarkPosition ) =>
								setAttrib( { watermarkPosition } )
							}
						/>
					) }
					{ shows( 'watermarkOpacity' ) && (
						<NumberAttributeControl
							name="watermarkOpacity"
							label={ __( 'Opacity (%)', 'tessera' ) }
							value={ settings.watermarkOpacity }
							onChange={ ( watermarkOpacity ) =>
								setAttrib( { watermarkOpacity } )
							}
						/>
					) }
				</PanelBody>
			) }
		</>
	);
}

/**
 * The sidebar panels of the view's settings.
 *
 * @param props           Component props.
 * @param props.settings  The block's attributes, normalised.
 * @param props.setAttrib Changes attributes.
 */
export function SettingsPanels( {
	settings,
	setAttrib,
}: {
	settings: GalleryAttributes;
	setAttrib: SetAttributes;
} ): JSX.Element {
	return (
		<>
			<PanelBody title={ __( 'Layout', 'tessera' ) }>
				<ChoiceControl
					name="view"
					label={ __( 'View', 'tessera' ) }
					help={ __(
						'How the gallery shows its images; each view has its own settings below.',
						'tessera'
					) }
					value={ settings.view }
					onChange={ ( view ) => setAttrib( { view } ) }
				/>
				<ViewLayout settings={ settings } setAttrib={ setAttrib } />
			</PanelBody>
			<PlayerPanels settings={ settings } setAttrib={ setAttrib } />
			<PanelBody
				title={ __( 'Paging and order', 'tessera' ) }
				initialOpen={ false }
			>
				<NumberAttributeControl
					name="imagesPerPage"
					label={ __( 'Images per page', 'tessera' ) }
					help={ __( '0 shows all the images.', 'tessera' ) }
					value={ settings.imagesPerPage }
					onChange={ ( imagesPerPage ) =>
						setAttrib( { imagesPerPage } )
					}
				/>
				<ChoiceControl
					name="pagination"
					label={ __( 'Pagination', 'tessera' ) }
					help={
						settings.pagination === 'none' &&
						settings.imagesPerPage > 0
							? __(
									'Without pagination only the first page of images is shown.',
									'tessera'
								)
							: undefined
					}
					{ ...paginationFor( settings.view, settings.pagination ) }
					onChange={ ( pagination ) => setAttrib( { pagination } ) }
				/>
				<Flag
					label={ __( 'Load pages in place (no reload)', 'tessera' ) }
					help={ __(
						'Paging, search, sort and tags replace only the gallery. Without it the page reloads; either way every state has its own address.',
						'tessera'
					) }
					checked={ settings.frontendAjax }
					onChange={ ( frontendAjax ) =>
						setAttrib( { frontendAjax } )
					}
				/>
				<Flag
					label={ __(
						'Scroll to the gallery after navigating',
						'tessera'
					) }
					checked={ settings.scrollToGallery }
					onChange={ ( scrollToGallery ) =>
						setAttrib( { scrollToGallery } )
					}
				/>
				<ChoiceControl
					name="sortBy"
					label={ __( 'Sort by', 'tessera' ) }
					value={ settings.sortBy }
					onChange={ ( sortBy ) => setAttrib( { sortBy } ) }
				/>
				{ settings.sortBy !== 'random' && (
					<ChoiceControl
						name="order"
						label={ __( 'Order', 'tessera' ) }
						value={ settings.order }
						onChange={ ( order ) => setAttrib( { order } ) }
					/>
				) }
			</PanelBody>
			<PanelBody
				title={ __( 'Search, sort and tags', 'tessera' ) }
				initialOpen={ false }
			>
				<Flag
					label={ __( 'Search box', 'tessera' ) }
					help={ __(
						'Visitors search the titles, captions, descriptions and alternative texts.',
						'tessera'
					) }
					checked={ settings.showSearch }
					onChange={ ( showSearch ) => setAttrib( { showSearch } ) }
				/>
				<Flag
					label={ __( 'Visitors choose the sort', 'tessera' ) }
					checked={ settings.showSort }
					onChange={ ( showSort ) => setAttrib( { showSort } ) }
				/>
				<ChoiceControl
					name="tagFilter"
					label={ __( 'Tag filter', 'tessera' ) }
					help={ __(
						'The tags of the gallery’s images (Media → Image tags).',
						'tessera'
					) }
					value={ settings.tagFilter }
					onChange={ ( tagFilter ) => setAttrib( { tagFilter } ) }
				/>
			</PanelBody>
			<PanelBody
				title={ __( 'Thumbnail click', 'tessera' ) }
				initialOpen={ false }
			>
				<ChoiceControl
					name="thumbClickAction"
					label={ __( 'Click on a thumbnail', 'tessera' ) }
					help={
						settings.thumbClickAction === 'open_lightbox'
							? __(
									'Until the lightbox is available, the full image opens.',
									'tessera'
								)
							: undefined
					}
					value={ settings.thumbClickAction }
					onChange={ ( thumbClickAction ) =>
						setAttrib( { thumbClickAction } )
					}
				/>
				{ settings.thumbClickAction === 'redirect_to_url' && (
					<Flag
						label={ __( 'Open in a new tab', 'tessera' ) }
						checked={ settings.thumbLinkTarget }
						onChange={ ( thumbLinkTarget ) =>
							setAttrib( { thumbLinkTarget } )
						}
					/>
				) }
			</PanelBody>
		</>
	);
}
