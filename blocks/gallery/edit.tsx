/**
 * The gallery block in the editor (docs/gallery.md, "Blocks"). Without a gallery it offers to create one from
 * the media library or to choose an existing one; with a gallery it shows the server render (the same PHP as
 * the front end) and edits the gallery's images in the media library's gallery frame (add, remove, drag to
 * reorder, title/caption/alt in the attachment details). The gallery is a post of its own (`tessera_gallery`):
 * its images are saved to it at once, not with the page. The view's settings are the block's attributes, in the
 * sidebar.
 */

/**
 * External dependencies
 */
import type { ReactNode } from 'react';

/**
 * WordPress dependencies
 */
import {
	BlockControls,
	InspectorControls,
	MediaUpload,
	MediaUploadCheck,
	useBlockProps,
	Warning,
} from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import {
	Button,
	ComboboxControl,
	Disabled,
	Notice,
	PanelBody,
	Placeholder,
	RangeControl,
	SelectControl,
	Spinner,
	TextControl,
	ToggleControl,
	ToolbarButton,
	ToolbarGroup,
} from '@wordpress/components';
import {
	store as coreStore,
	useEntityProp,
	useEntityRecord,
	useEntityRecords,
} from '@wordpress/core-data';
import { useDispatch, useSelect } from '@wordpress/data';
import { useMemo, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';

/**
 * Internal dependencies
 */
import {
	BLOCK_NAME,
	clampAttribute,
	choiceAttribute,
	errorMessage,
	GALLERY_POST_TYPE,
	galleryLabel,
	idsOfSelection,
	META_IMAGES,
	normaliseAttributes,
	optionsOf,
	parseGalleryRecord,
	rangeOf,
	readGalleryImages,
	readRecord,
	sameIds,
	type ChoiceAttribute,
	type GalleryAttributes,
	type GallerySummary,
	type NumberAttribute,
} from './types';

/** The media types a gallery holds. */
const IMAGE_TYPES = [ 'image' ];

/**
 * The gallery media frame behind an opener.
 *
 * @param props              Component props.
 * @param props.value        The gallery's current ids ([] to create one).
 * @param props.addToGallery Open on "Add to gallery" (browsing the library) rather than the gallery editor.
 * @param props.onSelect     Receives the new ordered ids (never empty).
 * @param props.render       Renders the opener.
 */
function GalleryFrame( {
	value,
	addToGallery = false,
	onSelect,
	render,
}: {
	value: number[];
	addToGallery?: boolean;
	onSelect: ( ids: number[] ) => void;
	render: ( open: () => void ) => ReactNode;
} ): JSX.Element {
	return (
		<MediaUploadCheck>
			<MediaUpload
				allowedTypes={ IMAGE_TYPES }
				multiple
				gallery
				addToGallery={ addToGallery && value.length > 0 }
				value={ value }
				onSelect={ ( media: unknown ) => {
					const ids = idsOfSelection( media );
					if ( ids.length > 0 ) {
						onSelect( ids );
					}
				} }
				render={ ( { open } ) => render( open ) }
			/>
		</MediaUploadCheck>
	);
}

/**
 * A new gallery block: create a gallery from the media library, or choose an existing one.
 *
 * @param props          Component props.
 * @param props.onSelect Receives the id of the gallery created or chosen.
 */
function GalleryPicker( {
	onSelect,
}: {
	onSelect: ( id: number ) => void;
} ): JSX.Element {
	const [ title, setTitle ] = useState( '' );
	const [ creating, setCreating ] = useState( false );
	// The media frame reports one "Insert gallery" twice (its update and select events), in the same tick: a ref,
	// not the state, keeps the second from creating a second gallery.
	const inFlight = useRef( false );
	const [ error, setError ] = useState( '' );
	const { records, hasResolved } = useEntityRecords< unknown >(
		'postType',
		GALLERY_POST_TYPE,
		{
			per_page: -1,
			status: [ 'publish', 'draft' ],
			orderby: 'title',
			order: 'asc',
			_fields: 'id,title,status',
		}
	);
	const { saveEntityRecord } = useDispatch( coreStore );
	const galleries = ( records ?? [] )
		.map( parseGalleryRecord )
		.filter( ( gallery ): gallery is GallerySummary => gallery !== null );
	const failed = __( 'The gallery could not be created.', 'tessera' );

	const create = async ( ids: number[] ): Promise< void > => {
		if ( inFlight.current ) {
			return;
		}
		inFlight.current = true;
		setCreating( true );
		setError( '' );
		try {
			const saved: unknown = await saveEntityRecord(
				'postType',
				GALLERY_POST_TYPE,
				{
					title:
						title.trim() !== ''
							? title.trim()
							: __( 'Gallery', 'tessera' ),
					status: 'publish',
					meta: { [ META_IMAGES ]: ids },
				},
				{ throwOnError: true }
			);
			const gallery = parseGalleryRecord( saved );
			if ( gallery ) {
				onSelect( gallery.id );
				return;
			}
			setError( failed );
		} catch ( thrown ) {
			setError( errorMessage( thrown, failed ) );
		}
		inFlight.current = false;
		setCreating( false );
	};

	return (
		<Placeholder
			icon="format-gallery"
			label={ __( 'Gallery', 'tessera' ) }
			instructions={ __(
				'Create a gallery from images of the media library, or choose a gallery to show here. A gallery can be shown on many pages.',
				'tessera'
			) }
		>
			<div className="tessera-gallery-picker">
				{ error !== '' && (
					<Notice status="error" onRemove={ () => setError( '' ) }>
						{ error }
					</Notice>
				) }
				<div className="tessera-gallery-picker__create">
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'New gallery title', 'tessera' ) }
						placeholder={ __( 'Gallery', 'tessera' ) }
						value={ title }
						onChange={ ( value: string ) => setTitle( value ) }
					/>
					<GalleryFrame
						value={ [] }
						onSelect={ ( ids ) => void create( ids ) }
						render={ ( open ) => (
							<Button
								__next40pxDefaultSize
								variant="primary"
								isBusy={ creating }
								aria-disabled={ creating }
								onClick={ () => {
									if ( ! creating ) {
										open();
									}
								} }
							>
								{ __( 'Create a gallery', 'tessera' ) }
							</Button>
						) }
					/>
				</div>
				<div className="tessera-gallery-picker__choose">
					{ ! hasResolved && <Spinner /> }
					{ hasResolved && galleries.length === 0 && (
						<p>
							{ __( 'There are no galleries yet.', 'tessera' ) }
						</p>
					) }
					{ galleries.length > 0 && (
						<ComboboxControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Choose a gallery', 'tessera' ) }
							value={ null }
							options={ galleries.map( ( gallery ) => ( {
								label: galleryLabel( gallery ),
								value: String( gallery.id ),
							} ) ) }
							onChange={ ( value?: string | null ) => {
								const id = Number( value );
								if ( Number.isInteger( id ) && id > 0 ) {
									onSelect( id );
								}
							} }
						/>
					) }
				</div>
			</div>
		</Placeholder>
	);
}

