/**
 * The lightbox's image change on its stage (spec §4 "Changing image", "Transition effects"; docs/lightbox.md
 * "Effects"): what the island gives the popup as its `transition`. The popup's own image is React's; the effect
 * plays between two temporary layers laid over it (`div.tessera-lightbox__layer`, hidden from assistive
 * technology): a copy of the image shown, and the incoming image, decoded first. While they play, the stage is
 * `is-changing` (its own image hidden). Once the popup shows the new image in its own `<img>` and that has loaded,
 * the layers go. No layers at all under reduced motion, for `none`, or for a duration of 0: the change is instant.
 */

/**
 * Internal dependencies
 */
import type { ImageRecord } from './data';
import { embedKind } from './embed';
import { isEffect, runEffect } from './effects';
import { layerImage } from './picture';
import type { Transition } from './popup';

/** What of the lightbox settings the change reads (gallery_box_data). */
export interface TransitionSettings {
	/** The effect name. */
	bwg_image_effect: string;
	/** The effect's duration, ms. */
	slideshow_effect_duration: number;
	/** The slideshow interval, s. */
	slideshow_interval: number;
}

/**
 * How long a change lasts (spec §4; `Slideshow::transition_ms()` on the server): the effect duration, or a quarter
 * of the slideshow interval when the interval is under four times the effect duration.
 *
 * @param effectDuration Effect duration, ms.
 * @param intervalMs     Slideshow interval, ms.
 * @return Milliseconds.
 */
export function duration( effectDuration: number, intervalMs: number ): number {
	return intervalMs < 4 * effectDuration
		? Math.floor( intervalMs / 4 )
		: effectDuration;
}

/** The longest the layers wait for the popup's own image to show the new picture, ms. */
export const SETTLE_MS = 1000;

/**
 * A temporary layer over the stage holding an image.
 *
 * @param image The image (its class and empty alt set here).
 * @return The layer.
 */
function layer( image: HTMLImageElement ): HTMLElement {
	const div = document.createElement( 'div' );
	div.className = 'tessera-lightbox__layer';
	div.setAttribute( 'aria-hidden', 'true' );
	image.className = 'tessera-lightbox__image';
	image.alt = '';
	image.removeAttribute( 'style' );
	div.append( image );
	return div;
}

/**
 * Resolves once an image shows `src` and has loaded (or failed), or after SETTLE_MS.
 *
 * @param image The popup's own image.
 * @param src   The address it is to show.
 * @return Done.
 */
function shows( image: HTMLImageElement, src: string ): Promise< void > {
	const until = performance.now() + SETTLE_MS;
	return new Promise( ( resolve ) => {
		const check = () => {
			if (
				( image.getAttribute( 'src' ) === src && image.complete ) ||
				performance.now() > until ||
				! image.isConnected
			) {
				resolve();
			} else {
				requestAnimationFrame( check );
			}
		};
		check();
	} );
}

/**
 * The transition of a popup: the setting's effect, for the duration of spec §4.
 *
 * @param root     The popup's root (`.tessera-lightbox`).
 * @param settings The lightbox settings.
 * @param record   The record of an image by index (those the popup holds).
 * @return The transition.
 */
export function stageTransition(
	root: HTMLElement,
	settings: TransitionSettings,
	record: ( index: number ) => ImageRecord | undefined
): Transition {
	const effect = isEffect( settings.bwg_image_effect )
		? settings.bwg_image_effect
		: 'fade';
	const ms = duration(
		settings.slideshow_effect_duration,
		settings.slideshow_interval * 1000
	);
	return async ( from, to, direction ) => {
		const stage = root.querySelector< HTMLElement >(
			'.tessera-lightbox__stage'
		);
		const own = stage?.querySelector< HTMLImageElement >(
			':scope > .tessera-lightbox__image'
		);
		const next = record( to );
		const still =
			typeof matchMedia === 'function' &&
			matchMedia( '(prefers-reduced-motion: reduce)' ).matches;
		if (
			! stage ||
			! own ||
			! next ||
			// An embed comes at once (its player is no picture to animate).
			embedKind( next.filetype ) !== '' ||
			from === to ||
			effect === 'none' ||
			ms <= 0 ||
			still
		) {
			return;
		}
		// The picture shown, as a plain image (a copy of its srcset would be kept by the browser: picture.ts).
		const shown = new Image();
		shown.src = own.currentSrc || own.src;
		const outgoing = layer( shown );
		const picture = layerImage( next.image_url, next.srcset, next.sizes );
		const incoming = layer( picture );
		incoming.hidden = true;
		stage.append( outgoing, incoming );
		stage.classList.add( 'is-changing' );
		try {
			await picture.decode();
		} catch {
			// A picture that cannot be decoded still changes (the popup's image shows its alt text).
		}
		await runEffect( stage, outgoing, incoming, {
			effect,
			direction,
			duration: ms,
		} );
		outgoing.remove();
		// The popup renders the new image once this resolves: the incoming layer stays over it until it shows.
		shows( own, next.image_url ).then( () => {
			incoming.remove();
			stage.classList.remove( 'is-changing' );
		} );
	};
}
