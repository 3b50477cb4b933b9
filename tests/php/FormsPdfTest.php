<?php
/**
 * The PDF of a form entry: a valid file (qpdf), its text as pdftotext reads it back (every script, right to left
 * where it should be, wrapped, paginated, no passwords), its fonts (embedded subsets with ToUnicode, pdffonts),
 * what happens without the library, and who may download it (managers, a valid token, nobody else).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\Capability;
use Tessera\Forms\Entries;
use Tessera\Forms\FormDefinition;
use Tessera\Forms\Pdf;
use Tessera\Forms\PdfCanvas;
use Tessera\Forms\PdfLibrary;
use Tessera\Forms\Schema;

/**
 * Forms are posts made with make_post() (removed by TestCase); entries are deleted in tearDown().
 */
final class FormsPdfTest extends TestCase {

	/**
	 * The fields of the test form.
	 */
	private const BLOCKS = '<!-- wp:tessera/field {"id":"name","type":"text","label":"Your name"} /-->'
		. '<!-- wp:tessera/field {"id":"email","type":"email","label":"E-mail"} /-->'
		. '<!-- wp:tessera/field {"id":"topics","type":"checkbox","label":"Topics","choices":["Sales","Support","Press"]} /-->'
		. '<!-- wp:tessera/field {"id":"secret","type":"password","label":"Password"} /-->'
		. '<!-- wp:tessera/field {"id":"message","type":"textarea","label":"Message"} /-->';

	/**
	 * A fixed clock: 2026-11-20 12:00:00 UTC.
	 */
	private const NOW = 1795176000;

	/**
	 * Entries made by the test.
	 *
	 * @var list<int>
	 */
	private array $entries = array();

	/**
	 * Installs the tables and keeps the date options.
	 *
	 * @return void
	 */
	protected function setUp(): void {
		parent::setUp();
		foreach ( array( 'timezone_string', 'gmt_offset', 'date_format', 'time_format' ) as $option ) {
			$this->keep_option( $option );
		}
		Schema::maybe_install();
	}

	/**
	 * Deletes the test's entries.
	 *
	 * @return void
	 */
	protected function tearDown(): void {
		foreach ( $this->entries as $id ) {
			Entries::delete( $id );
		}
		$this->entries = array();
		parent::tearDown();
	}

	/**
	 * A published form.
	 *
	 * @param bool   $pdf    Its `pdfDownload` setting.
	 * @param string $title  Its title.
	 * @param string $blocks Its fields.
	 * @return int Form id.
	 */
	private function form( bool $pdf = true, string $title = 'Contact (us) \\ test', string $blocks = self::BLOCKS ): int {
		$post = $this->make_post(
			array(
				'post_type'    => FormDefinition::POST_TYPE,
				'post_title'   => $title,
				'post_content' => $blocks,
			)
		);
		update_post_meta( $post->ID, FormDefinition::META_SETTINGS, array( 'pdfDownload' => $pdf ) );
		return $post->ID;
	}

	/**
	 * An entry of a form.
	 *
	 * @param int                                $form_id Form id.
	 * @param array<string, string|list<string>> $values  Values.
	 * @return int Entry id.
	 */
	private function entry( int $form_id, array $values ): int {
		$stored = Entries::create( $form_id, bin2hex( random_bytes( 16 ) ), $values );
		$this->assertTrue( $stored['created'] );
		$this->entries[] = $stored['id'];
		return $stored['id'];
	}

	/**
	 * The PDF of an entry.
	 *
	 * @param int $form_id  Form id.
	 * @param int $entry_id Entry id.
	 * @return string
	 */
	private static function pdf( int $form_id, int $entry_id ): string {
		$form  = FormDefinition::from_post( $form_id );
		$entry = Entries::get( $entry_id );
		self::assertNotNull( $form );
		self::assertNotNull( $entry );
		return Pdf::document( $form, $entry, self::NOW );
	}

