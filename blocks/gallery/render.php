<?php
/**
 * Server render of the gallery block (`render` in block.json): WordPress includes this file with `$attributes`,
 * `$content` and `$block` in scope. The work is done by Tessera\Gallery\GalleryBlock.
 *
 * @package Tessera
 *
 * @var array<string, mixed> $attributes Block attributes.
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

echo Tessera\Gallery\GalleryBlock::render( is_array( $attributes ?? null ) ? $attributes : array() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- GalleryBlock escapes every value.
