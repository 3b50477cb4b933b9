/**
 * The island's translations (docs/lightbox.md "Translations"): the island is loaded on intent by its addresses, so
 * the translations that WordPress prints before an enqueued script (`wp_set_script_translations()`) never come with
 * it. The page holds them instead, when the site's language has them: `#tessera-lightbox-l10n`, printed by
 * `GalleryBlock::print_lightbox_translations()`.
 */

/**
 * WordPress dependencies
 */
import { setLocaleData } from '@wordpress/i18n';

/** Id of the element that holds them (`GalleryBlock::LIGHTBOX_L10N`). */
export const L10N_ID = 'tessera-lightbox-l10n';

/**
 * Gives `@wordpress/i18n` the translations the page holds, for the `tessera` domain. Call it before any string is
 * read; nothing when the page has none, or when they are not JSON (the strings stay as written).
 */
export function loadTranslations(): void {
	const text = document.getElementById( L10N_ID )?.textContent;
	if ( text ) {
		try {
			setLocaleData( JSON.parse( text ), 'tessera' );
		} catch {
			// Not JSON: the strings stay as written (English).
		}
	}
}
