/**
 * The gallery's slideshow and carousel player (docs/gallery.md, "Views"; spec §2, §4 "Play state", "Changing
 * image", §9): dependency-free, loaded only by pages that show one (includes/Gallery/Views/Player.php). The
 * server's HTML works without it (the first slide with its thumbnails as links, or a row that scrolls); this script
 * only switches attributes and classes and runs a timer, and the style does the effects and the play button's
 * name. Budget: 1.2 KB gzip.
 *
 * - Slideshow: previous / next, a thumbnail or dot shows its slide (`aria-current` on it, the filmstrip scrolled to
 *   keep it in view, its scroll buttons `aria-disabled` at the ends), ArrowLeft / ArrowRight while focus is inside,
 *   "N of M: title" in the live region on the visitor's own changes (never on autoplay). A change runs the effect
 *   (`data-fx`: the effect, a random one of the list for `random`, and ` left` when the target is lower) as long as
 *   the server's `--tessera-fx` (spec §4: the effect duration, or a quarter of the interval when that is under four
 *   effect durations); changes asked for meanwhile wait for it, in order; the same slide does nothing.
 * - Carousel: previous / next scroll the row by one image.
 * - Both: the visitor's moves wrap round (as the keyboard does, spec §2). Play / pause; autoplay every interval
 *   (`data-interval`, ms), a random jump with shuffle, stopping at the end without loop; held while the pointer is
 *   on an image or the focus on a link of the player, while it is out of view or the page hidden, going on after
 *   only if it was playing. Under `prefers-reduced-motion: reduce` changes are instant and autoplay does not start
 *   by itself. The music (beside the player) plays only once the visitor presses Play, and pauses with Pause.
 * - Players are started when the script runs and again when the gallery navigation put content in (the
 *   `tessera-gallery:updated` event): those not started yet. Each has its own state.
 */

const reducedMotion = matchMedia( '(prefers-reduced-motion:reduce)' );

/**
 * The index `by` steps away: wrapped round with loop, -1 past an end without it.
 *
 * @param index Current index.
 * @param count Number of slides.
 * @param by    Step (+1 next, -1 previous).
 * @param loop  Whether to wrap round.
 */
export function step(
	index: number,
	count: number,
	by: number,
	loop?: boolean
): number {
	const next = index + by;
	if ( next >= 0 && next < count ) {
		return next;
	}
	return loop ? ( next + count ) % count : -1;
}

/**
 * Whether a scroll box (a row or a column: it scrolls one way only) is at its start, and at its end.
 *
 * @param box The scroll box.
 */
export function ends( box: Element ): [ boolean, boolean ] {
	const scrolled = box.scrollLeft + box.scrollTop;
	return [
		scrolled < 1,
		scrolled + box.clientWidth + box.clientHeight >
			box.scrollWidth + box.scrollHeight - 2,
	];
}

/**
 * Starts one player (once).
 *
 * @param root The player (`[data-player]`).
 */
