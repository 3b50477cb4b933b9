<?php
/**
 * A small PDF writer for the PDF of a form entry (docs/forms.md, "PDF"): PDF 1.4, A4 pages, the built-in
 * Helvetica and Helvetica-Bold fonts with WinAnsiEncoding, text wrapped to the page width, as many pages as the
 * text needs. No library: the document is a handful of objects, an xref table and a trailer.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Lays out lines of text top to bottom and serialises them.
 *
 * Choices:
 * - Text is converted from UTF-8 to Windows-1252 (what WinAnsiEncoding is, near enough); characters outside it
 *   become `?`. Line breaks split paragraphs, a tab is a space, other control characters are dropped, runs of
 *   spaces collapse to one.
 * - Widths come from Helvetica's and Helvetica-Bold's standard metrics for the ASCII range; other bytes use a
 *   conservative width of their class (capitals 778, the rest 556 / 611, a few known wide signs 1000), so that a
 *   wrapped line never runs past the margin by more than a hair.
 * - A word wider than a line is broken between characters.
 * - Content streams are not compressed (an entry is a few kilobytes; the text stays searchable by tests).
 * - Every string literal is escaped: `\`, `(`, `)` and every byte below 32 (and 127) as an octal escape.
 */
final class PdfWriter {

	/**
	 * A4 in points.
	 */
	public const PAGE_WIDTH  = 595.28;
	public const PAGE_HEIGHT = 841.89;

	/**
	 * Left, right and top margin; the text area ends BOTTOM points above the page's edge (the footer is below).
	 */
	public const MARGIN = 56.0;
	public const BOTTOM = 60.0;

	/**
	 * Helvetica's widths (1/1000 em) of the characters 32 to 126.
	 */
	private const HELVETICA = array( 278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584 );

	/**
	 * Helvetica-Bold's widths (1/1000 em) of the characters 32 to 126.
	 */
	private const HELVETICA_BOLD = array( 278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584 );

	/**
	 * Windows-1252 bytes 128 to 159 whose glyph is wider than their class's width: …, ‰, Œ, —, ™, œ and Æ, æ.
	 */
	private const WIDE = array(
		0x85 => 1000,
		0x89 => 1000,
		0x8C => 1000,
		0x97 => 1000,
		0x99 => 1000,
		0x9C => 944,
		0xC6 => 1000,
		0xE6 => 889,
	);

	/**
	 * Unicode code points of the Windows-1252 bytes 128 to 159 (the rest of 160 to 255 is Latin-1 as it is).
	 */
	private const CP1252 = array(
		0x20AC => 0x80,
		0x201A => 0x82,
		0x0192 => 0x83,
		0x201E => 0x84,
		0x2026 => 0x85,
		0x2020 => 0x86,
		0x2021 => 0x87,
		0x02C6 => 0x88,
		0x2030 => 0x89,
		0x0160 => 0x8A,
		0x2039 => 0x8B,
		0x0152 => 0x8C,
		0x017D => 0x8E,
		0x2018 => 0x91,
		0x2019 => 0x92,
		0x201C => 0x93,
		0x201D => 0x94,
		0x2022 => 0x95,
		0x2013 => 0x96,
		0x2014 => 0x97,
		0x02DC => 0x98,
		0x2122 => 0x99,
		0x0161 => 0x9A,
		0x203A => 0x9B,
		0x0153 => 0x9C,
		0x017E => 0x9E,
		0x0178 => 0x9F,
	);

	/**
	 * Content streams of the finished pages.
	 *
	 * @var list<string>
	 */
	private array $pages = array();

	/**
	 * Content stream of the page being filled.
	 *
	 * @var string
	 */
	private string $current = '';

	/**
	 * Whether a page is being filled.
	 *
	 * @var bool
	 */
	private bool $open = false;

	/**
	 * The top of the next line, in points from the bottom of the page.
	 *
	 * @var float
	 */
	private float $y = 0.0;

	/**
	 * Document title (the Info dictionary).
	 *
	 * @var string
	 */
	private string $title;

	/**
	 * Creation time (Unix).
	 *
	 * @var int
	 */
	private int $created;

