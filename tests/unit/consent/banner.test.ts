/**
 * The banner glue: buttons with `data-tessera-consent` drive the consent API,
 * `preferences` loads the preference centre chunk on intent, and an action
 * hides the banner, shows the revisit button and sends the consent log.
 */

/**
 * External dependencies
 */
import {
	afterEach,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import { afterAction, wireBanner } from '../../../src/runtime/consent/banner';
import type { ConsentApi } from '../../../src/runtime/consent/types';

const calls: string[] = [];
const api = {
	acceptAll: () => calls.push( 'acceptAll' ),
	rejectAll: () => calls.push( 'rejectAll' ),
	close: () => calls.push( 'close' ),
} as unknown as ConsentApi;

// A real bubbling click (SVG elements have no `click()` method).
const click = ( selector: string ): void => {
	document
		.querySelector( selector )
		?.dispatchEvent( new MouseEvent( 'click', { bubbles: true } ) );
};

const TEMPLATE = `<template id="tessera-consent-preferences" data-script="http://127.0.0.1/prefs.js?ver=1" data-log="http://127.0.0.1/wp-json/tessera/v1/consent/log"></template>`;

describe( 'banner glue', () => {
	beforeAll( () => wireBanner( api ) );

	beforeEach( () => {
		calls.length = 0;
		document.body.innerHTML = `
			<div id="tessera-consent-banner" role="region">
				<button type="button" data-tessera-consent="preferences">Customize</button>
				<button type="button" data-tessera-consent="reject">Reject all</button>
				<button type="button" data-tessera-consent="accept"><span class="label">Accept all</span></button>
				<button type="button" data-tessera-consent="close"><svg><path></path></svg></button>
			</div>
			<button type="button" id="tessera-consent-revisit" data-tessera-consent="preferences" hidden>Revisit</button>
			<button type="button" id="other">Other</button>
			${ TEMPLATE }`;
	} );

	afterEach( () => {
		document.head.innerHTML = '';
		delete window.tessera;
	} );

	it( 'maps accept, reject and close to the API, also from inside a button', () => {
		click( '[data-tessera-consent="accept"] .label' );
		click( '[data-tessera-consent="reject"]' );
		click( '[data-tessera-consent="close"] path' );
		expect( calls ).toEqual( [ 'acceptAll', 'rejectAll', 'close' ] );
	} );

	it( 'ignores clicks elsewhere', () => {
		click( '#other' );
		expect( calls ).toEqual( [] );
		expect( document.head.querySelector( 'script' ) ).toBeNull();
	} );

	it( 'loads the preference centre from the template on the first click', () => {
		click( '#tessera-consent-banner [data-tessera-consent="preferences"]' );
		const scripts = document.head.querySelectorAll( 'script' );
		expect( scripts ).toHaveLength( 1 );
		expect( scripts[ 0 ]?.getAttribute( 'src' ) ).toBe(
			'http://127.0.0.1/prefs.js?ver=1'
		);
		expect( calls ).toEqual( [] );
	} );

	it( 'opens the loaded preference centre instead of loading it again', () => {
		const open = jest.fn();
		window.tessera = { consentPreferences: { open, close: () => {} } };
		click( '#tessera-consent-revisit' );
		expect( open ).toHaveBeenCalledTimes( 1 );
		expect( document.head.querySelector( 'script' ) ).toBeNull();
	} );

	it( 'hides the banner, shows the revisit button and logs the choice', () => {
		const beacon = jest.fn( () => true );
		Object.defineProperty( navigator, 'sendBeacon', {
			value: beacon,
			configurable: true,
		} );
		afterAction( 'consentid:x,consent:yes' );
		expect(
			document.getElementById( 'tessera-consent-banner' )?.hidden
		).toBe( true );
		expect(
			document.getElementById( 'tessera-consent-revisit' )?.hidden
		).toBe( false );
		expect( beacon ).toHaveBeenCalledTimes( 1 );
		const [ url, body ] = beacon.mock.calls[ 0 ] as unknown as [
			string,
			URLSearchParams,
		];
		expect( url ).toBe( 'http://127.0.0.1/wp-json/tessera/v1/consent/log' );
		expect( body.get( 'consent' ) ).toBe( 'consentid:x,consent:yes' );
	} );

	it( 'sends no log when the page has no log address', () => {
		const beacon = jest.fn( () => true );
		Object.defineProperty( navigator, 'sendBeacon', {
			value: beacon,
			configurable: true,
		} );
		document.getElementById( 'tessera-consent-preferences' )?.remove();
		afterAction( 'consentid:x' );
		expect( beacon ).not.toHaveBeenCalled();
		expect(
			document.getElementById( 'tessera-consent-banner' )?.hidden
		).toBe( true );
	} );
} );
