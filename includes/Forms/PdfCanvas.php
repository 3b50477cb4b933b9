<?php
/**
 * The pages of an entry's PDF, on TCPDF (loaded by PdfLibrary::load() before this class is used): A4, text in any
 * script wrapped to the page width, a label kept with its value, a footer on each page.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Choices:
 * - Fonts are embedded as subsets (only the glyphs used), as CID fonts with a ToUnicode map, so text can be
 *   selected, copied and searched. DejaVu Sans (and Bold) sets Latin, Greek, Cyrillic, Hebrew and Arabic;
 *   characters it lacks fall back to WenQuanYi Micro Hei (Chinese, Japanese, Korean), which is added to a document
 *   only when its text needs it (it alone would add some 190 KB). Bold text in the fallback font is drawn with a
 *   thin outline, as it has no bold face.
 * - Each paragraph's direction comes from its first strong character (Unicode's rule): Hebrew or Arabic makes it
 *   right to left (right-aligned, runs placed from the right); a paragraph with no letter follows the site's
 *   language. TCPDF orders the characters inside each run (the bidirectional algorithm) and shapes Arabic.
 * - Control characters other than line breaks are dropped; a tab is a space.
 */
final class PdfCanvas extends \TCPDF {

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
	 * The fonts' characters: font name => (code point => width), read from their definition files.
	 *
	 * @var array<string, array<int, int>>
	 */
	private static array $glyphs = array();

	/**
	 * The fonts added to this document.
	 *
	 * @var array<string, true>
	 */
	private array $added = array();

	/**
	 * Creates an empty document.
	 *
	 * @param string $title Document title (UTF-8), shown by readers in the window's title.
	 * @param int    $now   Creation time (Unix).
	 */
	public function __construct( string $title, int $now ) {
		parent::__construct( 'P', 'pt', 'A4', true, 'UTF-8', false );
		$this->tcpdflink = false;
		$this->setPrintHeader( false );
		$this->setPrintFooter( false );
		$this->setFontSubsetting( true );
		$this->setCompression( true );
		$this->setMargins( self::MARGIN, self::MARGIN, self::MARGIN );
		$this->setAutoPageBreak( true, self::BOTTOM );
		$this->setCellPaddings( 0, 0, 0, 0 );
		$this->setTitle( self::clean( $title ) );
		$this->setCreator( 'Tessera' );
		$this->setDocCreationTimestamp( $now );
		$this->setDocModificationTimestamp( $now );
		$this->font( PdfLibrary::FONTS['regular'] );
		$this->font( PdfLibrary::FONTS['bold'] );
		$this->AddPage();
	}

	/**
	 * Adds text, wrapped to the page width; starts a new page whenever the next line does not fit.
	 *
	 * @param string $text    Text (UTF-8); line breaks start new paragraphs.
	 * @param bool   $bold    Bold.
	 * @param float  $size    Font size in points.
	 * @param float  $leading Distance from line to line in points.
	 * @param float  $gray    Text colour: 0 = black, 1 = white.
	 * @param float  $keep    Room (points) that must be left below the first line on its page, so that a label is
	 *                        never the last line of a page without the value that follows it.
	 * @return void
	 */
	public function add_text( string $text, bool $bold, float $size, float $leading, float $gray = 0.0, float $keep = 0.0 ): void {
		if ( $this->getAutoPageBreak() && $this->GetY() + $leading + $keep > $this->getPageHeight() - self::BOTTOM ) {
			$this->AddPage();
		}
		// The draw colour is the outline of bold text in the fallback font.
		$this->setTextColor( (int) round( 255 * $gray ) );
		$this->setDrawColor( (int) round( 255 * $gray ) );
		foreach ( explode( "\n", self::clean( $text ) ) as $paragraph ) {
			$this->setRTL( self::right_to_left( $paragraph ) );
			foreach ( $this->runs( $paragraph, $bold ) as $run ) {
				$fake_bold = $bold && PdfLibrary::FONTS['cjk'] === $run['font'];
				$this->setFont( $run['font'], '', $size );
				$this->setTextRenderingMode( $fake_bold ? $size / 40 : 0 );
				$this->Write( $leading, $run['text'] );
			}
			$this->setTextRenderingMode( 0 );
			$this->Ln( $leading );
			$this->setRTL( false );
		}
		$this->setTextColor( 0 );
	}

	/**
	 * Adds vertical space (nothing at the top of a page).
	 *
	 * @param float $points Points.
	 * @return void
	 */
	public function add_space( float $points ): void {
		if ( $this->GetY() > self::MARGIN ) {
			$this->setY( $this->GetY() + $points );
		}
	}

