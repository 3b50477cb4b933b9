/**
 * The retention of entries (Forms → Entries, below the list): entries older than N days are deleted once a day
 * (includes/Forms/Retention.php); 0 keeps them forever. Stored in core's settings (`tessera_forms_retention_days`).
 */

/**
 * WordPress dependencies
 */
import { Button, TextControl } from '@wordpress/components';
import { useEffect, useState } from '@wordpress/element';
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { loadRetention, MAX_RETENTION_DAYS, saveRetention } from './api';

/** What the panel tells its screen (for the live region). */
export interface RetentionProps {
	onNotice: ( status: 'success' | 'error', message: string ) => void;
}

/**
 * The panel: a number of days and a Save button; invalid input is refused with a message tied to the field.
 *
 * @param props          Props.
 * @param props.onNotice Announces the outcome.
 */
export function RetentionPanel( { onNotice }: RetentionProps ): JSX.Element {
	const [ value, setValue ] = useState< string | null >( null );
	const [ busy, setBusy ] = useState( false );
	const [ invalid, setInvalid ] = useState( false );

	useEffect( () => {
		let live = true;
		void loadRetention().then( ( outcome ) => {
			if ( ! live ) {
				return;
			}
			if ( outcome.ok ) {
				setValue( String( outcome.value ) );
			} else {
				onNotice( 'error', outcome.error.message );
			}
		} );
		return () => {
			live = false;
		};
	}, [ onNotice ] );

	const save = async (): Promise< void > => {
		const days = Number( value );
		if (
			value === null ||
			! /^\d+$/.test( value.trim() ) ||
			days > MAX_RETENTION_DAYS
		) {
			setInvalid( true );
			return;
		}
		setInvalid( false );
		setBusy( true );
		const outcome = await saveRetention( days );
		setBusy( false );
		if ( ! outcome.ok ) {
			onNotice( 'error', outcome.error.message );
			return;
		}
		setValue( String( outcome.value ) );
		onNotice(
			'success',
			outcome.value === 0
				? __( 'Entries are kept until you delete them.', 'tessera' )
				: __(
						'Saved: older entries are deleted once a day.',
						'tessera'
					)
		);
	};

	return (
		<form
			className="tessera-entries__retention"
			// Our message, tied to the field, instead of the browser's bubble.
			noValidate
			onSubmit={ ( event ) => {
				event.preventDefault();
				void save();
			} }
		>
			<h2>{ __( 'Keeping entries', 'tessera' ) }</h2>
			<TextControl
				__next40pxDefaultSize
				__nextHasNoMarginBottom
				type="number"
				min={ 0 }
				max={ MAX_RETENTION_DAYS }
				label={ __( 'Delete entries older than (days)', 'tessera' ) }
				help={
					invalid
						? __(
								'Enter a whole number of days from 0 to 3650.',
								'tessera'
							)
						: __(
								'0 keeps entries until you delete them. Older entries of every form are deleted once a day.',
								'tessera'
							)
				}
				aria-invalid={ invalid || undefined }
				value={ value ?? '' }
				disabled={ value === null }
				onChange={ ( next ) => {
					setInvalid( false );
					setValue( next );
				} }
			/>
			<Button
				variant="secondary"
				type="submit"
				isBusy={ busy }
				disabled={ busy || value === null }
				accessibleWhenDisabled
			>
				{ __( 'Save', 'tessera' ) }
			</Button>
		</form>
	);
}
