<?php
/**
 * The PDF of one form entry (spec §2 "Form behaviours": the link `/?page=evf-entries-pdf&form_id=…&entry_id=…`;
 * spec §3 `data.pdf_download`, `data.pdf_download_message`): the route, who may download it, and the document.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * `/?page=evf-entries-pdf&form_id=…&entry_id=…[&token=…]`, answered on `template_redirect` (priority 1, before
 * the canonical redirect) with the PDF as an attachment, or a plain 403/404 page.
 *
 * Who gets it:
 * - a user with the entries capability (Capability::entries()), for any entry of any form;
 * - whoever holds a valid `token` — made by token() when the entry was stored, signed with the site's salt for
 *   exactly that form and entry, valid TOKEN_TTL seconds — and only while the form's `pdfDownload` is on;
 * - nobody else (403). An entry that does not exist or belongs to another form is a 404, but only for someone
 *   who passed the first check: others cannot probe which entries exist.
 */
final class Pdf {

	/**
	 * The `page` query parameter of the route (spec §2).
	 */
	public const PAGE = 'evf-entries-pdf';

	/**
	 * How long a token is valid, in seconds (30 minutes).
	 */
	public const TOKEN_TTL = 1800;

	/**
	 * A token: expiry (Unix time), a dot, the HMAC-SHA256 in hexadecimal.
	 */
	private const TOKEN_PATTERN = '/^(\d{1,12})\.([0-9a-f]{64})$/D';

	/**
	 * Hooks the route.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'template_redirect', array( $this, 'serve' ), 1 );
	}

	/**
	 * Answers the route when the request is for it: the PDF, or wp_die() with 403 or 404. Other requests pass.
	 *
	 * @return void
	 */
	public function serve(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a download link: access is checked by capability or signed token.
		$query = wp_unslash( $_GET );
		if ( ! is_array( $query ) || self::PAGE !== ( $query['page'] ?? null ) ) {
			return;
		}
		$response = self::response( $query, time() );
		if ( 200 !== $response['status'] ) {
			wp_die(
				esc_html( $response['body'] ),
				esc_html__( 'Form entry', 'tessera' ),
				array( 'response' => $response['status'] )
			);
		}
		status_header( 200 );
		foreach ( $response['headers'] as $name => $value ) {
			header( $name . ': ' . $value );
		}
		echo $response['body']; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a binary PDF (Content-Type application/pdf), not HTML.
		exit;
	}

	/**
	 * The answer to a request of the route.
	 *
	 * @param array<mixed> $query The query parameters (unslashed): `form_id`, `entry_id`, optional `token`.
	 * @param int          $now   Unix time.
	 * @return array{status: int, headers: array<string, string>, body: string} 200 with the PDF and its headers,
	 *         or 403/404 (see access()) or 503 (the PDF library is missing: PdfLibrary) with a plain-text message.
	 */
	public static function response( array $query, int $now ): array {
		$form_id  = self::id( $query['form_id'] ?? null );
		$entry_id = self::id( $query['entry_id'] ?? null );
		$token    = is_string( $query['token'] ?? null ) ? $query['token'] : '';
		$status   = self::access( $form_id, $entry_id, $token, $now );
		if ( 403 === $status ) {
			return array(
				'status'  => 403,
				'headers' => array(),
				'body'    => __( 'Sorry, you are not allowed to download this entry. A download link works for 30 minutes after the form was sent.', 'tessera' ),
			);
		}
		$entry = Entries::get( $entry_id );
		$form  = FormDefinition::from_post( $form_id );
		if ( 200 !== $status || null === $entry || null === $form ) {
			return array(
				'status'  => 404,
				'headers' => array(),
				'body'    => __( 'This entry does not exist.', 'tessera' ),
			);
		}
		if ( ! PdfLibrary::load() ) {
			return array(
				'status'  => 503,
				'headers' => array(),
				'body'    => __( 'PDFs cannot be made on this site right now: the PDF library of the plugin is missing. Please tell the site owner.', 'tessera' ),
			);
		}
		return array(
			'status'  => 200,
			'headers' => array(
				'Content-Type'           => 'application/pdf',
				'Content-Disposition'    => 'attachment; filename="' . self::filename( $entry_id ) . '"',
				'X-Content-Type-Options' => 'nosniff',
				'Cache-Control'          => 'private, no-store, max-age=0',
				'X-Robots-Tag'           => 'noindex, nofollow',
				'Referrer-Policy'        => 'no-referrer',
			),
			'body'    => self::document( $form, $entry, $now ),
		);
	}

