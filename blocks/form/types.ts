/**
 * Attributes of the form block `tessera/form` (block.json), the form settings stored in the form post's meta
 * `_tessera_form_settings` (docs/forms.md, "Form settings"), and the pure helpers that read what the REST API
 * answers.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import type { FieldAttributes } from '../field/types';
import {
	parsePostRecord,
	readRecord,
	requestErrorMessage,
	type PostSummary,
} from '../../src/lib/post-record';

export { readRecord };

/** The post type of a form. */
export const FORM_POST_TYPE = 'tessera_form';

/** The meta key of a form's settings. */
export const META_SETTINGS = '_tessera_form_settings';

/** The blocks a form holds. */
export const FORM_INNER_BLOCKS = [ 'tessera/field', 'tessera/form-step' ];

/** Longest countdown and minimum fill time, in seconds (the meta schema's maximum). */
export const MAX_SECONDS = 3600;

/** The block's attributes. */
export interface FormAttributes extends Record< string, unknown > {
	/** The form post's id (unset: no form chosen yet). */
	ref?: number;
}

/** Where the success message is shown. */
export const MESSAGE_LOCATIONS = [ 'hide', 'top', 'bottom', 'popup' ] as const;

/** What happens to the form after a successful submission. */
export const FORM_STATE_TYPES = [ 'reset', 'hide' ] as const;

/** Where the success message is shown. */
export type MessageLocation = ( typeof MESSAGE_LOCATIONS )[ number ];

/** What happens to the form after a successful submission. */
export type FormStateType = ( typeof FORM_STATE_TYPES )[ number ];

/** A form's settings (`_tessera_form_settings`). */
export interface FormSettings {
	/** Submit in the background (the spec's `ajax_submission`). */
	ajaxSubmission: boolean;
	/** The submit button's label. */
	submitLabel: string;
	/** The button's label while sending (`process-text`). */
	processingText: string;
	/** Shown after a successful submission (`message`). */
	successMessage: string;
	/** Where the message is shown (`message_location`). */
	messageLocation: MessageLocation;
	/** Reset or hide the form after success (`form_state_type`). */
	formStateType: FormStateType;
	/** Address to go to after success ('' = none). */
	redirectUrl: string;
	/** Open the redirect in a new tab. */
	redirectNewTab: boolean;
	/** Offer a PDF of the entry. */
	pdfDownload: boolean;
	/** E-mail each entry. */
	notify: boolean;
	/** Comma-separated addresses. */
	notifyTo: string;
	/** Subject of the notification. */
	notifySubject: string;
	/** Spam rule: a submission faster than this many seconds is refused. */
	minFillSeconds: number;
	/** Seconds of the submission countdown (0 = none). */
	countdown: number;
}

/** A form as the form pickers list it. */
export type FormSummary = PostSummary;

/**
 * The settings of a form that has none stored (the same as the server's `PostType::default_settings()`).
 *
 * @return The defaults.
 */
export function defaultSettings(): FormSettings {
	return {
		ajaxSubmission: true,
		submitLabel: __( 'Submit', 'tessera' ),
		processingText: __( 'Processing…', 'tessera' ),
		successMessage: __(
			'Thanks for contacting us! We will be in touch with you shortly.',
			'tessera'
		),
		messageLocation: 'top',
		formStateType: 'reset',
		redirectUrl: '',
		redirectNewTab: false,
		pdfDownload: false,
		notify: true,
		notifyTo: '{admin_email}',
		/* translators: {form_title} is replaced by the form's title: keep it as is. */
		notifySubject: __( 'New entry: {form_title}', 'tessera' ),
		minFillSeconds: 3,
		countdown: 0,
	};
}

/**
 * A whole number of seconds in 0..MAX_SECONDS, or undefined when the value is not a number.
 *
 * @param value Any value.
 * @return The seconds.
 */
export function readSeconds( value: unknown ): number | undefined {
	let number = NaN;
	if ( typeof value === 'number' ) {
		number = value;
	} else if ( typeof value === 'string' && value.trim() !== '' ) {
		number = Number( value );
	}
	if ( ! Number.isFinite( number ) ) {
		return undefined;
	}
	return Math.min( MAX_SECONDS, Math.max( 0, Math.round( number ) ) );
}

/**
 * Reads stored settings: each known key of the right type is kept, the others take their defaults; unknown
 * keys are dropped (the meta schema refuses them).
 *
 * @param value The meta value.
 * @return Complete settings.
 */
export function readSettings( value: unknown ): FormSettings {
	const stored = readRecord( value );
	const settings = defaultSettings();
	const text = ( key: keyof FormSettings ): string | undefined =>
		typeof stored[ key ] === 'string'
			? ( stored[ key ] as string )
			: undefined;
	const flag = ( key: keyof FormSettings ): boolean | undefined =>
		typeof stored[ key ] === 'boolean'
			? ( stored[ key ] as boolean )
			: undefined;

	const location = stored.messageLocation;
	const state = stored.formStateType;
	return {
		ajaxSubmission: flag( 'ajaxSubmission' ) ?? settings.ajaxSubmission,
		submitLabel: text( 'submitLabel' ) ?? settings.submitLabel,
		processingText: text( 'processingText' ) ?? settings.processingText,
		successMessage: text( 'successMessage' ) ?? settings.successMessage,
		messageLocation:
			MESSAGE_LOCATIONS.find( ( option ) => option === location ) ??
			settings.messageLocation,
		formStateType:
			FORM_STATE_TYPES.find( ( option ) => option === state ) ??
			settings.formStateType,
		redirectUrl: text( 'redirectUrl' ) ?? settings.redirectUrl,
		redirectNewTab: flag( 'redirectNewTab' ) ?? settings.redirectNewTab,
		pdfDownload: flag( 'pdfDownload' ) ?? settings.pdfDownload,
		notify: flag( 'notify' ) ?? settings.notify,
		notifyTo: text( 'notifyTo' ) ?? settings.notifyTo,
		notifySubject: text( 'notifySubject' ) ?? settings.notifySubject,
		minFillSeconds:
			readSeconds( stored.minFillSeconds ) ?? settings.minFillSeconds,
		countdown: readSeconds( stored.countdown ) ?? settings.countdown,
	};
}

/**
 * Reads a form post from REST (`wp/v2/tessera-forms`): see parsePostRecord().
 */
export const parseFormRecord = parsePostRecord;

/**
 * The message of a failed request (apiFetch rejects with `{ code, message }`, not an Error).
 *
 * @param error What was thrown.
 * @return A message to show.
 */
export function errorMessage( error: unknown ): string {
	return requestErrorMessage(
		error,
		__( 'The form could not be created.', 'tessera' )
	);
}

/**
 * The fields a new form starts with: a name, an e-mail address and a message, all required (the same as the
 * post type's template on the server).
 *
 * @return The field blocks' attributes.
 */
export function defaultFields(): Partial< FieldAttributes >[] {
	return [
		{
			id: 'name',
			type: 'text',
			label: __( 'Name', 'tessera' ),
			required: true,
		},
		{
			id: 'email',
			type: 'email',
			label: __( 'Email', 'tessera' ),
			required: true,
		},
		{
			id: 'message',
			type: 'textarea',
			label: __( 'Message', 'tessera' ),
			required: true,
		},
	];
}
