/**
 * The statistics screen: the Overview tab for everyone who may view the statistics, and the Settings tab for
 * administrators (manage_options).
 */

/**
 * WordPress dependencies
 */
import { Notice, TabPanel } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { languageTag } from './format';
import { Overview } from './overview';
import { SettingsTab } from './settings-tab';
import type { DashboardConfig } from './types';

/** Tab names (also the address fragment that opens them). */
const TABS = [ 'overview', 'settings' ] as const;

/**
 * The screen.
 *
 * @param props        Props.
 * @param props.config The page configuration, or null when it could not be read.
 * @return The screen.
 */
export function StatsDashboardApp( {
	config,
}: {
	config: DashboardConfig | null;
} ) {
	if ( ! config ) {
		return (
			<Notice status="error" isDismissible={ false }>
				{ __(
					'The statistics screen could not start. Reload the page and try again.',
					'tessera'
				) }
			</Notice>
		);
	}
	const locale = languageTag( document.documentElement.lang );
	if ( ! config.canManage ) {
		return <Overview config={ config } locale={ locale } />;
	}
	const hash = window.location.hash.replace( '#', '' );
	const initial = TABS.find( ( tab ) => tab === hash ) ?? 'overview';
	return (
		<TabPanel
			className="tessera-stats__tabs"
			initialTabName={ initial }
			onSelect={ ( name: string ) => {
				const url = new URL( window.location.href );
				url.hash = name === 'overview' ? '' : name;
				window.history.replaceState(
					window.history.state,
					'',
					url.href
				);
			} }
			tabs={ [
				{ name: 'overview', title: __( 'Overview', 'tessera' ) },
				{ name: 'settings', title: __( 'Settings', 'tessera' ) },
			] }
		>
			{ ( tab ) =>
				tab.name === 'settings' ? (
					<SettingsTab roles={ config.roles } />
				) : (
					<Overview config={ config } locale={ locale } />
				)
			}
		</TabPanel>
	);
}
