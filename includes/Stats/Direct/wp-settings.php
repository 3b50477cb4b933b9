<?php
/**
 * Deliberately empty. collect.php's direct mode (includes/Stats/Direct.php) reads the site's wp-config.php for its
 * database settings with ABSPATH pointing here, so the config's closing `require_once ABSPATH . 'wp-settings.php'`
 * loads this file instead of WordPress. Requesting it over HTTP does nothing.
 *
 * @package Tessera
 */

declare(strict_types=1);
