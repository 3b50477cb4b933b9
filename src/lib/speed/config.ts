/**
 * Internal dependencies
 */
import { parseSpeedConfig } from './guards';
import type { SpeedConfig } from './types';

/**
 * Reads and parses `window.tesseraSpeed`.
 *
 * @param win The window to read (a test may pass its own).
 * @return The configuration, or null when it is missing or unusable.
 */
export function readSpeedConfig( win: Window = window ): SpeedConfig | null {
	return parseSpeedConfig( win.tesseraSpeed );
}
