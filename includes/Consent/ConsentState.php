<?php
/**
 * The visitor's consent as the server reads it from the `cookieyes-consent` cookie: the PHP mirror of the
 * runtime's codec (src/runtime/consent/codec.ts parseConsent) and state machine (state.ts initialState,
 * rejectAll, isBlocked). Contract: docs/consent.md ("The cookie", "Transitions", "ConsentState").
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

/**
 * One request's consent state: the stored choice when the cookie is valid, else the first-visit state of the law
 * (with Global Privacy Control honoured: rejected, without action).
 */
final class ConsentState {

	/**
	 * Name of the consent cookie (spec, binding).
	 */
	public const COOKIE_NAME = 'cookieyes-consent';

	/**
	 * The active law: gdpr or ccpa.
	 *
	 * @var string
	 */
	private string $law;

	/**
	 * The `consent` value: yes, no or reject.
	 *
	 * @var string
	 */
	private string $consent;

	/**
	 * Whether the visitor has acted (a valid cookie with `action:yes`).
	 *
	 * @var bool
	 */
	private bool $acted;

	/**
	 * The stored consent id ('' on a first visit: the runtime makes one when the visitor acts).
	 *
	 * @var string
	 */
	private string $consent_id;

	/**
	 * Category slug => consented, in configuration order.
	 *
	 * @var array<string, bool>
	 */
	private array $categories;

	/**
	 * Slug => whether the category is necessary, in configuration order.
	 *
	 * @var array<string, bool>
	 */
	private array $necessary;

	/**
	 * Builds a state (use from_request()).
	 *
	 * @param string              $law        gdpr or ccpa.
	 * @param string              $consent    yes, no or reject.
	 * @param bool                $acted      Whether the visitor has acted.
	 * @param string              $consent_id The stored consent id, or ''.
	 * @param array<string, bool> $categories Slug => consented.
	 * @param array<string, bool> $necessary  Slug => is necessary.
	 */
	private function __construct( string $law, string $consent, bool $acted, string $consent_id, array $categories, array $necessary ) {
		$this->law        = $law;
		$this->consent    = $consent;
		$this->acted      = $acted;
		$this->consent_id = $consent_id;
		$this->categories = $categories;
		$this->necessary  = $necessary;
	}

	/**
	 * The consent of the current request (or of the given cookies and server variables).
	 *
	 * The raw cookie is read from `HTTP_COOKIE` as the browser sent it (the first `cookieyes-consent=`, like the
	 * runtime's readCookie); without that header, from the cookies array as it is.
	 *
	 * @param array<string, mixed>      $settings Valid settings (Settings::get() shape).
	 * @param array<string, mixed>|null $cookies  Cookies (default $_COOKIE).
	 * @param array<string, mixed>|null $server   Server variables (default $_SERVER).
	 * @return self
	 */
	public static function from_request( array $settings, ?array $cookies = null, ?array $server = null ): self {
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- the raw value is only parsed by parse() against allow-lists.
		$cookies = $cookies ?? $_COOKIE;
		$server  = $server ?? $_SERVER;

		$law        = ( 'ccpa' === ( $settings['activeLaw'] ?? '' ) ) ? 'ccpa' : 'gdpr';
		$categories = is_array( $settings['categories'] ?? null ) ? $settings['categories'] : array();
		$necessary  = array();
		$defaults   = array();
		foreach ( $categories as $category ) {
			if ( ! is_array( $category ) || ! is_string( $category['slug'] ?? null ) ) {
				continue;
			}
			$slug               = $category['slug'];
			$necessary[ $slug ] = true === ( $category['isNecessary'] ?? false );
			$defaults[ $slug ]  = $necessary[ $slug ] || true === ( $category['defaultConsent'][ $law ] ?? false );
		}

		$raw    = self::raw_cookie( $cookies, $server );
		$parsed = null === $raw ? null : self::parse( $raw, $categories );
		if ( null !== $parsed ) {
			return new self( $law, $parsed['consent'], $parsed['action'], $parsed['consentID'], $parsed['categories'], $necessary );
		}

		$gpc = true === ( $settings['honourGpc'] ?? false )
			&& isset( $server['HTTP_SEC_GPC'] ) && '1' === $server['HTTP_SEC_GPC'];
		if ( ! $gpc ) {
			return new self( $law, 'no', false, '', $defaults, $necessary );
		}
		// First visit with GPC: rejectAll() without action.
		$chosen = array();
		foreach ( $necessary as $slug => $is_necessary ) {
			$chosen[ $slug ] = $is_necessary || ( 'ccpa' === $law && $defaults[ $slug ] );
		}
		return new self( $law, 'gdpr' === $law ? 'no' : 'reject', false, '', $chosen, $necessary );
	}

