<?php
/**
 * Galleries and albums (issue 6, docs/gallery.md): wires the content model; the blocks register themselves from
 * `blocks/` (Tessera\Blocks) and render through GalleryBlock.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Gallery;

/**
 * Registers the gallery feature's hooks.
 */
final class Gallery {

	/**
	 * Hooks.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		( new PostTypes() )->register_hooks();
		( new PageCall() )->register_hooks();
		( new AdminScreen() )->register_hooks();
		( new RenderCache() )->register_hooks();
	}
}
