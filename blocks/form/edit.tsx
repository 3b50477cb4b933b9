/**
 * The form block in the editor. Without a form it offers to create one (three fields to start from) or to
 * choose an existing one (core's Placeholder; in the inserter's preview, the example's fields); with a form it
 * edits the form post's field blocks in place (`useEntityBlockEditor`), its title, and its settings (the post meta `_tessera_form_settings`) in the sidebar. The page saves only
 * `{"ref":ID}`; the form's own changes are saved with it, as those of a synced pattern.
 */

/**
 * WordPress dependencies
 */
import {
	BlockControls,
	InspectorControls,
	PlainText,
	useBlockProps,
	useInnerBlocksProps,
	Warning,
} from '@wordpress/block-editor';
import { createBlock, serialize, type BlockEditProps } from '@wordpress/blocks';
import {
	Button,
	ComboboxControl,
	Notice,
	PanelBody,
	Placeholder,
	SelectControl,
	Spinner,
	TextareaControl,
	TextControl,
	ToggleControl,
	ToolbarButton,
	ToolbarGroup,
} from '@wordpress/components';
import {
	EntityProvider,
	store as coreStore,
	useEntityBlockEditor,
	useEntityProp,
	useEntityRecord,
	useEntityRecords,
} from '@wordpress/core-data';
import { useDispatch, useSelect } from '@wordpress/data';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	defaultFields,
	errorMessage,
	FORM_INNER_BLOCKS,
	FORM_POST_TYPE,
	MAX_SECONDS,
	META_SETTINGS,
	parseFormRecord,
	readRecord,
	readSeconds,
	readSettings,
	type FormAttributes,
	type FormSettings,
	type FormSummary,
} from './types';
import { useIsBlockPreview } from '../../src/lib/block-preview';
import { formIcon } from './icon';

/** The block context the editor passes (block.json `usesContext`). */
interface FormContext {
	postId?: number;
	postType?: string;
}

/**
 * The title shown for a form.
 *
 * @param form The form.
 * @return Its title, or "(no title)" with its id.
 */
function formLabel( form: FormSummary ): string {
	return form.title.trim() !== ''
		? form.title
		: sprintf(
				/* translators: %d: the form's post id. */
				__( '(no title) #%d', 'tessera' ),
				form.id
			);
}

/**
 * A new form block: create a form, or choose an existing one.
 *
 * @param props          Component props.
 * @param props.onSelect Receives the id of the form created or chosen.
 */
function FormPicker( {
	onSelect,
}: {
	onSelect: ( id: number ) => void;
} ): JSX.Element {
	const [ title, setTitle ] = useState< string >(
		__( 'Contact form', 'tessera' )
	);
	const [ creating, setCreating ] = useState( false );
	const [ error, setError ] = useState( '' );
	const { records, hasResolved } = useEntityRecords< unknown >(
		'postType',
		FORM_POST_TYPE,
		{ per_page: -1, orderby: 'title', order: 'asc' }
	);
	const { saveEntityRecord } = useDispatch( coreStore );
	const forms = ( records ?? [] )
		.map( parseFormRecord )
		.filter( ( form ): form is FormSummary => form !== null );

	const create = async (): Promise< void > => {
		if ( creating ) {
			return;
		}
		setCreating( true );
		setError( '' );
		try {
			const content = serialize(
				defaultFields().map( ( attributes ) =>
					createBlock( 'tessera/field', attributes )
				)
			);
			const saved: unknown = await saveEntityRecord(
				'postType',
				FORM_POST_TYPE,
				{
					title:
						title.trim() !== ''
							? title.trim()
							: __( 'Contact form', 'tessera' ),
					status: 'publish',
					content,
				},
				{ throwOnError: true }
			);
			const form = parseFormRecord( saved );
			if ( form ) {
				onSelect( form.id );
				return;
			}
			setError( __( 'The form could not be created.', 'tessera' ) );
		} catch ( thrown ) {
			setError( errorMessage( thrown ) );
		}
		setCreating( false );
	};

	return (
		<Placeholder
			icon={ formIcon }
			label={ __( 'Form', 'tessera' ) }
			instructions={ __(
				'Create a new form, or choose a form to show here. A form can be placed on many pages; its entries are kept together.',
				'tessera'
			) }
		>
			<div className="tessera-form-picker">
				{ error !== '' && (
					<Notice status="error" isDismissible={ false }>
						{ error }
					</Notice>
				) }
				<form
					className="tessera-form-picker__create"
					onSubmit={ ( event ) => {
						event.preventDefault();
						void create();
					} }
				>
					<TextControl
						__next40pxDefaultSize
						__nextHasNoMarginBottom
						label={ __( 'New form title', 'tessera' ) }
						value={ title }
						onChange={ ( value: string ) => setTitle( value ) }
					/>
					<Button
						__next40pxDefaultSize
						variant="primary"
						type="submit"
						isBusy={ creating }
						aria-disabled={ creating }
					>
						{ __( 'Create a form', 'tessera' ) }
					</Button>
				</form>
				<div className="tessera-form-picker__choose">
					{ ! hasResolved && <Spinner /> }
					{ hasResolved && forms.length === 0 && (
						<p>{ __( 'There are no forms yet.', 'tessera' ) }</p>
					) }
					{ forms.length > 0 && (
						<ComboboxControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Choose a form', 'tessera' ) }
							value={ null }
							options={ forms.map( ( form ) => ( {
								label: formLabel( form ),
								value: String( form.id ),
							} ) ) }
							onChange={ ( value?: string | null ) => {
								const id = Number( value );
								if ( Number.isInteger( id ) && id > 0 ) {
									onSelect( id );
								}
							} }
						/>
					) }
				</div>
			</div>
		</Placeholder>
	);
}

