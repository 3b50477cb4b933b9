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
 * The plugin `tessera-speed`: the sidebar and its one "Page speed" more-menu item. The sidebar is not pinnable:
 * a pinnable `PluginSidebar` adds a more-menu item of its own (a plain toggle), which would list "Page speed" a
 * second time; ours carries the spec's route with its fallback (spec §2, `openSpeedSidebar`).
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
				isPinnable={ false }
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