/**
 * A select control of an enum attribute (options from block.json).
 *
 * @param props          Component props.
 * @param props.name     The attribute.
 * @param props.label    Visible label.
 * @param props.help     Help text.
 * @param props.value    The value.
 * @param props.onChange Receives a valid value.
 */
function ChoiceControl( {
	name,
	label,
	help,
	value,
	onChange,
}: {
	name: ChoiceAttribute;
	label: string;
	help?: string;
	value: string;
	onChange: ( value: string ) => void;
} ): JSX.Element {
	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			help={ help }
			value={ value }
			options={ optionsOf( name ) }
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
 * @param props.onChange Receives a value within the bounds.
 */
function NumberAttributeControl( {
	name,
	label,
	help,
	value,
	onChange,
}: {
	name: NumberAttribute;
	label: string;
	help?: string;
	value: number;
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
			step={ 1 }
			onChange={ ( next?: number ) =>
				onChange( clampAttribute( name, next ) )
			}
		/>
	);
}

/**
 * The sidebar panels of the view's settings, one control per attribute.
 *
 * @param props           Component props.
 * @param props.settings  The block's attributes, normalised.
 * @param props.setAttrib Changes attributes.
 */
function SettingsPanels( {
	settings,
	setAttrib,
}: {
	settings: GalleryAttributes;
	setAttrib: ( attributes: Partial< GalleryAttributes > ) => void;
} ): JSX.Element {
	const views = optionsOf( 'view' );
	return (
		<>
			<PanelBody title={ __( 'Layout', 'tessera' ) }>
				<ChoiceControl
					name="view"
					label={ __( 'View', 'tessera' ) }
					help={
						views.length === 1
							? __(
									'More views are coming; thumbnails are the only one for now.',
									'tessera'
								)
							: undefined
					}
					value={ settings.view }
					onChange={ ( view ) => setAttrib( { view } ) }
				/>
				<NumberAttributeControl
					name="thumbWidth"
					label={ __( 'Thumbnail width (px)', 'tessera' ) }
					value={ settings.thumbWidth }
					onChange={ ( thumbWidth ) => setAttrib( { thumbWidth } ) }
				/>
				<NumberAttributeControl
					name="thumbHeight"
					label={ __( 'Thumbnail height (px)', 'tessera' ) }
					value={ settings.thumbHeight }
					onChange={ ( thumbHeight ) => setAttrib( { thumbHeight } ) }
				/>
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
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Show titles', 'tessera' ) }
					checked={ settings.showTitles }
					onChange={ ( showTitles: boolean ) =>
						setAttrib( { showTitles } )
					}
				/>
			</PanelBody>
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
					value={ settings.pagination }
					onChange={ ( pagination ) => setAttrib( { pagination } ) }
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
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Search box', 'tessera' ) }
					help={ __(
						'Visitors search the titles, captions, descriptions and alternative texts.',
						'tessera'
					) }
					checked={ settings.showSearch }
					onChange={ ( showSearch: boolean ) =>
						setAttrib( { showSearch } )
					}
				/>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Visitors choose the sort', 'tessera' ) }
					checked={ settings.showSort }
					onChange={ ( showSort: boolean ) =>
						setAttrib( { showSort } )
					}
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
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Open in a new tab', 'tessera' ) }
						checked={ settings.thumbLinkTarget }
						onChange={ ( thumbLinkTarget: boolean ) =>
							setAttrib( { thumbLinkTarget } )
						}
					/>
				) }
			</PanelBody>
		</>
	);
}

