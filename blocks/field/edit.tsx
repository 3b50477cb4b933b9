/**
 * The form field block in the editor: a faithful, inert preview of the field on the canvas, and every setting
 * of its type in the sidebar (choices, length rules, number range, conditional logic, id). The id is generated
 * once and kept unique in the form.
 */

/**
 * WordPress dependencies
 */
import {
	InspectorControls,
	store as blockEditorStore,
	useBlockProps,
} from '@wordpress/block-editor';
import type { BlockEditProps } from '@wordpress/blocks';
import {
	Button,
	PanelBody,
	SelectControl,
	TextareaControl,
	TextControl,
	ToggleControl,
	VisuallyHidden,
} from '@wordpress/components';
import { useSelect } from '@wordpress/data';
import { useEffect, useMemo, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	choiceProblems,
	collectFields,
	CONDITION_OPERATORS,
	defaultChoices,
	FIELD_TYPES,
	isChoiceType,
	isFieldType,
	isTextLike,
	isValidFieldId,
	moveItem,
	needsNewId,
	operatorNeedsValue,
	readConditions,
	readInteger,
	readOptionalNumber,
	supportsConfirm,
	supportsDefaultValue,
	supportsPlaceholder,
	uniqueId,
	type ConditionOperator,
	type ConditionRule,
	type FieldAttributes,
	type FieldConditions,
	type FieldSummary,
	type FieldType,
} from './types';

/** The form block, whose inner blocks are the fields of one form. */
const FORM_BLOCK = 'tessera/form';

/**
 * The field types with their names, for the type select.
 *
 * @return Options.
 */
function typeOptions(): { label: string; value: FieldType }[] {
	const names: Record< FieldType, string > = {
		text: __( 'Text', 'tessera' ),
		textarea: __( 'Paragraph text', 'tessera' ),
		email: __( 'Email', 'tessera' ),
		password: __( 'Password', 'tessera' ),
		url: __( 'Website', 'tessera' ),
		number: __( 'Number', 'tessera' ),
		phone: __( 'Phone', 'tessera' ),
		select: __( 'Dropdown', 'tessera' ),
		radio: __( 'Multiple choice', 'tessera' ),
		checkbox: __( 'Checkboxes', 'tessera' ),
		'privacy-policy': __( 'Privacy policy', 'tessera' ),
		hidden: __( 'Hidden', 'tessera' ),
	};
	return FIELD_TYPES.map( ( type ) => ( {
		label: names[ type ],
		value: type,
	} ) );
}

/**
 * The operators with their names.
 *
 * @return Options.
 */
function operatorOptions(): { label: string; value: ConditionOperator }[] {
	const names: Record< ConditionOperator, string > = {
		is: __( 'is', 'tessera' ),
		is_not: __( 'is not', 'tessera' ),
		contains: __( 'contains', 'tessera' ),
		not_contains: __( 'does not contain', 'tessera' ),
		empty: __( 'is empty', 'tessera' ),
		not_empty: __( 'is not empty', 'tessera' ),
		greater: __( 'is greater than', 'tessera' ),
		less: __( 'is less than', 'tessera' ),
	};
	return CONDITION_OPERATORS.map( ( operator ) => ( {
		label: names[ operator ],
		value: operator,
	} ) );
}

/**
 * The fields of the form this field belongs to (the nearest Form block's inner blocks, or the editor's root
 * when the form post itself is edited), in document order.
 *
 * @param clientId The field block's client id.
 * @return The fields.
 */
function useFormFields( clientId: string ): FieldSummary[] {
	const blocks = useSelect(
		( select ) => {
			const editor = select( blockEditorStore );
			const [ formClientId ] = editor.getBlockParentsByBlockName(
				clientId,
				FORM_BLOCK,
				true
			);
			return editor.getBlocks( formClientId ?? '' );
		},
		[ clientId ]
	);
	return useMemo( () => collectFields( blocks ), [ blocks ] );
}

/**
 * A short name of a field for lists: its label, or its id.
 *
 * @param field The field.
 * @return The name.
 */
