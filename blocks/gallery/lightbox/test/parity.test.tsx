/**
 * Hydration parity (docs/lightbox.md, "Markup"): for every fixture the server rendered
 * (tests/fixtures/lightbox/*.html, written by bin/dev/lightbox-fixtures.php with `Popup::render()`), the island's
 * component renders from the fixture's own data the same markup — the same bytes once React's spelling of the same
 * DOM is applied (below), and node for node the same DOM: elements, attributes in order with their values, and
 * text nodes (renderToString marks two text nodes side by side with `<!-- -->`, so a split text would show). Then
 * the real island hydrates each fixture in a document: no warning, and every server node kept.
 *
 * Also the data guard that reads the fixtures' JSON.
 */

/**
 * External dependencies
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';

/**
 * Internal dependencies
 */
import {
	dataScriptText,
	parseLightboxData,
	readAnswer,
	toLightboxData,
	type LightboxData,
} from '../data';
import { Lightbox } from '../popup';
import type { LightboxController } from '../../island';
import '../../island';

declare global {
	var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// jsdom picks React's browser server build, which needs TextEncoder; the Node build renders the same strings.
jest.mock( 'react-dom/server', () =>
	jest.requireActual( 'react-dom/server.node' )
);

/** Node's `fs`, as far as the fixtures need it (the project's types hold no Node). */
const { readdirSync, readFileSync } = jest.requireActual< {
	readdirSync: ( path: string ) => string[];
	readFileSync: ( path: string, encoding: 'utf8' ) => string;
} >( 'fs' );

declare const __dirname: string;

const DIR = `${ __dirname }/../../../../tests/fixtures/lightbox`;
const FIXTURES = readdirSync( DIR )
	.filter( ( name ) => name.endsWith( '.html' ) )
	.sort();

/**
 * A fixture's HTML.
 *
 * @param name File name.
 */
const fixture = ( name: string ): string =>
	readFileSync( `${ DIR }/${ name }`, 'utf8' );

/**
 * A fixture's data script text and data.
 *
 * @param html The fixture.
 */
function dataOf( html: string ): { json: string; data: LightboxData } {
	const json = dataScriptText( html ) ?? '';
	const data = parseLightboxData( json );
	if ( ! data ) {
		throw new Error( 'no valid data' );
	}
	return { json, data };
}

/**
 * The dialog's name in a fixture (the gallery title is not in the data; the island reads the attribute).
 *
 * @param html The fixture.
 */
const labelOf = ( html: string ): string =>
	new DOMParser()
		.parseFromString( html, 'text/html' )
		.querySelector( '.tessera-lightbox' )
		?.getAttribute( 'aria-label' ) ?? '';

/**
 * The server's HTML spelt as React writes the same DOM — the only differences seen, none of which changes a node
 * or a value: a bare boolean attribute (`hidden`) gets `=""`, `srcset` is written `srcSet` (HTML names are
 * case-insensitive), a void element ends with `/>`, and an apostrophe is `&#x27;` where PHP writes `&#039;`.
 * Tags are found safely: every `<` and `>` in a text or a value is escaped, and the data's JSON holds none; SVG's
 * attribute names keep their case (`viewBox`).
 *
 * @param html The server's HTML.
 */
function asReactWrites( html: string ): string {
	return html
		.replace(
			/<([a-z][a-z0-9]*)((?: [^>]*)?)>/g,
			( _tag, name: string, attributes: string ) =>
				`<${ name }${ attributes.replace(
					/ ([a-zA-Z-]+)(="[^"]*")?/g,
					( _attribute, attribute: string, value?: string ) =>
						` ${ attribute === 'srcset' ? 'srcSet' : attribute }${
							value ?? '=""'
						}`
				) }${ name === 'img' ? '/' : '' }>`
		)
		.replace( /&#039;/g, '&#x27;' );
}

/**
 * A DOM tree as a canonical string: every element with its attributes in order, every text node apart, comments
 * too.
 *
 * @param node The root.
 */
function canonical( node: Node ): string {
	if ( node.nodeType === Node.TEXT_NODE ) {
		return `#text(${ JSON.stringify( node.nodeValue ) })`;
	}
	if ( node.nodeType === Node.COMMENT_NODE ) {
		return `#comment(${ node.nodeValue })`;
	}
	const children = Array.from( node.childNodes ).map( canonical ).join( '' );
	if ( ! ( node instanceof Element ) ) {
		return children;
	}
	const attributes = Array.from( node.attributes )
		.map( ( { name, value } ) => ` ${ name }=${ JSON.stringify( value ) }` )
		.join( '' );
	return `<${ node.localName }${ attributes }>${ children }</${ node.localName }>`;
}

/**
 * The DOM an HTML string parses to, canonical.
 *
 * @param html HTML.
 */
function domOf( html: string ): string {
	const template = document.createElement( 'template' );
	template.innerHTML = html;
	return canonical( template.content );
}

/**
 * Renders the component from a fixture, as the server would (renderToString: text boundaries marked).
 *
 * @param html The fixture.
 */
function render( html: string ): string {
	const { json, data } = dataOf( html );
	return renderToString(
		<Lightbox
			data={ data }
			json={ json }
			label={ labelOf( html ) }
			onClose={ () => undefined }
		/>
	);
}

afterEach( () => {
	document.body.innerHTML = '';
} );

describe( 'the fixtures', () => {
	it( 'cover the cases the parity rests on', () => {
		expect( FIXTURES ).toEqual( [
			'embed-extension.html',
			'embed-instagram.html',
			'embed-none.html',
			'embed-picture.html',
			'embed-video.html',
			'first.html',
			'info-on.html',
			'last-no-loop.html',
			'middle.html',
			'no-filmstrip.html',
			'single.html',
			'window.html',
		] );
		const all = FIXTURES.map( fixture ).join( '' );
		// Hidden arrows, a thumbnail srcset, a stage srcset, escaped quotes and apostrophes, a multi-line description.
		expect( all ).toContain( ' hidden>' );
		expect( all ).toMatch( /thumb-image" src="[^"]*" srcset=/ );
		expect( all ).toMatch(
			/class="tessera-lightbox__image" src="[^"]*" srcset=/
		);
		expect( all ).toContain( '&#039;' );
		expect( all ).toContain( '&quot;' );
		expect( all ).toMatch( /tessera-lightbox__description">[^<]*\n/ );
		// Each way the stage shows an embed: a player, a picture's own address, nothing, an extension's box.
		expect( all ).toContain( '<iframe class="tessera-lightbox__embed' );
		expect( all ).toContain( 'allowfullscreen></iframe>' );
		expect( all ).toMatch(
			/class="tessera-lightbox__image" src="https:\/\/lh3\.googleusercontent\.com\/[^"]*" alt=/
		);
		expect( all ).toContain(
			'<div class="tessera-lightbox__stage"></div>'
		);
		expect( all ).toContain( 'class="tessera-lightbox__extension"' );
		expect( dataOf( fixture( 'window.html' ) ).data.images ).toHaveLength(
			101
		);
	} );
} );

describe.each( FIXTURES )( '%s', ( name ) => {
	const html = fixture( name );

	it( 'renders the same bytes as the server, in React’s spelling', () => {
		const rendered = render( html );
		expect( rendered ).toBe( asReactWrites( html ) );
		// No text node split in two (renderToString would mark it), so the static markup is the same.
		expect( rendered ).not.toContain( '<!-- -->' );
		const { json, data } = dataOf( html );
		expect(
			renderToStaticMarkup(
				<Lightbox
					data={ data }
					json={ json }
					label={ labelOf( html ) }
					onClose={ () => undefined }
				/>
			)
		).toBe( rendered );
	} );

	it( 'renders the same DOM as the server, node for node', () => {
		const rendered = render( html );
		expect( domOf( rendered ) ).toBe( domOf( html ) );
		// The spelling above changes no node.
		expect( domOf( asReactWrites( html ) ) ).toBe( domOf( html ) );
	} );

	it( 'hydrates without a warning, keeping every node the server made', async () => {
		document.body.innerHTML = `<div class="overlay">${ html }</div>`;
		const root = document.querySelector< HTMLElement >(
			'.tessera-lightbox'
		) as HTMLElement;
		const walker = document.createTreeWalker( root );
		const before: Node[] = [ root ];
		while ( walker.nextNode() ) {
			before.push( walker.currentNode );
		}
		let controller: LightboxController | undefined;
		await act( async () => {
			controller = window.tesseraLightbox?.hydrate( root, {
				onClose: () => undefined,
			} );
		} );
		const after = document.createTreeWalker( root );
		const nodes: Node[] = [ root ];
		while ( after.nextNode() ) {
			nodes.push( after.currentNode );
		}
		expect( nodes ).toHaveLength( before.length );
		nodes.forEach( ( node, index ) =>
			expect( node ).toBe( before[ index ] )
		);
		expect( root.parentElement?.className ).toBe( 'overlay' );
		expect(
			root.querySelector( 'script.tessera-lightbox__data' )?.textContent
		).toBe( dataOf( html ).json );
		await act( async () => controller?.close() );
	} );
} );

describe( 'the data guard', () => {
	const { json, data } = dataOf( fixture( 'middle.html' ) );
	const raw = (): Record< string, unknown > => JSON.parse( json );

	it( 'reads every setting and record of the server’s data', () => {
		expect( data.settings.current_image_key ).toBe( 19 );
		expect( data.settings.bwg_image_effect ).toBe( 'fade' );
		expect( data.ids ).toHaveLength( 40 );
		expect( data.images[ 19 ]?.number ).toBe( 20 );
		expect( readAnswer( fixture( 'middle.html' ) ) ).toEqual( data );
		expect( readAnswer( raw() ) ).toEqual( data );
	} );

	it.each( [
		[ 'not JSON', () => '{' ],
		[
			'a setting of the wrong type',
			() => ( {
				...raw(),
				settings: { ...( raw().settings as object ), enable_loop: 1 },
			} ),
		],
		[
			'an effect not allowed',
			() => ( {
				...raw(),
				settings: {
					...( raw().settings as object ),
					bwg_image_effect: 'spin',
				},
			} ),
		],
		[
			'a setting missing',
			() => ( {
				...raw(),
				settings: {
					...( raw().settings as object ),
					slideshow_interval: undefined,
				},
			} ),
		],
		[ 'no ids', () => ( { ...raw(), ids: [] } ) ],
		[
			'an id that is not a positive integer',
			() => ( { ...raw(), ids: [ ...data.ids.slice( 0, 39 ), '7' ] } ),
		],
		[
			'a current image not at its key',
			() => ( {
				...raw(),
				settings: {
					...( raw().settings as object ),
					current_image_key: 3,
				},
			} ),
		],
		[
			'a record at another place',
			() => ( {
				...raw(),
				images: data.images.map( ( image ) => ( {
					...image,
					number: image.number === 40 ? 1 : image.number,
				} ) ),
			} ),
		],
		[
			'a record field of the wrong type',
			() => ( {
				...raw(),
				images: data.images.map( ( image ) => ( {
					...image,
					image_width: '2000',
				} ) ),
			} ),
		],
		[
			'no record of the current image',
			() => ( {
				...raw(),
				images: data.images.filter( ( image ) => image.number !== 20 ),
			} ),
		],
		[
			'a current image without address',
			() => ( {
				...raw(),
				images: data.images.map( ( image ) => ( {
					...image,
					image_url: '',
				} ) ),
			} ),
		],
	] )( 'refuses %s', ( _name, make ) => {
		const value = make();
		expect(
			typeof value === 'string'
				? parseLightboxData( value )
				: toLightboxData( JSON.parse( JSON.stringify( value ) ) )
		).toBeNull();
	} );

	it( 'lets keys it does not know through, and finds no data in other HTML', () => {
		expect(
			toLightboxData( {
				...raw(),
				comments: [],
				settings: { ...( raw().settings as object ), rating: true },
			} )
		).not.toBeNull();
		expect(
			readAnswer(
				'<div class="tessera-lightbox-empty" role="alert">This image is not available.</div>'
			)
		).toBeNull();
		expect( readAnswer( 42 ) ).toBeNull();
	} );
} );
