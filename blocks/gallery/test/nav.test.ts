/**
 * The in-place navigation's fields (spec §7) and its handling of answers and failures.
 */

/**
 * External dependencies
 */
import { afterEach, describe, expect, it, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import { callFields, loadPlayer, navigate, targetOf } from '../nav';

/**
 * A gallery container with AJAX on, widget number 2.
 *
 * @param items Image ids shown.
 */
function container( items: number[] ): HTMLElement {
	document.body.innerHTML = `<div id="bwg_container1_2" data-bwg="2" data-view="masonry" data-gallery-id="7"
		data-ajax-url="/wp-admin/admin-ajax.php?action=tessera_gallery_page" data-shortcode-id="abc.def"
		data-error="Sorry, there was an error loading the next page.">
		<ul class="tessera-gallery__items">${ items
			.map(
				( id ) =>
					`<li data-image-id="${ id }"><a href="#">${ id }</a></li>`
			)
			.join( '' ) }<li class="tessera-gallery__end" hidden></li></ul>
		<div class="tessera-gallery__load-bar"><a class="tessera-gallery__load-more" href="?page_number_2=2">Load more</a></div>
	</div>`;
	return document.getElementById( 'bwg_container1_2' ) as HTMLElement;
}

/**
 * Makes fetch answer with a status and a body.
 *
 * @param status HTTP status.
 * @param body   Body.
 */
function answer( status: number, body: string ): void {
	window.fetch = jest.fn( async () => ( {
		ok: status === 200,
		status,
		text: async () => body,
	} ) ) as unknown as typeof window.fetch;
}

const shownIds = () =>
	Array.from( document.querySelectorAll( '[data-image-id]' ), ( item ) =>
		item.getAttribute( 'data-image-id' )
	);

describe( 'gallery in-place navigation', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'maps the address of the new state to the spec’s fields of this gallery only', () => {
		const target = new URL(
			'http://site.test/page/?page_number_2=3&bwg_search_2=sea&sort_by_2=title&filter_tag_2=4,5&bwg_random_seed_2=9&page_number_1=7#bwg_container1_2'
		);
		const fields = callFields( container( [ 1 ] ), target, true );
		expect( Object.fromEntries( fields ) ).toEqual( {
			'bwg-preview-type': 'masonry',
			gallery_type: 'masonry',
			gallery_id: '7',
			tag: '',
			album_id: '',
			theme_id: '0',
			shortcode_id: 'abc.def',
			bwg: '2',
			current_url:
				'http://site.test/page/?page_number_2=3&bwg_search_2=sea&sort_by_2=title&filter_tag_2=4,5&bwg_random_seed_2=9&page_number_1=7',
			title_2: '',
			description_2: '',
			page_number_2: '3',
			bwg_search_2: 'sea',
			sortImagesByValue_2: 'title',
			bwg_tag_id_bwg_container1_2: '4,5',
			bwg_random_seed_2: '9',
			type_2: '',
			album_gallery_id_2: '',
			bwg_album_breadcrumb_2: '',
			action_2: '',
			bwg_load_more_2: '1',
		} );
	} );

	it( 'takes the address from the link followed or the form submitted; Back goes one level up', () => {
		const gallery = container( [ 1 ] );
		const more = gallery.querySelector(
			'.tessera-gallery__load-more'
		) as HTMLAnchorElement;
		const [ moreTarget, isMore ] = targetOf( gallery, more );
		expect( moreTarget.searchParams.get( 'page_number_2' ) ).toBe( '2' );
		expect( isMore ).toBe( true );

		gallery.insertAdjacentHTML(
			'beforeend',
			`<nav><ol><li class="tessera-album__crumb"><a href="/page/?type_2=album&amp;album_gallery_id_2=3">Top</a></li>
			<li class="tessera-album__crumb"><a href="/page/?type_2=album&amp;album_gallery_id_2=4">Trips</a></li></ol></nav>
			<a data-action="back" href="/page/">Back</a>
			<form action="/page/?ignored=1"><input name="bwg_search_2" value="sea &amp; sand"><input name="sort_by_2" value="title"></form>`
		);
		const [ back, backMore ] = targetOf(
			gallery,
			gallery.querySelector( '[data-action=back]' ) as HTMLAnchorElement
		);
		expect( back.searchParams.get( 'album_gallery_id_2' ) ).toBe( '4' );
		expect( back.searchParams.get( 'action_2' ) ).toBe( 'back' );
		expect( backMore ).toBe( false );

		const [ search ] = targetOf(
			gallery,
			gallery.querySelector( 'form' ) as HTMLFormElement
		);
		expect( search.pathname ).toBe( '/page/' );
		expect( search.search ).toBe(
			'?bwg_search_2=sea+%26+sand&sort_by_2=title'
		);
	} );

	it( 'appends the items of load more and moves the keyboard to the first new one', async () => {
		const gallery = container( [ 1, 2 ] );
		answer(
			200,
			`<div id="bwg_container1_2"><ul class="tessera-gallery__items"><li data-image-id="3"><a href="#">3</a></li><li class="tessera-gallery__end" hidden></li></ul>
			<div class="tessera-gallery__load-bar"><p>Showing 3 of 3 images</p></div></div>`
		);
		await navigate(
			gallery,
			new URL( 'http://site.test/?page_number_2=2' ),
			true
		);
		expect( shownIds() ).toEqual( [ '1', '2', '3' ] );
		// One end marker, the list's last child (layouts.css paints a list of rows whole only once it has one).
		const list = gallery.querySelector( '.tessera-gallery__items' );
		expect(
			list?.querySelectorAll( '.tessera-gallery__end' )
		).toHaveLength( 1 );
		expect( list?.lastElementChild?.className ).toBe(
			'tessera-gallery__end'
		);
		expect(
			document.querySelector( '.tessera-gallery__load-more' )
		).toBeNull();
		expect( gallery.ownerDocument.activeElement?.textContent ).toBe( '3' );
		expect( gallery.hasAttribute( 'aria-busy' ) ).toBe( false );
	} );

	it( 'replaces the container with the answer', async () => {
		const gallery = container( [ 1, 2 ] );
		window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
		answer(
			200,
			'<div id="bwg_container1_2" data-bwg="2"><ul class="tessera-gallery__items"><li data-image-id="9"></li></ul></div>'
		);
		await navigate(
			gallery,
			new URL( 'http://site.test/?page_number_2=4' ),
			false
		);
		expect( shownIds() ).toEqual( [ '9' ] );
		expect( gallery.ownerDocument.activeElement?.id ).toBe(
			'bwg_container1_2'
		);
		expect( gallery.isConnected ).toBe( false );
	} );

	it.each( [
		[ 400, 'Sorry, there was an error loading the next page.' ],
		[ 200, '<div id="another">not this gallery</div>' ],
		[ 200, '' ],
	] )(
		'keeps the content and alerts on a failed answer (%d)',
		async ( status, body ) => {
			const gallery = container( [ 1, 2 ] );
			answer( status, body );
			await navigate(
				gallery,
				new URL( 'http://site.test/?page_number_2=2' ),
				true
			);
			expect( shownIds() ).toEqual( [ '1', '2' ] );
			const alert = document.querySelector( '[role="alert"]' );
			expect( alert?.textContent ).toBe(
				'Sorry, there was an error loading the next page.'
			);
			// A second failure does not pile up alerts.
			await navigate(
				gallery,
				new URL( 'http://site.test/?page_number_2=2' ),
				true
			);
			expect(
				document.querySelectorAll( '[role="alert"]' )
			).toHaveLength( 1 );
		}
	);
} );

describe( 'loadPlayer', () => {
	it( 'loads the player script once for a player that arrived on a page without it', () => {
		document.head.innerHTML = '';
		const content = document.createElement( 'div' );
		content.innerHTML =
			'<div data-player="slideshow" data-src="/p/player.js?ver=1"></div>';
		loadPlayer( content );
		loadPlayer( content );
		const scripts = document.head.querySelectorAll( 'script' );
		expect( scripts ).toHaveLength( 1 );
		expect( scripts[ 0 ]?.getAttribute( 'src' ) ).toBe(
			'/p/player.js?ver=1'
		);
	} );

	it( 'loads nothing without a player', () => {
		document.head.innerHTML = '';
		const content = document.createElement( 'div' );
		content.innerHTML = '<ul class="tessera-gallery__items"></ul>';
		loadPlayer( content );
		expect( document.head.querySelectorAll( 'script' ) ).toHaveLength( 0 );
	} );
} );
