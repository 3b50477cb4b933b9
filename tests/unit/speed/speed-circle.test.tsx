/**
 * External dependencies
 */
import {
	afterEach,
	beforeAll,
	describe,
	expect,
	it,
	jest,
} from '@jest/globals';
import { act } from 'react';

/**
 * WordPress dependencies
 */
import { createRoot } from '@wordpress/element';

/**
 * Internal dependencies
 */
import { createCircle } from '../../../src/lib/speed/circle';
import { SpeedCircle } from '../../../src/editor/speed-sidebar/speed-circle';

type Shape = {
	tag: string;
	attributes: Record< string, string >;
	text: string;
	children: Shape[];
};

/**
 * A comparable description of an element tree: tag, attributes (any order),
 * own text and children.
 *
 * @param element The root.
 * @return Its shape.
 */
function shape( element: Element ): Shape {
	const attributes: Record< string, string > = {};
	for ( const attribute of Array.from( element.attributes ) ) {
		attributes[ attribute.name ] = attribute.value;
	}
	return {
		tag: element.tagName.toLowerCase(),
		attributes,
		text: Array.from( element.childNodes )
			.filter( ( node ) => node.nodeType === Node.TEXT_NODE )
			.map( ( node ) => node.textContent )
			.join( '' ),
		children: Array.from( element.children ).map( shape ),
	};
}

declare global {
	var IS_REACT_ACT_ENVIRONMENT: boolean;
}

describe( 'SpeedCircle (editor)', () => {
	let container: HTMLElement;

	beforeAll( () => {
		globalThis.IS_REACT_ACT_ENVIRONMENT = true;
	} );
	afterEach( () => {
		container?.remove();
		jest.useRealTimers();
	} );

	const render = ( element: JSX.Element ) => {
		container = document.createElement( 'div' );
		document.body.append( container );
		const root = createRoot( container );
		act( () => root.render( element ) );
		return root;
	};

	it( 'renders exactly the markup of the DOM renderer', () => {
		const options = {
			score: 67,
			tti: 3.4,
			postId: 21,
			device: 'mobile' as const,
		};
		const root = render( <SpeedCircle { ...options } /> );
		const rendered = container.firstElementChild;
		expect( rendered ).not.toBeNull();
		expect( shape( rendered as Element ) ).toEqual(
			shape( createCircle( options ) )
		);
		act( () => root.unmount() );
	} );

	it( 'counts a fresh score up from 0 to the score', () => {
		jest.useFakeTimers();
		const root = render(
			<SpeedCircle
				score={ 90 }
				tti={ 1.1 }
				postId={ 5 }
				device="desktop"
				animate={ { reducedMotion: false } }
			/>
		);
		const value = () =>
			container.querySelector( '.tessera-speed-circle__value' )
				?.textContent;
		expect( value() ).toBe( '0' );
		act( () => {
			jest.advanceTimersByTime( 600 );
		} );
		expect( Number( value() ) ).toBeGreaterThan( 0 );
		expect( Number( value() ) ).toBeLessThan( 90 );
		act( () => {
			jest.advanceTimersByTime( 700 );
		} );
		expect( value() ).toBe( '90' );
		expect( shape( container.firstElementChild as Element ) ).toEqual(
			shape(
				createCircle( {
					score: 90,
					tti: 1.1,
					postId: 5,
					device: 'desktop',
				} )
			)
		);
		act( () => root.unmount() );
	} );
} );