	/**
	 * Creates an empty document.
	 *
	 * @param string   $title Document title (UTF-8), shown by readers in the window's title.
	 * @param int|null $now   Creation time (Unix); null for now.
	 */
	public function __construct( string $title = '', ?int $now = null ) {
		$this->title   = $title;
		$this->created = $now ?? time();
	}

	/**
	 * The width of the text area.
	 *
	 * @return float Points.
	 */
	public static function text_width(): float {
		return self::PAGE_WIDTH - 2 * self::MARGIN;
	}

	/**
	 * Adds text (UTF-8), wrapped to the page width; starts a new page whenever the next line does not fit.
	 *
	 * @param string $text    Text (UTF-8); line breaks start new lines.
	 * @param bool   $bold    Helvetica-Bold instead of Helvetica.
	 * @param float  $size    Font size in points.
	 * @param float  $leading Distance from line to line in points.
	 * @param float  $gray    Fill colour: 0 = black, 1 = white.
	 * @param float  $keep    Room (points) that must be left below the first line on its page, so that a label is
	 *                        never the last line of a page without the value that follows it.
	 * @return void
	 */
	public function add_text( string $text, bool $bold, float $size, float $leading, float $gray = 0.0, float $keep = 0.0 ): void {
		$lines = self::wrap( self::to_win_ansi( self::normalize( $text ) ), $bold, $size, self::text_width() );
		foreach ( $lines as $index => $line ) {
			$this->ensure( $leading + ( 0 === $index ? $keep : 0.0 ) );
			if ( '' !== $line ) {
				$this->current .= sprintf(
					"BT /%s %s Tf %s g 1 0 0 1 %s %s Tm (%s) Tj ET\n",
					$bold ? 'F2' : 'F1',
					self::num( $size ),
					self::num( $gray ),
					self::num( self::MARGIN ),
					self::num( $this->y - $size ),
					self::escape( $line )
				);
			}
			$this->y -= $leading;
		}
	}

	/**
	 * Adds vertical space (nothing when it falls at the top of a new page).
	 *
	 * @param float $points Points.
	 * @return void
	 */
	public function add_space( float $points ): void {
		if ( $this->open ) {
			$this->y -= $points;
		}
	}

	/**
	 * Adds a thin gray line across the text area.
	 *
	 * @return void
	 */
	public function add_rule(): void {
		$this->ensure( 2.0 );
		$this->current .= sprintf(
			"q 0.75 G 0.5 w %s %s m %s %s l S Q\n",
			self::num( self::MARGIN ),
			self::num( $this->y ),
			self::num( self::PAGE_WIDTH - self::MARGIN ),
			self::num( $this->y )
		);
		$this->y -= 2.0;
	}

