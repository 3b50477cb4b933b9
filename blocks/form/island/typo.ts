/**
 * E-mail typo suggestions (like mailcheck): the closest known domain, or the closest known top-level domain.
 */

/**
 * Optimal string alignment distance between two texts.
 *
 * @param a First text.
 * @param b Second text.
 */
export function distance( a: string, b: string ): number {
	const rows: number[][] = [];
	for ( let i = 0; i <= a.length; i++ ) {
		rows.push( [ i ] );
	}
	for ( let j = 1; j <= b.length; j++ ) {
		( rows[ 0 ] as number[] )[ j ] = j;
	}
	for ( let i = 1; i <= a.length; i++ ) {
		const row = rows[ i ] as number[];
		const prev = rows[ i - 1 ] as number[];
		for ( let j = 1; j <= b.length; j++ ) {
			const cost = a[ i - 1 ] === b[ j - 1 ] ? 0 : 1;
			let best = Math.min(
				( prev[ j ] as number ) + 1,
				( row[ j - 1 ] as number ) + 1,
				( prev[ j - 1 ] as number ) + cost
			);
			if (
				i > 1 &&
				j > 1 &&
				a[ i - 1 ] === b[ j - 2 ] &&
				a[ i - 2 ] === b[ j - 1 ]
			) {
				best = Math.min(
					best,
					( ( rows[ i - 2 ] as number[] )[ j - 2 ] as number ) + cost
				);
			}
			row[ j ] = best;
		}
	}
	return ( rows[ a.length ] as number[] )[ b.length ] as number;
}

function closest(
	text: string,
	candidates: string[],
	threshold: number
): string | null {
	let best: string | null = null;
	let bestDistance = Infinity;
	for ( const candidate of candidates ) {
		if ( candidate === text ) {
			return null;
		}
		const d = distance( text, candidate );
		if ( d < bestDistance ) {
			bestDistance = d;
			best = candidate;
		}
	}
	return bestDistance <= threshold ? best : null;
}

/**
 * A suggested address for a probable typo in the domain, or null.
 *
 * @param email   The address as typed.
 * @param domains Known domains (gmail.com, …).
 * @param tlds    Known top-level domains (com, co.uk, …).
 */
export function suggestEmail(
	email: string,
	domains: string[],
	tlds: string[]
): string | null {
	const value = email.trim().toLowerCase();
	const at = value.lastIndexOf( '@' );
	if ( at < 1 || at === value.length - 1 ) {
		return null;
	}
	const domain = value.slice( at + 1 );
	if ( domains.includes( domain ) ) {
		return null;
	}
	const local = email.trim().slice( 0, at );
	const known = closest( domain, domains, 2 );
	if ( known ) {
		return local + '@' + known;
	}
	const dot = domain.indexOf( '.' );
	if ( dot < 1 ) {
		return null;
	}
	const tld = domain.slice( dot + 1 );
	if ( tld === '' || tlds.includes( tld ) ) {
		return null;
	}
	const name = domain.slice( 0, dot );
	const knownTld = closest( tld, tlds, 1 );
	return knownTld ? local + '@' + name + '.' + knownTld : null;
}
