<?php
/**
 * Provider patterns: the syntax PHP and JavaScript share, and (with Node) the consent runtime's own guard and
 * `new RegExp` run on what PHP accepts.
 *
 * @package Tessera
 */

declare(strict_types=1);

namespace Tessera\Tests;

use Tessera\Consent\Pattern;
use Tessera\Consent\Settings;

/**
 * Pattern::error(), to_pcre(), matches(); agreement with the TypeScript runtime.
 */
final class ConsentPatternTest extends TestCase {

	/**
	 * Patterns accepted, each with subjects and whether they match.
	 *
	 * @return array<string, array{0: string, 1: array<string, bool>}>
	 */
	public static function accepted(): array {
		return array(
			'host and path'          => array(
				'googletagmanager\.com/gtag/js',
				array(
					'www.googletagmanager.com/gtag/js' => true,
					'www.googletagmanager.com/gtm.js'  => false,
				),
			),
			'anchored alternation'   => array(
				'(^|\.)youtube\.com/(embed|shorts)/',
				array(
					'www.youtube.com/embed/dQw4w9WgXcQ'      => true,
					'youtube.com/shorts/x'                   => true,
					'www.youtube-nocookie.com/embed/x'       => false,
					'notyoutube.com/embed/x'                 => false,
				),
			),
			'class, range, repeat'   => array(
				'^cdn[0-9]{1,2}\.example\.(com|net)/[\w.-]+\.js$',
				array(
					'cdn1.example.com/a-b.c.js' => true,
					'cdn123.example.com/a.js'   => false,
					'cdn7.example.net/x.js'     => true,
				),
			),
			'negated class, lazy'    => array(
				'[^/]+?\.hotjar\.com/',
				array(
					'static.hotjar.com/c/hotjar-1.js' => true,
					'hotjar.com/'                     => false,
				),
			),
			'escaped punctuation'    => array(
				'\?id=G\-[A-Z0-9]+&\w',
				array(
					'https://www.googletagmanager.com/gtag/js?id=G-ABC12&l' => true,
					'https://x/?id=G_ABC'                                   => false,
				),
			),
			'lookahead'              => array(
				'^(?!www\.)[a-z]+\.example\.com/(?=a)',
				array(
					'cdn.example.com/a' => true,
					'www.example.com/a' => false,
					'cdn.example.com/b' => false,
				),
			),
			'slashes and dash ends'  => array(
				'/p/[-a-z]+[0-9-]/\d\s?\S*\b',
				array(
					'x.com/p/ab-c1/2z'  => true,
					'x.com/p/AB1/2'     => false,
				),
			),
			'brace quantifiers'      => array(
				'^a{2}b{1,}c{0,3}?$',
				array(
					'aabbbccc' => true,
					'abc'      => false,
				),
			),
		);
	}

	/**
	 * Patterns refused, with a part of the reason.
	 *
	 * @return array<string, array{0: string, 1: string}>
	 */
	public static function refused(): array {
		return array(
			'unclosed group'        => array( '(ab', 'a group “(” is not closed' ),
			'unopened group'        => array( 'ab)', 'a “)” has no opening “(”' ),
			'possessive'            => array( 'a++', '“+” has nothing to repeat' ),
			'double quantifier'     => array( 'a{1}{2}', '“{2}” has nothing to repeat' ),
			'leading quantifier'    => array( '*a', '“*” has nothing to repeat' ),
			'quantified anchor'     => array( '^*a', '“*” has nothing to repeat' ),
			'quantified lookahead'  => array( '(?=a)+', '“+” has nothing to repeat' ),
			'lookbehind'            => array( '(?<=a)b', 'only the groups' ),
			'named group'           => array( '(?<n>a)', 'only the groups' ),
			'inline flag'           => array( '(?i)a', 'only the groups' ),
			'atomic group'          => array( '(?>a)', 'only the groups' ),
			'backreference'         => array( '(a)\1', 'the escape \1 is not supported' ),
			'unicode escape'        => array( '\u0041', 'the escape \u is not supported' ),
			'hex escape'            => array( '\x41', 'the escape \x is not supported' ),
			'PCRE anchor'           => array( '\Aab', 'the escape \A is not supported' ),
			'property'              => array( '\p{L}', 'the escape \p is not supported' ),
			'trailing backslash'    => array( 'ab\\', 'lone backslash' ),
			'empty class'           => array( '[]a]', 'may not be empty' ),
			'empty negated class'   => array( '[^]', 'may not be empty' ),
			'unclosed class'        => array( '[ab', 'a “[” is not closed' ),
			'POSIX class'           => array( '[[:alpha:]]', 'must be escaped as \[' ),
			'range out of order'    => array( '[z-a]', 'the range z-a is out of order' ),
			'range with \d'         => array( '[\d-z]', 'must join two characters' ),
			'dash inside a class'   => array( '[a-c-e]', 'must come first or last' ),
			'backspace in a class'  => array( '[\b]', 'the escape \b is not supported' ),
			'repetition order'      => array( 'a{3,2}', 'out of order or above 1000' ),
			'repetition too large'  => array( 'a{1001}', 'out of order or above 1000' ),
			'literal brace'         => array( 'a{x}', 'a “{” must start a repetition' ),
			'open-start repetition' => array( 'a{,3}', 'a “{” must start a repetition' ),
			'lone ]'                => array( 'a]', 'a lone “]” must be escaped as \]' ),
			'lone }'                => array( 'a}', 'a lone “}” must be escaped as \}' ),
			'space'                 => array( 'a b', 'printable ASCII' ),
			'non-ASCII'             => array( 'bücher\.de', 'printable ASCII' ),
			'empty'                 => array( '', 'it is empty' ),
			'too long'              => array( str_repeat( 'a', Pattern::MAX_LENGTH + 1 ), 'longer than 500' ),
		);
	}