	/**
	 * The PDF file.
	 *
	 * @param callable|null $footer Called with (page number from 1, number of pages); answers the footer text of
	 *                              that page (UTF-8), or null for no footer.
	 * @return string Binary PDF.
	 */
	public function output( ?callable $footer = null ): string {
		if ( ! $this->open ) {
			$this->new_page();
		}
		$pages         = $this->pages;
		$pages[]       = $this->current;
		$count         = count( $pages );
		$page_objects  = array();
		$objects       = array(
			1 => '<< /Type /Catalog /Pages 2 0 R >>',
			2 => '',
			3 => '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
			4 => '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
			5 => sprintf(
				'<< /Title %s /Producer (Tessera) /CreationDate (D:%sZ) >>',
				self::text_string( $this->title ),
				gmdate( 'YmdHis', $this->created )
			),
		);
		$media_box = sprintf( '[0 0 %s %s]', self::num( self::PAGE_WIDTH ), self::num( self::PAGE_HEIGHT ) );
		foreach ( $pages as $index => $content ) {
			if ( null !== $footer ) {
				$text = $footer( $index + 1, $count );
				if ( is_string( $text ) && '' !== $text ) {
					$content .= sprintf(
						"BT /F1 8 Tf 0.45 g 1 0 0 1 %s %s Tm (%s) Tj ET\n",
						self::num( self::MARGIN ),
						self::num( self::BOTTOM - 28 ),
						self::escape( self::to_win_ansi( self::normalize( str_replace( "\n", ' ', $text ) ) ) )
					);
				}
			}
			$page_number                = 6 + 2 * $index;
			$page_objects[]             = $page_number . ' 0 R';
			$objects[ $page_number ]    = '<< /Type /Page /Parent 2 0 R /MediaBox ' . $media_box . ' /Resources << /Font << /F1 3 0 R /F2 4 0 R >> /ProcSet [/PDF /Text] >> /Contents ' . ( $page_number + 1 ) . ' 0 R >>';
			$objects[ $page_number + 1 ] = '<< /Length ' . strlen( $content ) . " >>\nstream\n" . $content . "\nendstream";
		}
		$objects[2] = '<< /Type /Pages /Kids [' . implode( ' ', $page_objects ) . '] /Count ' . $count . ' >>';

		$out     = "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
		$offsets = array();
		foreach ( $objects as $number => $body ) {
			$offsets[ $number ] = strlen( $out );
			$out               .= $number . " 0 obj\n" . $body . "\nendobj\n";
		}
		$xref = strlen( $out );
		$out .= "xref\n0 " . ( count( $objects ) + 1 ) . "\n0000000000 65535 f \n";
		foreach ( $offsets as $offset ) {
			$out .= sprintf( "%010d 00000 n \n", $offset );
		}
		$id   = md5( $out );
		$out .= 'trailer' . "\n" . '<< /Size ' . ( count( $objects ) + 1 ) . ' /Root 1 0 R /Info 5 0 R /ID [<' . $id . '> <' . $id . '>] >>' . "\n";
		$out .= "startxref\n" . $xref . "\n%%EOF\n";
		return $out;
	}

	/**
	 * UTF-8 to Windows-1252: ASCII and Latin-1 as they are, the 27 signs of 128 to 159 (€, „, …, –, —, ™, …)
	 * mapped, everything else (and invalid UTF-8) `?`.
	 *
	 * @param string $text UTF-8 text.
	 * @return string Windows-1252 bytes.
	 */
	public static function to_win_ansi( string $text ): string {
		if ( 1 === preg_match( '/^[\x00-\x7F]*$/D', $text ) ) {
			return $text;
		}
		if ( 1 !== preg_match( '//u', $text ) ) {
			$text = mb_scrub( $text, 'UTF-8' );
		}
		$out = '';
		foreach ( mb_str_split( $text, 1, 'UTF-8' ) as $char ) {
			$code = mb_ord( $char, 'UTF-8' );
			if ( false === $code ) {
				$out .= '?';
			} elseif ( $code < 0x80 || ( $code >= 0xA0 && $code <= 0xFF ) ) {
				$out .= chr( $code );
			} elseif ( isset( self::CP1252[ $code ] ) ) {
				$out .= chr( self::CP1252[ $code ] );
			} else {
				$out .= '?';
			}
		}
		return $out;
	}

	/**
	 * Escapes bytes for a PDF string literal (the parentheses are not included).
	 *
	 * @param string $bytes Bytes.
	 * @return string
	 */
	public static function escape( string $bytes ): string {
		return (string) preg_replace_callback(
			'/[\\\\()\x00-\x1F\x7F]/',
			static function ( array $match ): string {
				$byte = $match[0];
				if ( '\\' === $byte || '(' === $byte || ')' === $byte ) {
					return '\\' . $byte;
				}
				return sprintf( '\\%03o', ord( $byte ) );
			},
			$bytes
		);
	}

	/**
	 * The width of Windows-1252 text set in Helvetica or Helvetica-Bold.
	 *
	 * @param string $bytes Windows-1252 bytes.
	 * @param bool   $bold  Helvetica-Bold.
	 * @param float  $size  Font size in points.
	 * @return float Points.
	 */
	public static function width( string $bytes, bool $bold, float $size ): float {
		$widths = $bold ? self::HELVETICA_BOLD : self::HELVETICA;
		$total  = 0;
		$length = strlen( $bytes );
		for ( $i = 0; $i < $length; $i++ ) {
			$byte = ord( $bytes[ $i ] );
			if ( $byte >= 32 && $byte <= 126 ) {
				$total += $widths[ $byte - 32 ];
			} elseif ( isset( self::WIDE[ $byte ] ) ) {
				$total += self::WIDE[ $byte ];
			} elseif ( $byte >= 0xC0 && $byte <= 0xDE ) {
				$total += 778;
			} elseif ( $byte >= 0x80 ) {
				$total += $bold ? 611 : 556;
			}
		}
		return $total * $size / 1000;
	}

