/**
 * The stack's shape as the tests rely on it (docs/stack.md): consecutive requests go to both PHP-FPM nodes in
 * turn, each node its own master process and OPcache, and the client's address travels to PHP in
 * X-Forwarded-For through the cache and the load balancer (the trusted proxies of wp-config.php). Runs on the
 * stack only (the `stack` project).
 */

/**
 * External dependencies
 */
import { request as playwrightRequest } from '@playwright/test';

/**
 * Internal dependencies
 */
import { test, expect } from '../speed/support';
import { CACHE_URL, ORIGIN_URL } from './support';

/** What the stack's test mu-plugin answers to `?tessera-stack-node`. */
interface NodeProbe {
	node: string;
	master: number;
	pid: number;
	cachedScripts: number;
	remoteAddr: string;
	forwardedFor: string;
	trustedProxies: string | null;
}

/**
 * Asks which node runs a request.
 *
 * @param base    CACHE_URL or ORIGIN_URL.
 * @param headers Request headers.
 */
async function probe(
	base: string,
	headers: Record< string, string > = {}
): Promise< { body: NodeProbe; upstream: string | undefined } > {
	const ctx = await playwrightRequest.newContext( {
		storageState: { cookies: [], origins: [] },
	} );
	try {
		const res = await ctx.get( `${ base }/?tessera-stack-node`, {
			headers,
		} );
		expect( res.status() ).toBe( 200 );
		return {
			body: ( await res.json() ) as NodeProbe,
			upstream: res.headers()[ 'x-upstream' ],
		};
	} finally {
		await ctx.dispose();
	}
}

test.describe(
	'the stack: two PHP nodes behind a proxy',
	{ tag: '@visitor' },
	() => {
		test( 'consecutive requests alternate between two nodes, each its own master and OPcache', async () => {
			const seen = [];
			for ( let i = 0; i < 6; i++ ) {
				seen.push( await probe( ORIGIN_URL ) );
			}
			const nodes = seen.map( ( s ) => s.body.node );
			expect( new Set( nodes ) ).toEqual(
				new Set( [ 'node1', 'node2' ] )
			);
			for ( let i = 1; i < nodes.length; i++ ) {
				expect(
					nodes[ i ],
					`request ${ i + 1 } of ${ nodes }`
				).not.toBe( nodes[ i - 1 ] );
			}
			// nginx's X-Upstream names the node PHP says it is.
			expect( seen.map( ( s ) => s.upstream ) ).toEqual( nodes );
			// Two masters (one per node), each with its own OPcache in use.
			const masters = new Map(
				seen.map( ( s ) => [ s.body.node, s.body.master ] )
			);
			expect( masters.get( 'node1' ) ).not.toBe( masters.get( 'node2' ) );
			for ( const s of seen ) {
				expect( s.body.cachedScripts ).toBeGreaterThan( 0 );
			}
		} );

		test( 'the client address reaches PHP in X-Forwarded-For from the trusted proxies', async () => {
			const { body } = await probe( CACHE_URL, {
				'x-forwarded-for': '203.0.113.7',
			} );
			// The cache appended the address it saw; PHP's peer is the load balancer.
			expect( body.remoteAddr ).toBe( '127.0.0.1' );
			expect( body.forwardedFor ).toBe( '203.0.113.7, 127.0.0.1' );
			expect( body.trustedProxies ).toBe( '127.0.0.1,::1' );
		} );
	}
);
