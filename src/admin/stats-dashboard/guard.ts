/**
 * Hand-written guards for everything the dashboard reads from the server (guide §3.7): the page configuration
 * and the answers of `tessera/v1/stats/*`. Anything that does not have the expected shape is refused (null).
 */

/**
 * Internal dependencies
 */
import {
	CONSENT_INTEGRATIONS,
	CONSENT_LEVELS,
	type DailyRow,
	type DashboardConfig,
	type EventRow,
	type ImportStatus,
	type ImportStep,
	type NamedRow,
	type OnlinePage,
	type PageRow,
	type ReferrerRow,
	type RequestError,
	type Role,
	type StatsReport,
	type StatsSettings,
} from './types';

type Dict = Record< string, unknown >;

const isDict = ( value: unknown ): value is Dict =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

const isString = ( value: unknown ): value is string =>
	typeof value === 'string';

const isBool = ( value: unknown ): value is boolean =>
	typeof value === 'boolean';

const isCount = ( value: unknown ): value is number =>
	typeof value === 'number' && Number.isInteger( value ) && value >= 0;

const isDay = ( value: unknown ): value is string =>
	isString( value ) && /^\d{4}-\d{2}-\d{2}$/.test( value );

const oneOf = < T extends string >(
	list: readonly T[],
	value: unknown
): value is T =>
	isString( value ) && ( list as readonly string[] ).includes( value );

/**
 * Every item of a list through a parser, or null when it is not a list or an item fails.
 *
 * @param value The value.
 * @param parse Item parser.
 * @return The items, or null.
 */
function listOf< T >(
	value: unknown,
	parse: ( item: unknown ) => T | null
): T[] | null {
	if ( ! Array.isArray( value ) ) {
		return null;
	}
	const out: T[] = [];
	for ( const item of value ) {
		const parsed = parse( item );
		if ( parsed === null ) {
			return null;
		}
		out.push( parsed );
	}
	return out;
}

const strings = ( value: unknown ): string[] | null =>
	listOf( value, ( item ) => ( isString( item ) ? item : null ) );

const daily = ( item: unknown ): DailyRow | null =>
	isDict( item ) &&
	isDay( item.day ) &&
	isCount( item.visitors ) &&
	isCount( item.views )
		? { day: item.day, visitors: item.visitors, views: item.views }
		: null;

/**
 * A link on this site: http(s) only (never `javascript:`), else ''.
 *
 * @param value The URL the server sent.
 * @return The URL, or ''.
 */
export function safeUrl( value: unknown ): string {
	if ( ! isString( value ) ) {
		return '';
	}
	try {
		const url = new URL( value );
		return url.protocol === 'http:' || url.protocol === 'https:'
			? url.href
			: '';
	} catch {
		return '';
	}
}

const page = ( item: unknown ): PageRow | null =>
	isDict( item ) &&
	isString( item.source_type ) &&
	isCount( item.source_id ) &&
	isString( item.page_uri ) &&
	isCount( item.views ) &&
	isCount( item.visitors )
		? {
				source_type: item.source_type,
				source_id: item.source_id,
				page_uri: item.page_uri,
				views: item.views,
				visitors: item.visitors,
				title: isString( item.title ) ? item.title : '',
				url: safeUrl( item.url ),
			}
		: null;

const onlinePage = ( item: unknown ): OnlinePage | null =>
	isDict( item ) &&
	isString( item.page_uri ) &&
	isString( item.source_type ) &&
	isCount( item.source_id ) &&
	isCount( item.visitors )
		? {
				page_uri: item.page_uri,
				source_type: item.source_type,
				source_id: item.source_id,
				visitors: item.visitors,
			}
		: null;

const referrer = ( item: unknown ): ReferrerRow | null =>
	isDict( item ) && isString( item.host ) && isCount( item.views )
		? { host: item.host, views: item.views }
		: null;

const named = ( item: unknown ): NamedRow | null =>
	isDict( item ) && isString( item.name ) && isCount( item.views )
		? { name: item.name, views: item.views }
		: null;

const event = ( item: unknown ): EventRow | null =>
	isDict( item ) &&
	isString( item.name ) &&
	isString( item.target ) &&
	isCount( item.count )
		? { name: item.name, target: item.target, count: item.count }
		: null;

/**
 * The answer of `GET tessera/v1/stats/report`, or null.
 *
 * @param value The parsed body.
 * @return The report, or null.
 */
export function parseReport( value: unknown ): StatsReport | null {
	if (
		! isDict( value ) ||
		! isDay( value.from ) ||
		! isDay( value.to ) ||
		! isDict( value.totals ) ||
		! isCount( value.totals.visitors ) ||
		! isCount( value.totals.views ) ||
		! isDict( value.online ) ||
		! isCount( value.online.count )
	) {
		return null;
	}
	const days = listOf( value.daily, daily );
	const onlinePages = listOf( value.online.pages, onlinePage );
	const pages = listOf( value.pages, page );
	const referrers = listOf( value.referrers, referrer );
	const browsers = listOf( value.browsers, named );
	const os = listOf( value.os, named );
	const devices = listOf( value.devices, named );
	const events = listOf( value.events, event );
	const clicks = listOf( value.clicks, event );
	const downloads = listOf( value.downloads, event );
	if (
		! days ||
		! onlinePages ||
		! pages ||
		! referrers ||
		! browsers ||
		! os ||
		! devices ||
		! events ||
		! clicks ||
		! downloads
	) {
		return null;
	}
	return {
		from: value.from,
		to: value.to,
		totals: {
			visitors: value.totals.visitors,
			views: value.totals.views,
		},
		daily: days,
		online: { count: value.online.count, pages: onlinePages },
		pages,
		referrers,
		browsers,
		os,
		devices,
		events,
		clicks,
		downloads,
	};
}

