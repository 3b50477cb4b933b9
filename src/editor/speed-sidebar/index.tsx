/**
 * Entry `editor/speed-sidebar` (handle `tessera-speed-editor`): the page-speed
 * sidebar of the block editor.
 */

/**
 * WordPress dependencies
 */
import { registerPlugin } from '@wordpress/plugins';

/**
 * Internal dependencies
 */
import { initProgress } from '../../lib/speed/progress';
import { readSpeedConfig } from '../../lib/speed/config';
import { PLUGIN_NAME } from './open-sidebar';
import { SpeedPlugin } from './plugin';
import { GaugeIcon } from './reload-icon';
import './sidebar.scss';

const config = readSpeedConfig();
if ( config ) {
	initProgress( config );
}

registerPlugin( PLUGIN_NAME, {
	render: SpeedPlugin,
	icon: <GaugeIcon />,
} );
