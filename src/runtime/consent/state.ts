/**
 * The consent state machine (spec §4 Consent, §5 Optimization and consent).
 * Pure functions: each action returns a new state.
 */

/**
 * Internal dependencies
 */
import type {
	ConsentCategory,
	ConsentLaw,
	ConsentState,
	ConsentValue,
} from './types';

/**
 * A random 32-character alphanumeric consent id (`crypto.getRandomValues`,
 * base 36: digits and lower-case letters).
 *
 * @return The id.
 */
export const randomConsentID = (): string =>
	Array.from( crypto.getRandomValues( new Uint8Array( 32 ) ), ( byte ) =>
		( byte % 36 ).toString( 36 )
	).join( '' );

const choose = (
	categories: ConsentCategory[],
	pick: ( category: ConsentCategory ) => boolean
): Record< string, boolean > =>
	Object.fromEntries(
		categories.map( ( category ) => [
			category.slug,
			category.isNecessary || pick( category ),
		] )
	);

/**
 * The state of a first visit (no stored action): consent `no`, each category
 * its default for the law, necessary ones yes. With Global Privacy Control
 * honoured, the visitor starts as having refused (CCPA: opted out).
 *
 * @param categories The configured categories.
 * @param law        The active law.
 * @param gpc        Whether an honoured GPC signal is present.
 * @return The state (action not done).
 */
export function initialState(
	categories: ConsentCategory[],
	law: ConsentLaw,
	gpc = false
): ConsentState {
	const state: ConsentState = {
		consentID: randomConsentID(),
		consent: 'no',
		action: false,
		categories: choose( categories, ( c ) => c.defaultConsent[ law ] ),
	};
	return gpc
		? { ...rejectAll( state, categories, law ), action: false }
		: state;
}

const acted = (
	state: ConsentState,
	consent: ConsentValue,
	chosen: Record< string, boolean >
): ConsentState => ( {
	...state,
	consent,
	action: true,
	categories: chosen,
} );

/**
 * Accept all: every category yes, consent yes.
 *
 * @param state      The current state.
 * @param categories The configured categories.
 * @return The new state.
 */
export const acceptAll = (
	state: ConsentState,
	categories: ConsentCategory[]
): ConsentState =>
	acted(
		state,
		'yes',
		choose( categories, () => true )
	);

/**
 * Reject all. GDPR: every non-necessary category no, consent no. CCPA (the
 * opt-out toggle on): categories not on by default are no, consent reject.
 *
 * @param state      The current state.
 * @param categories The configured categories.
 * @param law        The active law.
 * @return The new state.
 */
export const rejectAll = (
	state: ConsentState,
	categories: ConsentCategory[],
	law: ConsentLaw
): ConsentState =>
	acted(
		state,
		law === 'gdpr' ? 'no' : 'reject',
		choose( categories, ( c ) => law === 'ccpa' && c.defaultConsent.ccpa )
	);

/**
 * Save a custom choice. Slugs not given keep their current value; necessary
 * categories stay yes. GDPR: consent yes when a non-necessary category is
 * accepted, else no. CCPA: consent reject when one is refused, else yes.
 *
 * @param state      The current state.
 * @param categories The configured categories.
 * @param law        The active law.
 * @param choices    Category slug => consented (other keys ignored).
 * @return The new state.
 */
export function saveChoices(
	state: ConsentState,
	categories: ConsentCategory[],
	law: ConsentLaw,
	choices: Record< string, unknown >
): ConsentState {
	const chosen = choose( categories, ( { slug } ) =>
		typeof choices[ slug ] === 'boolean'
			? ( choices[ slug ] as boolean )
			: !! state.categories[ slug ]
	);
	const optional = categories.filter( ( c ) => ! c.isNecessary );
	return acted(
		state,
		law === 'gdpr'
			? ( optional.some( ( c ) => chosen[ c.slug ] ) && 'yes' ) || 'no'
			: ( optional.every( ( c ) => chosen[ c.slug ] ) && 'yes' ) ||
					'reject',
		chosen
	);
}

/**
 * Close the banner: action yes, consent and categories unchanged.
 *
 * @param state The current state.
 * @return The new state.
 */
export const closeBanner = ( state: ConsentState ): ConsentState => ( {
	...state,
	action: true,
} );

/**
 * Whether a category's scripts and iframes are blocked (spec §5). Necessary
 * categories never are. GDPR: blocked until consented (a first visit uses the
 * law's default). CCPA: blocked only while the visitor has opted out
 * (consent reject) and the category is not consented.
 *
 * @param state    The current state.
 * @param category The category.
 * @param law      The active law.
 * @return True when blocked.
 */
export const isBlocked = (
	state: ConsentState,
	category: ConsentCategory,
	law: ConsentLaw
): boolean =>
	! category.isNecessary &&
	! state.categories[ category.slug ] &&
	( law === 'gdpr' || state.consent === 'reject' );
