/**
 * WordPress dependencies
 */
import { PluginMoreMenuItem, PluginSidebar } from '@wordpress/editor';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { openSpeedSidebar, SIDEBAR_NAME } from './open-sidebar';
import { GaugeIcon } from './reload-icon';
import { SpeedPanel } from './speed-panel';

/**
 * The plugin `tessera-speed`: the sidebar and its "Page speed" more-menu item.
 *
 * @return The plugin's elements.
 */
export function SpeedPlugin() {
	return (
		<>
			<PluginSidebar
				name={ SIDEBAR_NAME }
				title={ __( 'Page speed', 'tessera' ) }
				icon={ <GaugeIcon /> }
			>
				<SpeedPanel />
			</PluginSidebar>
			<PluginMoreMenuItem
				icon={ <GaugeIcon /> }
				onClick={ () => openSpeedSidebar() }
			>
				{ __( 'Page speed', 'tessera' ) }
			</PluginMoreMenuItem>
		</>
	);
}
