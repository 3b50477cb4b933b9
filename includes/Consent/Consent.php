<?php
/**
 * The cookie consent feature: page output (head, banner, preference template), integrations (Consent Mode,
 * WP Consent API), server-side blocking and the consent log. Contract: docs/consent.md.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

use Tessera\Consent\Log\ConsentLog;

/**
 * Wires the consent feature's parts.
 */
final class Consent {

	/**
	 * Head, banner, revisit button and preference template.
	 *
	 * @var Frontend
	 */
	private Frontend $frontend;

	/**
	 * Creates the feature (no hooks yet).
	 */
	public function __construct() {
		$this->frontend = new Frontend();
	}

	/**
	 * Registers every part's hooks.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		$this->frontend->register_hooks();
		( new Integrations( $this->frontend ) )->register_hooks();
		( new ConsentLog() )->register_hooks();
		VideoThumbnails::register_hooks();
		// Late, so that it wraps whatever other plugins buffer: the whole page passes through it last.
		add_action( 'template_redirect', array( $this, 'start_blocking' ), 1000 );
	}

	/**
	 * The page output.
	 *
	 * @return Frontend
	 */
	public function frontend(): Frontend {
		return $this->frontend;
	}

	/**
	 * Starts server-side blocking for this request: every category that is not necessary, for every visitor (the
	 * page never depends on the visitor's cookie, so a page cache may keep one copy; the runtime restores what the
	 * visitor's cookie allows as the browser parses the page).
	 *
	 * @return void
	 */
	public function start_blocking(): void {
		if ( ! $this->frontend->is_enabled() || ! $this->frontend->is_front_end_page() ) {
			return;
		}
		Blocker::for_every_visitor( Settings::get() )->start();
	}
}
