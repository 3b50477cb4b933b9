/**
 * Entry of the site-wide consent runtime (`build/runtime/consent/index.js`):
 * dependency-free, printed early in `<head>` after the
 * `#tessera-consent-config` JSON element. Contract: `docs/consent.md`.
 */

/**
 * Internal dependencies
 */
import { startConsent } from './runtime';

startConsent();