function fieldName( field: FieldSummary ): string {
	return field.label.trim() !== '' ? field.label : field.id;
}

/**
 * The canvas preview of a field: the same elements as on the page, not focusable and not editable.
 *
 * @param props            Component props.
 * @param props.attributes The field's attributes.
 * @param props.inputId    Id of the preview's main input.
 */
function FieldPreview( {
	attributes,
	inputId,
}: {
	attributes: FieldAttributes;
	inputId: string;
} ): JSX.Element {
	const {
		type,
		label,
		description,
		placeholder,
		required,
		confirm,
		choices,
		selectAll,
		min,
		max,
		step,
		defaultValue,
	} = attributes;
	const shownLabel =
		label.trim() !== '' ? label : __( 'Untitled field', 'tessera' );
	const marker = required ? (
		<>
			<span
				className="tessera-form-field__required tessera-form__required"
				aria-hidden="true"
			>
				{ ' *' }
			</span>
			<VisuallyHidden>{ __( '(required)', 'tessera' ) }</VisuallyHidden>
		</>
	) : null;

	if ( type === 'hidden' ) {
		return (
			<p className="tessera-form-field__hidden">
				{ sprintf(
					/* translators: 1: the field's label, 2: its value. */
					__( 'Hidden field “%1$s”: %2$s', 'tessera' ),
					shownLabel,
					defaultValue === ''
						? __( '(empty)', 'tessera' )
						: defaultValue
				) }
			</p>
		);
	}

	const help =
		description.trim() !== '' ? (
			<p className="tessera-form-field__description tessera-form__description">
				{ description }
			</p>
		) : null;

	if ( type === 'privacy-policy' ) {
		return (
			<>
				<label
					className="tessera-form-field__choice tessera-form__choice"
					htmlFor={ inputId }
				>
					<input
						id={ inputId }
						type="checkbox"
						className="tessera-form-field__control"
						checked={ false }
						readOnly
						tabIndex={ -1 }
					/>
					{ shownLabel }
					{ marker }
				</label>
				{ help }
			</>
		);
	}

	if ( type === 'radio' || type === 'checkbox' ) {
		return (
			<fieldset className="tessera-form-field__choices tessera-form__choices">
				<legend className="tessera-form-field__label tessera-form__label">
					{ shownLabel }
					{ marker }
				</legend>
				{ type === 'checkbox' && selectAll && (
					<label
						className="tessera-form-field__choice tessera-form-field__choice--all tessera-form__choice"
						htmlFor={ `${ inputId }-all` }
					>
						<input
							id={ `${ inputId }-all` }
							type="checkbox"
							className="tessera-form-field__control"
							checked={ false }
							readOnly
							tabIndex={ -1 }
						/>
						{ __( 'Select all', 'tessera' ) }
					</label>
				) }
				{ choices.map( ( choice, index ) => (
					<label
						key={ index }
						className="tessera-form-field__choice tessera-form__choice"
						htmlFor={ `${ inputId }-${ index }` }
					>
						<input
							id={ `${ inputId }-${ index }` }
							type={ type }
							name={ inputId }
							className="tessera-form-field__control"
							checked={
								type === 'radio' &&
								defaultValue !== '' &&
								choice === defaultValue
							}
							readOnly
							tabIndex={ -1 }
						/>
						{ choice }
					</label>
				) ) }
				{ help }
			</fieldset>
		);
	}

	let control: JSX.Element;
	if ( type === 'textarea' ) {
		control = (
			<textarea
				id={ inputId }
				className="tessera-form-field__control tessera-form__input"
				placeholder={ placeholder }
				value={ defaultValue }
				rows={ 4 }
				readOnly
				tabIndex={ -1 }
			/>
		);
	} else if ( type === 'select' ) {
		control = (
			<select
				id={ inputId }
				className="tessera-form-field__control tessera-form__input"
				value={ choices.includes( defaultValue ) ? defaultValue : '' }
				onChange={ () => undefined }
				tabIndex={ -1 }
			>
				<option value="">{ placeholder }</option>
				{ choices.map( ( choice, index ) => (
					<option key={ index } value={ choice }>
						{ choice }
					</option>
				) ) }
			</select>
		);
	} else {
		const inputType: Record< string, string > = {
			phone: 'tel',
		};
		control = (
			<input
				id={ inputId }
				type={ inputType[ type ] ?? type }
				className="tessera-form-field__control tessera-form__input"
				placeholder={ placeholder }
				value={ type === 'password' ? '' : defaultValue }
				min={ type === 'number' ? min : undefined }
				max={ type === 'number' ? max : undefined }
				step={ type === 'number' ? step : undefined }
				readOnly
				tabIndex={ -1 }
			/>
		);
	}

	return (
		<>
			<label
				className="tessera-form-field__label tessera-form__label"
				htmlFor={ inputId }
			>
				{ shownLabel }
				{ marker }
			</label>
			{ control }
			{ confirm && supportsConfirm( type ) && (
				<>
					<label
						className="tessera-form-field__label tessera-form-field__label--confirm tessera-form__label tessera-form__label--confirm"
						htmlFor={ `${ inputId }-confirm` }
					>
						{ sprintf(
							/* translators: %s: the field's label. */
							__( 'Confirm %s', 'tessera' ),
							shownLabel
						) }
					</label>
					<input
						id={ `${ inputId }-confirm` }
						type={ type }
						className="tessera-form-field__control tessera-form__input"
						readOnly
						tabIndex={ -1 }
					/>
				</>
			) }
			{ help }
		</>
	);
}

