/**
 * Labelled controls addressed by field path: each has the id `controlId( path )`, and the one the
 * server's error names is marked invalid (aria-invalid, aria-describedby) with the message below it.
 */

/**
 * WordPress dependencies
 */
import {
	BaseControl,
	CheckboxControl,
	SelectControl,
	TextControl,
	ToggleControl,
} from '@wordpress/components';
import { createContext, useContext } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { controlId, errorId } from './field-path';

/** The error tied to a control: its id and the message. */
export interface FieldError {
	id: string;
	message: string;
}

/** The current error tied to a control, if any. */
export const FieldErrorContext = createContext< FieldError | null >( null );

/**
 * Id, invalid state and message of the control for a path.
 *
 * @param path    Field path.
 * @param problem A problem found in the browser (e.g. not a hex colour), shown when the server named none.
 * @param hasHelp Whether the control has a help text.
 * @return Id, ARIA attributes and the message, if any.
 */
function useField( path: string, problem?: string, hasHelp = false ) {
	const error = useContext( FieldErrorContext );
	const id = controlId( path );
	const message = error?.id === id ? error.message : problem;
	// The control's own help stays described too (the components set it only without our attribute).
	const aria = message
		? {
				'aria-invalid': true as const,
				'aria-describedby': hasHelp
					? `${ errorId( id ) } ${ id }__help`
					: errorId( id ),
			}
		: {};
	return { id, message, aria };
}

/**
 * The message under an invalid control.
 *
 * @param props         Props.
 * @param props.id      Control id.
 * @param props.message The message.
 * @return The message, or nothing.
 */
function Message( { id, message }: { id: string; message?: string } ) {
	if ( ! message ) {
		return null;
	}
	return (
		<p
			id={ errorId( id ) }
			className="tessera-consent-settings__field-error"
		>
			{ message }
		</p>
	);
}

interface TextFieldProps {
	path: string;
	label: string;
	value: string;
	onChange: ( value: string ) => void;
	multiline?: boolean;
	type?: 'text' | 'number';
	problem?: string;
	help?: string;
	className?: string;
	min?: number;
	max?: number;
}

/**
 * A text (or number, or multi-line) control.
 *
 * @param props           Props.
 * @param props.path
 * @param props.label
 * @param props.value
 * @param props.onChange
 * @param props.multiline
 * @param props.type
 * @param props.problem
 * @param props.help
 * @param props.className
 * @param props.min
 * @param props.max
 * @return The control.
 */
export function TextField( {
	path,
	label,
	value,
	onChange,
	multiline = false,
	type = 'text',
	problem,
	help,
	className,
	min,
	max,
}: TextFieldProps ) {
	const { id, message, aria } = useField( path, problem, !! help );
	return (
		<div className={ className }>
			{ multiline ? (
				// TextareaControl of WordPress 6.6 ignores `id` (its label would point elsewhere): the
				// textarea is ours, inside BaseControl, which labels it and writes the help as `${ id }__help`.
				<BaseControl
					__nextHasNoMarginBottom
					id={ id }
					label={ label }
					help={ help }
				>
					<textarea
						className="components-textarea-control__input tessera-consent-settings__textarea"
						id={ id }
						rows={ 3 }
						value={ value }
						onChange={ ( event ) => onChange( event.target.value ) }
						aria-describedby={ help ? `${ id }__help` : undefined }
						{ ...aria }
					/>
				</BaseControl>
			) : (
				<TextControl
					__nextHasNoMarginBottom
					__next40pxDefaultSize
					id={ id }
					label={ label }
					help={ help }
					type={ type }
					min={ min }
					max={ max }
					value={ value }
					onChange={ onChange }
					spellCheck={ false }
					{ ...aria }
				/>
			) }
			<Message id={ id } message={ message } />
		</div>
	);
}

interface SelectFieldProps {
	path: string;
	label: string;
	value: string;
	options: Array< { value: string; label: string } >;
	onChange: ( value: string ) => void;
}

/**
 * A select control.
 *
 * @param props          Props.
 * @param props.path
 * @param props.label
 * @param props.value
 * @param props.options
 * @param props.onChange
 * @return The control.
 */
export function SelectField( {
	path,
	label,
	value,
	options,
	onChange,
}: SelectFieldProps ) {
	const { id, message, aria } = useField( path );
	return (
		<div>
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				id={ id }
				label={ label }
				value={ value }
				options={ options }
				onChange={ onChange }
				{ ...aria }
			/>
			<Message id={ id } message={ message } />
		</div>
	);
}

interface ToggleFieldProps {
	path: string;
	label: string;
	checked: boolean;
	onChange: ( checked: boolean ) => void;
	help?: string;
	disabled?: boolean;
}

/**
 * A toggle (a real switch). ToggleControl takes no ARIA props, so an error on it is shown below it.
 *
 * @param props          Props.
 * @param props.path
 * @param props.label
 * @param props.checked
 * @param props.onChange
 * @param props.help
 * @param props.disabled
 * @return The control.
 */
export function ToggleField( {
	path,
	label,
	checked,
	onChange,
	help,
	disabled,
}: ToggleFieldProps ) {
	const { id, message } = useField( path );
	return (
		<div>
			<ToggleControl
				__nextHasNoMarginBottom
				id={ id }
				label={ label }
				help={ help }
				checked={ checked }
				disabled={ disabled }
				onChange={ onChange }
			/>
			<Message id={ id } message={ message } />
		</div>
	);
}

interface CheckboxGroupProps {
	path: string;
	legend: string;
	options: Array< { value: string; label: string } >;
	selected: string[];
	onToggle: ( value: string, on: boolean ) => void;
}

/**
 * A group of checkboxes in a fieldset; the first one carries the group's id (and so its error).
 *
 * @param props          Props.
 * @param props.path
 * @param props.legend
 * @param props.options
 * @param props.selected
 * @param props.onToggle
 * @return The group.
 */
export function CheckboxGroup( {
	path,
	legend,
	options,
	selected,
	onToggle,
}: CheckboxGroupProps ) {
	const { id, message, aria } = useField( path );
	return (
		<fieldset className="tessera-consent-settings__checkboxes">
			<legend>{ legend }</legend>
			{ options.map( ( option, index ) => (
				<CheckboxControl
					__nextHasNoMarginBottom
					key={ option.value }
					id={ index === 0 ? id : `${ id }-${ index }` }
					label={ option.label }
					checked={ selected.includes( option.value ) }
					onChange={ ( on: boolean ) => onToggle( option.value, on ) }
					{ ...aria }
				/>
			) ) }
			<Message id={ id } message={ message } />
		</fieldset>
	);
}
