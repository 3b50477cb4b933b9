/**
 * Entry of the preference centre chunk (`build/runtime/consent-preferences.js`
 * + `.css`), loaded on intent by the consent runtime's glue; it opens the
 * dialog as soon as it starts. Contract: `docs/consent.md`.
 */

/**
 * Internal dependencies
 */
import './preferences.scss';
import { startPreferences } from './preferences';

startPreferences();
