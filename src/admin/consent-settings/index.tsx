/**
 * Entry `admin/consent-settings` (handle `tessera-consent-settings`): the screen Tessera → Cookie consent,
 * mounted into `#tessera-consent-settings` (includes/Consent/SettingsPage.php).
 */

/**
 * WordPress dependencies
 */
import { createRoot } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { ConsentSettingsApp } from './app';
import './settings.scss';

/** Id of the element the screen is mounted into. */
export const ROOT_ID = 'tessera-consent-settings';

const root = document.getElementById( ROOT_ID );
if ( root ) {
	createRoot( root ).render( <ConsentSettingsApp /> );
}
