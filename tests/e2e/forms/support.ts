/**
 * Shared helpers of the forms specs: the demo page, the forms on it, the entries stored for a form, and the
 * hidden fields a rendered form carries (nonce, submission token, start time).
 */

/**
 * External dependencies
 */
import type { APIRequestContext } from '@playwright/test';

/**
 * Internal dependencies
 */
import { consentingVisitor, sitePhp } from '../stats/support';
import { ensureDemo as ensureAllDemos } from '../consent/support';

export { consentingVisitor, sitePhp };

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