/**
 * The list of choices: edit, reorder, remove, add.
 *
 * @param props          Component props.
 * @param props.choices  The choices.
 * @param props.onChange Receives the new list.
 */
function ChoicesEditor( {
	choices,
	onChange,
}: {
	choices: string[];
	onChange: ( choices: string[] ) => void;
} ): JSX.Element {
	const problems = choiceProblems( choices );
	return (
		<fieldset className="tessera-field-choices">
			<legend className="tessera-field-choices__legend">
				{ __( 'Choices', 'tessera' ) }
			</legend>
			{ choices.length === 0 && (
				<p className="tessera-field-choices__empty">
					{ __( 'No choices yet.', 'tessera' ) }
				</p>
			) }
			{ choices.map( ( choice, index ) => {
				const problem = problems.get( index );
				let help: string | undefined;
				if ( problem === 'empty' ) {
					help = __( 'An empty choice is not offered.', 'tessera' );
				} else if ( problem === 'duplicate' ) {
					help = __( 'This repeats an earlier choice.', 'tessera' );
				}
				return (
					<div key={ index } className="tessera-field-choices__row">
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							className="tessera-field-choices__input"
							label={ sprintf(
								/* translators: %d: position of the choice. */
								__( 'Choice %d', 'tessera' ),
								index + 1
							) }
							hideLabelFromVision
							help={ help }
							value={ choice }
							onChange={ ( value: string ) =>
								onChange(
									choices.map( ( item, i ) =>
										i === index ? value : item
									)
								)
							}
						/>
						<Button
							size="small"
							icon="arrow-up-alt2"
							label={ sprintf(
								/* translators: %d: position of the choice. */
								__( 'Move choice %d up', 'tessera' ),
								index + 1
							) }
							// aria-disabled keeps the focus on the button (a no-op at the ends).
							aria-disabled={ index === 0 }
							onClick={ () =>
								onChange(
									moveItem( choices, index, index - 1 )
								)
							}
						/>
						<Button
							size="small"
							icon="arrow-down-alt2"
							label={ sprintf(
								/* translators: %d: position of the choice. */
								__( 'Move choice %d down', 'tessera' ),
								index + 1
							) }
							aria-disabled={ index === choices.length - 1 }
							onClick={ () =>
								onChange(
									moveItem( choices, index, index + 1 )
								)
							}
						/>
						<Button
							size="small"
							icon="trash"
							isDestructive
							label={ sprintf(
								/* translators: %d: position of the choice. */
								__( 'Remove choice %d', 'tessera' ),
								index + 1
							) }
							onClick={ () =>
								onChange(
									choices.filter( ( _, i ) => i !== index )
								)
							}
						/>
					</div>
				);
			} ) }
			<Button
				variant="secondary"
				onClick={ () =>
					onChange( [
						...choices,
						sprintf(
							/* translators: %d: position of the new choice. */
							__( 'Choice %d', 'tessera' ),
							choices.length + 1
						),
					] )
				}
			>
				{ __( 'Add choice', 'tessera' ) }
			</Button>
		</fieldset>
	);
}

