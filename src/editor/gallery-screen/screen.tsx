/**
 * The images of a gallery on its admin edit screen (Galleries → Edit): the same list as the gallery block's
 * sidebar (titles and captions in place, move up / down, remove) and the media library's gallery frame to add
 * images or rearrange them. Every change is saved to the gallery at once, apart from the screen's own form
 * (title, description, preview image), which "Update" saves as usual.
 */

/**
 * WordPress dependencies
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import { store as coreStore } from '@wordpress/core-data';
import { useSelect } from '@wordpress/data';
import { __, _n, sprintf } from '@wordpress/i18n';
// Provided by WordPress (script `wp-media-utils`) and installed with @wordpress/block-editor; not yet listed in
// package.json. The block editor's filtered MediaUpload renders nothing outside the block editor.
import { MediaUpload } from '@wordpress/media-utils';

/**
 * Internal dependencies
 */
import { GALLERY_POST_TYPE } from '../../../blocks/gallery/types';
import {
	GalleryFrame,
	type MediaUploadComponent,
} from '../../../blocks/gallery/editor/gallery-frame';
import { ImageList } from '../../../blocks/gallery/editor/image-list';
import { useGalleryImages } from '../../../blocks/gallery/editor/use-gallery-images';

// media-utils declares its MediaUpload as a class without props; it takes those of the block editor's.
const Upload = MediaUpload as unknown as MediaUploadComponent;

/**
 * The gallery's images.
 *
 * @param props           Component props.
 * @param props.galleryId The gallery post's id.
 */
export function GalleryScreen( {
	galleryId,
}: {
	galleryId: number;
} ): JSX.Element {
	const loaded = useSelect(
		( select ) =>
			select( coreStore ).hasFinishedResolution( 'getEntityRecord', [
				'postType',
				GALLERY_POST_TYPE,
				galleryId,
			] ),
		[ galleryId ]
	);
	const { ids, canEdit, saving, error, clearError, retry, change } =
		useGalleryImages( galleryId );

	if ( ! loaded ) {
		return <Spinner />;
	}
	return (
		<div className="tessera-gallery-screen">
			{ error !== '' && (
				<Notice
					status="error"
					onRemove={ clearError }
					actions={ [
						{ label: __( 'Try again', 'tessera' ), onClick: retry },
					] }
				>
					{ error }
				</Notice>
			) }
			<p>
				{ sprintf(
					/* translators: %d: how many images the gallery has. */
					_n(
						'This gallery has %d image.',
						'This gallery has %d images.',
						ids.length,
						'tessera'
					),
					ids.length
				) }{ ' ' }
				{ __(
					'Titles and captions are saved to the images in the media library when you leave a field; the order is saved at once.',
					'tessera'
				) }
			</p>
			{ canEdit && (
				<p>
					<GalleryFrame
						upload={ Upload }
						value={ ids }
						onSelect={ change }
						render={ ( open ) => (
							<Button
								__next40pxDefaultSize
								variant="primary"
								onClick={ open }
								isBusy={ saving }
							>
								{ ids.length > 0
									? __( 'Add or edit images', 'tessera' )
									: __( 'Add images', 'tessera' ) }
							</Button>
						) }
					/>
				</p>
			) }
			<ImageList ids={ ids } canEdit={ canEdit } onChange={ change } />
		</div>
	);
}
