/**
 * Entry of the tracker's consent gate (`build/runtime/tracker-gate.js`),
 * printed with `defer` after `#tessera-tracker-config` when the consent
 * integration is WP Consent API or Real Cookie Banner. docs/stats.md.
 */

/**
 * Internal dependencies
 */
import { gate } from './gate';

gate();
