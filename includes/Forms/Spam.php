<?php
/**
 * Spam defences that need no third party (docs/forms.md, "Submission"): the nonce, the honeypot, the minimum fill
 * time and the limit of the `forms` bucket (Tessera\Http\RateLimiter).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * The checks a submission passes before its fields are looked at. Each answers null or the refusal's message.
 */
final class Spam {

	/**
	 * Nonce action of a form submission (the `security` field).
	 */
	public const NONCE_ACTION = 'tessera_form_submit';

	/**
	 * Posted name of the honeypot input.
	 */
	public const HONEYPOT = 'everest_forms[hp]';

	/**
	 * Option that overrides the rate limit (stored entries per address per 10 minutes).
	 */
	public const OPTION_RATE_LIMIT = 'tessera_forms_rate_limit';

	/**
	 * Default rate limit: submissions per address per window.
	 */
	public const RATE_LIMIT = 10;

	/**
	 * The nonce printed in every form.
	 *
	 * @return string
	 */
	public static function nonce(): string {
		return wp_create_nonce( self::NONCE_ACTION );
	}

	/**
	 * Whether the posted nonce is valid (missing, stale or forged: false).
	 *
	 * @param mixed $nonce Posted `security`.
	 * @return bool
	 */
	public static function nonce_ok( $nonce ): bool {
		return is_string( $nonce ) && false !== wp_verify_nonce( $nonce, self::NONCE_ACTION );
	}

	/**
	 * Whether the honeypot was filled (`everest_forms[hp]` non-empty).
	 *
	 * @param array<string, mixed> $posted `$_POST['everest_forms']`, unslashed.
	 * @return bool
	 */
	public static function honeypot_filled( array $posted ): bool {
		$value = $posted['hp'] ?? '';
		return ! is_string( $value ) || '' !== trim( $value );
	}

	/**
	 * Whether the form was sent faster than its minimum fill time. `evf_submission_start_time` is in
	 * milliseconds; a missing or malformed value, or one in the future, counts as too fast.
	 *
	 * @param mixed $start   Posted `evf_submission_start_time`.
	 * @param int   $minimum Seconds (0 = no check).
	 * @param int   $now     Unix time.
	 * @return bool
	 */
	public static function too_fast( $start, int $minimum, int $now ): bool {
		if ( $minimum <= 0 ) {
			return false;
		}
		if ( ! is_string( $start ) || 1 !== preg_match( '/^\d{10,16}$/', $start ) ) {
			return true;
		}
		$started = intdiv( (int) $start, 1000 );
		return $started > $now + 60 || $now - $started < $minimum;
	}

	/**
	 * The limit in force: the option (default 10 per 10 minutes), then the `tessera_forms_rate_limit` filter.
	 *
	 * @return int
	 */
	public static function limit(): int {
		$limit = (int) get_option( self::OPTION_RATE_LIMIT, self::RATE_LIMIT );
		/**
		 * Form submissions one address may send per 10 minutes (all forms together).
		 *
		 * @param int $limit Default 10.
		 */
		$limit = (int) apply_filters( 'tessera_forms_rate_limit', $limit > 0 ? $limit : self::RATE_LIMIT );
		return max( 1, $limit );
	}
}
