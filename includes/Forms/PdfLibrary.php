<?php
/**
 * The PDF library the plugin ships (docs/forms.md, "PDF"): TCPDF in `lib/tcpdf/` and its fonts in `lib/fonts/`,
 * made by `bin/pdf-lib` from Debian packages. Finds and loads them, and tells site owners when they are missing.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Forms;

/**
 * Nothing of TCPDF is loaded until a PDF is made. When another plugin has already loaded a TCPDF class, that one is
 * used (two classes of one name cannot be loaded; its API is the same) with our fonts, which are always named by
 * their full path. When our files are missing, load() answers false instead of failing: the PDF route answers 503
 * and the entries screen shows an admin notice (a plugin folder copied without `lib/`).
 */
final class PdfLibrary {

	/**
	 * The fonts by role: TCPDF name and definition file (in `lib/fonts/`). `cjk` is the fallback for what DejaVu
	 * Sans lacks (Chinese, Japanese, Korean); it has no bold face.
	 */
	public const FONTS = array(
		'regular' => 'dejavusans',
		'bold'    => 'dejavusansb',
		'cjk'     => 'wenquanyimicrohei',
	);

	/**
	 * Filter: the folder of the library and fonts (default: the plugin's `lib/`).
	 */
	public const DIR_FILTER = 'tessera_pdf_library_dir';

	/**
	 * The folder of the library and fonts.
	 *
	 * @return string Absolute path with a trailing slash.
	 */
	public static function dir(): string {
		$dir = apply_filters( self::DIR_FILTER, TESSERA_DIR . 'lib/' );
		return trailingslashit( is_string( $dir ) ? $dir : TESSERA_DIR . 'lib/' );
	}

	/**
	 * The definition file of a font.
	 *
	 * @param string $name TCPDF name of the font (a value of FONTS).
	 * @return string Absolute path.
	 */
	public static function font_file( string $name ): string {
		return self::dir() . 'fonts/' . $name . '.php';
	}

	/**
	 * The files that are missing (absolute paths), none when the library can be used.
	 *
	 * @return list<string>
	 */
	public static function missing(): array {
		$dir   = self::dir();
		$files = array( 'tcpdf/tcpdf.php' );
		foreach ( self::FONTS as $name ) {
			$files[] = 'fonts/' . $name . '.php';
			$files[] = 'fonts/' . $name . '.z';
			$files[] = 'fonts/' . $name . '.ctg.z';
		}
		$missing = array_filter( $files, static fn ( string $file ): bool => ! is_readable( $dir . $file ) );
		return array_values( array_map( static fn ( string $file ): string => $dir . $file, $missing ) );
	}

	/**
	 * Loads TCPDF (once) when it is not loaded yet.
	 *
	 * @return bool Whether TCPDF and our fonts are there.
	 */
	public static function load(): bool {
		if ( array() !== self::missing() ) {
			return false;
		}
		if ( ! class_exists( '\TCPDF', false ) ) {
			// TCPDF reads its settings from constants: no configuration file of its own, errors as exceptions
			// (its default is to die()), our fonts folder, DejaVu Sans as the font it starts with.
			foreach (
				array(
					'K_TCPDF_EXTERNAL_CONFIG'       => true,
					'K_TCPDF_THROW_EXCEPTION_ERROR' => true,
					'K_PATH_FONTS'                  => self::dir() . 'fonts/',
					'PDF_FONT_NAME_MAIN'            => self::FONTS['regular'],
				) as $name => $value
			) {
				if ( ! defined( $name ) ) {
					define( $name, $value );
				}
			}
			require_once self::dir() . 'tcpdf/tcpdf.php';
		}
		return true;
	}

	/**
	 * Hooks the admin notice.
	 *
	 * @return void
	 */
	public function register_hooks(): void {
		add_action( 'admin_notices', array( $this, 'notice' ) );
	}

	/**
	 * On the screens of forms and entries, for users who read entries: an error notice naming what is missing.
	 *
	 * @return void
	 */
	public function notice(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		if ( null === $screen || PostType::POST_TYPE !== $screen->post_type || ! Capability::current_user_can_manage() ) {
			return;
		}
		$missing = self::missing();
		if ( array() === $missing ) {
			return;
		}
		printf(
			'<div class="notice notice-error"><p>%s</p><p><code>%s</code></p></div>',
			esc_html__( 'Tessera cannot make PDFs of form entries: the PDF library or its fonts are missing from the plugin folder. Reinstall the plugin, or run bin/pdf-lib in a copy made from its source. These files are missing:', 'tessera' ),
			esc_html( implode( ', ', $missing ) )
		);
	}
}
