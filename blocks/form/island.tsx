/**
 * The form block's island (docs/forms.md, spec §2–§5, §7, §8): loaded by view.ts on intent, it mounts one React
 * root per form into a container appended to the form and drives the server-rendered markup in place (no
 * hydration, no re-render of the fields): live validation with the server's messages, conditional logic,
 * steps, the e-mail typo suggestion, the background submission and its notices or popup. A multi-step form's
 * step indicator and Previous/Next buttons are the server's too (its first step is laid out as the island keeps
 * it), so taking the form over moves nothing on the page.
 */

/**
 * External dependencies
 */
import {
	useCallback,
	useEffect,
	useLayoutEffect,
	useRef,
	useState,
} from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';

/**
 * Internal dependencies
 */
import {
	readConfig,
	type FieldConfig,
	type FormConfig,
	type PageConfig,
} from './island/config';
import { visibleFields } from './island/conditions';
import {
	fieldInputs,
	fieldOf,
	fieldRow,
	hasBadInput,
	inputId,
	readValue,
} from './island/dom';
import { SuccessPopup } from './island/popup';
import { refreshNonce } from './island/nonce';
import {
	errorText,
	parseResponse,
	type SubmissionResponse,
} from './island/response';
import {
	rowState,
	validateField,
	validatesOnKeyUp,
	withScheme,
	type FieldValue,
} from './island/rules';
import { scrollToElement } from '../../src/lib/scroll';
import { suggestEmail } from './island/typo';
import { newToken } from './token';

type RowState = ReturnType< typeof rowState > | '';

interface Notice {
	type: 'success' | 'error';
	text: string;
	where: 'top' | 'bottom';
	link?: { href: string; text: string };
}

interface Slots {
	top: HTMLElement;
	bottom: HTMLElement;
	progress: HTMLElement | null;
	nav: HTMLElement | null;
}

interface IslandProps {
	form: HTMLFormElement;
	config: PageConfig;
	formConfig: FormConfig;
	slots: Slots;
}

const ROW_CLASSES: Record< Exclude< RowState, '' >, string[] > = {
	validated: [ 'is-validated' ],
	invalid: [ 'is-invalid' ],
	'invalid-required': [ 'is-invalid', 'is-invalid-required' ],
	'invalid-email': [ 'is-invalid', 'is-invalid-email' ],
};

const ALL_ROW_CLASSES = [
	'is-validated',
	'is-invalid',
	'is-invalid-required',
	'is-invalid-email',
];

/**
 * Replaces `%s`, `%1$d`, `%2$d` in a translated text.
 *
 * @param text   Text.
 * @param values Values in order.
 */
function format( text: string, ...values: Array< string | number > ): string {
	let index = 0;
	return text.replace( /%(?:(\d)\$)?[sd]/g, ( _match, position?: string ) =>
		String( values[ position ? Number( position ) - 1 : index++ ] ?? '' )
	);
}