/**
 * A number input for a number of seconds (0..MAX_SECONDS).
 *
 * @param props          Component props.
 * @param props.label    Visible label.
 * @param props.help     Help text.
 * @param props.value    The value.
 * @param props.onChange Receives the new value.
 */
function SecondsControl( {
	label,
	help,
	value,
	onChange,
}: {
	label: string;
	help: string;
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
			max={ MAX_SECONDS }
			step={ 1 }
			value={ draft ?? value }
			onChange={ ( next: string ) => {
				setDraft( next );
				onChange( readSeconds( next ) ?? 0 );
			} }
			onBlur={ () => setDraft( null ) }
		/>
	);
}

/**
 * The sidebar panels of the form's settings, one control per key of `_tessera_form_settings`.
 *
 * @param props          Component props.
 * @param props.settings The settings.
 * @param props.onChange Changes one setting.
 */
function SettingsPanels( {
	settings,
	onChange,
}: {
	settings: FormSettings;
	onChange: < K extends keyof FormSettings >(
		key: K,
		value: FormSettings[ K ]
	) => void;
} ): JSX.Element {
	return (
		<>
			<PanelBody title={ __( 'Submission', 'tessera' ) }>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Submit button label', 'tessera' ) }
					value={ settings.submitLabel }
					onChange={ ( value: string ) =>
						onChange( 'submitLabel', value )
					}
				/>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Label while sending', 'tessera' ) }
					value={ settings.processingText }
					onChange={ ( value: string ) =>
						onChange( 'processingText', value )
					}
				/>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Send without reloading the page', 'tessera' ) }
					checked={ settings.ajaxSubmission }
					onChange={ ( value: boolean ) =>
						onChange( 'ajaxSubmission', value )
					}
				/>
				<SecondsControl
					label={ __(
						'Fastest human submission (seconds)',
						'tessera'
					) }
					help={ __(
						'A form sent sooner after the page loaded is refused as spam. 0 = no check.',
						'tessera'
					) }
					value={ settings.minFillSeconds }
					onChange={ ( value ) =>
						onChange( 'minFillSeconds', value )
					}
				/>
				<SecondsControl
					label={ __( 'Submission countdown (seconds)', 'tessera' ) }
					help={ __(
						'Shows a countdown before the form can be sent. 0 = none.',
						'tessera'
					) }
					value={ settings.countdown }
					onChange={ ( value ) => onChange( 'countdown', value ) }
				/>
			</PanelBody>
			<PanelBody
				title={ __( 'After submission', 'tessera' ) }
				initialOpen={ false }
			>
				<TextareaControl
					__nextHasNoMarginBottom
					label={ __( 'Success message', 'tessera' ) }
					value={ settings.successMessage }
					onChange={ ( value: string ) =>
						onChange( 'successMessage', value )
					}
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Message location', 'tessera' ) }
					value={ settings.messageLocation }
					options={ [
						{
							label: __( 'Above the form', 'tessera' ),
							value: 'top',
						},
						{
							label: __( 'Below the form', 'tessera' ),
							value: 'bottom',
						},
						{
							label: __( 'In place of the form', 'tessera' ),
							value: 'hide',
						},
						{
							label: __( 'In a popup', 'tessera' ),
							value: 'popup',
						},
					] }
					onChange={ ( value: string ) => {
						if (
							value === 'top' ||
							value === 'bottom' ||
							value === 'hide' ||
							value === 'popup'
						) {
							onChange( 'messageLocation', value );
						}
					} }
				/>
				<SelectControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					label={ __( 'Then the form', 'tessera' ) }
					value={ settings.formStateType }
					options={ [
						{
							label: __(
								'Is emptied for a new entry',
								'tessera'
							),
							value: 'reset',
						},
						{ label: __( 'Is hidden', 'tessera' ), value: 'hide' },
					] }
					onChange={ ( value: string ) =>
						onChange(
							'formStateType',
							value === 'hide' ? 'hide' : 'reset'
						)
					}
				/>
				<TextControl
					__next40pxDefaultSize
					__nextHasNoMarginBottom
					type="url"
					label={ __( 'Redirect to', 'tessera' ) }
					help={ __(
						'An address to open after a successful submission. Leave empty to stay on the page.',
						'tessera'
					) }
					value={ settings.redirectUrl }
					onChange={ ( value: string ) =>
						onChange( 'redirectUrl', value )
					}
				/>
				{ settings.redirectUrl.trim() !== '' && (
					<ToggleControl
						__nextHasNoMarginBottom
						label={ __( 'Open it in a new tab', 'tessera' ) }
						checked={ settings.redirectNewTab }
						onChange={ ( value: boolean ) =>
							onChange( 'redirectNewTab', value )
						}
					/>
				) }
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'Offer a PDF of the entry', 'tessera' ) }
					checked={ settings.pdfDownload }
					onChange={ ( value: boolean ) =>
						onChange( 'pdfDownload', value )
					}
				/>
			</PanelBody>
			<PanelBody
				title={ __( 'Notifications', 'tessera' ) }
				initialOpen={ false }
			>
				<ToggleControl
					__nextHasNoMarginBottom
					label={ __( 'E-mail each entry', 'tessera' ) }
					checked={ settings.notify }
					onChange={ ( value: boolean ) =>
						onChange( 'notify', value )
					}
				/>
				{ settings.notify && (
					<>
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Send to', 'tessera' ) }
							help={
								/* translators: {admin_email} is a placeholder: keep it as is. */
								__(
									'Addresses separated by commas. {admin_email} is the site’s administration address.',
									'tessera'
								)
							}
							value={ settings.notifyTo }
							onChange={ ( value: string ) =>
								onChange( 'notifyTo', value )
							}
						/>
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Subject', 'tessera' ) }
							help={
								/* translators: {form_title} is a placeholder: keep it as is. */
								__(
									'{form_title} is replaced by the form’s title.',
									'tessera'
								)
							}
							value={ settings.notifySubject }
							onChange={ ( value: string ) =>
								onChange( 'notifySubject', value )
							}
						/>
					</>
				) }
			</PanelBody>
		</>
	);
}

