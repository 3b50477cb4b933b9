<?php
/**
 * Converts TrueType fonts to TCPDF's font format (a PHP definition, the compressed font, its character-to-glyph
 * map), for bin/pdf-lib. A TrueType collection (.ttc) gives its first face, written out as a plain .ttf first:
 * TCPDF reads only single fonts.
 *
 * Usage: php bin/lib/pdf-fonts.php TCPDF_DIR OUT_DIR FONT...
 *
 * @package Tessera
 */

if ( $argc < 4 ) {
	fwrite( STDERR, "usage: php pdf-fonts.php TCPDF_DIR OUT_DIR FONT...\n" );
	exit( 2 );
}
define( 'K_TCPDF_EXTERNAL_CONFIG', true );
define( 'K_TCPDF_THROW_EXCEPTION_ERROR', true );
define( 'K_PATH_FONTS', rtrim( $argv[2], '/' ) . '/' );
require $argv[1] . '/tcpdf.php';

/**
 * The first face of a TrueType collection as a standalone font: its offset table and table records, each table
 * copied after them (4-byte aligned) with its record's offset changed to where it now is.
 *
 * @param string $ttc The collection's bytes.
 * @return string The font's bytes.
 */
function tessera_first_face( string $ttc ): string {
	$face    = unpack( 'N', substr( $ttc, 12, 4 ) )[1];
	$count   = unpack( 'n', substr( $ttc, $face + 4, 2 ) )[1];
	$records = '';
	$tables  = '';
	$start   = 12 + 16 * $count;
	for ( $i = 0; $i < $count; $i++ ) {
		$record   = unpack( 'a4tag/Nsum/Noffset/Nlength', substr( $ttc, $face + 12 + 16 * $i, 16 ) );
		$records .= $record['tag'] . pack( 'NNN', $record['sum'], $start + strlen( $tables ), $record['length'] );
		$tables  .= substr( $ttc, $record['offset'], $record['length'] ) . str_repeat( "\0", ( 4 - $record['length'] % 4 ) % 4 );
	}
	return substr( $ttc, $face, 12 ) . $records . $tables;
}

$work = sys_get_temp_dir() . '/tessera-pdf-fonts-' . getmypid();
mkdir( $work );
foreach ( array_slice( $argv, 3 ) as $file ) {
	$bytes = (string) file_get_contents( $file );
	if ( 'ttcf' === substr( $bytes, 0, 4 ) ) {
		// wqy-microhei.ttc -> WenQuanYiMicroHei.ttf, whose TCPDF name is "wenquanyimicrohei".
		$name = preg_replace( '/[^A-Za-z]/', '', ucwords( str_replace( array( 'wqy', '-' ), array( 'WenQuanYi', ' ' ), basename( $file, '.ttc' ) ) ) );
		$file = $work . '/' . $name . '.ttf';
		file_put_contents( $file, tessera_first_face( $bytes ) );
	}
	$font = TCPDF_FONTS::addTTFfont( $file, 'TrueTypeUnicode', '', 32, K_PATH_FONTS, 3, 1 );
	if ( false === $font ) {
		fwrite( STDERR, "could not convert $file\n" );
		exit( 1 );
	}
	echo $font, "\n";
}
array_map( 'unlink', glob( $work . '/*' ) );
rmdir( $work );
