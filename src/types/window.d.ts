/**
 * Internal dependencies
 */
import type { ProgressState } from '../lib/speed/types';

declare global {
	interface Window {
		/** Printed by PHP before the speed scripts (`wp_add_inline_script`); parse before use. */
		tesseraSpeed?: unknown;
		/** Page-wide in-progress state, shared by every speed bundle on the page. */
		tesseraSpeedProgress?: ProgressState;
	}
}

export {};
