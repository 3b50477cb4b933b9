<?php
/**
 * Server render of the view-counter block (`render` in block.json): WordPress includes this file with
 * `$attributes`, `$content` and `$block` in scope. The work is done by Tessera\Stats\Blocks\ViewCounter.
 *
 * @package Tessera
 *
 * @var array<string, mixed> $attributes Block attributes.
 * @var WP_Block             $block      The block (its context: postId).
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

echo Tessera\Stats\Blocks\ViewCounter::render( // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- ViewCounter escapes every value.
	is_array( $attributes ?? null ) ? $attributes : array(),
	( $block ?? null ) instanceof WP_Block ? $block : null,
	'get_block_wrapper_attributes'
);
