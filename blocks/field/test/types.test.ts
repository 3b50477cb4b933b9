/**
 * The form field block's pure helpers: ids (generation, uniqueness, duplicates), type groups, choices and
 * conditions.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	choiceProblems,
	collectFields,
	FIELD_TYPES,
	isChoiceType,
	isFieldType,
	isTextLike,
	isValidFieldId,
	moveItem,
	needsNewId,
	newFieldId,
	operatorNeedsValue,
	readConditions,
	readInteger,
	readOptionalNumber,
	supportsConfirm,
	supportsDefaultValue,
	supportsPlaceholder,
	uniqueId,
	type BlockLike,
} from '../types';

/**
 * A random source that answers the given values in turn, then repeats the last one.
 *
 * @param values Values in [0, 1).
 * @return The source.
 */
function sequence( ...values: number[] ): () => number {
	let index = 0;
	return () => {
		const value = values[ Math.min( index, values.length - 1 ) ] ?? 0;
		index++;
		return value;
	};
}

describe( 'FIELD_TYPES', () => {
	it( 'lists the twelve types of the field model', () => {
		expect( [ ...FIELD_TYPES ] ).toEqual( [
			'text',
			'textarea',
			'email',
			'password',
			'url',
			'number',
			'phone',
			'select',
			'radio',
			'checkbox',
			'privacy-policy',
			'hidden',
		] );
		expect( isFieldType( 'privacy-policy' ) ).toBe( true );
		expect( isFieldType( 'date' ) ).toBe( false );
		expect( isFieldType( 3 ) ).toBe( false );
	} );
} );

describe( 'newFieldId', () => {
	it( 'makes field_ and six characters of [a-z0-9]', () => {
		for ( let i = 0; i < 50; i++ ) {
			expect( newFieldId() ).toMatch( /^field_[a-z0-9]{6}$/ );
		}
	} );

	it( 'maps the random source onto the alphabet, ends included', () => {
		expect( newFieldId( sequence( 0 ) ) ).toBe( 'field_aaaaaa' );
		expect( newFieldId( sequence( 0.9999999 ) ) ).toBe( 'field_999999' );
		expect( newFieldId( sequence( 1 ) ) ).toBe( 'field_999999' );
		expect( newFieldId( sequence( 0, 0.75, 0.99, 0, 0, 0 ) ) ).toBe(
			'field_a19aaa'
		);
	} );

	it( 'gives valid ids', () => {
		expect( isValidFieldId( newFieldId() ) ).toBe( true );
	} );
} );

describe( 'isValidFieldId', () => {
	it( 'accepts 1 to 40 letters, digits, _ and -', () => {
		expect( isValidFieldId( 'a' ) ).toBe( true );
		expect( isValidFieldId( 'Email_2-b' ) ).toBe( true );
		expect( isValidFieldId( 'x'.repeat( 40 ) ) ).toBe( true );
	} );

	it( 'refuses empty, long and other characters', () => {
		expect( isValidFieldId( '' ) ).toBe( false );
		expect( isValidFieldId( 'x'.repeat( 41 ) ) ).toBe( false );
		expect( isValidFieldId( 'first name' ) ).toBe( false );
		expect( isValidFieldId( 'a]b' ) ).toBe( false );
		expect( isValidFieldId( 'é' ) ).toBe( false );
	} );
} );

describe( 'uniqueId', () => {
	it( 'keeps a valid id nobody else has', () => {
		expect( uniqueId( 'email', [ 'name', 'message' ] ) ).toBe( 'email' );
	} );

	it( 'replaces a taken id with a new one', () => {
		const id = uniqueId( 'email', [ 'email', 'name' ] );
		expect( id ).toMatch( /^field_[a-z0-9]{6}$/ );
	} );

	it( 'replaces an invalid or missing id', () => {
		expect( uniqueId( '', [] ) ).toMatch( /^field_[a-z0-9]{6}$/ );
		expect( uniqueId( 'no spaces', [] ) ).toMatch( /^field_/ );
	} );

	it( 'draws again when the new id is taken too', () => {
		expect(
			uniqueId(
				'',
				[ 'field_aaaaaa' ],
				sequence( 0, 0, 0, 0, 0, 0, 0.99 )
			)
		).toBe( 'field_999999' );
	} );

	it( 'counts up when the random source never gives a free id', () => {
		expect( uniqueId( '', [ 'field_aaaaaa', 'field_1' ], () => 0 ) ).toBe(
			'field_2'
		);
	} );
} );

describe( 'needsNewId', () => {
	it( 'keeps the first of two equal ids and renews the later one', () => {
		// After duplicating "email": the original comes first, the copy after it.
		const ids = [ 'name', 'email', 'email' ];
		expect( needsNewId( 'email', ids.slice( 0, 1 ) ) ).toBe( false );
		expect( needsNewId( 'email', ids.slice( 0, 2 ) ) ).toBe( true );
	} );

	it( 'renews missing and invalid ids', () => {
		expect( needsNewId( '', [] ) ).toBe( true );
		expect( needsNewId( 'a b', [] ) ).toBe( true );
		expect( needsNewId( 'ok', [ 'other' ] ) ).toBe( false );
	} );
} );

