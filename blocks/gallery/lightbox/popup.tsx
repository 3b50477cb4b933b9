/**
 * The lightbox popup (docs/lightbox.md, "Markup"; spec §2 "Lightbox parts", "Keyboard and touch"; §4): the React
 * tree of `includes/Lightbox/Popup.php`, which the island hydrates. Its first render is the server's markup, node
 * for node and attribute for attribute (no whitespace between tags, one text node per element, attributes in the
 * server's order, the data script kept as the very text it was read from); after hydration it steps, plays,
 * zooms, changes size and shows its panels.
 *
 * An image change: the same image does nothing; the target's record is fetched first when the data does not hold
 * it (`fetchWindow`; the current image stays meanwhile); the injected `transition( from, to, direction )` plays
 * while the stage still shows `from`; then the stage, the status line, the info panel, the filmstrip and the links
 * show `to`. Changes asked for meanwhile wait and play in order.
 */

/**
 * External dependencies
 */
import {
	useCallback,
	useEffect,
	useMemo,
	useReducer,
	useRef,
	useState,
	type CSSProperties,
	type PointerEvent as ReactPointerEvent,
} from 'react';

/**
 * WordPress dependencies
 */
import { __, sprintf } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { readAnswer, type ImageRecord, type LightboxData } from './data';
import { preloadImage, stopImage } from './picture';
import type { Direction } from './effects';
import { EMBED_EVENT, embedKind, embedShape } from './embed';
import SHARE_ICONS from './share-icons.json';
import {
	initialState,
	maximized,
	reducer,
	running,
	step,
	type UiState,
} from './state';

/**
 * Plays one image change; the popup shows `to` once the promise settles.
 *
 * @param from      Index of the image shown.
 * @param to        Index of the image coming in.
 * @param direction Its way.
 */
export type Transition = (
	from: number,
	to: number,
	direction: Direction
) => Promise< void >;

/**
 * Fetches the records around an image outside the data's window: the popup's HTML answered for that `image_id`,
 * or its data (parsed or not); anything else, or a rejection, leaves the popup where it is.
 *
 * @param imageId The image's id.
 */
export type WindowFetcher = ( imageId: number ) => Promise< unknown >;

/** What the island may read of a running popup. */
export interface LightboxLink {
	/** The records held, by index. */
	records: ReadonlyMap< number, ImageRecord >;
	/** Index of the image shown. */
	index: number;
}

/** The popup's props. */
export interface LightboxProps {
	/** The data. */
	data: LightboxData;
	/** The text of the data script, as read (rendered back as it is). */
	json: string;
	/** The dialog's name (the server's `aria-label`: "{gallery title}: image viewer"). */
	label: string;
	/** The visitor closes the popup (close button, Escape). */
	onClose: () => void;
	/** The image change's effect (instant when left out). */
	transition?: Transition;
	/** Fetches the records around an image outside the window. */
	fetchWindow?: WindowFetcher;
	/**
	 * An image change is done: the popup shows the new image (called after React's commit).
	 *
	 * @param imageId Id of the image shown.
	 * @param index   Its index.
	 */
	onChange?: ( imageId: number, index: number ) => void;
	/**
	 * The popup listens to the keys (once mounted): answers the keys the visitor pressed before, which it plays.
	 */
	onReady?: () => string[];
	/** Kept up to date with the records and the index (for the island's controller). */
	link?: LightboxLink;
}

/** The filmstrip lists this many images at most (`Popup::FILMSTRIP`). */
export const FILMSTRIP = 31;

/** Id of the info panel (`Popup::INFO_ID`). */
const INFO_ID = 'tessera-lightbox-info';

/** Id of the collapsible controls (`Popup::CONTROLS_ID`). */
const CONTROLS_ID = 'tessera-lightbox-controls';

/** A horizontal move of at least this many pixels (and more than the vertical one) is a swipe. */
export const SWIPE = 50;

/** A zoom key (+ or -) multiplies or divides the zoom's scale by this. */
export const ZOOM_STEP = 1.5;

/** The wheel's zoom: the scale is multiplied by exp(-deltaY × this), deltaY in pixels, ±300 at most per event. */
export const WHEEL_ZOOM = 0.002;

/** React 18 writes `fetchPriority` as is and warns: the attribute is spelt as HTML spells it. */
const HIGH_PRIORITY = { fetchpriority: 'high' } as Record< string, string >;

/** Share services, in the server's order, with the address the encoded share_url is appended to. */
const SHARE = [
	[ 'facebook', 'https://www.facebook.com/sharer/sharer.php?u=' ],
	[ 'twitter', 'https://twitter.com/intent/tweet?url=' ],
	[ 'pinterest', 'https://pinterest.com/pin/create/button/?url=' ],
	[ 'tumblr', 'https://www.tumblr.com/share/link?url=' ],
] as const;

/**
 * A drawn icon (24 x 24, filled with the text colour), hidden from assistive technology: the control is named by
 * its aria-label. The same markup as `Popup::icon()`.
 *
 * @param props      The icon.
 * @param props.path Its SVG path data.
 */
