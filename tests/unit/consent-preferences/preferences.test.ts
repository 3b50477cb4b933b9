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
import {
	createPreferences,
	startPreferences,
	type PreferencesApi,
} from '../../../src/runtime/consent/preferences/preferences';
import {
	click,
	focused,
	fakeConsent,
	inDialog,
	pageDialog,
	polyfillDialog,
	printPage,
	type FakeApi,
} from './fixtures';

let prefs: PreferencesApi;
let api: FakeApi;

/**
 * Opens the dialog, the stylesheet "loading" at once.
 *
 * @param preferences The preference centre.
 */
const open = async ( preferences: PreferencesApi = prefs ): Promise< void > => {
	const opening = preferences.open();
	document.head
		.querySelector( 'link[rel=stylesheet]' )
		?.dispatchEvent( new Event( 'load' ) );
	await opening;
};

const switchOf = ( slug: string ) =>
	inDialog< HTMLInputElement >(
		`[data-tessera-category-switch="${ slug }"]`
	);

const button = ( action: string ) =>
	inDialog( `[data-tessera-prefs="${ action }"]` );

beforeAll( polyfillDialog );

beforeEach( () => {
	printPage();
	api = fakeConsent();
	prefs = createPreferences();
} );

afterEach( () => {
	delete window.tessera;
	jest.useRealTimers();
	jest.restoreAllMocks();
} );

describe( 'startPreferences', () => {
	it( 'exposes open/close on window.tessera and opens the dialog', async () => {
		startPreferences();
		const exposed = window.tessera?.consentPreferences;
		expect( exposed ).toEqual( {
			open: expect.any( Function ),
			close: expect.any( Function ),
		} );
		document.head
			.querySelector( 'link' )
			?.dispatchEvent( new Event( 'load' ) );
		await exposed?.open();
		expect( pageDialog().open ).toBe( true );
	} );

	it( 'reuses the first copy when the chunk runs twice', async () => {
		startPreferences();
		const first = window.tessera?.consentPreferences;
		startPreferences();
		document.head
			.querySelector( 'link' )
			?.dispatchEvent( new Event( 'load' ) );
		await first?.open();
		expect( window.tessera?.consentPreferences ).toBe( first );
		expect( document.querySelectorAll( 'body > dialog' ) ).toHaveLength(
			1
		);
		expect( document.querySelectorAll( 'link' ) ).toHaveLength( 1 );
	} );

	it( 'logs and does nothing when the consent runtime has not started', async () => {
		delete window.tessera;
		expect( () => startPreferences() ).not.toThrow();
		await expect( prefs.open() ).resolves.toBeUndefined();
		expect( console ).toHaveErroredWith(
			'Tessera consent: runtime not started'
		);
		expect( window.tessera ).toBeUndefined();
		expect( pageDialog() ).toBeNull();
		expect( document.querySelector( 'link' ) ).toBeNull();
	} );
} );

