/**
 * The success popup (spec §2): a modal dialog with a check image, a "Success" heading, the message and a close
 * button. Focus is trapped inside, Escape closes it, the close fades it out over 200 ms (instant under reduced
 * motion), page scrolling is restored and focus returns to where it was.
 */

/**
 * External dependencies
 */
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/**
 * Internal dependencies
 */
import { reducedMotion } from '../../../src/lib/scroll';

/** Fade-out duration in milliseconds (spec §9). */
export const POPUP_FADE = 200;

interface PopupProps {
	id: string;
	message: string;
	link?: { href: string; text: string };
	heading: string;
	closeLabel: string;
	returnFocus: HTMLElement | null;
	onClosed: () => void;
}

/**
 * The dialog, rendered into document.body.
 *
 * @param props             Props.
 * @param props.id          A unique id prefix.
 * @param props.message     The success message.
 * @param props.link        A link under it (the entry's PDF), if any.
 * @param props.heading     "Success".
 * @param props.closeLabel  "Close".
 * @param props.returnFocus Where focus goes back when it closes.
 * @param props.onClosed    Called once it is gone.
 */
export function SuccessPopup( {
	id,
	message,
	link,
	heading,
	closeLabel,
	returnFocus,
	onClosed,
}: PopupProps ) {
	const dialog = useRef< HTMLDivElement >( null );
	const close = useRef< HTMLButtonElement >( null );
	const [ closing, setClosing ] = useState( false );

	useEffect( () => {
		const overflow = document.body.style.overflow;
		document.body.style.overflow = 'hidden';
		close.current?.focus();
		return () => {
			document.body.style.overflow = overflow;
		};
	}, [] );

	const dismiss = () => {
		if ( closing ) {
			return;
		}
		setClosing( true );
		window.setTimeout(
			() => {
				onClosed();
				returnFocus?.focus();
			},
			reducedMotion() ? 0 : POPUP_FADE
		);
	};

	const dismissRef = useRef( dismiss );
	dismissRef.current = dismiss;

	// Escape closes; Tab and Shift+Tab stay inside the dialog.
	useEffect( () => {
		const element = dialog.current;
		if ( ! element ) {
			return;
		}
		const doc = element.ownerDocument;
		const onKeyDown = ( event: KeyboardEvent ) => {
			if ( event.key === 'Escape' ) {
				event.preventDefault();
				dismissRef.current();
				return;
			}
			if ( event.key !== 'Tab' ) {
				return;
			}
			const focusable = Array.from(
				element.querySelectorAll< HTMLElement >(
					'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])'
				)
			);
			const first = focusable[ 0 ];
			const last = focusable[ focusable.length - 1 ];
			const active = doc.activeElement;
			if ( ! first || ! last ) {
				event.preventDefault();
			} else if (
				event.shiftKey &&
				( active === first || ! element.contains( active ) )
			) {
				event.preventDefault();
				last.focus();
			} else if (
				! event.shiftKey &&
				( active === last || ! element.contains( active ) )
			) {
				event.preventDefault();
				first.focus();
			}
		};
		doc.addEventListener( 'keydown', onKeyDown );
		return () => doc.removeEventListener( 'keydown', onKeyDown );
	}, [] );

	return createPortal(
		<div
			className={
				'tessera-form__popup' + ( closing ? ' is-closing' : '' )
			}
		>
			<div
				ref={ dialog }
				className="tessera-form__popup-dialog"
				role="dialog"
				aria-modal="true"
				aria-labelledby={ `${ id }-title` }
				aria-describedby={ `${ id }-message` }
			>
				<svg
					className="tessera-form__popup-check"
					viewBox="0 0 52 52"
					width="52"
					height="52"
					aria-hidden="true"
					focusable="false"
				>
					<circle cx="26" cy="26" r="25" fill="#1e8a3e" />
					<path
						d="M14 27l8 8 16-17"
						fill="none"
						stroke="#fff"
						strokeWidth="5"
					/>
				</svg>
				<h2 id={ `${ id }-title` }>{ heading }</h2>
				<p id={ `${ id }-message` }>{ message }</p>
				{ link ? (
					<p>
						<a href={ link.href }>{ link.text }</a>
					</p>
				) : null }
				<button
					ref={ close }
					type="button"
					className="tessera-form__popup-close wp-element-button"
					onClick={ dismiss }
				>
					{ closeLabel }
				</button>
			</div>
		</div>,
		document.body
	);
}
