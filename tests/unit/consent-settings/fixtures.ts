/**
 * A settings answer shaped like the server's defaults (docs/consent.md, "Settings model (server)"), trimmed.
 */

/**
 * Internal dependencies
 */
import type { ConsentSettings } from '../../../src/admin/consent-settings/types';

/**
 * A fresh copy of the settings answer.
 *
 * @return The settings.
 */
export function settingsAnswer(): ConsentSettings {
	return {
		activeLaw: 'gdpr',
		bannerType: 'box',
		bannerPosition: 'bottom-left',
		preferenceCenterType: 'popup',
		texts: {
			title: 'We value your privacy',
			description:
				'We use cookies. <a href="https://example.com/privacy">Privacy</a>',
			acceptAll: 'Accept all',
			rejectAll: 'Reject all',
			customize: 'Customize',
			savePreferences: 'Save my preferences',
			close: 'Close',
			revisit: 'Consent preferences',
			preferenceTitle: 'Customize consent preferences',
			preferenceDescription: '',
			ccpaDescription: '',
			doNotSell: 'Do Not Sell or Share My Personal Information',
		},
		colours: {
			background: '#ffffff',
			text: '#212121',
			accent: '#1863dc',
			accentText: '#ffffff',
			border: '#f4f4f4',
		},
		expiryDays: 365,
		reloadOnAccept: false,
		respectDnt: true,
		honourGpc: true,
		googleConsentMode: true,
		categories: [
			{
				slug: 'necessary',
				name: 'Necessary',
				description: '',
				isNecessary: true,
				defaultConsent: { gdpr: true, ccpa: true },
				cookies: [
					{
						cookieID: 'cookieyes-consent',
						domain: 'example.com',
						duration: '1 year',
						description: 'Your consent choices.',
					},
				],
			},
			{
				slug: 'analytics',
				name: 'Analytics',
				description: 'Counts visits.',
				isNecessary: false,
				defaultConsent: { gdpr: false, ccpa: true },
				cookies: [
					{
						cookieID: '_ga',
						domain: '.example.com',
						duration: '2 years',
						description: '',
					},
				],
			},
			{
				slug: 'advertisement',
				name: 'Advertisement',
				description: '',
				isNecessary: false,
				defaultConsent: { gdpr: false, ccpa: true },
				cookies: [],
			},
		],
		providers: [
			{
				re: 'googletagmanager\\.com/gtag/js',
				categories: [ 'analytics' ],
				fullPath: false,
				isOverridden: false,
			},
			{
				re: 'doubleclick\\.net/',
				categories: [ 'analytics', 'advertisement' ],
				fullPath: false,
				isOverridden: false,
			},
		],
	};
}