/**
 * The form's fields edited in place, its title, the submit button's preview and the settings sidebar. Rendered
 * inside an EntityProvider of the form post.
 *
 * @param props              Component props.
 * @param props.formId       The form post's id.
 * @param props.wrapperProps The block wrapper's props.
 * @param props.onReplace    Clears the block's form.
 */
function FormEditor( {
	formId,
	wrapperProps,
	onReplace,
}: {
	formId: number;
	wrapperProps: Record< string, unknown >;
	onReplace: () => void;
} ): JSX.Element {
	const [ blocks, onInput, onChange ] = useEntityBlockEditor(
		'postType',
		FORM_POST_TYPE
	);
	const [ title, setTitle ] = useEntityProp(
		'postType',
		FORM_POST_TYPE,
		'title',
		formId
	);
	const [ meta, setMeta ] = useEntityProp(
		'postType',
		FORM_POST_TYPE,
		'meta',
		formId
	);
	const canEdit = useSelect(
		( select ) =>
			select( coreStore ).canUserEditEntityRecord(
				'postType',
				FORM_POST_TYPE,
				formId
			) !== false,
		[ formId ]
	);
	const titleText = typeof title === 'string' ? title : '';
	const metaValues = readRecord( meta );
	const settings = readSettings( metaValues[ META_SETTINGS ] );
	const changeSetting = < K extends keyof FormSettings >(
		key: K,
		value: FormSettings[ K ]
	): void => {
		setMeta( {
			...metaValues,
			[ META_SETTINGS ]: { ...settings, [ key ]: value },
		} );
	};

	const innerBlocksProps = useInnerBlocksProps(
		{ className: 'tessera-form-block__fields' },
		{
			value: blocks,
			onInput,
			onChange,
			allowedBlocks: FORM_INNER_BLOCKS,
			templateLock: canEdit ? false : 'all',
		}
	);

	return (
		<>
			<BlockControls group="other">
				<ToolbarGroup>
					<ToolbarButton onClick={ onReplace }>
						{ __( 'Replace form', 'tessera' ) }
					</ToolbarButton>
				</ToolbarGroup>
			</BlockControls>
			<InspectorControls>
				<PanelBody title={ __( 'Form', 'tessera' ) }>
					{ canEdit ? (
						<TextControl
							__next40pxDefaultSize
							__nextHasNoMarginBottom
							label={ __( 'Form title', 'tessera' ) }
							help={ __(
								'Shown above the form, in the list of forms and with the entries. Leave empty to show no heading.',
								'tessera'
							) }
							value={ titleText }
							onChange={ ( value: string ) => setTitle( value ) }
						/>
					) : (
						<Notice status="warning" isDismissible={ false }>
							{ __(
								'You are not allowed to edit this form; it is shown as it is.',
								'tessera'
							) }
						</Notice>
					) }
					<Button variant="secondary" onClick={ onReplace }>
						{ __( 'Replace form', 'tessera' ) }
					</Button>
				</PanelBody>
				{ canEdit && (
					<SettingsPanels
						settings={ settings }
						onChange={ changeSetting }
					/>
				) }
			</InspectorControls>
			<div { ...wrapperProps }>
				{ canEdit ? (
					<h2 className="tessera-form__title tessera-form-block__heading">
						<PlainText
							className="tessera-form-block__title"
							aria-label={ __( 'Form title', 'tessera' ) }
							placeholder={ __(
								'Form title (optional)',
								'tessera'
							) }
							value={ titleText }
							onChange={ ( value: string ) => setTitle( value ) }
						/>
					</h2>
				) : (
					titleText.trim() !== '' && (
						<h2 className="tessera-form__title">{ titleText }</h2>
					)
				) }
				<div { ...innerBlocksProps } />
				<SubmitPreview label={ settings.submitLabel } />
			</div>
		</>
	);
}

