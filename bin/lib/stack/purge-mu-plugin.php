<?php
/**
 * Plugin Name: Tessera stack: purge the page cache
 * Description: Written by bin/stack into the stack's site only. Empties the stack's page cache (Varnish) when
 * content or settings change, as a host's purge plugin does (Proxy Cache Purge, Nginx Helper): a post saved,
 * trashed or deleted, its meta or terms changed, a comment, an attachment, a menu, a theme, or any option that is
 * not a transient or cron's bookkeeping.
 *
 * One `BAN` request, sent once per PHP request at the start of `shutdown` when something changed: before PHP-FPM
 * ends the request, so the client that made the change sees its answer only after the cache is empty (a test that
 * saves a setting and then loads a page through the cache gets the new page). The whole cache is banned, not one
 * URL: a changed setting, menu or gallery can show on any page, and the site is small. The address is the
 * constant TESSERA_STACK_PURGE_URL (bin/stack writes it into wp-config.php). A purge that fails is a PHP warning in
 * the debug log.
 *
 * @package Tessera
 */

declare(strict_types=1);

if ( ! defined( 'TESSERA_STACK_PURGE_URL' ) ) {
	return;
}

/**
 * Marks the cache stale for the rest of this request (hooked to every change that can show on a page).
 *
 * @param mixed $first The hook's first argument: an option's name for the option hooks.
 * @return void
 */
function tessera_stack_cache_changed( $first = null ): void {
	if ( doing_action( 'added_option' ) || doing_action( 'updated_option' ) || doing_action( 'deleted_option' ) ) {
		$name = (string) $first;
		// Transients (the rate limiters', core's) and cron's own list change on visitors' requests and show on no
		// page: banning on them would empty the cache all the time.
		if ( str_starts_with( $name, '_transient_' ) || str_starts_with( $name, '_site_transient_' ) || in_array( $name, array( 'cron', 'doing_cron' ), true ) ) {
			return;
		}
	}
	if ( ( doing_action( 'added_post_meta' ) || doing_action( 'updated_post_meta' ) || doing_action( 'deleted_post_meta' ) ) ) {
		$key = (string) ( func_get_args()[2] ?? '' );
		if ( in_array( $key, array( '_edit_lock', '_edit_last' ), true ) ) {
			return;
		}
	}
	$GLOBALS['tessera_stack_cache_changed'] = true;
}

foreach ( array(
	'save_post',
	'deleted_post',
	'trashed_post',
	'untrashed_post',
	'clean_post_cache',
	'added_post_meta',
	'updated_post_meta',
	'deleted_post_meta',
	'set_object_terms',
	'edited_term',
	'created_term',
	'delete_term',
	'comment_post',
	'edit_comment',
	'wp_set_comment_status',
	'add_attachment',
	'edit_attachment',
	'delete_attachment',
	'wp_update_nav_menu',
	'switch_theme',
	'added_option',
	'updated_option',
	'deleted_option',
) as $tessera_stack_hook ) {
	add_action( $tessera_stack_hook, 'tessera_stack_cache_changed', 10, 3 );
}

add_action(
	'shutdown',
	static function (): void {
		if ( empty( $GLOBALS['tessera_stack_cache_changed'] ) ) {
			return;
		}
		$GLOBALS['tessera_stack_cache_changed'] = false;
		$answer                                 = wp_remote_request(
			TESSERA_STACK_PURGE_URL,
			array(
				'method'  => 'BAN',
				'timeout' => 5,
			)
		);
		if ( is_wp_error( $answer ) || 200 !== wp_remote_retrieve_response_code( $answer ) ) {
			// A stale page would make the tests that follow fail for the wrong reason: a warning in the debug log
			// (which the suite's debug-log check reports).
			trigger_error( // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_trigger_error -- the stack's own diagnostics.
				esc_html( 'Tessera stack: the page cache was not purged: ' . ( is_wp_error( $answer ) ? $answer->get_error_message() : (string) wp_remote_retrieve_response_code( $answer ) ) ),
				E_USER_WARNING
			);
		}
	},
	0
);
