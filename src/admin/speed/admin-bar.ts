/**
 * The admin bar node `#wp-admin-bar-tessera-speed`: optimizing class, the
 * "Check this page's speed" item, the current post's circles, the
 * notification of a finished check and the gallery-page header.
 */

/**
 * WordPress dependencies
 */
import { __ } from '@wordpress/i18n';

/**
 * Internal dependencies
 */
import { animateCircle, createCircle } from '../../lib/speed/circle';
import type { CountUpOptions } from '../../lib/speed/count-up';
import { formatFailure, formatScores } from '../../lib/speed/format';
import type { SpeedDevice, SpeedReport } from '../../lib/speed/types';
import { announce, h, reloadIcon, setDisabled } from './dom';

/** Id of the admin bar node (WordPress prefixes `wp-admin-bar-`). */
export const ADMIN_BAR_ID = 'wp-admin-bar-tessera-speed';
/** Class of the node's `<li>` while a check runs. */
export const OPTIMIZING_CLASS = 'tessera-speed-ab--optimizing';
/** Elements that mark a gallery page. */
export const GALLERY_SELECTOR = '.bwg_container, .wp-block-tessera-gallery';

/** The enhanced admin bar node. */
export interface SpeedAdminBar {
	/** The `<li>`. */
	node: HTMLElement;
	/** The "Check this page's speed" link or button, when the page has one. */
	trigger: HTMLElement | null;
	/** The post that `trigger` checks (0 when none). */
	postId: number;
	/** Applies the page-wide in-progress flag. */
	sync: ( inProgress: boolean ) => void;
	/** Shows that the trigger's check started. */
	checking: () => void;
	/** Shows the result of a successful check of `postId`. */
	succeeded: ( report: SpeedReport, animate: CountUpOptions ) => void;
	/** Shows that the trigger's check failed. */
	failed: ( message: string ) => void;
	/** Shows the `html` of a finished check, as text. */
	notify: ( html: string ) => void;
}

/**
 * The submenu item with the given id, created at the end of the submenu when
 * the server did not render it.
 *
 * @param node The admin bar `<li>`.
 * @param id   The item's id.
 * @return The `<li>`.
 */
function subItem( node: HTMLElement, id: string ): HTMLElement {
	let item = document.getElementById( id );
	if ( ! item ) {
		item = h( 'li', { id } );
		( node.querySelector( '.ab-submenu' ) ?? node ).append( item );
	}
	return item;
}

/**
 * On a gallery page the header reads "Optimize gallery images"; when a
 * gallery link is set, it opens that link in a new tab.
 *
 * @param node The admin bar `<li>`.
 * @param link The settings' gallery link (http/https) or ''.
 */
function galleryHeader( node: HTMLElement, link: string ): void {
	const header = node.querySelector( ':scope > .ab-item' );
	if ( ! header || ! document.querySelector( GALLERY_SELECTOR ) ) {
		return;
	}
	const anchor = link
		? h( 'a', {
				class: header.className,
				href: link,
				target: '_blank',
				rel: 'noopener',
			} )
		: header;
	anchor.replaceChildren(
		header.querySelector( '.tessera-speed-ab__logo' ) ?? '',
		__( 'Optimize gallery images', 'tessera' ),
		link &&
			h(
				'span',
				{ class: 'tessera-speed-sr' },
				__( '(opens in a new tab)', 'tessera' )
			)
	);
	if ( anchor !== header ) {
		header.replaceWith( anchor );
	}
}

/**
 * Enhances the admin bar node, when the page has it.
 *
 * @param galleryLink   The settings' gallery link (http/https) or ''.
 * @param defaultPostId The current post from the page configuration.
 * @return The node's controller, or null without the node.
 */
export function setupAdminBar(
	galleryLink: string,
	defaultPostId: number
): SpeedAdminBar | null {
	const node = document.getElementById( ADMIN_BAR_ID );
	if ( ! node ) {
		return null;
	}
	galleryHeader( node, galleryLink );
	const checkItem = document.getElementById( ADMIN_BAR_ID + '-check' );
	const trigger =
		checkItem?.querySelector< HTMLElement >( 'a, button' ) ?? null;
	// `data-post_id` is on the item or on the label inside its link.
	const idHolder = checkItem?.matches( '[data-post_id]' )
		? checkItem
		: checkItem?.querySelector< HTMLElement >( '[data-post_id]' );
	const postId = Number( idHolder?.dataset.post_id ) || defaultPostId;
	const labelHolder =
		idHolder && trigger?.contains( idHolder ) ? idHolder : trigger;
	const label = labelHolder?.textContent ?? '';
	const setLabel = ( ...content: Array< Node | string > ): void =>
		labelHolder?.replaceChildren( ...content );

	return {
		node,
		trigger,
		postId,
		sync( inProgress ) {
			node.classList.toggle( OPTIMIZING_CLASS, inProgress );
			if ( trigger ) {
				setDisabled( trigger, inProgress );
			}
		},
		checking() {
			setLabel( __( 'Checking…', 'tessera' ) );
			announce( node, __( 'Checking…', 'tessera' ) );
		},
		failed( message ) {
			setLabel(
				reloadIcon(),
				__( 'Check failed. Check again', 'tessera' )
			);
			announce( node, formatFailure( message ) );
		},
		succeeded( report, animate ) {
			setLabel( label );
			subItem( node, ADMIN_BAR_ID + '-result' ).replaceChildren(
				h(
					'div',
					{ class: 'ab-item ab-empty-item' },
					h(
						'div',
						{
							class: 'tessera-speed-ab__result',
							'data-post_id': String( postId ),
							'data-state': 'optimized',
						},
						...( [ 'desktop', 'mobile' ] as SpeedDevice[] ).map(
							( device ) => {
								const { score, tti } = report[ device ];
								const circle = createCircle( {
									score,
									tti,
									postId,
									device,
									size: 40,
									thickness: 4,
								} );
								animateCircle( circle, score, animate );
								return circle;
							}
						)
					)
				)
			);
			announce( node, formatScores( report ) );
		},
		notify( html ) {
			// Text only: server-provided markup never reaches innerHTML.
			const text =
				new DOMParser().parseFromString( html, 'text/html' ).body
					.textContent ?? '';
			subItem( node, ADMIN_BAR_ID + '-notif' ).replaceChildren(
				h(
					'div',
					{ class: 'ab-item ab-empty-item' },
					h( 'p', { class: 'tessera-speed-ab__notif' }, text )
				)
			);
			announce( node, text );
		},
	};
}
