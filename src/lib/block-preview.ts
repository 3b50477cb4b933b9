/**
 * Whether a block is drawn in a preview (the inserter's preview of its `example`, a pattern's thumbnail) rather than
 * edited: blocks that have nothing chosen yet show a sample there instead of their "create or choose" placeholder,
 * which would ask the server for lists and offer controls nobody can use.
 */

/**
 * WordPress dependencies
 */
import { store as blockEditorStore } from '@wordpress/block-editor';
import { useSelect } from '@wordpress/data';

/**
 * True inside a block preview: core's `BlockPreview` gives its editor the setting `__unstableIsPreviewMode` (the
 * flag core's own blocks read, e.g. the navigation and template-part blocks).
 *
 * @return Whether the block is drawn in a preview.
 */
export function useIsBlockPreview(): boolean {
	return useSelect(
		( select ) =>
			select( blockEditorStore ).getSettings().__unstableIsPreviewMode ===
			true,
		[]
	);
}
