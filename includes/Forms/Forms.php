<?php
/**
 * The forms feature (docs/forms.md): the form post type, the entries tables, submissions.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Wires the feature's parts. The form block itself is registered with the other blocks (Tessera\Blocks).
 */
final class Forms {

	/**
	 * Registers every hook of the feature.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		( new PostType() )->register_hooks();
		( new Submission() )->register_hooks();
		( new NonceEndpoint() )->register_hooks();
		( new Pdf() )->register_hooks();
		( new PdfLibrary() )->register_hooks();
		( new Privacy() )->register_hooks();
		( new Retention() )->register_hooks();
		( new EntriesPage( \Tessera\Plugin::instance()->assets() ) )->register_hooks();
		( new Rest\EntriesController() )->register_hooks();
		// The tables: created on the first request after activation or an update that changes them.
		add_action(
			'init',
			static function (): void {
				if ( ! Schema::is_current() ) {
					Schema::maybe_install();
				}
			}
		);
	}
}