/**
 * The conditional logic editor: show or hide the field when all or any of the rules match.
 *
 * @param props            Component props.
 * @param props.conditions The field's conditions (undefined = none).
 * @param props.fields     The other fields of the form.
 * @param props.onChange   Receives the new conditions (undefined = none).
 */
function ConditionsEditor( {
	conditions,
	fields,
	onChange,
}: {
	conditions: FieldConditions | undefined;
	fields: FieldSummary[];
	onChange: ( conditions: FieldConditions | undefined ) => void;
} ): JSX.Element {
	const operators = operatorOptions();
	const setRule = ( index: number, change: Partial< ConditionRule > ) => {
		if ( conditions ) {
			onChange( {
				...conditions,
				rules: conditions.rules.map( ( rule, i ) =>
					i === index ? { ...rule, ...change } : rule
				),
			} );
		}
	};

	return (
		<>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Use conditional logic', 'tessera' ) }
				help={ __(
					'Show or hide this field depending on the values of other fields.',
					'tessera'
				) }
				checked={ conditions !== undefined }
				onChange={ ( on: boolean ) =>
					onChange(
						on
							? {
									action: 'show',
									match: 'all',
									rules: [
										{
											field: fields[ 0 ]?.id ?? '',
											operator: 'is',
											value: '',
										},
									],
								}
							: undefined
					)
				}
			/>
			{ conditions && (
				<div className="tessera-field-conditions">
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Action', 'tessera' ) }
						value={ conditions.action }
						options={ [
							{
								label: __( 'Show this field', 'tessera' ),
								value: 'show',
							},
							{
								label: __( 'Hide this field', 'tessera' ),
								value: 'hide',
							},
						] }
						onChange={ ( value: string ) =>
							onChange( {
								...conditions,
								action: value === 'hide' ? 'hide' : 'show',
							} )
						}
					/>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'When', 'tessera' ) }
						value={ conditions.match }
						options={ [
							{
								label: __( 'All rules match', 'tessera' ),
								value: 'all',
							},
							{
								label: __( 'Any rule matches', 'tessera' ),
								value: 'any',
							},
						] }
						onChange={ ( value: string ) =>
							onChange( {
								...conditions,
								match: value === 'any' ? 'any' : 'all',
							} )
						}
					/>
					{ conditions.rules.map( ( rule, index ) => {
						const target = fields.find(
							( field ) => field.id === rule.field
						);
						const fieldOptions = [
							{
								label: __( 'Choose a field', 'tessera' ),
								value: '',
							},
							...fields.map( ( field ) => ( {
								label: fieldName( field ),
								value: field.id,
							} ) ),
						];
						if ( rule.field !== '' && ! target ) {
							fieldOptions.push( {
								label: sprintf(
									/* translators: %s: id of a field that no longer exists. */
									__( '%s (missing)', 'tessera' ),
									rule.field
								),
								value: rule.field,
							} );
						}
						const ruleName = sprintf(
							/* translators: %d: position of the rule. */
							__( 'Rule %d', 'tessera' ),
							index + 1
						);
						return (
							<fieldset
								key={ index }
								className="tessera-field-conditions__rule"
							>
								<legend className="tessera-field-conditions__legend">
									{ ruleName }
								</legend>
								<SelectControl
									__next40pxDefaultSize
									__nextHasNoMarginBottom
									label={ __( 'Field', 'tessera' ) }
									value={ rule.field }
									options={ fieldOptions }
									onChange={ ( value: string ) =>
										setRule( index, { field: value } )
									}
								/>
								<SelectControl
									__next40pxDefaultSize
									__nextHasNoMarginBottom
									label={ __( 'Operator', 'tessera' ) }
									value={ rule.operator }
									options={ operators }
									onChange={ ( value: string ) => {
										const operator = operators.find(
											( option ) => option.value === value
										);
										if ( operator ) {
											setRule( index, {
												operator: operator.value,
											} );
										}
									} }
								/>
								{ operatorNeedsValue( rule.operator ) &&
									( target &&
									isChoiceType( target.type ) &&
									( rule.operator === 'is' ||
										rule.operator === 'is_not' ) ? (
										<SelectControl
											__next40pxDefaultSize
											__nextHasNoMarginBottom
											label={ __( 'Value', 'tessera' ) }
											value={ rule.value }
											options={ [
												{
													label: __(
														'Choose a value',
														'tessera'
													),
													value: '',
												},
												...target.choices.map(
													( choice ) => ( {
														label: choice,
														value: choice,
													} )
												),
											] }
											onChange={ ( value: string ) =>
												setRule( index, { value } )
											}
										/>
									) : (
										<TextControl
											__next40pxDefaultSize
											__nextHasNoMarginBottom
											label={ __( 'Value', 'tessera' ) }
											value={ rule.value }
											onChange={ ( value: string ) =>
												setRule( index, { value } )
											}
										/>
									) ) }
								<Button
									variant="link"
									isDestructive
									onClick={ () =>
										onChange( {
											...conditions,
											rules: conditions.rules.filter(
												( _, i ) => i !== index
											),
										} )
									}
								>
									{ sprintf(
										/* translators: %s: "Rule 1", "Rule 2" … */
										__( 'Remove %s', 'tessera' ),
										ruleName
									) }
								</Button>
							</fieldset>
						);
					} ) }
					<Button
						variant="secondary"
						onClick={ () =>
							onChange( {
								...conditions,
								rules: [
									...conditions.rules,
									{
										field: fields[ 0 ]?.id ?? '',
										operator: 'is',
										value: '',
									},
								],
							} )
						}
					>
						{ __( 'Add rule', 'tessera' ) }
					</Button>
				</div>
			) }
		</>
	);
}

