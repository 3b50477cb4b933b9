/**
 * Embeds in the lightbox (docs/lightbox.md "Embeds"; spec §3 "Embed filetypes", §9 embed sizes; issue 7): a
 * gallery of images given an address of every embed type shows, step by step, each provider's player (16:9, or
 * Instagram's post with its extra sizes, clear of the arrows), a picture's own address, nothing for a Flickr video,
 * and the plain image after them; a player stops when the visitor steps away (its frame is gone); and a visitor
 * who has not consented to the provider's category gets the player held back by the consent runtime.
 * The providers' addresses are answered by the test itself (the machine is offline).
 */

/**
 * External dependencies
 */
import { expect, test, type BrowserContext } from '@playwright/test';

/**
 * Internal dependencies
 */
import { visitor } from '../consent/support';
import { consentingVisitor, ensureDemo, sitePhp } from '../stats/support';

/** Each address the gallery's images get, in order, with what the lightbox must show. */
const EMBEDS: Array< {
	url: string;
	shows: 'video' | 'instagram' | 'image' | 'nothing';
	src: string;
} > = [
	{
		url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
		shows: 'video',
		src: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
	},
	{
		url: 'https://vimeo.com/76979871',
		shows: 'video',
		src: 'https://player.vimeo.com/video/76979871',
	},
	{
		url: 'https://www.facebook.com/somepage/videos/1234567890/',
		shows: 'video',
		src: 'https://www.facebook.com/plugins/video.php?href=https%3A%2F%2Fwww.facebook.com%2Fsomepage%2Fvideos%2F1234567890%2F&show_text=false',
	},
	{
		url: 'https://www.facebook.com/somepage/photos/a.123/4567890/',
		shows: 'video',
		src: 'https://www.facebook.com/plugins/post.php?href=https%3A%2F%2Fwww.facebook.com%2Fsomepage%2Fphotos%2Fa.123%2F4567890%2F',
	},
	{
		url: 'https://www.dailymotion.com/video/x8abcd1',
		shows: 'video',
		src: 'https://www.dailymotion.com/embed/video/x8abcd1',
	},
	{
		url: 'https://live.staticflickr.com/65535/53210987654_0a1b2c3d4e_b.jpg',
		shows: 'image',
		src: 'https://live.staticflickr.com/65535/53210987654_0a1b2c3d4e_b.jpg',
	},
	{
		url: 'https://www.flickr.com/photos/someone/53210987654/play/hd/abc123/',
		shows: 'nothing',
		src: '',
	},
	{
		url: 'https://www.instagram.com/reel/CyQ1r2sL0aB/',
		shows: 'instagram',
		src: 'https://www.instagram.com/reel/CyQ1r2sL0aB/embed/',
	},
	{
		url: 'https://www.instagram.com/p/CyQ1r2sL0aB/media/',
		shows: 'image',
		src: 'https://www.instagram.com/p/CyQ1r2sL0aB/media/?size=l',
	},
	{
		url: 'https://www.instagram.com/p/CyQ1r2sL0aB/',
		shows: 'instagram',
		src: 'https://www.instagram.com/p/CyQ1r2sL0aB/embed/captioned/',
	},
	{
		url: 'https://imgur.com/AbC12dE',
		shows: 'video',
		src: 'https://imgur.com/AbC12dE/embed?pub=true',
	},
	{
		url: 'https://lh3.googleusercontent.com/pw/AP1GczNdemo0picture1=w2400',
		shows: 'image',
		src: 'https://lh3.googleusercontent.com/pw/AP1GczNdemo0picture1=w2400',
	},
];

/** A 1 x 1 PNG, for the providers' pictures. */
const PIXEL = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
	'base64'
);

/**
 * Answers the providers' addresses: a small page for a player, a pixel for a picture.
 *
 * @param context The browser context.
 */
