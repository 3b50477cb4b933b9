/**
 * Entry `speed/index` (handle `tessera-speed`): the page-speed check in the
 * posts/pages list column and the admin bar, on admin and front-end pages of
 * administrators. Vanilla TypeScript; depends on `wp-i18n` only.
 */

/**
 * Internal dependencies
 */
import { readSpeedConfig } from '../../lib/speed/config';
import { startSpeedUi } from './controller';
import './speed.scss';

const boot = (): void => {
	const config = readSpeedConfig();
	if ( config ) {
		startSpeedUi( { config } );
	}
};

if ( document.readyState === 'loading' ) {
	document.addEventListener( 'DOMContentLoaded', boot );
} else {
	boot();
}
