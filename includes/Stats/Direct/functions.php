<?php
/**
 * Stand-ins for the WordPress functions the collector's classes call, defined in their namespace and loaded only
 * by collect.php's direct mode (WordPress is not loaded at all then). An unqualified call inside
 * `Tessera\Stats` finds these first; with WordPress loaded this file is never included and the calls reach core.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Stats;

/**
 * get_option() over the options Direct read in one query (others are read one by one).
 *
 * @param string $option        Option name.
 * @param mixed  $default_value Answer when the option does not exist.
 * @return mixed
 */
function get_option( string $option, $default_value = false ) {
	return Direct::option( $option, $default_value );
}
