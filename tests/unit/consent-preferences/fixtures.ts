/**
 * Shared fixtures of the preference centre tests: the server's template (GDPR
 * and CCPA, as `docs/consent.md` prints them), a fake consent API and a
 * `showModal()` / `close()` polyfill (jsdom has neither).
 */

/**
 * External dependencies
 */
import { jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import type { ConsentApi } from '../../../src/runtime/consent/types';

/** A category as the template prints it. */
interface TemplateCategory {
	slug: string;
	necessary?: boolean;
	description?: string;
}

const CATEGORIES: TemplateCategory[] = [
	{ slug: 'necessary', necessary: true },
	{ slug: 'functional' },
	{ slug: 'analytics' },
	{ slug: 'advertisement' },
];

const category = ( { slug, necessary, description }: TemplateCategory ) => `
	<div class="tessera-consent-prefs__category">
		<div class="tessera-consent-prefs__category-header">
			<h3 class="tessera-consent-prefs__category-name" id="tessera-consent-category-${ slug }-name">${ slug }</h3>
			<input type="checkbox" role="switch" class="tessera-consent-prefs__switch" id="tessera-consent-category-${ slug }"
				data-tessera-category-switch="${ slug }" aria-labelledby="tessera-consent-category-${ slug }-name"
				${ necessary ? 'checked disabled' : '' }>
			${ necessary ? '<span class="tessera-consent-prefs__always">Always active</span>' : '' }
		</div>
		<div class="tessera-consent-prefs__category-description" data-tessera-truncate>${
			description ?? `<p>About ${ slug }.</p>`
		}</div>
	</div>`;

const CLOSE =
	'<button type="button" class="tessera-consent__close" data-tessera-prefs="dismiss" aria-label="Close"><svg aria-hidden="true"><path d="M0 0"/></svg></button>';

/** Template options. */
interface TemplateOptions {
	law?: 'gdpr' | 'ccpa';
	description?: string;
	categories?: TemplateCategory[];
	style?: string | null;
}

/**
 * Prints the page: revisit button, a "Customize" opener and the template.
 *
 * @param options             Law, description HTML, categories, stylesheet URL.
 * @param options.law
 * @param options.description
 * @param options.categories
 * @param options.style
 */
export function printPage( {
	law = 'gdpr',
	description = '<p>We use cookies.</p>',
	categories = CATEGORIES,
	style = 'https://example.test/consent-preferences.css',
}: TemplateOptions = {} ): void {
	const body =
		law === 'ccpa'
			? `<div class="tessera-consent-prefs__description" data-tessera-truncate>${ description }</div>
				<label class="tessera-consent-prefs__optout"><input type="checkbox" role="switch" data-tessera-optout> <span>Do Not Sell or Share My Personal Information</span></label>`
			: `<div class="tessera-consent-prefs__description" data-tessera-truncate>${ description }</div>${ categories
					.map( category )
					.join( '' ) }`;
	const footer =
		law === 'ccpa'
			? `<button type="button" class="tessera-consent__button" data-tessera-prefs="dismiss">Cancel</button>
				<button type="button" class="tessera-consent__button" data-tessera-prefs="save">Save my preferences</button>`
			: `<button type="button" class="tessera-consent__button" data-tessera-prefs="reject">Reject all</button>
				<button type="button" class="tessera-consent__button" data-tessera-prefs="save">Save my preferences</button>
				<button type="button" class="tessera-consent__button tessera-consent__button--primary" data-tessera-prefs="accept">Accept all</button>`;
	document.head.innerHTML = '';
	document.body.innerHTML = `
		<button type="button" id="opener" data-tessera-consent="preferences">Customize</button>
		<button type="button" class="tessera-consent-revisit" id="tessera-consent-revisit" hidden>Consent preferences</button>
		<template id="tessera-consent-preferences" data-script="https://example.test/consent-preferences.js"
			${ style === null ? '' : `data-style="${ style }"` }>
			<dialog class="tessera-consent-prefs tessera-consent-prefs--popup" aria-labelledby="tessera-consent-prefs-title"
				data-tessera-law="${ law }" data-more="Show more" data-less="Show less">
				<div class="tessera-consent-prefs__header">
					<h2 class="tessera-consent-prefs__title" id="tessera-consent-prefs-title">Preferences</h2>${ CLOSE }
				</div>
				<div class="tessera-consent-prefs__body">${ body }</div>
				<div class="tessera-consent-prefs__footer">${ footer }</div>
			</dialog>
		</template>`;
}

/** The fake API's mocked methods. */
export interface FakeApi extends ConsentApi {
	acceptAll: jest.Mock< () => void >;
	rejectAll: jest.Mock< () => void >;
	save: jest.Mock< ( choices: Record< string, boolean > ) => void >;
	close: jest.Mock< () => void >;
	optOut: jest.Mock< ( on: boolean ) => void >;
}

/**
 * Installs a fake `window.tessera.consent`.
 *
 * @param state Overrides of the public state.
 * @return The fake.
 */
export function fakeConsent(
	state: Partial<
		Pick< ConsentApi, 'activeLaw' | 'categories' | 'isUserActionCompleted' >
	> = {}
): FakeApi {
	const api: FakeApi = {
		activeLaw: 'gdpr',
		categories: {
			necessary: true,
			functional: false,
			analytics: true,
			advertisement: false,
		},
		isUserActionCompleted: true,
		consentID: 'Ab3dEfGh1jKlMn0pQrStUvWxYz012345',
		languageCode: 'en',
		...state,
		acceptAll: jest.fn(),
		rejectAll: jest.fn(),
		save: jest.fn(),
		close: jest.fn(),
		optOut: jest.fn(),
		getState: () => api,
		isAllowed: ( slug: string ) => !! api.categories[ slug ],
	};
	window.tessera = { consent: api };
	return api;
}

/** Gives jsdom's `<dialog>` the modal methods Chromium has. */
export function polyfillDialog(): void {
	Object.assign( HTMLDialogElement.prototype, {
		showModal( this: HTMLDialogElement ) {
			this.setAttribute( 'open', '' );
		},
		close( this: HTMLDialogElement ) {
			if ( this.open ) {
				this.removeAttribute( 'open' );
				this.dispatchEvent( new Event( 'close' ) );
			}
		},
	} );
}

/**
 * The dialog in the page (not the template's).
 *
 * @return The dialog.
 */
export const pageDialog = (): HTMLDialogElement =>
	document.body.querySelector( ':scope > dialog' ) as HTMLDialogElement;

/**
 * An element of the page dialog.
 *
 * @param selector CSS selector.
 * @return The element.
 */
export const inDialog = < T extends HTMLElement = HTMLElement >(
	selector: string
): T => pageDialog().querySelector( selector ) as T;

/**
 * Clicks an element (a real `click` event, bubbling).
 *
 * @param el The element.
 */
export const click = ( el: Element ): void => {
	el.dispatchEvent( new MouseEvent( 'click', { bubbles: true } ) );
};

/**
 * The focused element.
 *
 * @return It (the body when nothing is).
 */
export const focused = (): Element | null =>
	document.body.ownerDocument.activeElement;
