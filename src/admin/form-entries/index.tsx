/**
 * Entry `admin/form-entries` (handle `tessera-form-entries`): the Forms → Entries screen, mounted into
 * `#tessera-form-entries` (includes/Forms/EntriesPage.php), configured by `window.tesseraFormEntries`.
 */

/**
 * WordPress dependencies
 */
import { createRoot } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { parseConfig } from './api';
import { FormEntriesApp } from './app';
import './form-entries.scss';

/** Id of the element the screen is mounted into. */
export const ROOT_ID = 'tessera-form-entries';

declare global {
	interface Window {
		tesseraFormEntries?: unknown;
	}
}

const root = document.getElementById( ROOT_ID );
if ( root ) {
	createRoot( root ).render(
		<FormEntriesApp config={ parseConfig( window.tesseraFormEntries ) } />
	);
}
