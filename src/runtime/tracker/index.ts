/**
 * Entry of the visitor tracker (`build/runtime/tracker.js`), printed with
 * `defer` after the `#tessera-tracker-config` JSON element (or inserted by
 * the consent gate, or restored by the consent runtime). Importing the
 * tracker starts it. Contract: `docs/stats.md`, "The tracker".
 */

/**
 * Internal dependencies
 */
import './tracker';
