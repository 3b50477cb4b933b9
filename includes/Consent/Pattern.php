<?php
/**
 * Provider patterns: the subset of regular-expression syntax that PHP (PCRE2) and JavaScript (`new RegExp`,
 * no flags) both accept and read the same way. Contract: docs/consent.md, "Settings model (server)".
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Consent;

/**
 * Checks a provider's `re` pattern against the allowed syntax, and turns it into a PHP pattern with delimiters.
 *
 * Allowed: printable ASCII without spaces; literal characters; `\` before any punctuation; `.`; `\d \D \w \W \s
 * \S`; `\b \B`; `^ $ |`; groups `( )`, `(?: )`, lookaheads `(?= )`, `(?! )`; quantifiers `* + ? {n} {n,} {n,m}`
 * (n, m up to 1000), each optionally lazy (`?`), after something that can repeat; character classes `[…]` and
 * `[^…]` that are not empty, with literals, escaped punctuation, `\d \D \w \W \s \S` and ranges of two literals
 * in order; `-` in a class only first, last or escaped; `[`, `]`, `{`, `}` as literals only escaped.
 * Refused, because one of the two engines rejects or reads it differently: other letter or digit escapes
 * (`\u`, `\x`, `\1`, `\A`, `\Q`, `\p`, `\k`, `\n`…), lookbehind, named groups, inline flags, atomic groups,
 * possessive quantifiers, `[]`, `[^]`, POSIX classes, ranges with class escapes.
 */
final class Pattern {

	/**
	 * Longest pattern accepted, in bytes.
	 */
	public const MAX_LENGTH = 500;

	/**
	 * Largest repetition count in `{n,m}`.
	 */
	private const MAX_REPEAT = 1000;

	/**
	 * Letters of the class escapes both engines read the same way on ASCII text.
	 */
	private const CLASS_ESCAPES = 'dDwWsS';

	/**
	 * Why a pattern is refused, or null when it is valid in both engines.
	 *
	 * @param string $pattern The `re` source (no delimiters, no flags).
	 * @return string|null Translated reason (a sentence fragment), or null.
	 */
	public static function error( string $pattern ): ?string {
		try {
			$pcre = self::translate( $pattern );
		} catch ( InvalidSetting $reason ) {
			return $reason->getMessage();
		}
		return self::compiles( $pcre ) ? null : __( 'it does not compile', 'tessera' );
	}

	/**
	 * The PHP version of a valid pattern, with delimiters (`/…/`, every `/` escaped). Null for an invalid one.
	 *
	 * @param string $pattern The `re` source.
	 * @return string|null
	 */
	public static function to_pcre( string $pattern ): ?string {
		try {
			$pcre = '/' . self::translate( $pattern ) . '/';
		} catch ( InvalidSetting $reason ) {
			return null;
		}
		return self::compiles( substr( $pcre, 1, -1 ) ) ? $pcre : null;
	}

	/**
	 * Whether a valid pattern matches a subject (false for an invalid pattern), as the runtime's `re.test()`.
	 *
	 * @param string $pattern The `re` source.
	 * @param string $subject `host + pathname`, or the whole URL for `fullPath`.
	 * @return bool
	 */
	public static function matches( string $pattern, string $subject ): bool {
		$pcre = self::to_pcre( $pattern );
		return null !== $pcre && 1 === preg_match( $pcre, $subject );
	}

