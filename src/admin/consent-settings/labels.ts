/**
 * Translated names of the settings' values and fields.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { BannerType, ColourKey, Law, TextKey } from './types';

/** @return Names of the laws. */
export const lawLabels = (): Record< Law, string > => ( {
	gdpr: __( 'GDPR (opt-in)', 'tessera' ),
	ccpa: __( 'CCPA (opt-out)', 'tessera' ),
} );

/** @return Names of the banner types. */
export const bannerTypeLabels = (): Record< BannerType, string > => ( {
	classic: __( 'Classic bar', 'tessera' ),
	popup: __( 'Popup', 'tessera' ),
	box: __( 'Box', 'tessera' ),
} );

/** @return Names of the banner positions. */
export const positionLabels = (): Record< string, string > => ( {
	top: __( 'Top', 'tessera' ),
	bottom: __( 'Bottom', 'tessera' ),
	center: __( 'Centre', 'tessera' ),
	'bottom-left': __( 'Bottom left', 'tessera' ),
	'bottom-right': __( 'Bottom right', 'tessera' ),
	'top-left': __( 'Top left', 'tessera' ),
	'top-right': __( 'Top right', 'tessera' ),
} );

/** @return Names of the preference-centre types. */
export const preferenceCenterLabels = (): Record< string, string > => ( {
	popup: __( 'Popup', 'tessera' ),
	sidebar: __( 'Sidebar', 'tessera' ),
} );

/** @return Labels of the text fields. */
export const textLabels = (): Record< TextKey, string > => ( {
	title: __( 'Banner title', 'tessera' ),
	description: __( 'Banner description', 'tessera' ),
	acceptAll: __( '“Accept all” button', 'tessera' ),
	rejectAll: __( '“Reject all” button', 'tessera' ),
	customize: __( '“Customize” button', 'tessera' ),
	savePreferences: __( '“Save my preferences” button', 'tessera' ),
	close: __( '“Close” button', 'tessera' ),
	revisit: __( 'Revisit consent button', 'tessera' ),
	preferenceTitle: __( 'Preference centre title', 'tessera' ),
	preferenceDescription: __( 'Preference centre description', 'tessera' ),
	ccpaDescription: __( 'CCPA description', 'tessera' ),
	doNotSell: __( '“Do Not Sell” link', 'tessera' ),
} );

/** @return Labels of the colours. */
export const colourLabels = (): Record< ColourKey, string > => ( {
	background: __( 'Background', 'tessera' ),
	text: __( 'Text', 'tessera' ),
	accent: __( 'Accent (buttons)', 'tessera' ),
	accentText: __( 'Text on accent', 'tessera' ),
	border: __( 'Border', 'tessera' ),
} );
