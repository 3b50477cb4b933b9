/**
 * The background submission over real HTTP (spec §3, §7, §8; docs/forms.md "Submission"): admin-ajax action
 * `everest_forms_ajax_submission`, the posted names `everest_forms[form_fields][{fieldId}]`, `security`, the
 * answer fields, the error shapes, bad input that stores nothing, and 100 concurrent submissions.
 */

/**
 * External dependencies
 */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';

/**
 * Internal dependencies
 */
import { WP_BASE_URL } from '../speed/support';
import {
	ACTION,
	AJAX,
	DEMO_PATH,
	ensureDemo,
	entries,
	formId,
	hiddenFields,
	sitePhp,
	testForm,
} from './support';

/** The answer of admin-ajax. */
interface Answer {
	success: boolean;
	data: Record< string, unknown >;
}

let anonymous: APIRequestContext;

/**
 * A submission of the contact form, as the browser serialises it.
 *
 * @param hidden The form's hidden fields.
 * @param fields Field values (`name`, `email`, `message`, …); arrays posted with `[]`.
 * @param extra  Fields to add or override.
 */
function body(
	hidden: Record< string, string >,
	fields: Record< string, string | string[] >,
	extra: Record< string, string > = {}
): string {
	const params = new URLSearchParams( {
		...hidden,
		// Started a minute ago: past the form's minimum fill time.
		evf_submission_start_time: String( Date.now() - 60000 ),
		tessera_submission: [
			...crypto.getRandomValues( new Uint8Array( 16 ) ),
		]
			.map( ( b ) => b.toString( 16 ).padStart( 2, '0' ) )
			.join( '' ),
		action: ACTION,
	} );
	for ( const [ id, value ] of Object.entries( fields ) ) {
		if ( Array.isArray( value ) ) {
			for ( const v of value ) {
				params.append( `everest_forms[form_fields][${ id }][]`, v );
			}
		} else {
			params.set( `everest_forms[form_fields][${ id }]`, value );
		}
	}
	for ( const [ k, v ] of Object.entries( extra ) ) {
		params.set( k, v );
	}
	return params.toString();
}

/**
 * POSTs a body to admin-ajax.
 *
 * @param data Form-encoded body.
 */
async function submit(
	data: string
): Promise< { status: number; json: Answer } > {
	const response = await anonymous.post( AJAX, {
		data,
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
	} );
	return {
		status: response.status(),
		json: ( await response.json() ) as Answer,
	};
}

const VALID = {
	name: 'Grace Hopper',
	email: 'grace@example.org',
	subject: 'COBOL',
	message: 'It is easier to ask forgiveness',
};