/**
 * The field id input: keeps what is typed, stores it only when valid and unique.
 *
 * @param props          Component props.
 * @param props.id       The stored id.
 * @param props.taken    Ids of the other fields.
 * @param props.onChange Receives a valid, unique id.
 */
function IdControl( {
	id,
	taken,
	onChange,
}: {
	id: string;
	taken: string[];
	onChange: ( id: string ) => void;
} ): JSX.Element {
	const [ draft, setDraft ] = useState< string | null >( null );
	const value = draft ?? id;
	let help: string = __(
		'Names the value in the submitted data and the entries. Letters, digits, “_” and “-”, up to 40. Changing it separates new entries from the old ones.',
		'tessera'
	);
	if ( ! isValidFieldId( value ) ) {
		help = __(
			'Use 1 to 40 letters, digits, “_” or “-”. The last valid id is kept.',
			'tessera'
		);
	} else if ( taken.includes( value ) ) {
		help = __(
			'Another field has this id. The last unique id is kept.',
			'tessera'
		);
	}
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			label={ __( 'Field id', 'tessera' ) }
			help={ help }
			value={ value }
			onChange={ ( next: string ) => {
				setDraft( next );
				if ( isValidFieldId( next ) && ! taken.includes( next ) ) {
					onChange( next );
				}
			} }
			onBlur={ () => setDraft( null ) }
		/>
	);
}

/**
 * A number input for an integer setting (0 or more).
 *
 * @param props          Component props.
 * @param props.label    Visible label.
 * @param props.help     Help text.
 * @param props.value    The value.
 * @param props.onChange Receives the new value.
 */