function Icon( { path }: { path: string } ) {
	return (
		<svg
			className="tessera-lightbox__icon"
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
		>
			<path d={ path } />
		</svg>
	);
}

/**
 * The filmstrip's run (`Popup::filmstrip_run()`): FILMSTRIP images centred on `key`, moved in from the ends.
 *
 * @param key   Current index.
 * @param count Images in all.
 * @return First index and the index after the last.
 */
export function filmstripRun( key: number, count: number ): [ number, number ] {
	const first = Math.max(
		0,
		Math.min( key - Math.floor( FILMSTRIP / 2 ), count - FILMSTRIP )
	);
	return [ first, Math.min( count, first + FILMSTRIP ) ];
}

/**
 * An image's name in the set (`Slideshow::label()`): "3 of 24: Title", or "3 of 24" without a title.
 *
 * @param position 1-based position.
 * @param count    Images in all.
 * @param title    The title.
 */
export function positionLabel(
	position: number,
	count: number,
	title: string
): string {
	return title === ''
		? sprintf(
				/* translators: 1: slide position, 2: number of slides. */
				__( '%1$d of %2$d', 'tessera' ),
				position,
				count
			)
		: sprintf(
				/* translators: 1: slide position, 2: number of slides, 3: image title. */
				__( '%1$d of %2$d: %3$s', 'tessera' ),
				position,
				count,
				title
			);
}

/**
 * PHP's `rawurlencode()` (RFC 3986): every byte but letters, digits and `-_.~` percent-encoded.
 *
 * @param text Text.
 */
