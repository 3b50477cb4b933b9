/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	CHANGE_EVENT,
	startConsent,
} from '../../../src/runtime/consent/runtime';
import type {
	ConsentApi,
	PublicConsent,
} from '../../../src/runtime/consent/types';
import {
	clearCookies,
	GA_SRC,
	printConfig,
	setNavigator,
	YT_SRC,
	type RawConfig,
} from './fixtures';

const ID = 'Ab3dEfGh1jKlMn0pQrStUvWxYz012345';
const STORED = `consentid:${ ID },consent:yes,action:yes,necessary:yes,functional:no,analytics:yes,advertisement:no`;

let stop: ( () => void ) | null;
let events: PublicConsent[];
const onChange = ( event: Event ) =>
	events.push( ( event as CustomEvent< PublicConsent > ).detail );

const consentCookie = (): string =>
	document.cookie
		.split( '; ' )
		.find( ( part ) => part.startsWith( 'cookieyes-consent=' ) )
		?.slice( 'cookieyes-consent='.length ) ?? '';

const run = (
	overrides: Partial< RawConfig > = {},
	reload: () => void = () => {}
): ConsentApi => {
	printConfig( overrides );
	stop = startConsent( reload );
	return window.tessera!.consent!;
};

const pageWithBlockedContent = (): void => {
	document.body.innerHTML = `
		<script type="text/plain" data-tessera-category="analytics">window.ran.push( 'analytics' )</script>
		<script type="text/plain" data-tessera-category="advertisement">window.ran.push( 'ads' )</script>
		<iframe id="yt" width="560" height="315" src="${ YT_SRC }"></iframe>`;
};

