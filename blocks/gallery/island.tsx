/**
 * The gallery lightbox's island (docs/lightbox.md; issue 7): loaded on intent with WordPress's `react`,
 * `react-dom` and `wp-i18n`, it hydrates the popup the lightbox URL answered (`includes/Lightbox/Popup.php`),
 * once the page has inserted it; from then on a pointer over a thumbnail, or the focus on it, asks for its popup
 * ahead, so that a click shows it without waiting for the call. Its only global:
 *
 *     window.tesseraLightbox.hydrate( root, { onClose, transition?, fetchWindow?, onChange?, onReady? } ) → { close, record, index }
 *
 * `root` is the `.tessera-lightbox` element. React hydrates the element that holds it, so it must be its parent's
 * only node; otherwise it is first wrapped in a `div.tessera-lightbox-host` (`display: contents`).
 */

/**
 * External dependencies
 */
import { hydrateRoot } from 'react-dom/client';

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import './lightbox/lightbox.css';
import { parseLightboxData, type ImageRecord } from './lightbox/data';
import { cancelEffects } from './lightbox/effects';
import { createHost, parseHash, type Host } from './lightbox/lifecycle';
import {
	Lightbox,
	mergeRecords,
	type LightboxLink,
	type Transition,
	type WindowFetcher,
} from './lightbox/popup';
import { loadTranslations } from './lightbox/l10n';
import { stageTransition } from './lightbox/transition';

/** What the page gives the popup. */
export interface HydrateOptions {
	/** The visitor closes the popup (close button, Escape): restore the page, then call the controller's close(). */
	onClose: () => void;
	/** Plays one image change while the stage still shows `from` (left out: the settings' effect on the stage). */
	transition?: Transition;
	/**
	 * Fetches the records around an image outside the data's window: resolve with the lightbox URL's answer for
	 * that `image_id` (its HTML as text, or its data).
	 */
	fetchWindow?: WindowFetcher;
	/**
	 * An image change is done (update the hash).
	 *
	 * @param imageId Id of the image shown.
	 * @param index   Its index in the set.
	 */
	onChange?: ( imageId: number, index: number ) => void;
	/**
	 * The popup listens to the keys now: answers the keys pressed before (`KeyboardEvent.key`s, in order), which it
	 * plays as if pressed then.
	 */
	onReady?: () => string[];
}

/** A hydrated popup. */
export interface LightboxController {
	/**
	 * Ends the island: timers, listeners and full screen stopped, React unmounted — which removes the popup's
	 * element (and the host it was wrapped in). Idempotent; does not call onClose.
	 */
	close: () => void;
	/**
	 * The record of an image, when held.
	 *
	 * @param index Its index in the set.
	 */
	record: ( index: number ) => ImageRecord | undefined;
	/** Index of the image shown. */
	readonly index: number;
}

/** The island's global. */
export interface TesseraLightbox {
	/**
	 * Hydrates a popup.
	 *
	 * @param  root    The server's `.tessera-lightbox` element, in the page.
	 * @param  options What the page gives.
	 * @throws {Error} When the popup's data is missing or not valid (nothing is hydrated).
	 */
	hydrate: (
		root: HTMLElement,
		options: HydrateOptions
	) => LightboxController;
	/** Opens an image of a gallery (lightbox/lifecycle.ts): what the view script's loader calls. */
	open: Host[ 'open' ];
}

declare global {
	interface Window {
		tesseraLightbox?: TesseraLightbox;
	}
}

/**
 * Hydrates a popup.
 *
 * @param root    The server's `.tessera-lightbox` element, in the page.
 * @param options What the page gives.
 * @return Its controller.
 */
function hydrate(
	root: HTMLElement,
	options: HydrateOptions
): LightboxController {
	const json =
		root.querySelector( 'script.tessera-lightbox__data' )?.textContent ??
		'';
	const data = parseLightboxData( json );
	if ( ! data ) {
		throw new Error( 'Tessera lightbox: no valid data in the popup.' );
	}
	let host = root.parentElement;
	let wrapped = false;
	if ( ! host || host.childNodes.length !== 1 ) {
		host = document.createElement( 'div' );
		host.className = 'tessera-lightbox-host';
		host.style.display = 'contents';
		root.replaceWith( host );
		host.append( root );
		wrapped = true;
	}
	const link: LightboxLink = {
		records: mergeRecords( data.images, data.ids ),
		index: data.settings.current_image_key,
	};
	const react = hydrateRoot(
		host,
		<Lightbox
			data={ data }
			json={ json }
			label={ root.getAttribute( 'aria-label' ) ?? '' }
			onClose={ () => options.onClose() }
			transition={
				options.transition ??
				stageTransition( root, data.settings, ( index ) =>
					link.records.get( index )
				)
			}
			fetchWindow={ options.fetchWindow }
			onChange={ options.onChange }
			onReady={ options.onReady }
			link={ link }
		/>
	);
	let open = true;
	return {
		close() {
			if ( open ) {
				open = false;
				// An effect still playing ends at once (its layers and timers go with it).
				const stage = root.querySelector< HTMLElement >(
					'.tessera-lightbox__stage'
				);
				if ( stage ) {
					cancelEffects( stage );
				}
				react.unmount();
				if ( wrapped ) {
					host?.remove();
				}
			}
		},
		record: ( index ) => link.records.get( index ),
		get index() {
			return link.index;
		},
	};
}

// Before any string is read (the host's, below, and the popup's).
loadTranslations();

const host = createHost( hydrate, {
	loading: __( 'Loading the image…', 'tessera' ),
	failed: __( 'The image could not be loaded.', 'tessera' ),
	close: __( 'Close', 'tessera' ),
} );

window.tesseraLightbox = { hydrate, open: host.open };

/**
 * Asks ahead for the popup of the thumbnail a visitor is about to open: a pointer over it or the focus on it (the
 * island itself came on such intent, so the one under the pointer or focused as it arrives is asked for too).
 *
 * @param target The element pointed at or focused.
 */
function intent( target: EventTarget | Element | null ): void {
	const link = ( target as Element | null )?.closest?.(
		'a.tessera-gallery__link'
	);
	const container = link?.closest< HTMLElement >( '[data-lightbox]' );
	const imageId = Number(
		link?.closest< HTMLElement >( '[data-image-id]' )?.dataset.imageId
	);
	if ( container && imageId > 0 ) {
		host.prefetch( container, imageId );
	}
}
for ( const type of [ 'pointerover', 'focusin' ] ) {
	document.addEventListener( type, ( event ) => intent( event.target ), {
		passive: true,
	} );
}
intent( document.querySelector( ':focus' ) );
const hovered = document.querySelectorAll( ':hover' );
intent( hovered[ hovered.length - 1 ] ?? null );

// A hash naming an image (spec §2: `#bwg{galleryId}/{imageId}`) opens it, in the lightbox gallery of the page
// that shows that gallery.
const named = parseHash( location.hash );
const shown =
	named &&
	document.querySelector< HTMLElement >(
		`[data-lightbox][data-gallery-id="${ named.galleryId }"]`
	);
if ( named && shown ) {
	host.open(
		shown,
		named.imageId,
		shown.querySelector< HTMLElement >(
			`[data-image-id="${ named.imageId }"] a.tessera-gallery__link`
		)
	);
}
