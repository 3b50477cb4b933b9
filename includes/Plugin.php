<?php
/**
 * The plugin: wires the features together. Each feature registers its own hooks.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera;

use Tessera\Http\ConsentSettingsController;
use Tessera\Http\SpeedAjax;
use Tessera\Speed\Speed;

/**
 * Boots every feature once.
 */
final class Plugin {

	/**
	 * The one instance.
	 *
	 * @var Plugin|null
	 */
	private static ?Plugin $instance = null;

	/**
	 * Whether boot() already ran.
	 *
	 * @var bool
	 */
	private bool $booted = false;

	/**
	 * Script and style registration.
	 *
	 * @var Assets
	 */
	private Assets $assets;

	/**
	 * The page-speed check feature.
	 *
	 * @var Speed
	 */
	private Speed $speed;

	/**
	 * Builds the feature objects (no hooks yet).
	 */
	private function __construct() {
		$this->assets = new Assets();
		$this->speed  = new Speed( $this->assets );
	}

	/**
	 * The shared instance.
	 *
	 * @return Plugin
	 */
	public static function instance(): Plugin {
		if ( null === self::$instance ) {
			self::$instance = new self();
		}
		return self::$instance;
	}

	/**
	 * Registers the hooks of every feature. Safe to call more than once.
	 *
	 * @return void
	 */
	public function boot(): void {
		if ( $this->booted ) {
			return;
		}
		$this->booted = true;

		$this->assets->register_hooks();
		( new Admin\Menu() )->register_hooks();
		$this->speed->register_hooks();
		( new SpeedAjax( $this->speed ) )->register_hooks();
		( new Http\TrustedProxies() )->register_hooks();
		( new ConsentSettingsController() )->register_hooks();
		( new Consent\SettingsPage( $this->assets ) )->register_hooks();
		( new Consent\Consent() )->register_hooks();
		( new Blocks( $this->assets ) )->register_hooks();
		( new Stats\Stats() )->register_hooks();
		( new Forms\Forms() )->register_hooks();
		( new Gallery\Gallery() )->register_hooks();
		( new Lightbox\Lightbox() )->register_hooks();
	}

	/**
	 * Script and style registration.
	 *
	 * @return Assets
	 */
	public function assets(): Assets {
		return $this->assets;
	}

	/**
	 * The page-speed check feature.
	 *
	 * @return Speed
	 */
	public function speed(): Speed {
		return $this->speed;
	}
}