/**
 * Loads the referenced form: a spinner while loading, a warning when it was deleted or trashed, the editor
 * otherwise.
 *
 * @param props              Component props.
 * @param props.formId       The form post's id.
 * @param props.wrapperProps The block wrapper's props.
 * @param props.onReplace    Clears the block's form.
 */
function FormLoader( {
	formId,
	wrapperProps,
	onReplace,
}: {
	formId: number;
	wrapperProps: Record< string, unknown >;
	onReplace: () => void;
} ): JSX.Element {
	const { record, hasResolved } = useEntityRecord< unknown >(
		'postType',
		FORM_POST_TYPE,
		formId
	);
	const form = parseFormRecord( record );
	const chooseAnother = (
		<Button key="choose" variant="primary" onClick={ onReplace }>
			{ __( 'Choose another form', 'tessera' ) }
		</Button>
	);

	if ( ! form && ! hasResolved ) {
		return (
			<div { ...wrapperProps }>
				<Placeholder
					icon={ formIcon }
					label={ __( 'Form', 'tessera' ) }
				>
					<Spinner />
				</Placeholder>
			</div>
		);
	}
	if ( ! form ) {
		return (
			<div { ...wrapperProps }>
				<Warning actions={ [ chooseAnother ] }>
					{ __(
						'This form has been deleted, or you are not allowed to edit it.',
						'tessera'
					) }
				</Warning>
			</div>
		);
	}
	if ( form.status === 'trash' ) {
		return (
			<div { ...wrapperProps }>
				<Warning actions={ [ chooseAnother ] }>
					{ sprintf(
						/* translators: %s: the form's title. */
						__(
							'The form “%s” is in the trash. Restore it under Forms, or choose another form.',
							'tessera'
						),
						formLabel( form )
					) }
				</Warning>
			</div>
		);
	}
	return (
		<EntityProvider kind="postType" type={ FORM_POST_TYPE } id={ formId }>
			<FormEditor
				formId={ formId }
				wrapperProps={ wrapperProps }
				onReplace={ onReplace }
			/>
		</EntityProvider>
	);
}

