/**
 * The period picker: last 7 / 30 / 90 days, last 12 months (applied at once), or a custom first and last day
 * (applied with a button, checked first; a refused day is marked on its field).
 */

/**
 * WordPress dependencies
 */
import { Button, SelectControl, TextControl } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import {
	PRESETS,
	presetRange,
	rangeProblem,
	type Range,
	type RangeChoice,
	type RangeProblem,
} from './range';

interface RangePickerProps {
	choice: RangeChoice;
	range: Range;
	today: string;
	maxDays: number;
	onChange: ( choice: RangeChoice, range: Range ) => void;
}

/**
 * The message of a refused custom period.
 *
 * @param problem The problem.
 * @param maxDays The longest period.
 * @return The message.
 */
function problemMessage( problem: RangeProblem, maxDays: number ): string {
	switch ( problem.reason ) {
		case 'invalid':
			return __( 'Enter a date as YYYY-MM-DD.', 'tessera' );
		case 'reversed':
			return __(
				'The last day cannot be before the first day.',
				'tessera'
			);
		case 'tooLong':
			return sprintf(
				/* translators: %d: the longest period in days. */
				__( 'Choose a period of at most %d days.', 'tessera' ),
				maxDays
			);
	}
}

/**
 * The picker.
 *
 * @param props          Props.
 * @param props.choice   The current choice.
 * @param props.range    The current period.
 * @param props.today    Today (site-local).
 * @param props.maxDays  The longest period.
 * @param props.onChange Called with a new choice and period.
 * @return The picker.
 */
export function RangePicker( {
	choice,
	range,
	today,
	maxDays,
	onChange,
}: RangePickerProps ) {
	const [ custom, setCustom ] = useState< boolean >( choice === 'custom' );
	const [ typed, setTyped ] = useState< Range >( range );
	const [ problem, setProblem ] = useState< RangeProblem | null >( null );

	const labels: Record< RangeChoice, string > = {
		'7d': __( 'Last 7 days', 'tessera' ),
		'30d': __( 'Last 30 days', 'tessera' ),
		'90d': __( 'Last 90 days', 'tessera' ),
		'12m': __( 'Last 12 months', 'tessera' ),
		custom: __( 'Custom period', 'tessera' ),
	};
	const options = [ ...PRESETS, 'custom' as const ].map( ( value ) => ( {
		value,
		label: labels[ value ],
	} ) );

	const select = ( value: string ) => {
		const preset = PRESETS.find( ( item ) => item === value );
		if ( preset ) {
			setCustom( false );
			setProblem( null );
			onChange( preset, presetRange( preset, today ) );
			return;
		}
		setCustom( true );
		setTyped( range );
	};

	const apply = () => {
		const found = rangeProblem( typed, maxDays );
		setProblem( found );
		if ( ! found ) {
			onChange( 'custom', typed );
		}
	};

	const fieldProps = ( field: 'from' | 'to' ) => {
		const id = `tessera-stats-range-${ field }`;
		return problem?.field === field
			? {
					id,
					'aria-invalid': true as const,
					'aria-describedby': `${ id }-error`,
				}
			: { id };
	};

	return (
		<div className="tessera-stats__range">
			<SelectControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				id="tessera-stats-range"
				label={ __( 'Period', 'tessera' ) }
				value={ custom ? 'custom' : choice }
				options={ options }
				onChange={ select }
			/>
			{ custom && (
				<form
					className="tessera-stats__custom-range"
					noValidate
					onSubmit={ ( formEvent ) => {
						formEvent.preventDefault();
						apply();
					} }
				>
					{ ( [ 'from', 'to' ] as const ).map( ( field ) => (
						<div key={ field }>
							<TextControl
								__nextHasNoMarginBottom
								__next40pxDefaultSize
								type="date"
								label={
									field === 'from'
										? __( 'First day', 'tessera' )
										: __( 'Last day', 'tessera' )
								}
								value={ typed[ field ] }
								max={ today }
								onChange={ ( value ) =>
									setTyped( { ...typed, [ field ]: value } )
								}
								{ ...fieldProps( field ) }
							/>
							{ problem?.field === field && (
								<p
									id={ `tessera-stats-range-${ field }-error` }
									className="tessera-stats__field-error"
								>
									{ problemMessage( problem, maxDays ) }
								</p>
							) }
						</div>
					) ) }
					<Button
						variant="secondary"
						type="submit"
						__next40pxDefaultSize
					>
						{ __( 'Apply', 'tessera' ) }
					</Button>
				</form>
			) }
		</div>
	);
}
