/**
 * Shared helpers of the page-speed unit tests.
 */

/**
 * External dependencies
 */
import { afterEach, beforeEach, jest } from '@jest/globals';

/**
 * Internal dependencies
 */
import { startSpeedUi } from '../../../src/admin/speed/controller';
import type {
	CheckOutcome,
	ScoreResult,
	SpeedConfig,
} from '../../../src/lib/speed/types';

/** A page configuration as PHP prints it. */
export const CONFIG: SpeedConfig = {
	ajaxUrl: 'http://example.test/wp-admin/admin-ajax.php',
	nonce: 'n0nce',
	inProgress: false,
	inProgressPostId: 0,
	pollInterval: 30000,
	postId: 0,
	galleryLink: '',
};

/**
 * A successful check result.
 *
 * @param desktop Desktop score.
 * @param mobile  Mobile score.
 * @return The result.
 */
export const result = ( desktop: number, mobile: number ): ScoreResult => ( {
	desktop_score: desktop,
	desktop_tti: 1.2,
	mobile_score: mobile,
	mobile_tti: 7.9,
	checked_at: '2026-11-22T20:00:00+00:00',
	metrics: null,
} );

/** A promise whose outcome the test decides. */
export interface Deferred< T > {
	promise: Promise< T >;
	resolve: ( value: T ) => void;
	reject: ( reason: Error ) => void;
}

/**
 * Creates a promise that the test settles.
 *
 * @return The promise and its settlers.
 */
export function deferred< T >(): Deferred< T > {
	let resolve: ( value: T ) => void = () => {};
	let reject: ( reason: Error ) => void = () => {};
	const promise = new Promise< T >( ( res, rej ) => {
		resolve = res;
		reject = rej;
	} );
	return { promise, resolve, reject };
}

/**
 * A fake score check whose calls stay pending until the test settles them.
 *
 * @return The check and the pending calls, in order.
 */
export function pendingChecks() {
	const calls: Array< { postId: number } & Deferred< CheckOutcome > > = [];
	const check = jest.fn( ( postId: number ) => {
		const call = { postId, ...deferred< CheckOutcome >() };
		calls.push( call );
		return call.promise;
	} );
	return { check, calls };
}

/**
 * Lets pending promise callbacks run.
 */
export async function flush(): Promise< void > {
	for ( let i = 0; i < 5; i++ ) {
		await Promise.resolve();
	}
}

/**
 * A list-column cell as the server renders it before any check.
 *
 * @param postId The post.
 * @return The markup.
 */
export const notOptimizedCell = ( postId: number ): string =>
	`<tr id="post-${ postId }"><td class="column-tessera_speed">` +
	`<div class="tessera-speed" data-post_id="${ postId }" data-state="not-optimized">` +
	`<button type="button" class="button tessera-speed__check">Check score</button>` +
	`</div></td></tr>`;

/**
 * The admin bar node as WordPress renders it on a singular front-end view.
 *
 * @param postId The viewed post (0: no check item).
 * @param extra  Extra classes of the `<li>`.
 * @return The markup.
 */
export const adminBarNode = ( postId: number, extra = '' ): string =>
	`<div id="wpadminbar"><ul><li id="wp-admin-bar-tessera-speed" class="menupop ${ extra }">` +
	`<div class="ab-item ab-empty-item" aria-haspopup="true"><span class="tessera-speed-ab__logo"></span>Optimize Images</div>` +
	`<div class="ab-sub-wrapper"><ul id="wp-admin-bar-tessera-speed-default" class="ab-submenu">` +
	( postId
		? `<li id="wp-admin-bar-tessera-speed-check"><a class="ab-item" href="#" data-post_id="${ postId }">Check this page’s speed</a></li>`
		: '' ) +
	`<li id="wp-admin-bar-tessera-speed-list"><a class="ab-item" href="/wp-admin/edit.php">Speed scores</a></li>` +
	`</ul></div></li></ul></div>`;

/**
 * Runs the list column and admin bar script in each test of the enclosing `describe`: before each
 * test the page-wide progress state is forgotten (and the page given `markup`, when set); after it
 * the script is stopped and the page emptied.
 *
 * @param markup The page before each test; left as it is when undefined.
 * @return `start( config )`: starts the script, with no animation, on a score check that stays
 *         pending until the test settles it; returns that check.
 */
export function useSpeedUi( markup?: string ) {
	let stop: () => void = () => {};

	beforeEach( () => {
		delete window.tesseraSpeedProgress;
		if ( markup !== undefined ) {
			document.body.innerHTML = markup;
		}
	} );
	afterEach( () => {
		stop();
		document.body.innerHTML = '';
	} );

	return ( config: SpeedConfig = CONFIG ) => {
		const fake = pendingChecks();
		stop = startSpeedUi( {
			config,
			check: fake.check,
			animation: { reducedMotion: true },
		} );
		return fake;
	};
}