describe( 'consent runtime', () => {
	beforeEach( () => {
		stop = null;
		events = [];
		window.ran = [];
		document.addEventListener( CHANGE_EVENT, onChange );
	} );

	afterEach( () => {
		stop?.();
		document.removeEventListener( CHANGE_EVENT, onChange );
		delete window.tessera;
		document.head.innerHTML = '';
		document.body.innerHTML = '';
		document.documentElement.removeAttribute( 'class' );
		clearCookies();
		setNavigator( 'doNotTrack', undefined );
		setNavigator( 'globalPrivacyControl', undefined );
		jest.restoreAllMocks();
	} );

	it( 'logs and stays off without a readable configuration', () => {
		expect( startConsent() ).toBeNull();
		expect( console ).toHaveErroredWith(
			'Tessera consent:',
			'configuration missing or invalid'
		);
		expect( window.tessera ).toBeUndefined();
	} );

	it( 'exposes the first-visit public object and writes no cookie yet', () => {
		const api = run();
		expect( api.getState() ).toEqual( {
			activeLaw: 'gdpr',
			categories: {
				necessary: true,
				functional: false,
				analytics: false,
				advertisement: false,
			},
			isUserActionCompleted: false,
			consentID: expect.stringMatching( /^[A-Za-z0-9]{32}$/ ),
			languageCode: 'en',
		} );
		expect( api ).toMatchObject( api.getState() );
		expect( document.cookie ).toBe( '' );
		expect( events ).toEqual( [] );
	} );

	it( 'falls back to the page language', () => {
		document.documentElement.lang = 'de-DE';
		expect( run( { languageCode: '' } ).languageCode ).toBe( 'de-DE' );
		document.documentElement.lang = '';
	} );

	it( 'reads a stored consent', () => {
		document.cookie = `cookieyes-consent=${ STORED };path=/`;
		const api = run();
		expect( api.getState() ).toMatchObject( {
			consentID: ID,
			isUserActionCompleted: true,
			categories: { analytics: true, advertisement: false },
		} );
	} );

	it.each( [
		[ 'malformed', 'consent:yes,action:yes,analytics:yes' ],
		[ 'truncated', STORED.slice( 0, 40 ) ],
		[ 'tampered', STORED.replace( 'action:yes', 'action:yes,action:yes' ) ],
		[
			'broken escape',
			STORED.replace( 'consent:yes', 'consent:%E0%A4%A' ),
		],
	] )( 'treats a %s cookie as no consent', ( _label, value ) => {
		document.cookie = `cookieyes-consent=${ value };path=/`;
		pageWithBlockedContent();
		const api = run();
		expect( api.isUserActionCompleted ).toBe( false );
		expect( api.consentID ).not.toBe( ID );
		expect( api.categories.analytics ).toBe( false );
		expect( window.ran ).toEqual( [] );
	} );

	it( 'under GDPR a cookie that records no action is no consent, whatever its categories say', () => {
		document.cookie = `cookieyes-consent=${ STORED.replace(
			'action:yes',
			'action:'
		) };path=/`;
		pageWithBlockedContent();
		const api = run();
		expect( api.isUserActionCompleted ).toBe( false );
		expect( api.categories.analytics ).toBe( false );
		expect( api.isAllowed( 'analytics' ) ).toBe( false );
		expect( window.ran ).toEqual( [] );
		expect(
			document.documentElement.classList.contains(
				'tessera-consent-acted'
			)
		).toBe( false );
	} );

	it( 'a visitor who has acted: the class on <html> at start, the banner hidden once parsed, allowed content restored', () => {
		document.cookie = `cookieyes-consent=${ STORED };path=/`;
		pageWithBlockedContent();
		const api = run();
		const html = document.documentElement;
		expect( html.classList.contains( 'tessera-consent-acted' ) ).toBe(
			true
		);
		expect( window.ran ).toEqual( [ 'analytics' ] );
		expect( api.isAllowed( 'analytics' ) ).toBe( true );
		expect( api.isAllowed( 'advertisement' ) ).toBe( false );
		expect( api.isAllowed( 'unknown' ) ).toBe( false );
		// The server printed the banner and a hidden revisit button: fixed once the document is parsed.
		document.body.insertAdjacentHTML(
			'afterbegin',
			'<div id="tessera-consent-banner"></div><button id="tessera-consent-revisit" hidden></button>'
		);
		document.dispatchEvent( new Event( 'DOMContentLoaded' ) );
		expect(
			document
				.getElementById( 'tessera-consent-banner' )!
				.hasAttribute( 'hidden' )
		).toBe( true );
		expect(
			document
				.getElementById( 'tessera-consent-revisit' )!
				.hasAttribute( 'hidden' )
		).toBe( false );
	} );

	it( 'does not accept an unknown category from the cookie', () => {
		document.cookie = `cookieyes-consent=${ STORED },marketing:yes;path=/`;
		expect( run().categories ).not.toHaveProperty( 'marketing' );
	} );

	it( 'accept all: cookie, public object, event, scripts and iframes restored', () => {
		pageWithBlockedContent();
		const api = run();
		const { consentID } = api;
		expect( document.getElementById( 'yt' )!.hasAttribute( 'src' ) ).toBe(
			false
		);
		api.acceptAll();
		expect( consentCookie() ).toBe(
			`consentid:${ consentID },consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,advertisement:yes`
		);
		const expected = {
			activeLaw: 'gdpr',
			categories: {
				necessary: true,
				functional: true,
				analytics: true,
				advertisement: true,
			},
			isUserActionCompleted: true,
			consentID,
			languageCode: 'en',
		};
		expect( events ).toEqual( [ expected ] );
		expect( api.getState() ).toEqual( expected );
		expect( window.tessera!.consent ).toMatchObject( expected );
		expect( window.ran ).toEqual( [ 'analytics', 'ads' ] );
		expect( document.getElementById( 'yt' )!.getAttribute( 'src' ) ).toBe(
			YT_SRC
		);
	} );

	it( 'writes the cookie with path /, SameSite=Strict and the configured max-age', () => {
		const setter = jest.spyOn( document, 'cookie', 'set' );
		const api = run( { expiryDays: 30 } );
		api.close();
		expect( setter ).toHaveBeenCalledWith(
			`cookieyes-consent=consentid:${ api.consentID },consent:no,action:yes,necessary:yes,functional:no,analytics:no,advertisement:no;path=/;max-age=2592000;SameSite=Strict`
		);
	} );

	it( 'reject all: deletes the refused categories’ cookies, keeps content blocked', () => {
		document.cookie = '_ga=GA1.1;path=/';
		document.cookie = '_ga_XYZ=1;path=/';
		document.cookie = 'lang_pref=de;path=/';
		document.cookie = 'site=1;path=/';
		pageWithBlockedContent();
		const api = run();
		api.rejectAll();
		expect( document.cookie.split( '; ' ).sort() ).toEqual( [
			`cookieyes-consent=consentid:${ api.consentID },consent:no,action:yes,necessary:yes,functional:no,analytics:no,advertisement:no`,
			'site=1',
		] );
		expect( window.ran ).toEqual( [] );
		expect( events ).toHaveLength( 1 );
		expect( events[ 0 ]?.isUserActionCompleted ).toBe( true );
	} );

	it( 'save: restores only the chosen category and deletes the others’ cookies', () => {
		document.cookie = 'lang_pref=de;path=/';
		pageWithBlockedContent();
		const api = run();
		api.save( { analytics: true, marketing: true } );
		expect( window.ran ).toEqual( [ 'analytics' ] );
		expect( api.categories ).toEqual( {
			necessary: true,
			functional: false,
			analytics: true,
			advertisement: false,
		} );
		expect( document.cookie ).not.toContain( 'lang_pref' );
		expect( consentCookie() ).toContain( ',consent:yes,action:yes,' );
	} );

	it( 'blocks a matching script inserted after start, and runs nothing blocked on close', () => {
		const api = run();
		const ga = document.createElement( 'script' );
		ga.src = GA_SRC;
		document.head.appendChild( ga );
		expect( ga.type ).toBe( 'text/plain' );
		api.close();
		expect( ga.type ).toBe( 'text/plain' );
		expect( api.isUserActionCompleted ).toBe( true );
		expect( events ).toHaveLength( 1 );
	} );

	it( 'Do Not Track with respectDnt: accepting does not restore', () => {
		setNavigator( 'doNotTrack', '1' );
		pageWithBlockedContent();
		const api = run( { respectDnt: true } );
		api.acceptAll();
		expect( api.categories.analytics ).toBe( true );
		expect( window.ran ).toEqual( [] );
		expect( document.getElementById( 'yt' )!.hasAttribute( 'src' ) ).toBe(
			false
		);
	} );

	it( 'Do Not Track without respectDnt: accepting restores', () => {
		setNavigator( 'doNotTrack', '1' );
		pageWithBlockedContent();
		run( { respectDnt: false } ).acceptAll();
		expect( window.ran ).toEqual( [ 'analytics', 'ads' ] );
	} );

	it( 'reloads instead of restoring after accepting, when configured', () => {
		const reload = jest.fn();
		pageWithBlockedContent();
		const api = run( { reloadOnAccept: true }, reload );
		api.rejectAll();
		expect( reload ).not.toHaveBeenCalled();
		api.acceptAll();
		expect( reload ).toHaveBeenCalledTimes( 1 );
		expect( window.ran ).toEqual( [] );
		expect( events ).toHaveLength( 2 );
	} );

	describe( 'CCPA', () => {
		it( 'blocks nothing before opting out', () => {
			pageWithBlockedContent();
			document.body.insertAdjacentHTML(
				'beforeend',
				`<script id="ga" src="${ GA_SRC }"></script>`
			);
			const api = run( { activeLaw: 'ccpa' } );
			expect( api.activeLaw ).toBe( 'ccpa' );
			expect(
				document.getElementById( 'ga' )!.hasAttribute( 'type' )
			).toBe( false );
			expect(
				document.getElementById( 'yt' )!.getAttribute( 'src' )
			).toBe( YT_SRC );
			// What the server blocked for everyone runs at once: nothing is blocked before an opt-out.
			expect( window.ran ).toEqual( [ 'analytics', 'ads' ] );
			expect( api.isAllowed( 'advertisement' ) ).toBe( true );
		} );

		it( 'opt-out toggle on: consent reject, blocks what is not on by default', () => {
			const api = run( { activeLaw: 'ccpa' } );
			api.optOut( true );
			expect( consentCookie() ).toBe(
				`consentid:${ api.consentID },consent:reject,action:yes,necessary:yes,functional:yes,analytics:yes,advertisement:no`
			);
			const yt = document.createElement( 'iframe' );
			yt.src = YT_SRC;
			document.body.appendChild( yt );
			expect( yt.hasAttribute( 'src' ) ).toBe( false );
			expect( api.isAllowed( 'advertisement' ) ).toBe( false );
			expect( api.isAllowed( 'analytics' ) ).toBe( true );
			const ga = document.createElement( 'script' );
			ga.src = GA_SRC;
			document.body.appendChild( ga );
			expect( ga.hasAttribute( 'type' ) ).toBe( false );
			api.optOut( false );
			expect( consentCookie() ).toContain( ',consent:yes,action:yes,' );
			expect( yt.getAttribute( 'src' ) ).toBe( YT_SRC );
			expect( events.map( ( e ) => e.categories.advertisement ) ).toEqual(
				[ false, true ]
			);
		} );

		it( 'honours Global Privacy Control as an opt-out when configured', () => {
			setNavigator( 'globalPrivacyControl', true );
			pageWithBlockedContent();
			const api = run( { activeLaw: 'ccpa', honourGpc: true } );
			expect( api.isUserActionCompleted ).toBe( false );
			expect( api.isAllowed( 'advertisement' ) ).toBe( false );
			expect( window.ran ).toEqual( [ 'analytics' ] );
			expect(
				document.getElementById( 'yt' )!.hasAttribute( 'src' )
			).toBe( false );
		} );

		it( 'ignores Global Privacy Control unless configured', () => {
			setNavigator( 'globalPrivacyControl', true );
			pageWithBlockedContent();
			run( { activeLaw: 'ccpa', honourGpc: false } );
			expect(
				document.getElementById( 'yt' )!.getAttribute( 'src' )
			).toBe( YT_SRC );
		} );
	} );
} );