/**
 * The statistics settings (answer of GET or a successful POST `tessera/v1/stats/settings`), or null.
 *
 * @param value The parsed body.
 * @return The settings, or null.
 */
export function parseSettings( value: unknown ): StatsSettings | null {
	if ( ! isDict( value ) ) {
		return null;
	}
	const downloadExtensions = strings( value.downloadExtensions );
	const excludedRoles = strings( value.excludedRoles );
	const excludedIps = strings( value.excludedIps );
	if (
		! isBool( value.enabled ) ||
		! isBool( value.userOnline ) ||
		! isCount( value.onlineInterval ) ||
		! isBool( value.dntEnabled ) ||
		! isBool( value.bypassAdBlockers ) ||
		! isBool( value.linkTracker ) ||
		! isBool( value.downloadTracker ) ||
		! downloadExtensions ||
		! oneOf( CONSENT_INTEGRATIONS, value.consentIntegration ) ||
		! oneOf( CONSENT_LEVELS, value.consentLevel ) ||
		! isBool( value.trackAnonymously ) ||
		! excludedRoles ||
		! excludedIps ||
		! isCount( value.retentionDays )
	) {
		return null;
	}
	return {
		enabled: value.enabled,
		userOnline: value.userOnline,
		onlineInterval: value.onlineInterval,
		dntEnabled: value.dntEnabled,
		bypassAdBlockers: value.bypassAdBlockers,
		linkTracker: value.linkTracker,
		downloadTracker: value.downloadTracker,
		downloadExtensions,
		consentIntegration: value.consentIntegration,
		consentLevel: value.consentLevel,
		trackAnonymously: value.trackAnonymously,
		excludedRoles,
		excludedIps,
		retentionDays: value.retentionDays,
	};
}

const role = ( item: unknown ): Role | null =>
	isDict( item ) && isString( item.slug ) && isString( item.name )
		? { slug: item.slug, name: item.name }
		: null;

/**
 * The page configuration (`window.tesseraStatsDashboard`), or null.
 *
 * @param value The global's value.
 * @return The configuration, or null.
 */
export function parseConfig( value: unknown ): DashboardConfig | null {
	if (
		! isDict( value ) ||
		! isDay( value.today ) ||
		! isCount( value.maxDays ) ||
		! isString( value.nonce ) ||
		! isBool( value.canManage ) ||
		! isCount( value.startOfWeek )
	) {
		return null;
	}
	const exportUrl = safeUrl( value.exportUrl );
	const roles = listOf( value.roles, role );
	if ( exportUrl === '' || ! roles ) {
		return null;
	}
	return {
		today: value.today,
		maxDays: value.maxDays,
		exportUrl,
		nonce: value.nonce,
		canManage: value.canManage,
		roles,
		startOfWeek: value.startOfWeek,
	};
}

const counts = ( value: unknown ): Record< string, number > | null => {
	if ( ! isDict( value ) ) {
		return null;
	}
	const out: Record< string, number > = {};
	for ( const [ key, item ] of Object.entries( value ) ) {
		if ( ! isCount( item ) ) {
			return null;
		}
		out[ key ] = item;
	}
	return out;
};

/**
 * The answer of `GET tessera/v1/stats/import`, or null.
 *
 * @param value The parsed body.
 * @return The status, or null.
 */
export function parseImportStatus( value: unknown ): ImportStatus | null {
	if ( ! isDict( value ) || ! isBool( value.available ) ) {
		return null;
	}
	return {
		available: value.available,
		tables: counts( value.tables ) ?? {},
		lastImport: isDict( value.lastImport ) ? value.lastImport : null,
	};
}

/**
 * The answer of `POST tessera/v1/stats/import`, or null.
 *
 * @param value The parsed body.
 * @return The step, or null.
 */
export function parseImportStep( value: unknown ): ImportStep | null {
	if ( ! isDict( value ) ) {
		return null;
	}
	const imported = counts( value.imported );
	if ( ! imported ) {
		return null;
	}
	// Without `done`, the answer is taken as complete (one call did everything).
	return { imported, done: isBool( value.done ) ? value.done : true };
}

/**
 * A REST error body (what apiFetch rejects with), or null when it is not one.
 *
 * @param value The rejection.
 * @return The error, or null.
 */
export function parseRequestError( value: unknown ): RequestError | null {
	if ( ! isDict( value ) || ! isString( value.message ) ) {
		return null;
	}
	const message = value.message.trim();
	if ( message === '' ) {
		return null;
	}
	const data = isDict( value.data ) ? value.data : {};
	return {
		message,
		field: isString( data.field ) ? data.field : '',
		code: isString( value.code ) ? value.code : '',
		status: isCount( data.status ) ? data.status : 0,
	};
}