	public function test_accepted_patterns_match_as_documented(): void {
		foreach ( self::accepted() as $name => list( $pattern, $subjects ) ) {
			$this->assertNull( Pattern::error( $pattern ), $name );
			$this->assertIsString( Pattern::to_pcre( $pattern ), $name );
			foreach ( $subjects as $subject => $expected ) {
				$this->assertSame( $expected, Pattern::matches( $pattern, $subject ), "$name: $subject" );
			}
		}
		$this->assertSame( '/a\/b[\/]\//', Pattern::to_pcre( 'a/b[/]\/' ), 'every slash escaped for the delimiter' );
	}

	public function test_refused_patterns_give_a_reason(): void {
		foreach ( self::refused() as $name => list( $pattern, $reason ) ) {
			$error = Pattern::error( $pattern );
			$this->assertIsString( $error, $name );
			$this->assertStringContainsString( $reason, $error, $name );
			$this->assertNull( Pattern::to_pcre( $pattern ), $name );
			$this->assertFalse( Pattern::matches( $pattern, 'ab' ), $name );
		}
	}

	public function test_every_default_provider_pattern_is_accepted(): void {
		foreach ( Settings::defaults()['providers'] as $provider ) {
			$this->assertNull( Pattern::error( $provider['re'] ), $provider['re'] );
		}
	}

	public function test_javascript_compiles_and_matches_what_php_accepts(): void {
		$patterns = array();
		foreach ( self::accepted() as list( $pattern, $subjects ) ) {
			$patterns[] = array(
				're'       => $pattern,
				'subjects' => array_map( 'strval', array_keys( $subjects ) ),
			);
		}
		foreach ( Settings::defaults()['providers'] as $provider ) {
			$patterns[] = array(
				're'       => $provider['re'],
				'subjects' => array( 'www.googletagmanager.com/gtag/js', 'www.youtube.com/embed/x', 'static.hotjar.com/c/h.js' ),
			);
		}
		// Patterns JavaScript refuses must be refused here too.
		$js_invalid = array( '(ab', 'ab)', 'a++', 'a**', '*a', '+', '[z-a]', 'a{2,1}', 'ab\\', '(?i)a', '(?>a)', '(?P<n>a)' );
		foreach ( $js_invalid as $pattern ) {
			$patterns[] = array(
				're'       => $pattern,
				'subjects' => array(),
			);
		}

		$result = self::node( array( 'patterns' => $patterns ) );
		foreach ( $patterns as $index => $item ) {
			$js = $result['patterns'][ $index ];
			if ( in_array( $item['re'], $js_invalid, true ) ) {
				$this->assertFalse( $js['ok'], 'JavaScript refuses ' . $item['re'] );
				$this->assertNotNull( Pattern::error( $item['re'] ), 'PHP refuses ' . $item['re'] );
				continue;
			}
			$this->assertTrue( $js['ok'], 'new RegExp accepts ' . $item['re'] );
			foreach ( $item['subjects'] as $position => $subject ) {
				$this->assertSame( Pattern::matches( $item['re'], $subject ), $js['matches'][ $position ], $item['re'] . ' on ' . $subject . ': same result in PHP and JavaScript' );
			}
		}
	}

