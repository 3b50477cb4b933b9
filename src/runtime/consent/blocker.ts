/**
 * The blocker: scripts and iframes whose URL matches a provider of a blocked
 * category are neutralised — whether they are in the page at start, inserted
 * by code (the DOM insertion methods check an element before inserting it; a
 * MutationObserver catches the rest, e.g. HTML parsed into the page) — and
 * restored, in document order, when their categories are allowed: after a
 * choice, and as the parser reaches them once allowed (a returning visitor).
 *
 * Markup of a blocked element (the server may print the same):
 * `<script type="text/plain" data-tessera-category="analytics" data-tessera-type="module" src="…">`,
 * `<iframe data-tessera-category="marketing" data-tessera-src="…">`.
 */

/**
 * Internal dependencies
 */
import type { ConsentProvider } from './types';

/** Attribute listing the categories (comma-separated) an element waits for. */
export const CATEGORY_ATTR = 'data-tessera-category';
/** Attribute keeping a blocked script's original `type`. */
export const TYPE_ATTR = 'data-tessera-type';
/** Attribute keeping a blocked iframe's `src`. */
export const SRC_ATTR = 'data-tessera-src';

/** What `startBlocker` returns. */
export interface Blocker {
	/** Restores the blocked elements whose categories are all allowed now. */
	restore: () => void;
	/** Stops watching the page and removes the insertion guard. */
	stop: () => void;
}

/** What the blocker looks at. */
const WATCHED = 'script[src],iframe[src]';

/** DOM methods that insert nodes, checked before they run. */
const INSERTERS = [
	'appendChild',
	'insertBefore',
	'replaceChild',
	'append',
	'prepend',
	'before',
	'after',
	'replaceWith',
	'replaceChildren',
	'insertAdjacentElement',
];

const setAttr = ( el: Element, name: string, value: string ): void =>
	Element.prototype.setAttribute.call( el, name, value );

/**
 * Starts blocking.
 *
 * @param providers The configured providers.
 * @param allowed   Whether a category slug may run now (false for unknown).
 * @return The blocker.
 */