	/**
	 * Who may download an entry's PDF (see the class): the HTTP status of the answer.
	 *
	 * @param int    $form_id  The form of the request.
	 * @param int    $entry_id The entry of the request.
	 * @param string $token    The `token` parameter ('' = none).
	 * @param int    $now      Unix time.
	 * @return int 200 (allowed), 403 (not allowed) or 404 (no such entry of that form, for someone allowed).
	 */
	public static function access( int $form_id, int $entry_id, string $token, int $now ): int {
		$manager = Capability::current_user_can_manage();
		if ( ! $manager && ! self::check_token( $token, $form_id, $entry_id, $now ) ) {
			return 403;
		}
		$entry = $entry_id > 0 ? Entries::get( $entry_id ) : null;
		$form  = $form_id > 0 ? FormDefinition::from_post( $form_id ) : null;
		if ( null === $entry || null === $form || $entry['form_id'] !== $form_id ) {
			return 404;
		}
		if ( ! $manager && true !== $form->settings['pdfDownload'] ) {
			return 403;
		}
		return 200;
	}

	/**
	 * A download token for one entry, valid TOKEN_TTL seconds from $now: `{expiry}.{hmac}` with the HMAC-SHA256 of
	 * `form_id|entry_id|expiry` under the site's `auth` salt.
	 *
	 * @param int $form_id  Form id.
	 * @param int $entry_id Entry id.
	 * @param int $now      Unix time.
	 * @return string
	 */
	public static function token( int $form_id, int $entry_id, int $now ): string {
		$expiry = $now + self::TOKEN_TTL;
		return $expiry . '.' . self::signature( $form_id, $entry_id, $expiry );
	}

	/**
	 * Whether a token is valid for an entry now: well-formed, signed for this form and entry, not expired (and not
	 * valid longer than a token made now would be).
	 *
	 * @param string $token    Token.
	 * @param int    $form_id  Form id.
	 * @param int    $entry_id Entry id.
	 * @param int    $now      Unix time.
	 * @return bool
	 */
	public static function check_token( string $token, int $form_id, int $entry_id, int $now ): bool {
		if ( $form_id < 1 || $entry_id < 1 || 1 !== preg_match( self::TOKEN_PATTERN, $token, $match ) ) {
			return false;
		}
		$expiry = (int) $match[1];
		if ( $expiry < $now || $expiry > $now + self::TOKEN_TTL ) {
			return false;
		}
		return hash_equals( self::signature( $form_id, $entry_id, $expiry ), $match[2] );
	}

	/**
	 * The download address of an entry for the visitor who sent it (with a token valid for 30 minutes).
	 *
	 * @param int $form_id  Form id.
	 * @param int $entry_id Entry id.
	 * @param int $now      Unix time.
	 * @return string
	 */
	public static function url( int $form_id, int $entry_id, int $now ): string {
		return home_url( '/?page=' . self::PAGE . '&form_id=' . $form_id . '&entry_id=' . $entry_id . '&token=' . rawurlencode( self::token( $form_id, $entry_id, $now ) ) );
	}

	/**
	 * The download address of an entry for a user with the entries capability (no token).
	 *
	 * @param int $form_id  Form id.
	 * @param int $entry_id Entry id.
	 * @return string
	 */
	public static function manager_url( int $form_id, int $entry_id ): string {
		return home_url( '/?page=' . self::PAGE . '&form_id=' . $form_id . '&entry_id=' . $entry_id );
	}

