/**
 * The gallery block in the editor (docs/gallery.md, "Blocks"). Without a gallery it offers to create one from
 * the media library or to choose an existing one (core's Placeholder; a sample grid in the inserter's preview); with a gallery it shows the server render (the same PHP as
 * the front end), edits the gallery's images in the media library's gallery frame (add, remove, drag to
 * reorder) and in the sidebar's image list (titles and captions in place, move up / down, remove). The gallery is
 * a post of its own (`tessera_gallery`): its images are saved to it at once, not with the page. The view's
 * settings are the block's attributes, in the sidebar (editor/settings.tsx).
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
	Spinner,
	TextControl,
	ToolbarButton,
	ToolbarGroup,
} from '@wordpress/components';
import {
	store as coreStore,
	useEntityRecord,
	useEntityRecords,
} from '@wordpress/core-data';
import { useDispatch } from '@wordpress/data';
import { useMemo, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';

/**
 * Internal dependencies
 */
import {
	BLOCK_NAME,
	errorMessage,
	GALLERY_POST_TYPE,
	galleryLabel,
	META_IMAGES,
	normaliseAttributes,
	parseGalleryRecord,
	type GalleryAttributes,
	type GallerySummary,
} from './types';
import { useIsBlockPreview } from '../../src/lib/block-preview';
import { GalleryFrame } from './editor/gallery-frame';
import { GallerySample } from './editor/sample';
import { galleryIcon } from './icon';
import { ImageList } from './editor/image-list';
import { SettingsPanels } from './editor/settings';
import { useGalleryImages } from './editor/use-gallery-images';

/**
 * The gallery media frame of the block editor (only for users who may upload).
 *
 * @param props              Component props.
 * @param props.value        The gallery's current ids ([] to create one).
 * @param props.addToGallery Open on "Add to gallery".
 * @param props.onSelect     Receives the new ordered ids (never empty).
 * @param props.render       Renders the opener.
 */
function BlockGalleryFrame( props: {
	value: number[];
	addToGallery?: boolean;
	onSelect: ( ids: number[] ) => void;
	render: ( open: () => void ) => ReactNode;
} ): JSX.Element {
	return (
		<MediaUploadCheck>
			<GalleryFrame upload={ MediaUpload } { ...props } />
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
			icon={ galleryIcon }
			label={ __( 'Tessera Gallery', 'tessera' ) }
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
					<BlockGalleryFrame
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
	const {
		ids,
		canEdit,
		saving,
		error,
		clearError,
		retry,
		revision,
		change,
		touch,
	} = useGalleryImages( gallery.id );
	// Asked again after each save of the images or of their texts (the block's attributes did not change).
	const urlQueryArgs = useMemo(
		() => ( revision > 0 ? { tessera_revision: revision } : {} ),
		[ revision ]
	);

	const editImages = ( addToGallery: boolean, label: string ): ReactNode => (
		<BlockGalleryFrame
			value={ ids }
			addToGallery={ addToGallery }
			onSelect={ change }
			render={ ( open ) => (
				<ToolbarButton onClick={ open } isBusy={ saving }>
					{ label }
				</ToolbarButton>
			) }
		/>
	);

	let preview: ReactNode;
	if ( ids.length === 0 ) {
		preview = (
			<Placeholder
				icon={ galleryIcon }
				label={ galleryLabel( gallery ) }
				instructions={ __(
					'This gallery has no images yet.',
					'tessera'
				) }
			>
				{ canEdit && (
					<BlockGalleryFrame
						value={ [] }
						onSelect={ change }
						render={ ( open ) => (
							<Button
								__next40pxDefaultSize
								variant="primary"
								onClick={ open }
								isBusy={ saving }
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

	const failure = error !== '' && (
		<Notice
			status="error"
			onRemove={ clearError }
			actions={ [
				{ label: __( 'Try again', 'tessera' ), onClick: retry },
			] }
		>
			{ error }
		</Notice>
	);

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
				<PanelBody
					title={ __( 'Images', 'tessera' ) }
					initialOpen={ false }
				>
					<p>
						{ __(
							'Titles and captions are saved to the images in the media library when you leave a field; the order is saved to the gallery at once.',
							'tessera'
						) }
					</p>
					{ failure }
					<ImageList
						ids={ ids }
						canEdit={ canEdit }
						onChange={ change }
						onSaved={ touch }
					/>
				</PanelBody>
			</InspectorControls>
			<div { ...wrapperProps }>
				{ failure }
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
					icon={ galleryIcon }
					label={ __( 'Tessera Gallery', 'tessera' ) }
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
	const isPreview = useIsBlockPreview();

	if ( galleryId === 0 && isPreview ) {
		return (
			<div { ...wrapperProps }>
				<GallerySample columns={ Math.min( 3, settings.maxColumns ) } />
			</div>
		);
	}
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
