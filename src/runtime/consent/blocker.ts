/**
 * The blocker: scripts and iframes whose URL matches a provider of a blocked
 * category are neutralised — whether they are in the page at start, inserted
 * by code (the DOM insertion methods check an element before inserting it; a
 * MutationObserver catches the rest, e.g. HTML parsed into the page) — and
 * restored, in document order, when their categories are allowed.
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
		if ( type && ! el.hasAttribute( CATEGORY_ATTR ) ) {
			setAttr( el, TYPE_ATTR, type );
		}
		setAttr( el, 'type', 'text/plain' );
		setAttr( el, CATEGORY_ATTR, slugs.join( ',' ) );
	};

	// Neutralises a script or iframe in the page when it must wait.
	const check = ( el: Element ): void => {
		const src = el.getAttribute( 'src' );
		const slugs =
			src && ! el.hasAttribute( CATEGORY_ATTR ) ? match( src ) : null;
		if ( ! slugs ) {
			return;
		}
		if ( el.tagName === 'SCRIPT' ) {
			blockScript( el, slugs );
		} else {
			setAttr( el, SRC_ATTR, src as string );
			setAttr( el, CATEGORY_ATTR, slugs.join( ',' ) );
			el.removeAttribute( 'src' );
		}
	};

	// Checks a node and every script or iframe inside it.
	const scan = ( node: unknown ): void => {
		if ( node instanceof Element ) {
			check( node );
		}
		if ( node instanceof Element || node instanceof DocumentFragment ) {
			node.querySelectorAll( 'script[src],iframe[src]' ).forEach( check );
		}
	};
	scan( document.documentElement );
	const observer = new MutationObserver( ( records ) =>
		records.forEach( ( record ) => record.addedNodes.forEach( scan ) )
	);
	observer.observe( document.documentElement, {
		childList: true,
		subtree: true,
	} );

	// Code that inserts an element (appendChild, insertBefore, append, …) has
	// it checked first, so a blocked script is never started.
	const patched = INSERTERS.map( ( name ) => {
		const proto = ( Object.hasOwn( Node.prototype, name )
			? Node.prototype
			: Element.prototype ) as unknown as Record<
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
		restore() {
			const queue = Array.from(
				document.querySelectorAll( `[${ CATEGORY_ATTR }]` )
			).filter(
				( el ) =>
					! waits(
						( el.getAttribute( CATEGORY_ATTR ) ?? '' ).split( ',' )
					)
			);
			queue.forEach( ( el ) => el.removeAttribute( CATEGORY_ATTR ) );
			const next = (): void => {
				const el = queue.shift();
				if ( ! el ) {
					return;
				}
				if ( el.tagName !== 'SCRIPT' ) {
					setAttr( el, 'src', el.getAttribute( SRC_ATTR ) ?? '' );
					el.removeAttribute( SRC_ATTR );
					return next();
				}
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
				const waitsForLoad =
					copy.hasAttribute( 'src' ) && ! copy.noModule;
				if ( waitsForLoad ) {
					copy.async = false;
					copy.onload = copy.onerror = next;
				}
				el.replaceWith( copy );
				if ( ! waitsForLoad ) {
					next();
				}
			};
			next();
		},
		stop() {
			observer.disconnect();
			patched.forEach( ( unpatch ) => unpatch() );
		},
	};
}
