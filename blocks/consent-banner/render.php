<?php
/**
 * Server render of the consent-banner block (`render` in block.json): WordPress includes this file with
 * `$attributes`, `$content` and `$block` in scope. The work is done by Tessera\Consent\BlockRender.
 *
 * @package Tessera
 *
 * @var array<string, mixed> $attributes Block attributes.
 */

declare(strict_types=1);

defined( 'ABSPATH' ) || exit;

echo Tessera\Consent\BlockRender::for_request()->render( // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- BlockRender escapes every value.
	is_array( $attributes ?? null ) ? $attributes : array(),
	'get_block_wrapper_attributes'
);