/**
 * A chosen gallery: the server render, the toolbar and sidebar to edit its images, and the view's settings.
 *
 * @param props              Component props.
 * @param props.gallery      The gallery.
 * @param props.attributes   The block's attributes (as stored: sent to the server render).
 * @param props.settings     The same, normalised.
 * @param props.setAttrib    Changes attributes.
 * @param props.wrapperProps The block wrapper's props.
 * @param props.onReplace    Clears the block's gallery.
 */
function GalleryEditor( {
	gallery,
	attributes,
	settings,
	setAttrib,
	wrapperProps,
	onReplace,
}: {
	gallery: GallerySummary;
	attributes: GalleryAttributes;
	settings: GalleryAttributes;
	setAttrib: ( attributes: Partial< GalleryAttributes > ) => void;
	wrapperProps: Record< string, unknown >;
	onReplace: () => void;
} ): JSX.Element {
	const [ meta ] = useEntityProp(
		'postType',
		GALLERY_POST_TYPE,
		'meta',
		gallery.id
	);
	const canEdit = useSelect(
		( select ) =>
			select( coreStore ).canUserEditEntityRecord(
				'postType',
				GALLERY_POST_TYPE,
				gallery.id
			) !== false,
		[ gallery.id ]
	);
	const { editEntityRecord, saveEditedEntityRecord } =
		useDispatch( coreStore );
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState( '' );
	// Bumped after each save of the images: the server render is asked again (its attributes did not change).
	const [ revision, setRevision ] = useState( 0 );
	const urlQueryArgs = useMemo(
		() => ( revision > 0 ? { tessera_revision: revision } : {} ),
		[ revision ]
	);
	const ids = readGalleryImages( meta );
	const failed = __( 'The gallery’s images could not be saved.', 'tessera' );

	// As in GalleryPicker: the frame reports one selection twice in the same tick.
	const savingIds = useRef< number[] | null >( null );
	const saveImages = async ( next: number[] ): Promise< void > => {
		if (
			sameIds( next, ids ) ||
			( savingIds.current !== null && sameIds( next, savingIds.current ) )
		) {
			return;
		}
		savingIds.current = next;
		setSaving( true );
		setError( '' );
		// Not an undo level of the page: the gallery is saved at once, an undo would only leave it unsaved.
		editEntityRecord(
			'postType',
			GALLERY_POST_TYPE,
			gallery.id,
			{ meta: { ...readRecord( meta ), [ META_IMAGES ]: next } },
			{ undoIgnore: true }
		);
		try {
			// The gallery is a post of its own: saving the page would not save it.
			await saveEditedEntityRecord(
				'postType',
				GALLERY_POST_TYPE,
				gallery.id,
				{ throwOnError: true }
			);
			setRevision( ( value ) => value + 1 );
		} catch ( thrown ) {
			setError( errorMessage( thrown, failed ) );
		}
		savingIds.current = null;
		setSaving( false );
	};

	const editImages = ( addToGallery: boolean, label: string ): ReactNode => (
		<GalleryFrame
			value={ ids }
			addToGallery={ addToGallery }
			onSelect={ ( next ) => void saveImages( next ) }
			render={ ( open ) => (
				<ToolbarButton
					onClick={ open }
					disabled={ saving }
					isBusy={ saving }
				>
					{ label }
				</ToolbarButton>
			) }
		/>
	);

	let preview: ReactNode;
	if ( ids.length === 0 ) {
		preview = (
			<Placeholder
				icon="format-gallery"
				label={ galleryLabel( gallery ) }
				instructions={ __(
					'This gallery has no images yet.',
					'tessera'
				) }
			>
				{ canEdit && (
					<GalleryFrame
						value={ [] }
						onSelect={ ( next ) => void saveImages( next ) }
						render={ ( open ) => (
							<Button
								__next40pxDefaultSize
								variant="primary"
								onClick={ open }
								isBusy={ saving }
								aria-disabled={ saving }
							>
								{ __( 'Add images', 'tessera' ) }
							</Button>
						) }
					/>
				) }
			</Placeholder>
		);
	} else {
		preview = (
			<Disabled>
				<ServerSideRender
					block={ BLOCK_NAME }
					attributes={ attributes }
					urlQueryArgs={ urlQueryArgs }
					skipBlockSupportAttributes
				/>
			</Disabled>
		);
	}

	return (
		<>
			<BlockControls group="other">
				<ToolbarGroup>
					{ canEdit &&
						ids.length > 0 &&
						editImages( false, __( 'Edit images', 'tessera' ) ) }
					{ canEdit &&
						ids.length > 0 &&
						editImages( true, __( 'Add images', 'tessera' ) ) }
					<ToolbarButton onClick={ onReplace }>
						{ __( 'Replace gallery', 'tessera' ) }
					</ToolbarButton>
				</ToolbarGroup>
			</BlockControls>
			<InspectorControls>
				<PanelBody title={ __( 'Gallery', 'tessera' ) }>
					<p>
						{ sprintf(
							/* translators: 1: the gallery's title, 2: how many images it has. */
							_n(
								'“%1$s”: %2$d image.',
								'“%1$s”: %2$d images.',
								ids.length,
								'tessera'
							),
							galleryLabel( gallery ),
							ids.length
						) }
					</p>
					{ ! canEdit && (
						<Notice status="warning" isDismissible={ false }>
							{ __(
								'You are not allowed to edit this gallery; it is shown as it is.',
								'tessera'
							) }
						</Notice>
					) }
					<Button variant="secondary" onClick={ onReplace }>
						{ __( 'Replace gallery', 'tessera' ) }
					</Button>
				</PanelBody>
				<SettingsPanels settings={ settings } setAttrib={ setAttrib } />
			</InspectorControls>
			<div { ...wrapperProps }>
				{ error !== '' && (
					<Notice status="error" onRemove={ () => setError( '' ) }>
						{ error }
					</Notice>
				) }
				{ preview }
			</div>
		</>
	);
}

