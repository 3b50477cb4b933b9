<?php
/**
 * The PDF of a form entry: the file's structure (header, objects, xref offsets, trailer), its text (escaped,
 * WinAnsi, wrapped, paginated, no passwords), and who may download it (managers, a valid token, nobody else).
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Forms\Capability;
use Tessera\Forms\Entries;
use Tessera\Forms\FormDefinition;
use Tessera\Forms\Pdf;
use Tessera\Forms\PdfWriter;
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
	 * Checks the file's structure: header, every xref offset pointing at its `n 0 obj`, stream lengths, trailer and
	 * startxref; runs `qpdf --check` when qpdf is installed.
	 *
	 * @param string $pdf PDF.
	 * @return int The number of pages.
	 */
	private static function check_structure( string $pdf ): int {
		self::assertStringStartsWith( "%PDF-1.4\n", $pdf );
		self::assertSame( 1, preg_match( '/startxref\n(\d+)\n%%EOF\n$/D', $pdf, $end ), 'startxref and %%EOF at the end' );
		$xref = (int) $end[1];
		self::assertSame( 1, preg_match( '/\Gxref\n0 (\d+)\n/', $pdf, $head, 0, $xref ), 'startxref points at the xref table' );
		$size = (int) $head[1];
		$pos  = $xref + strlen( $head[0] );
		self::assertSame( "0000000000 65535 f \n", substr( $pdf, $pos, 20 ) );
		for ( $number = 1; $number < $size; $number++ ) {
			$line = substr( $pdf, $pos + 20 * $number, 20 );
			self::assertSame( 1, preg_match( '/^(\d{10}) 00000 n \n$/D', $line, $row ), "xref line of object $number is 20 bytes" );
			self::assertSame( $number . " 0 obj\n", substr( $pdf, (int) $row[1], strlen( $number . " 0 obj\n" ) ), "xref offset of object $number" );
		}
		self::assertSame( 1, preg_match( '/\Gtrailer\n<< \/Size (\d+) \/Root 1 0 R \/Info 5 0 R \/ID \[<[0-9a-f]{32}> <[0-9a-f]{32}>\] >>\n/', $pdf, $trailer, 0, $pos + 20 * $size ), 'the trailer follows the table' );
		self::assertSame( $size, (int) $trailer[1], '/Size counts the objects and the free entry' );
		self::assertSame( $size - 1, preg_match_all( '/^\d+ 0 obj$/m', $pdf ) );
		preg_match_all( '/<< \/Length (\d+) >>\nstream\n/', $pdf, $streams, PREG_OFFSET_CAPTURE );
		foreach ( $streams[0] as $index => $stream ) {
			$start = $stream[1] + strlen( $stream[0] );
			self::assertSame( "\nendstream", substr( $pdf, $start + (int) $streams[1][ $index ][0], 10 ), 'stream length' );
		}
		self::assertSame( 1, preg_match( '/\/Type \/Pages \/Kids \[([^\]]*)\] \/Count (\d+)/', $pdf, $pages ) );
		self::assertSame( (int) $pages[2], preg_match_all( '/\/Type \/Page /', $pdf ) );
		self::assertSame( (int) $pages[2], count( $streams[0] ) );

		$qpdf = self::tool( 'qpdf' );
		if ( null !== $qpdf ) {
			$file = (string) tempnam( sys_get_temp_dir(), 'tessera-pdf' );
			file_put_contents( $file, $pdf ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a temporary file.
			exec( escapeshellarg( $qpdf ) . ' --check ' . escapeshellarg( $file ) . ' 2>&1', $output, $status ); // phpcs:ignore Generic.PHP.ForbiddenFunctions -- test only.
			unlink( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a temporary file.
			self::assertSame( 0, $status, "qpdf --check:\n" . implode( "\n", $output ) );
		}
		return (int) $pages[2];
	}

	/**
	 * The path of a command-line tool, or null when it is not installed.
	 *
	 * @param string $name Tool.
	 * @return string|null
	 */
	private static function tool( string $name ): ?string {
		foreach ( explode( PATH_SEPARATOR, (string) getenv( 'PATH' ) . PATH_SEPARATOR . '/usr/bin' ) as $dir ) {
			if ( '' !== $dir && is_file( $dir . '/' . $name ) && is_executable( $dir . '/' . $name ) ) {
				return $dir . '/' . $name;
			}
		}
		return null;
	}

	/**
	 * The text pdftotext reads from a PDF, or null when poppler-utils are not installed.
	 *
	 * @param string $pdf PDF.
	 * @return string|null
	 */
	private static function extracted_text( string $pdf ): ?string {
		$tool = self::tool( 'pdftotext' );
		if ( null === $tool ) {
			return null;
		}
		$file = (string) tempnam( sys_get_temp_dir(), 'tessera-pdf' );
		file_put_contents( $file, $pdf ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a temporary file.
		exec( escapeshellarg( $tool ) . ' -enc UTF-8 ' . escapeshellarg( $file ) . ' - 2>&1', $output, $status ); // phpcs:ignore Generic.PHP.ForbiddenFunctions -- test only.
		unlink( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions -- a temporary file.
		self::assertSame( 0, $status, implode( "\n", $output ) );
		return implode( "\n", $output );
	}

	/**
	 * The document: title, entry number, date in the site's time zone, labels and values (escaped; a checkbox's
	 * list joined), no password, valid structure.
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
		$this->assertStringContainsString( '/BaseFont /Helvetica /Encoding /WinAnsiEncoding', $pdf );
		$this->assertStringContainsString( '/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding', $pdf );
		$this->assertStringContainsString( '/MediaBox [0 0 595.28 841.89]', $pdf );
		$this->assertStringContainsString( '/F2 18 Tf 0 g 1 0 0 1 56 ', $pdf, 'the title in bold' );
		$this->assertStringContainsString( '(Contact \\(us\\) \\\\ test) Tj', $pdf );
		$this->assertStringContainsString( '(Entry #' . $entry . ') Tj', $pdf );
		$this->assertStringContainsString( '(Submitted on 2026-01-15 13:00) Tj', $pdf, 'the date in the site time zone' );
		$this->assertMatchesRegularExpression( '/\/F2 11 Tf [^\n]*\(Your name\) Tj/', $pdf, 'labels in bold' );
		$this->assertMatchesRegularExpression( '/\/F1 11 Tf [^\n]*\(Ann \\\\\(the\\\\\) \\\\\\\\ tester\) Tj/', $pdf, 'values escaped' );
		$this->assertStringContainsString( '(ann@example.test) Tj', $pdf );
		$this->assertStringContainsString( '(Sales, Support) Tj', $pdf );
		$this->assertStringContainsString( '(Line one) Tj', $pdf );
		$this->assertStringContainsString( '(Line two) Tj', $pdf );
		$this->assertStringContainsString( '(Page 1 of 1) Tj', $pdf );
		$this->assertStringNotContainsString( 'S3cret-pass-xyz', $pdf, 'a password is never printed' );
		$this->assertStringNotContainsString( '(Password)', $pdf );

		$text = self::extracted_text( $pdf );
		if ( null !== $text ) {
			$this->assertStringContainsString( 'Ann (the) \\ tester', $text );
			$this->assertStringContainsString( 'Contact (us) \\ test', $text );
		}
	}

	/**
	 * Text outside Windows-1252 becomes `?`, Windows-1252 signs are mapped; the file stays valid.
	 *
	 * @return void
	 */
	public function test_non_latin_text_does_not_break_it(): void {
		$form  = $this->form( true, 'Анкета — Grüße' );
		$entry = $this->entry( $form, array( 'name' => 'Grüße € – Привет 你好 😀 “ok”' ) );
		$pdf   = self::pdf( $form, $entry );
		self::check_structure( $pdf );
		$this->assertStringContainsString( "(Gr\xFC\xDFe \x80 \x96 ?????? ?? ? \x93ok\x94) Tj", $pdf );
		$this->assertStringContainsString( "(?????? \x97 Gr\xFC\xDFe) Tj", $pdf );
		$this->assertStringContainsString( '/Title <FEFF0410043D043A043504420430', $pdf, 'the Info title in UTF-16' );
		$text = self::extracted_text( $pdf );
		if ( null !== $text ) {
			$this->assertStringContainsString( 'Grüße € – ?????? ?? ? “ok”', $text );
		}
	}

	/**
	 * A long entry wraps within the margins and runs over several pages, each with its footer.
	 *
	 * @return void
	 */
	public function test_long_entries_wrap_and_paginate(): void {
		$long  = trim( str_repeat( 'The quick brown fox jumps over the lazy dog. ', 60 ) . "\n" );
		$text  = implode( "\n\n", array_fill( 0, 8, $long ) ) . ' ' . str_repeat( 'W', 300 );
		$form  = $this->form();
		$entry = $this->entry( $form, array( 'message' => $text ) );
		$pdf   = self::pdf( $form, $entry );
		$pages = self::check_structure( $pdf );
		$this->assertGreaterThan( 3, $pages );
		$this->assertStringContainsString( '(Page 1 of ' . $pages . ') Tj', $pdf );
		$this->assertStringContainsString( '(Page ' . $pages . ' of ' . $pages . ') Tj', $pdf );
		preg_match_all( '/\/F1 11 Tf 0 g 1 0 0 1 56 ([\d.]+) Tm \(((?:[^()\\\\]|\\\\.)*)\) Tj/', $pdf, $lines );
		$this->assertGreaterThan( 100, count( $lines[0] ) );
		foreach ( $lines[2] as $index => $line ) {
			$this->assertLessThanOrEqual( PdfWriter::text_width(), PdfWriter::width( stripcslashes( $line ), false, 11.0 ), 'within the margin' );
			$this->assertGreaterThanOrEqual( PdfWriter::BOTTOM, (float) $lines[1][ $index ], 'above the bottom margin' );
		}
		$this->assertContains( str_repeat( 'W', 40 ), array_map( static fn ( string $l ): string => substr( $l, 0, 40 ), $lines[2] ), 'a long word is broken' );
	}

	/**
	 * The writer's pieces: escaping, WinAnsi conversion, widths and wrapping.
	 *
	 * @return void
	 */
	public function test_writer_escape_encoding_and_wrap(): void {
		$this->assertSame( 'a\\001\\(b\\)\\\\\\015\\012', PdfWriter::escape( "a\x01(b)\\\r\n" ) );
		$this->assertSame( "\x80 \x85 \x8C \xE9 ?", PdfWriter::to_win_ansi( '€ … Œ é Ж' ) );
		$this->assertSame( 'a?b', PdfWriter::to_win_ansi( "a\xFFb" ), 'invalid UTF-8' );
		$this->assertEqualsWithDelta( 11.328, PdfWriter::width( 'Hi', false, 12.0 ), 0.001, 'H 722 + i 222' );
		$this->assertEqualsWithDelta( 12.0, PdfWriter::width( 'Hi', true, 12.0 ), 0.001, 'bold: H 722 + i 278' );
		$this->assertSame( array( 'aaa bbb', 'ccc', '', 'dd' ), PdfWriter::wrap( "aaa bbb ccc\n\ndd", false, 10.0, PdfWriter::width( 'aaa bbb', false, 10.0 ) ) );
		$this->assertSame( array( 'abc', 'def', 'g' ), PdfWriter::wrap( 'abcdefg', false, 10.0, PdfWriter::width( 'abc', false, 10.0 ) + 0.1 ) );

		$empty = ( new PdfWriter() )->output();
		$this->assertSame( 1, self::check_structure( $empty ), 'an empty document has one page' );
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
		$this->assertStringContainsString( '(Ann) Tj', $ok['body'] );

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
