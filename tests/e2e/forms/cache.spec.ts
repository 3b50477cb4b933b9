/**
 * Forms behind a full-page cache, over HTTP (docs/forms.md, "Behind a page cache"; issue 19): the form page is
 * the same bytes for every visitor, each visitor's own token makes each submission its own entry with its own PDF,
 * a token used again with other answers or on another form is refused with nothing of the other entry, the
 * nonce refresh is never cached and lets a page older than its nonce submit, and a normal post's answers are
 * never cached. Only what a visitor sees over HTTP is checked (the stack runs these through its page cache).
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
import { ACTION, AJAX, ensureDemo, pdfToText } from './support';

const CONTACT = '/demo-contact/';
const NONCE_ACTION = 'tessera_form_nonce';

/** The answer of admin-ajax. */
interface Answer {
	success: boolean;
	data: Record< string, unknown >;
}

/** One form as the page gives it. */
interface PageForm {
	id: string;
	hidden: Record< string, string >;
	html: string;
}

/**
 * A new request context: a visitor without cookies, or with the given ones.
 *
 * @param cookies Cookies (name → value).
 */
function visitor(
	cookies: Record< string, string > = {}
): Promise< APIRequestContext > {
	const host = new URL( WP_BASE_URL ).hostname;
	return playwrightRequest.newContext( {
		baseURL: WP_BASE_URL,
		storageState: {
			cookies: Object.entries( cookies ).map( ( [ name, value ] ) => ( {
				name,
				value,
				domain: host,
				path: '/',
				expires: -1,
				httpOnly: false,
				secure: false,
				sameSite: 'Lax' as const,
			} ) ),
			origins: [],
		},
	} );
}

/**
 * The forms of a page's HTML: id, hidden inputs (the page's, as printed) and the form's markup.
 *
 * @param html The page.
 */
function formsOf( html: string ): PageForm[] {
	return [
		...html.matchAll( /<form\b[^>]*\bdata-formid="(\d+)"[^]*?<\/form>/g ),
	].map( ( [ markup, id ] ) => {
		const hidden: Record< string, string > = {};
		for ( const [ tag ] of markup.matchAll( /<input\b[^>]*>/g ) ) {
			const attributes = Object.fromEntries(
				[ ...tag.matchAll( /([a-z_-]+)="([^"]*)"/g ) ].map( ( m ) => [
					m[ 1 ],
					m[ 2 ],
				] )
			);
			if ( attributes.type === 'hidden' && ! attributes.id ) {
				hidden[ attributes.name ] = attributes.value;
			}
		}
		return { id: id ?? '', hidden, html: markup };
	} );
}

/** A token as the browser makes it. */
const token = (): string =>
	[ ...crypto.getRandomValues( new Uint8Array( 16 ) ) ]
		.map( ( b ) => b.toString( 16 ).padStart( 2, '0' ) )
		.join( '' );

/**
 * A submission body: the page's hidden fields, what the browser adds, the fields.
 *
 * @param form   The form as the page gave it.
 * @param fields Field values.
 * @param extra  Fields to add or override.
 */
function body(
	form: PageForm,
	fields: Record< string, string >,
	extra: Record< string, string > = {}
): string {
	const params = new URLSearchParams( {
		...form.hidden,
		evf_submission_start_time: String( Date.now() - 60000 ),
		tessera_submission: token(),
		action: ACTION,
		...extra,
	} );
	for ( const [ id, value ] of Object.entries( fields ) ) {
		params.set( `everest_forms[form_fields][${ id }]`, value );
	}
	return params.toString();
}

/**
 * POSTs a body to admin-ajax as a visitor.
 *
 * @param who  The visitor.
 * @param data Form-encoded body.
 */
async function submit(
	who: APIRequestContext,
	data: string
): Promise< { status: number; json: Answer; raw: string } > {
	const response = await who.post( AJAX, {
		data,
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
	} );
	const raw = await response.text();
	return {
		status: response.status(),
		json: JSON.parse( raw ) as Answer,
		raw,
	};
}

/**
 * The text of a PDF link, fetched by its visitor.
 *
 * @param who  The visitor.
 * @param link The link of the answer.
 */
