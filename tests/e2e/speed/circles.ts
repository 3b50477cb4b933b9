/**
 * Browser-side helpers for the page-speed suite: score circles and the count-up animation.
 */

/**
 * External dependencies
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Axe violations inside `selector`. WordPress core writes every admin bar item as
 * `<li role='group'>` (class-wp-admin-bar.php), which axe reports as aria-allowed-role: those
 * core nodes are left out; anything else, ours included, is kept.
 *
 * @param page     The page.
 * @param selector Where to look.
 * @return The violations (rule id, impact, the offending nodes' HTML).
 */
export async function axeViolations(
	page: Page,
	selector: string
): Promise< Array< { id: string; impact: string; nodes: string[] } > > {
	const results = await new AxeBuilder( { page } )
		.include( selector )
		.analyze();
	return results.violations
		.map( ( v ) => ( {
			id: v.id,
			impact: String( v.impact ),
			nodes: v.nodes
				.map( ( n ) => n.html )
				.filter(
					( html ) =>
						! (
							v.id === 'aria-allowed-role' &&
							/^<li role="group" id="wp-admin-bar-[\w-]+"/.test(
								html
							)
						)
				),
		} ) )
		.filter( ( v ) => v.nodes.length > 0 );
}

/**
 * The colour class of a score (spec §4/§9: 49 and below red, 90 and above green).
 *
 * @param score 0-100.
 */
export function colourClass( score: number ): string {
	if ( score >= 90 ) {
		return 'tessera-speed-circle--green';
	}
	return score >= 50
		? 'tessera-speed-circle--orange'
		: 'tessera-speed-circle--red';
}

/**
 * Assert one score circle's markup (docs/speed.md "Score circle") once its number has settled.
 *
 * @param container       Where the circle is (a list cell, the admin bar result, the sidebar).
 * @param expected        What it shows.
 * @param expected.device
 * @param expected.score
 * @param expected.tti
 * @param expected.postId
 * @return The circle.
 */
export async function expectCircle(
	container: Locator,
	expected: {
		device: 'desktop' | 'mobile';
		score: number;
		tti: number;
		postId: number;
	}
): Promise< Locator > {
	const circle = container.locator(
		`.tessera-speed-circle[data-device="${ expected.device }"]`
	);
	await expect( circle ).toHaveCount( 1 );
	await expect( circle ).toHaveAttribute(
		'data-score',
		String( expected.score )
	);
	await expect( circle ).toHaveAttribute(
		'data-tti',
		String( expected.tti )
	);
	await expect( circle ).toHaveAttribute(
		'data-post_id',
		String( expected.postId )
	);
	await expect( circle ).toHaveAttribute( 'data-size', /^\d+$/ );
	await expect( circle ).toHaveAttribute( 'data-thickness', /^\d+$/ );
	await expect( circle ).toHaveAttribute( 'role', 'img' );
	const label = expected.device === 'desktop' ? 'Desktop' : 'Mobile';
	await expect( circle ).toHaveAttribute(
		'aria-label',
		`${ label } score ${ expected.score } of 100, load time ${ expected.tti } s`
	);
	// Exactly one colour class, the right one.
	const classes = ( ( await circle.getAttribute( 'class' ) ) || '' ).split(
		/\s+/
	);
	expect(
		classes.filter( ( c ) => /^tessera-speed-circle--/.test( c ) )
	).toEqual( [ colourClass( expected.score ) ] );
	await expect( circle.locator( '.tessera-speed-circle__value' ) ).toHaveText(
		String( expected.score )
	);
	await expect(
		circle.locator( 'svg .tessera-speed-circle__bar' )
	).toHaveCount( 1 );
	return circle;
}

/** The load times the fake PSI server answers for every page, in seconds as the circles show them. */
export const FAKE_TTI = { desktop: 1.2, mobile: 7.9 } as const;

/**
 * Assert the circles of a post checked against the fake (its load times), desktop first; a device
 * left out of `scores` is not looked at.
 *
 * @param container      Where the circles are.
 * @param postId         The checked post.
 * @param scores         The expected scores.
 * @param scores.desktop
 * @param scores.mobile
 */
export async function expectScores(
	container: Locator,
	postId: number,
	scores: { desktop?: number; mobile?: number }
): Promise< void > {
	for ( const device of [ 'desktop', 'mobile' ] as const ) {
		const score = scores[ device ];
		if ( score !== undefined ) {
			await expectCircle( container, {
				device,
				score,
				tti: FAKE_TTI[ device ],
				postId,
			} );
		}
	}
}

/**
 * Start recording, every animation frame, the text of the elements matching `selector`.
 *
 * @param page     The page.
 * @param selector CSS selector of the number(s) to watch.
 */
export async function startFrameSampler(
	page: Page,
	selector: string
): Promise< void > {
	await page.evaluate( ( sel ) => {
		const w = window as unknown as {
			__speedSamples: Array< { t: number; text: string } >;
			__speedSampling: boolean;
		};
		w.__speedSamples = [];
		w.__speedSampling = true;
		const tick = () => {
			const el = document.querySelector( sel );
			if ( el ) {
				w.__speedSamples.push( {
					t: performance.now(),
					text: ( el.textContent || '' ).trim(),
				} );
			}
			if ( w.__speedSampling ) {
				requestAnimationFrame( tick );
			}
		};
		requestAnimationFrame( tick );
	}, selector );
}

/**
 * Stop recording and return the samples.
 *
 * @param page The page.
 */
export function stopFrameSampler(
	page: Page
): Promise< Array< { t: number; text: string } > > {
	return page.evaluate( () => {
		const w = window as unknown as {
			__speedSamples: Array< { t: number; text: string } >;
			__speedSampling: boolean;
		};
		w.__speedSampling = false;
		return w.__speedSamples;
	} );
}

/**
 * Wait until the sampler has recorded `frames` more animation frames.
 *
 * @param page   The page.
 * @param frames How many.
 */
export async function waitForFrames(
	page: Page,
	frames: number
): Promise< void > {
	const count = () =>
		page.evaluate(
			() =>
				(
					window as unknown as {
						__speedSamples: unknown[];
					}
				 ).__speedSamples.length
		);
	const start = await count();
	await expect.poll( count ).toBeGreaterThanOrEqual( start + frames );
}
