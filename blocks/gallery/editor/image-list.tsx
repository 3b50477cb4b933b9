/**
 * The gallery's images as a list (docs/gallery.md "Blocks"; spec: inline titles and descriptions, reorder): each
 * image's thumbnail, its title and caption edited in place and saved to the attachment (`/wp/v2/media/{id}`)
 * when the field is left, Move up / Move down and Remove from gallery. Shared by the gallery block's sidebar and
 * the gallery's admin screen; the order is saved by the caller (useGalleryImages).
 */

/**
 * WordPress dependencies
 */
import { speak } from '@wordpress/a11y';
import apiFetch from '@wordpress/api-fetch';
import {
	Button,
	Notice,
	Spinner,
	TextareaControl,
	TextControl,
} from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, _n, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { errorMessage, readRecord } from '../types';
import {
	moveId,
	parseAttachment,
	removeId,
	textsChanged,
	type ImageInfo,
	type ImageTexts,
} from './images';
import { useAttachments } from './use-attachments';

/** Images shown at first, and added by "Show more". */
const PAGE = 20;

/** A button of a row that takes the focus after a change. */
type RowAction = 'up' | 'down' | 'remove';

/** The title, caption and description of an image. */
type Texts = ImageTexts;

/**
 * Tells the media library's models (an open or later frame) the new texts, so that it does not show old ones.
 *
 * @param id    Attachment id.
 * @param texts The saved texts.
 */
function syncMediaModel( id: number, texts: Texts ): void {
	const wp = readRecord( readRecord( window ).wp );
	const attachment = readRecord( wp.media ).attachment;
	if ( typeof attachment !== 'function' ) {
		return;
	}
	const model: unknown = attachment( id );
	const set = readRecord( model ).set;
	if ( typeof set === 'function' ) {
		set.call( model, texts );
	}
}

/**
 * The title, caption and description fields of one image, saved when a field is left (or Enter in the title).
 *
 * @param props         Component props.
 * @param props.image   The image as loaded.
 * @param props.canEdit Whether the fields may be changed.
 * @param props.onSaved Receives the image as saved.
 */
function ImageTexts( {
	image,
	canEdit,
	onSaved,
}: {
	image: ImageInfo;
	canEdit: boolean;
	onSaved: ( image: ImageInfo ) => void;
} ): JSX.Element {
	const [ draft, setDraft ] = useState< Texts >( {
		title: image.title,
		caption: image.caption,
		description: image.description,
	} );
	const [ status, setStatus ] = useState< 'idle' | 'saving' | 'saved' >(
		'idle'
	);
	const [ error, setError ] = useState( '' );
	const draftRef = useRef( draft );
	const saved = useRef< Texts >( {
		title: image.title,
		caption: image.caption,
		description: image.description,
	} );
	const inFlight = useRef( false );
	const again = useRef( false );
	const failed = __(
		'The title, caption and description could not be saved.',
		'tessera'
	);

	const edit = ( texts: Partial< Texts > ): void => {
		draftRef.current = { ...draftRef.current, ...texts };
		setDraft( draftRef.current );
		if ( status === 'saved' ) {
			setStatus( 'idle' );
		}
	};

	const save = async (): Promise< void > => {
		if ( inFlight.current ) {
			again.current = true;
			return;
		}
		const texts = draftRef.current;
		if ( ! textsChanged( texts, saved.current ) ) {
			return;
		}
		inFlight.current = true;
		setStatus( 'saving' );
		setError( '' );
		try {
			const answer = await apiFetch< unknown >( {
				path: `/wp/v2/media/${ image.id }?context=edit`,
				method: 'POST',
				data: texts,
			} );
			saved.current = texts;
			onSaved( parseAttachment( answer ) ?? { ...image, ...texts } );
			syncMediaModel( image.id, texts );
			setStatus( 'saved' );
			speak( __( 'Title, caption and description saved.', 'tessera' ) );
		} catch ( thrown ) {
			// The typed text stays in the fields: the next try sends it again.
			setStatus( 'idle' );
			setError( errorMessage( thrown, failed ) );
			again.current = false;
		}
		inFlight.current = false;
		if ( again.current ) {
			again.current = false;
			await save();
		}
	};

	return (
		<div className="tessera-gallery-images__texts">
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				label={ __( 'Title', 'tessera' ) }
				value={ draft.title }
				disabled={ ! canEdit }
				onChange={ ( title: string ) => edit( { title } ) }
				onBlur={ () => void save() }
				onKeyDown={ ( event: {
					key: string;
					preventDefault: () => void;
				} ) => {
					// Enter saves the texts; it must not submit a form around the list (the admin screen's).
					if ( event.key === 'Enter' ) {
						event.preventDefault();
						void save();
					}
				} }
			/>
			<TextareaControl
				__nextHasNoMarginBottom
				label={ __( 'Caption', 'tessera' ) }
				value={ draft.caption }
				rows={ 2 }
				disabled={ ! canEdit }
				onChange={ ( caption: string ) => edit( { caption } ) }
				onBlur={ () => void save() }
			/>
			<TextareaControl
				__nextHasNoMarginBottom
				label={ __( 'Description', 'tessera' ) }
				value={ draft.description }
				rows={ 3 }
				disabled={ ! canEdit }
				onChange={ ( description: string ) => edit( { description } ) }
				onBlur={ () => void save() }
			/>
			{ error !== '' && (
				<Notice
					status="error"
					isDismissible={ false }
					actions={ [
						{
							label: __( 'Try again', 'tessera' ),
							onClick: () => void save(),
						},
					] }
				>
					{ sprintf(
						/* translators: %s: why the save failed. */
						__(
							'Not saved: %s Your text is kept in the fields.',
							'tessera'
						),
						error
					) }
				</Notice>
			) }
			<p className="tessera-gallery-images__status" style={ STATUS }>
				{ status === 'saving' && __( 'Saving…', 'tessera' ) }
				{ status === 'saved' && __( 'Saved.', 'tessera' ) }
				{ status === 'idle' &&
					textsChanged( draft, saved.current ) &&
					error === '' &&
					__( 'Saved when you leave the field.', 'tessera' ) }
			</p>
		</div>
	);
}

