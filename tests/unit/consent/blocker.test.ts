/**
 * External dependencies
 */
import {
	afterEach,
	beforeEach,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';

/**
 * Internal dependencies
 */
import {
	startBlocker,
	type Blocker,
} from '../../../src/runtime/consent/blocker';
import { parseConsentConfig } from '../../../src/runtime/consent/config';
import { GA_SRC, OTHER_SRC, RAW_CONFIG, YT_SRC } from './fixtures';

const { providers } = parseConsentConfig( RAW_CONFIG )!;

/** Categories allowed now; the blocker asks through `allowed`. */
let allowedNow: Set< string >;
let blocker: Blocker | null;

const start = (): Blocker => {
	blocker = startBlocker( providers, ( slug ) => allowedNow.has( slug ) );
	return blocker;
};

const microtask = () => new Promise( ( resolve ) => setTimeout( resolve, 0 ) );

const script = ( src: string, type?: string ): HTMLScriptElement => {
	const element = document.createElement( 'script' );
	if ( type ) {
		element.type = type;
	}
	element.src = src;
	return element;
};

describe( 'blocker', () => {
	beforeEach( () => {
		allowedNow = new Set( [ 'necessary' ] );
		blocker = null;
		window.ran = [];
	} );

	afterEach( () => {
		blocker?.stop();
		document.body.innerHTML = '';
	} );

	it( 'neutralises matching scripts and iframes present at start, leaves others', () => {
		document.body.innerHTML = `
			<script id="ga" async src="${ GA_SRC }"></script>
			<script id="mod" type="module" src="${ GA_SRC }"></script>
			<script id="other" src="${ OTHER_SRC }"></script>
			<iframe id="yt" width="560" height="315" src="${ YT_SRC }"></iframe>
			<iframe id="map" src="https://maps.other.test/embed"></iframe>`;
		start();
		const ga = document.getElementById( 'ga' )!;
		expect( ga.getAttribute( 'type' ) ).toBe( 'text/plain' );
		expect( ga.getAttribute( 'data-tessera-category' ) ).toBe(
			'analytics'
		);
		expect( ga.hasAttribute( 'data-tessera-type' ) ).toBe( false );
		expect( ga.getAttribute( 'src' ) ).toBe( GA_SRC );
		const mod = document.getElementById( 'mod' )!;
		expect( mod.getAttribute( 'type' ) ).toBe( 'text/plain' );
		expect( mod.getAttribute( 'data-tessera-type' ) ).toBe( 'module' );
		const yt = document.getElementById( 'yt' )!;
		expect( yt.hasAttribute( 'src' ) ).toBe( false );
		expect( yt.getAttribute( 'data-tessera-src' ) ).toBe( YT_SRC );
		expect( yt.getAttribute( 'data-tessera-category' ) ).toBe(
			'advertisement'
		);
		expect( document.getElementById( 'other' )!.outerHTML ).toBe(
			`<script id="other" src="${ OTHER_SRC }"></script>`
		);
		expect( document.getElementById( 'map' )!.getAttribute( 'src' ) ).toBe(
			'https://maps.other.test/embed'
		);
	} );

	it( 'leaves elements of allowed categories alone', () => {
		allowedNow.add( 'analytics' );
		document.body.innerHTML = `<script id="ga" src="${ GA_SRC }"></script>`;
		start();
		expect( document.getElementById( 'ga' )!.hasAttribute( 'type' ) ).toBe(
			false
		);
	} );

	it( 'blocks a provider of several categories until all are allowed', () => {
		allowedNow.add( 'analytics' );
		start();
		const both = script( 'https://cdn.example.test/both.js' );
		document.body.appendChild( both );
		expect( both.getAttribute( 'data-tessera-category' ) ).toBe(
			'analytics,advertisement'
		);
	} );

	it( 'neutralises a script before code inserts it (no microtask needed)', () => {
		start();
		const ga = script( GA_SRC );
		document.head.appendChild( ga );
		expect( ga.type ).toBe( 'text/plain' );
		const typed = script( GA_SRC, 'text/javascript' );
		document.body.insertBefore( typed, null );
		expect( typed.getAttribute( 'data-tessera-type' ) ).toBe(
			'text/javascript'
		);
		const wrapper = document.createElement( 'div' );
		const inner = script( GA_SRC );
		wrapper.appendChild( inner );
		document.body.append( wrapper );
		expect( inner.type ).toBe( 'text/plain' );
		const other = script( OTHER_SRC );
		document.body.prepend( other );
		expect( other.hasAttribute( 'type' ) ).toBe( false );
		document.head.removeChild( ga );
	} );

	it( 'neutralises an iframe inside what replaceChildren or insertAdjacentElement inserts, before it is in the page', () => {
		start();
		const box = document.createElement( 'div' );
		document.body.appendChild( box );
		// A popup parsed apart and put in at once (the lightbox's way): its iframe never gets to load.
		const template = document.createElement( 'template' );
		template.innerHTML = `<div><iframe src="${ YT_SRC }"></iframe></div>`;
		const popup = template.content.firstElementChild as Element;
		box.replaceChildren( popup );
		const frame = box.querySelector( 'iframe' ) as HTMLIFrameElement;
		expect( frame.hasAttribute( 'src' ) ).toBe( false );
		expect( frame.getAttribute( 'data-tessera-src' ) ).toBe( YT_SRC );
		const other = document.createElement( 'iframe' );
		other.src = YT_SRC;
		box.insertAdjacentElement( 'beforeend', other );
		expect( other.hasAttribute( 'src' ) ).toBe( false );
		box.remove();
	} );

	it( 'neutralises an iframe and a script added later as HTML (MutationObserver)', async () => {
		start();
		const container = document.createElement( 'div' );
		document.body.appendChild( container );
		container.innerHTML = `<iframe src="${ YT_SRC }"></iframe><script src="${ GA_SRC }"></script>`;
		await microtask();
		const iframe = container.querySelector( 'iframe' )!;
		expect( iframe.hasAttribute( 'src' ) ).toBe( false );
		expect( iframe.getAttribute( 'data-tessera-src' ) ).toBe( YT_SRC );
		expect( container.querySelector( 'script' )!.type ).toBe(
			'text/plain'
		);
	} );

	it( 'stops guarding after stop()', () => {
		start().stop();
		blocker = null;
		const ga = script( GA_SRC );
		document.head.appendChild( ga );
		expect( ga.hasAttribute( 'type' ) ).toBe( false );
		ga.remove();
	} );

	it( 'restores allowed elements in document order, scripts running in turn', () => {
		document.body.innerHTML = `
			<script type="text/plain" data-tessera-category="analytics">window.ran.push( 'first' )</script>
			<script id="ext" async src="${ GA_SRC }"></script>
			<script type="text/plain" data-tessera-category="analytics">window.ran.push( 'after-ext' )</script>
			<script type="text/plain" data-tessera-category="advertisement">window.ran.push( 'ad' )</script>
			<script type="text/plain" data-tessera-category="marketing">window.ran.push( 'unknown' )</script>
			<iframe id="yt" src="${ YT_SRC }"></iframe>`;
		start();
		expect( window.ran ).toEqual( [] );
		allowedNow.add( 'analytics' );
		blocker!.restore();
		// The external script is re-created and waits for its load.
		expect( window.ran ).toEqual( [ 'first' ] );
		const ext = document.getElementById( 'ext' ) as HTMLScriptElement;
		expect( ext.hasAttribute( 'type' ) ).toBe( false );
		expect( ext.hasAttribute( 'data-tessera-category' ) ).toBe( false );
		expect( ext.getAttribute( 'src' ) ).toBe( GA_SRC );
		expect( ext.async ).toBe( false );
		ext.dispatchEvent( new Event( 'load' ) );
		expect( window.ran ).toEqual( [ 'first', 'after-ext' ] );
		// Other categories, and unknown ones, stay blocked.
		expect( document.getElementById( 'yt' )!.hasAttribute( 'src' ) ).toBe(
			false
		);
		allowedNow.add( 'advertisement' );
		blocker!.restore();
		expect( window.ran ).toEqual( [ 'first', 'after-ext', 'ad' ] );
		expect( document.getElementById( 'yt' )!.getAttribute( 'src' ) ).toBe(
			YT_SRC
		);
		expect(
			document.querySelectorAll( '[data-tessera-category]' )
		).toHaveLength( 1 );
	} );

	it( 'restores the original type of a blocked script', () => {
		document.body.innerHTML = `<script type="text/plain" data-tessera-category="analytics" data-tessera-type="text/javascript">window.ran.push( 'typed' )</script>`;
		start();
		allowedNow.add( 'analytics' );
		blocker!.restore();
		expect( window.ran ).toEqual( [ 'typed' ] );
		const restored = document.body.querySelector( 'script' )!;
		expect( restored.getAttribute( 'type' ) ).toBe( 'text/javascript' );
		expect( restored.hasAttribute( 'data-tessera-type' ) ).toBe( false );
	} );

	it( 'does not run a script twice when restore is called again', () => {
		document.body.innerHTML = `<script type="text/plain" data-tessera-category="analytics">window.ran.push( 'once' )</script>`;
		start();
		allowedNow.add( 'analytics' );
		blocker!.restore();
		blocker!.restore();
		expect( window.ran ).toEqual( [ 'once' ] );
	} );

	it( 'restores what the server blocked as it reaches the page, when allowed: externals at once, in order, inline code after them', async () => {
		allowedNow.add( 'analytics' ).add( 'advertisement' );
		start();
		// The parser (here: innerHTML, seen by the MutationObserver) adds what the server rewrote.
		const container = document.createElement( 'div' );
		document.body.appendChild( container );
		container.innerHTML = `
			<script id="one" type="text/plain" data-tessera-category="analytics" async src="${ GA_SRC }?1"></script>
			<script id="two" type="text/plain" data-tessera-category="analytics" src="${ GA_SRC }?2"></script>
			<script type="text/plain" data-tessera-category="analytics">window.ran.push( 'inline' )</script>
			<iframe id="yt" data-tessera-category="advertisement" data-tessera-src="${ YT_SRC }"></iframe>
			<script type="text/plain" data-tessera-category="performance">window.ran.push( 'refused' )</script>`;
		await microtask();
		const one = document.getElementById( 'one' ) as HTMLScriptElement;
		const two = document.getElementById( 'two' ) as HTMLScriptElement;
		// Both external scripts are live, ordered (async false); the iframe has its src: no order to keep.
		for ( const el of [ one, two ] ) {
			expect( el.hasAttribute( 'type' ) ).toBe( false );
			expect( el.async ).toBe( false );
		}
		expect( document.getElementById( 'yt' )!.getAttribute( 'src' ) ).toBe(
			YT_SRC
		);
		// Inline code waits for the last external script before it (the browser runs those in order).
		expect( window.ran ).toEqual( [] );
		one.dispatchEvent( new Event( 'load' ) );
		expect( window.ran ).toEqual( [] );
		two.dispatchEvent( new Event( 'error' ) );
		expect( window.ran ).toEqual( [ 'inline' ] );
		// A category not allowed stays blocked, and nothing runs twice on later mutations.
		document.body.appendChild( document.createElement( 'p' ) );
		await microtask();
		expect( window.ran ).toEqual( [ 'inline' ] );
		expect(
			document.querySelectorAll( '[data-tessera-category]' )
		).toHaveLength( 1 );
	} );

	it( 'restores nothing the parser adds while its category is not allowed', async () => {
		start();
		const container = document.createElement( 'div' );
		document.body.appendChild( container );
		container.innerHTML = `<script type="text/plain" data-tessera-category="analytics">window.ran.push( 'analytics' )</script>
			<iframe data-tessera-category="advertisement" data-tessera-src="${ YT_SRC }"></iframe>`;
		await microtask();
		expect( window.ran ).toEqual( [] );
		expect(
			container.querySelector( 'iframe' )!.hasAttribute( 'src' )
		).toBe( false );
	} );

	it( 'keeps a deferred script reached while the page is parsed for the end of parsing, in order', async () => {
		allowedNow.add( 'analytics' );
		const state = jest
			.spyOn( document, 'readyState', 'get' )
			.mockReturnValue( 'loading' );
		start();
		const container = document.createElement( 'div' );
		document.body.appendChild( container );
		container.innerHTML = `
			<script id="late" type="text/plain" data-tessera-category="analytics" defer src="${ GA_SRC }?defer"></script>
			<script id="now" type="text/plain" data-tessera-category="analytics" src="${ GA_SRC }?now"></script>`;
		await microtask();
		expect( document.getElementById( 'now' )!.hasAttribute( 'type' ) ).toBe(
			false
		);
		expect(
			document.getElementById( 'late' )!.getAttribute( 'type' )
		).toBe( 'text/plain' );
		state.mockReturnValue( 'interactive' );
		document.dispatchEvent( new Event( 'DOMContentLoaded' ) );
		const late = document.getElementById( 'late' ) as HTMLScriptElement;
		expect( late.hasAttribute( 'type' ) ).toBe( false );
		expect( late.async ).toBe( false );
		state.mockRestore();
	} );
} );
