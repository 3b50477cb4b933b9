/**
 * The form block's pure helpers: reading the stored settings, form records and request errors.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	defaultFields,
	defaultSettings,
	errorMessage,
	parseFormRecord,
	readSeconds,
	readSettings,
} from '../types';

describe( 'readSettings', () => {
	it( 'answers the defaults of docs/forms.md when nothing is stored', () => {
		expect( readSettings( undefined ) ).toEqual( {
			ajaxSubmission: true,
			submitLabel: 'Submit',
			processingText: 'Processing…',
			successMessage:
				'Thanks for contacting us! We will be in touch with you shortly.',
			messageLocation: 'top',
			formStateType: 'reset',
			redirectUrl: '',
			redirectNewTab: false,
			pdfDownload: false,
			notify: true,
			notifyTo: '{admin_email}',
			notifySubject: 'New entry: {form_title}',
			minFillSeconds: 3,
			countdown: 0,
		} );
		expect( readSettings( [] ) ).toEqual( defaultSettings() );
	} );

	it( 'keeps stored values of the right type, over the defaults', () => {
		const settings = readSettings( {
			ajaxSubmission: false,
			submitLabel: 'Send',
			messageLocation: 'popup',
			formStateType: 'hide',
			redirectUrl: '',
			notify: false,
			minFillSeconds: 0,
			countdown: 10,
		} );
		expect( settings ).toMatchObject( {
			ajaxSubmission: false,
			submitLabel: 'Send',
			messageLocation: 'popup',
			formStateType: 'hide',
			notify: false,
			minFillSeconds: 0,
			countdown: 10,
			processingText: 'Processing…',
		} );
	} );

	it( 'replaces values of the wrong type or out of the enums, drops unknown keys', () => {
		const settings = readSettings( {
			ajaxSubmission: 'yes',
			submitLabel: 3,
			messageLocation: 'sideways',
			formStateType: 'explode',
			minFillSeconds: 99999,
			countdown: -5,
			extra: 'x',
		} );
		expect( settings.ajaxSubmission ).toBe( true );
		expect( settings.submitLabel ).toBe( 'Submit' );
		expect( settings.messageLocation ).toBe( 'top' );
		expect( settings.formStateType ).toBe( 'reset' );
		expect( settings.minFillSeconds ).toBe( 3600 );
		expect( settings.countdown ).toBe( 0 );
		expect( settings ).not.toHaveProperty( 'extra' );
	} );
} );

describe( 'readSeconds', () => {
	it( 'reads whole seconds in 0..3600', () => {
		expect( readSeconds( '12' ) ).toBe( 12 );
		expect( readSeconds( 2.4 ) ).toBe( 2 );
		expect( readSeconds( '' ) ).toBeUndefined();
		expect( readSeconds( 'soon' ) ).toBeUndefined();
		expect( readSeconds( null ) ).toBeUndefined();
	} );
} );

describe( 'parseFormRecord', () => {
	it( 'reads the raw title of the edit context', () => {
		expect(
			parseFormRecord( {
				id: 7,
				title: {
					raw: 'Contact & more',
					rendered: 'Contact &amp; more',
				},
				status: 'publish',
			} )
		).toEqual( { id: 7, title: 'Contact & more', status: 'publish' } );
	} );

	it( 'falls back to the rendered title and to an edited string title', () => {
		expect(
			parseFormRecord( { id: 8, title: { rendered: 'Survey' } } )
		).toEqual( { id: 8, title: 'Survey', status: '' } );
		expect(
			parseFormRecord( { id: 9, title: 'Quiz', status: 'trash' } )
		).toEqual( { id: 9, title: 'Quiz', status: 'trash' } );
	} );

	it( 'refuses records without a positive integer id', () => {
		expect( parseFormRecord( null ) ).toBeNull();
		expect( parseFormRecord( { id: '7' } ) ).toBeNull();
		expect( parseFormRecord( { id: 0 } ) ).toBeNull();
		expect( parseFormRecord( { id: 1.5 } ) ).toBeNull();
	} );
} );

describe( 'errorMessage', () => {
	it( 'reads Errors and REST error answers', () => {
		expect( errorMessage( new Error( 'Offline' ) ) ).toBe( 'Offline' );
		expect(
			errorMessage( {
				code: 'rest_cannot_create',
				message: 'Sorry, you are not allowed.',
			} )
		).toBe( 'Sorry, you are not allowed.' );
		expect( errorMessage( 'boom' ) ).toBe(
			'The form could not be created.'
		);
	} );
} );

describe( 'defaultFields', () => {
	it( 'starts a form with a name, an e-mail address and a message, all required', () => {
		expect( defaultFields() ).toEqual( [
			{ id: 'name', type: 'text', label: 'Name', required: true },
			{ id: 'email', type: 'email', label: 'Email', required: true },
			{
				id: 'message',
				type: 'textarea',
				label: 'Message',
				required: true,
			},
		] );
	} );
} );