	/**
	 * Checks the file: a PDF header, `%%EOF` at the end, and `qpdf --check` passes.
	 *
	 * @param string $pdf PDF.
	 * @return int The number of pages.
	 */
	private static function check_structure( string $pdf ): int {
		self::assertMatchesRegularExpression( '/^%PDF-1\.\d\n/', $pdf );
		self::assertMatchesRegularExpression( '/startxref\n\d+\n%%EOF\n?$/D', $pdf, 'startxref and %%EOF at the end' );
		$check = self::run_tool( 'qpdf', array( '--check' ), $pdf );
		self::assertStringContainsString( 'No syntax or stream encoding errors found', $check );
		self::assertSame( 1, preg_match( '/^\s*Pages:\s+(\d+)$/m', self::run_tool( 'pdfinfo', array(), $pdf ), $pages ) );
		return (int) $pages[1];
	}

	/**
	 * Runs a command-line tool of poppler-utils or qpdf (npm test installs them) on a PDF.
	 *
	 * @param string       $name Tool.
	 * @param list<string> $args Arguments before the file (and `-` for standard output, for pdftotext).
	 * @param string       $pdf  PDF.
	 * @return string What the tool printed (standard output and error), checked for exit status 0.
	 */
	private static function run_tool( string $name, array $args, string $pdf ): string {
		$tool = null;
		foreach ( explode( PATH_SEPARATOR, (string) getenv( 'PATH' ) . PATH_SEPARATOR . '/usr/bin' ) as $dir ) {
			if ( null === $tool && '' !== $dir && is_executable( $dir . '/' . $name ) ) {
				$tool = $dir . '/' . $name;
			}
		}
		self::assertNotNull( $tool, "$name is not installed (npm test installs qpdf and poppler-utils)" );
		$file = (string) tempnam( sys_get_temp_dir(), 'tessera-pdf' );
		file_put_contents( $file, $pdf ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a temporary file.
		$line = escapeshellarg( (string) $tool ) . ' ' . implode( ' ', array_map( 'escapeshellarg', $args ) ) . ' ' . escapeshellarg( $file );
		exec( $line . ( 'pdftotext' === $name ? ' -' : '' ) . ' 2>&1', $output, $status ); // phpcs:ignore Generic.PHP.ForbiddenFunctions -- test only.
		unlink( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a temporary file.
		self::assertSame( 0, $status, "$name:\n" . implode( "\n", $output ) );
		return implode( "\n", $output );
	}

	/**
	 * The text pdftotext reads from a PDF (pages separated by form feeds).
	 *
	 * @param string $pdf PDF.
	 * @return string
	 */
	private static function extracted_text( string $pdf ): string {
		return self::run_tool( 'pdftotext', array( '-enc', 'UTF-8' ), $pdf );
	}

	/**
	 * The fonts of a PDF as pdffonts lists them: name => [type, embedded, subset, ToUnicode].
	 *
	 * @param string $pdf PDF.
	 * @return array<string, list<string>>
	 */
	private static function fonts( string $pdf ): array {
		$fonts = array();
		foreach ( array_slice( explode( "\n", self::run_tool( 'pdffonts', array(), $pdf ) ), 2 ) as $line ) {
			if ( 1 === preg_match( '/^(\S+)\s+(.+?)\s+Identity-H\s+(yes|no)\s+(yes|no)\s+(yes|no)\s/', $line, $row ) ) {
				$fonts[ preg_replace( '/^[A-Z]{6}\+/', '', $row[1] ) ] = array( $row[2], $row[3], $row[4], $row[5] );
			} else {
				$fonts[ $line ] = array( 'not an embedded CID font' );
			}
		}
		return $fonts;
	}

	/**
	 * The words of a PDF with their boxes (pdftotext -bbox): list of [text, xMin, yMin, xMax, yMax, page].
	 *
	 * @param string $pdf PDF.
	 * @return list<array{0: string, 1: float, 2: float, 3: float, 4: float, 5: int}>
	 */
	private static function words( string $pdf ): array {
		$words = array();
		foreach ( explode( '<page ', self::run_tool( 'pdftotext', array( '-bbox', '-enc', 'UTF-8' ), $pdf ) ) as $page => $html ) {
			preg_match_all( '/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/', $html, $found, PREG_SET_ORDER );
			foreach ( $found as $word ) {
				$words[] = array( html_entity_decode( $word[5], ENT_QUOTES | ENT_HTML5, 'UTF-8' ), (float) $word[1], (float) $word[2], (float) $word[3], (float) $word[4], $page );
			}
		}
		return $words;
	}

	/**
	 * The document: title, entry number, date in the site's time zone, labels and values (a checkbox's list
	 * joined), no password, valid structure, DejaVu Sans embedded as subsets (and no CJK font for Latin text).
	 *
	 * @return void
	 */
	public function test_document_text_and_structure(): void {
		update_option( 'timezone_string', 'Europe/Berlin' );
		update_option( 'date_format', 'Y-m-d' );
		update_option( 'time_format', 'H:i' );
		$form  = $this->form();
		$entry = $this->entry(
			$form,
			array(
				'name'    => 'Ann (the) \\ tester',
				'email'   => 'ann@example.test',
				'topics'  => array( 'Sales', 'Support' ),
				'secret'  => 'S3cret-pass-xyz',
				'message' => "Line one\nLine two",
			)
		);
		global $wpdb;
		$wpdb->update( Schema::table( 'entries' ), array( 'created_at' => '2026-01-15 12:00:00' ), array( 'id' => $entry ) ); // phpcs:ignore WordPress.DB -- test data.

		$pdf = self::pdf( $form, $entry );
		$this->assertSame( 1, self::check_structure( $pdf ) );
		$text = self::extracted_text( $pdf );
		$this->assertSame(
			implode(
				"\n",
				array( 'Contact (us) \\ test', 'Entry #' . $entry, 'Submitted on 2026-01-15 13:00', '', 'Your name', 'Ann (the) \\ tester', 'E-mail', 'ann@example.test', 'Topics', 'Sales, Support', 'Message', 'Line one', 'Line two', '', 'Page 1 of 1' )
			),
			rtrim( $text, " \n\f" ),
			'every line, in order, with the date in the site time zone'
		);
		$this->assertStringNotContainsString( 'S3cret-pass-xyz', $text, 'a password is never printed' );
		$this->assertStringNotContainsString( 'Password', $text );
		$this->assertSame(
			array(
				'DejaVuSans'      => array( 'CID TrueType', 'yes', 'yes', 'yes' ),
				'DejaVuSans-Bold' => array( 'CID TrueType', 'yes', 'yes', 'yes' ),
			),
			self::fonts( $pdf ),
			'embedded subsets with ToUnicode; no CJK font when the text needs none'
		);
		$this->assertLessThan( 150000, strlen( $pdf ), 'a Latin entry stays small' );
		$this->assertStringContainsString( '/Title (', $pdf );
	}

	/**
	 * Every script a visitor may type comes back from the PDF as typed: Latin with diacritics, Greek, Cyrillic and
	 * Chinese/Japanese in one value, Korean, Arabic (shaped: its joined forms, which NFKC maps back to the letters
	 * typed) and Hebrew, both right to left (right-aligned, in logical order as pdftotext reads them), in labels
	 * and the form title too. The fonts are embedded subsets with ToUnicode maps.
	 *
	 * @return void
	 */
	public function test_every_script_comes_back_as_typed(): void {
		$blocks = '<!-- wp:tessera/field {"id":"name","type":"text","label":"Имя / 名前"} /-->'
			. '<!-- wp:tessera/field {"id":"arabic","type":"text","label":"Arabic"} /-->'
			. '<!-- wp:tessera/field {"id":"hebrew","type":"text","label":"Hebrew"} /-->'
			. '<!-- wp:tessera/field {"id":"korean","type":"text","label":"한국어"} /-->';
		$form   = $this->form( true, 'Анкета — Grüße', $blocks );
		$entry  = $this->entry(
			$form,
			array(
				'name'   => 'Łukasz Żółć, Ελένη, Дмитрий, 日本語',
				'arabic' => 'مرحبا بالعالم',
				'hebrew' => 'שלום עולם',
				'korean' => '안녕하세요',
			)
		);
		$pdf    = self::pdf( $form, $entry );
		self::check_structure( $pdf );
		$text = self::extracted_text( $pdf );
		foreach ( array( 'Анкета — Grüße', 'Имя / 名前', 'Łukasz Żółć, Ελένη, Дмитрий, 日本語', '한국어', '안녕하세요', 'שלום עולם' ) as $typed ) {
			$this->assertStringContainsString( $typed, $text );
		}
		$this->assertStringNotContainsString( '?', $text, 'no character lost' );
		$this->assertMatchesRegularExpression( '/[\x{FE70}-\x{FEFF}]{5} [\x{FE70}-\x{FEFF}]{7}/u', $text, 'Arabic is shaped: its joined presentation forms' );
		$normalized = (string) \Normalizer::normalize( $text, \Normalizer::FORM_KC );
		$this->assertStringContainsString( 'مرحبا بالعالم', $normalized, 'Arabic in logical order' );
		$this->assertStringNotContainsString( 'ملاعلاب', $normalized, 'not reversed' );
		$this->assertStringNotContainsString( 'םלוע', $text, 'Hebrew not reversed' );

		$right = PdfCanvas::PAGE_WIDTH - PdfCanvas::MARGIN;
		foreach ( self::words( $pdf ) as $word ) {
			if ( in_array( $word[0], array( 'שלום', 'ﻣﺮﺣﺒﺎ' ), true ) ) {
				$this->assertEqualsWithDelta( $right, $word[3], 1.0, $word[0] . ': a right-to-left paragraph starts at the right margin' );
			}
			if ( 'Łukasz' === $word[0] ) {
				$this->assertEqualsWithDelta( PdfCanvas::MARGIN, $word[1], 1.0, 'a left-to-right paragraph starts at the left margin' );
			}
		}

		$fonts = self::fonts( $pdf );
		$this->assertSame( array( 'DejaVuSans', 'DejaVuSans-Bold', 'WenQuanYiMicroHei' ), array_keys( $fonts ) );
		foreach ( $fonts as $name => $font ) {
			$this->assertSame( array( 'CID TrueType', 'yes', 'yes', 'yes' ), $font, "$name: embedded, subset, ToUnicode" );
		}
	}

	/**
	 * A long entry wraps within the margins and runs over several pages, each with its footer; a label is never
	 * the last line of a page.
	 *
	 * @return void
	 */
	public function test_long_entries_wrap_and_paginate(): void {
		$long  = trim( str_repeat( 'The quick brown fox jumps over the lazy dog. ', 60 ) . "\n" );
		$text  = implode( "\n\n", array_fill( 0, 8, $long ) ) . ' ' . str_repeat( 'W', 300 ) . ' ' . str_repeat( '語', 300 );
		$form  = $this->form();
		$entry = $this->entry( $form, array( 'message' => $text ) );
		$pdf   = self::pdf( $form, $entry );
		$pages = self::check_structure( $pdf );
		$this->assertGreaterThan( 3, $pages );
		$extracted = explode( "\f", self::extracted_text( $pdf ) );
		for ( $page = 1; $page <= $pages; $page++ ) {
			$this->assertStringContainsString( 'Page ' . $page . ' of ' . $pages, $extracted[ $page - 1 ], "the footer of page $page" );
		}
		$words = self::words( $pdf );
		$this->assertGreaterThan( 1000, count( $words ) );
		foreach ( $words as $word ) {
			$this->assertGreaterThanOrEqual( PdfCanvas::MARGIN - 0.5, $word[1], $word[0] . ': within the left margin' );
			$this->assertLessThanOrEqual( PdfCanvas::PAGE_WIDTH - PdfCanvas::MARGIN + 0.5, $word[3], $word[0] . ': within the right margin' );
			if ( ! str_starts_with( $word[0], 'Page' ) && ! is_numeric( $word[0] ) && 'of' !== $word[0] ) {
				$this->assertLessThanOrEqual( PdfCanvas::PAGE_HEIGHT - PdfCanvas::BOTTOM + 0.5, $word[4], $word[0] . ': above the bottom margin' );
			}
		}
		$this->assertStringContainsString( str_repeat( 'W', 40 ), implode( "\n", $extracted ), 'a long word is broken' );
		$this->assertStringContainsString( str_repeat( '語', 30 ), implode( "\n", $extracted ), 'CJK text wraps between characters' );
	}

	/**
	 * Without the PDF library in the plugin folder the route answers 503 (not a fatal error), and the forms
	 * screens show an error notice naming the missing files to those who read entries.
	 *
	 * @return void
	 */
	public function test_missing_library_is_an_answer_and_a_notice(): void {
		$form  = $this->form( true );
		$entry = $this->entry( $form, array( 'name' => 'Ann' ) );
		$query = array(
			'page'     => Pdf::PAGE,
			'form_id'  => (string) $form,
			'entry_id' => (string) $entry,
			'token'    => Pdf::token( $form, $entry, self::NOW ),
		);
		$this->assertSame( array(), PdfLibrary::missing(), 'bin/pdf-lib made lib/' );
		$this->assertSame( 200, Pdf::response( $query, self::NOW )['status'] );

		$this->add_test_filter( PdfLibrary::DIR_FILTER, static fn (): string => sys_get_temp_dir() . '/tessera-no-such-lib' );
		$this->assertContains( sys_get_temp_dir() . '/tessera-no-such-lib/tcpdf/tcpdf.php', PdfLibrary::missing() );
		$answer = Pdf::response( $query, self::NOW );
		$this->assertSame( 503, $answer['status'] );
		$this->assertStringContainsString( 'PDF library', $answer['body'] );

		$this->as_admin();
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		set_current_screen( 'edit-' . FormDefinition::POST_TYPE );
		ob_start();
		( new PdfLibrary() )->notice();
		$notice = (string) ob_get_clean();
		$this->assertStringContainsString( 'notice-error', $notice );
		$this->assertStringContainsString( 'tessera-no-such-lib/fonts/dejavusans.php', $notice );
		set_current_screen( 'dashboard' );
		ob_start();
		( new PdfLibrary() )->notice();
		$this->assertSame( '', ob_get_clean(), 'only on the forms screens' );
		$GLOBALS['current_screen'] = null;
	}

	/**
	 * A user with the entries capability may download any entry of the form, whether the form offers the PDF or
	 * not; an unknown entry or another form's entry is a 404. Other users need a token.
	 *
	 * @return void
	 */
	public function test_access_for_managers(): void {
		$form   = $this->form( false );
		$other  = $this->form( false );
		$entry  = $this->entry( $form, array( 'name' => 'Ann' ) );
		$foreign = $this->entry( $other, array( 'name' => 'Bob' ) );

		$this->assertSame( 403, Pdf::access( $form, $entry, '', self::NOW ), 'anonymous, no token' );
		$this->as_role( 'editor' );
		$this->assertSame( 403, Pdf::access( $form, $entry, '', self::NOW ), 'an editor cannot manage options' );
		$this->add_test_filter( Capability::FILTER, static fn (): string => 'edit_others_posts' );
		$this->assertSame( 'edit_others_posts', Capability::entries() );
		$this->assertSame( 200, Pdf::access( $form, $entry, '', self::NOW ), 'the capability is filterable' );

		$this->as_admin();
		$this->add_test_filter( Capability::FILTER, static fn (): string => '' );
		$this->assertSame( Capability::DEFAULT_CAPABILITY, Capability::entries(), 'an empty filter answer falls back' );
		$this->assertSame( 200, Pdf::access( $form, $entry, '', self::NOW ) );
		$this->assertSame( 404, Pdf::access( $form, 999999999, '', self::NOW ), 'unknown entry' );
		$this->assertSame( 404, Pdf::access( $form, $foreign, '', self::NOW ), "another form's entry" );
		$this->assertSame( 404, Pdf::access( 0, $entry, '', self::NOW ) );
		$this->assertSame( 404, Pdf::access( $this->make_post()->ID, $entry, '', self::NOW ), 'not a form' );
	}

	/**
	 * A token opens exactly its entry for 30 minutes, and only while the form offers the PDF.
	 *
	 * @return void
	 */
	public function test_access_with_a_token(): void {
		$form   = $this->form( true );
		$entry  = $this->entry( $form, array( 'name' => 'Ann' ) );
		$second = $this->entry( $form, array( 'name' => 'Bob' ) );
		$token  = Pdf::token( $form, $entry, self::NOW );

		$this->assertMatchesRegularExpression( '/^\d+\.[0-9a-f]{64}$/', $token );
		$this->assertSame( 200, Pdf::access( $form, $entry, $token, self::NOW ) );
		$this->assertSame( 200, Pdf::access( $form, $entry, $token, self::NOW + Pdf::TOKEN_TTL ), 'valid for 30 minutes' );
		$this->assertSame( 403, Pdf::access( $form, $entry, $token, self::NOW + Pdf::TOKEN_TTL + 1 ), 'expired' );
		$this->assertSame( 403, Pdf::access( $form, $entry, '', self::NOW ), 'no token' );
		$this->assertSame( 403, Pdf::access( $form, $second, $token, self::NOW ), "another entry's token" );
		$this->assertSame( 403, Pdf::access( $form + 1, $entry, $token, self::NOW ), "another form's token" );
		$forged = substr( $token, 0, -1 ) . ( str_ends_with( $token, '0' ) ? '1' : '0' );
		$this->assertSame( 403, Pdf::access( $form, $entry, $forged, self::NOW ), 'forged signature' );
		$later = explode( '.', $token );
		$this->assertSame( 403, Pdf::access( $form, $entry, ( (int) $later[0] - 600 ) . '.' . $later[1], self::NOW ), 'a changed expiry' );
		$this->assertSame( 403, Pdf::access( $form, $entry, Pdf::token( $form, $entry, self::NOW + 3600 ), self::NOW ), 'an expiry too far ahead' );
		$this->assertSame( 403, Pdf::access( $form, $entry, 'garbage', self::NOW ) );
		$this->assertSame( 404, Pdf::access( $form, 999999999, Pdf::token( $form, 999999999, self::NOW ), self::NOW ), 'a valid token of a deleted entry' );

		update_post_meta( $form, FormDefinition::META_SETTINGS, array( 'pdfDownload' => false ) );
		$this->assertSame( 403, Pdf::access( $form, $entry, $token, self::NOW ), 'the form no longer offers the PDF' );
	}

	/**
	 * The answer of the route: the PDF with its headers, or a 403/404 message; serve() ignores other requests and
	 * answers refusals with wp_die().
	 *
	 * @return void
	 */
	public function test_response_and_serve(): void {
		$form  = $this->form( true );
		$entry = $this->entry( $form, array( 'name' => 'Ann' ) );
		$query = array(
			'page'     => Pdf::PAGE,
			'form_id'  => (string) $form,
			'entry_id' => (string) $entry,
			'token'    => Pdf::token( $form, $entry, self::NOW ),
		);
		$ok    = Pdf::response( $query, self::NOW );
		$this->assertSame( 200, $ok['status'] );
		$this->assertSame( 'application/pdf', $ok['headers']['Content-Type'] );
		$this->assertSame( 'attachment; filename="entry-' . $entry . '.pdf"', $ok['headers']['Content-Disposition'] );
		$this->assertSame( 'nosniff', $ok['headers']['X-Content-Type-Options'] );
		$this->assertStringContainsString( 'no-store', $ok['headers']['Cache-Control'] );
		$this->assertStringContainsString( 'private', $ok['headers']['Cache-Control'] );
		self::check_structure( $ok['body'] );
		$this->assertStringContainsString( "Your name\nAnn\n", self::extracted_text( $ok['body'] ) );

		$this->assertSame( 403, Pdf::response( array( 'token' => 'x' ) + $query, self::NOW )['status'] );
		$this->assertSame( 403, Pdf::response( array( 'entry_id' => array( '1' ) ) + $query, self::NOW )['status'] );
		$this->assertSame( 403, Pdf::response( array( 'entry_id' => '0x1' ) + $query, self::NOW )['status'] );
		$this->as_admin();
		$missing = Pdf::response( array( 'entry_id' => '999999999' ) + $query, self::NOW );
		$this->assertSame( 404, $missing['status'] );
		$this->assertSame( array(), $missing['headers'] );

		// serve(): another page passes; a refusal goes through wp_die() with its status.
		$pdf  = new Pdf();
		$died = array();
		$this->add_test_filter(
			'wp_die_handler',
			static function () use ( &$died ): callable {
				return static function ( $message, $title, $args ) use ( &$died ): void {
					$died = array(
						'message' => $message,
						'args'    => $args,
					);
					throw new AjaxDie( 'wp_die' );
				};
			}
		);
		$_GET = array( 'page' => 'something-else' );
		ob_start();
		$pdf->serve();
		$this->assertSame( '', ob_get_clean() );
		$this->assertSame( array(), $died );

		wp_set_current_user( 0 );
		$_GET = array(
			'page'     => Pdf::PAGE,
			'form_id'  => (string) $form,
			'entry_id' => (string) $entry,
		);
		try {
			$pdf->serve();
			$this->fail( 'wp_die() was not called' );
		} catch ( AjaxDie $exception ) {
			$this->assertSame( 403, $died['args']['response'] );
			$this->assertStringContainsString( 'not allowed', (string) $died['message'] );
		}
	}

	/**
	 * The visitor's link, the success fields and the hook.
	 *
	 * @return void
	 */
	public function test_url_success_data_and_hooks(): void {
		$form  = $this->form( true );
		$entry = $this->entry( $form, array( 'name' => 'Ann' ) );
		$url   = Pdf::url( $form, $entry, self::NOW );
		$this->assertStringStartsWith( home_url( '/?page=evf-entries-pdf&form_id=' . $form . '&entry_id=' . $entry . '&token=' ), $url );
		parse_str( (string) wp_parse_url( $url, PHP_URL_QUERY ), $query );
		$this->assertSame( 200, Pdf::response( $query, self::NOW + 60 )['status'], 'the link works' );
		$this->assertSame( home_url( '/?page=evf-entries-pdf&form_id=' . $form . '&entry_id=' . $entry ), Pdf::manager_url( $form, $entry ) );

		$definition = FormDefinition::from_post( $form );
		$this->assertNotNull( $definition );
		$data = Pdf::success_data( $definition, $entry, self::NOW );
		$this->assertTrue( $data['pdf_download'] );
		$this->assertNotSame( '', $data['pdf_download_message'] );
		$this->assertSame( $url, $data['pdf_download_url'] );
		update_post_meta( $form, FormDefinition::META_SETTINGS, array( 'pdfDownload' => false ) );
		$definition = FormDefinition::from_post( $form );
		$this->assertNotNull( $definition );
		$this->assertSame( array(), Pdf::success_data( $definition, $entry, self::NOW ) );

		$pdf = new Pdf();
		$pdf->register_hooks();
		$this->assertSame( 1, has_action( 'template_redirect', array( $pdf, 'serve' ) ) );
		remove_action( 'template_redirect', array( $pdf, 'serve' ), 1 );
	}
}
