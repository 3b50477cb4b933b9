/**
 * The form island's pure parts: the validation rules and every message, conditions, typo suggestions, the
 * key-up filter, the configuration and response guards.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import { parseConfig, type FieldConfig, type Messages } from '../island/config';
import { ruleMet, visibleFields } from '../island/conditions';
import { errorText, parseResponse } from '../island/response';
import { newToken } from '../token';
import { parseNonce } from '../island/nonce';
import {
	fill,
	isEmail,
	rowState,
	validateField,
	validatesOnKeyUp,
	withScheme,
} from '../island/rules';
import { distance, suggestEmail } from '../island/typo';

const messages: Messages = {
	required: 'This field is required',
	email: 'Please enter a valid email address',
	url: 'Please enter a valid URL',
	number: 'Please enter a valid number',
	confirm: 'Please enter the same value again',
	check_limit: 'You have exceeded the number of allowed selections: {#}',
	phone: 'Please enter a valid phone number',
	min_words: 'Please enter at least {0} words',
	min_chars: 'Please enter at least {0} characters',
	max_chars: 'Please enter no more than {0} characters',
	min: 'Please enter a value greater than or equal to {0}',
	max: 'Please enter a value less than or equal to {0}',
	step: 'Please enter a multiple of {0}',
	invalid: 'Please fix this field',
};

function field( overrides: Partial< FieldConfig > ): FieldConfig {
	return {
		id: 'f',
		type: 'text',
		label: 'F',
		required: false,
		requiredMessage: '',
		confirm: false,
		minWords: 0,
		minChars: 0,
		cap: 1000,
		minWordsMessage: '',
		minCharsMessage: '',
		choices: [],
		choiceLimit: 0,
		min: null,
		max: null,
		step: null,
		conditions: null,
		stepIndex: 0,
		...overrides,
	};
}

describe( 'validateField', () => {
	it( 'requires a value, with the field message or the generic one', () => {
		expect(
			validateField( field( { required: true } ), ' ', messages )
		).toBe( 'This field is required' );
		expect(
			validateField(
				field( { required: true, requiredMessage: 'Tell us!' } ),
				'',
				messages
			)
		).toBe( 'Tell us!' );
		expect(
			validateField(
				field( { type: 'checkbox', required: true, choices: [ 'a' ] } ),
				[],
				messages
			)
		).toBe( 'This field is required' );
		expect( validateField( field( {} ), '', messages ) ).toBe( '' );
	} );

	it( 'checks e-mail addresses and confirmations', () => {
		const email = field( { type: 'email' } );
		expect( validateField( email, 'ada@example', messages ) ).toBe( '' );
		expect( validateField( email, 'ada@', messages ) ).toBe(
			messages.email
		);
		expect(
			validateField( email, 'a'.repeat( 65 ) + '@example.org', messages )
		).toBe( messages.email );
		expect( isEmail( 'a'.repeat( 64 ) + '@example.org' ) ).toBe( true );
		const pair = field( { type: 'email', confirm: true } );
		expect(
			validateField(
				pair,
				{ primary: 'a@b.org', secondary: 'a@c.org' },
				messages
			)
		).toBe( messages.confirm );
		expect(
			validateField(
				pair,
				{ primary: 'a@b.org', secondary: 'a@b.org' },
				messages
			)
		).toBe( '' );
		const password = field( {
			type: 'password',
			confirm: true,
			minChars: 8,
		} );
		expect(
			validateField(
				password,
				{ primary: 'secret12', secondary: 'secret13' },
				messages
			)
		).toBe( messages.confirm );
		expect(
			validateField(
				password,
				{ primary: 'short', secondary: 'short' },
				messages
			)
		).toBe( 'Please enter at least 8 characters' );
	} );

	it( 'prepends http:// to URLs before checking them', () => {
		expect( withScheme( 'example.org' ) ).toBe( 'http://example.org' );
		expect( withScheme( 'HTTPS://example.org' ) ).toBe(
			'HTTPS://example.org'
		);
		const url = field( { type: 'url' } );
		expect( validateField( url, 'example.org', messages ) ).toBe( '' );
		expect( validateField( url, 'not a url', messages ) ).toBe(
			messages.url
		);
	} );

	it( 'checks numbers, min, max and step', () => {
		const number = field( { type: 'number', min: 1, max: 10, step: 1 } );
		expect( validateField( number, 'abc', messages ) ).toBe(
			messages.number
		);
		expect( validateField( number, '0', messages ) ).toBe(
			'Please enter a value greater than or equal to 1'
		);
		expect( validateField( number, '11', messages ) ).toBe(
			'Please enter a value less than or equal to 10'
		);
		expect( validateField( number, '2.5', messages ) ).toBe(
			'Please enter a multiple of 1'
		);
		expect( validateField( number, '7', messages ) ).toBe( '' );
		expect(
			validateField(
				field( { type: 'number', step: 0.5 } ),
				'1.5',
				messages
			)
		).toBe( '' );
	} );

	it( 'checks phone numbers: allowed characters and a digit', () => {
		const phone = field( { type: 'phone' } );
		expect( validateField( phone, '+1 (555) 010-9999', messages ) ).toBe(
			''
		);
		expect( validateField( phone, '555 abc', messages ) ).toBe(
			messages.phone
		);
		expect( validateField( phone, '()-', messages ) ).toBe(
			messages.phone
		);
	} );

	it( 'checks choices and the checkbox limit', () => {
		const choices = [ 'Design', 'Code', 'Writing' ];
		expect(
			validateField(
				field( { type: 'select', choices } ),
				'Other',
				messages
			)
		).toBe( messages.invalid );
		expect(
			validateField(
				field( { type: 'radio', choices } ),
				'Code',
				messages
			)
		).toBe( '' );
		const boxes = field( { type: 'checkbox', choices, choiceLimit: 2 } );
		expect( validateField( boxes, [ 'Design', 'Code' ], messages ) ).toBe(
			''
		);
		expect(
			validateField( boxes, [ 'Design', 'Code', 'Writing' ], messages )
		).toBe( 'You have exceeded the number of allowed selections: 2' );
		expect( validateField( boxes, [ 'Design', 'Design' ], messages ) ).toBe(
			messages.invalid
		);
		expect(
			validateField(
				field( { type: 'privacy-policy', required: true } ),
				'',
				messages
			)
		).toBe( messages.required );
		expect(
			validateField( field( { type: 'privacy-policy' } ), '1', messages )
		).toBe( '' );
	} );

	it( 'checks minimum words and characters, with custom messages', () => {
		const words = field( { type: 'textarea', minWords: 3 } );
		expect( validateField( words, 'two  words', messages ) ).toBe(
			'Please enter at least 3 words'
		);
		expect( validateField( words, 'now three words', messages ) ).toBe(
			''
		);
		expect(
			validateField(
				field( { minChars: 5, minCharsMessage: 'Five, {0}!' } ),
				'abc',
				messages
			)
		).toBe( 'Five, 5!' );
		expect(
			validateField(
				field( { minWords: 2, minWordsMessage: 'More' } ),
				'one',
				messages
			)
		).toBe( 'More' );
	} );

	it( 'caps the length and ignores hidden fields', () => {
		expect( validateField( field( { cap: 3 } ), 'abcd', messages ) ).toBe(
			'Please enter no more than 3 characters'
		);
		expect(
			validateField(
				field( { type: 'hidden', required: true } ),
				'',
				messages
			)
		).toBe( '' );
	} );

	it( 'fills placeholders', () => {
		expect( fill( '{0} and {#}', 4 ) ).toBe( '4 and 4' );
	} );
} );

describe( 'rowState', () => {
	it( 'names the states of the spec', () => {
		const email = field( { type: 'email', required: true } );
		expect( rowState( email, '', messages ) ).toBe( 'validated' );
		expect( rowState( email, messages.required, messages ) ).toBe(
			'invalid-required'
		);
		expect( rowState( email, messages.email, messages ) ).toBe(
			'invalid-email'
		);
		expect( rowState( email, messages.confirm, messages ) ).toBe(
			'invalid'
		);
	} );
} );

describe( 'validatesOnKeyUp', () => {
	it( 'skips the ignored key codes and novalidate-onkeyup fields', () => {
		for ( const code of [
			16, 17, 18, 20, 35, 36, 37, 38, 39, 40, 45, 144, 225,
		] ) {
			expect( validatesOnKeyUp( code, false ) ).toBe( false );
		}
		expect( validatesOnKeyUp( 65, false ) ).toBe( true );
		expect( validatesOnKeyUp( 8, false ) ).toBe( true );
		expect( validatesOnKeyUp( 65, true ) ).toBe( false );
	} );
} );

describe( 'conditions', () => {
	const reach = field( {
		id: 'reach',
		type: 'radio',
		choices: [ 'E-mail', 'Phone' ],
	} );
	const email = field( {
		id: 'email',
		type: 'email',
		conditions: {
			action: 'show',
			match: 'all',
			rules: [ { field: 'reach', operator: 'is', value: 'E-mail' } ],
		},
	} );
	const later = field( {
		id: 'later',
		conditions: {
			action: 'hide',
			match: 'any',
			rules: [ { field: 'email', operator: 'empty', value: '' } ],
		},
	} );

	it( 'shows and hides fields in order, a hidden field counting as empty', () => {
		expect(
			visibleFields( [ reach, email, later ], {
				reach: 'E-mail',
				email: 'a@b.org',
			} )
		).toEqual( { reach: true, email: true, later: true } );
		expect(
			visibleFields( [ reach, email, later ], {
				reach: 'Phone',
				email: 'a@b.org',
			} )
		).toEqual( { reach: true, email: false, later: false } );
	} );

	it( 'evaluates every operator', () => {
		expect( ruleMet( '', 'empty', '' ) ).toBe( true );
		expect( ruleMet( [], 'not_empty', '' ) ).toBe( false );
		expect( ruleMet( [ 'a', 'b' ], 'is', 'b' ) ).toBe( true );
		expect( ruleMet( 'a', 'is_not', 'b' ) ).toBe( true );
		expect( ruleMet( 'Hello World', 'contains', 'world' ) ).toBe( true );
		expect( ruleMet( 'Hello', 'not_contains', 'x' ) ).toBe( true );
		expect( ruleMet( '5', 'greater', '3' ) ).toBe( true );
		expect( ruleMet( '5', 'less', '3' ) ).toBe( false );
		expect( ruleMet( 'x', 'greater', '3' ) ).toBe( false );
		expect( ruleMet( 'x', 'unknown', '3' ) ).toBe( false );
	} );
} );

describe( 'suggestEmail', () => {
	const domains = [ 'gmail.com', 'yahoo.com', 'hotmail.com' ];
	const tlds = [ 'com', 'net', 'org', 'co.uk' ];

	it( 'suggests the closest known domain', () => {
		expect( suggestEmail( 'ada@gmial.com', domains, tlds ) ).toBe(
			'ada@gmail.com'
		);
		expect( suggestEmail( 'Ada@yaho.com', domains, tlds ) ).toBe(
			'Ada@yahoo.com'
		);
	} );

	it( 'suggests a known top-level domain', () => {
		expect( suggestEmail( 'ada@example.cmo', domains, tlds ) ).toBe(
			'ada@example.com'
		);
	} );

	it( 'leaves good and unrelated addresses alone', () => {
		expect( suggestEmail( 'ada@gmail.com', domains, tlds ) ).toBeNull();
		expect( suggestEmail( 'ada@example.org', domains, tlds ) ).toBeNull();
		expect( suggestEmail( 'ada', domains, tlds ) ).toBeNull();
		expect( suggestEmail( 'ada@', domains, tlds ) ).toBeNull();
	} );

	it( 'measures transpositions as one edit', () => {
		expect( distance( 'ab', 'ba' ) ).toBe( 1 );
		expect( distance( 'kitten', 'sitting' ) ).toBe( 3 );
	} );
} );

describe( 'parseResponse', () => {
	it( 'reads a success', () => {
		const parsed = parseResponse(
			{
				success: true,
				data: {
					message: 'Thanks',
					message_display_location: 'popup',
					form_state_type: 'hide',
					submission_message_scroll: true,
					redirect_url: 'https://example.org/',
					enable_redirect_in_new_tab: true,
				},
			},
			'12'
		);
		expect( parsed?.success ).toBe( true );
		expect( parsed?.data ).toMatchObject( {
			message: 'Thanks',
			location: 'popup',
			formState: 'hide',
			scroll: true,
			redirectUrl: 'https://example.org/',
			redirectNewTab: true,
		} );
	} );

	it( 'reads the PDF link only when offered, with an http(s) address', () => {
		const offered = parseResponse(
			{
				success: true,
				data: {
					pdf_download: true,
					pdf_download_message: 'Download a PDF of your entry',
					pdf_download_url:
						'http://example.org/?page=evf-entries-pdf&form_id=1&entry_id=2&token=x',
				},
			},
			'1'
		);
		expect( offered?.data.pdf ).toEqual( {
			href: 'http://example.org/?page=evf-entries-pdf&form_id=1&entry_id=2&token=x',
			text: 'Download a PDF of your entry',
		} );
		for ( const data of [
			{ pdf_download: false, pdf_download_url: 'http://example.org/' },
			{ pdf_download: true, pdf_download_url: 'javascript:alert(1)' },
			{ pdf_download: true },
		] ) {
			expect(
				parseResponse( { success: true, data }, '1' )?.data.pdf
			).toBeUndefined();
		}
	} );

	it( 'reads errors and picks the notice text', () => {
		const parsed = parseResponse(
			{
				success: false,
				data: {
					error: [
						{ name: 'This field is required' },
						{ email: 7 },
						'junk',
					],
					12: { header: 'Fix the form' },
				},
			},
			'12'
		);
		expect( parsed?.data.errors ).toEqual( {
			name: 'This field is required',
		} );
		expect( errorText( parsed, 'Generic' ) ).toBe( 'Fix the form' );
		expect(
			errorText(
				parseResponse(
					{ success: false, data: { message: 'Nope' } },
					'1'
				),
				'G'
			)
		).toBe( 'Nope' );
		expect(
			errorText( parseResponse( { success: false }, '1' ), 'G' )
		).toBe( 'G' );
		expect( errorText( null, 'G' ) ).toBe( 'G' );
	} );

	it( 'refuses what is not the shape', () => {
		expect( parseResponse( '0', '1' ) ).toBeNull();
		expect( parseResponse( { success: 'yes' }, '1' ) ).toBeNull();
		expect( parseResponse( null, '1' ) ).toBeNull();
	} );

	it( 'makes 32-hex tokens', () => {
		expect( newToken() ).toMatch( /^[0-9a-f]{32}$/ );
		expect( newToken() ).not.toBe( newToken() );
	} );
} );

describe( 'parseConfig', () => {
	it( 'reads the page configuration and drops what is malformed', () => {
		const config = parseConfig( {
			ajaxUrl: '/wp-admin/admin-ajax.php',
			scripts: [ 'a.js', 3 ],
			messages,
			texts: { stepOf: 'Step %1$d of %2$d' },
			domains: [ 'gmail.com' ],
			tlds: [ 'com' ],
			forms: {
				7: {
					fields: [
						{
							id: 'x',
							type: 'number',
							min: 1,
							conditions: { rules: 'no' },
						},
						5,
					],
					stepTitles: [ '', 'Two' ],
				},
			},
		} );
		expect( config?.scripts ).toEqual( [ 'a.js' ] );
		expect( config?.messages.check_limit ).toBe( messages.check_limit );
		expect( config?.texts.stepOf ).toBe( 'Step %1$d of %2$d' );
		expect( config?.forms[ '7' ]?.fields ).toHaveLength( 1 );
		expect( config?.forms[ '7' ]?.fields[ 0 ] ).toMatchObject( {
			id: 'x',
			min: 1,
			max: null,
			conditions: null,
			cap: 1000,
		} );
		expect( parseConfig( [] ) ).toBeNull();
	} );
} );

describe( 'parseNonce', () => {
	it( 'reads the nonce of a success, and nothing else', () => {
		expect(
			parseNonce( { success: true, data: { nonce: '0123abcdef' } } )
		).toBe( '0123abcdef' );
		expect(
			parseNonce( { success: false, data: { nonce: '0123abcdef' } } )
		).toBeNull();
		expect(
			parseNonce( { success: true, data: { nonce: '<b>x</b>' } } )
		).toBeNull();
		expect( parseNonce( { success: true, data: null } ) ).toBeNull();
		expect( parseNonce( '0123abcdef' ) ).toBeNull();
	} );
} );