export function startBlocker(
	providers: ConsentProvider[],
	allowed: ( slug: string ) => boolean
): Blocker {
	const waits = ( slugs: string[] ) => ! slugs.every( allowed );

	// The categories a blocked URL waits for, or null when it may load.
	const match = ( url: string ): string[] | null => {
		let parsed: URL;
		try {
			parsed = new URL( url, document.baseURI );
		} catch {
			return null;
		}
		for ( const { test, categories, fullPath } of providers ) {
			if (
				test(
					fullPath ? parsed.href : parsed.host + parsed.pathname
				) &&
				waits( categories )
			) {
				return categories;
			}
		}
		return null;
	};

	const blockScript = ( el: Element, slugs: string[] ): void => {
		const type = el.getAttribute( 'type' );
		// (never an element already blocked: `check` skips those)
		if ( type ) {
			setAttr( el, TYPE_ATTR, type );
		}
		setAttr( el, 'type', 'text/plain' );
		setAttr( el, CATEGORY_ATTR, slugs.join( ',' ) );
	};

	// Neutralises a script or iframe in the page when it must wait.
	// Only called for what matches WATCHED: the `src` is there.
	const check = ( el: Element ): void => {
		const src = el.getAttribute( 'src' ) as string;
		const slugs = el.hasAttribute( CATEGORY_ATTR ) ? null : match( src );
		if ( ! slugs ) {
			return;
		}
		if ( el.tagName === 'SCRIPT' ) {
			blockScript( el, slugs );
		} else {
			setAttr( el, SRC_ATTR, src );
			setAttr( el, CATEGORY_ATTR, slugs.join( ',' ) );
			el.removeAttribute( 'src' );
		}
	};

	// Checks a node and every script or iframe inside it. Cheap for what the
	// parser adds one element at a time (no children yet: no query), and
	// nothing but scripts and iframes is looked at.
	const scan = ( node: unknown ): void => {
		if ( ( node as Element | null )?.matches?.( WATCHED ) ) {
			check( node as Element );
		}
		if ( ( node as ParentNode | null )?.firstElementChild ) {
			( node as ParentNode ).querySelectorAll( WATCHED ).forEach( check );
		}
	};
	// Restoring, in document order: one queue for restore() and for the
	// observer, which restores what the parser reaches of an allowed category
	// (a returning visitor's accepted scripts, on every page). External
	// scripts go in at once with `async = false` (the browser runs those in
	// insertion order); anything after them that is not external waits for
	// the `load`/`error` of the last one, which fires once all have run.
	const queue: HTMLScriptElement[] = [];
	let pending: HTMLScriptElement | null = null;
	const run = (): void => {
		for ( let el = queue[ 0 ]; el; el = queue[ 0 ] ) {
			const external = el.hasAttribute( 'src' );
			if ( pending && ! external ) {
				return;
			}
			queue.shift();
			// A text/plain script was never "already started", nor is its
			// clone (the flag is copied): inserting the clone runs it.
			const copy = el.cloneNode( true ) as HTMLScriptElement;
			const type = el.getAttribute( TYPE_ATTR );
			if ( type ) {
				setAttr( copy, 'type', type );
			} else {
				copy.removeAttribute( 'type' );
			}
			copy.removeAttribute( TYPE_ATTR );
			// (a nomodule script never loads in a browser that runs this)
			if ( external && ! copy.noModule ) {
				copy.async = false;
				pending = copy;
				copy.onload = copy.onerror = () => {
					if ( pending === copy ) {
						pending = null;
						run();
					}
				};
			}
			el.replaceWith( copy );
		}
	};
	// Deferred external scripts reached while the page is parsed: queued
	// once it is, in order, as the browser runs `defer` scripts.
	const deferred: HTMLScriptElement[] = [];
	document.addEventListener( 'DOMContentLoaded', () => {
		queue.push( ...deferred.splice( 0 ) );
		run();
	} );
	// Restores a blocked element whose categories are all allowed now: an
	// iframe at once (no order to keep), a script through the queue.
	const take = ( el: Element ): void => {
		if (
			! waits(
				( el.getAttribute( CATEGORY_ATTR ) as string ).split( ',' )
			)
		) {
			el.removeAttribute( CATEGORY_ATTR );
			if ( el.tagName === 'SCRIPT' ) {
				( ( el as HTMLScriptElement ).defer &&
				! ( el as HTMLScriptElement ).async &&
				el.hasAttribute( 'src' ) &&
				document.readyState === 'loading'
					? deferred
					: queue
				).push( el as HTMLScriptElement );
			} else {
				setAttr( el, 'src', el.getAttribute( SRC_ATTR ) as string );
				el.removeAttribute( SRC_ATTR );
			}
		}
	};
	const restore = (): void => {
		document.querySelectorAll( `[${ CATEGORY_ATTR }]` ).forEach( take );
		run();
	};

	scan( document.documentElement );
	restore();
	// What reached the page some other way (HTML parsed after the runtime,
	// innerHTML): one query of the page per batch of mutations — checking
	// every added node's subtree costs far more while a page is parsed.
	// Blocked elements of allowed categories are restored; others blocked.
	const observer = new MutationObserver( () => {
		document
			.querySelectorAll( `${ WATCHED },[${ CATEGORY_ATTR }]` )
			.forEach( ( el ) =>
				el.hasAttribute( CATEGORY_ATTR ) ? take( el ) : check( el )
			);
		run();
	} );
	observer.observe( document.documentElement, {
		childList: true,
		subtree: true,
	} );

	// Code that inserts an element (appendChild, insertBefore, append, …) has
	// it checked first, so a blocked script is never started.
	const patched = INSERTERS.map( ( name ) => {
		const proto = ( name in Node.prototype ? Node : Element )
			.prototype as unknown as Record<
			string,
			( ...args: unknown[] ) => unknown
		>;
		const insert = proto[ name ] as ( ...args: unknown[] ) => unknown;
		proto[ name ] = function ( this: Node, ...args: unknown[] ) {
			args.forEach( scan );
			return insert.apply( this, args );
		};
		return () => {
			proto[ name ] = insert;
		};
	} );

	return {
		restore,
		stop() {
			observer.disconnect();
			patched.forEach( ( unpatch ) => unpatch() );
		},
	};
}
