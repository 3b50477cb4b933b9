<?php
/**
 * Server render of the form block (`render` in block.json): WordPress includes this file with `$attributes`,
 * `$content` and `$block` in scope. The work is done by Tessera\Forms\FormBlock.
 *
 * @package Tessera
 *
 * @var array<string, mixed> $attributes Block attributes.
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

echo Tessera\Forms\FormBlock::render( is_array( $attributes ?? null ) ? $attributes : array(), 'get_block_wrapper_attributes' ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- FormBlock escapes every value.