/**
 * The block's preview without a form (the inserter's preview of its `example`, a pattern's thumbnail): the example's
 * field blocks, as the block's own inner blocks, and the submit button.
 *
 * @param props              Component props.
 * @param props.wrapperProps The block wrapper's props.
 */
function FormSample( {
	wrapperProps,
}: {
	wrapperProps: Record< string, unknown >;
} ): JSX.Element {
	const innerBlocksProps = useInnerBlocksProps(
		{ className: 'tessera-form-block__fields' },
		{ templateLock: 'all', renderAppender: false }
	);
	return (
		<div { ...wrapperProps }>
			<div { ...innerBlocksProps } />
			<SubmitPreview label="" />
		</div>
	);
}

/**
 * The form's submit button as the editor shows it: inert (the form is not sent from the editor).
 *
 * @param props       Props.
 * @param props.label The form's submit label; '' for the default.
 * @return The button's row.
 */
function SubmitPreview( { label }: { label: string } ): JSX.Element {
	return (
		<div className="tessera-form__submit tessera-form-block__submit">
			<button
				type="button"
				className="wp-element-button tessera-form__button tessera-form-block__button"
				tabIndex={ -1 }
				aria-disabled="true"
			>
				{ label.trim() !== '' ? label : __( 'Submit', 'tessera' ) }
			</button>
		</div>
	);
}

/**
 * The block's editor.
 *
 * @param props               Block edit props.
 * @param props.attributes    The block's attributes.
 * @param props.setAttributes Changes attributes.
 * @param props.context       Block context (the post being edited).
 */
export function Edit( {
	attributes,
	setAttributes,
	context,
}: BlockEditProps< FormAttributes > & {
	context: FormContext;
} ): JSX.Element {
	const { ref } = attributes;
	const wrapperProps = useBlockProps( { className: 'tessera-form-block' } );
	const formId =
		typeof ref === 'number' && Number.isInteger( ref ) && ref > 0 ? ref : 0;
	const isPreview = useIsBlockPreview();

	if ( context?.postType === FORM_POST_TYPE ) {
		return (
			<div { ...wrapperProps }>
				<Warning>
					{ __(
						'A form cannot contain another form. Remove this block.',
						'tessera'
					) }
				</Warning>
			</div>
		);
	}
	if ( formId === 0 && isPreview ) {
		return <FormSample wrapperProps={ wrapperProps } />;
	}
	if ( formId === 0 ) {
		return (
			<div { ...wrapperProps }>
				<FormPicker
					onSelect={ ( id ) => setAttributes( { ref: id } ) }
				/>
			</div>
		);
	}
	return (
		<FormLoader
			key={ formId }
			formId={ formId }
			wrapperProps={ wrapperProps }
			onReplace={ () => setAttributes( { ref: undefined } ) }
		/>
	);
}