async function pdfText(
	who: APIRequestContext,
	link: unknown
): Promise< string > {
	const url = new URL( String( link ) );
	const pdf = await who.get( url.pathname + url.search );
	expect( pdf.status() ).toBe( 200 );
	return pdfToText( await pdf.body() );
}

const message = ( name: string ) => ( {
	name,
	email: `${ name.toLowerCase().replace( /\W+/g, '.' ) }@example.org`,
	subject: 'Behind a cache',
	message: `A message from ${ name } alone`,
} );

test.describe( 'forms behind a page cache (HTTP)', { tag: '@visitor' }, () => {
	let anonymous: APIRequestContext;
	let contact: PageForm;

	test.beforeAll( async () => {
		ensureDemo();
		anonymous = await visitor();
		const forms = formsOf(
			await ( await anonymous.get( CONTACT ) ).text()
		);
		expect( forms ).toHaveLength( 1 );
		contact = forms[ 0 ] as PageForm;
	} );

	test.afterAll( async () => {
		await anonymous.dispose();
	} );

	test( 'the form page is the same bytes for every visitor: no token, no render time', async () => {
		const accepted =
			'consentid:' +
			'cachetest'.padEnd( 32, '0' ) +
			',consent:yes,action:yes,necessary:yes,functional:yes,analytics:yes,performance:yes,advertisement:yes';
		const visitors = [
			anonymous,
			await visitor(),
			await visitor( { returning: '1', _ga: 'GA1.1.123.456' } ),
			await visitor( { 'cookieyes-consent': accepted } ),
		];
		const pages: string[] = [];
		for ( const who of visitors ) {
			const response = await who.get( CONTACT );
			expect( response.status() ).toBe( 200 );
			pages.push( await response.text() );
		}
		// The form and the page's forms configuration, byte for byte, whoever asks (the consent banner's part
		// of the page is the consent feature's own test).
		const formPart = ( html: string ) => {
			const config =
				/<script type="application\/json" id="tessera-form-config">[^]*?<\/script>/.exec(
					html
				)?.[ 0 ];
			expect( config ).toBeTruthy();
			return (
				formsOf( html )
					.map( ( form ) => form.html )
					.join( '' ) + config
			);
		};
		const first = formPart( pages[ 0 ] as string );
		for ( const html of pages ) {
			expect( formPart( html ) ).toBe( first );
		}
		// Two visitors without cookies: the whole page.
		expect( pages[ 1 ] ).toBe( pages[ 0 ] );
		expect( contact.hidden.tessera_submission ).toBe( '' );
		expect( contact.hidden.evf_submission_start_time ).toBe( '' );
		expect( contact.hidden.security ).toMatch( /^[0-9a-f]{10}$/ );
		for ( const who of visitors.slice( 1 ) ) {
			await who.dispose();
		}
	} );

	test( 'two visitors sending the same cached page store two entries, each answered with its own entry and PDF', async () => {
		const ada = await visitor();
		const grace = await visitor();
		const [ first, second ] = await Promise.all( [
			submit( ada, body( contact, message( 'Ada Lovelace' ) ) ),
			submit( grace, body( contact, message( 'Grace Hopper' ) ) ),
		] );
		expect( first.status ).toBe( 200 );
		expect( second.status ).toBe( 200 );
		expect( first.json.data.entry_id ).toEqual( expect.any( Number ) );
		expect( second.json.data.entry_id ).toEqual( expect.any( Number ) );
		expect( second.json.data.entry_id ).not.toBe(
			first.json.data.entry_id
		);
		const adaPdf = await pdfText( ada, first.json.data.pdf_download_url );
		const gracePdf = await pdfText(
			grace,
			second.json.data.pdf_download_url
		);
		expect( adaPdf ).toContain( 'A message from Ada Lovelace alone' );
		expect( adaPdf ).not.toContain( 'Hopper' );
		expect( gracePdf ).toContain( 'A message from Grace Hopper alone' );
		expect( gracePdf ).not.toContain( 'Lovelace' );
		await ada.dispose();
		await grace.dispose();
	} );

	test( 'a token used again with other answers, or on another form, is refused clearly with nothing of the first entry', async () => {
		const shared = token();
		const ada = await visitor();
		const grace = await visitor();
		const stored = await submit(
			ada,
			body( contact, message( 'Ada Lovelace' ), {
				tessera_submission: shared,
			} )
		);
		expect( stored.status ).toBe( 200 );
		const pdfToken = new URL(
			String( stored.json.data.pdf_download_url )
		).searchParams.get( 'token' );
		expect( pdfToken ).toBeTruthy();

		const refused = await submit(
			grace,
			body( contact, message( 'Grace Hopper' ), {
				tessera_submission: shared,
			} )
		);
		expect( refused.status ).toBe( 409 );
		expect( refused.json.success ).toBe( false );
		expect( refused.json.data.message ).toMatch(
			/already sent .* other answers.*send it again/
		);
		expect( Object.keys( refused.json.data ).sort() ).toEqual( [
			'form_id',
			'message',
		] );
		expect( refused.raw ).not.toContain( String( pdfToken ) );
		expect( refused.raw ).not.toContain( 'Lovelace' );

		// The visitor sends again with a new token (what the island does): stored as their own.
		const resent = await submit(
			grace,
			body( contact, message( 'Grace Hopper' ) )
		);
		expect( resent.status ).toBe( 200 );
		expect( resent.json.data.entry_id ).not.toBe(
			stored.json.data.entry_id
		);
		expect(
			await pdfText( grace, resent.json.data.pdf_download_url )
		).toContain( 'Grace Hopper' );

		// A double click of the first visitor: the same entry, still.
		const again = await submit(
			ada,
			body( contact, message( 'Ada Lovelace' ), {
				tessera_submission: shared,
			} )
		);
		expect( again.status ).toBe( 200 );
		expect( again.json.data.entry_id ).toBe( stored.json.data.entry_id );

		// The token on another form of the site.
		const other = formsOf(
			await ( await anonymous.get( '/demo-forms/' ) ).text()
		).find( ( form ) =>
			form.html.includes(
				'data-message="Subscribed (message location: top).'
			)
		);
		expect( other ).toBeTruthy();
		const moved = await submit(
			grace,
			body(
				other as PageForm,
				{ email: 'grace@example.org' },
				{ tessera_submission: shared }
			)
		);
		expect( moved.status ).toBe( 409 );
		expect( moved.json.data.message ).toMatch( /another form/ );
		expect( Object.keys( moved.json.data ).sort() ).toEqual( [
			'form_id',
			'message',
		] );
		await ada.dispose();
		await grace.dispose();
	} );

	test( 'the nonce refresh is never cached, readable only by the site, and lets a page older than its nonce submit', async () => {
		const refresh = await anonymous.get(
			`${ AJAX }?action=${ NONCE_ACTION }`,
			{ headers: { Origin: 'https://attacker.example' } }
		);
		expect( refresh.status() ).toBe( 200 );
		expect( refresh.headers()[ 'cache-control' ] ).toContain( 'no-store' );
		expect( refresh.headers()[ 'access-control-allow-origin' ] ).toBe(
			undefined
		);
		const { success, data } = ( await refresh.json() ) as {
			success: boolean;
			data: { nonce: string };
		};
		expect( success ).toBe( true );
		expect( data.nonce ).toMatch( /^[0-9a-f]{10}$/ );

		// A page cached for longer than a nonce's life carries a nonce that is refused ...
		const stale = body( contact, message( 'Old Page' ), {
			security: '0123456789',
		} );
		const refused = await submit( anonymous, stale );
		expect( refused.status ).toBe( 403 );
		expect( refused.json.data.message ).toMatch( /expired/ );
		// ... and goes through with the refreshed one.
		const params = new URLSearchParams( stale );
		params.set( 'security', data.nonce );
		const sent = await submit( anonymous, params.toString() );
		expect( sent.status ).toBe( 200 );
		expect( sent.json.data.entry_id ).toEqual( expect.any( Number ) );
	} );

	test( 'a logged-in user refreshes to their own nonce, which the anonymous one is not', async () => {
		const user = await playwrightRequest.newContext( {
			baseURL: WP_BASE_URL,
			storageState: process.env.STORAGE_STATE_PATH,
		} );
		const nonceOf = async ( who: APIRequestContext ) =>
			(
				( await (
					await who.get( `${ AJAX }?action=${ NONCE_ACTION }` )
				).json() ) as { data: { nonce: string } }
			 ).data.nonce;
		const mine = await nonceOf( user );
		const theirs = await nonceOf( anonymous );
		expect( mine ).toMatch( /^[0-9a-f]{10}$/ );
		expect( mine ).not.toBe( theirs );
		const fields = message( 'Logged In' );
		expect(
			(
				await submit(
					user,
					body( contact, fields, { security: theirs } )
				)
			).status
		).toBe( 403 );
		expect(
			(
				await submit(
					user,
					body( contact, fields, { security: mine } )
				)
			).status
		).toBe( 200 );
		await user.dispose();
	} );

	test( 'a normal post: the answers are never cached, a first post without script comes back to be sent once more, a repeat stores once', async () => {
		const post = async ( data: URLSearchParams ) =>
			anonymous.post( CONTACT, {
				data: data.toString(),
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
				},
				maxRedirects: 0,
			} );
		const noScript = new URLSearchParams( contact.hidden );
		for ( const [ id, value ] of Object.entries(
			message( 'Without Script' )
		) ) {
			noScript.set( `everest_forms[form_fields][${ id }]`, value );
		}

		// The page as printed (no token, no start time): checked, nothing stored, the values back with the
		// visitor's own start time and token, in an answer never cached.
		const first = await post( noScript );
		expect( first.status() ).toBe( 200 );
		expect( first.headers()[ 'cache-control' ] ).toContain( 'no-store' );
		const html = await first.text();
		expect( html ).toContain( 'send the form once more' );
		expect( html ).toContain( 'A message from Without Script alone' );
		const back = formsOf( html )[ 0 ] as PageForm;
		expect( back.hidden.tessera_submission ).toMatch( /^[0-9a-f]{32}$/ );
		expect( back.hidden.evf_submission_start_time ).toMatch( /^\d{13}$/ );

		// Sent once more (after the minimum fill time), twice (a double click): one entry, one success page.
		const resend = new URLSearchParams( noScript );
		resend.set(
			'tessera_submission',
			back.hidden.tessera_submission ?? ''
		);
		resend.set( 'evf_submission_start_time', String( Date.now() - 10000 ) );
		const sent = await post( resend );
		const twice = await post( resend );
		expect( sent.status() ).toBe( 303 );
		expect( twice.status() ).toBe( 303 );
		const location = sent.headers().location ?? '';
		const entry = /evf_sent=\d+\.(\d+)\./.exec( location )?.[ 1 ];
		expect( entry ).toBeTruthy();
		expect(
			/evf_sent=\d+\.(\d+)\./.exec(
				twice.headers().location ?? ''
			)?.[ 1 ]
		).toBe( entry );

		// Without a token at all (a form with no minimum fill time, or one past it): the server's token for
		// the same post is the same, so a double click stores once.
		const tokenless = new URLSearchParams( noScript );
		tokenless.set(
			'evf_submission_start_time',
			String( Date.now() - 10000 )
		);
		tokenless.set( 'everest_forms[form_fields][subject]', token() );
		const a = await post( tokenless );
		const b = await post( tokenless );
		const entryOf = ( response: typeof a ) =>
			/evf_sent=\d+\.(\d+)\./.exec(
				response.headers().location ?? ''
			)?.[ 1 ];
		expect( entryOf( a ) ).toBeTruthy();
		expect( entryOf( b ) ).toBe( entryOf( a ) );
		expect( entryOf( a ) ).not.toBe( entry );

		// The success page: the message, for this visitor only, never cached.
		const done = await anonymous.get(
			new URL( location, WP_BASE_URL ).pathname +
				new URL( location, WP_BASE_URL ).search
		);
		expect( done.status() ).toBe( 200 );
		expect( done.headers()[ 'cache-control' ] ).toContain( 'no-store' );
		expect( await done.text() ).toContain(
			'everest-forms-notice--success'
		);
		expect( await ( await anonymous.get( CONTACT ) ).text() ).not.toContain(
			'everest-forms-notice--success'
		);
	} );
} );
