/**
 * The admin bar node: check of the viewed page, result circles, gallery header.
 */

/**
 * External dependencies
 */
import { describe, expect, it } from '@jest/globals';

/**
 * Internal dependencies
 */
import { CONFIG, adminBarNode, flush, result, useSpeedUi } from './helpers';

const node = () => document.getElementById( 'wp-admin-bar-tessera-speed' );
const trigger = () =>
	document.querySelector< HTMLAnchorElement >(
		'#wp-admin-bar-tessera-speed-check a'
	);
const header = () =>
	document.querySelector< HTMLElement >(
		'#wp-admin-bar-tessera-speed > .ab-item'
	);

describe( 'admin bar', () => {
	const start = useSpeedUi();

	it( 'checks the viewed page and shows its circles', async () => {
		document.body.innerHTML = adminBarNode( 21 );
		const { check, calls } = start( { ...CONFIG, postId: 21 } );

		const click = new MouseEvent( 'click', {
			bubbles: true,
			cancelable: true,
		} );
		trigger()?.dispatchEvent( click );
		expect( click.defaultPrevented ).toBe( true );
		expect( check ).toHaveBeenCalledWith( 21 );
		expect(
			node()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( true );
		expect( trigger()?.textContent ).toBe( 'Checking…' );
		expect( trigger()?.getAttribute( 'aria-disabled' ) ).toBe( 'true' );

		calls[ 0 ]?.resolve( { ok: true, result: result( 95, 30 ) } );
		await flush();

		expect(
			node()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( false );
		expect( trigger()?.textContent ).toBe( 'Check this page’s speed' );
		expect( trigger()?.hasAttribute( 'aria-disabled' ) ).toBe( false );
		const circles = document.querySelectorAll< HTMLElement >(
			'#wp-admin-bar-tessera-speed-result .tessera-speed-circle'
		);
		expect(
			Array.from( circles ).map( ( c ) => [
				c.dataset.device,
				c.dataset.score,
				c.dataset.post_id,
			] )
		).toEqual( [
			[ 'desktop', '95', '21' ],
			[ 'mobile', '30', '21' ],
		] );
		expect(
			node()?.querySelector( '[aria-live="polite"]' )?.textContent
		).toBe( 'Desktop 95, mobile 30' );
	} );

	it( 'shows the reload icon after a failure, and checks again on click', async () => {
		document.body.innerHTML = adminBarNode( 21 );
		const { check, calls } = start( { ...CONFIG, postId: 21 } );
		trigger()?.click();
		calls[ 0 ]?.resolve( { ok: false, message: 'Nope.' } );
		await flush();

		expect( trigger()?.querySelector( 'svg' ) ).not.toBeNull();
		expect( trigger()?.textContent ).toBe( 'Check failed. Check again' );
		expect(
			node()?.classList.contains( 'tessera-speed-ab--optimizing' )
		).toBe( false );
		trigger()?.click();
		expect( check ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'on a gallery page, opens the gallery link in a new tab', () => {
		document.body.innerHTML =
			adminBarNode( 0 ) + '<div class="bwg_container"></div>';
		start( { ...CONFIG, galleryLink: 'https://example.test/gallery' } );

		const link = header();
		expect( link?.tagName ).toBe( 'A' );
		expect( link?.textContent ).toContain( 'Optimize gallery images' );
		expect( link?.textContent ).not.toContain( 'Optimize Images' );
		expect(
			link?.querySelector( '.tessera-speed-ab__logo' )
		).not.toBeNull();
		expect( link?.getAttribute( 'href' ) ).toBe(
			'https://example.test/gallery'
		);
		expect( link?.getAttribute( 'target' ) ).toBe( '_blank' );
		expect( link?.getAttribute( 'rel' ) ).toBe( 'noopener' );
	} );

	it( 'on a gallery block page without a link, only renames the header', () => {
		document.body.innerHTML =
			adminBarNode( 0 ) + '<div class="wp-block-tessera-gallery"></div>';
		start();
		expect( header()?.tagName ).toBe( 'DIV' );
		expect( header()?.textContent ).toBe( 'Optimize gallery images' );
	} );

	it( 'leaves the header alone on other pages', () => {
		document.body.innerHTML = adminBarNode( 0 );
		start( { ...CONFIG, galleryLink: 'https://example.test/gallery' } );
		expect( header()?.tagName ).toBe( 'DIV' );
		expect( header()?.textContent ).toBe( 'Optimize Images' );
	} );
} );
