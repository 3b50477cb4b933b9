/**
 * Internal dependencies
 */
import { blockIcon } from '../../src/lib/block-icon';

/** The album block's icon: a stack of galleries. */
export const albumIcon = blockIcon(
	'M7 3h14v14H7V3Zm1.5 1.5v11h11v-11h-11ZM3 7h1.5v12.5H17V21H3V7Zm7 6.5 2.5-3.5 2 2.5 1.5-1.5 2.5 2.5h-8.5Z'
);
