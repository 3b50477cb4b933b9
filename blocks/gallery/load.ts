/**
 * What the gallery's view script loads on intent (docs/gallery.md, docs/lightbox.md "Loading"): the in-place
 * navigation (`nav.ts`) and the lightbox's island, each once, by the global it defines.
 */

/** The globals that the scripts loaded on intent define. */
export interface Loaded {
	tesseraGalleryNav: unknown;
	tesseraLightbox: unknown;
}

const loads: Partial< Record< keyof Loaded, Promise< unknown > > > = {};

/**
 * Injects files once, in order (those already on the page are skipped): stylesheets (`.css`) and scripts
 * (`async = false`: they run in order). Resolves with the global `name` once the last script and every stylesheet
 * have loaded; rejects when a file fails or the global is missing, and then tries again on the next call. The
 * promise handles its own rejection: a caller that only starts the loading need not.
 *
 * @param name The global that the scripts define.
 * @param urls Addresses.
 * @return That global.
 */
export function load< T >( name: keyof Loaded, urls: string[] ): Promise< T > {
	const loading = ( loads[ name ] ||= new Promise( ( resolve, reject ) => {
		let waiting = 1;
		let last: HTMLElement | undefined;
		const done = () => {
			if ( ! --waiting ) {
				const value = ( window as unknown as Loaded )[ name ];
				if ( value ) {
					resolve( value );
				} else {
					reject();
				}
			}
		};
		for ( const url of urls ) {
			if (
				! document.querySelector( `[src="${ url }"],[href="${ url }"]` )
			) {
				const css = /\.css\b/.test( url );
				const node = document.createElement(
					css ? 'link' : 'script'
				) as HTMLLinkElement & HTMLScriptElement;
				if ( css ) {
					node.rel = 'stylesheet';
					node.href = url;
					node.onload = done;
					waiting++;
				} else {
					node.src = url;
					node.async = false;
					last = node;
				}
				node.onerror = reject;
				document.head.append( node );
			}
		}
		if ( last ) {
			last.onload = done;
		} else {
			done();
		}
	} ) );
	loading.catch( () => delete loads[ name ] );
	return loading as Promise< T >;
}