	/**
	 * Walks the pattern and builds its PHP source (without delimiters).
	 *
	 * @param string $pattern The `re` source.
	 * @return string
	 * @throws InvalidSetting With the translated reason when the pattern is outside the allowed syntax.
	 */
	private static function translate( string $pattern ): string {
		if ( '' === $pattern ) {
			throw new InvalidSetting( '', __( 'it is empty', 'tessera' ) );
		}
		if ( strlen( $pattern ) > self::MAX_LENGTH ) {
			/* translators: %d: maximum number of characters. */
			throw new InvalidSetting( '', sprintf( __( 'it is longer than %d characters', 'tessera' ), self::MAX_LENGTH ) );
		}
		if ( 1 === preg_match( '/[^\x21-\x7e]/', $pattern ) ) {
			throw new InvalidSetting( '', __( 'it may only contain printable ASCII characters, without spaces', 'tessera' ) );
		}

		$length     = strlen( $pattern );
		$out        = '';
		$groups     = array();
		$repeatable = false;
		$i          = 0;
		while ( $i < $length ) {
			$char = $pattern[ $i ];
			switch ( $char ) {
				case '\\':
					$next = $pattern[ $i + 1 ] ?? '';
					if ( '' === $next ) {
						throw new InvalidSetting( '', __( 'it ends with a lone backslash', 'tessera' ) );
					}
					if ( str_contains( self::CLASS_ESCAPES, $next ) ) {
						$repeatable = true;
					} elseif ( 'b' === $next || 'B' === $next ) {
						$repeatable = false;
					} elseif ( ctype_alnum( $next ) ) {
						throw new InvalidSetting( '', self::unsupported_escape( $next ) );
					} else {
						$repeatable = true;
					}
					$out .= '\\' . $next;
					$i   += 2;
					break;

				case '(':
					$kind = 'group';
					if ( '?' === ( $pattern[ $i + 1 ] ?? '' ) ) {
						$mark = $pattern[ $i + 2 ] ?? '';
						if ( ':' === $mark ) {
							$kind = 'group';
						} elseif ( '=' === $mark || '!' === $mark ) {
							$kind = 'lookahead';
						} else {
							throw new InvalidSetting( '', __( 'only the groups ( ), (?: ), (?= ) and (?! ) are supported', 'tessera' ) );
						}
						$out .= '(?' . $mark;
						$i   += 3;
					} else {
						$out .= '(';
						++$i;
					}
					$groups[]   = $kind;
					$repeatable = false;
					break;

				case ')':
					if ( ! $groups ) {
						throw new InvalidSetting( '', __( 'a “)” has no opening “(”', 'tessera' ) );
					}
					$repeatable = 'lookahead' !== array_pop( $groups );
					$out       .= ')';
					++$i;
					break;

				case '[':
					list( $class, $i ) = self::translate_class( $pattern, $i );
					$out              .= $class;
					$repeatable        = true;
					break;

				case ']':
				case '}':
					/* translators: 1: "]" or "}", 2: the same character escaped. */
					throw new InvalidSetting( '', sprintf( __( 'a lone “%1$s” must be escaped as %2$s', 'tessera' ), $char, '\\' . $char ) );

				case '{':
					if ( 1 !== preg_match( '/\G\{(\d{1,4})(,(\d{0,4}))?\}/', $pattern, $match, 0, $i ) ) {
						throw new InvalidSetting( '', __( 'a “{” must start a repetition such as {2} or {1,3}, or be escaped as \{', 'tessera' ) );
					}
					if ( ! $repeatable ) {
						throw new InvalidSetting( '', self::nothing_to_repeat( $match[0] ) );
					}
					$min = (int) $match[1];
					$max = isset( $match[3] ) && '' !== $match[3] ? (int) $match[3] : null;
					if ( $min > self::MAX_REPEAT || ( null !== $max && ( $max > self::MAX_REPEAT || $max < $min ) ) ) {
						/* translators: 1: the repetition, e.g. {3,2}, 2: the largest count allowed. */
						throw new InvalidSetting( '', sprintf( __( 'the repetition %1$s is out of order or above %2$d', 'tessera' ), $match[0], self::MAX_REPEAT ) );
					}
					$out .= $match[0];
					$i   += strlen( $match[0] );
					list( $lazy, $i ) = self::lazy( $pattern, $i );
					$out             .= $lazy;
					$repeatable       = false;
					break;

				case '*':
				case '+':
				case '?':
					if ( ! $repeatable ) {
						throw new InvalidSetting( '', self::nothing_to_repeat( $char ) );
					}
					$out             .= $char;
					list( $lazy, $i ) = self::lazy( $pattern, $i + 1 );
					$out             .= $lazy;
					$repeatable       = false;
					break;

				case '^':
				case '$':
				case '|':
					$out       .= $char;
					$repeatable = false;
					++$i;
					break;

				case '/':
					$out       .= '\\/';
					$repeatable = true;
					++$i;
					break;

				default:
					$out       .= $char;
					$repeatable = true;
					++$i;
			}
		}
		if ( $groups ) {
			throw new InvalidSetting( '', __( 'a group “(” is not closed', 'tessera' ) );
		}
		return $out;
	}

