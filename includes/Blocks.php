<?php
/**
 * Registers the plugin's blocks: every `blocks/<name>/block.json`.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera;

use WP_Block_Type_Registry;

/**
 * Registers each block from its source folder `blocks/<name>/` (block.json, render file), and its editor script
 * `build/blocks/<name>/index.js` (with `index.css` when it imports styles) under the handle `tessera-block-<name>`,
 * which block.json names as `editorScript`. wp-scripts copies block.json files only from src/, so the metadata
 * is read where it is written; a block whose editor script has not been built still renders on the front end.
 */
final class Blocks {

	/**
	 * Script and style registration.
	 *
	 * @var Assets
	 */
	private Assets $assets;

	/**
	 * Folder of the block sources, with a trailing slash.
	 *
	 * @var string
	 */
	private string $blocks_dir;

	/**
	 * Creates the registrar.
	 *
	 * @param Assets      $assets     Registers the editor scripts from the build.
	 * @param string|null $blocks_dir Folder of the blocks (default: the plugin's blocks/).
	 */
	public function __construct( Assets $assets, ?string $blocks_dir = null ) {
		$this->assets     = $assets;
		$this->blocks_dir = trailingslashit( $blocks_dir ?? TESSERA_DIR . 'blocks' );
	}

	/**
	 * Hooks registration on init.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'init', array( $this, 'register_all' ) );
	}

	/**
	 * The editor script handle of a block folder.
	 *
	 * @param string $name Folder name below blocks/.
	 * @return string
	 */
	public static function script_handle( string $name ): string {
		return 'tessera-block-' . $name;
	}

	/**
	 * The folder names below blocks/ that hold a block.json, sorted.
	 *
	 * @return string[]
	 */
	public function names(): array {
		$files = glob( $this->blocks_dir . '*/block.json' );
		$names = array();
		foreach ( is_array( $files ) ? $files : array() as $file ) {
			$names[] = basename( dirname( $file ) );
		}
		sort( $names );
		return $names;
	}

	/**
	 * Registers every block.
	 *
	 * @return string[] Names of the block types registered (or already registered).
	 */
	public function register_all(): array {
		$registered = array();
		foreach ( $this->names() as $name ) {
			$type = $this->register( $name );
			if ( '' !== $type ) {
				$registered[] = $type;
			}
		}
		return $registered;
	}

	/**
	 * Registers one block: its editor script (when built), then the block type from its folder.
	 *
	 * @param string $name Folder name below blocks/.
	 * @return string The block type's name, '' when it could not be registered.
	 */
	public function register( string $name ): string {
		$folder = $this->blocks_dir . $name;
		$raw    = is_readable( $folder . '/block.json' ) ? file_get_contents( $folder . '/block.json' ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- A local file.
		$json   = is_string( $raw ) ? json_decode( $raw, true ) : null;
		if ( ! is_array( $json ) || ! is_string( $json['name'] ?? null ) ) {
			return '';
		}
		if ( WP_Block_Type_Registry::get_instance()->is_registered( $json['name'] ) ) {
			return $json['name'];
		}
		if ( ! wp_script_is( self::script_handle( $name ), 'registered' ) ) {
			$this->assets->register_entry( self::script_handle( $name ), 'blocks/' . $name . '/index' );
		}
		$type = register_block_type( $folder );
		return false === $type ? '' : $type->name;
	}
}