	public function test_the_runtime_guard_accepts_the_configuration_unchanged(): void {
		$input                 = Settings::defaults();
		$input['providers'][]  = array(
			're'         => '[?&]id=G-[A-Z0-9]+',
			'categories' => array( 'analytics', 'advertisement' ),
			'fullPath'   => true,
		);
		$input['activeLaw']    = 'ccpa';
		$input['expiryDays']   = 90;
		$settings              = Settings::sanitize( $input );
		$this->assertIsArray( $settings );
		$config = Settings::to_runtime_config( $settings );
		$json   = wp_json_encode( $config, JSON_HEX_TAG | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_HEX_AMP );
		$this->assertIsString( $json );

		$result = self::node(
			array(
				'config'   => json_decode( $json, true ),
				'patterns' => array(),
			)
		);
		$parsed = $result['parsed'];
		$this->assertIsArray( $parsed, 'parseConsentConfig() accepts the configuration' );
		$this->assertSame( 'ccpa', $parsed['activeLaw'] );
		$this->assertSame( array_column( $config['categories'], 'slug' ), $parsed['categories'], 'no category dropped' );
		$this->assertSame( array_column( $config['providers'], 'categories' ), $parsed['providers'], 'no provider or provider category dropped' );
		$this->assertSame( array_column( $config['providers'], 'fullPath' ), $parsed['fullPath'] );
		$this->assertSame( 90, $parsed['expiryDays'] );
		$this->assertSame( $config['reloadOnAccept'], $parsed['reloadOnAccept'] );
		$this->assertSame( $config['respectDnt'], $parsed['respectDnt'] );
		$this->assertSame( $config['honourGpc'], $parsed['honourGpc'] );
		$this->assertSame( $config['languageCode'], $parsed['languageCode'] );
		$this->assertSame( $config['categories'][0]['cookies'], $parsed['cookies'][0] );
	}

	/**
	 * Runs the runtime's guard (src/runtime/consent/config.ts, transpiled with the project's TypeScript) and
	 * `new RegExp` in Node. Skips the test when Node or node_modules/typescript is missing.
	 *
	 * @param array<string, mixed> $input `config` (optional) and `patterns` ([{re, subjects}]).
	 * @return array<string, mixed> `parsed` (a summary of parseConsentConfig(), or null) and `patterns` ([{ok, matches}]).
	 */
	private static function node( array $input ): array {
		$root = dirname( __DIR__, 2 );
		if ( ! is_file( $root . '/node_modules/typescript/lib/typescript.js' ) ) {
			self::markTestSkipped( 'node_modules/typescript is not installed.' );
		}
		$script = <<<'JS'
const fs = require( 'fs' );
const root = process.env.TESSERA_ROOT;
const ts = require( root + '/node_modules/typescript' );
const source = fs.readFileSync( root + '/src/runtime/consent/config.ts', 'utf8' );
const js = ts.transpileModule( source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } } ).outputText;
const mod = { exports: {} };
new Function( 'module', 'exports', 'require', js )( mod, mod.exports, require );
const input = JSON.parse( fs.readFileSync( 0, 'utf8' ) );
const parsed = 'config' in input ? mod.exports.parseConsentConfig( input.config ) : null;
const out = {
	parsed: parsed && {
		activeLaw: parsed.activeLaw,
		categories: parsed.categories.map( ( c ) => c.slug ),
		cookies: parsed.categories.map( ( c ) => c.cookies ),
		providers: parsed.providers.map( ( p ) => p.categories ),
		fullPath: parsed.providers.map( ( p ) => p.fullPath ),
		expiryDays: parsed.expiryDays,
		reloadOnAccept: parsed.reloadOnAccept,
		respectDnt: parsed.respectDnt,
		honourGpc: parsed.honourGpc,
		languageCode: parsed.languageCode,
	},
	patterns: input.patterns.map( ( p ) => {
		const test = mod.exports.compilePattern( p.re );
		return test ? { ok: true, matches: p.subjects.map( ( s ) => test( s ) ) } : { ok: false, matches: [] };
	} ),
};
process.stdout.write( JSON.stringify( out ) );
JS;
		return self::run_node( $script, (string) wp_json_encode( $input ) );
	}
}