	/**
	 * The fields a successful submission adds to its answer (spec §3) when the form offers the PDF: `pdf_download`
	 * true, `pdf_download_message` (the link's text) and `pdf_download_url` (ours: the address with the token;
	 * the spec's bare `/?page=evf-entries-pdf&form_id&entry_id` link works for managers only). Empty otherwise.
	 *
	 * @param FormDefinition $form     Form.
	 * @param int            $entry_id The stored entry.
	 * @param int            $now      Unix time.
	 * @return array<string, bool|string>
	 */
	public static function success_data( FormDefinition $form, int $entry_id, int $now ): array {
		if ( true !== $form->settings['pdfDownload'] ) {
			return array();
		}
		return array(
			'pdf_download'         => true,
			'pdf_download_message' => __( 'Download a PDF of your entry', 'tessera' ),
			'pdf_download_url'     => self::url( $form->form_id, $entry_id, $now ),
		);
	}

	/**
	 * The file name of an entry's PDF.
	 *
	 * @param int $entry_id Entry id.
	 * @return string
	 */
	public static function filename( int $entry_id ): string {
		return 'entry-' . $entry_id . '.pdf';
	}

	/**
	 * The PDF of an entry (PdfCanvas): the form's title, the entry number and date (site time zone), then each
	 * field's label (bold) and value; passwords never; "Page n of m" at the foot of each page.
	 *
	 * @param FormDefinition                                                                 $form  The entry's form.
	 * @param array{id: int, created_at: string, values: array<string, string|list<string>>} $entry The entry (Entries::get()).
	 * @param int|null                                                                       $now   Creation time of the file (Unix); null for now.
	 * @return string Binary PDF.
	 * @throws \RuntimeException When the PDF library is missing (PdfLibrary::load() false).
	 */
	public static function document( FormDefinition $form, array $entry, ?int $now = null ): string {
		if ( ! PdfLibrary::load() ) {
			throw new \RuntimeException( 'The PDF library is missing: ' . implode( ', ', PdfLibrary::missing() ) );
		}
		wp_raise_memory_limit( 'tessera_forms_pdf' );
		$title = EntryText::title( $form );
		$pdf   = new PdfCanvas( $title, $now ?? time() );
		$pdf->add_text( $title, true, 18.0, 23.0 );
		$pdf->add_space( 2.0 );
		/* translators: %d: entry number. */
		$pdf->add_text( sprintf( __( 'Entry #%d', 'tessera' ), (int) $entry['id'] ), false, 10.0, 14.0, 0.35 );
		/* translators: %s: date and time the entry was sent. */
		$pdf->add_text( sprintf( __( 'Submitted on %s', 'tessera' ), EntryText::date( (string) $entry['created_at'] ) ), false, 10.0, 14.0, 0.35 );
		$pdf->add_space( 8.0 );
		$pdf->add_rule();
		$pdf->add_space( 14.0 );
		foreach ( EntryText::rows( $form, $entry['values'], false ) as $row ) {
			$pdf->add_text( $row['label'], true, 11.0, 15.0, 0.0, 15.0 );
			$pdf->add_text( '' !== trim( $row['value'] ) ? $row['value'] : '—', false, 11.0, 15.0 );
			$pdf->add_space( 9.0 );
		}
		return $pdf->finish(
			static function ( int $page, int $pages ): string {
				/* translators: 1: page number, 2: number of pages. */
				return sprintf( __( 'Page %1$d of %2$d', 'tessera' ), $page, $pages );
			}
		);
	}

	/**
	 * A positive id from a query parameter, else 0.
	 *
	 * @param mixed $value Parameter.
	 * @return int
	 */
	private static function id( $value ): int {
		if ( is_int( $value ) ) {
			return max( 0, $value );
		}
		return is_string( $value ) && 1 === preg_match( '/^[1-9]\d{0,17}$/D', $value ) ? (int) $value : 0;
	}

	/**
	 * The signature of a token.
	 *
	 * @param int $form_id  Form id.
	 * @param int $entry_id Entry id.
	 * @param int $expiry   Expiry (Unix time).
	 * @return string Hexadecimal HMAC-SHA256.
	 */
	private static function signature( int $form_id, int $entry_id, int $expiry ): string {
		return hash_hmac( 'sha256', 'tessera-forms-pdf|' . $form_id . '|' . $entry_id . '|' . $expiry, wp_salt( 'auth' ) );
	}
}
