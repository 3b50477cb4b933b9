<?php
/**
 * Server render of the popular-posts block (`render` in block.json): WordPress includes this file with
 * `$attributes`, `$content` and `$block` in scope. The work is done by Tessera\Stats\Blocks\PopularPosts.
 *
 * @package Tessera
 *
 * @var array<string, mixed> $attributes Block attributes.
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

echo Tessera\Stats\Blocks\PopularPosts::render( // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- PopularPosts escapes every value.
	is_array( $attributes ?? null ) ? $attributes : array(),
	'get_block_wrapper_attributes'
);