function FormIsland( { form, config, formConfig, slots }: IslandProps ) {
	const formId = form.dataset.formid || '';
	const fields = formConfig.fields;
	const steps = Math.max( 1, formConfig.stepTitles.length );
	const { messages, texts } = config;

	const readAll = useCallback( (): Record< string, FieldValue > => {
		const values: Record< string, FieldValue > = {};
		for ( const field of fields ) {
			values[ field.id ] = readValue( form, field );
		}
		return values;
	}, [ fields, form ] );

	const [ errors, setErrors ] = useState< Record< string, string > >( () => {
		const seeded: Record< string, string > = {};
		for ( const field of fields ) {
			const p = form.querySelector(
				`#${ CSS.escape( inputId( formId, field.id ) ) }-error`
			);
			if ( p ) {
				seeded[ field.id ] = p.textContent || '';
				p.remove();
			}
		}
		return seeded;
	} );
	const [ states, setStates ] = useState< Record< string, RowState > >(
		() => {
			const seeded: Record< string, RowState > = {};
			for ( const field of fields ) {
				if ( errors[ field.id ] ) {
					seeded[ field.id ] = rowState(
						field,
						errors[ field.id ] ?? '',
						messages
					);
				}
			}
			return seeded;
		}
	);
	const [ visible, setVisible ] = useState( () =>
		visibleFields( fields, readAll() )
	);
	const [ suggestions, setSuggestions ] = useState<
		Record< string, string >
	>( {} );
	// The step the server shows (the first, or the first with an error after a normal post).
	const [ step, setStep ] = useState( () =>
		Number(
			form.querySelector< HTMLElement >(
				'.tessera-form__step:not([hidden])'
			)?.dataset.step || 0
		)
	);
	// "Step 1 of 2: Title", as the server prints it (Steps::label()).
	const stepTitle = formConfig.stepTitles[ step ] || '';
	const announcement =
		steps > 1
			? format( texts.stepOf, step + 1, steps ) +
				( stepTitle ? ': ' + stepTitle : '' )
			: '';
	const [ notice, setNotice ] = useState< Notice | null >( null );
	const [ popup, setPopup ] = useState< {
		text: string;
		link?: { href: string; text: string };
	} | null >( null );
	const [ collapsed, setCollapsed ] = useState< 'none' | 'rows' | 'form' >(
		'none'
	);
	const touched = useRef( new Set< string >() );
	const busy = useRef( false );
	const button = form.querySelector< HTMLButtonElement >(
		'button[type=submit]'
	);
	const label = useRef( button?.textContent || '' );
	const noticeRef = useRef< HTMLDivElement >( null );
	const focusStep = useRef( false );

	/** The error of one field now ('' when it is hidden or valid). */
	const check = useCallback(
		( field: FieldConfig, shown: Record< string, boolean > ): string => {
			if ( ! shown[ field.id ] || field.type === 'hidden' ) {
				return '';
			}
			if ( field.type === 'number' && hasBadInput( form, field ) ) {
				return messages.number;
			}
			return validateField( field, readValue( form, field ), messages );
		},
		[ form, messages ]
	);

	/** Validates fields, shows their states and errors; answers the fields that failed. */
	const validate = useCallback(
		( list: FieldConfig[] ): FieldConfig[] => {
			const shown = visibleFields( fields, readAll() );
			setVisible( shown );
			const failed: FieldConfig[] = [];
			const nextErrors: Record< string, string > = {};
			const nextStates: Record< string, RowState > = {};
			for ( const field of list ) {
				if ( field.type === 'url' ) {
					const input = fieldInputs( form, field )[ 0 ];
					if ( input && input.value.trim() !== '' ) {
						input.value = withScheme( input.value.trim() );
					}
				}
				const error = check( field, shown );
				touched.current.add( field.id );
				nextErrors[ field.id ] = error;
				nextStates[ field.id ] = shown[ field.id ]
					? rowState( field, error, messages )
					: '';
				if ( error ) {
					failed.push( field );
				}
			}
			setErrors( ( old ) => ( { ...old, ...nextErrors } ) );
			setStates( ( old ) => ( { ...old, ...nextStates } ) );
			return failed;
		},
		[ check, fields, form, messages, readAll ]
	);

	const clear = useCallback( ( id: string ) => {
		setStates( ( old ) => ( old[ id ] ? { ...old, [ id ]: '' } : old ) );
		setErrors( ( old ) => ( old[ id ] ? { ...old, [ id ]: '' } : old ) );
	}, [] );

	/** Focuses the first of the failed fields (on its step) and scrolls to it. */
	const showFirst = useCallback(
		( failed: FieldConfig[], duration: number ) => {
			const first = failed[ 0 ];
			if ( ! first ) {
				return;
			}
			setStep( first.stepIndex );
			window.requestAnimationFrame( () => {
				const input = fieldInputs( form, first )[ 0 ];
				if ( input ) {
					scrollToElement( input, duration );
				}
			} );
		},
		[ form ]
	);

	const restoreButton = useCallback( () => {
		busy.current = false;
		if ( button ) {
			button.disabled = !! form.querySelector( '[data-duration]' );
			button.textContent = label.current;
		}
	}, [ button, form ] );

	const onSuccess = useCallback(
		( response: SubmissionResponse ) => {
			const data = response.data;
			// A redirect in a new tab (when the browser opens it) leaves this page as after any success: the
			// form reset with a new submission token (the old one would be refused as a repeat), the message shown.
			if (
				data.redirectUrl &&
				! (
					data.redirectNewTab &&
					window.open( data.redirectUrl, '_blank' )
				)
			) {
				window.location.assign( data.redirectUrl );
				return;
			}
			form.reset();
			const token = form.querySelector< HTMLInputElement >(
				'input[name="tessera_submission"]'
			);
			const start = form.querySelector< HTMLInputElement >(
				'input[name="evf_submission_start_time"]'
			);
			if ( token ) {
				token.value = newToken();
			}
			if ( start ) {
				start.value = String( Date.now() );
			}
			touched.current.clear();
			setErrors( {} );
			setStates( {} );
			setSuggestions( {} );
			setStep( 0 );
			setVisible( visibleFields( fields, readAll() ) );
			restoreButton();
			const text = data.message ?? form.dataset.message ?? '';
			const location = data.location;
			if ( location === 'popup' ) {
				setPopup( { text, link: data.pdf } );
			} else {
				setNotice( {
					type: 'success',
					text,
					where: location === 'bottom' ? 'bottom' : 'top',
					link: data.pdf,
				} );
				if ( location === 'hide' ) {
					setCollapsed( 'form' );
				}
			}
			if ( location !== 'hide' && data.formState === 'hide' ) {
				setCollapsed( 'rows' );
			}
			if ( data.scroll && location !== 'popup' ) {
				window.requestAnimationFrame( () => {
					if ( noticeRef.current ) {
						scrollToElement( noticeRef.current, 800 );
					}
				} );
			}
			form.dispatchEvent(
				new CustomEvent( 'everest_forms_ajax_submission_success', {
					bubbles: true,
					detail: data.raw,
				} )
			);
		},
		[ fields, form, readAll, restoreButton ]
	);

	const onFailure = useCallback(
		( response: SubmissionResponse | null ) => {
			restoreButton();
			setNotice( {
				type: 'error',
				text: errorText( response, texts.genericError ),
				where: 'top',
			} );
			const failed = fields.filter(
				( field ) => response?.data.errors[ field.id ]
			);
			if ( response && failed.length ) {
				const nextErrors: Record< string, string > = {};
				const nextStates: Record< string, RowState > = {};
				for ( const field of failed ) {
					const message = response.data.errors[ field.id ] ?? '';
					nextErrors[ field.id ] = message;
					nextStates[ field.id ] = rowState(
						field,
						message,
						messages
					);
					touched.current.add( field.id );
				}
				setErrors( ( old ) => ( { ...old, ...nextErrors } ) );
				setStates( ( old ) => ( { ...old, ...nextStates } ) );
				const last = failed[ failed.length - 1 ] as FieldConfig;
				showFirst( [ last ], 1000 );
				return;
			}
			window.requestAnimationFrame( () => {
				if ( noticeRef.current ) {
					scrollToElement( noticeRef.current, 1000 );
				}
			} );
		},
		[ fields, messages, restoreButton, showFirst, texts.genericError ]
	);

	const send = useCallback( async () => {
		busy.current = true;
		if ( button ) {
			button.disabled = true;
			button.textContent = form.dataset.processText || label.current;
		}
		setNotice( null );
		// The server's notice of a normal post goes; the island's own (a retry after a refusal) is React's to
		// remove: taking it out of the DOM here broke the next render and lost the answer of the retry.
		const printed = document.getElementById(
			`evf-form-${ formId }-notice`
		);
		if ( printed && printed !== noticeRef.current ) {
			printed.remove();
		}
		const post = async (): Promise< {
			status: number;
			response: SubmissionResponse | null;
		} > => {
			const body = new URLSearchParams();
			new FormData( form ).forEach( ( value, key ) => {
				if ( typeof value === 'string' ) {
					body.append( key, value );
				}
			} );
			body.set( 'action', 'everest_forms_ajax_submission' );
			try {
				const answer = await fetch( config.ajaxUrl, {
					method: 'POST',
					body,
					credentials: 'same-origin',
				} );
				return {
					status: answer.status,
					response: parseResponse( await answer.json(), formId ),
				};
			} catch {
				return { status: 0, response: null };
			}
		};
		// The nonce asked for on intent (the page may be older than the one it carries).
		await refreshNonce( config.ajaxUrl, form.ownerDocument );
		let { status, response } = await post();
		// Refused as expired (the tab stayed open past the nonce's life): once more with a new one.
		if (
			status === 403 &&
			( await refreshNonce( config.ajaxUrl, form.ownerDocument, true ) )
		) {
			( { status, response } = await post() );
		}
		if ( status === 409 ) {
			// The token was used for another submission: nothing was stored; a new token sends this one anew.
			const token = form.querySelector< HTMLInputElement >(
				'input[name="tessera_submission"]'
			);
			if ( token ) {
				token.value = newToken();
			}
		}
		if ( response?.success ) {
			onSuccess( response );
		} else {
			onFailure( response );
		}
	}, [ button, config.ajaxUrl, form, formId, onFailure, onSuccess ] );

	const goTo = useCallback( ( next: number ) => {
		focusStep.current = true;
		setStep( next );
	}, [] );

	const next = useCallback( () => {
		const failed = validate(
			fields.filter( ( field ) => field.stepIndex === step )
		);
		if ( failed.length ) {
			showFirst( failed, 1000 );
			return;
		}
		goTo( Math.min( steps - 1, step + 1 ) );
	}, [ fields, goTo, showFirst, step, steps, validate ] );

	// Listeners on the form (the fields stay the server's).
	useEffect( () => {
		form.noValidate = true;
		const onInput = ( event: Event ) => {
			const field = fieldOf( fields, event.target );
			if ( field ) {
				clear( field.id );
				setSuggestions( ( current ) =>
					current[ field.id ]
						? { ...current, [ field.id ]: '' }
						: current
				);
				setVisible( visibleFields( fields, readAll() ) );
			}
		};
		const onKeyUp = ( event: KeyboardEvent ) => {
			const target = event.target;
			const field = fieldOf( fields, target );
			if (
				! field ||
				! touched.current.has( field.id ) ||
				! ( target instanceof HTMLElement )
			) {
				return;
			}
			const off =
				target.classList.contains( 'novalidate-onkeyup' ) ||
				target.hasAttribute( 'novalidate-onkeyup' );
			if (
				validatesOnKeyUp( event.keyCode, off ) &&
				event.key !== 'Tab'
			) {
				validate( [ field ] );
			}
		};
		const onBlur = ( event: FocusEvent ) => {
			const field = fieldOf( fields, event.target );
			// Moving to Previous/Next does not validate here (Next validates the step; an error appearing under
			// the field would move the button away from the pointer).
			const towards = event.relatedTarget;
			if (
				! field ||
				( event.target instanceof HTMLInputElement &&
					event.target.dataset.selectAll ) ||
				( towards instanceof Node && slots.nav?.contains( towards ) )
			) {
				return;
			}
			if ( field.type === 'checkbox' || field.type === 'radio' ) {
				// A group is validated when focus leaves the group.
				const leaving = event.relatedTarget;
				if (
					leaving instanceof Element &&
					fieldOf( fields, leaving ) === field
				) {
					return;
				}
			}
			validate( [ field ] );
			if (
				field.type === 'email' &&
				event.target instanceof HTMLInputElement
			) {
				const suggestion = suggestEmail(
					event.target.value,
					config.domains,
					config.tlds
				);
				setSuggestions( ( old ) => ( {
					...old,
					[ field.id ]: suggestion ?? '',
				} ) );
			}
		};
		const onChange = ( event: Event ) => {
			const target = event.target;
			const field = fieldOf( fields, target );
			if ( ! field ) {
				return;
			}
			if (
				target instanceof HTMLInputElement &&
				field.type === 'checkbox'
			) {
				const boxes = fieldInputs( form, field ).filter(
					( input ): input is HTMLInputElement =>
						input instanceof HTMLInputElement
				);
				const all = form.querySelector< HTMLInputElement >(
					`input[data-select-all="${ CSS.escape( field.id ) }"]`
				);
				if ( target === all ) {
					boxes.forEach(
						( box ) => ( box.checked = target.checked )
					);
				} else if ( all ) {
					all.checked = boxes.every( ( box ) => box.checked );
				}
			}
			validate( [ field ] );
		};
		const onSubmit = ( event: SubmitEvent ) => {
			if ( busy.current ) {
				event.preventDefault();
				return;
			}
			if ( steps > 1 && step < steps - 1 ) {
				event.preventDefault();
				next();
				return;
			}
			const failed = validate( fields );
			if ( failed.length ) {
				event.preventDefault();
				showFirst( failed, 1000 );
				return;
			}
			if ( form.dataset.ajax_submission === '1' ) {
				event.preventDefault();
				send();
			}
		};
		const onClick = ( event: MouseEvent ) => {
			const target =
				event.target instanceof Element
					? event.target.closest( 'button' )
					: null;
			if ( ! target || ! slots.nav?.contains( target ) ) {
				return;
			}
			if ( target.matches( '.tessera-form__button--next' ) ) {
				next();
			} else if ( target.matches( '.tessera-form__button--previous' ) ) {
				goTo( Math.max( 0, step - 1 ) );
			}
		};
		const onReset = () =>
			window.setTimeout( () =>
				setVisible( visibleFields( fields, readAll() ) )
			);
		const onOffline = () => {
			setStates( ( old ) => {
				const cleared: Record< string, RowState > = {};
				for ( const [ id, value ] of Object.entries( old ) ) {
					cleared[ id ] = value === 'validated' ? value : '';
				}
				return cleared;
			} );
			setErrors( {} );
		};
		form.addEventListener( 'input', onInput );
		form.addEventListener( 'keyup', onKeyUp );
		form.addEventListener( 'focusout', onBlur );
		form.addEventListener( 'change', onChange );
		form.addEventListener( 'submit', onSubmit );
		form.addEventListener( 'click', onClick );
		form.addEventListener( 'reset', onReset );
		window.addEventListener( 'offline', onOffline );
		return () => {
			form.removeEventListener( 'input', onInput );
			form.removeEventListener( 'keyup', onKeyUp );
			form.removeEventListener( 'focusout', onBlur );
			form.removeEventListener( 'change', onChange );
			form.removeEventListener( 'submit', onSubmit );
			form.removeEventListener( 'click', onClick );
			form.removeEventListener( 'reset', onReset );
			window.removeEventListener( 'offline', onOffline );
		};
	}, [
		clear,
		slots.nav,
		config.domains,
		config.tlds,
		fields,
		form,
		goTo,
		next,
		readAll,
		send,
		showFirst,
		step,
		steps,
		validate,
	] );

	// Listening (the effect above ran first): the loader repeats a submission it held while this loaded. The
	// page's nonce may be older than its life (a cached page): the current one is asked for now, on intent.
	useEffect( () => {
		void refreshNonce( config.ajaxUrl, form.ownerDocument );
		form.dataset.island = 'ready';
		form.dispatchEvent( new Event( 'tessera-form-ready' ) );
	}, [ config.ajaxUrl, form ] );

	// Row classes, aria attributes and visibility on the server's markup.
	useLayoutEffect( () => {
		for ( const field of fields ) {
			const row = fieldRow( form, formId, field );
			if ( ! row ) {
				continue;
			}
			const shown = visible[ field.id ] !== false;
			row.hidden = ! shown;
			const state = shown ? ( states[ field.id ] ?? '' ) : '';
			row.classList.remove( ...ALL_ROW_CLASSES );
			if ( state ) {
				row.classList.add( ...ROW_CLASSES[ state ] );
			}
			const error = shown ? ( errors[ field.id ] ?? '' ) : '';
			const errorId = `${ inputId( formId, field.id ) }-error`;
			for ( const input of fieldInputs( form, field ) ) {
				const described = (
					input.getAttribute( 'aria-describedby' ) || ''
				)
					.split( /\s+/ )
					.filter( ( id ) => id && id !== errorId );
				if ( error ) {
					described.push( errorId );
					input.setAttribute( 'aria-invalid', 'true' );
				} else {
					input.removeAttribute( 'aria-invalid' );
				}
				if ( described.length ) {
					input.setAttribute(
						'aria-describedby',
						described.join( ' ' )
					);
				} else {
					input.removeAttribute( 'aria-describedby' );
				}
			}
		}
		form.querySelectorAll< HTMLElement >( '.tessera-form__step' ).forEach(
			( element ) => {
				element.hidden =
					collapsed !== 'none' ||
					( steps > 1 && element.dataset.step !== String( step ) );
			}
		);
		const submit = form.querySelector< HTMLElement >(
			'.tessera-form__submit'
		);
		if ( submit ) {
			submit.hidden = collapsed !== 'none';
		}
		if ( button ) {
			button.hidden = steps > 1 && step < steps - 1;
		}
		// The server's step indicator and buttons, kept in place (their text set only when it changes, so that
		// the live region announces a change of step and nothing else).
		if ( slots.progress ) {
			slots.progress.hidden = collapsed !== 'none';
			const set = ( selector: string, text: string ) => {
				const element = slots.progress?.querySelector( selector );
				if ( element && element.textContent !== text ) {
					element.textContent = text;
				}
			};
			set( '.tessera-form__progress-text', announcement );
			set( '.tessera-form__live', announcement );
			const bar =
				slots.progress.querySelector< HTMLElement >(
					'[role=progressbar]'
				);
			bar?.setAttribute( 'aria-label', announcement );
			bar?.setAttribute( 'aria-valuenow', String( step + 1 ) );
			const fill = bar?.querySelector< HTMLElement >( 'span' );
			if ( fill ) {
				fill.style.width = `${ ( ( step + 1 ) / steps ) * 100 }%`;
			}
		}
		slots.nav
			?.querySelectorAll< HTMLButtonElement >( 'button' )
			.forEach( ( navButton ) => {
				navButton.hidden = navButton.matches(
					'.tessera-form__button--next'
				)
					? step >= steps - 1
					: step === 0;
			} );
		form.hidden = collapsed === 'form';
	}, [
		announcement,
		button,
		collapsed,
		errors,
		fields,
		form,
		formId,
		slots.nav,
		slots.progress,
		states,
		step,
		steps,
		visible,
	] );

	// A step change moves focus to the step's first field (the layout effect above announces it).
	useEffect( () => {
		if ( focusStep.current ) {
			focusStep.current = false;
			const first = fields.find(
				( field ) =>
					field.stepIndex === step &&
					visible[ field.id ] !== false &&
					field.type !== 'hidden'
			);
			const input = first ? fieldInputs( form, first )[ 0 ] : undefined;
			input?.focus();
		}
		// Focus moves only on a step change; the visibility it reads is the current one.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [ step ] );

	const rows = fields.map( ( field ) => {
		const row = fieldRow( form, formId, field );
		const error = errors[ field.id ];
		const suggestion = suggestions[ field.id ];
		if ( ! row || visible[ field.id ] === false ) {
			return null;
		}
		const id = inputId( formId, field.id );
		const [ before, after ] = texts.didYouMean.split( '%s' );
		return createPortal(
			<>
				{ suggestion ? (
					<p className="tessera-form__suggestion">
						{ before }
						<button
							type="button"
							className="tessera-form__suggestion-link"
							onClick={ () => {
								const input = fieldInputs( form, field )[ 0 ];
								if ( input ) {
									input.value = suggestion;
									input.focus();
								}
								setSuggestions( ( old ) => ( {
									...old,
									[ field.id ]: '',
								} ) );
								validate( [ field ] );
							} }
						>
							{ suggestion }
						</button>
						{ after }
					</p>
				) : null }
				{ error ? (
					<p
						className="tessera-form__error evf-error"
						id={ `${ id }-error` }
					>
						{ error }
					</p>
				) : null }
			</>,
			row,
			field.id
		);
	} );

	const noticeElement = notice ? (
		<div
			ref={ noticeRef }
			className={ `tessera-form__notice everest-forms-notice everest-forms-notice--${ notice.type }` }
			id={ `evf-form-${ formId }-notice` }
			role={ notice.type === 'success' ? 'status' : 'alert' }
			tabIndex={ -1 }
		>
			<p>{ notice.text }</p>
			{ notice.link ? (
				<p>
					<a href={ notice.link.href }>{ notice.link.text }</a>
				</p>
			) : null }
		</div>
	) : null;

	return (
		<>
			{ rows }
			{ noticeElement &&
				createPortal(
					noticeElement,
					notice?.where === 'bottom' ? slots.bottom : slots.top
				) }
			{ popup !== null ? (
				<SuccessPopup
					id={ `evf-form-${ formId }-popup` }
					message={ popup.text }
					link={ popup.link }
					heading={ texts.success }
					closeLabel={ texts.close }
					returnFocus={ button }
					onClosed={ () => setPopup( null ) }
				/>
			) : null }
		</>
	);
}

/**
 * Mounts the island on every form of the page that has a configuration (once per form).
 *
 * @param doc The document.
 */
export function mountAll( doc: Document = document ): void {
	const config = readConfig( doc );
	if ( ! config ) {
		return;
	}
	doc.querySelectorAll< HTMLFormElement >( 'form.tessera-form' ).forEach(
		( form ) => {
			const formConfig = config.forms[ form.dataset.formid || '' ];
			if ( ! formConfig || form.dataset.island ) {
				return;
			}
			form.dataset.island = '1';
			const slot = ( className: string ) => {
				const element = doc.createElement( 'div' );
				element.className = className;
				return element;
			};
			const top = slot( 'tessera-form__notices' );
			const bottom = slot( 'tessera-form__notices' );
			form.before( top );
			form.after( bottom );
			// A multi-step form's indicator and buttons are the server's (Steps), in the layout kept here.
			const progress = form.querySelector< HTMLElement >(
				'.tessera-form__progress'
			);
			const nav =
				form.querySelector< HTMLElement >( '.tessera-form__nav' );
			const container = slot( 'tessera-form__island' );
			form.appendChild( container );
			createRoot( container ).render(
				<FormIsland
					form={ form }
					config={ config }
					formConfig={ formConfig }
					slots={ { top, bottom, progress, nav } }
				/>
			);
		}
	);
}

mountAll();
