/**
 * The media library components of `@wordpress/block-editor` that the gallery block uses (the package ships no type
 * declarations; other blocks declare what they use in their own `block-editor.d.ts`, merged by TypeScript).
 */

declare module '@wordpress/block-editor' {
	import type { ReactElement, ReactNode } from 'react';

	/**
	 * Opens the media library (the `wp.media` frame the editor registers); `gallery` uses the gallery frame:
	 * "Create a new gallery", then the gallery editor (reorder, add, remove). `onSelect` receives attachment
	 * objects, in the order chosen.
	 *
	 * @param props              Component props.
	 * @param props.render       Renders the opener.
	 * @param props.onSelect     Receives the selection.
	 * @param props.allowedTypes Media types offered.
	 * @param props.multiple     Several items.
	 * @param props.gallery      Use the gallery frame.
	 * @param props.addToGallery Open the "Add to gallery" state.
	 * @param props.value        The attachment ids already chosen.
	 * @param props.title        The frame's title.
	 * @param props.onClose      Called when the frame closes.
	 */
	export function MediaUpload( props: {
		render: ( opener: { open: () => void } ) => ReactNode;
		onSelect: ( media: unknown ) => void;
		allowedTypes?: string[];
		multiple?: boolean | 'add';
		gallery?: boolean;
		addToGallery?: boolean;
		value?: number | number[];
		title?: string;
		onClose?: () => void;
	} ): ReactElement | null;

	/**
	 * Renders its children only when the user may upload files.
	 *
	 * @param props          Component props.
	 * @param props.children What needs the capability.
	 * @param props.fallback Shown otherwise.
	 */
	export function MediaUploadCheck( props: {
		children?: ReactNode;
		fallback?: ReactNode;
	} ): ReactElement | null;
}
