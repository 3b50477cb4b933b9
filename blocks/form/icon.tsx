/**
 * Internal dependencies
 */
import { blockIcon } from '../../src/lib/block-icon';

/** The form block's icon: two fields and a button. */
export const formIcon = blockIcon(
	'M4 4h16v4.5H4V4Zm1.5 1.5V7h13V5.5h-13ZM4 10.5h16V15H4v-4.5ZM5.5 12v1.5h13V12h-13ZM4 17h8v3H4v-3Z'
);