	/**
	 * Adds a thin gray line across the text area.
	 *
	 * @return void
	 */
	public function add_rule(): void {
		$this->setDrawColor( 191 );
		$this->setLineWidth( 0.5 );
		$this->Line( self::MARGIN, $this->GetY(), self::PAGE_WIDTH - self::MARGIN, $this->GetY() );
		$this->setDrawColor( 0 );
		$this->setY( $this->GetY() + 2 );
	}

	/**
	 * The PDF file, with a footer on each page.
	 *
	 * @param callable $footer Called with (page number from 1, number of pages); answers the footer text of that
	 *                         page (UTF-8).
	 * @return string Binary PDF.
	 */
	public function finish( callable $footer ): string {
		$pages = $this->getNumPages();
		for ( $page = 1; $page <= $pages; $page++ ) {
			// setPage() restores the page's own page-break setting: the footer lies below the break line.
			$this->setPage( $page );
			$this->setAutoPageBreak( false );
			$this->setY( self::PAGE_HEIGHT - self::BOTTOM + 18 );
			$this->add_text( str_replace( "\n", ' ', (string) $footer( $page, $pages ) ), false, 8.0, 10.0, 0.45 );
		}
		$this->lastPage();
		return $this->Output( '', 'S' );
	}

	/**
	 * The text split into runs of one font each: a character stays in the current run while that run's font has
	 * it, else goes to the first font of the list that has it (the first of the list when none has).
	 *
	 * @param string $text Text.
	 * @param bool   $bold Bold.
	 * @return list<array{font: string, text: string}>
	 */
	private function runs( string $text, bool $bold ): array {
		$order = $bold
			? array( PdfLibrary::FONTS['bold'], PdfLibrary::FONTS['regular'], PdfLibrary::FONTS['cjk'] )
			: array( PdfLibrary::FONTS['regular'], PdfLibrary::FONTS['cjk'] );
		$runs  = array();
		$font  = '';
		$run   = '';
		foreach ( mb_str_split( $text, 1, 'UTF-8' ) as $char ) {
			$code = (int) mb_ord( $char, 'UTF-8' );
			if ( '' !== $font && array_key_exists( $code, self::glyphs( $font ) ) ) {
				$run .= $char;
				continue;
			}
			$next = $order[0];
			foreach ( $order as $candidate ) {
				if ( array_key_exists( $code, self::glyphs( $candidate ) ) ) {
					$next = $candidate;
					break;
				}
			}
			if ( $next !== $font && '' !== $run ) {
				$runs[] = array(
					'font' => $font,
					'text' => $run,
				);
				$run    = '';
			}
			$font = $next;
			$run .= $char;
		}
		if ( '' !== $run ) {
			$runs[] = array(
				'font' => $font,
				'text' => $run,
			);
		}
		foreach ( $runs as $used ) {
			$this->font( $used['font'] );
		}
		return $runs;
	}

	/**
	 * Adds a font to the document (once).
	 *
	 * @param string $name TCPDF name.
	 * @return void
	 */
	private function font( string $name ): void {
		if ( ! isset( $this->added[ $name ] ) ) {
			$this->AddFont( $name, '', PdfLibrary::font_file( $name ) );
			$this->added[ $name ] = true;
		}
	}

	/**
	 * The characters of a font, from its definition file (read once per request).
	 *
	 * @param string $name TCPDF name.
	 * @return array<int, int> Code point => width.
	 */
	private static function glyphs( string $name ): array {
		if ( ! isset( self::$glyphs[ $name ] ) ) {
			$read                  = static function ( string $file ): array {
				$cw = array();
				include $file;
				return $cw;
			};
			self::$glyphs[ $name ] = $read( PdfLibrary::font_file( $name ) );
		}
		return self::$glyphs[ $name ];
	}

	/**
	 * Whether a paragraph runs right to left: its first strong character is Hebrew or Arabic; with no letter at
	 * all, the site's language decides.
	 *
	 * @param string $paragraph Text.
	 * @return bool
	 */
	private static function right_to_left( string $paragraph ): bool {
		if ( 1 === preg_match( '/\p{L}/u', $paragraph, $match ) ) {
			return 1 === preg_match( '/^[\x{0590}-\x{08FF}\x{FB1D}-\x{FDFF}\x{FE70}-\x{FEFF}]$/u', $match[0] );
		}
		return function_exists( 'is_rtl' ) && is_rtl();
	}

	/**
	 * Valid UTF-8 with `\n` line breaks only, tabs as spaces and no other control characters.
	 *
	 * @param string $text Text.
	 * @return string
	 */
	private static function clean( string $text ): string {
		if ( 1 !== preg_match( '//u', $text ) ) {
			$text = mb_scrub( $text, 'UTF-8' );
		}
		$text = str_replace( array( "\r\n", "\r", "\t" ), array( "\n", "\n", ' ' ), $text );
		return (string) preg_replace( '/[\x00-\x09\x0B-\x1F\x7F]/', '', $text );
	}
}
