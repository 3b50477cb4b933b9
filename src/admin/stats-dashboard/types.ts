/**
 * Shapes of the statistics dashboard's data: the page configuration (includes/Stats/DashboardPage.php), the
 * answers of `tessera/v1/stats/report`, `stats/settings` and `stats/import`.
 */

/** One day of the chart. */
export interface DailyRow {
	day: string;
	visitors: number;
	views: number;
}

/** A page of the top-pages list. */
export interface PageRow {
	source_type: string;
	source_id: number;
	page_uri: string;
	views: number;
	visitors: number;
	title: string;
	url: string;
}

/** A page someone is on now. */
export interface OnlinePage {
	page_uri: string;
	source_type: string;
	source_id: number;
	visitors: number;
}

/** A referring host ('' = no referrer). */
export interface ReferrerRow {
	host: string;
	views: number;
}

/** A browser, operating system or device type. */
export interface NamedRow {
	name: string;
	views: number;
}

/** An event (custom, link click or download). */
export interface EventRow {
	name: string;
	target: string;
	count: number;
}

/** The answer of `GET tessera/v1/stats/report`. */
export interface StatsReport {
	from: string;
	to: string;
	totals: { visitors: number; views: number };
	daily: DailyRow[];
	online: { count: number; pages: OnlinePage[] };
	pages: PageRow[];
	referrers: ReferrerRow[];
	browsers: NamedRow[];
	os: NamedRow[];
	devices: NamedRow[];
	events: EventRow[];
	clicks: EventRow[];
	downloads: EventRow[];
}

/** Consent integrations (includes/Stats/Settings.php). */
export const CONSENT_INTEGRATIONS = [
	'auto',
	'none',
	'tessera',
	'wp_consent_api',
	'real_cookie_banner',
	'borlabs_cookie',
] as const;

/** Consent levels of the WP Consent API. */
export const CONSENT_LEVELS = [
	'statistics',
	'statistics-anonymous',
	'marketing',
	'functional',
	'preferences',
	'disabled',
] as const;

export type ConsentIntegration = ( typeof CONSENT_INTEGRATIONS )[ number ];
export type ConsentLevel = ( typeof CONSENT_LEVELS )[ number ];

/** The statistics settings (`tessera_stats_settings`). */
export interface StatsSettings {
	enabled: boolean;
	userOnline: boolean;
	onlineInterval: number;
	dntEnabled: boolean;
	bypassAdBlockers: boolean;
	linkTracker: boolean;
	downloadTracker: boolean;
	downloadExtensions: string[];
	consentIntegration: ConsentIntegration;
	consentLevel: ConsentLevel;
	trackAnonymously: boolean;
	excludedRoles: string[];
	excludedIps: string[];
	retentionDays: number;
}

/** Keys of the settings. */
export type SettingKey = keyof StatsSettings;

/** A role of the site. */
export interface Role {
	slug: string;
	name: string;
}

/** The configuration the page prints (`window.tesseraStatsDashboard`). */
export interface DashboardConfig {
	today: string;
	maxDays: number;
	exportUrl: string;
	nonce: string;
	canManage: boolean;
	roles: Role[];
	startOfWeek: number;
}

/** The answer of `GET tessera/v1/stats/import`. */
export interface ImportStatus {
	available: boolean;
	tables: Record< string, number >;
	lastImport: Record< string, unknown > | null;
}

/** The answer of `POST tessera/v1/stats/import` (one slice of the work). */
export interface ImportStep {
	imported: Record< string, number >;
	done: boolean;
}

/** A refused request: the message and the field it names ('' = none). */
export interface RequestError {
	message: string;
	field: string;
	code: string;
	status: number;
}
