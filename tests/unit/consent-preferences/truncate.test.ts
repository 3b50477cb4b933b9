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
} from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	createPreferences,
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
} from './fixtures';

let prefs: PreferencesApi;

const setWidth = ( width: number ): void => {
	Object.defineProperty( window, 'innerWidth', {
		value: width,
		configurable: true,
	} );
};

/**
 * A description of `length` characters of text, with some markup.
 * @param length
 */
const text = ( length: number ): string =>
	'<p><strong>' +
	'a'.repeat( 10 ) +
	'</strong>' +
	'b'.repeat( length - 10 ) +
	'</p>';

const description = () =>
	inDialog( '.tessera-consent-prefs__description' ) as HTMLElement;
const more = () =>
	description().querySelector< HTMLButtonElement >(
		'.tessera-consent-prefs__more'
	);

const open = async ( html: string ): Promise< void > => {
	printPage( { description: html, style: null } );
	await prefs.open();
};

beforeAll( polyfillDialog );

beforeEach( () => {
	fakeConsent();
	prefs = createPreferences();
	setWidth( 1024 );
} );

afterEach( () => {
	delete window.tessera;
	setWidth( 1024 );
} );

describe( 'truncation', () => {
	it( 'keeps a text of 300 characters whole', async () => {
		await open( text( 300 ) );
		expect( more() ).toBeNull();
		expect( description().innerHTML ).toBe( text( 300 ) );
	} );

	it( 'truncates a text of 301 characters to 300 + … with a "Show more" button', async () => {
		await open( text( 301 ) );
		const button = more();
		expect( button ).not.toBeNull();
		expect( button?.type ).toBe( 'button' );
		expect( button?.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect( button?.textContent ).toBe( 'Show more' );
		expect( description().querySelector( 'strong' ) ).toBeNull();
		expect( description().textContent ).toBe(
			'a'.repeat( 10 ) + 'b'.repeat( 290 ) + '… Show more'
		);
	} );

	it( 'truncates at 150 characters on screens narrower than 376 px', async () => {
		setWidth( 375 );
		await open( text( 151 ) );
		expect( description().textContent ).toBe(
			'a'.repeat( 10 ) + 'b'.repeat( 140 ) + '… Show more'
		);
	} );

	it( 'keeps 150 characters whole on narrow screens and 376 px counts as wide', async () => {
		setWidth( 375 );
		await open( text( 150 ) );
		expect( more() ).toBeNull();
		prefs = createPreferences();
		setWidth( 376 );
		await open( text( 290 ) );
		expect( more() ).toBeNull();
	} );

	it( 'truncates category descriptions too', async () => {
		printPage( {
			style: null,
			categories: [ { slug: 'analytics', description: text( 400 ) } ],
		} );
		await prefs.open();
		expect(
			inDialog(
				'.tessera-consent-prefs__category-description .tessera-consent-prefs__more'
			)
		).not.toBeNull();
	} );

	it( 'show more swaps the full HTML back, show less truncates again', async () => {
		await open( text( 400 ) );
		const button = more() as HTMLButtonElement;
		button.focus();
		click( button );
		expect( button.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect( button.textContent ).toBe( 'Show less' );
		expect( description().querySelector( 'p' )?.outerHTML ).toBe(
			text( 400 )
		);
		// The button stays where it was, with the focus; the dialog stays open.
		expect( more() ).toBe( button );
		expect( focused() ).toBe( button );
		expect( pageDialog().open ).toBe( true );

		click( button );
		expect( button.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect( button.textContent ).toBe( 'Show more' );
		expect( description().querySelector( 'p' ) ).toBeNull();
		expect( description().textContent ).toBe(
			'a'.repeat( 10 ) + 'b'.repeat( 290 ) + '… Show more'
		);
	} );

	it( 'does not truncate twice when the dialog opens again', async () => {
		await open( text( 400 ) );
		const once = description().innerHTML;
		prefs.close();
		await prefs.open();
		expect(
			description().querySelectorAll( '.tessera-consent-prefs__more' )
		).toHaveLength( 1 );
		expect( description().innerHTML ).toBe( once );

		// Show more still gives the original HTML, with one button.
		click( more() as HTMLButtonElement );
		expect( description().querySelectorAll( 'button' ) ).toHaveLength( 1 );
		expect( description().querySelector( 'p' )?.outerHTML ).toBe(
			text( 400 )
		);

		// Expanded, then re-opened: truncated again from the full text.
		prefs.close();
		await prefs.open();
		expect( description().innerHTML ).toBe( once );
	} );

	it( 'recomputes the limit on each open', async () => {
		await open( text( 200 ) );
		expect( more() ).toBeNull();
		prefs.close();
		setWidth( 320 );
		await prefs.open();
		expect( description().textContent ).toBe(
			'a'.repeat( 10 ) + 'b'.repeat( 140 ) + '… Show more'
		);
	} );
} );