function CountControl( {
	label,
	help,
	value,
	onChange,
}: {
	label: string;
	help?: string;
	value: number;
	onChange: ( value: number ) => void;
} ): JSX.Element {
	// What is typed is kept while the input has the focus (an emptied input does not turn into "0" at once).
	const [ draft, setDraft ] = useState< string | null >( null );
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			type="number"
			label={ label }
			help={ help }
			min={ 0 }
			step={ 1 }
			value={ draft ?? value }
			onChange={ ( next: string ) => {
				setDraft( next );
				onChange( readInteger( next, 0, 0 ) );
			} }
			onBlur={ () => setDraft( null ) }
		/>
	);
}

/**
 * A number input for an optional decimal (empty = none). What is typed is kept while the input has the focus
 * (so that "-" or "0." can be typed); a number is stored as soon as it is one.
 *
 * @param props          Component props.
 * @param props.label    Visible label.
 * @param props.help     Help text.
 * @param props.value    The value.
 * @param props.positive Whether only numbers greater than 0 are stored.
 * @param props.onChange Receives the new value.
 */
function OptionalNumberControl( {
	label,
	help,
	value,
	positive = false,
	onChange,
}: {
	label: string;
	help?: string;
	value: number | undefined;
	positive?: boolean;
	onChange: ( value: number | undefined ) => void;
} ): JSX.Element {
	const [ draft, setDraft ] = useState< string | null >( null );
	return (
		<TextControl
			__next40pxDefaultSize
			__nextHasNoMarginBottom
			type="number"
			step="any"
			min={ positive ? 0 : undefined }
			label={ label }
			help={ help }
			value={ draft ?? value ?? '' }
			onChange={ ( next: string ) => {
				setDraft( next );
				const number = readOptionalNumber( next );
				if ( next.trim() === '' ) {
					onChange( undefined );
				} else if (
					number !== undefined &&
					( ! positive || number > 0 )
				) {
					onChange( number );
				}
			} }
			onBlur={ () => setDraft( null ) }
		/>
	);
}

/**
 * The block's editor.
 *
 * @param props               Block edit props.
 * @param props.attributes    The block's attributes.
 * @param props.setAttributes Changes attributes.
 * @param props.clientId      The block's client id.
 */