	/**
	 * Parses the cookie's raw value exactly as the runtime's parseConsent does. Null (no consent) when a pair has no
	 * `:`, a key appears twice, a value's %-escape is broken, `consentid` is not 32 letters or digits, `consent` is
	 * not yes/no/reject, `action` is not yes or empty, or a configured category is missing or not yes/no. Unknown
	 * keys are ignored; necessary categories are always consented.
	 *
	 * @param string                          $value      The raw cookie value (values still %-encoded).
	 * @param array<int, array<string, mixed>> $categories The configured categories (slug, isNecessary).
	 * @return array{consentID: string, consent: string, action: bool, categories: array<string, bool>}|null
	 */
	public static function parse( string $value, array $categories ): ?array {
		$map = array();
		foreach ( explode( ',', $value ) as $pair ) {
			$at = strpos( $pair, ':' );
			if ( false === $at ) {
				return null;
			}
			$key = substr( $pair, 0, $at );
			if ( array_key_exists( $key, $map ) ) {
				return null;
			}
			$decoded = self::decode( substr( $pair, $at + 1 ) );
			if ( null === $decoded ) {
				return null;
			}
			$map[ $key ] = $decoded;
		}

		$consent_id = $map['consentid'] ?? '';
		$consent    = $map['consent'] ?? '';
		$action     = $map['action'] ?? null;
		if ( 1 !== preg_match( '/^[A-Za-z0-9]{32}\z/', $consent_id )
			|| ! in_array( $consent, array( 'yes', 'no', 'reject' ), true )
			|| ( 'yes' !== $action && '' !== $action ) ) {
			return null;
		}

		$chosen = array();
		foreach ( $categories as $category ) {
			if ( ! is_array( $category ) || ! is_string( $category['slug'] ?? null ) ) {
				continue;
			}
			$slug   = $category['slug'];
			$choice = $map[ $slug ] ?? null;
			if ( 'yes' !== $choice && 'no' !== $choice ) {
				return null;
			}
			$chosen[ $slug ] = true === ( $category['isNecessary'] ?? false ) || 'yes' === $choice;
		}

		return array(
			'consentID'  => $consent_id,
			'consent'    => $consent,
			'action'     => 'yes' === $action,
			'categories' => $chosen,
		);
	}

	/**
	 * The active law.
	 *
	 * @return string gdpr or ccpa.
	 */
	public function law(): string {
		return $this->law;
	}

	/**
	 * Whether the visitor has acted: a valid cookie with `action:yes` (the banner is not shown).
	 *
	 * @return bool
	 */
	public function has_acted(): bool {
		return $this->acted;
	}

	/**
	 * The `consent` value.
	 *
	 * @return string yes, no or reject.
	 */
	public function consent(): string {
		return $this->consent;
	}

	/**
	 * The stored consent id ('' when there is no valid cookie).
	 *
	 * @return string
	 */
	public function consent_id(): string {
		return $this->consent_id;
	}

	/**
	 * Category slug => consented: the stored choice, or the first-visit state.
	 *
	 * @return array<string, bool>
	 */
	public function categories(): array {
		return $this->categories;
	}

	/**
	 * Whether a category's scripts and iframes are blocked (the runtime's isBlocked). Necessary categories never
	 * are; GDPR: while not consented; CCPA: only while consent is `reject` and the category is not consented. An
	 * unknown slug is blocked.
	 *
	 * @param string $slug Category slug.
	 * @return bool
	 */
	public function is_blocked( string $slug ): bool {
		if ( ! array_key_exists( $slug, $this->necessary ) ) {
			return true;
		}
		return ! $this->necessary[ $slug ]
			&& true !== ( $this->categories[ $slug ] ?? false )
			&& ( 'gdpr' === $this->law || 'reject' === $this->consent );
	}

	/**
	 * The configured slugs that are blocked, in configuration order.
	 *
	 * @return string[]
	 */
	public function blocked_slugs(): array {
		$blocked = array();
		foreach ( array_keys( $this->necessary ) as $slug ) {
			$slug = (string) $slug;
			if ( $this->is_blocked( $slug ) ) {
				$blocked[] = $slug;
			}
		}
		return $blocked;
	}

	/**
	 * The cookie's raw value: the first `cookieyes-consent=` of the Cookie header (leading spaces skipped, the
	 * value up to the next `;`), else the cookies array's value as it is.
	 *
	 * @param array<string, mixed> $cookies Cookies.
	 * @param array<string, mixed> $server  Server variables.
	 * @return string|null Null when absent.
	 */
	private static function raw_cookie( array $cookies, array $server ): ?string {
		$prefix = self::COOKIE_NAME . '=';
		if ( isset( $server['HTTP_COOKIE'] ) && is_string( $server['HTTP_COOKIE'] ) ) {
			foreach ( explode( ';', $server['HTTP_COOKIE'] ) as $part ) {
				$part = ltrim( $part, ' ' );
				if ( str_starts_with( $part, $prefix ) ) {
					return substr( $part, strlen( $prefix ) );
				}
			}
			return null;
		}
		$value = $cookies[ self::COOKIE_NAME ] ?? null;
		return is_string( $value ) ? $value : null;
	}

	/**
	 * decodeURIComponent: null where it would throw (a `%` not followed by two hex digits, or escapes that do not
	 * form UTF-8).
	 *
	 * @param string $value Encoded value.
	 * @return string|null
	 */
	private static function decode( string $value ): ?string {
		if ( ! str_contains( $value, '%' ) ) {
			return $value;
		}
		if ( 1 === preg_match( '/%(?![0-9A-Fa-f]{2})/', $value ) ) {
			return null;
		}
		$decoded = rawurldecode( $value );
		return 1 === preg_match( '//u', $decoded ) ? $decoded : null;
	}
}
