/**
 * Shared helpers of the forms specs: the demo page, the forms on it, the entries stored for a form, and the
 * hidden fields a rendered form carries (nonce, submission token, start time).
 */

/**
 * External dependencies
 */
import { execFileSync } from 'node:child_process';
import type { APIRequestContext, Locator } from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, requestsSettled, sitePhp } from '../stats/support';
import { ensureDemo as ensureAllDemos } from '../consent/support';

export { consentingVisitor, requestsSettled, sitePhp };

/**
 * Makes a rendered form look as if its visitor had spent `seconds` filling it in: its start time
 * (`evf_submission_start_time`, against which the server checks the minimum fill time) moved back, so that a
 * browser test sends at once instead of waiting in real time. The refusal of a form sent too quickly is tested
 * where it is decided: FormsSubmissionTest and the contract spec.
 *
 * @param form    The form.
 * @param seconds How long ago it was started.
 */
export async function startedSecondsAgo(
	form: Locator,
	seconds = 10
): Promise< void > {
	await form
		.locator( 'input[name="evf_submission_start_time"]' )
		.evaluate( ( input, ms ) => {
			( input as HTMLInputElement ).value = String( Date.now() - ms );
		}, seconds * 1000 );
}

/**
 * The text of a PDF as poppler's pdftotext reads it (npm test installs poppler-utils): the entry PDFs' text is
 * compressed and set in embedded fonts, so only a PDF reader gives it back.
 *
 * @param pdf The PDF file's bytes.
 */
export function pdfToText( pdf: Buffer ): string {
	return execFileSync( 'pdftotext', [ '-enc', 'UTF-8', '-', '-' ], {
		input: pdf,
	} ).toString( 'utf8' );
}

export const DEMO_PATH = '/demo-forms/';
export const AJAX = '/wp-admin/admin-ajax.php';
export const ACTION = 'everest_forms_ajax_submission';

/**
 * The demo content exists, and the per-address rate limit is out of the way (every test request comes from
 * 127.0.0.1; the limit itself is covered by phpunit).
 */
export function ensureDemo(): void {
	ensureAllDemos();
	sitePhp( "update_option( 'tessera_forms_rate_limit', 100000 );" );
}

/**
 * The id of a demo form by its slug.
 *
 * @param slug Slug (`demo-contact`, `demo-every-field`, …).
 */
export function formId( slug: string ): number {
	const id = Number(
		sitePhp(
			`echo (int) ( get_posts( array( 'post_type' => 'tessera_form', 'name' => ${ JSON.stringify(
				slug
			) }, 'fields' => 'ids', 'numberposts' => 1 ) )[0] ?? 0 );`
		)
			.split( '\n' )
			.pop()
	);
	if ( ! id ) {
		throw new Error( `no demo form ${ slug }` );
	}
	return id;
}

/** A stored entry as Entries::get() answers it. */
export interface StoredEntry {
	id: number;
	values: Record< string, string | string[] >;
}

/**
 * The entries of a form, newest first (at most 100).
 *
 * @param form Form id.
 */
export function entries( form: number ): {
	total: number;
	rows: StoredEntry[];
} {
	const out = sitePhp(
		`$l = Tessera\\Forms\\Entries::list( ${ form }, array( 'per_page' => 100 ) ); echo wp_json_encode( array( 'total' => $l['total'], 'rows' => array_map( static fn ( $r ) => Tessera\\Forms\\Entries::get( (int) $r['id'] ), $l['rows'] ) ) );`
	);
	return JSON.parse( out.split( '\n' ).pop() || '{}' ) as {
		total: number;
		rows: StoredEntry[];
	};
}

/**
 * The hidden fields of one form on the demo page, as an anonymous visitor receives them.
 *
 * @param request A request context without cookies.
 * @param form    Form id.
 */
export async function hiddenFields(
	request: APIRequestContext,
	form: number
): Promise< Record< string, string > > {
	const html = await ( await request.get( DEMO_PATH ) ).text();
	const start = html.indexOf( `id="evf-form-${ form }"` );
	const end = html.indexOf( '</form>', start );
	if ( start < 0 || end < 0 ) {
		throw new Error( `form ${ form } not on ${ DEMO_PATH }` );
	}
	const fields: Record< string, string > = {};
	for ( const [ tag ] of html
		.slice( start, end )
		.matchAll( /<input\b[^>]*>/g ) ) {
		const attributes = Object.fromEntries(
			[ ...tag.matchAll( /([a-z-]+)="([^"]*)"/g ) ].map( ( m ) => [
				m[ 1 ],
				m[ 2 ],
			] )
		);
		if ( attributes.type === 'hidden' && ! attributes.id ) {
			fields[ attributes.name ] = attributes.value;
		}
	}
	return fields;
}

