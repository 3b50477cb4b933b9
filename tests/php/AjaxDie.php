<?php
/**
 * The exception the tests' wp_die() handler throws.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use RuntimeException;

/**
 * Thrown by the test's wp_die() handler: ends an admin-ajax handler like wp_die() would.
 */
final class AjaxDie extends RuntimeException {
}