test.describe( 'form submission contract (admin-ajax)', () => {
	let form: number;
	let hidden: Record< string, string >;

	test.beforeAll( async () => {
		ensureDemo();
		anonymous = await playwrightRequest.newContext( {
			baseURL: WP_BASE_URL,
			storageState: { cookies: [], origins: [] },
		} );
		form = formId( 'demo-contact' );
		hidden = await hiddenFields( anonymous, form );
	} );

	test.afterAll( async () => {
		await anonymous.dispose();
	} );

	test( "a valid submission answers the spec's success fields and stores exactly what was sent", async () => {
		const before = entries( form ).total;
		const data = body( hidden, {
			...VALID,
			name: '<img src=x onerror=alert(1)>',
		} );
		const { status, json } = await submit( data );
		expect( status ).toBe( 200 );
		expect( json.success ).toBe( true );
		expect( json.data ).toMatchObject( {
			response: 'success',
			form_id: form,
			message: 'Thank you! Your message has been sent.',
			message_display_location: 'top',
			form_state_type: 'reset',
			submission_message_scroll: true,
		} );
		expect( typeof json.data.entry_id ).toBe( 'number' );
		const stored = entries( form );
		expect( stored.total ).toBe( before + 1 );
		expect( stored.rows[ 0 ].values.name ).toBe(
			'<img src=x onerror=alert(1)>'
		);

		// A double click: the same submission again stores nothing and answers the same entry.
		const again = await submit( data );
		expect( again.json.data.entry_id ).toBe( json.data.entry_id );
		expect( entries( form ).total ).toBe( before + 1 );
	} );

	test( 'the PDF of the entry: the link of the answer serves a real PDF to this visitor, and nothing without its token', async () => {
		const { json } = await submit( body( hidden, VALID ) );
		expect( json.data ).toMatchObject( {
			pdf_download: true,
			pdf_download_message: expect.any( String ),
		} );
		const link = new URL( String( json.data.pdf_download_url ) );
		expect( Object.fromEntries( link.searchParams ) ).toMatchObject( {
			page: 'evf-entries-pdf',
			form_id: String( form ),
			entry_id: String( json.data.entry_id ),
		} );
		const pdf = await anonymous.get( link.pathname + link.search );
		expect( pdf.status() ).toBe( 200 );
		expect( pdf.headers()[ 'content-type' ] ).toBe( 'application/pdf' );
		const bytes = await pdf.body();
		expect( bytes.subarray( 0, 8 ).toString( 'latin1' ) ).toMatch(
			/^%PDF-1\.\d$/
		);
		expect( bytes.subarray( -6 ).toString( 'latin1' ) ).toContain(
			'%%EOF'
		);

		link.searchParams.delete( 'token' );
		expect(
			( await anonymous.get( link.pathname + link.search ) ).status()
		).toBe( 403 );
		link.searchParams.set(
			'entry_id',
			String( Number( json.data.entry_id ) - 1 )
		);
		link.searchParams.set(
			'token',
			new URL( String( json.data.pdf_download_url ) ).searchParams.get(
				'token'
			) ?? ''
		);
		expect(
			( await anonymous.get( link.pathname + link.search ) ).status(),
			"another entry with this entry's token"
		).toBe( 403 );
	} );

	test( 'field errors come back as data.error, a list of single-entry maps, with the form header', async () => {
		const before = entries( form ).total;
		const { status, json } = await submit(
			body( hidden, {
				...VALID,
				name: '',
				email: 'grace@',
				message: 'Too short',
			} )
		);
		expect( status ).toBe( 400 );
		expect( json.success ).toBe( false );
		expect( json.data.error ).toEqual( [
			{ name: 'This field is required' },
			{ email: 'Please enter a valid email address' },
			{ message: 'Please enter at least 3 words' },
		] );
		expect(
			( json.data[ String( form ) ] as { header?: unknown } ).header
		).toEqual( expect.any( String ) );
		expect( entries( form ).total ).toBe( before );
	} );

	test( 'bad input gets a clear message and stores nothing', async () => {
		const before = entries( form ).total;
		const cases: Array< [ string, number, string ] > = [
			[ 'no nonce', 403, body( hidden, VALID, { security: '' } ) ],
			[
				'forged nonce',
				403,
				body( hidden, VALID, { security: '0123456789' } ),
			],
			[
				'unknown form',
				400,
				body( hidden, VALID, { 'everest_forms[id]': '987654321' } ),
			],
			[
				'honeypot filled',
				400,
				body( hidden, VALID, { 'everest_forms[hp]': 'buy now' } ),
			],
			[
				'too fast',
				400,
				body( hidden, VALID, {
					evf_submission_start_time: String( Date.now() ),
				} ),
			],
			[
				'malformed token',
				400,
				body( hidden, VALID, { tessera_submission: 'x' } ),
			],
		];
		for ( const [ label, expected, data ] of cases ) {
			const { status, json } = await submit( data );
			expect( status, label ).toBe( expected );
			expect( json.success, label ).toBe( false );
			expect( typeof json.data.message, label ).toBe( 'string' );
		}
		// Arrays where strings belong, over-long values, unknown fields.
		const shaped = await submit(
			body( hidden, {
				...VALID,
				name: [ 'a', 'b' ],
				subject: 'x'.repeat( 1001 ),
				injected: 'x',
			} )
		);
		expect( shaped.status ).toBe( 400 );
		expect( shaped.json.data.error ).toEqual( [
			{ name: 'Please fix this field' },
			{ subject: 'Please enter no more than 1000 characters' },
		] );
		expect( entries( form ).total ).toBe( before );
	} );

	test( 'SQL in a field is stored as text, and too many submissions from one address get 429 with nothing stored', async () => {
		const sql = "Robert'); DROP TABLE wp_tessera_form_entries; --";
		const stored = await submit(
			body( hidden, { ...VALID, name: sql, subject: '1 OR 1=1' } )
		);
		expect( stored.status ).toBe( 200 );
		const entry = entries( form ).rows[ 0 ];
		expect( entry.values.name ).toBe( sql );
		expect( entry.values.subject ).toBe( '1 OR 1=1' );

		// The limit counts the submissions stored from an address in 10 minutes (the suite raises it: every
		// request comes from 127.0.0.1); at 1, the one just stored is the limit.
		sitePhp( "update_option( 'tessera_forms_rate_limit', 1 );" );
		try {
			const before = entries( form ).total;
			const refused = await submit( body( hidden, VALID ) );
			expect( refused.status ).toBe( 429 );
			expect( refused.json.success ).toBe( false );
			expect( refused.json.data.message ).toMatch( /too many/i );
			expect( entries( form ).total ).toBe( before );
		} finally {
			sitePhp( "update_option( 'tessera_forms_rate_limit', 100000 );" );
		}
	} );

	test( '100 concurrent background submissions store exactly 100 entries', async () => {
		const before = entries( form ).total;
		const answers = await Promise.all(
			Array.from( { length: 100 }, ( _, i ) =>
				submit(
					body( hidden, { ...VALID, subject: `concurrent ${ i }` } )
				)
			)
		);
		expect( answers.filter( ( a ) => a.json.success ) ).toHaveLength( 100 );
		const ids = new Set( answers.map( ( a ) => a.json.data.entry_id ) );
		expect( ids.size ).toBe( 100 );
		expect( entries( form ).total ).toBe( before + 100 );
	} );

	test( 'a token used again with other answers, or on another form, stores nothing (409)', async () => {
		const token = 'a'.repeat( 24 ) + Date.now().toString( 16 ).slice( -8 );
		const first = await submit(
			body( hidden, VALID, { tessera_submission: token } )
		);
		expect( first.status ).toBe( 200 );
		const before = entries( form ).total;
		const conflict = await submit(
			body(
				hidden,
				{ ...VALID, name: 'Someone Else' },
				{ tessera_submission: token }
			)
		);
		expect( conflict.status ).toBe( 409 );
		expect( conflict.json.data.entry_id ).toBeUndefined();
		expect( entries( form ).total ).toBe( before );
		expect( entries( form ).rows[ 0 ].values.name ).toBe( VALID.name );

		const other = formId( 'demo-message-top' );
		const otherBefore = entries( other ).total;
		const moved = await submit(
			body(
				await hiddenFields( anonymous, other ),
				{ email: 'else@example.org' },
				{ tessera_submission: token }
			)
		);
		expect( moved.status ).toBe( 409 );
		expect( entries( other ).total ).toBe( otherBefore );
	} );

	test( 'a normal post without a token, sent twice, stores one entry', async () => {
		const before = entries( form ).total;
		const params = new URLSearchParams(
			body( hidden, { ...VALID, subject: `tokenless ${ Date.now() }` } )
		);
		params.delete( 'tessera_submission' );
		params.delete( 'action' );
		const post = () =>
			anonymous.post( DEMO_PATH, {
				data: params.toString(),
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
				},
				maxRedirects: 0,
			} );
		const [ a, b ] = [ await post(), await post() ];
		expect( a.status() ).toBe( 303 );
		expect( b.status() ).toBe( 303 );
		expect( entries( form ).total ).toBe( before + 1 );
	} );

	test( "a normal post goes to the form's saved address on another site, and never to one that is not absolute http(s)", async () => {
		// Issue 20, item 17. The test form's settings are written with update_post_meta(), around the save check.
		const post = async ( redirectUrl: string ) => {
			const target = testForm( 'e2e-form-redirect-normal', {
				redirectUrl,
			} );
			const params = new URLSearchParams(
				body( hidden, { email: 'redirect@example.org' } )
			);
			params.set( 'everest_forms[id]', String( target.id ) );
			params.delete( 'action' );
			const answer = await anonymous.post( target.path, {
				data: params.toString(),
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
				},
				maxRedirects: 0,
			} );
			expect( answer.status() ).toBe( 303 );
			return { location: answer.headers().location, path: target.path };
		};
		expect(
			( await post( 'https://thanks.example.org/merci/?from=form' ) )
				.location
		).toBe( 'https://thanks.example.org/merci/?from=form' );
		// A browser reads `//evil.example/` as another site: the visitor gets the page's own success instead.
		const { location, path } = await post( '//evil.example/' );
		expect( location ).toContain( `${ WP_BASE_URL }${ path }?` );
		expect( location ).toContain( 'evf_sent=' );
	} );

	test( 'the demo page carries a fresh nonce for anonymous visitors', async () => {
		expect( hidden.security ).toMatch( /^[0-9a-f]{10}$/ );
		expect( hidden[ 'everest_forms[id]' ] ).toBe( String( form ) );
		expect( ( await anonymous.get( DEMO_PATH ) ).status() ).toBe( 200 );
	} );
} );
