/**
 * A gallery's ordered images (post meta `_tessera_gallery_images`) as the editor and the gallery's admin screen
 * change them: every change is saved to the gallery post at once (the gallery is a post of its own, saving a page
 * would not save it), one save at a time, the last change always saved.
 */

/**
 * WordPress dependencies
 */
import { store as coreStore, useEntityProp } from '@wordpress/core-data';
import { useDispatch, useSelect } from '@wordpress/data';
import { useCallback, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	errorMessage,
	GALLERY_POST_TYPE,
	META_IMAGES,
	readGalleryImages,
	readRecord,
	sameIds,
} from '../types';

/** What useGalleryImages() answers. */
export interface GalleryImages {
	/** The ordered ids (with the changes not saved yet). */
	ids: number[];
	/** Whether the user may change the gallery. */
	canEdit: boolean;
	/** Whether a save is under way. */
	saving: boolean;
	/** The message of the last failed save ('' when none). */
	error: string;
	/** Forgets the failure message. */
	clearError: () => void;
	/** Saves the changes again after a failure. */
	retry: () => void;
	/** Counts the saves that succeeded (a preview asks the server again when it changes). */
	revision: number;
	/** Changes the ordered ids and saves them. */
	change: ( next: number[] ) => void;
	/** Tells that an image's texts changed (for the preview). */
	touch: () => void;
}

/**
 * Reads and saves a gallery's images.
 *
 * @param galleryId The gallery post's id.
 * @return The images and their actions.
 */
export function useGalleryImages( galleryId: number ): GalleryImages {
	const [ meta ] = useEntityProp(
		'postType',
		GALLERY_POST_TYPE,
		'meta',
		galleryId
	);
	const canEdit = useSelect(
		( select ) =>
			select( coreStore ).canUserEditEntityRecord(
				'postType',
				GALLERY_POST_TYPE,
				galleryId
			) !== false,
		[ galleryId ]
	);
	const { editEntityRecord, saveEditedEntityRecord } =
		useDispatch( coreStore );
	const [ saving, setSaving ] = useState( false );
	const [ error, setError ] = useState( '' );
	const [ revision, setRevision ] = useState( 0 );
	const ids = readGalleryImages( meta );
	// The last order asked for: the media frame reports one selection twice in the same tick, and two quick
	// changes may come before a render.
	const latest = useRef< number[] >( ids );
	latest.current = ids;
	const metaRef = useRef( meta );
	metaRef.current = meta;
	const inFlight = useRef( false );
	const again = useRef( false );
	const failed = __( 'The gallery’s images could not be saved.', 'tessera' );

	const flush = useCallback( async (): Promise< void > => {
		if ( inFlight.current ) {
			again.current = true;
			return;
		}
		inFlight.current = true;
		setSaving( true );
		setError( '' );
		let saved = false;
		do {
			again.current = false;
			try {
				await saveEditedEntityRecord(
					'postType',
					GALLERY_POST_TYPE,
					galleryId,
					{ throwOnError: true }
				);
				saved = true;
			} catch ( thrown ) {
				setError( errorMessage( thrown, failed ) );
				again.current = false;
				saved = false;
			}
		} while ( again.current );
		inFlight.current = false;
		setSaving( false );
		if ( saved ) {
			setRevision( ( value ) => value + 1 );
		}
	}, [ galleryId, saveEditedEntityRecord, failed ] );

	const change = useCallback(
		( next: number[] ): void => {
			if ( sameIds( next, latest.current ) ) {
				return;
			}
			latest.current = next;
			// Not an undo level of the page: the gallery is saved at once, an undo would only leave it unsaved.
			editEntityRecord(
				'postType',
				GALLERY_POST_TYPE,
				galleryId,
				{
					meta: {
						...readRecord( metaRef.current ),
						[ META_IMAGES ]: next,
					},
				},
				{ undoIgnore: true }
			);
			void flush();
		},
		[ editEntityRecord, flush, galleryId ]
	);

	return {
		ids,
		canEdit,
		saving,
		error,
		clearError: () => setError( '' ),
		retry: () => void flush(),
		revision,
		change,
		touch: () => setRevision( ( value ) => value + 1 ),
	};
}
