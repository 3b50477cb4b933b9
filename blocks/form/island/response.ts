/**
 * The background submission's answer (spec §3 "Response fields read", docs/forms.md "Submission") and its guard.
 */

/** A parsed answer. */
export interface SubmissionResponse {
	success: boolean;
	data: {
		message?: string;
		redirectUrl?: string;
		redirectNewTab: boolean;
		location: string;
		formState: string;
		scroll: boolean;
		header?: string;
		/** The entry's PDF (data.pdf_download with our data.pdf_download_url and the spec's message). */
		pdf?: { href: string; text: string };
		errors: Record< string, string >;
		raw: Record< string, unknown >;
	};
}

const isObject = ( value: unknown ): value is Record< string, unknown > =>
	typeof value === 'object' && value !== null && ! Array.isArray( value );

/**
 * Reads a decoded answer; null when it is not the spec's shape (`{ success: boolean, data: object }`).
 *
 * @param value  Decoded JSON.
 * @param formId The form's id (for `data[formId].header`).
 */
export function parseResponse(
	value: unknown,
	formId: string
): SubmissionResponse | null {
	if ( ! isObject( value ) || typeof value.success !== 'boolean' ) {
		return null;
	}
	const data = isObject( value.data ) ? value.data : {};
	const errors: Record< string, string > = {};
	if ( Array.isArray( data.error ) ) {
		for ( const item of data.error ) {
			if ( isObject( item ) ) {
				for ( const [ id, message ] of Object.entries( item ) ) {
					if ( typeof message === 'string' ) {
						errors[ id ] = message;
					}
				}
			}
		}
	}
	const own = data[ formId ];
	const header =
		isObject( own ) && typeof own.header === 'string'
			? own.header
			: undefined;
	return {
		success: value.success,
		data: {
			message:
				typeof data.message === 'string' ? data.message : undefined,
			redirectUrl:
				typeof data.redirect_url === 'string' &&
				data.redirect_url !== ''
					? data.redirect_url
					: undefined,
			redirectNewTab:
				data.enable_redirect_in_new_tab === true ||
				data.enable_redirect_in_new_tab === '1' ||
				data.enable_redirect_in_new_tab === 1,
			location:
				typeof data.message_display_location === 'string'
					? data.message_display_location
					: 'top',
			formState:
				typeof data.form_state_type === 'string'
					? data.form_state_type
					: 'reset',
			scroll: data.submission_message_scroll === true,
			header,
			pdf:
				data.pdf_download === true &&
				typeof data.pdf_download_url === 'string' &&
				/^https?:\/\//.test( data.pdf_download_url )
					? {
							href: data.pdf_download_url,
							text:
								typeof data.pdf_download_message === 'string'
									? data.pdf_download_message
									: data.pdf_download_url,
						}
					: undefined,
			errors,
			raw: data,
		},
	};
}

/**
 * The text of an error notice: data.message if a string, else data[formId].header, else the generic error.
 *
 * @param response The parsed answer (null: none or not JSON).
 * @param generic  The generic error text.
 */
export function errorText(
	response: SubmissionResponse | null,
	generic: string
): string {
	return response?.data.message ?? response?.data.header ?? generic;
}
