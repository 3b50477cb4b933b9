<?php
/**
 * Server render of the album block (`render` in block.json): WordPress includes this file with `$attributes`,
 * `$content` and `$block` in scope. The work is done by Tessera\Gallery\AlbumBlock.
 *
 * @package Tessera
 *
 * @var array<string, mixed> $attributes Block attributes.
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

echo Tessera\Gallery\AlbumBlock::render( is_array( $attributes ?? null ) ? $attributes : array() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- AlbumBlock escapes every value.