export function init( root: HTMLElement ): void {
	const data = root.dataset;
	if ( data.ready ) {
		return;
	}
	data.ready = '1';
	const all = ( selector: string ) => [
		...root.querySelectorAll< HTMLElement >( selector ),
	];
	const loop = 'loop' in data;
	const interval = +( data.interval as string );
	const slides = all( '.tessera-slide' );
	const count = slides.length;
	const carousel = ! count;
	const picks = all( '[data-act=pick]' );
	// Without the script they are links to the full images; here they show a slide: buttons (Space as well).
	picks.forEach( ( pick ) => ( pick.role = 'button' ) );
	// The filmstrip or the dots.
	const strip = picks[ 0 ]?.closest( 'ul' ) as HTMLElement;
	// The music is beside the player (its keys are its own).
	const audio = ( root.parentNode as HTMLElement ).querySelector( 'audio' );
	// The changes, one after the other (those asked for during an effect wait for it).
	let changes = Promise.resolve();
	// The slide shown, the last one asked for, autoplay on.
	let shown = 0;
	let asked = 0;
	let playing = false;

	/**
	 * Marks a scroll box's back / forward buttons disabled at its ends (`aria-disabled`: they stay focusable);
	 * a carousel's wrap round, so never.
	 *
	 * @param box A list that scrolls.
	 */
	const markEnds = ( box: HTMLElement ) => {
		const atEnds = ends( box );
		( box.parentNode as HTMLElement )
			.querySelectorAll< HTMLElement >( '[data-act=scroll]' )
			.forEach(
				( button, j ) => ( button.ariaDisabled = String( atEnds[ j ] ) )
			);
	};

	/**
	 * Scrolls a row or column by its first item, or round to the other end (`wrap`).
	 *
	 * @param box  A list that scrolls.
	 * @param by   +1 forward, -1 back.
	 * @param wrap Whether to wrap round.
	 * @return Whether it moved.
	 */
	const scroll = ( box: HTMLElement, by: number, wrap?: boolean ) => {
		const end = ends( box )[ ( by + 1 ) / 2 ];
		const item = box.firstChild as HTMLElement;
		const other = by > 0 ? 0 : 1e9;
		if ( ! end ) {
			box.scrollBy( by * item.offsetWidth, by * item.offsetHeight );
		} else if ( wrap ) {
			box.scrollTo( other, other );
		}
		return ! end || wrap;
	};

	/**
	 * Play or pause (the style shows the play button's name and icon for the state).
	 *
	 * @param on Whether to play.
	 */
	const setPlaying = ( on?: boolean ) =>
		( playing = root.classList.toggle( 'is-playing', on ) );

	/**
	 * Shows slide `index` with the effect (an animation of the style, as long as the server's `--tessera-fx`; none
	 * under reduced motion): it comes in over the shown one, which is hidden when it is over (the promise then
	 * resolves).
	 *
	 * @param index Slide index (not the shown one).
	 */
	const show = ( index: number ) =>
		new Promise< void >( ( over ) => {
			const from = slides[ shown ] as HTMLElement;
			const to = slides[ index ] as HTMLElement;
			const pick = picks[ index ] as HTMLElement;
			const effects = ( data.effect as string ).split( ' ' );
			const done = () => {
				from.hidden = true;
				to.className = 'tessera-slide';
				over();
			};
			// The effect, and its way: left (back) when the target is lower.
			data.fx =
				effects[ Math.floor( Math.random() * effects.length ) ] +
				( index > shown ? '' : ' left' );
			to.hidden = false;
			to.className += ' is-in';
			if ( reducedMotion.matches ) {
				done();
			} else {
				to.onanimationend = done;
			}
			// The next one loads ahead (the server's HTML lets the second load).
			(
				(
					slides[ ( index + 1 ) % count ] as HTMLElement
				 ).querySelector( 'img' ) as HTMLImageElement
			 ).loading = 'eager';
			( picks[ shown ] as HTMLElement ).ariaCurrent = null;
			pick.ariaCurrent = 'true';
			// Keeps the current thumbnail in the filmstrip's view, one before it (without scrolling the page).
			strip.scrollTo(
				pick.offsetLeft - pick.offsetWidth,
				pick.offsetTop - pick.offsetHeight
			);
			shown = index;
		} );

	/**
	 * Asks for slide `index`: nothing for the same one or past an end; after the changes already asked for.
	 *
	 * @param index  Slide index, -1 for none.
	 * @param manual Whether the visitor asked (then it is announced).
	 */
	const ask = ( index: number, manual?: boolean ) => {
		if ( index < 0 || index === asked ) {
			return;
		}
		asked = index;
		if ( manual ) {
			// The live region is the player's last element.
			( root.lastElementChild as HTMLElement ).textContent = (
				slides[ index ] as HTMLElement
			 ).ariaLabel;
		}
		changes = changes.then( () => show( index ) );
	};

	/**
	 * Previous / next: one slide, or the carousel's row by one image. The visitor's own moves wrap round (as the
	 * keyboard does, spec §2); autoplay wraps only with loop, and jumps at random with shuffle.
	 *
	 * @param by     -1 or +1.
	 * @param manual Whether the visitor asked.
	 * @return Whether it moved.
	 */
	const move = ( by: number, manual?: boolean ) => {
		const shuffle = 'shuffle' in data && ! manual;
		const wrap = loop || shuffle || manual;
		if ( carousel ) {
			return scroll( all( 'ul' )[ 0 ] as HTMLElement, by, wrap );
		}
		// Shuffle: a step of 1 … count - 1 slides, so never to the same one.
		const index = step(
			asked,
			count,
			shuffle ? 1 + Math.floor( Math.random() * ( count - 1 ) ) : by,
			wrap
		);
		ask( index, manual );
		return index >= 0;
	};

	/*
	 * Autoplay, every interval: the next change unless held — the pointer on an image, the focus on a link of the
	 * player (not on its buttons: pressing Play plays), the player out of view, the page hidden; stops at an end
	 * without loop. The timer ends with the player (the gallery navigation replaced it).
	 */
	const timer = setInterval( () => {
		const box = root.getBoundingClientRect();
		if ( ! root.isConnected ) {
			clearInterval( timer );
		} else if (
			playing &&
			box.bottom > 0 &&
			box.top < innerHeight &&
			! document.hidden &&
			! root.querySelector( 'img:hover,a:focus' ) &&
			! move( 1 )
		) {
			setPlaying( false );
		}
	}, interval );

	root.onclick = ( event ) => {
		const button = ( event.target as Element ).closest< HTMLElement >(
			'[data-act]'
		);
		const act = button?.dataset.act;
		const by = +( button?.dataset.by as string );
		if ( ! button ) {
			return;
		}
		if ( act === 'play' ) {
			setPlaying();
			// Music only ever starts from this press.
			audio?.[ playing ? 'play' : 'pause' ]();
		} else if ( act === 'pick' ) {
			event.preventDefault();
			ask( picks.indexOf( button ), true );
		} else if ( act === 'step' ) {
			move( by, true );
		} else {
			// The list is the first child of a scroll button's parent.
			scroll(
				( button.parentNode as HTMLElement ).firstChild as HTMLElement,
				by,
				carousel
			);
		}
	};
	root.onkeydown = ( event ) => {
		const target = event.target as HTMLElement;
		if ( event.key === ' ' && target.dataset.act === 'pick' ) {
			event.preventDefault();
			target.click();
		}
		const by = (
			{ ArrowLeft: -1, ArrowRight: 1 } as Record< string, number >
		 )[ event.key ];
		if ( by ) {
			event.preventDefault();
			move( by, true );
		}
	};
	// The filmstrip's scroll buttons (a carousel's wrap round: never disabled).
	if ( strip ) {
		( strip.onscroll = () => markEnds( strip ) )();
	}
	setPlaying( 'autoplay' in data && ! reducedMotion.matches );
}

/** Starts the players of the page (again after the gallery navigation put content in: those not started). */
function scan(): void {
	document.querySelectorAll< HTMLElement >( '[data-player]' ).forEach( init );
}

scan();
document.addEventListener( 'tessera-gallery:updated', scan );