/**
 * Posts one background submission of a form on the demo page (its own hidden fields, a fresh submission token,
 * started a minute ago) and answers the stored entry's id.
 *
 * @param request A request context without cookies.
 * @param form    Form id.
 * @param fields  Field values; arrays are posted with `[]`.
 */
export async function submitEntry(
	request: APIRequestContext,
	form: number,
	fields: Record< string, string | string[] >
): Promise< number > {
	const params = new URLSearchParams( {
		...( await hiddenFields( request, form ) ),
		evf_submission_start_time: String( Date.now() - 60000 ),
		tessera_submission: [
			...crypto.getRandomValues( new Uint8Array( 16 ) ),
		]
			.map( ( b ) => b.toString( 16 ).padStart( 2, '0' ) )
			.join( '' ),
		action: ACTION,
	} );
	for ( const [ id, value ] of Object.entries( fields ) ) {
		for ( const v of Array.isArray( value ) ? value : [ value ] ) {
			params.append(
				`everest_forms[form_fields][${ id }]${
					Array.isArray( value ) ? '[]' : ''
				}`,
				v
			);
		}
	}
	const response = await request.post( AJAX, {
		data: params.toString(),
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
	} );
	const json = ( await response.json() ) as {
		success: boolean;
		data: { entry_id?: unknown };
	};
	if ( ! json.success || typeof json.data.entry_id !== 'number' ) {
		throw new Error(
			`submission refused (${ response.status() }): ${ JSON.stringify(
				json
			) }`
		);
	}
	return json.data.entry_id;
}

/**
 * The stored status of an entry (`read`, `unread`), or null when it does not exist.
 *
 * @param entry Entry id.
 */
export function entryStatus( entry: number ): string | null {
	const out = sitePhp(
		`$e = Tessera\\Forms\\Entries::get( ${ entry } ); echo null === $e ? 'none' : $e['status'];`
	)
		.split( '\n' )
		.pop();
	return out === 'none' || out === undefined ? null : out;
}

/**
 * A form of the tests alone on its page (created, or its settings written again): one required e-mail field,
 * no minimum fill time, no e-mail notification, and the given settings.
 *
 * @param slug     Slug of the form and of its page.
 * @param settings Form settings (docs/forms.md, "Settings").
 * @return The form's id and the page's path.
 */
export function testForm(
	slug: string,
	settings: Record< string, unknown >
): { id: number; path: string } {
	const all = { minFillSeconds: 0, notify: false, ...settings };
	const out = sitePhp(
		`$slug = ${ JSON.stringify( slug ) };
		$form = get_posts( array( 'post_type' => 'tessera_form', 'name' => $slug, 'fields' => 'ids', 'numberposts' => 1, 'post_status' => 'any' ) )[0] ?? 0;
		if ( ! $form ) {
			$form = wp_insert_post( wp_slash( array( 'post_type' => 'tessera_form', 'post_status' => 'publish', 'post_name' => $slug, 'post_title' => $slug, 'post_content' => '<!-- wp:tessera/field {"id":"email","type":"email","label":"E-mail","required":true} /-->' ) ) );
		}
		update_post_meta( $form, '_tessera_form_settings', json_decode( ${ JSON.stringify(
			JSON.stringify( all )
		) }, true ) );
		$content = '<!-- wp:tessera/form {"ref":' . $form . '} /-->';
		$page = get_page_by_path( $slug );
		if ( ! $page || $page->post_content !== $content ) {
			wp_insert_post( wp_slash( array( 'ID' => $page ? $page->ID : 0, 'post_type' => 'page', 'post_status' => 'publish', 'post_name' => $slug, 'post_title' => $slug, 'post_content' => $content ) ) );
		}
		echo $form;`
	);
	return { id: Number( out.split( '\n' ).pop() ), path: `/${ slug }/` };
}
