/**
 * The consent settings screen (Tessera → Cookie consent): loads the settings, lets the site owner edit
 * them, saves them whole, and ties a refused value to its control.
 */

/**
 * WordPress dependencies
 */
import { Button, Notice, Spinner } from '@wordpress/components';
import {
	useCallback,
	useEffect,
	useLayoutEffect,
	useReducer,
	useRef,
	useState,
} from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { loadSettings, saveSettings } from './api';
import { controlIdCandidates } from './field-path';
import { FieldErrorContext, type FieldError } from './fields';
import type { SaveError } from './guard';
import {
	BannerSection,
	CategoriesSection,
	ColoursSection,
	LawSection,
	ProvidersSection,
	TextsSection,
} from './sections';
import { draftReducer, toDraft } from './state';
import type { SettingsDraft } from './types';

/**
 * The editor of a loaded draft.
 *
 * @param props         Props.
 * @param props.initial The loaded settings, as a draft.
 * @return The form.
 */
function SettingsForm( { initial }: { initial: SettingsDraft } ) {
	const [ draft, dispatch ] = useReducer( draftReducer, initial );
	const [ saving, setSaving ] = useState( false );
	const [ notice, setNotice ] = useState<
		| { status: 'success'; message: string }
		| { status: 'error'; error: SaveError }
		| null
	>( null );
	const [ fieldError, setFieldError ] = useState< FieldError | null >( null );
	const noticeRef = useRef< HTMLDivElement >( null );
	const focusPending = useRef( false );

	// After an error was tied to a control (and rendered), move focus to it; without one, to the notice.
	useLayoutEffect( () => {
		if ( ! focusPending.current ) {
			return;
		}
		focusPending.current = false;
		const target = fieldError
			? document.getElementById( fieldError.id )
			: noticeRef.current;
		target?.focus( { preventScroll: true } );
		// Centred, so that the sticky save bar does not cover it.
		target?.scrollIntoView( { block: 'center' } );
	}, [ fieldError, notice ] );

	const save = useCallback( async () => {
		setSaving( true );
		setNotice( null );
		setFieldError( null );
		const outcome = await saveSettings( draft );
		setSaving( false );
		if ( outcome.ok ) {
			dispatch( { type: 'replace', settings: outcome.settings } );
			setNotice( {
				status: 'success',
				message: __( 'Settings saved.', 'tessera' ),
			} );
			return;
		}
		const id = controlIdCandidates( outcome.error.field ).find(
			( candidate ) => document.getElementById( candidate ) !== null
		);
		setNotice( { status: 'error', error: outcome.error } );
		setFieldError( id ? { id, message: outcome.error.message } : null );
		focusPending.current = true;
	}, [ draft ] );

	return (
		<form
			className="tessera-consent-settings__form"
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				if ( ! saving ) {
					save();
				}
			} }
		>
			<div
				ref={ noticeRef }
				tabIndex={ -1 }
				className="tessera-consent-settings__notices"
			>
				{ notice?.status === 'success' && (
					<Notice
						status="success"
						onRemove={ () => setNotice( null ) }
					>
						{ notice.message }
					</Notice>
				) }
				{ notice?.status === 'error' && (
					<Notice status="error" isDismissible={ false }>
						{ notice.error.message }
					</Notice>
				) }
			</div>
			<FieldErrorContext.Provider value={ fieldError }>
				<LawSection draft={ draft } dispatch={ dispatch } />
				<BannerSection draft={ draft } dispatch={ dispatch } />
				<TextsSection draft={ draft } dispatch={ dispatch } />
				<ColoursSection draft={ draft } dispatch={ dispatch } />
				<CategoriesSection draft={ draft } dispatch={ dispatch } />
				<ProvidersSection draft={ draft } dispatch={ dispatch } />
			</FieldErrorContext.Provider>
			<div className="tessera-consent-settings__save">
				<Button
					variant="primary"
					type="submit"
					isBusy={ saving }
					aria-disabled={ saving }
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
 * The screen: a loading state while the settings are read, then the form (or the error).
 *
 * @return The screen.
 */
export function ConsentSettingsApp() {
	const [ state, setState ] = useState<
		| { status: 'loading' }
		| { status: 'ready'; draft: SettingsDraft }
		| { status: 'failed'; message: string }
	>( { status: 'loading' } );

	useEffect( () => {
		let active = true;
		loadSettings().then( ( outcome ) => {
			if ( ! active ) {
				return;
			}
			setState(
				outcome.ok
					? { status: 'ready', draft: toDraft( outcome.settings ) }
					: { status: 'failed', message: outcome.error.message }
			);
		} );
		return () => {
			active = false;
		};
	}, [] );

	if ( state.status === 'loading' ) {
		return (
			<p className="tessera-consent-settings__loading" role="status">
				<Spinner />
				{ __( 'Loading the consent settings…', 'tessera' ) }
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
	return <SettingsForm initial={ state.draft } />;
}
