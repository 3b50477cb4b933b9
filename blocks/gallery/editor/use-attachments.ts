/**
 * The images the list shows, read from the media endpoint in batches (only those shown, each once) and kept
 * here: the list edits their titles and captions through the same endpoint.
 */

/**
 * WordPress dependencies
 */
import apiFetch from '@wordpress/api-fetch';
import { useCallback, useEffect, useRef, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { errorMessage } from '../types';
import {
	batches,
	MEDIA_BATCH,
	mediaPath,
	parseAttachment,
	type ImageInfo,
} from './images';

/** What useAttachments() answers. */
export interface Attachments {
	/** Id => the image, null when it is gone (deleted, or not an image); absent while loading. */
	images: ReadonlyMap< number, ImageInfo | null >;
	/** The message of a failed load ('' when none). */
	error: string;
	/** Loads what failed again. */
	retry: () => void;
	/** Keeps an image as saved. */
	update: ( image: ImageInfo ) => void;
}

/**
 * Loads the images of some ids.
 *
 * @param ids The ids shown.
 * @return The images.
 */
export function useAttachments( ids: readonly number[] ): Attachments {
	const [ images, setImages ] = useState<
		ReadonlyMap< number, ImageInfo | null >
	>( () => new Map() );
	const [ error, setError ] = useState( '' );
	const [ attempt, setAttempt ] = useState( 0 );
	const asked = useRef( new Set< number >() );
	const key = ids.join( ',' );

	useEffect( () => {
		const missing = key
			.split( ',' )
			.map( Number )
			.filter( ( id ) => id > 0 && ! asked.current.has( id ) );
		for ( const batch of batches( missing, MEDIA_BATCH ) ) {
			batch.forEach( ( id ) => asked.current.add( id ) );
			apiFetch< unknown >( { path: mediaPath( batch ) } )
				.then( ( answer ) => {
					const found = new Map< number, ImageInfo >();
					for ( const record of Array.isArray( answer )
						? answer
						: [] ) {
						const image = parseAttachment( record );
						if ( image ) {
							found.set( image.id, image );
						}
					}
					setImages( ( previous ) => {
						const next = new Map( previous );
						batch.forEach( ( id ) =>
							next.set( id, found.get( id ) ?? null )
						);
						return next;
					} );
				} )
				.catch( ( thrown: unknown ) => {
					batch.forEach( ( id ) => asked.current.delete( id ) );
					setError(
						errorMessage(
							thrown,
							__( 'The images could not be loaded.', 'tessera' )
						)
					);
				} );
		}
	}, [ key, attempt ] );

	const update = useCallback( ( image: ImageInfo ) => {
		setImages( ( previous ) => new Map( previous ).set( image.id, image ) );
	}, [] );

	return {
		images,
		error,
		retry: () => {
			setError( '' );
			setAttempt( ( value ) => value + 1 );
		},
		update,
	};
}
