/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	parseSaveError,
	parseSettings,
} from '../../../src/admin/consent-settings/guard';
import { settingsAnswer } from './fixtures';

/** Marks a key to delete. */
const DELETE = Symbol( 'delete' );

/**
 * The answer with one value set (or deleted) at a path, through a JSON round trip.
 *
 * @param path  Keys and indices down to the value.
 * @param value The new value, or DELETE.
 * @return The changed answer.
 */
function changedAt( path: Array< string | number >, value: unknown ): unknown {
	const answer: unknown = JSON.parse( JSON.stringify( settingsAnswer() ) );
	let node = answer as Record< string, unknown >;
	for ( const key of path.slice( 0, -1 ) ) {
		node = node[ key ] as Record< string, unknown >;
	}
	const last = String( path[ path.length - 1 ] );
	if ( value === DELETE ) {
		delete node[ last ];
	} else {
		node[ last ] = value;
	}
	return answer;
}

describe( 'consent settings guard', () => {
	it( 'accepts the server answer and keeps every value', () => {
		expect( parseSettings( settingsAnswer() ) ).toEqual( settingsAnswer() );
	} );

	it( 'drops keys it does not know', () => {
		const parsed = parseSettings(
			changedAt( [ 'categories', 0, 'extra' ], true )
		);
		expect( parsed ).toEqual( settingsAnswer() );
		expect( parseSettings( changedAt( [ 'future' ], 1 ) ) ).toEqual(
			settingsAnswer()
		);
		expect( parsed ).toEqual( settingsAnswer() );
	} );

	it.each( [ null, [], 'settings', 1 ] )( 'refuses %p', ( answer ) => {
		expect( parseSettings( answer ) ).toBeNull();
	} );

	it.each< [ string, Array< string | number >, unknown ] >( [
		[ 'unknown law', [ 'activeLaw' ], 'lgpd' ],
		[ 'unknown banner type', [ 'bannerType' ], 'bar' ],
		[ 'position of another type', [ 'bannerPosition' ], 'center' ],
		[ 'unknown preference centre', [ 'preferenceCenterType' ], 'modal' ],
		[ 'a text missing', [ 'texts', 'acceptAll' ], DELETE ],
		[ 'a text not a string', [ 'texts', 'close' ], 1 ],
		[ 'a colour missing', [ 'colours', 'border' ], DELETE ],
		[ 'expiry as a string', [ 'expiryDays' ], '365' ],
		[ 'expiry not whole', [ 'expiryDays' ], 1.5 ],
		[ 'boolean as a string', [ 'honourGpc' ], 'true' ],
		[ 'categories not a list', [ 'categories' ], {} ],
		[
			'category without defaultConsent.ccpa',
			[ 'categories', 1, 'defaultConsent', 'ccpa' ],
			DELETE,
		],
		[
			'cookie without domain',
			[ 'categories', 0, 'cookies', 0, 'domain' ],
			DELETE,
		],
		[
			'provider category not a string',
			[ 'providers', 0, 'categories' ],
			[ 1 ],
		],
		[ 'provider without fullPath', [ 'providers', 1, 'fullPath' ], DELETE ],
	] )( 'refuses an answer with %s', ( _name, path, value ) => {
		expect( parseSettings( changedAt( path, value ) ) ).toBeNull();
	} );

	it( 'reads the message and field path of a refused save', () => {
		expect(
			parseSaveError( {
				code: 'tessera_consent_invalid',
				message:
					'Provider 3: the pattern “(ab” is not a valid pattern (a group “(” is not closed).',
				data: { status: 400, field: 'providers[2].re' },
			} )
		).toEqual( {
			message:
				'Provider 3: the pattern “(ab” is not a valid pattern (a group “(” is not closed).',
			field: 'providers[2].re',
		} );
	} );

	it( 'reads an error without a field, and refuses what is not an error', () => {
		expect(
			parseSaveError( {
				code: 'rest_forbidden',
				message: 'Sorry.',
				data: { status: 403 },
			} )
		).toEqual( { message: 'Sorry.', field: '' } );
		expect( parseSaveError( { code: 'x', message: '  ' } ) ).toBeNull();
		expect( parseSaveError( new TypeError( 'Failed to fetch' ) ) ).toEqual(
			{ message: 'Failed to fetch', field: '' }
		);
		expect( parseSaveError( 'oops' ) ).toBeNull();
		expect( parseSaveError( null ) ).toBeNull();
	} );
} );