	/**
	 * Reads a character class that starts at `$start` (`[`).
	 *
	 * @param string $pattern The `re` source.
	 * @param int    $start   Offset of `[`.
	 * @return array{0: string, 1: int} The PHP source of the class and the offset after `]`.
	 * @throws InvalidSetting When the class is outside the allowed syntax.
	 */
	private static function translate_class( string $pattern, int $start ): array {
		$length = strlen( $pattern );
		$out    = '[';
		$i      = $start + 1;
		if ( '^' === ( $pattern[ $i ] ?? '' ) ) {
			$out .= '^';
			++$i;
		}
		$items = 0;
		while ( true ) {
			if ( $i >= $length ) {
				throw new InvalidSetting( '', __( 'a “[” is not closed', 'tessera' ) );
			}
			if ( ']' === $pattern[ $i ] ) {
				if ( 0 === $items ) {
					throw new InvalidSetting( '', __( 'a character class may not be empty ([] or [^])', 'tessera' ) );
				}
				return array( $out . ']', $i + 1 );
			}
			$first = self::class_atom( $pattern, $i, 0 === $items );
			$i     = $first['next'];
			$dash  = '-' === ( $pattern[ $i ] ?? '' ) && ']' !== ( $pattern[ $i + 1 ] ?? ']' );
			if ( $dash ) {
				$last = self::class_atom( $pattern, $i + 1, false );
				if ( null === $first['char'] || null === $last['char'] ) {
					throw new InvalidSetting( '', __( 'a range in a character class must join two characters, not \d, \w or \s', 'tessera' ) );
				}
				if ( ord( $first['char'] ) > ord( $last['char'] ) ) {
					/* translators: %s: the range, e.g. z-a. */
					throw new InvalidSetting( '', sprintf( __( 'the range %s is out of order', 'tessera' ), $first['char'] . '-' . $last['char'] ) );
				}
				$out .= $first['source'] . '-' . $last['source'];
				$i    = $last['next'];
			} else {
				$out .= $first['source'];
			}
			++$items;
		}
	}

	/**
	 * Reads one item of a character class: a character or a class escape.
	 *
	 * @param string $pattern The `re` source.
	 * @param int    $i       Offset of the item.
	 * @param bool   $first   Whether it is the first item of the class.
	 * @return array{char: string|null, source: string, next: int} `char` null for \d and friends.
	 * @throws InvalidSetting When the item is outside the allowed syntax.
	 */
	private static function class_atom( string $pattern, int $i, bool $first ): array {
		$char = $pattern[ $i ] ?? '';
		if ( '' === $char ) {
			throw new InvalidSetting( '', __( 'a “[” is not closed', 'tessera' ) );
		}
		if ( '\\' === $char ) {
			$next = $pattern[ $i + 1 ] ?? '';
			if ( '' === $next ) {
				throw new InvalidSetting( '', __( 'a “[” is not closed', 'tessera' ) );
			}
			if ( str_contains( self::CLASS_ESCAPES, $next ) ) {
				return array(
					'char'   => null,
					'source' => '\\' . $next,
					'next'   => $i + 2,
				);
			}
			if ( ctype_alnum( $next ) ) {
				throw new InvalidSetting( '', self::unsupported_escape( $next ) );
			}
			return array(
				'char'   => $next,
				'source' => '\\' . $next,
				'next'   => $i + 2,
			);
		}
		if ( '[' === $char ) {
			throw new InvalidSetting( '', __( 'a “[” inside a character class must be escaped as \[', 'tessera' ) );
		}
		if ( '-' === $char && ! $first && ']' !== ( $pattern[ $i + 1 ] ?? '' ) ) {
			throw new InvalidSetting( '', __( 'a “-” in a character class must come first or last, or be escaped as \-', 'tessera' ) );
		}
		return array(
			'char'   => $char,
			'source' => '/' === $char ? '\\/' : $char,
			'next'   => $i + 1,
		);
	}

	/**
	 * An optional lazy mark after a quantifier.
	 *
	 * @param string $pattern The `re` source.
	 * @param int    $i       Offset after the quantifier.
	 * @return array{0: string, 1: int} `?` or '', and the offset after it.
	 */
	private static function lazy( string $pattern, int $i ): array {
		return '?' === ( $pattern[ $i ] ?? '' ) ? array( '?', $i + 1 ) : array( '', $i );
	}

	/**
	 * The reason for a quantifier with nothing before it.
	 *
	 * @param string $quantifier The quantifier.
	 * @return string
	 */
	private static function nothing_to_repeat( string $quantifier ): string {
		/* translators: %s: a quantifier such as *, + or {2}. */
		return sprintf( __( '“%s” has nothing to repeat (escape it with \ to match it literally)', 'tessera' ), $quantifier );
	}

	/**
	 * The reason for a letter or digit escape outside the allowed ones.
	 *
	 * @param string $letter The escaped letter or digit.
	 * @return string
	 */
	private static function unsupported_escape( string $letter ): string {
		/* translators: %s: an escape such as \u or \1. */
		return sprintf( __( 'the escape %s is not supported (allowed: \d \D \w \W \s \S \b \B, and \ before punctuation)', 'tessera' ), '\\' . $letter );
	}

	/**
	 * Whether PCRE compiles a pattern source (second line of defence: the walk already accepts only valid syntax).
	 *
	 * @param string $source Pattern without delimiters, every `/` escaped.
	 * @return bool
	 */
	private static function compiles( string $source ): bool {
		// A pattern that does not compile makes preg_match() warn: keep that out of the error log.
		set_error_handler( static fn (): bool => true );
		try {
			$result = preg_match( '/' . $source . '/', '' );
		} finally {
			restore_error_handler();
		}
		return false !== $result && PREG_NO_ERROR === preg_last_error();
	}
}
