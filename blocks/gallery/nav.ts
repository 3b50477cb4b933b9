/**
 * The gallery's in-place navigation (front-end AJAX on; docs/gallery.md "Navigation — wire", spec §7), loaded by
 * view.ts on intent, which hands it the link followed or the form submitted: the address they lead to becomes the spec's POST fields, and the answer
 * replaces the container, or, for load more, its items are appended. A failure keeps the content and says so in an
 * alert (spec §8's message, from the container's `data-error`).
 */

/**
 * Internal dependencies
 */
import { scrollToContainer } from './scroll';

/** The spec's field (§7) for each address parameter of gallery `{n}` (both suffixed with `{n}`). */
const FIELDS: Record< string, string > = {
	page_number_: 'page_number_',
	bwg_search_: 'bwg_search_',
	sort_by_: 'sortImagesByValue_',
	filter_tag_: 'bwg_tag_id_bwg_container1_',
	bwg_random_seed_: 'bwg_random_seed_',
	type_: 'type_',
	album_gallery_id_: 'album_gallery_id_',
	bwg_album_breadcrumb_: 'bwg_album_breadcrumb_',
	action_: 'action_',
};

/**
 * The fields of a navigation call (spec §7) that shows gallery `{n}` as the address `target` would.
 *
 * @param container The gallery's container.
 * @param target    The address a link or the search form leads to.
 * @param more      Load more (append the page).
 */
export function callFields(
	container: HTMLElement,
	target: URL,
	more: boolean
): URLSearchParams {
	const n = container.dataset.bwg || '0';
	const data = container.dataset;
	const url = new URL( target.href );
	url.hash = '';
	const fields = new URLSearchParams( {
		'bwg-preview-type': data.view || '',
		gallery_type: data.view || '',
		gallery_id: data.galleryId || '',
		tag: '',
		album_id: data.albumId || '',
		theme_id: '0',
		shortcode_id: data.shortcodeId || '',
		bwg: n,
		current_url: url.href,
	} );
	// The gallery's landmark name as the page gave it (unique on the page).
	fields.set( 'title_' + n, data.title || '' );
	fields.set( 'description_' + n, '' );
	for ( const [ param, field ] of Object.entries( FIELDS ) ) {
		fields.set( field + n, target.searchParams.get( param + n ) || '' );
	}
	fields.set( 'bwg_load_more_' + n, more ? '1' : '0' );
	return fields;
}

/**
 * Loads the player script for a slideshow or carousel that the navigation put on a page that had none (an
 * album opening one in place); where it is on the page already, it starts the new player itself.
 *
 * @param content The new content.
 */
export function loadPlayer( content: HTMLElement ): void {
	const src =
		content.querySelector< HTMLElement >( '[data-player]' )?.dataset.src;
	if (
		src &&
		! Array.from( document.scripts ).some(
			( script ) => script.src === new URL( src, document.baseURI ).href
		)
	) {
		const script = document.createElement( 'script' );
		script.src = src;
		document.head.append( script );
	}
}

/**
 * Navigates gallery `{n}` in place: POSTs the call, then replaces the container with the answer (or appends its
 * items for load more). On failure the content stays and an alert says so.
 *
 * @param container The gallery's container.
 * @param target    The address of the new state.
 * @param more      Load more.
 */
export async function navigate(
	container: HTMLElement,
	target: URL,
	more: boolean
): Promise< void > {
	container.setAttribute( 'aria-busy', 'true' );
	container.querySelector( '.tessera-gallery__failure' )?.remove();
	try {
		const response = await fetch( container.dataset.ajaxUrl || '', {
			method: 'POST',
			body: callFields( container, target, more ),
			credentials: 'same-origin',
		} );
		const template = document.createElement( 'template' );
		template.innerHTML = response.ok ? await response.text() : '';
		const next = template.content.firstElementChild;
		if ( ! ( next instanceof HTMLElement ) || next.id !== container.id ) {
			throw new Error( String( response.status ) );
		}
		let focus: HTMLElement | null = next;
		if ( more ) {
			const list = container.querySelector( '.tessera-gallery__items' );
			const added = next.querySelector( '.tessera-gallery__items' );
			focus = added?.firstElementChild as HTMLElement | null;
			if ( ! list || ! focus ) {
				throw new Error( 'items' );
			}
			// The next page's items go after this page's, and its end marker takes the place of this one.
			list.querySelector( ':scope > .tessera-gallery__end' )?.remove();
			list.append( ...Array.from( added?.children || [] ) );
			container
				.querySelector( '.tessera-gallery__load-bar' )
				?.replaceWith(
					next.querySelector( '.tessera-gallery__load-bar' ) || ''
				);
			focus = focus.querySelector( 'a' ) || focus;
		} else {
			container.replaceWith( next );
			next.tabIndex = -1;
			scrollToContainer( next );
			loadPlayer( next );
		}
		focus.focus( { preventScroll: ! more } );
		document.dispatchEvent(
			new CustomEvent( 'tessera-gallery:updated', {
				detail: more ? container : next,
			} )
		);
	} catch {
		const alert = document.createElement( 'p' );
		alert.className = 'tessera-gallery__failure';
		alert.setAttribute( 'role', 'alert' );
		alert.textContent = container.dataset.error || '';
		container.prepend( alert );
	} finally {
		container.removeAttribute( 'aria-busy' );
	}
}

/**
 * The address of the state a link or the search and sort form of a gallery leads to, and whether it is load more.
 * In place, an album's Back goes one level up: the breadcrumb's last link, with the Back action.
 *
 * @param container The gallery's container.
 * @param source    The link followed or the form submitted.
 * @return The address and load more.
 */
export function targetOf(
	container: HTMLElement,
	source: HTMLAnchorElement | HTMLFormElement
): [ URL, boolean ] {
	if ( source instanceof HTMLFormElement ) {
		const target = new URL( source.action, document.baseURI );
		target.search = new URLSearchParams(
			new FormData( source ) as unknown as Record< string, string >
		).toString();
		return [ target, false ];
	}
	if ( source.dataset.action === 'back' ) {
		const levels = container.querySelectorAll< HTMLAnchorElement >(
			'.tessera-album__crumb a'
		);
		const back = new URL(
			levels[ levels.length - 1 ]?.href || source.href,
			document.baseURI
		);
		back.searchParams.set( 'action_' + container.dataset.bwg, 'back' );
		return [ back, false ];
	}
	return [
		new URL( source.href, document.baseURI ),
		source.classList.contains( 'tessera-gallery__load-more' ),
	];
}

/**
 * What the view script calls (its global `tesseraGalleryNav`): navigates a gallery in place to where a link or
 * its form leads.
 *
 * @param container The gallery's container.
 * @param source    The link followed or the form submitted.
 * @return Done.
 */
export function follow(
	container: HTMLElement,
	source: HTMLAnchorElement | HTMLFormElement
): Promise< void > {
	return navigate( container, ...targetOf( container, source ) );
}

(
	window as unknown as { tesseraGalleryNav: typeof follow }
 ).tesseraGalleryNav = follow;
