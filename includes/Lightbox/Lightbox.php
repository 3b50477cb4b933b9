<?php
/**
 * The lightbox (issue 7, docs/lightbox.md): its settings and the call that answers the popup's HTML.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Lightbox;

/**
 * Registers the lightbox feature's hooks.
 */
final class Lightbox {

	/**
	 * Hooks.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		( new Settings() )->register_hooks();
		( new Endpoint() )->register_hooks();
		( new EmbedField() )->register_hooks();
	}
}