async function offlineProviders( context: BrowserContext ): Promise< void > {
	await context.route(
		/^https:\/\/([a-z0-9-]+\.)*(youtube\.com|vimeo\.com|facebook\.com|dailymotion\.com|staticflickr\.com|flickr\.com|instagram\.com|imgur\.com|googleusercontent\.com)\//,
		( route ) => {
			const picture = /staticflickr|googleusercontent|\/media\//.test(
				route.request().url()
			);
			return route.fulfill( {
				status: 200,
				contentType: picture ? 'image/png' : 'text/html',
				body: picture ? PIXEL : '<!doctype html><title>player</title>',
			} );
		}
	);
}

/** What the stage shows (read in the page by shown()). */
interface Shown {
	shows: string;
	src: string;
	/** Players in the whole page: the one shown, none left of the images before. */
	frames: number;
	/** A player's name, place and shape. */
	titled?: boolean;
	clearOfArrows?: boolean;
	centred?: boolean;
	/** Width / height for 16:9 (2 decimals); height - width for Instagram (px). */
	shape?: number;
}

/**
 * Reads what the stage shows (runs in the page).
 *
 * @param stage The stage.
 */
function shown( stage: Element ): Shown {
	const frames = document.querySelectorAll( 'iframe' ).length;
	const frame = stage.querySelector< HTMLIFrameElement >(
		':scope > iframe.tessera-lightbox__embed'
	);
	if ( frame ) {
		const box = stage.getBoundingClientRect();
		const size = frame.getBoundingClientRect();
		const instagram = frame.classList.contains(
			'tessera-lightbox__embed--instagram'
		);
		return {
			shows: instagram ? 'instagram' : 'video',
			src: frame.src,
			frames,
			titled: frame.title.trim() !== '',
			clearOfArrows: size.width <= box.width - 109 + 1,
			centred:
				Math.abs(
					size.left + size.width / 2 - ( box.left + box.width / 2 )
				) < 2 &&
				Math.abs(
					size.top + size.height / 2 - ( box.top + box.height / 2 )
				) < 2,
			shape: instagram
				? Math.round( size.height - size.width )
				: Math.round( ( size.width / size.height ) * 100 ) / 100,
		};
	}
	const image = stage.querySelector< HTMLImageElement >(
		':scope > img.tessera-lightbox__image'
	);
	if ( image ) {
		return { shows: 'image', src: image.src, frames };
	}
	return {
		shows: stage.children.length === 0 ? 'nothing' : 'something else',
		src: '',
		frames,
	};
}

/**
 * What the stage must show for an address.
 *
 * @param embed The address and what it shows.
 */
function expected( embed: ( typeof EMBEDS )[ number ] ): Shown {
	if ( embed.shows === 'video' || embed.shows === 'instagram' ) {
		return {
			shows: embed.shows,
			src: embed.src,
			frames: 1,
			titled: true,
			clearOfArrows: true,
			centred: true,
			// 16:9 is 1.78; Instagram: a square, 96 px higher and 16 px wider.
			shape: embed.shows === 'video' ? 1.78 : 80,
		};
	}
	return { shows: embed.shows, src: embed.src, frames: 0 };
}

