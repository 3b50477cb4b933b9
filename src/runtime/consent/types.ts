/**
 * Types of the consent runtime: the server-provided configuration (after
 * parsing), the consent state kept in the `cookieyes-consent` cookie and the
 * public object other code reads. Contract: `docs/consent.md`.
 */

/** The law the banner works under (spec §3). */
export type ConsentLaw = 'gdpr' | 'ccpa';

/** The `consent` key of the cookie (spec §3). */
export type ConsentValue = 'yes' | 'no' | 'reject';

/** A cookie a category sets, deleted when the category is refused. */
export interface CategoryCookie {
	/** Cookie name; a trailing `*` matches every name with that prefix. */
	cookieID: string;
	/** Domain the cookie was set for (may be empty: the page's host). */
	domain: string;
}

/**
 * A consent category (spec §3 Category), as far as the runtime needs it
 * (`name`, descriptions and durations are the banner's).
 */
export interface ConsentCategory {
	slug: string;
	isNecessary: boolean;
	defaultConsent: Record< ConsentLaw, boolean >;
	cookies: CategoryCookie[];
}

/** A provider whose scripts and iframes are blocked (spec §3). */
export interface ConsentProvider {
	/** Tests a URL (see `fullPath`) against the provider's `re` pattern. */
	test: ( subject: string ) => boolean;
	/** Known category slugs; the provider runs only when all are allowed. */
	categories: string[];
	/** Match the whole URL (with query) rather than host + path. */
	fullPath: boolean;
}

/** The parsed `#tessera-consent-config` configuration. */
export interface ConsentConfig {
	activeLaw: ConsentLaw;
	categories: ConsentCategory[];
	providers: ConsentProvider[];
	/** Lifetime of the consent cookie in days (default 365). */
	expiryDays: number;
	reloadOnAccept: boolean;
	respectDnt: boolean;
	honourGpc: boolean;
	languageCode: string;
}

/** What the `cookieyes-consent` cookie holds. */
export interface ConsentState {
	/** Random 32-character alphanumeric id. */
	consentID: string;
	consent: ConsentValue;
	/** `action:yes`: the visitor has acted (accepted, rejected, saved, closed). */
	action: boolean;
	/** Category slug => consented. */
	categories: Record< string, boolean >;
}

/** The public consent object (spec §3), as `getState()` returns it. */
export interface PublicConsent {
	activeLaw: ConsentLaw;
	categories: Record< string, boolean >;
	isUserActionCompleted: boolean;
	consentID: string;
	languageCode: string;
}

/** `window.tessera.consent`: the public object plus the actions. */
export interface ConsentApi extends PublicConsent {
	/** Accepts every category. */
	acceptAll: () => void;
	/** Refuses every non-necessary category (CCPA: opts out). */
	rejectAll: () => void;
	/** Saves a choice per category slug (unknown slugs are ignored). */
	save: ( choices: Record< string, boolean > ) => void;
	/** Closes the banner: the visitor has acted, choices unchanged. */
	close: () => void;
	/** CCPA "Do Not Sell or Share" toggle: true opts out. */
	optOut: ( on: boolean ) => void;
	/** A copy of the current public state. */
	getState: () => PublicConsent;
	/**
	 * Whether the current state lets a category's scripts run (the law
	 * applied: CCPA allows until the visitor opts out; Do Not Track not
	 * applied). For Consent Mode and the WP Consent API. Unknown slug: false.
	 */
	isAllowed: ( slug: string ) => boolean;
}

declare global {
	interface Window {
		/** Namespace of Tessera's front-end runtimes. */
		tessera?: {
			consent?: ConsentApi;
			/** The preference centre chunk, once loaded (`runtime/consent-preferences`). */
			consentPreferences?: { open: () => void; close: () => void };
			/** Custom statistics events (`runtime/tracker`, docs/stats.md). */
			track?: ( name: string, data?: object ) => void;
		};
	}
}