/**
 * Loads the chosen gallery: a spinner while loading, a warning when it was deleted or trashed, the editor
 * otherwise.
 *
 * @param props              Component props.
 * @param props.galleryId    The gallery post's id.
 * @param props.attributes   The block's attributes.
 * @param props.settings     The same, normalised.
 * @param props.setAttrib    Changes attributes.
 * @param props.wrapperProps The block wrapper's props.
 * @param props.onReplace    Clears the block's gallery.
 */
function GalleryLoader( {
	galleryId,
	attributes,
	settings,
	setAttrib,
	wrapperProps,
	onReplace,
}: {
	galleryId: number;
	attributes: GalleryAttributes;
	settings: GalleryAttributes;
	setAttrib: ( attributes: Partial< GalleryAttributes > ) => void;
	wrapperProps: Record< string, unknown >;
	onReplace: () => void;
} ): JSX.Element {
	const { record, hasResolved } = useEntityRecord< unknown >(
		'postType',
		GALLERY_POST_TYPE,
		galleryId
	);
	const gallery = parseGalleryRecord( record );
	const chooseAnother = (
		<Button key="choose" variant="primary" onClick={ onReplace }>
			{ __( 'Choose another gallery', 'tessera' ) }
		</Button>
	);

	if ( ! gallery && ! hasResolved ) {
		return (
			<div { ...wrapperProps }>
				<Placeholder
					icon="format-gallery"
					label={ __( 'Gallery', 'tessera' ) }
				>
					<Spinner />
				</Placeholder>
			</div>
		);
	}
	if ( ! gallery ) {
		return (
			<div { ...wrapperProps }>
				<Warning actions={ [ chooseAnother ] }>
					{ __(
						'This gallery has been deleted, or you are not allowed to edit it.',
						'tessera'
					) }
				</Warning>
			</div>
		);
	}
	if ( gallery.status === 'trash' ) {
		return (
			<div { ...wrapperProps }>
				<Warning actions={ [ chooseAnother ] }>
					{ sprintf(
						/* translators: %s: the gallery's title. */
						__(
							'The gallery “%s” is in the trash. Restore it under Galleries, or choose another gallery.',
							'tessera'
						),
						galleryLabel( gallery )
					) }
				</Warning>
			</div>
		);
	}
	return (
		<GalleryEditor
			gallery={ gallery }
			attributes={ attributes }
			settings={ settings }
			setAttrib={ setAttrib }
			wrapperProps={ wrapperProps }
			onReplace={ onReplace }
		/>
	);
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
}: BlockEditProps< GalleryAttributes > ): JSX.Element {
	const wrapperProps = useBlockProps( {
		className: 'tessera-gallery-block',
	} );
	const settings = normaliseAttributes( attributes );
	const { galleryId } = settings;

	if ( galleryId === 0 ) {
		return (
			<div { ...wrapperProps }>
				<GalleryPicker
					onSelect={ ( id ) => setAttributes( { galleryId: id } ) }
				/>
			</div>
		);
	}
	return (
		<GalleryLoader
			key={ galleryId }
			galleryId={ galleryId }
			attributes={ attributes }
			settings={ settings }
			setAttrib={ setAttributes }
			wrapperProps={ wrapperProps }
			onReplace={ () => setAttributes( { galleryId: 0 } ) }
		/>
	);
}
