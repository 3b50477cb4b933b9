/**
 * External dependencies
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	deleteCookies,
	writeConsentCookie,
} from '../../../src/runtime/consent/cookies';
import { clearCookies } from './fixtures';

describe( 'consent cookie writing', () => {
	afterEach( () => {
		jest.restoreAllMocks();
		clearCookies();
	} );

	it( 'writes path /, max-age from the expiry days and SameSite=Strict', () => {
		const setter = jest.spyOn( document, 'cookie', 'set' );
		writeConsentCookie( 'consentid:x,consent:yes', 365 );
		writeConsentCookie( 'consentid:x,consent:no', 30 );
		expect( setter.mock.calls ).toEqual( [
			[
				'cookieyes-consent=consentid:x,consent:yes;path=/;max-age=31536000;SameSite=Strict',
			],
			[
				'cookieyes-consent=consentid:x,consent:no;path=/;max-age=2592000;SameSite=Strict',
			],
		] );
		expect( document.cookie ).toBe(
			'cookieyes-consent=consentid:x,consent:no'
		);
	} );
} );

describe( 'cookie deletion', () => {
	afterEach( () => {
		jest.restoreAllMocks();
		clearCookies();
	} );

	it( 'deletes a listed cookie for the host and the domain, with and without a dot', () => {
		document.cookie = '_ga=GA1.1;path=/';
		document.cookie = 'keep=1;path=/';
		const setter = jest.spyOn( document, 'cookie', 'set' );
		deleteCookies( [ { cookieID: '_ga', domain: '.example.test' } ] );
		const written = setter.mock.calls.map( ( [ value ] ) => value );
		expect( written ).toEqual(
			expect.arrayContaining( [
				'_ga=;path=/;max-age=0',
				'_ga=;path=/;max-age=0;domain=localhost',
				'_ga=;path=/;max-age=0;domain=.localhost',
				'_ga=;path=/;max-age=0;domain=example.test',
				'_ga=;path=/;max-age=0;domain=.example.test',
			] )
		);
		expect( written ).toHaveLength( 5 );
		expect( document.cookie ).toBe( 'keep=1' );
	} );

	it( 'deletes every cookie a trailing-* id names', () => {
		document.cookie = '_ga_ABC=1;path=/';
		document.cookie = '_ga_DEF=2;path=/';
		document.cookie = '_gat=3;path=/';
		deleteCookies( [ { cookieID: '_ga_*', domain: '' } ] );
		expect( document.cookie ).toBe( '_gat=3' );
	} );
} );
