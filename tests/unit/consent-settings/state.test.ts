/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	draftReducer,
	freshSlug,
	isHexColour,
	toDraft,
	toPayload,
} from '../../../src/admin/consent-settings/state';
import { settingsAnswer } from './fixtures';

const draft = () => toDraft( settingsAnswer() );

describe( 'consent settings draft', () => {
	it( 'keeps the expiry as typed and sends digits as a number', () => {
		const typed = draftReducer( draft(), {
			type: 'set',
			key: 'expiryDays',
			value: '30',
		} );
		expect( typed.expiryDays ).toBe( '30' );
		expect( toPayload( typed ).expiryDays ).toBe( 30 );
		const wrong = draftReducer( typed, {
			type: 'set',
			key: 'expiryDays',
			value: '3 weeks',
		} );
		expect( toPayload( wrong ).expiryDays ).toBe( '3 weeks' );
		expect( toPayload( draft() ) ).toEqual( settingsAnswer() );
	} );

	it( 'keeps a banner position that fits the new type, else takes the default', () => {
		const popup = draftReducer( draft(), {
			type: 'setBannerType',
			value: 'popup',
		} );
		expect( popup.bannerPosition ).toBe( 'center' );
		const classic = draftReducer( popup, {
			type: 'setBannerType',
			value: 'classic',
		} );
		expect( classic.bannerPosition ).toBe( 'bottom' );
		const top = draftReducer( classic, {
			type: 'set',
			key: 'bannerPosition',
			value: 'top',
		} );
		expect(
			draftReducer( top, { type: 'setBannerType', value: 'classic' } )
				.bannerPosition
		).toBe( 'top' );
		expect(
			draftReducer( top, { type: 'setBannerType', value: 'box' } )
				.bannerPosition
		).toBe( 'bottom-left' );
	} );

	it( 'changes one text or colour and leaves the others', () => {
		const next = draftReducer(
			draftReducer( draft(), {
				type: 'setText',
				key: 'acceptAll',
				value: 'OK',
			} ),
			{ type: 'setColour', key: 'accent', value: '#000' }
		);
		expect( next.texts ).toEqual( {
			...settingsAnswer().texts,
			acceptAll: 'OK',
		} );
		expect( next.colours ).toEqual( {
			...settingsAnswer().colours,
			accent: '#000',
		} );
	} );

	it( 'renames a slug in the providers too', () => {
		const next = draftReducer( draft(), {
			type: 'updateCategory',
			index: 1,
			patch: { slug: 'stats' },
		} );
		expect( next.categories[ 1 ]?.slug ).toBe( 'stats' );
		expect( next.providers.map( ( p ) => p.categories ) ).toEqual( [
			[ 'stats' ],
			[ 'stats', 'advertisement' ],
		] );
	} );

	it( 'adds a category with a free slug and removes one from the providers', () => {
		const added = draftReducer( draft(), { type: 'addCategory' } );
		expect( added.categories ).toHaveLength( 4 );
		expect( added.categories[ 3 ] ).toEqual( {
			slug: 'category',
			name: '',
			description: '',
			isNecessary: false,
			defaultConsent: { gdpr: false, ccpa: false },
			cookies: [],
		} );
		const removed = draftReducer( added, {
			type: 'removeCategory',
			index: 1,
		} );
		expect( removed.categories.map( ( c ) => c.slug ) ).toEqual( [
			'necessary',
			'advertisement',
			'category',
		] );
		expect( removed.providers.map( ( p ) => p.categories ) ).toEqual( [
			[],
			[ 'advertisement' ],
		] );
		expect( freshSlug( added.categories ) ).toBe( 'category-2' );
	} );

	it( 'adds, edits and removes cookies of one category', () => {
		let next = draftReducer( draft(), { type: 'addCookie', category: 2 } );
		next = draftReducer( next, {
			type: 'updateCookie',
			category: 2,
			index: 0,
			patch: { cookieID: '_fbp' },
		} );
		expect( next.categories[ 2 ]?.cookies ).toEqual( [
			{ cookieID: '_fbp', domain: '', duration: '', description: '' },
		] );
		expect( next.categories[ 1 ] ).toEqual(
			settingsAnswer().categories[ 1 ]
		);
		next = draftReducer( next, {
			type: 'removeCookie',
			category: 1,
			index: 0,
		} );
		expect( next.categories[ 1 ]?.cookies ).toEqual( [] );
		expect( next.categories[ 2 ]?.cookies ).toHaveLength( 1 );
	} );

	it( 'adds, edits and removes providers; categories keep the list order', () => {
		let next = draftReducer( draft(), { type: 'addProvider' } );
		expect( next.providers[ 2 ] ).toEqual( {
			re: '',
			categories: [],
			fullPath: false,
			isOverridden: false,
		} );
		next = draftReducer( next, {
			type: 'updateProvider',
			index: 2,
			patch: { re: '(ab', fullPath: true },
		} );
		next = draftReducer( next, {
			type: 'toggleProviderCategory',
			index: 2,
			slug: 'advertisement',
			on: true,
		} );
		next = draftReducer( next, {
			type: 'toggleProviderCategory',
			index: 2,
			slug: 'analytics',
			on: true,
		} );
		expect( next.providers[ 2 ] ).toMatchObject( {
			re: '(ab',
			fullPath: true,
			categories: [ 'analytics', 'advertisement' ],
		} );
		next = draftReducer( next, {
			type: 'toggleProviderCategory',
			index: 2,
			slug: 'analytics',
			on: false,
		} );
		expect( next.providers[ 2 ]?.categories ).toEqual( [
			'advertisement',
		] );
		next = draftReducer( next, { type: 'removeProvider', index: 0 } );
		expect( next.providers.map( ( p ) => p.re ) ).toEqual( [
			'doubleclick\\.net/',
			'(ab',
		] );
	} );

	it( 'replaces the draft with saved settings', () => {
		const edited = draftReducer( draft(), {
			type: 'set',
			key: 'activeLaw',
			value: 'ccpa',
		} );
		expect(
			draftReducer( edited, {
				type: 'replace',
				settings: settingsAnswer(),
			} )
		).toEqual( draft() );
	} );

	it( 'knows a hex colour', () => {
		expect( isHexColour( '#1863dc' ) ).toBe( true );
		expect( isHexColour( '#FFF' ) ).toBe( true );
		expect( isHexColour( '1863dc' ) ).toBe( false );
		expect( isHexColour( '#12345' ) ).toBe( false );
		expect( isHexColour( 'red' ) ).toBe( false );
	} );
} );