/** Styles of the list (inline: the block ships no editor stylesheet). */
const LIST = { listStyle: 'none', margin: 0, padding: 0 } as const;
const ROW = {
	display: 'flex',
	gap: '12px',
	alignItems: 'flex-start',
	padding: '12px 0',
	borderTop: '1px solid #ddd',
	margin: 0,
} as const;
const PICTURE = {
	width: '48px',
	height: '48px',
	objectFit: 'cover',
	flex: '0 0 48px',
	background: '#f0f0f0',
} as const;
const BODY = {
	flex: '1 1 auto',
	minWidth: 0,
	display: 'grid',
	gap: '8px',
} as const;
const ACTIONS = { display: 'flex', flexWrap: 'wrap', gap: '4px' } as const;
const STATUS = { margin: 0, minHeight: '1.5em', color: '#757575' } as const;

/**
 * One image of the list.
 *
 * @param props          Component props.
 * @param props.id       Attachment id.
 * @param props.position 1-based position in the gallery.
 * @param props.count    Images in the gallery.
 * @param props.image    The image (null: gone; undefined: loading).
 * @param props.canEdit  Whether the user may change the gallery.
 * @param props.onMove   Moves the image by some places.
 * @param props.onRemove Removes it from the gallery.
 * @param props.onSaved  Receives the image as saved.
 */
function ImageRow( {
	id,
	position,
	count,
	image,
	canEdit,
	onMove,
	onRemove,
	onSaved,
}: {
	id: number;
	position: number;
	count: number;
	image: ImageInfo | null | undefined;
	canEdit: boolean;
	onMove: ( delta: number ) => void;
	onRemove: () => void;
	onSaved: ( image: ImageInfo ) => void;
} ): JSX.Element {
	let name: string;
	if ( image === undefined ) {
		name = __( 'loading', 'tessera' );
	} else if ( image === null ) {
		name = __( 'missing image', 'tessera' );
	} else {
		name =
			image.title.trim() !== ''
				? image.title
				: sprintf(
						/* translators: %d: the attachment id. */
						__( 'untitled #%d', 'tessera' ),
						id
					);
	}
	const label = sprintf(
		/* translators: 1: position of the image, 2: number of images, 3: its title. */
		__( 'Image %1$d of %2$d: %3$s', 'tessera' ),
		position,
		count,
		name
	);
	return (
		<li style={ ROW } data-tessera-image={ id }>
			{ image?.picture ? (
				<img
					src={ image.picture.url }
					width={ 48 }
					height={ 48 }
					alt=""
					loading="lazy"
					decoding="async"
					style={ PICTURE }
				/>
			) : (
				<span style={ PICTURE } aria-hidden="true" />
			) }
			<div role="group" aria-label={ label } style={ BODY }>
				{ image === undefined && <Spinner /> }
				{ image === null && (
					<p style={ { margin: 0 } }>
						{ sprintf(
							/* translators: %d: the attachment id. */
							__(
								'Image #%d is missing: it was deleted, or it is not an image. Remove it from the gallery.',
								'tessera'
							),
							id
						) }
					</p>
				) }
				{ image && (
					<ImageTexts
						image={ image }
						canEdit={ canEdit }
						onSaved={ onSaved }
					/>
				) }
				{ canEdit && (
					<div style={ ACTIONS }>
						<Button
							size="small"
							variant="secondary"
							icon="arrow-up-alt2"
							data-action="up"
							disabled={ position === 1 }
							onClick={ () => onMove( -1 ) }
						>
							{ __( 'Move up', 'tessera' ) }
						</Button>
						<Button
							size="small"
							variant="secondary"
							icon="arrow-down-alt2"
							data-action="down"
							disabled={ position === count }
							onClick={ () => onMove( 1 ) }
						>
							{ __( 'Move down', 'tessera' ) }
						</Button>
						<Button
							size="small"
							variant="tertiary"
							isDestructive
							data-action="remove"
							onClick={ onRemove }
						>
							{ __( 'Remove from gallery', 'tessera' ) }
						</Button>
					</div>
				) }
			</div>
		</li>
	);
}

