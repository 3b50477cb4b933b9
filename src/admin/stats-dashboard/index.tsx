/**
 * Entry `admin/stats-dashboard` (handle `tessera-stats-dashboard`): the Statistics screen, mounted into
 * `#tessera-stats-dashboard` (includes/Stats/DashboardPage.php), configured by `window.tesseraStatsDashboard`.
 */

/**
 * WordPress dependencies
 */
import { createRoot } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { StatsDashboardApp } from './app';
import { parseConfig } from './guard';
import 'uplot/dist/uPlot.min.css';
import './dashboard.scss';

/** Id of the element the screen is mounted into. */
export const ROOT_ID = 'tessera-stats-dashboard';

declare global {
	interface Window {
		tesseraStatsDashboard?: unknown;
	}
}

const root = document.getElementById( ROOT_ID );
if ( root ) {
	createRoot( root ).render(
		<StatsDashboardApp
			config={ parseConfig( window.tesseraStatsDashboard ) }
		/>
	);
}