export function Edit( {
	attributes,
	setAttributes,
	clientId,
}: BlockEditProps< FieldAttributes > ): JSX.Element {
	const {
		id,
		type,
		label,
		description,
		placeholder,
		required,
		requiredMessage,
		confirm,
		minWords,
		minChars,
		maxChars,
		minWordsMessage,
		minCharsMessage,
		choices,
		choiceLimit,
		selectAll,
		min,
		max,
		step,
		defaultValue,
	} = attributes;
	const conditions = readConditions( attributes.conditions );
	const fields = useFormFields( clientId );
	const others = useMemo(
		() => fields.filter( ( field ) => field.clientId !== clientId ),
		[ fields, clientId ]
	);
	const otherIds = useMemo(
		() => others.map( ( field ) => field.id ),
		[ others ]
	);

	// A missing or invalid id, or the id of an earlier field (a duplicated block), gets a new unique one.
	useEffect( () => {
		const index = fields.findIndex(
			( field ) => field.clientId === clientId
		);
		const earlier =
			index > 0
				? fields.slice( 0, index ).map( ( field ) => field.id )
				: [];
		if ( needsNewId( id, earlier ) ) {
			setAttributes( { id: uniqueId( '', otherIds ) } );
		}
	}, [ id, fields, otherIds, clientId, setAttributes ] );

	const blockProps = useBlockProps( {
		className: `tessera-form-field tessera-form-field--${ type } tessera-form__row tessera-form__row--${ type }`,
	} );
	const inputId = `tessera-field-preview-${ clientId }`;
	const isHidden = type === 'hidden';
	const isPrivacy = type === 'privacy-policy';

	return (
		<>
			<InspectorControls>
				<PanelBody title={ __( 'Field', 'tessera' ) }>
					<SelectControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'Field type', 'tessera' ) }
						value={ type }
						options={ typeOptions() }
						onChange={ ( value: string ) => {
							if ( ! isFieldType( value ) ) {
								return;
							}
							setAttributes(
								isChoiceType( value ) && choices.length === 0
									? { type: value, choices: defaultChoices() }
									: { type: value }
							);
						} }
					/>
					{ isPrivacy ? (
						<TextareaControl
							__nextHasNoMarginBottom
							label={ __( 'Consent text', 'tessera' ) }
							value={ label }
							onChange={ ( value: string ) =>
								setAttributes( { label: value } )
							}
						/>
					) : (
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Label', 'tessera' ) }
							help={
								isHidden
									? __(
											'Not shown; names the value in the entries.',
											'tessera'
										)
									: undefined
							}
							value={ label }
							onChange={ ( value: string ) =>
								setAttributes( { label: value } )
							}
						/>
					) }
					{ ! isHidden && (
						<TextareaControl
							__nextHasNoMarginBottom
							label={ __( 'Description', 'tessera' ) }
							help={ __( 'Shown below the field.', 'tessera' ) }
							value={ description }
							onChange={ ( value: string ) =>
								setAttributes( { description: value } )
							}
						/>
					) }
					{ supportsPlaceholder( type ) && (
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Placeholder', 'tessera' ) }
							value={ placeholder }
							onChange={ ( value: string ) =>
								setAttributes( { placeholder: value } )
							}
						/>
					) }
					{ supportsDefaultValue( type ) &&
						( type === 'select' || type === 'radio' ? (
							<SelectControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								label={ __( 'Preselected choice', 'tessera' ) }
								value={
									choices.includes( defaultValue )
										? defaultValue
										: ''
								}
								options={ [
									{
										label: __( 'None', 'tessera' ),
										value: '',
									},
									...choices
										.filter(
											( choice ) => choice.trim() !== ''
										)
										.map( ( choice ) => ( {
											label: choice,
											value: choice,
										} ) ),
								] }
								onChange={ ( value: string ) =>
									setAttributes( { defaultValue: value } )
								}
							/>
						) : (
							<TextControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								label={
									isHidden
										? __( 'Value', 'tessera' )
										: __( 'Prefilled value', 'tessera' )
								}
								help={
									isHidden
										? __(
												'Stored with every entry; what the browser sends is ignored.',
												'tessera'
											)
										: undefined
								}
								value={ defaultValue }
								onChange={ ( value: string ) =>
									setAttributes( { defaultValue: value } )
								}
							/>
						) ) }
					{ ! isHidden && (
						<ToggleControl
							__nextHasNoMarginBottom
							label={ __( 'Required', 'tessera' ) }
							checked={ required }
							onChange={ ( value: boolean ) =>
								setAttributes( { required: value } )
							}
						/>
					) }
					{ ! isHidden && required && (
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Message when missing', 'tessera' ) }
							help={ __(
								'Leave empty for “This field is required”.',
								'tessera'
							) }
							value={ requiredMessage }
							onChange={ ( value: string ) =>
								setAttributes( { requiredMessage: value } )
							}
						/>
					) }
					{ supportsConfirm( type ) && (
						<ToggleControl
							__nextHasNoMarginBottom
							label={
								type === 'email'
									? __(
											'Ask for the address twice',
											'tessera'
										)
									: __(
											'Ask for the password twice',
											'tessera'
										)
							}
							checked={ confirm }
							onChange={ ( value: boolean ) =>
								setAttributes( { confirm: value } )
							}
						/>
					) }
				</PanelBody>
				{ isChoiceType( type ) && (
					<PanelBody title={ __( 'Choices', 'tessera' ) }>
						<ChoicesEditor
							choices={ choices }
							onChange={ ( value ) =>
								setAttributes( { choices: value } )
							}
						/>
						{ type === 'checkbox' && (
							<>
								<CountControl
									label={ __(
										'Most boxes checked',
										'tessera'
									) }
									help={ __( '0 = no limit.', 'tessera' ) }
									value={ choiceLimit }
									onChange={ ( value ) =>
										setAttributes( { choiceLimit: value } )
									}
								/>
								<ToggleControl
									__nextHasNoMarginBottom
									label={ __(
										'Offer a “Select all” box',
										'tessera'
									) }
									checked={ selectAll }
									onChange={ ( value: boolean ) =>
										setAttributes( { selectAll: value } )
									}
								/>
							</>
						) }
					</PanelBody>
				) }
				{ type === 'number' && (
					<PanelBody title={ __( 'Number', 'tessera' ) }>
						<OptionalNumberControl
							label={ __( 'Smallest value', 'tessera' ) }
							value={ min }
							onChange={ ( value ) =>
								setAttributes( { min: value } )
							}
						/>
						<OptionalNumberControl
							label={ __( 'Largest value', 'tessera' ) }
							value={ max }
							onChange={ ( value ) =>
								setAttributes( { max: value } )
							}
						/>
						<OptionalNumberControl
							label={ __( 'Step', 'tessera' ) }
							help={ __(
								'Values must be multiples of it (counted from the smallest value). Greater than 0; empty = any.',
								'tessera'
							) }
							positive
							value={ step }
							onChange={ ( value ) =>
								setAttributes( { step: value } )
							}
						/>
					</PanelBody>
				) }
				{ isTextLike( type ) && (
					<PanelBody
						title={ __( 'Length', 'tessera' ) }
						initialOpen={ false }
					>
						<CountControl
							label={ __( 'Fewest words', 'tessera' ) }
							help={ __( '0 = no rule.', 'tessera' ) }
							value={ minWords }
							onChange={ ( value ) =>
								setAttributes( { minWords: value } )
							}
						/>
						{ minWords > 0 && (
							<TextControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								label={ __(
									'Message when too few words',
									'tessera'
								) }
								help={
									/* translators: {0} stands for the number in the message shown: keep it as is. */
									__(
										'Leave empty for “Please enter at least {0} words”.',
										'tessera'
									)
								}
								value={ minWordsMessage }
								onChange={ ( value: string ) =>
									setAttributes( { minWordsMessage: value } )
								}
							/>
						) }
						<CountControl
							label={ __( 'Fewest characters', 'tessera' ) }
							help={ __( '0 = no rule.', 'tessera' ) }
							value={ minChars }
							onChange={ ( value ) =>
								setAttributes( { minChars: value } )
							}
						/>
						{ minChars > 0 && (
							<TextControl
								__next40pxDefaultSize
								__nextHasNoMarginBottom
								label={ __(
									'Message when too few characters',
									'tessera'
								) }
								help={
									/* translators: {0} stands for the number in the message shown: keep it as is. */
									__(
										'Leave empty for “Please enter at least {0} characters”.',
										'tessera'
									)
								}
								value={ minCharsMessage }
								onChange={ ( value: string ) =>
									setAttributes( { minCharsMessage: value } )
								}
							/>
						) }
						<CountControl
							label={ __( 'Most characters', 'tessera' ) }
							help={
								type === 'textarea'
									? __( '0 = up to 20,000.', 'tessera' )
									: __( '0 = up to 1,000.', 'tessera' )
							}
							value={ maxChars }
							onChange={ ( value ) =>
								setAttributes( { maxChars: value } )
							}
						/>
					</PanelBody>
				) }
				{ ! isHidden && (
					<PanelBody
						title={ __( 'Conditional logic', 'tessera' ) }
						initialOpen={ conditions !== undefined }
					>
						<ConditionsEditor
							conditions={ conditions }
							fields={ others }
							onChange={ ( value ) =>
								setAttributes( { conditions: value } )
							}
						/>
					</PanelBody>
				) }
			</InspectorControls>
			<InspectorControls group="advanced">
				<IdControl
					id={ id }
					taken={ otherIds }
					onChange={ ( value ) => setAttributes( { id: value } ) }
				/>
			</InspectorControls>
			<div { ...blockProps }>
				<FieldPreview attributes={ attributes } inputId={ inputId } />
			</div>
		</>
	);
}
