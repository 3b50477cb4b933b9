<?php
/**
 * Plugin Name:       Tessera
 * Description:       Galleries, forms, cookie consent, visitor statistics and page-speed checks for WordPress, in native blocks.
 * Version:           0.1.0
 * Requires at least: 6.6
 * Requires PHP:      8.1
 * Author:            Tessera contributors
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       tessera
 * Domain Path:       /languages
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera;

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

define( 'TESSERA_VERSION', '0.1.0' );
define( 'TESSERA_FILE', __FILE__ );
define( 'TESSERA_DIR', plugin_dir_path( __FILE__ ) );
define( 'TESSERA_URL', plugin_dir_url( __FILE__ ) );

/*
 * PSR-4 autoloader: Tessera\Speed\PsiClient -> includes/Speed/PsiClient.php.
 */
spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = __NAMESPACE__ . '\\';
		if ( ! str_starts_with( $class_name, $prefix ) ) {
			return;
		}
		$relative = substr( $class_name, strlen( $prefix ) );
		$file     = TESSERA_DIR . 'includes/' . str_replace( '\\', '/', $relative ) . '.php';
		if ( is_readable( $file ) ) {
			require $file;
		}
	}
);

add_action(
	'init',
	static function (): void {
		load_plugin_textdomain( 'tessera', false, dirname( plugin_basename( TESSERA_FILE ) ) . '/languages' );
	},
	0
);

Plugin::instance()->boot();

// Deactivation stops the consent log's daily pruning (activation needs nothing: tables install lazily).
register_deactivation_hook( TESSERA_FILE, array( Consent\Log\Retention::class, 'unschedule' ) );
