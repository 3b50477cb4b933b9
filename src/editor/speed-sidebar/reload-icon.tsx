/**
 * Internal dependencies
 */
import { RELOAD_ICON } from '../../lib/speed/icons';

/**
 * The reload icon of a failed check.
 *
 * @return The icon (hidden from assistive technology).
 */
export function ReloadIcon() {
	return (
		<svg
			viewBox={ RELOAD_ICON.viewBox }
			width={ 20 }
			height={ 20 }
			aria-hidden="true"
			focusable="false"
		>
			<path d={ RELOAD_ICON.path } />
		</svg>
	);
}

/**
 * The sidebar's icon: a gauge.
 *
 * @return The icon (hidden from assistive technology).
 */
export function GaugeIcon() {
	return (
		<svg
			viewBox="0 0 24 24"
			width={ 24 }
			height={ 24 }
			aria-hidden="true"
			focusable="false"
		>
			<path d="M12 4a9 9 0 0 0-9 9c0 2.2.8 4.3 2.2 5.9l.3.3h13l.3-.3A9 9 0 0 0 12 4Zm6.2 13.7H5.8A7.5 7.5 0 1 1 18.2 17.7ZM15.9 8.6l-3 4.5a1.5 1.5 0 1 1-1.2-.8l3-4.5 1.2.8Z" />
		</svg>
	);
}
