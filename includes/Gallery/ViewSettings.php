<?php
/**
 * A gallery block's settings as the renderer may use them (docs/gallery.md, "Blocks"): block attributes are input
 * (a contributor writes them), so each is checked against the block type's own attribute schema (block.json):
 * unknown keys dropped, a wrong type, a value outside its enum or range → the default.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

use WP_Block_Type_Registry;

/**
 * Normalises block attributes against block.json.
 */
final class ViewSettings {

	/**
	 * Every attribute of a block type, valid, with defaults for what is missing or refused.
	 *
	 * @param string               $block_name Block type name.
	 * @param array<string, mixed> $attributes Raw attributes.
	 * @return array<string, mixed>
	 */
	public static function from_block( string $block_name, array $attributes ): array {
		$type   = WP_Block_Type_Registry::get_instance()->get_registered( $block_name );
		$schema = null !== $type && is_array( $type->attributes ) ? $type->attributes : array();
		$clean  = array();
		foreach ( $schema as $name => $definition ) {
			if ( ! is_array( $definition ) || ! isset( $definition['type'] ) ) {
				continue;
			}
			$default = $definition['default'] ?? null;
			$value   = array_key_exists( $name, $attributes ) ? $attributes[ $name ] : $default;
			$rules   = array_intersect_key( $definition, array_flip( array( 'type', 'enum', 'minimum', 'maximum', 'maxLength', 'items' ) ) );
			if ( null !== $value && true !== rest_validate_value_from_schema( $value, $rules, $name ) ) {
				$value = $default;
			}
			$clean[ $name ] = null === $value ? null : rest_sanitize_value_from_schema( $value, $rules, $name );
		}
		return $clean;
	}
}