export const rawUrlEncode = ( text: string ): string =>
	encodeURIComponent( text ).replace(
		/[!'()*]/g,
		( char ) => '%' + char.charCodeAt( 0 ).toString( 16 ).toUpperCase()
	);

/**
 * The share addresses of an image (`Popup::share_urls()`), in the server's order.
 *
 * @param record The image.
 * @return Service name and address.
 */
export function shareUrls( record: ImageRecord ): Array< [ string, string ] > {
	const url = rawUrlEncode( record.share_url );
	return SHARE.map( ( [ name, base ] ) => [
		name,
		name === 'pinterest'
			? `${ base }${ url }&media=${ rawUrlEncode(
					record.image_url
				) }&description=${ rawUrlEncode( record.alt ) }`
			: base + url,
	] );
}

/**
 * The largest picture of an image: its widest srcset candidate, else its image_url (the zoom shows it).
 *
 * @param record The image.
 */
export function largestPicture( record: ImageRecord ): string {
	let best = record.image_url;
	let width = 0;
	for ( const candidate of record.srcset.split( ', ' ) ) {
		const match = /^(\S+) (\d+)w$/.exec( candidate.trim() );
		if ( match && Number( match[ 2 ] ) > width ) {
			width = Number( match[ 2 ] );
			best = match[ 1 ] as string;
		}
	}
	return best;
}

/**
 * The indexes whose images are preloaded around `index` (spec §9): `n` on each side, round the ends; all the
 * held ones when `n` is 0 or at least the total. The image shown is never among them.
 *
 * @param index Index shown.
 * @param n     `preload_images_count`.
 * @param count Images in all.
 * @param held  Indexes whose records are held.
 */
export function preloadIndexes(
	index: number,
	n: number,
	count: number,
	held: Iterable< number >
): number[] {
	const have = new Set( held );
	const all = n === 0 || n >= count;
	const wanted: number[] = [];
	if ( all ) {
		wanted.push( ...have );
	} else {
		for ( let distance = 1; distance <= n; distance++ ) {
			wanted.push(
				( index + distance ) % count,
				( index - distance + count ) % count
			);
		}
	}
	return [ ...new Set( wanted ) ].filter(
		( at ) => at !== index && have.has( at )
	);
}

/**
 * The records of a data (or of a window's answer) by their index in `ids`; records of images not in `ids` are left
 * out, and so are the indexes already in `into`.
 *
 * @param images Records.
 * @param ids    Every image id of the set, in order.
 * @param into   Records already held (not changed).
 * @return A new map, or `into` itself when nothing is added.
 */
export function mergeRecords(
	images: readonly ImageRecord[],
	ids: readonly number[],
	into: ReadonlyMap< number, ImageRecord > = new Map()
): ReadonlyMap< number, ImageRecord > {
	const position = new Map( ids.map( ( id, index ) => [ id, index ] ) );
	let merged: Map< number, ImageRecord > | null = null;
	for ( const record of images ) {
		const index = position.get( record.id );
		if ( index !== undefined && ! into.has( index ) ) {
			merged ??= new Map( into );
			merged.set( index, record );
		}
	}
	return merged ?? into;
}

/**
 * Whether a key event comes from a place where the visitor types.
 *
 * @param target The event's target.
 */
function typing( target: EventTarget | null ): boolean {
	return (
		target instanceof Element &&
		( /^(INPUT|TEXTAREA|SELECT)$/.test( target.tagName ) ||
			target.closest(
				'[contenteditable]:not([contenteditable="false"])'
			) !== null )
	);
}

/**
 * The elements of the dialog that Tab reaches, in order.
 *
 * @param root The dialog.
 */
function tabbables( root: HTMLElement ): HTMLElement[] {
	return Array.from(
		root.querySelectorAll< HTMLElement >(
			'button, a[href], input, select, textarea, iframe, [tabindex]'
		)
	).filter(
		( element ) =>
			element.tabIndex >= 0 &&
			! element.closest( '[hidden]' ) &&
			! ( element as HTMLButtonElement ).disabled
	);
}

/**
 * A URL for CSS `url("…")`.
 *
 * @param url URL.
 */
const cssUrl = ( url: string ): string =>
	`url("${ url.replace( /["\\\n\r]/g, encodeURIComponent ) }")`;

const instant: Transition = () => Promise.resolve();

/**
 * The lightbox popup.
 *
 * @param props The data, the dialog's name and what the island gives.
 */
export function Lightbox( props: LightboxProps ) {
	const { data, json, label, link } = props;
	const { settings, ids } = data;
	const count = ids.length;
	const loop = settings.enable_loop;

	const [ records, setRecords ] = useState( () =>
		mergeRecords( data.images, ids )
	);
	const [ state, dispatch ] = useReducer(
		reducer,
		settings,
		( start ): UiState =>
			initialState( {
				index: start.current_image_key,
				count,
				loop,
				info: start.popup_enable_info && start.popup_info_always_show,
				maximized: start.open_with_fullscreen,
				autoplay: start.open_with_autoplay,
			} )
	);
	const [ edges, setEdges ] = useState( { start: false, end: false } );

	const rootRef = useRef< HTMLDivElement >( null );
	const stageRef = useRef< HTMLDivElement >( null );
	const thumbsRef = useRef< HTMLUListElement >( null );
	/** The latest props and records, for the changes that run after a render. */
	const live = useRef( { props, records } );
	live.current = { props, records: live.current.records };
	/** The image last asked for (steps go from there), and the changes' chain. */
	const asked = useRef( state.index );
	const shown = useRef( state.index );
	const chain = useRef( Promise.resolve() );
	const alive = useRef( true );
	const swipe = useRef< { x: number; y: number; id: number } | null >( null );
	/** The touch and pen pointers down on the stage, and a pinch's start (their distance, the scale then). */
	const touches = useRef( new Map< number, { x: number; y: number } >() );
	const pinch = useRef< { distance: number; scale: number } | null >( null );
	const preloads = useRef( {
		done: new Set< string >(),
		loading: new Set< HTMLImageElement >(),
	} );

	// What the island's controller reads.
	useEffect( () => {
		if ( link ) {
			link.records = records;
			link.index = state.index;
		}
	}, [ link, records, state.index ] );

	// A change is done once the new image is in the page.
	const reported = useRef( state.index );
	useEffect( () => {
		if ( state.index !== reported.current ) {
			reported.current = state.index;
			live.current.props.onChange?.(
				ids[ state.index ] as number,
				state.index
			);
		}
	}, [ state.index, ids ] );

	/**
	 * Adds the records of a window's answer.
	 *
	 * @param answer The answer (readAnswer()).
	 */
	const merge = ( answer: unknown ) => {
		const answered = readAnswer( answer );
		if ( answered ) {
			const merged = mergeRecords(
				answered.images,
				ids,
				live.current.records
			);
			live.current.records = merged;
			setRecords( merged );
		}
	};

	/**
	 * Plays a change to an image (after the changes already asked for).
	 *
	 * @param to Its index; null (no image there) does nothing.
	 */
	const go = ( to: number | null ) => {
		if ( to === null || to === asked.current || to < 0 || to >= count ) {
			return;
		}
		asked.current = to;
		chain.current = chain.current.then( async () => {
			const from = shown.current;
			const { fetchWindow, transition = instant } = live.current.props;
			if ( ! alive.current || to === from ) {
				return;
			}
			if ( ! live.current.records.has( to ) && fetchWindow ) {
				try {
					merge( await fetchWindow( ids[ to ] as number ) );
				} catch {
					// Nothing came: the current image stays.
				}
			}
			if ( ! alive.current || ! live.current.records.has( to ) ) {
				if ( asked.current === to ) {
					asked.current = shown.current;
				}
				return;
			}
			try {
				await transition( from, to, to > from ? 'right' : 'left' );
			} catch {
				// A failed effect still ends on the new image.
			}
			if ( alive.current ) {
				shown.current = to;
				dispatch( { type: 'show', index: to } );
			}
		} );
	};

	const goBy = ( by: 1 | -1, wrap = loop ) =>
		go( step( asked.current, by, count, wrap ) );

	const toggleFullscreen = () => {
		const root = rootRef.current;
		if ( ! root ) {
			return;
		}
		if ( document.fullscreenElement === root ) {
			document.exitFullscreen().catch( () => undefined );
		} else if ( state.size === 'fullscreen' ) {
			dispatch( { type: 'fullscreen', on: false } );
		} else if ( typeof root.requestFullscreen === 'function' ) {
			root.requestFullscreen().catch( () =>
				dispatch( { type: 'fullscreen', on: true } )
			);
		} else {
			dispatch( { type: 'fullscreen', on: true } );
		}
	};

	/**
	 * Keys (spec §2 "Keyboard and touch"): arrows step and wrap round, Escape leaves full screen or closes, Space
	 * plays or pauses, Tab stays in the dialog; nothing while the visitor types (but Tab).
	 *
	 * @param event The key event.
	 */
	const onKey = ( event: KeyboardEvent ) => {
		const root = rootRef.current;
		if ( ! root || event.defaultPrevented ) {
			return;
		}
		if ( event.key === 'Tab' ) {
			const list = tabbables( root );
			const first = list[ 0 ] ?? root;
			const last = list[ list.length - 1 ] ?? root;
			const active = root.ownerDocument.activeElement;
			let target: HTMLElement | null = null;
			if ( ! root.contains( active ) || active === root ) {
				target = event.shiftKey ? last : first;
			} else if ( event.shiftKey && active === first ) {
				target = last;
			} else if ( ! event.shiftKey && active === last ) {
				target = first;
			}
			if ( target ) {
				event.preventDefault();
				target.focus();
			}
			return;
		}
		if (
			event.altKey ||
			event.ctrlKey ||
			event.metaKey ||
			typing( event.target )
		) {
			return;
		}
		switch ( event.key ) {
			case 'ArrowRight':
			case 'ArrowLeft':
				event.preventDefault();
				goBy( event.key === 'ArrowRight' ? 1 : -1, true );
				break;
			case 'Escape':
			case 'Esc':
				event.preventDefault();
				if (
					document.fullscreenElement === root ||
					state.size === 'fullscreen'
				) {
					toggleFullscreen();
				} else {
					live.current.props.onClose();
				}
				break;
			case '+':
			case '=':
			case '-':
				if ( settings.popup_enable_zoom && kind === '' ) {
					event.preventDefault();
					dispatch( {
						type: 'zoomBy',
						factor: event.key === '-' ? 1 / ZOOM_STEP : ZOOM_STEP,
					} );
				}
				break;
			case ' ':
			case 'Spacebar':
				// A focused button or link takes Space itself.
				if (
					count > 1 &&
					! (
						event.target instanceof Element &&
						event.target.closest( 'button, a' )
					)
				) {
					event.preventDefault();
					dispatch( { type: 'togglePlay' } );
				}
				break;
		}
	};
	const keys = useRef( onKey );
	keys.current = onKey;

	// Focus into the dialog; document-wide keys, focus kept inside, full screen and window focus; end of the island.
	useEffect( () => {
		const root = rootRef.current;
		const pending = preloads.current.loading;
		alive.current = true;
		root?.focus( { preventScroll: true } );
		const onKeyDown = ( event: KeyboardEvent ) => keys.current( event );
		const onFocusIn = ( event: FocusEvent ) => {
			if (
				root &&
				event.target instanceof Node &&
				! root.contains( event.target )
			) {
				root.focus( { preventScroll: true } );
			}
		};
		const onFullscreen = () =>
			dispatch( {
				type: 'fullscreen',
				on: !! root && document.fullscreenElement === root,
			} );
		const onBlur = () => dispatch( { type: 'hold', reason: 'blur' } );
		const onFocus = () => dispatch( { type: 'release', reason: 'blur' } );
		document.addEventListener( 'keydown', onKeyDown );
		// The keys pressed on the server's popup before this listened, played once every effect of this first
		// commit has run, before any key that comes after (not dispatched again: the page has had them).
		const kept = live.current.props.onReady?.() ?? [];
		if ( kept.length ) {
			queueMicrotask( () => {
				for ( const key of kept ) {
					if ( alive.current ) {
						keys.current(
							new KeyboardEvent( 'keydown', {
								key,
								cancelable: true,
							} )
						);
					}
				}
			} );
		}
		document.addEventListener( 'focusin', onFocusIn );
		document.addEventListener( 'fullscreenchange', onFullscreen );
		window.addEventListener( 'blur', onBlur );
		window.addEventListener( 'focus', onFocus );
		return () => {
			alive.current = false;
			document.removeEventListener( 'keydown', onKeyDown );
			document.removeEventListener( 'focusin', onFocusIn );
			document.removeEventListener( 'fullscreenchange', onFullscreen );
			window.removeEventListener( 'blur', onBlur );
			window.removeEventListener( 'focus', onFocus );
			for ( const image of pending ) {
				stopImage( image );
			}
			pending.clear();
			if ( root && document.fullscreenElement === root ) {
				document.exitFullscreen().catch( () => undefined );
			}
		};
	}, [] );

	// The slideshow: the next image after the interval, while it runs; it stops at the end without loop.
	const isRunning = running( state );
	useEffect( () => {
		if ( ! isRunning ) {
			return;
		}
		const timer = window.setTimeout( () => {
			const next = step( asked.current, 1, count, loop );
			if ( next === null ) {
				dispatch( { type: 'stop' } );
			} else {
				go( next );
			}
		}, settings.slideshow_interval * 1000 );
		return () => window.clearTimeout( timer );
		// eslint-disable-next-line react-hooks/exhaustive-deps -- go() reads refs only; a new interval per image.
	}, [ isRunning, state.index, count, loop, settings.slideshow_interval ] );

	// Preloading (spec §9): the neighbours' images, or all the held ones.
	useEffect( () => {
		if ( ! settings.preload_images ) {
			return;
		}
		const { done, loading } = preloads.current;
		// The image shown loads in the stage.
		done.add( ( records.get( state.index ) as ImageRecord ).image_url );
		for ( const at of preloadIndexes(
			state.index,
			settings.preload_images_count,
			count,
			records.keys()
		) ) {
			const record = records.get( at ) as ImageRecord;
			// An embed's player loads when it is shown.
			if (
				embedKind( record.filetype ) === '' &&
				! done.has( record.image_url )
			) {
				done.add( record.image_url );
				const image = preloadImage(
					record.image_url,
					record.srcset,
					record.sizes
				);
				loading.add( image );
				image.onload = image.onerror = () => {
					loading.delete( image );
					image.onload = image.onerror = null;
				};
			}
		}
	}, [
		state.index,
		records,
		count,
		settings.preload_images,
		settings.preload_images_count,
	] );

	// The filmstrip: the current thumbnail scrolled to the middle, and whether its scroll buttons are at an end.
	const vertical = settings.filmstrip_direction === 'vertical';
	const measure = useCallback( () => {
		const list = thumbsRef.current;
		if ( list ) {
			const at = vertical ? list.scrollTop : list.scrollLeft;
			const end = vertical
				? list.scrollHeight - list.clientHeight
				: list.scrollWidth - list.clientWidth;
			const next = { start: at <= 1, end: at >= end - 1 };
			setEdges( ( previous ) =>
				previous.start === next.start && previous.end === next.end
					? previous
					: next
			);
		}
	}, [ vertical ] );
	useEffect( () => {
		const list = thumbsRef.current;
		const current = list?.querySelector( '[aria-current="true"]' );
		if ( list && current ) {
			const box = list.getBoundingClientRect();
			const thumb = current.getBoundingClientRect();
			const by = vertical
				? thumb.top + thumb.height / 2 - ( box.top + box.height / 2 )
				: thumb.left + thumb.width / 2 - ( box.left + box.width / 2 );
			if ( by ) {
				list.scrollBy?.( {
					[ vertical ? 'top' : 'left' ]: by,
					behavior: 'smooth',
				} );
			}
		}
		measure();
	}, [ state.index, vertical, measure ] );

	// The zoomed picture's size: the picture as shown (contained in the stage) times the scale; zoom off, its size
	// and position go.
	const record = records.get( state.index ) as ImageRecord;
	// An embed is not zoomed (the zoom's state stays for the next image).
	const kind = embedKind( record.filetype );
	const zoomed = state.zoom && kind === '';
	useEffect( () => {
		const stage = stageRef.current;
		if ( ! stage ) {
			return;
		}
		if ( ! zoomed ) {
			stage.style.backgroundPosition = '';
			stage.style.backgroundSize = '';
			return;
		}
		const { width, height } = stage.getBoundingClientRect();
		const { image_width: imageWidth, image_height: imageHeight } = record;
		const fit =
			imageWidth > 0 && imageHeight > 0 && width > 0 && height > 0
				? Math.min( width / imageWidth, height / imageHeight )
				: 0;
		stage.style.backgroundSize = fit
			? `${ Math.round( imageWidth * fit * state.scale ) }px ${ Math.round(
					imageHeight * fit * state.scale
				) }px`
			: `${ state.scale * 100 }%`;
		stage.style.backgroundPosition ||= '50% 50%';
	}, [ zoomed, state.scale, state.size, record ] );

	// An embed type the lightbox does not know: its box is given to extensions, a new box for each record.
	const extensionRef = useRef< HTMLDivElement >( null );
	useEffect( () => {
		const box = extensionRef.current;
		if ( kind === 'extension' && box ) {
			box.dispatchEvent(
				new CustomEvent( EMBED_EVENT, {
					bubbles: true,
					detail: { record, box },
				} )
			);
		}
	}, [ kind, record ] );

	/**
	 * Points the zoomed picture at a place of the stage: the same place of the picture comes under it.
	 *
	 * @param x Client x.
	 * @param y Client y.
	 */
	const aim = ( x: number, y: number ) => {
		const stage = stageRef.current;
		if ( ! stage ) {
			return;
		}
		const box = stage.getBoundingClientRect();
		const at = ( offset: number, size: number ) =>
			size > 0
				? Math.min( 100, Math.max( 0, ( offset / size ) * 100 ) )
				: 50;
		stage.style.backgroundPosition = `${ at(
			x - box.left,
			box.width
		) }% ${ at( y - box.top, box.height ) }%`;
	};

	/** A zoom move holds the slideshow (released when the pointer leaves or the zoom goes off). */
	const holdForZoom = () => {
		if ( state.playing ) {
			dispatch( { type: 'hold', reason: 'zoom' } );
		}
	};

	// The wheel over the stage zooms in and out (not passive: the page must not get it).
	const wheel = useRef( ( event: WheelEvent ) => void event );
	wheel.current = ( event: WheelEvent ) => {
		if ( event.deltaY === 0 || kind !== '' ) {
			return;
		}
		event.preventDefault();
		let by = event.deltaY;
		if ( event.deltaMode === 1 ) {
			by *= 40;
		} else if ( event.deltaMode === 2 ) {
			by *= 800;
		}
		by = Math.max( -300, Math.min( 300, by ) );
		aim( event.clientX, event.clientY );
		dispatch( { type: 'zoomBy', factor: Math.exp( -by * WHEEL_ZOOM ) } );
		holdForZoom();
	};
	useEffect( () => {
		const stage = stageRef.current;
		if ( ! stage || ! settings.popup_enable_zoom ) {
			return;
		}
		const onWheel = ( event: WheelEvent ) => wheel.current( event );
		stage.addEventListener( 'wheel', onWheel, { passive: false } );
		return () => stage.removeEventListener( 'wheel', onWheel );
	}, [ settings.popup_enable_zoom ] );

	const scrollThumbs = ( by: 1 | -1 ) => {
		const list = thumbsRef.current;
		if ( list ) {
			list.scrollBy?.( {
				[ vertical ? 'top' : 'left' ]:
					by * ( vertical ? list.clientHeight : list.clientWidth ),
				behavior: 'smooth',
			} );
		}
	};

	/** The distance between the two pointers of a pinch, and their middle. */
	const spread = () => {
		const [ a, b ] = [ ...touches.current.values() ];
		return a && b
			? {
					distance: Math.hypot( a.x - b.x, a.y - b.y ),
					x: ( a.x + b.x ) / 2,
					y: ( a.y + b.y ) / 2,
				}
			: null;
	};
	const onPointerDown = ( event: ReactPointerEvent ) => {
		if ( event.pointerType !== 'mouse' ) {
			touches.current.set( event.pointerId, {
				x: event.clientX,
				y: event.clientY,
			} );
		}
		// Two fingers: a pinch, which zooms (and is no swipe).
		const two = touches.current.size === 2 ? spread() : null;
		if ( two && settings.popup_enable_zoom && kind === '' ) {
			swipe.current = null;
			pinch.current = {
				distance: two.distance,
				scale: state.zoom ? state.scale : 1,
			};
			return;
		}
		swipe.current =
			event.pointerType === 'mouse' || zoomed || touches.current.size > 1
				? null
				: { x: event.clientX, y: event.clientY, id: event.pointerId };
	};
	const onPointerUp = ( event: ReactPointerEvent ) => {
		touches.current.delete( event.pointerId );
		if ( touches.current.size < 2 ) {
			pinch.current = null;
		}
		const start = swipe.current;
		swipe.current = null;
		if ( ! start || start.id !== event.pointerId ) {
			return;
		}
		const dx = event.clientX - start.x;
		if (
			Math.abs( dx ) >= SWIPE &&
			Math.abs( dx ) > Math.abs( event.clientY - start.y )
		) {
			goBy( dx < 0 ? 1 : -1 );
		}
	};
	const onPointerMove = ( event: ReactPointerEvent ) => {
		if ( touches.current.has( event.pointerId ) ) {
			touches.current.set( event.pointerId, {
				x: event.clientX,
				y: event.clientY,
			} );
		}
		const start = pinch.current;
		const two = start ? spread() : null;
		if ( start && two ) {
			if ( start.distance > 0 && two.distance > 0 ) {
				aim( two.x, two.y );
				dispatch( {
					type: 'zoomTo',
					scale: ( start.scale * two.distance ) / start.distance,
				} );
				holdForZoom();
			}
			return;
		}
		if ( zoomed ) {
			aim( event.clientX, event.clientY );
			holdForZoom();
		}
	};
	const onPointerLeave = ( event: ReactPointerEvent ) => {
		touches.current.delete( event.pointerId );
		if ( touches.current.size < 2 ) {
			pinch.current = null;
		}
		swipe.current = null;
		dispatch( { type: 'release', reason: 'zoom' } );
	};

	const filmstrip = settings.enable_image_filmstrip && count > 1;
	const [ first, end ] = filmstripRun( state.index, count );
	const thumbs: number[] = [];
	for ( let index = first; index < end; index++ ) {
		if ( records.has( index ) ) {
			thumbs.push( index );
		}
	}
	const zoomStyle = useMemo< CSSProperties | undefined >(
		() =>
			zoomed
				? {
						backgroundImage: cssUrl( largestPicture( record ) ),
						backgroundRepeat: 'no-repeat',
						// The picture follows the pointer.
						cursor: 'move',
					}
				: undefined,
		[ zoomed, record ]
	);
	const pressed = ( on: boolean ) => ( on ? 'true' : 'false' );
	const newTab = { target: '_blank', rel: 'noopener noreferrer' };
	const shareNames: Record< string, string > = {
		/* translators: share link; opens a new tab. */
		facebook: __( 'Share on Facebook (opens in a new tab)', 'tessera' ),
		/* translators: share link (X, formerly Twitter); opens a new tab. */
		twitter: __( 'Share on X (opens in a new tab)', 'tessera' ),
		/* translators: share link; opens a new tab. */
		pinterest: __( 'Share on Pinterest (opens in a new tab)', 'tessera' ),
		/* translators: share link; opens a new tab. */
		tumblr: __( 'Share on Tumblr (opens in a new tab)', 'tessera' ),
	};

	return (
		<div
			ref={ rootRef }
			className="tessera-lightbox"
			role="dialog"
			aria-modal="true"
			aria-label={ label }
			tabIndex={ -1 }
			data-gallery-id={ settings.gallery_id }
			data-image-id={ record.id }
			data-count={ count }
			data-bar={ settings.lightbox_ctrl_btn_pos }
			data-info={ settings.lightbox_info_pos }
			data-filmstrip={
				filmstrip ? settings.lightbox_filmstrip_pos : 'none'
			}
			data-size={ state.size }
		>
			<div className="tessera-lightbox__main">
				<div
					ref={ stageRef }
					className="tessera-lightbox__stage"
					style={ zoomStyle }
					onPointerDown={ onPointerDown }
					onPointerUp={ onPointerUp }
					onPointerCancel={ onPointerLeave }
					onPointerLeave={ onPointerLeave }
					onPointerMove={ onPointerMove }
					onContextMenu={
						settings.image_right_click
							? ( event ) => event.preventDefault()
							: undefined
					}
				>
					{ kind === '' && (
						<img
							className="tessera-lightbox__image"
							src={ record.image_url }
							srcSet={ record.srcset || undefined }
							sizes={ record.srcset ? record.sizes : undefined }
							width={ record.image_width || undefined }
							height={ record.image_height || undefined }
							alt={ record.image_alt }
							loading="eager"
							decoding="async"
							{ ...HIGH_PRIORITY }
							style={
								zoomed ? { visibility: 'hidden' } : undefined
							}
						/>
					) }
					{ kind === 'image' && (
						<img
							className="tessera-lightbox__image"
							src={ record.embed_url }
							alt={ record.image_alt }
							loading="eager"
							decoding="async"
							{ ...HIGH_PRIORITY }
						/>
					) }
					{ kind === 'iframe' && (
						<iframe
							key={ record.id }
							className={ `tessera-lightbox__embed tessera-lightbox__embed--${ embedShape(
								record.filetype
							) }` }
							src={ record.embed_url }
							title={
								record.image_alt ||
								__( 'Embedded media', 'tessera' )
							}
							allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
							allowFullScreen
						/>
					) }
					{ kind === 'extension' && (
						<div
							key={ record.id }
							ref={ extensionRef }
							className="tessera-lightbox__extension"
							data-filetype={ record.filetype }
						/>
					) }
				</div>
				<button
					type="button"
					className="tessera-lightbox__arrow tessera-lightbox__arrow--prev"
					aria-label={ __( 'Previous image', 'tessera' ) }
					hidden={ step( state.index, -1, count, loop ) === null }
					onClick={ () => goBy( -1 ) }
				/>
				<button
					type="button"
					className="tessera-lightbox__arrow tessera-lightbox__arrow--next"
					aria-label={ __( 'Next image', 'tessera' ) }
					hidden={ step( state.index, 1, count, loop ) === null }
					onClick={ () => goBy( 1 ) }
				/>
			</div>
			{ settings.popup_enable_info && (
				<div
					className="tessera-lightbox__info"
					id={ INFO_ID }
					hidden={ ! state.info }
				>
					{ record.alt !== '' && (
						<h2 className="tessera-lightbox__title">
							{ record.alt }
						</h2>
					) }
					{ record.description !== '' && (
						<p className="tessera-lightbox__description">
							{ record.description }
						</p>
					) }
				</div>
			) }
			<p className="tessera-lightbox__status" aria-live="polite">
				{ positionLabel( state.index + 1, count, record.alt ) }
			</p>
			{ filmstrip && (
				<div
					className="tessera-lightbox__filmstrip"
					role="group"
					aria-label={ __( 'Thumbnails', 'tessera' ) }
					data-direction={ settings.filmstrip_direction }
				>
					<button
						type="button"
						className="tessera-lightbox__scroll tessera-lightbox__scroll--back"
						aria-label={ __(
							'Scroll the thumbnails back',
							'tessera'
						) }
						aria-disabled={ edges.start ? 'true' : undefined }
						onClick={ () => scrollThumbs( -1 ) }
					/>
					<ul
						ref={ thumbsRef }
						className="tessera-lightbox__thumbs"
						onScroll={ measure }
					>
						{ thumbs.map( ( index ) => {
							const thumb = records.get( index ) as ImageRecord;
							return (
								<li
									key={ index }
									aria-posinset={ index + 1 }
									aria-setsize={ count }
								>
									<button
										type="button"
										className="tessera-lightbox__thumb"
										aria-label={ positionLabel(
											index + 1,
											count,
											thumb.alt
										) }
										aria-current={
											index === state.index
												? 'true'
												: undefined
										}
										data-image-id={ thumb.id }
										onClick={ () => go( index ) }
									>
										<img
											className="tessera-lightbox__thumb-image"
											src={ thumb.thumb_url }
											srcSet={
												thumb.thumb_srcset || undefined
											}
											sizes={
												thumb.thumb_srcset
													? thumb.thumb_sizes
													: undefined
											}
											width={
												settings.image_filmstrip_width
											}
											height={
												settings.image_filmstrip_height
											}
											alt=""
											loading="lazy"
											decoding="async"
										/>
									</button>
								</li>
							);
						} ) }
					</ul>
					<button
						type="button"
						className="tessera-lightbox__scroll tessera-lightbox__scroll--forward"
						aria-label={ __(
							'Scroll the thumbnails forward',
							'tessera'
						) }
						aria-disabled={ edges.end ? 'true' : undefined }
						onClick={ () => scrollThumbs( 1 ) }
					/>
				</div>
			) }
			<div className="tessera-lightbox__bar">
				<button
					type="button"
					className="tessera-lightbox__toggle"
					aria-label={ __( 'Controls', 'tessera' ) }
					aria-expanded={ pressed( state.bar ) }
					aria-controls={ CONTROLS_ID }
					onClick={ () => dispatch( { type: 'toggleBar' } ) }
				/>
				<div
					className="tessera-lightbox__controls"
					id={ CONTROLS_ID }
					hidden={ ! state.bar }
				>
					{ count > 1 && (
						<button
							type="button"
							className="tessera-lightbox__play"
							aria-label={ __( 'Play the slideshow', 'tessera' ) }
							aria-pressed={ pressed( state.playing ) }
							onClick={ () => dispatch( { type: 'togglePlay' } ) }
						/>
					) }
					{ settings.popup_enable_zoom && (
						<button
							type="button"
							className="tessera-lightbox__zoom"
							aria-label={ __( 'Zoom', 'tessera' ) }
							aria-pressed={ pressed( state.zoom ) }
							hidden={ kind !== '' }
							onClick={ () => dispatch( { type: 'toggleZoom' } ) }
						/>
					) }
					<button
						type="button"
						className="tessera-lightbox__maximize"
						aria-label={ __( 'Maximize', 'tessera' ) }
						aria-pressed={ pressed( maximized( state ) ) }
						onClick={ () => dispatch( { type: 'toggleMaximize' } ) }
					/>
					<button
						type="button"
						className="tessera-lightbox__fullscreen"
						aria-label={ __( 'Full screen', 'tessera' ) }
						aria-pressed={ pressed( state.size === 'fullscreen' ) }
						onClick={ toggleFullscreen }
					/>
					{ settings.popup_enable_info && (
						<button
							type="button"
							className="tessera-lightbox__info-toggle"
							aria-label={ __( 'Image information', 'tessera' ) }
							aria-pressed={ pressed( state.info ) }
							aria-controls={ INFO_ID }
							onClick={ () => dispatch( { type: 'toggleInfo' } ) }
						/>
					) }
					{ record.pure_image_url !== '' &&
						settings.popup_enable_fullsize_image && (
							<a
								className="tessera-lightbox__fullsize"
								href={ record.pure_image_url }
								{ ...newTab }
								aria-label={ __(
									'Full-size image (opens in a new tab)',
									'tessera'
								) }
							/>
						) }
					{ record.pure_image_url !== '' &&
						settings.popup_enable_download && (
							<a
								className="tessera-lightbox__download"
								href={ record.pure_image_url }
								download={ record.filename }
								aria-label={ __(
									'Download the image',
									'tessera'
								) }
							/>
						) }
					{ record.share_url !== '' &&
						settings.popup_enable_share && (
							<div
								className="tessera-lightbox__share"
								role="group"
								aria-label={ __( 'Share', 'tessera' ) }
							>
								{ shareUrls( record ).map(
									( [ name, url ] ) => (
										<a
											key={ name }
											className={ `tessera-lightbox__share-link tessera-lightbox__share-link--${ name }` }
											href={ url }
											{ ...newTab }
											aria-label={ shareNames[ name ] }
										>
											<Icon
												path={
													SHARE_ICONS[
														name as keyof typeof SHARE_ICONS
													]
												}
											/>
										</a>
									)
								) }
							</div>
						) }
				</div>
				<button
					type="button"
					className="tessera-lightbox__close"
					aria-label={ __( 'Close', 'tessera' ) }
					onClick={ () => live.current.props.onClose() }
				/>
			</div>
			<script
				type="application/json"
				className="tessera-lightbox__data"
				// The very text read from the server's script: hydration keeps it as it is.
				dangerouslySetInnerHTML={ { __html: json } }
			/>
		</div>
	);
}
