/**
 * The Settings tab's draft: what the site owner types, kept as typed (numbers and lists as text) until the
 * server accepts it, and the payload sent to `POST tessera/v1/stats/settings`.
 */

/**
 * Internal dependencies
 */
import { splitList, typedNumber } from './format';
import type { StatsSettings } from './types';

/** The settings as the form holds them. */
export interface SettingsDraft {
	enabled: boolean;
	userOnline: boolean;
	onlineInterval: string;
	dntEnabled: boolean;
	bypassAdBlockers: boolean;
	linkTracker: boolean;
	downloadTracker: boolean;
	downloadExtensions: string;
	consentIntegration: string;
	consentLevel: string;
	trackAnonymously: boolean;
	excludedRoles: string[];
	excludedIps: string;
	retentionDays: string;
}

/** The payload: the settings, with what could not be read as a number or list sent as typed. */
export type SettingsPayload = Record<
	keyof SettingsDraft,
	boolean | number | string | string[]
>;

/**
 * Stored settings as a draft.
 *
 * @param settings The settings.
 * @return The draft.
 */
export function toDraft( settings: StatsSettings ): SettingsDraft {
	return {
		enabled: settings.enabled,
		userOnline: settings.userOnline,
		onlineInterval: String( settings.onlineInterval ),
		dntEnabled: settings.dntEnabled,
		bypassAdBlockers: settings.bypassAdBlockers,
		linkTracker: settings.linkTracker,
		downloadTracker: settings.downloadTracker,
		downloadExtensions: settings.downloadExtensions.join( ', ' ),
		consentIntegration: settings.consentIntegration,
		consentLevel: settings.consentLevel,
		trackAnonymously: settings.trackAnonymously,
		excludedRoles: [ ...settings.excludedRoles ],
		excludedIps: settings.excludedIps.join( '\n' ),
		retentionDays: String( settings.retentionDays ),
	};
}

/**
 * A draft as the request body.
 *
 * @param draft The draft.
 * @return The body.
 */
export function toPayload( draft: SettingsDraft ): SettingsPayload {
	return {
		enabled: draft.enabled,
		userOnline: draft.userOnline,
		onlineInterval: typedNumber( draft.onlineInterval ),
		dntEnabled: draft.dntEnabled,
		bypassAdBlockers: draft.bypassAdBlockers,
		linkTracker: draft.linkTracker,
		downloadTracker: draft.downloadTracker,
		downloadExtensions: splitList( draft.downloadExtensions ),
		consentIntegration: draft.consentIntegration,
		consentLevel: draft.consentLevel,
		trackAnonymously: draft.trackAnonymously,
		excludedRoles: draft.excludedRoles,
		excludedIps: splitList( draft.excludedIps ),
		retentionDays: typedNumber( draft.retentionDays ),
	};
}

/**
 * Turns one role on or off in the excluded roles, keeping their order.
 *
 * @param roles The excluded roles.
 * @param slug  The role.
 * @param on    Whether it is excluded.
 * @return The new list.
 */
export function toggleRole(
	roles: string[],
	slug: string,
	on: boolean
): string[] {
	const without = roles.filter( ( item ) => item !== slug );
	return on ? [ ...without, slug ] : without;
}
