/**
 * The album block in the editor (docs/gallery.md, "Blocks"). Without an album it offers to create one (a title) or
 * to choose an existing one; with an album it shows the server render (the same PHP as the front end) and, in the
 * sidebar, the album's items: add galleries and albums from searchable lists, move them up or down, remove them.
 * The album is a post of its own (`tessera_album`): its items are saved to it at once, not with the page (the
 * server refuses an album that would contain itself; its message is shown). The previews' and the opened
 * gallery's settings are the block's attributes, in the sidebar.
 */

/**
 * WordPress dependencies
 */
import {
	InspectorControls,
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
} from '@wordpress/components';
import {
	store as coreStore,
	useEntityProp,
	useEntityRecord,
	useEntityRecords,
} from '@wordpress/core-data';
import { useDispatch, useSelect } from '@wordpress/data';
import { useMemo, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import ServerSideRender from '@wordpress/server-side-render';

/**
 * Internal dependencies
 */
import {
	addItem,
	ALBUM_POST_TYPE,
	albumRange,
	BLOCK_NAME,
	clampAlbum,
	GALLERY_POST_TYPE,
	hasItem,
	itemLabel,
	META_ITEMS,
	moveItem,
	normaliseAlbum,
	postLabel,
	previewOptions,
	readAlbumItems,
	removeItem,
	sameItems,
	type AlbumAttributes,
	type AlbumItem,
	type AlbumNumber,
	type ItemType,
} from './types';
import {
	choiceAttribute,
	clampAttribute,
	defaultAttributes as galleryDefaults,
	optionsOf,
	rangeOf,
	type ChoiceAttribute,
	type NumberAttribute,
} from '../gallery/types';
import {
	parsePostRecord,
	readRecord,
	requestErrorMessage,
	type PostSummary,
} from '../../src/lib/post-record';
import { useIsBlockPreview } from '../../src/lib/block-preview';
import { GallerySample } from '../gallery/editor/sample';
import { albumIcon } from './icon';

/** Changes attributes. */
type SetAttributes = ( attributes: Partial< AlbumAttributes > ) => void;

/**
 * The published and draft posts of a type, by title.
 *
 * @param postType `tessera_gallery` or `tessera_album`.
 * @return The posts and whether they have loaded.
 */
function usePosts( postType: string ): {
	posts: PostSummary[];
	hasResolved: boolean;
} {
	const { records, hasResolved } = useEntityRecords< unknown >(
		'postType',
		postType,
		{
			per_page: -1,
			status: [ 'publish', 'draft' ],
			orderby: 'title',
			order: 'asc',
			_fields: 'id,title,status',
		}
	);
	const posts = useMemo(
		() =>
			( records ?? [] )
				.map( parsePostRecord )
				.filter( ( post ): post is PostSummary => post !== null ),
		[ records ]
	);
	return { posts, hasResolved };
}

/**
 * A new album block: create an album, or choose an existing one.
 *
 * @param props          Component props.
 * @param props.onSelect Receives the id of the album created or chosen.
 */
function AlbumPicker( {
	onSelect,
}: {
	onSelect: ( id: number ) => void;
} ): JSX.Element {
	const [ title, setTitle ] = useState( '' );
	const [ creating, setCreating ] = useState( false );
	const [ error, setError ] = useState( '' );
	const { posts: albums, hasResolved } = usePosts( ALBUM_POST_TYPE );
	const { saveEntityRecord } = useDispatch( coreStore );
	const failed = __( 'The album could not be created.', 'tessera' );

	const create = async (): Promise< void > => {
		if ( creating ) {
			return;
		}
		setCreating( true );
		setError( '' );
		try {
			const saved: unknown = await saveEntityRecord(
				'postType',
				ALBUM_POST_TYPE,
				{
					title:
						title.trim() !== ''
							? title.trim()
							: __( 'Album', 'tessera' ),
					status: 'publish',
					meta: { [ META_ITEMS ]: [] },
				},
				{ throwOnError: true }
			);
			const album = parsePostRecord( saved );
			if ( album ) {
				onSelect( album.id );
				return;
			}
			setError( failed );
		} catch ( thrown ) {
			setError( requestErrorMessage( thrown, failed ) );
		}
		setCreating( false );
	};

	return (
		<Placeholder
			icon={ albumIcon }
			label={ __( 'Album', 'tessera' ) }
			instructions={ __(
				'Create an album of galleries and other albums, or choose an album to show here.',
				'tessera'
			) }
		>
			<div className="tessera-album-picker">
				{ error !== '' && (
					<Notice status="error" onRemove={ () => setError( '' ) }>
						{ error }
					</Notice>
				) }
				<form
					className="tessera-album-picker__create"
					onSubmit={ ( event ) => {
						event.preventDefault();
						void create();
					} }
				>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'New album title', 'tessera' ) }
						placeholder={ __( 'Album', 'tessera' ) }
						value={ title }
						onChange={ ( value: string ) => setTitle( value ) }
					/>
					<Button
						__next40pxDefaultSize
						type="submit"
						variant="primary"
						isBusy={ creating }
						aria-disabled={ creating }
					>
						{ __( 'Create an album', 'tessera' ) }
					</Button>
				</form>
				<div className="tessera-album-picker__choose">
					{ ! hasResolved && <Spinner /> }
					{ hasResolved && albums.length === 0 && (
						<p>{ __( 'There are no albums yet.', 'tessera' ) }</p>
					) }
					{ albums.length > 0 && (
						<ComboboxControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Choose an album', 'tessera' ) }
							value={ null }
							options={ albums.map( ( album ) => ( {
								label: postLabel( album ),
								value: String( album.id ),
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
 * The album's items: the ordered list with move and remove buttons, and the lists to add galleries and albums.
 *
 * @param props           Component props.
 * @param props.albumId   The album (not offered as its own item).
 * @param props.items     Its items.
 * @param props.galleries The galleries that can be added.
 * @param props.albums    The albums that can be added.
 * @param props.busy      A save is running (the list says so).
 * @param props.canEdit   The user may change the album.
 * @param props.onChange  Receives the new list.
 */
function ItemsManager( {
	albumId,
	items,
	galleries,
	albums,
	busy,
	canEdit,
	onChange,
}: {
	albumId: number;
	items: AlbumItem[];
	galleries: PostSummary[];
	albums: PostSummary[];
	busy: boolean;
	canEdit: boolean;
	onChange: ( items: AlbumItem[] ) => void;
} ): JSX.Element {
	const known = useMemo( () => {
		const map = new Map< string, PostSummary >();
		galleries.forEach( ( post ) =>
			map.set( `gallery:${ post.id }`, post )
		);
		albums.forEach( ( post ) => map.set( `album:${ post.id }`, post ) );
		return map;
	}, [ galleries, albums ] );
	const offer = ( type: ItemType, posts: PostSummary[] ) =>
		posts
			.filter(
				( post ) =>
					! hasItem( items, { type, id: post.id } ) &&
					! ( type === 'album' && post.id === albumId )
			)
			.map( ( post ) => ( {
				label: postLabel( post ),
				value: String( post.id ),
			} ) );
	const add = ( type: ItemType, value?: string | null ): void => {
		const id = Number( value );
		if ( Number.isInteger( id ) && id > 0 ) {
			onChange( addItem( items, { type, id } ) );
		}
	};

	return (
		<div className="tessera-album-items">
			{ items.length === 0 ? (
				<p>{ __( 'This album is empty.', 'tessera' ) }</p>
			) : (
				<ol
					aria-busy={ busy }
					className="tessera-album-items__list"
					aria-label={ __( 'Album items', 'tessera' ) }
				>
					{ items.map( ( item, index ) => {
						const label = itemLabel( item, known );
						return (
							<li
								key={ `${ item.type }:${ item.id }` }
								className="tessera-album-items__item"
							>
								<span className="tessera-album-items__name">
									{ label }
								</span>
								{ canEdit && (
									<span className="tessera-album-items__actions">
										<Button
											size="small"
											icon="arrow-up-alt2"
											label={ sprintf(
												/* translators: %s: the item's name. */
												__( 'Move up: %s', 'tessera' ),
												label
											) }
											// Not `disabled`: a button that moved to the end keeps the focus.
											aria-disabled={ index === 0 }
											onClick={ () =>
												onChange(
													moveItem( items, index, -1 )
												)
											}
										/>
										<Button
											size="small"
											icon="arrow-down-alt2"
											label={ sprintf(
												/* translators: %s: the item's name. */
												__(
													'Move down: %s',
													'tessera'
												),
												label
											) }
											aria-disabled={
												index === items.length - 1
											}
											onClick={ () =>
												onChange(
													moveItem( items, index, 1 )
												)
											}
										/>
										<Button
											size="small"
											icon="no-alt"
											isDestructive
											label={ sprintf(
												/* translators: %s: the item's name. */
												__( 'Remove: %s', 'tessera' ),
												label
											) }
											onClick={ () =>
												onChange(
													removeItem( items, index )
												)
											}
										/>
									</span>
								) }
							</li>
						);
					} ) }
				</ol>
			) }
			{ canEdit && (
				<>
					<ComboboxControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Add a gallery', 'tessera' ) }
						value={ null }
						options={ offer( 'gallery', galleries ) }
						onChange={ ( value?: string | null ) =>
							add( 'gallery', value )
						}
					/>
					<ComboboxControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Add an album', 'tessera' ) }
						value={ null }
						options={ offer( 'album', albums ) }
						onChange={ ( value?: string | null ) =>
							add( 'album', value )
						}
					/>
				</>
			) }
		</div>
	);
}

/**
 * A range control of one of the album's own numbers.
 *
 * @param props          Component props.
 * @param props.name     The attribute.
 * @param props.label    Visible label.
 * @param props.help     Help text.
 * @param props.value    The value.
 * @param props.onChange Receives a value within the bounds.
 */
function AlbumNumberControl( {
	name,
	label,
	help,
	value,
	onChange,
}: {
	name: AlbumNumber;
	label: string;
	help?: string;
	value: number;
	onChange: ( value: number ) => void;
} ): JSX.Element {
	const { min, max } = albumRange( name );
	return (
		<RangeControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			help={ help }
			value={ value }
			min={ min }
			max={ max }
			onChange={ ( next?: number ) =>
				onChange( clampAlbum( name, next ) )
			}
		/>
	);
}

/**
 * A range control of an opened gallery's number (the gallery block's bounds and default).
 *
 * @param props          Component props.
 * @param props.name     The gallery attribute.
 * @param props.label    Visible label.
 * @param props.value    The album's value (undefined: the gallery's default).
 * @param props.onChange Receives a value within the bounds.
 */
function GalleryNumberControl( {
	name,
	label,
	value,
	onChange,
}: {
	name: NumberAttribute;
	label: string;
	value: unknown;
	onChange: ( value: number ) => void;
} ): JSX.Element {
	const { min, max } = rangeOf( name );
	return (
		<RangeControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			value={ clampAttribute( name, value ) }
			min={ min }
			max={ max }
			onChange={ ( next?: number ) =>
				onChange( clampAttribute( name, next ) )
			}
		/>
	);
}

/**
 * A select control of an opened gallery's choice (the gallery block's options and default).
 *
 * @param props          Component props.
 * @param props.name     The gallery attribute.
 * @param props.label    Visible label.
 * @param props.value    The album's value (undefined: the gallery's default).
 * @param props.onChange Receives a valid value.
 */
function GalleryChoiceControl( {
	name,
	label,
	value,
	onChange,
}: {
	name: ChoiceAttribute;
	label: string;
	value: unknown;
	onChange: ( value: string ) => void;
} ): JSX.Element {
	return (
		<SelectControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ label }
			value={ choiceAttribute( name, value ) }
			options={ optionsOf( name ) }
			onChange={ ( next: string ) =>
				onChange( choiceAttribute( name, next ) )
			}
		/>
	);
}

/**
 * The sidebar panels of the previews' and the opened gallery's settings.
 *
 * @param props            Component props.
 * @param props.attributes The block's attributes.
 * @param props.setAttrib  Changes attributes.
 */
function SettingsPanels( {
	attributes,
	setAttrib,
}: {
	attributes: AlbumAttributes;
	setAttrib: SetAttributes;
} ): JSX.Element {
	const settings = normaliseAlbum( attributes );
	const gallery = galleryDefaults();
	const flag = ( value: unknown, fallback: boolean ): boolean =>
		typeof value === 'boolean' ? value : fallback;
	return (
		<>
			<PanelBody title={ __( 'Previews', 'tessera' ) }>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Preview', 'tessera' ) }
					value={ settings.preview }
					options={ previewOptions() }
					onChange={ ( preview: string ) => setAttrib( { preview } ) }
				/>
				<AlbumNumberControl
					name="itemWidth"
					label={ __( 'Item width (px)', 'tessera' ) }
					value={ settings.itemWidth }
					onChange={ ( itemWidth ) => setAttrib( { itemWidth } ) }
				/>
				<AlbumNumberControl
					name="itemHeight"
					label={ __( 'Item height (px)', 'tessera' ) }
					value={ settings.itemHeight }
					onChange={ ( itemHeight ) => setAttrib( { itemHeight } ) }
				/>
				<AlbumNumberControl
					name="maxColumns"
					label={ __( 'Maximum columns', 'tessera' ) }
					help={ __(
						'As many columns as the width allows, at most this many.',
						'tessera'
					) }
					value={ settings.maxColumns }
					onChange={ ( maxColumns ) => setAttrib( { maxColumns } ) }
				/>
				<AlbumNumberControl
					name="itemsPerPage"
					label={ __( 'Items per page', 'tessera' ) }
					help={ __( '0 shows all the items.', 'tessera' ) }
					value={ settings.itemsPerPage }
					onChange={ ( itemsPerPage ) =>
						setAttrib( { itemsPerPage } )
					}
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
				title={ __( 'Opened gallery', 'tessera' ) }
				initialOpen={ false }
			>
				<GalleryChoiceControl
					name="view"
					label={ __( 'View', 'tessera' ) }
					value={ attributes.galleryView }
					onChange={ ( galleryView ) => setAttrib( { galleryView } ) }
				/>
				<GalleryNumberControl
					name="thumbWidth"
					label={ __( 'Thumbnail width (px)', 'tessera' ) }
					value={ attributes.thumbWidth }
					onChange={ ( thumbWidth ) => setAttrib( { thumbWidth } ) }
				/>
				<GalleryNumberControl
					name="thumbHeight"
					label={ __( 'Thumbnail height (px)', 'tessera' ) }
					value={ attributes.thumbHeight }
					onChange={ ( thumbHeight ) => setAttrib( { thumbHeight } ) }
				/>
				<GalleryNumberControl
					name="imagesPerPage"
					label={ __( 'Images per page', 'tessera' ) }
					value={ attributes.imagesPerPage }
					onChange={ ( imagesPerPage ) =>
						setAttrib( { imagesPerPage } )
					}
				/>
				<GalleryChoiceControl
					name="pagination"
					label={ __( 'Pagination', 'tessera' ) }
					value={ attributes.pagination }
					onChange={ ( pagination ) => setAttrib( { pagination } ) }
				/>
				<GalleryChoiceControl
					name="sortBy"
					label={ __( 'Sort by', 'tessera' ) }
					value={ attributes.sortBy }
					onChange={ ( sortBy ) => setAttrib( { sortBy } ) }
				/>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Search box', 'tessera' ) }
					checked={ flag(
						attributes.showSearch,
						gallery.showSearch
					) }
					onChange={ ( showSearch: boolean ) =>
						setAttrib( { showSearch } )
					}
				/>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Visitors choose the sort', 'tessera' ) }
					checked={ flag( attributes.showSort, gallery.showSort ) }
					onChange={ ( showSort: boolean ) =>
						setAttrib( { showSort } )
					}
				/>
				<GalleryChoiceControl
					name="tagFilter"
					label={ __( 'Tag filter', 'tessera' ) }
					value={ attributes.tagFilter }
					onChange={ ( tagFilter ) => setAttrib( { tagFilter } ) }
				/>
			</PanelBody>
		</>
	);
}

/**
 * A chosen album: the server render, its items in the sidebar (saved to the album at once), and the settings.
 *
 * @param props              Component props.
 * @param props.album        The album.
 * @param props.attributes   The block's attributes (as stored: sent to the server render).
 * @param props.setAttrib    Changes attributes.
 * @param props.wrapperProps The block wrapper's props.
 * @param props.onReplace    Clears the block's album.
 */
function AlbumEditor( {
	album,
	attributes,
	setAttrib,
	wrapperProps,
	onReplace,
}: {
	album: PostSummary;
	attributes: AlbumAttributes;
	setAttrib: SetAttributes;
	wrapperProps: Record< string, unknown >;
	onReplace: () => void;
} ): JSX.Element {
	const [ meta ] = useEntityProp(
		'postType',
		ALBUM_POST_TYPE,
		'meta',
		album.id
	);
	const canEdit = useSelect(
		( select ) =>
			select( coreStore ).canUserEditEntityRecord(
				'postType',
				ALBUM_POST_TYPE,
				album.id
			) !== false,
		[ album.id ]
	);
	const { posts: galleries } = usePosts( GALLERY_POST_TYPE );
	const { posts: albums } = usePosts( ALBUM_POST_TYPE );
	const { editEntityRecord, saveEditedEntityRecord } =
		useDispatch( coreStore );
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState( '' );
	// Bumped after each save of the items: the server render is asked again (its attributes did not change).
	const [ revision, setRevision ] = useState( 0 );
	const urlQueryArgs = useMemo(
		() => ( revision > 0 ? { tessera_revision: revision } : {} ),
		[ revision ]
	);
	const items = readAlbumItems( meta );
	const saved = useRef< AlbumItem[] >( items );
	const failed = __( 'The album’s items could not be saved.', 'tessera' );

	// Saves run one after the other: each saves what is edited by then (a quick second change is not lost).
	const queue = useRef< Promise< void > >( Promise.resolve() );
	const saveItems = ( next: AlbumItem[] ): void => {
		if ( sameItems( next, items ) ) {
			return;
		}
		setError( '' );
		// Not an undo level of the page: the album is saved at once. Shown at once; saved in turn.
		editEntityRecord(
			'postType',
			ALBUM_POST_TYPE,
			album.id,
			{ meta: { ...readRecord( meta ), [ META_ITEMS ]: next } },
			{ undoIgnore: true }
		);
		queue.current = queue.current.then( async () => {
			setSaving( true );
			try {
				// The album is a post of its own: saving the page would not save it.
				await saveEditedEntityRecord(
					'postType',
					ALBUM_POST_TYPE,
					album.id,
					{ throwOnError: true }
				);
				saved.current = next;
				setRevision( ( value ) => value + 1 );
			} catch ( thrown ) {
				setError( requestErrorMessage( thrown, failed ) );
				// Show what is stored, not the refused list.
				editEntityRecord(
					'postType',
					ALBUM_POST_TYPE,
					album.id,
					{
						meta: {
							...readRecord( meta ),
							[ META_ITEMS ]: saved.current,
						},
					},
					{ undoIgnore: true }
				);
			}
			setSaving( false );
		} );
	};

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'Album', 'tessera' ) }>
					<p>{ postLabel( album ) }</p>
					{ ! canEdit && (
						<Notice status="warning" isDismissible={ false }>
							{ __(
								'You are not allowed to edit this album; it is shown as it is.',
								'tessera'
							) }
						</Notice>
					) }
					{ error !== '' && (
						<Notice
							status="error"
							onRemove={ () => setError( '' ) }
						>
							{ error }
						</Notice>
					) }
					<ItemsManager
						albumId={ album.id }
						items={ items }
						galleries={ galleries }
						albums={ albums }
						busy={ saving }
						canEdit={ canEdit }
						onChange={ saveItems }
					/>
					<Button variant="secondary" onClick={ onReplace }>
						{ __( 'Replace album', 'tessera' ) }
					</Button>
				</PanelBody>
				<SettingsPanels
					attributes={ attributes }
					setAttrib={ setAttrib }
				/>
			</InspectorControls>
			<div { ...wrapperProps }>
				{ error !== '' && (
					<Notice status="error" onRemove={ () => setError( '' ) }>
						{ error }
					</Notice>
				) }
				{ items.length === 0 ? (
					<Placeholder
						icon={ albumIcon }
						label={ postLabel( album ) }
						instructions={ __(
							'This album is empty: add galleries and albums in the block’s settings (Album).',
							'tessera'
						) }
					/>
				) : (
					<Disabled>
						<ServerSideRender
							block={ BLOCK_NAME }
							attributes={ attributes }
							urlQueryArgs={ urlQueryArgs }
							skipBlockSupportAttributes
						/>
					</Disabled>
				) }
			</div>
		</>
	);
}

/**
 * Loads the chosen album: a spinner while loading, a warning when it was deleted or trashed, the editor otherwise.
 *
 * @param props              Component props.
 * @param props.albumId      The album post's id.
 * @param props.attributes   The block's attributes.
 * @param props.setAttrib    Changes attributes.
 * @param props.wrapperProps The block wrapper's props.
 * @param props.onReplace    Clears the block's album.
 */
function AlbumLoader( {
	albumId,
	attributes,
	setAttrib,
	wrapperProps,
	onReplace,
}: {
	albumId: number;
	attributes: AlbumAttributes;
	setAttrib: SetAttributes;
	wrapperProps: Record< string, unknown >;
	onReplace: () => void;
} ): JSX.Element {
	const { record, hasResolved } = useEntityRecord< unknown >(
		'postType',
		ALBUM_POST_TYPE,
		albumId
	);
	const album = parsePostRecord( record );
	const chooseAnother = (
		<Button key="choose" variant="primary" onClick={ onReplace }>
			{ __( 'Choose another album', 'tessera' ) }
		</Button>
	);
	if ( ! album && ! hasResolved ) {
		return (
			<div { ...wrapperProps }>
				<Placeholder
					icon={ albumIcon }
					label={ __( 'Album', 'tessera' ) }
				>
					<Spinner />
				</Placeholder>
			</div>
		);
	}
	if ( ! album || album.status === 'trash' ) {
		return (
			<div { ...wrapperProps }>
				<Warning actions={ [ chooseAnother ] }>
					{ album
						? sprintf(
								/* translators: %s: the album's title. */
								__(
									'The album “%s” is in the trash. Restore it under Albums, or choose another album.',
									'tessera'
								),
								postLabel( album )
							)
						: __(
								'This album has been deleted, or you are not allowed to edit it.',
								'tessera'
							) }
				</Warning>
			</div>
		);
	}
	return (
		<AlbumEditor
			album={ album }
			attributes={ attributes }
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
}: BlockEditProps< AlbumAttributes > ): JSX.Element {
	const wrapperProps = useBlockProps( { className: 'tessera-album-block' } );
	const { albumId } = normaliseAlbum( attributes );
	const isPreview = useIsBlockPreview();
	if ( albumId === 0 && isPreview ) {
		return (
			<div { ...wrapperProps }>
				<GallerySample
					columns={ 3 }
					titles={ [
						__( 'Travels', 'tessera' ),
						__( 'Family', 'tessera' ),
						__( 'Nature', 'tessera' ),
					] }
				/>
			</div>
		);
	}
	if ( albumId === 0 ) {
		return (
			<div { ...wrapperProps }>
				<AlbumPicker
					onSelect={ ( id ) => setAttributes( { albumId: id } ) }
				/>
			</div>
		);
	}
	return (
		<AlbumLoader
			key={ albumId }
			albumId={ albumId }
			attributes={ attributes }
			setAttrib={ setAttributes }
			wrapperProps={ wrapperProps }
			onReplace={ () => setAttributes( { albumId: 0 } ) }
		/>
	);
}
