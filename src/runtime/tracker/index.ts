/**
 * Entry of the visitor tracker (`build/runtime/tracker.js`), printed with
 * `defer` after the `#tessera-tracker-config` JSON element. Contract:
 * `docs/stats.md`, "The tracker".
 */

/**
 * Internal dependencies
 */
import { init } from './tracker';

init();