	/**
	 * Wraps Windows-1252 text into lines no wider than a width: paragraphs at line breaks, lines between words,
	 * a word wider than a line between characters. An empty paragraph is an empty line.
	 *
	 * @param string $bytes Windows-1252 bytes (`\n` separates paragraphs).
	 * @param bool   $bold  Helvetica-Bold.
	 * @param float  $size  Font size in points.
	 * @param float  $max   Width in points.
	 * @return list<string>
	 */
	public static function wrap( string $bytes, bool $bold, float $size, float $max ): array {
		$lines = array();
		foreach ( explode( "\n", $bytes ) as $paragraph ) {
			$line = '';
			foreach ( explode( ' ', $paragraph ) as $word ) {
				if ( '' === $word ) {
					continue;
				}
				$candidate = '' === $line ? $word : $line . ' ' . $word;
				if ( self::width( $candidate, $bold, $size ) <= $max ) {
					$line = $candidate;
					continue;
				}
				if ( '' !== $line ) {
					$lines[] = $line;
				}
				if ( self::width( $word, $bold, $size ) > $max ) {
					// Between characters: full lines of the word, its rest starts the next line.
					$piece  = '';
					$filled = 0.0;
					$length = strlen( $word );
					for ( $i = 0; $i < $length; $i++ ) {
						$char  = $word[ $i ];
						$width = self::width( $char, $bold, $size );
						if ( '' !== $piece && $filled + $width > $max ) {
							$lines[] = $piece;
							$piece   = '';
							$filled  = 0.0;
						}
						$piece  .= $char;
						$filled += $width;
					}
					$word = $piece;
				}
				$line = $word;
			}
			$lines[] = $line;
		}
		return $lines;
	}

	/**
	 * Text with `\n` line breaks only, tabs as spaces and no other control characters.
	 *
	 * @param string $text UTF-8 text.
	 * @return string
	 */
	private static function normalize( string $text ): string {
		$text = str_replace( array( "\r\n", "\r", "\t" ), array( "\n", "\n", ' ' ), $text );
		return (string) preg_replace( '/[\x00-\x09\x0B-\x1F\x7F]/', '', $text );
	}

	/**
	 * A PDF text string (the Info dictionary): UTF-16BE with a byte order mark, in hexadecimal.
	 *
	 * @param string $text UTF-8 text.
	 * @return string
	 */
	private static function text_string( string $text ): string {
		if ( 1 !== preg_match( '//u', $text ) ) {
			$text = mb_scrub( $text, 'UTF-8' );
		}
		return '<FEFF' . strtoupper( bin2hex( (string) mb_convert_encoding( self::normalize( $text ), 'UTF-16BE', 'UTF-8' ) ) ) . '>';
	}

	/**
	 * Makes sure the current page has room for a height, else starts a new page.
	 *
	 * @param float $height Points.
	 * @return void
	 */
	private function ensure( float $height ): void {
		if ( ! $this->open || $this->y - $height < self::BOTTOM ) {
			$this->new_page();
		}
	}

	/**
	 * Finishes the current page (if any) and starts a new one.
	 *
	 * @return void
	 */
	private function new_page(): void {
		if ( $this->open ) {
			$this->pages[] = $this->current;
		}
		$this->current = '';
		$this->open    = true;
		$this->y       = self::PAGE_HEIGHT - self::MARGIN;
	}

	/**
	 * A number as PDF writes it: at most two decimals, no trailing zeros, never an exponent or a comma.
	 *
	 * @param float $number Number.
	 * @return string
	 */
	private static function num( float $number ): string {
		$text = rtrim( rtrim( sprintf( '%.2F', $number ), '0' ), '.' );
		return '-0' === $text ? '0' : $text;
	}
}