describe( 'open', () => {
	it( 'clones the template dialog into the body once and shows it as a modal', async () => {
		const showModal = jest.spyOn(
			HTMLDialogElement.prototype,
			'showModal'
		);
		await open();
		const dialog = pageDialog();
		expect( dialog.classList ).toContain( 'tessera-consent-prefs' );
		expect( showModal ).toHaveBeenCalledTimes( 1 );
		expect( showModal.mock.contexts[ 0 ] ).toBe( dialog );
		// The template keeps its own dialog for the next page view.
		const template = document.getElementById(
			'tessera-consent-preferences'
		) as HTMLTemplateElement;
		expect( template.content.querySelector( 'dialog' ) ).not.toBeNull();

		prefs.close();
		await open();
		expect( pageDialog() ).toBe( dialog );
		expect( document.querySelectorAll( 'body > dialog' ) ).toHaveLength(
			1
		);
		expect( showModal ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'adds the stylesheet once, before showing the dialog', async () => {
		const opening = prefs.open();
		const links = document.head.querySelectorAll< HTMLLinkElement >(
			'link[rel=stylesheet]'
		);
		expect( links ).toHaveLength( 1 );
		expect( links[ 0 ]?.href ).toBe(
			'https://example.test/consent-preferences.css'
		);
		await Promise.resolve();
		expect( pageDialog()?.open ).toBeFalsy();
		links[ 0 ]?.dispatchEvent( new Event( 'load' ) );
		await opening;
		expect( pageDialog().open ).toBe( true );
		prefs.close();
		await prefs.open();
		expect( document.querySelectorAll( 'link' ) ).toHaveLength( 1 );
	} );

	it( 'opens after 1 s when the stylesheet never loads', async () => {
		jest.useFakeTimers();
		let opened = false;
		const opening = prefs.open().then( () => ( opened = true ) );
		await jest.advanceTimersByTimeAsync( 999 );
		expect( opened ).toBe( false );
		await jest.advanceTimersByTimeAsync( 1 );
		await opening;
		expect( pageDialog().open ).toBe( true );
	} );

	it( 'opens at once without a stylesheet URL', async () => {
		printPage( { style: null } );
		await prefs.open();
		expect( document.querySelector( 'link' ) ).toBeNull();
		expect( pageDialog().open ).toBe( true );
	} );

	it( 'sets every switch from the stored categories, each time it opens', async () => {
		await open();
		expect( switchOf( 'necessary' ).checked ).toBe( true );
		expect( switchOf( 'functional' ).checked ).toBe( false );
		expect( switchOf( 'analytics' ).checked ).toBe( true );
		expect( switchOf( 'advertisement' ).checked ).toBe( false );

		prefs.close();
		api.categories = {
			necessary: true,
			functional: true,
			analytics: false,
			advertisement: true,
		};
		await open();
		expect( switchOf( 'functional' ).checked ).toBe( true );
		expect( switchOf( 'analytics' ).checked ).toBe( false );
		expect( switchOf( 'advertisement' ).checked ).toBe( true );
		expect( switchOf( 'necessary' ).checked ).toBe( true );
	} );

	it( 'focuses the first switch that can be toggled', async () => {
		await open();
		expect( focused() ).toBe( switchOf( 'functional' ) );
	} );

	it( 'focuses the first button when no switch can be toggled', async () => {
		printPage( { categories: [ { slug: 'necessary', necessary: true } ] } );
		await open();
		expect( focused() ).toBe( button( 'dismiss' ) );
	} );
} );

describe( 'buttons', () => {
	it( 'saves exactly the switches that can be toggled, then closes', async () => {
		await open();
		switchOf( 'functional' ).checked = true;
		switchOf( 'analytics' ).checked = false;
		click( button( 'save' ) );
		expect( api.save ).toHaveBeenCalledTimes( 1 );
		expect( api.save ).toHaveBeenCalledWith( {
			functional: true,
			analytics: false,
			advertisement: false,
		} );
		expect( api.save.mock.calls[ 0 ]?.[ 0 ] ).not.toHaveProperty(
			'necessary'
		);
		expect( api.optOut ).not.toHaveBeenCalled();
		expect( pageDialog().open ).toBe( false );
	} );

	it.each( [
		[ 'accept', 'acceptAll' ],
		[ 'reject', 'rejectAll' ],
	] as const )( '%s calls %s, then closes', async ( action, method ) => {
		await open();
		click( button( action ) );
		expect( api[ method ] ).toHaveBeenCalledTimes( 1 );
		expect( api.save ).not.toHaveBeenCalled();
		expect( pageDialog().open ).toBe( false );
	} );

	it( 'dismiss closes without an action', async () => {
		await open();
		// The click lands on the icon inside the close button.
		click( button( 'dismiss' ).querySelector( 'svg' ) as Element );
		expect( pageDialog().open ).toBe( false );
		for ( const method of [
			'acceptAll',
			'rejectAll',
			'save',
			'close',
			'optOut',
		] as const ) {
			expect( api[ method ] ).not.toHaveBeenCalled();
		}
	} );

	it( 'a click inside the dialog but not on a button keeps it open', async () => {
		await open();
		click( inDialog( '.tessera-consent-prefs__title' ) );
		expect( pageDialog().open ).toBe( true );
	} );
} );

describe( 'CCPA opt-out', () => {
	beforeEach( () => printPage( { law: 'ccpa' } ) );

	const optout = () =>
		inDialog< HTMLInputElement >( '[data-tessera-optout]' );

	const ID = 'abcdefghijabcdefghijabcdefghij12';
	const storeConsent = ( consent: string ) => {
		document.cookie = `cookieyes-consent=consentid:${ ID },consent:${ consent },action:yes,necessary:yes,analytics:no;path=/`;
	};
	const setGpc = ( value: boolean | undefined ) =>
		Object.defineProperty( navigator, 'globalPrivacyControl', {
			value,
			configurable: true,
		} );

	afterEach( () => {
		document.cookie = 'cookieyes-consent=;path=/;max-age=0';
		setGpc( undefined );
	} );

	it( 'shows the opt-out on when the stored consent is an opt-out (consent:reject)', async () => {
		api.isUserActionCompleted = true;
		storeConsent( 'reject' );
		await open();
		expect( optout().checked ).toBe( true );
		expect( focused() ).toBe( optout() );
	} );

	it( 'shows the opt-out off after a close, although a category is off by default', async () => {
		// CCPA: closing keeps consent:no and the CCPA defaults (analytics off) — not an opt-out.
		api.isUserActionCompleted = true;
		storeConsent( 'no' );
		await open();
		expect( optout().checked ).toBe( false );
	} );

	it( 'shows the opt-out off before the visitor has acted', async () => {
		api.isUserActionCompleted = false;
		await open();
		expect( optout().checked ).toBe( false );
	} );

	it( 'shows the opt-out on before any choice when the browser sends Global Privacy Control', async () => {
		api.isUserActionCompleted = false;
		setGpc( true );
		await open();
		expect( optout().checked ).toBe( true );
	} );

	it( 'shows the opt-out off when the visitor opted back in', async () => {
		api.isUserActionCompleted = true;
		storeConsent( 'yes' );
		setGpc( true );
		await open();
		expect( optout().checked ).toBe( false );
	} );

	it.each( [ true, false ] )(
		'save calls optOut( %s ) and nothing else',
		async ( on ) => {
			await open();
			optout().checked = on;
			click( button( 'save' ) );
			expect( api.optOut ).toHaveBeenCalledTimes( 1 );
			expect( api.optOut ).toHaveBeenCalledWith( on );
			expect( api.save ).not.toHaveBeenCalled();
			expect( pageDialog().open ).toBe( false );
		}
	);
} );

describe( 'closing and focus', () => {
	const opener = () => document.getElementById( 'opener' ) as HTMLElement;

	beforeEach( () => opener().focus() );

	it( 'gives the focus back to the opener on dismiss', async () => {
		await open();
		expect( focused() ).not.toBe( opener() );
		click( button( 'dismiss' ) );
		expect( focused() ).toBe( opener() );
	} );

	it( 'falls back to the visible revisit button when the opener is gone', async () => {
		await open();
		opener().remove();
		const revisit = document.getElementById(
			'tessera-consent-revisit'
		) as HTMLElement;
		revisit.hidden = false;
		click( button( 'accept' ) );
		expect( focused() ).toBe( revisit );
	} );

	it( 'falls back to the body when the opener is hidden and there is no revisit button', async () => {
		await open();
		opener().hidden = true;
		click( button( 'reject' ) );
		expect( focused() ).toBe( document.body );
	} );

	it( 'closes on a click on the backdrop (the dialog element itself)', async () => {
		await open();
		click( pageDialog() );
		expect( pageDialog().open ).toBe( false );
		expect( focused() ).toBe( opener() );
		expect( api.close ).not.toHaveBeenCalled();
	} );

	it( 'closes on Escape (the cancel event) and gives the focus back', async () => {
		await open();
		const cancel = new Event( 'cancel', { cancelable: true } );
		pageDialog().dispatchEvent( cancel );
		expect( pageDialog().open ).toBe( false );
		expect( focused() ).toBe( opener() );
		expect( api.close ).not.toHaveBeenCalled();
	} );

	it( 'close() closes an open dialog and does nothing otherwise', async () => {
		expect( () => prefs.close() ).not.toThrow();
		await open();
		prefs.close();
		expect( pageDialog().open ).toBe( false );
		expect( focused() ).toBe( opener() );
	} );
} );
