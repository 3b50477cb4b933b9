/**
 * A block's `example` (what the inserter's preview draws) written with attribute values. `@wordpress/blocks` types
 * an example's attributes as attribute definitions, so the one cast lives here.
 */

/**
 * WordPress dependencies
 */
import type { BlockType } from '@wordpress/blocks';

/** A block of an example: its name, attribute values and inner blocks. */
export interface ExampleBlock {
	name: string;
	attributes: Record< string, unknown >;
	innerBlocks?: ExampleBlock[];
}

/**
 * The `example` setting of `registerBlockType`.
 *
 * @param attributes  The previewed block's attribute values.
 * @param innerBlocks Its inner blocks, if any.
 * @return The example.
 */
export function blockExample(
	attributes: Record< string, unknown >,
	innerBlocks: ExampleBlock[] = []
): BlockType[ 'example' ] {
	return { attributes, innerBlocks } as unknown as BlockType[ 'example' ];
}
