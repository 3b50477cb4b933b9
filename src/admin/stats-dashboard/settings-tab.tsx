/**
 * The Settings tab: every statistics setting, saved whole over `POST tessera/v1/stats/settings`. What was typed
 * is kept when the server refuses it; the refused field is marked (aria-invalid, its message below it) and takes
 * the focus.
 */

/**
 * External dependencies
 */
import type { ReactNode } from 'react';

/**
 * WordPress dependencies
 */
import {
	Button,
	CheckboxControl,
	Notice,
	SelectControl,
	Spinner,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import {
	createContext,
	useContext,
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { loadSettings, saveSettings } from './api';
import {
	toDraft,
	toPayload,
	toggleRole,
	type SettingsDraft,
} from './settings-draft';
import {
	CONSENT_INTEGRATIONS,
	CONSENT_LEVELS,
	type RequestError,
	type Role,
} from './types';

/** The error the server tied to a field. */
interface FieldError {
	field: string;
	message: string;
}

const FieldErrorContext = createContext< FieldError | null >( null );

/**
 * The id of a setting's control.
 *
 * @param key The setting.
 * @return The id.
 */
export const controlId = ( key: string ): string =>
	`tessera-stats-setting-${ key }`;

/**
 * Id, ARIA attributes and message of a setting's control.
 *
 * @param key     The setting.
 * @param hasHelp Whether the control has a help text.
 * @return What the control needs.
 */
function useField( key: keyof SettingsDraft, hasHelp = false ) {
	const error = useContext( FieldErrorContext );
	const id = controlId( key );
	const message = error?.field === key ? error.message : undefined;
	const aria = message
		? {
				'aria-invalid': true as const,
				'aria-describedby': hasHelp
					? `${ id }-error ${ id }__help`
					: `${ id }-error`,
			}
		: {};
	return { id, message, aria };
}

/**
 * The message under a refused control.
 *
 * @param props         Props.
 * @param props.id      Control id.
 * @param props.message The message.
 * @return The message, or nothing.
 */
function FieldMessage( { id, message }: { id: string; message?: string } ) {
	return message ? (
		<p id={ `${ id }-error` } className="tessera-stats__field-error">
			{ message }
		</p>
	) : null;
}

type Setter = < K extends keyof SettingsDraft >(
	key: K,
	value: SettingsDraft[ K ]
) => void;

interface FieldProps {
	draft: SettingsDraft;
	set: Setter;
}

/**
 * A switch.
 *
 * @param props       Props.
 * @param props.name  The setting.
 * @param props.label Label.
 * @param props.help  Help text.
 * @param props.draft Draft.
 * @param props.set   Setter.
 * @return The control.
 */
function Toggle( {
	name,
	label,
	help,
	draft,
	set,
}: FieldProps & {
	name:
		| 'enabled'
		| 'userOnline'
		| 'dntEnabled'
		| 'bypassAdBlockers'
		| 'linkTracker'
		| 'downloadTracker'
		| 'trackAnonymously';
	label: string;
	help?: string;
} ) {
	const { id, message } = useField( name );
	return (
		<div>
			<ToggleControl
				__nextHasNoMarginBottom
				id={ id }
				label={ label }
				help={ help }
				checked={ draft[ name ] }
				onChange={ ( checked: boolean ) => set( name, checked ) }
			/>
			<FieldMessage id={ id } message={ message } />
		</div>
	);
}

/**
 * A one-line text or number field (kept as typed).
 *
 * @param props       Props.
 * @param props.name  The setting.
 * @param props.label Label.
 * @param props.help  Help text.
 * @param props.type  Input type.
 * @param props.min   Minimum (numbers).
 * @param props.max   Maximum (numbers).
 * @param props.draft Draft.
 * @param props.set   Setter.
 * @return The control.
 */
function Text( {
	name,
	label,
	help,
	type = 'text',
	min,
	max,
	draft,
	set,
}: FieldProps & {
	name: 'onlineInterval' | 'retentionDays' | 'downloadExtensions';
	label: string;
	help?: string;
	type?: 'text' | 'number';
	min?: number;
	max?: number;
} ) {
	const { id, message, aria } = useField( name, !! help );
	return (
		<div>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				id={ id }
				label={ label }
				help={ help }
				type={ type }
				min={ min }
				max={ max }
				value={ draft[ name ] }
				onChange={ ( value: string ) => set( name, value ) }
				spellCheck={ false }
				{ ...aria }
			/>
			<FieldMessage id={ id } message={ message } />
		</div>
	);
}

/**
 * A select.
 *
 * @param props         Props.
 * @param props.name    The setting.
 * @param props.label   Label.
 * @param props.options Options.
 * @param props.draft   Draft.
 * @param props.set     Setter.
 * @return The control.
 */
function Select( {
	name,
	label,
	options,
	draft,
	set,
}: FieldProps & {
	name: 'consentIntegration' | 'consentLevel';
	label: string;
	options: Array< { value: string; label: string } >;
} ) {
	const { id, message, aria } = useField( name );
	return (
		<div>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				id={ id }
				label={ label }
				value={ draft[ name ] }
				options={ options }
				onChange={ ( value: string ) => set( name, value ) }
				{ ...aria }
			/>
			<FieldMessage id={ id } message={ message } />
		</div>
	);
}

/**
 * A group of fields.
 *
 * @param props          Props.
 * @param props.title    Legend.
 * @param props.children Fields.
 * @return The fieldset.
 */
function Group( { title, children }: { title: string; children: ReactNode } ) {
	return (
		<fieldset className="tessera-stats__settings-group">
			<legend>{ title }</legend>
			{ children }
		</fieldset>
	);
}

/**
 * The form of loaded settings.
 *
 * @param props         Props.
 * @param props.initial The loaded settings as a draft.
 * @param props.roles   The site's roles.
 * @return The form.
 */
function SettingsForm( {
	initial,
	roles,
}: {
	initial: SettingsDraft;
	roles: Role[];
} ) {
	const [ draft, setDraft ] = useState< SettingsDraft >( initial );
	const [ saving, setSaving ] = useState( false );
	const [ notice, setNotice ] = useState<
		{ status: 'success' } | { status: 'error'; error: RequestError } | null
	>( null );
	const [ fieldError, setFieldError ] = useState< FieldError | null >( null );
	const noticeRef = useRef< HTMLDivElement >( null );
	const focusPending = useRef( false );

	useLayoutEffect( () => {
		if ( ! focusPending.current ) {
			return;
		}
		focusPending.current = false;
		const target = fieldError
			? document.getElementById( controlId( fieldError.field ) )
			: noticeRef.current;
		target?.focus( { preventScroll: true } );
		target?.scrollIntoView( { block: 'center' } );
	}, [ fieldError, notice ] );

	const set: Setter = ( key, value ) =>
		setDraft( ( current ) => ( { ...current, [ key ]: value } ) );

	const save = async () => {
		setSaving( true );
		setNotice( null );
		setFieldError( null );
		const outcome = await saveSettings( toPayload( draft ) );
		setSaving( false );
		focusPending.current = true;
		if ( outcome.ok ) {
			setDraft( toDraft( outcome.value ) );
			setNotice( { status: 'success' } );
			return;
		}
		setNotice( { status: 'error', error: outcome.error } );
		const field = outcome.error.field;
		setFieldError(
			field !== '' && document.getElementById( controlId( field ) )
				? { field, message: outcome.error.message }
				: null
		);
	};

	const integrationLabels: Record<
		( typeof CONSENT_INTEGRATIONS )[ number ],
		string
	> = {
		auto: __( 'Automatic (detect the consent plugin)', 'tessera' ),
		none: __( 'None (track at once)', 'tessera' ),
		tessera: __( 'Tessera cookie consent', 'tessera' ),
		wp_consent_api: __( 'WP Consent API', 'tessera' ),
		real_cookie_banner: __( 'Real Cookie Banner', 'tessera' ),
		borlabs_cookie: __( 'Borlabs Cookie', 'tessera' ),
	};
	const levelLabels: Record< ( typeof CONSENT_LEVELS )[ number ], string > = {
		statistics: __( 'Statistics', 'tessera' ),
		'statistics-anonymous': __( 'Anonymous statistics', 'tessera' ),
		marketing: __( 'Marketing', 'tessera' ),
		functional: __( 'Functional', 'tessera' ),
		preferences: __( 'Preferences', 'tessera' ),
		disabled: __( 'Disabled (no consent needed)', 'tessera' ),
	};
	return (
		<form
			className="tessera-stats__settings"
			noValidate
			onSubmit={ ( formEvent ) => {
				formEvent.preventDefault();
				if ( ! saving ) {
					save();
				}
			} }
		>
			<div
				ref={ noticeRef }
				tabIndex={ -1 }
				className="tessera-stats__notices"
			>
				{ notice?.status === 'success' && (
					<Notice
						status="success"
						onRemove={ () => setNotice( null ) }
					>
						{ __( 'Settings saved.', 'tessera' ) }
					</Notice>
				) }
				{ notice?.status === 'error' && (
					<Notice status="error" isDismissible={ false }>
						{ notice.error.message }
					</Notice>
				) }
			</div>
			<FieldErrorContext.Provider value={ fieldError }>
				<Group title={ __( 'Tracking', 'tessera' ) }>
					<Toggle
						name="enabled"
						label={ __( 'Record visits', 'tessera' ) }
						draft={ draft }
						set={ set }
					/>
					<Toggle
						name="dntEnabled"
						label={ __( 'Honour Do Not Track', 'tessera' ) }
						help={ __(
							'Browsers that send Do Not Track are not counted.',
							'tessera'
						) }
						draft={ draft }
						set={ set }
					/>
					<Toggle
						name="bypassAdBlockers"
						label={ __( 'Bypass ad blockers', 'tessera' ) }
						help={ __(
							'Send hits through admin-ajax.php instead of the collector file (slower).',
							'tessera'
						) }
						draft={ draft }
						set={ set }
					/>
				</Group>
				<Group title={ __( 'Online users', 'tessera' ) }>
					<Toggle
						name="userOnline"
						label={ __( 'Count who is online now', 'tessera' ) }
						draft={ draft }
						set={ set }
					/>
					<Text
						name="onlineInterval"
						type="number"
						min={ 10 }
						max={ 600 }
						label={ __(
							'Online check interval (seconds)',
							'tessera'
						) }
						help={ __( 'From 10 to 600 seconds.', 'tessera' ) }
						draft={ draft }
						set={ set }
					/>
				</Group>
				<Group title={ __( 'Links and downloads', 'tessera' ) }>
					<Toggle
						name="linkTracker"
						label={ __(
							'Count clicks on links to other sites',
							'tessera'
						) }
						draft={ draft }
						set={ set }
					/>
					<Toggle
						name="downloadTracker"
						label={ __( 'Count file downloads', 'tessera' ) }
						draft={ draft }
						set={ set }
					/>
					<Text
						name="downloadExtensions"
						label={ __( 'Download file extensions', 'tessera' ) }
						help={ __(
							'Separated by commas, e.g. pdf, zip, docx.',
							'tessera'
						) }
						draft={ draft }
						set={ set }
					/>
				</Group>
				<Group title={ __( 'Consent', 'tessera' ) }>
					<Select
						name="consentIntegration"
						label={ __( 'Consent integration', 'tessera' ) }
						options={ CONSENT_INTEGRATIONS.map( ( value ) => ( {
							value,
							label: integrationLabels[ value ],
						} ) ) }
						draft={ draft }
						set={ set }
					/>
					<Select
						name="consentLevel"
						label={ __(
							'Consent level (WP Consent API)',
							'tessera'
						) }
						options={ CONSENT_LEVELS.map( ( value ) => ( {
							value,
							label: levelLabels[ value ],
						} ) ) }
						draft={ draft }
						set={ set }
					/>
					<Toggle
						name="trackAnonymously"
						label={ __(
							'Track anonymously before consent (WP Consent API)',
							'tessera'
						) }
						draft={ draft }
						set={ set }
					/>
				</Group>
				<Group title={ __( 'Exclusions and retention', 'tessera' ) }>
					<RolesField roles={ roles } draft={ draft } set={ set } />
					<IpField draft={ draft } set={ set } />
					<Text
						name="retentionDays"
						type="number"
						min={ 0 }
						max={ 3650 }
						label={ __( 'Keep statistics for (days)', 'tessera' ) }
						help={ __(
							'0 keeps them forever; otherwise from 30 to 3650 days.',
							'tessera'
						) }
						draft={ draft }
						set={ set }
					/>
				</Group>
			</FieldErrorContext.Provider>
			<div className="tessera-stats__save">
				<Button
					variant="primary"
					type="submit"
					isBusy={ saving }
					aria-disabled={ saving }
					__next40pxDefaultSize
				>
					{ saving
						? __( 'Saving…', 'tessera' )
						: __( 'Save settings', 'tessera' ) }
				</Button>
			</div>
		</form>
	);
}

/**
 * The excluded roles: a checkbox per role; the first carries the field's id (and so its error).
 *
 * @param props       Props.
 * @param props.roles The site's roles.
 * @param props.draft Draft.
 * @param props.set   Setter.
 * @return The group.
 */
function RolesField( { roles, draft, set }: FieldProps & { roles: Role[] } ) {
	const { id, message, aria } = useField( 'excludedRoles' );
	return (
		<fieldset className="tessera-stats__checkboxes">
			<legend>
				{ __( 'Do not count visits of these roles', 'tessera' ) }
			</legend>
			{ roles.map( ( role, index ) => (
				<CheckboxControl
					__nextHasNoMarginBottom
					key={ role.slug }
					id={ index === 0 ? id : `${ id }-${ index }` }
					label={ role.name }
					checked={ draft.excludedRoles.includes( role.slug ) }
					onChange={ ( on: boolean ) =>
						set(
							'excludedRoles',
							toggleRole( draft.excludedRoles, role.slug, on )
						)
					}
					{ ...aria }
				/>
			) ) }
			<FieldMessage id={ id } message={ message } />
		</fieldset>
	);
}

/**
 * The excluded addresses: one per line.
 *
 * @param props       Props.
 * @param props.draft Draft.
 * @param props.set   Setter.
 * @return The control.
 */
function IpField( { draft, set }: FieldProps ) {
	const { id, message, aria } = useField( 'excludedIps', true );
	return (
		<div className="components-base-control">
			<label className="tessera-stats__label" htmlFor={ id }>
				{ __(
					'Do not count visits from these IP addresses',
					'tessera'
				) }
			</label>
			<textarea
				className="components-textarea-control__input tessera-stats__textarea"
				id={ id }
				rows={ 4 }
				value={ draft.excludedIps }
				spellCheck={ false }
				onChange={ ( changeEvent ) =>
					set( 'excludedIps', changeEvent.target.value )
				}
				aria-describedby={ `${ id }__help` }
				{ ...aria }
			/>
			<p id={ `${ id }__help` } className="tessera-stats__help">
				{ __(
					'One address or CIDR range per line, e.g. 192.0.2.10 or 10.0.0.0/8.',
					'tessera'
				) }
			</p>
			<FieldMessage id={ id } message={ message } />
		</div>
	);
}

/**
 * The tab: loads the settings, then the form (or the error).
 *
 * @param props       Props.
 * @param props.roles The site's roles.
 * @return The tab.
 */
export function SettingsTab( { roles }: { roles: Role[] } ) {
	const [ state, setState ] = useState<
		| { status: 'loading' }
		| { status: 'ready'; draft: SettingsDraft }
		| { status: 'failed'; message: string }
	>( { status: 'loading' } );

	useEffect( () => {
		let active = true;
		loadSettings().then( ( outcome ) => {
			if ( active ) {
				setState(
					outcome.ok
						? { status: 'ready', draft: toDraft( outcome.value ) }
						: { status: 'failed', message: outcome.error.message }
				);
			}
		} );
		return () => {
			active = false;
		};
	}, [] );

	if ( state.status === 'loading' ) {
		return (
			<p className="tessera-stats__loading" role="status">
				<Spinner />
				{ __( 'Loading the settings…', 'tessera' ) }
			</p>
		);
	}
	if ( state.status === 'failed' ) {
		return (
			<Notice status="error" isDismissible={ false }>
				{ state.message }
			</Notice>
		);
	}
	return <SettingsForm initial={ state.draft } roles={ roles } />;
}