test.describe( 'gallery: lightbox embeds', () => {
	let page = '';

	test.beforeAll( () => {
		ensureDemo();
		// New attachments sharing the demo's files (nothing of the demo changes), one per address and a plain one
		// last, in a gallery on a page of their own.
		page = sitePhp(
			`$demo = get_posts( array( 'post_type' => 'tessera_gallery', 'name' => 'demo-all-images', 'post_status' => 'publish', 'numberposts' => 1 ) );
			$source = get_post_meta( $demo[0]->ID, '_tessera_gallery_images', true );
			$urls = json_decode( '${ JSON.stringify(
				EMBEDS.map( ( embed ) => embed.url )
			) }', true );
			$urls[] = '';
			$ids = array();
			foreach ( $urls as $at => $url ) {
				$from = (int) $source[ $at ];
				$id = wp_insert_attachment( array( 'post_title' => 'Embed ' . ( $at + 1 ), 'post_mime_type' => 'image/jpeg', 'post_status' => 'inherit', 'meta_input' => array( '_tessera_e2e_embed' => 1 ) ), get_attached_file( $from ) );
				update_post_meta( $id, '_wp_attachment_metadata', wp_get_attachment_metadata( $from ) );
				if ( '' !== $url ) { update_post_meta( $id, '_tessera_embed_url', $url ); }
				$ids[] = $id;
			}
			$gallery = wp_insert_post( array( 'post_type' => 'tessera_gallery', 'post_status' => 'publish', 'post_title' => 'Embeds (e2e)', 'meta_input' => array( '_tessera_e2e_embed' => 1 ) ) );
			update_post_meta( $gallery, '_tessera_gallery_images', $ids );
			$page = wp_insert_post( array( 'post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Embeds (e2e)', 'post_content' => '<!-- wp:tessera/gallery {"galleryId":' . $gallery . ',"imagesPerPage":20} /-->', 'meta_input' => array( '_tessera_e2e_embed' => 1 ) ) );
			echo wp_make_link_relative( get_permalink( $page ) );`
		);
	} );

	test.afterAll( () => {
		// The attachments share the demo's files: their posts go, the files stay.
		sitePhp(
			`add_filter( 'wp_delete_file', '__return_empty_string' );
			foreach ( get_posts( array( 'post_type' => array( 'attachment', 'tessera_gallery', 'page' ), 'post_status' => 'any', 'numberposts' => -1, 'meta_key' => '_tessera_e2e_embed', 'fields' => 'ids' ) ) as $id ) { wp_delete_post( $id, true ); }`
		);
	} );

	test( 'every embed type shows as its kind says, sized by the spec, and a player stops when the visitor steps away', async ( {
		browser,
	} ) => {
		const {
			context,
			page: tab,
			errors,
		} = await consentingVisitor( browser );
		await offlineProviders( context );
		await tab.goto( page, { waitUntil: 'load' } );
		await tab.locator( 'a.tessera-gallery__link' ).first().click();
		const dialog = tab.getByRole( 'dialog', { name: /image viewer$/ } );
		const stage = dialog.locator( '.tessera-lightbox__stage' );
		const status = dialog.locator( '.tessera-lightbox__status' );
		const zoom = dialog.getByRole( 'button', { name: 'Zoom' } );
		const count = EMBEDS.length + 1;
		const seen: Shown[] = [];
		for ( const [ at, embed ] of EMBEDS.entries() ) {
			await expect( status, embed.url ).toHaveText(
				new RegExp( `^${ at + 1 } of ${ count }: ` )
			);
			await expect( zoom, embed.url ).toBeHidden();
			seen.push( await stage.evaluate( shown ) );
			await tab.keyboard.press( 'ArrowRight' );
		}
		expect( seen ).toEqual( EMBEDS.map( expected ) );
		// The plain image after them: its picture and the zoom again.
		await expect( status ).toHaveText(
			new RegExp( `^${ count } of ${ count }: ` )
		);
		await expect(
			stage.locator( 'img.tessera-lightbox__image' )
		).toHaveAttribute( 'srcset', /\S/ );
		await expect( zoom ).toBeVisible();
		expect( errors ).toEqual( [] );
		await context.close();
	} );

	test( 'without consent to its category, the consent runtime holds the player back', async ( {
		browser,
	} ) => {
		const { context, page: tab } = await visitor( browser );
		await offlineProviders( context );
		const asked: string[] = [];
		tab.on( 'request', ( request ) => {
			if ( request.url().startsWith( 'https://www.youtube.com/' ) ) {
				asked.push( request.url() );
			}
		} );
		await tab.goto( page, { waitUntil: 'load' } );
		await tab.locator( 'a.tessera-gallery__link' ).first().click();
		const frame = tab.locator(
			'.tessera-lightbox__stage iframe.tessera-lightbox__embed'
		);
		await expect( frame ).toHaveAttribute(
			'data-tessera-src',
			EMBEDS[ 0 ]!.src
		);
		await expect( frame ).not.toHaveAttribute( 'src', /youtube/ );
		expect( asked ).toEqual( [] );
		await context.close();
	} );
} );