describe( 'type groups', () => {
	it( 'knows the choice types', () => {
		expect(
			FIELD_TYPES.filter( ( type ) => isChoiceType( type ) )
		).toEqual( [ 'select', 'radio', 'checkbox' ] );
	} );

	it( 'applies the length rules to the text-like types', () => {
		expect( FIELD_TYPES.filter( ( type ) => isTextLike( type ) ) ).toEqual(
			[
				'text',
				'textarea',
				'email',
				'password',
				'url',
				'number',
				'phone',
			]
		);
	} );

	it( 'confirms email and password only', () => {
		expect(
			FIELD_TYPES.filter( ( type ) => supportsConfirm( type ) )
		).toEqual( [ 'email', 'password' ] );
	} );

	it( 'has placeholders on text-like fields and dropdowns', () => {
		expect( supportsPlaceholder( 'select' ) ).toBe( true );
		expect( supportsPlaceholder( 'radio' ) ).toBe( false );
		expect( supportsPlaceholder( 'hidden' ) ).toBe( false );
	} );

	it( 'never prefills a checkbox or the privacy-policy box', () => {
		expect( supportsDefaultValue( 'hidden' ) ).toBe( true );
		expect( supportsDefaultValue( 'radio' ) ).toBe( true );
		expect( supportsDefaultValue( 'checkbox' ) ).toBe( false );
		expect( supportsDefaultValue( 'privacy-policy' ) ).toBe( false );
	} );
} );

describe( 'moveItem', () => {
	it( 'moves an item up and down', () => {
		expect( moveItem( [ 'a', 'b', 'c' ], 2, 0 ) ).toEqual( [
			'c',
			'a',
			'b',
		] );
		expect( moveItem( [ 'a', 'b', 'c' ], 0, 1 ) ).toEqual( [
			'b',
			'a',
			'c',
		] );
	} );

	it( 'leaves the list as it is for indexes out of range, in a copy', () => {
		const list = [ 'a', 'b' ];
		const moved = moveItem( list, 0, 2 );
		expect( moved ).toEqual( list );
		expect( moved ).not.toBe( list );
		expect( moveItem( list, -1, 0 ) ).toEqual( list );
	} );
} );

describe( 'choiceProblems', () => {
	it( 'flags empty and repeated choices, after trimming', () => {
		const problems = choiceProblems( [
			'Red',
			' ',
			'Blue',
			'Red ',
			'Green',
		] );
		expect( [ ...problems.entries() ] ).toEqual( [
			[ 1, 'empty' ],
			[ 3, 'duplicate' ],
		] );
	} );

	it( 'finds nothing in a clean list', () => {
		expect( choiceProblems( [ 'a', 'b' ] ).size ).toBe( 0 );
	} );
} );

describe( 'operatorNeedsValue', () => {
	it( 'asks for a value except for empty and not_empty', () => {
		expect( operatorNeedsValue( 'is' ) ).toBe( true );
		expect( operatorNeedsValue( 'greater' ) ).toBe( true );
		expect( operatorNeedsValue( 'empty' ) ).toBe( false );
		expect( operatorNeedsValue( 'not_empty' ) ).toBe( false );
	} );
} );

describe( 'readConditions', () => {
	it( 'answers undefined for no conditions', () => {
		expect( readConditions( undefined ) ).toBeUndefined();
		expect( readConditions( null ) ).toBeUndefined();
		expect( readConditions( 'show' ) ).toBeUndefined();
	} );

	it( 'keeps well-formed conditions', () => {
		const conditions = {
			action: 'hide',
			match: 'any',
			rules: [ { field: 'email', operator: 'contains', value: '@' } ],
		};
		expect( readConditions( conditions ) ).toEqual( conditions );
	} );

	it( 'defaults the action and match, drops broken rules', () => {
		expect(
			readConditions( {
				action: 'explode',
				rules: [
					{ field: 'a', operator: 'empty' },
					{ field: 'b', operator: 'matches', value: 'x' },
					{ operator: 'is', value: 'x' },
					'rule',
					null,
				],
			} )
		).toEqual( {
			action: 'show',
			match: 'all',
			rules: [ { field: 'a', operator: 'empty', value: '' } ],
		} );
	} );
} );

describe( 'collectFields', () => {
	it( 'lists the field blocks in document order, nested ones included', () => {
		const block = (
			clientId: string,
			name: string,
			attributes: Record< string, unknown >,
			innerBlocks: BlockLike[] = []
		): BlockLike => ( { clientId, name, attributes, innerBlocks } );
		const blocks = [
			block( '1', 'tessera/field', {
				id: 'name',
				label: 'Name',
				type: 'text',
			} ),
			block( '2', 'tessera/form-step', { title: 'More' } ),
			block( '3', 'core/group', {}, [
				block( '4', 'tessera/field', {
					id: 'colour',
					type: 'radio',
					choices: [ 'Red', 7, 'Blue' ],
				} ),
			] ),
		];
		expect( collectFields( blocks ) ).toEqual( [
			{
				clientId: '1',
				id: 'name',
				label: 'Name',
				type: 'text',
				choices: [],
			},
			{
				clientId: '4',
				id: 'colour',
				label: '',
				type: 'radio',
				choices: [ 'Red', 'Blue' ],
			},
		] );
	} );
} );

describe( 'number inputs', () => {
	it( 'reads whole numbers from a minimum, with a fallback', () => {
		expect( readInteger( '12', 0, 0 ) ).toBe( 12 );
		expect( readInteger( '2.6', 0, 0 ) ).toBe( 3 );
		expect( readInteger( '-4', 0, 0 ) ).toBe( 0 );
		expect( readInteger( '', 0, 5 ) ).toBe( 5 );
		expect( readInteger( 'abc', 0, 5 ) ).toBe( 5 );
		expect( readInteger( undefined, 0, 5 ) ).toBe( 5 );
	} );

	it( 'reads optional decimals, empty meaning none', () => {
		expect( readOptionalNumber( '0.5' ) ).toBe( 0.5 );
		expect( readOptionalNumber( '-3' ) ).toBe( -3 );
		expect( readOptionalNumber( '' ) ).toBeUndefined();
		expect( readOptionalNumber( 'x' ) ).toBeUndefined();
		expect( readOptionalNumber( undefined ) ).toBeUndefined();
	} );
} );