/**
 * The list of a gallery's images.
 *
 * @param props          Component props.
 * @param props.ids      The gallery's ordered ids.
 * @param props.canEdit  Whether the user may change the gallery.
 * @param props.onChange Receives a new order (saved by the caller).
 * @param props.onSaved  Called after an image's texts were saved (e.g. to refresh a preview).
 */
export function ImageList( {
	ids,
	canEdit,
	onChange,
	onSaved,
}: {
	ids: number[];
	canEdit: boolean;
	onChange: ( ids: number[] ) => void;
	onSaved?: () => void;
} ): JSX.Element {
	const [ limit, setLimit ] = useState( PAGE );
	const shown = ids.slice( 0, limit );
	const { images, error, retry, update } = useAttachments( shown );
	const root = useRef< HTMLDivElement >( null );
	// After a move or a removal the moved row's button (or the next row's) takes the focus back.
	const focusNext = useRef< { id: number; action: RowAction } | null >(
		null
	);

	useEffect( () => {
		const target = focusNext.current;
		if ( ! target || ! root.current ) {
			return;
		}
		focusNext.current = null;
		const row = root.current.querySelector(
			`[data-tessera-image="${ target.id }"]`
		);
		const button = ( action: RowAction ): HTMLButtonElement | null =>
			row?.querySelector< HTMLButtonElement >(
				`button[data-action="${ action }"]:not(:disabled)`
			) ?? null;
		const other = target.action === 'up' ? 'down' : 'up';
		(
			button( target.action ) ??
			button( other ) ??
			button( 'remove' ) ??
			root.current
		).focus();
	} );

	const move = ( id: number, delta: number ): void => {
		const next = moveId( ids, id, delta );
		focusNext.current = { id, action: delta < 0 ? 'up' : 'down' };
		onChange( next );
		speak(
			sprintf(
				/* translators: 1: new position of the image, 2: number of images. */
				__( 'Moved to position %1$d of %2$d.', 'tessera' ),
				next.indexOf( id ) + 1,
				next.length
			)
		);
	};

	const remove = ( id: number ): void => {
		const index = ids.indexOf( id );
		const next = removeId( ids, id );
		const neighbour = next[ Math.min( index, next.length - 1 ) ];
		focusNext.current =
			neighbour !== undefined
				? { id: neighbour, action: 'remove' }
				: null;
		if ( neighbour === undefined ) {
			root.current?.focus();
		}
		onChange( next );
		speak( __( 'Removed from the gallery.', 'tessera' ) );
	};

	return (
		<div
			ref={ root }
			tabIndex={ -1 }
			className="tessera-gallery-images"
			aria-busy={ shown.some( ( id ) => ! images.has( id ) ) }
		>
			{ error !== '' && (
				<Notice
					status="error"
					isDismissible={ false }
					actions={ [
						{ label: __( 'Try again', 'tessera' ), onClick: retry },
					] }
				>
					{ error }
				</Notice>
			) }
			{ ids.length === 0 ? (
				<p>{ __( 'This gallery has no images yet.', 'tessera' ) }</p>
			) : (
				<ul
					style={ LIST }
					aria-label={ __( 'Images of the gallery', 'tessera' ) }
				>
					{ shown.map( ( id, index ) => (
						<ImageRow
							key={ id }
							id={ id }
							position={ index + 1 }
							count={ ids.length }
							image={ images.get( id ) }
							canEdit={ canEdit }
							onMove={ ( delta ) => move( id, delta ) }
							onRemove={ () => remove( id ) }
							onSaved={ ( image ) => {
								update( image );
								onSaved?.();
							} }
						/>
					) ) }
				</ul>
			) }
			{ ids.length > limit && (
				<Button
					variant="secondary"
					onClick={ () => setLimit( limit + PAGE ) }
				>
					{ sprintf(
						/* translators: %d: how many more images there are. */
						_n(
							'Show %d more image',
							'Show %d more images',
							Math.min( PAGE, ids.length - limit ),
							'tessera'
						),
						Math.min( PAGE, ids.length - limit )
					) }
				</Button>
			) }
		</div>
	);
}
