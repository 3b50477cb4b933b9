/**
 * The media library's gallery frame behind an opener (create a gallery; edit it: add, remove, drag to reorder,
 * title/caption/alt in the attachment details). The media component is given: the block editor's filtered
 * `MediaUpload` in the block, `@wordpress/media-utils`' on the gallery's admin screen.
 */

/**
 * External dependencies
 */
import type { ComponentType, ReactNode } from 'react';

/**
 * Internal dependencies
 */
import { idsOfSelection } from '../types';

/** The props of a media library opener (MediaUpload of `@wordpress/block-editor` or `@wordpress/media-utils`). */
export interface MediaUploadProps {
	render: ( opener: { open: () => void } ) => ReactNode;
	onSelect: ( media: unknown ) => void;
	allowedTypes?: string[];
	multiple?: boolean | 'add';
	gallery?: boolean;
	addToGallery?: boolean;
	value?: number | number[];
	title?: string;
	onClose?: () => void;
}

/** A media library opener. */
export type MediaUploadComponent = ComponentType< MediaUploadProps >;

/** The media types a gallery holds. */
export const IMAGE_TYPES = [ 'image' ];

/**
 * The gallery media frame behind an opener.
 *
 * @param props              Component props.
 * @param props.upload       The media library component.
 * @param props.value        The gallery's current ids ([] to create one).
 * @param props.addToGallery Open on "Add to gallery" (browsing the library) rather than the gallery editor.
 * @param props.onSelect     Receives the new ordered ids (never empty).
 * @param props.render       Renders the opener.
 */
export function GalleryFrame( {
	upload: Upload,
	value,
	addToGallery = false,
	onSelect,
	render,
}: {
	upload: MediaUploadComponent;
	value: number[];
	addToGallery?: boolean;
	onSelect: ( ids: number[] ) => void;
	render: ( open: () => void ) => ReactNode;
} ): JSX.Element {
	return (
		<Upload
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
	);
}
